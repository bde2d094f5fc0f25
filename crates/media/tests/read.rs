//! The whole reader on every fixture: it never panics, and its reconciled values agree with
//! ExifTool's Metadata Working Group composites (`mwg` in exiftool.json) wherever ExifTool's
//! rule and ours are the same rule.

use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/images/");

fn fixtures() -> Vec<Value> {
    let text = std::fs::read_to_string(format!("{DIR}exiftool.json")).unwrap();
    serde_json::from_str::<Vec<Value>>(&text).unwrap()
}

fn as_list(v: &Value) -> Vec<String> {
    match v {
        Value::Null => vec![],
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        other => vec![other.to_string()],
    }
}

/// ExifTool prints dates with colons and a space; ours are ISO 8601.
fn exiftool_date(s: &str) -> String {
    match s.split_once(' ') {
        Some((d, t)) => format!("{d} {t}"),
        None => s.to_string(),
    }
}

fn our_date(s: &str) -> String {
    let (d, t) = s.split_once('T').unwrap_or((s, ""));
    let d = d.replace('-', ":");
    if t.is_empty() { d } else { format!("{d} {t}") }
}

/// Files where our reconciled values differ from ExifTool's MWG composites on purpose.
const EXPLAINED: &[(&str, &str)] = &[
    (
        "derived__exiftool__IPTC_cut-at-338-in-APP13.jpg",
        "cut inside the IIM block: ExifTool gives up on the file ('JPEG format error'); we keep \
         the complete datasets before the cut, with a warning",
    ),
    (
        "derived__exiv2__Reagan_cut-at-11000-in-XMP.jpg",
        "cut inside the XMP segment: ExifTool drops everything from there; the APP13 before the \
         cut is complete and we read it, with a warning",
    ),
    (
        "exiftool__FotoStation.jpg",
        "the only IIM block is in a FotoStation trailer, which ExifTool files as IPTC2 and leaves \
         out of its MWG composites; for us it is the file's IIM block",
    ),
    (
        "exiv2__exiv2-bug922.png",
        "the only IIM block is in a PNG raw profile, which ExifTool reads but leaves out of its \
         MWG composites; for us it is the file's IIM block",
    ),
];

#[test]
fn reconciled_values_agree_with_exiftool_mwg() {
    let mut compared = 0;
    let mut agreed = 0;
    let mut differences = Vec::new();
    for f in fixtures() {
        let name = f["file"].as_str().unwrap();
        let data = std::fs::read(format!("{DIR}{name}")).unwrap();
        let m = dateline_media::read(&data);
        let r = &m.reconciled;
        // ExifTool's MWG City/State/Country/Location come from LocationShown when an XMP
        // packet has it (a reading of MWG 2.0 we do not share: LocationShown is what the photo
        // shows, not where it was taken), so those are compared only without it.
        let shown = !f["city"]["xmp_location_shown"].is_null();
        let mut check = |field: &str, ours: Vec<String>, theirs: Vec<String>| {
            compared += 1;
            // Whitespace is compared folded, and a blank value is no value (ExifTool reports
            // "" and " " as written; we drop them).
            let norm = |v: &[String]| -> Vec<String> {
                v.iter()
                    .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
                    .filter(|s| !s.is_empty())
                    .collect()
            };
            if norm(&ours) == norm(&theirs) {
                agreed += 1;
            } else {
                differences.push(format!(
                    "{name} {field}: ours {ours:?}, ExifTool {theirs:?}"
                ));
            }
        };
        let one = |v: &Option<String>| v.iter().cloned().collect::<Vec<_>>();
        check(
            "description",
            one(&r.description),
            as_list(&f["description"]["mwg"]),
        );
        check("creator", r.creator.clone(), as_list(&f["creator"]["mwg"]));
        check(
            "copyright",
            one(&r.copyright),
            as_list(&f["copyright"]["mwg"]),
        );
        check(
            "keywords",
            r.keywords.clone(),
            as_list(&f["keywords"]["mwg"]),
        );
        if !shown {
            check("city", one(&r.city), as_list(&f["city"]["mwg"]));
            check(
                "province_state",
                one(&r.province_state),
                as_list(&f["province_state"]["mwg"]),
            );
            check("country", one(&r.country), as_list(&f["country"]["mwg"]));
            check(
                "sublocation",
                one(&r.sublocation),
                as_list(&f["sublocation"]["mwg"]),
            );
        }
        let theirs = f["date_created"]["mwg"].as_str().map(exiftool_date);
        let ours = r.date_created.as_deref().map(our_date);
        check(
            "date",
            ours.into_iter().collect(),
            theirs.into_iter().collect(),
        );
    }
    let (explained, unexplained): (Vec<_>, Vec<_>) = differences.iter().partition(|d| {
        EXPLAINED
            .iter()
            .any(|(f, _)| d.starts_with(&format!("{f} ")))
    });
    println!(
        "MWG agreement: {agreed}/{compared} ({} explained differences in {} files)",
        explained.len(),
        EXPLAINED.len()
    );
    assert!(compared > 400, "{compared}");
    assert!(
        unexplained.is_empty(),
        "\n{}",
        unexplained
            .iter()
            .map(|d| d.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_fixture_reads_without_panicking_even_cut_short() {
    for f in fixtures() {
        let name = f["file"].as_str().unwrap();
        let data = std::fs::read(format!("{DIR}{name}")).unwrap();
        let m = dateline_media::read(&data);
        serde_json::to_string(&m.embedded).unwrap();
        for cut in [data.len() / 3, data.len() / 2, data.len() * 9 / 10] {
            let _ = dateline_media::read(&data[..cut]);
        }
    }
}
