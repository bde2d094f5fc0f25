//! End-to-end tests of the archive's hard edges, each a case that probing the archive as an
//! attacker or a careless operator found: tampering that `verify` must report, numbers and
//! queries beyond the limits, sources that are not regular files, read-only archives, damaged
//! ranked indexes and malformed input files.

use std::path::{Path, PathBuf};

mod common;

use common::{Env, ROOT};

impl Env {
    /// An archive with the repository's sample captions.
    fn with_examples() -> Env {
        let env = Env::new();
        let file = env.path("captions.txt");
        std::fs::copy(Path::new(ROOT).join("examples/captions.txt"), &file).unwrap();
        env.ok(&["ingest", file.to_str().unwrap()]);
        env
    }
    fn sql(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.archive()).unwrap()
    }
}
#[test]
fn verify_reports_a_rewritten_record_that_search_would_find() {
    let env = Env::with_examples();
    let (code, _, err) = env.run(&["verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("as sealed") && err.contains("search engines agree"),
        "{err}"
    );
    let c = env.sql();
    assert!(
        c.execute(
            "UPDATE records SET caption = 'TAMPERED fire' WHERE rowid = 1",
            []
        )
        .is_err()
    );
    c.execute_batch("DROP TRIGGER records_fixed").unwrap();
    c.execute(
        "UPDATE records SET caption = 'TAMPERED fire' WHERE rowid = 1",
        [],
    )
    .unwrap();
    c.execute("UPDATE records SET country = 'FR' WHERE rowid = 2", [])
        .unwrap();
    drop(c);
    let (code, out, err) = env.run(&["verify"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("ALTERED") && out.contains("not the hash of the caption"),
        "{out}"
    );
    assert!(out.contains("country"), "{out}");
    assert!(err.contains("ALTERED"), "{err}");
}

#[test]
fn log_head_is_an_anchor_that_verify_checks() {
    let env = Env::with_examples();
    let head = env.ok(&["log", "--head"]);
    let words: Vec<&str> = head.split_whitespace().collect();
    assert_eq!(words.len(), 3, "{head}");
    assert_eq!(words[1].len(), 64);
    let anchor_file = env.path("published-anchor.txt");
    std::fs::write(&anchor_file, &head).unwrap();
    env.ok(&["verify", "--anchor", words[1]]);
    env.ok(&["verify", "--anchor", anchor_file.to_str().unwrap()]);
    // The end of the log is cut, and the archive's own anchors file removed as well.
    std::fs::remove_file(format!("{}.anchors", env.archive().display())).unwrap();
    let c = env.sql();
    c.execute_batch("DROP TRIGGER audit_no_delete").unwrap();
    c.execute("DELETE FROM audit WHERE seq >= 3", []).unwrap();
    drop(c);
    let (code, out, err) = env.run(&["verify", "--anchor", anchor_file.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("cut from its end"), "{out}");
    // Not an anchor at all: a clear error.
    let (code, _, err) = env.run(&["verify", "--anchor", "nonsense"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("neither a 64-digit hash nor a readable file"),
        "{err}"
    );
}

#[test]
fn the_archives_own_anchors_report_a_truncated_log() {
    let env = Env::with_examples();
    env.ok(&["verify"]);
    let c = env.sql();
    c.execute_batch("DROP TRIGGER audit_no_delete").unwrap();
    c.execute("DELETE FROM audit", []).unwrap();
    drop(c);
    let (code, out, _) = env.run(&["verify"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("ANCHOR") && out.contains("cut from its end"),
        "{out}"
    );
}

#[test]
fn numbers_beyond_their_bounds_are_clear_errors_not_panics() {
    let env = Env::with_examples();
    for args in [
        &["search", "fire", "--limit", "18446744073709551615"][..],
        &["search", "fire", "--limit", "10000000000"],
        &["search", "fire", "--page", "18446744073709551615"],
        &["search", "fire", "--page", "4294967297", "--limit", "1000"],
        &["search", "fire", "--limit", "0"],
        &["search", "fire", "--timeout", "0"],
    ] {
        let (code, out, err) = env.run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.contains("--limit") || err.contains("--page") || err.contains("--timeout"),
            "{err}"
        );
    }
    let (code, _, err) = env.run(&["reextract", "--threads", "100000000"]);
    assert_eq!(code, 1);
    assert!(err.contains("--threads 100000000: at most"), "{err}");
}

#[test]
fn pathological_queries_are_refused_with_the_limit_named() {
    let env = Env::with_examples();
    let ors = vec!["a"; 200].join(" OR ");
    let prefixes = "a* ".repeat(100);
    let filters = "agency:AFP ".repeat(9000);
    for (q, limit) in [(&ors, "words"), (&prefixes, "prefix"), (&filters, "bytes")] {
        let (code, _, err) = env.run(&["search", q]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(limit) && err.contains("limit"), "{err}");
        assert_eq!(err.matches("limit").count(), 1, "said once: {err}");
    }
    let filters = "agency:AFP ".repeat(40);
    let (code, _, err) = env.run(&["search", &filters]);
    assert_eq!(code, 2);
    assert!(err.contains("32 filters"), "{err}");
}

#[test]
fn a_query_of_only_emoji_or_punctuation_matches_nothing() {
    let env = Env::with_examples();
    for q in ["🔥", "'", "(", "\"!!\""] {
        let (code, out, err) = env.run(&["search", q]);
        assert_eq!(code, 2, "{q}: {out}{err}");
        assert!(err.contains("nothing to search for"), "{err}");
        assert!(out.is_empty());
    }
    // Compatibility forms fold like the caption text, in both engines.
    for ranker in ["tantivy", "fts5"] {
        let plain = env.ok(&["search", "rubble", "--json", "--ranker", ranker]);
        let wide = env.ok(&["search", "ｒｕｂｂｌｅ", "--json", "--ranker", ranker]);
        assert!(!plain.is_empty());
        assert_eq!(plain.lines().count(), wide.lines().count(), "{ranker}");
    }
}

#[cfg(unix)]
#[test]
fn verify_does_not_hang_on_a_source_that_became_a_fifo() {
    let env = Env::new();
    let file = env.path("captions.txt");
    std::fs::copy(Path::new(ROOT).join("examples/captions.txt"), &file).unwrap();
    env.ok(&["ingest", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&file).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    let (code, out, _) = env.run(&["verify"]);
    assert_eq!(code, 1);
    assert!(out.contains("unreadable"), "{out}");
}

#[test]
fn a_read_only_archive_is_searched_without_writing_anything() {
    let env = Env::with_examples();
    env.ok(&["verify"]);
    let before = listing(env.dir.path());
    let db = std::fs::read(env.archive()).unwrap();
    for args in [
        &["search", "rubble"][..],
        &["stats", "--by", "agency"],
        &["log"],
        &["show", "0000"],
    ] {
        let out = env
            .cmd()
            .env("DATELINE_READ_ONLY", "1")
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("readonly database") && !err.contains("in use"),
            "{args:?}: {err}"
        );
        if args[0] != "show" {
            assert!(out.status.success(), "{args:?}: {err}");
        }
    }
    let out = env
        .cmd()
        .env("DATELINE_READ_ONLY", "1")
        .args(["search", "rubble", "--json"])
        .output()
        .unwrap();
    assert!(!out.stdout.is_empty());
    // verify checks and says so, but records nothing.
    let out = env
        .cmd()
        .env("DATELINE_READ_ONLY", "1")
        .arg("verify")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        listing(env.dir.path()),
        before,
        "files were created or removed"
    );
    assert_eq!(
        std::fs::read(env.archive()).unwrap(),
        db,
        "the archive file changed"
    );
}

/// An unprivileged user on a directory they can read but not write: no flag needed. Run as
/// `nobody` through `setpriv` when the tests run as root (who may write anything).
#[cfg(unix)]
#[test]
fn a_read_only_directory_is_detected_without_being_told() {
    use std::os::unix::fs::PermissionsExt;
    let env = Env::with_examples();
    env.ok(&["verify"]);
    let d = env.dir.path();
    let root = unsafe { libc_geteuid() } == 0;
    let mode = if root { 0o755 } else { 0o555 };
    std::fs::set_permissions(d, std::fs::Permissions::from_mode(mode)).unwrap();
    let before = listing(d);
    let run = |args: &[&str]| {
        let mut cmd = if root {
            let mut c = std::process::Command::new("setpriv");
            c.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
                .arg(env!("CARGO_BIN_EXE_dateline"));
            c
        } else {
            std::process::Command::new(env!("CARGO_BIN_EXE_dateline"))
        };
        cmd.args(args)
            .env("DATELINE_ARCHIVE", env.archive())
            .env("DATELINE_DATA_DIR", d.join("data"))
            .env_remove("DATELINE_READ_ONLY")
            .output()
    };
    let mut outputs = Vec::new();
    for args in [
        &["search", "rubble"][..],
        &["stats", "--by", "agency"],
        &["log"],
    ] {
        outputs.push((args, run(args)));
    }
    std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
    for (args, out) in outputs {
        let out = match out {
            Ok(o) if !(root && matches!(o.status.code(), Some(126 | 127))) => o,
            other => {
                eprintln!("SKIPPED: cannot run dateline as an unprivileged user here ({other:?})");
                return;
            }
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(!out.stdout.is_empty(), "{args:?}");
        assert!(
            !err.contains("readonly") && !err.contains("in use"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(listing(d), before, "files were created beside the archive");
}

#[cfg(unix)]
unsafe extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}

fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn reindex_repairs_a_damaged_index_and_search_keeps_answering() {
    let env = Env::with_examples();
    let ranked = PathBuf::from(format!("{}.ranked", env.archive().display()));
    let expected = env
        .ok(&["search", "rubble", "--json", "--ranker", "fts5"])
        .lines()
        .count();
    // Random bytes in every segment file.
    for e in std::fs::read_dir(&ranked).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains('.') && !name.starts_with('.') && !name.ends_with(".json") {
            let len = std::fs::metadata(&p).unwrap().len() as usize;
            std::fs::write(&p, vec![0x5a; len]).unwrap();
        }
    }
    let (code, out, _) = env.run(&["search", "rubble", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), expected);
    let (code, _, err) = env.run(&["reindex"]);
    assert_eq!(code, 0, "{err}");
    let (_, _, err) = env.run(&["verify"]);
    assert!(err.contains("search engines agree"), "{err}");
    assert_eq!(
        env.ok(&["search", "rubble", "--json"]).lines().count(),
        expected
    );
}

#[test]
fn a_csv_with_an_unterminated_quote_says_where_and_keeps_the_other_rows() {
    let env = Env::new();
    let csv = env.path("photos.csv");
    std::fs::write(
        &csv,
        "id,caption\n\
         1,Smoke rises over Idlib on April 4 2017. (Photo by A B/AFP)\n\
         2,\"A boy in the rubble of Aleppo on May 1 2016. (Reuters)\n\
         3,Rescue workers in Homs on June 2 2016. (AP Photo/C D)\n",
    )
    .unwrap();
    let (code, _, err) = env.run(&["ingest", csv.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("photos.csv:3") && err.contains("never closed"),
        "{err}"
    );
    assert!(err.contains("2 new"), "{err}");
}

#[test]
fn empty_captions_and_files_are_reported() {
    let env = Env::new();
    let j = env.path("empty.jsonl");
    std::fs::write(&j, "{\"caption\": \"\"}\n").unwrap();
    let (code, _, err) = env.run(&["ingest", j.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("empty.jsonl:1") && err.contains("empty caption"),
        "{err}"
    );
    assert!(err.contains("0 new"), "{err}");
    let c = env.path("empty.csv");
    std::fs::write(&c, "").unwrap();
    let (code, _, err) = env.run(&["extract", "--input", "csv", c.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("no header row"), "{err}");
    assert!(!err.contains("no a caption"), "{err}");
}

#[test]
fn library_warnings_stay_off_the_terminal_during_ingest_correct_reextract() {
    // tantivy's "couldn't find segment in SegmentManager" appeared in 2 of 3 such runs.
    for _ in 0..3 {
        let env = Env::with_examples();
        let out = env.ok(&["search", "rubble", "--json"]);
        let id = out.lines().next().and_then(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            Some(v["record"]["id"].as_str()?.to_string())
        });
        let id = id.expect("a hit");
        env.ok(&["correct", &id, "location.city=Aleppo", "--note", "checked"]);
        let (code, _, err) = env.run(&["reextract"]);
        assert_eq!(code, 0, "{err}");
        assert!(
            !err.contains("WARN") && !err.contains("SegmentManager"),
            "{err}"
        );
    }
}
