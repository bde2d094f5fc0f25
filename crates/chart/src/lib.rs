//! The map and the timeline of a search's results, drawn as SVG strings for `dateline serve`.
//!
//! Two pure functions: [`map_svg`] and [`timeline_svg`]. They do no I/O, read no clock and use
//! no randomness, so the same results always give the same bytes (a page can be cached, a test
//! can compare). Nothing a caller passes can make them fail: coordinates that are not finite or
//! out of range are skipped and counted. The SVG works without JavaScript (every marker and bar
//! is an `<a href>`, every mark has a `<title>` tooltip) and under a strict Content-Security-Policy:
//! there is no `style` attribute, no `<style>` and no `<script>` element; colours are
//! presentation attributes (`fill`, `stroke`, …), which a stylesheet may override through the
//! class names below. Every text and attribute value that comes from outside (labels, ids,
//! hrefs, titles, country names) is escaped for `& < > " '`; hrefs are escaped, not checked, so
//! the caller builds them from its own routes.
//!
//! ```
//! use dateline_chart::{BBox, MapOptions, MapPoint, Precision, map_svg};
//! let point_href = |id: &str| format!("/record/{id}");
//! let cluster_href = |b: BBox| format!("/?bbox={},{},{},{}", b.south, b.west, b.north, b.east);
//! let map = map_svg(
//!     &[MapPoint { id: "r1".into(), lat: 36.2, lon: 37.16, precision: Precision::Exact, label: "Aleppo".into() }],
//!     &MapOptions { width: 800, height: 450, point_href: &point_href, cluster_href: &cluster_href, title: "Map of 1 photo".into() },
//! );
//! assert!(map.svg.starts_with("<svg") && map.shown == 1);
//! ```
//!
//! # The map
//!
//! - **Borders**: Natural Earth's 1:50m countries, from npm `world-atlas` 2.0.2
//!   (`data/world/countries-50m.json`, 756 KB, public domain; see `data/world/ATTRIBUTION`),
//!   built in and decoded once. 50m rather than 110m because the maps are mostly regional: at
//!   the zoom of a country, 110m's Syria is a dozen straight lines. The world view stays small
//!   anyway: rings are cut to the view, projected, rounded to a tenth of a pixel, points within
//!   half a pixel of the previous one dropped and the rest simplified (Douglas–Peucker, 0.4 px),
//!   so an 1000×600 world map is about 100 KB and a zoom on Syria about 8 KB.
//! - **Projection**: equirectangular, x stretched by cos(middle latitude of the view): true
//!   shapes where the results are, no Mercator blow-up of the poles. Latitudes are not clamped.
//! - **Extent**: the box around the points, plus 15% on each side, at least 3° wide (a single
//!   photo shows its region), widened to the SVG's aspect; the world when there are no points.
//!   Longitudes take the shortest way round: results in Fiji and Samoa give a view across the
//!   antimeridian ([`BBox`] then has `west > east`), not the whole world.
//! - **Clusters**: points closer than 24 px are grouped (greedy), then markers that would
//!   overlap, a cluster's disc growing with its count, are merged until none do; the result does
//!   not depend on the order of the points. A cluster shows its count and links to
//!   `cluster_href` with the box around its members; a single photo links to `point_href`.
//! - **Precision** ([`Precision`]), shown by shape and colour: *exact place* is a filled red dot;
//!   *near the named place* a blue ring; *province or country only* a large dashed grey circle
//!   with a pale fill, so it reads as an area, never as a pin. A cluster is a disc ringed by
//!   arcs proportional to each precision's share, in its colour (the region arc dashed); the
//!   disc is filled only when every member is exact; the tooltip gives the counts per precision.
//! - **Legend** in a strip under the map (wrapped to the width), with "Borders: Natural Earth".
//!
//! # The timeline
//!
//! - **Buckets** ([`Bucket`]) chosen from the span of the dates: up to 62 days by day, up to
//!   550 days by ISO week (Monday to Sunday), up to 30 years by month, beyond by year. The axis
//!   is continuous (a day is a fixed width), so empty periods are gaps; a daily chart shows at
//!   least 15 days.
//! - **Bars** are stacked by event type ([`Category`], the contract's taxonomy plus "untyped"),
//!   each type with a fixed colour, in taxonomy order from the bottom; a legend names the types
//!   present. A bar is a link to `range_href(first day, last day)` of its bucket, over the full
//!   height of the plot (an invisible target makes short bars easy to hit); its tooltip reads
//!   "2016-11-24: 5 photos (3 air strike, 2 rescue)".
//! - **Dates known only to the month or year are never put on the 1st.** A date coarser than the
//!   bucket (a month in a daily or weekly chart, a year in anything finer than years) goes to a
//!   lane under the axis, drawn as a band across the whole month or year with its count; a band
//!   links to the whole period. A date exactly as coarse as the bucket (a month in a monthly
//!   chart, a year in a yearly one) is counted in that bar, where it truly belongs, but as a
//!   lighter segment, and the tooltip says how many are "dated only to the month". The axis is
//!   set by the most precise dates, so one photo dated "2016" does not turn two weeks of daily
//!   bars into a year of weeks: its band is cut at the axis ends, with arrow heads, and keeps the
//!   whole year in its link and tooltip. Coarse dates that fall outside the span widen it.
//! - **Axis**: tick labels at the finest of days, Mondays, 1st/16th, months, quarters,
//!   half-years or round years whose labels do not overlap, with the month or year in a second
//!   row; the y-axis shows the tallest bar's count.
//! - **Counting is linear**: one pass for the span, one to add each item to a counter; nothing
//!   is drawn per item (a million photos take well under a second and make a chart of the same
//!   size as a thousand). [`Timeline::bars`] and [`Timeline::bands`] hold the counts for a table
//!   beside the chart, for screen readers and for those who prefer numbers.
//! - No items: a chart that says "No dated photos to show".
//!
//! # Class names, for the stylesheet
//!
//! | class | on |
//! |---|---|
//! | `dl-chart` | both `<svg>` roots, with `dl-map` or `dl-timeline` |
//! | `dl-sea`, `dl-countries` | the sea rectangle; the group of country `<path>`s (fill, stroke) |
//! | `dl-markers` | the group of markers |
//! | `dl-marker` | each marker `<a>`, with `dl-point` or `dl-cluster`, and `dl-exact`, `dl-near` or `dl-region` (a cluster's least precise member), plus `dl-mixed` for a cluster of several precisions |
//! | `dl-count` | the count inside a cluster |
//! | `dl-legend`, `dl-attribution` | the legend group (both charts); the "Borders: Natural Earth" text |
//! | `dl-axis` | the timeline's axes and labels |
//! | `dl-bars`, `dl-bar`, `dl-hit`, `dl-approx` | the group of bars; each bar `<a>`; its invisible full-height target; a segment dated only as precisely as the bucket |
//! | `dl-bands`, `dl-band`, `dl-band-month`, `dl-band-year` | the lanes of month- and year-dated photos; each band `<a>` |
//! | `dl-empty` | the message of an empty timeline |
//!
//! A focus style is the stylesheet's to give, e.g. `a.dl-marker:focus circle { stroke-width: 4 }`.
#![deny(missing_docs)]

mod map;
mod svg;
mod timeline;
mod world;

pub use map::{BBox, Map, MapOptions, MapPoint, Precision, map_svg};
pub use timeline::{
    Band, Bar, Bucket, Category, DatePrecision, Timeline, TimelineItem, TimelineOptions,
    timeline_svg, timeline_svg_counted,
};
