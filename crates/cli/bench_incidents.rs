//! `dateline bench incidents`: incident grouping at scale, against baselines in the same run.
//!
//! The records are SYNTHETIC and built directly as `Photo`s (extraction is measured elsewhere):
//! 20,000 towns around real cities of the embedded gazetteer, drawn with a heavy head (the k-th
//! town about 1/k as often, so the busiest gets about a tenth of all photos), days over ten years, event types with the contract's spread, and
//! planted incidents of 2–6 photos (same place, day ±1, compatible types, several agencies).
//! Reported, in one JSON document:
//! - grouping time at `n` and at `n / 10`: the ratio of times against the ratio of sizes shows
//!   whether the work grows linearly;
//! - a linear-scan baseline: one pass over the records doing a pair test against the previous
//!   record (what touching every record once costs), and the ratio of grouping to it;
//! - the all-pairs comparison a quadratic grouping would do, timed on a sample and extrapolated;
//! - B-cubed precision and recall against the planted incidents;
//! - keeping the grouping up to date: `regroup` after 100 records changed (a day later, so
//!   they leave their incidents and may join others), against grouping everything again, and
//!   whether both give the same incidents.

use anyhow::Result;
use dateline_incident::{Photo, PlaceLevel, Rules, bcubed, group, pair_ok, regroup};
use std::collections::BTreeMap;
use std::time::Instant;

#[derive(clap::Args)]
pub struct IncidentBenchArgs {
    /// Number of records.
    #[arg(long, default_value_t = 1_000_000)]
    n: usize,
    /// Seed of the synthetic records.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Records in the all-pairs sample.
    #[arg(long, default_value_t = 5_000)]
    sample: usize,
}

/// splitmix64: small, seedable, the same sequence everywhere.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const TYPES: &[&str] = &[
    "air_strike",
    "shelling",
    "explosion",
    "armed_clash",
    "attack",
    "protest",
    "displacement",
    "rescue",
    "funeral",
    "humanitarian_aid",
    "disaster",
    "politics",
    "sport",
    "daily_life",
    "other",
];
const AGENCIES: &[&str] = &["AFP", "Reuters", "AP", "Getty Images", "EPA", "Anadolu"];

/// Synthetic photos and their planted incident label.
fn photos(n: usize, seed: u64) -> (Vec<Photo>, BTreeMap<String, usize>) {
    let gazetteer = dateline_geo::Gazetteer::embedded();
    let mut rng = Rng(seed);
    // Places: the gazetteer's entries for a fixed list of names, as many as resolve.
    let mut places: Vec<(String, String, f64, f64)> = Vec::new();
    for name in [
        "Aleppo",
        "Idlib",
        "Homs",
        "Damascus",
        "Douma",
        "Raqqa",
        "Mosul",
        "Baghdad",
        "Kabul",
        "Kandahar",
        "Gaza",
        "Khan Younis",
        "Rafah",
        "Sanaa",
        "Taiz",
        "Aden",
        "Kharkiv",
        "Kyiv",
        "Donetsk",
        "Mariupol",
        "Goma",
        "Bunia",
        "Khartoum",
        "El Fasher",
        "Mogadishu",
        "Tripoli",
        "Benghazi",
        "Peshawar",
        "Quetta",
        "Karachi",
        "Lahore",
        "Dhaka",
        "Yangon",
        "Mandalay",
        "Marawi",
        "Manila",
        "Jakarta",
        "Port-au-Prince",
        "Caracas",
        "Bogota",
        "Culiacan",
        "Mexico City",
        "Lagos",
        "Maiduguri",
        "Bamako",
        "Niamey",
        "Juba",
        "Bor",
        "Addis Ababa",
        "Mekelle",
        "Beirut",
        "Tel Aviv",
        "Jenin",
        "Nablus",
        "Hebron",
        "Istanbul",
        "Ankara",
        "Kathmandu",
        "Colombo",
        "Negombo",
    ] {
        if let Some(p) = gazetteer.lookup(name).into_iter().next() {
            places.push((p.name.to_string(), p.country.to_string(), p.lat, p.lon));
        }
    }
    // 20,000 synthetic towns scattered around those cities, drawn with a Zipf-like law (the
    // k-th town about 1/k as often): a few towns get most photos, as in an archive of a war.
    const TOWNS: usize = 20_000;
    let towns: Vec<(String, String, f64, f64)> = (0..TOWNS)
        .map(|k| {
            let (name, country, lat, lon) = &places[k % places.len()];
            let off = |r: &mut Rng| (r.below(4001) as f64 - 2000.0) / 1000.0;
            let (dlat, dlon) = if k < places.len() {
                (0.0, 0.0)
            } else {
                (off(&mut rng), off(&mut rng))
            };
            (
                format!("{name} {k}"),
                country.clone(),
                lat + dlat,
                lon + dlon,
            )
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    let mut label = BTreeMap::new();
    let start_day = dateline_incident::days_from_civil(2014, 1, 1);
    let mut incident = 0usize;
    while out.len() < n {
        let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
        let pi = ((TOWNS as f64).powf(u) as usize)
            .saturating_sub(1)
            .min(TOWNS - 1);
        let (city, country, lat, lon) = &towns[pi];
        let day = start_day + rng.below(3650) as i64;
        let t = TYPES[rng.below(TYPES.len())];
        let size = if rng.below(4) == 0 {
            2 + rng.below(5)
        } else {
            1
        };
        incident += 1;
        for k in 0..size {
            if out.len() >= n {
                break;
            }
            let id = format!("{:016x}", rng.next());
            let jitter = |r: &mut Rng| (r.below(2001) as f64 - 1000.0) / 100_000.0;
            let point = (lat + jitter(&mut rng), lon + jitter(&mut rng));
            let t = if k > 0 && t == "air_strike" && rng.below(3) == 0 {
                "rescue"
            } else {
                t
            };
            label.insert(id.clone(), incident);
            out.push(Photo {
                id,
                days: Some((day + (k as i64 % 2), day + (k as i64 % 2))),
                date_precision: Some(dateline_model::DatePrecision::Day),
                date_iso: None,
                level: Some(PlaceLevel::City),
                sublocation_key: None,
                city_key: Some(dateline_incident::key(city)),
                province_key: None,
                country: Some(country.clone()),
                point: Some(point),
                event_type: Some(t.to_string()),
                reported: false,
                agency: Some(AGENCIES[rng.below(AGENCIES.len())].to_string()),
                creators: Vec::new(),
                killed: None,
                injured: None,
                qualifier: None,
                casualty_source: None,
                sublocation: None,
                city: Some(city.clone()),
                province: None,
                location_precision: Some(1),
                words: Vec::new(),
            });
        }
    }
    (out, label)
}

fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

pub fn run(args: &IncidentBenchArgs) -> Result<i32> {
    let rules = Rules::default();
    let t = Instant::now();
    let (all, label) = photos(args.n, args.seed);
    let generate_s = secs(t);

    let tenth: Vec<Photo> = all[..args.n / 10].to_vec();
    let t = Instant::now();
    let small = group(tenth, &rules);
    let group_tenth_s = secs(t);
    std::hint::black_box(&small);

    let t = Instant::now();
    let incidents = group(all.clone(), &rules);
    let group_s = secs(t);

    // Baseline: one pass, one pair test per record.
    let t = Instant::now();
    let mut matched = 0usize;
    for w in all.windows(2) {
        if pair_ok(&w[0], &w[1], &rules) {
            matched += 1;
        }
    }
    let linear_s = secs(t);
    std::hint::black_box(matched);

    // What all pairs would cost: timed on a sample, scaled by n² / sample².
    let s = args.sample.min(all.len());
    let t = Instant::now();
    let mut pairs = 0usize;
    for i in 0..s {
        for j in 0..i {
            if pair_ok(&all[i], &all[j], &rules) {
                pairs += 1;
            }
        }
    }
    let sample_s = secs(t);
    std::hint::black_box(pairs);
    let all_pairs_est_s = sample_s * (args.n as f64 / s as f64).powi(2);

    // An update: 100 records, spread over the archive, move a day later.
    let mut moved = all.clone();
    let mut changed = std::collections::HashSet::new();
    let step = (moved.len() / 100).max(1);
    for p in moved.iter_mut().step_by(step).take(100) {
        p.days = p.days.map(|(a, b)| (a + 1, b + 1));
        changed.insert(p.id.clone());
    }
    let t = Instant::now();
    let updated = regroup(incidents.clone(), moved.clone(), &changed, &rules);
    let regroup_s = secs(t);
    let t = Instant::now();
    let again = group(moved, &rules);
    let group_again_s = secs(t);
    let regroup_exact = updated == again;

    let predicted: BTreeMap<String, String> = incidents
        .iter()
        .flat_map(|i| i.records.iter().map(move |r| (r.clone(), i.id.clone())))
        .collect();
    let (p, r, f) = bcubed(&label, &predicted);
    let result = serde_json::json!({
        "synthetic": true,
        "records": args.n,
        "planted_incidents": label.values().collect::<std::collections::BTreeSet<_>>().len(),
        "predicted_incidents": incidents.len(),
        "generate_s": generate_s,
        "group_s": group_s,
        "group_tenth_s": group_tenth_s,
        "size_ratio": 10.0,
        "time_ratio_n_vs_tenth": group_s / group_tenth_s,
        "linear_scan_s": linear_s,
        "group_vs_linear_scan": group_s / linear_s,
        "all_pairs_sample": s,
        "all_pairs_sample_s": sample_s,
        "all_pairs_estimated_s": all_pairs_est_s,
        "all_pairs_vs_group": all_pairs_est_s / group_s,
        "bcubed_planted": {"p": p, "r": r, "f1": f},
        "changed_records": changed.len(),
        "regroup_s": regroup_s,
        "group_again_s": group_again_s,
        "regroup_vs_group_again": regroup_s / group_again_s,
        "regroup_equals_group_again": regroup_exact,
        "max_rss_kb": crate::max_rss_kb(),
    });
    println!("{result}");
    Ok(0)
}
