//! The XMP and EXIF readers against ExifTool 12.57's reading of the real files in
//! `tests/fixtures/images` (see SOURCES.md there).
//!
//! For each file: [`container::find`], every XMP packet parsed and merged in order (the first
//! packet wins, later ones fill gaps), the EXIF block parsed; then each field is compared with
//! `exiftool.json`. A `null` there must be `None`/empty here and the other way round.

use dateline_media::{container, exif, xmp};
use serde_json::{Value, json};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/images/");

/// Differences from ExifTool we accept, with the reason: (file, field, reason). Everything else
/// must agree, and every entry here must still be a difference (so the table cannot go stale).
///
/// Empty: the one deliberate difference, blank and space-padded values, is a rule applied to
/// every file (see [`unpad`]) and each use of it is printed.
const EXPLAINED: &[(&str, &str, &str)] = &[];

fn one(v: Option<&str>) -> Value {
    v.map_or(Value::Null, |s| json!(s))
}

fn many<'a>(v: impl IntoIterator<Item = &'a str>) -> Value {
    let v: Vec<&str> = v.into_iter().collect();
    if v.is_empty() { Value::Null } else { json!(v) }
}

/// An XMP date as ExifTool prints it: `-` → `:` in the date part, `T` → ` `.
fn exiftool_date(d: &str) -> String {
    match d.split_once('T') {
        Some((date, time)) => format!("{} {time}", date.replace('-', ":")),
        None => d.replace('-', ":"),
    }
}

/// Our reading, keyed like exiftool.json (`field.subkey`).
fn reading(x: &xmp::Xmp, e: &exif::Exif) -> Vec<(&'static str, Value)> {
    let created = x.location_created.as_ref();
    let shown = &x.location_shown;
    macro_rules! loc {
        ($f:ident) => {
            (
                one(created.and_then(|l| l.$f.as_deref())),
                many(shown.iter().filter_map(|l| l.$f.as_deref())),
            )
        };
    }
    let (city_c, city_s) = loc!(city);
    let (sub_c, sub_s) = loc!(sublocation);
    let (ps_c, ps_s) = loc!(province_state);
    let (co_c, co_s) = loc!(country);
    let (cc_c, cc_s) = loc!(country_code);
    vec![
        ("description.xmp", one(x.description.as_deref())),
        ("description.exif", one(e.description.as_deref())),
        ("headline.xmp", one(x.headline.as_deref())),
        ("title.xmp", one(x.title.as_deref())),
        ("creator.xmp", many(x.creator.iter().map(String::as_str))),
        ("creator.exif", one(e.artist.as_deref())),
        ("credit.xmp", one(x.credit.as_deref())),
        ("source.xmp", one(x.source.as_deref())),
        ("copyright.xmp", one(x.copyright.as_deref())),
        ("copyright.exif", one(e.copyright.as_deref())),
        (
            "date_created.xmp",
            one(x.date_created.as_deref().map(exiftool_date).as_deref()),
        ),
        ("date_created.exif", one(e.date_time_original.as_deref())),
        (
            "date_created.exif_subsec",
            one(e.subsec_original.as_deref()),
        ),
        (
            "date_created.exif_offset",
            one(e.offset_original.as_deref()),
        ),
        ("city.xmp", one(x.city.as_deref())),
        ("city.xmp_location_created", city_c),
        ("city.xmp_location_shown", city_s),
        ("sublocation.xmp", one(x.sublocation.as_deref())),
        ("sublocation.xmp_location_created", sub_c),
        ("sublocation.xmp_location_shown", sub_s),
        ("province_state.xmp", one(x.province_state.as_deref())),
        ("province_state.xmp_location_created", ps_c),
        ("province_state.xmp_location_shown", ps_s),
        ("country.xmp", one(x.country.as_deref())),
        ("country.xmp_location_created", co_c),
        ("country.xmp_location_shown", co_s),
        ("country_code.xmp", one(x.country_code.as_deref())),
        ("country_code.xmp_location_created", cc_c),
        ("country_code.xmp_location_shown", cc_s),
        ("keywords.xmp", many(x.keywords.iter().map(String::as_str))),
    ]
}

fn exiftool_value<'a>(entry: &'a Value, key: &str) -> &'a Value {
    let (field, sub) = key.split_once('.').unwrap();
    entry
        .get(field)
        .and_then(|f| f.get(sub))
        .unwrap_or(&Value::Null)
}

/// The one comparison rule, applied to ExifTool's side before comparing, and counted: padding is
/// not a value. Cameras pad EXIF ImageDescription with spaces (31 of them on Nikons, 10 or 36 on
/// others) and write empty Copyright strings; XMP writers leave `dc:rights` empty or write
/// `<photoshop:City> </photoshop:City>`. ExifTool prints those as they are; our readers cut
/// trailing spaces and NULs from EXIF text (see `exif.rs`) and report a blank value, EXIF or
/// XMP, as absent. So an EXIF value is compared with its
/// trailing spaces cut, and a blank ExifTool string stands for `null`.
fn unpad(key: &str, want: &Value) -> Value {
    let Value::String(w) = want else {
        return want.clone();
    };
    let w = if key.ends_with(".exif") {
        w.trim_end_matches(' ')
    } else {
        w
    };
    if w.trim().is_empty() {
        Value::Null
    } else {
        json!(w)
    }
}

/// A one-element list and its single value are the same reading (ExifTool prints a lone
/// `dc:subject` item as a string in some files).
fn same(want: &Value, got: &Value) -> bool {
    match (want, got) {
        (Value::String(w), Value::Array(g)) | (Value::Array(g), Value::String(w)) => {
            g.len() == 1 && g[0].as_str() == Some(w)
        }
        _ => want == got,
    }
}

fn gps_same(want: Option<(f64, f64)>, got: Option<(f64, f64)>) -> bool {
    match (want, got) {
        (None, None) => true,
        (Some(w), Some(g)) => (w.0 - g.0).abs() < 1e-6 && (w.1 - g.1).abs() < 1e-6,
        _ => false,
    }
}

fn pair(lat: Option<f64>, lon: Option<f64>) -> Option<(f64, f64)> {
    Some((lat?, lon?))
}

#[test]
fn agrees_with_exiftool() {
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{DIR}exiftool.json")).unwrap())
            .unwrap();
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), 59);

    let (mut compared, mut agreed) = (0usize, 0usize);
    let mut unexplained = Vec::new();
    let mut explained_hit = vec![false; EXPLAINED.len()];
    let mut padded = 0usize;
    // How many files ExifTool has each field in (so an agreement on nulls alone would show).
    let mut present = std::collections::BTreeMap::<&str, usize>::new();
    let mut check = |file: &str, field: &str, ok: bool, want: String, got: String| {
        compared += 1;
        if ok {
            agreed += 1;
            return;
        }
        match EXPLAINED
            .iter()
            .position(|(f, k, _)| *f == file && *k == field)
        {
            Some(i) => {
                explained_hit[i] = true;
                println!("explained  {file} {field}: ExifTool {want}, ours {got}");
            }
            None => unexplained.push(format!(
                "{file} {field}:\n  ExifTool {want}\n  ours     {got}"
            )),
        }
    };

    for entry in entries {
        let file = entry["file"].as_str().unwrap();
        let bytes = std::fs::read(format!("{DIR}{file}")).unwrap();
        let blocks = container::find(&bytes);
        let mut x = xmp::Xmp::default();
        for (i, packet) in blocks.xmp.iter().enumerate() {
            match xmp::parse(packet) {
                Ok(p) if i == 0 => x = p,
                Ok(p) => x.merge(p),
                Err(err) => println!("note       {file}: XMP packet {i}: {err}"),
            }
        }
        let e = match blocks.exif.as_deref().map(exif::parse) {
            Some(Ok(e)) => e,
            Some(Err(err)) => {
                println!("note       {file}: {err}");
                exif::Exif::default()
            }
            None => exif::Exif::default(),
        };

        for (key, got) in reading(&x, &e) {
            let raw = exiftool_value(entry, key);
            let want = unpad(key, raw);
            if want != *raw && same(&want, &got) {
                padded += 1;
                println!("padding    {file} {key}: ExifTool {raw}, ours {got}");
            }
            if !want.is_null() {
                *present.entry(key).or_default() += 1;
            }
            check(
                file,
                key,
                same(&want, &got),
                want.to_string(),
                got.to_string(),
            );
        }

        // GPS: ExifTool's Composite position comes from the EXIF GPS IFD when there is one,
        // else from XMP-exif; `from` says which.
        let gps = &entry["gps"];
        let want = pair(gps["latitude"].as_f64(), gps["longitude"].as_f64());
        let from = gps["from"].as_str();
        let ours_exif = pair(e.gps_latitude, e.gps_longitude);
        let ours_xmp = pair(x.gps_latitude, x.gps_longitude);
        let exif_want = if from == Some("XMP-exif") { None } else { want };
        check(
            file,
            "gps.exif",
            gps_same(exif_want, ours_exif),
            format!("{exif_want:?} ({from:?})"),
            format!("{ours_exif:?}"),
        );
        if let Some(from) = from {
            *present.entry(from).or_default() += 1;
        }
        if from != Some("EXIF GPS IFD (Composite)") {
            check(
                file,
                "gps.xmp",
                gps_same(want, ours_xmp),
                format!("{want:?} ({from:?})"),
                format!("{ours_xmp:?}"),
            );
        }
    }

    println!("files with a value, per field: {present:?}");
    println!(
        "XMP/EXIF agreement with ExifTool 12.57: {agreed} / {compared} fields ({:.1}%), \
         {} explained; {padded} of the agreements only after cutting padding",
        100.0 * agreed as f64 / compared as f64,
        explained_hit.iter().filter(|h| **h).count()
    );
    let stale: Vec<_> = EXPLAINED
        .iter()
        .zip(&explained_hit)
        .filter(|(_, hit)| !**hit)
        .map(|(e, _)| e)
        .collect();
    assert!(
        stale.is_empty(),
        "EXPLAINED entries that now agree: {stale:?}"
    );
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences:\n{}",
        unexplained.len(),
        unexplained.join("\n")
    );
}
