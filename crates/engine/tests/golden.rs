//! Golden tests: the full record `Engine::extract` gives for every caption of the dev corpus
//! (`tests/fixtures/corpus/captions.jsonl`) and the seed gold set (`seed_gold.jsonl`), one insta
//! snapshot per caption, named by the fixture id (`snapshots/golden__<id>.snap`).
//!
//! Extraction is still being improved, so these snapshots WILL change. After an intended change:
//!
//! ```sh
//! INSTA_UPDATE=always cargo test -p dateline-engine --test golden   # rewrite every snapshot
//! git diff crates/engine/tests/snapshots                             # review what changed
//! git add crates/engine/tests/snapshots
//! ```
//!
//! (`cargo insta review` works too if cargo-insta is installed.) A failing run leaves
//! `*.snap.new` files beside the old ones; delete them or re-bless as above. When a caption is
//! removed from the fixtures, delete its `.snap` file (the `no_orphan_snapshots` test says which).
//!
//! The snapshot holds the record as JSON without `caption` (the snapshot header shows it as
//! `description`) and without `source` (always empty here).

use dateline_engine::{CaptionInput, Engine};
use serde_json::Value;
use std::sync::LazyLock;

static ENGINE: LazyLock<Engine> = LazyLock::new(Engine::builtin);

const CORPUS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/captions.jsonl"
));
const SEED_GOLD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/seed_gold.jsonl"
));

/// (id, caption) of every fixture row, in file order.
fn fixtures() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, text) in [("captions.jsonl", CORPUS), ("seed_gold.jsonl", SEED_GOLD)] {
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            let id = v["id"]
                .as_str()
                .unwrap_or_else(|| panic!("{file}:{}: no id", i + 1))
                .to_string();
            let caption = v["caption"]
                .as_str()
                .unwrap_or_else(|| panic!("{file}:{}: no caption", i + 1))
                .to_string();
            out.push((id, caption));
        }
    }
    out
}

fn snapshot_value(caption: &str, input_id: &str) -> Value {
    let rec = ENGINE.extract(&CaptionInput {
        text: caption.to_string(),
        input_id: Some(input_id.to_string()),
        ..Default::default()
    });
    assert_eq!(rec.caption, caption, "caption is kept untouched");
    let mut v = serde_json::to_value(&rec).expect("record serializes");
    let obj = v.as_object_mut().unwrap();
    obj.remove("caption");
    obj.remove("source");
    v
}

#[test]
fn golden_records() {
    let rows = fixtures();
    assert!(
        rows.len() >= 40,
        "expected the whole corpus, found {} rows",
        rows.len()
    );
    let mut seen = std::collections::HashSet::new();
    for (id, _) in &rows {
        assert!(
            seen.insert(id.clone()),
            "duplicate fixture id {id}: snapshot names must be unique"
        );
    }

    // Check every caption before failing, so one run lists all changed snapshots.
    let mut changed = Vec::new();
    for (id, caption) in &rows {
        let value = snapshot_value(caption, id);
        let mut settings = insta::Settings::clone_current();
        settings.set_description(caption.as_str());
        settings.set_omit_expression(true);
        settings.set_sort_maps(true);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_json_snapshot!(id.as_str(), value));
        }));
        if result.is_err() {
            changed.push(id.clone());
        }
    }
    assert!(
        changed.is_empty(),
        "{} golden record(s) changed: {}\nIf the change is intended, re-bless with\n  INSTA_UPDATE=always cargo test -p dateline-engine --test golden",
        changed.len(),
        changed.join(", ")
    );
}

#[test]
fn no_orphan_snapshots() {
    let ids: std::collections::HashSet<String> = fixtures().into_iter().map(|(id, _)| id).collect();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut orphans = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(id) = name
            .strip_prefix("golden__")
            .and_then(|n| n.strip_suffix(".snap"))
            && !ids.contains(id)
        {
            orphans.push(name);
        }
    }
    assert!(
        orphans.is_empty(),
        "snapshots for captions no longer in the fixtures; delete them: {orphans:?}"
    );
}

/// The snapshots are only meaningful if extraction is deterministic.
#[test]
fn extraction_is_deterministic() {
    for (id, caption) in fixtures() {
        let a =
            serde_json::to_string(&ENGINE.extract(&CaptionInput::new(caption.clone()))).unwrap();
        let b = serde_json::to_string(&ENGINE.extract(&CaptionInput::new(caption))).unwrap();
        assert_eq!(a, b, "{id}: two extractions differ");
    }
}
