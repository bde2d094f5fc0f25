//! `/`: the query box, facet counts as links that add or remove a filter, and a page of results
//! with the matched words highlighted.

use crate::links::{self, Params, View};
use crate::page::{self, Nav, frame, marked, place_line, precision_class, precision_words};
use crate::{Failure, MAX_PAGE_SIZE, Shared, blocking};
use axum::extract::{Query as UrlQuery, State};
use axum::response::{IntoResponse, Response};
use dateline_archive::{SearchOptions, SearchResults, Sort};
use dateline_query::Query;
use maud::{Markup, html};

/// Facets in the order the page shows them, with their headings.
const FACETS: &[(&str, &str)] = &[
    ("agency", "Agency"),
    ("creator", "Photographer"),
    ("country", "Country"),
    ("province", "Province"),
    ("city", "City"),
    ("type", "Event type"),
    ("reported", "Reported (hedged)"),
    ("year", "Year"),
];

/// Parses the URL's query text; a refused query is a [`Failure`] carrying the parser's span.
pub fn parse(state: &Shared, q: &str) -> Result<Query, Failure> {
    (state.cfg.parser)(q).map_err(|e| Failure::query(q, e))
}

/// Runs `query` (parsed from `view.q`) with the view's paging and order.
pub async fn run(
    state: &Shared,
    view: &View,
    query: Query,
    facets: bool,
) -> Result<SearchResults, Failure> {
    let opts = SearchOptions {
        sort: view.sort,
        limit: view.limit,
        offset: view.offset(),
        facets,
        ..SearchOptions::default()
    };
    blocking(state, move |s| Ok(s.search(&query, &opts)?)).await
}

pub async fn page(State(state): State<Shared>, UrlQuery(p): UrlQuery<Params>) -> Response {
    render(&state, &p)
        .await
        .unwrap_or_else(|f| page::failure_page(&state, f))
}

async fn render(state: &Shared, p: &Params) -> Result<Response, Failure> {
    let view = View::from_params(p, MAX_PAGE_SIZE).map_err(Failure::bad_request)?;
    let query = parse(state, &view.q)?;
    let results = run(state, &view, query.clone(), true).await?;
    Ok(frame(
        state,
        &page::titled(&view.q, "search"),
        Nav::Search,
        &view.q,
        body(state, &view, &query, &results),
    )
    .into_response())
}

fn sort_select(view: &View) -> Markup {
    let opt = |s: Sort, label: &str| {
        html! { option value=(links::sort_name(s)) selected[view.sort == s] { (label) } }
    };
    html! {
        label.inline for="sort" { "Sort" }
        select #sort name="sort" {
            (opt(Sort::Relevance, "most relevant"))
            (opt(Sort::DateDesc, "newest first"))
            (opt(Sort::DateAsc, "oldest first"))
        }
    }
}

fn body(state: &Shared, view: &View, query: &Query, results: &SearchResults) -> Markup {
    let first = view.offset() + 1;
    let last = view.offset() + results.hits.len();
    let pages = results.total.div_ceil(view.limit as u64) as usize;
    html! {
        h1.visually-hidden { "Search" }
        (page::query_form("/", &view.q, sort_select(view)))
        div.layout {
            aside.facets aria-labelledby="facets-h" {
                h2 #facets-h { "Narrow down" }
                (facets(state, view, query, results))
            }
            section.results aria-labelledby="results-h" {
                h2 #results-h .summary {
                    @if results.total == 0 {
                        "No records match"
                    } @else if results.hits.is_empty() {
                        "No results on this page (" (results.total) " records match)"
                    } @else {
                        (first) "–" (last) " of " (results.total) " records"
                    }
                }
                @if !results.hits.is_empty() {
                    ol.hits start=(first) {
                        @for hit in &results.hits {
                            (hit_item(state, &hit.record, &hit.highlights, hit.distance_km))
                        }
                    }
                }
                @if pages > 1 {
                    nav.pager aria-label="Pages" {
                        @if view.page > 1 {
                            a rel="prev" href=(view.at_page(view.page - 1).href("/")) { "← Previous" }
                        }
                        span { "Page " (view.page) " of " (pages) }
                        @if view.page < pages {
                            a rel="next" href=(view.at_page(view.page + 1).href("/")) { "Next →" }
                        }
                    }
                }
            }
        }
    }
}

/// One result: the record's key fields and its caption with the matched words marked.
pub fn hit_item(
    state: &Shared,
    r: &dateline_model::Record,
    highlights: &[(usize, usize)],
    distance: Option<f64>,
) -> Markup {
    let place = place_line(state, r);
    let heading = [
        (!place.is_empty()).then_some(place.clone()),
        r.date.as_ref().map(|d| d.iso.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    let heading = if heading.is_empty() {
        format!("Record {}", &r.id[..r.id.len().min(12)])
    } else {
        heading
    };
    html! {
        li.hit {
            h3 { a href={ "/records/" (r.id) } { (heading) } }
            p.meta {
                @if let Some(a) = &r.credit.agency { span.agency { (a) } }
                @if !r.credit.creators.is_empty() { span.creator { (r.credit.creators.join(", ")) } }
                @if let Some(t) = &r.event.event_type {
                    span.type { (page::type_words(t)) @if r.event.reported { " (reported)" } }
                }
                @if let Some(k) = r.casualties.killed { span.killed { (k) " killed" } }
                span class={ "precision " (precision_class(r.location.precision)) } { (precision_words(r.location.precision)) }
                @if let Some(d) = distance { span { (format!("{d:.1} km away")) } }
            }
            p.caption { (marked(&r.caption, highlights)) }
        }
    }
}

fn facets(state: &Shared, view: &View, query: &Query, results: &SearchResults) -> Markup {
    html! {
        @for (name, heading) in FACETS {
            @if let Some((_, counts)) = results.facets.iter().find(|(n, _)| n == name) {
                @if !counts.is_empty() {
                    section.facet {
                        h3 { (heading) }
                        ul {
                            @for (value, n) in counts {
                                (facet_item(state, view, query, name, value, *n))
                            }
                        }
                    }
                }
            }
        }
    }
}

fn facet_item(
    state: &Shared,
    view: &View,
    query: &Query,
    name: &str,
    value: &str,
    n: u64,
) -> Markup {
    let label = match name {
        "country" => (state.cfg.country_name)(value)
            .map(|c| format!("{c} ({value})"))
            .unwrap_or_else(|| value.to_string()),
        "type" => page::type_words(value),
        "reported" if value == "true" => "reported".into(),
        "reported" if value == "false" => "not hedged".into(),
        _ => value.to_string(),
    };
    match links::active_filter(query, name, value) {
        Some(span) => {
            let href = view.with_query(links::remove_span(&view.q, span)).href("/");
            html! {
                li.active {
                    a href=(href) aria-label={ "Remove the filter " (label) } {
                        span.check aria-hidden="true" { "✓ " } (label)
                    }
                    " " span.count { (n) }
                }
            }
        }
        None => match links::add_filter(&view.q, name, value) {
            Some(q) => html! {
                li { a href=(view.with_query(q).href("/")) { (label) } " " span.count { (n) } }
            },
            None => html! { li { (label) " " span.count { (n) } } },
        },
    }
}
