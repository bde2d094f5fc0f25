//! The timeline: photos per day, week, month or year, stacked by event type, with photos dated
//! only to a month or a year drawn as bands across the whole period they may fall in.

use std::cmp::Ordering;
use std::fmt::Write;

use jiff::civil::Date;

use crate::svg::{esc, n, text_width, thousands};

/// How much of a photo's date is known: the archive's `date.precision`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DatePrecision {
    /// The day is known.
    Day,
    /// Only the month is known; the item's day is ignored.
    Month,
    /// Only the year is known; the item's month and day are ignored.
    Year,
}

/// An event type of the contract's taxonomy, or none.
///
/// Each has a fixed colour, so a type looks the same on every page and in every search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Category {
    AirStrike,
    Shelling,
    Explosion,
    ArmedClash,
    Attack,
    Protest,
    Displacement,
    Rescue,
    Funeral,
    HumanitarianAid,
    Disaster,
    Politics,
    Sport,
    DailyLife,
    Other,
    /// The record has no event type.
    Untyped,
}

impl Category {
    /// All categories, in the order bars are stacked (bottom first) and legends list them.
    pub const ALL: [Category; 16] = [
        Category::AirStrike,
        Category::Shelling,
        Category::Explosion,
        Category::ArmedClash,
        Category::Attack,
        Category::Protest,
        Category::Displacement,
        Category::Rescue,
        Category::Funeral,
        Category::HumanitarianAid,
        Category::Disaster,
        Category::Politics,
        Category::Sport,
        Category::DailyLife,
        Category::Other,
        Category::Untyped,
    ];

    /// Reads the archive's `event.type`. A type outside the taxonomy counts as
    /// [`Category::Other`], so a new type in the data cannot grow the legend without bound.
    pub fn from_event_type(event_type: Option<&str>) -> Category {
        let Some(t) = event_type else {
            return Category::Untyped;
        };
        Category::ALL[..15]
            .iter()
            .copied()
            .find(|c| c.as_str() == t)
            .unwrap_or(Category::Other)
    }

    /// The taxonomy's name (`air_strike`); `untyped` for none.
    pub fn as_str(self) -> &'static str {
        self.names().0
    }

    /// The name for people (`air strike`).
    pub fn label(self) -> &'static str {
        self.names().1
    }

    /// The fill colour of its bar segments and legend swatch.
    pub fn colour(self) -> &'static str {
        self.names().2
    }

    fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Category::AirStrike => ("air_strike", "air strike", "#d62728"),
            Category::Shelling => ("shelling", "shelling", "#ff7f0e"),
            Category::Explosion => ("explosion", "explosion", "#8c564b"),
            Category::ArmedClash => ("armed_clash", "armed clash", "#7f2704"),
            Category::Attack => ("attack", "attack", "#e377c2"),
            Category::Protest => ("protest", "protest", "#9467bd"),
            Category::Displacement => ("displacement", "displacement", "#1f77b4"),
            Category::Rescue => ("rescue", "rescue", "#17becf"),
            Category::Funeral => ("funeral", "funeral", "#252525"),
            Category::HumanitarianAid => ("humanitarian_aid", "humanitarian aid", "#2ca02c"),
            Category::Disaster => ("disaster", "disaster", "#bcbd22"),
            Category::Politics => ("politics", "politics", "#5254a3"),
            Category::Sport => ("sport", "sport", "#6bbf59"),
            Category::DailyLife => ("daily_life", "daily life", "#b07aa1"),
            Category::Other => ("other", "other", "#7f7f7f"),
            Category::Untyped => ("untyped", "untyped", "#b0b0b0"),
        }
    }
}

/// One dated photo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimelineItem {
    /// The date; only its month (or year) counts when `precision` says so.
    pub date: Date,
    /// How much of `date` is known.
    pub precision: DatePrecision,
    /// The event type.
    pub category: Category,
}

/// The period one bar counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bucket {
    /// A calendar day.
    Day,
    /// An ISO week, Monday to Sunday.
    Week,
    /// A calendar month.
    Month,
    /// A calendar year.
    Year,
}

/// How to draw a timeline.
pub struct TimelineOptions<'a> {
    /// Width of the SVG in pixels, clamped to 240..=4096.
    pub width: u32,
    /// Height of the SVG in pixels, clamped to 120..=4096.
    pub height: u32,
    /// The link of a bar or band: the search narrowed to its first and last day (inclusive).
    pub range_href: &'a dyn Fn(Date, Date) -> String,
    /// The accessible name of the SVG (its `<title>`).
    pub title: String,
}

/// One non-empty bar: the photos of one bucket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    /// First day of the bucket.
    pub first: Date,
    /// Last day of the bucket (inclusive).
    pub last: Date,
    /// Photos in the bar.
    pub total: u64,
    /// Of which dated only as precisely as the bucket itself (a month-precision photo in a month
    /// bar); drawn lighter.
    pub approximate: u64,
    /// Photos per event type, in [`Category::ALL`] order, zero counts left out.
    pub by_category: Vec<(Category, u64)>,
}

/// Photos dated less precisely than the bars, drawn as a band over the whole period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Band {
    /// [`DatePrecision::Month`] or [`DatePrecision::Year`].
    pub precision: DatePrecision,
    /// First day of the month or year.
    pub first: Date,
    /// Last day of the month or year (inclusive).
    pub last: Date,
    /// Photos in the band.
    pub total: u64,
    /// Photos per event type, in [`Category::ALL`] order, zero counts left out.
    pub by_category: Vec<(Category, u64)>,
}

/// A drawn timeline and its numbers (for an accessible table beside it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    /// The `<svg>` element.
    pub svg: String,
    /// The period of a bar, chosen from the span of the dates.
    pub bucket: Bucket,
    /// The non-empty bars, oldest first.
    pub bars: Vec<Bar>,
    /// The non-empty bands, months before years, oldest first.
    pub bands: Vec<Band>,
    /// All photos counted.
    pub total: u64,
    /// The tallest bar, which the y-axis is scaled to.
    pub max: u64,
}

/// Spans (in days, inclusive) up to which each bucket is used: about two months of days, a year
/// and a half of weeks, thirty years of months; years beyond. Each keeps the bar count between
/// roughly 10 and 360, enough to show a pattern and few enough to stay clickable.
const DAY_SPAN: i64 = 62;
const WEEK_SPAN: i64 = 550;
const MONTH_SPAN: i64 = 30 * 366;
/// Fewest days a daily chart shows.
const MIN_DAYS: usize = 15;

/// Draws the timeline of `items`.
///
/// Linear in the number of items: each is added to a counter of its bucket; nothing is drawn per
/// item.
pub fn timeline_svg(items: &[TimelineItem], opts: &TimelineOptions) -> Timeline {
    draw_timeline(items.iter().map(|i| (i, 1)), opts)
}

/// [`timeline_svg`] of items with how many photos each stands for, as an archive counts them per
/// date and type: a million photos on a few thousand dates are a few thousand items, not a
/// million. Items counted 0 are left out.
pub fn timeline_svg_counted(items: &[(TimelineItem, u64)], opts: &TimelineOptions) -> Timeline {
    draw_timeline(
        items.iter().filter(|(_, n)| *n > 0).map(|(i, n)| (i, *n)),
        opts,
    )
}

/// Items with their weights: what both entry points hand over, walked once per pass.
trait Weighted<'a>: Iterator<Item = (&'a TimelineItem, u64)> + Clone {}
impl<'a, I: Iterator<Item = (&'a TimelineItem, u64)> + Clone> Weighted<'a> for I {}

fn draw_timeline<'a>(items: impl Weighted<'a>, opts: &TimelineOptions) -> Timeline {
    let width = f64::from(opts.width.clamp(240, 4096));
    let height = f64::from(opts.height.clamp(120, 4096));
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="dl-chart dl-timeline" viewBox="0 0 {w} {h}" width="{w}" height="{h}" overflow="hidden" font-family="sans-serif"><title>"#,
        w = n(width),
        h = n(height)
    );
    esc(&mut svg, &opts.title);
    svg.push_str("</title>");

    let total: u64 = items.clone().map(|(_, n)| n).sum();
    let Some(counts) = Counts::of(items) else {
        let _ = write!(
            svg,
            r##"<text class="dl-empty" x="{}" y="{}" text-anchor="middle" font-size="13" fill="#555">No dated photos to show</text></svg>"##,
            n(width / 2.0),
            n(height / 2.0)
        );
        return Timeline {
            svg,
            bucket: Bucket::Day,
            bars: Vec::new(),
            bands: Vec::new(),
            total: 0,
            max: 0,
        };
    };

    let bars = counts.bars();
    let bands = counts.bands();
    let max = bars.iter().map(|b| b.bar.total).max().unwrap_or(0);
    draw(&mut svg, &counts, &bars, &bands, max, width, height, opts);
    svg.push_str("</svg>");
    Timeline {
        svg,
        bucket: counts.bucket,
        bars: bars.into_iter().map(|b| b.bar).collect(),
        bands: bands.into_iter().map(|b| b.band).collect(),
        total,
        max,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
fn days(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number: `(year, month, day)`.
fn civil(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Month number counting from year 0, so months subtract.
fn month_index(day: i64) -> i64 {
    let (y, m, _) = civil(day);
    y * 12 + m - 1
}

fn month_start(index: i64) -> i64 {
    days(index.div_euclid(12), index.rem_euclid(12) + 1, 1)
}

fn year_start(y: i64) -> i64 {
    days(y, 1, 1)
}

/// A day number as a [`Date`], clamped to the range `Date` can hold.
fn to_date(day: i64) -> Date {
    let (y, m, d) = civil(day);
    if y < i64::from(Date::MIN.year()) {
        return Date::MIN;
    }
    if y > i64::from(Date::MAX.year()) {
        return Date::MAX;
    }
    Date::new(y as i16, m as i8, d as i8).unwrap_or(Date::MIN)
}

/// Monday of the ISO week of `day` (1970-01-01 was a Thursday).
fn week_start(day: i64) -> i64 {
    day - (day + 3).rem_euclid(7)
}

impl Bucket {
    /// Compared with [`DatePrecision::level`]: a date finer than the bucket is counted plainly,
    /// one exactly as fine (a month-precision photo in a month bar) is marked, a coarser one
    /// goes to a band.
    fn level(self) -> u8 {
        match self {
            Bucket::Day => 1,
            Bucket::Week => 2,
            Bucket::Month => 3,
            Bucket::Year => 4,
        }
    }

    /// First day of the bucket holding `day`.
    fn start(self, day: i64) -> i64 {
        match self {
            Bucket::Day => day,
            Bucket::Week => week_start(day),
            Bucket::Month => month_start(month_index(day)),
            Bucket::Year => year_start(civil(day).0),
        }
    }

    /// Position of the bucket holding `day`, counting from the bucket holding `origin`.
    fn index(self, origin: i64, day: i64) -> usize {
        let i = match self {
            Bucket::Day => day - origin,
            Bucket::Week => (week_start(day) - week_start(origin)) / 7,
            Bucket::Month => month_index(day) - month_index(origin),
            Bucket::Year => civil(day).0 - civil(origin).0,
        };
        usize::try_from(i).unwrap_or(0)
    }

    /// First day of bucket number `i` from the bucket starting at `origin`.
    fn nth(self, origin: i64, i: usize) -> i64 {
        let i = i as i64;
        match self {
            Bucket::Day => origin + i,
            Bucket::Week => origin + 7 * i,
            Bucket::Month => month_start(month_index(origin) + i),
            Bucket::Year => year_start(civil(origin).0 + i),
        }
    }
}

impl DatePrecision {
    fn level(self) -> u8 {
        match self {
            DatePrecision::Day => 0,
            DatePrecision::Month => 3,
            DatePrecision::Year => 4,
        }
    }

    /// First and last day (inclusive) the date may be.
    fn cover(self, d: Date) -> (i64, i64) {
        let (y, m, day) = (
            i64::from(d.year()),
            i64::from(d.month()),
            i64::from(d.day()),
        );
        match self {
            DatePrecision::Day => (days(y, m, day), days(y, m, day)),
            DatePrecision::Month => (days(y, m, 1), month_start(y * 12 + m) - 1),
            DatePrecision::Year => (days(y, 1, 1), days(y + 1, 1, 1) - 1),
        }
    }
}

/// The days the axis must show, first and last inclusive.
///
/// The precise dates decide: the span of the finest precision present. A coarser item that
/// overlaps that span is drawn as a band cut at the axis ends (its tooltip and link keep the
/// whole month or year), so one photo dated only "2016" does not turn a daily chart of two weeks
/// in November into a weekly chart of the whole year. A coarser item outside the span widens it,
/// or it would not be seen at all. Month items are checked against the span of the day items,
/// then year items against the result; each test uses the span before that round, so the axis
/// does not depend on the order of the items.
fn axis_range<'a>(items: impl Weighted<'a>) -> Option<(i64, i64)> {
    let finest = items.clone().map(|(i, _)| i.precision).min()?;
    let hull = |p: DatePrecision, within: Option<(i64, i64)>| {
        let mut range: Option<(i64, i64)> = within;
        for (item, _) in items.clone().filter(|(i, _)| i.precision == p) {
            let (a, b) = item.precision.cover(item.date);
            if let Some((lo, hi)) = within
                && a <= hi
                && b >= lo
            {
                continue;
            }
            range = Some(range.map_or((a, b), |(lo, hi)| (lo.min(a), hi.max(b))));
        }
        range
    };
    let mut range = hull(finest, None);
    for p in [DatePrecision::Month, DatePrecision::Year] {
        if p > finest {
            range = hull(p, range);
        }
    }
    range
}

/// Counters per category: `[precise; 16]` then `[approximate; 16]`.
type Tally = [u64; 32];

/// The items counted into buckets and bands.
struct Counts {
    bucket: Bucket,
    /// First day of the first bucket, and the day after the last bucket.
    start: i64,
    end: i64,
    /// Per bucket from `start`.
    bars: Vec<Tally>,
    /// Month bands, from the month of `start`; empty when months are bars.
    months: Vec<Tally>,
    /// Year bands, from the year of `start`; empty when years are bars.
    years: Vec<Tally>,
}

impl Counts {
    fn of<'a>(items: impl Weighted<'a>) -> Option<Counts> {
        let (lo, hi) = axis_range(items.clone())?;
        let span = hi - lo + 1;
        let bucket = match span {
            s if s <= DAY_SPAN => Bucket::Day,
            s if s <= WEEK_SPAN => Bucket::Week,
            s if s <= MONTH_SPAN => Bucket::Month,
            _ => Bucket::Year,
        };
        let mut start = bucket.start(lo);
        let mut count = bucket.index(start, hi) + 1;
        if bucket == Bucket::Day && count < MIN_DAYS {
            // Two weeks at least, the data in the middle: one day alone would be one wide block.
            let pad = MIN_DAYS - count;
            start -= (pad / 2) as i64;
            count = MIN_DAYS;
        }
        let end = bucket.nth(start, count);
        let lane = |p: DatePrecision, len: usize| if p.level() > bucket.level() { len } else { 0 };
        let months = month_index(end - 1) - month_index(start) + 1;
        let years = civil(end - 1).0 - civil(start).0 + 1;
        let mut c = Counts {
            bucket,
            start,
            end,
            bars: vec![[0; 32]; count],
            months: vec![[0; 32]; lane(DatePrecision::Month, months as usize)],
            years: vec![[0; 32]; lane(DatePrecision::Year, years as usize)],
        };
        for (item, weight) in items {
            let (first, last) = item.precision.cover(item.date);
            if last < start || first >= end {
                continue; // cannot happen: the axis holds every item, or overlaps its period
            }
            let cat = item.category as usize;
            let (tallies, i, slot) = match item.precision.level().cmp(&bucket.level()) {
                Ordering::Less => (&mut c.bars, bucket.index(start, first), cat),
                Ordering::Equal => (&mut c.bars, bucket.index(start, first), 16 + cat),
                Ordering::Greater => match item.precision {
                    DatePrecision::Month => (&mut c.months, Bucket::Month.index(start, first), cat),
                    _ => (&mut c.years, Bucket::Year.index(start, first), cat),
                },
            };
            if let Some(t) = tallies.get_mut(i) {
                t[slot] += weight;
            }
        }
        Some(c)
    }

    fn bars(&self) -> Vec<DrawnBar> {
        let mut out = Vec::new();
        for (i, tally) in self.bars.iter().enumerate() {
            let total: u64 = tally.iter().sum();
            if total == 0 {
                continue;
            }
            let (a, b) = (
                self.bucket.nth(self.start, i),
                self.bucket.nth(self.start, i + 1),
            );
            out.push(DrawnBar {
                a,
                b,
                tally: *tally,
                bar: Bar {
                    first: to_date(a),
                    last: to_date(b - 1),
                    total,
                    approximate: tally[16..].iter().sum(),
                    by_category: by_category(tally),
                },
            });
        }
        out
    }

    fn bands(&self) -> Vec<DrawnBand> {
        let mut out = Vec::new();
        for (precision, lane, bucket) in [
            (DatePrecision::Month, &self.months, Bucket::Month),
            (DatePrecision::Year, &self.years, Bucket::Year),
        ] {
            let origin = bucket.start(self.start);
            for (i, tally) in lane.iter().enumerate() {
                let total: u64 = tally.iter().sum();
                if total == 0 {
                    continue;
                }
                let (a, b) = (bucket.nth(origin, i), bucket.nth(origin, i + 1));
                out.push(DrawnBand {
                    a,
                    b,
                    band: Band {
                        precision,
                        first: to_date(a),
                        last: to_date(b - 1),
                        total,
                        by_category: by_category(tally),
                    },
                });
            }
        }
        out
    }
}

fn by_category(tally: &Tally) -> Vec<(Category, u64)> {
    Category::ALL
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, tally[i] + tally[16 + i]))
        .filter(|&(_, k)| k > 0)
        .collect()
}

struct DrawnBar {
    /// First day, and the day after the last.
    a: i64,
    b: i64,
    tally: Tally,
    bar: Bar,
}

struct DrawnBand {
    a: i64,
    b: i64,
    band: Band,
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const INK: &str = "#222222";
const MUTED: &str = "#555555";
const BAND: &str = "#7d8796";
/// Opacity of bar segments dated only as precisely as the bucket.
const APPROX_OPACITY: &str = "0.4";
const FONT: f64 = 10.0;
const LEGEND_FONT: f64 = 11.0;
const LEGEND_ROW: f64 = 18.0;
const LANE: f64 = 18.0;

fn ymd(day: i64) -> String {
    let (y, m, d) = civil(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// "2016-11-24", "2016-11-21 to 2016-11-27 (week 47)", "November 2016", "2016".
fn period(bucket: Bucket, a: i64, b: i64) -> String {
    let (y, m, _) = civil(a);
    match bucket {
        Bucket::Day => ymd(a),
        Bucket::Week => {
            let thursday = civil(a + 3);
            let week = (a + 3 - year_start(thursday.0)) / 7 + 1;
            format!("{} to {} (week {week})", ymd(a), ymd(b - 1))
        }
        Bucket::Month => format!("{} {y}", MONTH_NAMES[(m - 1) as usize]),
        Bucket::Year => format!("{y}"),
    }
}

fn photos(k: u64) -> String {
    if k == 1 {
        "1 photo".to_owned()
    } else {
        format!("{} photos", thousands(k))
    }
}

/// "(3 air strike, 2 rescue)": most frequent first.
fn breakdown(by: &[(Category, u64)]) -> String {
    let mut by = by.to_vec();
    by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let parts: Vec<String> = by
        .iter()
        .map(|(c, k)| format!("{} {}", thousands(*k), c.label()))
        .collect();
    format!("({})", parts.join(", "))
}

#[allow(clippy::too_many_arguments)]
fn draw(
    svg: &mut String,
    c: &Counts,
    bars: &[DrawnBar],
    bands: &[DrawnBand],
    max: u64,
    width: f64,
    height: f64,
    opts: &TimelineOptions,
) {
    let has_month_lane = bands
        .iter()
        .any(|b| b.band.precision == DatePrecision::Month);
    let has_year_lane = bands
        .iter()
        .any(|b| b.band.precision == DatePrecision::Year);
    let lanes = usize::from(has_month_lane) + usize::from(has_year_lane);
    let approx_word = if c.bucket == Bucket::Year {
        "year"
    } else {
        "month"
    };

    // Legend entries, laid out in rows first so the plot gets the rest of the height.
    let present: Vec<Category> = Category::ALL
        .iter()
        .enumerate()
        .filter(|&(i, _)| {
            bars.iter().any(|b| b.tally[i] + b.tally[16 + i] > 0)
                || bands
                    .iter()
                    .any(|b| b.band.by_category.iter().any(|&(cat, _)| cat as usize == i))
        })
        .map(|(_, &cat)| cat)
        .collect();
    let mut legend: Vec<(Legend, String)> = present
        .iter()
        .map(|&cat| (Legend::Swatch(cat), cat.label().to_owned()))
        .collect();
    if bars.iter().any(|b| b.bar.approximate > 0) {
        legend.push((
            Legend::Approx,
            format!("lighter: dated only to the {approx_word}"),
        ));
    }
    if lanes > 0 {
        let what = match (has_month_lane, has_year_lane) {
            (true, true) => "month or year",
            (true, false) => "month",
            _ => "year",
        };
        let cut = bands.iter().any(|b| b.a < c.start || b.b > c.end);
        let arrow = if cut {
            "; arrow: goes on past the axis"
        } else {
            ""
        };
        legend.push((
            Legend::Band,
            format!("band: dated only to the {what}, drawn across it{arrow}"),
        ));
    }
    let mut placed = Vec::new();
    let (mut row, mut x) = (0usize, 8.0);
    for (item, text) in legend {
        let w = 16.0 + text_width(&text, LEGEND_FONT);
        if x > 8.0 && x + w > width - 8.0 {
            row += 1;
            x = 8.0;
        }
        placed.push((row, x, item, text));
        x += w + 14.0;
    }
    let legend_h = if placed.is_empty() {
        0.0
    } else {
        (row + 1) as f64 * LEGEND_ROW + 6.0
    };

    let max_label = thousands(max);
    let left = (text_width(&max_label, FONT) + 12.0).max(text_width("month", FONT) + 10.0);
    let right = 10.0;
    let top = 10.0;
    let axis_h = 30.0;
    let lanes_h = lanes as f64 * LANE;
    let plot_h = (height - top - axis_h - lanes_h - legend_h - 4.0).max(30.0);
    let base = top + plot_h;
    let plot_w = width - left - right;
    let per_day = plot_w / (c.end - c.start) as f64;
    let x_of = |day: i64| left + (day - c.start) as f64 * per_day;

    // Y axis: the top of the scale and zero.
    let _ = write!(
        svg,
        r##"<g class="dl-axis" font-size="{f}" fill="{MUTED}"><line x1="{l}" y1="{t}" x2="{r}" y2="{t}" stroke="#dddddd" stroke-dasharray="3 3"/><text x="{lx}" y="{t}" dy="0.35em" text-anchor="end">{max_label}</text><text x="{lx}" y="{b}" dy="0.35em" text-anchor="end">0</text>"##,
        f = n(FONT),
        l = n(left),
        r = n(width - right),
        t = n(top),
        b = n(base),
        lx = n(left - 4.0),
    );
    ticks(svg, c.bucket, c.start, c.end, left, per_day, base, width);
    let _ = write!(
        svg,
        r##"<line x1="{}" y1="{b}" x2="{}" y2="{b}" stroke="#888888"/></g>"##,
        n(left),
        n(width - right),
        b = n(base)
    );

    // Bars, one link per bucket, segments stacked by type.
    let scale = if max == 0 { 0.0 } else { plot_h / max as f64 };
    svg.push_str(r#"<g class="dl-bars">"#);
    for bar in bars {
        let (x0, x1) = (x_of(bar.a), x_of(bar.b));
        let gap = if x1 - x0 >= 4.0 { 1.0 } else { 0.0 };
        let w = (x1 - x0 - gap).max(1.0);
        let xs = n(x0 + gap / 2.0);
        let ws = n(w);
        let mut title = format!(
            "{}: {} {}",
            period(c.bucket, bar.a, bar.b),
            photos(bar.bar.total),
            breakdown(&bar.bar.by_category)
        );
        if bar.bar.approximate > 0 {
            let _ = write!(
                title,
                "; {} dated only to the {approx_word}",
                thousands(bar.bar.approximate)
            );
        }
        svg.push_str(r#"<a class="dl-bar" href=""#);
        esc(svg, &(opts.range_href)(bar.bar.first, bar.bar.last));
        svg.push_str(r#""><title>"#);
        esc(svg, &title);
        // An invisible full-height target, so a bar of one photo is as easy to hit as a tall one.
        let _ = write!(
            svg,
            r##"</title><rect class="dl-hit" x="{xs}" y="{}" width="{ws}" height="{}" fill="#000000" fill-opacity="0"/>"##,
            n(top),
            n(plot_h)
        );
        let mut below = 0u64;
        for (i, cat) in Category::ALL.iter().enumerate() {
            for (k, approx) in [(bar.tally[i], false), (bar.tally[16 + i], true)] {
                if k == 0 {
                    continue;
                }
                let y0 = base - below as f64 * scale;
                below += k;
                let y1 = base - below as f64 * scale;
                let _ = write!(
                    svg,
                    r#"<rect x="{xs}" y="{}" width="{ws}" height="{}" fill="{}"{}/>"#,
                    n(y1),
                    n(y0 - y1),
                    cat.colour(),
                    if approx {
                        format!(r#" fill-opacity="{APPROX_OPACITY}" class="dl-approx""#)
                    } else {
                        String::new()
                    }
                );
            }
        }
        svg.push_str("</a>");
    }
    svg.push_str("</g>");

    // Lanes of bands below the axis labels.
    if lanes > 0 {
        svg.push_str(r#"<g class="dl-bands">"#);
        let mut lane_y = base + axis_h;
        for (precision, word, shown) in [
            (DatePrecision::Month, "month", has_month_lane),
            (DatePrecision::Year, "year", has_year_lane),
        ] {
            if !shown {
                continue;
            }
            let _ = write!(
                svg,
                r#"<text x="{}" y="{}" dy="0.35em" text-anchor="end" font-size="{}" fill="{MUTED}">{word}</text>"#,
                n(left - 4.0),
                n(lane_y + LANE / 2.0 - 1.0),
                n(FONT)
            );
            for band in bands.iter().filter(|b| b.band.precision == precision) {
                let (x0, x1) = (x_of(band.a).max(left), x_of(band.b).min(width - right));
                let (cut_left, cut_right) = (band.a < c.start, band.b > c.end);
                let w = (x1 - x0).max(1.0);
                let what = if precision == DatePrecision::Month {
                    let (y, m, _) = civil(band.a);
                    format!("{} {y}, day unknown", MONTH_NAMES[(m - 1) as usize])
                } else {
                    format!("{}, month and day unknown", civil(band.a).0)
                };
                let title = format!(
                    "{what}: {} {}",
                    photos(band.band.total),
                    breakdown(&band.band.by_category)
                );
                let _ = write!(svg, r#"<a class="dl-band dl-band-{word}" href=""#);
                esc(svg, &(opts.range_href)(band.band.first, band.band.last));
                svg.push_str(r#""><title>"#);
                esc(svg, &title);
                let _ = write!(
                    svg,
                    r##"</title><rect x="{}" y="{}" width="{}" height="{}" rx="2" fill="{BAND}" stroke="#ffffff"/>"##,
                    n(x0),
                    n(lane_y),
                    n(w),
                    n(LANE - 4.0)
                );
                // An arrow head where the band runs on past the axis.
                let mid = lane_y + (LANE - 4.0) / 2.0;
                if cut_left {
                    let _ = write!(
                        svg,
                        r##"<path d="M{} {}l5 -4v8z" fill="#ffffff"/>"##,
                        n(x0 + 1.0),
                        n(mid)
                    );
                }
                if cut_right {
                    let _ = write!(
                        svg,
                        r##"<path d="M{} {}l-5 -4v8z" fill="#ffffff"/>"##,
                        n(x1 - 1.0),
                        n(mid)
                    );
                }
                let label = thousands(band.band.total);
                if text_width(&label, FONT) + 4.0 <= w {
                    let _ = write!(
                        svg,
                        r##"<text x="{}" y="{}" dy="0.35em" text-anchor="middle" font-size="{}" fill="#ffffff">{label}</text>"##,
                        n((x0 + x1) / 2.0),
                        n(lane_y + (LANE - 4.0) / 2.0),
                        n(FONT)
                    );
                }
                svg.push_str("</a>");
            }
            lane_y += LANE;
        }
        svg.push_str("</g>");
    }

    // Legend.
    let legend_top = base + axis_h + lanes_h + 4.0;
    let _ = write!(
        svg,
        r#"<g class="dl-legend" font-size="{}" fill="{INK}">"#,
        n(LEGEND_FONT)
    );
    for (row, x, item, text) in placed {
        let cy = legend_top + LEGEND_ROW * (row as f64 + 0.5);
        let _ = match item {
            Legend::Swatch(cat) => write!(
                svg,
                r#"<rect x="{}" y="{}" width="10" height="10" fill="{}"/>"#,
                n(x),
                n(cy - 5.0),
                cat.colour()
            ),
            Legend::Approx => write!(
                svg,
                r#"<rect x="{}" y="{}" width="10" height="10" fill="{}" fill-opacity="{APPROX_OPACITY}"/>"#,
                n(x),
                n(cy - 5.0),
                Category::Other.colour()
            ),
            Legend::Band => {
                write!(
                    svg,
                    r#"<rect x="{}" y="{}" width="12" height="8" rx="2" fill="{BAND}"/>"#,
                    n(x - 1.0),
                    n(cy - 4.0)
                )
            }
        };
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" dy="0.35em">"#,
            n(x + 16.0),
            n(cy)
        );
        esc(svg, &text);
        svg.push_str("</text>");
    }
    svg.push_str("</g>");
}

enum Legend {
    Swatch(Category),
    Approx,
    Band,
}

/// Which days get a tick, tried from the finest to the coarsest; the first whose labels don't
/// overlap wins.
#[derive(Clone, Copy)]
enum Ticks {
    /// Every day, every Monday, the 1st and 16th.
    Days(u8),
    /// Every `k`th month (months divisible by `k`, so quarters start in January).
    Months(i64),
    /// Every year divisible by `k`.
    Years(i64),
}

#[allow(clippy::too_many_arguments)]
fn ticks(
    svg: &mut String,
    bucket: Bucket,
    start: i64,
    end: i64,
    left: f64,
    per_day: f64,
    base: f64,
    width: f64,
) {
    let x_of = |day: i64| left + (day - start) as f64 * per_day;
    // No tick finer than a bar: day numbers under week bars would not line up with them.
    let mut candidates = match bucket {
        Bucket::Day => vec![Ticks::Days(0), Ticks::Days(1), Ticks::Days(2)],
        Bucket::Week => vec![Ticks::Days(1)],
        _ => Vec::new(),
    };
    if bucket <= Bucket::Month {
        candidates.extend([1, 2, 3, 6].map(Ticks::Months));
    }
    candidates.extend(
        [
            1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000,
        ]
        .map(Ticks::Years),
    );
    let fits = |t: Ticks| {
        // Shortest gap between two ticks, in days, and the widest first-row label.
        let (gap, label) = match t {
            Ticks::Days(0) => (1.0, "30"),
            Ticks::Days(1) => (7.0, "30"),
            Ticks::Days(_) => (13.0, "16"),
            Ticks::Months(k) => (28.0 * k as f64, "May"),
            Ticks::Years(k) => (365.0 * k as f64, "-2016"),
        };
        gap * per_day >= text_width(label, FONT) + 8.0
    };
    let chosen = candidates
        .into_iter()
        .find(|&t| fits(t))
        .unwrap_or(Ticks::Years(10_000));

    // Tick days, only for the chosen spacing, so their number is bounded by the width.
    let mut days_list = Vec::new();
    match chosen {
        Ticks::Days(kind) => {
            for d in start..end {
                let (_, _, dom) = civil(d);
                let take = match kind {
                    0 => true,
                    1 => (d + 3).rem_euclid(7) == 0,
                    _ => dom == 1 || dom == 16,
                };
                if take {
                    days_list.push(d);
                }
            }
        }
        Ticks::Months(k) => {
            let mut mi = month_index(start);
            mi += (k - mi.rem_euclid(k)) % k;
            while month_start(mi) < end {
                if month_start(mi) >= start {
                    days_list.push(month_start(mi));
                }
                mi += k;
            }
        }
        Ticks::Years(k) => {
            let mut y = civil(start).0;
            y += (k - y.rem_euclid(k)) % k;
            while year_start(y) < end {
                if year_start(y) >= start {
                    days_list.push(year_start(y));
                }
                y += k;
            }
        }
    }

    let row1 = base + 12.0;
    let row2 = base + 25.0;
    let mut last_row2 = f64::NEG_INFINITY;
    let mut prev_month = None;
    let mut prev_year = None;
    for (i, &d) in days_list.iter().enumerate() {
        let x = x_of(d);
        let (y, m, dom) = civil(d);
        let (first, second) = match chosen {
            Ticks::Days(_) => (
                dom.to_string(),
                (prev_month != Some((y, m))).then(|| format!("{} {y}", MONTHS[(m - 1) as usize])),
            ),
            Ticks::Months(_) => (
                MONTHS[(m - 1) as usize].to_owned(),
                (i == 0 || prev_year != Some(y)).then(|| y.to_string()),
            ),
            Ticks::Years(_) => (y.to_string(), None),
        };
        prev_month = Some((y, m));
        prev_year = Some(y);
        let _ = write!(
            svg,
            r##"<line x1="{xs}" y1="{}" x2="{xs}" y2="{}" stroke="#888888"/>"##,
            n(base),
            n(base + 4.0),
            xs = n(x)
        );
        if let Ticks::Days(_) = chosen {
            // A day number names a column: centred under it when the column is wide enough.
            let w = text_width(&first, FONT);
            if per_day >= w + 2.0 {
                let _ = write!(
                    svg,
                    r#"<text x="{}" y="{}" text-anchor="middle">{first}</text>"#,
                    n(x + per_day / 2.0),
                    n(row1)
                );
            } else if x + 2.0 + w <= width {
                let _ = write!(
                    svg,
                    r#"<text x="{}" y="{}">{first}</text>"#,
                    n(x + 2.0),
                    n(row1)
                );
            }
        } else if x + 2.0 + text_width(&first, FONT) <= width {
            let _ = write!(
                svg,
                r#"<text x="{}" y="{}">{first}</text>"#,
                n(x + 2.0),
                n(row1)
            );
        }
        if let Some(second) = second {
            let w = text_width(&second, FONT);
            if x + 2.0 >= last_row2 + 6.0 && x + 2.0 + w <= width {
                let _ = write!(
                    svg,
                    r#"<text x="{}" y="{}">{second}</text>"#,
                    n(x + 2.0),
                    n(row2)
                );
                last_row2 = x + 2.0 + w;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn item(d: Date, precision: DatePrecision, category: Category) -> TimelineItem {
        TimelineItem {
            date: d,
            precision,
            category,
        }
    }

    fn day(d: Date, category: Category) -> TimelineItem {
        item(d, DatePrecision::Day, category)
    }

    fn chart(items: &[TimelineItem]) -> Timeline {
        let range_href = |a: Date, b: Date| format!("/s?from={a}&to={b}");
        let opts = TimelineOptions {
            width: 800,
            height: 240,
            range_href: &range_href,
            title: "T".into(),
        };
        let t = timeline_svg(items, &opts);
        roxmltree::Document::parse(&t.svg).expect("well-formed SVG");
        t
    }

    #[test]
    fn day_numbers_round_trip() {
        assert_eq!(days(1970, 1, 1), 0);
        assert_eq!(days(2016, 11, 24), 17_129);
        for z in (-4_000_000..4_000_000).step_by(997) {
            let (y, m, d) = civil(z);
            assert_eq!(days(y, m, d), z);
        }
        assert_eq!(to_date(days(2024, 2, 29)), jiff::civil::date(2024, 2, 29));
        assert_eq!(to_date(days(-20_000, 1, 1)), Date::MIN);
        assert_eq!(to_date(days(20_000, 1, 1)), Date::MAX);
        // ISO weeks start on Monday: Sunday 2021-01-03 is in the week of Monday 2020-12-28.
        assert_eq!(week_start(days(2021, 1, 3)), days(2020, 12, 28));
        assert_eq!(week_start(days(2020, 12, 28)), days(2020, 12, 28));
        assert_eq!(
            period(Bucket::Week, days(2020, 12, 28), days(2021, 1, 4)),
            "2020-12-28 to 2021-01-03 (week 53)"
        );
        assert_eq!(
            period(Bucket::Week, days(2016, 11, 21), days(2016, 11, 28)),
            "2016-11-21 to 2016-11-27 (week 47)"
        );
    }

    #[test]
    fn the_bucket_follows_the_span() {
        let span = |from: Date, to: Date| {
            chart(&[day(from, Category::Other), day(to, Category::Other)]).bucket
        };
        assert_eq!(span(date(2016, 11, 1), date(2016, 11, 10)), Bucket::Day);
        assert_eq!(span(date(2016, 11, 1), date(2016, 12, 31)), Bucket::Day);
        assert_eq!(span(date(2016, 11, 1), date(2017, 2, 10)), Bucket::Week);
        assert_eq!(span(date(2016, 1, 1), date(2017, 5, 1)), Bucket::Week);
        assert_eq!(span(date(2011, 3, 15), date(2014, 3, 15)), Bucket::Month);
        assert_eq!(span(date(1990, 1, 1), date(2019, 6, 1)), Bucket::Month);
        assert_eq!(span(date(1936, 7, 18), date(2016, 1, 1)), Bucket::Year);
        assert_eq!(
            chart(&[day(date(2016, 1, 1), Category::Other)]).bucket,
            Bucket::Day
        );
    }

    #[test]
    fn bars_count_and_stack_by_type_and_link_to_their_day() {
        let d = date(2016, 11, 24);
        let mut items = vec![day(d, Category::AirStrike); 3];
        items.extend([day(d, Category::Rescue); 2]);
        items.push(day(date(2016, 11, 20), Category::from_event_type(None)));
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Day);
        assert_eq!((t.total, t.max, t.bars.len()), (6, 5, 2));
        let bar = &t.bars[1];
        assert_eq!(
            (bar.first, bar.last, bar.total, bar.approximate),
            (d, d, 5, 0)
        );
        assert_eq!(
            bar.by_category,
            vec![(Category::AirStrike, 3), (Category::Rescue, 2)]
        );
        let l = crate::svg::links(&t.svg);
        assert_eq!(l[1].1, "/s?from=2016-11-24&to=2016-11-24");
        assert_eq!(l[1].2, "2016-11-24: 5 photos (3 air strike, 2 rescue)");
        assert_eq!(l[0].2, "2016-11-20: 1 photo (1 untyped)");
        // The segments carry the types' colours, the legend names the types present only.
        assert!(
            t.svg.contains(Category::AirStrike.colour())
                && t.svg.contains(Category::Rescue.colour())
        );
        assert!(t.svg.contains(">air strike</text>") && t.svg.contains(">untyped</text>"));
        assert!(!t.svg.contains(">shelling</text>"));
    }

    #[test]
    fn week_and_month_bars_link_to_their_whole_period() {
        let t = chart(&[
            day(date(2016, 1, 6), Category::Other),
            day(date(2016, 12, 20), Category::Protest),
        ]);
        assert_eq!(t.bucket, Bucket::Week);
        assert_eq!(
            (t.bars[0].first, t.bars[0].last),
            (date(2016, 1, 4), date(2016, 1, 10))
        );
        assert_eq!(
            crate::svg::links(&t.svg)[1].1,
            "/s?from=2016-12-19&to=2016-12-25"
        );
        let t = chart(&[
            day(date(2014, 2, 6), Category::Other),
            day(date(2016, 12, 20), Category::Sport),
        ]);
        assert_eq!(t.bucket, Bucket::Month);
        assert_eq!(
            crate::svg::links(&t.svg)[0].1,
            "/s?from=2014-02-01&to=2014-02-28"
        );
        assert_eq!(
            crate::svg::links(&t.svg)[1].2,
            "December 2016: 1 photo (1 sport)"
        );
        let t = chart(&[
            day(date(1944, 2, 6), Category::Other),
            day(date(2016, 12, 20), Category::Sport),
        ]);
        assert_eq!(t.bucket, Bucket::Year);
        assert_eq!(
            crate::svg::links(&t.svg)[0].1,
            "/s?from=1944-01-01&to=1944-12-31"
        );
    }

    #[test]
    fn counted_items_draw_what_the_items_repeated_draw() {
        let d = date(2016, 11, 24);
        let one = [
            day(d, Category::AirStrike),
            day(d, Category::AirStrike),
            day(d, Category::Rescue),
            item(date(2016, 11, 1), DatePrecision::Month, Category::Other),
            day(date(2016, 12, 2), Category::Sport),
        ];
        let counted = [
            (day(d, Category::AirStrike), 2),
            (day(d, Category::Rescue), 1),
            (day(date(2030, 1, 1), Category::Protest), 0),
            (
                item(date(2016, 11, 1), DatePrecision::Month, Category::Other),
                1,
            ),
            (day(date(2016, 12, 2), Category::Sport), 1),
        ];
        let opts = TimelineOptions {
            width: 800,
            height: 300,
            range_href: &|a, b| format!("/s?from={a}&to={b}"),
            title: "t".into(),
        };
        let a = timeline_svg(&one, &opts);
        let b = timeline_svg_counted(&counted, &opts);
        assert_eq!(a.svg, b.svg);
        assert_eq!((a.total, a.max, a.bucket), (b.total, b.max, b.bucket));
        assert_eq!(b.total, 5);
    }

    #[test]
    fn a_month_precision_photo_is_not_counted_on_the_first() {
        let items = [
            day(date(2016, 11, 1), Category::AirStrike),
            day(date(2016, 11, 24), Category::AirStrike),
            item(date(2016, 11, 1), DatePrecision::Month, Category::Rescue),
            item(date(2016, 11, 17), DatePrecision::Month, Category::Rescue),
        ];
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Day);
        assert_eq!(
            t.bars
                .iter()
                .map(|b| (b.first, b.total))
                .collect::<Vec<_>>(),
            [(date(2016, 11, 1), 1), (date(2016, 11, 24), 1)]
        );
        assert_eq!(t.bands.len(), 1);
        let band = &t.bands[0];
        assert_eq!(
            (band.precision, band.first, band.last, band.total),
            (
                DatePrecision::Month,
                date(2016, 11, 1),
                date(2016, 11, 30),
                2
            )
        );
        let l = crate::svg::links(&t.svg);
        let band_link = l.iter().find(|l| l.0.contains("dl-band-month")).unwrap();
        assert_eq!(band_link.1, "/s?from=2016-11-01&to=2016-11-30");
        assert_eq!(
            band_link.2,
            "November 2016, day unknown: 2 photos (2 rescue)"
        );
        assert!(t.svg.contains("dated only to the month"));
    }

    #[test]
    fn a_month_precision_photo_joins_a_month_bar_marked_as_such() {
        let items = [
            day(date(2014, 3, 9), Category::Shelling),
            item(date(2016, 11, 1), DatePrecision::Month, Category::Shelling),
            day(date(2016, 11, 5), Category::Shelling),
            item(date(2015, 1, 1), DatePrecision::Year, Category::Funeral),
        ];
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Month);
        let nov = t
            .bars
            .iter()
            .find(|b| b.first == date(2016, 11, 1))
            .unwrap();
        assert_eq!((nov.total, nov.approximate), (2, 1));
        assert!(t.svg.contains(r#"class="dl-approx""#));
        let l = crate::svg::links(&t.svg);
        assert!(
            l.iter()
                .any(|l| l.2 == "November 2016: 2 photos (2 shelling); 1 dated only to the month"),
            "{l:?}"
        );
        // The year-precision photo is a band over 2015, not a bar in January.
        assert_eq!(t.bands.len(), 1);
        assert_eq!(
            (t.bands[0].first, t.bands[0].last),
            (date(2015, 1, 1), date(2015, 12, 31))
        );
        assert!(t.bars.iter().all(|b| b.first != date(2015, 1, 1)));
    }

    #[test]
    fn a_coarse_date_does_not_stretch_a_precise_chart() {
        // Two weeks of daily photos and one dated only "2016": still a daily chart, the year band
        // cut at both ends, its link the whole year.
        let mut items: Vec<TimelineItem> = (10..24)
            .map(|d| day(date(2016, 11, d), Category::AirStrike))
            .collect();
        items.push(item(date(2016, 1, 1), DatePrecision::Year, Category::Other));
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Day);
        assert_eq!(
            crate::svg::links(&t.svg).last().unwrap().1,
            "/s?from=2016-01-01&to=2016-12-31"
        );
        assert!(t.svg.contains("goes on past the axis"));
        // A coarse date outside the precise span widens it, or it would not be seen.
        items.push(item(
            date(2010, 5, 1),
            DatePrecision::Month,
            Category::Other,
        ));
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Month);
        assert_eq!(
            t.bands.iter().map(|b| b.total).sum::<u64>()
                + t.bars.iter().map(|b| b.total).sum::<u64>(),
            16
        );
        // And the axis does not depend on the order of the items.
        items.reverse();
        assert_eq!(chart(&items).svg, t.svg);
    }

    #[test]
    fn empty_and_single() {
        let t = chart(&[]);
        assert!(t.svg.contains("No dated photos") && t.bars.is_empty() && t.total == 0);
        let t = chart(&[day(date(2020, 8, 4), Category::Explosion)]);
        assert_eq!((t.bars.len(), t.max, t.total), (1, 1, 1));
        assert!(t.svg.contains(">4</text>"), "the day is labelled");
    }

    #[test]
    fn axis_labels_do_not_overlap() {
        for (from, to) in [
            (date(2016, 11, 1), date(2016, 11, 20)),
            (date(2016, 11, 1), date(2016, 12, 31)),
            (date(2016, 1, 1), date(2017, 4, 1)),
            (date(2011, 3, 1), date(2021, 3, 1)),
            (date(1900, 1, 1), date(2020, 1, 1)),
            (date(-9999, 1, 1), date(9999, 12, 31)),
        ] {
            for width in [240, 500, 1200] {
                let range_href = |_: Date, _: Date| String::new();
                let opts = TimelineOptions {
                    width,
                    height: 200,
                    range_href: &range_href,
                    title: String::new(),
                };
                let t = timeline_svg(
                    &[day(from, Category::Other), day(to, Category::Other)],
                    &opts,
                );
                let doc = roxmltree::Document::parse(&t.svg).unwrap();
                let axis = doc
                    .descendants()
                    .find(|e| e.attribute("class") == Some("dl-axis"))
                    .unwrap();
                let mut rows: std::collections::BTreeMap<String, Vec<(f64, f64)>> =
                    Default::default();
                for text in axis
                    .children()
                    .filter(|e| e.has_tag_name("text") && e.attribute("dy").is_none())
                {
                    let x: f64 = text.attribute("x").unwrap().parse().unwrap();
                    let w = text_width(text.text().unwrap(), FONT);
                    let x0 = if text.attribute("text-anchor") == Some("middle") {
                        x - w / 2.0
                    } else {
                        x
                    };
                    rows.entry(text.attribute("y").unwrap().to_owned())
                        .or_default()
                        .push((x0, x0 + w));
                    assert!(
                        x0 + w <= f64::from(width) + 0.5,
                        "{from}..{to} at {width}: past the edge"
                    );
                }
                assert!(!rows.is_empty(), "{from}..{to} at {width}: no labels");
                for row in rows.values() {
                    for pair in row.windows(2) {
                        assert!(pair[1].0 >= pair[0].1, "{from}..{to} at {width}: {pair:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_million_items_make_a_small_chart_quickly() {
        let start = days(2011, 3, 15);
        let items: Vec<TimelineItem> = (0..1_000_000u32)
            .map(|i| {
                let precision = match i % 50 {
                    0 => DatePrecision::Month,
                    1 => DatePrecision::Year,
                    _ => DatePrecision::Day,
                };
                item(
                    to_date(start + i64::from(i % 3650)),
                    precision,
                    Category::ALL[(i % 16) as usize],
                )
            })
            .collect();
        let t = chart(&items);
        assert_eq!(t.bucket, Bucket::Month);
        assert_eq!(t.total, 1_000_000);
        let counted: u64 = t.bars.iter().map(|b| b.total).sum::<u64>()
            + t.bands.iter().map(|b| b.total).sum::<u64>();
        assert_eq!(counted, 1_000_000);
        assert!(t.svg.len() < 400_000, "{} bytes", t.svg.len());
    }

    #[test]
    fn hostile_text_is_escaped() {
        let range_href = |a: Date, _: Date| format!("/s?x=\"><script>alert('{a}')</script>");
        let opts = TimelineOptions {
            width: 600,
            height: 200,
            range_href: &range_href,
            title: "<script>alert(1)</script>".into(),
        };
        let t = timeline_svg(&[day(date(2016, 11, 24), Category::Other)], &opts);
        assert!(!t.svg.contains("<script") && !t.svg.contains("style"));
        let doc = roxmltree::Document::parse(&t.svg).unwrap();
        assert_eq!(
            doc.root_element().first_element_child().unwrap().text(),
            Some("<script>alert(1)</script>")
        );
        assert_eq!(
            crate::svg::links(&t.svg)[0].1,
            "/s?x=\"><script>alert('2016-11-24')</script>"
        );
    }

    #[test]
    fn categories_read_the_taxonomy() {
        assert_eq!(
            Category::from_event_type(Some("air_strike")),
            Category::AirStrike
        );
        assert_eq!(
            Category::from_event_type(Some("humanitarian_aid")),
            Category::HumanitarianAid
        );
        assert_eq!(
            Category::from_event_type(Some("<b>new</b>")),
            Category::Other
        );
        assert_eq!(Category::from_event_type(None), Category::Untyped);
        for c in Category::ALL {
            assert_eq!(
                Category::from_event_type(Some(c.as_str())),
                if c == Category::Untyped {
                    Category::Other
                } else {
                    c
                }
            );
        }
        let colours: std::collections::BTreeSet<&str> =
            Category::ALL.iter().map(|c| c.colour()).collect();
        assert_eq!(colours.len(), 16);
    }
}
