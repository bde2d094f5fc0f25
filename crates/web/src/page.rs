//! The frame every page shares (header, navigation, footer), the stylesheet and script, error
//! pages, and small pieces of record display used by several pages.

use crate::links::query_href;
use crate::{Failure, Shared};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use dateline_model::Record;
use maud::{DOCTYPE, Markup, html};

/// Which page the navigation marks as current.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Nav {
    Search,
    Map,
    Timeline,
    Other,
}

/// A whole HTML page around `body`.
pub fn frame(state: &Shared, title: &str, nav: Nav, q: &str, body: Markup) -> Markup {
    let item = |n: Nav, path: &str, label: &str| {
        html! {
            li { a href=(query_href(path, q)) aria-current=[(nav == n).then_some("page")] { (label) } }
        }
    };
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · dateline" }
                link rel="stylesheet" href="/static/app.css";
                script src="/static/app.js" defer {}
            }
            body {
                a.skip href="#main" { "Skip to content" }
                header.top {
                    a.brand href="/" { "dateline" }
                    nav aria-label="Views" {
                        ul {
                            (item(Nav::Search, "/", "Search"))
                            (item(Nav::Map, "/map", "Map"))
                            (item(Nav::Timeline, "/timeline", "Timeline"))
                        }
                    }
                    span.archive title="The archive this server reads" { (state.cfg.archive_label) }
                    @if state.cfg.read_only {
                        span.badge { "read-only" }
                    }
                }
                main #main { (body) }
                footer {
                    p {
                        "dateline: records extracted from photo captions; every value links to the words it came from. "
                        a href="/api/openapi.json" { "JSON API" }
                    }
                }
            }
        }
    }
}

/// The query form shared by the search, map and timeline pages.
pub fn query_form(action: &str, q: &str, extra: Markup) -> Markup {
    html! {
        form.query role="search" action=(action) method="get" {
            label for="q" { "Search the archive" }
            div.row {
                input #q type="search" name="q" value=(q) maxlength="2000"
                    placeholder="rubble agency:AFP country:SY date:2016-11" autocomplete="off";
                (extra)
                button type="submit" { "Search" }
            }
            details.syntax {
                summary { "Query syntax" }
                p { "Words match the caption and the names in it; " code { "\"barrel bomb\"" } " is a phrase, "
                    code { "evacu*" } " a prefix, " code { "rubble OR debris" } " either, " code { "-funeral" } " excludes." }
                p { "Filters: " code { "agency:AFP" } ", " code { "creator:\"Ameer Alhalbi\"" } ", " code { "country:SY" } ", "
                    code { "province:Aleppo" } ", " code { "city:Aleppo" } ", " code { "type:air_strike" } ", " code { "reported:true" } ", "
                    code { "date:2016-04..2016-12" } ", " code { "near:36.2,37.16,25km" } ", " code { "bbox:35.9,36.8,36.4,37.4" } ", "
                    code { "killed:>=10" } ", " code { "injured:1..5" } ". Lists: " code { "agency:AFP,Reuters" } "." }
            }
        }
    }
}

/// The error box of a refused query: the parser's message, and the query with the offending
/// part marked.
pub fn query_error(text: &str, e: &dateline_query::ParseError) -> Markup {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (s, e_) = (floor(e.span.start), floor(e.span.end.max(e.span.start)));
    let bad = &text[s..e_];
    html! {
        div.error role="alert" {
            p { strong { "The query could not be read: " } (e.message) }
            p.querytext {
                code {
                    (&text[..s])
                    mark.bad title="here" { @if bad.is_empty() { " " } @else { (bad) } }
                    (&text[e_..])
                }
            }
        }
    }
}

/// A failure as a whole page.
pub fn failure_page(state: &Shared, f: Failure) -> Response {
    let title = match f.status {
        StatusCode::NOT_FOUND => "Not found",
        StatusCode::BAD_REQUEST => "Bad request",
        StatusCode::UNAUTHORIZED => "Sign in needed",
        StatusCode::FORBIDDEN => "Not allowed",
        StatusCode::SERVICE_UNAVAILABLE => "Too slow",
        _ => "Error",
    };
    let q = f
        .query_error
        .as_ref()
        .map(|(t, _)| t.clone())
        .unwrap_or_default();
    let body = html! {
        h1 { (title) }
        @if let Some((text, e)) = &f.query_error {
            (query_form("/", text, html! {}))
            (query_error(text, e))
        } @else {
            p.error role="alert" { (f.message) }
        }
        p { a href="/" { "Back to the search" } }
    };
    (f.status, frame(state, title, Nav::Other, &q, body)).into_response()
}

/// Any route not served.
pub async fn not_found(
    axum::extract::State(state): axum::extract::State<Shared>,
    uri: axum::http::Uri,
) -> Response {
    if uri.path().starts_with("/api/") {
        return crate::api::json_failure(Failure::new(
            StatusCode::NOT_FOUND,
            format!("no route {}", uri.path()),
        ));
    }
    failure_page(
        &state,
        Failure::new(StatusCode::NOT_FOUND, "There is no page at this address."),
    )
}

const CSS: &str = include_str!("../static/app.css");
const JS: &str = include_str!("../static/app.js");

pub async fn css() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        CSS,
    )
}

pub async fn js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        JS,
    )
}

/// A page's title: what it shows, after the query when there is one.
pub fn titled(q: &str, what: &str) -> String {
    if q.is_empty() {
        let mut w = what.to_string();
        if let Some(f) = w.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        w
    } else {
        format!("{q} — {what}")
    }
}

/// The place as one line, most specific first, with the country's name when known.
pub fn place_line(state: &Shared, r: &Record) -> String {
    place_text(&state.cfg.country_name, r)
}

/// [`place_line`] with only the country namer (for work on the blocking pool).
pub fn place_text(namer: &crate::CountryNamer, r: &Record) -> String {
    let l = &r.location;
    let country = l
        .country
        .as_deref()
        .map(|c| namer(c).unwrap_or_else(|| c.to_string()));
    let mut parts: Vec<String> = Vec::new();
    for p in [&l.sublocation, &l.city, &l.province].into_iter().flatten() {
        if !parts.iter().any(|x| x == p) {
            parts.push(p.clone());
        }
    }
    parts.extend(country);
    parts.join(", ")
}

/// What the location's precision means, in words a reader does not need the contract for.
pub fn precision_words(p: Option<u8>) -> &'static str {
    match p {
        Some(1) => "exact place",
        Some(2) => "near or part of the place",
        Some(3) => "province or country only",
        _ => "not placed",
    }
}

/// The CSS class of a precision.
pub fn precision_class(p: Option<u8>) -> &'static str {
    match p {
        Some(1) => "p1",
        Some(2) => "p2",
        Some(3) => "p3",
        _ => "p0",
    }
}

/// An event type for people: `air_strike` → `air strike`.
pub fn type_words(t: &str) -> String {
    t.replace('_', " ")
}

/// The caption with the byte ranges `marks` wrapped in `<mark>`; ranges off char boundaries
/// or out of order are skipped rather than trusted.
pub fn marked(caption: &str, marks: &[(usize, usize)]) -> Markup {
    let mut ranges: Vec<(usize, usize)> = marks
        .iter()
        .copied()
        .filter(|&(s, e)| {
            s < e
                && e <= caption.len()
                && caption.is_char_boundary(s)
                && caption.is_char_boundary(e)
        })
        .collect();
    ranges.sort();
    // (text, marked) pieces in order; a range overlapping the one before is dropped.
    let mut pieces: Vec<(&str, bool)> = Vec::new();
    let mut pos = 0;
    for (s, e) in ranges {
        if s >= pos {
            pieces.push((&caption[pos..s], false));
            pieces.push((&caption[s..e], true));
            pos = e;
        }
    }
    pieces.push((&caption[pos..], false));
    html! {
        @for (text, mark) in pieces {
            @if mark { mark { (text) } } @else { (text) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_escape_and_skip_bad_ranges() {
        let out = marked("a <b> c", &[(2, 5), (3, 4), (9, 12)]).into_string();
        assert_eq!(out, "a <mark>&lt;b&gt;</mark> c");
        let out = marked("é x", &[(1, 2)]).into_string();
        assert_eq!(out, "é x");
    }

    proptest::proptest! {
        /// Whatever ranges the index hands over, marking never panics, keeps every character
        /// of the caption and lets no markup through.
        #[test]
        fn marking_is_total_and_escapes(caption in "\\PC{0,60}", ranges in proptest::collection::vec((0usize..80, 0usize..80), 0..6)) {
            let out = marked(&caption, &ranges).into_string();
            let text = out.replace("<mark>", "").replace("</mark>", "");
            proptest::prop_assert!(!text.contains('<') && !text.contains('>'));
            let unescaped = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
            proptest::prop_assert_eq!(unescaped, caption);
        }

        /// A filter added by a facet link is found again and removed without touching the rest.
        #[test]
        fn facet_links_round_trip(value in "[A-Za-z][A-Za-z .'-]{0,20}", rest in "[a-z]{1,8}( [a-z]{1,8}){0,2}") {
            let q = crate::links::add_filter(&rest, "agency", value.trim()).unwrap();
            let parsed = dateline_query::parse(&q).unwrap();
            let span = crate::links::active_filter(&parsed, "agency", value.trim()).unwrap();
            proptest::prop_assert_eq!(crate::links::remove_span(&q, span), rest);
        }
    }

    #[test]
    fn query_errors_mark_the_bad_part() {
        let text = "rubble date:2016-13 <x>";
        let e = dateline_query::parse(text).unwrap_err();
        let out = query_error(text, &e).into_string();
        assert!(out.contains("<mark class=\"bad\""), "{out}");
        assert!(out.contains("&lt;x&gt;"), "{out}");
    }
}
