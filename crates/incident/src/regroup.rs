//! Bringing a grouping up to date after some records changed, without grouping them all again.
//!
//! [`group`] is order-dependent (records join in id order, with whole-incident checks), so
//! regrouping only the incidents a change touches could drift from a full run. What makes a
//! local rerun exact is this: `group` only ever links two records that [`pair_ok`] accepts, so
//! the records fall apart into *components* (closed under `pair_ok`) that `group` treats
//! independently: a record's candidates, its merges and the incident-wide checks all stay
//! inside its component, and records are processed in the same (id) order either way. Grouping
//! a union of whole components alone therefore gives exactly the incidents a full run gives for
//! them. Every incident of the old grouping lies inside one old component; the ones that hold
//! no changed record are untouched by the change and kept as they are.
//!
//! So: the *seeds* are the changed records and every record of an old incident that held one;
//! the affected set is everything reachable from the seeds through `pair_ok` among the current
//! records; it is grouped again and the other incidents are kept. The reach is found through
//! an index that is coarser than `group`'s buckets and provably covers every pair `pair_ok`
//! can accept (week × 0.5° cell for records with coordinates, week × province or country for
//! coarse places, week alone for records placed by name only), so nothing is missed; `pair_ok`
//! decides. In the worst case (one place photographed every day, with types that all go
//! together) a component is long and the rerun is as big as a full one, never wrong.

use crate::{DatePrecision, Incident, Photo, PlaceLevel, Rules, group, order, pair_ok};
use std::collections::{HashMap, HashSet};

/// Degrees of the coarse cells: wider than `city_km` (the largest distance `pair_ok` accepts
/// between two points) away from the poles; nearer them the longitude reach widens.
const REACH_DEG: f64 = 0.5;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Cell(i64, i32, i32),
    Region(i64, String),
    /// Records at city or sublocation level without coordinates (matched by name).
    Named(i64),
    /// Every record at city or sublocation level, for records without coordinates to look in.
    Any(i64),
}

/// The weeks a record's dates may meet another's in: its interval widened by `max_days`.
/// `None` for records `pair_ok` never pairs (undated, year precision, no place).
fn weeks(p: &Photo, rules: &Rules) -> Option<std::ops::RangeInclusive<i64>> {
    let (d0, d1) = p.days?;
    match p.date_precision? {
        DatePrecision::Year => None,
        _ if p.level.is_none() => None,
        _ => {
            let slack = rules.max_days.max(0);
            Some((d0 - slack).div_euclid(7)..=(d1 + slack).div_euclid(7))
        }
    }
}

fn cell(lat: f64, lon: f64) -> (i32, i32) {
    (
        (lat / REACH_DEG).floor() as i32,
        (lon / REACH_DEG).floor() as i32,
    )
}

/// Where a record is filed in the reach index.
fn filed(p: &Photo, rules: &Rules) -> Vec<Key> {
    let Some(ws) = weeks(p, rules) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for w in ws {
        match p.level {
            Some(PlaceLevel::Region) => out.push(Key::Region(w, region(p))),
            Some(_) => {
                out.push(Key::Any(w));
                match p.point {
                    Some((lat, lon)) => {
                        let (a, b) = cell(lat, lon);
                        out.push(Key::Cell(w, a, b));
                    }
                    None => out.push(Key::Named(w)),
                }
            }
            None => {}
        }
    }
    out
}

fn region(p: &Photo) -> String {
    match (&p.province_key, &p.country) {
        (Some(k), _) => format!("p:{k}"),
        (None, Some(c)) => format!("c:{c}"),
        (None, None) => String::new(),
    }
}

/// Where to look for every record `pair_ok` may accept with `p`.
fn looked(p: &Photo, rules: &Rules) -> Vec<Key> {
    let Some(ws) = weeks(p, rules) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for w in ws {
        match p.level {
            Some(PlaceLevel::Region) => out.push(Key::Region(w, region(p))),
            Some(_) => match p.point {
                Some((lat, lon)) => {
                    // Records without coordinates may match by name whatever the distance.
                    out.push(Key::Named(w));
                    let (a, b) = cell(lat, lon);
                    let lat_reach = (rules.city_km / (111.0 * REACH_DEG)).ceil() as i32;
                    let nearest_pole = (lat.abs() + REACH_DEG * (lat_reach + 1) as f64).min(89.9);
                    let lon_km = 111.0 * REACH_DEG * nearest_pole.to_radians().cos();
                    let lon_reach = ((rules.city_km / lon_km).ceil() as i32).min(360);
                    for da in -lat_reach..=lat_reach {
                        for db in -lon_reach..=lon_reach {
                            // Longitude wraps at the antimeridian.
                            let cells = (360.0 / REACH_DEG) as i32;
                            let lon_cell = (b + db + cells / 2).rem_euclid(cells) - cells / 2;
                            out.push(Key::Cell(w, a + da, lon_cell));
                        }
                    }
                }
                None => out.push(Key::Any(w)),
            },
            None => {}
        }
    }
    out
}

/// The grouping of `photos` (every current record), given the grouping `old` made before the
/// records with the ids in `changed` were added, changed or removed. Gives exactly what
/// [`group`]`(photos)` gives; only the incidents the change can reach are grouped again.
pub fn regroup(
    old: Vec<Incident>,
    photos: Vec<Photo>,
    changed: &HashSet<String>,
    rules: &Rules,
) -> Vec<Incident> {
    let mut photos = photos;
    photos.sort_by(|a, b| a.id.cmp(&b.id));
    photos.dedup_by(|a, b| a.id == b.id);
    let at: HashMap<&str, usize> = photos
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let (touched, kept): (Vec<Incident>, Vec<Incident>) = old
        .into_iter()
        .partition(|i| i.records.iter().any(|r| changed.contains(r)));
    let mut affected = vec![false; photos.len()];
    let mut queue: Vec<usize> = changed
        .iter()
        .chain(touched.iter().flat_map(|i| i.records.iter()))
        .filter_map(|id| at.get(id.as_str()).copied())
        .collect();
    for &i in &queue {
        affected[i] = true;
    }
    let mut index: HashMap<Key, Vec<usize>> = HashMap::new();
    for (i, p) in photos.iter().enumerate() {
        for k in filed(p, rules) {
            index.entry(k).or_default().push(i);
        }
    }
    while let Some(i) = queue.pop() {
        for k in looked(&photos[i], rules) {
            for &j in index.get(&k).into_iter().flatten() {
                if !affected[j] && pair_ok(&photos[i], &photos[j], rules) {
                    affected[j] = true;
                    queue.push(j);
                }
            }
        }
    }
    let mut out: Vec<Incident> = kept
        .into_iter()
        // An incident reached through a new link is grouped again with the others.
        .filter(|i| {
            !i.records
                .iter()
                .any(|r| at.get(r.as_str()).is_some_and(|&j| affected[j]))
        })
        .collect();
    let again: Vec<Photo> = photos
        .into_iter()
        .zip(affected)
        .filter_map(|(p, a)| a.then_some(p))
        .collect();
    out.extend(group(again, rules));
    order(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TYPES: &[Option<&str>] = &[
        None,
        Some("air_strike"),
        Some("rescue"),
        Some("protest"),
        Some("sport"),
        Some("other"),
    ];
    const CITIES: &[&str] = &["aleppo", "idlib", "homs"];

    /// A photo drawn from a small world: three towns a few km apart (and one across the
    /// antimeridian), a fortnight, every date precision and place level, with and without
    /// coordinates, so chains and near misses are common.
    fn photo() -> impl Strategy<Value = Photo> {
        (
            0u32..100_000,
            0i64..14,
            0u8..10,
            0u8..10,
            0usize..3,
            (-0.3f64..0.3, -0.3f64..0.3),
            0usize..TYPES.len(),
            0u8..2,
        )
            .prop_map(|(n, day, dp, lv, c, (dlat, dlon), t, far)| {
                let d0 = 17_000 + day;
                let (days, date_precision) = match dp {
                    0 => (None, None),
                    1 => (
                        Some((d0 - d0 % 30, d0 - d0 % 30 + 29)),
                        Some(DatePrecision::Month),
                    ),
                    2 => (Some((16_800, 17_164)), Some(DatePrecision::Year)),
                    _ => (Some((d0, d0)), Some(DatePrecision::Day)),
                };
                let level = match lv {
                    0 => None,
                    1 | 2 => Some(PlaceLevel::Region),
                    3 | 4 => Some(PlaceLevel::Sublocation),
                    _ => Some(PlaceLevel::City),
                };
                let (lat, lon) = if far == 1 {
                    (
                        -16.5 + dlat,
                        179.9 + dlon - if dlon > 0.1 { 360.0 } else { 0.0 },
                    )
                } else {
                    (36.2 + dlat, 37.1 + dlon)
                };
                let pointless = lv % 3 == 0;
                Photo {
                    id: format!("{n:08}"),
                    days,
                    date_precision,
                    date_iso: None,
                    level,
                    sublocation_key: (level == Some(PlaceLevel::Sublocation))
                        .then(|| ["babalnairab", "babalnairabdistrict", "sukkari"][c].into()),
                    city_key: Some(CITIES[c].into()),
                    province_key: (lv == 1).then(|| "aleppo".into()),
                    country: Some("SY".into()),
                    point: (!pointless).then_some((lat, lon)),
                    event_type: TYPES[t].map(String::from),
                    reported: false,
                    agency: None,
                    creators: Vec::new(),
                    killed: None,
                    injured: None,
                    qualifier: None,
                    casualty_source: None,
                    sublocation: None,
                    city: Some(CITIES[c].into()),
                    province: None,
                    location_precision: None,
                    words: vec![c as u32, t as u32],
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Whatever is added, changed or removed, the update equals grouping everything again.
        #[test]
        fn regrouping_after_a_change_equals_grouping_again(
            before in prop::collection::vec(photo(), 0..60),
            added in prop::collection::vec(photo(), 0..6),
            edits in prop::collection::vec((any::<prop::sample::Index>(), photo()), 0..6),
            removed in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
        ) {
            let rules = Rules::default();
            // One photo per id, as in an archive.
            let mut seen = HashSet::new();
            let before: Vec<Photo> =
                before.into_iter().filter(|p| seen.insert(p.id.clone())).collect();
            let old = group(before.clone(), &rules);
            let mut now: HashMap<String, Photo> =
                before.iter().map(|p| (p.id.clone(), p.clone())).collect();
            let mut changed = HashSet::new();
            if !before.is_empty() {
                for (at, mut p) in edits {
                    p.id = before[at.index(before.len())].id.clone();
                    changed.insert(p.id.clone());
                    now.insert(p.id.clone(), p);
                }
                for at in removed {
                    let id = &before[at.index(before.len())].id;
                    changed.insert(id.clone());
                    now.remove(id);
                }
            }
            for p in added {
                changed.insert(p.id.clone());
                now.insert(p.id.clone(), p);
            }
            let now: Vec<Photo> = now.into_values().collect();
            let want = group(now.clone(), &rules);
            let got = regroup(old, now, &changed, &rules);
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn an_unrelated_change_leaves_other_incidents_alone() {
        let rules = Rules::default();
        let at = |id: &str, lat: f64, day: i64| Photo {
            id: id.into(),
            days: Some((day, day)),
            date_precision: Some(DatePrecision::Day),
            date_iso: None,
            level: Some(PlaceLevel::City),
            sublocation_key: None,
            city_key: None,
            province_key: None,
            country: Some("SY".into()),
            point: Some((lat, 37.0)),
            event_type: Some("air_strike".into()),
            reported: false,
            agency: None,
            creators: Vec::new(),
            killed: None,
            injured: None,
            qualifier: None,
            casualty_source: None,
            sublocation: None,
            city: None,
            province: None,
            location_precision: None,
            words: Vec::new(),
        };
        let before = vec![at("a", 36.0, 100), at("b", 36.01, 100), at("c", 30.0, 100)];
        let old = group(before.clone(), &rules);
        let mut now = before;
        now.push(at("d", 30.01, 100));
        let changed: HashSet<String> = ["d".to_string()].into();
        let got = regroup(old.clone(), now.clone(), &changed, &rules);
        assert_eq!(got, group(now, &rules));
        let ab = old.iter().find(|i| i.records.len() == 2).unwrap();
        assert!(
            got.contains(ab),
            "the incident the change cannot reach is kept"
        );
        assert!(got.iter().any(|i| i.records == ["c", "d"]));
    }
}
