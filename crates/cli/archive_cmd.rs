//! The archive commands: ingest, search, show, correct, stats, reextract, reindex, log, verify.
//! Glue only: reading files, running the engine, calling the `Store`, formatting output.

use crate::input::{self, Format, ReadOptions};
use crate::pretty::paint;
use crate::{Cli, extract_with, load_engine, pool, pretty, report, sha256_hex};
use anyhow::{Context, Result, bail};
use dateline_archive::{
    AnyStore, IngestSummary, NewRecord, PgOptions, PgStore, Ranker, SearchOptions, Sort,
    SourceFile, SqliteStore, Store,
};
use dateline_engine::{CaptionInput, Engine};
use dateline_query::{Field, Filter, Query};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

/// Input bytes handled per step of an ingest: large enough to keep both cores busy, small
/// enough that memory stays flat whatever the file size.
const CHUNK_BYTES: usize = 4 << 20;

#[derive(clap::Args)]
pub struct IngestArgs {
    /// Input files; `-` reads standard input.
    #[arg(required = true)]
    paths: Vec<String>,
    /// Input format.
    #[arg(long = "input", id = "input", value_enum, default_value_t = Format::Auto)]
    input_format: Format,
    /// CSV column holding the caption (default: caption, description, text, ...).
    #[arg(long)]
    column: Option<String>,
    /// Worker threads for extraction; 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub(crate) engine: crate::opts::EngineOpts,
    #[command(flatten)]
    pub(crate) archive: crate::opts::ArchiveOpt,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SortArg {
    /// Most relevant first (newest first when there are no words to rank by).
    Relevance,
    /// Newest photos first.
    Date,
    /// Oldest photos first.
    DateAsc,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RankerArg {
    /// The tantivy ranked index (fast at scale).
    Tantivy,
    /// SQLite FTS5 bm25.
    Fts5,
}

#[derive(clap::Args)]
pub struct SearchArgs {
    /// The query, e.g. 'rubble agency:AFP country:SY type:air_strike date:2016-04..2016-12'.
    /// Filters: agency creator country province city type id reported date near bbox killed
    /// injured; words, "phrases", prefix*, a OR b, -excluded.
    #[arg(default_value = "")]
    query: String,
    /// Order of results.
    #[arg(long, value_enum, default_value_t = SortArg::Relevance)]
    sort: SortArg,
    /// Results per page.
    #[arg(long, default_value_t = 20)]
    limit: usize,
    /// Page number, from 1.
    #[arg(long, default_value_t = 1)]
    page: usize,
    /// Let month- and year-precision dates match a date range they only overlap.
    #[arg(long)]
    loose_dates: bool,
    /// Include records replaced by an edited caption.
    #[arg(long)]
    all: bool,
    /// Show counts by agency, country, type and year for all matches.
    #[arg(long)]
    facets: bool,
    /// JSON Lines, one hit per line (with --facets: one JSON object with total, hits, facets).
    #[arg(long)]
    json: bool,
    /// Engine for relevance ranking.
    #[arg(long, value_enum, default_value_t = RankerArg::Tantivy)]
    ranker: RankerArg,
    /// Time budget in seconds: a search still running then is stopped with a message.
    #[arg(
        long,
        env = "DATELINE_SEARCH_TIMEOUT",
        default_value_t = 30,
        value_name = "SECONDS"
    )]
    timeout: u64,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

/// Most results `search` prints per page.
const MAX_PAGE: usize = 1000;

/// The search did not finish within its time budget.
#[derive(Debug)]
struct OverBudget(u64);

/// Runs `f` on its own thread and waits at most `seconds` for it. Neither SQLite nor tantivy
/// can be stopped half-way through a query from outside, so a search over its budget is left
/// running and the caller ends the process with a message; a search that runs for minutes
/// helps nobody.
fn within_budget<T: Send + 'static>(
    seconds: u64,
    f: impl FnOnce() -> T + Send + 'static,
) -> std::result::Result<T, OverBudget> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(seconds))
        .map_err(|_| OverBudget(seconds))
}

#[derive(clap::Args)]
pub struct ShowArgs {
    /// Record id (or a unique prefix of at least 4 characters).
    id: String,
    /// Show each corrected field's history: extracted value, then every correction.
    #[arg(long)]
    history: bool,
    /// Print the stored record (effective, extracted, provenance, corrections) as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

#[derive(clap::Args)]
pub struct CorrectArgs {
    /// Record id (or a unique prefix).
    id: String,
    /// Corrections as FIELD=VALUE, e.g. location.city=Aleppo casualties.killed=4 date.iso=2016-11.
    /// VALUE is JSON when it parses as JSON (numbers, true, null, ["a","b"]), text otherwise.
    #[arg(required = true)]
    edits: Vec<String>,
    /// Why: the source that was checked.
    #[arg(long)]
    note: Option<String>,
    /// Who corrects (default: DATELINE_AUTHOR, else the OS user's login name).
    #[arg(long)]
    author: Option<String>,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ByArg {
    Agency,
    Creator,
    Country,
    Province,
    City,
    Type,
    Year,
    Month,
}

#[derive(clap::Args)]
pub struct StatsArgs {
    /// Dimension to count by; twice or more for a cross-tabulation (`--by country --by month`).
    #[arg(long, value_enum, default_values_t = [ByArg::Agency])]
    by: Vec<ByArg>,
    /// Count only records matching this query.
    #[arg(default_value = "")]
    query: String,
    /// Let coarse dates match ranges they overlap.
    #[arg(long)]
    loose_dates: bool,
    /// Show at most this many rows (0 = all).
    #[arg(long, default_value_t = 0)]
    limit: usize,
    /// JSON Lines, one group per line ({value (one dimension) or one key per dimension, count,
    /// killed, injured, sources}), then a last line with "total": true.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// CSV with a header row, one group per row, then the total.
    #[arg(long)]
    csv: bool,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

#[derive(clap::Args)]
pub struct ReextractArgs {
    /// Worker threads; 0 uses all cores.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// List the changed records as JSON Lines ({id, source, changes: [{field, before, after}]}).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    pub(crate) engine: crate::opts::EngineOpts,
    #[command(flatten)]
    pub(crate) archive: crate::opts::ArchiveOpt,
}

#[derive(clap::Args)]
pub struct LogArgs {
    /// Print JSON Lines.
    #[arg(long)]
    json: bool,
    /// Print only the newest entry's number and hash (and the archive's id): an anchor to keep
    /// elsewhere and give to `verify --anchor` later.
    #[arg(long)]
    head: bool,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// Print JSON Lines.
    #[arg(long)]
    json: bool,
    /// An anchor kept elsewhere: a hash printed by `log --head`, or a file of them (one per
    /// line). The audit log must still reach it. May be given several times.
    #[arg(long, value_name = "HASH|FILE")]
    anchor: Vec<String>,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

/// Which archive a command works on: a SQLite file, or a PostgreSQL database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// An archive file (created by `ingest` when missing).
    File(PathBuf),
    /// A PostgreSQL URL, `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`. The database must exist;
    /// dateline creates its tables there on first use.
    Postgres(String),
}

impl Spec {
    /// What `--archive`, `--from`, `--to` or `DATELINE_ARCHIVE` gave: a `postgres://` or
    /// `postgresql://` URL names a database, any other path a file. Another URL scheme
    /// (`mysql://`, `postgress://`) is refused rather than taken for a file name.
    pub fn parse(given: &std::path::Path) -> Result<Spec> {
        let Some(text) = given.to_str() else {
            return Ok(Spec::File(given.to_path_buf()));
        };
        if dateline_archive::is_postgres_url(text) {
            return Ok(Spec::Postgres(text.trim().to_string()));
        }
        if let Some((scheme, _)) = text.split_once("://")
            && !scheme.is_empty()
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        {
            bail!(
                "{}: not an archive dateline can open: give a file path (SQLite) or a PostgreSQL URL, postgres://USER@HOST/DATABASE",
                redact_url(text)
            );
        }
        Ok(Spec::File(given.to_path_buf()))
    }

    /// The archive as messages name it: the path, or the URL without its password.
    pub fn shown(&self) -> String {
        match self {
            Spec::File(p) => p.display().to_string(),
            Spec::Postgres(url) => redact_url(url),
        }
    }
}

/// The URL's password, as written in it (`user:PASSWORD@` or `?password=PASSWORD`), if any.
fn url_password(url: &str) -> Vec<&str> {
    let mut found = Vec::new();
    if let Some((_, rest)) = url.split_once("://") {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        if let Some((userinfo, _)) = authority.rsplit_once('@')
            && let Some((_, pw)) = userinfo.split_once(':')
            && !pw.is_empty()
        {
            found.push(pw);
        }
    }
    if let Some((_, query)) = url.split_once('?') {
        for pair in query.split('&') {
            if let Some((k, v)) = pair.split_once('=')
                && k.eq_ignore_ascii_case("password")
                && !v.is_empty()
            {
                found.push(v);
            }
        }
    }
    found
}

pub use dateline_archive::redact_url;

/// The archive as messages name it: the file's path, or the database's URL without its
/// password.
pub fn describe(store: &AnyStore) -> String {
    store.describe()
}

/// An error from PostgreSQL as one line, with the URL's password taken out wherever it
/// appears (a driver may quote the connection string).
pub fn scrub(url: &str, message: &str) -> String {
    let mut text = message.split_whitespace().collect::<Vec<_>>().join(" ");
    for pw in url_password(url) {
        text = text.replace(pw, "***");
        let decoded = percent_decode(pw);
        if !decoded.is_empty() && decoded != pw {
            text = text.replace(&decoded, "***");
        }
    }
    text
}

fn percent_decode(s: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|b| hex(*b)),
            bytes.get(i + 2).and_then(|b| hex(*b)),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push(h * 16 + l);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The archive: `--archive` (or `DATELINE_ARCHIVE`), else `archive.sqlite` in the user data dir.
pub fn archive_spec(cli: &Cli) -> Result<Spec> {
    if let Some(p) = &cli.archive {
        return Spec::parse(p);
    }
    let dir = crate::data_dir(&cli.data_dir).context("no user data directory; pass --archive")?;
    Ok(Spec::File(dir.join("archive.sqlite")))
}

/// Options for a PostgreSQL archive: `DATELINE_RANKED_DIR` chooses where this process keeps
/// its ranked index (by default under the user cache dir, named by the archive's id).
fn pg_options(read_only: bool) -> PgOptions {
    PgOptions {
        ranked_dir: std::env::var_os("DATELINE_RANKED_DIR")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from),
        read_only,
        pool_size: None,
    }
}

/// Connects to a PostgreSQL archive; a failure is one line that names the URL without its
/// password.
pub(crate) fn open_pg(url: &str, read_only: bool) -> Result<AnyStore> {
    tracing::debug!("opening the archive {}", redact_url(url));
    match PgStore::open_with(url, pg_options(read_only)) {
        Ok(store) => Ok(AnyStore::Postgres(store)),
        Err(e @ dateline_archive::ArchiveError::Connect { .. }) => {
            bail!("{}", scrub(url, &e.to_string()))
        }
        Err(e) => bail!(
            "opening the archive {}: {}",
            redact_url(url),
            scrub(url, &e.to_string())
        ),
    }
}

/// Opens a SQLite archive file, creating it (and its folder) when missing.
pub(crate) fn open_file(path: &std::path::Path) -> Result<SqliteStore> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.exists()
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating the archive directory {}", parent.display()))?;
    }
    // Which archive a command used, for a user puzzled by an empty search (RUST_LOG=debug).
    tracing::debug!("opening the archive {}", path.display());
    SqliteStore::open(path).with_context(|| format!("opening the archive {}", path.display()))
}

/// Opens the archive to change it; an archive file is created when missing.
pub fn open(cli: &Cli) -> Result<AnyStore> {
    open_spec(&archive_spec(cli)?)
}

/// Opens `spec` to change it; an archive file is created when missing.
pub(crate) fn open_spec(spec: &Spec) -> Result<AnyStore> {
    match spec {
        Spec::File(path) => open_file(path).map(AnyStore::Sqlite),
        Spec::Postgres(url) => open_pg(url, false),
    }
}

/// The archive, which must exist already when it is a file: a missing archive file is a clear
/// error, not a new file. (A PostgreSQL database is never created by dateline; connecting
/// says whether it exists.)
fn existing(cli: &Cli) -> Result<Spec> {
    let spec = archive_spec(cli)?;
    if let Spec::File(path) = &spec {
        existing_file(path)?;
    }
    Ok(spec)
}

fn existing_file(path: &std::path::Path) -> Result<()> {
    if !path.is_file() {
        bail!(
            "no archive at {}; run `dateline ingest FILE` first (or pass --archive)",
            path.display()
        );
    }
    Ok(())
}

/// Opens an existing archive to change it.
pub(crate) fn open_existing(cli: &Cli) -> Result<AnyStore> {
    open_spec(&existing(cli)?)
}

/// True when this process may write `path` and create files beside it (what SQLite's
/// write-ahead log needs).
fn writable(path: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let ok = |p: &std::path::Path| {
            std::ffi::CString::new(p.as_os_str().as_bytes())
                .map(|c| unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0)
                .unwrap_or(false)
        };
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("."));
        ok(path) && ok(dir)
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// Opens an existing archive for a command that only reads it. An archive file this process
/// cannot write (a read-only mount, a published or shared copy, `DATELINE_READ_ONLY=1`) is
/// opened read-only and immutable: nothing is written, no `-wal` or `-shm` file is left beside
/// it, and text searches use SQLite's FTS5 instead of the ranked index (which cannot be kept up
/// to date there). A PostgreSQL archive is opened read-only under `DATELINE_READ_ONLY=1`.
pub(crate) fn open_reading(cli: &Cli) -> Result<AnyStore> {
    open_spec_reading(&existing(cli)?)
}

/// [`open_reading`] for a given archive.
pub(crate) fn open_spec_reading(spec: &Spec) -> Result<AnyStore> {
    let forced = std::env::var("DATELINE_READ_ONLY").is_ok_and(|v| !v.is_empty() && v != "0");
    let path = match spec {
        Spec::Postgres(url) => return open_pg(url, forced),
        Spec::File(path) => {
            existing_file(path)?;
            path
        }
    };
    if !forced && writable(path) {
        return open_spec(spec);
    }
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        eprintln!(
            "dateline: warning: {} holds changes not yet in the archive file; read-only, they cannot be read (open the archive once where it can be written)",
            wal.display()
        );
    }
    tracing::info!(
        "{} is read-only here: reading without writing",
        path.display()
    );
    SqliteStore::open_with(
        path,
        dateline_archive::OpenOptions {
            read_only: true,
            immutable: true,
            ..Default::default()
        },
    )
    .map(AnyStore::Sqlite)
    .with_context(|| format!("opening the archive {} read-only", path.display()))
}

/// Who acts (corrections, ingests, checks), and where the name came from: `--author`, then
/// `DATELINE_AUTHOR`, then the OS account's login name.
pub fn actor_and_origin(given: Option<&str>) -> (String, &'static str) {
    let env = |k: &str| std::env::var(k).ok().filter(|s| !s.trim().is_empty());
    if let Some(g) = given.filter(|s| !s.trim().is_empty()) {
        return (g.to_string(), "--author");
    }
    if let Some(a) = env("DATELINE_AUTHOR") {
        return (a, "DATELINE_AUTHOR");
    }
    // The login name, else the account itself (getpwuid on Unix), so an unset $USER in a
    // cron job or container still names someone.
    let os_user = env("USER")
        .or_else(|| env("LOGNAME"))
        .or_else(|| env("USERNAME"))
        .or_else(|| whoami::username().ok().filter(|s| !s.trim().is_empty()));
    match os_user {
        Some(u) => (u, "the OS user name"),
        None => (
            "unknown".into(),
            "no --author, DATELINE_AUTHOR or OS user name",
        ),
    }
}

pub fn actor(given: Option<&str>) -> String {
    actor_and_origin(given).0
}

pub fn extractor_stamp() -> String {
    format!("dateline {}", env!("CARGO_PKG_VERSION"))
}

fn progress(total: u64, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg} [{bar:30}] {percent:>3}% {binary_bytes_per_sec} eta {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

fn to_new(records: Vec<dateline_model::Record>, caps: &[CaptionInput]) -> Vec<NewRecord> {
    records
        .into_iter()
        .zip(caps)
        .map(|(record, c)| NewRecord {
            record,
            reference_date: c.reference_date.map(|d| d.to_string()),
        })
        .collect()
}

pub fn ingest(cli: &Cli, args: &IngestArgs) -> Result<i32> {
    let engine = load_engine(cli)?;
    let store = open(cli)?;
    let job = IngestJob {
        store: &store,
        engine: &engine,
        format: args.input_format,
        column: args.column.as_deref(),
        threads: args.threads,
        workers: pool(args.threads)?,
        actor: actor(None),
        extractor: extractor_stamp(),
    };
    let expanded = crate::walk::expand(&args.paths, args.input_format);
    let mut problems = expanded.problems as u64;
    let mut total = IngestSummary::default();
    let mut files_read = 0usize;
    let counts = |s: &IngestSummary| {
        format!(
            "{} new, {} unchanged, {} superseded, {} skipped",
            s.new, s.unchanged, s.superseded, s.skipped
        )
    };
    for input in &expanded.files {
        let Some((shown, summary)) = job.run(&input.path, &mut problems)? else {
            continue;
        };
        files_read += 1;
        total.new += summary.new;
        total.unchanged += summary.unchanged;
        total.superseded += summary.superseded;
        total.skipped += summary.skipped;
        if args.json {
            println!(
                "{}",
                serde_json::json!({ "path": shown, "new": summary.new, "unchanged": summary.unchanged,
                                    "superseded": summary.superseded, "skipped": summary.skipped })
            );
        } else if !input.from_folder {
            // Files found in a folder are summed into the run's one summary below.
            eprintln!("dateline: {shown}: {}", counts(&summary));
        }
    }
    if files_read == 0 {
        eprintln!("dateline: nothing was ingested: no file with captions was read");
        return Ok(1);
    }
    let from_folders = expanded.files.iter().any(|f| f.from_folder);
    if (expanded.files.len() > 1 || from_folders) && !args.json {
        eprintln!(
            "dateline: total: {} from {files_read} file(s); archive {}",
            counts(&total),
            describe(&store)
        );
    }
    Ok(if problems > 0 { 1 } else { 0 })
}

/// An archive an ingest can write: the `Store`, and its ranked index to keep up with the
/// batches.
pub trait IngestStore: Store {
    /// Brings the ranked index up to date.
    fn sync_ranked(&self) -> dateline_archive::Result<u64>;
}

impl IngestStore for SqliteStore {
    fn sync_ranked(&self) -> dateline_archive::Result<u64> {
        SqliteStore::sync_ranked(self)
    }
}

impl IngestStore for AnyStore {
    fn sync_ranked(&self) -> dateline_archive::Result<u64> {
        AnyStore::sync_ranked(self)
    }
}

/// What every file of one `ingest` shares.
pub struct IngestJob<'a> {
    pub store: &'a dyn IngestStore,
    pub engine: &'a Engine,
    pub format: Format,
    pub column: Option<&'a str>,
    pub threads: usize,
    pub workers: rayon::ThreadPool,
    pub actor: String,
    pub extractor: String,
}

impl IngestJob<'_> {
    /// Ingests one file (or `-`); problems with its records are reported and counted in
    /// `problems`. Returns `None` when the file could not be read at all.
    pub fn run(&self, path: &str, problems: &mut u64) -> Result<Option<(String, IngestSummary)>> {
        let (bytes, shown, stored_path) = if path == "-" {
            let mut buf = Vec::new();
            io::Read::read_to_end(&mut io::stdin(), &mut buf).context("reading standard input")?;
            (buf, "<stdin>".to_string(), "-".to_string())
        } else {
            match std::fs::read(path) {
                Ok(b) => {
                    let abs = std::fs::canonicalize(path)
                        .map(|p| p.display().to_string())
                        .unwrap_or_else(|_| path.to_string());
                    (b, path.to_string(), abs)
                }
                Err(e) => {
                    eprintln!("dateline: {path}: cannot read: {e}");
                    *problems += 1;
                    return Ok(None);
                }
            }
        };
        let sha = (path != "-").then(|| sha256_hex(&bytes));
        let file = SourceFile {
            path: stored_path,
            sha256: sha.clone(),
            size: bytes.len() as u64,
        };
        if self.format == Format::Auto && path != "-" {
            match crate::images::sniff(path, &bytes) {
                Ok(crate::images::Kind::Image) => {
                    return self.run_image(&bytes, &shown, file, problems);
                }
                Err(why) => {
                    eprintln!("dateline: {shown}: {why}");
                    *problems += 1;
                    return Ok(None);
                }
                Ok(crate::images::Kind::Captions) => {}
            }
        }
        let opts = ReadOptions {
            format: self.format,
            column: self.column,
            sha256: sha,
        };
        let ingest = self
            .store
            .ingest_begin(&file, &self.actor, &self.extractor)
            .with_context(|| format!("{shown}: starting the ingest"))?;
        let bar = progress(bytes.len() as u64, &shown);
        let mut skipped = 0u64;
        let mut captions_seen = 0usize;
        let chunks = input::split_chunks(&bytes, self.format, path, CHUNK_BYTES);
        // Extraction of the next piece overlaps the database write of the previous one.
        // The ranked index follows the committed batches in a third thread, so a large ingest
        // is searchable when it ends instead of indexing everything afterwards.
        let result: Result<()> = std::thread::scope(|s| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<(Vec<NewRecord>, u64)>(2);
            let (sync_tx, sync_rx) = std::sync::mpsc::sync_channel::<()>(1);
            let store = self.store;
            s.spawn(move || {
                while sync_rx.recv().is_ok() {
                    if let Err(e) = store.sync_ranked() {
                        tracing::warn!("the ranked index will catch up later: {e}");
                        break;
                    }
                }
            });
            let writer = s.spawn(move || -> Result<()> {
                for (batch, len) in rx {
                    store.ingest_batch(ingest, &batch)?;
                    // A full channel means a sync is pending, which will see this batch too.
                    let _ = sync_tx.try_send(());
                    bar.inc(len);
                }
                bar.finish_and_clear();
                Ok(())
            });
            for (first_line, piece) in chunks {
                let (caps, errors) = match input::read_chunk(&shown, piece, first_line, &opts) {
                    Ok(x) => x,
                    Err(e) => {
                        report(std::slice::from_ref(&e));
                        skipped += 1;
                        continue;
                    }
                };
                report(&errors);
                skipped += errors.len() as u64;
                captions_seen += caps.len();
                let records = extract_with(self.engine, &caps, self.threads, &self.workers);
                if tx
                    .send((to_new(records, &caps), piece.len() as u64))
                    .is_err()
                {
                    break;
                }
            }
            drop(tx);
            writer.join().expect("the writer thread does not panic")
        });
        if let Err(e) = result {
            return Err(e.context(format!(
                "{shown}: ingest stopped; every batch written before this error is kept"
            )));
        }
        if captions_seen == 0 && skipped == 0 {
            eprintln!("dateline: {shown}: no captions found (empty input)");
            *problems += 1;
        }
        let summary = self
            .store
            .ingest_finish(ingest, skipped)
            .with_context(|| format!("{shown}: finishing the ingest"))?;
        *problems += skipped;
        Ok(Some((shown, summary)))
    }
}

impl IngestJob<'_> {
    /// One photo: its caption and embedded metadata become one record whose provenance is the
    /// file's path and SHA-256.
    fn run_image(
        &self,
        bytes: &[u8],
        shown: &str,
        file: SourceFile,
        problems: &mut u64,
    ) -> Result<Option<(String, IngestSummary)>> {
        let (caption, embedded) = match crate::images::read(shown, bytes, file.sha256.clone()) {
            Ok(x) => x,
            Err(why) => {
                // A photo without a caption is common in a folder: said, not failed.
                eprintln!("dateline: {shown}: {why}");
                return Ok(None);
            }
        };
        let mut record = self.engine.extract(&caption);
        embedded.apply(&mut record, self.engine);
        let ingest = self
            .store
            .ingest_begin(&file, &self.actor, &self.extractor)
            .with_context(|| format!("{shown}: starting the ingest"))?;
        let batch = to_new(vec![record], std::slice::from_ref(&caption));
        let written = self.store.ingest_batch(ingest, &batch);
        let summary = self.store.ingest_finish(ingest, 0);
        if let Err(e) = written
            .as_ref()
            .map(|_| ())
            .and(summary.as_ref().map(|_| ()))
        {
            eprintln!("dateline: {shown}: {e}");
            *problems += 1;
            return Ok(None);
        }
        Ok(Some((shown.to_string(), summary.expect("checked above"))))
    }
}

/// Parses a query, resolving country names to codes with the gazetteer. Errors point at the
/// offending part of the query.
pub(crate) fn parse_query(text: &str) -> Result<Query, String> {
    parse_query_spanned(text).map_err(|e| e.render(text))
}

/// [`parse_query`] with the error's span kept, for callers that mark it themselves (the web
/// interface).
pub(crate) fn parse_query_spanned(text: &str) -> Result<Query, dateline_query::ParseError> {
    let mut q = dateline_query::parse(text)?;
    if let Some(span) = q.text.iter().find_map(unsearchable) {
        return Err(dateline_query::ParseError {
            message: "nothing to search for here: words need a letter or a digit".into(),
            span,
        });
    }
    let gazetteer = dateline_geo::Gazetteer::embedded();
    for f in &mut q.filters {
        if let Filter::Field {
            field: Field::Country,
            values,
            span,
            ..
        } = f
        {
            for v in values.iter_mut() {
                if v.len() == 2 && v.bytes().all(|b| b.is_ascii_alphabetic()) {
                    *v = v.to_ascii_uppercase();
                    continue;
                }
                match gazetteer.country_by_name(v) {
                    Some(c) => *v = c.code.to_string(),
                    None => {
                        return Err(dateline_query::ParseError {
                            message: format!(
                                "unknown country {v:?}; use an ISO code such as SY or a country name"
                            ),
                            span: *span,
                        });
                    }
                }
            }
        }
    }
    Ok(q)
}

/// The span of a positive clause with no letter or digit in it (`🔥`, `'`, `(`), which can
/// match nothing.
fn unsearchable(c: &dateline_query::TextClause) -> Option<dateline_query::QSpan> {
    use dateline_query::TextClause as T;
    let has = |s: &str| s.chars().any(char::is_alphanumeric);
    match c {
        T::Word { word, span } if !has(word) => Some(*span),
        T::Prefix { stem, span } if !has(stem) => Some(*span),
        T::Phrase { words, span } if !words.iter().any(|w| has(w)) => Some(*span),
        T::Any { alternatives, span } if alternatives.iter().all(|a| unsearchable(a).is_some()) => {
            Some(*span)
        }
        _ => None,
    }
}

/// The caption on one line, cut around the first highlight, matches emphasized.
fn snippet(caption: &str, highlights: &[(usize, usize)], color: bool, width: usize) -> String {
    let flat = caption.replace(['\n', '\r'], " ");
    let first = highlights.first().map(|h| h.0).unwrap_or(0);
    let mut start = first.saturating_sub(width / 3);
    while !flat.is_char_boundary(start) {
        start -= 1;
    }
    if start > 0 {
        start = flat[start..]
            .find(' ')
            .map(|i| start + i + 1)
            .filter(|s| *s <= first)
            .unwrap_or(start);
    }
    let mut end = (start + width).min(flat.len());
    while !flat.is_char_boundary(end) {
        end += 1;
    }
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    let mut pos = start;
    for &(s, e) in highlights {
        if e <= start || s >= end {
            continue;
        }
        let (s, e) = (s.max(start), e.min(end));
        out.push_str(&flat[pos..s]);
        let word = &flat[s..e];
        out.push_str(&if color {
            paint(word, "1;33", true)
        } else {
            format!("[{word}]")
        });
        pos = e;
    }
    out.push_str(&flat[pos..end]);
    if end < flat.len() {
        out.push('…');
    }
    out
}

pub fn search(cli: &Cli, args: &SearchArgs) -> Result<i32> {
    let query = match parse_query(&args.query) {
        Ok(q) => q,
        Err(msg) => {
            eprintln!("dateline: invalid query:\n{msg}");
            return Ok(2);
        }
    };
    if args.limit == 0 || args.limit > MAX_PAGE {
        eprintln!(
            "dateline: --limit {}: give 1 to {MAX_PAGE} results per page",
            args.limit
        );
        return Ok(2);
    }
    let Some(offset) = args
        .page
        .checked_sub(1)
        .and_then(|p| p.checked_mul(args.limit))
        .filter(|o| *o <= dateline_archive::MAX_OFFSET)
    else {
        eprintln!(
            "dateline: --page {}: pages start at 1 and go as deep as result {} (narrow the query instead)",
            args.page,
            dateline_archive::MAX_OFFSET
        );
        return Ok(2);
    };
    if args.timeout == 0 {
        eprintln!("dateline: --timeout 0: give the time budget in seconds, at least 1");
        return Ok(2);
    }
    let store = open_reading(cli)?;
    let opts = SearchOptions {
        sort: match args.sort {
            SortArg::Relevance => Sort::Relevance,
            SortArg::Date => Sort::DateDesc,
            SortArg::DateAsc => Sort::DateAsc,
        },
        limit: args.limit,
        offset,
        loose_dates: args.loose_dates,
        include_superseded: args.all,
        facets: args.facets,
        ranker: match args.ranker {
            RankerArg::Tantivy => Ranker::Tantivy,
            RankerArg::Fts5 => Ranker::Fts5,
        },
    };
    let store = std::sync::Arc::new(store);
    let results = {
        let (store, query, opts) = (store.clone(), query.clone(), opts.clone());
        match within_budget(args.timeout, move || store.search(&query, &opts)) {
            Ok(r) => r?,
            Err(OverBudget(s)) => {
                eprintln!(
                    "dateline: the search did not finish within {s} s and was stopped (--timeout, DATELINE_SEARCH_TIMEOUT); narrow it with more words or filters"
                );
                return Ok(1);
            }
        }
    };
    let color = crate::color::stdout();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        if args.facets {
            serde_json::to_writer(&mut out, &results)?;
            writeln!(out)?;
        } else {
            for hit in &results.hits {
                serde_json::to_writer(&mut out, hit)?;
                writeln!(out)?;
            }
        }
        out.flush()?;
        return Ok(0);
    }
    let first = opts.offset + 1;
    let last = opts.offset + results.hits.len();
    writeln!(
        out,
        "{}",
        paint(
            &if results.hits.is_empty() {
                format!("no results ({} matching)", results.total)
            } else {
                format!("{first}–{last} of {} matching records", results.total)
            },
            "2",
            color
        )
    )?;
    for hit in &results.hits {
        let r = &hit.record;
        let place = [
            r.location.sublocation.as_deref(),
            r.location.city.as_deref(),
            r.location.province.as_deref(),
            r.location.country.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
        let mut head = vec![
            paint(&r.id, "1", color),
            r.date.as_ref().map(|d| d.iso.clone()).unwrap_or("—".into()),
            r.credit.agency.clone().unwrap_or("—".into()),
            if place.is_empty() {
                "—".into()
            } else {
                place
            },
            r.event.event_type.clone().unwrap_or("—".into()),
        ];
        if let Some(k) = r.casualties.killed {
            head.push(format!("{k} killed"));
        }
        if let Some(d) = hit.distance_km {
            head.push(format!("{d:.1} km"));
        }
        // The same caption in two files is one record: the row says which file it was read from.
        if let Some(at) = pretty::origin(r) {
            head.push(paint(&at, "2", color));
        }
        writeln!(out, "{}", head.join("  "))?;
        writeln!(
            out,
            "    {}",
            snippet(&r.caption, &hit.highlights, color, 160)
        )?;
    }
    for (name, counts) in &results.facets {
        let list: Vec<String> = counts.iter().map(|(v, n)| format!("{v} {n}")).collect();
        writeln!(
            out,
            "{} {}",
            paint(&format!("{name}:"), "36", color),
            list.join(" · ")
        )?;
    }
    out.flush()?;
    Ok(0)
}

pub fn show(cli: &Cli, args: &ShowArgs) -> Result<i32> {
    let store = open_reading(cli)?;
    let stored = store.get(&args.id)?;
    let color = crate::color::stdout();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &stored)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(0);
    }
    // The latest correction of each field is the one the record shows.
    let why: std::collections::BTreeMap<String, String> = stored
        .corrections
        .iter()
        .map(|c| {
            let note = c
                .note
                .as_deref()
                .map(|n| format!(": {n}"))
                .unwrap_or_default();
            (c.field.clone(), format!("corrected by {}{note}", c.author))
        })
        .collect();
    pretty::write_corrected(&mut out, &stored.record, color, &why)?;
    writeln!(out, "  {}", paint("provenance", "36", color))?;
    for p in &stored.provenance {
        let at = match (&p.path, p.line) {
            (Some(path), Some(l)) => format!("{path}:{l}"),
            (Some(path), None) => path.clone(),
            _ => "-".into(),
        };
        writeln!(
            out,
            "    {at}  ({}{}{}) ingested {}",
            p.kind,
            p.input_id
                .as_deref()
                .map(|i| format!(", id {i}"))
                .unwrap_or_default(),
            p.sha256
                .as_deref()
                .map(|s| format!(", sha256 {}", &s[..s.len().min(16)]))
                .unwrap_or_default(),
            p.ingested_at
        )?;
    }
    if let Some(by) = &stored.superseded_by {
        writeln!(
            out,
            "  {} by {by} (the source line was edited)",
            paint("superseded", "33", color)
        )?;
    }
    for old in &stored.supersedes {
        writeln!(out, "  {} {old}", paint("supersedes", "36", color))?;
    }
    writeln!(
        out,
        "  {}  {}",
        paint("extractor", "36", color),
        stored.extractor
    )?;
    if !stored.corrections.is_empty() && !args.history {
        writeln!(out, "  {}", paint("corrections", "36", color))?;
        for c in &stored.corrections {
            writeln!(
                out,
                "    {} = {}  (was {}; {} at {}{})",
                c.field,
                c.value,
                c.previous,
                c.author,
                c.at,
                c.note
                    .as_deref()
                    .map(|n| format!(": {n}"))
                    .unwrap_or_default()
            )?;
        }
    }
    if args.history {
        let extracted = serde_json::to_value(&stored.extracted)?;
        let mut fields: Vec<&str> = stored
            .corrections
            .iter()
            .map(|c| c.field.as_str())
            .collect();
        fields.dedup();
        let mut seen = std::collections::BTreeSet::new();
        fields.retain(|f| seen.insert(*f));
        if fields.is_empty() {
            writeln!(out, "  no corrections: every value is as extracted")?;
        }
        for f in fields {
            writeln!(out, "  {}", paint(&format!("history of {f}"), "36", color))?;
            writeln!(
                out,
                "    {}  extracted by {}",
                dateline_archive::field_value(&extracted, f),
                stored.extractor
            )?;
            for c in stored.corrections.iter().filter(|c| c.field == f) {
                writeln!(
                    out,
                    "    {}  corrected by {} at {}{}",
                    c.value,
                    c.author,
                    c.at,
                    c.note
                        .as_deref()
                        .map(|n| format!(": {n}"))
                        .unwrap_or_default()
                )?;
            }
        }
    }
    out.flush()?;
    Ok(0)
}

pub fn correct(cli: &Cli, args: &CorrectArgs) -> Result<i32> {
    let mut edits = Vec::new();
    for e in &args.edits {
        let Some((field, value)) = e.split_once('=') else {
            eprintln!("dateline: {e:?} is not FIELD=VALUE (e.g. location.city=Aleppo)");
            return Ok(2);
        };
        let value = dateline_archive::typed_value(value);
        edits.push((field.trim().to_string(), value));
    }
    let store = open_existing(cli)?;
    let (author, origin) = actor_and_origin(args.author.as_deref());
    let stored = store.correct(&args.id, &edits, &author, args.note.as_deref())?;
    for (field, _) in &edits {
        let now = dateline_archive::field_value(&serde_json::to_value(&stored.record)?, field);
        eprintln!("dateline: {} {field} = {now}", stored.record.id);
    }
    eprintln!("dateline: corrected by {author} (from {origin})");
    Ok(0)
}

impl ByArg {
    fn name(self) -> &'static str {
        match self {
            ByArg::Agency => "agency",
            ByArg::Creator => "creator",
            ByArg::Country => "country",
            ByArg::Province => "province",
            ByArg::City => "city",
            ByArg::Type => "type",
            ByArg::Year => "year",
            ByArg::Month => "month",
        }
    }

    /// The record's values along this dimension (several for a photo by two creators), the
    /// way the archive's own counts take them: a year-precision date's month is the year.
    fn values(self, r: &dateline_model::Record) -> Vec<String> {
        let one = |v: Option<&String>| vec![v.cloned().unwrap_or_else(|| NONE.to_string())];
        match self {
            ByArg::Agency => one(r.credit.agency.as_ref()),
            ByArg::Creator if !r.credit.creators.is_empty() => r.credit.creators.clone(),
            ByArg::Creator => vec![NONE.to_string()],
            ByArg::Country => one(r.location.country.as_ref()),
            ByArg::Province => one(r.location.province.as_ref()),
            ByArg::City => one(r.location.city.as_ref()),
            ByArg::Type => one(r.event.event_type.as_ref()),
            ByArg::Year | ByArg::Month => {
                let len = if self == ByArg::Year { 4 } else { 7 };
                vec![
                    r.date
                        .as_ref()
                        .map(|d| d.iso.chars().take(len).collect())
                        .unwrap_or_else(|| NONE.to_string()),
                ]
            }
        }
    }
}

/// Shown for a record without a value along a dimension.
const NONE: &str = "(none)";

/// One group of a `stats` table: how many records, and the casualty figures they report.
#[derive(Default, Clone)]
struct Group {
    count: u64,
    killed: u64,
    injured: u64,
    /// Whom the figures are attributed to, with how many records say so.
    sources: std::collections::BTreeMap<String, u64>,
}

impl Group {
    fn add(&mut self, r: &dateline_model::Record) {
        self.count += 1;
        let k = &r.casualties;
        self.killed += k.killed.unwrap_or(0);
        self.injured += k.injured.unwrap_or(0);
        if k.killed.is_some() || k.injured.is_some() {
            let who = k.source.clone().unwrap_or_else(|| "unattributed".into());
            *self.sources.entry(who).or_default() += 1;
        }
    }

    fn sources_text(&self) -> String {
        let mut list: Vec<(&String, &u64)> = self.sources.iter().collect();
        list.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        list.iter()
            .map(|(s, n)| format!("{s} ({n})"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

pub fn stats(cli: &Cli, args: &StatsArgs) -> Result<i32> {
    let query = match parse_query(&args.query) {
        Ok(q) => q,
        Err(msg) => {
            eprintln!("dateline: invalid query:\n{msg}");
            return Ok(2);
        }
    };
    let store = open_reading(cli)?;
    // Every matching record, streamed with corrections applied (memory stays flat whatever the
    // archive's size): figures per group need the records, not just their counts.
    let mut groups: std::collections::BTreeMap<Vec<String>, Group> = Default::default();
    let mut total = Group::default();
    store.scan(&query, args.loose_dates, &mut |r| {
        total.add(&r);
        // The cartesian product of the record's values along each dimension.
        let mut keys: Vec<Vec<String>> = vec![Vec::new()];
        for by in &args.by {
            let values = by.values(&r);
            keys = keys
                .into_iter()
                .flat_map(|k| {
                    values.iter().map(move |v| {
                        let mut k = k.clone();
                        k.push(v.clone());
                        k
                    })
                })
                .collect();
        }
        for k in keys {
            groups.entry(k).or_default().add(&r);
        }
        std::ops::ControlFlow::Continue(())
    })?;
    // Largest groups first; ties in the order of their values.
    let mut rows: Vec<(Vec<String>, Group)> = groups.into_iter().collect();
    rows.sort_by(|a, b| b.1.count.cmp(&a.1.count).then_with(|| a.0.cmp(&b.0)));
    if args.limit > 0 {
        rows.truncate(args.limit);
    }
    let names: Vec<&str> = args.by.iter().map(|b| b.name()).collect();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        for (key, g) in &rows {
            let mut row = serde_json::Map::new();
            if key.len() == 1 {
                row.insert("value".into(), key[0].clone().into());
            }
            for (n, v) in names.iter().zip(key) {
                row.insert(n.to_string(), v.clone().into());
            }
            row.insert("count".into(), g.count.into());
            row.insert("killed".into(), g.killed.into());
            row.insert("injured".into(), g.injured.into());
            row.insert("sources".into(), serde_json::to_value(&g.sources)?);
            serde_json::to_writer(&mut out, &row)?;
            writeln!(out)?;
        }
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "total": true, "count": total.count, "killed": total.killed,
                                 "injured": total.injured, "sources": total.sources }),
        )?;
        writeln!(out)?;
    } else if args.csv {
        let mut w = csv::Writer::from_writer(&mut out);
        let mut header: Vec<&str> = names.clone();
        header.extend(["records", "killed", "injured", "sources"]);
        w.write_record(&header)?;
        let mut emit = |key: Vec<String>, g: &Group| -> Result<()> {
            let mut rec = key;
            rec.extend([
                g.count.to_string(),
                g.killed.to_string(),
                g.injured.to_string(),
                g.sources_text(),
            ]);
            w.write_record(&rec)?;
            Ok(())
        };
        for (key, g) in &rows {
            emit(key.clone(), g)?;
        }
        let mut key = vec!["total".to_string()];
        key.resize(names.len(), String::new());
        emit(key, &total)?;
        w.flush()?;
    } else {
        let mut table: Vec<Vec<String>> = Vec::new();
        let mut header: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        header.extend(["records", "killed", "injured", "sources"].map(String::from));
        table.push(header);
        let line = |key: Vec<String>, g: &Group| -> Vec<String> {
            let mut row = key;
            row.extend([
                g.count.to_string(),
                g.killed.to_string(),
                g.injured.to_string(),
                g.sources_text(),
            ]);
            row
        };
        for (key, g) in &rows {
            table.push(line(key.clone(), g));
        }
        let mut key = vec!["total".to_string()];
        key.resize(names.len(), String::new());
        table.push(line(key, &total));
        let ncols = table[0].len();
        let widths: Vec<usize> = (0..ncols)
            .map(|c| {
                table
                    .iter()
                    .map(|r| r[c].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let color = crate::color::stdout();
        let last = table.len() - 1;
        for (i, row) in table.iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, v)| {
                    let w = widths[c];
                    // Dimensions and sources read left to right; figures line up on the right.
                    if c < names.len() || c == ncols - 1 {
                        format!("{v:w$}")
                    } else {
                        format!("{v:>w$}")
                    }
                })
                .collect();
            let text = cells.join("  ").trim_end().to_string();
            if i == 0 || i == last {
                writeln!(out, "{}", paint(&text, "1", color))?;
            } else {
                writeln!(out, "{text}")?;
            }
        }
    }
    out.flush()?;
    Ok(0)
}

/// One extracted value that a re-extraction changed.
#[derive(serde::Serialize)]
struct Change {
    field: String,
    before: serde_json::Value,
    after: serde_json::Value,
}

/// The extracted values of a record by field path (`location.city`, `people`, ...): what a
/// re-extraction is judged by. Provenance (`source`, `input_id`), the caption and its id are not
/// extracted values, and evidence only explains them.
fn extracted_values(
    r: &dateline_model::Record,
) -> std::collections::BTreeMap<String, serde_json::Value> {
    fn flatten(
        prefix: &str,
        v: &serde_json::Value,
        out: &mut std::collections::BTreeMap<String, serde_json::Value>,
    ) {
        match v {
            serde_json::Value::Object(m) if !m.is_empty() => {
                for (k, v) in m {
                    flatten(&format!("{prefix}.{k}"), v, out);
                }
            }
            _ => {
                out.insert(prefix.to_string(), v.clone());
            }
        }
    }
    let mut out = std::collections::BTreeMap::new();
    let value = serde_json::to_value(r).expect("records serialize");
    for (k, v) in value.as_object().expect("a record is an object") {
        if !matches!(
            k.as_str(),
            "id" | "input_id" | "source" | "caption" | "evidence" | "embedded"
        ) {
            flatten(k, v, &mut out);
        }
    }
    out
}

fn changes(old: &dateline_model::Record, new: &dateline_model::Record) -> Vec<Change> {
    let (a, b) = (extracted_values(old), extracted_values(new));
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    keys.into_iter()
        .filter_map(|k| {
            let before = a.get(k).cloned().unwrap_or(serde_json::Value::Null);
            let after = b.get(k).cloned().unwrap_or(serde_json::Value::Null);
            (before != after).then(|| Change {
                field: k.clone(),
                before,
                after,
            })
        })
        .collect()
}

/// A photo's record depends on the file as well as its caption: it is extracted again from the
/// file when the file is still there unchanged, and otherwise kept as it is.
fn reextract_photo(
    engine: &Engine,
    old: &dateline_model::Record,
) -> Option<dateline_model::Record> {
    let path = old.source.path.as_deref()?;
    let bytes = std::fs::read(path).ok()?;
    let sha = sha256_hex(&bytes);
    if old.source.sha256.as_deref().is_some_and(|s| s != sha) {
        return None;
    }
    let (caption, embedded) = crate::images::read(path, &bytes, Some(sha)).ok()?;
    let mut record = engine.extract(&caption);
    embedded.apply(&mut record, engine);
    (record.id == old.id).then_some(record)
}

pub fn reextract(cli: &Cli, args: &ReextractArgs) -> Result<i32> {
    let engine = load_engine(cli)?;
    let store = open_existing(cli)?;
    let workers = pool(args.threads)?;
    let stamp = extractor_stamp();
    let bar = progress(store.count()?, "re-extracting");
    let (mut seen, mut changed, mut photos_kept) = (0u64, 0u64, 0u64);
    let mut after: Option<String> = None;
    let mut out = BufWriter::new(io::stdout().lock());
    let color = crate::color::stdout();
    loop {
        let inputs = store.extraction_inputs(after.as_deref(), 10_000)?;
        let Some(last) = inputs.last() else { break };
        after = Some(last.id.clone());
        let old: Vec<dateline_model::Record> = inputs
            .iter()
            .map(|i| store.get(&i.id).map(|s| s.extracted))
            .collect::<std::result::Result<_, _>>()?;
        let caps: Vec<CaptionInput> = inputs
            .into_iter()
            .map(|i| CaptionInput {
                text: i.caption,
                input_id: i.input_id,
                source: i.source,
                reference_date: i.reference_date.and_then(|d| d.parse().ok()),
            })
            .collect();
        let mut records = extract_with(&engine, &caps, args.threads, &workers);
        // A record's id is its caption's hash (a captionless photo's, its file's): re-extraction
        // can change values, never ids.
        debug_assert!(
            records
                .iter()
                .zip(&caps)
                .all(|(r, c)| r.id == dateline_model::record_id_of(&c.text, &c.source))
        );
        for (new, old) in records.iter_mut().zip(&old) {
            if old.embedded.is_some() {
                *new = match reextract_photo(&engine, old) {
                    Some(r) => r,
                    None => {
                        photos_kept += 1;
                        old.clone()
                    }
                };
            }
            // Where the record was read from is provenance, kept as stored.
            new.source = old.source.clone();
            new.input_id = old.input_id.clone();
            let diff = changes(old, new);
            if diff.is_empty() {
                continue;
            }
            changed += 1;
            if args.json {
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({ "id": new.id, "source": new.source, "changes": diff }),
                )?;
                writeln!(out)?;
            } else {
                let at = pretty::origin(new).unwrap_or_default();
                writeln!(out, "{}  {at}", paint(&new.id, "1", color))?;
                for c in &diff {
                    writeln!(out, "    {}: {} → {}", c.field, c.before, c.after)?;
                }
            }
        }
        store.replace_extractions(&records, &stamp)?;
        seen += records.len() as u64;
        bar.inc(records.len() as u64);
    }
    out.flush()?;
    bar.finish_and_clear();
    store.audit(
        "reextract",
        &actor(None),
        serde_json::json!({ "records": seen, "changed": changed, "extractor": stamp }),
    )?;
    let kept = if photos_kept > 0 {
        format!("; {photos_kept} photo record(s) kept as they were (file missing or changed)")
    } else {
        String::new()
    };
    eprintln!(
        "dateline: re-extracted {seen} records; {changed} changed{}; corrections kept{kept}",
        if changed > 0 && !args.json {
            " (listed above)"
        } else {
            ""
        }
    );
    Ok(0)
}

pub fn reindex(cli: &Cli) -> Result<i32> {
    let store = open_existing(cli)?;
    let n = store.reindex()?;
    eprintln!("dateline: ranked index rebuilt with {n} records");
    Ok(0)
}

pub fn log(cli: &Cli, args: &LogArgs) -> Result<i32> {
    let store = open_reading(cli)?;
    if args.head {
        let Some((seq, hash)) = store.head()? else {
            eprintln!("dateline: the audit log is empty");
            return Ok(1);
        };
        let archive = store.archive_id()?;
        if args.json {
            println!(
                "{}",
                serde_json::json!({ "seq": seq, "hash": hash, "archive": archive })
            );
        } else {
            println!("{seq} {hash} {archive}");
        }
        return Ok(0);
    }
    let entries = store.log()?;
    let broken = store.verify_log()?;
    let mut out = BufWriter::new(io::stdout().lock());
    for e in &entries {
        if args.json {
            serde_json::to_writer(&mut out, e)?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{:>5}  {}  {:15}  {:12}  {}",
                e.seq, e.at, e.action, e.actor, e.detail
            )?;
        }
    }
    out.flush()?;
    if !broken.is_empty() {
        eprintln!(
            "dateline: the audit log does not match its hash chain at entries {broken:?}: it was altered outside dateline"
        );
        return Ok(1);
    }
    Ok(0)
}

/// Anchors given on the command line: a hash, or a file of anchors.
fn cli_anchors(given: &[String]) -> Result<Vec<dateline_archive::Anchor>> {
    let mut out = Vec::new();
    for a in given {
        let t = a.trim();
        if t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()) {
            out.push(dateline_archive::Anchor {
                seq: None,
                hash: t.to_ascii_lowercase(),
                archive: None,
                origin: "--anchor".into(),
            });
            continue;
        }
        let text = std::fs::read_to_string(t).with_context(|| {
            format!("--anchor {t}: neither a 64-digit hash nor a readable file of anchors")
        })?;
        let (list, bad) = dateline_archive::parse_anchors(&text, t);
        if let Some((line, _)) = bad.first() {
            bail!(
                "{t}:{line}: not an anchor (expected `[SEQ] HASH [ARCHIVE-ID]`, as `dateline log --head` prints)"
            );
        }
        if list.is_empty() {
            bail!("{t}: no anchors in the file");
        }
        out.extend(list);
    }
    Ok(out)
}

pub fn verify(cli: &Cli, args: &VerifyArgs) -> Result<i32> {
    let given = cli_anchors(&args.anchor)?;
    let opened = open_reading(cli)?;
    let Some(store) = opened.sqlite() else {
        return verify_shared(&opened, args, &given);
    };
    // The log, its anchors and the records are checked before this check writes its own audit
    // entry, which would otherwise take the place of an entry cut from the end.
    let broken = store.verify_log()?;
    let (own, unreadable) = store.own_anchors()?;
    let mut anchor_problems: Vec<String> = unreadable
        .iter()
        .map(|(line, _)| format!("{}:{line}: not an anchor", store.anchors_path().display()))
        .collect();
    anchor_problems.extend(store.check_anchors(&own)?);
    anchor_problems.extend(store.check_anchors(&given)?);
    let records = store.check_records()?;
    let integrity = store.integrity_check()?;
    let checks = store.verify_sources(&actor(None))?;
    let engines = store.engine_counts()?;
    let unfinished = store.unfinished_ingests()?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut engine_problems = Vec::new();
    if engines.fts5 != engines.records {
        engine_problems.push(format!(
            "the FTS5 index holds {} documents for {} records",
            engines.fts5, engines.records
        ));
    }
    match engines.ranked {
        Some((all, live)) if all != engines.records || live != engines.live => engine_problems
            .push(format!(
                "the ranked index holds {all} documents ({live} current) for {} records ({} current); `dateline reindex` rebuilds it",
                engines.records, engines.live
            )),
        _ => {}
    }
    if args.json {
        for c in &checks {
            serde_json::to_writer(&mut out, &serde_json::json!({ "source": c }))?;
            writeln!(out)?;
        }
        for p in &records.problems {
            serde_json::to_writer(&mut out, &serde_json::json!({ "record": p }))?;
            writeln!(out)?;
        }
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "summary": {
                "sources": checks.len(), "records": records.records,
                "record_problems": records.problem_count, "audit_altered": broken,
                "anchors_checked": own.len() + given.len(), "anchor_problems": anchor_problems,
                "engines": engines, "engine_problems": engine_problems,
                "database": integrity,
                "unfinished_ingests": unfinished.iter().map(|u| serde_json::json!({
                    "ingest": u.0, "path": u.1, "started": u.2, "records": u.3 })).collect::<Vec<_>>(),
            }}),
        )?;
        writeln!(out)?;
    } else {
        write_findings(
            &mut out,
            &checks,
            &records,
            &anchor_problems,
            &engine_problems,
            &unfinished,
        )?;
    }
    out.flush()?;
    let bad = checks
        .iter()
        .filter(|c| c.status != "ok" && c.status != "superseded")
        .count();
    let superseded = checks.iter().filter(|c| c.status == "superseded").count();
    eprintln!(
        "dateline: {} source file(s): {} ok, {superseded} superseded, {bad} changed or missing; {} record(s): {}; audit log {}; anchors {}; search engines {}; database {}",
        checks.len(),
        checks.len() - bad - superseded,
        records.records,
        if records.problem_count == 0 {
            "as sealed".to_string()
        } else {
            format!("{} ALTERED", records.problem_count)
        },
        if broken.is_empty() {
            "intact".to_string()
        } else {
            format!("ALTERED at {broken:?}")
        },
        if anchor_problems.is_empty() {
            format!("{} reached", own.len() + given.len())
        } else {
            format!("{} NOT REACHED", anchor_problems.len())
        },
        if engine_problems.is_empty() {
            "agree".to_string()
        } else {
            "DISAGREE".to_string()
        },
        if integrity == "ok" {
            "ok".to_string()
        } else {
            format!("DAMAGED: {integrity}")
        }
    );
    let failed = bad > 0
        || !broken.is_empty()
        || integrity != "ok"
        || records.problem_count > 0
        || !anchor_problems.is_empty()
        || !engine_problems.is_empty();
    Ok(if failed { 1 } else { 0 })
}

/// What `verify` found, a line each, for a person: each source file's status, altered records,
/// anchors not reached, index disagreements and unfinished ingests (both back ends).
fn write_findings(
    out: &mut impl Write,
    checks: &[dateline_archive::FileCheck],
    records: &dateline_archive::RecordsCheck,
    anchor_problems: &[String],
    engine_problems: &[String],
    unfinished: &[dateline_archive::UnfinishedIngest],
) -> Result<()> {
    for c in checks {
        let prev = c
            .previous
            .as_ref()
            .map(|(at, s)| format!(" (last check {at}: {s})"))
            .unwrap_or_default();
        let note = if c.status == "superseded" {
            " (an earlier version; the file now holds a version ingested later)"
        } else {
            ""
        };
        writeln!(out, "{:10} {}{note}{prev}", c.status, c.path)?;
    }
    for p in &records.problems {
        writeln!(out, "{:10} record {}: {}", "ALTERED", p.id, p.what)?;
    }
    if records.problem_count > records.problems.len() as u64 {
        writeln!(
            out,
            "{:10} … and {} more record problems",
            "ALTERED",
            records.problem_count - records.problems.len() as u64
        )?;
    }
    for p in anchor_problems {
        writeln!(out, "{:10} {p}", "ANCHOR")?;
    }
    for p in engine_problems {
        writeln!(out, "{:10} {p}", "INDEX")?;
    }
    for (ingest, path, started, n) in unfinished {
        writeln!(
            out,
            "{:10} ingest {ingest} of {path} started {started} and never finished; its {n} committed records are in the log",
            "unfinished"
        )?;
    }
    Ok(())
}

/// The checks `verify` makes on every backend, and those only a SQLite archive has.
const SQLITE_ONLY_CHECKS: &str = "the archive's own anchors file and the database integrity check are SQLite-only and were not made (anchors given with --anchor were checked)";

/// `verify` on a PostgreSQL archive: the source files, the audit log's chain, every record
/// against its seal, the anchors given with `--anchor`, this process's ranked index against the
/// records, and unfinished ingests; the output says which checks are SQLite-only.
fn verify_shared(
    store: &AnyStore,
    args: &VerifyArgs,
    given: &[dateline_archive::Anchor],
) -> Result<i32> {
    let broken = store.verify_log()?;
    let log = store.log()?;
    let anchor_problems = dateline_archive::anchor_problems(&log, &store.archive_id()?, given);
    let sealed = store.check_records()?;
    let records = store.count()?;
    // Every record, superseded ones too, counted from the database's columns (no text, so
    // the ranked index is not asked).
    let all_records = store
        .search(
            &Query::default(),
            &SearchOptions {
                sort: Sort::DateDesc,
                limit: 1,
                include_superseded: true,
                ranker: Ranker::Fts5,
                ..SearchOptions::default()
            },
        )?
        .total;
    let ranked = match store
        .postgres()
        .map(dateline_archive::PgStore::ranked_counts)
    {
        Some(Ok(counts)) => Some(counts),
        Some(Err(e)) => {
            tracing::warn!("the ranked index could not be counted: {e}");
            None
        }
        None => None,
    };
    let mut engine_problems = Vec::new();
    if let Some((docs, live)) = ranked
        && (docs != all_records || live != records)
    {
        engine_problems.push(format!(
            "the ranked index in {} holds {docs} documents ({live} current) for {all_records} records ({records} current); `dateline reindex` rebuilds it",
            store.ranked_dir().display()
        ));
    }
    let checks = store.verify_sources(&actor(None))?;
    let unfinished = store.unfinished_ingests()?;
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        for c in &checks {
            serde_json::to_writer(&mut out, &serde_json::json!({ "source": c }))?;
            writeln!(out)?;
        }
        for p in &sealed.problems {
            serde_json::to_writer(&mut out, &serde_json::json!({ "record": p }))?;
            writeln!(out)?;
        }
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({ "summary": {
                "archive": describe(store),
                "sources": checks.len(), "records": records,
                "record_problems": sealed.problem_count, "audit_altered": broken,
                "anchors_checked": given.len(), "anchor_problems": anchor_problems,
                "ranked": ranked.map(|(all, live)| serde_json::json!({ "documents": all, "current": live })),
                "engine_problems": engine_problems,
                "unfinished_ingests": unfinished.iter().map(|u| serde_json::json!({
                    "ingest": u.0, "path": u.1, "started": u.2, "records": u.3 })).collect::<Vec<_>>(),
                "not_checked": ["own anchors", "database integrity"],
            }}),
        )?;
        writeln!(out)?;
    } else {
        write_findings(
            &mut out,
            &checks,
            &sealed,
            &anchor_problems,
            &engine_problems,
            &unfinished,
        )?;
    }
    out.flush()?;
    let bad = checks
        .iter()
        .filter(|c| c.status != "ok" && c.status != "superseded")
        .count();
    let superseded = checks.iter().filter(|c| c.status == "superseded").count();
    eprintln!(
        "dateline: {} is a PostgreSQL archive: {SQLITE_ONLY_CHECKS}",
        describe(store)
    );
    eprintln!(
        "dateline: {} source file(s): {} ok, {superseded} superseded, {bad} changed or missing; {} record(s): {}; audit log {}; anchors {}; ranked index {}",
        checks.len(),
        checks.len() - bad - superseded,
        sealed.records,
        if sealed.problem_count == 0 {
            "as sealed".to_string()
        } else {
            format!("{} ALTERED", sealed.problem_count)
        },
        if broken.is_empty() {
            "intact".to_string()
        } else {
            format!("ALTERED at {broken:?}")
        },
        if anchor_problems.is_empty() {
            format!("{} reached", given.len())
        } else {
            format!("{} NOT REACHED", anchor_problems.len())
        },
        match (ranked, engine_problems.is_empty()) {
            (None, _) => "not checked",
            (Some(_), true) => "agrees",
            (Some(_), false) => "DISAGREES",
        },
    );
    let failed = bad > 0
        || !broken.is_empty()
        || sealed.problem_count > 0
        || !anchor_problems.is_empty()
        || !engine_problems.is_empty();
    Ok(if failed { 1 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_a_message() {
        assert_eq!(
            redact_url("postgres://dateline:s3cret@db.internal:5433/photos"),
            "postgres://dateline:***@db.internal:5433/photos"
        );
        assert_eq!(
            redact_url("postgresql://u@h/db?sslmode=disable&password=s3cret"),
            "postgresql://u@h/db?sslmode=disable&password=***"
        );
        assert_eq!(
            redact_url("postgres://u:***@h/db"),
            "postgres://u:***@h/db",
            "what is redacted stays so"
        );
        assert_eq!(redact_url("postgres://h/db"), "postgres://h/db");
        let url = "postgres://u:p%40ss@h/db";
        assert_eq!(
            scrub(
                url,
                "password authentication failed for p%40ss (p@ss)\nDETAIL: x"
            ),
            "password authentication failed for *** (***) DETAIL: x"
        );
    }

    #[test]
    fn a_url_names_a_database_and_anything_else_a_file() {
        use std::path::Path;
        assert_eq!(
            Spec::parse(Path::new("postgres://u@h/db")).unwrap(),
            Spec::Postgres("postgres://u@h/db".into())
        );
        assert_eq!(
            Spec::parse(Path::new("archive.sqlite")).unwrap(),
            Spec::File("archive.sqlite".into())
        );
        assert_eq!(
            Spec::parse(Path::new("dir:with/colon.sqlite")).unwrap(),
            Spec::File("dir:with/colon.sqlite".into())
        );
        let e = Spec::parse(Path::new("mysql://u:secret@h/db")).unwrap_err();
        assert!(!e.to_string().contains("secret"), "{e}");
        assert!(e.to_string().contains("mysql://u:***@h/db"), "{e}");
    }

    #[test]
    fn a_task_over_its_budget_is_abandoned_not_awaited() {
        let started = std::time::Instant::now();
        let r = within_budget(1, || {
            std::thread::sleep(std::time::Duration::from_secs(20));
            1
        });
        assert!(matches!(r, Err(OverBudget(1))));
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(within_budget(5, || 7).unwrap(), 7);
    }
}
