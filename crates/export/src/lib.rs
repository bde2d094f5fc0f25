//! The flat columns of the tabular and map exports, and the CSV, GeoJSON and KML writers
//! (GeoPackage is in the binary's `export_gpkg.rs`; the web interface's GeoJSON uses the writer
//! here, so a feature looks the same whether it came from `dateline export` or `/api/geojson`).
//!
//! One table of columns ([`COLUMNS`]) serves CSV, GeoJSON properties, KML extended data and the
//! GeoPackage attribute table, so a field has the same name and the same value in every format.
//! Lists are joined with `"; "`; a person is `Name (age, role)`, an organization `Name (ACRONYM)`.
//! The evidence spans and the photo's embedded metadata are in the JSON Lines export only (it is
//! the contract, whole). docs/exports.md documents the columns for users.

use dateline_model::Record;
use serde_json::Value;
use std::io::Write;

/// Why a writer stopped.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The output could not be written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The CSV writer failed.
    #[error(transparent)]
    Csv(#[from] csv::Error),
    /// A value could not be serialized.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// Result of the writers.
pub type Result<T, E = ExportError> = std::result::Result<T, E>;

/// A cell's type, for formats that declare them (GeoPackage).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Integer,
    Real,
    Boolean,
}

/// One flat column: its name, its type and how it is read from a record.
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
    pub get: fn(&Record) -> Value,
}

fn opt_s(v: &Option<String>) -> Value {
    v.as_ref().map_or(Value::Null, |s| Value::from(s.as_str()))
}

fn joined<'a>(items: impl IntoIterator<Item = &'a str>) -> Value {
    let v: Vec<&str> = items.into_iter().collect();
    if v.is_empty() {
        Value::Null
    } else {
        Value::from(v.join("; "))
    }
}

fn person(p: &dateline_model::Person) -> String {
    let mut detail = Vec::new();
    if let Some(a) = p.age {
        detail.push(a.to_string());
    }
    if let Some(r) = &p.role {
        detail.push(r.clone());
    }
    if detail.is_empty() {
        p.name.clone()
    } else {
        format!("{} ({})", p.name, detail.join(", "))
    }
}

fn organization(o: &dateline_model::Organization) -> String {
    match &o.acronym {
        Some(a) if *a != o.name => format!("{} ({a})", o.name),
        _ => o.name.clone(),
    }
}

macro_rules! col {
    ($name:literal, $kind:ident, $f:expr) => {
        Column {
            name: $name,
            kind: Kind::$kind,
            get: $f,
        }
    };
}

/// The columns, in order. Names are the contract's field paths with `_` for `.` where a flat
/// name is needed; a column is empty (null) where the record says nothing.
pub const COLUMNS: &[Column] = &[
    col!("id", Text, |r| Value::from(r.id.as_str())),
    col!("input_id", Text, |r| opt_s(&r.input_id)),
    col!("caption", Text, |r| Value::from(r.caption.as_str())),
    col!("creators", Text, |r| joined(
        r.credit.creators.iter().map(String::as_str)
    )),
    col!("agency", Text, |r| opt_s(&r.credit.agency)),
    col!("credit_raw", Text, |r| opt_s(&r.credit.raw)),
    col!("date", Text, |r| r
        .date
        .as_ref()
        .map_or(Value::Null, |d| Value::from(d.iso.as_str()))),
    col!("date_precision", Text, |r| r
        .date
        .as_ref()
        .map_or(Value::Null, |d| Value::from(precision_word(
            d.precision
        )))),
    col!("date_text", Text, |r| r
        .date
        .as_ref()
        .map_or(Value::Null, |d| Value::from(d.text.as_str()))),
    col!("weekday_ok", Boolean, |r| r
        .date
        .as_ref()
        .and_then(|d| d.weekday_ok)
        .map_or(Value::Null, Value::from)),
    col!("location_text", Text, |r| opt_s(&r.location.text)),
    col!("sublocation", Text, |r| opt_s(&r.location.sublocation)),
    col!("city", Text, |r| opt_s(&r.location.city)),
    col!("province", Text, |r| opt_s(&r.location.province)),
    col!("country", Text, |r| opt_s(&r.location.country)),
    col!("lat", Real, |r| r
        .location
        .lat
        .map_or(Value::Null, Value::from)),
    col!("lon", Real, |r| r
        .location
        .lon
        .map_or(Value::Null, Value::from)),
    col!("geonames_id", Integer, |r| r
        .location
        .geonames_id
        .map_or(Value::Null, Value::from)),
    col!("location_precision", Integer, |r| r
        .location
        .precision
        .map_or(Value::Null, Value::from)),
    col!("places", Text, |r| joined(
        r.places.iter().map(|p| p.text.as_str())
    )),
    col!("people", Text, |r| {
        let v: Vec<String> = r.people.iter().map(person).collect();
        joined(v.iter().map(String::as_str))
    }),
    col!("organizations", Text, |r| {
        let v: Vec<String> = r.organizations.iter().map(organization).collect();
        joined(v.iter().map(String::as_str))
    }),
    col!("event_type", Text, |r| opt_s(&r.event.event_type)),
    col!("event_reported", Boolean, |r| Value::from(r.event.reported)),
    col!("event_actors", Text, |r| joined(
        r.event.actors.iter().map(String::as_str)
    )),
    col!("killed", Integer, |r| r
        .casualties
        .killed
        .map_or(Value::Null, Value::from)),
    col!("injured", Integer, |r| r
        .casualties
        .injured
        .map_or(Value::Null, Value::from)),
    col!("casualty_qualifier", Text, |r| opt_s(
        &r.casualties.qualifier
    )),
    col!("casualty_source", Text, |r| opt_s(&r.casualties.source)),
    col!("warnings", Text, |r| joined(
        r.warnings.iter().map(String::as_str)
    )),
    col!("source_kind", Text, |r| Value::from(r.source.kind.as_str())),
    col!("source_path", Text, |r| opt_s(&r.source.path)),
    col!("source_line", Integer, |r| r
        .source
        .line
        .map_or(Value::Null, Value::from)),
    col!("source_sha256", Text, |r| opt_s(&r.source.sha256)),
];

pub fn precision_word(p: dateline_model::DatePrecision) -> &'static str {
    match p {
        dateline_model::DatePrecision::Day => "day",
        dateline_model::DatePrecision::Month => "month",
        dateline_model::DatePrecision::Year => "year",
    }
}

/// A cell as text: empty for null, `true`/`false`, numbers as JSON writes them.
pub fn cell_text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The record's point, when it has both coordinates and they are on the globe.
pub fn point(r: &Record) -> Option<(f64, f64)> {
    match (r.location.lon, r.location.lat) {
        (Some(lon), Some(lat))
            if lon.is_finite()
                && lat.is_finite()
                && (-180.0..=180.0).contains(&lon)
                && (-90.0..=90.0).contains(&lat) =>
        {
            Some((lon, lat))
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------

/// RFC 4180 CSV: CRLF line ends, fields quoted where needed, a header row of [`COLUMNS`].
pub struct CsvWriter<W: Write> {
    w: csv::Writer<W>,
}

impl<W: Write> CsvWriter<W> {
    pub fn new(mut out: W, bom: bool) -> Result<Self> {
        if bom {
            out.write_all("\u{feff}".as_bytes())?;
        }
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(out);
        w.write_record(COLUMNS.iter().map(|c| c.name))?;
        Ok(CsvWriter { w })
    }
    pub fn write(&mut self, r: &Record) -> Result<()> {
        self.w
            .write_record(COLUMNS.iter().map(|c| cell_text(&(c.get)(r))))?;
        Ok(())
    }
    pub fn finish(mut self) -> Result<()> {
        self.w.flush()?;
        Ok(())
    }
}

/// An RFC 7946 FeatureCollection written feature by feature; records without coordinates are
/// counted, not written (a Feature may have a null geometry, but map software drops or
/// misplaces them, and a user exporting a map wants to know how many are missing).
pub struct GeoJsonWriter<W: Write> {
    out: W,
    pub written: u64,
    pub without_point: u64,
}

impl<W: Write> GeoJsonWriter<W> {
    pub fn new(mut out: W) -> Result<Self> {
        out.write_all(b"{\"type\":\"FeatureCollection\",\"features\":[\n")?;
        Ok(GeoJsonWriter {
            out,
            written: 0,
            without_point: 0,
        })
    }
    pub fn write(&mut self, r: &Record) -> Result<()> {
        let Some((lon, lat)) = point(r) else {
            self.without_point += 1;
            return Ok(());
        };
        let properties: serde_json::Map<String, Value> = COLUMNS
            .iter()
            .map(|c| (c.name.to_string(), (c.get)(r)))
            .collect();
        let feature = serde_json::json!({
            "type": "Feature",
            "id": r.id,
            "geometry": {"type": "Point", "coordinates": [lon, lat]},
            "properties": properties,
        });
        if self.written > 0 {
            self.out.write_all(b",\n")?;
        }
        self.out.write_all(&serde_json::to_vec(&feature)?)?;
        self.written += 1;
        Ok(())
    }
    pub fn finish(mut self) -> Result<(u64, u64)> {
        self.out.write_all(b"\n]}\n")?;
        self.out.flush()?;
        Ok((self.written, self.without_point))
    }
}

/// KML 2.2: one Placemark per record with coordinates; the caption is the description, the
/// columns are ExtendedData, the date a TimeStamp.
pub struct KmlWriter<W: Write> {
    out: W,
    pub written: u64,
    pub without_point: u64,
}

fn esc(s: &str) -> String {
    dateline_media::sidecar::escape(s)
}

/// A short, readable placemark name: place, date, agency.
fn placemark_name(r: &Record) -> String {
    let l = &r.location;
    let place = l
        .sublocation
        .iter()
        .chain(&l.city)
        .chain(&l.province)
        .chain(&l.country)
        .next()
        .cloned();
    let parts: Vec<String> = [
        place,
        r.date.as_ref().map(|d| d.iso.clone()),
        r.credit.agency.clone(),
    ]
    .into_iter()
    .flatten()
    .collect();
    if parts.is_empty() {
        r.id.clone()
    } else {
        parts.join(", ")
    }
}

impl<W: Write> KmlWriter<W> {
    pub fn new(mut out: W) -> Result<Self> {
        out.write_all(
            b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
              <kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>\n\
              <name>dateline export</name>\n",
        )?;
        Ok(KmlWriter {
            out,
            written: 0,
            without_point: 0,
        })
    }
    pub fn write(&mut self, r: &Record) -> Result<()> {
        let Some((lon, lat)) = point(r) else {
            self.without_point += 1;
            return Ok(());
        };
        let mut s = String::with_capacity(2048);
        s.push_str(&format!(
            "<Placemark id=\"rec-{}\">\n<name>{}</name>\n<description>{}</description>\n",
            esc(&r.id),
            esc(&placemark_name(r)),
            esc(&r.caption)
        ));
        if let Some(d) = &r.date {
            s.push_str(&format!(
                "<TimeStamp><when>{}</when></TimeStamp>\n",
                esc(&d.iso)
            ));
        }
        s.push_str("<ExtendedData>\n");
        for c in COLUMNS {
            if c.name == "caption" {
                continue;
            }
            let v = (c.get)(r);
            if v.is_null() {
                continue;
            }
            s.push_str(&format!(
                "<Data name=\"{}\"><value>{}</value></Data>\n",
                c.name,
                esc(&cell_text(&v))
            ));
        }
        s.push_str(&format!(
            "</ExtendedData>\n<Point><coordinates>{lon},{lat}</coordinates></Point>\n</Placemark>\n"
        ));
        self.out.write_all(s.as_bytes())?;
        self.written += 1;
        Ok(())
    }
    pub fn finish(mut self) -> Result<(u64, u64)> {
        self.out.write_all(b"</Document>\n</kml>\n")?;
        self.out.flush()?;
        Ok((self.written, self.without_point))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(caption: &str) -> Record {
        dateline_engine::Engine::builtin().extract(&dateline_engine::CaptionInput::new(caption))
    }

    #[test]
    fn column_names_are_unique() {
        let mut names: Vec<_> = COLUMNS.iter().map(|c| c.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), COLUMNS.len());
    }

    #[test]
    fn kml_escapes_markup_and_drops_what_xml_cannot_carry() {
        let mut r = rec("Tom & <b>Jerry</b> ]]> \u{7} in Aleppo, Syria. (AFP)");
        r.location.lat = Some(36.2);
        r.location.lon = Some(37.16);
        let mut buf = Vec::new();
        let mut w = KmlWriter::new(&mut buf).unwrap();
        w.write(&r).unwrap();
        w.finish().unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert!(text.contains("Tom &amp; &lt;b&gt;Jerry&lt;/b&gt; ]]&gt;  in Aleppo"));
        assert!(!text.contains('\u{7}'));
        roxmltree_free_check(&text);
    }

    /// Every `<` opens a known element: no caption text leaked in as markup.
    fn roxmltree_free_check(text: &str) {
        for part in text.split('<').skip(1) {
            let tag = part
                .trim_start_matches('/')
                .split(['>', ' '])
                .next()
                .unwrap();
            assert!(
                [
                    "?xml",
                    "kml",
                    "Document",
                    "name",
                    "Placemark",
                    "description",
                    "TimeStamp",
                    "when",
                    "ExtendedData",
                    "Data",
                    "value",
                    "Point",
                    "coordinates"
                ]
                .contains(&tag),
                "unexpected tag {tag:?}"
            );
        }
    }
}
