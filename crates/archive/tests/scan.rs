//! `Store::scan` and `Store::count_matching`: every match once, corrections applied, the same
//! set as `search`.

mod common;

use common::*;
use dateline_archive::Store;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

fn scanned(s: &dyn Store, q: &str) -> Vec<dateline_model::Record> {
    let query = dateline_query::parse(q).unwrap();
    let mut out = Vec::new();
    let n = s
        .scan(&query, false, &mut |r| {
            out.push(r);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(n as usize, out.len());
    assert_eq!(s.count_matching(&query, false).unwrap(), n);
    out
}

#[test]
fn every_test_here_on_postgres() {
    rerun_on_postgres("every_test_here_on_postgres");
}

#[test]
fn scan_hands_over_every_match_once_with_corrections_applied() {
    let (_d, s) = store();
    let recs: Vec<_> = (0..250)
        .map(|i| {
            let r = rec(&format!("Caption number {i} in Aleppo."))
                .src("text", "/a.txt", i + 1)
                .agency(if i % 2 == 0 { "AFP" } else { "Reuters" })
                .date("2016-11-24", "day");
            r.item()
        })
        .collect();
    ingest(&s, "/a.txt", "aaaa", &recs);
    let first = recs[0].record.id.clone();
    s.correct(
        &first,
        &[("date.iso".into(), serde_json::json!("2016-11-25"))],
        "tester",
        None,
    )
    .unwrap();
    let all = scanned(&s, "");
    assert_eq!(all.len(), 250);
    let ids: BTreeSet<_> = all.iter().map(|r| r.id.clone()).collect();
    assert_eq!(ids.len(), 250, "no record twice");
    let corrected = all.iter().find(|r| r.id == first).unwrap();
    assert_eq!(corrected.date.as_ref().unwrap().iso, "2016-11-25");

    let afp = scanned(&s, "agency:AFP");
    assert_eq!(afp.len(), 125);
    let found = search(&s, "agency:AFP", &fts());
    let a: BTreeSet<_> = afp.iter().map(|r| r.id.clone()).collect();
    let b: BTreeSet<_> = hit_ids(&found).into_iter().collect();
    assert_eq!(a, b, "scan and search agree");
    assert_eq!(scanned(&s, "number date:2016-11-25").len(), 1);
}

#[test]
fn scan_stops_when_asked() {
    let (_d, s) = store();
    ingest(
        &s,
        "/a.txt",
        "aaaa",
        &lines("/a.txt", &["One.", "Two.", "Three."]),
    );
    let mut seen = 0;
    s.scan(&dateline_query::Query::default(), false, &mut |_| {
        seen += 1;
        ControlFlow::Break(())
    })
    .unwrap();
    assert_eq!(seen, 1);
}
