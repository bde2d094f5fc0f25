//! The fuzz targets (`fuzz/`), each run for a short time (`FUZZ_SECONDS`, default 30) from seeds
//! taken from the repository's fixtures, as part of the test suite so that CI runs them on every
//! change. Needs `cargo-fuzz` (`.ci/run` installs it); without it the test says it was skipped,
//! except under CI, where a missing fuzzer is a failure.

use std::process::Command;

#[test]
fn every_fuzz_target_runs_clean_for_a_while() {
    let installed = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "cargo-fuzz is not installed, and CI must run the fuzz targets"
        );
        eprintln!("SKIPPED: cargo-fuzz is not installed (cargo install cargo-fuzz --locked)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/run-ci.sh");
    let out = Command::new("bash")
        .arg(script)
        // The fuzz workspace has its own lock file and target directory.
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("runs fuzz/run-ci.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "a fuzz target failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for target in [
        "extract",
        "query",
        "media",
        "container",
        "iptc",
        "xmp",
        "exif",
        "readers",
    ] {
        assert!(
            stdout.contains(&format!("fuzz: {target} for")),
            "{target} did not run:\n{stdout}"
        );
    }
}
