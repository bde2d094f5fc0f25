//! Incidents: the photos of one event, across agencies and photographers.
//!
//! A documentation team counts incidents, not photos: five agencies photographing one strike are
//! one incident with five photos, and its casualty figure is what each source said, never five
//! times it. [`group`] takes records and returns incidents such that every record is in exactly
//! one (a lone photo is an incident of one).
//!
//! # When two records are one incident
//! All three must hold (the thresholds are in [`Rules`]):
//! - **Place** ([`place_match`]): levels follow the location precision. Two sublocations
//!   (neighbourhood, camp, landmark) match only when they are the same place (same folded name,
//!   or points within `same_spot_km`); two *different* neighbourhoods never match. A sublocation
//!   and a city-level record match when the sublocation lies in that city (same city name, or
//!   within `city_km`). Two city-level records match when they name the same city or lie within
//!   `city_km`. A record placed only at province or country level (precision 3) matches only
//!   another such record of the same province (or country when neither names one): "in Herat
//!   province" cannot say which town of Herat it was. Records with no place never match.
//! - **Date** ([`date_match`]): day-precision dates at most `max_days` apart. A month-precision
//!   date matches a day in that month only when the places are at city level or finer *and*
//!   the names agree (a coarse date needs a precise place); year precision never matches.
//!   Undated records never match.
//! - **Event type** ([`types_compatible`]): the merge table [`COMPATIBLE`] (an air strike with
//!   the explosion, the rescue and the funeral that follow; a disaster with the rescue and the
//!   aid; sport only with sport). A record without a type, or `other`, goes with any type but
//!   sport and daily life; `daily_life` (what a photo shows where no incident is reported) never
//!   merges: two everyday scenes of one town and day are two photos, not an incident.
//!
//! Grouping is agglomerative with *whole-incident* checks, so chains cannot drift: a record joins
//! an incident only if it matches one of its records and its type is compatible with every type
//! already in the incident, its sublocation does not contradict another sublocation of the
//! incident, and the incident's days stay within `max_span_days`. When a record could join
//! several incidents that cannot be one, the best candidate wins: the nearest in space, then the
//! most caption words in common (a Jaccard score over content words), then the smaller id.
//!
//! # Not quadratic
//! Candidates come from buckets: day × grid cell (0.25°) for records with coordinates, day ×
//! folded city for records without, day × province for coarse places. A record is compared only
//! with records of the same or neighbouring days and cells, so the work is linear in the number
//! of records for a bounded number of photos per place and day.
//!
//! # After a change
//! [`regroup`] brings a grouping up to date after records were added, changed or removed
//! without grouping every record again, and gives exactly what [`group`] would (see its
//! documentation for why).
//!
//! # Stable ids
//! An incident's id is `ev-` and the first 16 hex digits of SHA-256 over its sorted record ids:
//! the same records give the same id, whatever the order they were read in, and grouping itself
//! is deterministic (records are processed in id order).

#![deny(missing_docs)]

mod regroup;
pub use regroup::regroup;

use dateline_model::{DatePrecision, Record};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use unicode_normalization::UnicodeNormalization;

/// The version of the grouping rules: derived incidents stored by an earlier version are
/// recomputed. Change it with any rule, table or threshold.
pub const ALGORITHM: &str = "dateline-incident 2";

/// Thresholds of the grouping rules.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// Two sublocations closer than this are the same place whatever their names.
    pub same_spot_km: f64,
    /// A sublocation within this distance of a city-level point is in that city; two
    /// city-level points this close are one city (suburbs, a city's several gazetteer entries).
    pub city_km: f64,
    /// Largest gap between two day-precision dates of one pair.
    pub max_days: i64,
    /// Largest span of days within one incident.
    pub max_span_days: i64,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            same_spot_km: 1.0,
            city_km: 25.0,
            max_days: 1,
            max_span_days: 2,
        }
    }
}

/// Pairs of event types that may be one incident (symmetric; a type always goes with itself).
/// The contract labels the incident a caption reports (a rescue "following an air strike" is
/// an air strike), but photos of the aftermath often carry the type of what they show.
pub const COMPATIBLE: &[(&str, &str)] = &[
    ("air_strike", "explosion"),
    ("air_strike", "shelling"),
    ("air_strike", "rescue"),
    ("air_strike", "funeral"),
    ("air_strike", "attack"),
    ("air_strike", "displacement"),
    ("shelling", "explosion"),
    ("shelling", "rescue"),
    ("shelling", "funeral"),
    ("shelling", "attack"),
    ("shelling", "armed_clash"),
    ("shelling", "displacement"),
    ("explosion", "attack"),
    ("explosion", "rescue"),
    ("explosion", "funeral"),
    ("explosion", "disaster"),
    ("attack", "armed_clash"),
    ("attack", "rescue"),
    ("attack", "funeral"),
    ("attack", "protest"),
    ("armed_clash", "displacement"),
    ("armed_clash", "funeral"),
    ("armed_clash", "rescue"),
    ("disaster", "rescue"),
    ("disaster", "humanitarian_aid"),
    ("disaster", "displacement"),
    ("displacement", "humanitarian_aid"),
    ("protest", "politics"),
    ("protest", "funeral"),
    ("rescue", "funeral"),
    ("rescue", "humanitarian_aid"),
    ("disaster", "funeral"),
];

/// Whether two event types may be one incident ([`COMPATIBLE`]; `None` and `other` go with
/// anything but sport; `daily_life` with nothing).
pub fn types_compatible(a: Option<&str>, b: Option<&str>) -> bool {
    let open = |t: Option<&str>| matches!(t, None | Some("other"));
    // Everyday life is what a photo shows where no incident is reported: two such photos of
    // one town and day are two scenes, not an incident.
    if a == Some("daily_life") || b == Some("daily_life") {
        return false;
    }
    match (a, b) {
        (x, y) if open(x) && open(y) => true,
        (x, Some(t)) | (Some(t), x) if open(x) => t != "sport",
        (Some(a), Some(b)) => {
            a == b
                || COMPATIBLE
                    .iter()
                    .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
        }
        _ => unreachable!("covered above"),
    }
}

/// How specific a record's place is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlaceLevel {
    /// A neighbourhood, camp, landmark or village part.
    Sublocation,
    /// A populated place.
    City,
    /// Only the province or the country.
    Region,
}

/// What grouping reads of a record: small, so a million of them fit in memory (and in the
/// incident cache, which keeps them so that a change re-reads only the records it touched).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Photo {
    /// Record id.
    pub id: String,
    /// First and last day (days since 1970-01-01) the date allows; `None` when undated.
    pub days: Option<(i64, i64)>,
    /// Precision of the date.
    pub date_precision: Option<DatePrecision>,
    /// The date as written in the record (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`).
    pub date_iso: Option<String>,
    /// How specific the place is; `None` without a place.
    pub level: Option<PlaceLevel>,
    /// Folded sublocation, city, province (letters and digits only, lower case).
    pub sublocation_key: Option<String>,
    /// Folded city.
    pub city_key: Option<String>,
    /// Folded province.
    pub province_key: Option<String>,
    /// Country code.
    pub country: Option<String>,
    /// Coordinates.
    pub point: Option<(f64, f64)>,
    /// Event type.
    pub event_type: Option<String>,
    /// Hedged.
    pub reported: bool,
    /// Normalized agency.
    pub agency: Option<String>,
    /// Photographers.
    pub creators: Vec<String>,
    /// Casualty figure as the record gives it.
    pub killed: Option<u64>,
    /// Injured as the record gives it.
    pub injured: Option<u64>,
    /// Qualifier of the figure.
    pub qualifier: Option<String>,
    /// Whom the figure is attributed to.
    pub casualty_source: Option<String>,
    /// Place names as written, for the incident's description.
    pub sublocation: Option<String>,
    /// City as written.
    pub city: Option<String>,
    /// Province as written.
    pub province: Option<String>,
    /// Location precision (1–3) as the record gives it.
    pub location_precision: Option<u8>,
    /// Hashes of the caption's content words (for tie-breaking), sorted, deduplicated.
    pub words: Vec<u32>,
}

/// Letters and digits of `s`, lower case, accents removed: "Bab al- Nairab" = "Bab al-Nairab".
pub fn key(s: &str) -> String {
    s.nfkd()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn nonempty_key(s: &Option<String>) -> Option<String> {
    s.as_deref().map(key).filter(|k| !k.is_empty())
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day number.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn day_iso(z: i64) -> String {
    let (y, m, d) = civil_from_days(z);
    format!("{y:04}-{m:02}-{d:02}")
}

/// First and last day of an ISO date at its precision.
pub fn date_interval(iso: &str) -> Option<(i64, i64)> {
    let parts: Vec<i64> = iso
        .split('-')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    match parts.as_slice() {
        [y, m, d] if (1..=12).contains(m) && (1..=31).contains(d) => {
            let z = days_from_civil(*y, *m, *d);
            Some((z, z))
        }
        [y, m] if (1..=12).contains(m) => {
            let start = days_from_civil(*y, *m, 1);
            let (ny, nm) = if *m == 12 { (y + 1, 1) } else { (*y, m + 1) };
            Some((start, days_from_civil(ny, nm, 1) - 1))
        }
        [y] => Some((days_from_civil(*y, 1, 1), days_from_civil(y + 1, 1, 1) - 1)),
        _ => None,
    }
}

/// Words too common in captions to say that two are about the same thing.
const STOP: &[&str] = &[
    "the", "a", "an", "of", "in", "on", "at", "and", "to", "for", "by", "with", "after", "from",
    "as", "is", "are", "was", "were", "his", "her", "their", "its", "photo", "afp", "reuters",
    "ap", "getty", "images", "epa", "city", "near", "during", "who", "that", "this", "into",
];

fn word_hashes(caption: &str) -> Vec<u32> {
    let mut out: Vec<u32> = caption
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() > 2)
        .map(str::to_lowercase)
        .filter(|w| !STOP.contains(&w.as_str()) && !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| {
            // FNV-1a: stable across runs and platforms (std's hasher is seeded).
            let mut h: u32 = 0x811c_9dc5;
            for b in w.bytes() {
                h ^= b as u32;
                h = h.wrapping_mul(0x0100_0193);
            }
            h
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

impl Photo {
    /// What grouping needs of a record.
    pub fn of(r: &Record) -> Photo {
        let l = &r.location;
        let sublocation_key = nonempty_key(&l.sublocation);
        let city_key = nonempty_key(&l.city);
        let province_key = nonempty_key(&l.province);
        let point = match (l.lat, l.lon) {
            (Some(a), Some(b)) if a.is_finite() && b.is_finite() => Some((a, b)),
            _ => None,
        };
        let level = if sublocation_key.is_some() && l.precision != Some(3) {
            Some(PlaceLevel::Sublocation)
        } else if city_key.is_some() && l.precision != Some(3) {
            Some(PlaceLevel::City)
        } else if province_key.is_some() || l.country.is_some() {
            Some(PlaceLevel::Region)
        } else if point.is_some() {
            // Coordinates without names (a photo's GPS): as precise as a city at least.
            Some(PlaceLevel::City)
        } else {
            None
        };
        Photo {
            id: r.id.clone(),
            days: r.date.as_ref().and_then(|d| date_interval(&d.iso)),
            date_precision: r.date.as_ref().map(|d| d.precision),
            date_iso: r.date.as_ref().map(|d| d.iso.clone()),
            level,
            sublocation_key,
            city_key,
            province_key,
            country: l.country.clone(),
            point,
            event_type: r.event.event_type.clone(),
            reported: r.event.reported,
            agency: r.credit.agency.clone(),
            creators: r.credit.creators.clone(),
            killed: r.casualties.killed,
            injured: r.casualties.injured,
            qualifier: r.casualties.qualifier.clone(),
            casualty_source: r.casualties.source.clone(),
            sublocation: l.sublocation.clone(),
            city: l.city.clone(),
            province: l.province.clone(),
            location_precision: l.precision,
            words: word_hashes(&r.caption),
        }
    }
}

/// Great-circle distance in km.
pub fn haversine_km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1) = (a.0.to_radians(), a.1.to_radians());
    let (la2, lo2) = (b.0.to_radians(), b.1.to_radians());
    let h = ((la2 - la1) / 2.0).sin().powi(2)
        + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * 6371.0088 * h.sqrt().asin()
}

/// Why two places match, formatted only when someone reads it (grouping tests many pairs).
#[derive(Debug, Clone, Copy)]
enum PlaceWhy<'a> {
    Region,
    SameSub(&'a str),
    SubInSub,
    SameCity(&'a str),
    Km(f64),
}

impl std::fmt::Display for PlaceWhy<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlaceWhy::Region => write!(f, "same province or country"),
            PlaceWhy::SameSub(n) => write!(f, "same place ({n})"),
            PlaceWhy::SubInSub => write!(f, "same place"),
            PlaceWhy::SameCity(n) => write!(f, "same city ({n})"),
            PlaceWhy::Km(d) => write!(f, "{d:.1} km apart"),
        }
    }
}

fn place_why<'a>(a: &'a Photo, b: &Photo, rules: &Rules) -> Option<PlaceWhy<'a>> {
    let (la, lb) = (a.level?, b.level?);
    if a.country.is_some() && b.country.is_some() && a.country != b.country {
        return None;
    }
    let dist = match (a.point, b.point) {
        (Some(p), Some(q)) => Some(haversine_km(p, q)),
        _ => None,
    };
    use PlaceLevel::*;
    match (la, lb) {
        (Region, Region) => {
            let same = match (&a.province_key, &b.province_key) {
                (Some(x), Some(y)) => x == y,
                (None, None) => a.country.is_some() && a.country == b.country,
                _ => false,
            };
            same.then_some(PlaceWhy::Region)
        }
        (Region, _) | (_, Region) => None,
        (Sublocation, Sublocation) => {
            let (x, y) = (a.sublocation_key.as_ref()?, b.sublocation_key.as_ref()?);
            if x == y {
                // The same name, unless the points say these are homonyms far apart.
                match dist {
                    Some(d) if d > rules.city_km => None,
                    _ => Some(PlaceWhy::SameSub(a.sublocation.as_deref().unwrap_or("?"))),
                }
            } else if x.contains(y.as_str()) || y.contains(x.as_str()) {
                // "Bab al-Nairab" and "Bab al-Nairab district".
                match dist {
                    Some(d) if d > rules.city_km => None,
                    _ => Some(PlaceWhy::SubInSub),
                }
            } else {
                // Two different neighbourhoods, however close, are two places.
                None
            }
        }
        (Sublocation, City) | (City, Sublocation) | (City, City) => {
            let same_city = matches!((&a.city_key, &b.city_key), (Some(x), Some(y)) if x == y);
            let other_city = matches!((&a.city_key, &b.city_key), (Some(x), Some(y)) if x != y);
            let city = || PlaceWhy::SameCity(a.city.as_deref().unwrap_or("?"));
            match dist {
                Some(d) if d <= rules.city_km && !other_city => {
                    Some(if same_city { city() } else { PlaceWhy::Km(d) })
                }
                Some(d) if d <= rules.same_spot_km => Some(PlaceWhy::Km(d)),
                Some(_) => None,
                None if same_city => Some(city()),
                None => None,
            }
        }
    }
}

/// Whether two records' places may be one incident's, and a short why.
pub fn place_match(a: &Photo, b: &Photo, rules: &Rules) -> Option<String> {
    place_why(a, b, rules).map(|w| w.to_string())
}

/// Days between two matching dates; `None` for a coarse date matched by its month.
fn date_why(a: &Photo, b: &Photo, names_agree: bool, rules: &Rules) -> Option<Option<i64>> {
    let ((a0, a1), (b0, b1)) = (a.days?, b.days?);
    use DatePrecision::*;
    match (a.date_precision?, b.date_precision?) {
        (Day, Day) => {
            let gap = (a0 - b0).abs();
            (gap <= rules.max_days).then_some(Some(gap))
        }
        (Year, _) | (_, Year) => None,
        _ => (names_agree && a0 <= b1 && b0 <= a1).then_some(None),
    }
}

/// Whether two records' dates may be one incident's, and a short why. Coarse dates need a
/// precise place: `names_agree` says whether the places share a city or sublocation name.
pub fn date_match(a: &Photo, b: &Photo, names_agree: bool, rules: &Rules) -> Option<String> {
    date_why(a, b, names_agree, rules).map(|gap| match gap {
        Some(0) => "same day".to_string(),
        Some(g) => format!("{g} day apart"),
        None => "same month".to_string(),
    })
}

fn names_agree(a: &Photo, b: &Photo) -> bool {
    let same =
        |x: &Option<String>, y: &Option<String>| matches!((x, y), (Some(x), Some(y)) if x == y);
    same(&a.sublocation_key, &b.sublocation_key) || same(&a.city_key, &b.city_key)
}

/// Whether two records may be one incident (the test grouping runs on every candidate pair;
/// [`pair_match`] says why).
pub fn pair_ok(a: &Photo, b: &Photo, rules: &Rules) -> bool {
    types_compatible(a.event_type.as_deref(), b.event_type.as_deref())
        && date_why(a, b, names_agree(a, b), rules).is_some()
        && place_why(a, b, rules).is_some()
}

/// Whether two records may be one incident, with the reason.
pub fn pair_match(a: &Photo, b: &Photo, rules: &Rules) -> Option<String> {
    if !types_compatible(a.event_type.as_deref(), b.event_type.as_deref()) {
        return None;
    }
    let place = place_match(a, b, rules)?;
    let date = date_match(a, b, names_agree(a, b), rules)?;
    let types = match (a.event_type.as_deref(), b.event_type.as_deref()) {
        (Some(x), Some(y)) if x != y => format!(", {x} ~ {y}"),
        (Some(x), Some(_)) => format!(", both {x}"),
        _ => String::new(),
    };
    Some(format!("{place}, {date}{types}"))
}

/// One casualty figure as one record gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// The record.
    pub record: String,
    /// Its agency.
    pub agency: Option<String>,
    /// Killed.
    pub killed: Option<u64>,
    /// Injured.
    pub injured: Option<u64>,
    /// `at_least`, `about`, `exact`.
    pub qualifier: Option<String>,
    /// Whom the record attributes the figure to.
    pub source: Option<String>,
}

/// Why two records of an incident were put together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Link {
    /// The record that joined.
    pub record: String,
    /// The record of the incident it matched.
    pub matched: String,
    /// The rules that held.
    pub why: String,
}

/// The incident's place: that of its most precisely placed record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Place {
    /// Neighbourhood, camp, landmark.
    pub sublocation: Option<String>,
    /// City.
    pub city: Option<String>,
    /// Province.
    pub province: Option<String>,
    /// Country code.
    pub country: Option<String>,
    /// Latitude.
    pub lat: Option<f64>,
    /// Longitude.
    pub lon: Option<f64>,
    /// Location precision (1–3) of that record.
    pub precision: Option<u8>,
}

/// A low–high range over the sources' figures (never a sum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Range {
    /// Lowest figure given.
    pub low: u64,
    /// Highest figure given.
    pub high: u64,
}

/// One incident.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Incident {
    /// `ev-` + 16 hex digits, a function of the record ids.
    pub id: String,
    /// A readable summary: photos, agencies, place, dates, type.
    pub reason: String,
    /// The records, in id order.
    pub records: Vec<String>,
    /// First day (`YYYY-MM-DD`, or the coarse date when no record gives a day).
    pub date_start: Option<String>,
    /// Last day.
    pub date_end: Option<String>,
    /// The finest date precision among the records.
    pub date_precision: Option<DatePrecision>,
    /// The place of the most precisely placed record.
    pub place: Place,
    /// The incident's type (see [`incident_type`]).
    pub event_type: Option<String>,
    /// True when every record that gives the type hedges it.
    pub reported: bool,
    /// Agencies, sorted.
    pub agencies: Vec<String>,
    /// Photographers, sorted.
    pub creators: Vec<String>,
    /// Every record's figure that gives one, with its attribution.
    pub casualties: Vec<Figure>,
    /// Killed: lowest and highest figure given.
    pub killed: Option<Range>,
    /// Injured: lowest and highest figure given.
    pub injured: Option<Range>,
    /// Why each record after the first joined.
    pub links: Vec<Link>,
}

/// The incident's type among its records': the most frequent of the types that name an
/// incident (air strike, shelling, explosion, attack, clash, disaster, protest) when any record
/// gives one, so two rescue photos and one of the strike are an air strike; else the most
/// frequent type. Ties go to the type listed first in `ORDER`.
pub fn incident_type<'a>(types: impl IntoIterator<Item = &'a str>) -> Option<String> {
    const ORDER: &[&str] = &[
        "air_strike",
        "shelling",
        "explosion",
        "attack",
        "armed_clash",
        "disaster",
        "protest",
        "sport",
        "politics",
        "displacement",
        "humanitarian_aid",
        "rescue",
        "funeral",
        "daily_life",
    ];
    const INCIDENTS: usize = 7;
    let rank = |t: &str| ORDER.iter().position(|o| *o == t).unwrap_or(ORDER.len());
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for t in types {
        if t != "other" {
            *counts.entry(t).or_default() += 1;
        }
    }
    if counts.keys().any(|t| rank(t) < INCIDENTS) {
        counts.retain(|t, _| rank(t) < INCIDENTS);
    }
    counts
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then_with(|| rank(b.0).cmp(&rank(a.0))))
        .map(|(t, _)| t.to_string())
}

/// The stable id of an incident of these records.
pub fn incident_id<'a>(ids: impl IntoIterator<Item = &'a str>) -> String {
    use sha2::{Digest, Sha256};
    let mut ids: Vec<&str> = ids.into_iter().collect();
    ids.sort_unstable();
    let mut h = Sha256::new();
    for id in ids {
        h.update(id.as_bytes());
        h.update(b"\n");
    }
    let hex: String = h
        .finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("ev-{hex}")
}

const CELL_DEG: f64 = 0.25;

/// The buckets a record is filed under (and looked up in, with neighbours).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Bucket {
    Cell(i64, i32, i32),
    City(i64, String),
    Sub(i64, String),
    Region(i64, String),
}

fn cell(p: (f64, f64)) -> (i32, i32) {
    (
        (p.0 / CELL_DEG).floor() as i32,
        (p.1 / CELL_DEG).floor() as i32,
    )
}

/// The days a record's date is filed under: each day of a day-precision date; the first day of
/// the month for a month (looked up from every day of that month).
fn filing_day(p: &Photo) -> Option<i64> {
    match p.date_precision? {
        DatePrecision::Day => p.days.map(|d| d.0),
        DatePrecision::Month => p.days.map(|d| month_key(d.0)),
        DatePrecision::Year => None,
    }
}

/// A month's bucket key: negative, so it never collides with a day number's bucket.
fn month_key(day: i64) -> i64 {
    let (y, m, _) = civil_from_days(day);
    -(y * 12 + m) - 1_000_000
}

fn buckets_of(p: &Photo) -> Vec<Bucket> {
    let Some(day) = filing_day(p) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match p.level {
        Some(PlaceLevel::Region) => {
            let k = p
                .province_key
                .clone()
                .or_else(|| p.country.clone())
                .unwrap_or_default();
            out.push(Bucket::Region(day, k));
        }
        Some(_) => {
            if let Some(pt) = p.point {
                let (a, b) = cell(pt);
                out.push(Bucket::Cell(day, a, b));
            }
            if let Some(c) = &p.city_key {
                out.push(Bucket::City(day, c.clone()));
            }
            if let Some(c) = &p.sublocation_key {
                out.push(Bucket::Sub(day, c.clone()));
            }
        }
        None => {}
    }
    out
}

/// The buckets to look in for candidates of `p`: its days ± `max_days` (and the month key for
/// day dates, the month's days for month dates) × its cells and their neighbours.
fn lookups_of(p: &Photo, rules: &Rules) -> Vec<Bucket> {
    let Some((d0, d1)) = p.days else {
        return Vec::new();
    };
    let days: Vec<i64> = match p.date_precision {
        Some(DatePrecision::Day) => {
            let mut v: Vec<i64> = (d0 - rules.max_days..=d0 + rules.max_days).collect();
            v.push(month_key(d0));
            v
        }
        Some(DatePrecision::Month) => {
            let mut v: Vec<i64> = (d0..=d1).collect();
            v.push(month_key(d0));
            v
        }
        _ => return Vec::new(),
    };
    let reach = (rules.city_km / (111.0 * CELL_DEG)).ceil() as i32;
    let mut out = Vec::new();
    for &day in &days {
        match p.level {
            Some(PlaceLevel::Region) => {
                let k = p
                    .province_key
                    .clone()
                    .or_else(|| p.country.clone())
                    .unwrap_or_default();
                out.push(Bucket::Region(day, k));
            }
            Some(_) => {
                if let Some(pt) = p.point {
                    let (a, b) = cell(pt);
                    // Longitude cells shrink towards the poles: widen the reach there.
                    let lon_reach = (reach as f64 / pt.0.to_radians().cos().max(0.1)).ceil() as i32;
                    for da in -reach..=reach {
                        for db in -lon_reach..=lon_reach {
                            out.push(Bucket::Cell(day, a + da, b + db));
                        }
                    }
                }
                if let Some(c) = &p.city_key {
                    out.push(Bucket::City(day, c.clone()));
                }
                if let Some(c) = &p.sublocation_key {
                    out.push(Bucket::Sub(day, c.clone()));
                }
            }
            None => {}
        }
    }
    out
}

/// Union-find over record indexes, with each root's incident-wide facts.
struct Groups {
    parent: Vec<usize>,
    types: Vec<BTreeSet<String>>,
    sublocations: Vec<BTreeSet<String>>,
    span: Vec<Option<(i64, i64)>>,
}

impl Groups {
    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    /// Whether the incidents rooted at `a` and `b` may be one (see the crate documentation).
    fn can_merge(&self, a: usize, b: usize, rules: &Rules) -> bool {
        let types_ok = self.types[a].iter().all(|x| {
            self.types[b]
                .iter()
                .all(|y| types_compatible(Some(x), Some(y)))
        });
        if !types_ok {
            return false;
        }
        // Two different sublocations never share an incident (a sublocation named inside
        // another, "Bab al-Nairab" and "Bab al-Nairab district", is one).
        let subs_ok = self.sublocations[a].iter().all(|x| {
            self.sublocations[b]
                .iter()
                .all(|y| x == y || x.contains(y.as_str()) || y.contains(x.as_str()))
        });
        if !subs_ok {
            return false;
        }
        match (self.span[a], self.span[b]) {
            (Some((a0, a1)), Some((b0, b1))) => a1.max(b1) - a0.min(b0) <= rules.max_span_days,
            _ => true,
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (root, child) = if a < b { (a, b) } else { (b, a) };
        self.parent[child] = root;
        let t = std::mem::take(&mut self.types[child]);
        self.types[root].extend(t);
        let s = std::mem::take(&mut self.sublocations[child]);
        self.sublocations[root].extend(s);
        self.span[root] = match (self.span[root], self.span[child]) {
            (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
            (x, None) | (None, x) => x,
        };
    }
}

fn jaccard(a: &[u32], b: &[u32]) -> f64 {
    let (mut i, mut j, mut both) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - both;
    if union == 0 {
        0.0
    } else {
        both as f64 / union as f64
    }
}

/// Groups photos into incidents; every photo is in exactly one. Deterministic: the result does
/// not depend on the order of `photos`.
pub fn group(mut photos: Vec<Photo>, rules: &Rules) -> Vec<Incident> {
    photos.sort_by(|a, b| a.id.cmp(&b.id));
    photos.dedup_by(|a, b| a.id == b.id);
    let n = photos.len();
    let mut index: HashMap<Bucket, Vec<usize>> = HashMap::new();
    for (i, p) in photos.iter().enumerate() {
        for b in buckets_of(p) {
            index.entry(b).or_default().push(i);
        }
    }
    let mut g = Groups {
        parent: (0..n).collect(),
        types: photos
            .iter()
            .map(|p| {
                p.event_type
                    .iter()
                    .filter(|t| *t != "other")
                    .cloned()
                    .collect()
            })
            .collect(),
        sublocations: photos
            .iter()
            .map(|p| {
                if p.level == Some(PlaceLevel::Sublocation) {
                    p.sublocation_key.iter().cloned().collect()
                } else {
                    BTreeSet::new()
                }
            })
            .collect(),
        span: photos
            .iter()
            .map(|p| match p.date_precision {
                Some(DatePrecision::Day) => p.days,
                _ => None,
            })
            .collect(),
    };
    // (record index, why it joined), in the order of the merges.
    let mut links: Vec<(usize, Link)> = Vec::new();
    let mut joined = vec![false; n];
    for i in 0..n {
        // Earlier records that match this one, best first.
        let mut cands: Vec<usize> = lookups_of(&photos[i], rules)
            .iter()
            .filter_map(|b| index.get(b))
            .flatten()
            .copied()
            .filter(|&j| j < i)
            .collect();
        cands.sort_unstable();
        cands.dedup();
        let mut scored: Vec<(f64, f64, usize)> = cands
            .into_iter()
            .filter(|&j| pair_ok(&photos[i], &photos[j], rules))
            .map(|j| {
                let d = match (photos[i].point, photos[j].point) {
                    (Some(p), Some(q)) => haversine_km(p, q),
                    _ => rules.city_km,
                };
                let text = jaccard(&photos[i].words, &photos[j].words);
                (d, -text, j)
            })
            .collect();
        scored.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.total_cmp(&b.1))
                .then(a.2.cmp(&b.2))
        });
        for (_, _, j) in scored {
            let (ri, rj) = (g.find(i), g.find(j));
            if ri == rj || !g.can_merge(ri, rj, rules) {
                continue;
            }
            g.merge(ri, rj);
            let why = pair_match(&photos[i], &photos[j], rules).unwrap_or_default();
            // A record that bridges two incidents says so on its second link.
            let why = if joined[i] {
                format!("also {why}")
            } else {
                why
            };
            joined[i] = true;
            links.push((
                i,
                Link {
                    record: photos[i].id.clone(),
                    matched: photos[j].id.clone(),
                    why,
                },
            ));
        }
    }
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..n {
        let r = g.find(i);
        members.entry(r).or_default().push(i);
    }
    let mut links_of: HashMap<usize, Vec<Link>> = HashMap::new();
    for (i, link) in links {
        links_of.entry(g.find(i)).or_default().push(link);
    }
    let mut out: Vec<Incident> = members
        .into_iter()
        .map(|(root, m)| {
            let link_list = links_of.remove(&root).unwrap_or_default();
            describe(m.iter().map(|&i| &photos[i]).collect(), link_list)
        })
        .collect();
    order(&mut out);
    out
}

/// The order incidents are listed in: most photographed first, then the earliest, then by id.
fn order(out: &mut [Incident]) {
    out.sort_by(|a, b| {
        b.records
            .len()
            .cmp(&a.records.len())
            .then_with(|| a.date_start.cmp(&b.date_start))
            .then_with(|| a.id.cmp(&b.id))
    });
}

fn list_words(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The incident's summary fields from its photos.
fn describe(photos: Vec<&Photo>, links: Vec<Link>) -> Incident {
    let records: Vec<String> = photos.iter().map(|p| p.id.clone()).collect();
    let id = incident_id(records.iter().map(String::as_str));
    let agencies: Vec<String> = photos
        .iter()
        .filter_map(|p| p.agency.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let creators: Vec<String> = photos
        .iter()
        .flat_map(|p| p.creators.iter().cloned())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    // Dates: the span of day-precision dates, else the coarse date itself.
    let day_spans: Vec<(i64, i64)> = photos
        .iter()
        .filter(|p| p.date_precision == Some(DatePrecision::Day))
        .filter_map(|p| p.days)
        .collect();
    let date_precision = photos
        .iter()
        .filter_map(|p| p.date_precision)
        .min_by_key(|p| match p {
            DatePrecision::Day => 0,
            DatePrecision::Month => 1,
            DatePrecision::Year => 2,
        });
    let (date_start, date_end) = if let (Some(lo), Some(hi)) = (
        day_spans.iter().map(|d| d.0).min(),
        day_spans.iter().map(|d| d.1).max(),
    ) {
        (Some(day_iso(lo)), Some(day_iso(hi)))
    } else {
        let coarse = photos.iter().filter_map(|p| p.date_iso.clone()).min();
        (coarse.clone(), coarse)
    };
    // Place: the most precise record (level, then location precision, then the most common).
    let best = photos
        .iter()
        .filter(|p| p.level.is_some())
        .min_by_key(|p| (p.level, p.location_precision.unwrap_or(9), p.id.clone()));
    let place = best.map_or_else(Place::default, |p| Place {
        sublocation: p.sublocation.clone(),
        city: p.city.clone(),
        province: p.province.clone(),
        country: p.country.clone(),
        lat: p.point.map(|x| x.0),
        lon: p.point.map(|x| x.1),
        precision: p.location_precision,
    });
    let event_type = incident_type(photos.iter().filter_map(|p| p.event_type.as_deref()));
    let typed: Vec<&&Photo> = photos.iter().filter(|p| p.event_type.is_some()).collect();
    let reported = !typed.is_empty() && typed.iter().all(|p| p.reported);
    let casualties: Vec<Figure> = photos
        .iter()
        .filter(|p| p.killed.is_some() || p.injured.is_some())
        .map(|p| Figure {
            record: p.id.clone(),
            agency: p.agency.clone(),
            killed: p.killed,
            injured: p.injured,
            qualifier: p.qualifier.clone(),
            source: p.casualty_source.clone(),
        })
        .collect();
    let range = |f: fn(&Figure) -> Option<u64>| {
        let v: Vec<u64> = casualties.iter().filter_map(f).collect();
        Some(Range {
            low: *v.iter().min()?,
            high: *v.iter().max()?,
        })
    };
    let killed = range(|f| f.killed);
    let injured = range(|f| f.injured);
    let mut parts = vec![format!(
        "{} photo{}",
        records.len(),
        if records.len() == 1 { "" } else { "s" }
    )];
    if !agencies.is_empty() {
        parts.push(list_words(&agencies));
    }
    let place_words: Vec<String> = [&place.sublocation, &place.city]
        .into_iter()
        .flatten()
        .cloned()
        .collect::<Vec<_>>();
    let place_words = if place_words.is_empty() {
        [&place.province, &place.country]
            .into_iter()
            .flatten()
            .cloned()
            .collect()
    } else {
        place_words
    };
    parts.extend(place_words);
    match (&date_start, &date_end) {
        (Some(a), Some(b)) if a != b => parts.push(format!("{a} to {b}")),
        (Some(a), _) => parts.push(a.clone()),
        _ => {}
    }
    if let Some(t) = &event_type {
        let words = t.replace('_', " ");
        parts.push(if reported {
            format!("{words} (reported)")
        } else {
            words
        });
    }
    if let Some(k) = killed {
        parts.push(if k.low == k.high {
            format!("{} killed", k.low)
        } else {
            format!("{}–{} killed", k.low, k.high)
        });
    }
    Incident {
        id,
        reason: parts.join(", "),
        records,
        date_start,
        date_end,
        date_precision,
        place,
        event_type,
        reported,
        agencies,
        creators,
        casualties,
        killed,
        injured,
        links,
    }
}

/// B-cubed precision, recall and F1 of a predicted clustering against a gold one (both as
/// item → cluster label, over the same items): for each item, the share of its predicted
/// cluster that shares its gold cluster (precision) and the share of its gold cluster that
/// shares its predicted cluster (recall), averaged over items.
pub fn bcubed<K: Ord + Clone, L: Ord + Clone, M: Ord + Clone>(
    gold: &BTreeMap<K, L>,
    predicted: &BTreeMap<K, M>,
) -> (f64, f64, f64) {
    let mut by_gold: BTreeMap<&L, BTreeSet<&K>> = BTreeMap::new();
    let mut by_pred: BTreeMap<&M, BTreeSet<&K>> = BTreeMap::new();
    for (k, l) in gold {
        by_gold.entry(l).or_default().insert(k);
    }
    for (k, m) in predicted {
        by_pred.entry(m).or_default().insert(k);
    }
    let (mut p, mut r, mut n) = (0.0, 0.0, 0usize);
    for (k, l) in gold {
        let Some(m) = predicted.get(k) else { continue };
        let g = &by_gold[l];
        let c = &by_pred[m];
        let both = g.intersection(c).count() as f64;
        p += both / c.len() as f64;
        r += both / g.len() as f64;
        n += 1;
    }
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let (p, r) = (p / n as f64, r / n as f64);
    let f = if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    };
    (p, r, f)
}

#[cfg(test)]
mod tests;
