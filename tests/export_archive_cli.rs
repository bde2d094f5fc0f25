//! `dateline export csv|geojson|gpkg|kml|jsonl` over an archive of real captions: every value
//! read back (CSV by Python's `csv` module, the map formats by GDAL's `ogrinfo`) equals the
//! archive's effective record; corrections reach every export, XMP included; `--out` needs
//! `--force` to replace a file and a failed export leaves none.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

mod common;

use common::{Env, ROOT};

impl Env {
    /// An archive of the held-out captions (real, from several agencies), with a correction.
    fn with_archive() -> (Env, String) {
        let env = Env::new();
        let input = Path::new(ROOT).join("tests/fixtures/corpus/heldout.jsonl");
        env.ok_raw(&["ingest", input.to_str().unwrap()]);
        let first = records(&env, "")[0]["id"].as_str().unwrap().to_string();
        env.ok_raw(&[
            "correct",
            &first,
            "date.iso=1999-12-31",
            "location.city=Corrected City",
            "--note",
            "checked",
        ]);
        (env, first)
    }
}
/// The archive's effective records for a query, through `export jsonl`.
fn records(env: &Env, query: &str) -> Vec<Value> {
    let (out, _) = env.ok_raw(&["export", "jsonl", query]);
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn s(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn joined(v: &Value, f: impl Fn(&Value) -> String) -> String {
    v.as_array()
        .map(|a| a.iter().map(f).collect::<Vec<_>>().join("; "))
        .unwrap_or_default()
}

/// What each documented column should hold for a record (as text; empty = null), written
/// independently of the exporter from the contract's JSON.
fn expected_row(r: &Value) -> BTreeMap<&'static str, String> {
    let d = &r["date"];
    let l = &r["location"];
    let person = |p: &Value| {
        let mut detail = Vec::new();
        if !p["age"].is_null() {
            detail.push(s(&p["age"]));
        }
        if !p["role"].is_null() {
            detail.push(s(&p["role"]));
        }
        if detail.is_empty() {
            s(&p["name"])
        } else {
            format!("{} ({})", s(&p["name"]), detail.join(", "))
        }
    };
    let org = |o: &Value| match o["acronym"].as_str() {
        Some(a) if a != o["name"].as_str().unwrap() => format!("{} ({a})", s(&o["name"])),
        _ => s(&o["name"]),
    };
    BTreeMap::from([
        ("id", s(&r["id"])),
        ("input_id", s(&r["input_id"])),
        ("caption", s(&r["caption"])),
        ("creators", joined(&r["credit"]["creators"], s)),
        ("agency", s(&r["credit"]["agency"])),
        ("credit_raw", s(&r["credit"]["raw"])),
        ("date", s(&d["iso"])),
        ("date_precision", s(&d["precision"])),
        ("date_text", s(&d["text"])),
        ("weekday_ok", s(&d["weekday_ok"])),
        ("location_text", s(&l["text"])),
        ("sublocation", s(&l["sublocation"])),
        ("city", s(&l["city"])),
        ("province", s(&l["province"])),
        ("country", s(&l["country"])),
        ("lat", s(&l["lat"])),
        ("lon", s(&l["lon"])),
        ("geonames_id", s(&l["geonames_id"])),
        ("location_precision", s(&l["precision"])),
        ("places", joined(&r["places"], |p| s(&p["text"]))),
        ("people", joined(&r["people"], person)),
        ("organizations", joined(&r["organizations"], org)),
        ("event_type", s(&r["event"]["type"])),
        ("event_reported", s(&r["event"]["reported"])),
        ("event_actors", joined(&r["event"]["actors"], s)),
        ("killed", s(&r["casualties"]["killed"])),
        ("injured", s(&r["casualties"]["injured"])),
        ("casualty_qualifier", s(&r["casualties"]["qualifier"])),
        ("casualty_source", s(&r["casualties"]["source"])),
        ("warnings", joined(&r["warnings"], s)),
        ("source_kind", s(&r["source"]["kind"])),
        ("source_path", s(&r["source"]["path"])),
        ("source_line", s(&r["source"]["line"])),
        ("source_sha256", s(&r["source"]["sha256"])),
    ])
}

#[test]
fn csv_read_back_by_python_holds_every_value_of_every_record() {
    let (env, corrected) = Env::with_archive();
    let recs = records(&env, "");
    assert_eq!(recs.len(), 80);
    let c = recs.iter().find(|r| r["id"] == corrected.as_str()).unwrap();
    assert_eq!(
        c["date"]["iso"], "1999-12-31",
        "jsonl is the effective record"
    );
    let out = env.path("all.csv");
    env.ok_raw(&["export", "csv", "--bom", "--out", out.to_str().unwrap()]);
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with("\u{feff}".as_bytes()));
    assert!(
        String::from_utf8_lossy(&bytes).contains("\r\n"),
        "RFC 4180 lines end in CRLF"
    );
    // Python's csv module is the reader researchers' scripts use.
    let py = std::process::Command::new("python3")
        .args([
            "-c",
            "import csv, json, sys\n\
             with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:\n\
             \x20   print(json.dumps(list(csv.DictReader(f))))",
            out.to_str().unwrap(),
        ])
        .output()
        .expect("python3 runs");
    assert!(
        py.status.success(),
        "{}",
        String::from_utf8_lossy(&py.stderr)
    );
    let rows: Vec<BTreeMap<String, String>> = serde_json::from_slice(&py.stdout).unwrap();
    assert_eq!(rows.len(), recs.len());
    for (row, rec) in rows.iter().zip(&recs) {
        let want = expected_row(rec);
        assert_eq!(
            row.keys().collect::<Vec<_>>(),
            want.keys()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .iter()
                .collect::<Vec<_>>(),
            "columns"
        );
        for (k, v) in &want {
            assert_eq!(&row[*k], v, "column {k} of {}", rec["id"]);
        }
    }
    let row = rows.iter().find(|r| r["id"] == corrected).unwrap();
    assert_eq!(row["date"], "1999-12-31");
    assert_eq!(row["city"], "Corrected City");
}

#[test]
fn a_query_selects_and_geojson_leaves_out_and_counts_records_without_coordinates() {
    let (env, _) = Env::with_archive();
    let afp = records(&env, "agency:AFP");
    assert!(!afp.is_empty() && afp.len() < 80);
    assert!(afp.iter().all(|r| r["credit"]["agency"] == "AFP"));
    let (out, err) = env.ok_raw(&["export", "geojson", "agency:AFP"]);
    let fc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(fc["type"], "FeatureCollection");
    let with: Vec<&Value> = afp
        .iter()
        .filter(|r| r["location"]["lat"].is_number())
        .collect();
    let features = fc["features"].as_array().unwrap();
    assert_eq!(features.len(), with.len());
    let without = afp.len() - with.len();
    assert!(
        err.contains(&format!("{without} without coordinates left out")),
        "{err}"
    );
    for (f, r) in features.iter().zip(&with) {
        assert_eq!(f["id"], r["id"]);
        assert_eq!(
            f["geometry"]["coordinates"],
            serde_json::json!([r["location"]["lon"], r["location"]["lat"]]),
            "RFC 7946: longitude first"
        );
        assert_eq!(f["properties"]["caption"], r["caption"]);
        assert_eq!(
            f["properties"]["location_precision"],
            r["location"]["precision"]
        );
        assert_eq!(f["properties"]["killed"], r["casualties"]["killed"]);
    }
}

#[test]
fn an_existing_file_needs_force_and_a_failed_export_leaves_nothing() {
    let (env, _) = Env::with_archive();
    let out = env.path("x.geojson");
    std::fs::write(&out, "keep me").unwrap();
    let (code, _, err) = env.run_raw(&["export", "geojson", "--out", out.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("already exists (use --force"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    env.ok_raw(&[
        "export",
        "geojson",
        "--force",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("{\"type\"")
    );
    // A query error fails before anything is written; no temporary file stays behind.
    let bad = env.path("bad.csv");
    let (code, _, err) = env.run_raw(&[
        "export",
        "csv",
        "date:2016-13",
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("date"), "{err}");
    assert!(!bad.exists());
    let gpkg = env.path("no-out");
    let (code, _, err) = env.run_raw(&["export", "gpkg"]);
    assert_ne!(code, 0);
    assert!(err.contains("--out"), "{err}");
    assert!(!gpkg.exists());
    let leftovers: Vec<_> = std::fs::read_dir(env.dir.path())
        .unwrap()
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(".dateline-export")
        })
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn xmp_sidecars_of_archived_captions_carry_the_corrections() {
    let env = Env::new();
    let caps = env.path("caps.txt");
    std::fs::write(
        &caps,
        "Rescue workers search the rubble in Aleppo, Syria, on November 24, 2016. (Photo by Ameer Alhalbi/AFP)\n",
    )
    .unwrap();
    env.ok_raw(&["ingest", caps.to_str().unwrap()]);
    let id = records(&env, "")[0]["id"].as_str().unwrap().to_string();
    env.ok_raw(&[
        "correct",
        &id,
        "date.iso=2016-11-25",
        "location.city=Corrected City",
    ]);
    let out = env.path("xmp");
    let (_, err) = env.ok_raw(&[
        "export",
        "xmp",
        "--out",
        out.to_str().unwrap(),
        caps.to_str().unwrap(),
    ]);
    assert!(err.contains("1 record(s) carry corrections"), "{err}");
    let sidecar = std::fs::read_to_string(out.join(format!("{id}.xmp"))).unwrap();
    assert!(sidecar.contains("2016-11-25"), "{sidecar}");
    assert!(sidecar.contains("Corrected City"), "{sidecar}");
    assert!(!sidecar.contains("2016-11-24<"), "{sidecar}");
}

// ---------------------------------------------------------------------------------------------
// GDAL's ogrinfo, a real client of the map formats.

fn ogrinfo_available() -> bool {
    let found = std::process::Command::new("ogrinfo")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "CI=true but ogrinfo (Debian gdal-bin) is not installed; .ci/run installs it"
        );
        println!("ogrinfo (GDAL) was not found on PATH: skipping the GDAL read-back");
    }
    found
}

fn ogrinfo(args: &[&str]) -> String {
    let out = std::process::Command::new("ogrinfo")
        .args(args)
        .output()
        .expect("ogrinfo runs");
    assert!(
        out.status.success(),
        "ogrinfo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn feature_count(summary: &str) -> usize {
    summary
        .lines()
        .find_map(|l| l.strip_prefix("Feature Count: "))
        .unwrap_or_else(|| panic!("no feature count in\n{summary}"))
        .trim()
        .parse()
        .unwrap()
}

/// `name (Type) = value` lines of ogrinfo's listing of one feature.
fn attributes(listing: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in listing.lines() {
        let l = line.trim_start();
        if let Some((left, value)) = l.split_once(" = ")
            && let Some((name, ty)) = left.split_once(" (")
            && ty.ends_with(')')
            && !name.contains(' ')
        {
            out.insert(name.to_string(), value.to_string());
        }
    }
    out
}

#[test]
fn ogrinfo_reads_geojson_geopackage_and_kml_with_the_archive_values() {
    if !ogrinfo_available() {
        return;
    }
    let (env, corrected) = Env::with_archive();
    let recs = records(&env, "");
    let with: Vec<&Value> = recs
        .iter()
        .filter(|r| r["location"]["lat"].is_number())
        .collect();
    assert!(with.len() > 20);
    let geojson = env.path("all.geojson");
    let gpkg = env.path("all.gpkg");
    let kml = env.path("all.kml");
    env.ok_raw(&["export", "geojson", "--out", geojson.to_str().unwrap()]);
    env.ok_raw(&["export", "gpkg", "--out", gpkg.to_str().unwrap()]);
    env.ok_raw(&["export", "kml", "--out", kml.to_str().unwrap()]);
    for path in [&geojson, &gpkg, &kml] {
        let p = path.to_str().unwrap();
        let summary = ogrinfo(&["-ro", "-al", "-so", p]);
        assert_eq!(feature_count(&summary), with.len(), "{p}:\n{summary}");
    }
    // The GeoPackage carries its R-tree spatial index, and a window query through it finds
    // exactly the records inside the window.
    let g = gpkg.to_str().unwrap();
    let has = ogrinfo(&["-ro", g, "-sql", "SELECT HasSpatialIndex('photos', 'geom')"]);
    assert!(has.contains("= 1"), "{has}");
    let (w, s, e, n) = (30.0, 25.0, 50.0, 40.0);
    let inside = with
        .iter()
        .filter(|r| {
            let (lon, lat) = (
                r["location"]["lon"].as_f64().unwrap(),
                r["location"]["lat"].as_f64().unwrap(),
            );
            (w..=e).contains(&lon) && (s..=n).contains(&lat)
        })
        .count();
    assert!(inside > 0);
    let spat = ogrinfo(&["-ro", "-so", "-spat", "30", "25", "50", "40", g, "photos"]);
    assert_eq!(feature_count(&spat), inside, "{spat}");
    // A sample of records, the corrected one among them: their attributes as GDAL reads them.
    let mut sample: Vec<&Value> = with.iter().step_by(7).copied().collect();
    if let Some(c) = with.iter().find(|r| r["id"] == corrected.as_str()) {
        sample.push(c);
    }
    for r in sample {
        let id = r["id"].as_str().unwrap();
        let want = expected_row(r);
        for (path, layer) in [(&geojson, None), (&gpkg, Some("photos"))] {
            let mut args = vec!["-ro", "-q", "-where"];
            let filter = format!("id = '{id}'");
            args.push(&filter);
            args.push(path.to_str().unwrap());
            if let Some(l) = layer {
                args.push(l);
            } else {
                args.insert(0, "-al");
            }
            let listing = ogrinfo(&args);
            let got = attributes(&listing);
            for k in [
                "id",
                "agency",
                "city",
                "country",
                "event_type",
                "date",
                "killed",
            ] {
                let w = &want[k];
                if w.is_empty() {
                    assert!(
                        got.get(k).is_none_or(|v| v == "(null)" || v.is_empty()),
                        "{k} of {id} in {}: {got:?}",
                        path.display()
                    );
                } else {
                    // GDAL types a column of ISO dates as Date and prints it as 1999/12/31.
                    let g = got.get(k).map(|v| {
                        if k == "date" {
                            v.replace('/', "-")
                        } else {
                            v.clone()
                        }
                    });
                    assert_eq!(g.as_ref(), Some(w), "{k} of {id} in {}", path.display());
                }
            }
            let lon = r["location"]["lon"].as_f64().unwrap();
            let lat = r["location"]["lat"].as_f64().unwrap();
            let point = listing
                .lines()
                .find_map(|l| l.trim().strip_prefix("POINT ("))
                .unwrap_or_else(|| panic!("no point for {id}:\n{listing}"));
            let xy: Vec<f64> = point
                .trim_end_matches(')')
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            assert!(
                (xy[0] - lon).abs() < 1e-6 && (xy[1] - lat).abs() < 1e-6,
                "{point}"
            );
        }
    }
    // KML: every placemark's description is its caption; the corrected city is there.
    let listing = ogrinfo(&["-ro", "-al", kml.to_str().unwrap()]);
    let n_desc = listing.matches("description (String) = ").count();
    assert_eq!(n_desc, with.len(), "{listing:.2000}");
    if with.iter().any(|r| r["id"] == corrected.as_str()) {
        assert!(listing.contains("Corrected City"));
    }
    let first = with[0]["caption"].as_str().unwrap();
    let head: String = first.chars().take(40).collect();
    assert!(
        listing.contains(&head),
        "caption of {} not found",
        with[0]["id"]
    );
}
