//! How a record becomes a row: the compressed JSON and the effective columns filters read.

use crate::fold::fold;
use crate::{ArchiveError, Result};
use dateline_model::{DatePrecision, Record};

/// zstd-compressed JSON: records are 2–4 KB of JSON with repetitive keys and evidence;
/// compressed they take about a quarter of that, which matters at a million records. zstd
/// (already in the build through tantivy) compresses these small documents several times faster
/// than deflate at a better ratio. A zstd frame starts with its magic number, so the format is
/// recognizable if it ever has to change.
pub fn encode(record: &Record) -> Vec<u8> {
    thread_local! {
        // A compression context holds megabytes of tables: made once per thread, not per record.
        static COMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Compressor<'static>>> =
            const { std::cell::RefCell::new(None) };
    }
    let json = serde_json::to_vec(record).expect("records serialize");
    COMPRESSOR.with_borrow_mut(|c| {
        let c = c.get_or_insert_with(|| {
            zstd::bulk::Compressor::new(LEVEL).expect("a zstd context at a standard level")
        });
        c.compress(&json).expect("compressing in memory")
    })
}

/// zstd level 1: the fastest of the standard levels; higher levels gain little on small records.
const LEVEL: i32 = 1;

/// The inverse of [`encode`].
pub fn decode(blob: &[u8]) -> Result<Record> {
    thread_local! {
        // Making a decompression context costs more than decompressing a record (a page of
        // search results decodes twenty): made once per thread, as the compressor is.
        static DECOMPRESSOR: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> =
            const { std::cell::RefCell::new(None) };
    }
    // Frames written by `encode` record their size; anything else (or a size no record has)
    // goes the streaming way.
    let json = match zstd::bulk::Decompressor::upper_bound(blob).filter(|&n| n <= 1 << 26) {
        Some(size) => DECOMPRESSOR.with_borrow_mut(|d| {
            let d = match d {
                Some(d) => d,
                None => d.insert(zstd::bulk::Decompressor::new()?),
            };
            d.decompress(blob, size)
        }),
        None => zstd::stream::decode_all(blob),
    }
    .map_err(|e| ArchiveError::Corrupt(format!("record blob: {e}")))?;
    serde_json::from_slice(&json).map_err(|e| ArchiveError::Corrupt(format!("record JSON: {e}")))
}

/// The values filters, facets and the indexes read, taken from the effective record.
#[derive(Debug, Clone, PartialEq)]
pub struct Columns {
    pub names: String,
    pub agency: Option<String>,
    pub agency_key: Option<String>,
    pub country: Option<String>,
    pub province: Option<String>,
    pub province_key: Option<String>,
    pub city: Option<String>,
    pub city_key: Option<String>,
    pub event_type: Option<String>,
    pub reported: bool,
    pub date_iso: Option<String>,
    pub date_start: Option<i64>,
    pub date_end: Option<i64>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub killed: Option<i64>,
    pub injured: Option<i64>,
    /// (folded key, name as written), deduplicated by key.
    pub creators: Vec<(String, String)>,
}

impl Columns {
    pub fn of(r: &Record) -> Columns {
        let mut names: Vec<&str> = r.people.iter().map(|p| p.name.as_str()).collect();
        for o in &r.organizations {
            names.push(&o.name);
            if let Some(a) = &o.acronym {
                names.push(a);
            }
        }
        let (date_start, date_end) = r
            .date
            .as_ref()
            .and_then(|d| interval(&d.iso, d.precision))
            .unzip();
        let mut creators: Vec<(String, String)> = Vec::new();
        for c in &r.credit.creators {
            let key = fold(c);
            if !key.is_empty() && !creators.iter().any(|(k, _)| *k == key) {
                creators.push((key, c.clone()));
            }
        }
        let key = |s: &Option<String>| s.as_deref().map(fold).filter(|k| !k.is_empty());
        let (lat, lon) = match (r.location.lat, r.location.lon) {
            (Some(a), Some(o)) if a.is_finite() && o.is_finite() => (Some(a), Some(o)),
            _ => (None, None),
        };
        Columns {
            names: names.join(" \u{2022} "),
            agency: r.credit.agency.clone(),
            agency_key: key(&r.credit.agency),
            country: r.location.country.clone(),
            province: r.location.province.clone(),
            province_key: key(&r.location.province),
            city: r.location.city.clone(),
            city_key: key(&r.location.city),
            event_type: r.event.event_type.clone(),
            reported: r.event.reported,
            date_iso: r.date.as_ref().map(|d| d.iso.clone()),
            date_start,
            date_end,
            lat,
            lon,
            killed: r.casualties.killed.map(|k| k.min(i64::MAX as u64) as i64),
            injured: r.casualties.injured.map(|k| k.min(i64::MAX as u64) as i64),
            creators,
        }
    }
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian), without allocation.
pub fn days(date: jiff::civil::Date) -> i64 {
    // Howard Hinnant's days_from_civil.
    let (y, m, d) = (date.year() as i64, date.month() as i64, date.day() as i64);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The first and last day (inclusive, as [`days`]) a date of the given precision covers.
pub fn interval(iso: &str, precision: DatePrecision) -> Option<(i64, i64)> {
    let mut parts = iso.split('-').map(|p| p.parse::<i16>().ok());
    let year = parts.next()??;
    let (first, last) = match precision {
        DatePrecision::Year => (
            jiff::civil::Date::new(year, 1, 1).ok()?,
            jiff::civil::Date::new(year, 12, 31).ok()?,
        ),
        DatePrecision::Month => {
            let m = parts.next()?? as i8;
            let first = jiff::civil::Date::new(year, m, 1).ok()?;
            (first, first.last_of_month())
        }
        DatePrecision::Day => {
            let m = parts.next()?? as i8;
            let d = parts.next()?? as i8;
            let day = jiff::civil::Date::new(year, m, d).ok()?;
            (day, day)
        }
    };
    Some((days(first), days(last)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn days_agree_with_jiff() {
        for d in [
            date(1970, 1, 1),
            date(2016, 11, 24),
            date(2000, 2, 29),
            date(1900, 3, 1),
            date(1969, 12, 31),
        ] {
            let expected = d.since(date(1970, 1, 1)).unwrap().get_days() as i64;
            assert_eq!(days(d), expected, "{d}");
        }
    }

    #[test]
    fn intervals_cover_the_precision() {
        let m = interval("2016-02", DatePrecision::Month).unwrap();
        assert_eq!(m.1 - m.0, 28);
        let y = interval("2016", DatePrecision::Year).unwrap();
        assert_eq!(y.1 - y.0, 365);
        let d = interval("2016-11-24", DatePrecision::Day).unwrap();
        assert_eq!(d.0, d.1);
        assert!(interval("2016-13", DatePrecision::Month).is_none());
    }
}
