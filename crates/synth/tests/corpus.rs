//! The synthetic corpus is reproducible byte for byte and well-formed JSON lines.

use dateline_synth::{Generator, write_jsonl};

fn jsonl(seed: u64, n: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write_jsonl(seed, n, &mut out).unwrap();
    out
}

/// FNV-1a: a hash that, unlike std's, is fixed forever.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn same_seed_same_bytes() {
    let a = jsonl(42, 1000);
    let b = jsonl(42, 1000);
    assert_eq!(fnv1a(&a), fnv1a(&b));
    assert_eq!(a, b);
    assert_ne!(a, jsonl(43, 1000), "the seed must matter");
}

/// Benchmarks compare runs on different machines and builds, so the corpus itself is pinned.
/// If you changed the grammar, names or data files on purpose, update the value below and say
/// in the commit that synthetic-corpus benchmark figures are not comparable across the change.
#[test]
fn corpus_is_pinned() {
    let hash = fnv1a(&jsonl(42, 1000));
    assert_eq!(hash, PINNED, "synthetic corpus changed: 0x{hash:016x}");
}

const PINNED: u64 = 0x94ba3d9d933b5b58;

#[test]
fn a_caption_depends_only_on_seed_and_index() {
    let mut fresh = Generator::new(9);
    let direct: Vec<_> = [999, 3, 500, 0].iter().map(|&i| fresh.caption(i)).collect();
    let mut warmed = Generator::new(9);
    let in_order: Vec<_> = (0..1000).map(|i| warmed.caption(i)).collect();
    for (c, i) in direct.iter().zip([999usize, 3, 500, 0]) {
        assert_eq!(c, &in_order[i]);
    }
}

#[test]
fn every_line_is_a_labelled_json_object() {
    let out = String::from_utf8(jsonl(5, 2000)).unwrap();
    let mut n = 0;
    for (i, line) in out.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let obj = v.as_object().unwrap();
        assert_eq!(obj.len(), 4, "{line}");
        assert_eq!(obj["id"], format!("synth-{i}"));
        assert_eq!(obj["synthetic"], true);
        let caption = obj["caption"].as_str().unwrap();
        assert!(!caption.trim().is_empty(), "{line}");
        let date = obj["reference_date"].as_str().unwrap();
        let b = date.as_bytes();
        assert!(
            b.len() == 10
                && b[4] == b'-'
                && b[7] == b'-'
                && date.replace('-', "").bytes().all(|c| c.is_ascii_digit()),
            "{date}"
        );
        n += 1;
    }
    assert_eq!(n, 2000);
    assert!(
        out.starts_with("{\"id\":\"synth-0\",\"caption\":"),
        "key order is fixed"
    );
}
