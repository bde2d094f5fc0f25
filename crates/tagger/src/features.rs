//! Tokens and their features: what the model sees of a caption.
//!
//! Features are strings (`w=said`, `sh=Xx`, `r=PB`), as crfsuite models store them. The same
//! function produces them for training ([`features`], owned strings) and for tagging (one
//! reusable buffer per caption), so that a model always sees at run time exactly what it was
//! trained on.

use crate::WordClasses;
use dateline_model::Span;
use dateline_text::mentions::{KnownKind, PlaceOracle};

/// One word of the caption.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Bytes of the word (without a possessive `'s`).
    pub span: Span,
    /// Index of the sentence the word is in.
    pub sentence: usize,
    /// The word starts a sentence.
    pub sentence_start: bool,
    /// The word carried a possessive `'s` ("Liverpool's Mohamed Salah").
    pub possessive: bool,
}

/// The caption's words, split as the rules split them (`dateline_text::names::words`), so that
/// a rule's span and a model's span meet on the same word boundaries.
pub fn tokens(text: &str) -> Vec<Token> {
    dateline_text::names::words(text)
        .into_iter()
        .map(|w| Token {
            span: w.span,
            sentence: w.sentence,
            sentence_start: w.sentence_start,
            possessive: w.possessive,
        })
        .collect()
}

/// What the engine already knows about the caption when the model runs.
pub struct Hints<'a> {
    /// Spans of the credit line (photographer, agency): no name there is the caption's subject.
    pub credit: &'a [Span],
    /// People the rules found.
    pub people: &'a [Span],
    /// Organizations the rules found.
    pub organizations: &'a [Span],
    /// Place phrases the rules found, with the gazetteer's kind when it knows the name.
    pub places: &'a [(Span, Option<KnownKind>)],
    /// The gazetteer.
    pub oracle: &'a dyn PlaceOracle,
}

/// Per-token facts computed once, from which the features of the token and its neighbours are
/// written.
pub(crate) struct Info {
    lower: String,
    shape: String,
    cap: bool,
    sentence_start: bool,
    possessive: bool,
    /// Rule label: P/O/L + B/I, or empty.
    rule: &'static str,
    place_kind: &'static str,
    gaz: &'static str,
    gaz_primary: bool,
    demonym: bool,
    credit: bool,
    dateline: bool,
    punct_before: Option<char>,
    punct_after: Option<char>,
    /// The cue word this token is, if any.
    cue: Option<&'static str>,
    /// Word-class bits (`WordClasses::flags`).
    classes: u32,
}

fn shape(word: &str) -> String {
    let mut s = String::new();
    let mut last = ' ';
    for c in word.chars() {
        let k = if c.is_uppercase() {
            'X'
        } else if c.is_lowercase() {
            'x'
        } else if c.is_ascii_digit() {
            'd'
        } else {
            c
        };
        if k != last {
            s.push(k);
            last = k;
        }
    }
    s
}

fn kind_name(k: KnownKind) -> &'static str {
    match k {
        KnownKind::Country => "country",
        KnownKind::Admin1 => "admin1",
        KnownKind::Populated => "pop",
    }
}

/// The label a rule span gives the token at `span`: `B` when the token starts it.
fn rule_of(spans: &[Span], span: Span, b: &'static str, i: &'static str) -> Option<&'static str> {
    spans
        .iter()
        .find(|s| s.start <= span.start && span.end <= s.end)
        .map(|s| if s.start == span.start { b } else { i })
}

/// Where a dateline ("ALEPPO, Syria - ") ends: the first dash separator near the start.
fn dateline_end(text: &str) -> Option<usize> {
    let mut head = text.len().min(90);
    while !text.is_char_boundary(head) {
        head -= 1;
    }
    [" - ", " – ", " — ", " -- "]
        .iter()
        .filter_map(|d| text[..head].find(d))
        .min()
}

pub(crate) fn infos(text: &str, tokens: &[Token], hints: &Hints, lex: &WordClasses) -> Vec<Info> {
    let dl_end = dateline_end(text);
    tokens
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let word = t.span.slice(text);
            let lower = word.to_lowercase();
            let bare = dateline_text::names::strip_article(word);
            let cap = bare.chars().next().is_some_and(char::is_uppercase);
            let rule = rule_of(hints.people, t.span, "PB", "PI")
                .or_else(|| rule_of(hints.organizations, t.span, "OB", "OI"))
                .unwrap_or("");
            let place = hints
                .places
                .iter()
                .find(|(s, _)| s.start <= t.span.start && t.span.end <= s.end);
            let rule = match place {
                Some((s, _)) if rule.is_empty() => {
                    if s.start == t.span.start {
                        "LB"
                    } else {
                        "LI"
                    }
                }
                _ => rule,
            };
            let place_kind = place.map_or("", |(_, k)| k.map_or("none", kind_name));
            let known = if cap && word.len() >= 2 {
                hints.oracle.place(word)
            } else {
                None
            };
            let demonym = cap && hints.oracle.demonym(word).is_some();
            let before = text[..t.span.start].trim_end().chars().next_back();
            let after_text = &text[t.span.end..];
            let after_text = after_text
                .strip_prefix("'s")
                .or_else(|| after_text.strip_prefix("’s"))
                .unwrap_or(after_text);
            let after = after_text.trim_start().chars().next();
            let punct = |c: Option<char>| c.filter(|c| !c.is_alphanumeric());
            let prev_end = if i > 0 { tokens[i - 1].span.end } else { 0 };
            let next_start = tokens.get(i + 1).map_or(text.len(), |n| n.span.start);
            Info {
                shape: shape(word),
                cap,
                sentence_start: t.sentence_start,
                possessive: t.possessive,
                rule,
                place_kind,
                gaz: known.as_ref().map_or("", |k| kind_name(k.kind)),
                gaz_primary: known.as_ref().is_some_and(|k| k.primary),
                demonym,
                credit: hints.credit.iter().any(|c| c.contains(&t.span)),
                dateline: dl_end.is_some_and(|e| t.span.end <= e),
                punct_before: punct(before).filter(|_| prev_end < t.span.start),
                punct_after: punct(after).filter(|_| t.span.end < next_start),
                cue: if lower.ends_with("-year-old") {
                    Some("year-old")
                } else {
                    CUES.iter().find(|c| **c == lower).copied()
                },
                classes: lex.flags(&lower),
                lower,
            }
        })
        .collect()
}

const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// Cue words whose presence near a token says what kind of name it is.
const CUES: &[&str] = &[
    "said",
    "says",
    "year-old",
    "president",
    "minister",
    "of",
    "in",
    "at",
    "by",
    "and",
    "his",
    "her",
    "their",
    "the",
    "from",
    "near",
];

/// Writes the features of token `i` into `buf`, calling `f` on each.
pub(crate) fn for_each(
    infos: &[Info],
    i: usize,
    lex: &WordClasses,
    buf: &mut String,
    f: &mut dyn FnMut(&str),
) {
    let t = &infos[i];
    // Feature strings are assembled from parts rather than formatted: this runs ~40 times per
    // word, and `fmt` machinery was a visible share of tagging time.
    let mut put = |buf: &mut String, parts: &[&str]| {
        buf.clear();
        for p in parts {
            buf.push_str(p);
        }
        f(buf);
    };
    put(buf, &["b"]);
    put(buf, &["w=", &t.lower]);
    put(buf, &["sh=", &t.shape]);
    if let (Some((p, _)), Some((s, _))) = (
        t.lower.char_indices().nth(3),
        t.lower.char_indices().nth_back(2),
    ) {
        put(buf, &["p3=", &t.lower[..p]]);
        put(buf, &["s3=", &t.lower[s..]]);
    }
    if t.sentence_start {
        put(buf, &["ss"]);
    }
    if t.possessive {
        put(buf, &["poss"]);
    }
    if i > 0 && infos[i - 1].possessive {
        put(buf, &["poss-1"]);
    }
    match lex.common_size(&t.lower) {
        Some(z) if t.cap => put(buf, &["cw=", DIGITS[usize::from(z / 10).min(9)]]),
        Some(_) => put(buf, &["cw=l"]),
        None if t.cap => put(buf, &["cw=no"]),
        None => {}
    }
    for c in lex.class_names(t.classes) {
        put(buf, &["c=", c]);
    }
    if !t.rule.is_empty() {
        put(buf, &["r=", t.rule]);
    }
    if !t.place_kind.is_empty() {
        put(buf, &["lk=", t.place_kind]);
    }
    if !t.gaz.is_empty() {
        put(buf, &["g=", t.gaz]);
        if t.gaz_primary {
            put(buf, &["gp"]);
        }
    }
    if t.demonym {
        put(buf, &["dem"]);
    }
    if t.credit {
        put(buf, &["cr"]);
    }
    if t.dateline {
        put(buf, &["dl"]);
    }
    if let Some(c) = t.punct_before {
        put(buf, &["pb=", c.encode_utf8(&mut [0; 4])]);
    }
    if let Some(c) = t.punct_after {
        put(buf, &["pa=", c.encode_utf8(&mut [0; 4])]);
    }
    if t.lower.ends_with("-year-old") {
        put(buf, &["yo"]);
    }
    for (off, d) in [(-2isize, "-2"), (-1, "-1"), (1, "1"), (2, "2")] {
        let Some(n) = i.checked_add_signed(off).and_then(|j| infos.get(j)) else {
            put(buf, &["w", d, "=^"]);
            continue;
        };
        put(buf, &["w", d, "=", &n.lower]);
        put(buf, &["sh", d, "=", &n.shape]);
        if off.abs() == 1 {
            if !n.rule.is_empty() {
                put(buf, &["r", d, "=", n.rule]);
            }
            if n.credit {
                put(buf, &["cr", d]);
            }
            for c in lex.class_names(n.classes) {
                put(buf, &["c", d, "=", c]);
            }
            if n.cap {
                put(buf, &["cap", d, "|", if t.cap { "true" } else { "false" }]);
            }
        }
    }
    // Cue words anywhere in the three words after: "X, 25, said", "X of the ...".
    for n in infos.iter().skip(i + 1).take(3) {
        if let Some(cue) = n.cue {
            put(buf, &["cue+=", cue]);
        }
    }
    for n in infos[..i].iter().rev().take(3) {
        if let Some(cue) = n.cue.filter(|c| *c != "year-old") {
            put(buf, &["cue-=", cue]);
        }
    }
    // An age after the name: "Samah, 5," or "Samah (5)".
    if let Some(n) = infos.get(i + 1)
        && n.shape == "d"
        && n.lower.len() <= 3
        && matches!(n.punct_before, Some(',') | Some('('))
    {
        put(buf, &["age+1"]);
    }
}

/// The features of every token, as owned strings (for training).
pub fn features(
    text: &str,
    tokens: &[Token],
    hints: &Hints,
    lex: &WordClasses,
) -> Vec<Vec<String>> {
    let infos = infos(text, tokens, hints, lex);
    let mut buf = String::new();
    (0..infos.len())
        .map(|i| {
            let mut out = Vec::new();
            for_each(&infos, i, lex, &mut buf, &mut |s| out.push(s.to_string()));
            out
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dateline_text::mentions::NoPlaces;

    #[test]
    fn shapes_collapse_runs() {
        assert_eq!(shape("Aleppo"), "Xx");
        assert_eq!(shape("25-year-old"), "d-x-x");
        assert_eq!(shape("U.S."), "X.X.");
    }

    #[test]
    fn features_see_the_rules_and_the_age() {
        // written
        let text = "Samah, 5, sits with President Ali Bongo.";
        let toks = tokens(text);
        let people = [Span::new(30, 39)];
        let hints = Hints {
            credit: &[],
            people: &people,
            organizations: &[],
            places: &[],
            oracle: &NoPlaces,
        };
        let f = features(text, &toks, &hints, &WordClasses::builtin());
        assert!(f[0].contains(&"age+1".to_string()));
        assert!(f[0].contains(&"pa=,".to_string()));
        let ali = toks
            .iter()
            .position(|t| t.span.slice(text) == "Ali")
            .unwrap();
        assert!(f[ali].contains(&"r=PB".to_string()));
        assert!(f[ali].contains(&"c-1=title".to_string()));
        assert!(f[ali + 1].contains(&"r=PI".to_string()));
    }
}
