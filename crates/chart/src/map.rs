//! The map: country borders zoomed to the results, with clustered, precision-styled markers.

use std::collections::HashMap;
use std::fmt::Write;

use crate::svg::{esc, escaped, n, tenths, text_width};
use crate::world::{COUNTRIES, Country};

/// How exactly a point's coordinates locate the photo: the archive's `location.precision`.
///
/// Drawn three ways so that a photo known only by its country never looks pinned to the
/// country's centroid (see the crate documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Precision {
    /// `1`: the coordinates are those of the named place itself.
    Exact,
    /// `2`: the photo was taken in a part of, or near, the place the coordinates belong to.
    Near,
    /// `3`: only the province or the country is known; the coordinates are its centre.
    Region,
}

impl Precision {
    /// Reads the archive's `location.precision` code. A missing or unknown code counts as
    /// [`Precision::Region`]: claiming less than we know is honest, claiming more is not.
    pub fn from_code(code: Option<u8>) -> Precision {
        match code {
            Some(1) => Precision::Exact,
            Some(2) => Precision::Near,
            _ => Precision::Region,
        }
    }

    /// The words used in tooltips and the legend.
    pub fn describe(self) -> &'static str {
        match self {
            Precision::Exact => "exact place",
            Precision::Near => "near the named place",
            Precision::Region => "province or country only",
        }
    }

    fn index(self) -> usize {
        match self {
            Precision::Exact => 0,
            Precision::Near => 1,
            Precision::Region => 2,
        }
    }

    fn class(self) -> &'static str {
        match self {
            Precision::Exact => "dl-exact",
            Precision::Near => "dl-near",
            Precision::Region => "dl-region",
        }
    }
}

/// A box of latitudes and longitudes in degrees.
///
/// `west` and `east` are in −180..=180; when the box crosses the antimeridian `west > east`
/// (e.g. Fiji to Samoa: west 177, east −171).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BBox {
    /// Southern edge, −90..=90.
    pub south: f64,
    /// Western edge, −180..=180.
    pub west: f64,
    /// Northern edge, −90..=90.
    pub north: f64,
    /// Eastern edge, −180..=180.
    pub east: f64,
}

impl BBox {
    /// The whole world.
    pub const WORLD: BBox = BBox {
        south: -90.0,
        west: -180.0,
        north: 90.0,
        east: 180.0,
    };

    /// Whether the box crosses the antimeridian (`west > east`).
    pub fn crosses_antimeridian(&self) -> bool {
        self.west > self.east
    }
}

/// Reads like `32.96°N–36.86°N, 33.48°E–41.82°E`, for a caption under the map.
impl std::fmt::Display for BBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lat = |v: f64| format!("{:.2}°{}", v.abs(), if v < 0.0 { 'S' } else { 'N' });
        let lon = |v: f64| format!("{:.2}°{}", v.abs(), if v < 0.0 { 'W' } else { 'E' });
        write!(
            f,
            "{}–{}, {}–{}",
            lat(self.south),
            lat(self.north),
            lon(self.west),
            lon(self.east)
        )
    }
}

/// One photo to place on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct MapPoint {
    /// The record id, handed to [`MapOptions::point_href`].
    pub id: String,
    /// Latitude in degrees, −90..=90; anything else is skipped.
    pub lat: f64,
    /// Longitude in degrees, −180..=180; anything else is skipped.
    pub lon: f64,
    /// How exactly the coordinates locate the photo.
    pub precision: Precision,
    /// Short text for the tooltip, e.g. the place name as written.
    pub label: String,
}

/// How to draw a map.
pub struct MapOptions<'a> {
    /// Width of the SVG in pixels, clamped to 200..=4096.
    pub width: u32,
    /// Height of the SVG in pixels including the legend strip, clamped to 150..=4096.
    pub height: u32,
    /// The link of a single photo's marker, from its record id.
    pub point_href: &'a dyn Fn(&str) -> String,
    /// The link of a cluster, from the box around its photos (e.g. the search narrowed to it).
    pub cluster_href: &'a dyn Fn(BBox) -> String,
    /// The accessible name of the SVG (its `<title>`).
    pub title: String,
}

/// A drawn map and what it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    /// The `<svg>` element, ready to embed in HTML or save as a file.
    pub svg: String,
    /// The area shown, for a caption such as "12 photos in 32.1°N–37.5°N, 35.2°E–42.9°E".
    pub extent: BBox,
    /// Points drawn.
    pub shown: usize,
    /// Points skipped for coordinates that are not finite or out of range.
    pub skipped: usize,
    /// Markers drawn (single photos and clusters).
    pub markers: usize,
    /// Markers that stand for more than one photo.
    pub clusters: usize,
}

/// Fraction of the results' span added on each side, so no marker sits on the edge.
const MARGIN: f64 = 0.15;
/// Smallest span in degrees, so one photo or a tight cluster still shows its surroundings
/// (3° is about 330 km: enough to see the neighbouring cities and a border or a coast).
const MIN_SPAN: f64 = 3.0;
/// Markers whose centres are closer than this (in pixels) are merged into one.
const CLUSTER_RADIUS: f64 = 24.0;
/// Ring points closer than this (in tenths of a pixel) to the previous kept one are dropped.
const MIN_STEP_TENTHS: i64 = 5;
/// Ring points closer than this (in tenths of a pixel) to the simplified outline are dropped.
const TOLERANCE_TENTHS: f64 = 4.0;

const SEA: &str = "#dce8f1";
const LAND: &str = "#f4f1ea";
const BORDER: &str = "#9c968a";
const INK: &str = "#222222";
/// Marker colours, one per [`Precision`]. Shape tells them apart too (filled dot, ring, dashed
/// halo), so nobody has to rely on colour alone.
const COLOUR: [&str; 3] = ["#b2182b", "#2166ac", "#4d4d4d"];

/// Draws `points` on a map zoomed to them (the world when there are none).
///
/// Never fails: points with non-finite or out-of-range coordinates are skipped and counted in
/// [`Map::skipped`].
pub fn map_svg(points: &[MapPoint], opts: &MapOptions) -> Map {
    let width = f64::from(opts.width.clamp(200, 4096));
    let height = f64::from(opts.height.clamp(150, 4096));
    let valid: Vec<&MapPoint> = points
        .iter()
        .filter(|p| p.lat.is_finite() && p.lon.is_finite())
        .filter(|p| (-90.0..=90.0).contains(&p.lat) && (-180.0..=180.0).contains(&p.lon))
        .collect();
    let skipped = points.len() - valid.len();

    let legend = legend_layout(width);
    let map_h = height - legend.height;
    let view = View::fit(&valid, width, map_h);
    let clusters = cluster(&valid, &view);

    let mut svg = String::with_capacity(64 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="dl-chart dl-map" viewBox="0 0 {w} {h}" width="{w}" height="{h}" overflow="hidden" font-family="sans-serif"><title>"#,
        w = n(width),
        h = n(height)
    );
    esc(&mut svg, &opts.title);
    svg.push_str("</title>");
    let _ = write!(
        svg,
        r#"<rect class="dl-sea" width="{}" height="{}" fill="{SEA}"/>"#,
        n(width),
        n(map_h)
    );
    let _ = write!(
        svg,
        r#"<g class="dl-countries" fill="{LAND}" stroke="{BORDER}" stroke-width="0.6" stroke-linejoin="round" fill-rule="evenodd">"#
    );
    for country in COUNTRIES.iter() {
        draw_country(&mut svg, country, &view);
    }
    svg.push_str("</g>");

    svg.push_str(r#"<g class="dl-markers">"#);
    let mut order: Vec<&Cluster> = clusters.iter().collect();
    // Big, vague marks first so that exact dots are never hidden under a halo.
    order.sort_by(|a, b| {
        a.layer()
            .cmp(&b.layer())
            .then(a.y.total_cmp(&b.y))
            .then(a.x.total_cmp(&b.x))
    });
    for c in &order {
        draw_marker(&mut svg, c, &valid, &view, opts);
    }
    svg.push_str("</g>");

    draw_legend(&mut svg, &legend, width, map_h);
    svg.push_str("</svg>");

    Map {
        svg,
        extent: view.extent(),
        shown: valid.len(),
        skipped,
        markers: clusters.len(),
        clusters: clusters.iter().filter(|c| c.members.len() > 1).count(),
    }
}

/// Equirectangular projection with a cos(latitude) correction, fitted to the view.
///
/// Why not Web-Mercator: the views are regional (a country, a province), where a plate carrée
/// stretched by the cosine of the view's middle latitude keeps shapes right, and a world view
/// keeps the poles in proportion to their (small) share of photos. The correction is fixed per
/// map, so distances are exact at the middle latitude only.
#[derive(Debug, Clone, Copy)]
struct View {
    /// Longitude and latitude of the centre of the map area.
    clon: f64,
    clat: f64,
    /// cos(middle latitude): horizontal pixels per degree are `k · scale`.
    k: f64,
    /// Pixels per degree of latitude.
    scale: f64,
    /// Size of the map area in pixels (the legend strip is below it).
    w: f64,
    h: f64,
}

impl View {
    fn fit(points: &[&MapPoint], w: f64, h: f64) -> View {
        let (mut west, mut east, mut south, mut north) = (-180.0, 180.0, -60.0, 85.0);
        if !points.is_empty() {
            south = points.iter().map(|p| p.lat).fold(f64::INFINITY, f64::min);
            north = points
                .iter()
                .map(|p| p.lat)
                .fold(f64::NEG_INFINITY, f64::max);
            (west, east) = lon_range(points.iter().map(|p| p.lon).collect());
            let pad = |lo: f64, hi: f64| {
                let c = (lo + hi) / 2.0;
                let half = (hi - lo).max(MIN_SPAN) * (0.5 + MARGIN);
                (c - half, c + half)
            };
            (south, north) = pad(south, north);
            (west, east) = pad(west, east);
        }
        let lat_span = (north - south).min(180.0);
        let mut clat = ((south + north) / 2.0).clamp(-90.0 + lat_span / 2.0, 90.0 - lat_span / 2.0);
        let lon_span = (east - west).min(360.0);
        let clon = (west + east) / 2.0;
        let k = clat.to_radians().cos().clamp(0.3, 1.0);
        let scale = (w / (lon_span * k)).min(h / lat_span);
        // The map area is usually more or less elongated than the results: the extra room shows
        // more surroundings, kept inside the poles where possible.
        let vis_lat = h / scale;
        if vis_lat <= 180.0 {
            clat = clat.clamp(-90.0 + vis_lat / 2.0, 90.0 - vis_lat / 2.0);
        }
        View {
            clon,
            clat,
            k,
            scale,
            w,
            h,
        }
    }

    fn project(&self, lon: f64, lat: f64) -> (f64, f64) {
        (
            self.w / 2.0 + (lon - self.clon) * self.k * self.scale,
            self.h / 2.0 - (lat - self.clat) * self.scale,
        )
    }

    /// Longitudes drawn: at most one turn of the globe around the centre, so a wide view never
    /// shows a country twice.
    fn lon_window(&self) -> (f64, f64) {
        let half = (self.w / 2.0 / (self.k * self.scale)).min(180.0);
        (self.clon - half, self.clon + half)
    }

    fn lat_window(&self) -> (f64, f64) {
        let half = self.h / 2.0 / self.scale;
        ((self.clat - half).max(-90.0), (self.clat + half).min(90.0))
    }

    /// `lon` moved by whole turns into the window centred on the view.
    fn wrap(&self, lon: f64) -> f64 {
        self.clon - 180.0 + (lon - (self.clon - 180.0)).rem_euclid(360.0)
    }

    fn extent(&self) -> BBox {
        let (south, north) = self.lat_window();
        let (west, east) = self.lon_window();
        lon_box(south, west, north, east)
    }
}

/// A box from unwrapped longitudes (`west <= east`, possibly beyond ±180).
fn lon_box(south: f64, west: f64, north: f64, east: f64) -> BBox {
    if east - west >= 360.0 - 1e-9 {
        return BBox {
            south,
            west: -180.0,
            north,
            east: 180.0,
        };
    }
    BBox {
        south,
        west: (west + 180.0).rem_euclid(360.0) - 180.0,
        north,
        east: 180.0 - (180.0 - east).rem_euclid(360.0),
    }
}

/// The shortest range of longitudes holding all of `lons`: the circle minus its largest empty
/// gap. Returns `(west, east)` with `west <= east`; `east` exceeds 180 when the range crosses the
/// antimeridian (points in Fiji and Samoa give 177..189, not −171..177 around the world).
fn lon_range(mut lons: Vec<f64>) -> (f64, f64) {
    lons.sort_by(f64::total_cmp);
    let (first, last) = (lons[0], lons[lons.len() - 1]);
    let mut best = (first + 360.0 - last, first, last);
    for pair in lons.windows(2) {
        let gap = pair[1] - pair[0];
        if gap > best.0 {
            best = (gap, pair[1], pair[0] + 360.0);
        }
    }
    (best.1, best.2)
}

fn draw_country(svg: &mut String, country: &Country, view: &View) {
    let (west, east) = view.lon_window();
    let (south, north) = view.lat_window();
    let overlaps = |b: &[f64; 4], shift: f64| {
        b[0] + shift <= east && b[2] + shift >= west && b[1] <= north && b[3] >= south
    };
    let mut d = String::new();
    for shift in [-360.0, 0.0, 360.0] {
        if !overlaps(&country.bounds, shift) {
            continue;
        }
        for polygon in &country.polygons {
            if !overlaps(&polygon.bounds, shift) {
                continue;
            }
            for ring in &polygon.rings {
                let projected: Vec<(f64, f64)> = ring
                    .iter()
                    .map(|&(lon, lat)| view.project(lon + shift, lat))
                    .collect();
                ring_path(&mut d, clip(projected, view.w, view.h));
            }
        }
    }
    if !d.is_empty() {
        let _ = write!(svg, r#"<path d="{d}"><title>"#);
        esc(svg, &country.name);
        svg.push_str("</title></path>");
    }
}

/// Cuts a ring to the map area plus a small border (Sutherland–Hodgman, one edge at a time).
///
/// Without it a zoom on Syria would carry all of Russia's coastline at a scale where no point
/// is dropped. Cut edges run along the border outside the visible area, so they never show.
fn clip(mut ring: Vec<(f64, f64)>, w: f64, h: f64) -> Vec<(f64, f64)> {
    const PAD: f64 = 3.0;
    let (x0, y0, x1, y1) = (-PAD, -PAD, w + PAD, h + PAD);
    if ring
        .iter()
        .all(|&(x, y)| x >= x0 && x <= x1 && y >= y0 && y <= y1)
    {
        return ring;
    }
    // (axis, bound, keep values above the bound?)
    for (axis, bound, above) in [(0, x0, true), (0, x1, false), (1, y0, true), (1, y1, false)] {
        if ring.is_empty() {
            break;
        }
        let get = |p: &(f64, f64)| if axis == 0 { p.0 } else { p.1 };
        let inside = |p: &(f64, f64)| {
            if above {
                get(p) >= bound
            } else {
                get(p) <= bound
            }
        };
        let cross = |a: &(f64, f64), b: &(f64, f64)| {
            let t = (bound - get(a)) / (get(b) - get(a));
            let p = (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1));
            if axis == 0 {
                (bound, p.1)
            } else {
                (p.0, bound)
            }
        };
        let mut out = Vec::with_capacity(ring.len());
        let mut prev = ring[ring.len() - 1];
        for &cur in &ring {
            match (inside(&prev), inside(&cur)) {
                (true, true) => out.push(cur),
                (true, false) => out.push(cross(&prev, &cur)),
                (false, true) => {
                    out.push(cross(&prev, &cur));
                    out.push(cur);
                }
                (false, false) => {}
            }
            prev = cur;
        }
        ring = out;
    }
    ring
}

/// Appends one ring as `M x y l dx dy … z` in tenths of a pixel, dropping points that moved
/// less than half a pixel: at world scale most of the 50m file's points fall together.
fn ring_path(d: &mut String, ring: Vec<(f64, f64)>) {
    let mut kept: Vec<(i64, i64)> = Vec::with_capacity(ring.len());
    for (x, y) in ring {
        let p = ((x * 10.0).round() as i64, (y * 10.0).round() as i64);
        if let Some(&(px, py)) = kept.last() {
            let (dx, dy) = (p.0 - px, p.1 - py);
            if dx * dx + dy * dy < MIN_STEP_TENTHS * MIN_STEP_TENTHS {
                continue;
            }
        }
        kept.push(p);
    }
    while kept.len() > 1 {
        let (a, b) = (kept[0], kept[kept.len() - 1]);
        let (dx, dy) = (a.0 - b.0, a.1 - b.1);
        if dx * dx + dy * dy < MIN_STEP_TENTHS * MIN_STEP_TENTHS {
            kept.pop();
        } else {
            break;
        }
    }
    if kept.len() < 3 {
        return;
    }
    let kept = simplify(&kept);
    if kept.len() < 3 {
        return;
    }
    d.push('M');
    tenths(d, kept[0].0);
    sep(d, kept[0].1);
    tenths(d, kept[0].1);
    d.push('l');
    let mut first = true;
    for pair in kept.windows(2) {
        let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
        if !first {
            sep(d, dx);
        }
        first = false;
        tenths(d, dx);
        sep(d, dy);
        tenths(d, dy);
    }
    d.push('z');
}

/// Drops the points of a closed ring that lie within [`TOLERANCE_TENTHS`] of the line through
/// their neighbours (Douglas–Peucker). After the half-pixel step filter, a coastline at world
/// scale is still a zigzag of near-collinear points; this removes them without a visible change,
/// and is what keeps the world map near 200 KB.
fn simplify(ring: &[(i64, i64)]) -> Vec<(i64, i64)> {
    // Split the ring at its point farthest from the first, then simplify both halves as lines.
    let first = ring[0];
    let far = (1..ring.len())
        .max_by_key(|&i| (ring[i].0 - first.0).pow(2) + (ring[i].1 - first.1).pow(2))
        .unwrap_or(0);
    let mut keep = vec![false; ring.len() + 1];
    keep[0] = true;
    keep[far] = true;
    keep[ring.len()] = true;
    let at = |i: usize| ring[i % ring.len()];
    let mut stack = vec![(0, far), (far, ring.len())];
    while let Some((a, b)) = stack.pop() {
        if b <= a + 1 {
            continue;
        }
        let (p, q) = (at(a), at(b));
        let (dx, dy) = ((q.0 - p.0) as f64, (q.1 - p.1) as f64);
        let len = dx.hypot(dy);
        let mut best = (0.0, a);
        for i in a + 1..b {
            let r = at(i);
            let (rx, ry) = ((r.0 - p.0) as f64, (r.1 - p.1) as f64);
            let dist = if len == 0.0 {
                rx.hypot(ry)
            } else {
                (rx * dy - ry * dx).abs() / len
            };
            if dist > best.0 {
                best = (dist, i);
            }
        }
        if best.0 > TOLERANCE_TENTHS {
            keep[best.1] = true;
            stack.push((a, best.1));
            stack.push((best.1, b));
        }
    }
    (0..ring.len())
        .filter(|&i| keep[i])
        .map(|i| ring[i])
        .collect()
}

/// A space between two numbers, unless the next one's minus sign already separates them.
fn sep(d: &mut String, next: i64) {
    if next >= 0 {
        d.push(' ');
    }
}

/// Radius of a cluster's disc: grows with the count, slowly, so a big cluster does not hide
/// its neighbours.
fn cluster_radius(total: usize) -> f64 {
    (10.0 + 2.2 * (total as f64).ln()).min(20.0)
}

/// How far a marker reaches from its centre, stroke included: what must not overlap.
fn reach(members: usize, single: Precision) -> f64 {
    match (members, single) {
        (1, Precision::Exact) => 6.0,
        (1, Precision::Near) => 8.0,
        (1, Precision::Region) => 14.0,
        _ => cluster_radius(members) + 2.0,
    }
}

/// Points drawn as one marker.
#[derive(Debug)]
struct Cluster {
    /// Centre in pixels (the mean of the members).
    x: f64,
    y: f64,
    /// Indices into the valid points.
    members: Vec<usize>,
    /// Members per [`Precision`].
    counts: [usize; 3],
}

impl Cluster {
    fn layer(&self) -> u8 {
        match (self.members.len(), self.counts) {
            (1, [1, 0, 0]) => 3,
            (1, [0, 1, 0]) => 2,
            (1, _) => 0,
            _ => 1,
        }
    }

    fn least_precise(&self) -> Precision {
        if self.counts[2] > 0 {
            Precision::Region
        } else if self.counts[1] > 0 {
            Precision::Near
        } else {
            Precision::Exact
        }
    }
}

/// Groups points whose markers would overlap.
///
/// A greedy "leader" pass (each point joins the first cluster started within
/// [`CLUSTER_RADIUS`] pixels, else starts one), then passes that merge clusters whose centres
/// ended up within the radius of each other. A fixed grid would split two photos a pixel apart
/// when a cell border runs between them. Points are taken in a fixed order (position, then id),
/// so the same results give the same map whatever order the search returned them in. A spatial
/// hash of radius-sized cells keeps it linear in the number of points.
fn cluster(points: &[&MapPoint], view: &View) -> Vec<Cluster> {
    let mut placed: Vec<(f64, f64, usize)> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (x, y) = view.project(view.wrap(p.lon), p.lat);
            (x, y, i)
        })
        .collect();
    placed.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then_with(|| points[a.2].id.cmp(&points[b.2].id))
    });

    let mut clusters: Vec<Cluster> = Vec::new();
    let cell = |x: f64, y: f64| {
        (
            (x / CLUSTER_RADIUS).floor() as i64,
            (y / CLUSTER_RADIUS).floor() as i64,
        )
    };
    // The closest spot to (x, y) within its reach: `spots` are (x, y, reach) and two markers
    // are merged when closer than CLUSTER_RADIUS or than their reaches added up. Reaches are
    // at most 22 px, so the cells two away (48 px) hold every candidate.
    let nearest = |grid: &HashMap<(i64, i64), Vec<usize>>,
                   spots: &[(f64, f64, f64)],
                   x: f64,
                   y: f64,
                   reach: f64| {
        let (cx, cy) = cell(x, y);
        let mut best: Option<(f64, usize)> = None;
        for gx in cx - 2..=cx + 2 {
            for gy in cy - 2..=cy + 2 {
                for &j in grid.get(&(gx, gy)).into_iter().flatten() {
                    let (sx, sy, sr) = spots[j];
                    let d2 = (sx - x).powi(2) + (sy - y).powi(2);
                    let limit = CLUSTER_RADIUS.max(reach + sr);
                    if d2 <= limit * limit && best.is_none_or(|(bd, bj)| (d2, j) < (bd, bj)) {
                        best = Some((d2, j));
                    }
                }
            }
        }
        best.map(|(_, j)| j)
    };

    // Leader pass: a point joins the cluster whose first point is within CLUSTER_RADIUS.
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let mut leaders: Vec<(f64, f64, f64)> = Vec::new();
    for &(x, y, i) in &placed {
        match nearest(&grid, &leaders, x, y, 0.0) {
            Some(j) => clusters[j].members.push(i),
            None => {
                grid.entry(cell(x, y)).or_default().push(leaders.len());
                leaders.push((x, y, 0.0));
                clusters.push(Cluster {
                    x,
                    y,
                    members: vec![i],
                    counts: [0; 3],
                });
            }
        }
    }
    let mut pos = vec![(0.0, 0.0); points.len()];
    for &(x, y, i) in &placed {
        pos[i] = (x, y);
    }
    let centre = |c: &mut Cluster| {
        let k = c.members.len() as f64;
        c.x = c.members.iter().map(|&i| pos[i].0).sum::<f64>() / k;
        c.y = c.members.iter().map(|&i| pos[i].1).sum::<f64>() / k;
    };
    let reach_of = |c: &Cluster| reach(c.members.len(), points[c.members[0]].precision);
    clusters.iter_mut().for_each(centre);

    // Merge passes: markers that overlap (centres drifted together, or grown clusters touching)
    // are merged, until none do. Each pass is linear; a few suffice in practice, and the bound
    // only guards against a pathological input taking long.
    for _ in 0..16 {
        let mut merged: Vec<Cluster> = Vec::with_capacity(clusters.len());
        let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
        let mut spots: Vec<(f64, f64, f64)> = Vec::new();
        let before = clusters.len();
        for c in clusters {
            match nearest(&grid, &spots, c.x, c.y, reach_of(&c)) {
                Some(j) => {
                    merged[j].members.extend(c.members);
                    centre(&mut merged[j]);
                    spots[j] = (merged[j].x, merged[j].y, reach_of(&merged[j]));
                }
                None => {
                    grid.entry(cell(c.x, c.y)).or_default().push(spots.len());
                    spots.push((c.x, c.y, reach_of(&c)));
                    merged.push(c);
                }
            }
        }
        clusters = merged;
        if clusters.len() == before {
            break;
        }
    }
    for c in &mut clusters {
        c.counts = [0; 3];
        for &i in &c.members {
            c.counts[points[i].precision.index()] += 1;
        }
    }
    clusters
}

fn draw_marker(
    svg: &mut String,
    c: &Cluster,
    points: &[&MapPoint],
    view: &View,
    opts: &MapOptions,
) {
    let (x, y) = (n(c.x), n(c.y));
    if let [i] = c.members[..] {
        let p = points[i];
        let _ = write!(
            svg,
            r#"<a class="dl-marker dl-point {}" href=""#,
            p.precision.class()
        );
        esc(svg, &(opts.point_href)(&p.id));
        svg.push_str(r#""><title>"#);
        if p.label.trim().is_empty() {
            svg.push_str("1 photo");
        } else {
            esc(svg, &p.label);
        }
        let _ = write!(svg, " ({})</title>", p.precision.describe());
        point_symbol(svg, p.precision, &x, &y);
        svg.push_str("</a>");
        return;
    }

    let total = c.members.len();
    // The box around the members, in the view's unwrapped longitudes.
    let (mut south, mut north) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut west, mut east) = (f64::INFINITY, f64::NEG_INFINITY);
    for &i in &c.members {
        let lon = view.wrap(points[i].lon);
        south = south.min(points[i].lat);
        north = north.max(points[i].lat);
        west = west.min(lon);
        east = east.max(lon);
    }
    let bbox = lon_box(south, west, north, east);
    let mixed = c.counts.iter().filter(|&&k| k > 0).count() > 1;
    let _ = write!(
        svg,
        r#"<a class="dl-marker dl-cluster {}{}" href=""#,
        c.least_precise().class(),
        if mixed { " dl-mixed" } else { "" }
    );
    esc(svg, &(opts.cluster_href)(bbox));
    let _ = write!(
        svg,
        r#""><title>{} photos ("#,
        crate::svg::thousands(total as u64)
    );
    let parts: Vec<String> = [Precision::Exact, Precision::Near, Precision::Region]
        .iter()
        .filter(|p| c.counts[p.index()] > 0)
        .map(|p| format!("{} {}", c.counts[p.index()], p.describe()))
        .collect();
    svg.push_str(&parts.join(", "));
    svg.push(')');
    // A few place names so the tooltip says where, not only how many.
    let mut labels: Vec<&str> = c
        .members
        .iter()
        .map(|&i| points[i].label.trim())
        .filter(|l| !l.is_empty())
        .collect();
    labels.sort_unstable();
    labels.dedup();
    if !labels.is_empty() {
        svg.push_str(": ");
        esc(
            svg,
            &labels
                .iter()
                .take(3)
                .copied()
                .collect::<Vec<_>>()
                .join(", "),
        );
        if labels.len() > 3 {
            svg.push_str(", …");
        }
    }
    svg.push_str("</title>");
    let r = cluster_radius(total);
    cluster_symbol(svg, c.x, c.y, r, total, c.counts);
    svg.push_str("</a>");
}

/// A single photo: filled dot (exact), ring (near), large dashed halo (province or country).
fn point_symbol(svg: &mut String, p: Precision, x: &str, y: &str) {
    let col = COLOUR[p.index()];
    let _ = match p {
        Precision::Exact => write!(
            svg,
            r##"<circle cx="{x}" cy="{y}" r="5" fill="{col}" stroke="#fff" stroke-width="1.5"/>"##
        ),
        Precision::Near => write!(
            svg,
            r##"<circle cx="{x}" cy="{y}" r="6.5" fill="#fff" fill-opacity="0.7" stroke="{col}" stroke-width="3"/>"##
        ),
        Precision::Region => write!(
            svg,
            r#"<circle cx="{x}" cy="{y}" r="13" fill="{col}" fill-opacity="0.12" stroke="{col}" stroke-width="2" stroke-dasharray="4 3"/>"#
        ),
    };
}

/// A cluster: a disc with the count, ringed by arcs whose lengths are the shares of each
/// precision, each arc in that precision's colour and the vague one dashed. The disc is filled
/// only when every member is exact.
fn cluster_symbol(svg: &mut String, cx: f64, cy: f64, r: f64, total: usize, counts: [usize; 3]) {
    let all_exact = counts[0] == total;
    let (body, ink) = if all_exact {
        (COLOUR[0], "#fff")
    } else {
        ("#fff", INK)
    };
    let _ = write!(
        svg,
        r#"<circle cx="{}" cy="{}" r="{}" fill="{body}"/>"#,
        n(cx),
        n(cy),
        n(r)
    );
    let present: Vec<usize> = (0..3).filter(|&i| counts[i] > 0).collect();
    let stroke = |i: usize| {
        let dash = if i == 2 {
            r#" stroke-dasharray="3 2""#
        } else {
            ""
        };
        format!(
            r#"fill="none" stroke="{}" stroke-width="3.5"{dash}"#,
            COLOUR[i]
        )
    };
    if let [only] = present[..] {
        let _ = write!(
            svg,
            r#"<circle cx="{}" cy="{}" r="{}" {}/>"#,
            n(cx),
            n(cy),
            n(r),
            stroke(only)
        );
    } else {
        // Arcs clockwise from the top, exact first.
        let mut start = 0.0f64;
        for &i in &present {
            let sweep = counts[i] as f64 / total as f64 * std::f64::consts::TAU;
            let end = start + sweep;
            let at = |a: f64| (cx + r * a.sin(), cy - r * a.cos());
            let (x0, y0) = at(start);
            let (x1, y1) = at(end);
            let large = u8::from(sweep > std::f64::consts::PI);
            let _ = write!(
                svg,
                r#"<path d="M{} {}A{r} {r} 0 {large} 1 {} {}" {}/>"#,
                n(x0),
                n(y0),
                n(x1),
                n(y1),
                stroke(i),
                r = n(r)
            );
            start = end;
        }
    }
    let label = short_count(total);
    let size = if label.len() > 3 { 9 } else { 11 };
    let _ = write!(
        svg,
        r#"<text class="dl-count" x="{}" y="{}" dy="0.35em" text-anchor="middle" font-size="{size}" font-weight="bold" fill="{ink}">{label}</text>"#,
        n(cx),
        n(cy)
    );
}

/// A count that fits in a marker: `7`, `480`, `1.2k`, `35k`, `1.2M`.
fn short_count(v: usize) -> String {
    // Truncated, not rounded: 1,999 photos must not read as 2k.
    let tenths = |unit: usize| {
        let t = v / (unit / 10);
        if t.is_multiple_of(10) {
            format!("{}", t / 10)
        } else {
            format!("{}.{}", t / 10, t % 10)
        }
    };
    match v {
        0..1000 => v.to_string(),
        1000..10_000 => format!("{}k", tenths(1000)),
        10_000..1_000_000 => format!("{}k", v / 1000),
        _ => format!("{}M", tenths(1_000_000)),
    }
}

/// Where the legend's items go: a strip below the map, wrapped into rows to fit the width.
struct Legend {
    height: f64,
    /// (row, x, item)
    items: Vec<(usize, f64, LegendItem)>,
    /// (row, x) of the attribution, right-aligned at x.
    attribution: (usize, f64),
}

#[derive(Clone, Copy)]
enum LegendItem {
    Point(Precision),
    Cluster,
}

const ATTRIBUTION: &str = "Borders: Natural Earth";
const ROW_H: f64 = 22.0;
const LEGEND_FONT: f64 = 11.0;

impl LegendItem {
    fn text(self) -> &'static str {
        match self {
            LegendItem::Point(Precision::Exact) => "Exact place",
            LegendItem::Point(Precision::Near) => "Near the named place",
            LegendItem::Point(Precision::Region) => "Province or country only",
            LegendItem::Cluster => "Several photos (ring: share of each kind)",
        }
    }
}

fn legend_layout(width: f64) -> Legend {
    const SYMBOL: f64 = 30.0;
    const GAP: f64 = 14.0;
    let all = [
        LegendItem::Point(Precision::Exact),
        LegendItem::Point(Precision::Near),
        LegendItem::Point(Precision::Region),
        LegendItem::Cluster,
    ];
    let (mut row, mut x) = (0, 8.0);
    let mut items = Vec::new();
    for item in all {
        let w = SYMBOL + text_width(item.text(), LEGEND_FONT);
        if x > 8.0 && x + w > width - 8.0 {
            row += 1;
            x = 8.0;
        }
        items.push((row, x, item));
        x += w + GAP;
    }
    let aw = text_width(ATTRIBUTION, 10.0);
    if x + aw > width - 8.0 {
        row += 1;
    }
    Legend {
        height: (row + 1) as f64 * ROW_H + 8.0,
        items,
        attribution: (row, width - 8.0),
    }
}

fn draw_legend(svg: &mut String, legend: &Legend, width: f64, top: f64) {
    let _ = write!(
        svg,
        r##"<g class="dl-legend" font-size="{}" fill="{INK}"><rect y="{}" width="{}" height="{}" fill="#fff"/>"##,
        n(LEGEND_FONT),
        n(top),
        n(width),
        n(legend.height)
    );
    let row_y = |row: usize| top + 4.0 + ROW_H * (row as f64 + 0.5);
    for &(row, x, item) in &legend.items {
        let cy = row_y(row);
        let sx = n(x + 14.0);
        let sy = n(cy);
        match item {
            LegendItem::Point(p) => {
                // The halo is shrunk to fit the row; it is the dashes that matter.
                if p == Precision::Region {
                    let col = COLOUR[2];
                    let _ = write!(
                        svg,
                        r#"<circle cx="{sx}" cy="{sy}" r="9" fill="{col}" fill-opacity="0.12" stroke="{col}" stroke-width="2" stroke-dasharray="4 3"/>"#
                    );
                } else {
                    point_symbol(svg, p, &sx, &sy);
                }
            }
            LegendItem::Cluster => {
                // A cluster of 3 (2 exact, 1 near), shrunk to fit the row.
                cluster_symbol(svg, x + 14.0, cy, 8.5, 3, [2, 1, 0]);
            }
        }
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" dy="0.35em">{}</text>"#,
            n(x + 30.0),
            n(cy),
            escaped(item.text())
        );
    }
    let (row, x) = legend.attribution;
    let _ = write!(
        svg,
        r##"<text class="dl-attribution" x="{}" y="{}" dy="0.35em" text-anchor="end" font-size="10" fill="#555">{ATTRIBUTION}</text></g>"##,
        n(x),
        n(row_y(row))
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(id: &str, lat: f64, lon: f64, precision: Precision, label: &str) -> MapPoint {
        MapPoint {
            id: id.into(),
            lat,
            lon,
            precision,
            label: label.into(),
        }
    }

    fn draw(points: &[MapPoint]) -> Map {
        let point_href = |id: &str| format!("/r/{id}");
        let cluster_href =
            |b: BBox| format!("/s?bbox={},{},{},{}", b.south, b.west, b.north, b.east);
        let opts = MapOptions {
            width: 800,
            height: 500,
            point_href: &point_href,
            cluster_href: &cluster_href,
            title: "Map".into(),
        };
        let map = map_svg(points, &opts);
        roxmltree::Document::parse(&map.svg).expect("well-formed SVG");
        map
    }

    fn country_titles(svg: &str) -> Vec<String> {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let g = doc
            .descendants()
            .find(|e| e.attribute("class") == Some("dl-countries"))
            .unwrap();
        g.children()
            .filter_map(|p| {
                p.children()
                    .find(|c| c.has_tag_name("title"))
                    .and_then(|t| t.text())
            })
            .map(str::to_owned)
            .collect()
    }

    const ALEPPO: (f64, f64) = (36.2, 37.16);
    const PARIS: (f64, f64) = (48.8566, 2.3522);

    #[test]
    fn a_point_in_aleppo_lies_inside_the_viewport_with_its_surroundings() {
        let map = draw(&[pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo")]);
        let valid = [&pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "")];
        let view = View::fit(&valid, 800.0, 500.0 - legend_layout(800.0).height);
        let (x, y) = view.project(ALEPPO.1, ALEPPO.0);
        assert!(
            (0.0..800.0).contains(&x) && (0.0..view.h).contains(&y),
            "{x} {y}"
        );
        // Centred, and at least MIN_SPAN wide around it.
        assert!((x - 400.0).abs() < 1.0 && (y - view.h / 2.0).abs() < 1.0);
        let e = map.extent;
        assert!(
            e.south < ALEPPO.0 - 1.5 && e.north > ALEPPO.0 + 1.5,
            "{e:?}"
        );
        assert!(e.west < ALEPPO.1 - 1.5 && e.east > ALEPPO.1 + 1.5, "{e:?}");
        assert!(e.north - e.south < 10.0, "zoomed in: {e:?}");
        assert_eq!(
            (map.shown, map.skipped, map.markers, map.clusters),
            (1, 0, 1, 0)
        );
    }

    #[test]
    fn the_syria_view_draws_syria_and_its_neighbours_but_not_brazil() {
        let map = draw(&[
            pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo"),
            pt("d", 33.51, 36.28, Precision::Exact, "Damascus"),
            pt("q", 34.93, 40.0, Precision::Near, "Deir ez-Zor"),
        ]);
        let names = country_titles(&map.svg);
        for expected in ["Syria", "Turkey", "Lebanon", "Iraq", "Jordan"] {
            assert!(
                names.iter().any(|n| n == expected),
                "{expected} missing from {names:?}"
            );
        }
        for absent in ["Brazil", "France", "Russia"] {
            assert!(!names.iter().any(|n| n == absent), "{absent} drawn");
        }
        assert!(map.svg.len() < 40_000, "{} bytes", map.svg.len());
    }

    #[test]
    fn the_world_view_without_points_is_whole_and_small() {
        let map = draw(&[]);
        let names = country_titles(&map.svg);
        assert!(names.len() > 150, "{}", names.len());
        assert!(names.iter().any(|n| n == "Brazil") && names.iter().any(|n| n == "Syria"));
        assert_eq!((map.extent.west, map.extent.east), (-180.0, 180.0));
        assert!(map.svg.len() < 200_000, "{} bytes", map.svg.len());
        assert_eq!(map.markers, 0);
    }

    #[test]
    fn two_photos_a_kilometre_apart_make_one_cluster_of_two() {
        let map = draw(&[
            pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo"),
            pt(
                "b",
                ALEPPO.0 + 0.009,
                ALEPPO.1,
                Precision::Exact,
                "Aleppo old city",
            ),
        ]);
        assert_eq!((map.markers, map.clusters), (1, 1));
        let m = crate::svg::links(&map.svg);
        assert_eq!(m.len(), 1);
        assert!(
            m[0].0.contains("dl-cluster") && m[0].0.contains("dl-exact"),
            "{m:?}"
        );
        assert_eq!(
            m[0].1,
            format!(
                "/s?bbox={},{},{},{}",
                ALEPPO.0,
                ALEPPO.1,
                ALEPPO.0 + 0.009,
                ALEPPO.1
            )
        );
        assert!(
            m[0].2
                .starts_with("2 photos (2 exact place): Aleppo, Aleppo old city"),
            "{}",
            m[0].2
        );
    }

    #[test]
    fn aleppo_and_paris_are_two_markers() {
        let map = draw(&[
            pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo"),
            pt("p", PARIS.0, PARIS.1, Precision::Exact, "Paris"),
        ]);
        assert_eq!((map.markers, map.clusters), (2, 0));
        let m = crate::svg::links(&map.svg);
        let hrefs: Vec<&str> = m.iter().map(|m| m.1.as_str()).collect();
        assert!(
            hrefs.contains(&"/r/a") && hrefs.contains(&"/r/p"),
            "{hrefs:?}"
        );
        let names = country_titles(&map.svg);
        assert!(names.iter().any(|n| n == "France") && names.iter().any(|n| n == "Syria"));
    }

    #[test]
    fn many_close_points_never_leave_overlapping_markers() {
        let points: Vec<MapPoint> = (0..400)
            .map(|i| {
                let (a, b) = (f64::from(i % 20), f64::from(i / 20));
                pt(
                    &i.to_string(),
                    33.0 + a * 0.21,
                    36.0 + b * 0.29,
                    Precision::Near,
                    "",
                )
            })
            .collect();
        let map = draw(&points);
        let valid: Vec<&MapPoint> = points.iter().collect();
        let view = View::fit(&valid, 800.0, 500.0 - legend_layout(800.0).height);
        let clusters = cluster(&valid, &view);
        assert_eq!(clusters.iter().map(|c| c.members.len()).sum::<usize>(), 400);
        assert_eq!(map.markers, clusters.len());
        let r = |c: &Cluster| reach(c.members.len(), points[c.members[0]].precision);
        for (i, a) in clusters.iter().enumerate() {
            for b in &clusters[i + 1..] {
                let d = (a.x - b.x).hypot(a.y - b.y);
                let apart = CLUSTER_RADIUS.max(r(a) + r(b));
                assert!(
                    d > apart * 0.9,
                    "markers {d:.1} px apart, {apart:.1} wanted"
                );
            }
        }
    }

    #[test]
    fn precision_styles_differ() {
        let symbol = |p: Precision| {
            let map = draw(&[pt("a", ALEPPO.0, ALEPPO.1, p, "Aleppo")]);
            let m = crate::svg::links(&map.svg);
            assert!(m[0].0.contains(p.class()), "{m:?}");
            assert!(m[0].2.contains(p.describe()), "{m:?}");
            let start = map.svg.find(r#"<a class="dl-marker"#).unwrap();
            let end = map.svg[start..].find("</a>").unwrap();
            let element = map.svg[start..start + end].to_owned();
            let circle = &element[element.find("<circle").unwrap()..];
            circle.replace(&format!(r#"cx="{}" cy="{}""#, 400, "x"), "")
        };
        let (exact, near, region) = (
            symbol(Precision::Exact),
            symbol(Precision::Near),
            symbol(Precision::Region),
        );
        assert!(exact != near && near != region && exact != region);
        assert!(
            exact.contains(&format!(r#"fill="{}""#, COLOUR[0])) && !exact.contains("dasharray")
        );
        assert!(near.contains(r##"fill="#fff""##) && !near.contains("dasharray"));
        assert!(region.contains("stroke-dasharray") && region.contains(r#"r="13""#));
        // The legend explains all three.
        let map = draw(&[]);
        for text in [
            "Exact place",
            "Near the named place",
            "Province or country only",
            "Borders: Natural Earth",
        ] {
            assert!(map.svg.contains(text), "{text}");
        }
    }

    #[test]
    fn a_cluster_mixing_precisions_shows_the_mix() {
        let map = draw(&[
            pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo"),
            pt("b", ALEPPO.0, ALEPPO.1, Precision::Region, "Syria"),
            pt("c", ALEPPO.0, ALEPPO.1, Precision::Region, "Syria"),
        ]);
        let m = crate::svg::links(&map.svg);
        assert_eq!(m.len(), 1);
        assert!(
            m[0].0.contains("dl-mixed") && m[0].0.contains("dl-region"),
            "{m:?}"
        );
        assert!(
            m[0].2
                .starts_with("3 photos (1 exact place, 2 province or country only)"),
            "{}",
            m[0].2
        );
        // Two arcs: a solid one for the exact photo, a dashed one for the others.
        let start = map.svg.find(r#"<a class="dl-marker"#).unwrap();
        let element = &map.svg[start..start + map.svg[start..].find("</a>").unwrap()];
        let arcs: Vec<&str> = element
            .match_indices("<path")
            .map(|(i, _)| &element[i..i + 140])
            .collect();
        assert_eq!(arcs.len(), 2, "{element}");
        assert!(
            !arcs[0].contains("dasharray") && arcs[1].contains("dasharray"),
            "{arcs:?}"
        );
        // A cluster of region-only photos is not filled like an exact one.
        let map = draw(&[
            pt("b", ALEPPO.0, ALEPPO.1, Precision::Region, "Syria"),
            pt("c", ALEPPO.0, ALEPPO.1, Precision::Region, "Syria"),
        ]);
        assert!(
            map.svg.contains(r##"fill="#fff"/><circle"##)
                && map.svg.contains("stroke-dasharray=\"3 2\"")
        );
    }

    #[test]
    fn hostile_text_is_escaped() {
        let hostile = r#""><img src=x onerror=alert(1)><script>alert('x')</script>&amp;"#;
        let point_href = |id: &str| format!("/r/{id}?x=\"'<>&");
        let cluster_href = |_: BBox| "javascript:\"><script>".to_owned();
        let opts = MapOptions {
            width: 800,
            height: 500,
            point_href: &point_href,
            cluster_href: &cluster_href,
            title: hostile.into(),
        };
        let points = [
            pt(hostile, ALEPPO.0, ALEPPO.1, Precision::Exact, hostile),
            pt(
                "p1",
                PARIS.0,
                PARIS.1,
                Precision::Near,
                "<script>alert(1)</script>",
            ),
            pt("p2", PARIS.0, PARIS.1, Precision::Near, hostile),
        ];
        let map = map_svg(&points, &opts);
        assert!(
            !map.svg.contains("<script")
                && !map.svg.contains("<img")
                && !map.svg.contains("\"><img")
        );
        assert!(!map.svg.contains("'x'"));
        let doc = roxmltree::Document::parse(&map.svg).expect("well-formed");
        let root = doc.root_element();
        assert_eq!(root.first_element_child().unwrap().text(), Some(hostile));
        assert!(
            root.descendants()
                .all(|e| !e.has_tag_name("script") && !e.has_tag_name("img"))
        );
        let m = crate::svg::links(&map.svg);
        assert!(
            m.iter().any(|m| m.1 == format!("/r/{hostile}?x=\"'<>&")),
            "{m:?}"
        );
        assert!(m.iter().any(|m| m.1 == "javascript:\"><script>"));
        assert!(m.iter().any(|m| m.2.starts_with(hostile)));
        // No inline styles anywhere.
        assert!(!map.svg.contains("style"));
    }

    #[test]
    fn bad_coordinates_are_skipped_and_counted() {
        let map = draw(&[
            pt("nan", f64::NAN, 10.0, Precision::Exact, ""),
            pt("inf", 10.0, f64::INFINITY, Precision::Exact, ""),
            pt("lat", 91.0, 10.0, Precision::Exact, ""),
            pt("lon", 10.0, -180.5, Precision::Exact, ""),
        ]);
        assert_eq!((map.shown, map.skipped, map.markers), (0, 4, 0));
        assert_eq!((map.extent.west, map.extent.east), (-180.0, 180.0));
        let map = draw(&[
            pt("pole", 90.0, 180.0, Precision::Exact, ""),
            pt("s", -90.0, -180.0, Precision::Near, ""),
        ]);
        assert_eq!((map.shown, map.markers), (2, 2));
    }

    #[test]
    fn results_across_the_antimeridian_are_shown_together() {
        // Suva (Fiji) and Apia (Samoa): 10° apart across 180°, not 350° around the world.
        let map = draw(&[
            pt("f", -18.14, 178.44, Precision::Exact, "Suva"),
            pt("s", -13.83, -171.76, Precision::Exact, "Apia"),
        ]);
        let e = map.extent;
        assert!(e.crosses_antimeridian(), "{e:?}");
        assert!(e.west > 170.0 && e.east < -165.0, "{e:?}");
        assert!(country_titles(&map.svg).iter().any(|n| n == "Fiji"));
        // Clustered together when zoomed out, the cluster's box crosses too.
        let cluster_href = |b: BBox| format!("{},{}", b.west, b.east);
        let point_href = |_: &str| String::new();
        let opts = MapOptions {
            width: 200,
            height: 150,
            point_href: &point_href,
            cluster_href: &cluster_href,
            title: String::new(),
        };
        let far = [
            pt("f", -18.14, 178.44, Precision::Exact, "Suva"),
            pt("s", -13.83, -171.76, Precision::Exact, "Apia"),
            pt("p", 48.85, 2.35, Precision::Exact, "Paris"),
        ];
        let m = crate::svg::links(&map_svg(&far, &opts).svg);
        assert!(m.iter().any(|m| m.1 == "178.44,-171.76"), "{m:?}");
    }

    #[test]
    fn the_map_does_not_depend_on_the_order_of_points() {
        let mut points = vec![
            pt("a", ALEPPO.0, ALEPPO.1, Precision::Exact, "Aleppo"),
            pt("b", ALEPPO.0 + 0.05, ALEPPO.1, Precision::Near, "Aleppo"),
            pt("c", 35.93, 36.63, Precision::Region, "Idlib"),
            pt("d", 33.51, 36.28, Precision::Exact, "Damascus"),
        ];
        let one = draw(&points);
        points.reverse();
        assert_eq!(one, draw(&points));
    }

    #[test]
    fn shortest_longitude_range() {
        assert_eq!(lon_range(vec![10.0]), (10.0, 10.0));
        assert_eq!(lon_range(vec![-10.0, 30.0, 5.0]), (-10.0, 30.0));
        assert_eq!(lon_range(vec![178.0, -178.0]), (178.0, 182.0));
        assert_eq!(lon_range(vec![-120.0, 0.0, 120.0]), (-120.0, 120.0));
        let b = lon_box(0.0, 178.0, 1.0, 182.0);
        assert_eq!((b.west, b.east), (178.0, -178.0));
        let b = lon_box(0.0, -190.0, 1.0, 170.0);
        assert_eq!((b.west, b.east), (-180.0, 180.0));
    }

    #[test]
    fn extents_read_as_degrees() {
        let b = BBox {
            south: -13.831,
            west: 177.0,
            north: 36.2,
            east: -171.76,
        };
        assert_eq!(b.to_string(), "13.83°S–36.20°N, 177.00°E–171.76°W");
    }

    #[test]
    fn counts_fit_in_markers() {
        assert_eq!(short_count(7), "7");
        assert_eq!(short_count(999), "999");
        assert_eq!(short_count(1250), "1.2k");
        assert_eq!(short_count(2010), "2k");
        assert_eq!(short_count(1999), "1.9k");
        assert_eq!(short_count(35_999), "35k");
        assert_eq!(short_count(1_250_000), "1.2M");
    }

    #[test]
    fn clipping_keeps_the_visible_part() {
        let square = vec![(-50.0, -50.0), (50.0, -50.0), (50.0, 50.0), (-50.0, 50.0)];
        let c = clip(square, 100.0, 100.0);
        assert!(
            c.iter()
                .all(|&(x, y)| (-3.0..=103.0).contains(&x) && (-3.0..=103.0).contains(&y))
        );
        assert!(c.contains(&(50.0, 50.0)) && c.contains(&(-3.0, -3.0)));
        assert!(
            clip(
                vec![(200.0, 200.0), (300.0, 200.0), (300.0, 300.0)],
                100.0,
                100.0
            )
            .is_empty()
        );
    }
}
