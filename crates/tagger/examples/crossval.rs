//! k-fold cross-validation of the learned step: the model is trained on the gold sets, so scoring
//! it on them says nothing; here each fold is extracted by a model that never saw it.
//!
//! `cargo run --release -p dateline-tagger --example crossval [-- --folds 5 --sweep --sweep-sublocation --show]`
//!
//! Folds split by caption (a hash of the gold id). For each fold a model is trained on the other
//! folds, then the fold is extracted by the rules alone and by rules + model, and people and
//! organizations (and the sublocation the model gives where the rules give none) are scored with
//! `dateline_engine::eval`. `--sweep` also scores other decision thresholds (pooled over folds),
//! to choose `learned::Policy`, `--sweep-sublocation` only those of the sublocation; `--show` lists the captions where
//! the model changed people or organizations (only for sets whose errors may be read).
mod common;

use dateline_engine::Engine;
use dateline_engine::eval::{self, GoldRow};
use dateline_engine::learned::Policy;
use dateline_tagger::train::{Params, train_to_file};
use dateline_tagger::{Model, WordClasses};
use std::sync::Arc;

fn extract(engine: &Engine, rows: &[&GoldRow]) -> eval::Report {
    let gold: Vec<GoldRow> = rows.iter().map(|r| (*r).clone()).collect();
    eval::score_engine(engine, &gold)
}

fn f1(c: [u32; 3]) -> f64 {
    let [tp, fp, fn_] = c.map(f64::from);
    if tp == 0.0 {
        return if fp + fn_ == 0.0 { 1.0 } else { 0.0 };
    }
    2.0 * tp / (2.0 * tp + fp + fn_)
}

fn add(a: &mut [u32; 3], b: [u32; 3]) {
    for i in 0..3 {
        a[i] += b[i];
    }
}

fn main() {
    let mut folds = 5u64;
    let mut sweep = false;
    let mut sweep_sublocation = false;
    let mut show = false;
    let mut rule_labels = common::RuleLabels::With;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--folds" => folds = args.next().and_then(|s| s.parse().ok()).expect("--folds N"),
            "--sweep" => sweep = true,
            "--sweep-sublocation" => sweep_sublocation = true,
            "--show" => show = true,
            "--rule-labels" => {
                rule_labels = match args.next().as_deref() {
                    Some("with") => common::RuleLabels::With,
                    Some("without") => common::RuleLabels::Without,
                    Some("both") => common::RuleLabels::Both,
                    _ => panic!("--rule-labels with|without|both"),
                }
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let rows = common::gold_rows();
    let lex = WordClasses::builtin();
    let mut rules = Engine::builtin();
    rules.set_learned(None, Policy::default());
    let mut policies = vec![
        Policy::default(),
        Policy {
            model_only: true,
            ..Policy::default()
        },
    ];
    if sweep {
        for drop_below in [0.0, 0.1, 0.2, 0.35, 0.5] {
            for add_above in [0.5, 0.6, 0.75, 0.9, 1.01] {
                for keep_with_evidence in [true, false] {
                    let p = Policy {
                        drop_below,
                        add_above,
                        keep_with_evidence,
                        organizations: false,
                        organizations_over_places: false,
                        model_only: false,
                        sublocation_above: 1.01,
                    };
                    if p != Policy::default() {
                        policies.push(p);
                    }
                }
            }
        }
    }
    if sweep {
        for add_above in [0.5, 0.75, 0.9] {
            for organizations_over_places in [false, true] {
                policies.push(Policy {
                    drop_below: 0.0,
                    add_above,
                    organizations: true,
                    organizations_over_places,
                    ..Policy::default()
                });
            }
        }
    }
    if sweep || sweep_sublocation {
        for sublocation_above in [0.3, 0.4, 0.6, 0.75, 1.01] {
            policies.push(Policy {
                sublocation_above,
                ..Policy::default()
            });
        }
    }
    let fields = ["people", "organizations", "sublocation"];
    // Pooled counts: [rules, policy 0, policy 1, ...] × field.
    let mut pooled = vec![[[0u32; 3]; 3]; policies.len() + 1];
    println!(
        "fold  n   people rules  people +model  orgs rules  orgs +model  macro rules  macro +model"
    );
    for k in 0..folds {
        let test: Vec<&GoldRow> = rows
            .iter()
            .filter(|r| common::fold_of(r, folds) == k)
            .collect();
        let train: Vec<&GoldRow> = rows
            .iter()
            .filter(|r| common::fold_of(r, folds) != k)
            .collect();
        let fit = |target| {
            let (samples, _) = common::samples(&rules, &train, &lex, rule_labels, target);
            let tmp = tempfile::NamedTempFile::new().expect("temp file");
            train_to_file(&samples, Params::default(), tmp.path()).expect("training");
            let bytes = std::fs::read(tmp.path()).expect("model file");
            Arc::new(Model::from_crfsuite(&bytes, WordClasses::builtin()).expect("model"))
        };
        let model = fit(common::Target::Names);
        let sub_model = fit(common::Target::Sublocation);
        let base = extract(&rules, &test);
        let mut reports = Vec::new();
        for (pi, policy) in policies.iter().enumerate() {
            let mut engine = Engine::builtin();
            engine.set_learned(Some(model.clone()), *policy);
            engine.set_sublocation_model(Some(sub_model.clone()));
            let r = extract(&engine, &test);
            for (fi, f) in fields.iter().enumerate() {
                add(&mut pooled[pi + 1][fi], r.fields[*f].tp_fp_fn);
            }
            reports.push(r);
        }
        for (fi, f) in fields.iter().enumerate() {
            add(&mut pooled[0][fi], base.fields[*f].tp_fp_fn);
        }
        let m = &reports[0];
        if show {
            // Where the default policy disagrees with the rules, on people and organizations.
            for miss in m.misses.iter().chain(&base.misses) {
                if !fields.contains(&miss.field.as_str()) {
                    continue;
                }
                let in_base = base.misses.contains(miss);
                let in_model = m.misses.contains(miss);
                if in_base != in_model {
                    let side = if in_base {
                        "fixed by model"
                    } else {
                        "broken by model"
                    };
                    println!(
                        "      {side}: {} {} gold {} predicted {}",
                        miss.id, miss.field, miss.gold, miss.predicted
                    );
                }
            }
        }
        println!(
            "{k:>4} {:>3}   {:>11.3}  {:>13.3}  {:>10.3}  {:>11.3}  {:>11.3}  {:>12.3}",
            test.len(),
            base.fields["people"].f1,
            m.fields["people"].f1,
            base.fields["organizations"].f1,
            m.fields["organizations"].f1,
            base.macro_f1,
            m.macro_f1,
        );
    }
    let show = |name: &str, c: &[[u32; 3]; 3]| {
        println!(
            "{name:<44} people F1 {:.3} (tp/fp/fn {:?})  orgs F1 {:.3} (tp/fp/fn {:?})  sublocation F1 {:.3} (tp/fp/fn {:?})",
            f1(c[0]),
            c[0],
            f1(c[1]),
            c[1],
            f1(c[2]),
            c[2]
        );
    };
    println!(
        "\npooled over {folds} folds ({} captions), rule labels in training: {rule_labels:?}:",
        rows.len()
    );
    show("rules only", &pooled[0]);
    for (pi, p) in policies.iter().enumerate() {
        show(
            &format!(
                "{}{} drop<{} add>={} keep_evidence={} sub>={}",
                if p.model_only {
                    "model alone"
                } else {
                    "rules + model"
                },
                match (p.organizations, p.organizations_over_places) {
                    (true, true) => " +orgs(over places)",
                    (true, false) => " +orgs",
                    _ => "",
                },
                p.drop_below,
                p.add_above,
                p.keep_with_evidence,
                p.sublocation_above
            ),
            &pooled[pi + 1],
        );
    }
}
