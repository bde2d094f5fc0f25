//! The archive through the `Store` trait: ingest and provenance, superseding, ids, corrections,
//! re-extraction, the audit log and source verification — on SQLite, and on PostgreSQL when a
//! server is given (`every_test_here_on_postgres`).

mod common;

use common::*;
use dateline_archive::{ArchiveError, SourceFile, SqliteStore, Store};
use dateline_model::record_id;
use serde_json::{Value, json};

#[test]
fn every_test_here_on_postgres() {
    rerun_on_postgres("every_test_here_on_postgres");
}

const A: &str =
    "Rescue workers search the rubble in Aleppo on November 24, 2016. (Photo by Ameer Alhalbi/AFP)";
const B: &str = "A boy walks past a destroyed building in Aleppo's al-Shaar district. (Reuters)";
const C: &str =
    "Displaced families walk near Idlib on April 10, 2016. (Photo by Omar Haj Kadour/AFP)";
const D: &str = "Mourners carry a coffin in Douma. (AFP)";

// ---------------------------------------------------------------------------------------------
// 1. Ingest counts and provenance

#[test]
fn ingest_counts_new_and_unchanged_and_a_repeated_file_adds_nothing() {
    let (_d, s) = store();
    let recs = lines("/data/a.txt", &[A, B, C]);
    let id = s
        .ingest_begin(&file("/data/a.txt", "aaaa"), "tester", "x 1")
        .unwrap();
    let c1 = s.ingest_batch(id, &recs[..2]).unwrap();
    assert_eq!((c1.new, c1.unchanged), (2, 0));
    // The same caption twice in one batch is one record.
    let c2 = s
        .ingest_batch(id, &[recs[2].clone(), recs[2].clone()])
        .unwrap();
    assert_eq!((c2.new, c2.unchanged), (1, 1));
    let sum = s.ingest_finish(id, 4).unwrap();
    assert_eq!(
        (sum.new, sum.unchanged, sum.superseded, sum.skipped),
        (3, 1, 0, 4)
    );
    assert_eq!(s.count().unwrap(), 3);

    // The very same file again: nothing new, no second provenance.
    let again = ingest(&s, "/data/a.txt", "aaaa", &recs);
    assert_eq!((again.new, again.unchanged, again.superseded), (0, 3, 0));
    assert_eq!(s.count().unwrap(), 3);
    for (i, cap) in [A, B, C].iter().enumerate() {
        let got = s.get(&record_id(cap)).unwrap();
        assert_eq!(got.provenance.len(), 1, "{cap}: {:?}", got.provenance);
        let p = &got.provenance[0];
        assert_eq!(p.path.as_deref(), Some("/data/a.txt"));
        assert_eq!(p.line, Some(i as u64 + 1));
        assert_eq!(p.sha256.as_deref(), Some("aaaa"));
        assert_eq!(p.kind, "text");
        assert_eq!(got.extractor, "x 1");
        assert_eq!(got.reference_date.as_deref(), Some("2016-12-01"));
        assert_eq!(got.record, got.extracted);
        assert!(got.corrections.is_empty());
    }
}

#[test]
fn the_same_caption_from_two_files_keeps_both_provenances() {
    let (_d, s) = store();
    ingest(&s, "/data/a.txt", "aaaa", &lines("/data/a.txt", &[A, B]));
    let sum = ingest(
        &s,
        "/data/b.jsonl",
        "bbbb",
        &[
            rec(C).src("jsonl", "/data/b.jsonl", 1).item(),
            rec(A)
                .src("jsonl", "/data/b.jsonl", 2)
                .input_id("p-7")
                .item(),
        ],
    );
    assert_eq!((sum.new, sum.unchanged), (1, 1));
    assert_eq!(s.count().unwrap(), 3);
    let got = s.get(&record_id(A)).unwrap();
    let prov: Vec<_> = got
        .provenance
        .iter()
        .map(|p| {
            (
                p.kind.as_str(),
                p.path.as_deref().unwrap(),
                p.line.unwrap(),
                p.sha256.as_deref().unwrap(),
                p.input_id.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        prov,
        [
            ("text", "/data/a.txt", 1, "aaaa", None),
            ("jsonl", "/data/b.jsonl", 2, "bbbb", Some("p-7"))
        ]
    );
    for p in &got.provenance {
        assert!(
            p.ingested_at.parse::<jiff::Timestamp>().is_ok(),
            "{}",
            p.ingested_at
        );
    }
}

#[test]
fn standard_input_has_no_hash_and_two_reads_of_it_supersede_nothing() {
    let (_d, s) = store();
    let stdin = SourceFile {
        path: "-".into(),
        sha256: None,
        size: 0,
    };
    let one = ingest_file(&s, &stdin, &lines("-", &[A, B]));
    assert_eq!((one.new, one.superseded), (2, 0));
    // A second, different stream on standard input is not "an edited version of the same file".
    let two = ingest_file(&s, &stdin, &lines("-", &[C, D]));
    assert_eq!((two.new, two.superseded), (2, 0));
    assert_eq!(s.count().unwrap(), 4);
    assert_eq!(s.get(&record_id(A)).unwrap().superseded_by, None);
    let p = &s.get(&record_id(C)).unwrap().provenance[0];
    assert_eq!((p.path.as_deref(), p.sha256.as_deref()), (Some("-"), None));
}

// ---------------------------------------------------------------------------------------------
// 2. Superseding

const B2: &str =
    "A boy walks past a destroyed building in Aleppo's al-Shaar neighbourhood. (Reuters)";

#[test]
fn an_edited_line_supersedes_the_old_caption() {
    let (_d, s) = store();
    let v1 = ingest(
        &s,
        "/data/a.txt",
        "sha-A",
        &lines("/data/a.txt", &[A, B, C]),
    );
    assert_eq!(v1.new, 3);
    let v2 = ingest(
        &s,
        "/data/a.txt",
        "sha-B",
        &lines("/data/a.txt", &[A, B2, C]),
    );
    assert_eq!((v2.new, v2.unchanged, v2.superseded), (1, 2, 1));
    assert_eq!(s.count().unwrap(), 3);

    let old = s.get(&record_id(B)).unwrap();
    assert_eq!(old.superseded_by.as_deref(), Some(record_id(B2).as_str()));
    let new = s.get(&record_id(B2)).unwrap();
    assert_eq!(new.supersedes, [record_id(B)]);
    assert_eq!(new.superseded_by, None);
    assert!(s.get(&record_id(A)).unwrap().superseded_by.is_none());

    // Search hides the superseded record unless asked.
    let r = search(&s, "boy", &fts());
    assert_eq!(hit_ids(&r), [record_id(B2)]);
    assert_eq!(r.total, 1);
    let all = search(
        &s,
        "boy",
        &dateline_archive::SearchOptions {
            include_superseded: true,
            ..fts()
        },
    );
    let mut ids = hit_ids(&all);
    ids.sort();
    let mut want = vec![record_id(B), record_id(B2)];
    want.sort();
    assert_eq!(ids, want);
    assert_eq!(all.total, 2);
    // Filters alone, too.
    assert_eq!(search(&s, "city:aleppo", &fts()).total, 0);
    assert_eq!(search(&s, "", &fts()).total, 3);
    assert_eq!(
        search(
            &s,
            "",
            &dateline_archive::SearchOptions {
                include_superseded: true,
                ..fts()
            }
        )
        .total,
        4
    );

    // Ingesting v2 again changes nothing.
    let again = ingest(
        &s,
        "/data/a.txt",
        "sha-B",
        &lines("/data/a.txt", &[A, B2, C]),
    );
    assert_eq!((again.new, again.unchanged, again.superseded), (0, 3, 0));
    assert_eq!(s.count().unwrap(), 3);
}

#[test]
fn a_caption_that_only_moved_is_not_superseded() {
    let (_d, s) = store();
    ingest(
        &s,
        "/data/a.txt",
        "sha-A",
        &lines("/data/a.txt", &[A, B, C]),
    );
    // A line inserted at the top moves every caption down one line.
    let v2 = ingest(
        &s,
        "/data/a.txt",
        "sha-B",
        &lines("/data/a.txt", &[D, A, B, C]),
    );
    assert_eq!((v2.new, v2.unchanged, v2.superseded), (1, 3, 0));
    // Swapped lines.
    let v3 = ingest(
        &s,
        "/data/a.txt",
        "sha-C",
        &lines("/data/a.txt", &[D, B, A, C]),
    );
    assert_eq!(v3.superseded, 0);
    assert_eq!(s.count().unwrap(), 4);
    let b = s.get(&record_id(B)).unwrap();
    assert_eq!(b.superseded_by, None);
    assert_eq!(b.provenance.len(), 3, "{:?}", b.provenance);
}

#[test]
fn a_caption_kept_by_another_file_is_not_superseded() {
    let (_d, s) = store();
    ingest(
        &s,
        "/data/other.txt",
        "sha-O",
        &lines("/data/other.txt", &[B]),
    );
    ingest(
        &s,
        "/data/a.txt",
        "sha-A",
        &lines("/data/a.txt", &[A, B, C]),
    );
    let v2 = ingest(
        &s,
        "/data/a.txt",
        "sha-B",
        &lines("/data/a.txt", &[A, B2, C]),
    );
    assert_eq!((v2.new, v2.superseded), (1, 0));
    assert_eq!(s.get(&record_id(B)).unwrap().superseded_by, None);
    assert_eq!(s.count().unwrap(), 4);
}

#[test]
fn jsonl_with_input_ids_supersedes_by_input_id_not_line() {
    let (_d, s) = store();
    let jl = |caps: &[(&str, &str)]| -> Vec<_> {
        caps.iter()
            .enumerate()
            .map(|(i, (id, c))| {
                rec(c)
                    .src("jsonl", "/data/p.jsonl", i as u64 + 1)
                    .input_id(id)
                    .item()
            })
            .collect()
    };
    ingest(
        &s,
        "/data/p.jsonl",
        "v1",
        &jl(&[("p1", A), ("p2", B), ("p3", C)]),
    );
    // p2 is edited and moved to the end; p3 moved up to line 2; D is new at line 1.
    let v2 = ingest(
        &s,
        "/data/p.jsonl",
        "v2",
        &jl(&[("p4", D), ("p1", A), ("p3", C), ("p2", B2)]),
    );
    assert_eq!((v2.new, v2.unchanged, v2.superseded), (2, 2, 1));
    assert_eq!(
        s.get(&record_id(B)).unwrap().superseded_by,
        Some(record_id(B2))
    );
    // D took A's old line number but has another input id: A is not superseded (and is still
    // in the file anyway), nor is C.
    for cap in [A, C, D, B2] {
        assert_eq!(s.get(&record_id(cap)).unwrap().superseded_by, None, "{cap}");
    }
}

#[test]
fn jsonl_input_ids_do_not_match_across_different_ids() {
    let (_d, s) = store();
    let one = |id: &str, c: &str| rec(c).src("jsonl", "/data/p.jsonl", 1).input_id(id).item();
    ingest(&s, "/data/p.jsonl", "v1", &[one("p1", A)]);
    // Same line, a different input id: a different photo, not an edit.
    let v2 = ingest(&s, "/data/p.jsonl", "v2", &[one("p2", B)]);
    assert_eq!(v2.superseded, 0);
    assert_eq!(s.count().unwrap(), 2);
}

#[test]
fn reverting_a_file_to_an_earlier_version_leaves_its_captions_live() {
    let (_d, s) = store();
    ingest(
        &s,
        "/data/a.txt",
        "sha-A",
        &lines("/data/a.txt", &[A, B, C]),
    );
    ingest(
        &s,
        "/data/a.txt",
        "sha-B",
        &lines("/data/a.txt", &[A, B2, C]),
    );
    // The edit is undone: the file has version A's bytes again.
    let back = ingest(
        &s,
        "/data/a.txt",
        "sha-A",
        &lines("/data/a.txt", &[A, B, C]),
    );
    assert_eq!(back.superseded, 1);
    assert_eq!(s.count().unwrap(), 3, "one caption per line stays live");
    assert_eq!(s.get(&record_id(B)).unwrap().superseded_by, None);
    assert_eq!(
        s.get(&record_id(B2)).unwrap().superseded_by,
        Some(record_id(B))
    );
    assert_eq!(search(&s, "boy", &fts()).total, 1);
}

#[test]
fn a_chain_of_edits_supersedes_each_step_once() {
    let (_d, s) = store();
    const B3: &str = "A boy walks past a ruined building in al-Shaar. (Reuters)";
    ingest(&s, "/data/a.txt", "1", &lines("/data/a.txt", &[A, B, C]));
    assert_eq!(
        ingest(&s, "/data/a.txt", "2", &lines("/data/a.txt", &[A, B2, C])).superseded,
        1
    );
    assert_eq!(
        ingest(&s, "/data/a.txt", "3", &lines("/data/a.txt", &[A, B3, C])).superseded,
        1
    );
    assert_eq!(
        s.get(&record_id(B)).unwrap().superseded_by,
        Some(record_id(B2))
    );
    assert_eq!(
        s.get(&record_id(B2)).unwrap().superseded_by,
        Some(record_id(B3))
    );
    assert_eq!(s.count().unwrap(), 3);
}

// ---------------------------------------------------------------------------------------------
// 3. Ids

#[test]
fn get_by_prefix_ambiguous_not_found_and_non_hex() {
    let (_d, s) = store();
    // Find two captions whose ids share their first four hex digits.
    let mut seen = std::collections::HashMap::new();
    let (x, y) = (0..)
        .find_map(|i| {
            let cap = format!("Caption number {i} from Aleppo");
            let id = record_id(&cap);
            seen.insert(id[..4].to_string(), cap.clone())
                .map(|other| (other, cap))
        })
        .unwrap();
    ingest(&s, "/data/a.txt", "1", &lines("/data/a.txt", &[&x, &y, A]));
    let (ix, iy, ia) = (record_id(&x), record_id(&y), record_id(A));
    assert_eq!(ix[..4], iy[..4]);

    assert_eq!(s.get(&ia).unwrap().record.caption, A);
    assert_eq!(s.get(&ia[..4]).unwrap().record.id, ia);
    assert_eq!(s.get(&ia.to_uppercase()[..6]).unwrap().record.id, ia);
    assert_eq!(s.get(&format!("  {}  ", &ia[..8])).unwrap().record.id, ia);
    match s.get(&ix[..4]) {
        Err(ArchiveError::Ambiguous { prefix, count }) => {
            assert_eq!((prefix.as_str(), count), (&ix[..4], 2))
        }
        other => panic!("{:?}", other.map(|r| r.record.id)),
    }
    // A longer prefix tells them apart.
    let n = (4..16).find(|&n| ix[..n] != iy[..n]).unwrap();
    assert_eq!(s.get(&ix[..n]).unwrap().record.id, ix);

    let absent = (0..)
        .map(|i| format!("{i:04x}"))
        .find(|p| ![&ix, &iy, &ia].iter().any(|id| id.starts_with(p.as_str())))
        .unwrap();
    assert!(matches!(s.get(&absent), Err(ArchiveError::NotFound(_))));
    for bad in [
        "abc",
        "",
        "zzzzzz",
        "12 34",
        "a%",
        "'; DROP TABLE records; --",
        &format!("{ia}0"),
    ] {
        assert!(
            matches!(s.get(bad), Err(ArchiveError::NotFound(_))),
            "{bad:?}"
        );
    }
    assert_eq!(s.count().unwrap(), 3);
}

// ---------------------------------------------------------------------------------------------
// 4. Corrections and re-extraction

fn aleppo() -> Rec {
    rec(A)
        .agency("AFP")
        .creators(&["Ameer Alhalbi"])
        .date("2016-11-24", "day")
        .place(Some("Aleppo"), Some("Aleppo"), "SY")
        .at(36.2021, 37.1343)
        .event("rescue", false)
        .killed(3)
        .src("text", "/data/a.txt", 1)
}

#[test]
fn a_correction_changes_what_readers_see_and_keeps_the_extraction() {
    let (_d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    let id = record_id(A);
    let out = s
        .correct(
            &id[..6],
            &[("location.city".into(), json!("Idlib"))],
            "editor",
            Some("the caption is wrong"),
        )
        .unwrap();
    assert_eq!(out.record.location.city.as_deref(), Some("Idlib"));
    assert_eq!(out.extracted.location.city.as_deref(), Some("Aleppo"));
    assert_eq!(out.record.evidence["location.city"][0].rule, "correction");

    let got = s.get(&id).unwrap();
    assert_eq!(got.record.location.city.as_deref(), Some("Idlib"));
    assert_eq!(got.extracted.location.city.as_deref(), Some("Aleppo"));
    assert_eq!(got.corrections.len(), 1);
    let c = &got.corrections[0];
    assert_eq!(c.field, "location.city");
    assert_eq!(c.value, json!("Idlib"));
    assert_eq!(c.previous, json!("Aleppo"));
    assert_eq!(c.author, "editor");
    assert_eq!(c.note.as_deref(), Some("the caption is wrong"));
    assert!(c.at.parse::<jiff::Timestamp>().is_ok(), "{}", c.at);

    assert_eq!(
        hit_ids(&search(&s, "city:idlib", &fts())),
        std::slice::from_ref(&id)
    );
    assert_eq!(search(&s, "city:aleppo", &fts()).total, 0);
    // Other columns are untouched by a city correction.
    assert_eq!(search(&s, "province:aleppo", &fts()).total, 1);
    // The hit carries the corrected record.
    let hit = &search(&s, "rubble", &fts()).hits[0];
    assert_eq!(hit.record.location.city.as_deref(), Some("Idlib"));
    assert_eq!(
        s.stats(dateline_archive::StatsBy::City, &Default::default(), false)
            .unwrap(),
        [("Idlib".to_string(), 1)]
    );
}

#[test]
fn corrections_of_other_kinds_reach_the_filter_columns() {
    let (_d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    let id = record_id(A);
    s.correct(
        &id,
        &[
            ("credit.agency".into(), json!("Reuters")),
            ("credit.creators".into(), json!("Jane Doe; John Roe")),
            ("location.country".into(), json!("iq")),
            ("event.type".into(), json!("air-strike")),
            ("event.reported".into(), json!("yes")),
            ("casualties.killed".into(), json!("40")),
            ("date.iso".into(), json!("2015-03")),
            ("location.lat".into(), json!(36.34)),
            ("location.lon".into(), json!(43.13)),
            (
                "people".into(),
                json!([{"name": "Samah Haddad", "age": 5, "role": null}]),
            ),
        ],
        "editor",
        None,
    )
    .unwrap();
    for (q, n) in [
        ("agency:reuters", 1),
        ("agency:afp", 0),
        ("creator:\"john roe\"", 1),
        ("creator:\"ameer alhalbi\"", 0),
        ("country:IQ", 1),
        ("country:SY", 0),
        ("type:air_strike", 1),
        ("reported:true", 1),
        ("killed:>=40", 1),
        ("killed:3", 0),
        ("date:2015-03", 1),
        ("date:2016", 0),
        ("near:36.34,43.13,1km", 1),
        ("near:36.2021,37.1343,5km", 0),
        ("haddad", 1),
    ] {
        assert_eq!(search(&s, q, &fts()).total, n, "{q}");
    }
}

#[test]
fn a_refused_correction_writes_nothing() {
    let (_d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    let id = record_id(A);
    let log_before = actions(&s.log().unwrap());
    for (field, value) in [
        ("caption", json!("x")),
        ("location.country", json!("Syria")),
        ("event.type", json!("airstrike")),
        ("date.iso", json!("2016-02-30")),
    ] {
        // A good edit first, then the bad one: the whole call is refused.
        let e = s
            .correct(
                &id,
                &[
                    ("location.city".into(), json!("Idlib")),
                    (field.into(), value),
                ],
                "editor",
                None,
            )
            .unwrap_err();
        assert!(matches!(e, ArchiveError::Correction(_)), "{e}");
    }
    assert!(matches!(
        s.correct(
            "ffff",
            &[("location.city".into(), json!("Idlib"))],
            "e",
            None
        ),
        Err(ArchiveError::NotFound(_)) | Err(ArchiveError::Ambiguous { .. })
    ));
    let got = s.get(&id).unwrap();
    assert!(got.corrections.is_empty());
    assert_eq!(got.record, got.extracted);
    assert_eq!(actions(&s.log().unwrap()), log_before);
    assert_eq!(search(&s, "city:aleppo", &fts()).total, 1);
}

#[test]
fn correction_history_is_oldest_first_with_each_previous_value() {
    let (_d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    let id = record_id(A);
    s.correct(
        &id,
        &[("location.city".into(), json!("Idlib"))],
        "ann",
        Some("one"),
    )
    .unwrap();
    s.correct(
        &id,
        &[
            ("location.city".into(), json!("Saraqib")),
            ("location.city".into(), json!("Maarrat al-Nu'man")),
        ],
        "bob",
        None,
    )
    .unwrap();
    let out = s
        .correct(
            &id,
            &[("location.city".into(), Value::Null)],
            "cy",
            Some("unknown"),
        )
        .unwrap();
    let h: Vec<_> = out
        .corrections
        .iter()
        .map(|c| (c.value.clone(), c.previous.clone(), c.author.as_str()))
        .collect();
    assert_eq!(
        h,
        [
            (json!("Idlib"), json!("Aleppo"), "ann"),
            (json!("Saraqib"), json!("Idlib"), "bob"),
            (json!("Maarrat al-Nu'man"), json!("Saraqib"), "bob"),
            (Value::Null, json!("Maarrat al-Nu'man"), "cy"),
        ]
    );
    assert_eq!(out.record.location.city, None);
    assert_eq!(search(&s, "-city:aleppo city:idlib", &fts()).total, 0);
    assert_eq!(search(&s, "-city:aleppo", &fts()).total, 1);
    let corrects: Vec<_> = s
        .log()
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "correct")
        .collect();
    assert_eq!(corrects.len(), 4);
    assert_eq!(corrects[1].actor, "bob");
    assert_eq!(corrects[1].detail["value"], json!("Saraqib"));
    assert_eq!(corrects[1].detail["previous"], json!("Idlib"));
}

#[test]
fn re_extraction_keeps_corrections_and_updates_other_fields() {
    let (_d, s) = store();
    ingest(
        &s,
        "/data/a.txt",
        "1",
        &[
            aleppo().item(),
            rec(C).agency("AFP").src("text", "/data/a.txt", 2).item(),
        ],
    );
    let id = record_id(A);
    s.correct(
        &id,
        &[("location.city".into(), json!("Idlib"))],
        "ann",
        None,
    )
    .unwrap();

    let inputs = s.extraction_inputs(None, 10).unwrap();
    assert_eq!(inputs.len(), 2);
    assert!(inputs[0].id < inputs[1].id);
    let a_in = inputs.iter().find(|i| i.id == id).unwrap();
    assert_eq!(a_in.caption, A);
    assert_eq!(a_in.source.path.as_deref(), Some("/data/a.txt"));
    assert_eq!(a_in.source.line, Some(1));
    assert_eq!(a_in.source.sha256.as_deref(), Some("1"));
    assert_eq!(a_in.reference_date.as_deref(), Some("2016-12-01"));
    let after = s.extraction_inputs(Some(&inputs[0].id), 10).unwrap();
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].id, inputs[1].id);

    // The new extractor finds another agency, city and type.
    let re = aleppo()
        .agency("Reuters")
        .place(Some("Aleppo city"), Some("Aleppo"), "SY")
        .event("air_strike", true)
        .build();
    let unchanged = rec(C).agency("AFP").src("text", "/data/a.txt", 2).build();
    assert_eq!(
        s.replace_extractions(&[re.clone(), unchanged], "x 2")
            .unwrap(),
        1
    );
    let got = s.get(&id).unwrap();
    assert_eq!(got.extracted, re);
    assert_eq!(got.extractor, "x 2");
    assert_eq!(got.record.location.city.as_deref(), Some("Idlib"));
    assert_eq!(got.record.credit.agency.as_deref(), Some("Reuters"));
    assert_eq!(got.corrections.len(), 1);
    assert_eq!(
        search(
            &s,
            "city:idlib agency:reuters type:air_strike reported:true",
            &fts()
        )
        .total,
        1
    );
    assert_eq!(search(&s, "agency:afp", &fts()).total, 1);
    assert_eq!(s.get(&record_id(C)).unwrap().extractor, "test-extractor 1");

    // Re-extraction of an uncorrected record clears nothing it should not.
    let c2 = rec(C).agency("AP").src("text", "/data/a.txt", 2).build();
    assert_eq!(
        s.replace_extractions(std::slice::from_ref(&c2), "x 2")
            .unwrap(),
        1
    );
    let got = s.get(&record_id(C)).unwrap();
    assert_eq!(got.record, c2);
    assert_eq!(search(&s, "agency:ap", &fts()).total, 1);

    // An unknown record is an error and nothing of the batch is kept.
    let ghost = rec("A caption never ingested").build();
    let c3 = rec(C).agency("UPI").src("text", "/data/a.txt", 2).build();
    assert!(matches!(
        s.replace_extractions(&[c3, ghost], "x 3"),
        Err(ArchiveError::NotFound(_))
    ));
    assert_eq!(s.get(&record_id(C)).unwrap().record, c2);
}

// ---------------------------------------------------------------------------------------------
// 6. The audit log

#[test]
fn the_audit_log_records_ingest_correct_verify_in_order_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("in.txt");
    std::fs::write(&src, format!("{A}\n")).unwrap();
    let s = SqliteStore::open(db_path(dir.path())).unwrap();
    let path = src.to_str().unwrap();
    ingest(
        &s,
        path,
        &sha_hex(format!("{A}\n").as_bytes()),
        &lines(path, &[A]),
    );
    s.correct(
        &record_id(A),
        &[("location.city".into(), json!("Idlib"))],
        "ann",
        Some("n"),
    )
    .unwrap();
    s.verify_sources("auditor").unwrap();
    s.audit("reextract", "bot", json!({"records": 1})).unwrap();
    let all = s.log().unwrap();
    let names: Vec<_> = all.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(
        names,
        [
            "ingest-begin",
            "ingest-batch",
            "ingest",
            "correct",
            "verify",
            "reextract"
        ]
    );
    let seqs: Vec<_> = all.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4, 5, 6]);
    // The start and the batch of the ingest are in the chain too.
    assert_eq!(all[0].detail["path"], json!(path));
    assert_eq!(all[1].detail["new"], json!(1));
    assert_eq!(all[1].detail["sealed"]["count"], json!(1));
    let log = &all[2..];
    assert_eq!(log[0].actor, "tester");
    assert_eq!(log[0].detail["new"], json!(1));
    assert_eq!(log[0].detail["path"], json!(path));
    assert_eq!(log[1].actor, "ann");
    assert_eq!(log[1].detail["field"], json!("location.city"));
    assert_eq!(log[2].actor, "auditor");
    assert_eq!(log[2].detail["ok"], json!(1));
    assert!(all.windows(2).all(|w| w[0].at <= w[1].at));
    assert!(all.iter().all(|e| e.hash.len() == 64));
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
    let check = s.check_records().unwrap();
    assert_eq!(
        (check.records, check.problem_count),
        (1, 0),
        "{:?}",
        check.problems
    );
}

fn logged_store() -> (tempfile::TempDir, dateline_archive::AnyStore) {
    let (d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    for i in 0..4 {
        s.audit("note", "me", json!({ "i": i })).unwrap();
    }
    (d, s)
}

#[test]
fn tampering_with_the_audit_log_is_detected() {
    let (d, s) = logged_store();
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
    let mut c = RawDb::open(d.path(), &s);
    // The triggers refuse the edit ...
    let e = c
        .execute("UPDATE audit SET actor = 'mallory' WHERE seq = 3")
        .unwrap_err();
    assert!(e.contains("append-only"), "{e}");
    // ... so someone drops them first.
    c.drop_trigger("audit_no_update", "audit");
    c.drop_trigger("audit_no_delete", "audit");
    c.execute("UPDATE audit SET actor = 'mallory' WHERE seq = 3")
        .unwrap();
    assert_eq!(s.verify_log().unwrap(), [3]);
    // Rewriting the detail of another entry, even to valid JSON of the same meaning but
    // different bytes, is caught too.
    c.execute("UPDATE audit SET detail = '{\"i\": 2}' WHERE seq = 4")
        .unwrap();
    assert_eq!(s.verify_log().unwrap(), [3, 4]);
    // Damaged JSON is reported as a bad entry, not a failure to verify.
    c.execute("UPDATE audit SET detail = '{' WHERE seq = 2")
        .unwrap();
    assert_eq!(s.verify_log().unwrap(), [2, 3, 4]);
}

#[test]
fn deleting_an_audit_entry_is_detected() {
    let (d, s) = logged_store();
    let mut c = RawDb::open(d.path(), &s);
    assert!(c.execute("DELETE FROM audit WHERE seq = 2").is_err());
    c.drop_trigger("audit_no_delete", "audit");
    c.execute("DELETE FROM audit WHERE seq = 2").unwrap();
    assert_eq!(s.verify_log().unwrap(), [3]);
}

#[test]
fn append_only_tables_refuse_update_and_delete() {
    let (d, s) = store();
    ingest(&s, "/data/a.txt", "1", &[aleppo().item()]);
    s.correct(
        &record_id(A),
        &[("location.city".into(), json!("Idlib"))],
        "ann",
        None,
    )
    .unwrap();
    let mut c = RawDb::open(d.path(), &s);
    for sql in [
        "UPDATE audit SET actor = 'x'",
        "DELETE FROM audit",
        "UPDATE corrections SET value = '\"Homs\"'",
        "DELETE FROM corrections",
        "UPDATE provenance SET line = 7",
        "DELETE FROM provenance",
        "DELETE FROM records",
        "UPDATE records SET caption = 'x'",
        "UPDATE source_files SET path = 'x'",
        "DELETE FROM record_digests",
    ] {
        assert!(c.execute(sql).is_err(), "{sql} was allowed");
    }
    drop(c);
    let got = s.get(&record_id(A)).unwrap();
    assert_eq!(got.provenance[0].line, Some(1));
    assert_eq!(got.corrections[0].value, json!("Idlib"));
    assert_eq!(s.count().unwrap(), 1);
}

// ---------------------------------------------------------------------------------------------
// 7. Source verification

#[test]
fn verify_sources_reports_ok_changed_missing_and_the_previous_check() {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(db_path(dir.path())).unwrap();
    let mut paths = Vec::new();
    for name in ["keep.txt", "edit.txt", "gone.txt"] {
        let p = dir.path().join(name);
        let body = format!("{A}\n{name}\n");
        std::fs::write(&p, &body).unwrap();
        let ps = p.to_str().unwrap().to_string();
        ingest_file(
            &s,
            &SourceFile {
                path: ps.clone(),
                sha256: Some(sha_hex(body.as_bytes())),
                size: body.len() as u64,
            },
            &lines(&ps, &[A]),
        );
        paths.push((ps, sha_hex(body.as_bytes())));
    }
    // Standard input has nothing to check.
    ingest_file(
        &s,
        &SourceFile {
            path: "-".into(),
            sha256: None,
            size: 0,
        },
        &lines("-", &[B]),
    );
    let first = s.verify_sources("me").unwrap();
    assert_eq!(first.len(), 3);
    for c in &first {
        assert_eq!(c.status, "ok", "{c:?}");
        assert_eq!(c.previous, None);
        assert_eq!(c.sha256_now.as_deref(), Some(c.sha256_at_ingest.as_str()));
    }
    std::fs::write(&paths[1].0, "edited\n").unwrap();
    std::fs::remove_file(&paths[2].0).unwrap();
    let second = s.verify_sources("me").unwrap();
    let by_path = |p: &str| second.iter().find(|c| c.path == p).unwrap().clone();
    let keep = by_path(&paths[0].0);
    assert_eq!(keep.status, "ok");
    let edit = by_path(&paths[1].0);
    assert_eq!(edit.status, "changed");
    assert_eq!(edit.sha256_at_ingest, paths[1].1);
    assert_eq!(edit.sha256_now, Some(sha_hex(b"edited\n")));
    let gone = by_path(&paths[2].0);
    assert_eq!(gone.status, "missing");
    assert_eq!(gone.sha256_now, None);
    for c in &second {
        let f = first.iter().find(|f| f.path == c.path).unwrap();
        assert_eq!(c.previous, Some((f.checked_at.clone(), "ok".to_string())));
    }
    let third = s.verify_sources("me").unwrap();
    let e = third.iter().find(|c| c.path == paths[1].0).unwrap();
    assert_eq!(e.previous.as_ref().map(|p| p.1.as_str()), Some("changed"));
    let verifies: Vec<_> = s
        .log()
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "verify")
        .collect();
    assert_eq!(verifies.len(), 3);
    assert_eq!(verifies[1].detail["changed"], json!(1));
    assert_eq!(verifies[1].detail["missing"], json!(1));
}

#[test]
fn a_source_that_became_a_directory_is_reported_not_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(db_path(dir.path())).unwrap();
    let p = dir.path().join("x.txt");
    let ps = p.to_str().unwrap();
    ingest(&s, ps, "1234", &lines(ps, &[A]));
    std::fs::create_dir(&p).unwrap();
    let checks = s.verify_sources("me").unwrap();
    assert_eq!(checks.len(), 1);
    assert_ne!(checks[0].status, "ok");
}

// ---------------------------------------------------------------------------------------------
// 10. Schema

#[test]
fn opened_archives_use_wal_and_reopening_does_not_migrate_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let s = SqliteStore::open(&path).unwrap();
        ingest(&s, "/data/a.txt", "1", &lines("/data/a.txt", &[A, B]));
    }
    let c = rusqlite::Connection::open(&path).unwrap();
    let mode: String = c
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    let v: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, 2);
    drop(c);
    let s = SqliteStore::open(&path).unwrap();
    assert_eq!(s.count().unwrap(), 2);
    assert_eq!(actions(&s.log().unwrap()), 1);
    assert_eq!(s.integrity_check().unwrap(), "ok");
    drop(s);
    // A newer archive is refused.
    let c = rusqlite::Connection::open(&path).unwrap();
    c.pragma_update(None, "user_version", 99).unwrap();
    drop(c);
    assert!(matches!(
        SqliteStore::open(&path),
        Err(ArchiveError::TooNew { found: 99, .. })
    ));
}
