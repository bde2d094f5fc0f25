use super::*;
use serde_json::json;

/// A record from the fields grouping reads.
struct P(serde_json::Value);

fn p(caption: &str) -> P {
    P(json!({
        "id": dateline_model::record_id(caption),
        "input_id": null,
        "source": {"kind": "text", "path": null, "line": null, "sha256": null},
        "caption": caption,
        "credit": {"creators": [], "agency": null, "raw": null},
        "date": null,
        "location": {"text": null, "sublocation": null, "city": null, "province": null,
                     "country": null, "lat": null, "lon": null, "geonames_id": null,
                     "precision": null},
        "places": [], "people": [], "organizations": [],
        "event": {"type": null, "reported": false, "actors": []},
        "casualties": {"killed": null, "injured": null, "qualifier": null, "source": null},
        "warnings": [], "evidence": {}
    }))
}

impl P {
    fn agency(mut self, a: &str) -> Self {
        self.0["credit"]["agency"] = json!(a);
        self
    }
    fn day(mut self, iso: &str) -> Self {
        let precision = match iso.len() {
            10 => "day",
            7 => "month",
            _ => "year",
        };
        self.0["date"] =
            json!({"iso": iso, "precision": precision, "text": iso, "weekday_ok": null});
        self
    }
    fn city(mut self, city: &str, country: &str, lat: f64, lon: f64) -> Self {
        let l = &mut self.0["location"];
        l["city"] = json!(city);
        l["country"] = json!(country);
        l["lat"] = json!(lat);
        l["lon"] = json!(lon);
        l["precision"] = json!(1);
        self
    }
    fn sub(mut self, s: &str, lat: f64, lon: f64) -> Self {
        let l = &mut self.0["location"];
        l["sublocation"] = json!(s);
        l["lat"] = json!(lat);
        l["lon"] = json!(lon);
        l["precision"] = json!(1);
        self
    }
    fn region(mut self, province: &str, country: &str) -> Self {
        let l = &mut self.0["location"];
        l["province"] = json!(province);
        l["country"] = json!(country);
        l["precision"] = json!(3);
        self
    }
    fn kind(mut self, t: &str, reported: bool) -> Self {
        self.0["event"]["type"] = json!(t);
        self.0["event"]["reported"] = json!(reported);
        self
    }
    fn killed(mut self, n: u64, source: &str) -> Self {
        self.0["casualties"]["killed"] = json!(n);
        self.0["casualties"]["source"] = json!(source);
        self
    }
    fn photo(&self) -> Photo {
        let r: Record = serde_json::from_value(self.0.clone()).unwrap();
        Photo::of(&r)
    }
}

const ALEPPO: (f64, f64) = (36.2021, 37.1343);

fn aleppo(caption: &str) -> P {
    p(caption).city("Aleppo", "SY", ALEPPO.0, ALEPPO.1)
}

fn groups(photos: &[P]) -> Vec<Vec<usize>> {
    let ps: Vec<Photo> = photos.iter().map(P::photo).collect();
    let incidents = group(ps.clone(), &Rules::default());
    let mut out: Vec<Vec<usize>> = incidents
        .iter()
        .map(|inc| {
            let mut v: Vec<usize> = inc
                .records
                .iter()
                .map(|id| ps.iter().position(|p| &p.id == id).unwrap())
                .collect();
            v.sort();
            v
        })
        .collect();
    out.sort();
    out
}

#[test]
fn five_agencies_on_one_strike_are_one_incident_and_figures_are_never_summed() {
    let photos = [
        aleppo("A")
            .agency("AFP")
            .day("2016-11-24")
            .kind("air_strike", true)
            .killed(4, "SOHR"),
        aleppo("B")
            .agency("Reuters")
            .day("2016-11-24")
            .kind("rescue", false)
            .killed(7, "civil defence"),
        p("C")
            .sub("Bab al-Nairab", 36.2012, 37.1612)
            .agency("AP")
            .day("2016-11-24")
            .kind("air_strike", true),
        aleppo("D")
            .agency("Getty Images")
            .day("2016-11-25")
            .kind("funeral", false),
        aleppo("E").agency("Anadolu").day("2016-11-24"),
    ];
    assert_eq!(groups(&photos), vec![vec![0, 1, 2, 3, 4]]);
    let inc = &group(photos.iter().map(P::photo).collect(), &Rules::default())[0];
    assert_eq!(inc.killed, Some(Range { low: 4, high: 7 }));
    assert_eq!(inc.casualties.len(), 2);
    assert_eq!(inc.event_type.as_deref(), Some("air_strike"));
    assert_eq!(inc.place.sublocation.as_deref(), Some("Bab al-Nairab"));
    assert_eq!(inc.date_start.as_deref(), Some("2016-11-24"));
    assert_eq!(inc.date_end.as_deref(), Some("2016-11-25"));
    assert_eq!(
        inc.reason,
        "5 photos, AFP, AP, Anadolu, Getty Images and Reuters, Bab al-Nairab, 2016-11-24 to 2016-11-25, air strike, 4–7 killed"
    );
    assert_eq!(
        inc.links.len(),
        4,
        "every record after the first says why it joined"
    );
}

#[test]
fn two_different_neighbourhoods_are_two_incidents_but_each_goes_with_the_city() {
    let photos = [
        p("A")
            .sub("al-Shaar", 36.21, 37.17)
            .day("2016-11-24")
            .kind("air_strike", false),
        p("B")
            .sub("Bab al-Nairab", 36.2012, 37.1612)
            .day("2016-11-24")
            .kind("air_strike", false),
    ];
    assert_eq!(groups(&photos), vec![vec![0], vec![1]]);
    // A city-level photo could go with either: it joins one, and never bridges the two.
    let mut with_city: Vec<P> = photos.into_iter().collect();
    with_city.push(aleppo("C").day("2016-11-24").kind("rescue", false));
    let g = groups(&with_city);
    assert_eq!(g.len(), 2, "{g:?}");
    assert!(g.iter().all(|c| !(c.contains(&0) && c.contains(&1))));
}

#[test]
fn a_neighbourhood_spelled_two_ways_is_one_place() {
    let photos = [
        p("A")
            .sub("Bab al-Nairab", 36.2012, 37.1612)
            .day("2016-11-24"),
        p("B")
            .sub("Bab al- Nairab", 36.2012, 37.1612)
            .day("2016-11-24"),
        p("C")
            .sub("Bab al-Nairab district", 36.2012, 37.1612)
            .day("2016-11-24"),
    ];
    assert_eq!(groups(&photos), vec![vec![0, 1, 2]]);
}

#[test]
fn sport_never_goes_with_an_air_strike_nor_with_an_open_type() {
    let photos = [
        aleppo("A").day("2016-11-24").kind("air_strike", false),
        aleppo("B").day("2016-11-24").kind("sport", false),
        aleppo("C").day("2016-11-24").kind("sport", false),
        aleppo("D").day("2016-11-24"),
    ];
    let g = groups(&photos);
    assert!(g.contains(&vec![1, 2]), "{g:?}");
    assert!(g.iter().any(|c| c.contains(&0) && c.contains(&3)), "{g:?}");
}

#[test]
fn dates_follow_their_precision_and_an_incident_spans_at_most_three_days() {
    let d = |iso: &str, c: &str| aleppo(c).day(iso).kind("shelling", false);
    assert_eq!(
        groups(&[d("2016-11-24", "A"), d("2016-11-25", "B")]).len(),
        1
    );
    assert_eq!(
        groups(&[d("2016-11-24", "A"), d("2016-11-26", "B")]).len(),
        2
    );
    // A chain of daily photos does not become a week-long incident.
    let week: Vec<P> = (20..27)
        .map(|n| d(&format!("2016-11-{n}"), &format!("day {n}")))
        .collect();
    let g = groups(&week);
    assert!(g.iter().all(|c| c.len() <= 3), "{g:?}");
    assert_eq!(g.iter().map(Vec::len).sum::<usize>(), 7);
    // A month-precision date goes with a day of that month when the place names agree.
    assert_eq!(groups(&[d("2016-11", "A"), d("2016-11-24", "B")]).len(), 1);
    assert_eq!(groups(&[d("2016-10", "A"), d("2016-11-24", "B")]).len(), 2);
    // A year says too little.
    assert_eq!(groups(&[d("2016", "A"), d("2016-11-24", "B")]).len(), 2);
    // Undated photos stay alone.
    assert_eq!(groups(&[aleppo("A"), aleppo("B")]).len(), 2);
}

#[test]
fn places_far_apart_or_in_other_countries_are_other_incidents() {
    let photos = [
        aleppo("A").day("2016-11-24").kind("air_strike", false),
        p("B")
            .city("Idlib", "SY", 35.93, 36.63)
            .day("2016-11-24")
            .kind("air_strike", false),
        p("C")
            .city("Aleppo", "TR", 36.2021, 37.1343)
            .day("2016-11-24")
            .kind("air_strike", false),
    ];
    assert_eq!(groups(&photos), vec![vec![0], vec![1], vec![2]]);
}

#[test]
fn province_level_records_go_only_with_the_same_province() {
    let photos = [
        p("A")
            .region("Idlib", "SY")
            .day("2016-11-24")
            .kind("air_strike", false),
        p("B")
            .region("Idlib", "SY")
            .day("2016-11-24")
            .kind("air_strike", false),
        p("C")
            .region("Hama", "SY")
            .day("2016-11-24")
            .kind("air_strike", false),
        aleppo("D").day("2016-11-24").kind("air_strike", false),
    ];
    assert_eq!(groups(&photos), vec![vec![0, 1], vec![2], vec![3]]);
}

#[test]
fn a_funeral_follows_a_disaster_and_daily_life_never_merges() {
    let photos = [
        p("A")
            .region("Herat", "AF")
            .day("2023-10-08")
            .kind("disaster", false),
        p("B")
            .region("Herat", "AF")
            .day("2023-10-09")
            .kind("funeral", false),
    ];
    assert_eq!(groups(&photos), vec![vec![0, 1]]);
    let life = [
        aleppo("A").day("2016-11-24").kind("daily_life", false),
        aleppo("B").day("2016-11-24").kind("daily_life", false),
        aleppo("C").day("2016-11-24"),
    ];
    assert_eq!(groups(&life), vec![vec![0], vec![1], vec![2]]);
}

#[test]
fn ids_depend_on_the_records_only() {
    let photos = [
        aleppo("A").day("2016-11-24").agency("AFP"),
        aleppo("B").day("2016-11-24").agency("Reuters"),
        p("C").city("Gaza", "PS", 31.5, 34.46).day("2014-07-20"),
    ];
    let forward = group(photos.iter().map(P::photo).collect(), &Rules::default());
    let backward = group(
        photos.iter().rev().map(P::photo).collect(),
        &Rules::default(),
    );
    assert_eq!(forward, backward);
    let two = forward.iter().find(|i| i.records.len() == 2).unwrap();
    assert_eq!(
        two.id,
        incident_id([photos[1].photo().id.as_str(), photos[0].photo().id.as_str()])
    );
    assert!(two.id.starts_with("ev-") && two.id.len() == 19);
}

#[test]
fn every_photo_is_in_exactly_one_incident() {
    let photos: Vec<Photo> = (0..300)
        .map(|i| {
            aleppo(&format!("caption {i}"))
                .day(&format!("2016-11-{:02}", 1 + i % 28))
                .kind(["air_strike", "rescue", "sport", "protest"][i % 4], false)
                .photo()
        })
        .collect();
    let incidents = group(photos.clone(), &Rules::default());
    let mut seen: Vec<&str> = incidents
        .iter()
        .flat_map(|i| i.records.iter().map(String::as_str))
        .collect();
    seen.sort();
    let mut want: Vec<&str> = photos.iter().map(|p| p.id.as_str()).collect();
    want.sort();
    assert_eq!(seen, want);
}

#[test]
fn the_incident_type_is_what_happened_not_what_followed() {
    assert_eq!(
        incident_type(["rescue", "rescue", "air_strike"]).as_deref(),
        Some("air_strike")
    );
    assert_eq!(
        incident_type(["rescue", "funeral", "funeral"]).as_deref(),
        Some("funeral")
    );
    assert_eq!(
        incident_type(["shelling", "air_strike"]).as_deref(),
        Some("air_strike")
    );
    assert_eq!(incident_type(["other"]), None);
}

#[test]
fn bcubed_of_known_clusterings() {
    let gold: BTreeMap<i32, &str> = [(1, "a"), (2, "a"), (3, "b"), (4, "b")].into();
    let same: BTreeMap<i32, i32> = [(1, 0), (2, 0), (3, 1), (4, 1)].into();
    assert_eq!(bcubed(&gold, &same), (1.0, 1.0, 1.0));
    let singletons: BTreeMap<i32, i32> = [(1, 0), (2, 1), (3, 2), (4, 3)].into();
    let (p, r, _) = bcubed(&gold, &singletons);
    assert_eq!((p, r), (1.0, 0.5));
    let one: BTreeMap<i32, i32> = [(1, 0), (2, 0), (3, 0), (4, 0)].into();
    let (p, r, _) = bcubed(&gold, &one);
    assert_eq!((p, r), (0.5, 1.0));
}

#[test]
fn civil_day_numbers_round_trip() {
    for z in [-719_468, -1, 0, 1, 17_129, 20_000, 2_932_896] {
        let (y, m, d) = civil_from_days(z);
        assert_eq!(days_from_civil(y, m, d), z);
    }
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(date_interval("2016-02"), Some((16_832, 16_860)));
    assert_eq!(date_interval("2016-13-01"), None);
}

#[test]
fn the_merge_table_is_symmetric_and_names_contract_types() {
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
    for &(a, b) in COMPATIBLE {
        assert!(TYPES.contains(&a) && TYPES.contains(&b), "{a} {b}");
        assert!(types_compatible(Some(a), Some(b)) && types_compatible(Some(b), Some(a)));
    }
    assert!(!types_compatible(Some("sport"), Some("air_strike")));
    assert!(!types_compatible(None, Some("sport")));
    assert!(types_compatible(None, Some("rescue")));
}
