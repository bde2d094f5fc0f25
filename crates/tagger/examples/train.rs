//! Trains the shipped models on every training gold set and writes `data/model/tagger.crfsuite`
//! (people and organizations) and `data/model/sublocation.crfsuite`.
//!
//! `cargo run --release -p dateline-tagger --example train [-- OUT_DIR]`
mod common;

use dateline_engine::Engine;
use dateline_tagger::WordClasses;
use dateline_tagger::train::{Params, train_to_file};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| common::workspace().join("data/model"));
    let engine = Engine::builtin();
    let lex = WordClasses::builtin();
    let rows = common::gold_rows();
    let refs: Vec<_> = rows.iter().collect();
    for (target, file) in [
        (common::Target::Names, "tagger.crfsuite"),
        (common::Target::Sublocation, "sublocation.crfsuite"),
    ] {
        let out = dir.join(file);
        let (samples, missing) = common::samples(&engine, &refs, &lex, common::RULE_LABELS, target);
        let tokens: usize = samples.iter().map(|s| s.labels.len()).sum();
        let t = std::time::Instant::now();
        train_to_file(&samples, Params::default(), &out).expect("training");
        println!(
            "{target:?}: trained on {} captions ({tokens} tokens; {missing} gold strings not found in their caption) in {:.1} s: {}",
            samples.len(),
            t.elapsed().as_secs_f64(),
            out.display()
        );
    }
}
