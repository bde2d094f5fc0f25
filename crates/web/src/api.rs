//! `/api/`: the archive as JSON, for scripts. The search answer is exactly what `dateline search
//! --json --facets` prints, a record exactly what `dateline show --json` prints; every route is
//! described in `openapi.json` (served at `/api/openapi.json`), and a test checks both.
//! Errors are `{"error": "…"}` (plus `"span"` for a malformed query) with a 4xx/5xx status.

use crate::auth::check_bearer;
use crate::links::{Params, View};
use crate::record_page::check_id;
use crate::{Failure, MAX_API_LIMIT, Shared, blocking};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, Query as UrlQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dateline_archive::StatsBy;
use serde::Deserialize;
use serde_json::{Value, json};

/// The OpenAPI 3.1 document of the API.
pub const OPENAPI: &str = include_str!("../openapi.json");

/// Every API route as (method, path template), as the router and the OpenAPI document name
/// them.
pub const API_ROUTES: &[(&str, &str)] = &[
    ("get", "/api/search"),
    ("get", "/api/records/{id}"),
    ("post", "/api/records/{id}/corrections"),
    ("get", "/api/stats"),
    ("get", "/api/geojson"),
    ("get", "/api/openapi.json"),
];

/// A failure as the API's JSON error.
pub fn json_failure(f: Failure) -> Response {
    let mut body = json!({ "error": f.message });
    if let Some((_, e)) = &f.query_error {
        body["span"] = json!({ "start": e.span.start, "end": e.span.end });
    }
    (f.status, Json(body)).into_response()
}

fn ok_or_json<T: serde::Serialize>(r: Result<T, Failure>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(f) => json_failure(f),
    }
}

pub async fn search(State(state): State<Shared>, UrlQuery(p): UrlQuery<Params>) -> Response {
    let view = match View::from_params(&p, MAX_API_LIMIT) {
        Ok(v) => v,
        Err(m) => return json_failure(Failure::bad_request(m)),
    };
    let query = match crate::search_page::parse(&state, &view.q) {
        Ok(q) => q,
        Err(f) => return json_failure(f),
    };
    ok_or_json(crate::search_page::run(&state, &view, query, true).await)
}

pub async fn record(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    let id = match check_id(&id) {
        Ok(i) => i,
        Err(f) => return json_failure(f),
    };
    ok_or_json(blocking(&state, move |s| Ok(s.get(&id)?)).await)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectionBody {
    field: String,
    value: Value,
    note: Option<String>,
    author: Option<String>,
}

pub async fn correct(
    State(state): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(f) = check_bearer(&state, &headers) {
        let mut r = json_failure(f);
        if r.status() == StatusCode::UNAUTHORIZED {
            r.headers_mut()
                .insert(header::WWW_AUTHENTICATE, "Bearer".parse().expect("static"));
        }
        return r;
    }
    let id = match check_id(&id) {
        Ok(i) => i,
        Err(f) => return json_failure(f),
    };
    let b: CorrectionBody = match serde_json::from_slice(&body) {
        Ok(b) => b,
        Err(e) => {
            return json_failure(Failure::bad_request(format!(
                "the body must be JSON {{\"field\", \"value\", \"note\"}}: {e}"
            )));
        }
    };
    let author = b
        .author
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty() && a.chars().count() <= 100)
        .unwrap_or_else(|| "api".into());
    let note = b.note.filter(|n| !n.trim().is_empty());
    let field = b.field.trim().to_string();
    let value = b.value;
    ok_or_json(
        blocking(&state, move |s| {
            Ok(s.correct(
                &id,
                &[(field, value)],
                &format!("{author} (api)"),
                note.as_deref(),
            )?)
        })
        .await,
    )
}

#[derive(Deserialize, Default)]
pub struct StatsParams {
    q: Option<String>,
    by: Option<String>,
}

/// The dimensions `/api/stats` counts by (every `StatsBy` but `reported`, as documented).
const DIMENSIONS: [StatsBy; 8] = [
    StatsBy::Agency,
    StatsBy::Creator,
    StatsBy::Country,
    StatsBy::Province,
    StatsBy::City,
    StatsBy::Type,
    StatsBy::Year,
    StatsBy::Month,
];

pub async fn stats(State(state): State<Shared>, UrlQuery(p): UrlQuery<StatsParams>) -> Response {
    let text = p.q.unwrap_or_default();
    let query = match (state.cfg.parser)(&text) {
        Ok(q) => q,
        Err(e) => return json_failure(Failure::query(&text, e)),
    };
    let mut dims = Vec::new();
    for name in
        p.by.as_deref()
            .unwrap_or("agency,country,type,year")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
    {
        match StatsBy::from_name(name).filter(|b| DIMENSIONS.contains(b)) {
            Some(by) if !dims.contains(&by) => dims.push(by),
            Some(_) => {}
            None => {
                return json_failure(Failure::bad_request(format!(
                    "by {name:?}: use {}",
                    DIMENSIONS.map(StatsBy::name).join(", ")
                )));
            }
        }
    }
    ok_or_json(
        blocking(&state, move |s| {
            let total = s.count_matching(&query, false)?;
            let mut by = serde_json::Map::new();
            for dim in dims {
                let counts = s.stats(dim, &query, false)?;
                by.insert(dim.name().to_string(), json!(counts));
            }
            Ok(json!({ "total": total, "by": by }))
        })
        .await,
    )
}

#[derive(Deserialize, Default)]
pub struct GeoParams {
    q: Option<String>,
    limit: Option<String>,
}

/// Default and largest number of features one GeoJSON answer holds.
pub const GEOJSON_DEFAULT: usize = 10_000;
/// See [`GEOJSON_DEFAULT`].
pub const GEOJSON_MAX: usize = 100_000;

pub async fn geojson(State(state): State<Shared>, UrlQuery(p): UrlQuery<GeoParams>) -> Response {
    let text = p.q.unwrap_or_default();
    let query = match (state.cfg.parser)(&text) {
        Ok(q) => q,
        Err(e) => return json_failure(Failure::query(&text, e)),
    };
    let limit = match p.limit.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => GEOJSON_DEFAULT,
        Some(s) => match s.parse::<usize>() {
            Ok(n) if (1..=GEOJSON_MAX).contains(&n) => n,
            _ => {
                return json_failure(Failure::bad_request(format!(
                    "limit {s:?}: give 1 to {GEOJSON_MAX} features"
                )));
            }
        },
    };
    let result = blocking(&state, move |s| {
        let mut buf = Vec::new();
        let mut w = dateline_export::GeoJsonWriter::new(&mut buf)
            .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let mut failed = None;
        let mut truncated = false;
        s.scan(&query, false, &mut |r| {
            if w.written as usize >= limit {
                if dateline_export::point(&r).is_some() {
                    truncated = true;
                    return std::ops::ControlFlow::Break(());
                }
                w.without_point += 1;
                return std::ops::ControlFlow::Continue(());
            }
            if let Err(e) = w.write(&r) {
                failed = Some(e.to_string());
                return std::ops::ControlFlow::Break(());
            }
            std::ops::ControlFlow::Continue(())
        })?;
        if let Some(e) = failed {
            return Err(Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e));
        }
        let skipped = w.without_point;
        let (written, _) = w
            .finish()
            .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        Ok((buf, written, skipped, truncated))
    })
    .await;
    match result {
        Ok((bytes, written, skipped, truncated)) => (
            [
                (header::CONTENT_TYPE, "application/geo+json".to_string()),
                (
                    header::HeaderName::from_static("x-dateline-features"),
                    written.to_string(),
                ),
                (
                    header::HeaderName::from_static("x-dateline-without-coordinates"),
                    skipped.to_string(),
                ),
                (
                    header::HeaderName::from_static("x-dateline-truncated"),
                    truncated.to_string(),
                ),
            ],
            bytes,
        )
            .into_response(),
        Err(f) => json_failure(f),
    }
}

pub async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        OPENAPI.to_string(),
    )
        .into_response()
}
