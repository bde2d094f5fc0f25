//! Event type, `reported`, killed / injured and casualty source against the gold of the dev
//! corpus (`tests/fixtures/corpus/captions.jsonl`) and the seeds (`seed_gold.jsonl`).
//!
//! Prints every mismatch and asserts at least 90% agreement per field.

use dateline_text::casualty::find_casualties;
use dateline_text::event::{EventLexicon, find_event};
use serde_json::Value;

const CAPTIONS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/captions.jsonl"
));
const SEEDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/seed_gold.jsonl"
));

fn norm_source(s: &str) -> String {
    let s = s.trim().to_lowercase();
    s.strip_prefix("the ").unwrap_or(&s).trim().to_string()
}

fn as_opt_str(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

#[test]
fn agreement_with_gold() {
    let lex = EventLexicon::builtin();
    let fields = [
        "event_type",
        "reported",
        "killed",
        "injured",
        "casualty_source",
    ];
    let mut agree = [0usize; 5];
    let mut total = 0usize;
    for line in SEEDS.lines().chain(CAPTIONS.lines()) {
        if line.trim().is_empty() {
            continue;
        }
        let row: Value = serde_json::from_str(line).expect("valid JSON line");
        let id = row["id"].as_str().unwrap_or("?");
        let caption = row["caption"].as_str().expect("caption");
        let gold = &row["gold"];
        total += 1;

        let ev = find_event(caption, &lex, &[]);
        let (cas, _warnings) = find_casualties(caption, &[]);

        let got_type = ev.event_type.as_ref().map(|f| f.value.clone());
        let got_rep = ev.reported.is_some();
        let got_k = cas.killed.as_ref().map(|f| f.value);
        let got_i = cas.injured.as_ref().map(|f| f.value);
        let got_s = cas.source.as_ref().map(|f| f.value.clone());

        let gold_type = as_opt_str(&gold["event_type"]);
        let gold_rep = gold["reported"].as_bool().unwrap_or(false);
        let gold_k = gold["killed"].as_u64();
        let gold_i = gold["injured"].as_u64();
        let gold_s = as_opt_str(&gold["casualty_source"]);

        let oks = [
            got_type == gold_type,
            got_rep == gold_rep,
            got_k == gold_k,
            got_i == gold_i,
            got_s.as_deref().map(norm_source) == gold_s.as_deref().map(norm_source),
        ];
        let shown = [
            (format!("{got_type:?}"), format!("{gold_type:?}")),
            (format!("{got_rep}"), format!("{gold_rep}")),
            (format!("{got_k:?}"), format!("{gold_k:?}")),
            (format!("{got_i:?}"), format!("{gold_i:?}")),
            (format!("{got_s:?}"), format!("{gold_s:?}")),
        ];
        for (n, ok) in oks.iter().enumerate() {
            if *ok {
                agree[n] += 1;
            } else {
                let evidence = match n {
                    0 => ev
                        .event_type
                        .as_ref()
                        .map(|f| f.span.slice(caption).to_string()),
                    1 => ev
                        .reported
                        .as_ref()
                        .map(|f| f.span.slice(caption).to_string()),
                    _ => None,
                };
                println!(
                    "MISMATCH {id} {}: got {} gold {} (cue {:?})",
                    fields[n], shown[n].0, shown[n].1, evidence
                );
            }
        }
    }
    assert!(
        total >= 40,
        "expected the 35 dev captions and 8 seeds, got {total}"
    );
    let mut failed = Vec::new();
    for (n, name) in fields.iter().enumerate() {
        let pct = 100.0 * agree[n] as f64 / total as f64;
        println!("{name}: {}/{total} = {pct:.1}%", agree[n]);
        if pct < 90.0 {
            failed.push(format!("{name} {pct:.1}%"));
        }
    }
    assert!(failed.is_empty(), "fields below 90% agreement: {failed:?}");
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;
    use std::sync::LazyLock;

    static LEX: LazyLock<EventLexicon> = LazyLock::new(EventLexicon::builtin);

    fn check_span(text: &str, s: &dateline_text::Span) {
        assert!(
            s.start <= s.end && s.end <= text.len(),
            "span {s:?} out of {}",
            text.len()
        );
        assert!(
            text.is_char_boundary(s.start) && text.is_char_boundary(s.end),
            "span {s:?} not on char boundaries"
        );
    }

    fn run(text: &str, ex: &[dateline_text::Span]) {
        let ev = find_event(text, &LEX, ex);
        if let Some(f) = &ev.event_type {
            check_span(text, &f.span);
        }
        if let Some(f) = &ev.reported {
            check_span(text, &f.span);
        }
        for a in &ev.actors {
            check_span(text, &a.span);
        }
        let (c, _) = find_casualties(text, ex);
        for s in [
            c.killed.as_ref().map(|f| f.span),
            c.injured.as_ref().map(|f| f.span),
            c.source.as_ref().map(|f| f.span),
        ]
        .into_iter()
        .flatten()
        {
            check_span(text, &s);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_strings(s in "\\PC*", a in 0usize..400, b in 0usize..400) {
            let ex = [dateline_text::Span::new(a.min(b), a.max(b))];
            run(&s, &ex);
            run(&s, &[]);
        }

        #[test]
        fn caption_like_strings(
            parts in proptest::collection::vec(prop_oneof![
                Just("at least".to_string()), Just("killed".to_string()), Just("1,300".to_string()),
                Just("four".to_string()), Just("according to".to_string()), Just("the".to_string()),
                Just("air strike".to_string()), Just("said".to_string()), Just(",".to_string()),
                Just(".".to_string()), Just("\u{2019}".to_string()), Just("  \n ".to_string()),
                Just("Ünïcødé".to_string()), Just("ȺİẞK".to_string()), Just("wounded".to_string()), Just("left".to_string()),
                Just("dead".to_string()), Just("“".to_string()), Just("\"".to_string()),
                Just("twenty-five".to_string()), Just("death toll rose to".to_string()),
                "\\PC{0,6}",
            ], 0..30)
        ) {
            let s = parts.join(" ");
            run(&s, &[]);
            let n = s.len();
            run(&s, &[dateline_text::Span::new(n / 3, n / 2)]);
        }
    }
}
