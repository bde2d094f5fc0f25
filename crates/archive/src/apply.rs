//! Human corrections: which fields may be corrected, what values they take, and how a list of
//! corrections is laid over an extracted record. Kept pure so `show`, search and re-extraction
//! all see exactly the same corrected record.

use dateline_model::Record;
use serde_json::{Value, json};

/// A correction that cannot be applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CorrectionError {
    /// The field path is not one people may correct.
    #[error("`{field}` cannot be corrected; correctable fields: {known}")]
    UnknownField {
        /// The path given.
        field: String,
        /// The paths that may be corrected.
        known: String,
    },
    /// The value does not fit the field.
    #[error("`{field}`: {message}")]
    BadValue {
        /// The path given.
        field: String,
        /// What is wrong.
        message: String,
    },
}

#[derive(Clone, Copy)]
enum Kind {
    Text,
    TextList,
    Country,
    EventType,
    Bool,
    Count,
    Lat,
    Lon,
    GeonamesId,
    Precision,
    DateIso,
    Qualifier,
    People,
    Organizations,
}

/// Correctable fields. Identity, provenance, the caption itself and evidence are not: they are
/// facts about the source, not readings of it.
const FIELDS: &[(&str, Kind)] = &[
    ("credit.creators", Kind::TextList),
    ("credit.agency", Kind::Text),
    ("date.iso", Kind::DateIso),
    ("location.text", Kind::Text),
    ("location.sublocation", Kind::Text),
    ("location.city", Kind::Text),
    ("location.province", Kind::Text),
    ("location.country", Kind::Country),
    ("location.lat", Kind::Lat),
    ("location.lon", Kind::Lon),
    ("location.geonames_id", Kind::GeonamesId),
    ("location.precision", Kind::Precision),
    ("people", Kind::People),
    ("organizations", Kind::Organizations),
    ("event.type", Kind::EventType),
    ("event.reported", Kind::Bool),
    ("event.actors", Kind::TextList),
    ("casualties.killed", Kind::Count),
    ("casualties.injured", Kind::Count),
    ("casualties.qualifier", Kind::Qualifier),
    ("casualties.source", Kind::Text),
];

/// The field paths people may correct, in the contract's order (what a correction form offers).
pub fn correctable_fields() -> impl Iterator<Item = &'static str> {
    FIELDS.iter().map(|(f, _)| *f)
}

/// A value as a person types it (`dateline correct FIELD=VALUE`, a web form): JSON when it reads
/// as JSON (`12`, `true`, `null`, `["a","b"]`, `[{"name":"X"}]`), else the text itself.
/// [`check_edit`] then decides whether it fits the field.
pub fn typed_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

fn bad(field: &str, message: impl Into<String>) -> CorrectionError {
    CorrectionError::BadValue {
        field: field.into(),
        message: message.into(),
    }
}

/// Checks one edit and returns the value to store, normalized: text is trimmed, a text given for
/// a list is split on `;` (or `,`), numbers given as text are parsed, country codes upper-cased.
/// `null` clears a field (`event.reported` becomes false).
pub fn check_edit(field: &str, value: Value) -> Result<Value, CorrectionError> {
    let Some(&(_, kind)) = FIELDS.iter().find(|(f, _)| *f == field) else {
        return Err(CorrectionError::UnknownField {
            field: field.into(),
            known: FIELDS
                .iter()
                .map(|(f, _)| *f)
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    if value.is_null() {
        return Ok(match kind {
            Kind::Bool => Value::Bool(false),
            Kind::TextList | Kind::People | Kind::Organizations => json!([]),
            _ => Value::Null,
        });
    }
    let text = |v: &Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    };
    Ok(match kind {
        Kind::Text => match text(&value) {
            Some(s) if s.is_empty() => Value::Null,
            Some(s) => Value::String(s),
            None => return Err(bad(field, "expected text")),
        },
        Kind::TextList => match value {
            Value::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match item {
                        Value::String(s) if !s.trim().is_empty() => {
                            out.push(Value::String(s.trim().into()))
                        }
                        Value::String(_) => {}
                        _ => return Err(bad(field, "expected a list of texts")),
                    }
                }
                Value::Array(out)
            }
            Value::String(s) => {
                let sep = if s.contains(';') { ';' } else { ',' };
                Value::Array(
                    s.split(sep)
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .map(|x| Value::String(x.into()))
                        .collect(),
                )
            }
            _ => return Err(bad(field, "expected text or a list of texts")),
        },
        Kind::Country => {
            let s = text(&value).unwrap_or_default().to_ascii_uppercase();
            if s.len() != 2 || !s.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(bad(
                    field,
                    format!("expected an ISO 3166-1 alpha-2 code such as SY, got {value}"),
                ));
            }
            Value::String(s)
        }
        Kind::EventType => {
            let s = text(&value)
                .unwrap_or_default()
                .to_ascii_lowercase()
                .replace('-', "_");
            if !dateline_query::EVENT_TYPES.contains(&s.as_str()) {
                return Err(bad(
                    field,
                    format!(
                        "unknown event type {value}; expected one of {}",
                        dateline_query::EVENT_TYPES.join(", ")
                    ),
                ));
            }
            Value::String(s)
        }
        Kind::Bool => match text(&value).as_deref() {
            Some("true" | "yes") => Value::Bool(true),
            Some("false" | "no") => Value::Bool(false),
            _ => return Err(bad(field, "expected true or false")),
        },
        Kind::Count | Kind::GeonamesId => match text(&value).and_then(|s| s.parse::<u64>().ok()) {
            Some(n) => json!(n),
            None => return Err(bad(field, format!("expected a whole number, got {value}"))),
        },
        Kind::Precision => match text(&value).and_then(|s| s.parse::<u8>().ok()) {
            Some(n @ 1..=3) => json!(n),
            _ => return Err(bad(field, "expected 1, 2 or 3")),
        },
        Kind::Lat | Kind::Lon => {
            let limit = if matches!(kind, Kind::Lat) {
                90.0
            } else {
                180.0
            };
            match text(&value).and_then(|s| s.parse::<f64>().ok()) {
                Some(x) if x.is_finite() && x.abs() <= limit => json!(x),
                _ => {
                    return Err(bad(
                        field,
                        format!("expected degrees between -{limit} and {limit}"),
                    ));
                }
            }
        }
        Kind::DateIso => {
            let s = text(&value).unwrap_or_default();
            if date_precision(&s).is_none() {
                return Err(bad(
                    field,
                    format!("expected YYYY, YYYY-MM or YYYY-MM-DD (a real date), got {value}"),
                ));
            }
            Value::String(s)
        }
        Kind::Qualifier => match text(&value).as_deref() {
            Some(q @ ("at_least" | "about" | "exact")) => Value::String(q.into()),
            _ => return Err(bad(field, "expected at_least, about or exact")),
        },
        Kind::People => {
            let people: Vec<dateline_model::Person> =
                serde_json::from_value(value).map_err(|e| {
                    bad(
                        field,
                        format!("expected [{{\"name\", \"age\", \"role\"}}]: {e}"),
                    )
                })?;
            serde_json::to_value(people).expect("people serialize")
        }
        Kind::Organizations => {
            let orgs: Vec<dateline_model::Organization> = serde_json::from_value(value)
                .map_err(|e| bad(field, format!("expected [{{\"name\", \"acronym\"}}]: {e}")))?;
            serde_json::to_value(orgs).expect("organizations serialize")
        }
    })
}

/// The precision word of an ISO date prefix, or `None` when it is not a real date.
pub(crate) fn date_precision(iso: &str) -> Option<&'static str> {
    let parts: Vec<&str> = iso.split('-').collect();
    let num = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<i16>().ok())?
    };
    let year = num(parts.first()?, 4)?;
    match parts.len() {
        1 => Some("year"),
        2 => (1..=12).contains(&num(parts[1], 2)?).then_some("month"),
        3 => {
            let month = num(parts[1], 2)? as i8;
            let day = num(parts[2], 2)? as i8;
            jiff::civil::Date::new(year, month, day).ok()?;
            Some("day")
        }
        _ => None,
    }
}

/// The value of a field path in a record, for showing what a correction replaces.
pub fn field_value(record: &Value, field: &str) -> Value {
    let mut v = record;
    for part in field.split('.') {
        match v.get(part) {
            Some(x) => v = x,
            None => return Value::Null,
        }
    }
    v.clone()
}

/// Lays corrections, oldest first, over an extracted record. Each corrected field's evidence is
/// replaced by one `correction` entry so that no extraction rule is credited with a human value.
pub fn apply_corrections(
    extracted: &Record,
    corrections: &[(String, Value)],
) -> Result<Record, CorrectionError> {
    if corrections.is_empty() {
        return Ok(extracted.clone());
    }
    let mut v = serde_json::to_value(extracted).expect("records serialize");
    for (field, value) in corrections {
        set(&mut v, field, value.clone())?;
        v["evidence"][field.as_str()] = json!([{ "start": 0, "end": 0, "rule": "correction" }]);
    }
    serde_json::from_value(v).map_err(|e| bad("record", format!("correction does not fit: {e}")))
}

fn set(record: &mut Value, field: &str, value: Value) -> Result<(), CorrectionError> {
    if field == "date.iso" {
        record["date"] = match value.as_str() {
            None => Value::Null,
            Some(iso) => {
                let precision = date_precision(iso).ok_or_else(|| bad(field, "not a date"))?;
                let text = record["date"]["text"].as_str().unwrap_or(iso).to_string();
                json!({ "iso": iso, "precision": precision, "text": text, "weekday_ok": null })
            }
        };
        return Ok(());
    }
    let mut target = &mut *record;
    let parts: Vec<&str> = field.split('.').collect();
    for part in &parts[..parts.len() - 1] {
        target = target
            .get_mut(*part)
            .ok_or_else(|| bad(field, "the record has no such field"))?;
    }
    match target {
        Value::Object(map) => {
            map.insert(parts[parts.len() - 1].to_string(), value);
            Ok(())
        }
        _ => Err(bad(field, "the record has no such field")),
    }
}

/// One correction as it will be stored: field, new value, and the value readers saw before it.
pub(crate) type Planned = (String, serde_json::Value, serde_json::Value);

/// The edits of one request applied in order over a stored record: each edit with the value
/// readers saw just before it (an earlier edit of the same request counts), and the effective
/// record after all of them. What every back end stores, so they agree on `previous`.
pub(crate) fn plan_corrections(
    stored: &crate::StoredRecord,
    edits: &[(String, serde_json::Value)],
) -> Result<(Vec<Planned>, Record), CorrectionError> {
    let mut all: Vec<(String, serde_json::Value)> = stored
        .corrections
        .iter()
        .map(|c| (c.field.clone(), c.value.clone()))
        .collect();
    let mut current = serde_json::to_value(&stored.record).expect("records serialize");
    let mut planned = Vec::with_capacity(edits.len());
    for (field, value) in edits {
        planned.push((field.clone(), value.clone(), field_value(&current, field)));
        all.push((field.clone(), value.clone()));
        current = serde_json::to_value(apply_corrections(&stored.extracted, &all)?)
            .expect("records serialize");
    }
    Ok((planned, apply_corrections(&stored.extracted, &all)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        let mut r: Record = serde_json::from_value(json!({
            "id": "0123456789abcdef", "input_id": null,
            "source": {"kind": "text", "path": "a.txt", "line": 1, "sha256": null},
            "caption": "Rescue in Aleppo on November 24, 2016. (Photo by A B/AFP)",
            "credit": {"creators": ["A B"], "agency": "AFP", "raw": "(Photo by A B/AFP)"},
            "date": {"iso": "2016-11-24", "precision": "day", "text": "November 24, 2016", "weekday_ok": null},
            "location": {"text": "Aleppo", "sublocation": null, "city": "Aleppo", "province": null,
                         "country": "SY", "lat": 36.2, "lon": 37.16, "geonames_id": 170063, "precision": 1},
            "places": [], "people": [], "organizations": [],
            "event": {"type": "rescue", "reported": false, "actors": []},
            "casualties": {"killed": null, "injured": null, "qualifier": null, "source": null},
            "warnings": [], "evidence": {}
        }))
        .unwrap();
        r.evidence.insert(
            "location.city".into(),
            vec![dateline_model::Evidence::new(
                dateline_model::Span::new(10, 16),
                "place.city",
            )],
        );
        r
    }

    #[test]
    fn unknown_fields_are_refused_with_the_list() {
        let e = check_edit("caption", json!("x")).unwrap_err();
        assert!(e.to_string().contains("location.city"), "{e}");
        assert!(check_edit("id", json!("x")).is_err());
    }

    #[test]
    fn values_are_normalized() {
        assert_eq!(
            check_edit("location.country", json!("sy")).unwrap(),
            json!("SY")
        );
        assert_eq!(
            check_edit("credit.creators", json!("A B; C D")).unwrap(),
            json!(["A B", "C D"])
        );
        assert_eq!(
            check_edit("event.type", json!("Air-Strike")).unwrap(),
            json!("air_strike")
        );
        assert_eq!(
            check_edit("casualties.killed", json!("12")).unwrap(),
            json!(12)
        );
        assert_eq!(
            check_edit("event.reported", json!("yes")).unwrap(),
            json!(true)
        );
        assert_eq!(
            check_edit("location.city", json!("  ")).unwrap(),
            Value::Null
        );
        assert_eq!(
            check_edit("event.reported", Value::Null).unwrap(),
            json!(false)
        );
    }

    #[test]
    fn wrong_values_are_refused() {
        assert!(check_edit("location.country", json!("Syria")).is_err());
        assert!(check_edit("event.type", json!("airstrike")).is_err());
        assert!(check_edit("location.lat", json!(91)).is_err());
        assert!(check_edit("date.iso", json!("2016-02-30")).is_err());
        assert!(check_edit("date.iso", json!("2016-13")).is_err());
        assert!(check_edit("casualties.killed", json!(-1)).is_err());
        assert!(check_edit("people", json!("Samah")).is_err());
    }

    #[test]
    fn corrections_apply_in_order_and_replace_evidence() {
        let r = record();
        let out = apply_corrections(
            &r,
            &[
                ("location.city".into(), json!("Idlib")),
                ("location.city".into(), json!("Aleppo city")),
                ("date.iso".into(), json!("2016-11")),
                ("casualties.killed".into(), json!(4)),
            ],
        )
        .unwrap();
        assert_eq!(out.location.city.as_deref(), Some("Aleppo city"));
        let d = out.date.unwrap();
        assert_eq!(
            (d.iso.as_str(), d.text.as_str()),
            ("2016-11", "November 24, 2016")
        );
        assert_eq!(d.precision, dateline_model::DatePrecision::Month);
        assert_eq!(out.casualties.killed, Some(4));
        assert_eq!(out.evidence["location.city"][0].rule, "correction");
        // The extracted record is untouched.
        assert_eq!(r.location.city.as_deref(), Some("Aleppo"));
    }

    #[test]
    fn clearing_the_date_and_setting_it_on_an_undated_record() {
        let r = record();
        let cleared = apply_corrections(&r, &[("date.iso".into(), Value::Null)]).unwrap();
        assert!(cleared.date.is_none());
        let set = apply_corrections(&cleared, &[("date.iso".into(), json!("2015"))]).unwrap();
        assert_eq!(set.date.unwrap().text, "2015");
    }

    #[test]
    fn field_value_reads_paths() {
        let v = serde_json::to_value(record()).unwrap();
        assert_eq!(field_value(&v, "location.city"), json!("Aleppo"));
        assert_eq!(field_value(&v, "location.nothing"), Value::Null);
    }
}
