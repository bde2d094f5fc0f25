//! The archive under stress: a full disk, read-only access, bad paths, and several writers and
//! readers at once (threads sharing one store, or stores on one file as separate processes do).

mod common;

use common::*;
use dateline_archive::{ArchiveError, OpenOptions, SearchOptions, SqliteStore, Store};
use dateline_model::record_id;
use std::sync::{Arc, Barrier};

fn caption(i: usize) -> String {
    format!(
        "Caption {i}: rescue workers search the rubble of building {i} in Aleppo after an air strike \
         on November {}, 2016, activists said. (Photo by Photographer {}/AFP)",
        i % 28 + 1,
        i % 17
    )
}

fn batch(path: &str, range: std::ops::Range<usize>) -> Vec<dateline_archive::NewRecord> {
    range
        .map(|i| {
            rec(&caption(i))
                .agency("AFP")
                .creators(&[&format!("Photographer {}", i % 17)])
                .date(&format!("2016-11-{:02}", i % 28 + 1), "day")
                .place(Some("Aleppo"), Some("Aleppo"), "SY")
                .at(36.2 + (i % 100) as f64 / 1000.0, 37.1)
                .event("air_strike", i % 2 == 0)
                .src("text", path, i as u64 + 1)
                .item()
        })
        .collect()
}

#[test]
fn every_test_here_on_postgres() {
    rerun_on_postgres("every_test_here_on_postgres");
}

#[test]
fn a_full_disk_fails_clearly_and_keeps_only_whole_batches() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    // Create the schema first so only the data competes for pages.
    drop(SqliteStore::open(&path).unwrap());
    let s = SqliteStore::open_with(
        &path,
        OpenOptions {
            max_page_count: Some(200),
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let id = s
        .ingest_begin(&file("/data/big.txt", "big"), "tester", "x 1")
        .unwrap();
    let first = s.ingest_batch(id, &batch("/data/big.txt", 0..20)).unwrap();
    assert_eq!(first.new, 20);
    let e = s
        .ingest_batch(id, &batch("/data/big.txt", 20..5000))
        .unwrap_err();
    assert!(e.to_string().contains("full"), "{e}");
    // The store stays usable after the error.
    assert_eq!(s.count().unwrap(), 20);
    drop(s);

    let s = SqliteStore::open(&path).unwrap();
    assert_eq!(s.integrity_check().unwrap(), "ok");
    assert_eq!(s.count().unwrap(), 20);
    assert_eq!(search(&s, "rubble", &fts()).total, 20);
    assert_eq!(search(&s, "bbox:36,37,37,38", &fts()).total, 20);
    for i in [0, 19] {
        assert_eq!(s.get(&record_id(&caption(i))).unwrap().provenance.len(), 1);
    }
    assert!(matches!(
        s.get(&record_id(&caption(20))),
        Err(ArchiveError::NotFound(_))
    ));
    // With room again, the ingest can be finished and the rest added.
    s.ingest_batch(id, &batch("/data/big.txt", 20..100))
        .unwrap();
    let sum = s.ingest_finish(id, 0).unwrap();
    assert_eq!((sum.new, sum.unchanged), (100, 0));
    assert_eq!(s.count().unwrap(), 100);
    assert_eq!(s.integrity_check().unwrap(), "ok");
}

#[test]
fn a_full_disk_during_a_correction_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let s = SqliteStore::open(&path).unwrap();
        ingest(&s, "/data/a.txt", "1", &batch("/data/a.txt", 0..50));
    }
    let pages: i64 = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .unwrap();
    let s = SqliteStore::open_with(
        &path,
        OpenOptions {
            max_page_count: Some(pages as u64),
            ..OpenOptions::default()
        },
    )
    .unwrap();
    let id = record_id(&caption(3));
    let long = "x".repeat(200_000);
    let r = s.correct(
        &id,
        &[("location.text".into(), serde_json::json!(long))],
        "ann",
        None,
    );
    let e = r.unwrap_err();
    assert!(e.to_string().contains("full"), "{e}");
    assert!(s.get(&id).unwrap().corrections.is_empty());
    assert_eq!(actions(&s.log().unwrap()), 1);
    assert_eq!(s.integrity_check().unwrap(), "ok");
}

#[test]
fn read_only_archives_answer_searches_and_refuse_writes() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    {
        let s = SqliteStore::open(&path).unwrap();
        ingest(&s, "/data/a.txt", "1", &batch("/data/a.txt", 0..10));
    }
    let before = std::fs::read(&path).unwrap();
    let s = SqliteStore::open_with(
        &path,
        OpenOptions {
            read_only: true,
            ..OpenOptions::default()
        },
    )
    .unwrap();
    assert_eq!(search(&s, "rubble", &fts()).total, 10);
    assert_eq!(search(&s, "rubble", &SearchOptions::default()).total, 10);
    assert_eq!(s.count().unwrap(), 10);
    let id = record_id(&caption(1));
    assert_eq!(s.get(&id).unwrap().record.id, id);
    assert_eq!(actions(&s.log().unwrap()), 1);
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());

    assert!(s.ingest_begin(&file("/data/b.txt", "2"), "t", "x").is_err());
    assert!(
        s.correct(
            &id,
            &[("location.city".into(), serde_json::json!("Idlib"))],
            "t",
            None
        )
        .is_err()
    );
    assert!(s.audit("note", "t", serde_json::json!({})).is_err());
    assert!(
        s.replace_extractions(&[rec(&caption(1)).build()], "y")
            .is_err()
    );
    assert_eq!(s.count().unwrap(), 10);
    assert!(s.get(&id).unwrap().corrections.is_empty());
    drop(s);
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // A read-only open never creates an archive.
    let missing = dir.path().join("nothing.db");
    assert!(
        SqliteStore::open_with(
            &missing,
            OpenOptions {
                read_only: true,
                ..OpenOptions::default()
            }
        )
        .is_err()
    );
    assert!(!missing.exists());
}

#[test]
fn a_path_under_a_regular_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("plain");
    std::fs::write(&f, "not a directory").unwrap();
    let bad = f.join("archive.db");
    let e = SqliteStore::open(&bad)
        .err()
        .expect("cannot open under a file");
    let msg = e.to_string();
    assert!(msg.contains(bad.to_str().unwrap()), "{msg}");
    // A directory that does not exist, and a path that is a directory.
    let e = SqliteStore::open(dir.path().join("no/such/dir/a.db"))
        .err()
        .unwrap();
    assert!(e.to_string().contains("no/such/dir"), "{e}");
    let e = SqliteStore::open(dir.path()).err().unwrap();
    assert!(e.to_string().contains(dir.path().to_str().unwrap()), "{e}");
    // A file that is not a database.
    let e = SqliteStore::open(&f).err().unwrap();
    assert!(e.to_string().contains("plain"), "{e}");
}

#[test]
fn threads_sharing_one_store_ingest_overlapping_batches() {
    let (_d, s) = store();
    let s = Arc::new(s);
    let go = Arc::new(Barrier::new(4));
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let (s, go) = (s.clone(), go.clone());
            std::thread::spawn(move || {
                let path = format!("/data/t{t}.txt");
                let id = s
                    .ingest_begin(&file(&path, &format!("sha{t}")), "t", "x")
                    .unwrap();
                go.wait();
                // Thread t covers t*100 .. t*100+300: each record is in up to three files.
                for start in (t * 100..t * 100 + 300).step_by(50) {
                    s.ingest_batch(id, &batch(&path, start..start + 50))
                        .unwrap();
                }
                s.ingest_finish(id, 0).unwrap()
            })
        })
        .collect();
    let sums: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(sums.iter().map(|s| s.new).sum::<u64>(), 600);
    assert_eq!(sums.iter().map(|s| s.new + s.unchanged).sum::<u64>(), 1200);
    assert!(sums.iter().all(|s| s.superseded == 0));
    assert_eq!(s.count().unwrap(), 600);
    assert_eq!(search(s.as_ref(), "", &fts()).total, 600);
    assert_eq!(
        s.get(&record_id(&caption(250))).unwrap().provenance.len(),
        3
    );
    assert_eq!(s.get(&record_id(&caption(0))).unwrap().provenance.len(), 1);
    if let Some(file) = s.sqlite() {
        assert_eq!(file.integrity_check().unwrap(), "ok");
    }
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
    assert_eq!(actions(&s.log().unwrap()), 4);
}

#[test]
fn two_stores_on_one_file_ingest_at_once_like_two_processes() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let go = Arc::new(Barrier::new(2));
    let handles: Vec<_> = (0..2)
        .map(|t| {
            let (path, go) = (path.clone(), go.clone());
            std::thread::spawn(move || {
                // Both open (and so create and migrate) at the same moment.
                go.wait();
                let s = SqliteStore::open(&path).unwrap();
                let p = format!("/data/p{t}.txt");
                let id = s.ingest_begin(&file(&p, "same"), "t", "x").unwrap();
                for start in (t * 200..t * 200 + 400).step_by(40) {
                    s.ingest_batch(id, &batch(&p, start..start + 40)).unwrap();
                }
                s.ingest_finish(id, 0).unwrap()
            })
        })
        .collect();
    let sums: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(sums.iter().map(|s| s.new).sum::<u64>(), 600);
    assert_eq!(sums.iter().map(|s| s.unchanged).sum::<u64>(), 200);
    let s = SqliteStore::open(&path).unwrap();
    assert_eq!(s.count().unwrap(), 600);
    assert_eq!(s.integrity_check().unwrap(), "ok");
    assert_eq!(
        s.get(&record_id(&caption(300))).unwrap().provenance.len(),
        2
    );
    let c = rusqlite::Connection::open(&path).unwrap();
    let dup: i64 = c
        .query_row(
            "SELECT count(*) FROM (SELECT caption FROM records GROUP BY caption HAVING count(*) > 1)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(dup, 0);
    let fts_rows: i64 = c
        .query_row(
            "SELECT count(*) FROM records_fts WHERE records_fts MATCH 'rubble'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(fts_rows, 600);
}

#[test]
fn readers_search_while_a_writer_ingests() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let writer = Arc::new(SqliteStore::open(&path).unwrap());
    ingest(&*writer, "/data/w0.txt", "0", &batch("/data/w0.txt", 0..50));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let w = {
        let (writer, done) = (writer.clone(), done.clone());
        std::thread::spawn(move || {
            let id = writer
                .ingest_begin(&file("/data/w.txt", "w"), "t", "x")
                .unwrap();
            for start in (50..1050).step_by(50) {
                writer
                    .ingest_batch(id, &batch("/data/w.txt", start..start + 50))
                    .unwrap();
            }
            writer.ingest_finish(id, 0).unwrap();
            done.store(true, std::sync::atomic::Ordering::SeqCst);
        })
    };
    // One reader shares the writer's store (other threads), one has its own (another process).
    let other = SqliteStore::open(&path).unwrap();
    let mut last = [0u64; 2];
    let mut rounds = 0;
    loop {
        let finished = done.load(std::sync::atomic::Ordering::SeqCst);
        for (i, s) in [&*writer as &dyn Store, &other as &dyn Store]
            .into_iter()
            .enumerate()
        {
            let r = search(s, "rubble", &SearchOptions { limit: 5, ..fts() });
            assert!(r.total >= last[i], "results went backwards");
            assert!(r.total.is_multiple_of(50), "saw half a batch: {}", r.total);
            last[i] = r.total;
            assert_eq!(r.hits.len(), 5);
        }
        rounds += 1;
        if finished {
            break;
        }
    }
    w.join().unwrap();
    assert!(rounds > 1);
    assert_eq!(last, [1050, 1050]);
    assert_eq!(other.count().unwrap(), 1050);
    assert_eq!(writer.integrity_check().unwrap(), "ok");
}
