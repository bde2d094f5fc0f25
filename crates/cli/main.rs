//! The `dateline` command line: argument parsing, I/O and output formatting only.
//!
//! Exit codes: 0 success; 1 some input could not be read or processed (each problem was
//! reported on stderr with file and line, the rest was processed); 2 usage error.

mod archive_cmd;
mod bench_archive;
mod bench_incidents;
mod bench_media;
mod bench_report;
mod bench_serve;
mod color;
mod events;
mod export;
mod export_acled;
mod export_archive;
mod export_gpkg;
mod export_out;
mod images;
mod input;
mod migrate;
mod opts;
mod pretty;
mod serve;
mod walk;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use dateline_engine::{CaptionInput, Engine, LexiconKind};
use dateline_model::Record;
use input::{Format, InputError, ReadOptions};
use rayon::prelude::*;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "dateline",
    version,
    about = "Structured, geocoded, dated records from news-photo captions"
)]
struct Cli {
    /// Colour: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = color::ColorChoice::Auto)]
    color: color::ColorChoice,
    #[command(flatten)]
    top: opts::TopOpts,
    #[command(subcommand)]
    command: Command,
    /// The options in effect, from the command's own flags and the environment (see `opts`).
    #[arg(skip)]
    data_dir: Option<PathBuf>,
    #[arg(skip)]
    lexicon_dir: Option<PathBuf>,
    #[arg(skip)]
    archive: Option<PathBuf>,
    #[arg(skip)]
    learned: bool,
}

impl Cli {
    /// Fills the shared options from the subcommand that has them.
    fn resolve(&mut self) {
        use opts::Resolved;
        let r = match &self.command {
            Command::Extract(a) => Resolved::new(&self.top, None, Some(&a.engine), None),
            Command::Eval(a) => Resolved::new(&self.top, None, Some(&a.engine), None),
            Command::Gazetteer(GazetteerCommand::Import { data, .. })
            | Command::Gazetteer(GazetteerCommand::List { data }) => {
                Resolved::new(&self.top, Some(data), None, None)
            }
            Command::Gazetteer(GazetteerCommand::Lookup { engine, .. }) => {
                Resolved::new(&self.top, None, Some(engine), None)
            }
            Command::Ingest(a) => Resolved::new(&self.top, None, Some(&a.engine), Some(&a.archive)),
            Command::Reextract(a) => {
                Resolved::new(&self.top, None, Some(&a.engine), Some(&a.archive))
            }
            Command::Search(archive_cmd::SearchArgs { store, .. })
            | Command::Show(archive_cmd::ShowArgs { store, .. })
            | Command::Correct(archive_cmd::CorrectArgs { store, .. })
            | Command::Stats(archive_cmd::StatsArgs { store, .. })
            | Command::Reindex(store)
            | Command::Log(archive_cmd::LogArgs { store, .. })
            | Command::Verify(archive_cmd::VerifyArgs { store, .. })
            | Command::Events(events::EventsArgs { store, .. })
            | Command::ShowEvent(events::ShowEventArgs { store, .. })
            | Command::Serve(serve::ServeArgs { store, .. })
            | Command::Export(export::ExportCommand::Csv(export_archive::CsvArgs {
                common: export_out::QueryExportArgs { store, .. },
                ..
            }))
            | Command::Export(
                export::ExportCommand::Geojson(export_out::QueryExportArgs { store, .. })
                | export::ExportCommand::Gpkg(export_out::QueryExportArgs { store, .. })
                | export::ExportCommand::Kml(export_out::QueryExportArgs { store, .. })
                | export::ExportCommand::Jsonl(export_out::QueryExportArgs { store, .. })
                | export::ExportCommand::Acled(export_out::QueryExportArgs { store, .. }),
            ) => Resolved::new(&self.top, Some(&store.data), None, Some(&store.archive)),
            Command::Bench(BenchCommand::Extract(a)) => {
                Resolved::new(&self.top, None, Some(&a.engine), None)
            }
            Command::Bench(BenchCommand::Archive(a)) => {
                Resolved::new(&self.top, None, Some(&a.engine), None)
            }
            Command::Bench(BenchCommand::Serve(a)) => {
                Resolved::new(&self.top, None, Some(&a.engine), None)
            }
            Command::Migrate(_)
            | Command::Bench(BenchCommand::Corpus(_))
            | Command::Bench(BenchCommand::Media(_))
            | Command::Bench(BenchCommand::Incidents(_)) => {
                Resolved::new(&self.top, None, None, None)
            }
            Command::Export(export::ExportCommand::Xmp(a)) => {
                Resolved::new(&self.top, None, Some(&a.engine), Some(&a.archive))
            }
        };
        self.data_dir = r.data_dir;
        self.lexicon_dir = r.lexicon_dir;
        self.archive = r.archive;
        self.learned = r.learned;
    }
}

#[derive(Subcommand)]
enum Command {
    /// Extract one record per caption (JSON Lines on stdout, or a readable view).
    Extract(ExtractArgs),
    /// Score extraction against gold JSONL files (per-field precision / recall / F1).
    Eval(EvalArgs),
    /// Manage the gazetteer.
    #[command(subcommand)]
    Gazetteer(GazetteerCommand),
    /// Extract captions and keep the records in the archive (idempotent; keeps provenance).
    Ingest(archive_cmd::IngestArgs),
    /// Search the archive: words, "phrases", and filters such as agency:AFP date:2016-04..2016-12.
    Search(archive_cmd::SearchArgs),
    /// Show one archived record: fields, evidence, provenance, corrections.
    Show(archive_cmd::ShowArgs),
    /// Correct fields of an archived record (kept apart from the extraction, with author and note).
    Correct(archive_cmd::CorrectArgs),
    /// Count archived records by agency, country, city, type, month, ...
    Stats(archive_cmd::StatsArgs),
    /// Extract every archived caption again (after a better extractor or gazetteer), keeping corrections.
    Reextract(archive_cmd::ReextractArgs),
    /// Rebuild the ranked search index from the archive.
    Reindex(opts::StoreOpts),
    /// The archive's audit log: every ingest, correction, re-extraction and verification.
    Log(archive_cmd::LogArgs),
    /// Check the archive: source files re-hashed, every record against its sealed digest, the
    /// audit log's chain and anchors, and both search engines' counts.
    Verify(archive_cmd::VerifyArgs),
    /// Copy a whole archive into a new one on another backend (SQLite file to PostgreSQL, or
    /// back), losslessly, continuing its audit log.
    Migrate(migrate::MigrateArgs),
    /// Incidents: the archive's photos grouped by event (place, date, type), most photographed first.
    Events(events::EventsArgs),
    /// Show one incident: its photos, casualty figures per source, and why they were grouped.
    ShowEvent(events::ShowEventArgs),
    /// The archive in a browser: search with facets, map, timeline, record pages, corrections
    /// with a token, and a JSON API (http://127.0.0.1:8080 by default).
    Serve(serve::ServeArgs),
    /// Benchmarks: extraction throughput, a synthetic corpus, the archive.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Write records for other software: XMP sidecars, or any search of the archive as CSV,
    /// GeoJSON, GeoPackage, KML, JSON Lines or ACLED-style incident rows.
    #[command(subcommand)]
    Export(export::ExportCommand),
}

#[derive(Subcommand)]
enum BenchCommand {
    /// Measure extraction throughput and gazetteer load time.
    Extract(BenchArgs),
    /// Write a reproducible SYNTHETIC caption corpus (JSON Lines) for benchmarks.
    Corpus(bench_archive::CorpusArgs),
    /// Measure archive ingest rate, size and search latency (tantivy vs FTS5) on a synthetic corpus.
    Archive(bench_archive::ArchiveBenchArgs),
    /// The web interface under load: search page and JSON API with concurrent clients on
    /// loopback, against `Store::search` directly in the same run.
    Serve(bench_serve::ServeBenchArgs),
    /// Files per second reading image metadata, against ExifTool in the same run.
    Media(bench_media::MediaBenchArgs),
    /// Incident grouping at scale (synthetic records), against a linear scan in the same run.
    Incidents(bench_incidents::IncidentBenchArgs),
}

#[derive(clap::Args)]
struct InputArgs {
    /// Input files; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<String>,
    /// Input format.
    #[arg(long = "input", id = "input", value_enum, default_value_t = Format::Auto)]
    input_format: Format,
    /// CSV column holding the caption (default: caption, description, text, ...).
    #[arg(long)]
    column: Option<String>,
    /// Worker threads; 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// One JSON record per line.
    Json,
    /// Fields and the words they came from, for people.
    Pretty,
}

#[derive(clap::Args)]
struct ExtractArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Json)]
    format: OutputFormat,
    #[command(flatten)]
    engine: opts::EngineOpts,
}

#[derive(clap::Args)]
struct EvalArgs {
    /// Gold JSONL files (`{"id", "caption", "gold"}` per line).
    #[arg(required = true)]
    gold: Vec<PathBuf>,
    /// Score these records (JSONL) instead of extracting the gold captions.
    #[arg(long)]
    predictions: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// List every disagreement.
    #[arg(long)]
    show_errors: bool,
    /// Exit with status 1 when macro-F1 is below this.
    #[arg(long)]
    min_macro_f1: Option<f64>,
    #[command(flatten)]
    engine: opts::EngineOpts,
}

#[derive(Subcommand)]
enum GazetteerCommand {
    /// Add a GeoNames dump (a country file such as SY.zip or SY.txt, or allCountries.zip) from
    /// https://download.geonames.org/export/dump/ to the user data dir.
    Import {
        /// The .zip as downloaded, or the 19-column TSV inside it.
        file: PathBuf,
        /// Name of the imported set (default: the file stem).
        #[arg(long)]
        name: Option<String>,
        #[command(flatten)]
        data: opts::DataDirOpt,
    },
    /// List imported gazetteers.
    List {
        #[command(flatten)]
        data: opts::DataDirOpt,
    },
    /// Look a name up, as the extractor would.
    Lookup {
        /// Place name.
        name: String,
        #[command(flatten)]
        engine: opts::EngineOpts,
    },
}

#[derive(clap::Args)]
struct BenchArgs {
    /// Captions to extract (default: the built-in dev captions repeated to --n).
    path: Option<String>,
    /// Input format.
    #[arg(long = "input", id = "input", value_enum, default_value_t = Format::Auto)]
    format: Format,
    /// Worker threads; 0 uses all cores.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Number of captions when no path is given.
    #[arg(long, default_value_t = 100_000)]
    n: usize,
    #[command(flatten)]
    engine: opts::EngineOpts,
    #[command(flatten)]
    report: bench_report::ReportArgs,
}

fn main() {
    let mut cli = Cli::parse();
    cli.resolve();
    color::set(cli.color);
    // Warnings from the libraries (a ranked index that will catch up later, a source file that
    // cannot be read) go to standard error, coloured only where the rest of the output is;
    // RUST_LOG=debug shows more.
    tracing_subscriber::fmt()
        .with_writer(io::stderr)
        .with_ansi(color::stderr())
        .with_target(false)
        .without_time()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                // tantivy reports its own benign races as warnings (a background merge that
                // finds its segments already dropped because every document in them was
                // replaced: "couldn't find segment in SegmentManager"); only its errors reach
                // a user's terminal unless RUST_LOG asks for more.
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,tantivy=error")),
        )
        .init();
    match run(cli) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            // A closed pipe (`| head`) ends the command quietly, however the error was wrapped.
            let broken_pipe = e.chain().any(|c| {
                c.downcast_ref::<io::Error>()
                    .map(io::Error::kind)
                    .or_else(|| {
                        c.downcast_ref::<serde_json::Error>()
                            .and_then(serde_json::Error::io_error_kind)
                    })
                    == Some(io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                std::process::exit(0);
            }
            eprintln!("dateline: error: {e:#}");
            std::process::exit(1);
        }
    }
}

fn data_dir(cli_dir: &Option<PathBuf>) -> Option<PathBuf> {
    cli_dir.clone().or_else(|| {
        directories::ProjectDirs::from("", "", "dateline").map(|d| d.data_dir().to_path_buf())
    })
}

fn gazetteer_dir(cli_dir: &Option<PathBuf>) -> Option<PathBuf> {
    data_dir(cli_dir).map(|d| d.join("gazetteer"))
}

/// The engine with user lexicon additions and imported gazetteers.
fn load_engine(cli: &Cli) -> Result<Engine> {
    let mut blobs = Vec::new();
    if let Some(dir) = gazetteer_dir(&cli.data_dir)
        && dir.is_dir()
    {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)?
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "idx"))
            .collect();
        entries.sort();
        for p in entries {
            blobs.push(
                std::fs::read(&p)
                    .with_context(|| format!("reading imported gazetteer {}", p.display()))?,
            );
        }
    }
    let gazetteer = if blobs.is_empty() {
        dateline_geo::Gazetteer::embedded()
    } else {
        dateline_geo::Gazetteer::with_overlays(blobs).context("loading imported gazetteers")?
    };
    let mut engine = Engine::new(gazetteer);
    if !cli.learned {
        engine.set_learned(None, dateline_engine::learned::Policy::default());
    }
    let lexicon_dir = cli
        .lexicon_dir
        .clone()
        .or_else(|| data_dir(&cli.data_dir).map(|d| d.join("lexicons")));
    if let Some(dir) = lexicon_dir {
        if cli.lexicon_dir.is_some() && !dir.is_dir() {
            bail!("lexicon directory {} does not exist", dir.display());
        }
        for kind in LexiconKind::ALL {
            let path = dir.join(kind.file_name());
            if path.is_file() {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {}", path.display()))?;
                engine.extend_lexicon(kind, &path.display().to_string(), &text)?;
            }
        }
    }
    Ok(engine)
}

fn run(cli: Cli) -> Result<i32> {
    match &cli.command {
        Command::Extract(args) => extract(&cli, args),
        Command::Eval(args) => eval(&cli, args),
        Command::Gazetteer(cmd) => gazetteer(&cli, cmd),
        Command::Bench(BenchCommand::Extract(args)) => bench(&cli, args),
        Command::Bench(BenchCommand::Corpus(args)) => bench_archive::corpus(args),
        Command::Bench(BenchCommand::Archive(args)) => bench_archive::archive(&cli, args),
        Command::Bench(BenchCommand::Serve(args)) => bench_serve::run(&cli, args),
        Command::Bench(BenchCommand::Media(args)) => bench_media::media(args),
        Command::Bench(BenchCommand::Incidents(args)) => bench_incidents::run(args),
        Command::Ingest(args) => archive_cmd::ingest(&cli, args),
        Command::Search(args) => archive_cmd::search(&cli, args),
        Command::Show(args) => archive_cmd::show(&cli, args),
        Command::Correct(args) => archive_cmd::correct(&cli, args),
        Command::Stats(args) => archive_cmd::stats(&cli, args),
        Command::Reextract(args) => archive_cmd::reextract(&cli, args),
        Command::Reindex(_) => archive_cmd::reindex(&cli),
        Command::Log(args) => archive_cmd::log(&cli, args),
        Command::Verify(args) => archive_cmd::verify(&cli, args),
        Command::Migrate(args) => migrate::migrate(args),
        Command::Export(cmd) => export::run(&cli, cmd),
        Command::Events(args) => events::events(&cli, args),
        Command::ShowEvent(args) => events::show_event(&cli, args),
        Command::Serve(args) => serve::serve(&cli, args),
    }
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Reads every input; problems are printed to stderr and counted.
/// Captions read from the inputs, and for those that came from image files, what the file
/// itself says (same index).
struct Inputs {
    captions: Vec<CaptionInput>,
    embedded: Vec<Option<images::Embedded>>,
    errors: usize,
}

fn read_inputs(args: &InputArgs) -> Result<Inputs> {
    let mut all = Inputs {
        captions: Vec::new(),
        embedded: Vec::new(),
        errors: 0,
    };
    let expanded = walk::expand(&args.paths, args.input_format);
    all.errors += expanded.problems;
    for walk::InputPath { path, .. } in &expanded.files {
        let bytes = if path == "-" {
            let mut buf = Vec::new();
            io::stdin()
                .read_to_end(&mut buf)
                .context("reading standard input")?;
            buf
        } else {
            match std::fs::read(path) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("dateline: {path}: cannot read: {e}");
                    all.errors += 1;
                    continue;
                }
            }
        };
        let sha256 = (path != "-").then(|| sha256_hex(&bytes));
        let shown = if path == "-" {
            "<stdin>"
        } else {
            path.as_str()
        };
        if args.input_format == Format::Auto {
            match images::sniff(path, &bytes) {
                Err(why) => {
                    eprintln!("dateline: {shown}: {why}");
                    all.errors += 1;
                    continue;
                }
                Ok(images::Kind::Image) => {
                    match images::read(shown, &bytes, sha256) {
                        Ok((caption, embedded)) => {
                            all.captions.push(caption);
                            all.embedded.push(Some(embedded));
                        }
                        // A photo without a caption is common in a folder; it is said, not failed.
                        Err(why) => eprintln!("dateline: {shown}: {why}"),
                    }
                    continue;
                }
                Ok(images::Kind::Captions) => {}
            }
        }
        let opts = ReadOptions {
            format: args.input_format,
            column: args.column.as_deref(),
            sha256,
        };
        match input::read(shown, &bytes, &opts) {
            Ok((caps, errors)) => {
                if caps.is_empty() && errors.is_empty() {
                    eprintln!("dateline: {shown}: no captions found (empty input)");
                    all.errors += 1;
                }
                report(&errors);
                all.errors += errors.len();
                all.embedded.extend(caps.iter().map(|_| None));
                all.captions.extend(caps);
            }
            Err(e) => {
                report(std::slice::from_ref(&e));
                all.errors += 1;
            }
        }
    }
    Ok(all)
}

fn report(errors: &[InputError]) {
    for e in errors {
        eprintln!("dateline: {e}");
    }
}

/// Most worker threads `--threads` may ask for.
const MAX_THREADS: usize = 512;

fn pool(threads: usize) -> Result<rayon::ThreadPool> {
    if threads > MAX_THREADS {
        bail!("--threads {threads}: at most {MAX_THREADS} (0 uses every core)");
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("starting worker threads")
}

/// Extracts in parallel on `workers`, keeping input order; few captions or one thread stay on
/// the calling thread.
fn extract_with(
    engine: &Engine,
    captions: &[CaptionInput],
    threads: usize,
    workers: &rayon::ThreadPool,
) -> Vec<Record> {
    if threads == 1 || captions.len() < 64 {
        captions.iter().map(|c| engine.extract(c)).collect()
    } else {
        workers.install(|| captions.par_iter().map(|c| engine.extract(c)).collect())
    }
}

/// [`extract_with`] on a pool of its own, for a single batch.
fn extract_all(engine: &Engine, captions: &[CaptionInput], threads: usize) -> Result<Vec<Record>> {
    Ok(extract_with(engine, captions, threads, &pool(threads)?))
}

fn extract(cli: &Cli, args: &ExtractArgs) -> Result<i32> {
    let engine = load_engine(cli)?;
    let Inputs {
        captions,
        embedded,
        errors: n_errors,
    } = read_inputs(&args.input)?;
    let color = color::stdout();
    let mut out = BufWriter::new(io::stdout().lock());
    // Work in slices so output starts early and memory stays bounded by the slice size.
    const SLICE: usize = 16_384;
    let workers = pool(args.input.threads)?;
    for (n, chunk) in captions.chunks(SLICE).enumerate() {
        let mut records = extract_with(&engine, chunk, args.input.threads, &workers);
        for (rec, extra) in records.iter_mut().zip(&embedded[n * SLICE..]) {
            if let Some(e) = extra {
                e.apply(rec, &engine);
            }
        }
        for rec in &records {
            match args.format {
                OutputFormat::Json => {
                    serde_json::to_writer(&mut out, rec)?;
                    out.write_all(b"\n")?;
                }
                OutputFormat::Pretty => pretty::write(&mut out, rec, color)?,
            }
        }
    }
    out.flush()?;
    if n_errors > 0 {
        eprintln!(
            "dateline: {n_errors} input problem(s); {} caption(s) extracted",
            captions.len()
        );
        return Ok(1);
    }
    if captions.is_empty() {
        // Photos without a caption are not errors one by one, but a run that read nothing
        // must not look like success.
        eprintln!("dateline: nothing to extract: no captions in the input");
        return Ok(1);
    }
    Ok(0)
}

fn eval(cli: &Cli, args: &EvalArgs) -> Result<i32> {
    let mut gold = Vec::new();
    for path in &args.gold {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let rows = dateline_engine::eval::parse_gold(&text)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        gold.extend(rows);
    }
    let report = match &args.predictions {
        Some(p) => {
            let text =
                std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
            let mut values = Vec::new();
            for (i, line) in text.lines().enumerate() {
                if !line.trim().is_empty() {
                    values.push(serde_json::from_str(line).with_context(|| {
                        format!("{}:{}: not a JSON record", p.display(), i + 1)
                    })?);
                }
            }
            dateline_engine::eval::score_values(&gold, &values)
        }
        None => {
            let engine = load_engine(cli)?;
            let inputs: Vec<CaptionInput> = gold
                .iter()
                .map(dateline_engine::eval::GoldRow::input)
                .collect();
            let records = extract_all(&engine, &inputs, 0)?;
            dateline_engine::eval::score(&gold, &records)
        }
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{:16} {:>6} {:>6} {:>6}   tp/fp/fn",
            "field", "P", "R", "F1"
        )?;
        for field in dateline_engine::eval::FIELDS {
            let s = &report.fields[field];
            writeln!(
                out,
                "{field:16} {:6.3} {:6.3} {:6.3}   {:?}",
                s.p, s.r, s.f1, s.tp_fp_fn
            )?;
        }
        if args.show_errors {
            for m in &report.misses {
                writeln!(
                    out,
                    "ERR {} {} gold={} predicted={}",
                    m.id, m.field, m.gold, m.predicted
                )?;
            }
        }
        writeln!(out, "records missing: {}/{}", report.missing, report.n)?;
        writeln!(
            out,
            "macro-F1 {:.3} over {} captions",
            report.macro_f1, report.n
        )?;
    }
    if args.min_macro_f1.is_some_and(|m| report.macro_f1 < m) {
        eprintln!(
            "dateline: macro-F1 {:.3} is below the required {:.3}",
            report.macro_f1,
            args.min_macro_f1.unwrap()
        );
        return Ok(1);
    }
    Ok(0)
}

fn gazetteer(cli: &Cli, cmd: &GazetteerCommand) -> Result<i32> {
    match cmd {
        GazetteerCommand::Import { file, name, .. } => {
            let dir =
                gazetteer_dir(&cli.data_dir).context("no user data directory; pass --data-dir")?;
            std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
            let name = name.clone().unwrap_or_else(|| {
                file.file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "import".into())
            });
            if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
                bail!("invalid gazetteer name {name:?}");
            }
            let started = Instant::now();
            let (blob, read) =
                dateline_geo::build_overlay_from_file(file).map_err(|e| match e {
                    dateline_geo::GeoError::Zip(m) => anyhow::anyhow!("{m}"),
                    e => anyhow::anyhow!("{}: {e}", file.display()),
                })?;
            // Write beside, then rename: a crash never leaves a half-written index that would load.
            let target = dir.join(format!("{name}.idx"));
            let tmp = dir.join(format!(".{name}.idx.tmp"));
            std::fs::write(&tmp, &blob).with_context(|| format!("writing {}", tmp.display()))?;
            std::fs::rename(&tmp, &target)
                .with_context(|| format!("renaming to {}", target.display()))?;
            // Check that it loads together with the embedded data before saying it worked.
            dateline_geo::Gazetteer::with_overlays(vec![blob])
                .map_err(|e| anyhow::anyhow!("the imported index does not load: {e}"))?;
            let chosen = if cli.data_dir.is_some() {
                ""
            } else {
                " (the user data directory; --data-dir or DATELINE_DATA_DIR chooses another)"
            };
            eprintln!(
                "dateline: imported {read} into {}{chosen} in {:.1?}",
                target.display(),
                started.elapsed()
            );
            Ok(0)
        }
        GazetteerCommand::List { .. } => {
            let Some(dir) = gazetteer_dir(&cli.data_dir) else {
                return Ok(0);
            };
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "embedded: GeoNames cities500 extract (see data/gazetteer/ATTRIBUTION)"
            )?;
            if dir.is_dir() {
                for e in std::fs::read_dir(&dir)?.flatten() {
                    let p = e.path();
                    if p.extension().is_some_and(|x| x == "idx") {
                        writeln!(
                            out,
                            "imported: {} ({} bytes)",
                            p.display(),
                            e.metadata().map(|m| m.len()).unwrap_or(0)
                        )?;
                    }
                }
            }
            Ok(0)
        }
        GazetteerCommand::Lookup { name, .. } => {
            let engine = load_engine(cli)?;
            let g = engine.gazetteer();
            // Written with `?` so that a closed pipe ends the command quietly.
            let mut out = io::stdout().lock();
            if let Some(c) = g.country_by_name(name) {
                writeln!(out, "country\t{}\t{}\t{}\t{}", c.code, c.name, c.lat, c.lon)?;
            }
            for a in g.admin1_by_name(name, None) {
                writeln!(out, "admin1\t{}.{}\t{}", a.country, a.code, a.name)?;
            }
            for p in g.lookup(name) {
                writeln!(
                    out,
                    "place\t{}\t{}\t{}.{}\t{}{}\tpop {}\t{} {}",
                    p.geonames_id,
                    p.name,
                    p.country,
                    p.admin1,
                    p.feature_class,
                    if p.feature_code.is_empty() {
                        String::new()
                    } else {
                        format!(".{}", p.feature_code)
                    },
                    p.population,
                    p.lat,
                    p.lon
                )?;
            }
            Ok(0)
        }
    }
}

fn max_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn bench(cli: &Cli, args: &BenchArgs) -> Result<i32> {
    let started = Instant::now();
    let gazetteer = dateline_geo::Gazetteer::embedded();
    let load_ms = started.elapsed().as_secs_f64() * 1000.0;
    drop(gazetteer);
    let started = Instant::now();
    let engine = load_engine(cli)?;
    let engine_ms = started.elapsed().as_secs_f64() * 1000.0;
    let captions: Vec<CaptionInput> = match &args.path {
        Some(p) => {
            let inputs = read_inputs(&InputArgs {
                paths: vec![p.clone()],
                input_format: args.format,
                column: None,
                threads: args.threads,
            })?;
            if inputs.errors > 0 {
                bail!("{} input problem(s) in {p}", inputs.errors);
            }
            inputs.captions
        }
        None => {
            let dev: Vec<String> = include_str!("../../tests/fixtures/corpus/captions.jsonl")
                .lines()
                .chain(include_str!("../../tests/fixtures/corpus/seed_gold.jsonl").lines())
                .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
                .filter_map(|v| v["caption"].as_str().map(str::to_string))
                .collect();
            (0..args.n)
                .map(|i| CaptionInput::new(dev[i % dev.len()].clone()))
                .collect()
        }
    };
    if captions.is_empty() {
        bail!("no captions to measure");
    }
    let threads = if args.threads == 0 {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    } else {
        args.threads
    };
    // Warm up caches and lazily compiled patterns before timing.
    for c in captions.iter().take(200) {
        std::hint::black_box(engine.extract(c));
    }
    let t = Instant::now();
    // Sum something of every record so the work cannot be optimized away, and check it.
    let n_places: usize = if threads == 1 {
        captions
            .iter()
            .map(|c| engine.extract(c).places.len())
            .sum()
    } else {
        pool(threads)?.install(|| {
            captions
                .par_iter()
                .map(|c| engine.extract(c).places.len())
                .sum()
        })
    };
    let secs = t.elapsed().as_secs_f64();
    assert!(
        n_places > 0 || captions.len() < 100,
        "no places found in {} captions",
        captions.len()
    );
    let bytes: usize = captions.iter().map(|c| c.text.len()).sum();
    let result = serde_json::json!({
        "captions": captions.len(),
        "places_found": n_places,
        "threads": threads,
        "seconds": secs,
        "captions_per_sec": captions.len() as f64 / secs,
        "mb_per_sec": bytes as f64 / secs / 1e6,
        "gazetteer_load_ms": load_ms,
        "engine_load_ms": engine_ms,
        "max_rss_kb": max_rss_kb(),
    });
    bench_report::print(&result, args.report)?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn command_line_definition_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
