//! A PostgreSQL archive end to end: the real `dateline` binary with `--archive postgres://…` or
//! `DATELINE_ARCHIVE`, against a database of its own per test on the server `DATELINE_TEST_PG`
//! names (`scripts/pg-test-cluster.sh start` makes one; `.ci/run` does). Without it each test says
//! SKIPPED and passes, except under CI=true.
//!
//! What is checked: the commands give what they give on a SQLite archive; `migrate` copies an
//! archive to PostgreSQL and back without losing a row and continues its audit log; several
//! `ingest` processes at once on overlapping files store each caption once; processes with
//! ranked indexes of their own see each other's records; servers share one database; a
//! connection killed mid-ingest ends it with a message and a second run completes it; and every
//! way of failing to connect is one line that never shows the password.

use serde_json::Value;
use std::collections::{BTreeSet, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::{Env, Killed, ROOT, bin, fresh_pg_database, pg_client, pg_url, with_database};

const CAPTIONS: &str = "examples/captions.txt";
const CORPUS: &str = "tests/fixtures/corpus/captions.jsonl";

/// One test's PostgreSQL database, with a folder for its files (data dir, ranked indexes).
struct Pg {
    env: Env,
    url: String,
}

impl Pg {
    /// A fresh database; `None` when there is no test server (the test then returns).
    fn new() -> Option<Pg> {
        let url = fresh_pg_database()?;
        Some(Pg {
            env: Env::new(),
            url,
        })
    }

    /// The binary with `DATELINE_ARCHIVE` naming the database and a ranked index in this
    /// test's folder (`ranked-NAME`).
    fn cmd_in(&self, ranked: &str) -> assert_cmd::Command {
        let mut cmd = self.env.cmd();
        cmd.env("DATELINE_ARCHIVE", &self.url)
            .env(
                "DATELINE_RANKED_DIR",
                self.env.path(&format!("ranked-{ranked}")),
            )
            .env("XDG_CACHE_HOME", self.env.path("cache"));
        cmd
    }

    fn cmd(&self) -> assert_cmd::Command {
        self.cmd_in("main")
    }

    /// The same, as a process to start and wait for.
    fn spawn(&self, ranked: &str, args: &[&str]) -> Child {
        std::process::Command::new(bin())
            .current_dir(ROOT)
            .args(args)
            .env("DATELINE_DATA_DIR", self.env.path("data"))
            .env("DATELINE_ARCHIVE", &self.url)
            .env(
                "DATELINE_RANKED_DIR",
                self.env.path(&format!("ranked-{ranked}")),
            )
            .env("XDG_CACHE_HOME", self.env.path("cache"))
            .env("USER", "tester")
            .env_remove("DATELINE_READ_ONLY")
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts")
    }

    fn run_in(&self, ranked: &str, args: &[&str]) -> (i32, String, String) {
        let out = self.cmd_in(ranked).args(args).output().expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    fn run(&self, args: &[&str]) -> (i32, String, String) {
        self.run_in("main", args)
    }

    fn ok_in(&self, ranked: &str, args: &[&str]) -> String {
        let (code, out, err) = self.run_in(ranked, args);
        assert_eq!(
            code, 0,
            "dateline {args:?} on PostgreSQL failed:\n{out}\n{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
        out
    }

    fn ok(&self, args: &[&str]) -> String {
        self.ok_in("main", args)
    }

    fn client(&self) -> postgres::Client {
        pg_client(&self.url)
    }
}

/// `url` with another user (and password): `postgres://USER:PASSWORD@HOST…`.
fn with_user(url: &str, user: &str, password: Option<&str>) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let host = rest.split_once('@').map_or(rest, |(_, h)| h);
    match password {
        Some(p) => format!("{scheme}://{user}:{p}@{host}"),
        None => format!("{scheme}://{user}@{host}"),
    }
}

/// `url` with a password in it, and the password: its own if it has one, else a made-up one
/// that a server trusting the connection ignores.
fn with_secret(url: &str) -> (String, String) {
    let (_, rest) = url.split_once("://").unwrap();
    if let Some((userinfo, _)) = rest.split_once('@') {
        if let Some((_, pw)) = userinfo.split_once(':') {
            return (url.to_string(), pw.to_string());
        }
        let secret = "dl-not-shown-4711".to_string();
        return (with_user(url, userinfo, Some(&secret)), secret);
    }
    (url.to_string(), "dl-not-shown-4711".to_string())
}

/// A test that passed drops its database; a failed one leaves it to be looked at (the next
/// run's `fresh_pg_database` drops it).
impl Drop for Pg {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        if let (Some(server), Some(name)) = (pg_url(), self.url.rsplit('/').next()) {
            let name = name.split('?').next().unwrap_or(name);
            let _ = pg_client(&server)
                .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// Standard error of a failed run: one line, `dateline: error: …`, no panic, no password.
fn one_clear_line(err: &str, password: &str) -> String {
    assert!(!err.contains("panicked"), "a panic, not a message:\n{err}");
    assert!(!err.contains(password), "the password is shown:\n{err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "not one line:\n{err}");
    assert!(lines[0].starts_with("dateline: error: "), "{err}");
    lines[0].to_string()
}

/// The hits of `search --json` by id, each record as JSON without its score.
fn hits(json_lines: &str) -> Vec<Value> {
    json_lines
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).expect("a JSON hit");
            v.as_object_mut().unwrap().remove("score");
            v
        })
        .collect()
}

fn ids(json_lines: &str) -> BTreeSet<String> {
    hits(json_lines)
        .iter()
        .map(|h| h["record"]["id"].as_str().unwrap().to_string())
        .collect()
}

/// The total of `stats --json`.
fn total(stats_json: &str) -> u64 {
    let last: Value =
        serde_json::from_str(stats_json.lines().last().expect("a total line")).expect("JSON");
    assert_eq!(last["total"], true, "{stats_json}");
    last["count"].as_u64().unwrap()
}

/// A stored record as JSON without the times of its provenance (each ingest has its own).
fn timeless(show_json: &str) -> Value {
    let mut v: Value = serde_json::from_str(show_json).expect("JSON");
    for p in v["provenance"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("ingested_at");
    }
    for c in v["corrections"].as_array_mut().unwrap() {
        c.as_object_mut().unwrap().remove("at");
    }
    v
}

/// Captions as a record's id sees them: the same words, whatever the spacing.
fn distinct_captions(files: &[PathBuf]) -> usize {
    let mut seen = HashSet::new();
    for f in files {
        for line in std::fs::read_to_string(f).unwrap().lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let c = v["caption"].as_str().unwrap();
            seen.insert(c.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    seen.len()
}

/// Writes a synthetic corpus of `n` captions (`dateline bench corpus`).
fn corpus(env: &Env, name: &str, n: u64, seed: u64) -> PathBuf {
    let path = env.path(name);
    env.ok(&[
        "bench",
        "corpus",
        "--n",
        &n.to_string(),
        "--seed",
        &seed.to_string(),
        "--out",
        path.to_str().unwrap(),
    ]);
    path
}

/// Two captions with a word no other caption has.
fn write_extra(env: &Env) -> PathBuf {
    let p = env.path("extra.txt");
    std::fs::write(
        &p,
        "Volunteers hold the quokkafest lantern parade in the old city of Aleppo, Syria, \
         November 26, 2016. (Photo by Test Person/AFP)\n\n\
         A child watches the quokkafest parade in Aleppo, Syria November 27, 2016. \
         REUTERS/Test Person\n",
    )
    .unwrap();
    p
}

fn rows(client: &mut postgres::Client, sql: &str) -> (i64, i64) {
    let r = client
        .query_one(sql, &[])
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    (r.get(0), r.get(1))
}

#[test]
fn ingest_search_stats_and_show_give_what_sqlite_gives() {
    let Some(pg) = Pg::new() else { return };
    let sqlite = Env::new();
    // --archive on the command line (no DATELINE_ARCHIVE at all), with a password in the URL.
    let (url, secret) = with_secret(&pg.url);
    let with_flag = |args: &[&str]| {
        let mut cmd = pg.cmd();
        cmd.env_remove("DATELINE_ARCHIVE").args(args);
        let out = cmd.output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for file in [CAPTIONS, CORPUS] {
        let (code, _, err) = with_flag(&["ingest", "--archive", &url, file]);
        assert_eq!(code, 0, "{err}");
        let (_, expected) = sqlite.ok_raw(&["ingest", file]);
        assert_eq!(err, expected, "the ingest summary differs from SQLite's");
    }
    // Both files at once: the run's total names the database without a password.
    let (code, _, err) = with_flag(&["ingest", "--archive", &url, CAPTIONS, CORPUS]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("total: 0 new, 43 unchanged"), "{err}");
    assert!(!err.contains(&secret), "{err}");

    for query in [
        "rubble agency:AFP country:SY type:air_strike date:2016-04..2016-12",
        "agency:AFP near:36.2,37.16,25km",
        "",
    ] {
        let args = [
            "search", "--json", "--sort", "date", "--limit", "100", query,
        ];
        let (code, out, err) = with_flag(&[&args[..], &["--archive", &url]].concat());
        assert_eq!(code, 0, "{err}");
        assert_eq!(hits(&out), hits(&sqlite.ok(&args)), "search {query:?}");
        assert!(!out.is_empty() || !query.is_empty());
    }
    let text = pg.ok(&["search", "rubble", "--facets"]);
    assert_eq!(text, sqlite.ok(&["search", "rubble", "--facets"]));
    assert!(text.contains("2fb6e093742f7739"), "{text}");
    for by in [
        &["--by", "country"][..],
        &["--by", "agency", "--by", "month"],
    ] {
        let args = [&["stats"][..], by].concat();
        assert_eq!(pg.ok(&args), sqlite.ok(&args), "stats {by:?}");
    }
    let csv = ["stats", "--by", "country", "--csv", "country:SY"];
    assert_eq!(pg.ok(&csv), sqlite.ok(&csv));

    // A correction, then the record as both archives hold it.
    let fix = [
        "correct",
        "2fb6e093",
        "location.city=Aleppo",
        "--note",
        "checked",
    ];
    pg.ok(&fix);
    sqlite.ok(&fix);
    let show = ["show", "2fb6e093", "--json"];
    assert_eq!(timeless(&pg.ok(&show)), timeless(&sqlite.ok(&show)));
    let history = pg.ok(&["show", "2fb6e093", "--history"]);
    assert!(history.contains("corrected by tester"), "{history}");

    // The audit log verifies; `verify` checks what applies and says what it cannot.
    let log = pg.ok(&["log"]);
    assert!(
        log.contains("ingest-begin") && log.contains("correct"),
        "{log}"
    );
    let (code, out, err) = pg.run(&["verify"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("ok ") && out.contains("examples/captions.txt"),
        "{out}"
    );
    assert!(err.contains("SQLite-only"), "{err}");
    assert!(err.contains("audit log intact"), "{err}");
    assert!(err.contains("record(s): as sealed"), "{err}");
    let head = pg.ok(&["log", "--head"]);
    let hash = head.split_whitespace().nth(1).unwrap();
    let (code, _, err) = pg.run(&["verify", "--anchor", hash]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("anchors 1 reached"), "{err}");
    let (code, out, _) = pg.run(&["verify", "--anchor", &"0".repeat(64)]);
    assert_eq!(code, 1);
    assert!(out.contains("ANCHOR"), "{out}");
    // Reindex and re-extract work on the database too.
    let (code, _, err) = pg.run(&["reindex"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("rebuilt with 43 records"), "{err}");
    let (code, _, err) = pg.run(&["reextract"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("re-extracted 43 records"), "{err}");
}

#[test]
fn dateline_archive_names_the_database_for_every_command() {
    let Some(pg) = Pg::new() else { return };
    pg.ok(&["ingest", CAPTIONS, CORPUS]);
    assert_eq!(total(&pg.ok(&["stats", "--by", "country", "--json"])), 43);
    let stats = pg.ok(&["stats", "--by", "country"]);
    assert!(stats.lines().any(|l| l.starts_with("SY ")), "{stats}");
    // Incidents, their cache beside this process's ranked index, named by the archive's id.
    let events = pg.ok(&["events", "--json"]);
    assert!(!events.is_empty());
    let first: Value = serde_json::from_str(events.lines().next().unwrap()).unwrap();
    let id = first["id"].as_str().unwrap();
    let shown = pg.ok(&["show-event", id]);
    assert!(shown.contains(id), "{shown}");
    let head = pg.ok(&["log", "--head"]);
    let archive_id = head.split_whitespace().nth(2).expect("the archive id");
    let cache = pg.env.path(&format!("{archive_id}.incidents.json.gz"));
    assert!(cache.is_file(), "no incident cache at {}", cache.display());
    assert_eq!(pg.ok(&["events", "--json"]), events);
    // Exports.
    let csv = pg.ok(&["export", "csv", "country:SY"]);
    assert!(csv.lines().count() > 1, "{csv}");
    let jsonl = pg.ok(&["export", "jsonl"]);
    assert_eq!(jsonl.lines().count(), 43);
    let acled = pg.ok(&["export", "acled", "country:SY"]);
    assert!(acled.lines().count() > 1, "{acled}");
    // Read-only by request: reading works.
    let (code, out, err) = {
        let out = pg
            .cmd()
            .env("DATELINE_READ_ONLY", "1")
            .args(["search", "rubble"])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("2fb6e093742f7739"), "{out}");
}

#[test]
fn migrate_copies_to_postgres_and_back_and_continues_the_log() {
    let Some(pg) = Pg::new() else { return };
    let env = &pg.env;
    let first = env.archive();
    env.ok(&["ingest", CAPTIONS, CORPUS]);
    env.ok(&[
        "correct",
        "2fb6e093",
        "location.city=Aleppo",
        "--note",
        "checked",
    ]);
    let source_log: Vec<Value> = env
        .ok(&["log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();

    // SQLite → PostgreSQL.
    let (code, out, err) = {
        let out = pg
            .cmd()
            .args([
                "migrate",
                "--from",
                first.to_str().unwrap(),
                "--to",
                &pg.url,
            ])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.lines().any(|l| l.starts_with("records ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("audit ")), "{out}");
    assert!(out.lines().last().unwrap().starts_with("total"), "{out}");
    assert!(err.contains("copied") && err.contains("continues"), "{err}");

    // PostgreSQL → a new SQLite file.
    let back = env.path("back.sqlite");
    let json = pg.ok(&[
        "migrate",
        "--from",
        &pg.url,
        "--to",
        back.to_str().unwrap(),
        "--json",
    ]);
    let summary: Value = serde_json::from_str(json.trim()).expect("one JSON object");
    let tables = summary["tables"].as_array().unwrap();
    let records = tables
        .iter()
        .find(|t| t["table"] == "records")
        .expect("a records table");
    assert_eq!(records["rows"], 43, "{json}");
    assert!(summary["head"]["hash"].is_string(), "{json}");

    // The same answers from all three.
    let on = |archive: &str, args: &[&str]| {
        let out = pg
            .cmd()
            .env("DATELINE_ARCHIVE", archive)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "dateline {args:?} on {archive}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let archives = [
        first.to_str().unwrap().to_string(),
        pg.url.clone(),
        back.to_str().unwrap().to_string(),
    ];
    let search = ["search", "--json", "--sort", "date", "--limit", "1000", ""];
    let csv = ["export", "csv"];
    let reference = (hits(&on(&archives[0], &search)), on(&archives[0], &csv));
    assert_eq!(reference.0.len(), 43);
    for a in &archives[1..] {
        assert_eq!(hits(&on(a, &search)), reference.0, "search on {a}");
        assert_eq!(on(a, &csv), reference.1, "export csv on {a}");
        assert_eq!(
            timeless(&on(a, &["show", "2fb6e093", "--json"])),
            timeless(&on(&archives[0], &["show", "2fb6e093", "--json"]))
        );
    }
    // Each target's log holds the source's, then a migrate entry; the chain verifies.
    let pg_log: Vec<Value> = on(&pg.url, &["log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&pg_log[..source_log.len()], &source_log[..]);
    assert_eq!(pg_log.len(), source_log.len() + 1);
    assert_eq!(pg_log.last().unwrap()["action"], "migrate");
    let back_log: Vec<Value> = on(&archives[2], &["log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&back_log[..pg_log.len()], &pg_log[..]);
    assert_eq!(back_log.len(), pg_log.len() + 1);
    assert_eq!(back_log.last().unwrap()["action"], "migrate");
    for a in &archives {
        on(a, &["log"]);
    }
    // The SQLite copy passes every check, seals included.
    let verified = pg
        .cmd()
        .env("DATELINE_ARCHIVE", &archives[2])
        .args(["verify"])
        .output()
        .unwrap();
    assert!(
        verified.status.success(),
        "{}{}",
        String::from_utf8_lossy(&verified.stdout),
        String::from_utf8_lossy(&verified.stderr)
    );

    // A target that holds an archive already is refused, and left as it was.
    for target in [pg.url.as_str(), archives[2].as_str()] {
        let (code, _, err) = pg.run(&["migrate", "--from", &archives[0], "--to", target]);
        assert_eq!(code, 1, "{err}");
        let line = one_clear_line(&err, "no-password-given");
        assert!(
            line.contains("empty") || line.contains("not new") || line.contains("already"),
            "{line}"
        );
    }
    assert!(back.is_file());
    assert_eq!(hits(&on(&archives[2], &search)), reference.0);
    // A source database that holds no archive is refused, and no target is made.
    let empty = Pg::new().unwrap();
    let never = env.path("never.sqlite");
    let (code, _, err) = pg.run(&[
        "migrate",
        "--from",
        &empty.url,
        "--to",
        never.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    let line = one_clear_line(&err, "no-password-given");
    assert!(line.contains("no dateline archive"), "{line}");
    assert!(!never.exists());
}

#[test]
fn concurrent_ingest_processes_store_each_caption_once() {
    let Some(pg) = Pg::new() else { return };
    let env = &pg.env;
    // Four files that overlap: each shares half its captions with the next.
    let all = corpus(env, "all.jsonl", 2400, 11);
    let lines: Vec<String> = std::fs::read_to_string(&all)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let files: Vec<PathBuf> = (0..4)
        .map(|i| {
            let p = env.path(&format!("part{i}.jsonl"));
            let start = i * 480;
            let mut part = lines[start..start + 960].join("\n");
            part.push('\n');
            std::fs::write(&p, part).unwrap();
            p
        })
        .collect();
    let expected = distinct_captions(&files);
    // The same files one after another into SQLite: the reference.
    for f in &files {
        env.ok(&["ingest", f.to_str().unwrap()]);
    }
    assert_eq!(
        total(&env.ok(&["stats", "--json"])),
        expected as u64,
        "SQLite's reference count"
    );

    let children: Vec<Child> = files
        .iter()
        .enumerate()
        .map(|(i, f)| pg.spawn(&format!("p{i}"), &["ingest", f.to_str().unwrap()]))
        .collect();
    for (i, c) in children.into_iter().enumerate() {
        let out = c.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "ingest {i} failed: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    assert_eq!(total(&pg.ok(&["stats", "--json"])), expected as u64);
    let (n, distinct) = rows(
        &mut pg.client(),
        "SELECT count(*), count(DISTINCT caption) FROM records",
    );
    assert_eq!((n, distinct), (expected as i64, expected as i64));
    let (n, distinct) = rows(
        &mut pg.client(),
        "SELECT count(*), count(DISTINCT id) FROM records",
    );
    assert_eq!(n, distinct, "a record stored twice");
    // One begin and one end per process in a log whose chain verifies.
    pg.ok(&["log"]);
    let log = pg.ok(&["log", "--json"]);
    let actions: Vec<String> = log
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["action"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(actions.iter().filter(|a| *a == "ingest-begin").count(), 4);
    assert_eq!(actions.iter().filter(|a| *a == "ingest").count(), 4);
    // Every process's search finds all of it.
    let everything = ["search", "--json", "--facets", "--limit", "1", ""];
    for ranked in ["main", "p0", "p3"] {
        let v: Value = serde_json::from_str(pg.ok_in(ranked, &everything).trim()).unwrap();
        assert_eq!(
            v["total"], expected as u64,
            "search with the index of {ranked}"
        );
    }
}

#[test]
fn processes_with_their_own_ranked_index_see_each_others_records() {
    let Some(pg) = Pg::new() else { return };
    pg.ok_in("writer", &["ingest", CAPTIONS, CORPUS]);
    let query = ["search", "--json", "--limit", "100", "aleppo OR quokkafest"];
    let before = ids(&pg.ok_in("one", &query));
    assert!(!before.is_empty());
    assert_eq!(ids(&pg.ok_in("two", &query)), before);
    assert!(pg.env.path("ranked-one").is_dir() && pg.env.path("ranked-two").is_dir());
    let new = ["search", "--json", "quokkafest"];
    assert!(pg.ok_in("one", &new).is_empty());

    // A third process adds records; both indexes catch up with them.
    let extra = write_extra(&pg.env);
    pg.ok_in("writer", &["ingest", extra.to_str().unwrap()]);
    let after_one = ids(&pg.ok_in("one", &query));
    let after_two = ids(&pg.ok_in("two", &query));
    assert_eq!(after_one, after_two);
    assert_eq!(after_one.len(), before.len() + 2, "{after_one:?}");
    assert!(after_one.is_superset(&before));
    assert_eq!(ids(&pg.ok_in("one", &new)).len(), 2);
    assert_eq!(ids(&pg.ok_in("two", &new)).len(), 2);
    // A correction made by one is what the other finds.
    let id = ids(&pg.ok_in("one", &new)).into_iter().next().unwrap();
    pg.ok_in("one", &["correct", &id, "location.city=Zyxwvut"]);
    let found = ids(&pg.ok_in("two", &["search", "--json", "city:Zyxwvut"]));
    assert_eq!(found, BTreeSet::from([id]));
}

/// Starts `dateline serve` on a free port; returns it, its address and its start message.
fn serve(pg: &Pg, ranked: &str, url: &str) -> (Killed, String, String) {
    let mut child = std::process::Command::new(bin())
        .current_dir(ROOT)
        .args(["serve", "--bind", "127.0.0.1:0", "--archive", url])
        .env("DATELINE_DATA_DIR", pg.env.path("data"))
        .env(
            "DATELINE_RANKED_DIR",
            pg.env.path(&format!("ranked-{ranked}")),
        )
        .env("XDG_CACHE_HOME", pg.env.path("cache"))
        .env_remove("DATELINE_ARCHIVE")
        .env_remove("DATELINE_TOKEN")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let line = loop {
        let l = lines.next().expect("serve exited").unwrap();
        assert!(!l.contains("panicked"), "{l}");
        if l.contains("serving") {
            break l;
        }
    };
    std::thread::spawn(move || for _ in lines {});
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap()
        .to_string();
    (Killed(child), addr, line)
}

/// GET `path`: the status and the body.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (
        head.split(' ').nth(1).unwrap().parse().unwrap(),
        body.to_string(),
    )
}

fn api_total(addr: &str, q: &str) -> u64 {
    let (status, body) = get(addr, &format!("/api/search?q={q}"));
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    v["total"].as_u64().unwrap()
}

#[test]
fn several_servers_share_one_database() {
    let Some(pg) = Pg::new() else { return };
    pg.ok_in("writer", &["ingest", CAPTIONS]);
    // A password in the URL (the test server's own, or one it does not ask for) is never shown.
    let (url, secret) = with_secret(&pg.url);
    let (_a, addr_a, line) = serve(&pg, "a", &url);
    assert!(!line.contains(&secret), "{line}");
    assert!(line.contains("this machine only"), "{line}");
    let (_b, addr_b, _) = serve(&pg, "b", &pg.url);
    let (status, body) = get(&addr_a, "/api/search?q=rubble");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("2fb6e093742f7739"), "{body}");
    assert!(!body.contains(&secret));
    assert_eq!(api_total(&addr_b, "rubble"), 1);
    let (status, page) = get(&addr_a, "/?q=rubble");
    assert_eq!(status, 200);
    assert!(!page.contains(&secret));
    // Another process ingests; both servers find the new records.
    let extra = write_extra(&pg.env);
    pg.ok_in("writer", &["ingest", extra.to_str().unwrap()]);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (a, b) = (
            api_total(&addr_a, "quokkafest"),
            api_total(&addr_b, "quokkafest"),
        );
        if (a, b) == (2, 2) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "after 30 s the servers find {a} and {b} of the 2 new records"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_connection_killed_mid_ingest_stops_it_and_a_second_run_completes_it() {
    let Some(pg) = Pg::new() else { return };
    let big = corpus(&pg.env, "big.jsonl", 20_000, 5);
    let expected = distinct_captions(std::slice::from_ref(&big));
    let db = pg.url.rsplit('/').next().unwrap().to_string();
    let mut child = pg.spawn("main", &["ingest", big.to_str().unwrap()]);
    let mut admin = pg_client(&pg_url().unwrap());
    let watch_url = if pg.url.contains('?') {
        format!("{}&application_name=dl-test-watch", pg.url)
    } else {
        format!("{}?application_name=dl-test-watch", pg.url)
    };
    let mut watch = pg_client(&watch_url);
    // Once records are arriving, its connections are cut until it gives up.
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut killed = 0u64;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the ingest neither failed nor ended"
        );
        let arriving = watch
            .query_one("SELECT count(*) FROM records", &[])
            .map(|r| r.get::<_, i64>(0) > 0)
            .unwrap_or(false);
        if arriving {
            let n = admin
                .query_one(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                     WHERE datname = $1 AND pid <> pg_backend_pid()
                       AND application_name <> 'dl-test-watch'",
                    &[&db],
                )
                .unwrap()
                .get::<_, i64>(0);
            killed += n as u64;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        killed > 0,
        "no connection was cut; the ingest ended first: {err}"
    );
    assert!(
        !status.success(),
        "the ingest went on after its connections were cut: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let line = err
        .lines()
        .find(|l| l.starts_with("dateline: error: "))
        .unwrap_or_else(|| panic!("no error line: {err}"));
    eprintln!("{killed} connection(s) cut; the ingest said: {line}");
    let lower = line.to_lowercase();
    assert!(
        line.contains("big.jsonl") || lower.contains("connection") || lower.contains("terminat"),
        "{line}"
    );
    // A second run stores the rest: every caption once, and a log whose chain verifies.
    let (code, _, err) = pg.run(&["ingest", big.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(total(&pg.ok(&["stats", "--json"])), expected as u64);
    let (n, distinct) = rows(
        &mut pg.client(),
        "SELECT count(*), count(DISTINCT id) FROM records",
    );
    assert_eq!((n, distinct), (expected as i64, expected as i64));
    pg.ok(&["log"]);
}

#[test]
fn failing_to_connect_is_one_line_without_the_password() {
    let Some(server) = pg_url() else { return };
    let env = Env::new();
    let run = |url: &str, args: &[&str]| {
        let out = env
            .cmd()
            .env("DATELINE_RANKED_DIR", env.path("ranked"))
            .env("XDG_CACHE_HOME", env.path("cache"))
            .env("DATELINE_ARCHIVE", url)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let caption = env.path("c.txt");
    std::fs::write(
        &caption,
        "A caption from Aleppo, Syria, November 26, 2016.\n",
    )
    .unwrap();
    let caption = caption.to_str().unwrap();
    let fails = |url: &str, password: &str| -> String {
        let mut line = String::new();
        for args in [
            &["ingest", caption][..],
            &["search", "aleppo"],
            &["stats"],
            &["log"],
        ] {
            let (code, err) = run(url, args);
            assert_eq!(code, 1, "{args:?} on {url}: {err}");
            line = one_clear_line(&err, password);
        }
        line
    };
    // A malformed URL.
    let line = fails(
        "postgres://dateline:hunter2-secret@127.0.0.1:notaport/photos",
        "hunter2-secret",
    );
    assert!(line.to_lowercase().contains("port"), "{line}");
    // A port where nothing listens.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let line = fails(
        &format!("postgres://dateline:hunter2-secret@127.0.0.1:{port}/photos"),
        "hunter2-secret",
    );
    assert!(line.contains(&format!("127.0.0.1:{port}")), "{line}");
    // A database that does not exist (dateline never creates one).
    let missing = with_database(&server, &format!("dl_missing_{}", std::process::id()));
    let line = fails(&missing, "hunter2-secret");
    assert!(line.contains("does not exist"), "{line}");
    // A role that does not exist.
    let nobody = with_user(
        &server,
        &format!("dl_nobody_{}", std::process::id()),
        Some("hunter2-secret"),
    );
    let line = fails(&nobody, "hunter2-secret");
    assert!(
        line.contains("does not exist") || line.contains("authentication"),
        "{line}"
    );
    // A wrong password. The test cluster asks the role dateline_pw for its password
    // (scripts/pg-test-cluster.sh); a server that trusts every local connection cannot refuse a
    // wrong one, and then this case is left out, said on standard error.
    let mut admin = pg_client(&server);
    admin
        .batch_execute(
            "DO $$ BEGIN CREATE ROLE dateline_pw LOGIN PASSWORD 'the-right-one';
             EXCEPTION WHEN duplicate_object THEN ALTER ROLE dateline_pw LOGIN PASSWORD 'the-right-one'; END $$",
        )
        .unwrap();
    let wrong = with_user(&server, "dateline_pw", Some("hunter2-secret"));
    match postgres::Client::connect(&wrong, postgres::NoTls) {
        Ok(_) => {
            let _ = writeln!(
                std::io::stderr(),
                "NOTE: {} trusts local connections, so a wrong password cannot be refused; tested a role that does not exist instead",
                with_database(&server, "")
            );
            // The role is of no use on such a server; it is not left there.
            let _ = admin.batch_execute("DROP ROLE IF EXISTS dateline_pw");
        }
        Err(_) => {
            let line = fails(&wrong, "hunter2-secret");
            assert!(
                line.contains("password") || line.contains("authentication"),
                "{line}"
            );
        }
    }
    // Nothing was made on disk for any of them.
    assert!(!Path::new(ROOT).join("postgres:").exists());
}

#[test]
fn a_url_of_another_kind_of_database_is_refused_not_taken_for_a_file() {
    let env = Env::new();
    for url in [
        "mysql://dateline:hunter2-secret@db.internal/photos",
        "postgress://dateline:hunter2-secret@db.internal/photos",
    ] {
        for args in [&["ingest", CAPTIONS][..], &["search", "x"]] {
            let out = env
                .cmd()
                .env("DATELINE_ARCHIVE", url)
                .args(args)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            let err = String::from_utf8_lossy(&out.stderr);
            let line = one_clear_line(&err, "hunter2-secret");
            assert!(line.contains("PostgreSQL URL"), "{line}");
        }
        let scheme = url.split(':').next().unwrap();
        assert!(!Path::new(ROOT).join(format!("{scheme}:")).exists());
    }
    // migrate refuses the same, and a copy onto itself.
    let (code, _, err) = env.run(&[
        "migrate",
        "--from",
        "mysql://u:hunter2-secret@h/db",
        "--to",
        "x.sqlite",
    ]);
    assert_eq!(code, 1);
    one_clear_line(&err, "hunter2-secret");
    env.ok(&["ingest", CAPTIONS]);
    let a = env.archive();
    let (code, _, err) = env.run(&[
        "migrate",
        "--from",
        a.to_str().unwrap(),
        "--to",
        a.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(
        one_clear_line(&err, "no-password-given").contains("both name"),
        "{err}"
    );
}
