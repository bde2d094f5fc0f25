//! Tamper evidence: every change made to the archive outside dateline — to a record row, its
//! provenance or corrections, the sealed digests, the end of the audit log or the whole file —
//! is reported by the checks `verify` runs.

mod common;

use common::*;
use dateline_archive::{SqliteStore, Store};
use dateline_model::record_id;
use rusqlite::Connection;
use serde_json::json;

const A: &str = "A boy is rescued from the rubble in Aleppo, Syria on November 24, 2016.";
const B: &str = "Smoke rises over Idlib, Syria on April 4, 2017.";
const C: &str = "Fire damage in Homs, Syria on May 1, 2016.";

/// An archive that has seen every kind of write: two ingests (one a new version of the first
/// file), a correction and a re-extraction.
fn busy() -> (tempfile::TempDir, SqliteStore) {
    let (d, s) = sqlite_store();
    ingest(&s, "/data/a.txt", "1", &lines("/data/a.txt", &[A, B]));
    // The second version of the file edits line 2: B is superseded by C.
    ingest(&s, "/data/a.txt", "2", &lines("/data/a.txt", &[A, C]));
    s.correct(
        &record_id(A),
        &[("location.city".into(), json!("Aleppo"))],
        "ann",
        Some("checked"),
    )
    .unwrap();
    let mut changed = rec(C)
        .src("text", "/data/a.txt", 2)
        .place(Some("Homs"), None, "SY")
        .build();
    changed.warnings.push("re-extracted".into());
    assert_eq!(
        s.replace_extractions(&[changed], "test-extractor 2")
            .unwrap(),
        1
    );
    (d, s)
}

fn sql(d: &tempfile::TempDir) -> Connection {
    Connection::open(db_path(d.path())).unwrap()
}

fn problems(s: &SqliteStore) -> Vec<String> {
    let c = s.check_records().unwrap();
    c.problems
        .iter()
        .map(|p| format!("{} {}", p.id, p.what))
        .collect()
}

#[test]
fn an_untouched_archive_passes_every_check() {
    let (_d, s) = busy();
    let c = s.check_records().unwrap();
    assert_eq!(c.records, 3);
    assert_eq!(c.problem_count, 0, "{:?}", c.problems);
    assert!(c.sealed >= 5, "{c:?}");
    let (own, bad) = s.own_anchors().unwrap();
    assert!(bad.is_empty());
    assert!(own.len() >= 3, "{own:?}");
    assert_eq!(s.check_anchors(&own).unwrap(), Vec::<String>::new());
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
}

#[test]
fn rewriting_a_caption_or_id_is_refused_and_after_dropping_the_trigger_detected() {
    let (d, s) = busy();
    let c = sql(&d);
    let e = c
        .execute(
            "UPDATE records SET caption = 'TAMPERED' WHERE id = ?",
            [record_id(A)],
        )
        .unwrap_err();
    assert!(e.to_string().contains("never change"), "{e}");
    assert!(
        c.execute(
            "UPDATE records SET id = 'ffff' WHERE id = ?",
            [record_id(A)]
        )
        .is_err()
    );
    c.execute_batch("DROP TRIGGER records_fixed").unwrap();
    c.execute(
        "UPDATE records SET caption = 'TAMPERED' WHERE id = ?",
        [record_id(A)],
    )
    .unwrap();
    let p = problems(&s);
    assert!(
        p.iter()
            .any(|p| p.contains("id is not the hash of the caption")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|p| p.contains("changed since the last audited write")),
        "{p:?}"
    );
    // The id, rewritten to the hash of the new caption, is caught by the seal.
    let (d, s) = busy();
    let c = sql(&d);
    c.execute_batch("DROP TRIGGER records_fixed").unwrap();
    c.execute(
        "UPDATE records SET caption = ?, id = ? WHERE id = ?",
        ["TAMPERED".to_string(), record_id("TAMPERED"), record_id(A)],
    )
    .unwrap();
    let p = problems(&s);
    assert!(
        p.iter()
            .any(|p| p.contains("stored record's id or caption differs")),
        "{p:?}"
    );
    assert!(
        p.iter()
            .any(|p| p.contains("changed since the last audited write")),
        "{p:?}"
    );
}

#[test]
fn rewriting_a_filter_column_or_the_stored_record_is_detected() {
    let (d, s) = busy();
    sql(&d)
        .execute(
            "UPDATE records SET country = 'FR' WHERE id = ?",
            [record_id(B)],
        )
        .unwrap();
    let p = problems(&s);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("columns searched by differ") && p[0].contains("country"),
        "{p:?}"
    );

    let (d, s) = busy();
    // Swap in another record's stored blob: a valid record, not this one.
    sql(&d)
        .execute(
            "UPDATE records SET extracted = (SELECT extracted FROM records WHERE id = ?) WHERE id = ?",
            [record_id(C), record_id(B)],
        )
        .unwrap();
    let p = problems(&s);
    assert!(
        p.iter()
            .any(|p| p.starts_with(&record_id(B)) && p.contains("changed since")),
        "{p:?}"
    );

    let (d, s) = busy();
    sql(&d)
        .execute("UPDATE records SET superseded_by = NULL", [])
        .unwrap();
    let p = problems(&s);
    assert!(
        p.iter()
            .any(|p| p.starts_with(&record_id(B)) && p.contains("changed since")),
        "{p:?}"
    );
}

#[test]
fn removing_or_rewriting_corrections_and_provenance_is_detected() {
    for (drop, change) in [
        (
            "DROP TRIGGER corrections_no_delete",
            "DELETE FROM corrections",
        ),
        (
            "DROP TRIGGER corrections_no_change",
            "UPDATE corrections SET value = '\"Homs\"'",
        ),
        (
            "DROP TRIGGER provenance_no_delete",
            "DELETE FROM provenance WHERE line = 2",
        ),
        (
            "DROP TRIGGER provenance_no_update",
            "UPDATE provenance SET line = 9 WHERE line = 1",
        ),
        (
            "DROP TRIGGER source_files_no_update",
            "UPDATE source_files SET sha256 = 'x' WHERE rowid = 1",
        ),
    ] {
        let (d, s) = busy();
        let c = sql(&d);
        assert!(c.execute(change, []).is_err(), "{change} was allowed");
        c.execute_batch(drop).unwrap();
        c.execute(change, []).unwrap();
        let p = problems(&s);
        assert!(
            p.iter()
                .any(|p| p.contains("changed since the last audited write")),
            "{change}: {p:?}"
        );
    }
}

#[test]
fn forging_or_removing_sealed_digests_is_detected() {
    let (d, s) = busy();
    let c = sql(&d);
    assert!(c.execute("DELETE FROM record_digests", []).is_err());
    c.execute_batch("DROP TRIGGER record_digests_no_delete; DROP TRIGGER records_fixed")
        .unwrap();
    c.execute("DELETE FROM record_digests WHERE seq = 2", [])
        .unwrap();
    let p = problems(&s);
    assert!(
        p.iter().any(|p| p.contains("do not match audit entry")),
        "{p:?}"
    );

    // A rewrite covered up with a new digest row: the chain does not vouch for it.
    let (d, s) = busy();
    let c = sql(&d);
    c.execute_batch("DROP TRIGGER records_fixed").unwrap();
    c.execute(
        "UPDATE records SET reference_date = '1999-01-01' WHERE id = ?",
        [record_id(A)],
    )
    .unwrap();
    let rowid: i64 = c
        .query_row(
            "SELECT rowid FROM records WHERE id = ?",
            [record_id(A)],
            |r| r.get(0),
        )
        .unwrap();
    // Whatever digest the forger computes, the audit log does not cover the new row.
    c.execute(
        "INSERT INTO record_digests(record, digest) VALUES (?, 'forged')",
        [rowid],
    )
    .unwrap();
    let p = problems(&s);
    assert!(
        p.iter()
            .any(|p| p.contains("vouched for by no audit entry")),
        "{p:?}"
    );
}

#[test]
fn cutting_the_end_of_the_audit_log_is_reported_by_the_anchors() {
    for cut in ["DELETE FROM audit WHERE seq >= 3", "DELETE FROM audit"] {
        let (d, s) = busy();
        let (own, _) = s.own_anchors().unwrap();
        let c = sql(&d);
        c.execute_batch("DROP TRIGGER audit_no_delete").unwrap();
        c.execute(cut, []).unwrap();
        // What is left of the chain is intact: only the anchors show the cut.
        assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new(), "{cut}");
        let p = s.check_anchors(&own).unwrap();
        assert!(
            !p.is_empty() && p.iter().any(|p| p.contains("cut from its end")),
            "{cut}: {p:?}"
        );
    }
}

#[test]
fn an_anchor_published_elsewhere_is_checked_too() {
    let (d, s) = busy();
    let (seq, hash) = s.head().unwrap().unwrap();
    let published = vec![dateline_archive::Anchor {
        seq: Some(seq),
        hash: hash.clone(),
        archive: None,
        origin: "--anchor".into(),
    }];
    assert!(s.check_anchors(&published).unwrap().is_empty());
    // The anchors file beside the archive is deleted as well: the published anchor still tells.
    std::fs::remove_file(s.anchors_path()).unwrap();
    let c = sql(&d);
    c.execute_batch("DROP TRIGGER audit_no_delete").unwrap();
    c.execute("DELETE FROM audit WHERE seq = ?", [seq]).unwrap();
    let p = s.check_anchors(&published).unwrap();
    assert!(p[0].contains("cut from its end"), "{p:?}");
}

#[test]
fn a_replaced_database_file_is_reported_by_the_anchors() {
    let (d, s) = busy();
    let (own, _) = s.own_anchors().unwrap();
    drop(s);
    // Another archive, built the same way, put in this one's place.
    let other = tempfile::tempdir().unwrap();
    {
        let o = SqliteStore::open(db_path(other.path())).unwrap();
        ingest(&o, "/data/a.txt", "1", &lines("/data/a.txt", &[A, B]));
    }
    std::fs::copy(db_path(other.path()), db_path(d.path())).unwrap();
    for ext in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db_path(d.path()).display()));
    }
    let s = SqliteStore::open(db_path(d.path())).unwrap();
    let p = s.check_anchors(&own).unwrap();
    assert!(
        p.iter()
            .any(|p| p.contains("the database (file) was replaced")),
        "{p:?}"
    );
}

#[test]
fn a_killed_ingest_leaves_its_committed_batches_in_the_chain() {
    let (_d, s) = sqlite_store();
    let id = s
        .ingest_begin(&file("/data/a.txt", "1"), "tester", "x")
        .unwrap();
    s.ingest_batch(id, &lines("/data/a.txt", &[A, B])).unwrap();
    // The process dies here: no ingest_finish.
    let log = s.log().unwrap();
    let names: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(names, ["ingest-begin", "ingest-batch"]);
    assert_eq!(log[1].detail["new"], json!(2));
    let c = s.check_records().unwrap();
    assert_eq!((c.records, c.problem_count), (2, 0), "{:?}", c.problems);
    let open = s.unfinished_ingests().unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].3, 2);
}

/// A photo without a caption, as ingest makes it: known by the hash of its file.
fn captionless(sha: &str) -> dateline_archive::NewRecord {
    let mut r = rec("").src("image", "/photos/a.jpg", 0);
    r.0["id"] = json!(dateline_model::photo_record_id(sha));
    r.0["source"]["line"] = json!(null);
    r.0["source"]["sha256"] = json!(sha);
    r.0["credit"]["creators"] = json!(["Jane Doe"]);
    r.item()
}

#[test]
fn photos_without_captions_are_known_by_their_file_and_checked_by_it() {
    let (d, s) = sqlite_store();
    let (one, two) = ("a".repeat(64), "b".repeat(64));
    ingest(&s, "/photos/a.jpg", &one, &[captionless(&one)]);
    ingest(&s, "/photos/b.jpg", &two, &[captionless(&two)]);
    assert_eq!(s.count().unwrap(), 2, "two photos, two records");
    assert_eq!(problems(&s), Vec::<String>::new());
    // Pointing the record at another file's id is caught.
    let c = sql(&d);
    c.execute_batch("DROP TRIGGER records_fixed").unwrap();
    c.execute(
        "UPDATE records SET id = ? WHERE id = ?",
        [
            dateline_model::photo_record_id(&"c".repeat(64)),
            dateline_model::photo_record_id(&one),
        ],
    )
    .unwrap();
    let p = problems(&s);
    assert!(
        p.iter().any(|p| p.contains("no caption and its id")),
        "{p:?}"
    );
}

#[test]
fn coordinates_survive_the_stored_record_to_the_last_bit() {
    // -116.85499999999999 reads back as -116.855 unless JSON floats round-trip exactly; the
    // filter columns would then differ from the stored record and verify would cry wolf.
    let (_d, s) = sqlite_store();
    let r = rec(A).at(36.45, -116.85499999999999).item();
    ingest(&s, "/data/a.txt", "1", &[r]);
    assert_eq!(problems(&s), Vec::<String>::new());
    let got = s.get(&record_id(A)).unwrap().extracted.location;
    assert_eq!(got.lon, Some(-116.85499999999999));
}
