//! What a part of a credit is: a person's name, an organization, a placeholder, an outlet, a
//! sentence. The words these tests use are data (`data/credit_words.tsv`, embedded at build
//! time) so that a house style met for the first time is a row to add, not code to change; the
//! tests themselves stay here because they weigh case, word count and punctuation together.

use std::collections::HashSet;

use super::*;
use crate::{LexiconError, tsv_rows};

/// Text of the built-in credit word list.
pub(super) const BUILTIN_CREDIT_WORDS_TSV: &str = include_str!("../../../../data/credit_words.tsv");

type FnvSet = HashSet<String, FnvBuild>;

/// The word classes of `data/credit_words.tsv` (see the file's header for what each means).
#[derive(Debug, Default)]
pub(super) struct CreditWords {
    pub(super) placeholder: FnvSet,
    pub(super) placeholder_prefix: Vec<String>,
    pub(super) org: FnvSet,
    pub(super) camel_tail: Vec<String>,
    pub(super) particle: FnvSet,
    pub(super) not_first: Vec<String>,
    pub(super) club: FnvSet,
    pub(super) name_suffix: FnvSet,
    pub(super) outlet: FnvSet,
    pub(super) prose_small: FnvSet,
    pub(super) caps_small: FnvSet,
    pub(super) outlet_small: FnvSet,
    pub(super) picture_word: FnvSet,
    pub(super) publication: FnvSet,
    pub(super) role_tail: FnvSet,
    pub(super) agency_suffix: Vec<String>,
    /// The longest placeholder, in bytes: a longer text needs only its start folded.
    pub(super) placeholder_max: usize,
    /// The longest organization word, in bytes.
    pub(super) org_max: usize,
}

impl CreditWords {
    /// Parses a credit word list; an unknown class or an empty word is an error naming the line.
    pub(super) fn parse(source_name: &str, tsv: &str) -> Result<Self, LexiconError> {
        let mut w = CreditWords::default();
        for (line, fields) in tsv_rows(tsv) {
            let err = |message: String| LexiconError {
                source_name: source_name.to_string(),
                line,
                message,
            };
            let (class, word) = match fields.as_slice() {
                [c, w, ..] if !w.is_empty() => (*c, *w),
                _ => return Err(err("expected: class <TAB> word".into())),
            };
            // Exact-case classes keep the word as written; the others are matched lowercased.
            let lower = word.to_lowercase();
            match class {
                "placeholder" => {
                    w.placeholder_max = w.placeholder_max.max(lower.len());
                    w.placeholder.insert(lower);
                }
                "placeholder_prefix" => w.placeholder_prefix.push(lower),
                "org" => {
                    w.org_max = w.org_max.max(lower.len());
                    w.org.insert(lower);
                }
                "camel_tail" => w.camel_tail.push(lower),
                "particle" => {
                    w.particle.insert(lower);
                }
                "not_first" => w.not_first.push(lower),
                "club" => {
                    w.club.insert(word.to_string());
                }
                "name_suffix" => {
                    w.name_suffix.insert(word.to_string());
                }
                "outlet" => {
                    w.outlet.insert(lower);
                }
                "prose_small" => {
                    w.prose_small.insert(lower);
                }
                "caps_small" => {
                    w.caps_small.insert(lower);
                }
                "picture_word" => {
                    w.picture_word.insert(lower);
                }
                "publication" => {
                    w.publication.insert(lower);
                }
                "role_tail" => {
                    w.role_tail.insert(lower);
                }
                "outlet_small" => {
                    w.outlet_small.insert(lower);
                }
                "agency_suffix" => w.agency_suffix.push(format!(" {lower}")),
                other => return Err(err(format!("unknown credit word class {other:?}"))),
            }
        }
        Ok(w)
    }
}

/// The built-in word list, parsed once (a unit test checks that it parses).
pub(super) static WORDS: LazyLock<CreditWords> = LazyLock::new(|| {
    CreditWords::parse("builtin:credit_words.tsv", BUILTIN_CREDIT_WORDS_TSV).unwrap_or_default()
});

pub(super) fn is_placeholder(s: &str) -> bool {
    if s.is_ascii() {
        // `fold(s)` into a buffer; past 64 bytes it is no placeholder (a unit test checks they
        // are shorter) and only its start matters.
        let mut buf = [0u8; 64];
        let mut n = 0;
        let mut over = false;
        'words: for (k, w) in s.split_whitespace().enumerate() {
            for b in (k > 0).then_some(b' ').into_iter().chain(w.bytes()) {
                if n == buf.len() {
                    over = true;
                    break 'words;
                }
                buf[n] = b.to_ascii_lowercase();
                n += 1;
            }
        }
        let f = &buf[..n];
        let prefix = || {
            WORDS
                .placeholder_prefix
                .iter()
                .any(|p| f.starts_with(p.as_bytes()))
        };
        return (!over && std::str::from_utf8(f).is_ok_and(|f| WORDS.placeholder.contains(f)))
            || prefix();
    }
    // A fold longer than every placeholder only needs its start.
    let (f, cut) = fold_upto(s, WORDS.placeholder_max + 4);
    (!cut && WORDS.placeholder.contains(f.as_str()))
        || WORDS
            .placeholder_prefix
            .iter()
            .any(|p| f.starts_with(p.as_str()))
}

/// Whether `w` (lowercase) is an organization word.
pub(super) fn is_org_word(w: &str) -> bool {
    WORDS.org.contains(w)
}
/// Whether `w` lowercased is an organization word (ASCII words without allocating).
pub(super) fn is_org_word_lower(w: &str) -> bool {
    if w.is_ascii() {
        let mut buf = [0u8; 32];
        if w.is_empty() || w.len() > buf.len() {
            return false; // every organization word is shorter (a unit test checks)
        }
        for (d, b) in buf.iter_mut().zip(w.bytes()) {
            *d = b.to_ascii_lowercase();
        }
        return std::str::from_utf8(&buf[..w.len()]).is_ok_and(is_org_word);
    }
    is_org_word(&w.to_lowercase())
}

pub(super) fn is_org(s: &str) -> bool {
    s.split(|c: char| c.is_whitespace() || c == '-').any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        is_org_word_lower(w) || camel_org(w)
    })
}

/// A CamelCase brand ending in an organization or picture word: "SportImage", "NurPhoto",
/// "BenarNews", "PhotoNews" (ASCII only).
pub(super) fn camel_org(w: &str) -> bool {
    let b = w.as_bytes();
    (2..b.len()).any(|i| {
        b[i].is_ascii_uppercase()
            && b[i - 1].is_ascii_lowercase()
            && b[i - 2].is_ascii_alphabetic()
            && (is_org_word_lower(&w[i..])
                || WORDS
                    .camel_tail
                    .iter()
                    .any(|x| w[i..].eq_ignore_ascii_case(x)))
    })
}

/// A person-like name: 1–6 words, capitalized (or name particles), letters, hyphens,
/// apostrophes and initials only; not an organization or placeholder.
pub(super) fn is_person_name(s: &str) -> bool {
    let s = s.trim();
    // (Every test must pass: the cheap ones first, the placeholder and organization words last.)
    if s.is_empty()
        || s.len() > 4 * 60
        || s.chars().any(|c| {
            !(c.is_alphabetic()
                || c.is_whitespace()
                || matches!(c, '-' | '\'' | '’' | '.')
                || (!c.is_ascii() && is_mark(c)))
        })
        || s.chars().count() > 60
    {
        return false;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() || words.len() > 6 {
        return false;
    }
    if !s.is_ascii() && is_uncased_name(s, &words) {
        return !is_placeholder(s);
    }
    // (ASCII case folding: no other letter lowercases to these words' letters.)
    if WORDS
        .not_first
        .iter()
        .any(|w| w.eq_ignore_ascii_case(words[0]))
    {
        return false;
    }
    // "AS ROMA", "FC Barcelona", "Juventus FC": a sports club, not a person.
    if words.len() >= 2 && words.iter().any(|w| WORDS.club.contains(*w)) {
        return false;
    }
    let mut capitalized = 0;
    let mixed_case = words.iter().any(|w| w.chars().any(|c| c.is_lowercase()));
    for (i, w) in words.iter().enumerate() {
        let first = w.chars().next().unwrap_or(' ');
        if first.is_uppercase() {
            let letters = w.chars().filter(|c| c.is_alphabetic()).count();
            // An acronym inside a mixed-case name is an organization ("Aleppo Media Center AMC"),
            // but AFP writes a short name's surname in capitals ("Biju BORO", "Marvin RECINOS").
            let afp_surname = i + 1 == words.len() && words.len() <= 3 && letters >= 3;
            let acronym = (2..=5).contains(&letters)
                && w.chars()
                    .filter(|c| c.is_alphabetic())
                    .all(|c| c.is_uppercase())
                && !WORDS.name_suffix.contains(*w)
                && !afp_surname;
            if mixed_case && acronym && words.len() > 1 {
                return false;
            }
            if letters >= 2 {
                capitalized += 1;
            }
        } else if first.is_lowercase() {
            let lower = w.to_lowercase();
            let particle = WORDS.particle.contains(lower.as_str());
            // "al-Sayaghi", "d'Alessandro".
            let prefixed = w
                .split_once(['-', '\'', '’'])
                .is_some_and(|(_, rest)| rest.chars().next().is_some_and(|c| c.is_uppercase()));
            if !particle && !prefixed {
                return false;
            }
            if prefixed {
                capitalized += 1;
            }
        } else {
            return false;
        }
    }
    if capitalized == 0 {
        return false;
    }
    if words.len() == 1 {
        let letters = s.chars().filter(|c| c.is_alphabetic()).count();
        let all_caps = s
            .chars()
            .filter(|c| c.is_alphabetic())
            .all(|c| c.is_uppercase());
        if letters < 3 || (all_caps && letters <= 4) {
            return false;
        }
    }
    !is_placeholder(s) && !is_org(s)
}

/// A combining mark (Bengali and Devanagari viramas, Arabic vowel signs): part of a word.
pub(super) fn is_mark(c: char) -> bool {
    static MARK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\p{M}$").expect("mark regex"));
    MARK.is_match(c.encode_utf8(&mut [0; 4]))
}

/// A name in a script without capitals (Arabic, Bengali, Devanagari, Chinese, Korean …), where
/// the capitals test cannot apply: two to four words, or one word of two to four Han / Hangul /
/// kana characters (Chinese, Korean and Japanese names are written without spaces). Only asked
/// where a credit's shape already says a name stands there ("رويترز / Name", "ছবি: Name").
fn is_uncased_name(s: &str, words: &[&str]) -> bool {
    let letters = || s.chars().filter(|c| c.is_alphabetic());
    if letters().any(|c| c.is_uppercase() || c.is_lowercase()) || letters().next().is_none() {
        return false;
    }
    if (2..=4).contains(&words.len()) {
        return words.iter().all(|w| w.chars().count() >= 2);
    }
    let cjk = |c: char| matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF);
    words.len() == 1 && (2..=4).contains(&s.chars().count()) && s.chars().all(cjk)
}

/// A credit part that names a publication rather than a photographer when it stands alone after
/// a label or before a photographer's name ("Photo: Punch", "Foto: La Prensa", "Photo:
/// Express/Jane Doe", "Photo: Radio Tamazuj"): one word in mixed case (a photographer is
/// credited with a full name), a name opening with an article, or one with a publication word.
pub(super) fn is_outlet_alone(s: &str, lex: &AgencyLexicon) -> bool {
    const ARTICLES: &[&str] = &[
        "La", "El", "Le", "Les", "Los", "Las", "O", "A", "Il", "The", "Al", "Der", "Die", "Das",
    ];
    let words: Vec<&str> = s.split_whitespace().collect();
    match words.as_slice() {
        [w] => {
            w.chars().next().is_some_and(char::is_uppercase)
                && w.chars().any(char::is_lowercase)
                && w.chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '.' | '-'))
                && !is_placeholder(w)
        }
        [first, ..] if words.len() <= 4 => {
            looks_capitalized(s)
                && (ARTICLES.contains(first) || has_publication_word(s) || is_outlet(s, lex))
        }
        _ => false,
    }
}

/// A word of the name says it is a publication or an outlet ("Diario", "Prensa", "Times").
pub(super) fn has_publication_word(s: &str) -> bool {
    s.split_whitespace().any(|w| {
        let lower = w.to_lowercase();
        WORDS.outlet.contains(lower.as_str()) || WORDS.publication.contains(lower.as_str())
    })
}

pub(super) fn is_outlet(s: &str, lex: &AgencyLexicon) -> bool {
    if lex.lookup(s).is_some() {
        return true;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty()
        || words.len() > 6
        || !words.iter().all(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                || WORDS.outlet_small.contains(*w)
        })
    {
        return false;
    }
    let last = words.last().map(|w| w.to_lowercase()).unwrap_or_default();
    WORDS.outlet.contains(last.as_str())
}

/// A prose sentence, not a name: six words or more with at least three lowercase words
/// other than name particles and connectors ("Legs of civilian victims are seen at a
/// hospital"), or more than 14 words.
pub(super) fn is_prose(s: &str) -> bool {
    let mut words = 0;
    let mut lower = 0;
    for w in s.split_whitespace() {
        words += 1;
        if w.chars().next().is_some_and(char::is_lowercase) && !WORDS.prose_small.contains(w) {
            lower += 1;
        }
    }
    (words >= 6 && lower >= 3) || words > 14
}

/// A web address as a credit part: "picturedesk.com", "www.example.org".
pub(super) fn is_domain(s: &str) -> bool {
    !s.contains(char::is_whitespace)
        && s.rsplit_once('.').is_some_and(|(host, tld)| {
            (2..=4).contains(&tld.len())
                && tld.bytes().all(|b| b.is_ascii_lowercase())
                && host.len() >= 2
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        })
}

/// One or two words of letters (a brand in any case: "eyevine", "picture alliance").
pub(super) fn is_brand(s: &str) -> bool {
    let n = s.split_whitespace().count();
    (1..=2).contains(&n)
        && s.chars().any(char::is_alphabetic)
        && s.chars()
            .all(|c| c.is_alphabetic() || c.is_whitespace() || matches!(c, '-' | '.' | '&'))
}

/// Short and every word capitalized (an organization name or an unknown agency).
pub(super) fn looks_capitalized(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    !words.is_empty()
        && words.len() <= 6
        && words.iter().all(|w| {
            w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '@')
                || WORDS.caps_small.contains(*w)
        })
}

/// Two to four capitalized words ending in a picture word ("Harbour Images", "Nord Foto"): the
/// name of a picture agency.
pub(super) fn is_picture_brand(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    (2..=4).contains(&words.len())
        && looks_capitalized(s)
        && words[0].chars().next().is_some_and(char::is_uppercase)
        && !WORDS
            .not_first
            .iter()
            .any(|w| w.eq_ignore_ascii_case(words[0]))
        && words
            .iter()
            .all(|w| w.chars().all(|c| c.is_alphanumeric() || "-&.'".contains(c)))
        && words
            .last()
            .is_some_and(|l| WORDS.picture_word.contains(l.to_lowercase().as_str()))
}
