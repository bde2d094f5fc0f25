//! Writes sample charts to `/tmp/chart-*.svg` to look at: `cargo run -p dateline-chart --example render`.

use dateline_chart::{BBox, MapOptions, MapPoint, Precision, map_svg};

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

    let world = map_svg(&[], &opts("The world"));
    write("world", &world.svg);

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
}

fn write(name: &str, svg: &str) {
    let path = format!("/tmp/chart-{name}.svg");
    std::fs::write(&path, svg).expect("write");
    println!("{path}: {} bytes", svg.len());
}
