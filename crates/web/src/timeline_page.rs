//! `/timeline`: how many photos of the current search were taken per day, week or month (chosen
//! from the span), stacked by event type; each bar narrows the search to its dates. Records
//! dated only to a month or a year are drawn as such, never as if taken on the 1st.

use crate::links::{self, Params, View};
use crate::page::{self, Nav, frame};
use crate::search_page::parse;
use crate::{Failure, Shared, blocking};
use axum::extract::{Query as UrlQuery, State};
use axum::response::{IntoResponse, Response};
use dateline_chart::{
    Bucket, Category, DatePrecision as ChartPrecision, TimelineItem, TimelineOptions,
};
use dateline_query::Query;
use maud::{Markup, PreEscaped, html};

/// What a scan of the result set gives the timeline.
pub struct Dates {
    /// One item per date and type, with how many records it stands for.
    pub items: Vec<(TimelineItem, u64)>,
    /// Records with a date the chart can place.
    pub dated: u64,
    pub undated: u64,
}

/// The timeline item of a date as a record writes it (`YYYY-MM-DD`, `YYYY-MM`, `YYYY`); the
/// precision is the form's.
fn item(iso: &str, event_type: Option<&str>) -> Option<TimelineItem> {
    let parts: Vec<i16> = iso
        .split('-')
        .map(|p| p.parse::<i16>().ok())
        .collect::<Option<_>>()?;
    let (date, precision) = match parts[..] {
        [y] => (jiff::civil::Date::new(y, 1, 1).ok()?, ChartPrecision::Year),
        [y, m] => (
            jiff::civil::Date::new(y, m as i8, 1).ok()?,
            ChartPrecision::Month,
        ),
        [y, m, d] => (
            jiff::civil::Date::new(y, m as i8, d as i8).ok()?,
            ChartPrecision::Day,
        ),
        _ => return None,
    };
    Some(TimelineItem {
        date,
        precision,
        category: Category::from_event_type(event_type),
    })
}

/// Reads how many matching records there are per date and type (from the archive's columns,
/// not the records) and lays them out as timeline items.
pub async fn dates(state: &Shared, query: Query) -> Result<Dates, Failure> {
    let counts = blocking(state, move |s| Ok(s.date_counts(&query, false)?)).await?;
    let mut out = Dates {
        items: Vec::new(),
        dated: 0,
        undated: 0,
    };
    for (iso, event_type, n) in counts {
        match iso.as_deref().and_then(|d| item(d, event_type.as_deref())) {
            Some(i) => {
                out.items.push((i, n));
                out.dated += n;
            }
            None => out.undated += n,
        }
    }
    Ok(out)
}

pub async fn page(State(state): State<Shared>, UrlQuery(p): UrlQuery<Params>) -> Response {
    render(&state, &p)
        .await
        .unwrap_or_else(|f| page::failure_page(&state, f))
}

async fn render(state: &Shared, p: &Params) -> Result<Response, Failure> {
    let view = View::from_params(p, crate::MAX_PAGE_SIZE).map_err(Failure::bad_request)?;
    let query = parse(state, &view.q)?;
    let dates = dates(state, query.clone()).await?;
    let q = view.q.clone();
    // A bar of several days narrows the timeline; a single day opens its results.
    let range_href = |from: jiff::civil::Date, to: jiff::civil::Date| {
        let narrowed = links::with_date_range(&q, &query, &from.to_string(), &to.to_string());
        links::query_href(if from == to { "/" } else { "/timeline" }, &narrowed)
    };
    let timeline = dateline_chart::timeline_svg_counted(
        &dates.items,
        &TimelineOptions {
            width: 960,
            height: 320,
            range_href: &range_href,
            title: format!("Photos per period, {} dated records", dates.dated),
        },
    );
    Ok(frame(
        state,
        &page::titled(&view.q, "timeline"),
        Nav::Timeline,
        &view.q,
        body(&view, &query, &dates, &timeline),
    )
    .into_response())
}

fn body(view: &View, query: &Query, dates: &Dates, t: &dateline_chart::Timeline) -> Markup {
    html! {
        h1 { "Timeline" }
        (page::query_form("/timeline", &view.q, html! {}))
        p.chart-note {
            (dates.dated) " dated records"
            @if dates.undated > 0 { "; " (dates.undated) " have no date and are not drawn" }
            ". One bar per " (bucket_name(t.bucket)) "; choosing a bar narrows the search to it. "
            a href=(links::query_href("/", &view.q)) { "Back to the results" }
        }
        figure.timeline {
            (PreEscaped(t.svg.clone()))
            figcaption.chart-note {
                "Bars are stacked by event type. A record dated only to a month or a year is drawn as a band over that whole period "
                "(or, in a chart of months, as a lighter part of its month's bar), never as if taken on the 1st."
            }
        }
        (table(view, query, t))
    }
}

fn bucket_name(b: Bucket) -> &'static str {
    match b {
        Bucket::Day => "day",
        Bucket::Week => "week (Monday to Sunday)",
        Bucket::Month => "month",
        Bucket::Year => "year",
    }
}

/// The chart's numbers as a table: what a screen reader reads, and what a user copies.
fn table(view: &View, query: &Query, t: &dateline_chart::Timeline) -> Markup {
    let link = |first: jiff::civil::Date, last: jiff::civil::Date| {
        links::query_href(
            "/",
            &links::with_date_range(&view.q, query, &first.to_string(), &last.to_string()),
        )
    };
    let types = |c: &[(dateline_chart::Category, u64)]| {
        c.iter()
            .map(|(k, n)| format!("{n} {}", k.label()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let bars: Vec<_> = t.bars.iter().filter(|b| b.total > 0).collect();
    html! {
        @if !bars.is_empty() || !t.bands.is_empty() {
            details.data {
                summary { "The numbers as a table" }
                table.data {
                    thead { tr { th scope="col" { "Period" } th scope="col" { "Photos" } th scope="col" { "By event type" } } }
                    tbody {
                        @for b in &bars {
                            tr {
                                td { a href=(link(b.first, b.last)) { (b.first) @if b.first != b.last { " – " (b.last) } } }
                                td { (b.total) @if b.approximate > 0 { " (" (b.approximate) " dated only to the period)" } }
                                td { (types(&b.by_category)) }
                            }
                        }
                        @for b in &t.bands {
                            tr {
                                td { a href=(link(b.first, b.last)) { (b.first) " – " (b.last) } " (dated only to the " (match b.precision { ChartPrecision::Month => "month", _ => "year" }) ")" }
                                td { (b.total) }
                                td { (types(&b.by_category)) }
                            }
                        }
                    }
                }
            }
        }
    }
}
