//! The container walker against the real fixture corpus and ExifTool 12.57's reading of it
//! (`tests/fixtures/images/exiftool.json`), plus no-panic properties on damaged input.

use std::borrow::Cow;
use std::collections::BTreeMap;

use dateline_media::container::{Blocks, Format, IimOrigin, find};
use proptest::prelude::*;
use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/images/");

fn read(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn exiftool() -> Vec<Value> {
    let text = std::fs::read_to_string(format!("{DIR}exiftool.json")).expect("exiftool.json");
    match serde_json::from_str(&text).expect("exiftool.json parses") {
        Value::Array(v) => v,
        _ => panic!("exiftool.json is not an array"),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Xmp,
    Exif,
    Iptc,
}

/// What ExifTool read from a file, by metadata family.
fn expected(o: &Value) -> Vec<Kind> {
    let (mut xmp, mut exif, mut iptc) = (false, false, false);
    if let Some(obj) = o.as_object() {
        for (key, v) in obj {
            if key == "iptc_coded_character_set" && !v.is_null() {
                iptc = true;
            }
            let Some(fields) = v.as_object() else {
                continue;
            };
            for (k, fv) in fields {
                if fv.is_null() {
                    continue;
                }
                if k.starts_with("xmp") {
                    xmp = true;
                }
                if k == "exif" || k.starts_with("exif_") {
                    exif = true;
                }
                if k.starts_with("iptc") {
                    iptc = true;
                }
            }
        }
    }
    match o["gps"]["from"].as_str() {
        Some(f) if f.contains("EXIF") => exif = true,
        Some(f) if f.contains("XMP") => xmp = true,
        _ => {}
    }
    if o["iptc_records"].as_array().is_some_and(|r| !r.is_empty()) {
        iptc = true;
    }
    [(xmp, Kind::Xmp), (exif, Kind::Exif), (iptc, Kind::Iptc)]
        .into_iter()
        .filter_map(|(b, k)| b.then_some(k))
        .collect()
}

/// XMP packet as text: UTF-8, or UTF-16 with or without BOM.
fn xmp_text(p: &[u8]) -> String {
    let zeros_even = p.iter().step_by(2).take(200).filter(|&&c| c == 0).count();
    let zeros_odd = p
        .iter()
        .skip(1)
        .step_by(2)
        .take(200)
        .filter(|&&c| c == 0)
        .count();
    if zeros_even > 50
        || zeros_odd > 50
        || p.starts_with(&[0xFE, 0xFF])
        || p.starts_with(&[0xFF, 0xFE])
    {
        let be = zeros_even >= zeros_odd;
        let units: Vec<u16> = p
            .chunks_exact(2)
            .map(|c| {
                if be {
                    u16::from_be_bytes([c[0], c[1]])
                } else {
                    u16::from_le_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        String::from_utf8_lossy(p).into_owned()
    }
}

fn is_tiff(d: &[u8]) -> bool {
    d.starts_with(b"II*\0")
        || d.starts_with(b"MM\0*")
        || d.starts_with(b"II+\0")
        || d.starts_with(b"MM\0+")
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// What the walker found, by the same families, with a light check of each block's content.
fn found(b: &Blocks<'_>) -> Vec<Kind> {
    let xmp = b.xmp.iter().any(|p| {
        let t = xmp_text(p);
        t.contains("x:xmpmeta") || t.contains("rdf:RDF")
    });
    let exif = b.exif.as_deref().is_some_and(is_tiff);
    let iptc = b
        .iptc_irb
        .as_deref()
        .is_some_and(|irb| contains(irb, b"8BIM\x04\x04"))
        || b.iptc_raw.iter().any(|r| r.data.first() == Some(&0x1C));
    [(xmp, Kind::Xmp), (exif, Kind::Exif), (iptc, Kind::Iptc)]
        .into_iter()
        .filter_map(|(b, k)| b.then_some(k))
        .collect()
}

/// Files where ExifTool reads a family that we do not find. Empty: we match ExifTool everywhere.
const MISSING: &[(&str, Kind, &str)] = &[];

/// Files where we find a family that ExifTool does not report, and why that is right.
const EXTRA: &[(&str, Kind, &str)] = &[
    (
        "derived__exiftool__IPTC_cut-at-338-in-APP13.jpg",
        Kind::Iptc,
        "the file is cut inside the APP13 segment; ExifTool gives up with 'JPEG format error', we keep \
         the partial IRB (with a truncation warning): its first 14 IIM datasets are complete",
    ),
    (
        "derived__exiv2__Reagan_cut-at-11000-in-XMP.jpg",
        Kind::Iptc,
        "the APP13 segment before the cut is complete; ExifTool stops at the truncated XMP segment that \
         follows and drops the IPTC it had, we keep it (the truncated XMP packet is dropped with a warning)",
    ),
    (
        "exifsamples__DSCN0010.jpg",
        Kind::Xmp,
        "the XMP packet exists but holds only MicrosoftPhoto:Rating, none of the fields exiftool.json records",
    ),
    (
        "exiv2__iptc-psAPP13-wIPTC1-psAPP13-wIPTC2.jpg",
        Kind::Xmp,
        "the XMP packet exists (Photoshop CS3: dates, tiff:/exif: technical tags) but holds none of the \
         fields exiftool.json records",
    ),
    (
        "exiv2__iptc-psAPP13-wIPTC1-psAPP13-wIPTC2.jpg",
        Kind::Exif,
        "the EXIF block exists (orientation, resolution, software) but holds none of the fields \
         exiftool.json records",
    ),
    (
        "frameright__metapm.jpg",
        Kind::Exif,
        "the EXIF block exists (orientation, resolution, software) but holds none of the fields \
         exiftool.json records",
    ),
    (
        "frameright__metapm.png",
        Kind::Iptc,
        "the zTXt 'Raw profile type iptc' holds bare IIM instead of ImageMagick's hex form; ExifTool \
         does not decode it, we return it as raw IIM (IimOrigin::PngRawProfile)",
    ),
];

fn format_of(file_type: &str) -> Format {
    match file_type {
        "JPEG" => Format::Jpeg,
        "PNG" => Format::Png,
        "Extended WEBP" | "WEBP" => Format::WebP,
        "TIFF" => Format::Tiff,
        "PSD" => Format::Psd,
        "GIF" => Format::Gif,
        "HEIC" | "AVIF" => Format::Heif,
        "JXL" => Format::JpegXl,
        other => panic!("unexpected file type {other}"),
    }
}

#[test]
fn coverage_matches_exiftool() {
    let all = exiftool();
    assert_eq!(all.len(), 59, "fixture count");
    let mut want_n: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut got_n: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut missing = Vec::new();
    let mut extra = Vec::new();
    for o in &all {
        let name = o["file"].as_str().expect("file");
        let data = read(name);
        let b = find(&data);
        assert_eq!(
            b.format,
            format_of(o["file_type"].as_str().unwrap_or("")),
            "{name}: format"
        );
        let want = expected(o);
        let got = found(&b);
        for k in &want {
            *want_n.entry(*k).or_default() += 1;
            if got.contains(k) {
                *got_n.entry(*k).or_default() += 1;
            } else {
                missing.push((name.to_string(), *k));
            }
        }
        for k in got.iter().filter(|k| !want.contains(k)) {
            extra.push((name.to_string(), *k));
        }
        eprintln!(
            "{name:55} exiftool {want:?} found {got:?} xmp packets {} raw IIM {} warnings {:?}",
            b.xmp.len(),
            b.iptc_raw.len(),
            b.warnings
        );
    }
    for k in [Kind::Xmp, Kind::Exif, Kind::Iptc] {
        eprintln!(
            "{k:?}: ExifTool reads it in {} files, we find it in {} of those",
            want_n.get(&k).copied().unwrap_or(0),
            got_n.get(&k).copied().unwrap_or(0)
        );
    }
    let listed = |l: &[(&str, Kind, &str)]| -> Vec<(String, Kind)> {
        let mut v: Vec<_> = l.iter().map(|(f, k, _)| (f.to_string(), *k)).collect();
        v.sort();
        v
    };
    missing.sort();
    extra.sort();
    assert_eq!(
        missing,
        listed(MISSING),
        "files where we miss what ExifTool reads (explain in MISSING)"
    );
    assert_eq!(
        extra,
        listed(EXTRA),
        "files where we find more than ExifTool (explain in EXTRA)"
    );
}

#[test]
fn specific_locations() {
    // Several APP13 segments are joined into one IRB: both IIM blocks are there.
    let d = read("exiv2__iptc-psAPP13-wIPTC1-psAPP13-wIPTC2.jpg");
    let b = find(&d);
    let irb = b.iptc_irb.as_deref().expect("irb");
    assert_eq!(irb.windows(6).filter(|w| w == b"8BIM\x04\x04").count(), 2);
    assert!(matches!(b.iptc_irb, Some(Cow::Owned(_))));

    // A single APP13 stays borrowed.
    let d = read("exiftool__IPTC.jpg");
    let b = find(&d);
    assert!(matches!(b.iptc_irb, Some(Cow::Borrowed(_))));
    assert!(b.warnings.is_empty(), "{:?}", b.warnings);

    // IIM in IFD0 of the APP1 EXIF block, next to the APP13 one.
    let d = read("mde__Issue 122.jpg");
    let b = find(&d);
    assert!(b.iptc_irb.is_some());
    assert_eq!(b.iptc_raw.len(), 1);
    assert_eq!(b.iptc_raw[0].origin, IimOrigin::Ifd0Tag);

    // FotoStation trailers.
    for (name, irb) in [
        ("exiftool__FotoStation.jpg", false),
        ("mde__Nikon E995 (iptc).jpg", true),
    ] {
        let d = read(name);
        let b = find(&d);
        assert_eq!(b.iptc_irb.is_some(), irb, "{name}");
        assert_eq!(b.iptc_raw.len(), 1, "{name}");
        assert_eq!(
            b.iptc_raw[0].origin,
            IimOrigin::FotoStationTrailer,
            "{name}"
        );
        assert!(b.iptc_raw[0].data.starts_with(&[0x1C, 2, 0]), "{name}");
    }

    // TIFF: IIM both as tag 33723 and inside the Photoshop IRB tag 34377; XMP tag 700.
    let d = read("mde__Issue 16.tif");
    let b = find(&d);
    assert_eq!(b.exif.as_deref().map(<[u8]>::len), Some(d.len()));
    assert!(b.iptc_irb.is_some());
    assert_eq!(b.iptc_raw.len(), 1);
    assert_eq!(b.xmp.len(), 1);

    // PNG ImageMagick raw profiles: hex IRB, hex EXIF (Exif\0\0 stripped).
    let d = read("exiv2__ReaganSmallPng.png");
    let b = find(&d);
    assert!(
        b.iptc_irb
            .as_deref()
            .is_some_and(|i| i.starts_with(b"8BIM"))
    );
    assert!(b.exif.as_deref().is_some_and(is_tiff));
    let d = read("frameright__metapm.png");
    let b = find(&d);
    assert_eq!(b.iptc_raw.len(), 1);
    assert_eq!(b.iptc_raw[0].origin, IimOrigin::PngRawProfile);
    let d = read("mde__Issue 204 (dotnet).png");
    let b = find(&d);
    assert_eq!(b.xmp.len(), 1);

    // PSD: XMP and EXIF pulled out of the image resources.
    let d = read("exiftool__Photoshop.psd");
    let b = find(&d);
    assert!(
        b.iptc_irb
            .as_deref()
            .is_some_and(|i| i.starts_with(b"8BIM"))
    );
    assert!(b.exif.as_deref().is_some_and(is_tiff));
    assert_eq!(b.xmp.len(), 1);

    // GIF XMP without the magic trailer.
    let d = read("exiftool__GIF.gif");
    let b = find(&d);
    assert!(
        xmp_text(&b.xmp[0])
            .trim_end()
            .ends_with("<?xpacket end='w'?>")
    );

    // HEIF Exif item: the offset prefix is stripped.
    for name in [
        "exiv2__Stonehenge.heic",
        "mde__exif-at-eof.heic",
        "exiv2__avif_exif_xmp.avif",
        "exiv2__Reagan.jxl",
    ] {
        let d = read(name);
        let b = find(&d);
        assert!(b.exif.as_deref().is_some_and(is_tiff), "{name}");
        assert_eq!(b.xmp.len(), 1, "{name}");
        assert!(b.warnings.is_empty(), "{name}: {:?}", b.warnings);
    }
}

#[test]
fn truncated_files_warn() {
    // ExifTool: "Missing JPEG SOS".
    let d = read("exiv2__table.jpg");
    let b = find(&d);
    assert!(
        b.warnings.iter().any(|w| w.contains("before any SOS")),
        "{:?}",
        b.warnings
    );
    assert!(b.exif.is_some() && b.iptc_irb.is_some());
    for name in [
        "derived__exiftool__IPTC_cut-at-338-in-APP13.jpg",
        "derived__exiv2__Reagan_cut-at-11000-in-XMP.jpg",
    ] {
        let d = read(name);
        let b = find(&d);
        assert!(
            b.warnings.iter().any(|w| w.contains("truncated")),
            "{name}: {:?}",
            b.warnings
        );
    }
    // Cut inside the scan: the metadata is all before SOS, nothing to warn about.
    let d = read("derived__exiv2__Reagan_cut-at-25000-in-scan.jpg");
    let b = find(&d);
    assert!(b.warnings.is_empty(), "{:?}", b.warnings);
    assert!(b.exif.is_some() && b.iptc_irb.is_some() && !b.xmp.is_empty());
    // The truncated XMP is dropped, the complete APP13 before it is kept.
    let d = read("derived__exiv2__Reagan_cut-at-11000-in-XMP.jpg");
    let b = find(&d);
    assert!(b.xmp.is_empty() && b.iptc_irb.is_some() && b.exif.is_some());
}

/// One small file of each container kind.
const SMALL: &[&str] = &[
    "exiftool__IPTC.jpg",
    "exiftool__MWG.jpg",
    "exiftool__FotoStation.jpg",
    "exiftool__PNG.png",
    "frameright__metaphotoshop.png",
    "exiftool__RIFF.webp",
    "exiftool__ExifTool.tif",
    "exiftool__GIF.gif",
    "exiftool__Photoshop.psd",
    "exiv2__Stonehenge.heic",
    "exiv2__avif_exif_xmp.avif",
    "exiv2__Reagan.jxl",
    "mde__Issue 614.jpg",
];

fn touch(b: &Blocks<'_>) -> usize {
    b.exif.as_ref().map_or(0, |e| e.len())
        + b.xmp.iter().map(|x| x.len()).sum::<usize>()
        + b.iptc_irb.as_ref().map_or(0, |i| i.len())
        + b.iptc_raw.iter().map(|r| r.data.len()).sum::<usize>()
        + b.warnings.len()
}

#[test]
fn every_prefix_of_small_files() {
    for name in SMALL {
        let d = read(name);
        let step = (d.len() / 1500).max(1);
        for n in (0..=d.len()).step_by(step).chain([d.len()]) {
            let b = find(&d[..n]);
            let _ = touch(&b);
        }
    }
}

const MAGICS: &[&[u8]] = &[
    b"",
    b"\xFF\xD8",
    b"\xFF\xD8\xFF\xE1\x00\x10Exif\0\0II*\0",
    b"\xFF\xD8\xFF\xED\x00\x20Photoshop 3.0\0",
    b"\x89PNG\r\n\x1a\n",
    b"RIFF\x00\x01\x00\x00WEBP",
    b"II*\0",
    b"MM\0*",
    b"II+\0\x08\0\0\0",
    b"8BPS\0\x01\0\0\0\0\0\0",
    b"GIF89a",
    b"\0\0\0\x18ftypheic\0\0\0\0mif1heic",
    b"\0\0\0\x0cJXL \r\n\x87\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn never_panics_on_arbitrary_bytes(m in 0..MAGICS.len(), tail in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut d = MAGICS[m].to_vec();
        d.extend_from_slice(&tail);
        let b = find(&d);
        let _ = touch(&b);
    }

    #[test]
    fn never_panics_on_damaged_real_files(
        f in 0..SMALL.len(),
        cut in 0.0f64..=1.0,
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
    ) {
        let mut d = read(SMALL[f]);
        for (i, x) in flips {
            let at = i.index(d.len());
            d[at] ^= x;
        }
        let n = (d.len() as f64 * cut) as usize;
        let b = find(&d[..n.min(d.len())]);
        let _ = touch(&b);
    }
}

// Synthetic files for paths no fixture exercises.

fn jpeg_segment(marker: u8, body: &[u8]) -> Vec<u8> {
    let mut v = vec![0xFF, marker];
    v.extend_from_slice(&u16::try_from(body.len() + 2).unwrap().to_be_bytes());
    v.extend_from_slice(body);
    v
}

#[test]
fn jpeg_extended_xmp_is_reassembled() {
    let guid = b"0123456789ABCDEF0123456789ABCDEF";
    let ext = b"<x:xmpmeta><rdf:RDF>extended part</rdf:RDF></x:xmpmeta>";
    let mut std = b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmpNote:HasExtendedXMP='".to_vec();
    std.extend_from_slice(guid);
    std.extend_from_slice(b"'/>");
    let mut d = vec![0xFF, 0xD8];
    d.extend(jpeg_segment(0xE1, &std));
    // Second half first: chunks may arrive in any order.
    for (off, part) in [(20usize, &ext[20..]), (0, &ext[..20])] {
        let mut body = b"http://ns.adobe.com/xmp/extension/\0".to_vec();
        body.extend_from_slice(guid);
        body.extend_from_slice(&u32::try_from(ext.len()).unwrap().to_be_bytes());
        body.extend_from_slice(&u32::try_from(off).unwrap().to_be_bytes());
        body.extend_from_slice(part);
        d.extend(jpeg_segment(0xE1, &body));
    }
    d.extend([0xFF, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9]);
    let b = find(&d);
    assert_eq!(b.xmp.len(), 2, "{:?}", b.warnings);
    assert_eq!(&*b.xmp[1], &ext[..]);
    assert!(b.warnings.is_empty(), "{:?}", b.warnings);
}

#[test]
fn bigtiff_ifd0_iptc() {
    let iim = [0x1C, 2, 120, 0, 3, b'a', b'b', b'c', 0x1C, 2, 5, 0, 1, b'x'];
    let mut d = b"II+\0\x08\0\0\0".to_vec();
    d.extend_from_slice(&16u64.to_le_bytes()); // IFD0 at 16
    d.extend_from_slice(&1u64.to_le_bytes()); // one entry
    d.extend_from_slice(&33723u16.to_le_bytes());
    d.extend_from_slice(&7u16.to_le_bytes()); // UNDEFINED
    d.extend_from_slice(&u64::try_from(iim.len()).unwrap().to_le_bytes());
    d.extend_from_slice(&52u64.to_le_bytes()); // value offset
    d.extend_from_slice(&0u64.to_le_bytes()); // next IFD
    assert_eq!(d.len(), 52);
    d.extend_from_slice(&iim);
    let b = find(&d);
    assert_eq!(b.format, Format::Tiff);
    assert_eq!(b.iptc_raw.len(), 1);
    assert_eq!(&*b.iptc_raw[0].data, &iim[..]);
    assert!(matches!(b.iptc_raw[0].data, Cow::Borrowed(_)));
}

fn png_chunk(ty: &[u8; 4], data: &[u8], good_crc: bool) -> Vec<u8> {
    let mut v = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
    v.extend_from_slice(ty);
    v.extend_from_slice(data);
    let mut c = flate2::Crc::new();
    c.update(ty);
    c.update(data);
    let crc = if good_crc { c.sum() } else { c.sum() ^ 1 };
    v.extend_from_slice(&crc.to_be_bytes());
    v
}

#[test]
fn png_compressed_itxt_and_bad_crc() {
    use std::io::Write;
    let xmp = b"<x:xmpmeta><rdf:RDF/></x:xmpmeta>";
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    z.write_all(xmp).unwrap();
    let mut itxt = b"XML:com.adobe.xmp\0\x01\0\0\0".to_vec();
    itxt.extend(z.finish().unwrap());
    let mut d = b"\x89PNG\r\n\x1a\n".to_vec();
    d.extend(png_chunk(b"iTXt", &itxt, false));
    d.extend(png_chunk(b"IEND", b"", true));
    let b = find(&d);
    assert_eq!(b.xmp.len(), 1);
    assert_eq!(&*b.xmp[0], &xmp[..]);
    assert!(
        b.warnings.iter().any(|w| w.contains("bad CRC")),
        "{:?}",
        b.warnings
    );
}

#[test]
fn webp_exif_with_and_without_prefix() {
    for prefix in [&b""[..], b"Exif\0\0"] {
        let mut exif = prefix.to_vec();
        exif.extend_from_slice(b"MM\0*\0\0\0\x08\0\0");
        let mut body = b"WEBP".to_vec();
        body.extend_from_slice(b"EXIF");
        body.extend_from_slice(&u32::try_from(exif.len()).unwrap().to_le_bytes());
        body.extend_from_slice(&exif);
        if exif.len() % 2 == 1 {
            body.push(0);
        }
        let mut d = b"RIFF".to_vec();
        d.extend_from_slice(&u32::try_from(body.len()).unwrap().to_le_bytes());
        d.extend(body);
        let b = find(&d);
        assert!(
            b.exif.as_deref().is_some_and(|e| e.starts_with(b"MM\0*")),
            "{:?}",
            b.warnings
        );
        assert!(b.warnings.is_empty(), "{:?}", b.warnings);
    }
}
