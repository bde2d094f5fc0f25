//! Whatever the input, the charts come out as well-formed SVG without panicking.

use dateline_chart::{
    BBox, Category, DatePrecision, MapOptions, MapPoint, Precision, TimelineItem, TimelineOptions,
    map_svg, timeline_svg,
};
use jiff::civil::Date;
use proptest::prelude::*;

fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        6 => -180.0..180.0f64,
        1 => any::<f64>(),
        1 => Just(f64::NAN),
        1 => prop_oneof![Just(f64::INFINITY), Just(-90.0), Just(90.0), Just(180.0), Just(-180.0)],
    ]
}

fn precision() -> impl Strategy<Value = Precision> {
    prop_oneof![
        Just(Precision::Exact),
        Just(Precision::Near),
        Just(Precision::Region)
    ]
}

fn point() -> impl Strategy<Value = MapPoint> {
    (
        any::<String>(),
        coordinate(),
        coordinate(),
        precision(),
        any::<String>(),
    )
        .prop_map(|(id, lat, lon, precision, label)| MapPoint {
            id,
            lat,
            lon,
            precision,
            label,
        })
}

/// Points packed in a small area, so they cluster.
fn close_point() -> impl Strategy<Value = MapPoint> {
    (
        -1.0..1.0f64,
        -1.0..1.0f64,
        precision(),
        "[a-z<>&\"' ]{0,12}",
    )
        .prop_map(|(a, b, precision, label)| MapPoint {
            id: label.clone(),
            lat: 36.0 + a,
            lon: 37.0 + b,
            precision,
            label,
        })
}

fn item() -> impl Strategy<Value = TimelineItem> {
    let date = prop_oneof![
        4 => (2010i16..2020, 1i8..=12, 1i8..=28),
        1 => (-9999i16..=9999, 1i8..=12, 1i8..=28),
    ]
    .prop_map(|(y, m, d)| Date::new(y, m, d).unwrap());
    let precision = prop_oneof![
        6 => Just(DatePrecision::Day),
        1 => Just(DatePrecision::Month),
        1 => Just(DatePrecision::Year),
    ];
    (date, precision, 0usize..16).prop_map(|(date, precision, c)| TimelineItem {
        date,
        precision,
        category: Category::ALL[c],
    })
}

fn well_formed(svg: &str) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}: {svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(
        doc.descendants()
            .all(|e| !e.has_tag_name("script") && !e.has_tag_name("style"))
    );
    assert!(doc.descendants().all(|e| e.attribute("style").is_none()));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_points_make_a_well_formed_map(
        points in prop_oneof![
            proptest::collection::vec(point(), 0..40),
            proptest::collection::vec(close_point(), 0..200),
        ],
        width in 0u32..5000,
        height in 0u32..5000,
        title in any::<String>(),
    ) {
        let point_href = |id: &str| format!("/r/{id}");
        let cluster_href = |b: BBox| format!("/s?{}&{}&{}&{}", b.south, b.west, b.north, b.east);
        let opts = MapOptions { width, height, point_href: &point_href, cluster_href: &cluster_href, title };
        let map = map_svg(&points, &opts);
        well_formed(&map.svg);
        prop_assert_eq!(map.shown + map.skipped, points.len());
        prop_assert!(map.markers <= map.shown && map.clusters <= map.markers);
        let e = map.extent;
        prop_assert!(e.south >= -90.0 && e.north <= 90.0 && e.south < e.north);
        prop_assert!((-180.0..=180.0).contains(&e.west) && (-180.0..=180.0).contains(&e.east));
    }

    #[test]
    fn any_items_make_a_well_formed_timeline(
        items in proptest::collection::vec(item(), 0..300),
        width in 0u32..5000,
        height in 0u32..3000,
        title in any::<String>(),
    ) {
        let range_href = |a: Date, b: Date| format!("/s?from={a}&to={b}");
        let opts = TimelineOptions { width, height, range_href: &range_href, title };
        let t = timeline_svg(&items, &opts);
        well_formed(&t.svg);
        let counted: u64 = t.bars.iter().map(|b| b.total).sum::<u64>() + t.bands.iter().map(|b| b.total).sum::<u64>();
        prop_assert_eq!(counted, items.len() as u64);
        prop_assert_eq!(t.total, items.len() as u64);
        for b in &t.bars {
            prop_assert!(b.first <= b.last && b.total > 0 && b.approximate <= b.total);
        }
        for w in t.bars.windows(2) {
            prop_assert!(w[0].last < w[1].first);
        }
    }
}
