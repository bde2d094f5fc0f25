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
