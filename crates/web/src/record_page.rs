//! `/records/{id}`: every field of a record, the caption with each field's evidence marked,
//! where and when it was read, its warnings, the history of its corrections, the versions it
//! replaced or was replaced by, the photo when it came from an image file, records of the same
//! place and days — and, for a signed-in user, a form per correctable field.

use crate::auth::{self, Session};
use crate::page::{self, Nav, frame, place_line, precision_words};
use crate::search_page::hit_item;
use crate::{Failure, Shared, blocking};
use axum::Form;
use axum::extract::{Path, Query as UrlQuery, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use dateline_archive::{SearchOptions, Sort, StoredRecord};
use dateline_model::{DatePrecision, Record};
use dateline_query::{Filter, QSpan, Query};
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

/// A record id or id prefix as the URL may carry it: 4 to 64 hex digits. Anything else is
/// refused before it reaches the archive.
pub fn check_id(id: &str) -> Result<String, Failure> {
    let id = id.trim().to_ascii_lowercase();
    if (4..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(id)
    } else {
        Err(Failure::new(
            axum::http::StatusCode::NOT_FOUND,
            "Record ids are 4 to 64 hexadecimal digits.",
        ))
    }
}

#[derive(Deserialize, Default)]
pub struct Shown {
    corrected: Option<String>,
}

pub async fn page(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    UrlQuery(shown): UrlQuery<Shown>,
) -> Response {
    match load(&state, &id).await {
        Ok((stored, nearby)) => {
            let session = auth::session(&state, &headers);
            let title = {
                let p = place_line(&state, &stored.record);
                if p.is_empty() {
                    format!(
                        "Record {}",
                        &stored.record.id[..12.min(stored.record.id.len())]
                    )
                } else {
                    p
                }
            };
            frame(
                &state,
                &title,
                Nav::Other,
                "",
                body(
                    &state,
                    &title,
                    &stored,
                    nearby.as_deref(),
                    session.as_ref(),
                    &shown,
                ),
            )
            .into_response()
        }
        Err(f) => page::failure_page(&state, f),
    }
}

/// The record, and the records of the same place and days: `None` when that second search
/// failed or ran over the time budget, which leaves the page itself standing.
async fn load(state: &Shared, id: &str) -> Result<(StoredRecord, Option<Vec<Record>>), Failure> {
    let id = check_id(id)?;
    let stored = blocking(state, move |s| Ok(s.get(&id)?)).await?;
    let Some(q) = Nearby::of(&stored.record).map(|n| n.query()) else {
        return Ok((stored, Some(Vec::new())));
    };
    let own = stored.record.id.clone();
    let nearby = blocking(state, move |s| {
        let opts = SearchOptions {
            sort: Sort::DateAsc,
            limit: 11,
            loose_dates: true,
            ..Default::default()
        };
        Ok(s.search(&q, &opts)?
            .hits
            .into_iter()
            .map(|h| h.record)
            .filter(|r| r.id != own)
            .take(10)
            .collect())
    })
    .await;
    match nearby {
        Ok(n) => Ok((stored, Some(n))),
        Err(f) => {
            tracing::warn!("nearby records of {}: {}", stored.record.id, f.message);
            Ok((stored, None))
        }
    }
}

/// The radius that "the same place" means at a location's precision: a named place is a few
/// kilometres across, a place near or within another some tens, a province or country only a
/// region.
pub fn radius_km(precision: Option<u8>) -> f64 {
    match precision {
        Some(1) => 5.0,
        Some(2) => 25.0,
        _ => 100.0,
    }
}

/// The same place within the precision's radius and the same days (± 1 day for a day date, the
/// month or year for coarser dates): what "nearby" means, as a query and as query text.
struct Nearby {
    lat: f64,
    lon: f64,
    radius_km: f64,
    from: jiff::civil::Date,
    to: jiff::civil::Date,
}

impl Nearby {
    fn of(r: &Record) -> Option<Nearby> {
        let date = r.date.as_ref()?;
        let (from, to) = date_window(&date.iso, date.precision)?;
        Some(Nearby {
            lat: r.location.lat?,
            lon: r.location.lon?,
            radius_km: radius_km(r.location.precision),
            from,
            to,
        })
    }

    fn query(&self) -> Query {
        Query {
            text: Vec::new(),
            filters: vec![
                Filter::Near {
                    lat: self.lat,
                    lon: self.lon,
                    radius_km: self.radius_km,
                    span: QSpan::default(),
                },
                Filter::Date {
                    from: Some(self.from),
                    to: Some(self.to),
                    span: QSpan::default(),
                },
            ],
        }
    }

    /// The search text, for the "all of them" link.
    fn text(&self) -> String {
        format!(
            "near:{:.4},{:.4},{}km date:{}..{}",
            self.lat, self.lon, self.radius_km, self.from, self.to
        )
    }
}

fn date_window(
    iso: &str,
    precision: DatePrecision,
) -> Option<(jiff::civil::Date, jiff::civil::Date)> {
    let mut parts = iso.split('-').map(|p| p.parse::<i16>().ok());
    let y = parts.next()??;
    Some(match precision {
        DatePrecision::Day => {
            let m = parts.next()?? as i8;
            let d = parts.next()?? as i8;
            let day = jiff::civil::Date::new(y, m, d).ok()?;
            (day.yesterday().ok()?, day.tomorrow().ok()?)
        }
        DatePrecision::Month => {
            let m = parts.next()?? as i8;
            let first = jiff::civil::Date::new(y, m, 1).ok()?;
            (first, first.last_of_month())
        }
        DatePrecision::Year => (
            jiff::civil::Date::new(y, 1, 1).ok()?,
            jiff::civil::Date::new(y, 12, 31).ok()?,
        ),
    })
}

/// Field groups: the evidence colour of a field path is its group's.
fn group(field: &str) -> &'static str {
    match field.split(['.', '[']).next().unwrap_or("") {
        "credit" => "credit",
        "date" => "date",
        "location" | "places" => "place",
        "people" => "people",
        "organizations" => "orgs",
        "event" => "event",
        "casualties" => "casualties",
        _ => "other",
    }
}

/// The caption cut at every evidence boundary; each piece lists the fields whose evidence
/// covers it, so overlapping evidence (a city inside a location phrase) stays visible.
fn evidence_caption(r: &Record) -> Markup {
    let caption = &r.caption;
    let ok = |i: usize| i <= caption.len() && caption.is_char_boundary(i);
    let spans: Vec<(usize, usize, &str, &str)> = r
        .evidence
        .iter()
        .flat_map(|(field, evs)| {
            evs.iter()
                .map(move |e| (e.start, e.end, field.as_str(), e.rule.as_str()))
        })
        .filter(|&(s, e, _, _)| s < e && ok(s) && ok(e))
        .collect();
    let mut cuts: Vec<usize> = spans.iter().flat_map(|&(s, e, _, _)| [s, e]).collect();
    cuts.push(0);
    cuts.push(caption.len());
    cuts.sort_unstable();
    cuts.dedup();
    html! {
        @for w in cuts.windows(2) {
            @let (a, b) = (w[0], w[1]);
            @let covering: Vec<&(usize, usize, &str, &str)> = spans.iter().filter(|s| s.0 <= a && b <= s.1).collect();
            @if covering.is_empty() {
                (&caption[a..b])
            } @else {
                @let title = covering.iter().map(|s| format!("{} ({})", s.2, s.3)).collect::<Vec<_>>().join("; ");
                mark class={ "ev ev-" (group(covering[0].2)) } title=(title) { (&caption[a..b]) }
            }
        }
    }
}

/// A JSON value as a person reads it: text bare, lists joined, nothing as a dash.
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "—".into(),
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(Value::is_string) => items
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("; "),
        Value::Array(items) if items.is_empty() => "—".into(),
        other => other.to_string(),
    }
}

/// A JSON value as a form field holds it, so that submitting it unchanged changes nothing.
fn editable(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(Value::is_string) => items
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

fn body(
    state: &Shared,
    title: &str,
    stored: &StoredRecord,
    nearby: Option<&[Record]>,
    session: Option<&Session>,
    shown_q: &Shown,
) -> Markup {
    let r = &stored.record;
    let json = serde_json::to_value(r).unwrap_or(Value::Null);
    let from_image = stored.provenance.iter().any(|p| p.kind == "image");
    let rows: Vec<(&str, String)> = vec![
        ("Photographer", shown(&json["credit"]["creators"])),
        ("Agency", shown(&json["credit"]["agency"])),
        ("Credit as written", shown(&json["credit"]["raw"])),
        (
            "Date taken",
            r.date
                .as_ref()
                .map(|d| {
                    format!(
                        "{} ({} precision; written “{}”{})",
                        d.iso,
                        dateline_export::precision_word(d.precision),
                        d.text,
                        match d.weekday_ok {
                            Some(false) => "; the weekday does not match",
                            _ => "",
                        }
                    )
                })
                .unwrap_or("—".into()),
        ),
        ("Location as written", shown(&json["location"]["text"])),
        ("Sublocation", shown(&json["location"]["sublocation"])),
        ("City", shown(&json["location"]["city"])),
        ("Province", shown(&json["location"]["province"])),
        (
            "Country",
            r.location
                .country
                .as_deref()
                .map(|c| {
                    (state.cfg.country_name)(c)
                        .map(|n| format!("{n} ({c})"))
                        .unwrap_or(c.into())
                })
                .unwrap_or("—".into()),
        ),
        (
            "Coordinates",
            match (r.location.lat, r.location.lon) {
                (Some(a), Some(o)) => format!("{a:.5}, {o:.5}"),
                _ => "—".into(),
            },
        ),
        (
            "Location precision",
            precision_words(r.location.precision).to_string(),
        ),
        ("GeoNames id", shown(&json["location"]["geonames_id"])),
        (
            "Places named",
            r.places
                .iter()
                .map(|p| p.text.clone())
                .collect::<Vec<_>>()
                .join("; "),
        ),
        (
            "People",
            r.people
                .iter()
                .map(|p| {
                    let mut s = p.name.clone();
                    let extra: Vec<String> = p
                        .age
                        .map(|a| a.to_string())
                        .into_iter()
                        .chain(p.role.clone())
                        .collect();
                    if !extra.is_empty() {
                        s.push_str(&format!(" ({})", extra.join(", ")));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        (
            "Organizations",
            r.organizations
                .iter()
                .map(|o| match &o.acronym {
                    Some(a) if *a != o.name => format!("{} ({a})", o.name),
                    _ => o.name.clone(),
                })
                .collect::<Vec<_>>()
                .join("; "),
        ),
        (
            "Event type",
            r.event
                .event_type
                .as_deref()
                .map(page::type_words)
                .unwrap_or("—".into()),
        ),
        (
            "Reported (hedged)",
            if r.event.reported { "yes" } else { "no" }.into(),
        ),
        ("Actors", shown(&json["event"]["actors"])),
        ("Killed", shown(&json["casualties"]["killed"])),
        ("Injured", shown(&json["casualties"]["injured"])),
        ("Figure qualifier", shown(&json["casualties"]["qualifier"])),
        ("Figures according to", shown(&json["casualties"]["source"])),
    ];
    let corrected: std::collections::BTreeSet<&str> = stored
        .corrections
        .iter()
        .map(|c| c.field.as_str())
        .collect();
    html! {
        h1 { (title) }
        p.recid { "Record " code { (r.id) } @if let Some(i) = &r.input_id { " · input id " code { (i) } } }
        @if let Some(f) = &shown_q.corrected {
            p.notice role="status" { "Correction of " code { (f) } " saved." }
        }
        @if let Some(by) = &stored.superseded_by {
            p.warning role="note" { "This record was superseded: its source line was edited. The current version is "
                a href={ "/records/" (by) } { (by) } "." }
        }
        div.record {
            section.caption-box aria-labelledby="caption-h" {
                h2 #caption-h { "Caption" }
                @if from_image {
                    img.photo src={ "/records/" (r.id) "/photo" } alt={ "The photo of record " (r.id) } loading="lazy" width="480";
                }
                @if r.caption.is_empty() {
                    p.caption { em { "The photo has no caption; the fields below come from its file." } }
                } @else {
                    p.caption.evidence { (evidence_caption(r)) }
                }
                (evidence_legend(r))
            }
            section aria-labelledby="fields-h" {
                h2 #fields-h { "Fields" }
                dl.fields {
                    @for (label, value) in &rows {
                        dt { (label) }
                        dd { @if value.is_empty() { "—" } @else { (value) } }
                    }
                }
                @if !r.warnings.is_empty() {
                    h3 { "Warnings" }
                    ul.warnings { @for w in &r.warnings { li { (w) } } }
                }
            }
        }
        section #history aria-labelledby="history-h" {
            h2 #history-h { "Corrections" }
            @if stored.corrections.is_empty() {
                p { "No corrections: every value is as extracted (by " (stored.extractor) ")." }
            } @else {
                table {
                    caption.visually-hidden { "Corrections, oldest first" }
                    thead { tr { th scope="col" { "Field" } th scope="col" { "New value" } th scope="col" { "Was" } th scope="col" { "By" } th scope="col" { "When" } th scope="col" { "Note" } } }
                    tbody {
                        @for c in &stored.corrections {
                            tr {
                                td { code { (c.field) } }
                                td { (shown(&c.value)) }
                                td { (shown(&c.previous)) }
                                td { (c.author) }
                                td { (c.at) }
                                td { (c.note.clone().unwrap_or_default()) }
                            }
                        }
                    }
                }
            }
            @if !corrected.is_empty() {
                p { "Corrected fields: " @for f in &corrected { code { (f) } " " } }
            }
        }
        (corrections_form(state, stored, &json, session))
        section aria-labelledby="prov-h" {
            h2 #prov-h { "Where it was read" }
            table {
                thead { tr { th scope="col" { "File" } th scope="col" { "Kind" } th scope="col" { "Input id" } th scope="col" { "SHA-256 of the file" } th scope="col" { "Ingested" } } }
                tbody {
                    @for p in &stored.provenance {
                        tr {
                            td { (p.path.clone().unwrap_or("standard input".into())) @if let Some(l) = p.line { ":" (l) } }
                            td { (p.kind) }
                            td { (p.input_id.clone().unwrap_or_default()) }
                            td { code.hash { (p.sha256.clone().unwrap_or_default()) } }
                            td { (p.ingested_at) }
                        }
                    }
                }
            }
            p { "Extracted by " (stored.extractor) "." }
            @if !stored.supersedes.is_empty() {
                h3 { "Earlier versions" }
                p { "This record replaced the records of an earlier version of its source line:" }
                ul { @for old in &stored.supersedes { li { a href={ "/records/" (old) } { code { (old) } } } } }
            }
        }
        section aria-labelledby="nearby-h" {
            h2 #nearby-h { "Same place, same days" }
            @if let Some(nearby) = nearby {
            @if nearby.is_empty() {
                p { "No other record within " (radius_km(r.location.precision)) " km and ± 1 day" @if r.location.lat.is_none() || r.date.is_none() { " (this record has no coordinates or no date)" } "." }
            } @else {
                ol.hits { @for n in nearby { (hit_item(state, n, &[], None)) } }
                @if let Some(t) = Nearby::of(r).map(|n| n.text()) {
                    p { a href=(crate::links::query_href("/", &t)) { "All of them in the search" } }
                }
            }
            } @else {
                p.warning { "The records of the same place and days could not be looked up in time." }
            }
        }
        p { a href={ "/api/records/" (r.id) } { "This record as JSON" } }
    }
}

fn evidence_legend(r: &Record) -> Markup {
    html! {
        details.legend {
            summary { "Evidence: which words gave which field" }
            table {
                thead { tr { th scope="col" { "Field" } th scope="col" { "Words" } th scope="col" { "Rule" } } }
                tbody {
                    @for (field, evs) in &r.evidence {
                        @for e in evs {
                            tr {
                                td { span class={ "swatch ev-" (group(field)) } aria-hidden="true" {} code { (field) } }
                                td { (r.caption.get(e.start..e.end).unwrap_or("")) }
                                td { code { (e.rule) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn corrections_form(
    state: &Shared,
    stored: &StoredRecord,
    json: &Value,
    session: Option<&Session>,
) -> Markup {
    let id = &stored.record.id;
    if !state.writable() {
        return html! {};
    }
    let Some(s) = session else {
        return html! {
            section.correct aria-labelledby="correct-h" {
                h2 #correct-h { "Correct this record" }
                p { a href={ "/login?next=/records/" (id) } { "Sign in with the archive's token" } " to correct a field." }
            }
        };
    };
    html! {
        section.correct aria-labelledby="correct-h" {
            h2 #correct-h { "Correct this record" }
            p { "Signed in as " strong { (s.author) } ". A correction is kept beside the extracted value, survives re-extraction and is written to the audit log with your name. Lists take “;” between items; people and organizations take JSON such as " code { "[{\"name\": \"…\"}]" } "; an empty value clears the field." }
            details {
                summary { "Show the fields" }
                @for field in dateline_archive::correctable_fields() {
                    @let fid = field.replace('.', "-");
                    form.correction method="post" action={ "/records/" (id) "/corrections" } {
                        input type="hidden" name="csrf" value=(s.csrf);
                        input type="hidden" name="field" value=(field);
                        label for={ "v-" (fid) } { code { (field) } }
                        input id={ "v-" (fid) } type="text" name="value" value=(editable(&dateline_archive::field_value(json, field))) maxlength="4000";
                        label.visually-hidden for={ "n-" (fid) } { "Note on " (field) }
                        input id={ "n-" (fid) } type="text" name="note" placeholder="why (optional)" maxlength="1000";
                        button type="submit" { "Correct" }
                    }
                }
            }
        }
    }
}

#[derive(Deserialize)]
pub struct CorrectionForm {
    #[serde(default)]
    csrf: String,
    field: String,
    value: String,
    note: Option<String>,
}

pub async fn correct(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<CorrectionForm>,
) -> Response {
    let author = match auth::check_form(&state, &headers, &f.csrf) {
        Ok(a) => a,
        Err(e) => return page::failure_page(&state, e),
    };
    let id = match check_id(&id) {
        Ok(i) => i,
        Err(e) => return page::failure_page(&state, e),
    };
    let field = f.field.trim().to_string();
    let value = dateline_archive::typed_value(&f.value);
    let note = f.note.filter(|n| !n.trim().is_empty());
    let edit_field = field.clone();
    let result = blocking(&state, move |s| {
        Ok(s.correct(
            &id,
            &[(edit_field, value)],
            &format!("{author} (web)"),
            note.as_deref(),
        )?)
    })
    .await;
    match result {
        Ok(stored) => Redirect::to(&format!(
            "/records/{}?{}#history",
            stored.record.id,
            serde_urlencoded::to_string([("corrected", field.as_str())]).unwrap_or_default()
        ))
        .into_response(),
        Err(e) => page::failure_page(&state, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_hex_only() {
        assert!(check_id("9f2cABCD").is_ok());
        assert!(check_id("../../etc/passwd").is_err());
        assert!(check_id("abc").is_err());
        assert!(check_id(&"a".repeat(65)).is_err());
    }

    #[test]
    fn windows_follow_the_date_precision() {
        let (a, b) = date_window("2016-11-24", DatePrecision::Day).unwrap();
        assert_eq!(
            (a.to_string(), b.to_string()),
            ("2016-11-23".into(), "2016-11-25".into())
        );
        let (a, b) = date_window("2016-02", DatePrecision::Month).unwrap();
        assert_eq!(
            (a.to_string(), b.to_string()),
            ("2016-02-01".into(), "2016-02-29".into())
        );
        assert!(date_window("2016-13", DatePrecision::Month).is_none());
    }

    #[test]
    fn edit_values_round_trip_through_the_form() {
        let v = serde_json::json!(["Ameer Alhalbi", "Jane Doe"]);
        assert_eq!(editable(&v), "Ameer Alhalbi; Jane Doe");
        let checked = dateline_archive::check_edit(
            "credit.creators",
            dateline_archive::typed_value(&editable(&v)),
        )
        .unwrap();
        assert_eq!(checked, v);
        assert_eq!(editable(&Value::Null), "");
    }
}
