//! Properties of the parser: it never panics, its errors always point inside the input, and any
//! query assembled from valid clauses parses with every clause's span where it was put.

use dateline_query::{EVENT_TYPES, Filter, ParseError, QSpan, Query, TextClause, parse};
use proptest::prelude::*;

fn on_boundaries(input: &str, s: QSpan) -> bool {
    s.start <= s.end
        && s.end <= input.len()
        && input.is_char_boundary(s.start)
        && input.is_char_boundary(s.end)
}

fn check_error(input: &str, e: &ParseError) {
    assert!(
        on_boundaries(input, e.span),
        "{input:?}: span {:?} out of bounds or inside a char",
        e.span
    );
    if !input.is_empty() {
        assert!(
            e.span.start < e.span.end,
            "{input:?}: empty span for {:?}",
            e.message
        );
    }
    assert!(!e.message.is_empty());
    assert!(
        !e.message.contains('\n'),
        "{input:?}: message on several lines: {:?}",
        e.message
    );
    let r = e.render(input);
    let lines: Vec<&str> = r.split('\n').collect();
    assert_eq!(lines.len(), 2, "{input:?}: render is not two lines: {r:?}");
    assert_eq!(lines[0].chars().count(), input.chars().count());
    let carets = input[..e.span.start].chars().count();
    assert!(
        lines[1][..carets].bytes().all(|b| b == b' ') && lines[1][carets..].starts_with('^'),
        "{r}"
    );
}

/// Every span in the tree lies in the input and covers what its node says it does.
fn check_text(input: &str, c: &TextClause) {
    match c {
        TextClause::Word { word, span } => {
            assert!(on_boundaries(input, *span));
            assert_eq!(&input[span.start..span.end], word);
        }
        TextClause::Prefix { stem, span } => {
            assert!(on_boundaries(input, *span));
            assert!(!stem.is_empty());
            assert_eq!(&input[span.start..span.end], format!("{stem}*"));
        }
        TextClause::Phrase { words, span } => {
            assert!(on_boundaries(input, *span));
            let text = &input[span.start..span.end];
            assert!(
                text.len() >= 2 && text.starts_with('"') && text.ends_with('"'),
                "{text:?}"
            );
            assert_eq!(
                words,
                &text[1..text.len() - 1]
                    .split_whitespace()
                    .collect::<Vec<_>>()
            );
            assert!(!words.is_empty());
        }
        TextClause::Any { alternatives, span } => {
            assert!(on_boundaries(input, *span));
            assert!(alternatives.len() >= 2);
            let mut at = span.start;
            for (i, a) in alternatives.iter().enumerate() {
                assert!(!matches!(
                    a,
                    TextClause::Not { .. } | TextClause::Any { .. }
                ));
                check_text(input, a);
                let s = span_of(a);
                assert!(s.start >= at && s.end <= span.end);
                if i > 0 {
                    assert_eq!(
                        input[at..s.start].split_whitespace().collect::<Vec<_>>(),
                        ["OR"]
                    );
                }
                at = s.end;
            }
            assert_eq!(span_of(&alternatives[0]).start, span.start);
            assert_eq!(at, span.end);
        }
        TextClause::Not { clause, span } => {
            assert!(on_boundaries(input, *span));
            assert!(!matches!(
                **clause,
                TextClause::Not { .. } | TextClause::Any { .. }
            ));
            assert_eq!(&input[span.start..span.start + 1], "-");
            assert_eq!(
                span_of(clause),
                QSpan {
                    start: span.start + 1,
                    end: span.end
                }
            );
            check_text(input, clause);
        }
    }
}

fn span_of(c: &TextClause) -> QSpan {
    match c {
        TextClause::Word { span, .. }
        | TextClause::Prefix { span, .. }
        | TextClause::Phrase { span, .. }
        | TextClause::Any { span, .. }
        | TextClause::Not { span, .. } => *span,
    }
}

fn filter_span(f: &Filter) -> QSpan {
    match f {
        Filter::Field { span, .. }
        | Filter::Reported { span, .. }
        | Filter::Date { span, .. }
        | Filter::Near { span, .. }
        | Filter::BBox { span, .. }
        | Filter::Count { span, .. } => *span,
    }
}

fn check_filter(input: &str, f: &Filter) {
    let span = filter_span(f);
    assert!(on_boundaries(input, span));
    let text = &input[span.start..span.end];
    match f {
        Filter::Field {
            field,
            values,
            negated,
            ..
        } => {
            assert_eq!(text.starts_with('-'), *negated);
            let key = text
                .trim_start_matches('-')
                .split(':')
                .next()
                .unwrap_or_default();
            assert!(key.eq_ignore_ascii_case(field.key()), "{text:?}");
            assert!(
                !values.is_empty() && values.iter().all(|v| !v.trim().is_empty()),
                "{values:?}"
            );
        }
        Filter::Date { from, to, .. } => {
            assert!(from.is_some() || to.is_some());
            if let (Some(f), Some(t)) = (from, to) {
                assert!(f <= t);
            }
        }
        Filter::Near {
            lat,
            lon,
            radius_km,
            ..
        } => {
            assert!(lat.abs() <= 90.0 && lon.abs() <= 180.0);
            assert!(*radius_km > 0.0 && *radius_km <= 20_000.0);
        }
        Filter::BBox {
            south,
            west,
            north,
            east,
            ..
        } => {
            assert!(south <= north && south.abs() <= 90.0 && north.abs() <= 90.0);
            assert!(west.abs() <= 180.0 && east.abs() <= 180.0);
        }
        Filter::Count { min, max, .. } => {
            assert!(min.is_some() || max.is_some());
            if let (Some(a), Some(b)) = (min, max) {
                assert!(a <= b);
            }
        }
        Filter::Reported { .. } => {}
    }
}

fn check_query(input: &str, q: &Query) {
    for c in &q.text {
        check_text(input, c);
    }
    for f in &q.filters {
        check_filter(input, f);
    }
}

fn check_any_input(input: &str) {
    match parse(input) {
        Ok(q) => check_query(input, &q),
        Err(e) => check_error(input, &e),
    }
}

/// Strings made mostly of the language's own pieces, so that arbitrary input reaches deep paths
/// (value parsers, OR chains) far more often than random text would.
fn query_ish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("agency:".to_string()),
        Just("type:".to_string()),
        Just("country:".to_string()),
        Just("date:".to_string()),
        Just("near:".to_string()),
        Just("bbox:".to_string()),
        Just("killed:".to_string()),
        Just("reported:".to_string()),
        Just("OR".to_string()),
        Just("\"".to_string()),
        Just("-".to_string()),
        Just("*".to_string()),
        Just(",".to_string()),
        Just("..".to_string()),
        Just(">=".to_string()),
        Just("<".to_string()),
        Just(" ".to_string()),
        Just("\n".to_string()),
        "[0-9]{1,5}",
        "[0-9]{1,3}\\.[0-9]{0,3}",
        "(km|m|mi)",
        "[a-zA-Z]{1,6}",
        "[éü日ذ\u{3000}\u{200b}\u{301}]",
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

// --- valid clauses ------------------------------------------------------------------------------

fn word() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9éüАдذ日][a-zA-Z0-9éüАдذ日'.()-]{0,7}"
        .prop_filter("OR is the operator", |w| w != "OR")
}

fn phrase() -> impl Strategy<Value = String> {
    prop::collection::vec("[^\"\\s]{1,8}", 1..4).prop_map(|ws| format!("\"{}\"", ws.join(" ")))
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![word(), word().prop_map(|w| format!("{w}*")), phrase()]
}

fn random_case(key: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<bool>(), key.len()).prop_map(move |up| {
        key.chars()
            .zip(up)
            .map(|(c, u)| if u { c.to_ascii_uppercase() } else { c })
            .collect()
    })
}

fn field_value(key: &'static str) -> BoxedStrategy<String> {
    if key == "type" {
        (prop::sample::select(EVENT_TYPES), 0..3u8)
            .prop_map(|(t, form)| match form {
                0 => t.to_string(),
                1 => t.replace('_', "-").to_uppercase(),
                _ => format!("\"{}\"", t.replace('_', " ")),
            })
            .boxed()
    } else {
        prop_oneof![
            "[A-Za-z0-9][A-Za-z0-9.'éü-]{0,8}",
            "\"[A-Za-z ]{0,4}[A-Za-zé][A-Za-z ]{0,4}\"",
        ]
        .boxed()
    }
}

fn field_filter() -> impl Strategy<Value = String> {
    prop::sample::select(
        &[
            "agency", "creator", "country", "province", "city", "type", "id",
        ][..],
    )
    .prop_flat_map(|key| {
        (
            any::<bool>(),
            random_case(key),
            prop::collection::vec(field_value(key), 1..4),
        )
            .prop_map(|(neg, k, vs)| format!("{}{k}:{}", if neg { "-" } else { "" }, vs.join(",")))
    })
}

fn day_spec() -> impl Strategy<Value = (i32, String)> {
    // The first element orders specs so ranges can be made ascending: year*10000 + month*100.
    (
        1900..2100i32,
        prop::option::of((1..=12i32, prop::option::of(1..=28i32))),
    )
        .prop_map(|(y, md)| match md {
            None => (y * 10000, format!("{y}")),
            Some((m, None)) => (y * 10000 + m * 100, format!("{y}-{m:02}")),
            Some((m, Some(d))) => (y * 10000 + m * 100 + d, format!("{y}-{m}-{d:02}")),
        })
}

fn date() -> impl Strategy<Value = String> {
    (day_spec(), day_spec(), 0..4u8).prop_map(|((ka, a), (kb, b), form)| {
        // Different granularities can overlap oddly (2016 vs 2016-03), so order by year alone.
        let (a, b) = if ka / 10000 < kb / 10000 {
            (a, b)
        } else if ka / 10000 > kb / 10000 {
            (b, a)
        } else {
            (a.clone(), a)
        };
        match form {
            0 => format!("date:{a}"),
            1 => format!("date:{a}.."),
            2 => format!("date:..{b}"),
            _ => format!("date:{a}..{b}"),
        }
    })
}

fn coord(limit: i32) -> impl Strategy<Value = String> {
    (-limit * 100..=limit * 100).prop_map(|i| format!("{:.2}", f64::from(i) / 100.0))
}

fn near() -> impl Strategy<Value = String> {
    let radius = prop_oneof![
        (1..=20000u32).prop_map(|r| format!("{r}km")),
        (1..=20000u32).prop_map(|r| format!("{r}")),
        (1..=12427u32).prop_map(|r| format!("{r}mi")),
        (1..=20_000_000u32).prop_map(|r| format!("{r}m")),
        (1..=20000u32).prop_map(|r| format!("{}.5KM", r - 1)),
    ];
    (coord(90), coord(180), radius).prop_map(|(a, b, r)| format!("near:{a},{b},{r}"))
}

fn bbox() -> impl Strategy<Value = String> {
    (-9000..=9000i32, -9000..=9000i32, coord(180), coord(180)).prop_map(|(a, b, w, e)| {
        let (s, n) = (a.min(b), a.max(b));
        format!(
            "bbox:{:.2},{w},{:.2},{e}",
            f64::from(s) / 100.0,
            f64::from(n) / 100.0
        )
    })
}

fn count() -> impl Strategy<Value = String> {
    (
        prop::sample::select(&["killed", "injured", "KILLED"][..]),
        0..1000u32,
        0..1000u32,
        0..8u8,
    )
        .prop_map(|(k, a, b, form)| {
            let (lo, hi) = (a.min(b), a.max(b));
            let v = match form {
                0 => format!("{a}"),
                1 => format!(">={a}"),
                2 => format!(">{a}"),
                3 => format!("<={a}"),
                4 => format!("<{}", a + 1),
                5 => format!("{lo}..{hi}"),
                6 => format!("{a}.."),
                _ => format!("..{a}"),
            };
            format!("{k}:{v}")
        })
}

fn clause() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => text(),
        1 => text().prop_map(|t| format!("-{t}")),
        1 => prop::collection::vec(text(), 2..4).prop_map(|ts| ts.join(" OR ")),
        2 => field_filter(),
        1 => prop::sample::select(&["reported:true", "reported:no", "Reported:YES", "reported:\"false\""][..])
            .prop_map(String::from),
        1 => date(),
        1 => near(),
        1 => bbox(),
        1 => count(),
    ]
}

fn gap() -> impl Strategy<Value = &'static str> {
    prop::sample::select(&[" ", " ", "  ", "\t", "\n", " \u{3000} "][..])
}

/// A query and the byte range each of its clauses was placed at.
fn valid_query() -> impl Strategy<Value = (String, Vec<QSpan>)> {
    (
        prop::collection::vec((gap(), clause()), 0..8),
        gap(),
        any::<bool>(),
    )
        .prop_map(|(parts, end, lead)| {
            let mut q = String::new();
            let mut spans = Vec::new();
            for (i, (sep, c)) in parts.into_iter().enumerate() {
                if i > 0 || lead {
                    q.push_str(sep);
                }
                spans.push(QSpan {
                    start: q.len(),
                    end: q.len() + c.len(),
                });
                q.push_str(&c);
            }
            q.push_str(end);
            (q, spans)
        })
        // OR groups can hold more prefix* words than the parser allows (8); a token with a star
        // counts as one, which over-counts phrases and so only ever drops valid queries.
        .prop_filter("within the prefix* limit", |(q, _)| {
            q.split_whitespace().filter(|t| t.contains('*')).count() <= 8
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        check_any_input(&input);
    }

    #[test]
    fn query_like_strings_never_panic(input in query_ish()) {
        check_any_input(&input);
    }

    #[test]
    fn valid_clauses_parse_where_they_were_put((input, spans) in valid_query()) {
        let q = match parse(&input) {
            Ok(q) => q,
            Err(e) => panic!("{input:?} failed:\n{}", e.render(&input)),
        };
        check_query(&input, &q);
        let mut got: Vec<QSpan> = q.text.iter().map(span_of).chain(q.filters.iter().map(filter_span)).collect();
        got.sort_by_key(|s| s.start);
        prop_assert_eq!(got, spans);
    }
}

#[test]
fn lossy_bytes_never_panic() {
    // The same input path as the fuzz target, on a few byte strings that are not UTF-8.
    for bytes in [
        &b"date:\xff2016"[..],
        b"\"\xc3",
        b"near:1,2,\xe2\x82",
        b"-\xf0\x9f\x92",
    ] {
        check_any_input(&String::from_utf8_lossy(bytes));
    }
}
