//! Scoring records against a gold file, with the field definitions of the project's `score.py`.
//!
//! Records are matched to gold rows by `input_id == gold.id`, else by normalized caption text.
//! Scalar fields count a wrong value as one false positive and one false negative; a province the
//! gold leaves null is not scored; list fields are matched greedily with [`close`]; `reported` is
//! scored on its true cases only. Any change here must keep agreement with `score.py` (a test runs
//! both on the same predictions).

use dateline_model::Record;
use regex::Regex;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;

/// Field names in score.py's order.
pub const FIELDS: [&str; 15] = [
    "agency",
    "date",
    "city",
    "sublocation",
    "province",
    "country",
    "event_type",
    "killed",
    "injured",
    "casualty_source",
    "creator",
    "places",
    "people",
    "organizations",
    "reported",
];

/// One gold row: `{"id", "caption", "gold": {...}}`.
#[derive(Debug, Clone, Deserialize)]
pub struct GoldRow {
    /// Gold id, matched against the record's `input_id`.
    pub id: String,
    /// Caption text.
    pub caption: String,
    /// Gold values.
    pub gold: Value,
}

/// Counts and scores of one field.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct FieldScore {
    /// Precision.
    pub p: f64,
    /// Recall.
    pub r: f64,
    /// F1.
    pub f1: f64,
    /// True positives, false positives, false negatives.
    pub tp_fp_fn: [u32; 3],
}

/// One disagreement, for `--show-errors`.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Miss {
    /// Gold id.
    pub id: String,
    /// Field name.
    pub field: String,
    /// Gold value.
    pub gold: Value,
    /// Predicted value.
    pub predicted: Value,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Per-field scores.
    pub fields: BTreeMap<String, FieldScore>,
    /// Gold rows with no matching record.
    pub missing: usize,
    /// Number of gold rows.
    pub n: usize,
    /// Mean F1 over the fields.
    pub macro_f1: f64,
    /// Disagreements.
    #[serde(skip)]
    pub misses: Vec<Miss>,
}

static NON_ALNUM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[^0-9a-z\x{0600}-\x{06ff}]+").unwrap());
static ARTICLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(al|el|ar|as|ash|ad|az|an|at)\s+").unwrap());
static THE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(the)\s+").unwrap());

/// score.py's `norm`: accents, case, apostrophes, punctuation and Arabic articles folded.
pub fn norm(s: &str) -> String {
    let s: String = s
        .nfkd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect();
    // Python's casefold: lowercase, and ß/ẞ/ſ fold to "ss"/"s".
    let s = s.to_lowercase().replace('ß', "ss").replace('ſ', "s");
    let s: String = s
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '\u{2018}' | '\u{2019}' | '\'' | '`' | '\u{02bf}' | '\u{02be}'
            )
        })
        .collect();
    let s = NON_ALNUM.replace_all(&s, " ");
    let s = ARTICLE.replace_all(&s, "al ");
    let s = THE.replace_all(&s, "");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// score.py's `close`: equal after folding, or one is a whole-word part (4+ letters) of the other.
pub fn close(a: &str, b: &str) -> bool {
    let (a, b) = (norm(a), norm(b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    if a == b || a.replace(' ', "") == b.replace(' ', "") {
        return true;
    }
    let (ta, tb) = (format!(" {a} "), format!(" {b} "));
    (a.chars().count() > 3 && tb.contains(&ta)) || (b.chars().count() > 3 && ta.contains(&tb))
}

fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        Value::Bool(b) => Some(i64::from(*b)),
        _ => None,
    }
}

fn scalar(record: &Value, field: &str) -> Value {
    let path: &[&str] = match field {
        "agency" => &["credit", "agency"],
        "date" => &["date", "iso"],
        "city" => &["location", "city"],
        "sublocation" => &["location", "sublocation"],
        "province" => &["location", "province"],
        "country" => &["location", "country"],
        "event_type" => &["event", "type"],
        "killed" => &["casualties", "killed"],
        "injured" => &["casualties", "injured"],
        "casualty_source" => &["casualties", "source"],
        _ => return Value::Null,
    };
    let mut v = record;
    for p in path {
        match v.get(p) {
            Some(x) => v = x,
            None => return Value::Null,
        }
    }
    v.clone()
}

fn scalar_eq(field: &str, gold: &Value, pred: &Value) -> bool {
    match field {
        "agency" => match (as_text(gold), as_text(pred)) {
            (Some(a), Some(b)) => norm(&a) == norm(&b),
            _ => false,
        },
        "date" => as_text(gold) == as_text(pred),
        "country" => match (as_text(gold), as_text(pred)) {
            (Some(a), Some(b)) => a.to_uppercase() == b.to_uppercase(),
            _ => false,
        },
        "event_type" => gold == pred,
        "killed" | "injured" => match (as_int(gold), as_int(pred)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        },
        _ => match (as_text(gold), as_text(pred)) {
            (Some(a), Some(b)) => close(&a, &b),
            _ => false,
        },
    }
}

/// score.py's `names`: the name (or text, or acronym) of each item.
fn names(items: &Value, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    for it in items.as_array().into_iter().flatten() {
        match it {
            Value::String(s) => out.push(s.clone()),
            Value::Object(o) => {
                for k in [key, "text", "acronym"] {
                    if let Some(Value::String(s)) = o.get(k)
                        && !s.is_empty()
                    {
                        out.push(s.clone());
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn pred_list(record: &Value, field: &str) -> Vec<Vec<String>> {
    match field {
        "creator" => record
            .get("credit")
            .and_then(|c| c.get("creators"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(as_text)
            .map(|s| vec![s])
            .collect(),
        "places" => names(record.get("places").unwrap_or(&Value::Null), "text")
            .into_iter()
            .map(|s| vec![s])
            .collect(),
        "people" => names(record.get("people").unwrap_or(&Value::Null), "name")
            .into_iter()
            .map(|s| vec![s])
            .collect(),
        "organizations" => record
            .get("organizations")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|it| match it {
                Value::String(s) => vec![s.clone()],
                Value::Object(o) => ["name", "acronym"]
                    .iter()
                    .filter_map(|k| o.get(*k).and_then(Value::as_str))
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
                _ => vec![],
            })
            .collect(),
        _ => vec![],
    }
}

fn gold_list(gold: &Value, field: &str) -> Vec<String> {
    let v = gold.get(field).unwrap_or(&Value::Null);
    match field {
        "creator" | "places" => v
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(as_text)
            .collect(),
        _ => names(v, "name"),
    }
}

fn prf(c: [u32; 3]) -> FieldScore {
    let [tp, fp, fn_] = c.map(f64::from);
    let p = if tp + fp > 0.0 {
        tp / (tp + fp)
    } else if fn_ == 0.0 {
        1.0
    } else {
        0.0
    };
    let r = if tp + fn_ > 0.0 { tp / (tp + fn_) } else { 1.0 };
    let f1 = if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    };
    FieldScore {
        p,
        r,
        f1,
        tp_fp_fn: c,
    }
}

/// Scores predicted records (as JSON values) against gold rows.
pub fn score_values(gold: &[GoldRow], predicted: &[Value]) -> Report {
    let by_id: HashMap<&str, &Value> = predicted
        .iter()
        .filter_map(|p| p.get("input_id").and_then(Value::as_str).map(|id| (id, p)))
        .collect();
    let by_text: HashMap<String, &Value> = predicted
        .iter()
        .map(|p| {
            (
                norm(p.get("caption").and_then(Value::as_str).unwrap_or("")),
                p,
            )
        })
        .collect();
    let mut counts: BTreeMap<&str, [u32; 3]> = FIELDS.iter().map(|f| (*f, [0; 3])).collect();
    let mut misses = Vec::new();
    let mut missing = 0;
    let empty = Value::Object(Default::default());
    for row in gold {
        let pred = by_id
            .get(row.id.as_str())
            .copied()
            .or_else(|| by_text.get(&norm(&row.caption)).copied());
        let pred = pred.unwrap_or_else(|| {
            missing += 1;
            &empty
        });
        for field in &FIELDS[..10] {
            let g = row.gold.get(*field).cloned().unwrap_or(Value::Null);
            let p = scalar(pred, field);
            let c = counts.get_mut(field).unwrap();
            if !g.is_null() && !p.is_null() && scalar_eq(field, &g, &p) {
                c[0] += 1;
            } else if g.is_null() && *field == "province" {
                // The caption does not name it; a value filled from the gazetteer is not an error.
            } else {
                if !p.is_null() {
                    c[1] += 1;
                }
                if !g.is_null() {
                    c[2] += 1;
                }
                if !g.is_null() || !p.is_null() {
                    misses.push(Miss {
                        id: row.id.clone(),
                        field: field.to_string(),
                        gold: g,
                        predicted: p,
                    });
                }
            }
        }
        for field in &FIELDS[10..14] {
            let gl: Vec<String> = gold_list(&row.gold, field)
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect();
            let pl: Vec<Vec<String>> = pred_list(pred, field)
                .into_iter()
                .filter(|a| !a.is_empty())
                .collect();
            let mut used = vec![false; pl.len()];
            let c = counts.get_mut(field).unwrap();
            for g in &gl {
                match (0..pl.len()).find(|&i| !used[i] && pl[i].iter().any(|a| close(g, a))) {
                    Some(i) => {
                        used[i] = true;
                        c[0] += 1;
                    }
                    None => {
                        c[2] += 1;
                        misses.push(Miss {
                            id: row.id.clone(),
                            field: field.to_string(),
                            gold: Value::String(g.clone()),
                            predicted: Value::Null,
                        });
                    }
                }
            }
            for (i, alts) in pl.iter().enumerate() {
                if !used[i] {
                    c[1] += 1;
                    misses.push(Miss {
                        id: row.id.clone(),
                        field: field.to_string(),
                        gold: Value::Null,
                        predicted: Value::String(alts[0].clone()),
                    });
                }
            }
        }
        let g = row
            .gold
            .get("reported")
            .is_some_and(|v| v.as_bool().unwrap_or(false));
        let p = pred
            .get("event")
            .and_then(|e| e.get("reported"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let c = counts.get_mut("reported").unwrap();
        match (g, p) {
            (true, true) => c[0] += 1,
            (false, true) => {
                c[1] += 1;
                misses.push(Miss {
                    id: row.id.clone(),
                    field: "reported".into(),
                    gold: Value::Bool(false),
                    predicted: Value::Bool(true),
                });
            }
            (true, false) => {
                c[2] += 1;
                misses.push(Miss {
                    id: row.id.clone(),
                    field: "reported".into(),
                    gold: Value::Bool(true),
                    predicted: Value::Bool(false),
                });
            }
            _ => {}
        }
    }
    let fields: BTreeMap<String, FieldScore> = counts
        .iter()
        .map(|(k, c)| (k.to_string(), prf(*c)))
        .collect();
    let macro_f1 = fields.values().map(|f| f.f1).sum::<f64>() / fields.len() as f64;
    Report {
        fields,
        missing,
        n: gold.len(),
        macro_f1,
        misses,
    }
}

impl GoldRow {
    /// The caption as the engine's input, carrying the gold id so records match their rows.
    pub fn input(&self) -> crate::CaptionInput {
        crate::CaptionInput {
            text: self.caption.clone(),
            input_id: Some(self.id.clone()),
            ..Default::default()
        }
    }
}

/// Extracts every gold caption with `engine`, one thread, and scores the records.
pub fn score_engine(engine: &crate::Engine, gold: &[GoldRow]) -> Report {
    let records: Vec<Record> = gold.iter().map(|g| engine.extract(&g.input())).collect();
    score(gold, &records)
}

/// Scores records against gold rows.
pub fn score(gold: &[GoldRow], records: &[Record]) -> Report {
    let values: Vec<Value> = records
        .iter()
        .map(|r| serde_json::to_value(r).expect("records serialize"))
        .collect();
    score_values(gold, &values)
}

/// Parses a gold JSONL file's text; errors name the line.
pub fn parse_gold(text: &str) -> Result<Vec<GoldRow>, String> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let row: GoldRow =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_follows_score_py() {
        assert!(close("Bab al- Nairab", "Bab al-Nairab"));
        assert!(close("Sanaa", "Sana’a"));
        assert!(close("Deir Al Balah", "Deir el-Balah"));
        assert!(close("Khazer", "Khazer camp"));
        assert!(!close("Douma", "Duma"));
        assert!(!close("Tal", "Tel"));
        assert!(!close("Houthi", "Houthis"));
    }
}
