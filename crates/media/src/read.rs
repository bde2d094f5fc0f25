//! One image file's metadata, all three kinds, and the reconciled view a record is built from.
//!
//! Where the same property is written in several places, the Metadata Working Group's guidance
//! (Guidelines for Handling Image Metadata 2.0, §4.1, as ExifTool's MWG module applies it) picks
//! the value: EXIF first for the properties EXIF has (description, creator, copyright, date);
//! then XMP, unless the IPTC digest stored in the file differs from the MD5 of the IPTC-IIM
//! block (the block was edited by software that does not write XMP), in which case IPTC-IIM;
//! a kind that lacks the property never wins.
//! Disagreements between kinds that hold a value are reported, so a photo desk sees that a
//! caption was edited in one place and not another.

use crate::container::{self, Format};
use crate::{exif, iptc, irb, xmp};
use serde::Serialize;

/// The properties of one metadata kind, with the key names of the record contract's `embedded`
/// block (which are those of the ExifTool reference readings).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Fields {
    /// Caption / description.
    pub description: Option<String>,
    /// Headline.
    pub headline: Option<String>,
    /// Title (IIM Object Name, `dc:title`).
    pub title: Option<String>,
    /// Creators / by-lines, in order.
    pub creator: Vec<String>,
    /// Credit line.
    pub credit: Option<String>,
    /// Source.
    pub source: Option<String>,
    /// Copyright notice.
    pub copyright: Option<String>,
    /// Date (and time) created, ISO 8601 at the precision written.
    pub date_created: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Sub-location.
    pub sublocation: Option<String>,
    /// Province or state.
    pub province_state: Option<String>,
    /// Country name.
    pub country: Option<String>,
    /// Country code (IIM and IPTC Core allow two- and three-letter codes).
    pub country_code: Option<String>,
    /// Keywords, in order.
    pub keywords: Vec<String>,
}

/// What EXIF says, in the contract's shape.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ExifFields {
    /// ImageDescription.
    pub description: Option<String>,
    /// Artist, split at `;` into names.
    pub creator: Vec<String>,
    /// Copyright.
    pub copyright: Option<String>,
    /// DateTimeOriginal as EXIF writes it (`YYYY:MM:DD HH:MM:SS`).
    pub date_created: Option<String>,
    /// GPS position, when both coordinates are present and valid.
    pub gps: Option<Gps>,
    /// SubSecTimeOriginal: fractions of a second of `date_created`.
    #[serde(skip)]
    pub subsec: Option<String>,
    /// OffsetTimeOriginal: the UTC offset of `date_created`.
    #[serde(skip)]
    pub offset: Option<String>,
}

/// A GPS position in degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Gps {
    /// North positive.
    pub latitude: f64,
    /// East positive.
    pub longitude: f64,
}

/// The `embedded` block of a record: one entry per kind, `None` when the file has none.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Embedded {
    /// From the IPTC-IIM block.
    pub iptc: Option<Fields>,
    /// From the XMP packet(s).
    pub xmp: Option<Fields>,
    /// From the EXIF block.
    pub exif: Option<ExifFields>,
}

/// Everything read from one file.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Metadata {
    /// The container format.
    #[serde(skip)]
    pub format: Option<Format>,
    /// Per kind, as written.
    pub embedded: Embedded,
    /// The value of each property after reconciliation (see the module documentation).
    pub reconciled: Fields,
    /// GPS position: EXIF's, else XMP's.
    pub gps: Option<Gps>,
    /// Whether the IPTC-IIM block matches the digest stored beside it: `None` when no digest
    /// is stored.
    pub iptc_in_sync: Option<bool>,
    /// Damage found while reading, and disagreements between kinds.
    pub warnings: Vec<String>,
}

impl Metadata {
    /// True when the file carries none of the three kinds.
    pub fn is_empty(&self) -> bool {
        self.embedded == Embedded::default()
    }
}

/// Reads a whole image file held in memory. Never panics; damage becomes warnings.
pub fn read(data: &[u8]) -> Metadata {
    let blocks = container::find(data);
    let mut warnings = blocks.warnings.clone();

    // IPTC-IIM: the IRB's IPTC-NAA resource first (with its digest), else a bare IIM block.
    let mut iim_block: Option<&[u8]> = None;
    let mut stored_digest: Option<Vec<u8>> = None;
    if let Some(irb_bytes) = &blocks.iptc_irb {
        let (resources, w) = irb::resources(irb_bytes);
        warnings.extend(w.into_iter().map(|w| format!("Photoshop resources: {w}")));
        iim_block = irb::iptc_naa(&resources);
        stored_digest = irb::iptc_digest(&resources).map(<[u8]>::to_vec);
    }
    if iim_block.is_none() {
        iim_block = blocks.iptc_raw.first().map(|r| &*r.data);
    }
    let iim = iim_block.map(iptc::parse);
    if let Some(iim) = &iim {
        warnings.extend(iim.warnings.iter().map(|w| format!("IPTC-IIM: {w}")));
    }
    let iptc_in_sync = match (iim_block, &stored_digest) {
        (Some(block), Some(d)) => Some(iptc::digest_matches(block, d)),
        _ => None,
    };
    let iptc_fields = iim
        .as_ref()
        .map(iptc_fields)
        .filter(|f| *f != Fields::default());

    // XMP: the first packet wins; later ones (ExtendedXMP) fill gaps.
    let mut xmp_all: Option<xmp::Xmp> = None;
    for packet in &blocks.xmp {
        match xmp::parse(packet) {
            Ok(x) => match &mut xmp_all {
                Some(a) => a.merge(x),
                None => xmp_all = Some(x),
            },
            Err(e) => warnings.push(e.to_string()),
        }
    }
    let xmp_fields = xmp_all
        .as_ref()
        .map(xmp_fields)
        .filter(|f| *f != Fields::default());

    let exif = blocks.exif.as_ref().and_then(|b| match exif::parse(b) {
        Ok(e) => Some(e),
        Err(e) => {
            warnings.push(e.to_string());
            None
        }
    });
    let exif_fields = exif
        .as_ref()
        .map(exif_fields)
        .filter(|f| *f != ExifFields::default());

    let gps = exif_fields.as_ref().and_then(|e| e.gps).or_else(|| {
        let x = xmp_all.as_ref()?;
        Some(Gps {
            latitude: x.gps_latitude?,
            longitude: x.gps_longitude?,
        })
    });
    let reconciled = reconcile(
        iptc_fields.as_ref(),
        xmp_fields.as_ref(),
        exif_fields.as_ref(),
        iptc_in_sync,
        &mut warnings,
    );
    Metadata {
        format: Some(blocks.format),
        embedded: Embedded {
            iptc: iptc_fields,
            xmp: xmp_fields,
            exif: exif_fields,
        },
        reconciled,
        gps,
        iptc_in_sync,
        warnings,
    }
}

fn some(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn list<'a>(v: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    v.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn iptc_fields(i: &iptc::Iim) -> Fields {
    Fields {
        description: some(i.caption()),
        headline: some(i.headline()),
        title: some(i.object_name()),
        creator: list(i.by_line()),
        credit: some(i.credit()),
        source: some(i.source()),
        copyright: some(i.copyright()),
        date_created: i
            .date_created_parts()
            .map(|d| iim_iso(d, i.time_created_parts())),
        city: some(i.city()),
        sublocation: some(i.sub_location()),
        province_state: some(i.province_state()),
        country: some(i.country()),
        country_code: some(i.country_code()),
        keywords: list(i.keywords()),
    }
}

/// IIM date and time as ISO 8601 at the precision written: `2016`, `2016-11`, `2016-11-24`,
/// `2016-11-24T10:05:00+02:00`.
fn iim_iso(d: iptc::IimDate, t: Option<iptc::IimTime>) -> String {
    let mut s = format!("{:04}", d.year);
    let Some(m) = d.month else { return s };
    s += &format!("-{m:02}");
    let Some(day) = d.day else { return s };
    s += &format!("-{day:02}");
    if let Some(t) = t {
        s += &format!("T{:02}:{:02}:{:02}", t.hour, t.minute, t.second);
        if let Some(off) = t.utc_offset_minutes {
            let sign = if off < 0 { '-' } else { '+' };
            let off = off.unsigned_abs();
            s += &format!("{sign}{:02}:{:02}", off / 60, off % 60);
        }
    }
    s
}

fn xmp_fields(x: &xmp::Xmp) -> Fields {
    let s = |v: &Option<String>| some(v.as_deref());
    Fields {
        description: s(&x.description),
        headline: s(&x.headline),
        title: s(&x.title),
        creator: list(x.creator.iter().map(String::as_str)),
        credit: s(&x.credit),
        source: s(&x.source),
        copyright: s(&x.copyright),
        date_created: s(&x.date_created),
        city: s(&x.city),
        sublocation: s(&x.sublocation),
        province_state: s(&x.province_state),
        country: s(&x.country),
        country_code: s(&x.country_code),
        keywords: list(x.keywords.iter().map(String::as_str)),
    }
}

fn exif_fields(e: &exif::Exif) -> ExifFields {
    ExifFields {
        description: some(e.description.as_deref()),
        creator: e
            .artist
            .as_deref()
            .map(|a| list(a.split(';')))
            .unwrap_or_default(),
        copyright: some(e.copyright.as_deref()),
        date_created: some(e.date_time_original.as_deref()),
        subsec: some(e.subsec_original.as_deref()),
        offset: some(e.offset_original.as_deref()),
        gps: match (e.gps_latitude, e.gps_longitude) {
            (Some(latitude), Some(longitude)) => Some(Gps {
                latitude,
                longitude,
            }),
            _ => None,
        },
    }
}

/// EXIF `YYYY:MM:DD HH:MM:SS` as ISO 8601, for comparing and reconciling with the other kinds.
fn exif_iso(s: &str) -> String {
    let s = s.trim();
    match s.split_once(' ') {
        Some((d, t)) => format!("{}T{}", d.replace(':', "-"), t),
        None => s.replace(':', "-"),
    }
}

/// Picks each property's value; reports kinds that disagree.
fn reconcile(
    iptc: Option<&Fields>,
    xmp: Option<&Fields>,
    exif: Option<&ExifFields>,
    in_sync: Option<bool>,
    warnings: &mut Vec<String>,
) -> Fields {
    // XMP is trusted over IIM unless the stored digest proves that the IIM block was changed
    // after the XMP was last written (by software that does not know XMP).
    let xmp_first = in_sync != Some(false);
    let mut pick = |name: &str,
                    exif: Option<String>,
                    iptc: Option<String>,
                    xmp: Option<String>|
     -> Option<String> {
        let candidates = [("EXIF", &exif), ("IPTC-IIM", &iptc), ("XMP", &xmp)];
        let present: Vec<(&str, &String)> = candidates
            .iter()
            .filter_map(|(k, v)| v.as_ref().map(|v| (*k, v)))
            .collect();
        let chosen = exif.clone().or(if xmp_first {
            xmp.clone().or(iptc.clone())
        } else {
            iptc.clone().or(xmp.clone())
        });
        // Dates are written at different precisions (IIM often has no time, EXIF no zone):
        // they disagree only when they name different days.
        let norm = |s: &str| {
            if name == "date" {
                s.get(..10).unwrap_or(s).to_string()
            } else {
                s.split_whitespace().collect::<Vec<_>>().join(" ")
            }
        };
        if let Some(c) = &chosen {
            let differing: Vec<&str> = present
                .iter()
                .filter(|(_, v)| norm(v) != norm(c))
                .map(|(k, _)| *k)
                .collect();
            if !differing.is_empty() {
                let from = present
                    .iter()
                    .find(|(_, v)| norm(v) == norm(c))
                    .map_or("?", |(k, _)| *k);
                let verb = if differing.len() == 1 {
                    "differs"
                } else {
                    "differ"
                };
                warnings.push(format!(
                    "embedded {name}: {} {verb} from {from}, whose value is used",
                    differing.join(" and ")
                ));
            }
        }
        chosen
    };
    let field =
        |f: Option<&Fields>, get: fn(&Fields) -> &Option<String>| f.and_then(|f| get(f).clone());
    let joined = |v: Option<&Vec<String>>| v.filter(|v| !v.is_empty()).map(|v| v.join("; "));
    let split =
        |s: Option<String>| -> Vec<String> { s.map(|s| list(s.split("; "))).unwrap_or_default() };
    let description = pick(
        "description",
        exif.and_then(|e| e.description.clone()),
        field(iptc, |f| &f.description),
        field(xmp, |f| &f.description),
    );
    let creator = split(pick(
        "creator",
        joined(exif.map(|e| &e.creator)),
        joined(iptc.map(|f| &f.creator)),
        joined(xmp.map(|f| &f.creator)),
    ));
    let copyright = pick(
        "copyright",
        exif.and_then(|e| e.copyright.clone()),
        field(iptc, |f| &f.copyright),
        field(xmp, |f| &f.copyright),
    );
    let exif_sub = exif.and_then(|e| e.subsec.clone());
    let exif_offset = exif.and_then(|e| e.offset.clone());
    // Dates are compared as ISO 8601.
    let date_created = pick(
        "date",
        exif.and_then(|e| e.date_created.as_deref().map(exif_iso))
            .map(|d| {
                // EXIF keeps fractions of a second and the UTC offset in tags of their own.
                let sub = exif_sub
                    .as_deref()
                    .map(str::trim)
                    .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
                let off = exif_offset
                    .as_deref()
                    .map(str::trim)
                    .filter(|s| !s.is_empty());
                match (d.contains('T'), sub, off) {
                    (true, Some(f), o) => format!("{d}.{f}{}", o.unwrap_or("")),
                    (true, None, Some(o)) => format!("{d}{o}"),
                    _ => d,
                }
            }),
        field(iptc, |f| &f.date_created),
        field(xmp, |f| &f.date_created),
    );
    let mut two = |name: &str, get: fn(&Fields) -> &Option<String>| {
        pick(name, None, field(iptc, get), field(xmp, get))
    };
    let headline = two("headline", |f| &f.headline);
    let title = two("title", |f| &f.title);
    let credit = two("credit", |f| &f.credit);
    let source = two("source", |f| &f.source);
    let city = two("city", |f| &f.city);
    let sublocation = two("sublocation", |f| &f.sublocation);
    let province_state = two("province/state", |f| &f.province_state);
    let country = two("country", |f| &f.country);
    let country_code = two("country code", |f| &f.country_code);
    let keywords = split(pick(
        "keywords",
        None,
        joined(iptc.map(|f| &f.keywords)),
        joined(xmp.map(|f| &f.keywords)),
    ));
    Fields {
        description,
        headline,
        title,
        creator,
        credit,
        source,
        copyright,
        date_created,
        city,
        sublocation,
        province_state,
        country,
        country_code,
        keywords,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(description: &str, city: &str) -> Fields {
        Fields {
            description: Some(description.into()),
            city: Some(city.into()),
            ..Fields::default()
        }
    }

    #[test]
    fn mwg_order() {
        let mut w = Vec::new();
        let iptc = f("iptc caption", "Aleppo");
        let xmp = f("xmp caption", "Halab");
        // No digest stored, or one that matches: XMP wins.
        let r = reconcile(Some(&iptc), Some(&xmp), None, None, &mut w);
        assert_eq!(r.description.as_deref(), Some("xmp caption"));
        assert_eq!(w.len(), 2, "{w:?}");
        let r = reconcile(Some(&iptc), Some(&xmp), None, Some(true), &mut w);
        assert_eq!(r.city.as_deref(), Some("Halab"));
        // A digest that does not match: the IIM block was edited later, so it wins.
        let r = reconcile(Some(&iptc), Some(&xmp), None, Some(false), &mut w);
        assert_eq!(r.city.as_deref(), Some("Aleppo"));
        // EXIF wins for the properties it has.
        let exif = ExifFields {
            description: Some("exif caption".into()),
            ..ExifFields::default()
        };
        let r = reconcile(Some(&iptc), Some(&xmp), Some(&exif), Some(false), &mut w);
        assert_eq!(r.description.as_deref(), Some("exif caption"));
        assert_eq!(r.city.as_deref(), Some("Aleppo"));
        // A kind without the property never wins; equal values raise nothing.
        let mut w = Vec::new();
        let only_city = Fields {
            city: Some("Aleppo".into()),
            ..Fields::default()
        };
        let r = reconcile(Some(&only_city), Some(&xmp), None, None, &mut w);
        assert_eq!(r.description.as_deref(), Some("xmp caption"));
        assert_eq!(
            w,
            ["embedded city: IPTC-IIM differs from XMP, whose value is used"]
        );
    }

    #[test]
    fn iim_dates_keep_their_precision() {
        let d = |year, month, day| iptc::IimDate { year, month, day };
        assert_eq!(iim_iso(d(2016, None, None), None), "2016");
        assert_eq!(iim_iso(d(2016, Some(11), None), None), "2016-11");
        let t = iptc::IimTime {
            hour: 10,
            minute: 5,
            second: 0,
            utc_offset_minutes: Some(-330),
        };
        assert_eq!(
            iim_iso(d(2016, Some(11), Some(24)), Some(t)),
            "2016-11-24T10:05:00-05:30"
        );
        assert_eq!(exif_iso("2016:11:24 10:05:00"), "2016-11-24T10:05:00");
    }

    #[test]
    fn garbage_reads_as_empty() {
        assert!(read(b"").is_empty());
        assert!(read(b"not an image at all").is_empty());
    }
}
