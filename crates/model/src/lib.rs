//! The dateline record: the output contract every consumer relies on.
//!
//! Field names mirror `record.md` exactly; they are a public API and must never be renamed.
//! Fields may be added. `None` serializes as `null` and means "the caption does not say".
//!
//! ```
//! let id = dateline_model::record_id("A  caption\n");
//! assert_eq!(id, dateline_model::record_id("A caption"));
//! assert_eq!(id.len(), 16);
//! ```
#![deny(missing_docs)]

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A half-open byte range `[start, end)` into the caption text.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// Makes a span; `start <= end` is the caller's promise.
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }
    /// True when the two spans share at least one byte.
    pub fn overlaps(&self, other: &Span) -> bool {
        self.start < other.end && other.start < self.end
    }
    /// True when `other` lies entirely inside `self`.
    pub fn contains(&self, other: &Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
    /// The text the span covers.
    pub fn slice<'a>(&self, text: &'a str) -> &'a str {
        &text[self.start..self.end]
    }
}

/// Why a value is what it is: the caption span it came from and the rule that fired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// Byte offset of the first byte of the supporting text.
    pub start: usize,
    /// Byte offset one past the supporting text.
    pub end: usize,
    /// Identifier of the rule that produced the value, e.g. `credit.photo_by`.
    pub rule: String,
    /// GeoNames id of the gazetteer entry used, for place evidence.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub geonames_id: Option<u64>,
}

impl Evidence {
    /// Evidence for a span produced by `rule`.
    pub fn new(span: Span, rule: impl Into<String>) -> Self {
        Evidence {
            start: span.start,
            end: span.end,
            rule: rule.into(),
            geonames_id: None,
        }
    }
}

/// Where the caption came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Source {
    /// `text`, `jsonl`, `csv` or `image`.
    pub kind: String,
    /// Path of the input file, `-` for standard input.
    pub path: Option<String>,
    /// 1-based line of the caption's first line in the input.
    pub line: Option<u64>,
    /// Hex SHA-256 of the whole source file, when known.
    pub sha256: Option<String>,
}

/// The credit line: who took the photo, for whom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Credit {
    /// Photographers, as written.
    pub creators: Vec<String>,
    /// Normalized agency name (`AFP`, `Reuters`, `AP`, ...), or as written when unknown.
    pub agency: Option<String>,
    /// The credit text as it appears in the caption.
    pub raw: Option<String>,
}

/// How exact a date is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DatePrecision {
    /// `YYYY-MM-DD`.
    Day,
    /// `YYYY-MM`.
    Month,
    /// `YYYY`.
    Year,
}

/// The date the photo was taken.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DateTaken {
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, matching `precision`.
    pub iso: String,
    /// How much of `iso` is known.
    pub precision: DatePrecision,
    /// The words of the caption the date came from.
    pub text: String,
    /// Whether a weekday named with the date matches it; `None` when no weekday was named.
    pub weekday_ok: Option<bool>,
}

/// Where the photo was taken, most specific first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Location {
    /// The caption's words for the place.
    pub text: Option<String>,
    /// Neighbourhood, camp, landmark or venue.
    pub sublocation: Option<String>,
    /// Populated place.
    pub city: Option<String>,
    /// First-level administrative division.
    pub province: Option<String>,
    /// ISO 3166-1 alpha-2.
    pub country: Option<String>,
    /// Latitude of the most specific place resolved.
    pub lat: Option<f64>,
    /// Longitude of the most specific place resolved.
    pub lon: Option<f64>,
    /// GeoNames id of the place the coordinates belong to.
    pub geonames_id: Option<u64>,
    /// 1 = the named place itself, 2 = part of / near the resolved place, 3 = only province or country.
    pub precision: Option<u8>,
}

/// One place mentioned anywhere in the caption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlaceMention {
    /// The name as written (without possessive or direction words).
    pub text: String,
    /// Byte offset of the name.
    pub start: usize,
    /// Byte offset one past the name.
    pub end: usize,
    /// GeoNames id when the gazetteer resolved it.
    pub geonames_id: Option<u64>,
    /// ISO country code when known.
    pub country: Option<String>,
    /// Latitude when resolved.
    pub lat: Option<f64>,
    /// Longitude when resolved.
    pub lon: Option<f64>,
}

/// A named person shown or mentioned (never the photographer).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Person {
    /// The name as written.
    pub name: String,
    /// Age in years when the caption gives it.
    pub age: Option<u32>,
    /// Role or description, e.g. `Syrian refugee`, `president`.
    pub role: Option<String>,
}

/// A named organization, armed group, agency, force or NGO.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Organization {
    /// The name as written in the caption.
    pub name: String,
    /// Acronym given in the caption or known from the lexicon.
    pub acronym: Option<String>,
    /// Canonical name from the lexicon when the caption used an alias.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub canonical: Option<String>,
}

/// The incident the caption reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Event {
    /// One of the contract's event types, or `None`.
    #[serde(rename = "type")]
    pub event_type: Option<String>,
    /// True when the caption hedges the incident ("reported", "activists said").
    pub reported: bool,
    /// Actors named generically ("government forces", "rebels").
    pub actors: Vec<String>,
}

/// Casualty figures for the incident.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Casualties {
    /// People killed.
    pub killed: Option<u64>,
    /// People injured.
    pub injured: Option<u64>,
    /// `at_least`, `about`, `exact`, or `None`.
    pub qualifier: Option<String>,
    /// Whom the figure is attributed to.
    pub source: Option<String>,
}

/// One extracted record: the contract of `record.md`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Content hash of the caption (see [`record_id`]).
    pub id: String,
    /// The id the input carried, if any.
    pub input_id: Option<String>,
    /// Provenance.
    pub source: Source,
    /// The original caption, untouched.
    pub caption: String,
    /// Credit line.
    pub credit: Credit,
    /// Date taken.
    pub date: Option<DateTaken>,
    /// Where the photo was taken.
    pub location: Location,
    /// Every place mentioned.
    pub places: Vec<PlaceMention>,
    /// Named people.
    pub people: Vec<Person>,
    /// Named organizations.
    pub organizations: Vec<Organization>,
    /// Incident.
    pub event: Event,
    /// Casualty figures.
    pub casualties: Casualties,
    /// Human-readable flags.
    pub warnings: Vec<String>,
    /// Field path -> supporting spans and rules.
    pub evidence: BTreeMap<String, Vec<Evidence>>,
    /// Metadata embedded in an image file, when the caption came from one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub embedded: Option<serde_json::Value>,
}

/// The stable record id: the first 16 hex digits of SHA-256 over the caption after Unicode NFC
/// and whitespace folding, so that re-wrapped or re-encoded copies of a caption share an id.
pub fn record_id(caption: &str) -> String {
    use sha2::{Digest, Sha256};
    use unicode_normalization::UnicodeNormalization;
    // ASCII text is already in NFC; skip the normalizer for it (most captions).
    let nfc: std::borrow::Cow<str> = if caption.is_ascii() {
        caption.into()
    } else {
        caption.nfc().collect::<String>().into()
    };
    let mut folded = String::with_capacity(nfc.len());
    for word in nfc.split_whitespace() {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(word);
    }
    let digest = Sha256::digest(folded.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The id of a photo whose file carries no caption: the first 16 hex digits of SHA-256 over
/// a tag and the hex SHA-256 of the file's bytes. Without a caption to hash, the file is what
/// makes the photo itself; the tag ends with a newline, which no whitespace-folded caption
/// contains, so such an id never equals a caption's.
pub fn photo_record_id(file_sha256: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"dateline photo without caption\n");
    h.update(file_sha256.trim().to_ascii_lowercase().as_bytes());
    h.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// True when a caption has no words: the record is then a photo known by its file alone.
pub fn is_captionless(caption: &str) -> bool {
    caption.split_whitespace().next().is_none()
}

/// The id of the record made of `caption` read from `source`: [`record_id`] of the caption,
/// or, for a photo without a caption whose file hash is known, [`photo_record_id`] of that
/// hash. This is the one rule every writer and checker of ids uses.
pub fn record_id_of(caption: &str, source: &Source) -> String {
    match source.sha256.as_deref() {
        Some(sha) if is_captionless(caption) => photo_record_id(sha),
        _ => record_id(caption),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_photo_without_caption_is_known_by_its_file() {
        let src = |sha: &str| Source {
            kind: "image".into(),
            path: Some("a.jpg".into()),
            line: None,
            sha256: Some(sha.into()),
        };
        let a = record_id_of("", &src("AB12"));
        assert_eq!(a, record_id_of(" \n\t", &src("ab12")));
        assert_eq!(a, photo_record_id("ab12"));
        assert_eq!(a.len(), 16);
        assert_ne!(a, record_id_of("", &src("ab13")));
        assert_ne!(a, record_id(""));
        // A caption decides the id whatever file it came from.
        assert_eq!(
            record_id_of("A caption.", &src("ab12")),
            record_id("A caption.")
        );
        assert_eq!(record_id_of("", &Source::default()), record_id(""));
    }

    #[test]
    fn id_ignores_whitespace_and_normalization_form() {
        assert_eq!(
            record_id("Caf\u{e9}  in\nParis"),
            record_id("Cafe\u{301} in Paris")
        );
        assert_ne!(record_id("a"), record_id("b"));
    }

    #[test]
    fn event_type_serializes_as_type() {
        let e = Event {
            event_type: Some("rescue".into()),
            reported: true,
            actors: vec![],
        };
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["type"], "rescue");
    }
}
