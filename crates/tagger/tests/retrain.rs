//! Training reproduces: a model retrained on a few written captions tags them as labelled.
use dateline_model::Span;
use dateline_tagger::train::{Params, Sample, align, train_to_file};
use dateline_tagger::{Hints, Kind, Label, Model, WordClasses, features, tokens};
use dateline_text::mentions::NoPlaces;

// written
/// A caption with its people, organizations and sublocation.
type Written = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const CAPTIONS: &[Written] = &[
    (
        "Farmer Ahmed Saleh, 40, harvests wheat near the Red Crescent clinic.",
        &["Ahmed Saleh"],
        &["Red Crescent"],
        &[],
    ),
    (
        "Volunteers of the Red Crescent carry food as Maria Lopez, 31, watches.",
        &["Maria Lopez"],
        &["Red Crescent"],
        &[],
    ),
    (
        "Striker Tom Berg celebrates with John Okafor after scoring.",
        &["Tom Berg", "John Okafor"],
        &[],
        &[],
    ),
    (
        "Children play football in a street as Laila Haddad, 12, looks on.",
        &["Laila Haddad"],
        &[],
        &[],
    ),
    (
        "Residents wade through water in the Kibera slum after the rain.",
        &[],
        &[],
        &["Kibera"],
    ),
];

fn sample(text: &str, people: &[&str], orgs: &[&str], subs: &[&str], lex: &WordClasses) -> Sample {
    let toks = tokens(text);
    let hints = Hints {
        credit: &[],
        people: &[],
        organizations: &[],
        places: &[],
        oracle: &NoPlaces,
    };
    let people: Vec<String> = people.iter().map(|s| s.to_string()).collect();
    let orgs: Vec<String> = orgs.iter().map(|s| s.to_string()).collect();
    let subs: Vec<String> = subs.iter().map(|s| s.to_string()).collect();
    let (labels, unaligned) = align(text, &toks, &[], &people, &orgs, &subs);
    assert!(unaligned.missing.is_empty(), "{unaligned:?}");
    Sample {
        features: features::features(text, &toks, &hints, lex),
        labels,
    }
}

/// Tags `text` with no hints from the rules.
fn tag_plain(model: &Model, text: &str) -> dateline_tagger::Tagged {
    model.tag(
        text,
        &Hints {
            credit: &[],
            people: &[],
            organizations: &[],
            places: &[],
            oracle: &NoPlaces,
        },
    )
}

#[test]
fn a_model_retrained_on_a_sample_tags_the_sample() {
    let lex = WordClasses::builtin();
    let samples: Vec<Sample> = CAPTIONS
        .iter()
        .map(|(t, p, o, u)| sample(t, p, o, u, &lex))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sample.crfsuite");
    let params = Params {
        c1: 0.0,
        c2: 0.1,
        max_iterations: 100,
    };
    train_to_file(&samples, params, &path).unwrap();
    let model =
        Model::from_crfsuite(&std::fs::read(&path).unwrap(), WordClasses::builtin()).unwrap();
    for ((text, _, _, _), s) in CAPTIONS.iter().zip(&samples) {
        let tagged = tag_plain(&model, text);
        assert_eq!(tagged.labels, s.labels, "{text}");
        for m in &tagged.marginals {
            let sum: f64 = m.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
    // The first caption's person, as a span with its probability.
    let text = CAPTIONS[0].0;
    let tagged = tag_plain(&model, text);
    let people = tagged.spans(Kind::Person);
    assert_eq!(people.len(), 1);
    assert_eq!(people[0].0.slice(text), "Ahmed Saleh");
    assert!(people[0].1 > 0.5);
    assert!(tagged.span_prob(Span::new(0, 6), Kind::Person).unwrap() < 0.5);
    assert_eq!(Label::parse("B-PER"), Some(Label::BPer));
    // The last caption's sublocation.
    let text = CAPTIONS[4].0;
    let tagged = tag_plain(&model, text);
    let subs = tagged.spans(Kind::Sublocation);
    assert_eq!(subs.len(), 1);
    assert_eq!(subs[0].0.slice(text), "Kibera");
}

#[test]
fn the_shipped_model_reads() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/model/tagger.crfsuite"
    ))
    .unwrap();
    assert!(Model::from_crfsuite(&bytes, WordClasses::builtin()).is_ok());
    assert!(Model::from_crfsuite(b"not a model", WordClasses::builtin()).is_err());
}
