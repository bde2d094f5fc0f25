//! End-to-end tests of the archive commands: ingest, search, show, correct, stats, reextract,
//! reindex, log and verify, plus the reliability cases (kill -9 during an ingest, an archive that
//! cannot be written, malformed input lines).

use serde_json::Value;
use std::path::Path;

mod common;

use common::{Env, ROOT};

fn json_lines(s: &str) -> Vec<Value> {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:.200}")))
        .collect()
}

fn examples() -> String {
    Path::new(ROOT)
        .join("examples/captions.txt")
        .display()
        .to_string()
}

fn search_ids(env: &Env, query: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["search", query, "--json", "--limit", "100"];
    args.extend_from_slice(extra);
    json_lines(&env.ok(&args))
        .iter()
        .map(|h| h["record"]["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn ingest_is_idempotent_and_search_finds_by_text_and_filters() {
    let env = Env::new();
    let (code, _, err) = env.run(&["ingest", &examples()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("8 new, 0 unchanged"), "{err}");
    let (_, _, err) = env.run(&["ingest", &examples()]);
    assert!(err.contains("0 new, 8 unchanged, 0 superseded"), "{err}");

    let afp = search_ids(&env, "agency:AFP", &[]);
    assert_eq!(afp.len(), 3, "{afp:?}");
    let rubble = search_ids(&env, "rubble", &[]);
    assert_eq!(rubble.len(), 1);
    // The same answer from both rankers.
    assert_eq!(search_ids(&env, "rubble", &["--ranker", "fts5"]), rubble);
    let aleppo_2016 = search_ids(&env, "country:SY city:aleppo date:2016-04..2016-12", &[]);
    assert_eq!(aleppo_2016.len(), 2, "{aleppo_2016:?}");
    let syria_by_name = search_ids(&env, "country:Syria", &[]);
    assert!(syria_by_name.len() >= 6, "{syria_by_name:?}");
    let near = search_ids(&env, "near:36.20,37.16,25km reported:true", &[]);
    assert_eq!(near.len(), 2, "{near:?}");
    // The terminal view highlights the matched words.
    let table = env.ok(&["search", "rubble agency:AFP"]);
    assert!(table.contains("[rubble]"), "{table}");
    assert!(table.contains("1–1 of 1"), "{table}");
    // Facets come with the results.
    let all: Value = serde_json::from_str(&env.ok(&["search", "", "--json", "--facets"])).unwrap();
    assert_eq!(all["total"], 8);
    assert!(all["facets"].to_string().contains("Reuters"), "{all}");
}

#[test]
fn malformed_queries_point_at_the_problem() {
    let env = Env::new();
    env.ok(&["ingest", &examples()]);
    let (code, _, err) = env.run(&["search", "rubble date:2016-13"]);
    assert_eq!(code, 2);
    assert!(err.contains("^"), "{err}");
    assert!(err.contains("rubble date:2016-13"), "{err}");
    let (code, _, err) = env.run(&["search", "contry:SY"]);
    assert_eq!(code, 2);
    assert!(err.contains("country"), "{err}");
    let (code, _, err) = env.run(&["search", "country:Atlantis"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown country"), "{err}");
    // Text that means something to SQL or FTS5 is just text.
    for q in [
        "'; DROP TABLE records; --",
        "\"a\" OR \"b\"",
        "NEAR(a b)",
        "a AND",
    ] {
        let (code, _, err) = env.run(&["search", q, "--json"]);
        assert!(code == 0 || code == 2, "{q}: {err}");
    }
    assert_eq!(search_ids(&env, "", &[]).len(), 8);
}

#[test]
fn show_correct_history_stats_and_reextract_keep_corrections() {
    let env = Env::new();
    env.ok(&["ingest", &examples()]);
    let id = search_ids(&env, "Tal Samin", &[])[0].clone();
    let prefix = &id[..8];
    let shown = env.ok(&["show", prefix]);
    assert!(shown.contains("provenance"), "{shown}");
    assert!(shown.contains("captions.txt:3"), "{shown}");

    let (code, _, err) = env.run(&[
        "correct",
        prefix,
        "location.city=Ain Issa",
        "casualties.killed=2",
        "--note",
        "checked against the agency's site",
    ]);
    assert_eq!(code, 0, "{err}");
    let stored: Value = serde_json::from_str(&env.ok(&["show", &id, "--json"])).unwrap();
    assert_eq!(stored["record"]["location"]["city"], "Ain Issa");
    assert_eq!(stored["record"]["casualties"]["killed"], 2);
    assert_eq!(stored["corrections"][0]["author"], "tester");
    assert_eq!(
        stored["corrections"][0]["note"],
        "checked against the agency's site"
    );
    assert_ne!(stored["extracted"]["location"]["city"], "Ain Issa");
    let history = env.ok(&["show", &id, "--history"]);
    assert!(history.contains("history of location.city"), "{history}");
    assert!(history.contains("corrected by tester"), "{history}");

    // Bad corrections are refused and change nothing.
    let (code, _, err) = env.run(&["correct", prefix, "caption=x"]);
    assert_ne!(code, 0);
    assert!(err.contains("cannot be corrected"), "{err}");
    let (code, _, err) = env.run(&["correct", prefix, "event.type=picnic"]);
    assert_ne!(code, 0);
    assert!(err.contains("air_strike"), "{err}");

    assert_eq!(search_ids(&env, "city:\"ain issa\"", &[]), vec![id.clone()]);
    let stats = env.ok(&["stats", "--by", "agency", "--json"]);
    let rows = json_lines(&stats);
    let reuters = rows.iter().find(|r| r["value"] == "Reuters").unwrap();
    assert_eq!(reuters["count"], 4);
    let months = env.ok(&["stats", "--by", "month"]);
    assert!(months.contains("2016-11"), "{months}");

    let (code, _, err) = env.run(&["reextract"]);
    assert_eq!(code, 0, "{err}");
    let again: Value = serde_json::from_str(&env.ok(&["show", &id, "--json"])).unwrap();
    assert_eq!(again["record"]["location"]["city"], "Ain Issa");
    assert_eq!(again["corrections"].as_array().unwrap().len(), 2);

    let log = json_lines(&env.ok(&["log", "--json"]));
    let actions: Vec<&str> = log.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "ingest-begin",
            "ingest-batch",
            "ingest",
            "correct",
            "correct",
            "reextract"
        ]
    );

    let (code, _, err) = env.run(&["reindex"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(search_ids(&env, "Samin", &[]), vec![id]);
}

#[test]
fn edited_files_supersede_and_verify_reports_changes() {
    let env = Env::new();
    let file = env.path("desk.txt");
    let original = std::fs::read_to_string(examples()).unwrap();
    std::fs::write(&file, &original).unwrap();
    let f = file.display().to_string();
    env.ok(&["ingest", &f]);
    let (code, out, _) = env.run(&["verify"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("ok"), "{out}");

    let edited = original.replacen(
        "rescue a boy from the rubble",
        "rescue a girl from the rubble",
        1,
    );
    assert_ne!(edited, original);
    std::fs::write(&file, &edited).unwrap();
    let (code, out, err) = env.run(&["verify"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("changed"), "{out}");

    let (_, _, err) = env.run(&["ingest", &f]);
    assert!(err.contains("1 new, 7 unchanged, 1 superseded"), "{err}");
    let girl = search_ids(&env, "girl rubble", &[]);
    assert_eq!(girl.len(), 1);
    assert!(search_ids(&env, "boy rubble", &[]).is_empty());
    let old = search_ids(&env, "boy rubble", &["--all"]);
    assert_eq!(old.len(), 1);
    let stored: Value = serde_json::from_str(&env.ok(&["show", &old[0], "--json"])).unwrap();
    assert_eq!(stored["superseded_by"], girl[0]);
    // The version ingested before is history, not damage.
    let (code, out, err) = env.run(&["verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("superseded") && out.contains("ok "), "{out}");
    assert!(err.contains("1 ok, 1 superseded, 0 changed"), "{err}");

    std::fs::remove_file(&file).unwrap();
    let (code, out, _) = env.run(&["verify"]);
    assert_eq!(code, 1);
    assert!(out.contains("missing"), "{out}");
    assert!(out.contains("last check"), "{out}");
    let log = env.ok(&["log"]);
    assert_eq!(log.matches("verify").count(), 4, "{log}");
}

#[test]
fn malformed_lines_are_reported_skipped_and_the_rest_kept() {
    let env = Env::new();
    let file = env.path("mixed.jsonl");
    std::fs::write(
        &file,
        "{\"id\": \"a\", \"caption\": \"Smoke rises over Gaza City, July 20, 2014. REUTERS/Ahmed Zakot\"}\n\
         {not json}\n\
         {\"id\": \"c\", \"caption\": \"Protesters march in Paris, France, on May 1, 2019. (AP Photo/Rafael Yaghobzadeh)\"}\n\
         {\"id\": \"d\"}\n",
    )
    .unwrap();
    let (code, _, err) = env.run(&["ingest", &file.display().to_string()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("mixed.jsonl:2: not valid JSON"), "{err}");
    assert!(err.contains("mixed.jsonl:4: no \"caption\""), "{err}");
    assert!(
        err.contains("2 new, 0 unchanged, 0 superseded, 2 skipped"),
        "{err}"
    );
    assert_eq!(search_ids(&env, "", &[]).len(), 2);
}

#[test]
fn an_archive_that_cannot_be_written_is_a_clear_error() {
    let env = Env::new();
    let blocker = env.path("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    let out = env
        .cmd()
        .env("DATELINE_ARCHIVE", blocker.join("archive.sqlite"))
        .args(["ingest", &examples()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("archive"), "{err}");
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "x");
    // Reading commands never create an archive.
    let (code, _, err) = env.run(&["search", "rubble"]);
    assert_eq!(code, 1);
    assert!(err.contains("no archive"), "{err}");
    assert!(!env.archive().exists());
}

/// Kill -9 an ingest of 50,000 captions at a random moment, then run it again: every committed
/// record is intact, the rerun completes, nothing is duplicated and SQLite finds no damage.
#[test]
fn killed_ingest_resumes_without_loss_or_duplicates() {
    let env = Env::new();
    let corpus = env.path("synthetic.jsonl");
    env.ok(&[
        "bench",
        "corpus",
        "--n",
        "50000",
        "--seed",
        "7",
        "--out",
        &corpus.display().to_string(),
    ]);
    let text = std::fs::read_to_string(&corpus).unwrap();
    let mut distinct = std::collections::HashSet::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        distinct.insert(dateline_model::record_id(v["caption"].as_str().unwrap()));
    }
    // A random moment, reproducible from the printed seed.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos() as u64;
    let delay_ms = 300 + seed % 2500;
    eprintln!("killing the ingest after {delay_ms} ms");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dateline"))
        .current_dir(ROOT)
        .env("DATELINE_DATA_DIR", env.path("data"))
        .env("DATELINE_ARCHIVE", env.archive())
        .args(["ingest", &corpus.display().to_string()])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(delay_ms));
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();

    let committed = if env.archive().exists() {
        let store = dateline_archive::SqliteStore::open(env.archive()).unwrap();
        assert_eq!(store.integrity_check().unwrap(), "ok");
        let n = count_intact(&store);
        eprintln!("{n} records committed before the kill");
        n
    } else {
        0
    };

    let (code, _, err) = env.run(&["ingest", &corpus.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("{} unchanged", committed)) || committed == 0,
        "the rerun must find every committed record: {err}"
    );
    let store = dateline_archive::SqliteStore::open(env.archive()).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok");
    use dateline_archive::Store;
    assert_eq!(store.count().unwrap() as usize, distinct.len());
    assert_eq!(count_intact(&store), distinct.len() as u64);
    // Every line has exactly one provenance entry for this file version.
    let db = rusqlite::Connection::open(env.archive()).unwrap();
    let rows: i64 = db
        .query_row("SELECT count(*) FROM provenance", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 50_000);
    // The ranked index caught up: both engines agree.
    let a = json_lines(&env.ok(&["search", "killed", "--json", "--facets", "--limit", "1"]));
    let b = json_lines(&env.ok(&[
        "search", "killed", "--json", "--facets", "--limit", "1", "--ranker", "fts5",
    ]));
    assert_eq!(a[0]["total"], b[0]["total"]);
}

/// Reads every record back and decodes it; returns how many there are.
fn count_intact(store: &dateline_archive::SqliteStore) -> u64 {
    use dateline_archive::Store;
    let mut after: Option<String> = None;
    let mut n = 0;
    loop {
        let page = store.extraction_inputs(after.as_deref(), 5000).unwrap();
        let Some(last) = page.last() else { break };
        after = Some(last.id.clone());
        for input in &page {
            assert_eq!(dateline_model::record_id(&input.caption), input.id);
        }
        n += page.len() as u64;
    }
    let sample = store.extraction_inputs(None, 50).unwrap();
    for input in sample {
        let stored = store.get(&input.id).unwrap();
        assert_eq!(stored.record.caption, input.caption);
    }
    n
}
