//! Writes sample charts to `/tmp/chart-*.svg` to look at: `cargo run -p dateline-chart --example render`.

use dateline_chart::{
    BBox, Category, DatePrecision, MapOptions, MapPoint, Precision, TimelineItem, TimelineOptions,
    map_svg, timeline_svg,
};
use jiff::civil::{Date, date};

fn point(id: &str, lat: f64, lon: f64, precision: Precision, label: &str) -> MapPoint {
    MapPoint {
        id: id.into(),
        lat,
        lon,
        precision,
        label: label.into(),
    }
}

fn main() {
    let point_href = |id: &str| format!("/record/{id}");
    let cluster_href = |b: BBox| {
        format!(
            "/search?bbox={:.3},{:.3},{:.3},{:.3}",
            b.south, b.west, b.north, b.east
        )
    };
    let opts = |title: &str| MapOptions {
        width: 1000,
        height: 600,
        point_href: &point_href,
        cluster_href: &cluster_href,
        title: title.into(),
    };

    let started = std::time::Instant::now();
    let world = map_svg(&[], &opts("The world"));
    println!("first map (decodes the borders): {:?}", started.elapsed());
    write("world", &world.svg);
    for (w, h) in [(600, 360), (1600, 900)] {
        let started = std::time::Instant::now();
        let o = MapOptions {
            width: w,
            height: h,
            ..opts("The world")
        };
        let svg = map_svg(&[], &o).svg;
        println!(
            "world {w}x{h}: {} bytes in {:?}",
            svg.len(),
            started.elapsed()
        );
    }

    let syria = vec![
        point("a1", 36.2021, 37.1343, Precision::Exact, "Aleppo"),
        point("a2", 36.21, 37.14, Precision::Exact, "Aleppo"),
        point("a3", 36.19, 37.12, Precision::Near, "eastern Aleppo"),
        point("a4", 36.20, 37.16, Precision::Exact, "Aleppo"),
        point("d1", 33.5138, 36.2765, Precision::Exact, "Damascus"),
        point("d2", 33.57, 36.40, Precision::Near, "Douma, near Damascus"),
        point("i1", 35.9306, 36.6339, Precision::Exact, "Idlib"),
        point("h1", 34.7324, 36.7137, Precision::Near, "Homs countryside"),
        point("s1", 35.0, 38.5, Precision::Region, "Syria"),
        point("r1", 35.95, 39.01, Precision::Exact, "Raqqa"),
        point("r2", 35.94, 39.02, Precision::Region, "Raqqa province"),
        point(
            "x",
            36.3,
            37.2,
            Precision::Region,
            "<script>alert(1)</script>",
        ),
    ];
    let m = map_svg(&syria, &opts("Photos in Syria"));
    write("syria", &m.svg);
    println!(
        "syria: {:?} shown {} markers {} clusters {}",
        m.extent, m.shown, m.markers, m.clusters
    );

    let spread = vec![
        point("a", 36.2, 37.16, Precision::Exact, "Aleppo"),
        point("p", 48.8566, 2.3522, Precision::Exact, "Paris"),
        point("n", 40.71, -74.0, Precision::Near, "New York"),
        point("f", -18.1, 178.4, Precision::Exact, "Suva"),
        point("s", -13.83, -171.76, Precision::Region, "Samoa"),
    ];
    let m = map_svg(&spread, &opts("Spread"));
    write("spread", &m.svg);
    println!("spread: {:?}", m.extent);
    let pacific = vec![
        point("f", -18.1, 178.4, Precision::Exact, "Suva"),
        point("s", -13.83, -171.76, Precision::Region, "Samoa"),
        point("t", -21.13, -175.2, Precision::Near, "Nukuʻalofa"),
    ];
    let m = map_svg(&pacific, &opts("Pacific"));
    write("pacific", &m.svg);
    println!("pacific: {:?}", m.extent);

    let mut rng = Lcg(3);
    let many: Vec<MapPoint> = (0..200_000)
        .map(|i| {
            let lat = rng.next(1400) as f64 / 10.0 - 60.0;
            let lon = rng.next(3600) as f64 / 10.0 - 180.0;
            let precision =
                [Precision::Exact, Precision::Near, Precision::Region][rng.next(3) as usize];
            point(&i.to_string(), lat, lon, precision, "somewhere")
        })
        .collect();
    let started = std::time::Instant::now();
    let m = map_svg(&many, &opts("200,000 points"));
    println!(
        "200,000 points: {} markers, {} bytes in {:?}",
        m.markers,
        m.svg.len(),
        started.elapsed()
    );
    write("many", &m.svg);

    timelines();
}

/// A fixed pseudo-random sequence (no randomness in the charts themselves).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, k: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % k
    }
}

fn timelines() {
    let range_href = |a: Date, b: Date| format!("/search?from={a}&to={b}");
    let opts = |title: &str| TimelineOptions {
        width: 900,
        height: 260,
        range_href: &range_href,
        title: title.into(),
    };
    let mut rng = Lcg(7);
    let cats = [
        Category::AirStrike,
        Category::AirStrike,
        Category::Rescue,
        Category::Shelling,
        Category::Displacement,
        Category::Funeral,
        Category::Untyped,
    ];
    let mut items = Vec::new();
    let start = date(2016, 11, 15);
    for _ in 0..400 {
        let d = start
            .checked_add(jiff::Span::new().days(rng.next(38) as i64))
            .unwrap();
        items.push(TimelineItem {
            date: d,
            precision: DatePrecision::Day,
            category: cats[rng.next(7) as usize],
        });
    }
    for (m, k) in [(11, 9), (12, 4)] {
        for _ in 0..k {
            items.push(TimelineItem {
                date: date(2016, m, 1),
                precision: DatePrecision::Month,
                category: Category::AirStrike,
            });
        }
    }
    items.push(TimelineItem {
        date: date(2016, 1, 1),
        precision: DatePrecision::Year,
        category: Category::Other,
    });
    let t = timeline_svg(&items, &opts("Photos from Aleppo, Nov–Dec 2016"));
    write("timeline-days", &t.svg);
    println!(
        "days: {:?}, {} bars, {} bands",
        t.bucket,
        t.bars.len(),
        t.bands.len()
    );

    let mut items = Vec::new();
    for _ in 0..3000 {
        let d = date(2011, 3, 1)
            .checked_add(jiff::Span::new().days(rng.next(3650) as i64))
            .unwrap();
        let precision = match rng.next(20) {
            0 => DatePrecision::Month,
            1 => DatePrecision::Year,
            _ => DatePrecision::Day,
        };
        let category = Category::ALL[rng.next(16) as usize];
        items.push(TimelineItem {
            date: d,
            precision,
            category,
        });
    }
    let t = timeline_svg(&items, &opts("Ten years"));
    write("timeline-months", &t.svg);
    println!(
        "months: {:?}, {} bars, {} bands",
        t.bucket,
        t.bars.len(),
        t.bands.len()
    );

    let mut items = Vec::new();
    for _ in 0..500 {
        let d = date(2019, 2, 1)
            .checked_add(jiff::Span::new().days(rng.next(400) as i64))
            .unwrap();
        let precision = if rng.next(15) == 0 {
            DatePrecision::Month
        } else {
            DatePrecision::Day
        };
        items.push(TimelineItem {
            date: d,
            precision,
            category: cats[rng.next(7) as usize],
        });
    }
    let t = timeline_svg(&items, &opts("A year"));
    write("timeline-weeks", &t.svg);
    println!(
        "weeks: {:?}, {} bars, {} bands",
        t.bucket,
        t.bars.len(),
        t.bands.len()
    );

    let mut items = Vec::new();
    for _ in 0..800 {
        let d = date(1936, 1, 1)
            .checked_add(jiff::Span::new().days(rng.next(32000) as i64))
            .unwrap();
        let precision = [
            DatePrecision::Day,
            DatePrecision::Month,
            DatePrecision::Year,
        ][rng.next(3) as usize];
        items.push(TimelineItem {
            date: d,
            precision,
            category: Category::ALL[rng.next(16) as usize],
        });
    }
    let t = timeline_svg(&items, &opts("Archive"));
    write("timeline-years", &t.svg);
    println!(
        "years: {:?}, {} bars, {} bands",
        t.bucket,
        t.bars.len(),
        t.bands.len()
    );

    let one = [TimelineItem {
        date: date(2020, 8, 4),
        precision: DatePrecision::Day,
        category: Category::Explosion,
    }];
    write("timeline-one", &timeline_svg(&one, &opts("One")).svg);
    write("timeline-empty", &timeline_svg(&[], &opts("None")).svg);
}

fn write(name: &str, svg: &str) {
    let path = format!("/tmp/chart-{name}.svg");
    std::fs::write(&path, svg).expect("write");
    println!("{path}: {} bytes", svg.len());
}
