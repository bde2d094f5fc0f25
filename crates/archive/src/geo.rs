//! Distances and boxes on the sphere, shared by both search engines so that a `near:` filter
//! selects the same records whichever answers it.

/// Mean Earth radius (IUGG), km.
pub const EARTH_RADIUS_KM: f64 = 6371.0088;

/// Margin, in degrees, added to the boxes that pre-filter `near:`; the exact distance test
/// follows, so it only has to keep the boxes a superset of the circle despite rounding.
const NEAR_MARGIN_DEG: f64 = 1e-6;

/// Great-circle distance in km (haversine).
pub fn haversine_km(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * a.sqrt().min(1.0).asin()
}

/// A box covering a spherical circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CircleBounds {
    pub south: f64,
    pub north: f64,
    /// `(west, east)`, `west > east` across the antimeridian; `None` when every longitude is
    /// needed (the circle holds a pole).
    pub lon: Option<(f64, f64)>,
}

/// The smallest latitude/longitude box (plus [`NEAR_MARGIN_DEG`]) holding every point within
/// `radius_km` of `(lat, lon)`; `None` when the circle covers the whole sphere. The widest
/// longitude of a circle of angular radius `d` at latitude `φ` is `asin(sin d / cos φ)`,
/// reached poleward of its centre — a little more than `d / cos φ`.
pub(crate) fn circle_bounds(lat: f64, lon: f64, radius_km: f64) -> Option<CircleBounds> {
    let d = radius_km / EARTH_RADIUS_KM;
    if d >= std::f64::consts::PI {
        return None;
    }
    let dlat = d.to_degrees() + NEAR_MARGIN_DEG;
    let (south, north) = (lat - dlat, lat + dlat);
    if south <= -90.0 || north >= 90.0 {
        return Some(CircleBounds {
            south: south.max(-90.0),
            north: north.min(90.0),
            lon: None,
        });
    }
    let ratio = d.sin() / lat.to_radians().cos();
    if ratio.is_nan() || ratio >= 1.0 {
        return Some(CircleBounds {
            south,
            north,
            lon: None,
        });
    }
    let dlon = ratio.asin().to_degrees() + NEAR_MARGIN_DEG;
    if dlon >= 180.0 {
        return Some(CircleBounds {
            south,
            north,
            lon: None,
        });
    }
    let wrap = |x: f64| {
        if x < -180.0 {
            x + 360.0
        } else if x > 180.0 {
            x - 360.0
        } else {
            x
        }
    };
    Some(CircleBounds {
        south,
        north,
        lon: Some((wrap(lon - dlon), wrap(lon + dlon))),
    })
}

/// [`circle_bounds`] as boxes `(south, north, west, east)` with `west <= east`, as an R*Tree
/// takes them: two when the circle crosses the antimeridian, one spanning every longitude when
/// it holds a pole, the whole sphere when it covers it.
pub(crate) fn circle_boxes(lat: f64, lon: f64, radius_km: f64) -> Vec<(f64, f64, f64, f64)> {
    match circle_bounds(lat, lon, radius_km) {
        None => vec![(-90.0, 90.0, -180.0, 180.0)],
        Some(CircleBounds {
            south,
            north,
            lon: None,
        }) => vec![(south, north, -180.0, 180.0)],
        Some(CircleBounds {
            south,
            north,
            lon: Some((west, east)),
        }) if west <= east => vec![(south, north, west, east)],
        Some(CircleBounds {
            south,
            north,
            lon: Some((west, east)),
        }) => vec![(south, north, west, 180.0), (south, north, -180.0, east)],
    }
}

/// Test helper shared with the ranked index's tests.
#[cfg(test)]
/// The point at `distance_km` from `(lat, lon)` on `bearing_deg` (spherical).
pub(crate) fn destination(lat: f64, lon: f64, bearing_deg: f64, distance_km: f64) -> (f64, f64) {
    let d = distance_km / EARTH_RADIUS_KM;
    let (p1, l1, b) = (lat.to_radians(), lon.to_radians(), bearing_deg.to_radians());
    let p2 = (p1.sin() * d.cos() + p1.cos() * d.sin() * b.cos()).asin();
    let l2 = l1 + (b.sin() * d.sin() * p1.cos()).atan2(d.cos() - p1.sin() * p2.sin());
    let mut lon2 = l2.to_degrees();
    if lon2 > 180.0 {
        lon2 -= 360.0;
    } else if lon2 < -180.0 {
        lon2 += 360.0;
    }
    (p2.to_degrees(), lon2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circles_across_the_antimeridian_split() {
        let b = circle_boxes(0.0, 179.9, 50.0);
        assert_eq!(b.len(), 2);
        assert_eq!(circle_boxes(89.9, 0.0, 50.0).len(), 1);
        assert!((haversine_km(36.2, 37.16, 36.2, 37.16)).abs() < 1e-9);
        let d = haversine_km(36.2021, 37.1343, 33.5102, 36.2913); // Aleppo to Damascus
        assert!((d - 310.0).abs() < 10.0, "{d}");
    }

    #[test]
    fn boxes_reach_the_widest_longitude() {
        // 995 km from (60, 10), at the circle's easternmost longitude, poleward of the centre.
        let (lat, lon) = (61.242_139, 28.124_580);
        assert!(haversine_km(60.0, 10.0, lat, lon) < 1000.0);
        let b = circle_boxes(60.0, 10.0, 1000.0);
        assert!(
            b.iter()
                .any(|&(s, n, w, e)| (s..=n).contains(&lat) && (w..=e).contains(&lon)),
            "{b:?}"
        );
    }

    #[test]
    fn circle_bounds_hold_the_whole_circle() {
        for &(lat, r) in &[
            (0.0, 500.0),
            (36.2, 25.0),
            (60.0, 1000.0),
            (-75.0, 800.0),
            (80.0, 1200.0),
        ] {
            let b = circle_bounds(lat, 10.0, r).unwrap();
            for i in 0..3600 {
                let (plat, plon) = destination(lat, 10.0, i as f64 / 10.0, r);
                assert!(plat >= b.south && plat <= b.north, "{lat} {r} {i}");
                if let Some((w, e)) = b.lon {
                    assert!(
                        plon >= w && plon <= e,
                        "{lat} {r} {i}: {plon} not in {w}..{e}"
                    );
                }
            }
        }
    }
}
