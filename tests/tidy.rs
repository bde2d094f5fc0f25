//! Architecture invariants that a reader of ARCHITECTURE.md is promised, checked on the sources:
//! the analysis crates do no I/O, read no environment or clock, and print nothing.

use std::path::Path;

const PURE_CRATES: &[&str] = &[
    "crates/model/src",
    "crates/text/src",
    "crates/engine/src",
    "crates/incident/src",
];
const FORBIDDEN: &[&str] = &[
    "std::env",
    "std::fs",
    "std::net",
    "std::process",
    "println!",
    "eprintln!",
    "SystemTime",
    "Instant::now",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn analysis_crates_do_no_io_and_read_no_environment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offences = Vec::new();
    for dir in PURE_CRATES {
        let mut files = Vec::new();
        rust_files(&root.join(dir), &mut files);
        assert!(!files.is_empty(), "no sources under {dir}");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for word in FORBIDDEN {
                    if code.contains(word) {
                        offences.push(format!(
                            "{}:{}: {word}",
                            file.strip_prefix(root).unwrap().display(),
                            n + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "I/O, environment or printing in an analysis crate:\n{}",
        offences.join("\n")
    );
}

#[test]
fn lexicon_entries_live_in_data_files() {
    // The lexicons the text crate loads are files under data/, each with a header comment.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in [
        "agencies.tsv",
        "orgs.tsv",
        "event_cues.tsv",
        "name_words.tsv",
        "common_words.tsv",
    ] {
        let text = std::fs::read_to_string(root.join("data").join(name)).unwrap();
        assert!(
            text.starts_with('#'),
            "data/{name} should start with a comment saying what it holds"
        );
    }
}
