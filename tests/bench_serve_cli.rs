//! `dateline bench serve` keeps working: a small archive, a short run per phase, every request
//! answered, and the second run reuses the archive the first one kept, so the benchmark in
//! BENCHMARKS.md cannot rot.

use assert_cmd::Command;
use serde_json::Value;

fn run(dir: &std::path::Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_dateline"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .args([
            "bench",
            "serve",
            "--n",
            "300",
            "--clients",
            "4",
            "--seconds",
            "0.3",
        ])
        .args(["--json", "--keep", "--dir"])
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

#[test]
fn bench_serve_answers_every_request_and_reuses_its_archive() {
    let dir = tempfile::tempdir().unwrap();
    let first = run(dir.path());
    assert_eq!(first["archive_reused"], false, "{first}");
    for phase in ["direct", "page", "api"] {
        assert!(first[phase]["requests"].as_u64().unwrap() > 0, "{first}");
        assert_eq!(first[phase]["errors"], 0, "{first}");
    }
    let classes = first["classes"].as_array().unwrap();
    assert!(
        classes
            .iter()
            .any(|c| c["phase"] == "page" && c["class"] == "empty (landing page)"),
        "{first}"
    );
    let second = run(dir.path());
    assert_eq!(second["archive_reused"], true, "{second}");
    assert_eq!(second["records"], first["records"], "{second}");
}
