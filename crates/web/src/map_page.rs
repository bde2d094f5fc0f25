//! `/map`: where the photos of the current search were taken, drawn on the server as SVG over
//! real country borders, zoomed to the results, overlapping points grouped with counts, and
//! each point drawn by how precisely it is placed (a record placed only at its province or
//! country is never drawn as if exact).

use crate::links::{self, Params, View};
use crate::page::{self, Nav, frame};
use crate::search_page::parse;
use crate::{Failure, Shared, blocking};
use axum::extract::{Query as UrlQuery, State};
use axum::response::{IntoResponse, Response};
use dateline_chart::{MapOptions, MapPoint, Precision};
use dateline_query::Query;
use maud::{Markup, PreEscaped, html};
use std::ops::ControlFlow;

/// Most records one map draws; a larger result set is drawn from its first records in archive
/// order, and the page says so.
pub const MAX_POINTS: usize = 50_000;

/// What a scan of the result set gives the map.
pub struct Points {
    pub points: Vec<MapPoint>,
    pub matching: u64,
    pub without: u64,
    pub truncated: bool,
}

/// Reads the points of every record matching `query` (up to [`MAX_POINTS`]).
pub async fn points(state: &Shared, query: Query) -> Result<Points, Failure> {
    let namer = state.cfg.country_name.clone();
    blocking(state, move |s| {
        let mut out = Points {
            points: Vec::new(),
            matching: 0,
            without: 0,
            truncated: false,
        };
        s.scan(&query, false, &mut |r| {
            match dateline_export::point(&r) {
                Some((lon, lat)) => {
                    if out.points.len() >= MAX_POINTS {
                        out.truncated = true;
                        return ControlFlow::Break(());
                    }
                    let place = {
                        let l = &r.location;
                        let country = l.country.as_deref().map(|c| namer(c).unwrap_or(c.into()));
                        [
                            l.sublocation.clone(),
                            l.city.clone(),
                            l.province.clone(),
                            country,
                        ]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(", ")
                    };
                    let label = [Some(place), r.date.as_ref().map(|d| d.iso.clone())]
                        .into_iter()
                        .flatten()
                        .filter(|s| !s.is_empty())
                        .collect::<Vec<_>>()
                        .join(", ");
                    out.points.push(MapPoint {
                        id: r.id.clone(),
                        lat,
                        lon,
                        precision: Precision::from_code(r.location.precision),
                        label,
                    });
                }
                None => out.without += 1,
            }
            ControlFlow::Continue(())
        })?;
        // A full scan saw every match; only a cut one needs them counted.
        out.matching = if out.truncated {
            s.count_matching(&query, false)?
        } else {
            out.points.len() as u64 + out.without
        };
        Ok(out)
    })
    .await
}

pub async fn page(State(state): State<Shared>, UrlQuery(p): UrlQuery<Params>) -> Response {
    render(&state, &p)
        .await
        .unwrap_or_else(|f| page::failure_page(&state, f))
}

async fn render(state: &Shared, p: &Params) -> Result<Response, Failure> {
    let view = View::from_params(p, crate::MAX_PAGE_SIZE).map_err(Failure::bad_request)?;
    let query = parse(state, &view.q)?;
    let pts = points(state, query.clone()).await?;
    let q = view.q.clone();
    let point_href = |id: &str| format!("/records/{id}");
    let cluster_href = |b: dateline_chart::BBox| {
        links::query_href(
            "/",
            &links::with_bbox(&q, &query, b.south, b.west, b.north, b.east),
        )
    };
    let map = dateline_chart::map_svg(
        &pts.points,
        &MapOptions {
            width: 960,
            height: 540,
            point_href: &point_href,
            cluster_href: &cluster_href,
            title: format!("Map of {} placed records", pts.points.len()),
        },
    );
    Ok(frame(
        state,
        &page::titled(&view.q, "map"),
        Nav::Map,
        &view.q,
        body(&view, &pts, PreEscaped(map.svg)),
    )
    .into_response())
}

fn body(view: &View, pts: &Points, svg: PreEscaped<String>) -> Markup {
    let placed = pts.points.len() as u64;
    html! {
        h1 { "Map" }
        (page::query_form("/map", &view.q, html! {}))
        p.chart-note {
            (pts.matching) " records match; " (placed) " have coordinates and are drawn"
            @if pts.without > 0 { ", " (pts.without) " have none" }
            @if pts.truncated { " (only the first " (MAX_POINTS) " placed records are drawn; narrow the search to see the rest)" }
            ". Grouped points show how many records they hold; choosing one searches its area. "
            a href=(links::query_href("/", &view.q)) { "Back to the results" }
            " · "
            a href=(links::query_href("/api/geojson", &view.q)) { "GeoJSON of these records" }
        }
        figure.map {
            (svg)
            figcaption.chart-note {
                "A filled dot is a record placed at the named place itself; a ring, one placed near or within a place; "
                "a dashed circle, one known only to its province or country, drawn at that area's centre and never as if exact. "
                "Borders: Natural Earth (public domain)."
            }
        }
    }
}
