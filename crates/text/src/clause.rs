//! What the event and casualty readers share: the caption folded (whitespace runs, curly
//! apostrophes) with a map back to original offsets, its sentences, numbers written in words,
//! and the closed word classes of `data/clause_words.tsv`.
//!
//! Both readers work on the same folded text and sentences, so that a figure's span and an
//! incident cue's span can be compared; keeping this here lets `event` and `casualty` stay
//! independent of each other. The event reader learns the figures through [`IncidentFigures`],
//! which `casualty::CasualtiesFound` implements.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use crate::{LexiconError, Span, tsv_rows};

/// Built-in closed word classes.
const BUILTIN_TSV: &str = include_str!("../../../data/clause_words.tsv");

/// A closed word class of `data/clause_words.tsv`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum WordClass {
    Abbreviation,
    Number,
    Qualifier,
    Aux,
    Unit,
    Month,
    ClauseWord,
    Pronoun,
    SourceVerb,
    SourceCut,
    MilitaryVehicle,
    Wreck,
    LeaderTitle,
    NotActor,
    ActorLink,
    NameParticle,
    HarmedBy,
    ScoreBefore,
    ScoreAfter,
}

impl WordClass {
    fn from_kind(kind: &str) -> Option<Self> {
        use WordClass::*;
        Some(match kind {
            "abbreviation" => Abbreviation,
            "number" => Number,
            "qualifier" => Qualifier,
            "aux" => Aux,
            "unit" => Unit,
            "month" => Month,
            "clause_word" => ClauseWord,
            "pronoun" => Pronoun,
            "source_verb" => SourceVerb,
            "source_cut" => SourceCut,
            "military_vehicle" => MilitaryVehicle,
            "wreck" => Wreck,
            "leader_title" => LeaderTitle,
            "not_actor" => NotActor,
            "actor_link" => ActorLink,
            "name_particle" => NameParticle,
            "harmed_by" => HarmedBy,
            "score_before" => ScoreBefore,
            "score_after" => ScoreAfter,
            _ => return None,
        })
    }
}

/// The word classes, as loaded.
#[derive(Debug, Default)]
pub(crate) struct ClauseWords {
    /// Lowercase phrases (single spaces) per class, in file order.
    lists: HashMap<WordClass, Vec<String>>,
    sets: HashMap<WordClass, HashSet<String>>,
    /// Number word -> value.
    numbers: HashMap<String, u64>,
    /// Qualifier phrase -> `at_least` or `about`.
    qualifiers: HashMap<String, &'static str>,
}

impl ClauseWords {
    /// Parses a word-class TSV (`kind \t phrase [\t value]`, see `data/clause_words.tsv`).
    pub(crate) fn parse(source_name: &str, tsv: &str) -> Result<Self, LexiconError> {
        let err = |line: usize, message: String| LexiconError {
            source_name: source_name.to_string(),
            line,
            message,
        };
        let mut w = ClauseWords::default();
        for (line, fields) in tsv_rows(tsv) {
            if fields.len() < 2 || fields[1].is_empty() {
                return Err(err(line, "expected `kind<TAB>phrase[<TAB>value]`".into()));
            }
            let Some(class) = WordClass::from_kind(fields[0]) else {
                return Err(err(line, format!("unknown kind {:?}", fields[0])));
            };
            let phrase = phrase_key(fields[1]);
            let value = fields.get(2).copied().unwrap_or("");
            match class {
                WordClass::Number => {
                    let v = value
                        .parse::<u64>()
                        .map_err(|_| err(line, format!("bad number value {value:?}")))?;
                    w.numbers.insert(phrase.clone(), v);
                }
                WordClass::Qualifier => {
                    let q = match value {
                        "at_least" => "at_least",
                        "about" => "about",
                        _ => {
                            return Err(err(
                                line,
                                format!("qualifier value must be at_least or about, not {value:?}"),
                            ));
                        }
                    };
                    w.qualifiers.insert(phrase.clone(), q);
                }
                _ => {}
            }
            w.sets.entry(class).or_default().insert(phrase.clone());
            w.lists.entry(class).or_default().push(phrase);
        }
        Ok(w)
    }

    /// True when `word` (any case) is in `class`.
    pub(crate) fn is(&self, class: WordClass, word: &str) -> bool {
        let Some(set) = self.sets.get(&class) else {
            return false;
        };
        if word.bytes().all(|b| !b.is_ascii_uppercase()) {
            set.contains(word)
        } else {
            set.contains(&word.to_lowercase())
        }
    }

    /// The phrases of `class`, in file order.
    pub(crate) fn list(&self, class: WordClass) -> &[String] {
        self.lists.get(&class).map_or(&[], Vec::as_slice)
    }

    /// Value of a number word ("fourteen" -> 14).
    pub(crate) fn number(&self, word: &str) -> Option<u64> {
        self.numbers.get(word).copied()
    }

    /// `at_least` or `about` for a qualifier phrase (lowercase, single spaces).
    pub(crate) fn qualifier(&self, phrase: &str) -> Option<&'static str> {
        self.qualifiers.get(phrase).copied()
    }

    /// The phrases of `class` as a regex alternation, longest first, spaces matching any
    /// whitespace run.
    pub(crate) fn alternation(&self, class: WordClass) -> String {
        phrase_alternation(self.list(class))
    }
}

/// Phrases (lowercase, single spaces) as a regex alternation, longest first, spaces matching any
/// whitespace run.
pub(crate) fn phrase_alternation<'a>(phrases: impl IntoIterator<Item = &'a String>) -> String {
    let mut l: Vec<&String> = phrases.into_iter().collect();
    l.sort_by_key(|p| std::cmp::Reverse(p.len()));
    l.iter()
        .map(|p| {
            p.split(' ')
                .map(regex::escape)
                .collect::<Vec<_>>()
                .join(r"\s+")
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A phrase as the word lists store it: lowercase, words one space apart.
pub(crate) fn phrase_key(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The shipped word classes. The table is tested; an error here is a packaging bug, so the
/// readers fall back to empty classes rather than fail on a caption.
pub(crate) static WORDS: LazyLock<ClauseWords> = LazyLock::new(|| {
    ClauseWords::parse("builtin:clause_words.tsv", BUILTIN_TSV).unwrap_or_default()
});

/// What the event reader needs of the caption's casualty figures: where they stand (a hedge
/// next to a figure makes the incident reported) and where their attribution stands.
pub trait IncidentFigures {
    /// Original-byte spans of the killed / injured figure phrases.
    fn figure_spans(&self) -> Vec<Span>;
    /// Original-byte span of the figures' attribution, when one was found.
    fn attribution_span(&self) -> Option<Span>;
}

/// No casualty figures: for callers that classify the event alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFigures;

impl IncidentFigures for NoFigures {
    fn figure_spans(&self) -> Vec<Span> {
        Vec::new()
    }
    fn attribution_span(&self) -> Option<Span> {
        None
    }
}

/// The caption with whitespace runs folded to one space and curly apostrophes/quotes made
/// straight, plus a map back to byte offsets of the original.
pub(crate) struct Folded {
    pub(crate) text: String,
    /// `map[i]` = original byte offset of folded byte `i`; `map[text.len()]` = original length.
    pub(crate) map: Vec<usize>,
}

impl Folded {
    pub(crate) fn new(orig: &str) -> Self {
        if orig.is_ascii() {
            return Self::new_ascii(orig);
        }
        let mut text = String::with_capacity(orig.len());
        let mut map = Vec::with_capacity(orig.len() + 1);
        let mut prev_space = false;
        for (i, c) in orig.char_indices() {
            let c2 = match c {
                c if c.is_whitespace() => ' ',
                '\u{2018}' | '\u{2019}' | '\u{02BC}' => '\'',
                '\u{2010}' | '\u{2011}' => '-',
                c => c,
            };
            if c2 == ' ' && prev_space {
                continue;
            }
            prev_space = c2 == ' ';
            let before = text.len();
            text.push(c2);
            for _ in before..text.len() {
                map.push(i);
            }
        }
        map.push(orig.len());
        Folded { text, map }
    }

    /// [`Folded::new`] for ASCII text: whitespace runs become one space.
    fn new_ascii(orig: &str) -> Self {
        let b = orig.as_bytes();
        let mut text = Vec::with_capacity(b.len());
        let mut map = Vec::with_capacity(b.len() + 1);
        let mut prev_space = false;
        for (i, &c) in b.iter().enumerate() {
            let space = c.is_ascii_whitespace() || c == 0x0B;
            if space && prev_space {
                continue;
            }
            prev_space = space;
            text.push(if space { b' ' } else { c });
            map.push(i);
        }
        map.push(b.len());
        // Only ASCII bytes were pushed.
        let text = String::from_utf8(text).unwrap_or_default();
        Folded { text, map }
    }

    /// Original span of folded `[start, end)`. Always on char boundaries of the original.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        let s = self
            .map
            .get(start)
            .copied()
            .unwrap_or(*self.map.last().unwrap_or(&0));
        // End: one past the original char that folded byte end-1 came from.
        let e = if end == 0 || end <= start {
            s
        } else {
            let last = end - 1;
            let o = self.map.get(last).copied().unwrap_or(s);
            // Find next original offset greater than o.
            let mut j = last + 1;
            while j < self.map.len() && self.map[j] == o {
                j += 1;
            }
            self.map.get(j).copied().unwrap_or(o)
        };
        Span::new(s, e.max(s))
    }
}

/// A sentence of the folded text: `[start, end)` in folded bytes and its rank among
/// substantial sentences (`None` for dateline fragments).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sentence {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) rank: Option<usize>,
}

/// Splits folded text into sentences. `exclude` is in folded bytes.
pub(crate) fn sentences(text: &str, exclude: &[(usize, usize)]) -> Vec<Sentence> {
    let b = text.as_bytes();
    let mut cuts = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'.' || c == b'!' || c == b'?' {
            // Skip closing quotes/brackets after the mark.
            let mut j = i + 1;
            while j < b.len() && (b[j] == b'"' || b[j] == b'\'' || b[j] == b')') {
                j += 1;
            }
            let after_ok = j >= b.len() || b[j] == b' ';
            if after_ok {
                let next = text[j..].trim_start().chars().next();
                let next_ok = next
                    .is_none_or(|n| n.is_uppercase() || n.is_ascii_digit() || "\"'(“[".contains(n));
                let abbrev = c == b'.' && is_abbreviation(&text[..i]);
                if next_ok && !abbrev {
                    cuts.push(j);
                }
            }
            i = j.max(i + 1);
            continue;
        }
        if b[i..].starts_with(b" --- ") {
            cuts.push(i + 1);
        }
        i += 1;
    }
    let mut out = Vec::new();
    let mut start = 0;
    cuts.push(text.len());
    let mut rank = 0;
    for cut in cuts {
        if cut <= start {
            continue;
        }
        let s = &text[start..cut];
        let excluded = exclude.iter().any(|&(a, z)| a <= start && cut <= z.max(a));
        let lower_words = s
            .split(|c: char| !c.is_alphanumeric() && c != '-' && c != '\'')
            .filter(|w| w.chars().next().is_some_and(|c| c.is_lowercase()))
            .count();
        let r = if !excluded && lower_words >= 3 {
            rank += 1;
            Some(rank - 1)
        } else {
            None
        };
        out.push(Sentence {
            start,
            end: cut,
            rank: r,
        });
        start = cut;
    }
    out
}

fn is_abbreviation(before: &str) -> bool {
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '.')
        .last()
        .map_or(before.len(), |(i, _)| i);
    let word = &before[start..];
    if word.is_empty() {
        return false;
    }
    // U.S, U.N, a.m: internal dots.
    if word.contains('.') {
        return true;
    }
    // Single capital letter (an initial).
    let mut cs = word.chars();
    if let (Some(c), None) = (cs.next(), cs.next())
        && c.is_uppercase()
    {
        return true;
    }
    word.chars().count() <= 6 && WORDS.is(WordClass::Abbreviation, word)
}

/// Index of the sentence containing folded byte `pos`.
pub(crate) fn sentence_of(sents: &[Sentence], pos: usize) -> usize {
    sents
        .iter()
        .position(|s| pos >= s.start && pos < s.end)
        .unwrap_or(sents.len().saturating_sub(1))
}

/// Converts original-byte exclude spans into folded-byte ranges.
pub(crate) fn fold_excludes(f: &Folded, exclude: &[Span]) -> Vec<(usize, usize)> {
    exclude
        .iter()
        .map(|sp| {
            let a = f.map.partition_point(|&o| o < sp.start);
            let z = f.map.partition_point(|&o| o < sp.end);
            (a.min(f.text.len()), z.min(f.text.len()))
        })
        .collect()
}

pub(crate) fn in_excluded(ex: &[(usize, usize)], start: usize, end: usize) -> bool {
    ex.iter().any(|&(a, z)| start < z && a < end)
}

/// Parses a number written with digits or words ("1,300", "2.8 million", "twenty-five").
pub fn parse_number(s: &str) -> Option<u64> {
    let s = s.trim().to_lowercase();
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let first = s.chars().next()?;
    if first.is_ascii_digit() {
        let (digits, mult) = if let Some(d) = s.strip_suffix(" million") {
            (d, 1_000_000.0)
        } else if let Some(d) = s.strip_suffix(" thousand") {
            (d, 1_000.0)
        } else {
            (s.as_str(), 1.0)
        };
        let d: String = digits.chars().filter(|c| *c != ',').collect();
        let v: f64 = d.parse().ok()?;
        let v = (v * mult).round();
        return (v.is_finite() && (0.0..1e15).contains(&v)).then_some(v as u64);
    }
    let mut total: u64 = 0;
    let mut current: u64 = 0;
    let mut any = false;
    for w in s.split([' ', '-']) {
        if w == "and" {
            continue;
        }
        let v = if w == "a" { Some(1) } else { WORDS.number(w) };
        match (v, w) {
            (Some(v), _) => {
                current += v;
                any = true;
            }
            (None, "hundred") => current = current.max(1) * 100,
            (None, "dozen") => current = current.max(1) * 12,
            (None, "thousand") => {
                total += current.max(1) * 1000;
                current = 0;
            }
            _ => return None,
        }
    }
    any.then_some(total + current)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_word_classes_parse() {
        let w = ClauseWords::parse("builtin", BUILTIN_TSV).expect("builtin table parses");
        assert!(w.is(WordClass::Abbreviation, "Gen"));
        assert_eq!(w.number("fourteen"), Some(14));
        assert_eq!(w.qualifier("at least"), Some("at_least"));
        assert!(w.is(WordClass::ActorLink, "loyal to"));
    }

    #[test]
    fn bad_rows_name_their_line() {
        let e = ClauseWords::parse("x.tsv", "# c\nmonth\tmay\nnonsense\tfoo\n").unwrap_err();
        assert_eq!((e.source_name.as_str(), e.line), ("x.tsv", 3));
        assert_eq!(
            ClauseWords::parse("x.tsv", "number\tten\tmany\n")
                .unwrap_err()
                .line,
            1
        );
        assert!(ClauseWords::parse("x.tsv", "qualifier\tsome\tmost\n").is_err());
        assert!(ClauseWords::parse("x.tsv", "month\n").is_err());
    }

    #[test]
    fn numbers_in_words_and_digits() {
        assert_eq!(parse_number("1,300"), Some(1300));
        assert_eq!(parse_number("twenty-five"), Some(25));
        assert_eq!(parse_number("two hundred and twelve"), Some(212));
        assert_eq!(parse_number("a dozen"), Some(12));
        assert_eq!(parse_number("nonsense"), None);
    }
}
