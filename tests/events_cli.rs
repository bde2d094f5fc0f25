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
