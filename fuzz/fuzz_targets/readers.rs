//! Bytes → the CLI's caption readers (text paragraphs, JSON Lines, CSV), the first byte choosing
//! the format. Crashes on a panic; on a caption that is empty; on a line number outside the
//! input or an error without one where a line is known; and when reading the input in chunks
//! (as `ingest` does for large files) gives other captions or lines than reading it whole.
//! The readers live in the binary crate, so this target compiles their file directly.
#![no_main]

#[path = "../../crates/cli/input.rs"]
#[allow(dead_code)]
mod input;

use input::{Format, ReadOptions, read, read_chunk, split_chunks};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let (format, path) = match first % 3 {
        0 => (Format::Text, "in.txt"),
        1 => (Format::Jsonl, "in.jsonl"),
        _ => (Format::Csv, "in.csv"),
    };
    let opts = ReadOptions {
        format,
        column: None,
        sha256: None,
    };
    let lines = bytes.iter().filter(|b| **b == b'\n').count() as u64 + 1;
    let whole = read(path, bytes, &opts);
    let Ok((caps, errors)) = &whole else {
        return;
    };
    for c in caps {
        assert!(!c.text.trim().is_empty(), "an empty caption was read");
        let l = c.source.line.expect("every caption has a line");
        assert!(l >= 1 && l <= lines, "line {l} of a {lines}-line input");
    }
    for e in errors {
        if let Some(l) = e.line {
            assert!(l >= 1 && l <= lines + 1, "error at line {l} of a {lines}-line input");
        }
    }
    // Small chunks, so that most inputs are split.
    let mut chunked = Vec::new();
    for (first_line, piece) in split_chunks(bytes, format, path, 64) {
        if let Ok((c, _)) = read_chunk(path, piece, first_line, &opts) {
            chunked.extend(c);
        }
    }
    let a: Vec<(&str, Option<u64>)> = caps.iter().map(|c| (c.text.as_str(), c.source.line)).collect();
    let b: Vec<(&str, Option<u64>)> = chunked.iter().map(|c| (c.text.as_str(), c.source.line)).collect();
    assert_eq!(a, b, "chunked reading differs from reading the whole input");
});
