//! Score the built-in engine on gold sets without building the whole binary (no archive, no
//! search engine): a quick loop for people changing extraction.
//!
//! `cargo run --release -p dateline-engine --example eval -- GOLD.jsonl... [--errors FIELD]`
//!
//! Prints one line per set: macro-F1 and the F1 of every field. `--errors FIELD` also prints the
//! disagreements on that field (`--errors all` for every field). `--learned` turns on the
//! learned tagger's adjudication of people (off by default). Use it only on sets whose
//! errors may be read (dev and the held-out sets already analysed; see EVALUATION.md).
use dateline_engine::{Engine, eval};

fn main() {
    let mut files = Vec::new();
    let mut errors: Option<String> = None;
    let mut learned = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--errors" {
            errors = args.next();
        } else if a == "--learned" {
            learned = true;
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        eprintln!("usage: eval GOLD.jsonl... [--errors FIELD|all]");
        std::process::exit(2);
    }
    let mut engine = Engine::builtin();
    if learned {
        engine.set_learned(
            Some(dateline_engine::learned::builtin_model()),
            dateline_engine::learned::Policy::default(),
        );
    }
    let mut all = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let gold = eval::parse_gold(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
        report(&engine, f, &gold, errors.as_deref());
        all.extend(gold);
    }
    if files.len() > 1 {
        report(&engine, "all", &all, None);
    }
}

fn report(engine: &Engine, name: &str, gold: &[eval::GoldRow], errors: Option<&str>) {
    let r = eval::score_engine(engine, gold);
    let fields: Vec<String> = eval::FIELDS
        .iter()
        .map(|f| format!("{f}={:.3}", r.fields[*f].f1))
        .collect();
    println!(
        "{name} (n={}): macro-F1 {:.3}  {}",
        r.n,
        r.macro_f1,
        fields.join(" ")
    );
    if let Some(field) = errors {
        for m in &r.misses {
            if field == "all" || m.field == field {
                println!(
                    "  {} {}: gold {} predicted {}",
                    m.id, m.field, m.gold, m.predicted
                );
            }
        }
    }
}
