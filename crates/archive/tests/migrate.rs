//! `copy_archive` (`dateline migrate`): SQLite → PostgreSQL → SQLite keeps every row of every
//! table, the record seals and the audit chain, which continues on each target.

mod common;

use common::*;
use dateline_archive::{AnyStore, PgOptions, PgStore, SqliteStore, Store, copy_archive};
use dateline_model::record_id;
use serde_json::json;

const A: &str =
    "Rescue workers search the rubble in Aleppo on November 24, 2016. (Photo by Ameer Alhalbi/AFP)";
const B: &str = "A boy walks past a destroyed building in Aleppo's al-Shaar district. (Reuters)";
const C: &str =
    "Displaced families walk near Idlib on April 10, 2016. (Photo by Omar Haj Kadour/AFP)";

/// Every row of every table of a SQLite archive but `archive_meta` (each archive keeps its
/// identity), as text, in key order.
fn tables(path: &std::path::Path) -> Vec<(String, Vec<String>)> {
    let c = rusqlite::Connection::open(path).unwrap();
    let mut out = Vec::new();
    for (table, key) in [
        ("source_files", "rowid"),
        ("ingests", "rowid"),
        ("records", "rowid"),
        ("record_creators", "record, key"),
        ("provenance", "file, line, record"),
        ("corrections", "rowid"),
        ("audit", "seq"),
        ("file_checks", "rowid"),
        ("record_digests", "seq"),
    ] {
        let mut stmt = c
            .prepare(&format!("SELECT *, rowid FROM {table} ORDER BY {key}"))
            .or_else(|_| c.prepare(&format!("SELECT * FROM {table} ORDER BY {key}")))
            .unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                Ok((0..n)
                    .map(|i| format!("{:?}", r.get::<_, rusqlite::types::Value>(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join("|"))
            })
            .unwrap()
            .collect::<Result<Vec<_>, _>>()
            .unwrap();
        out.push((table.to_string(), rows));
    }
    out
}

fn all_ids(s: &dyn Store) -> Vec<String> {
    let r = search(s, "", &fts());
    let mut ids = hit_ids(&r);
    ids.sort();
    ids
}

#[test]
fn sqlite_to_postgres_and_back_keeps_every_row_and_continues_the_chain() {
    if pg_or_skip("migrate").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first.db");
    let source = AnyStore::Sqlite(SqliteStore::open(&first).unwrap());
    // A history with every kind of row: two versions of a file (one record superseded),
    // creators, a correction, a source check.
    let src = dir.path().join("captions.txt");
    std::fs::write(&src, "x").unwrap();
    let path = src.to_str().unwrap();
    ingest(&source, path, &sha_hex(b"x"), &lines(path, &[A, B]));
    ingest(&source, path, "other", &lines(path, &[A, C]));
    source
        .correct(
            &record_id(A),
            &[("location.city".into(), json!("Idlib"))],
            "ann",
            Some("checked"),
        )
        .unwrap();
    source.verify_sources("ann").unwrap();
    let before = tables(&first);

    let pg = AnyStore::Postgres(
        PgStore::open_with(
            &fresh_pg_database(),
            PgOptions {
                ranked_dir: Some(dir.path().join("pg-ranked")),
                ..Default::default()
            },
        )
        .unwrap(),
    );
    let summary = copy_archive(&source, &pg, "mover").unwrap();
    assert!(
        summary
            .tables
            .iter()
            .any(|(t, n)| t == "records" && *n == 3),
        "{summary:?}"
    );
    assert_eq!(pg.verify_log().unwrap(), Vec::<i64>::new());
    let sealed = pg.check_records().unwrap();
    assert_eq!(
        (sealed.records, sealed.problem_count),
        (3, 0),
        "{:?}",
        sealed.problems
    );
    let log = pg.log().unwrap();
    let last = log.last().unwrap();
    assert_eq!(last.action, "migrate");
    assert_eq!(
        last.detail["source_head"]["hash"],
        json!(source.head().unwrap().unwrap().1)
    );
    assert_eq!(all_ids(&pg), all_ids(&source));
    assert_eq!(
        pg.get(&record_id(A))
            .unwrap()
            .record
            .location
            .city
            .as_deref(),
        Some("Idlib")
    );
    assert_eq!(
        pg.get(&record_id(B)).unwrap().superseded_by,
        Some(record_id(C))
    );
    // Text and place searches answer the same on the copy, through both engines.
    for q in ["rubble", "city:idlib", "agency:afp", "-boy"] {
        for opts in [fts(), Default::default()] {
            let mut a = hit_ids(&search(&pg, q, &opts));
            let mut b = hit_ids(&search(&source, q, &opts));
            a.sort();
            b.sort();
            assert_eq!(a, b, "{q}");
        }
    }
    // A copy goes into an empty archive only.
    let again = copy_archive(&source, &pg, "mover").unwrap_err().to_string();
    assert!(again.contains("not empty"), "{again}");

    let back_path = dir.path().join("back.db");
    let back = AnyStore::Sqlite(SqliteStore::open(&back_path).unwrap());
    copy_archive(&pg, &back, "mover").unwrap();
    assert_eq!(back.verify_log().unwrap(), Vec::<i64>::new());
    let after = tables(&back_path);
    for ((table, rows), (_, again)) in before.iter().zip(&after) {
        if table == "audit" {
            // The copy's chain is the source's, then one `migrate` entry per move.
            assert_eq!(&again[..rows.len()], &rows[..], "audit");
            assert_eq!(again.len(), rows.len() + 2);
        } else {
            assert_eq!(again, rows, "{table}");
        }
    }
    // The seals still vouch for every record on the copy.
    let check = back.sqlite().unwrap().check_records().unwrap();
    assert_eq!(check.problem_count, 0, "{:?}", check.problems);
    assert_eq!(all_ids(&back), all_ids(&source));
}
