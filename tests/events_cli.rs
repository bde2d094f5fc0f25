//! `dateline events`, `show-event` and `export acled` end to end: three agencies' photos of one
//! strike are one incident with each source's figure, ids survive `--rebuild`, a correction
//! moves a photo out of the incident and stays through re-extraction.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

struct Env {
    dir: tempfile::TempDir,
}

impl Env {
    fn new() -> Env {
        let env = Env {
            dir: tempfile::tempdir().unwrap(),
        };
        let caps = Path::new(ROOT).join("tests/fixtures/incidents/aleppo-strike.txt");
        env.ok(&["ingest", caps.to_str().unwrap()]);
        env
    }
    fn ok(&self, args: &[&str]) -> String {
        let out = Command::new(env!("CARGO_BIN_EXE_dateline"))
            .current_dir(ROOT)
            .env("DATELINE_DATA_DIR", self.dir.path().join("data"))
            .env("DATELINE_ARCHIVE", self.dir.path().join("a.sqlite"))
            .env("USER", "tester")
            .env_remove("RUST_LOG")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "dateline {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }
    fn events(&self, extra: &[&str]) -> Vec<Value> {
        let mut args = vec!["events", "--json"];
        args.extend_from_slice(extra);
        self.ok(&args)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

fn records(i: &Value) -> Vec<String> {
    i["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn one_strike_by_three_agencies_is_one_incident_and_figures_stay_per_source() {
    let env = Env::new();
    let all = env.events(&[]);
    let mut ids: Vec<String> = all.iter().flat_map(records).collect();
    ids.sort();
    let n = ids.len();
    ids.dedup();
    assert_eq!(
        (n, ids.len()),
        (5, 5),
        "every record in exactly one incident"
    );
    let strike = &all[0];
    assert_eq!(records(strike).len(), 3, "most photographed first");
    assert_eq!(
        strike["agencies"],
        serde_json::json!(["AFP", "AP", "Reuters"])
    );
    assert_eq!(strike["killed"], serde_json::json!({"low": 4, "high": 7}));
    assert_eq!(strike["casualties"].as_array().unwrap().len(), 2);
    assert_eq!(strike["place"]["sublocation"], "Bab al-Nairab");
    let reason = strike["reason"].as_str().unwrap();
    assert!(
        reason.starts_with(
            "3 photos, AFP, AP and Reuters, Bab al-Nairab, Aleppo, 2016-11-24, air strike"
        ),
        "{reason}"
    );
    // A query keeps the incidents with a matching record; --rebuild gives the same ids.
    let syria = env.events(&["country:SY"]);
    assert_eq!(syria.len(), 2);
    let rebuilt = env.events(&["--rebuild"]);
    let ids_of = |v: &[Value]| v.iter().map(|i| i["id"].clone()).collect::<Vec<_>>();
    assert_eq!(ids_of(&rebuilt), ids_of(&all));
    // show-event, by a prefix of the id.
    let id = strike["id"].as_str().unwrap();
    let shown = env.ok(&["show-event", &id[..8]]);
    assert!(
        shown.contains("why grouped") && shown.contains("never summed"),
        "{shown}"
    );
    assert!(
        shown.contains("Syrian Observatory for Human Rights"),
        "{shown}"
    );
    // ACLED: one row for the strike (sport and the undated-type photo are not ACLED events).
    let acled = env.ok(&["export", "acled"]);
    let rows: Vec<&str> = acled.lines().collect();
    assert_eq!(rows.len(), 2, "{acled}");
    assert!(
        rows[1].contains("Air/drone strike") && rows[1].ends_with(",4"),
        "{}",
        rows[1]
    );
}

#[test]
fn a_correction_regroups_and_survives_reextraction() {
    let env = Env::new();
    let before = env.events(&[]);
    let strike = records(&before[0]);
    let moved = &strike[0];
    env.ok(&["correct", moved, "date.iso=2016-12-20"]);
    let after = env.events(&[]);
    let big = after
        .iter()
        .find(|i| records(i).len() == 2)
        .expect("the other two stay together");
    assert!(!records(big).contains(moved));
    assert_ne!(big["id"], before[0]["id"], "other records, other id");
    env.ok(&["reextract"]);
    let again = env.events(&[]);
    assert_eq!(
        again.iter().map(|i| i["id"].clone()).collect::<Vec<_>>(),
        after.iter().map(|i| i["id"].clone()).collect::<Vec<_>>(),
        "re-extraction keeps the correction, so the grouping"
    );
}

#[test]
fn the_cache_catches_up_with_changes_and_matches_a_rebuild() {
    let env = Env::new();
    let ids = |v: &[Value]| {
        let mut out: Vec<(String, Vec<String>)> = v
            .iter()
            .map(|i| (i["id"].as_str().unwrap().to_string(), records(i)))
            .collect();
        out.sort();
        out
    };
    let caught_up = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dateline"))
            .current_dir(ROOT)
            .env("DATELINE_DATA_DIR", env.dir.path().join("data"))
            .env("DATELINE_ARCHIVE", env.dir.path().join("a.sqlite"))
            .env("RUST_LOG", "info")
            .args(["events", "--json"])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        let v: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (v, String::from_utf8_lossy(&out.stderr).to_string())
    };
    env.events(&[]); // writes the cache
    assert!(env.dir.path().join("a.sqlite.incidents.json.gz").exists());

    // A second photo of the Idlib scene, in a file of its own: only it is read again.
    let more = env.dir.path().join("more.txt");
    let idlib = "Children look at a damaged building in Idlib, Syria, March 3, 2015. \
                 (Photo by Omar Haj Kadour/AFP)";
    std::fs::write(&more, format!("{idlib}\n")).unwrap();
    env.ok(&["ingest", more.to_str().unwrap()]);
    let (cached, log) = caught_up(&[]);
    assert!(
        log.contains("1 changed and 0 superseded record(s) read"),
        "{log}"
    );
    assert_eq!(ids(&cached), ids(&env.events(&["--rebuild"])));
    assert!(
        cached
            .iter()
            .any(|i| records(i).len() == 2 && i["reason"].to_string().contains("Idlib"))
    );

    // A correction, then an edit of the file that supersedes its record.
    let strike = records(&cached[0]);
    env.ok(&["correct", &strike[1], "event.type=protest"]);
    std::fs::write(
        &more,
        "Fans cheer during a football match in Madrid, Spain, on November 25, 2016.\n",
    )
    .unwrap();
    env.ok(&["ingest", more.to_str().unwrap()]);
    let (cached, log) = caught_up(&[]);
    assert!(log.contains("superseded record(s) read"), "{log}");
    assert_eq!(ids(&cached), ids(&env.events(&["--rebuild"])));
    assert!(
        cached
            .iter()
            .all(|i| !records(i).contains(&dateline_id(idlib))),
        "a superseded record is in no incident"
    );
    // Nothing changed: the cached grouping is used as it is.
    let (again, log) = caught_up(&[]);
    assert!(!log.contains("read since the cache"), "{log}");
    assert_eq!(ids(&again), ids(&cached));
}

fn dateline_id(caption: &str) -> String {
    dateline_model::record_id(caption)
}

/// `dateline bench incidents` keeps working on a small run, and its update check holds: the
/// grouping brought up to date after a change equals grouping everything again.
#[test]
fn bench_incidents_runs_small_and_its_update_is_exact() {
    let out = Command::new(env!("CARGO_BIN_EXE_dateline"))
        .args(["bench", "incidents", "--n", "5000", "--sample", "200"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"], 5000);
    assert_eq!(v["changed_records"], 100);
    assert_eq!(v["regroup_equals_group_again"], true, "{v}");
}
