//! Output on a real terminal: the commands run on a pseudo-terminal (portable-pty), where they
//! colour their output, and what a user sees must line up exactly as the piped output does.
//! NO_COLOR and `--color` are honoured by every writer, library warnings (tracing) included.

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::Read;
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_dateline");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A user data directory that does not exist, so a user's own lexicons never leak in.
fn no_data_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("dateline-terminal-no-such-data-dir")
}

/// Runs the binary on a pseudo-terminal (stdout and stderr both on it) and returns everything it
/// wrote, with the terminal's CR LF turned back into LF. `None` when this machine offers no
/// pseudo-terminals (then the test says so and passes, except on CI where it must run).
fn on_terminal(args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let pair = match native_pty_system().openpty(PtySize {
        rows: 60,
        cols: 400,
        pixel_width: 0,
        pixel_height: 0,
    }) {
        Ok(p) => p,
        Err(e) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "no pseudo-terminal on CI: {e}"
            );
            eprintln!("SKIPPED: no pseudo-terminal on this machine: {e}");
            return None;
        }
    };
    let mut cmd = CommandBuilder::new(BIN);
    cmd.args(args);
    cmd.cwd(ROOT);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    cmd.env_remove("RUST_LOG");
    cmd.env("DATELINE_DATA_DIR", no_data_dir());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = pair.slave.spawn_command(cmd).expect("spawn on the pty");
    // Only the child holds the terminal's other end now, so reading ends when it exits.
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("pty reader");
    let collect = std::thread::spawn(move || {
        let mut buf = Vec::new();
        // Linux reports EIO once the child has closed the terminal: what was read is kept.
        let _ = reader.read_to_end(&mut buf);
        buf
    });
    let status = child.wait().expect("wait for the child");
    let bytes = collect.join().expect("reader thread");
    drop(pair.master);
    assert!(
        status.success(),
        "{args:?} failed on the terminal: {status:?}"
    );
    Some(String::from_utf8_lossy(&bytes).replace("\r\n", "\n"))
}

/// Runs the binary with its output piped, as a script would.
fn piped(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .current_dir(ROOT)
        .env_remove("NO_COLOR")
        .env_remove("RUST_LOG")
        .env("DATELINE_DATA_DIR", no_data_dir());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The colour (SGR) sequences in the text: `ESC [ digits/semicolons m`.
fn colour_codes(s: &str) -> usize {
    let b = s.as_bytes();
    let mut n = 0;
    for i in 0..b.len() {
        if b[i] == 0x1b && b.get(i + 1) == Some(&b'[') {
            let rest = &b[i + 2..];
            let end = rest
                .iter()
                .position(|c| !(c.is_ascii_digit() || *c == b';'))
                .unwrap_or(rest.len());
            if rest.get(end) == Some(&b'm') {
                n += 1;
            }
        }
    }
    n
}

/// The text as a terminal shows it: colour sequences removed.
fn strip_colour(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("\x1b[") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        if after[end..].starts_with('m') {
            rest = &after[end + 1..];
        } else {
            out.push_str("\x1b[");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn the_pretty_view_lines_up_on_a_terminal_as_it_does_piped() {
    let args = ["extract", "--format", "pretty", "examples/captions.txt"];
    let Some(tty) = on_terminal(&args, &[]) else {
        return;
    };
    assert!(colour_codes(&tty) > 0, "no colour on a terminal:\n{tty}");
    let plain = piped(&args, &[]);
    assert_eq!(colour_codes(&plain), 0);
    assert_eq!(strip_colour(&tty), plain);
    // The showcase's own line, as the README prints it.
    assert!(
        strip_colour(&tty).contains("\n  creators      Ameer Alhalbi\n"),
        "{tty}"
    );
}

#[test]
fn no_color_and_the_color_flag_are_honoured_on_a_terminal() {
    let args = ["extract", "--format", "pretty", "examples/captions.txt"];
    let Some(tty) = on_terminal(&args, &[("NO_COLOR", "1")]) else {
        return;
    };
    assert_eq!(colour_codes(&tty), 0, "NO_COLOR ignored:\n{tty}");
    let never = on_terminal(
        &["--color", "never", args[0], args[1], args[2], args[3]],
        &[],
    )
    .unwrap();
    assert_eq!(colour_codes(&never), 0, "--color never ignored");
    // `--color always` colours a pipe, and wins over NO_COLOR (no-color.org: flags override it).
    let always = piped(
        &["--color", "always", args[0], args[1], args[2], args[3]],
        &[("NO_COLOR", "1")],
    );
    assert!(colour_codes(&always) > 0, "--color always ignored");
    assert_eq!(strip_colour(&always), piped(&args, &[]));
}

#[test]
fn show_lines_up_and_library_warnings_follow_the_colour_choice() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("a.sqlite");
    let archive = archive.to_str().unwrap();
    let env = [("DATELINE_ARCHIVE", archive)];
    // Log lines (tracing) with RUST_LOG=dateline=debug: coloured on a terminal by default,
    // plain with NO_COLOR or --color never.
    let Some(logged) = on_terminal(
        &["ingest", "examples/captions.txt"],
        &[env[0], ("RUST_LOG", "dateline=debug")],
    ) else {
        return;
    };
    assert!(logged.contains("DEBUG"), "no library log lines:\n{logged}");
    assert!(colour_codes(&logged) > 0, "{logged}");
    let fresh = dir.path().join("b.sqlite");
    let fresh_env = [
        ("DATELINE_ARCHIVE", fresh.to_str().unwrap()),
        ("RUST_LOG", "dateline=debug"),
        ("NO_COLOR", "1"),
    ];
    let plain = on_terminal(&["ingest", "examples/captions.txt"], &fresh_env).unwrap();
    assert!(plain.contains("DEBUG"), "{plain}");
    assert_eq!(
        colour_codes(&plain),
        0,
        "tracing ignored NO_COLOR:\n{plain}"
    );
    let never = on_terminal(
        &["--color", "never", "reindex"],
        &[env[0], ("RUST_LOG", "dateline=debug")],
    )
    .unwrap();
    assert_eq!(
        colour_codes(&never),
        0,
        "tracing ignored --color never:\n{never}"
    );

    let id = piped(&["search", "barrel bomb", "--json"], &env);
    let id: serde_json::Value = serde_json::from_str(id.lines().next().unwrap()).unwrap();
    let id = id["record"]["id"].as_str().unwrap().to_string();
    let args = ["show", id.as_str()];
    let tty = on_terminal(&args, &env).unwrap();
    assert!(colour_codes(&tty) > 0, "no colour:\n{tty}");
    assert_eq!(strip_colour(&tty), piped(&args, &env));
    assert!(Path::new(archive).exists());
}

#[test]
fn an_export_shows_its_progress_on_a_terminal_and_not_in_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("a.sqlite");
    let archive = archive.to_str().unwrap();
    let corpus = dir.path().join("c.jsonl");
    let corpus = corpus.to_str().unwrap();
    piped(&["bench", "corpus", "--n", "300", "--out", corpus], &[]);
    piped(&["ingest", "--archive", archive, corpus], &[]);
    let out = dir.path().join("out.csv");
    let out = out.to_str().unwrap();
    let Some(seen) = on_terminal(&["export", "csv", "--archive", archive, "--out", out], &[])
    else {
        return;
    };
    assert!(
        seen.contains("csv [") && seen.contains("/300"),
        "a bar: {seen:?}"
    );
    // The bar is cleared at the end, leaving the summary.
    assert!(seen.ends_with("300 record(s) written as CSV\n"), "{seen:?}");
    // Piped, the same export writes no bar at all.
    let mut cmd = Command::new(BIN);
    let piped_run = cmd
        .args([
            "export",
            "csv",
            "--archive",
            archive,
            "--out",
            out,
            "--force",
        ])
        .env("DATELINE_DATA_DIR", no_data_dir())
        .output()
        .unwrap();
    assert!(piped_run.status.success());
    let err = String::from_utf8_lossy(&piped_run.stderr);
    assert!(!err.contains("/300") && !err.contains('\r'), "{err}");
    assert_eq!(std::fs::read_to_string(out).unwrap().lines().count(), 301);
}
