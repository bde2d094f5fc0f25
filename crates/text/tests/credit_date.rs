//! Credit and date recognizers against the development gold (real agency captions), plus
//! property tests: arbitrary input never panics and every span lies on char boundaries.

use std::collections::BTreeSet;

use dateline_text::credit::{AgencyLexicon, find_credit};
use dateline_text::date::find_date;
use proptest::prelude::*;
use serde_json::Value;

const CAPTIONS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/captions.jsonl"
));
const SEEDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/seed_gold.jsonl"
));

fn folded_set(v: &[String]) -> BTreeSet<String> {
    v.iter()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn gold_agreement() {
    let lex = AgencyLexicon::builtin();
    let (mut n, mut ok_creator, mut ok_agency, mut ok_date) = (0usize, 0usize, 0usize, 0usize);
    for line in CAPTIONS
        .lines()
        .chain(SEEDS.lines())
        .filter(|l| !l.trim().is_empty())
    {
        let row: Value = serde_json::from_str(line).expect("gold line is JSON");
        let id = row["id"].as_str().unwrap_or("?");
        let caption = row["caption"].as_str().expect("caption");
        let gold = &row["gold"];
        n += 1;

        let credit = find_credit(caption, &lex);
        let creators: Vec<String> = credit
            .as_ref()
            .map(|c| c.creators.iter().map(|f| f.value.clone()).collect())
            .unwrap_or_default();
        let gold_creators: Vec<String> = gold["creator"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        if folded_set(&creators) == folded_set(&gold_creators) {
            ok_creator += 1;
        } else {
            println!("{id}: creator {creators:?} != gold {gold_creators:?}");
        }

        let agency = credit
            .as_ref()
            .and_then(|c| c.agency.as_ref().map(|a| a.value.clone()));
        let gold_agency = gold["agency"].as_str().map(str::to_string);
        if agency == gold_agency {
            ok_agency += 1;
        } else {
            println!("{id}: agency {agency:?} != gold {gold_agency:?}");
        }

        let exclude = credit.as_ref().map(|c| c.all_spans()).unwrap_or_default();
        let (date, warnings) = find_date(caption, None, &exclude);
        let iso = date.as_ref().map(|d| d.iso.clone());
        let gold_date = gold["date"].as_str().map(str::to_string);
        if iso == gold_date {
            ok_date += 1;
        } else {
            println!("{id}: date {iso:?} != gold {gold_date:?} (warnings {warnings:?})");
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / n as f64;
    println!(
        "{n} captions: creator {ok_creator} ({:.1}%), agency {ok_agency} ({:.1}%), date {ok_date} ({:.1}%)",
        pct(ok_creator),
        pct(ok_agency),
        pct(ok_date)
    );
    assert_eq!(n, 43, "35 dev captions + 8 seeds");
    assert!(
        pct(ok_creator) >= 95.0,
        "creator agreement {:.1}%",
        pct(ok_creator)
    );
    assert!(
        pct(ok_agency) >= 95.0,
        "agency agreement {:.1}%",
        pct(ok_agency)
    );
    assert!(pct(ok_date) >= 95.0, "date agreement {:.1}%", pct(ok_date));
}

fn valid(text: &str, s: dateline_text::Span) -> bool {
    s.start <= s.end
        && s.end <= text.len()
        && text.is_char_boundary(s.start)
        && text.is_char_boundary(s.end)
}

fn check_all(text: &str, lex: &AgencyLexicon) {
    let reference = jiff::civil::date(2024, 2, 29);
    let credit = find_credit(text, lex);
    let mut exclude = Vec::new();
    if let Some(c) = &credit {
        for s in c.all_spans() {
            assert!(valid(text, s), "credit span {s:?} in {text:?}");
        }
        for f in &c.creators {
            assert!(valid(text, f.span), "creator span {:?} in {text:?}", f.span);
            assert!(!f.value.trim().is_empty());
        }
        if let Some(a) = &c.agency {
            assert!(valid(text, a.span), "agency span {:?} in {text:?}", a.span);
        }
        exclude = c.all_spans();
    }
    for (refd, excl) in [(None, &[][..]), (Some(reference), &exclude[..])] {
        let (d, _) = find_date(text, refd, excl);
        if let Some(d) = d {
            assert!(valid(text, d.span), "date span {:?} in {text:?}", d.span);
            assert!(matches!(d.iso.len(), 4 | 7 | 10), "iso {:?}", d.iso);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_all(&text, &AgencyLexicon::builtin());
    }

    #[test]
    fn credit_like_strings_never_panic(
        text in r"[A-Za-zé ()\[\]/|,.:©@0-9\-\n]{0,40}(REUTERS|AFP PHOTO|AP Photo|Photo by|via|EPA|epa0467|Picture taken|on|Monday|,)?[ /()A-Za-zé’0-9,.\-]{0,40}(November 6, 2016|30 Feb 2016|24-06-2014|April 2017|, 2015\.|Tuesday, July 29, 2014)?[ /()A-Za-z0-9,.\-]{0,20}"
    ) {
        check_all(&text, &AgencyLexicon::builtin());
    }
}
