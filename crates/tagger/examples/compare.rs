//! People and organizations by the rules and by the shipped model, side by side, for captions
//! given one per line on standard input: a quick look at where they disagree.
//!
//! `echo "Caption ..." | cargo run --release -p dateline-tagger --example compare`
use dateline_engine::learned::{Policy, builtin_model};
use dateline_engine::{CaptionInput, Engine};
use std::io::BufRead;

fn main() {
    let rules = Engine::builtin();
    let mut alone = Engine::builtin();
    alone.set_learned(
        Some(builtin_model()),
        Policy {
            model_only: true,
            organizations: true,
            ..Policy::default()
        },
    );
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        if line.trim().is_empty() {
            continue;
        }
        let show = |e: &Engine| {
            let r = e.extract(&CaptionInput::new(line.as_str()));
            let people: Vec<String> = r.people.iter().map(|p| p.name.clone()).collect();
            let orgs: Vec<String> = r.organizations.iter().map(|o| o.name.clone()).collect();
            format!("people {people:?} organizations {orgs:?}")
        };
        println!(
            "{line}\n  rules: {}\n  model: {}",
            show(&rules),
            show(&alone)
        );
    }
}
