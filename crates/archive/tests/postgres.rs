//! What only the PostgreSQL back end has to answer for: connection and schema errors in one
//! line, rules the database enforces on its own, and a connection lost in the middle of a write.

mod common;

use common::*;
use dateline_archive::{ArchiveError, PgOptions, PgStore, Store};

fn open(url: &str) -> Result<PgStore, ArchiveError> {
    let dir = std::env::temp_dir().join(format!("dl-pg-ranked-{}", std::process::id()));
    PgStore::open_with(
        url,
        PgOptions {
            ranked_dir: Some(dir),
            ..Default::default()
        },
    )
}

fn one_line(e: ArchiveError) -> String {
    let s = e.to_string();
    assert!(!s.contains('\n'), "{s}");
    s
}

#[test]
fn bad_urls_refused_connections_and_missing_databases_are_one_line_errors() {
    let Some(server) = pg_or_skip("postgres errors") else {
        return;
    };
    let e = one_line(open("postgres://host:notaport/db").err().unwrap());
    assert!(e.contains("not a PostgreSQL URL"), "{e}");
    // A closed port on this machine.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let e = one_line(
        open(&format!("postgres://dl:secret-word@127.0.0.1:{port}/x"))
            .err()
            .unwrap(),
    );
    assert!(e.contains("cannot open archive"), "{e}");
    assert!(e.to_lowercase().contains("refused"), "{e}");
    assert!(!e.contains("secret-word"), "the password is shown: {e}");
    // A database that does not exist, and a role that does not exist.
    let base = fresh_pg_database();
    let missing = format!("{}_missing", base);
    let e = one_line(open(&missing).err().unwrap());
    assert!(e.contains("does not exist"), "{e}");
    let no_role = server.replacen("://", "://no_such_role_dl@", 1);
    let no_role = if server.contains('@') {
        let (scheme, rest) = server.split_once("://").unwrap();
        let (_, host) = rest.split_once('@').unwrap();
        format!("{scheme}://no_such_role_dl@{host}")
    } else {
        no_role
    };
    let e = one_line(open(&no_role).err().unwrap());
    assert!(e.contains("no_such_role_dl"), "{e}");
}

#[test]
fn a_newer_schema_and_a_foreign_database_are_refused() {
    if pg_or_skip("postgres schema").is_none() {
        return;
    }
    let url = fresh_pg_database();
    drop(open(&url).unwrap());
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.batch_execute("UPDATE dateline_schema SET version = 99")
        .unwrap();
    let e = open(&url).err().unwrap();
    assert!(matches!(e, ArchiveError::TooNew { found: 99, .. }), "{e}");
    assert!(one_line(e).contains("schema version 99"));

    let other = fresh_pg_database();
    let mut c = postgres::Client::connect(&other, postgres::NoTls).unwrap();
    c.batch_execute("CREATE TABLE records (x int)").unwrap();
    let e = one_line(open(&other).err().unwrap());
    assert!(e.contains("not a dateline archive"), "{e}");
    // Read-only on an empty database creates nothing.
    let empty = fresh_pg_database();
    let e = PgStore::open_with(
        &empty,
        PgOptions {
            read_only: true,
            ..Default::default()
        },
    )
    .err()
    .unwrap();
    assert!(one_line(e).contains("no dateline archive"));
}

#[test]
fn the_database_refuses_truncation_and_rewrites_by_itself() {
    if pg_or_skip("postgres rules").is_none() {
        return;
    }
    let url = fresh_pg_database();
    let s = open(&url).unwrap();
    ingest(
        &s,
        "/data/a.txt",
        "1",
        &lines("/data/a.txt", &["A caption in Aleppo."]),
    );
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    for sql in [
        "TRUNCATE audit",
        "TRUNCATE records CASCADE",
        "TRUNCATE provenance",
        "DELETE FROM archive_meta",
        "UPDATE record_digests SET digest = 'x'",
    ] {
        assert!(c.batch_execute(sql).is_err(), "{sql} was allowed");
    }
    assert_eq!(s.count().unwrap(), 1);
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
}

#[test]
fn a_connection_killed_mid_write_loses_nothing_committed() {
    if pg_or_skip("postgres dropped connection").is_none() {
        return;
    }
    let url = fresh_pg_database();
    let s = open(&url).unwrap();
    let captions: Vec<String> = (0..40)
        .map(|i| format!("Caption number {i} in Aleppo."))
        .collect();
    let refs: Vec<&str> = captions.iter().map(String::as_str).collect();
    let all = lines("/data/a.txt", &refs);
    let id = s.ingest_begin(&file("/data/a.txt", "1"), "t", "x").unwrap();
    s.ingest_batch(id, &all[..20]).unwrap();
    // Another session holds the write lock, so the next batch waits inside its transaction;
    // then its connection is terminated by the server.
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut hold = admin.transaction().unwrap();
    hold.execute("SELECT pg_advisory_xact_lock(7233190455493095013)", &[])
        .unwrap();
    let batch = all[20..].to_vec();
    let writer = std::thread::scope(|scope| {
        let h = scope.spawn(|| s.ingest_batch(id, &batch));
        std::thread::sleep(std::time::Duration::from_millis(500));
        let mut killer = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        killer
            .execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND application_name = 'dateline'",
                &[],
            )
            .unwrap();
        h.join().unwrap()
    });
    hold.rollback().unwrap();
    let e = writer.expect_err("the batch whose connection was killed fails");
    assert!(matches!(e, ArchiveError::Postgres(_)), "{e}");
    // The first batch is there, the second is not; running it again completes the ingest.
    assert_eq!(s.count().unwrap(), 20);
    s.ingest_batch(id, &all[20..]).unwrap();
    s.ingest_finish(id, 0).unwrap();
    assert_eq!(s.count().unwrap(), 40);
    assert_eq!(s.verify_log().unwrap(), Vec::<i64>::new());
}

#[test]
fn the_seals_vouch_for_every_record_and_catch_edits_behind_dateline() {
    if pg_or_skip("postgres seals").is_none() {
        return;
    }
    let url = fresh_pg_database();
    let s = open(&url).unwrap();
    let a = "Rescue workers search the rubble in Aleppo. (Photo by Ameer Alhalbi/AFP)";
    let b = "A boy walks past a destroyed building in Homs. (Reuters)";
    ingest(&s, "/data/a.txt", "1", &lines("/data/a.txt", &[a, b]));
    s.correct(
        &dateline_model::record_id(a),
        &[("location.city".into(), serde_json::json!("Idlib"))],
        "ann",
        None,
    )
    .unwrap();
    let clean = s.check_records().unwrap();
    assert_eq!(
        (clean.records, clean.problem_count),
        (2, 0),
        "{:?}",
        clean.problems
    );
    assert!(clean.sealed >= 3, "{clean:?}");

    // Someone with the tables' rights drops the guards and edits rows directly.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.batch_execute(
        "DROP TRIGGER corrections_no_change ON corrections;
         UPDATE corrections SET value = '\"Hama\"';
         UPDATE records SET city = 'Paris' WHERE caption LIKE 'A boy%';",
    )
    .unwrap();
    let found = s.check_records().unwrap();
    let text: Vec<String> = found.problems.iter().map(|p| p.what.clone()).collect();
    assert!(
        text.iter()
            .any(|t| t.contains("changed since the last audited write")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|t| t.contains("columns searched by differ")),
        "{text:?}"
    );
}
