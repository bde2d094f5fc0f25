//! Bytes → lossy UTF-8 → `dateline_query::parse`. Crashes on a panic, on an error span outside
//! the input or off a char boundary, on a rendered error that is not exactly two lines, and on any
//! AST span outside the input. The parser takes text straight from a command line, so every
//! string must come back as a query or as an error that can be shown under the input.
#![no_main]

use dateline_query::{Filter, QSpan, TextClause, parse};
use libfuzzer_sys::fuzz_target;

fn check(input: &str, s: QSpan, what: &str) {
    assert!(
        s.start <= s.end
            && s.end <= input.len()
            && input.is_char_boundary(s.start)
            && input.is_char_boundary(s.end),
        "{what} span {}..{} outside a {}-byte input or inside a char",
        s.start,
        s.end,
        input.len()
    );
}

fn check_text(input: &str, c: &TextClause) {
    match c {
        TextClause::Word { span, .. }
        | TextClause::Prefix { span, .. }
        | TextClause::Phrase { span, .. } => check(input, *span, "text"),
        TextClause::Any { alternatives, span } => {
            check(input, *span, "OR");
            alternatives.iter().for_each(|a| check_text(input, a));
        }
        TextClause::Not { clause, span } => {
            check(input, *span, "-");
            check_text(input, clause);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    match parse(&input) {
        Ok(q) => {
            q.text.iter().for_each(|c| check_text(&input, c));
            for f in &q.filters {
                let span = match f {
                    Filter::Field { span, .. }
                    | Filter::Reported { span, .. }
                    | Filter::Date { span, .. }
                    | Filter::Near { span, .. }
                    | Filter::BBox { span, .. }
                    | Filter::Count { span, .. } => *span,
                };
                check(&input, span, "filter");
            }
            serde_json::to_string(&q).expect("queries serialize");
        }
        Err(e) => {
            check(&input, e.span, "error");
            let shown = e.render(&input);
            assert_eq!(
                shown.split('\n').count(),
                2,
                "render is not two lines: {shown:?}"
            );
        }
    }
});
