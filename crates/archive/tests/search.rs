//! Search through the SQL path (FTS5, or PostgreSQL's tsvector) and the ranked index: every
//! filter with its expected hits, sorting, paging, facets, stats, ranking and hostile query
//! text — on SQLite, and on PostgreSQL when a server is given (`every_test_here_on_postgres`).

mod common;

use common::*;
use dateline_archive::{
    AnyStore, NONE, Ranker, SearchOptions, SearchResults, Sort, SqliteStore, StatsBy, Store,
    haversine_km,
};
use dateline_model::record_id;
use dateline_query::{QSpan, Query, TextClause};
use std::collections::BTreeMap;

#[test]
fn every_test_here_on_postgres() {
    rerun_on_postgres("every_test_here_on_postgres");
}

const A: &str = "Rescue workers search the rubble after an air strike in Aleppo on November 24, 2016. (Photo by Ameer Alhalbi/AFP)";
const B: &str = "A barrel bomb hit the neighbourhood of al-Shaar in Ḥalab, activists said, in April 2016. (Reuters/Abdalrhman Ismail)";
const C: &str =
    "Displaced families walk near Idlib on April 10, 2016. (Photo by Omar Haj Kadour/AFP)";
const D: &str = "Protesters gather in Mosul in 2015. (AP Photo)";
const E: &str = "A funeral procession for the victims, in an undated handout picture.";
const F: &str = "Fishermen near Suva, Fiji on January 5, 2017. (Photo by Jane Doe/Reuters)";
const G: &str = "Boats moored off Taveuni island in Fiji in January 2017. (afp)";

/// Seven records covering every filter; returns the store and id → label.
fn fixture() -> (tempfile::TempDir, AnyStore, BTreeMap<String, &'static str>) {
    let (d, s) = store();
    let recs = [
        (
            "a",
            rec(A)
                .agency("AFP")
                .creators(&["Ameer Alhalbi"])
                .date("2016-11-24", "day")
                .place(Some("Aleppo"), Some("Aleppo"), "SY")
                .at(36.2021, 37.1343)
                .event("air_strike", false)
                .killed(12)
                .injured(30)
                .orgs(&[("Syria Civil Defence", Some("SCD"))]),
        ),
        (
            "b",
            rec(B)
                .agency("Reuters")
                .creators(&["Abdalrhman Ismail"])
                .date("2016-04", "month")
                .place(Some("Aleppo"), Some("Aleppo"), "SY")
                .at(36.22, 37.16)
                .event("air_strike", true)
                .killed(5),
        ),
        (
            "c",
            rec(C)
                .agency("AFP")
                .creators(&["Omar Haj Kadour"])
                .date("2016-04-10", "day")
                .place(Some("Idlib"), Some("Idlib"), "SY")
                .at(35.93, 36.63)
                .event("displacement", false)
                .people(&["Umm Khaled"]),
        ),
        (
            "d",
            rec(D)
                .agency("AP")
                .date("2015", "year")
                .place(Some("Mosul"), Some("Nineveh"), "IQ")
                .at(36.34, 43.13)
                .event("protest", false),
        ),
        ("e", rec(E).event("funeral", false).killed(3)),
        (
            "f",
            rec(F)
                .agency("Reuters")
                .creators(&["Jane Doe", "John Roe"])
                .date("2017-01-05", "day")
                .place(Some("Suva"), Some("Central"), "FJ")
                .at(-18.14, 178.44)
                .event("daily_life", false),
        ),
        (
            "g",
            rec(G)
                .agency("afp")
                .date("2017-01", "month")
                .place(None, Some("Northern"), "FJ")
                .at(-16.8, -179.97)
                .event("daily_life", false),
        ),
    ];
    let mut labels = BTreeMap::new();
    let mut batch = Vec::new();
    for (i, (label, r)) in recs.into_iter().enumerate() {
        let r = r.src("text", "/data/all.txt", i as u64 + 1);
        labels.insert(r.build().id, label);
        batch.push(r.item());
    }
    ingest(&s, "/data/all.txt", "sha", &batch);
    (d, s, labels)
}

fn labels_of(r: &SearchResults, l: &BTreeMap<String, &'static str>) -> Vec<&'static str> {
    r.hits.iter().map(|h| l[&h.record.id]).collect()
}

/// Sorted labels of the hits; checks that total matches and both rankers agree.
fn hits(s: &AnyStore, l: &BTreeMap<String, &'static str>, q: &str, opts: &SearchOptions) -> String {
    let r = search(
        s,
        q,
        &SearchOptions {
            ranker: Ranker::Fts5,
            ..opts.clone()
        },
    );
    let mut got = labels_of(&r, l);
    assert_eq!(r.total as usize, got.len(), "{q}: total and hits disagree");
    let r2 = search(
        s,
        q,
        &SearchOptions {
            ranker: Ranker::Tantivy,
            ..opts.clone()
        },
    );
    // Relevance scores differ between the two engines, so only the sets must agree; by date,
    // the pages must be identical.
    if opts.sort != Sort::Relevance {
        assert_eq!(
            labels_of(&r2, l),
            got,
            "{q}: engines order dates differently"
        );
    }
    let mut other = labels_of(&r2, l);
    other.sort_unstable();
    got.sort_unstable();
    assert_eq!(other, got, "{q}: rankers disagree");
    assert_eq!(r2.total, r.total, "{q}: rankers count differently");
    got.concat()
}

fn check(cases: &[(&str, &str)], opts: &SearchOptions) {
    let (_d, s, l) = fixture();
    let mut failures = Vec::new();
    for (q, want) in cases {
        let got = hits(&s, &l, q, opts);
        if got != *want {
            failures.push(format!("{q:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn text_clauses() {
    check(
        &[
            ("", "abcdefg"),
            ("rubble", "a"),
            ("RUBBLE", "a"),
            ("\"barrel bomb\"", "b"),
            ("\"bomb barrel\"", ""),
            ("neighbour*", "b"),
            ("displac*", "c"),
            ("rubble OR funeral", "ae"),
            ("rubble OR funeral OR \"barrel bomb\"", "abe"),
            ("-rubble", "bcdefg"),
            ("fiji -boats", "f"),
            ("april -\"barrel bomb\"", "c"),
            ("photo -afp", "df"),
            // Names of people and organizations are searchable too.
            ("defence", "a"),
            ("SCD", "a"),
            ("khaled", "c"),
            // Diacritics are folded both ways.
            ("halab", "b"),
            ("Ḥalab", "b"),
            ("HALAB", "b"),
            ("al-Shaar", "b"),
            ("nothingmatchesthis", ""),
        ],
        &fts(),
    );
}

#[test]
fn field_filters() {
    check(
        &[
            ("agency:afp", "acg"),
            ("agency:AFP", "acg"),
            ("agency:REUTERS", "bf"),
            ("agency:AFP,Reuters", "abcfg"),
            ("-agency:AFP", "bdef"),
            ("-agency:AFP,Reuters", "de"),
            ("creator:\"ameer alhalbi\"", "a"),
            ("creator:\"JOHN ROE\"", "f"),
            ("creator:\"Jane Doe\",\"Omar Haj Kadour\"", "cf"),
            ("-creator:\"Ameer Alhalbi\"", "bcdefg"),
            ("country:SY", "abc"),
            ("country:sy", "abc"),
            ("country:FJ,IQ", "dfg"),
            ("-country:SY", "defg"),
            ("province:aleppo", "ab"),
            ("province:NINEVEH", "d"),
            ("-province:aleppo", "cdefg"),
            ("city:aleppo", "ab"),
            ("city:Idlib", "c"),
            ("-city:aleppo", "cdefg"),
            ("type:air_strike", "ab"),
            ("type:Air-Strike", "ab"),
            ("type:daily_life,protest", "dfg"),
            ("-type:air_strike", "cdefg"),
            ("reported:true", "b"),
            ("reported:false", "acdefg"),
            ("killed:>=10", "a"),
            ("killed:..5", "be"),
            ("killed:3..5", "be"),
            ("killed:>12", ""),
            ("injured:1..50", "a"),
            ("injured:0", ""),
            ("agency:afp country:SY -type:air_strike", "c"),
            ("rubble agency:reuters", ""),
            ("aleppo OR idlib agency:afp", "ac"),
        ],
        &fts(),
    );
}

#[test]
fn id_filters() {
    let (_d, s, l) = fixture();
    let a = record_id(A);
    assert_eq!(hits(&s, &l, &format!("id:{}", &a[..6]), &fts()), "a");
    assert_eq!(
        hits(&s, &l, &format!("id:{}", &a[..6].to_uppercase()), &fts()),
        "a"
    );
    assert_eq!(hits(&s, &l, &format!("id:{a}"), &fts()), "a");
    assert_eq!(hits(&s, &l, &format!("-id:{a}"), &fts()), "bcdefg");
    let c = record_id(C);
    assert_eq!(
        hits(&s, &l, &format!("id:{},{}", &a[..8], &c[..8]), &fts()),
        "ac"
    );
}

#[test]
fn dates_strict_and_loose() {
    let strict = [
        // b is "April 2016": inside the month, but not inside a range of days within it.
        ("date:2016-04-05..2016-04-20", "c"),
        ("date:2016-04", "bc"),
        ("date:2016", "abc"),
        ("date:2016-04-10", "c"),
        ("date:2015..2016", "abcd"),
        ("date:2017-01-01..", "fg"),
        ("date:2017-01-02..", "f"),
        ("date:..2016-04-30", "bcd"),
        ("date:..2016-04-29", "cd"),
        ("date:2015-06", ""),
    ];
    check(&strict, &fts());
    let loose = [
        ("date:2016-04-05..2016-04-20", "bc"),
        ("date:2016-04", "bc"),
        ("date:2016", "abc"),
        ("date:2016-04-10", "bc"),
        ("date:2015-06", "d"),
        ("date:2017-01-02..", "fg"),
        ("date:..2016-04-29", "bcd"),
    ];
    let opts = SearchOptions {
        loose_dates: true,
        ..fts()
    };
    check(&loose, &opts);
}

#[test]
fn places_bbox_and_near() {
    check(
        &[
            ("bbox:35,36,37,38", "abc"),
            ("bbox:36,37,37,38", "ab"),
            ("bbox:30,30,40,50", "abcd"),
            // Across the antimeridian: west > east.
            ("bbox:-20,178,-15,-179", "fg"),
            ("bbox:-20,179,-15,-179", "g"),
            ("bbox:-20,178,-15,179", "f"),
            ("bbox:-90,-180,90,180", "abcdfg"),
            ("near:36.2021,37.1343,5km", "ab"),
            ("near:36.2021,37.1343,1km", "a"),
            ("near:36.2021,37.1343,2000m", "a"),
            ("near:36.2021,37.1343,100mi", "abc"),
            ("near:36.2021,37.1343,1000km", "abcd"),
            // A circle that crosses the antimeridian.
            ("near:-17,179.9,100km", "g"),
            ("near:-17,179.9,250km", "fg"),
            ("near:-17,-179.9,250km", "fg"),
        ],
        &fts(),
    );
}

#[test]
fn near_finds_points_at_the_widest_longitude_of_the_circle() {
    // At 60°N a 1000 km circle reaches furthest east not on its centre's parallel but
    // poleward of it, about 18.12° of longitude away; `radius / cos(latitude)` gives only
    // 17.99°. This point is 995 km from the centre, at that widest longitude.
    let (_d, s) = store();
    let at = (61.242_139, 28.124_580);
    assert!((haversine_km(60.0, 10.0, at.0, at.1) - 995.0).abs() < 0.01);
    let r = rec("A ferry docks in the harbour").at(at.0, at.1);
    ingest(
        &s,
        "/data/far.txt",
        "sha",
        &[r.src("text", "/data/far.txt", 1).item()],
    );
    for ranker in [Ranker::Fts5, Ranker::Tantivy] {
        let opts = SearchOptions { ranker, ..fts() };
        assert_eq!(
            search(&s, "near:60,10,1000km", &opts).total,
            1,
            "{ranker:?}"
        );
        assert_eq!(
            search(&s, "harbour near:60,10,1000km", &opts).total,
            1,
            "{ranker:?}"
        );
        assert_eq!(search(&s, "near:60,10,990km", &opts).total, 0, "{ranker:?}");
    }
}

#[test]
fn near_is_exact_at_the_radius() {
    let (_d, s, l) = fixture();
    let (lat, lon) = (36.0, 37.0);
    let da = haversine_km(lat, lon, 36.2021, 37.1343);
    let db = haversine_km(lat, lon, 36.22, 37.16);
    assert!(db > da + 0.05);
    let q = |r: f64| format!("near:{lat},{lon},{r:.3}km");
    assert_eq!(hits(&s, &l, &q(da - 0.01), &fts()), "");
    assert_eq!(hits(&s, &l, &q(da + 0.01), &fts()), "a");
    assert_eq!(hits(&s, &l, &q(db - 0.01), &fts()), "a");
    assert_eq!(hits(&s, &l, &q(db + 0.01), &fts()), "ab");
    let r = search(&s, &q(db + 0.01), &fts());
    for h in &r.hits {
        let d = h.distance_km.unwrap();
        assert!(d <= db + 0.01);
        let want = haversine_km(
            lat,
            lon,
            h.record.location.lat.unwrap(),
            h.record.location.lon.unwrap(),
        );
        assert!((d - want).abs() < 1e-9);
    }
    // Without a near filter there is no distance.
    assert!(search(&s, "rubble", &fts()).hits[0].distance_km.is_none());
}

#[test]
fn sorting_by_date_puts_undated_last() {
    let (_d, s, l) = fixture();
    for ranker in [Ranker::Fts5, Ranker::Tantivy] {
        let opts = |sort| SearchOptions {
            sort,
            ranker,
            ..fts()
        };
        let by = |sort| labels_of(&search(&s, "", &opts(sort)), &l).concat();
        assert_eq!(by(Sort::DateAsc), "dbcagfe");
        assert_eq!(by(Sort::DateDesc), "fgacbde");
        // Relevance without text is newest first.
        assert_eq!(by(Sort::Relevance), "fgacbde");
        // Date order applies to text queries too.
        let r = search(&s, "aleppo OR idlib OR fiji", &opts(Sort::DateAsc));
        assert_eq!(labels_of(&r, &l).concat(), "cagf", "{ranker:?}");
        let r = search(&s, "aleppo OR idlib OR fiji", &opts(Sort::DateDesc));
        assert_eq!(labels_of(&r, &l).concat(), "fgac", "{ranker:?}");
        assert!(r.hits.iter().all(|h| h.score.is_none()), "{ranker:?}");
    }
}

#[test]
fn paging_is_consistent_with_the_total() {
    let (_d, s, l) = fixture();
    for (q, sort, ranker) in [
        ("", Sort::DateAsc),
        ("", Sort::DateDesc),
        ("", Sort::Relevance),
        ("-rubble", Sort::DateAsc),
        ("the OR in OR of", Sort::Relevance),
        ("aleppo OR idlib OR fiji OR mosul", Sort::DateDesc),
    ]
    .into_iter()
    .flat_map(|(q, sort)| [(q, sort, Ranker::Fts5), (q, sort, Ranker::Tantivy)])
    {
        let fts = || SearchOptions { ranker, ..fts() };
        let all = search(&s, q, &SearchOptions { sort, ..fts() });
        let whole = labels_of(&all, &l);
        let mut paged = Vec::new();
        for offset in (0..whole.len() + 3).step_by(2) {
            let page = search(
                &s,
                q,
                &SearchOptions {
                    sort,
                    limit: 2,
                    offset,
                    ..fts()
                },
            );
            assert_eq!(page.total, all.total, "{q} offset {offset}");
            assert!(page.hits.len() <= 2);
            paged.extend(labels_of(&page, &l));
        }
        assert_eq!(paged, whole, "{q} {sort:?} {ranker:?}");
    }
    let p = search(
        &s,
        "",
        &SearchOptions {
            sort: Sort::DateAsc,
            limit: 2,
            offset: 2,
            ..fts()
        },
    );
    assert_eq!(p.total, 7);
    assert_eq!(labels_of(&p, &l).concat(), "ca");
    let none = search(&s, "", &SearchOptions { limit: 0, ..fts() });
    assert_eq!((none.total, none.hits.len()), (7, 0));
}

#[test]
fn relevance_ranks_by_bm25() {
    let (_d, s) = store();
    let caps = [
        "Aleppo, Aleppo, Aleppo: the city of Aleppo after the siege of Aleppo.",
        "A street in Aleppo.",
        "A long caption about many things that happened somewhere in northern Syria, with Aleppo mentioned once among a great many other words in it.",
        "Nothing to see here.",
    ];
    ingest(&s, "/data/r.txt", "1", &lines("/data/r.txt", &caps));
    let r = search(&s, "aleppo", &fts());
    assert_eq!(r.total, 3);
    let got: Vec<_> = r.hits.iter().map(|h| h.record.caption.as_str()).collect();
    assert_eq!(got, [caps[0], caps[1], caps[2]]);
    let scores: Vec<f32> = r.hits.iter().map(|h| h.score.unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(scores.iter().all(|s| *s > 0.0), "{scores:?}");
    // Highlights point at the matched words.
    let h = &r.hits[1];
    let words: Vec<_> = h
        .highlights
        .iter()
        .map(|&(a, b)| &h.record.caption[a..b])
        .collect();
    assert_eq!(words, ["Aleppo"]);
    // Date sorting has no score.
    let r = search(
        &s,
        "aleppo",
        &SearchOptions {
            sort: Sort::DateDesc,
            ..fts()
        },
    );
    assert!(r.hits.iter().all(|h| h.score.is_none()));
    // Filters combine with ranking.
    let r = search(&s, "aleppo -siege", &fts());
    assert_eq!(r.total, 2);
    assert_eq!(r.hits[0].record.caption, caps[1]);
}

#[test]
fn facets_count_matching_records() {
    let (_d, s, _l) = fixture();
    let r = search(
        &s,
        "",
        &SearchOptions {
            facets: true,
            ..fts()
        },
    );
    let f: BTreeMap<_, _> = r.facets.iter().cloned().collect();
    let pairs = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
        v.iter().map(|(a, n)| (a.to_string(), *n)).collect()
    };
    assert_eq!(f["agency"], pairs(&[("AFP", 3), ("Reuters", 2), ("AP", 1)]));
    assert_eq!(f["country"], pairs(&[("SY", 3), ("FJ", 2), ("IQ", 1)]));
    assert_eq!(
        f["type"],
        pairs(&[
            ("air_strike", 2),
            ("daily_life", 2),
            ("displacement", 1),
            ("funeral", 1),
            ("protest", 1)
        ])
    );
    assert_eq!(f["year"], pairs(&[("2016", 3), ("2017", 2), ("2015", 1)]));
    let r = search(
        &s,
        "country:SY",
        &SearchOptions {
            facets: true,
            ..fts()
        },
    );
    let f: BTreeMap<_, _> = r.facets.iter().cloned().collect();
    assert_eq!(f["agency"], pairs(&[("AFP", 2), ("Reuters", 1)]));
    assert_eq!(f["year"], pairs(&[("2016", 3)]));
    let r = search(&s, "rubble", &fts());
    assert!(r.facets.is_empty());
}

#[test]
fn stats_by_every_dimension() {
    let (_d, s, _l) = fixture();
    let q = Query::default();
    let st = |by| -> Vec<(String, u64)> { s.stats(by, &q, false).unwrap() };
    let pairs = |v: &[(&str, u64)]| -> Vec<(String, u64)> {
        v.iter().map(|(a, n)| (a.to_string(), *n)).collect()
    };
    assert_eq!(
        st(StatsBy::Agency),
        pairs(&[("AFP", 3), ("Reuters", 2), ("AP", 1), (NONE, 1)])
    );
    assert_eq!(
        st(StatsBy::Creator),
        pairs(&[
            (NONE, 3),
            ("Abdalrhman Ismail", 1),
            ("Ameer Alhalbi", 1),
            ("Jane Doe", 1),
            ("John Roe", 1),
            ("Omar Haj Kadour", 1)
        ])
    );
    assert_eq!(
        st(StatsBy::Country),
        pairs(&[("SY", 3), ("FJ", 2), ("IQ", 1), (NONE, 1)])
    );
    assert_eq!(
        st(StatsBy::Province),
        pairs(&[
            ("Aleppo", 2),
            ("Central", 1),
            ("Idlib", 1),
            ("Nineveh", 1),
            ("Northern", 1),
            (NONE, 1)
        ])
    );
    assert_eq!(
        st(StatsBy::City),
        pairs(&[
            ("Aleppo", 2),
            (NONE, 2),
            ("Idlib", 1),
            ("Mosul", 1),
            ("Suva", 1)
        ])
    );
    assert_eq!(
        st(StatsBy::Type),
        pairs(&[
            ("air_strike", 2),
            ("daily_life", 2),
            ("displacement", 1),
            ("funeral", 1),
            ("protest", 1)
        ])
    );
    // Time dimensions run in time order, the undated last.
    assert_eq!(
        st(StatsBy::Year),
        pairs(&[("2015", 1), ("2016", 3), ("2017", 2), (NONE, 1)])
    );
    assert_eq!(
        st(StatsBy::Month),
        pairs(&[
            ("2015", 1),
            ("2016-04", 2),
            ("2016-11", 1),
            ("2017-01", 2),
            (NONE, 1)
        ])
    );
    // With a query and with loose dates.
    let q = dateline_query::parse("date:2016-04-05..2016-04-20").unwrap();
    assert_eq!(
        s.stats(StatsBy::Agency, &q, false).unwrap(),
        pairs(&[("AFP", 1)])
    );
    assert_eq!(
        s.stats(StatsBy::Agency, &q, true).unwrap(),
        pairs(&[("AFP", 1), ("Reuters", 1)])
    );
    let q = dateline_query::parse("rubble OR fiji").unwrap();
    assert_eq!(
        s.stats(StatsBy::Creator, &q, false).unwrap(),
        pairs(&[
            ("Ameer Alhalbi", 1),
            ("Jane Doe", 1),
            ("John Roe", 1),
            (NONE, 1)
        ])
    );
}

#[test]
fn agency_spelled_differently_counts_once() {
    // "AFP" and "afp" are one agency for filters; stats must not split them either.
    let (_d, s, _l) = fixture();
    let st = s.stats(StatsBy::Agency, &Query::default(), false).unwrap();
    assert_eq!(
        st.iter()
            .filter(|(a, _)| a.eq_ignore_ascii_case("afp"))
            .count(),
        1
    );
}

fn word(w: &str) -> TextClause {
    TextClause::Word {
        word: w.into(),
        span: QSpan::default(),
    }
}

#[test]
fn hostile_query_text_is_quoted_not_interpreted() {
    let (_d, s, l) = fixture();
    // Through the parser.
    for q in [
        "\"a\" OR \"b\"",
        "NEAR(",
        "NEAR(rubble aleppo)",
        "'; DROP TABLE records; --",
        "records_fts:rubble",
        "\"rubble\" AND",
        "a AND OR NOT b",
        "^rubble",
        "rubble)",
        "((",
        "\"\"\"",
        "-- ; ,",
        "{caption}: rubble",
        "caption : rubble",
        "\u{0}",
        "x*",
        "\"'\"",
    ] {
        if let Ok(query) = dateline_query::parse(q) {
            for opts in [
                fts(),
                SearchOptions {
                    sort: Sort::DateAsc,
                    ..fts()
                },
            ] {
                let r = s.search(&query, &opts);
                assert!(r.is_ok(), "{q:?}: {:?}", r.err());
            }
        }
    }
    // Straight into the AST, where the parser cannot help.
    let nasty = [
        "\"",
        "\"\"",
        "*",
        "\"a\" OR \"b\"",
        "NEAR(",
        "NEAR(a b)",
        "AND",
        "OR",
        "NOT",
        "a:b",
        "'; DROP TABLE records; --",
        "^",
        "()",
        "",
        " ",
        "ʿ",
        "\u{301}",
        "٣",
        "²",
        "-",
        "+",
        "a\"b",
        "\u{0}",
        "caption:rubble",
        "{caption names}:rubble",
        "rubble\" OR \"aleppo",
    ];
    for w in nasty {
        let clauses = [
            word(w),
            TextClause::Prefix {
                stem: w.into(),
                span: QSpan::default(),
            },
            TextClause::Phrase {
                words: vec![w.into(), w.into()],
                span: QSpan::default(),
            },
            TextClause::Any {
                alternatives: vec![word(w), word("rubble")],
                span: QSpan::default(),
            },
            TextClause::Not {
                clause: Box::new(word(w)),
                span: QSpan::default(),
            },
        ];
        for c in clauses {
            let query = Query {
                text: vec![c.clone()],
                filters: vec![],
            };
            for opts in [
                fts(),
                SearchOptions {
                    sort: Sort::DateAsc,
                    ..fts()
                },
                SearchOptions {
                    facets: true,
                    ..fts()
                },
            ] {
                let r = s.search(&query, &opts);
                assert!(r.is_ok(), "{c:?}: {:?}", r.err());
            }
            assert!(s.stats(StatsBy::Agency, &query, false).is_ok(), "{c:?}");
        }
    }
    // A quoted operator is a word, not an operator: `"rubble" OR "aleppo"` as one word finds
    // nothing, where as an OR it would find a and b.
    let q = Query {
        text: vec![word("rubble\" OR \"aleppo")],
        filters: vec![],
    };
    assert_eq!(s.search(&q, &fts()).unwrap().total, 0);
    // Field text in filters is bound, never spliced.
    for q in [
        "agency:\"'; DROP TABLE records; --\"",
        "city:\"x' OR '1'='1\"",
        "creator:\"a') OR 1=1 --\"",
        "province:%",
        "city:_",
    ] {
        assert_eq!(hits(&s, &l, q, &fts()), "", "{q}");
    }
    assert_eq!(s.count().unwrap(), 7);
    if let Some(file) = s.sqlite() {
        assert_eq!(file.integrity_check().unwrap(), "ok");
    }
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    fn clause() -> impl Strategy<Value = TextClause> {
        let w = ".{0,8}";
        prop_oneof![
            w.prop_map(|w| word(&w)),
            w.prop_map(|stem| TextClause::Prefix {
                stem,
                span: QSpan::default()
            }),
            proptest::collection::vec(w, 1..3).prop_map(|words| TextClause::Phrase {
                words,
                span: QSpan::default()
            }),
            w.prop_map(|w| TextClause::Not {
                clause: Box::new(word(&w)),
                span: QSpan::default()
            }),
            proptest::collection::vec(w, 2..3).prop_map(|ws| TextClause::Any {
                alternatives: ws.iter().map(|w| word(w)).collect(),
                span: QSpan::default()
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn any_text_clause_searches_without_error(clauses in proptest::collection::vec(clause(), 1..4)) {
            thread_local! {
                static FIX: (tempfile::TempDir, AnyStore, BTreeMap<String, &'static str>) = fixture();
            }
            FIX.with(|(_d, s, _l)| {
                let q = Query { text: clauses.clone(), filters: vec![] };
                for opts in [fts(), SearchOptions { sort: Sort::DateAsc, ..fts() }] {
                    let r = s.search(&q, &opts);
                    prop_assert!(r.is_ok(), "{:?}: {:?}", clauses, r.err());
                }
                Ok(())
            })?;
        }

        #[test]
        fn any_parsed_query_searches_without_error(q in "[ -~Ḥ]{0,24}") {
            thread_local! {
                static FIX: (tempfile::TempDir, AnyStore, BTreeMap<String, &'static str>) = fixture();
            }
            if let Ok(query) = dateline_query::parse(&q) {
                FIX.with(|(_d, s, _l)| {
                    let r = s.search(&query, &SearchOptions { facets: true, ..fts() });
                    prop_assert!(r.is_ok(), "{:?}: {:?}", q, r.err());
                    Ok(())
                })?;
            }
        }

        /// Both engines find the same records for any query: arbitrary Unicode, and the
        /// fixture's own words written in compatibility forms (fullwidth, ligatures, accents).
        #[test]
        fn both_engines_agree_on_any_unicode_query(
            q in prop_oneof![
                "\\PC{0,16}",
                ("(rubble|aleppo|fire|boy|bomb|afp|idlib|neighbourhood)", 0..4usize).prop_map(|(w, style)| match style {
                    0 => w.chars().map(|c| char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c)).collect(),
                    1 => w.replace("fi", "\u{FB01}"),
                    2 => w.to_uppercase(),
                    _ => w.replace('e', "e\u{0301}"),
                }),
            ]
        ) {
            thread_local! {
                static FIX: (tempfile::TempDir, AnyStore, BTreeMap<String, &'static str>) = fixture();
            }
            if let Ok(query) = dateline_query::parse(&q) {
                FIX.with(|(_d, s, _l)| {
                    let ids = |ranker| {
                        let r = s.search(&query, &SearchOptions { ranker, limit: 1000, ..SearchOptions::default() })
                            .unwrap_or_else(|e| panic!("{q:?}: {e}"));
                        let mut v = hit_ids(&r);
                        v.sort();
                        (r.total, v)
                    };
                    prop_assert_eq!(ids(Ranker::Tantivy), ids(Ranker::Fts5), "{:?}", q);
                    Ok(())
                })?;
            }
        }
    }
}

/// The facets of a search are counted by the ranked index when it answers (fast fields, one
/// pass) and by SQL `GROUP BY` otherwise: both must give the same counts, values and order for
/// any query, over records whose values are spelled several ways (case, accents, spacing, a
/// value that folds to nothing, `(none)` itself), several creators, corrections and superseded
/// records.
mod facet_engines {
    use super::*;
    use dateline_archive::NewRecord;
    use proptest::prelude::*;

    const AGENCIES: &[&str] = &["AFP", "afp", "Reuters", "REUTERS", "AP", " ", "", "Ａ"];
    const CREATORS: &[&str] = &[
        "Ameer Alhalbi",
        "ameer  alhalbi",
        "Jane Doe",
        "Jané Doe",
        "John Roe",
        "Omar Haj Kadour",
    ];
    const CITIES: &[&str] = &[
        "Aleppo", "aleppo", "Ḥalab", "Halab", "Idlib", "Mosul", "(none)", "Suva", "\u{301}",
    ];
    const PROVINCES: &[&str] = &["Aleppo", "Idlib", "Nineveh", "Central", "central"];
    // Country codes as the contract writes them (upper case): the engines compare them
    // differently otherwise (SQL as written, tantivy folded), which no extraction or
    // correction produces.
    const COUNTRIES: &[&str] = &["SY", "IQ", "FJ"];
    const TYPES: &[&str] = &["air_strike", "protest", "flood", "funeral", "daily_life"];
    const WORDS: &[&str] = &[
        "rubble", "people", "children", "protest", "police", "flood", "rescue", "strike", "market",
        "funeral",
    ];

    /// A small deterministic generator, so the fixture is the same on every run.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as usize
        }
        fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
            xs[self.next() % xs.len()]
        }
    }

    fn caption(g: &mut Lcg, i: usize) -> String {
        let words: Vec<&str> = (0..3 + g.next() % 4).map(|_| g.pick(WORDS)).collect();
        format!("Record {i}: {}.", words.join(" "))
    }

    fn record(g: &mut Lcg, caption: &str) -> Rec {
        let mut r = rec(caption);
        if !g.next().is_multiple_of(6) {
            r = r.agency(g.pick(AGENCIES));
        }
        let creators: Vec<&str> = (0..g.next() % 3).map(|_| g.pick(CREATORS)).collect();
        r = r.creators(&creators);
        match g.next() % 5 {
            0 => {}
            1 => r = r.date(&format!("{}", 2014 + g.next() % 4), "year"),
            2 => {
                r = r.date(
                    &format!("{}-0{}", 2014 + g.next() % 4, 1 + g.next() % 9),
                    "month",
                )
            }
            _ => {
                r = r.date(
                    &format!(
                        "{}-0{}-1{}",
                        2014 + g.next() % 4,
                        1 + g.next() % 9,
                        g.next() % 10
                    ),
                    "day",
                )
            }
        }
        if !g.next().is_multiple_of(4) {
            let city = (!g.next().is_multiple_of(5)).then(|| g.pick(CITIES));
            let province = (!g.next().is_multiple_of(3)).then(|| g.pick(PROVINCES));
            r = r.place(city, province, g.pick(COUNTRIES));
        }
        if !g.next().is_multiple_of(5) {
            r = r.event(g.pick(TYPES), g.next().is_multiple_of(3));
        }
        r
    }

    /// 240 records in one file, then a second version of the file that edits every seventh
    /// line (superseding those records), and corrections of the agency and city of a few.
    fn fixture() -> (tempfile::TempDir, AnyStore) {
        let (d, s) = store();
        let mut g = Lcg(7);
        let n = 240;
        let captions: Vec<String> = (0..n).map(|i| caption(&mut g, i)).collect();
        let first: Vec<NewRecord> = captions
            .iter()
            .enumerate()
            .map(|(i, c)| {
                record(&mut g, c)
                    .src("text", "/data/f.txt", i as u64 + 1)
                    .item()
            })
            .collect();
        ingest(&s, "/data/f.txt", "sha-1", &first);
        let second: Vec<NewRecord> = captions
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let c = if i.is_multiple_of(7) {
                    format!("{c} Edited.")
                } else {
                    c.clone()
                };
                record(&mut g, &c)
                    .src("text", "/data/f.txt", i as u64 + 1)
                    .item()
            })
            .collect();
        ingest(&s, "/data/f.txt", "sha-2", &second);
        for (i, item) in first.iter().enumerate().filter(|(i, _)| i % 11 == 3) {
            let edits = [
                (
                    "credit.agency".to_string(),
                    serde_json::json!(AGENCIES[i % AGENCIES.len()]),
                ),
                (
                    "location.city".to_string(),
                    serde_json::json!(CITIES[i % CITIES.len()]),
                ),
            ];
            s.correct(&item.record.id, &edits, "tester", None).unwrap();
        }
        (d, s)
    }

    /// Facets through each engine (the page as the page asks for it).
    fn facets_of(
        s: &AnyStore,
        q: &Query,
        opts: &SearchOptions,
    ) -> (dateline_archive::ranked::Facets, u64) {
        let r = s.search(q, opts).unwrap_or_else(|e| panic!("{q:?}: {e}"));
        (r.facets, r.total)
    }

    fn agree(s: &AnyStore, text: &str) -> std::result::Result<(), TestCaseError> {
        let Ok(q) = dateline_query::parse(text) else {
            return Ok(());
        };
        for (loose_dates, include_superseded, sort) in [
            (false, false, Sort::Relevance),
            (true, true, Sort::DateDesc),
            (false, true, Sort::DateAsc),
        ] {
            let opts = |ranker| SearchOptions {
                ranker,
                facets: true,
                loose_dates,
                include_superseded,
                sort,
                ..SearchOptions::default()
            };
            let (sql, sql_total) = facets_of(s, &q, &opts(Ranker::Fts5));
            let (ranked, ranked_total) = facets_of(s, &q, &opts(Ranker::Tantivy));
            prop_assert_eq!(ranked_total, sql_total, "{:?}", text);
            prop_assert_eq!(
                &ranked,
                &sql,
                "{:?} ({}, {})",
                text,
                loose_dates,
                include_superseded
            );
        }
        Ok(())
    }

    thread_local! {
        static FIX: (tempfile::TempDir, AnyStore) = fixture();
    }

    #[test]
    fn the_fixture_has_what_the_comparison_needs() {
        FIX.with(|(_d, s)| {
            let all = |ranker| {
                let q = Query::default();
                let o = SearchOptions {
                    ranker,
                    facets: true,
                    ..SearchOptions::default()
                };
                s.search(&q, &o).unwrap()
            };
            let sql = all(Ranker::Fts5);
            let f: BTreeMap<_, _> = sql.facets.iter().cloned().collect();
            // Spellings of one key count once, under the smallest spelling.
            assert!(f["agency"].iter().any(|(v, _)| v == "AFP"), "{f:?}");
            assert!(!f["agency"].iter().any(|(v, _)| v == "afp"), "{f:?}");
            assert!(f["city"].iter().any(|(v, _)| v == "Halab"), "{f:?}");
            // A value that folds to nothing stands for the records without a key.
            assert!(f["agency"].iter().any(|(v, _)| v.is_empty()), "{f:?}");
            // `(none)` is never shown, even when a record says so.
            assert!(!f["city"].iter().any(|(v, _)| v == NONE), "{f:?}");
            assert_eq!(f["reported"].len(), 2);
            let ranked = all(Ranker::Tantivy);
            assert_eq!(ranked.facets, sql.facets);
            assert_eq!(ranked.total, sql.total);
            assert!(sql.total > 200, "{}", sql.total);
        });
    }

    #[test]
    fn fixed_queries_count_the_same_in_both_engines() {
        FIX.with(|(_d, s)| {
            for q in [
                "",
                "rubble",
                "people -children",
                "flood OR protest",
                "\"rescue strike\"",
                "res*",
                "agency:afp",
                "agency:AFP,Reuters",
                "-agency:AP",
                "city:halab",
                "country:SY type:air_strike",
                "reported:true",
                "reported:false people",
                "date:2015..2016",
                "date:2015-03",
                "creator:\"jane doe\"",
                "province:central market",
                "nothingmatchesthis",
            ] {
                agree(s, q).unwrap_or_else(|e| panic!("{e}"));
            }
        });
    }

    /// An index written before the facets (schema version 3: no `facet` field) is wiped and
    /// refilled from the change log the first time the archive is used, then counts facets.
    #[test]
    fn an_index_of_the_previous_schema_rebuilds_itself_and_counts_facets() {
        use tantivy::schema::{FAST, INDEXED, Schema, TEXT};
        // The index beside an archive file; PostgreSQL's goes through the same code (derived.rs).
        if on_postgres() {
            return;
        }
        let (d, s) = fixture();
        let all = |s: &dyn Store, ranker| {
            let o = SearchOptions {
                ranker,
                facets: true,
                ..SearchOptions::default()
            };
            s.search(&Query::default(), &o).unwrap()
        };
        let sql = all(&s, Ranker::Fts5);
        let dir = s.ranked_dir();
        drop(s);
        std::fs::remove_dir_all(&dir).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        let mut b = Schema::builder();
        b.add_i64_field("rowid", INDEXED | FAST);
        b.add_text_field("caption", TEXT);
        let index = tantivy::Index::create_in_dir(&dir, b.build()).unwrap();
        let mut w: tantivy::IndexWriter = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let mut c = w.prepare_commit().unwrap();
        c.set_payload("dateline-ranked v3 seq 100000 archive - audit 0 -");
        c.commit().unwrap();
        drop(w);

        let s = SqliteStore::open(d.path().join("archive.db")).unwrap();
        let ranked = all(&s, Ranker::Tantivy);
        assert_eq!(ranked.total, sql.total);
        assert_eq!(ranked.facets, sql.facets);
        // The answer came from the rebuilt index, not from the SQL fallback.
        let counts = s.engine_counts().unwrap();
        assert_eq!(counts.ranked, Some((counts.records, counts.live)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_queries_count_the_same_in_both_engines(
            words in proptest::collection::vec(
                prop_oneof![
                    proptest::sample::select(WORDS).prop_map(str::to_string),
                    proptest::sample::select(WORDS).prop_map(|w| format!("-{w}")),
                    proptest::sample::select(WORDS).prop_map(|w| format!("{}*", &w[..3])),
                    (proptest::sample::select(WORDS), proptest::sample::select(WORDS))
                        .prop_map(|(a, b)| format!("{a} OR {b}")),
                ],
                0..3,
            ),
            filters in proptest::collection::vec(
                prop_oneof![
                    proptest::sample::select(AGENCIES).prop_map(|a| format!("agency:\"{a}\"")),
                    proptest::sample::select(CITIES).prop_map(|c| format!("city:\"{c}\"")),
                    proptest::sample::select(COUNTRIES).prop_map(|c| format!("-country:{c}")),
                    proptest::sample::select(TYPES).prop_map(|t| format!("type:{t}")),
                    proptest::sample::select(CREATORS).prop_map(|c| format!("creator:\"{c}\"")),
                    (2014u32..2018, 0u32..3).prop_map(|(y, n)| format!("date:{y}..{}", y + n)),
                    proptest::bool::ANY.prop_map(|b| format!("reported:{b}")),
                ],
                0..3,
            ),
        ) {
            let text = words.iter().chain(&filters).cloned().collect::<Vec<_>>().join(" ");
            FIX.with(|(_d, s)| agree(s, &text))?;
        }
    }
}
