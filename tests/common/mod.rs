//! The harness the CLI's end-to-end tests share: a temporary folder holding one archive and an
//! empty user data directory, and the `dateline` binary run against them.

#![allow(dead_code)] // each test binary uses a different part of it

use assert_cmd::Command;
use std::path::PathBuf;
use std::time::Duration;

/// The repository, where commands run (so `examples/…` paths work as in the README).
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_dateline")
}

/// A child process (a server, a driver) killed when the test ends, however it ends.
pub struct Killed(pub std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A fresh archive in a temporary folder.
pub struct Env {
    pub dir: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Env {
        Env {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }
    pub fn archive(&self) -> PathBuf {
        self.dir.path().join("archive.sqlite")
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
    /// The binary with this test's archive, an empty user data dir, a fixed user name and
    /// none of the variables that would change its behaviour; a run that hangs fails after
    /// ten minutes instead of holding the suite.
    pub fn cmd(&self) -> Command {
        let mut cmd = Command::new(bin());
        cmd.current_dir(ROOT)
            .env("DATELINE_DATA_DIR", self.dir.path().join("data"))
            .env("DATELINE_ARCHIVE", self.archive())
            .env("USER", "tester")
            .env_remove("DATELINE_READ_ONLY")
            .env_remove("RUST_LOG")
            .timeout(Duration::from_secs(600));
        cmd
    }
    /// Exit code, standard output as bytes, standard error.
    pub fn run_raw(&self, args: &[&str]) -> (i32, Vec<u8>, String) {
        let out = self.cmd().args(args).output().expect("runs");
        (
            out.status.code().unwrap_or(-1),
            out.stdout,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
    /// Exit code, standard output, standard error.
    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        let (code, out, err) = self.run_raw(args);
        (code, String::from_utf8_lossy(&out).into_owned(), err)
    }
    /// Standard output and error of a run that must succeed.
    pub fn ok_raw(&self, args: &[&str]) -> (Vec<u8>, String) {
        let (code, out, err) = self.run_raw(args);
        assert_eq!(
            code,
            0,
            "dateline {args:?} failed:\n{}\n{err}",
            String::from_utf8_lossy(&out)
        );
        (out, err)
    }
    /// Standard output of a run that must succeed.
    pub fn ok(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.ok_raw(args).0).into_owned()
    }
}

/// True when the tests run in CI (`CI=true`, as `.ci/run` sets it): a test that cannot run
/// there fails instead of skipping.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The PostgreSQL server the PostgreSQL tests use: `DATELINE_TEST_PG`, a URL such as
/// `postgres://postgres@127.0.0.1:5432/postgres` (`scripts/pg-test-cluster.sh start` makes a
/// throwaway one and prints it). Without it the test is skipped with a message on standard
/// error, except in CI, where a missing server fails it.
pub fn pg_url() -> Option<String> {
    match std::env::var("DATELINE_TEST_PG") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ => {
            if in_ci() {
                panic!(
                    "CI is set but DATELINE_TEST_PG is not: the PostgreSQL tests need a server (.ci/run starts one with scripts/pg-test-cluster.sh)"
                );
            }
            // Written to the process's standard error itself: the test harness captures
            // eprintln! and io::stderr() alike, and a skipped test must be seen.
            let line = "SKIPPED: this test needs PostgreSQL; set DATELINE_TEST_PG (eval \"$(scripts/pg-test-cluster.sh start)\" starts a throwaway server)\n";
            use std::io::Write;
            match std::fs::OpenOptions::new()
                .append(true)
                .open("/proc/self/fd/2")
            {
                Ok(mut f) => drop(f.write_all(line.as_bytes())),
                Err(_) => eprint!("{line}"),
            }
            None
        }
    }
}

/// `url` with its database replaced by `name` (user, password, host, port and parameters kept).
pub fn with_database(url: &str, name: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let query = tail
        .split_once('?')
        .map(|(_, q)| format!("?{q}"))
        .unwrap_or_default();
    format!("{scheme}://{authority}/{name}{query}")
}

/// A client of the test server (`DATELINE_TEST_PG`) or of one of its databases.
pub fn pg_client(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls)
        .unwrap_or_else(|e| panic!("cannot connect to the test server {url}: {e}"))
}

/// A new, empty database of its own on the test server, for one test; its URL. `None` (after a
/// message) when there is no test server, outside CI. Databases that earlier test processes
/// left behind (their process is gone) are dropped on the way.
pub fn fresh_pg_database() -> Option<String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let server = pg_url()?;
    let mut admin = pg_client(&server);
    drop_leftovers(&mut admin);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let name = format!(
        "dl_test_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    );
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
    Some(with_database(&server, &name))
}

/// Drops the test databases of processes that have ended (`dl_test_PID_…`), where /proc says
/// which processes run (Linux); elsewhere nothing is dropped.
fn drop_leftovers(admin: &mut postgres::Client) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(rows) = admin.query(
        "SELECT datname FROM pg_database WHERE datname LIKE 'dl\\_test\\_%'",
        &[],
    ) else {
        return;
    };
    for row in rows {
        let name: String = row.get(0);
        let pid = name.split('_').nth(2).and_then(|p| p.parse::<u32>().ok());
        let alive = pid.is_none_or(|p| {
            p == std::process::id() || std::path::Path::new(&format!("/proc/{p}")).exists()
        });
        if !alive {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}
