//! The embedded country borders, decoded once from TopoJSON.
//!
//! # The TopoJSON format, as far as this decoder needs it
//!
//! A `Topology` stores each border line once, as an *arc*, and builds polygons from arc indices,
//! so two neighbours share their border instead of storing it twice:
//!
//! - `transform: {scale: [sx, sy], translate: [tx, ty]}` says the file is *quantized*: positions
//!   are integers, and a position `(x, y)` means longitude `x·sx + tx`, latitude `y·sy + ty`.
//! - `arcs: [[[x, y], [dx, dy], …], …]`: each arc is *delta-encoded*: its first position is
//!   absolute, every next one is the difference from the previous. Summing gives the integers.
//! - `objects.countries.geometries`: each geometry is a `Polygon` (`arcs: [ring, …]`) or a
//!   `MultiPolygon` (`arcs: [[ring, …], …]`); a ring is a list of arc indices. Index `i ≥ 0` is
//!   arc `i` as stored; a negative index `j` is arc `!j` (that is `-j - 1`) walked backwards. The
//!   last position of each arc is the first of the next, so it is kept once. The first ring of a
//!   polygon is its outline, the others its holes; the map fills with the even-odd rule, so the
//!   winding order does not matter.
//! - `id` (ISO 3166-1 numeric, as a string) and `properties.name` name the country; a few de facto
//!   territories (Kosovo, Somaliland, N. Cyprus) have a name but no id.
//!
//! The file is `data/world/countries-50m.json` (Natural Earth via npm `world-atlas`, see
//! `data/world/ATTRIBUTION`). It is parsed the first time a map is drawn, then kept.

use std::sync::LazyLock;

use serde_json::Value;

/// The TopoJSON file, built into the binary so the map needs no files at run time.
const COUNTRIES_50M: &str = include_str!("../../../data/world/countries-50m.json");

/// A longitude/latitude box: `[west, south, east, north]` in degrees.
pub(crate) type Bounds = [f64; 4];

/// One country's shape.
#[derive(Debug)]
pub(crate) struct Country {
    /// Natural Earth's short name, e.g. `Syria`.
    pub name: String,
    /// ISO 3166-1 numeric code, when the file has one.
    #[allow(dead_code)]
    pub id: Option<String>,
    /// Box around all its polygons.
    pub bounds: Bounds,
    /// Its separate pieces of land (islands, exclaves).
    pub polygons: Vec<Polygon>,
}

/// One piece of a country: an outline and its holes.
#[derive(Debug)]
pub(crate) struct Polygon {
    /// Box around the outline, to skip pieces far from the view.
    pub bounds: Bounds,
    /// Rings of `(longitude, latitude)`, not repeating the first position at the end.
    pub rings: Vec<Vec<(f64, f64)>>,
}

/// All countries, decoded on first use.
pub(crate) static COUNTRIES: LazyLock<Vec<Country>> = LazyLock::new(|| decode(COUNTRIES_50M));

/// Decodes the `countries` object of a TopoJSON topology. Anything malformed is skipped rather
/// than fatal: the input is the fixed embedded file, whose decoding the tests check as a whole.
pub(crate) fn decode(text: &str) -> Vec<Country> {
    let Ok(topo) = serde_json::from_str::<Value>(text) else {
        return Vec::new();
    };
    let pair = |v: &Value, default: f64| -> (f64, f64) {
        let get = |i: usize| v.get(i).and_then(Value::as_f64).unwrap_or(default);
        (get(0), get(1))
    };
    let (sx, sy) = pair(&topo["transform"]["scale"], 1.0);
    let (tx, ty) = pair(&topo["transform"]["translate"], 0.0);
    let arcs: Vec<Vec<(f64, f64)>> = topo["arcs"]
        .as_array()
        .map(|arcs| {
            arcs.iter()
                .map(|arc| {
                    let (mut x, mut y) = (0i64, 0i64);
                    arc.as_array()
                        .map(|ps| {
                            ps.iter()
                                .map(|p| {
                                    x += p.get(0).and_then(Value::as_i64).unwrap_or(0);
                                    y += p.get(1).and_then(Value::as_i64).unwrap_or(0);
                                    (x as f64 * sx + tx, y as f64 * sy + ty)
                                })
                                .collect()
                        })
                        .unwrap_or_default()
                })
                .collect()
        })
        .unwrap_or_default();

    let ring = |indices: &Value| -> Vec<(f64, f64)> {
        let mut out: Vec<(f64, f64)> = Vec::new();
        for index in indices.as_array().into_iter().flatten() {
            let Some(i) = index.as_i64() else { continue };
            let (k, reversed) = if i >= 0 { (i, false) } else { (!i, true) };
            let Some(arc) = usize::try_from(k).ok().and_then(|k| arcs.get(k)) else {
                continue;
            };
            let mut positions: Box<dyn Iterator<Item = &(f64, f64)>> = if reversed {
                Box::new(arc.iter().rev())
            } else {
                Box::new(arc.iter())
            };
            if !out.is_empty() {
                positions.next(); // the previous arc's last position
            }
            out.extend(positions);
        }
        if out.len() > 1 && out.first() == out.last() {
            out.pop();
        }
        unwrap(&mut out);
        out
    };
    let polygon = |rings: &Value| -> Option<Polygon> {
        let rings: Vec<Vec<(f64, f64)>> = rings
            .as_array()?
            .iter()
            .map(ring)
            .filter(|r| r.len() >= 3)
            .collect();
        let bounds = bounds(rings.first()?.iter());
        Some(Polygon { bounds, rings })
    };

    let mut countries = Vec::new();
    let geometries = topo["objects"]["countries"]["geometries"].as_array();
    for g in geometries.into_iter().flatten() {
        let polygons: Vec<Polygon> = match g["type"].as_str() {
            Some("Polygon") => polygon(&g["arcs"]).into_iter().collect(),
            Some("MultiPolygon") => g["arcs"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(polygon)
                .collect(),
            _ => continue,
        };
        if polygons.is_empty() {
            continue;
        }
        let mut b = polygons[0].bounds;
        for p in &polygons[1..] {
            b = [
                b[0].min(p.bounds[0]),
                b[1].min(p.bounds[1]),
                b[2].max(p.bounds[2]),
                b[3].max(p.bounds[3]),
            ];
        }
        countries.push(Country {
            name: g["properties"]["name"].as_str().unwrap_or("").to_owned(),
            id: g["id"].as_str().map(str::to_owned),
            bounds: b,
            polygons,
        });
    }
    countries
}

/// Makes a ring's longitudes continuous where it crosses the antimeridian.
///
/// Natural Earth keeps Russia's Chukotka and some of Fiji's islands whole, jumping from 180° to
/// −180° mid-ring (d3 cuts such rings when it projects them); drawn naively, each jump is a line
/// across the whole map. Here the longitudes after a jump get ±360°, so Russia runs from 27° to
/// 190°, and the map draws each country again shifted by a turn where the view needs it.
///
/// Only rings that jump back as often as they jump away are changed. Antarctica's rings jump once
/// (they run along the 180° meridian and the pole) and are already right as flat polygons.
fn unwrap(ring: &mut [(f64, f64)]) {
    let jump = |from: f64, to: f64| {
        if to - from > 180.0 {
            -360.0
        } else if from - to > 180.0 {
            360.0
        } else {
            0.0
        }
    };
    let (Some(&(first, _)), Some(&(last, _))) = (ring.first(), ring.last()) else {
        return;
    };
    let mut offset = 0.0;
    let mut jumped = false;
    let offsets: Vec<f64> = ring
        .windows(2)
        .map(|w| {
            let j = jump(w[0].0, w[1].0);
            jumped |= j != 0.0;
            offset += j;
            offset
        })
        .collect();
    // The closing edge, from the last point back to the first, counts too.
    if !jumped || offset + jump(last, first) != 0.0 {
        return;
    }
    for (p, o) in ring.iter_mut().skip(1).zip(offsets) {
        p.0 += o;
    }
    // Keep most of the ring on the usual side of the antimeridian.
    let mean = ring.iter().map(|p| p.0).sum::<f64>() / ring.len() as f64;
    if mean > 180.0 {
        ring.iter_mut().for_each(|p| p.0 -= 360.0);
    } else if mean < -180.0 {
        ring.iter_mut().for_each(|p| p.0 += 360.0);
    }
}

fn bounds<'a>(points: impl Iterator<Item = &'a (f64, f64)>) -> Bounds {
    let mut b = [
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    ];
    for &(x, y) in points {
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country(name: &str) -> &'static Country {
        COUNTRIES.iter().find(|c| c.name == name).expect(name)
    }

    #[test]
    fn the_embedded_file_decodes_whole() {
        assert!(COUNTRIES.len() > 230, "{} countries", COUNTRIES.len());
        let syria = country("Syria");
        assert_eq!(syria.id.as_deref(), Some("760"));
        let [w, s, e, n] = syria.bounds;
        // Syria spans about 35.6–42.4°E, 32.3–37.3°N.
        assert!(
            (35.0..36.0).contains(&w) && (42.0..43.0).contains(&e),
            "{w} {e}"
        );
        assert!(
            (32.0..33.0).contains(&s) && (37.0..37.6).contains(&n),
            "{s} {n}"
        );
        assert!(
            COUNTRIES
                .iter()
                .any(|c| c.name == "Kosovo" && c.id.is_none())
        );
        let all = COUNTRIES
            .iter()
            .flat_map(|c| &c.polygons)
            .flat_map(|p| &p.rings)
            .flatten();
        assert!(
            all.clone()
                .all(|&(x, y)| (-360.0..=360.0).contains(&x) && (-90.0..=90.0).contains(&y))
        );
        // Russia crosses the antimeridian in one piece; Antarctica stays flat, down to the pole.
        let russia = country("Russia")
            .polygons
            .iter()
            .max_by_key(|p| p.rings[0].len())
            .unwrap();
        let [w, _, e, _] = russia.bounds;
        assert!(w > 0.0 && e > 185.0 && e < 200.0, "{w} {e}");
        let [w, s, e, _] = country("Antarctica").bounds;
        assert!(w <= -179.0 && e >= 178.0 && s < -89.9, "{w} {s} {e}");
        // Fiji has islands on both sides of 180°, none of them drawn across the world.
        for p in &country("Fiji").polygons {
            assert!(p.bounds[2] - p.bounds[0] < 5.0, "{:?}", p.bounds);
        }
        assert!(all.count() > 75_000);
    }

    #[test]
    fn holes_and_reversed_arcs() {
        // Lesotho is a hole in South Africa: South Africa's main polygon has two rings, and the
        // hole is Lesotho's outline walked with the shared arcs.
        let za = country("South Africa");
        assert!(za.polygons.iter().any(|p| p.rings.len() == 2));
        let tiny = r#"{"type":"Topology","transform":{"scale":[1,1],"translate":[10,20]},
            "arcs":[[[0,0],[1,0],[0,1]],[[1,1],[-1,0],[0,-1]]],
            "objects":{"countries":{"type":"GeometryCollection","geometries":[
              {"type":"Polygon","arcs":[[0,1]],"id":"1","properties":{"name":"A"}},
              {"type":"Polygon","arcs":[[-2,-1]],"properties":{"name":"B"}}]}}}"#;
        let cs = decode(tiny);
        assert_eq!(
            cs[0].polygons[0].rings[0],
            vec![(10.0, 20.0), (11.0, 20.0), (11.0, 21.0), (10.0, 21.0)]
        );
        assert_eq!(
            cs[1].polygons[0].rings[0],
            vec![(10.0, 20.0), (10.0, 21.0), (11.0, 21.0), (11.0, 20.0)]
        );
        assert_eq!(cs[1].id, None);
        assert_eq!(cs[0].bounds, [10.0, 20.0, 11.0, 21.0]);
    }
}
