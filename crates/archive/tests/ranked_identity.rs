//! The ranked index answers only for the database it was built from: a restored backup,
//! another archive's index or a sequence number ahead of the database makes it rebuild, and
//! `reindex` repairs an index whatever its damage.

mod common;

use common::*;
use dateline_archive::ranked::{RankedIndex, Stamp};
use dateline_archive::{SearchOptions, SqliteStore, Store};
use std::path::Path;

fn captions(tag: &str, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            if i % 3 == 0 {
                format!("{tag} {i}: fire in a market in Aleppo, Syria on May 1, 2016.")
            } else {
                format!("{tag} {i}: a boy walks past the rubble in Homs, Syria on May 2, 2016.")
            }
        })
        .collect()
}

fn ingest_tag(s: &SqliteStore, tag: &str, n: usize) {
    let caps = captions(tag, n);
    let refs: Vec<&str> = caps.iter().map(String::as_str).collect();
    let path = format!("/data/{tag}.txt");
    ingest(s, &path, tag, &lines(&path, &refs));
}

/// Both engines find the same records for `fire`, and every tantivy hit contains the word.
fn assert_engines_agree(s: &SqliteStore) {
    let tv = search(
        s,
        "fire",
        &SearchOptions {
            limit: 1000,
            ..SearchOptions::default()
        },
    );
    let f5 = search(s, "fire", &fts());
    assert_eq!(tv.total, f5.total, "tantivy and FTS5 disagree");
    let mut a = hit_ids(&tv);
    let mut b = hit_ids(&f5);
    a.sort();
    b.sort();
    assert_eq!(a, b);
    for h in &tv.hits {
        assert!(h.record.caption.contains("fire"), "{}", h.record.caption);
    }
}

fn remove_wal(db: &Path) {
    for ext in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", db.display()));
    }
}

#[test]
fn an_archive_restored_from_a_backup_does_not_keep_the_newer_index() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_path(dir.path());
    let backup = dir.path().join("backup.db");
    {
        let s = SqliteStore::open(&db).unwrap();
        ingest_tag(&s, "one", 30);
    }
    std::fs::copy(&db, &backup).unwrap();
    {
        let s = SqliteStore::open(&db).unwrap();
        ingest_tag(&s, "two", 30);
        assert_engines_agree(&s);
    }
    // The database goes back to the backup; the index beside it stays as it was.
    std::fs::copy(&backup, &db).unwrap();
    remove_wal(&db);
    let s = SqliteStore::open(&db).unwrap();
    // More changes than the index is ahead by, so a sequence check alone would pass.
    ingest_tag(&s, "three", 90);
    assert_engines_agree(&s);
    assert_eq!(search(&s, "fire", &SearchOptions::default()).total, 40);
}

#[test]
fn an_index_stamped_ahead_of_the_database_is_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let db = db_path(dir.path());
    let ranked;
    {
        let s = SqliteStore::open(&db).unwrap();
        ingest_tag(&s, "one", 30);
        ranked = s.ranked_dir();
    }
    {
        let mut ix = RankedIndex::open(&ranked).unwrap();
        let stamp = Stamp {
            seq: ix.stamp().seq + 1000,
            ..ix.stamp().clone()
        };
        ix.commit_stamped(stamp).unwrap();
    }
    let s = SqliteStore::open(&db).unwrap();
    ingest_tag(&s, "two", 30);
    assert_engines_agree(&s);
    assert_eq!(search(&s, "fire", &SearchOptions::default()).total, 20);
}

#[test]
fn another_archives_index_is_not_used() {
    let dir = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    let db = db_path(dir.path());
    {
        let o = SqliteStore::open(db_path(other.path())).unwrap();
        ingest_tag(&o, "other", 60);
        let s = SqliteStore::open(&db).unwrap();
        ingest_tag(&s, "one", 30);
        let _ = std::fs::remove_dir_all(s.ranked_dir());
        copy_dir(&o.ranked_dir(), &s.ranked_dir());
    }
    let s = SqliteStore::open(&db).unwrap();
    assert_engines_agree(&s);
    assert_eq!(search(&s, "fire", &SearchOptions::default()).total, 10);
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_name().to_string_lossy().ends_with(".lock") {
            continue;
        }
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// Every way of damaging the index's files that probing found; `reindex` repairs each.
#[test]
fn reindex_repairs_an_index_whatever_its_damage() {
    type Damage = fn(&Path);
    let damages: [(&str, Damage); 4] = [
        ("a deleted segment file", |d| {
            let f = files(d, ".idx").into_iter().next().expect("a segment file");
            std::fs::remove_file(f).unwrap();
        }),
        ("a truncated .fast file", |d| {
            let f = files(d, ".fast").into_iter().next().expect("a fast file");
            let len = std::fs::metadata(&f).unwrap().len();
            let file = std::fs::OpenOptions::new().write(true).open(&f).unwrap();
            file.set_len(len / 2).unwrap();
        }),
        ("random bytes in a segment", |d| {
            for f in files(d, ".term") {
                let mut bytes = std::fs::read(&f).unwrap();
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = (i as u8).wrapping_mul(151).wrapping_add(7);
                }
                std::fs::write(&f, bytes).unwrap();
            }
        }),
        ("a damaged meta.json", |d| {
            std::fs::write(d.join("meta.json"), b"{not json").unwrap()
        }),
    ];
    for (what, damage) in damages {
        let dir = tempfile::tempdir().unwrap();
        let db = db_path(dir.path());
        let ranked = {
            let s = SqliteStore::open(&db).unwrap();
            ingest_tag(&s, "one", 30);
            s.ranked_dir()
        };
        damage(&ranked);
        let s = SqliteStore::open(&db).unwrap();
        assert_eq!(
            s.reindex().unwrap_or_else(|e| panic!("{what}: {e}")),
            30,
            "{what}"
        );
        assert_engines_agree(&s);
        assert_eq!(
            search(&s, "fire", &SearchOptions::default()).total,
            10,
            "{what}"
        );
        // Nothing is left beside the index.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".ranked."))
            .collect();
        assert!(left.is_empty(), "{what}: {left:?}");
    }
}

fn files(dir: &Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .collect();
    v.sort();
    v
}

#[test]
fn engine_counts_agree_on_a_healthy_archive() {
    let (_d, s) = sqlite_store();
    ingest_tag(&s, "one", 30);
    let c = s.engine_counts().unwrap();
    assert_eq!((c.records, c.live, c.fts5), (30, 30, 30));
    assert_eq!(c.ranked, Some((30, 30)));
}
