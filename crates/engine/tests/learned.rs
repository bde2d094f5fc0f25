//! The learned step end to end: a model trained on written captions decides people, and its
//! decisions name it in their evidence. (Training writes a temporary model file, which is why
//! this lives here and not beside the pure code in `src/learned.rs`.)
use dateline_engine::learned::{Policy, RULE_PERSON, RULE_SUBLOCATION, builtin_model};
use dateline_engine::{CaptionInput, Engine};
use dateline_tagger::train::Sample;
use dateline_tagger::train::{Params, train_to_file};
use dateline_tagger::{Model, WordClasses};
use std::sync::Arc;

// written
const TRAIN: &[(&str, &[&str])] = &[
    (
        "Striker Tom Berg celebrates with John Okafor after scoring.",
        &["Tom Berg", "John Okafor"],
    ),
    (
        "Farmer Ahmed Saleh, 40, harvests wheat near the village.",
        &["Ahmed Saleh"],
    ),
    (
        "Children play in a street as Laila Haddad, 12, looks on.",
        &["Laila Haddad"],
    ),
];

fn trained(engine: &Engine) -> Arc<Model> {
    let lex = WordClasses::builtin();
    let samples: Vec<Sample> = TRAIN
        .iter()
        .map(|(t, p)| {
            let people: Vec<String> = p.iter().map(|s| s.to_string()).collect();
            engine.learned_sample(t, &people, &[], &[], &lex, false).0
        })
        .collect();
    fit(&samples, "learned")
}

/// A model trained on `samples` (through a temporary file, as the trainer needs one).
fn fit(samples: &[Sample], name: &str) -> Arc<Model> {
    let path =
        std::env::temp_dir().join(format!("dateline-{name}-{}.crfsuite", std::process::id()));
    let params = Params {
        c1: 0.0,
        c2: 0.1,
        max_iterations: 100,
    };
    train_to_file(samples, params, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    Arc::new(Model::from_crfsuite(&bytes, WordClasses::builtin()).unwrap())
}

#[test]
fn people_the_model_decided_name_the_model_in_their_evidence() {
    let mut engine = Engine::builtin();
    let model = trained(&engine);
    engine.set_learned(
        Some(model),
        Policy {
            model_only: true,
            ..Policy::default()
        },
    );
    let rec = engine.extract(&CaptionInput::new(TRAIN[0].0));
    let names: Vec<&str> = rec.people.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Tom Berg", "John Okafor"]);
    let ev = &rec.evidence["people"];
    assert!(ev.iter().all(|e| e.rule == RULE_PERSON), "{ev:?}");
    assert_eq!(&rec.caption[ev[0].start..ev[0].end], "Tom Berg");
}

#[test]
fn without_a_model_the_rules_alone_decide() {
    let rec = Engine::builtin().extract(&CaptionInput::new(TRAIN[0].0));
    assert!(
        rec.evidence
            .get("people")
            .into_iter()
            .flatten()
            .all(|e| !e.rule.starts_with("model."))
    );
}

#[test]
fn the_shipped_model_reads() {
    assert!(builtin_model().word_classes().common_size("the").is_some());
}

// written: the sublocation is a name the rules cannot place (a slum's name glued to nothing
// the gazetteer knows), in the same frame each time.
const TRAIN_SUB: &[(&str, &str)] = &[
    (
        "Residents wade through water in Zorbu Kette after the rain in Nairobi.",
        "Zorbu Kette",
    ),
    (
        "Children play football in Malvo Tende after the rain in Nairobi.",
        "Malvo Tende",
    ),
    (
        "Traders sell vegetables in Kasso Pindu after the rain in Nairobi.",
        "Kasso Pindu",
    ),
];

#[test]
fn a_sublocation_the_model_reads_names_the_model_and_keeps_the_city() {
    let lex = WordClasses::builtin();
    let mut engine = Engine::builtin();
    let samples: Vec<Sample> = TRAIN_SUB
        .iter()
        .map(|(t, sub)| {
            engine
                .learned_sample(t, &[], &[], &[sub.to_string()], &lex, true)
                .0
        })
        .collect();
    engine.set_sublocation_model(Some(fit(&samples, "sub")));
    let text = "Residents walk through mud in Denno Fasku after the rain in Nairobi.";
    let rec = engine.extract(&CaptionInput::new(text));
    let loc = &rec.location;
    assert_eq!(loc.sublocation.as_deref(), Some("Denno Fasku"), "{loc:?}");
    assert_eq!(loc.city.as_deref(), Some("Nairobi"));
    assert_eq!(loc.precision, Some(2));
    let ev = &rec.evidence["location.sublocation"];
    assert!(ev.iter().any(|e| e.rule == RULE_SUBLOCATION), "{ev:?}");
    assert!(rec.places.iter().any(|p| p.text == "Denno Fasku"));
    // Without any model (the rules alone) the sublocation is not the model's.
    let mut rules = Engine::builtin();
    rules.set_learned(None, Policy::default());
    let rec = rules.extract(&CaptionInput::new(text));
    assert!(
        rec.evidence
            .get("location.sublocation")
            .into_iter()
            .flatten()
            .all(|e| e.rule != RULE_SUBLOCATION)
    );
}
