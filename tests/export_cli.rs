//! `dateline export xmp`: sidecars for photos and for text captions, read back by our own XMP
//! reader and, when it is installed, by ExifTool, with the values the records carry.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

const PHOTOS: &[&str] = &[
    "tests/fixtures/images/exiv2__exiv2-bug440.jpg",
    "tests/fixtures/images/mde__Issue 122.jpg",
    "tests/fixtures/images/frameright__exif.webp",
    "tests/fixtures/images/exiv2__Reagan.jpg",
];

fn dateline() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dateline"));
    cmd.current_dir(ROOT)
        .env(
            "DATELINE_DATA_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("dateline-export-no-such-data-dir"),
        )
        .env_remove("RUST_LOG");
    cmd
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A caption made to break XML: markup, quotes, a CDATA end, a bell and a CR.
const HOSTILE: &str = "Tom & \"Jerry\" <b>O'Neil</b> ]]> \u{7}bell\r\nin Aleppo, Syria, November 24, 2016. (Photo by Ameer Alhalbi/AFP)";

fn hostile_jsonl(dir: &Path) -> PathBuf {
    let path = dir.join("hostile.jsonl");
    let line = serde_json::json!({"id": "h1", "caption": HOSTILE}).to_string();
    std::fs::write(&path, line + "\n").unwrap();
    path
}

/// What a sidecar should hold for a record: (ExifTool tag, value) pairs, `None` = absent.
/// Lists are `Value::Array`s, `LocationCreated` an object.
fn expected(r: &Value) -> Vec<(&'static str, Option<Value>)> {
    let s = |v: &Value| v.as_str().filter(|s| !s.trim().is_empty()).map(Value::from);
    let list = |v: Vec<Value>| (!v.is_empty()).then_some(Value::Array(v));
    let caption: String = r["caption"]
        .as_str()
        .unwrap()
        .chars()
        .filter(|&c| c >= ' ' || "\t\n\r".contains(c))
        .collect();
    let loc = &r["location"];
    let mut created = serde_json::Map::new();
    for (tag, field) in [
        ("City", "city"),
        ("ProvinceState", "province"),
        ("CountryCode", "country"),
        ("Sublocation", "sublocation"),
    ] {
        if let Some(v) = s(&loc[field]) {
            created.insert(tag.into(), v);
        }
    }
    for (tag, field) in [("GPSLatitude", "lat"), ("GPSLongitude", "lon")] {
        if let Some(v) = loc[field].as_f64() {
            created.insert(tag.into(), Value::from(v));
        }
    }
    vec![
        ("Description", Some(Value::from(caption))),
        (
            "Creator",
            list(r["credit"]["creators"].as_array().unwrap().clone()),
        ),
        ("Credit", s(&r["credit"]["agency"])),
        ("DateCreated", s(&r["date"]["iso"])),
        ("City", s(&loc["city"])),
        ("State", s(&loc["province"])),
        ("CountryCode", s(&loc["country"])),
        ("Location", s(&loc["sublocation"])),
        (
            "PersonInImage",
            list(
                r["people"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["name"].clone())
                    .collect(),
            ),
        ),
        (
            "LocationCreated",
            (!created.is_empty()).then_some(Value::Object(created)),
        ),
    ]
}

fn sidecar_name(r: &Value) -> String {
    match r["source"]["kind"].as_str() {
        Some("image") => {
            let p = Path::new(r["source"]["path"].as_str().unwrap());
            format!("{}.xmp", p.file_stem().unwrap().to_string_lossy())
        }
        _ => format!("{}.xmp", r["id"].as_str().unwrap()),
    }
}

/// What our own reader finds in a sidecar, in the same shape as [`expected`].
fn read_back(path: &Path) -> Vec<(&'static str, Option<Value>)> {
    let x = dateline_media::xmp::parse(&std::fs::read(path).unwrap()).unwrap();
    let s = |v: &Option<String>| v.clone().map(Value::from);
    let list = |v: &Vec<String>| (!v.is_empty()).then(|| Value::from(v.clone()));
    let created = x.location_created.as_ref().map(|l| {
        let mut m = serde_json::Map::new();
        for (tag, v) in [
            ("City", &l.city),
            ("ProvinceState", &l.province_state),
            ("CountryCode", &l.country_code),
            ("Sublocation", &l.sublocation),
        ] {
            if let Some(v) = v {
                m.insert(tag.into(), Value::from(v.clone()));
            }
        }
        Value::Object(m)
    });
    vec![
        ("Description", s(&x.description)),
        ("Creator", list(&x.creator)),
        ("Credit", s(&x.credit)),
        ("DateCreated", s(&x.date_created)),
        ("City", s(&x.city)),
        ("State", s(&x.province_state)),
        ("CountryCode", s(&x.country_code)),
        ("Location", s(&x.sublocation)),
        ("PersonInImage", list(&x.persons)),
        ("LocationCreated", created),
    ]
}

fn exiftool_available() -> bool {
    std::process::Command::new("exiftool")
        .arg("-ver")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// ExifTool's reading of a value, in the shape [`expected`] uses: XMP dates come back as
/// `YYYY:MM:DD`; `-n` gives coordinates in degrees.
fn normalize(tag: &str, v: &Value) -> Value {
    match (tag, v) {
        ("DateCreated", Value::String(d)) => Value::from(d.replace(':', "-")),
        (_, Value::Number(n)) if tag != "GPSLatitude" && tag != "GPSLongitude" => {
            Value::from(n.to_string())
        }
        (_, Value::Array(a)) => Value::Array(a.iter().map(|x| normalize(tag, x)).collect()),
        (_, Value::Object(o)) => Value::Object(
            o.iter()
                .map(|(k, x)| (k.clone(), normalize(k, x)))
                .collect(),
        ),
        _ => v.clone(),
    }
}

fn close(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            // Six decimals of a minute: 1e-7 degree is far inside that.
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-6
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn sidecars_carry_the_record_and_exiftool_reads_them_back() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("sidecars");
    let hostile = hostile_jsonl(tmp.path());
    let mut inputs: Vec<String> = PHOTOS.iter().map(|s| s.to_string()).collect();
    inputs.push("examples/captions.txt".into());
    inputs.push(hostile.display().to_string());

    let extracted = dateline().arg("extract").args(&inputs).output().unwrap();
    assert!(extracted.status.success(), "{}", stderr(&extracted));
    let records: Vec<Value> = String::from_utf8_lossy(&extracted.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), PHOTOS.len() + 8 + 1);

    let out = dateline()
        .args(["export", "xmp", "--out"])
        .arg(&out_dir)
        .args(&inputs)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let mut files: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files.len(), records.len(), "{files:?}");
    assert!(
        files.contains(&"mde__Issue 122.xmp".to_string()),
        "{files:?}"
    );

    // Our own reader: every field as written (the country name is checked against ExifTool).
    let paths: Vec<PathBuf> = records
        .iter()
        .map(|r| out_dir.join(sidecar_name(r)))
        .collect();
    for (r, path) in records.iter().zip(&paths) {
        assert!(path.is_file(), "{} missing", path.display());
        let mut want = expected(r);
        // Our reader does not read coordinates inside structures.
        if let (_, Some(Value::Object(m))) = &mut want[9] {
            m.remove("GPSLatitude");
            m.remove("GPSLongitude");
        }
        assert_eq!(read_back(path), want, "{}", path.display());
    }

    if !exiftool_available() {
        println!(
            "ExifTool was not found on PATH: sidecars checked with dateline's XMP reader only"
        );
        return;
    }
    let run = std::process::Command::new("exiftool")
        .args(["-json", "-struct", "-n", "-XMP:all"])
        .args(&paths)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", stderr(&run));
    let read: Vec<Value> = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(read.len(), paths.len());
    let (mut compared, mut agreed) = (0, 0);
    let mut disagreements = Vec::new();
    for ((r, path), got) in records.iter().zip(&paths).zip(&read) {
        assert_eq!(got["SourceFile"], path.display().to_string());
        let country_name = got.get("Country").cloned();
        assert_eq!(
            country_name.is_some(),
            r["location"]["country"].is_string(),
            "{}: Country",
            path.display()
        );
        compared += 1;
        agreed += 1; // Country: present exactly when there is a country code, same as CountryName
        let mut want = expected(r);
        if let (Some(name), (_, Some(Value::Object(m)))) = (&country_name, &mut want[9]) {
            m.insert("CountryName".into(), name.clone());
        }
        for (tag, want) in want {
            compared += 1;
            let got = got.get(tag).map(|v| normalize(tag, v));
            // ExifTool reports a list of structures; we write exactly one.
            let got = match (tag, got) {
                ("LocationCreated", Some(Value::Array(mut a))) if a.len() == 1 => a.pop(),
                (_, g) => g,
            };
            let ok = match (&want, &got) {
                (Some(w), Some(g)) => close(w, g),
                (None, None) => true,
                _ => false,
            };
            if ok {
                agreed += 1;
            } else {
                disagreements.push(format!(
                    "{} {tag}: wrote {want:?}, ExifTool read {got:?}",
                    path.display()
                ));
            }
        }
        // The record id travels with the sidecar.
        assert_eq!(got["RecordID"], r["id"], "{}", path.display());
    }
    println!(
        "ExifTool read-back: {} sidecars, {agreed}/{compared} field values agree",
        paths.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    let hostile_rec = records.last().unwrap();
    let hostile_read = read.last().unwrap();
    assert_eq!(hostile_rec["input_id"], "h1");
    assert_eq!(
        hostile_read["Description"],
        HOSTILE.replace('\u{7}', ""),
        "markup, quotes and CR survive; the bell (not allowed in XML 1.0) is dropped"
    );
}

#[test]
fn existing_sidecars_are_kept_unless_forced_and_clashing_names_get_the_record_id() {
    let tmp = tempfile::tempdir().unwrap();
    let out_dir = tmp.path().join("out");
    // The same photo name in two folders.
    let photo = Path::new(ROOT).join(PHOTOS[0]);
    for sub in ["a", "b"] {
        std::fs::create_dir_all(tmp.path().join(sub)).unwrap();
        std::fs::copy(&photo, tmp.path().join(sub).join("photo.jpg")).unwrap();
    }
    std::fs::copy(
        Path::new(ROOT).join(PHOTOS[1]),
        tmp.path().join("b/other.jpg"),
    )
    .unwrap();
    let export = |force: bool| {
        let mut cmd = dateline();
        cmd.args(["export", "xmp", "--out"]).arg(&out_dir);
        if force {
            cmd.arg("--force");
        }
        cmd.arg(tmp.path().join("a"))
            .arg(tmp.path().join("b"))
            .output()
            .unwrap()
    };
    let first = export(false);
    assert!(first.status.success(), "{}", stderr(&first));
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[0], "other.xmp");
    // Same caption, same record id: the second copy is numbered.
    let plain = names
        .iter()
        .find(|n| n.starts_with("photo.") && !n.contains('-'))
        .unwrap_or_else(|| panic!("{names:?}"));
    assert!(
        names.contains(&plain.replace(".xmp", "-2.xmp")),
        "{names:?}"
    );

    std::fs::write(out_dir.join("other.xmp"), "mine").unwrap();
    let again = export(false);
    assert_eq!(again.status.code(), Some(1));
    let err = stderr(&again);
    assert!(err.contains("other.xmp: already exists"), "{err}");
    assert_eq!(
        std::fs::read_to_string(out_dir.join("other.xmp")).unwrap(),
        "mine"
    );

    let forced = export(true);
    assert!(forced.status.success(), "{}", stderr(&forced));
    let text = std::fs::read_to_string(out_dir.join("other.xmp")).unwrap();
    assert!(text.contains("<x:xmpmeta"), "{text}");
}
