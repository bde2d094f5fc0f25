//! Shared helpers of the archive's integration tests: records built from JSON, a store in a
//! temporary directory, whole-file ingests and searches that return labels.

#![allow(dead_code)]

use dateline_archive::{
    AnyStore, IngestSummary, NewRecord, PgOptions, Ranker, SearchOptions, SearchResults,
    SourceFile, SqliteStore, Store,
};
use dateline_model::{Record, record_id};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::Path;

/// A record under construction: JSON shaped like the contract, filled in by the methods.
#[derive(Clone)]
pub struct Rec(pub Value);

pub fn rec(caption: &str) -> Rec {
    Rec(json!({
        "id": record_id(caption),
        "input_id": null,
        "source": {"kind": "text", "path": "captions.txt", "line": 1, "sha256": null},
        "caption": caption,
        "credit": {"creators": [], "agency": null, "raw": null},
        "date": null,
        "location": {"text": null, "sublocation": null, "city": null, "province": null,
                     "country": null, "lat": null, "lon": null, "geonames_id": null,
                     "precision": null},
        "places": [], "people": [], "organizations": [],
        "event": {"type": null, "reported": false, "actors": []},
        "casualties": {"killed": null, "injured": null, "qualifier": null, "source": null},
        "warnings": [], "evidence": {}
    }))
}

impl Rec {
    pub fn agency(mut self, a: &str) -> Self {
        self.0["credit"]["agency"] = json!(a);
        self
    }
    pub fn creators(mut self, c: &[&str]) -> Self {
        self.0["credit"]["creators"] = json!(c);
        self
    }
    pub fn date(mut self, iso: &str, precision: &str) -> Self {
        self.0["date"] =
            json!({"iso": iso, "precision": precision, "text": iso, "weekday_ok": null});
        self
    }
    pub fn place(mut self, city: Option<&str>, province: Option<&str>, country: &str) -> Self {
        let l = &mut self.0["location"];
        l["city"] = json!(city);
        l["province"] = json!(province);
        l["country"] = json!(country);
        l["text"] = json!(city.or(province).unwrap_or(country));
        self
    }
    pub fn at(mut self, lat: f64, lon: f64) -> Self {
        self.0["location"]["lat"] = json!(lat);
        self.0["location"]["lon"] = json!(lon);
        self.0["location"]["precision"] = json!(1);
        self
    }
    pub fn event(mut self, t: &str, reported: bool) -> Self {
        self.0["event"]["type"] = json!(t);
        self.0["event"]["reported"] = json!(reported);
        self
    }
    pub fn killed(mut self, n: u64) -> Self {
        self.0["casualties"]["killed"] = json!(n);
        self
    }
    pub fn injured(mut self, n: u64) -> Self {
        self.0["casualties"]["injured"] = json!(n);
        self
    }
    pub fn people(mut self, names: &[&str]) -> Self {
        self.0["people"] = names
            .iter()
            .map(|n| json!({"name": n, "age": null, "role": null}))
            .collect();
        self
    }
    pub fn orgs(mut self, orgs: &[(&str, Option<&str>)]) -> Self {
        self.0["organizations"] = orgs
            .iter()
            .map(|(n, a)| json!({"name": n, "acronym": a}))
            .collect();
        self
    }
    pub fn src(mut self, kind: &str, path: &str, line: u64) -> Self {
        self.0["source"] = json!({"kind": kind, "path": path, "line": line, "sha256": null});
        self
    }
    pub fn input_id(mut self, id: &str) -> Self {
        self.0["input_id"] = json!(id);
        self
    }
    pub fn build(&self) -> Record {
        serde_json::from_value(self.0.clone()).expect("test records fit the contract")
    }
    pub fn item(&self) -> NewRecord {
        NewRecord {
            record: self.build(),
            reference_date: Some("2016-12-01".into()),
        }
    }
}

/// The backend this test process runs against: PostgreSQL when [`rerun_on_postgres`] started
/// it (`DATELINE_TEST_BACKEND=postgres`), else SQLite.
pub fn on_postgres() -> bool {
    std::env::var("DATELINE_TEST_BACKEND").as_deref() == Ok("postgres")
}

/// A fresh archive, on the backend of this run, with its temporary directory (kept alive by
/// the returned guard; a PostgreSQL archive keeps its ranked index there).
pub fn store() -> (tempfile::TempDir, AnyStore) {
    let dir = tempfile::tempdir().unwrap();
    let s = if on_postgres() {
        AnyStore::Postgres(
            dateline_archive::PgStore::open_with(
                &fresh_pg_database(),
                PgOptions {
                    ranked_dir: Some(dir.path().join("ranked")),
                    ..Default::default()
                },
            )
            .unwrap(),
        )
    } else {
        AnyStore::Sqlite(SqliteStore::open(dir.path().join("archive.db")).unwrap())
    };
    (dir, s)
}

/// A fresh SQLite archive, for what only that backend has (record seals, anchors, the file).
pub fn sqlite_store() -> (tempfile::TempDir, SqliteStore) {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(dir.path().join("archive.db")).unwrap();
    (dir, s)
}

/// The server the PostgreSQL runs use (`DATELINE_TEST_PG`, a URL to a database the tests may
/// create databases from).
pub fn pg_server() -> Option<String> {
    std::env::var("DATELINE_TEST_PG")
        .ok()
        .filter(|s| !s.is_empty())
}

/// A new, empty database on the test server, named uniquely; its URL.
pub fn fresh_pg_database() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let server = pg_server().expect("DATELINE_TEST_PG is set for PostgreSQL runs");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let name = format!(
        "dl_archive_{}_{}_{nanos}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let mut c = postgres::Client::connect(&server, postgres::NoTls)
        .unwrap_or_else(|e| panic!("connecting to DATELINE_TEST_PG: {e}"));
    c.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
    // The database name is the URL's path.
    let (base, query) = server
        .split_once('?')
        .map_or((server.as_str(), None), |(b, q)| (b, Some(q)));
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let base = match base[after_scheme..].find('/') {
        Some(slash) => &base[..after_scheme + slash],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

/// The test server, or `None` after saying the test is skipped (a failure under `CI`, which
/// must run the PostgreSQL tests).
pub fn pg_or_skip(test: &str) -> Option<String> {
    let server = pg_server();
    if server.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: DATELINE_TEST_PG is not set, and CI must run the PostgreSQL tests \
             (scripts/pg-test-cluster.sh starts a server)"
        );
        // Written to the process's standard error itself, past the test harness's capture, so
        // that a skip is seen even when the test passes.
        let line = format!(
            "SKIPPED: {test} needs PostgreSQL (set DATELINE_TEST_PG, see scripts/pg-test-cluster.sh)\n"
        );
        use std::io::Write;
        match std::fs::OpenOptions::new()
            .append(true)
            .open("/proc/self/fd/2")
        {
            Ok(mut f) => drop(f.write_all(line.as_bytes())),
            Err(_) => eprint!("{line}"),
        }
    }
    server
}

/// Runs every other test of this test binary again against PostgreSQL, in a child process
/// with `DATELINE_TEST_BACKEND=postgres`: the one suite, parameterized by backend. Without a
/// server (`DATELINE_TEST_PG` unset) it says it skipped, and under `CI` it fails instead.
pub fn rerun_on_postgres(this_test: &str) {
    if on_postgres() {
        return;
    }
    if pg_or_skip("the archive tests on PostgreSQL").is_none() {
        return;
    }
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--skip", this_test, "--test-threads", "4"])
        .env("DATELINE_TEST_BACKEND", "postgres")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs the test binary again");
    let pid = child.id();
    let out = child.wait_with_output().expect("the test binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{text}");
    assert!(out.status.success(), "tests failed on PostgreSQL:\n{text}");
    assert!(text.contains("test result: ok"), "{text}");
    // The run passed: its databases go (a failed run keeps them to look at).
    let server = pg_server().expect("checked above");
    let mut c = postgres::Client::connect(&server, postgres::NoTls).unwrap();
    let names: Vec<String> = c
        .query(
            "SELECT datname FROM pg_database WHERE datname LIKE $1",
            &[&format!("dl\\_archive\\_{pid}\\_%")],
        )
        .unwrap()
        .into_iter()
        .map(|r| r.get(0))
        .collect();
    for name in names {
        c.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .unwrap();
    }
}

pub fn sha_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub fn file(path: &str, sha: &str) -> SourceFile {
    SourceFile {
        path: path.into(),
        sha256: Some(sha.into()),
        size: 100,
    }
}

/// Ingests `records` as one file in one batch.
pub fn ingest(s: &dyn Store, path: &str, sha: &str, records: &[NewRecord]) -> IngestSummary {
    ingest_file(s, &file(path, sha), records)
}

pub fn ingest_file(s: &dyn Store, f: &SourceFile, records: &[NewRecord]) -> IngestSummary {
    let id = s.ingest_begin(f, "tester", "test-extractor 1").unwrap();
    s.ingest_batch(id, records).unwrap();
    s.ingest_finish(id, 0).unwrap()
}

/// Lines of a text file: captions with their 1-based line numbers.
pub fn lines(path: &str, captions: &[&str]) -> Vec<NewRecord> {
    captions
        .iter()
        .enumerate()
        .map(|(i, c)| rec(c).src("text", path, i as u64 + 1).item())
        .collect()
}

pub fn fts() -> SearchOptions {
    SearchOptions {
        ranker: Ranker::Fts5,
        limit: 1000,
        ..SearchOptions::default()
    }
}

pub fn search(s: &dyn Store, q: &str, opts: &SearchOptions) -> SearchResults {
    let query = dateline_query::parse(q).unwrap_or_else(|e| panic!("{q}: {}", e.render(q)));
    s.search(&query, opts)
        .unwrap_or_else(|e| panic!("search {q:?}: {e}"))
}

/// Ids of the hits, in result order.
pub fn hit_ids(r: &SearchResults) -> Vec<String> {
    r.hits.iter().map(|h| h.record.id.clone()).collect()
}

pub fn db_path(dir: &Path) -> std::path::PathBuf {
    dir.join("archive.db")
}

/// Audit entries other than the start and batches of an ingest: one per ingest, correction,
/// verification and so on.
#[allow(dead_code)]
pub fn actions(log: &[dateline_archive::AuditEntry]) -> usize {
    log.iter()
        .filter(|e| !e.action.ends_with("-begin") && !e.action.ends_with("-batch"))
        .count()
}

/// A connection to an archive's database behind dateline's back, on either backend: what the
/// tamper tests use to play someone with direct access.
pub enum RawDb {
    Sqlite(rusqlite::Connection),
    Postgres(postgres::Client),
}

impl RawDb {
    pub fn open(dir: &Path, s: &AnyStore) -> RawDb {
        match s {
            AnyStore::Sqlite(_) => RawDb::Sqlite(rusqlite::Connection::open(db_path(dir)).unwrap()),
            AnyStore::Postgres(p) => {
                RawDb::Postgres(postgres::Client::connect(p.url(), postgres::NoTls).unwrap())
            }
        }
    }

    /// Runs one statement; the error's text when the database refuses it.
    pub fn execute(&mut self, sql: &str) -> Result<u64, String> {
        match self {
            RawDb::Sqlite(c) => c
                .execute(sql, [])
                .map(|n| n as u64)
                .map_err(|e| e.to_string()),
            RawDb::Postgres(c) => c.execute(sql, &[]).map_err(|e| {
                e.as_db_error()
                    .map(|d| d.message().to_string())
                    .unwrap_or_else(|| e.to_string())
            }),
        }
    }

    /// Drops a trigger (as someone with the file, or the tables' owner, can).
    pub fn drop_trigger(&mut self, name: &str, table: &str) {
        let sql = match self {
            RawDb::Sqlite(_) => format!("DROP TRIGGER {name}"),
            RawDb::Postgres(_) => format!("DROP TRIGGER {name} ON {table}"),
        };
        self.execute(&sql).unwrap();
    }
}
