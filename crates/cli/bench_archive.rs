//! `bench corpus` and `bench archive`: the archive's scale benchmark. Ingest rate, size on disk
//! and search latency are measured in one run, with FTS5 bm25 as the baseline the tantivy index
//! is compared against, so the figures are ratios that survive a noisy machine. With
//! `--postgres`, the same corpus and query mix run on a new PostgreSQL database too, in the same
//! run, against SQLite as the baseline.

use crate::archive_cmd::{IngestJob, actor, extractor_stamp};
use crate::input::Format;
use crate::{Cli, load_engine, pool};
use anyhow::{Context, Result, bail};
use dateline_archive::{AnyStore, Ranker, SearchOptions, Sort, SqliteStore, Store};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args)]
pub struct CorpusArgs {
    /// Number of captions.
    #[arg(long, default_value_t = 1_000_000)]
    n: u64,
    /// Seed: the same seed and n give the same bytes on every machine.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
pub struct ArchiveBenchArgs {
    /// Captions in the synthetic corpus.
    #[arg(long, default_value_t = 100_000)]
    n: u64,
    /// Corpus seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Working directory for the corpus and the archive (default: a new one under the system
    /// temporary directory, removed afterwards unless --keep).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Keep the working directory.
    #[arg(long)]
    keep: bool,
    /// Times each query of the mix runs per engine (after one warm-up run).
    #[arg(long, default_value_t = 15)]
    repeat: usize,
    /// Worker threads for extraction; 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Also measure PostgreSQL: a server URL (`postgres://user@host/db`) on which a new
    /// database is made for the run (dropped afterwards unless --keep).
    #[arg(long, value_name = "URL")]
    postgres: Option<String>,
    #[command(flatten)]
    pub(crate) engine: crate::opts::EngineOpts,
    #[command(flatten)]
    report: crate::bench_report::ReportArgs,
}

pub fn corpus(args: &CorpusArgs) -> Result<i32> {
    match &args.out {
        Some(p) => {
            let f =
                std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?;
            let mut w = BufWriter::new(f);
            dateline_synth::write_jsonl(args.seed, args.n, &mut w)?;
            w.flush()?;
        }
        None => {
            let mut w = BufWriter::new(std::io::stdout().lock());
            match dateline_synth::write_jsonl(args.seed, args.n, &mut w).and_then(|_| w.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
    }
    Ok(0)
}

/// The query mix: broad and rare words, with and without filters, ranked and by date.
pub(crate) fn query_mix(rare: &[String]) -> Vec<(String, &'static str)> {
    let mut q: Vec<(String, &'static str)> = vec![
        ("people".into(), "broad"),
        ("killed".into(), "broad"),
        ("rubble".into(), "broad"),
        ("protest police".into(), "broad"),
        ("\"air strike\"".into(), "broad phrase"),
        ("people agency:AFP".into(), "broad + filter"),
        (
            "killed type:air_strike date:2010..2020".into(),
            "broad + filters",
        ),
        ("rescue* country:SY".into(), "prefix + filter"),
        ("flood OR earthquake".into(), "broad OR"),
        ("people -children".into(), "broad NOT"),
    ];
    for (i, w) in rare.iter().enumerate() {
        q.push((w.clone(), "rare"));
        if i % 2 == 0 {
            q.push((format!("{w} reported:false"), "rare + filter"));
        }
    }
    q
}

/// Place names that occur in only a few captions: the corpus's own rare words.
pub(crate) fn rare_words(store: &dyn Store) -> Result<Vec<String>> {
    let counts = store.stats(
        dateline_archive::StatsBy::City,
        &dateline_query::Query::default(),
        false,
    )?;
    let mut rare: Vec<String> = counts
        .iter()
        .rev()
        .filter(|(v, n)| {
            *n >= 2
                && v.chars().all(|c| c.is_alphabetic())
                && v.len() >= 5
                && v != dateline_archive::NONE
        })
        .map(|(v, _)| v.clone())
        .take(6)
        .collect();
    rare.sort();
    Ok(rare)
}

pub(crate) fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn dir_size(path: &Path) -> u64 {
    let Ok(meta) = std::fs::metadata(path) else {
        return 0;
    };
    if meta.is_file() {
        return meta.len();
    }
    std::fs::read_dir(path)
        .map(|it| it.flatten().map(|e| dir_size(&e.path())).sum())
        .unwrap_or(0)
}

/// The working directory of a benchmark: the one given, or a new one under the system's
/// temporary directory (`owned`: removed afterwards unless the user keeps it).
pub(crate) fn workdir(dir: &Option<PathBuf>, what: &str) -> Result<(PathBuf, bool)> {
    let (dir, owned) = match dir {
        Some(d) => (d.clone(), false),
        None => (
            std::env::temp_dir().join(format!("dateline-{what}-{}", std::process::id())),
            true,
        ),
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    Ok((dir, owned))
}

/// The archive file a benchmark keeps in its working directory.
pub(crate) fn archive_file(dir: &Path) -> PathBuf {
    dir.join("bench-archive.sqlite")
}

/// Removes the archive of a working directory (database, log and ranked index).
pub(crate) fn remove_archive(archive_path: &Path) {
    for p in [
        archive_path.to_path_buf(),
        PathBuf::from(format!("{}-wal", archive_path.display())),
        PathBuf::from(format!("{}-shm", archive_path.display())),
        PathBuf::from(format!("{}.anchors", archive_path.display())),
    ] {
        let _ = std::fs::remove_file(p);
    }
    let _ = std::fs::remove_dir_all(format!("{}.ranked", archive_path.display()));
}

/// Writes the synthetic corpus into `dir` unless it is already there; returns its path and
/// the seconds it took.
pub(crate) fn ensure_corpus(dir: &Path, seed: u64, n: u64) -> Result<(PathBuf, f64)> {
    let corpus_path = dir.join(format!("synthetic-{seed}-{n}.jsonl"));
    let t = Instant::now();
    if !corpus_path.is_file() {
        let f = std::fs::File::create(&corpus_path)?;
        let mut w = BufWriter::new(f);
        dateline_synth::write_jsonl(seed, n, &mut w)?;
        w.flush()?;
    }
    let corpus_secs = t.elapsed().as_secs_f64();
    eprintln!("dateline: corpus of {n} synthetic captions ready in {corpus_secs:.1} s");
    Ok((corpus_path, corpus_secs))
}

/// Ingests the corpus of `n` captions into `store` through the real extractor (the code path
/// of `dateline ingest`); returns the seconds it took.
pub(crate) fn ingest_corpus(
    cli: &Cli,
    store: &dyn crate::archive_cmd::IngestStore,
    corpus_path: &Path,
    n: u64,
    threads: usize,
) -> Result<f64> {
    let engine = load_engine(cli)?;
    let job = IngestJob {
        store,
        engine: &engine,
        format: Format::Jsonl,
        column: None,
        threads,
        workers: pool(threads)?,
        actor: actor(None),
        extractor: extractor_stamp(),
    };
    let t = Instant::now();
    let mut problems = 0;
    let summary = job
        .run(&corpus_path.display().to_string(), &mut problems)?
        .context("the corpus could not be read")?
        .1;
    let ingest_secs = t.elapsed().as_secs_f64();
    if problems > 0 || summary.new + summary.unchanged != n {
        bail!("ingest of the corpus reported {problems} problem(s): {summary:?}");
    }
    eprintln!(
        "dateline: ingested and indexed {n} captions in {ingest_secs:.1} s ({:.0}/s)",
        n as f64 / ingest_secs
    );
    Ok(ingest_secs)
}

/// Latencies of the query mix on one archive: per query, and all together per engine and
/// order (`[ranked by score, full text by score, ranked by date, full text by date]`).
struct MixTimes {
    rows: Vec<serde_json::Value>,
    all: [Vec<f64>; 4],
}

fn run_mix(store: &dyn Store, mix: &[(String, &'static str)], repeat: usize) -> Result<MixTimes> {
    let mut rows = Vec::new();
    let mut all: [Vec<f64>; 4] = Default::default();
    let time = |query: &dateline_query::Query, opts: &SearchOptions| -> Result<Vec<f64>> {
        let mut times = Vec::with_capacity(repeat);
        for _ in 0..repeat {
            let t = Instant::now();
            std::hint::black_box(store.search(query, opts)?);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        Ok(times)
    };
    for (text, class) in mix {
        let query = dateline_query::parse(text).map_err(|e| anyhow::anyhow!(e.render(text)))?;
        let mut per_engine = Vec::new();
        for (ei, ranker) in [Ranker::Tantivy, Ranker::Fts5].into_iter().enumerate() {
            let opts = SearchOptions {
                sort: Sort::Relevance,
                ranker,
                limit: 20,
                ..SearchOptions::default()
            };
            let first = store.search(&query, &opts)?;
            let mut times = time(&query, &opts)?;
            all[ei].extend(&times);
            times.sort_by(f64::total_cmp);
            per_engine.push((
                first.total,
                percentile(&times, 0.5),
                percentile(&times, 0.99),
            ));
        }
        // Newest first, from each engine (the pages are identical; the full-text engine has to
        // sort every match).
        let mut by_date = Vec::new();
        for (ei, ranker) in [Ranker::Tantivy, Ranker::Fts5].into_iter().enumerate() {
            let opts = SearchOptions {
                sort: Sort::DateDesc,
                ranker,
                limit: 20,
                ..SearchOptions::default()
            };
            let mut times = time(&query, &opts)?;
            all[2 + ei].extend(&times);
            times.sort_by(f64::total_cmp);
            by_date.push((percentile(&times, 0.5), percentile(&times, 0.99)));
        }
        if per_engine[0].0 != per_engine[1].0 {
            eprintln!(
                "dateline: warning: engines disagree on {text:?}: ranked {} vs full text {} matches",
                per_engine[0].0, per_engine[1].0
            );
        }
        rows.push(serde_json::json!({
            "query": text, "class": class, "matches": per_engine[1].0,
            "tantivy_p50_ms": per_engine[0].1, "tantivy_p99_ms": per_engine[0].2,
            "fts5_p50_ms": per_engine[1].1, "fts5_p99_ms": per_engine[1].2,
            "date_tantivy_p50_ms": by_date[0].0, "date_tantivy_p99_ms": by_date[0].1,
            "date_fts5_p50_ms": by_date[1].0, "date_fts5_p99_ms": by_date[1].1,
        }));
    }
    for a in &mut all {
        a.sort_by(f64::total_cmp);
    }
    Ok(MixTimes { rows, all })
}

/// A new database on the server of `url`, named for this run; its URL.
fn new_pg_database(url: &str) -> Result<(String, String)> {
    let name = format!("dateline_bench_{}", std::process::id());
    let mut c = postgres::Client::connect(url, postgres::NoTls)
        .with_context(|| format!("connecting to {}", dateline_archive::redact_url(url)))?;
    // One statement per call: DROP and CREATE DATABASE refuse to run inside a transaction.
    c.batch_execute(&format!("DROP DATABASE IF EXISTS {name}"))?;
    c.batch_execute(&format!("CREATE DATABASE {name}"))?;
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let host_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[host_end..].find('/') {
        Some(slash) => &base[..host_end + slash],
        None => base,
    };
    let db = match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    };
    Ok((db, name))
}

pub fn archive(cli: &Cli, args: &ArchiveBenchArgs) -> Result<i32> {
    let (dir, owned) = workdir(&args.dir, "bench")?;
    let archive_path = archive_file(&dir);
    remove_archive(&archive_path);
    let (corpus_path, _) = ensure_corpus(&dir, args.seed, args.n)?;
    let store = SqliteStore::open(&archive_path)?;
    let ingest_secs = ingest_corpus(cli, &store, &corpus_path, args.n, args.threads)?;
    // Fold the WAL into the main file so the size is the archive's, not the log's.
    store.checkpoint()?;
    let sqlite_bytes = dir_size(&archive_path);
    let ranked_bytes = dir_size(&store.ranked_dir());

    let rare = rare_words(&store)?;
    let mix = query_mix(&rare);
    let MixTimes { rows, all } = run_mix(&store, &mix, args.repeat)?;
    let mut result = serde_json::json!({
        "captions": args.n,
        "synthetic": true,
        "seed": args.seed,
        "threads": if args.threads == 0 { std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) } else { args.threads },
        "ingest_seconds": ingest_secs,
        "ingest_captions_per_sec": args.n as f64 / ingest_secs,
        "sqlite_bytes": sqlite_bytes,
        "ranked_index_bytes": ranked_bytes,
        "bytes_per_record": (sqlite_bytes + ranked_bytes) as f64 / args.n as f64,
        "ranked_tantivy_p50_ms": percentile(&all[0], 0.5),
        "ranked_tantivy_p99_ms": percentile(&all[0], 0.99),
        "ranked_fts5_p50_ms": percentile(&all[1], 0.5),
        "ranked_fts5_p99_ms": percentile(&all[1], 0.99),
        "p99_ratio_fts5_over_tantivy": percentile(&all[1], 0.99) / percentile(&all[0], 0.99),
        "date_tantivy_p50_ms": percentile(&all[2], 0.5),
        "date_tantivy_p99_ms": percentile(&all[2], 0.99),
        "date_fts5_p50_ms": percentile(&all[3], 0.5),
        "date_fts5_p99_ms": percentile(&all[3], 0.99),
        "queries": rows,
    });
    drop(store);
    if let Some(server) = &args.postgres {
        let (url, name) = new_pg_database(server)?;
        eprintln!("dateline: the same corpus into PostgreSQL ({name})");
        let pg = AnyStore::Postgres(dateline_archive::PgStore::open_with(
            &url,
            dateline_archive::PgOptions {
                ranked_dir: Some(dir.join("pg-ranked")),
                ..Default::default()
            },
        )?);
        let pg_secs = ingest_corpus(cli, &pg, &corpus_path, args.n, args.threads)?;
        let pg_store = pg.postgres().expect("opened on PostgreSQL");
        let db_bytes = pg_store.size_on_disk()?;
        let pg_ranked = dir_size(&pg_store.ranked_dir());
        let t = run_mix(&pg, &mix, args.repeat)?;
        result["postgres"] = serde_json::json!({
            "ingest_seconds": pg_secs,
            "ingest_captions_per_sec": args.n as f64 / pg_secs,
            "ingest_time_ratio_over_sqlite": pg_secs / ingest_secs,
            "database_bytes": db_bytes,
            "ranked_index_bytes": pg_ranked,
            "bytes_per_record": (db_bytes + pg_ranked) as f64 / args.n as f64,
            "ranked_tantivy_p50_ms": percentile(&t.all[0], 0.5),
            "ranked_tantivy_p99_ms": percentile(&t.all[0], 0.99),
            "ranked_tsvector_p50_ms": percentile(&t.all[1], 0.5),
            "ranked_tsvector_p99_ms": percentile(&t.all[1], 0.99),
            "date_tantivy_p50_ms": percentile(&t.all[2], 0.5),
            "date_tantivy_p99_ms": percentile(&t.all[2], 0.99),
            "date_tsvector_p50_ms": percentile(&t.all[3], 0.5),
            "date_tsvector_p99_ms": percentile(&t.all[3], 0.99),
            "p99_ratio_tantivy_over_sqlite": percentile(&t.all[0], 0.99) / percentile(&all[0], 0.99),
        });
        result["postgres_queries"] = serde_json::Value::Array(t.rows);
        drop(pg);
        if !args.keep {
            let mut c = postgres::Client::connect(server, postgres::NoTls)?;
            c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))?;
        }
    }
    crate::bench_report::print(&result, args.report)?;
    if owned && !args.keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(0)
}
