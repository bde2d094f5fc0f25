//! `dateline bench media` keeps working: a small run without ExifTool still measures dateline
//! and exits 0, so the benchmark in BENCHMARKS.md cannot rot.

use assert_cmd::Command;
use serde_json::Value;

#[test]
fn bench_media_without_exiftool_reports_dateline_alone() {
    let out = Command::new(env!("CARGO_BIN_EXE_dateline"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .args([
            "bench",
            "media",
            "--files",
            "60",
            "--exiftool",
            "/nonexistent",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["files"], 60);
    assert!(v["dateline_files_per_sec"].as_f64().unwrap() > 0.0, "{v}");
    assert!(v["files_with_metadata"].as_u64().unwrap() > 0, "{v}");
    assert!(v["exiftool_files_per_sec"].is_null(), "{v}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("ExifTool was not found"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
