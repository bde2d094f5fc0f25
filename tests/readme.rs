//! The README and docs/ are run: every ```console block's `$ dateline ...` lines are executed in
//! order (trycmd), from the repository root, against a fresh archive and data directory, and
//! their output compared with what the block shows (`...` stands for lines left out, `[..]` for
//! part of a line, `[CWD]` for the repository's path). So the documentation cannot drift from
//! the program.
//!
//! Blocks in ```sh are not run, on purpose and said so beside them: building and testing
//! (`cargo ...`, which this test is part of), the million-record benchmark, and downloads that
//! are not in the repository. Everything else in the README runs here.

#[test]
fn readme_and_docs_commands_run_as_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = |name: &str| dir.path().join(name).display().to_string();
    trycmd::TestCases::new()
        .register_bin(
            "dateline",
            std::path::Path::new(env!("CARGO_BIN_EXE_dateline")),
        )
        .env("DATELINE_ARCHIVE", path("archive.sqlite"))
        .env("DATELINE_DATA_DIR", path("data"))
        .env("DATELINE_AUTHOR", "reviewer")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "warn")
        .case("README.md")
        .case("docs/*.md");
}
