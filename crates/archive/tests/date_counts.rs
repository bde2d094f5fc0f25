//! `Store::date_counts` (what the timeline reads) answered from SQLite's columns agrees with
//! counting the scanned records, query by query, corrections included.

mod common;

use common::*;
use dateline_archive::Store;
use dateline_query::Query;
use std::collections::BTreeMap;

/// Counting from whole records, as the trait's default does.
fn by_scan(s: &dyn Store, q: &Query) -> Vec<(Option<String>, Option<String>, u64)> {
    let mut m: BTreeMap<(Option<String>, Option<String>), u64> = BTreeMap::new();
    s.scan(q, false, &mut |r| {
        *m.entry((r.date.map(|d| d.iso), r.event.event_type))
            .or_default() += 1;
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    m.into_iter().map(|((d, t), n)| (d, t, n)).collect()
}

fn sorted(
    mut v: Vec<(Option<String>, Option<String>, u64)>,
) -> Vec<(Option<String>, Option<String>, u64)> {
    v.sort();
    v
}

#[test]
fn every_test_here_on_postgres() {
    rerun_on_postgres("every_test_here_on_postgres");
}

#[test]
fn column_counts_equal_record_counts() {
    let (_d, s) = store();
    let recs = [
        rec("Rubble in Aleppo on November 24, 2016. (AFP)")
            .date("2016-11-24", "day")
            .event("air_strike", false),
        rec("More rubble in Aleppo on November 24, 2016. (Reuters)")
            .date("2016-11-24", "day")
            .event("air_strike", true),
        rec("Rescue in Aleppo, November 24, 2016. (AP)")
            .date("2016-11-24", "day")
            .event("rescue", false),
        rec("A protest in April 2016. (AFP)")
            .date("2016-04", "month")
            .event("protest", false),
        rec("A market in 2015. (AFP)").date("2015", "year"),
        rec("An undated picture of rubble. (AFP)"),
    ];
    let items: Vec<_> = recs.iter().map(|r| r.item()).collect();
    ingest(&s, "/t.jsonl", &sha_hex(b"t"), &items);
    for text in [
        "",
        "rubble",
        "agency:AFP",
        "date:2016",
        "type:air_strike",
        "-rubble",
        "nothing-here",
    ] {
        let q = dateline_query::parse(text).unwrap();
        assert_eq!(
            sorted(s.date_counts(&q, false).unwrap()),
            sorted(by_scan(&s, &q)),
            "{text:?}"
        );
    }
    let all = s.date_counts(&Query::default(), false).unwrap();
    assert_eq!(all.first().unwrap(), &(Some("2015".into()), None, 1));
    assert_eq!(all.last().unwrap(), &(None, None, 1), "undated last");
    // A correction moves the record's count.
    let id = items[2].record.id.clone();
    s.correct(
        &id,
        &[("date.iso".into(), serde_json::json!("2016-11-25"))],
        "t",
        None,
    )
    .unwrap();
    let q = Query::default();
    assert_eq!(
        sorted(s.date_counts(&q, false).unwrap()),
        sorted(by_scan(&s, &q))
    );
    assert!(s.date_counts(&q, false).unwrap().contains(&(
        Some("2016-11-25".into()),
        Some("rescue".into()),
        1
    )));
}
