//! What the `train` and `crossval` examples share: the gold files a model may learn from, and
//! turning gold rows into training sequences.
#![allow(dead_code)]

use dateline_engine::Engine;
use dateline_engine::eval::{GoldRow, parse_gold};
use dateline_tagger::WordClasses;
use dateline_tagger::train::Sample;
use serde_json::Value;
use std::path::PathBuf;

/// The gold sets the model learns from: every set whose errors have been read. `heldout5.jsonl`
/// (scored once, never analysed) and a set not yet scored blind are never read, so they still
/// measure the model on captions it has not seen.
pub const TRAINING_SETS: &[&str] = &[
    "seed_gold.jsonl",
    "captions.jsonl",
    "heldout.jsonl",
    "heldout2.jsonl",
    "heldout3.jsonl",
    "heldout4.jsonl",
    "heldout6.jsonl",
    "heldout7.jsonl",
    "heldout8.jsonl",
    "heldout9.jsonl",
    "heldout10.jsonl",
    "heldout11.jsonl",
    "heldout12.jsonl",
    "heldout13.jsonl",
    "heldout14.jsonl",
    "heldout15.jsonl",
    "heldout16.jsonl",
    "heldout17.jsonl",
    "heldout18.jsonl",
    "heldout19.jsonl",
    "heldout20.jsonl",
    "heldout21.jsonl",
    "heldout22.jsonl",
    "heldout23.jsonl",
    "heldout24.jsonl",
    "heldout26.jsonl",
];

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every gold row of the training sets, in file order.
pub fn gold_rows() -> Vec<GoldRow> {
    let dir = workspace().join("tests/fixtures/corpus");
    let mut rows = Vec::new();
    for name in TRAINING_SETS {
        let path = dir.join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        rows.extend(parse_gold(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())));
    }
    rows
}

/// The strings a gold list names: `name` (or `text`) and `acronym` of each item.
pub fn gold_strings(gold: &Value, field: &str) -> Vec<String> {
    let mut out = Vec::new();
    for it in gold
        .get(field)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match it {
            Value::String(s) => out.push(s.clone()),
            Value::Object(o) => {
                for k in ["name", "text", "acronym"] {
                    if let Some(Value::String(s)) = o.get(k)
                        && !s.is_empty()
                    {
                        out.push(s.clone());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Training sequences for the rows, with the number of gold strings that found no place.
/// How the rules' own labels enter training.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum RuleLabels {
    /// Every caption with the rules' labels among its features.
    With,
    /// No caption with them: the model judges on its own evidence.
    Without,
    /// Every caption twice, with and without: the model learns to use the rules' labels but also
    /// what to do where they are silent or wrong.
    Both,
}

/// What a model is trained to tag.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Target {
    /// People and organizations (`data/model/tagger.crfsuite`).
    Names,
    /// The sublocation (`data/model/sublocation.crfsuite`).
    Sublocation,
}

pub fn samples(
    engine: &Engine,
    rows: &[&GoldRow],
    lex: &WordClasses,
    rules: RuleLabels,
    target: Target,
) -> (Vec<Sample>, usize) {
    let mut missing = 0;
    let mut samples = Vec::new();
    for r in rows {
        let (people, orgs) = match target {
            Target::Names => (
                gold_strings(&r.gold, "people"),
                gold_strings(&r.gold, "organizations"),
            ),
            Target::Sublocation => (Vec::new(), Vec::new()),
        };
        let subs: Vec<String> = r
            .gold
            .get("sublocation")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty() && target == Target::Sublocation)
            .map(|s| vec![s.to_string()])
            .unwrap_or_default();
        let variants: &[bool] = match rules {
            RuleLabels::With => &[true],
            RuleLabels::Without => &[false],
            RuleLabels::Both => &[true, false],
        };
        for &with in variants {
            let (s, un) = engine.learned_sample(&r.caption, &people, &orgs, &subs, lex, with);
            if with || rules == RuleLabels::Without {
                missing += un.missing.len();
            }
            samples.push(s);
        }
    }
    (samples, missing)
}

/// A stable fold number for a gold row (FNV-1a of its id), so folds split by caption and do not
/// depend on file order.
pub fn fold_of(row: &GoldRow, folds: u64) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in row.id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h % folds
}

/// How the shipped model is trained (chosen by cross-validation).
pub const RULE_LABELS: RuleLabels = RuleLabels::With;
