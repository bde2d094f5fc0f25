//! Time each extraction stage over the dev captions: where does a caption's time go?
//! `cargo run --release -p dateline-engine --example stages`
use dateline_text::{casualty, credit, date, event, mentions};
use std::time::Instant;

/// This thread's time on a CPU (Linux), so that figures taken on a busy machine stay comparable.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

thread_local! {
    static TAGGER: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

fn main() {
    let captions: Vec<String> = include_str!("../../../tests/fixtures/corpus/captions.jsonl")
        .lines()
        .chain(include_str!("../../../tests/fixtures/corpus/seed_gold.jsonl").lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["caption"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let engine = dateline_engine::Engine::builtin();
    let agencies = credit::AgencyLexicon::builtin();
    let events = event::EventLexicon::builtin();
    let names = mentions::NameLexicon::builtin();
    let gaz = dateline_geo::Gazetteer::embedded();
    let oracle = dateline_engine::GazetteerOracle::new(&gaz);
    let rounds = 200;
    let n = (captions.len() * rounds) as f64;
    let time = |label: &str, f: &dyn Fn(&str)| {
        let t = Instant::now();
        let cpu = cpu_ns();
        for _ in 0..rounds {
            for c in &captions {
                f(c);
            }
        }
        let cpu = cpu_ns().zip(cpu).map(|(b, a)| (b - a) as f64 / 1e3 / n);
        println!(
            "{label:10} {:8.2} µs/caption{}",
            t.elapsed().as_secs_f64() * 1e6 / n,
            cpu.map(|c| format!("  ({c:.2} µs on the CPU)"))
                .unwrap_or_default()
        );
    };
    time("credit", &|c| {
        std::hint::black_box(credit::find_credit(c, &agencies));
    });
    time("date", &|c| {
        std::hint::black_box(date::find_date(c, None, &[]));
    });
    time("event", &|c| {
        std::hint::black_box(event::find_event(c, &events, &[]));
    });
    time("casualty", &|c| {
        std::hint::black_box(casualty::find_casualties(c, &[]));
    });
    time("mentions", &|c| {
        std::hint::black_box(mentions::find_mentions(c, &names, &oracle, &[]));
    });
    time("words", &|c| {
        std::hint::black_box(dateline_text::names::words(c));
    });
    time("record_id", &|c| {
        std::hint::black_box(dateline_model::record_id(c));
    });
    let model = dateline_engine::learned::builtin_model();
    time("tagger", &|c| {
        // The learned step as the engine runs it: the rules' spans as hints, then the CRF.
        let credit = credit::find_credit(c, &agencies)
            .map(|x| x.all_spans())
            .unwrap_or_default();
        let m = mentions::find_mentions(c, &names, &oracle, &credit);
        let people: Vec<_> = m.people.iter().map(|p| p.name.span).collect();
        let orgs: Vec<_> = m.organizations.iter().map(|o| o.name.span).collect();
        let places: Vec<_> = m
            .places
            .iter()
            .map(|p| (p.span, p.known.as_ref().map(|k| k.kind)))
            .collect();
        let t = std::time::Instant::now();
        std::hint::black_box(model.tag(
            c,
            &dateline_tagger::Hints {
                credit: &credit,
                people: &people,
                organizations: &orgs,
                places: &places,
                oracle: &oracle,
            },
        ));
        TAGGER.with(|x| x.set(x.get() + t.elapsed().as_secs_f64()));
    });
    let tag_only = TAGGER.with(|x| x.get());
    println!(
        "{:10} {:8.2} µs/caption (the CRF alone, inside the line above)",
        "crf",
        tag_only * 1e6 / n
    );
    time("total", &|c| {
        std::hint::black_box(engine.extract(&dateline_engine::CaptionInput::new(c)));
    });
    let mut with_model = dateline_engine::Engine::builtin();
    with_model.set_learned(
        Some(model.clone()),
        dateline_engine::learned::Policy::default(),
    );
    time("total+crf", &|c| {
        std::hint::black_box(with_model.extract(&dateline_engine::CaptionInput::new(c)));
    });
}
