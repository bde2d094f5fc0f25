//! `dateline serve` as a process on a real socket: what it says when it starts, what it refuses
//! to start with, and a few requests over HTTP/1.1 (the browser test covers the pages; this one
//! needs no browser).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;

use common::{Killed, bin};

fn archive(dir: &Path) -> PathBuf {
    let a = dir.join("a.sqlite");
    let ok = Command::new(bin())
        .args(["ingest", "--archive"])
        .arg(&a)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/captions.txt"))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(ok.success());
    a
}

/// Starts the server; returns it, its address and its start message.
fn start(archive: &Path, extra: &[&str], token: Option<&str>) -> (Killed, String, String) {
    let mut cmd = Command::new(bin());
    cmd.args(["serve", "--bind", "127.0.0.1:0", "--archive"])
        .arg(archive)
        .args(extra)
        .env_remove("DATELINE_TOKEN")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(t) = token {
        cmd.env("DATELINE_TOKEN", t);
    }
    let mut child = cmd.spawn().unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let line = loop {
        let l = lines.next().expect("serve exited").unwrap();
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

/// One HTTP/1.1 request; returns the status code, the headers (lower-cased names) and the body.
fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, head.to_ascii_lowercase(), body.to_string())
}

#[test]
fn serves_this_machine_only_by_default_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let a = archive(dir.path());
    let (_s, addr, line) = start(&a, &[], None);
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    assert!(line.contains("this machine only"), "{line}");
    assert!(line.contains("no token: no corrections"), "{line}");
    let (status, head, body) = http(&addr, "GET", "/api/search?q=rubble", &[], "");
    assert_eq!(status, 200, "{body}");
    assert!(head.contains("content-security-policy"));
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["total"], 1);
    let (status, _, body) = http(&addr, "GET", "/?q=rubble", &[], "");
    assert_eq!(status, 200);
    assert!(body.contains("Bab al- Nairab"));
    // Without a token nobody may correct.
    let id = v["hits"][0]["record"]["id"].as_str().unwrap().to_string();
    let (status, _, _) = http(
        &addr,
        "POST",
        &format!("/api/records/{id}/corrections"),
        &[
            ("Authorization", "Bearer anything-at-all"),
            ("Content-Type", "application/json"),
        ],
        r#"{"field":"location.city","value":"X"}"#,
    );
    assert_eq!(status, 403);
}

#[test]
fn tokens_come_from_a_file_or_the_environment_and_read_only_refuses_writes() {
    let dir = tempfile::tempdir().unwrap();
    let a = archive(dir.path());
    let token_file = dir.path().join("token");
    std::fs::write(&token_file, "a-long-enough-token-123\n").unwrap();
    let (_s, addr, line) = start(&a, &["--token-file", token_file.to_str().unwrap()], None);
    assert!(
        line.contains("corrections allowed with the token"),
        "{line}"
    );
    let (_, _, body) = http(&addr, "GET", "/api/search?q=rubble", &[], "");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = v["hits"][0]["record"]["id"].as_str().unwrap().to_string();
    let post = |addr: &str, auth: &str| {
        http(
            addr,
            "POST",
            &format!("/api/records/{id}/corrections"),
            &[
                ("Authorization", auth),
                ("Content-Type", "application/json"),
            ],
            r#"{"field":"location.sublocation","value":"Bab al-Nairab","note":"spelling"}"#,
        )
    };
    assert_eq!(post(&addr, "Bearer wrong-token-000000").0, 403);
    let (status, _, body) = post(&addr, "Bearer a-long-enough-token-123");
    assert_eq!(status, 200, "{body}");
    // The audit log names the correction's author.
    let log = Command::new(bin())
        .args(["log", "--archive"])
        .arg(&a)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&log.stdout).contains("api (api)"));

    let (_s2, addr2, line) = start(&a, &["--read-only"], Some("a-long-enough-token-123"));
    assert!(line.contains("read-only"), "{line}");
    assert_eq!(post(&addr2, "Bearer a-long-enough-token-123").0, 403);
}

#[test]
fn refuses_to_start_on_bad_options_with_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], token: Option<&str>| {
        let mut c = Command::new(bin());
        c.arg("serve").args(args).env_remove("DATELINE_TOKEN");
        if let Some(t) = token {
            c.env("DATELINE_TOKEN", t);
        }
        let out = c.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let missing = dir.path().join("nope.sqlite");
    let (code, err) = run(&["--archive", missing.to_str().unwrap()], None);
    assert_ne!(code, Some(0));
    assert!(err.contains("no archive at"), "{err}");
    let a = archive(dir.path());
    let (code, err) = run(&["--archive", a.to_str().unwrap()], Some("short"));
    assert_ne!(code, Some(0));
    assert!(err.contains("too short"), "{err}");
    let (code, err) = run(
        &[
            "--archive",
            a.to_str().unwrap(),
            "--token-file",
            "/nonexistent/token",
        ],
        None,
    );
    assert_ne!(code, Some(0));
    assert!(err.contains("token file"), "{err}");
    let (code, err) = run(
        &["--archive", a.to_str().unwrap(), "--bind", "not-an-address"],
        None,
    );
    assert_ne!(code, Some(0));
    assert!(err.contains("cannot listen on not-an-address"), "{err}");
}
