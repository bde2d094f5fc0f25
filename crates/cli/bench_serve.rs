//! `bench serve`: the web interface under load. The real app (`dateline_web::router`, served by
//! `dateline_web::serve` on an ephemeral loopback port inside this process) answers a fixed
//! number of concurrent clients for a bounded time, each client sending its next request as
//! soon as the previous answer is read in full, with the query mix of `bench archive`. Phases:
//! the same mix through `Store::search` directly (no HTTP: the baseline), the HTML search page
//! `/?q=…`, and the JSON API `/api/search?q=…`; all with facets, as the page asks for them.

use crate::Cli;
use crate::bench_archive::{
    archive_file, ensure_corpus, ingest_corpus, percentile, query_mix, rare_words, remove_archive,
    workdir,
};
use anyhow::{Context, Result, bail};
use dateline_archive::{SearchOptions, SqliteStore, Store};
use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct ServeBenchArgs {
    /// Captions in the synthetic corpus (and records in the archive).
    #[arg(long, default_value_t = 1_000_000)]
    n: u64,
    /// Corpus seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Working directory for the corpus and the archive (default: a new one under the system
    /// temporary directory, removed afterwards unless --keep). An archive of this corpus
    /// already there (from an earlier run with --keep) is reused instead of being rebuilt.
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Keep the working directory.
    #[arg(long)]
    keep: bool,
    /// Build the archive again even when the working directory holds one.
    #[arg(long)]
    rebuild: bool,
    /// Concurrent clients (each sends its next request when the previous answer is read).
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// Seconds each phase runs (after a warm-up pass over the mix).
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Server threads (tokio workers); 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    server_threads: usize,
    /// Worker threads for extraction when the archive is built; 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Searches whose facet counts the archive keeps for the current state of its ranked index
    /// (what `dateline serve` does); 0 counts the facets of every request, which measures
    /// the counting itself.
    #[arg(long, default_value_t = dateline_archive::FACET_CACHE_ENTRIES)]
    facet_cache: usize,
    /// Longest a store call may take before the server answers 503 (as `serve --timeout`).
    #[arg(long, default_value_t = 30)]
    timeout: u64,
    #[command(flatten)]
    pub(crate) engine: crate::opts::EngineOpts,
    #[command(flatten)]
    report: crate::bench_report::ReportArgs,
}

/// One answered (or failed) request: the query's index in the mix, its latency, and whether it
/// was a 200 with its body read in full.
#[derive(Clone, Copy)]
struct Sample {
    query: u16,
    micros: u64,
    ok: bool,
}

/// The mix of `bench archive`, plus the empty query: the landing page, which counts the facets
/// of the whole archive.
fn serve_mix(rare: &[String]) -> Vec<(String, &'static str)> {
    let mut mix = query_mix(rare);
    mix.push((String::new(), "empty (landing page)"));
    mix
}

/// Query text as a URL query value (RFC 3986 unreserved characters kept, the rest escaped).
fn url_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Summary of one phase over its samples: throughput, latency percentiles and errors, in all
/// and per query class.
fn summarize(
    phase: &str,
    samples: &[Sample],
    secs: f64,
    mix: &[(String, &'static str)],
    classes: &mut Vec<serde_json::Value>,
) -> serde_json::Value {
    let stats = |s: &mut Vec<f64>, errors: usize| {
        s.sort_by(f64::total_cmp);
        (
            s.len(),
            errors,
            percentile(s, 0.5),
            percentile(s, 0.99),
            s.last().copied().unwrap_or(f64::NAN),
        )
    };
    let mut order: Vec<&'static str> = Vec::new();
    for (_, c) in mix {
        if !order.contains(c) {
            order.push(c);
        }
    }
    for class in order {
        let mut lat: Vec<f64> = Vec::new();
        let mut errors = 0;
        for s in samples.iter().filter(|s| mix[s.query as usize].1 == class) {
            lat.push(s.micros as f64 / 1000.0);
            errors += usize::from(!s.ok);
        }
        let (n, errors, p50, p99, max) = stats(&mut lat, errors);
        classes.push(serde_json::json!({
            "phase": phase, "class": class, "requests": n, "errors": errors,
            "requests_per_sec": n as f64 / secs, "p50_ms": p50, "p99_ms": p99, "max_ms": max,
        }));
    }
    let mut lat: Vec<f64> = samples.iter().map(|s| s.micros as f64 / 1000.0).collect();
    let errors = samples.iter().filter(|s| !s.ok).count();
    let (n, errors, p50, p99, max) = stats(&mut lat, errors);
    // Each phase on standard error as it ends, so a run stopped early still says something.
    eprintln!(
        "dateline: {phase}: {n} requests in {secs:.1} s ({:.1}/s), p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms, {errors} errors",
        n as f64 / secs
    );
    serde_json::json!({
        "requests": n, "errors": errors, "requests_per_sec": n as f64 / secs,
        "p50_ms": p50, "p99_ms": p99, "max_ms": max,
    })
}

/// Runs `clients` closed-loop clients against `url_of(query index)` for `secs`; client `c`
/// starts at query `c` of the mix and goes round it.
async fn http_phase(
    base: &str,
    path: &str,
    mix: &[(String, &'static str)],
    clients: usize,
    secs: f64,
) -> Result<Vec<Sample>> {
    let client: Client<_, Empty<Bytes>> = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(clients)
        .build_http();
    let uris: Arc<Vec<hyper::Uri>> = Arc::new(
        mix.iter()
            .map(|(q, _)| format!("{base}{path}?q={}", url_encode(q)).parse())
            .collect::<Result<_, _>>()
            .context("building the request URLs")?,
    );
    // Warm-up: every query once, one at a time, untimed.
    for uri in uris.iter() {
        let res = client.get(uri.clone()).await?;
        let status = res.status();
        res.into_body().collect().await?;
        if !status.is_success() {
            eprintln!("dateline: warning: warm-up request {uri} answered {status}");
        }
    }
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    let mut tasks = Vec::with_capacity(clients);
    for c in 0..clients {
        let client = client.clone();
        let uris = uris.clone();
        tasks.push(tokio::spawn(async move {
            let mut out = Vec::new();
            let mut i = c % uris.len();
            while Instant::now() < deadline {
                let t = Instant::now();
                let ok = match client.get(uris[i].clone()).await {
                    Ok(res) => {
                        let status = res.status();
                        let body = res.into_body().collect().await;
                        status == hyper::StatusCode::OK && body.is_ok()
                    }
                    Err(_) => false,
                };
                out.push(Sample {
                    query: i as u16,
                    micros: t.elapsed().as_micros() as u64,
                    ok,
                });
                i = (i + 1) % uris.len();
            }
            out
        }));
    }
    let mut samples = Vec::new();
    for t in tasks {
        samples.extend(t.await?);
    }
    Ok(samples)
}

/// The baseline: the same closed loop calling `Store::search` directly, `clients` threads.
fn direct_phase(
    store: &SqliteStore,
    queries: &[dateline_query::Query],
    opts: &SearchOptions,
    clients: usize,
    secs: f64,
) -> Vec<Sample> {
    for q in queries {
        let _ = std::hint::black_box(store.search(q, opts));
    }
    let deadline = Instant::now() + Duration::from_secs_f64(secs);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|c| {
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut i = c % queries.len();
                    while Instant::now() < deadline {
                        let t = Instant::now();
                        let ok = std::hint::black_box(store.search(&queries[i], opts)).is_ok();
                        out.push(Sample {
                            query: i as u16,
                            micros: t.elapsed().as_micros() as u64,
                            ok,
                        });
                        i = (i + 1) % queries.len();
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a client thread panicked"))
            .collect()
    })
}

pub fn run(cli: &Cli, args: &ServeBenchArgs) -> Result<i32> {
    if args.clients == 0 || args.seconds.is_nan() || args.seconds <= 0.0 || args.timeout == 0 {
        bail!("--clients, --seconds and --timeout must be positive");
    }
    let (dir, owned) = workdir(&args.dir, "bench-serve")?;
    let archive_path = archive_file(&dir);
    let mut ingest_secs = None;
    let mut reused = false;
    // The corpus repeats a caption now and then (one record for both), so an archive of it
    // holds slightly fewer records than captions: a marker written after the ingest says which
    // corpus it holds; without one, a count within 1% of the captions will do.
    let marker = PathBuf::from(format!("{}.corpus", archive_path.display()));
    let corpus_name = format!("synthetic seed {} n {}\n", args.seed, args.n);
    if !args.rebuild && archive_path.is_file() {
        let store = SqliteStore::open(&archive_path)?;
        let count = store.count()?;
        reused = match std::fs::read_to_string(&marker) {
            Ok(m) => m == corpus_name,
            Err(_) => count <= args.n && count >= args.n - args.n / 100,
        };
        if !reused {
            eprintln!(
                "dateline: {} holds {count} records, not the {} captions of this corpus; building it again",
                archive_path.display(),
                args.n
            );
        }
    }
    if !reused {
        remove_archive(&archive_path);
        let _ = std::fs::remove_file(&marker);
        let (corpus_path, _) = ensure_corpus(&dir, args.seed, args.n)?;
        let store = SqliteStore::open(&archive_path)?;
        ingest_secs = Some(ingest_corpus(
            cli,
            &store,
            &corpus_path,
            args.n,
            args.threads,
        )?);
        store.checkpoint()?;
        std::fs::write(&marker, &corpus_name)
            .with_context(|| format!("writing {}", marker.display()))?;
    } else {
        eprintln!(
            "dateline: reusing the archive {} ({} records)",
            archive_path.display(),
            args.n
        );
    }
    let store = Arc::new(SqliteStore::open(&archive_path)?);
    store.set_facet_cache(args.facet_cache);
    let records = store.count()?;
    // Bring the ranked index up to date (or rebuild it after a schema change) before timing.
    let t = Instant::now();
    store.sync_ranked()?;
    eprintln!(
        "dateline: ranked index ready in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let rare = rare_words(store.as_ref())?;
    let mix = serve_mix(&rare);
    let queries: Vec<dateline_query::Query> = mix
        .iter()
        .map(|(q, _)| {
            crate::archive_cmd::parse_query_spanned(q).map_err(|e| anyhow::anyhow!(e.render(q)))
        })
        .collect::<Result<_>>()?;
    // What the search page asks for: the first page of 20, by relevance, with facets.
    let opts = SearchOptions {
        limit: 20,
        facets: true,
        ..SearchOptions::default()
    };

    let mut classes = Vec::new();
    eprintln!(
        "dateline: phase 1/3: Store::search directly, {} clients, {} s",
        args.clients, args.seconds
    );
    let t = Instant::now();
    let samples = direct_phase(&store, &queries, &opts, args.clients, args.seconds);
    let direct = summarize(
        "direct",
        &samples,
        t.elapsed().as_secs_f64(),
        &mix,
        &mut classes,
    );

    let label = archive_path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let cfg = crate::serve::config(label, None, false, Duration::from_secs(args.timeout));
    let app = dateline_web::router(store.clone() as Arc<dyn Store>, cfg);
    let mut server_rt = tokio::runtime::Builder::new_multi_thread();
    if args.server_threads > 0 {
        server_rt.worker_threads(args.server_threads);
    }
    let server_rt = server_rt
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    let listener = server_rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
    let addr = listener.local_addr()?;
    server_rt.spawn(async move {
        if let Err(e) = dateline_web::serve(listener, app).await {
            eprintln!("dateline: the server stopped: {e}");
        }
    });
    let client_rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the clients' runtime")?;
    let base = format!("http://{addr}");
    let mut phases = Vec::new();
    for (i, (name, path)) in [("page", "/"), ("api", "/api/search")].iter().enumerate() {
        eprintln!(
            "dateline: phase {}/3: {path}?q=… over HTTP at {base}, {} clients, {} s",
            i + 2,
            args.clients,
            args.seconds
        );
        let t = Instant::now();
        let samples =
            client_rt.block_on(http_phase(&base, path, &mix, args.clients, args.seconds))?;
        phases.push(summarize(
            name,
            &samples,
            t.elapsed().as_secs_f64(),
            &mix,
            &mut classes,
        ));
    }
    drop(client_rt);
    server_rt.shutdown_timeout(Duration::from_secs(1));
    let (page, api) = (phases[0].clone(), phases[1].clone());
    let ratio = |a: &serde_json::Value, b: &serde_json::Value, k: &str| {
        a[k].as_f64().unwrap_or(f64::NAN) / b[k].as_f64().unwrap_or(f64::NAN)
    };
    let result = serde_json::json!({
        "captions": args.n,
        "records": records,
        "synthetic": true,
        "seed": args.seed,
        "archive_reused": reused,
        "ingest_seconds": ingest_secs,
        "clients": args.clients,
        "facet_cache_entries": args.facet_cache,
        "seconds_per_phase": args.seconds,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "direct": direct,
        "page": page,
        "api": api,
        "page_over_direct_p99": ratio(&page, &direct, "p99_ms"),
        "page_over_direct_throughput": ratio(&page, &direct, "requests_per_sec"),
        "api_over_direct_p99": ratio(&api, &direct, "p99_ms"),
        "api_over_direct_throughput": ratio(&api, &direct, "requests_per_sec"),
        "page_p99_target_ms": 100.0,
        "page_p99_target_met": page["p99_ms"].as_f64().is_some_and(|p| p < 100.0)
            && page["errors"].as_u64() == Some(0),
        "classes": classes,
    });
    crate::bench_report::print(&result, args.report)?;
    drop(store);
    if owned && !args.keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(0)
}
