//! The IIM reader against ExifTool 12.57's reading of the real files in
//! `tests/fixtures/images` (see SOURCES.md there), plus robustness properties.
//!
//! The container walker is written separately, so this file finds the IIM in JPEGs itself, in
//! the simplest way that still matches ExifTool: every APP13 `Photoshop 3.0\0` payload,
//! concatenated, walked as one IRB stream; else the FotoStation trailer after EOI.

use dateline_media::{iptc, irb};
use proptest::prelude::*;
use serde_json::{Value, json};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/images/");

/// Differences from ExifTool we accept, with the reason. Everything else must agree.
const EXPLAINED: &[(&str, &str, &str)] = &[
    // None for the JPEG fixtures. The one deliberate difference, UTF-8 detection in blocks
    // without 1:90 (ExifTool assumes cp1252 and prints mojibake), only shows in a PNG fixture
    // (exiv2__exiv2-bug922.png: "Île de Franc" vs ExifTool's "ÃŽle de Franc"), which this JPEG
    // test does not reach; undeclared non-UTF-8 blocks (Latin-1, Mac Roman, mixed) fall back to
    // cp1252 exactly as ExifTool reads them.
];

/// Files where we read IIM although ExifTool reports none: ExifTool gives up on the file at
/// the first bad JPEG segment, we keep what comes before it.
const READ_WHERE_EXIFTOOL_GAVE_UP: &[(&str, &str)] = &[
    (
        "derived__exiftool__IPTC_cut-at-338-in-APP13.jpg",
        "file cut inside the IIM block: ExifTool reads nothing (JPEG format error); \
         we return the complete leading datasets, checked against exiftool__IPTC.jpg",
    ),
    (
        "derived__exiv2__Reagan_cut-at-11000-in-XMP.jpg",
        "APP13 complete, the XMP segment after it is cut: ExifTool drops all IPTC; \
         we read it, checked against exiv2__Reagan.jpg",
    ),
];

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// APP13 Photoshop payloads (header stripped) concatenated in file order, up to SOS/EOI.
/// A segment cut by the end of file contributes what is there.
fn jpeg_irb(file: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 2;
    while i + 1 < file.len() && file[i] == 0xFF {
        let marker = file[i + 1];
        if marker == 0xFF {
            i += 1; // fill byte
            continue;
        }
        if marker == 0x01 || (0xD0..=0xD8).contains(&marker) {
            i += 2;
            continue;
        }
        if marker == 0xDA || marker == 0xD9 || i + 4 > file.len() {
            break;
        }
        let len = usize::from(u16::from_be_bytes([file[i + 2], file[i + 3]]));
        let seg = &file[i + 4..file.len().min(i + 2 + len.max(2))];
        if marker == 0xED && seg.starts_with(irb::PHOTOSHOP_HEADER) {
            out.extend_from_slice(irb::strip_header(seg));
        }
        i += 2 + len;
    }
    out
}

/// FotoStation trailer: records read backwards from EOF, each ending with
/// tag u16, size u32 (record size, this 10-byte footer included), 0xA1B2C3D4. Tag 1 is IIM.
fn fotostation_iim(file: &[u8]) -> Option<&[u8]> {
    let mut end = file.len();
    while end >= 10 && file[end - 4..end] == [0xA1, 0xB2, 0xC3, 0xD4] {
        let tag = u16::from_be_bytes([file[end - 10], file[end - 9]]);
        let size = u32::from_be_bytes(file[end - 8..end - 4].try_into().unwrap()) as usize;
        if size < 10 || size > end {
            return None;
        }
        if tag == 1 {
            return Some(&file[end - size..end - 10]);
        }
        end -= size;
    }
    None
}

/// The primary IIM block of a JPEG, as ExifTool picks it, and where it came from.
fn primary_iim(file: &[u8]) -> Option<(Vec<u8>, &'static str, Option<bool>)> {
    let stream = jpeg_irb(file);
    let (res, _) = irb::resources(&stream);
    if let Some(block) = irb::iptc_naa(&res) {
        let in_sync = irb::iptc_digest(&res).map(|d| iptc::digest_matches(block, d));
        return Some((block.to_vec(), "APP13", in_sync));
    }
    fotostation_iim(file).map(|b| (b.to_vec(), "FotoStation trailer", None))
}

fn one(v: Option<&str>) -> Value {
    v.map_or(Value::Null, |s| json!(s))
}

fn many(v: Vec<&str>) -> Value {
    if v.is_empty() { Value::Null } else { json!(v) }
}

/// Our reading, keyed like exiftool.json (`field`, sub-key).
fn reading(iim: &iptc::Iim) -> Vec<(&'static str, Value)> {
    vec![
        ("description", one(iim.caption())),
        ("creator", many(iim.by_line())),
        ("credit", one(iim.credit())),
        ("source", one(iim.source())),
        ("date_created.iptc_date", one(iim.date_created().as_deref())),
        ("date_created.iptc_time", one(iim.time_created().as_deref())),
        ("city", one(iim.city())),
        ("sublocation", one(iim.sub_location())),
        ("province_state", one(iim.province_state())),
        ("country", one(iim.country())),
        ("country_code", one(iim.country_code())),
        ("keywords", many(iim.keywords())),
        ("headline", one(iim.headline())),
        ("title", one(iim.object_name())),
        ("copyright", one(iim.copyright())),
    ]
}

fn exiftool_value<'a>(entry: &'a Value, key: &str) -> &'a Value {
    match key.split_once('.') {
        Some((field, sub)) => &entry[field][sub],
        None => &entry[key]["iptc"],
    }
}

fn exiftool_json() -> Vec<Value> {
    serde_json::from_slice::<Value>(&fixture("exiftool.json"))
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn agrees_with_exiftool_on_jpeg_fixtures() {
    let entries = exiftool_json();
    let (mut compared, mut agreed, mut explained_seen) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut files_with_iim = 0;
    for entry in entries.iter().filter(|e| e["file_type"] == "JPEG") {
        let name = entry["file"].as_str().unwrap();
        let file = fixture(name);
        let ours = primary_iim(&file);
        let exiftool_has = !entry["iptc_records"].as_array().unwrap().is_empty();
        if !exiftool_has {
            let known = READ_WHERE_EXIFTOOL_GAVE_UP.iter().any(|(f, _)| *f == name);
            assert!(
                ours.is_none() || known,
                "{name}: we found IIM, ExifTool did not"
            );
            continue;
        }
        files_with_iim += 1;
        let (block, place, in_sync) =
            ours.unwrap_or_else(|| panic!("{name}: ExifTool reads IIM, we found none"));
        let iim = iptc::parse(&block);
        if name == "exiv2__issue_1847_poc.jpg" {
            assert!(iim.warnings.iter().any(|w| w.contains("after a NUL")));
        }
        println!(
            "{name}: {place}, {} datasets, {:?}, digest in sync: {in_sync:?}, warnings {:?}",
            iim.fields.len(),
            iim.charset,
            iim.warnings
        );

        // The declared charset: ExifTool prints ESC % G as "UTF8".
        let declared = entry["iptc_coded_character_set"] == "UTF8";
        assert_eq!(
            declared,
            iim.charset == iptc::Charset::Utf8Declared,
            "{name}: charset"
        );

        for (key, ours) in reading(&iim) {
            let theirs = exiftool_value(entry, key);
            if let Some((.., why)) = EXPLAINED.iter().find(|(f, k, _)| *f == name && *k == key) {
                explained_seen += 1;
                println!("  explained {key}: ours {ours} vs ExifTool {theirs} ({why})");
                continue;
            }
            compared += 1;
            if &ours == theirs {
                agreed += 1;
            } else {
                failures.push(format!("{name} {key}: ours {ours} vs ExifTool {theirs}"));
            }
        }
        if let Some(date) = iim.date_created() {
            assert!(
                iim.date_created_parts().is_some(),
                "{name}: date {date} unparsed"
            );
        }
        if let Some(time) = iim.time_created() {
            assert!(
                iim.time_created_parts().is_some(),
                "{name}: time {time} unparsed"
            );
        }
    }
    println!(
        "ExifTool agreement: {agreed}/{compared} fields over {files_with_iim} JPEG files with IIM \
         ({explained_seen} explained differences excluded)"
    );
    assert_eq!(explained_seen, EXPLAINED.len(), "stale entry in EXPLAINED");
    assert!(
        files_with_iim >= 30,
        "only {files_with_iim} JPEG files with IIM"
    );
    assert!(
        failures.is_empty(),
        "disagreements:\n{}",
        failures.join("\n")
    );
}

/// Where ExifTool gives up on a damaged file, our reading must be a prefix of its reading of
/// the intact original.
#[test]
fn damaged_files_read_as_prefix_of_the_original() {
    let entries = exiftool_json();
    let by_name = |n: &str| entries.iter().find(|e| e["file"] == n).unwrap();
    for ((cut, why), original) in READ_WHERE_EXIFTOOL_GAVE_UP
        .iter()
        .zip(["exiftool__IPTC.jpg", "exiv2__Reagan.jpg"])
    {
        println!("{cut}: {why}");
        let (block, ..) = primary_iim(&fixture(cut)).expect("IIM in the cut file");
        let iim = iptc::parse(&block);
        let reference = by_name(original);
        let mut seen = 0;
        for (key, ours) in reading(&iim) {
            if ours.is_null() {
                continue;
            }
            seen += 1;
            let theirs = exiftool_value(reference, key);
            match (&ours, theirs) {
                // A list may lose its tail to the cut.
                (Value::Array(a), Value::Array(b)) => assert!(b.starts_with(a), "{cut} {key}"),
                _ => assert_eq!(&ours, theirs, "{cut} {key}"),
            }
        }
        println!("  {seen} fields read, all equal to ExifTool's reading of {original}");
        assert!(seen >= 5, "{cut}: only {seen} fields");
    }
    // The cut inside the IIM block is reported, the one after it is not.
    let (block, ..) = primary_iim(&fixture(READ_WHERE_EXIFTOOL_GAVE_UP[0].0)).unwrap();
    assert!(!iptc::parse(&block).warnings.is_empty());
}

#[test]
fn digest_and_several_iim_blocks() {
    // SOURCES.md: IPTC.jpg's digest is stale (the IIM was edited after Photoshop wrote it).
    let (_, _, in_sync) = primary_iim(&fixture("exiftool__IPTC.jpg")).unwrap();
    assert_eq!(in_sync, Some(false));
    // Written by Photoshop, untouched since: in sync.
    let (_, _, in_sync) = primary_iim(&fixture("exiv2__Reagan.jpg")).unwrap();
    assert_eq!(in_sync, Some(true));

    // Two APP13 segments, each a full IRB with its own IIM: ExifTool's IPTC and IPTC2.
    let stream = jpeg_irb(&fixture("exiv2__iptc-psAPP13-wIPTC1-psAPP13-wIPTC2.jpg"));
    let (res, warnings) = irb::resources(&stream);
    assert!(warnings.is_empty(), "{warnings:?}");
    let credits: Vec<_> = irb::iptc_blocks(&res)
        .into_iter()
        .map(|b| iptc::parse(b).credit().map(str::to_owned))
        .collect();
    assert_eq!(
        credits,
        [
            Some("This is credit number one".into()),
            Some("This is credit number two".into())
        ]
    );

    // One IIM block straddling two APP13 segments: only the concatenation reads it whole.
    let file = fixture("exiv2__iptc-psAPP13s-wIPTCs-psAPP13s-wIPTCs.jpg");
    let stream = jpeg_irb(&file);
    let (res, warnings) = irb::resources(&stream);
    assert!(warnings.is_empty(), "{warnings:?}");
    let iim = iptc::parse(irb::iptc_naa(&res).unwrap());
    assert_eq!(iim.by_line(), ["Jens Tr\u{178}biger"]); // Mac Roman ü read as cp1252, like ExifTool
}

/// Every IRB stream and IIM block in the JPEG fixtures.
fn real_blocks() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for entry in exiftool_json().iter().filter(|e| e["file_type"] == "JPEG") {
        let file = fixture(entry["file"].as_str().unwrap());
        let stream = jpeg_irb(&file);
        if stream.is_empty() {
            continue;
        }
        let (res, _) = irb::resources(&stream);
        out.extend(irb::iptc_blocks(&res).into_iter().map(<[u8]>::to_vec));
        out.push(stream);
    }
    out
}

#[test]
fn every_truncation_of_real_blocks() {
    for block in real_blocks() {
        for cut in 0..=block.len() {
            let part = &block[..cut];
            let _ = irb::resources(part);
            let iim = iptc::parse(part);
            assert!(iim.fields.iter().all(|d| d.offset < cut));
        }
    }
}

/// IIM-shaped input, so that random cases get past the first marker.
fn iim_like() -> impl Strategy<Value = Vec<u8>> {
    let dataset = (
        any::<u8>(),
        any::<u8>(),
        prop::collection::vec(any::<u8>(), 0..40),
        0..4u8,
    );
    prop::collection::vec(dataset, 0..12).prop_map(|sets| {
        let mut out = Vec::new();
        for (record, number, value, how) in sets {
            out.extend([0x1C, record % 4, number]);
            match how {
                0 => out.extend(
                    0x8004u16
                        .to_be_bytes()
                        .iter()
                        .chain(&(value.len() as u32).to_be_bytes()),
                ),
                1 => out.extend(&(value.len() as u16 ^ 0x8000).to_be_bytes()), // bogus extended
                _ => out.extend((value.len() as u16).to_be_bytes()),
            }
            out.extend(value);
        }
        out
    })
}

proptest! {
    #[test]
    fn never_panics_on_arbitrary_bytes(data in prop::collection::vec(any::<u8>(), 0..600)) {
        let _ = irb::resources(&data);
        let _ = iptc::parse(&data);
        let mut with_sig = b"8BIM\x04\x04".to_vec();
        with_sig.extend(&data);
        let (res, _) = irb::resources(&with_sig);
        if let Some(block) = irb::iptc_naa(&res) {
            let _ = iptc::parse(block);
        }
    }

    #[test]
    fn dates_and_times_never_panic(s in "\\PC{0,16}", digits in "[0-9+: -]{0,14}é?") {
        for t in [&s, &digits] {
            let _ = (iptc::normalize_date(t), iptc::normalize_time(t));
            let _ = (iptc::parse_date(t), iptc::parse_time(t));
        }
    }

    #[test]
    fn never_panics_on_iim_like_input(data in iim_like(), cut in any::<prop::sample::Index>()) {
        let iim = iptc::parse(&data);
        let _ = (iim.date_created_parts(), iim.time_created_parts(), iim.keywords());
        let _ = iptc::parse(&data[..cut.index(data.len() + 1)]);
    }

    #[test]
    fn never_panics_on_mutated_real_blocks(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        thread_local!(static BLOCKS: Vec<Vec<u8>> = real_blocks());
        let mut block = BLOCKS.with(|b| which.get(b).clone());
        for (at, byte) in edits {
            if !block.is_empty() {
                let i = at.index(block.len());
                block[i] = byte;
            }
        }
        let (res, _) = irb::resources(&block);
        for b in irb::iptc_blocks(&res) {
            let _ = iptc::parse(b);
        }
        let iim = iptc::parse(&block);
        let _ = (iim.date_created(), iim.time_created_parts());
    }
}
