//! People, organizations and places among the capitalized chunks of a caption.
//!
//! Organizations are found first (lexicon, then name patterns), then places (the gazetteer,
//! asked through [`PlaceOracle`], plus the caption's grammar: "X village", "town of X"), and
//! what remains with the shape of a personal name is a person. The gazetteer is passed in as a
//! trait object so that this crate stays free of geography and I/O.
//!
//! The module is long (about 2,300 lines) for a reason: organizations, places and people are
//! told apart in one pass over the same chunks, each claiming spans the next must leave alone,
//! and splitting that pass would write the order of the claims in two places. The parts that
//! stand alone live in `mentions/`: pieces of a chunk, place phrases and roads.

use crate::names::{self, Chunk, Word};
use crate::{Found, LexiconError, Span};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::Regex;
use rustc_hash::FxHashMap;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

mod pieces;
mod places;
mod roads;
use pieces::*;
use places::*;

/// What the gazetteer knows about a name.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownPlace {
    /// Kind of the best match.
    pub kind: KnownKind,
    /// ISO country code of the best match.
    pub country: String,
    /// Population of the best match (0 when unknown).
    pub population: u64,
    /// The name is the entry's primary name, not one of its many alternate spellings.
    pub primary: bool,
}

/// Kinds of gazetteer entries, coarsest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownKind {
    /// A country.
    Country,
    /// A first-level administrative division.
    Admin1,
    /// A populated place.
    Populated,
}

/// The questions the recognizers ask the gazetteer.
pub trait PlaceOracle {
    /// What the gazetteer knows of this name, as written.
    fn place(&self, name: &str) -> Option<KnownPlace>;
    /// The country a demonym (`Syrian`, `Iraqis`) refers to.
    fn demonym(&self, word: &str) -> Option<String>;
}

/// An oracle that knows no places; for tests and gazetteer-free use.
pub struct NoPlaces;

impl PlaceOracle for NoPlaces {
    fn place(&self, _name: &str) -> Option<KnownPlace> {
        None
    }
    fn demonym(&self, _word: &str) -> Option<String> {
        None
    }
}

/// What the caption's grammar says a place is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceCue {
    /// No cue.
    None,
    /// village, town, city, capital.
    Settlement,
    /// neighbourhood, district of a city, suburb, quarter.
    Neighbourhood,
    /// refugee or displacement camp.
    Camp,
    /// stadium, palace, castle, square, airport, mosque...
    Landmark,
    /// province, governorate, prefecture, state, region, countryside of.
    Province,
    /// sub-district, district without a city.
    District,
    /// island, valley, river, lake, mountain, sea: not a populated place.
    Feature,
    /// A compass region ("West Indies", "Eastern Ghouta").
    Region,
}

/// One place mention with the grammar around it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacePhrase {
    /// Name as written (with a cue word when it is part of the name: "Zaatari refugee camp").
    pub name: String,
    /// Span of `name`.
    pub span: Span,
    /// The bare name to look up in the gazetteer ("Zaatari").
    pub lookup: String,
    /// What the grammar says it is.
    pub cue: PlaceCue,
    /// What the gazetteer says it is.
    pub known: Option<KnownPlace>,
    /// The preposition that introduces the phrase (`in`, `at`, `of`, `from`...), lowercase.
    pub preposition: Option<String>,
    /// The preposition says the photo is there: a `locative` word of `name_words.tsv` that is
    /// not `passing` ("over", "overlooking" name a place seen, not the photo's), a dateline or
    /// "of". The locator weighs places by it.
    pub locative: bool,
    /// Sentence index.
    pub sentence: usize,
    /// Followed by a possessive `'s` ("Yemen's northwestern city").
    pub possessive: bool,
    /// Rule id.
    pub rule: &'static str,
}

/// A demonym in the text ("Syrian city of Aleppo").
#[derive(Debug, Clone, PartialEq)]
pub struct DemonymMention {
    /// ISO country code.
    pub country: String,
    /// Span of the demonym.
    pub span: Span,
    /// Sentence index.
    pub sentence: usize,
}

/// A person.
#[derive(Debug, Clone, PartialEq)]
pub struct PersonFound {
    /// Name as written.
    pub name: Found<String>,
    /// Age with the words it came from.
    pub age: Option<Found<u32>>,
    /// Role words before the name.
    pub role: Option<Found<String>>,
}

/// An organization.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgFound {
    /// Name as written.
    pub name: Found<String>,
    /// Acronym written after it or known from the lexicon.
    pub acronym: Option<String>,
    /// Canonical name when an alias matched.
    pub canonical: Option<String>,
}

/// Everything named in the caption.
#[derive(Debug, Clone, Default)]
pub struct Mentions {
    /// People.
    pub people: Vec<PersonFound>,
    /// Organizations.
    pub organizations: Vec<OrgFound>,
    /// Places, in text order.
    pub places: Vec<PlacePhrase>,
    /// Demonyms, in text order.
    pub demonyms: Vec<DemonymMention>,
}

#[derive(Debug, Clone)]
struct OrgEntry {
    canonical: String,
    acronym: Option<String>,
}

/// Word classes and known organizations (`data/name_words.tsv`, `data/orgs.tsv`,
/// `data/common_words.tsv`).
#[derive(Debug, Clone)]
pub struct NameLexicon {
    classes: HashMap<String, HashSet<String>>,
    /// Word → bit set of its classes (bit = index in `CLASSES`), for the hot `is` test.
    flags: FxHashMap<String, u32>,
    phrases_before: Vec<String>,
    common: FxHashMap<String, u8>,
    orgs: Vec<OrgEntry>,
    org_patterns: Vec<(String, usize)>,
    org_matcher: Option<AhoCorasick>,
}

impl NameLexicon {
    /// The lexicon shipped with dateline.
    pub fn builtin() -> Self {
        let mut lex = NameLexicon::empty();
        lex.add_words(
            "builtin:name_words.tsv",
            include_str!("../../../data/name_words.tsv"),
        )
        .expect("builtin name_words.tsv");
        lex.add_orgs("builtin:orgs.tsv", include_str!("../../../data/orgs.tsv"))
            .expect("builtin orgs.tsv");
        lex.add_common_words(
            "builtin:common_words.tsv",
            include_str!("../../../data/common_words.tsv"),
        )
        .expect("builtin common_words.tsv");
        lex
    }

    /// A lexicon with nothing in it.
    pub fn empty() -> Self {
        NameLexicon {
            classes: HashMap::new(),
            flags: FxHashMap::default(),
            phrases_before: Vec::new(),
            common: FxHashMap::default(),
            orgs: Vec::new(),
            org_patterns: Vec::new(),
            org_matcher: None,
        }
    }

    /// Adds rows of a `name_words.tsv` file.
    pub fn add_words(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        for (line, cols) in crate::tsv_rows(tsv) {
            if cols.len() < 2 || cols[1].is_empty() {
                return Err(LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: "expected: class<TAB>word".into(),
                });
            }
            let class = cols[0];
            let Some(bit) = class_bit(class) else {
                return Err(LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: format!("unknown class {class:?}"),
                });
            };
            if class == "place_before" {
                self.phrases_before.push(cols[1].to_lowercase());
            }
            self.classes
                .entry(class.to_string())
                .or_default()
                .insert(cols[1].to_lowercase());
            *self.flags.entry(cols[1].to_lowercase()).or_default() |= 1 << bit;
        }
        // Longest phrase first so "refugee camp" wins over "camp".
        self.phrases_before
            .sort_by_key(|p| std::cmp::Reverse(p.len()));
        Ok(())
    }

    /// Adds rows of a `common_words.tsv` file (word, frequency class).
    pub fn add_common_words(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        for (line, cols) in crate::tsv_rows(tsv) {
            let size = cols
                .get(1)
                .and_then(|s| s.parse::<u8>().ok())
                .ok_or_else(|| LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: "expected: word<TAB>size".into(),
                })?;
            self.common.insert(cols[0].to_lowercase(), size);
        }
        Ok(())
    }

    /// Adds rows of an `orgs.tsv` file.
    pub fn add_orgs(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        for (line, cols) in crate::tsv_rows(tsv) {
            let canonical = cols[0];
            if canonical.is_empty() {
                return Err(LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: "empty organization name".into(),
                });
            }
            let acronym = cols.get(1).filter(|a| !a.is_empty()).map(|a| a.to_string());
            let idx = self.orgs.len();
            self.orgs.push(OrgEntry {
                canonical: canonical.to_string(),
                acronym: acronym.clone(),
            });
            self.org_patterns.push((canonical.to_string(), idx));
            if let Some(a) = acronym {
                self.org_patterns.push((a, idx));
            }
            for alias in cols.get(2).map(|s| s.split('|')).into_iter().flatten() {
                let alias = alias.trim();
                if !alias.is_empty() {
                    self.org_patterns.push((alias.to_string(), idx));
                }
            }
        }
        self.org_matcher = Some(
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::LeftmostLongest)
                .build(self.org_patterns.iter().map(|(p, _)| p.as_str()))
                .map_err(|e| LexiconError {
                    source_name: source_name.into(),
                    line: 0,
                    message: e.to_string(),
                })?,
        );
        Ok(())
    }

    /// For a caption in capitals, the same text in ordinary case: everyday words lowercased,
    /// other words capitalized, short codes and abbreviations kept. Only ASCII letters change, so
    /// every byte offset stays valid. `None` for a caption in ordinary case.
    pub fn case_view(&self, text: &str) -> Option<String> {
        let (upper, lower_count) = text.chars().fold((0usize, 0usize), |(u, l), c| {
            (
                u + usize::from(c.is_uppercase()),
                l + usize::from(c.is_lowercase()),
            )
        });
        if upper < 20 || upper < 4 * lower_count {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut sentence_start = true;
        let mut rest = text;
        while !rest.is_empty() {
            let word_len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '.'))
                .unwrap_or(rest.len());
            if word_len == 0 {
                let c = rest.chars().next().unwrap();
                if matches!(c, '.' | '!' | '?' | '\n' | '(' | ':') {
                    sentence_start = true;
                }
                out.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
            let word = &rest[..word_len];
            let bare = word.trim_end_matches('.');
            let lower = bare.to_ascii_lowercase();
            let lowercase_class = [
                "english",
                "locative",
                "direction",
                "place_after",
                "person_noun",
                "thing_after",
            ]
            .iter()
            .any(|c| self.is(c, &lower));
            // Organization and place head words ("FRONT", "CAMP") stay capitalized: in a caption
            // in capitals they more often end a name than stand alone.
            let head = ["org_head", "place_head", "org_first", "place_first"]
                .iter()
                .any(|c| self.is(c, &lower));
            let common =
                (self.common_size(&lower).is_some_and(|z| z <= 35) || lowercase_class) && !head;
            let article = [
                "AL-", "EL-", "AD-", "AR-", "AS-", "ASH-", "AT-", "AZ-", "AN-",
            ]
            .iter()
            .find(|a| word.starts_with(**a) && word.len() > a.len());
            if let Some(a) = article.filter(|_| word.is_ascii()) {
                // "AL-NAIRAB" → "al-Nairab"
                out.push_str(&a.to_ascii_lowercase());
                let rest_word = &word[a.len()..];
                out.push_str(&rest_word[..1]);
                out.push_str(&rest_word[1..].to_ascii_lowercase());
            } else if bare.contains('.') || (!common && bare.len() <= 3) || !word.is_ascii() {
                out.push_str(word);
            } else if common && !sentence_start {
                out.push_str(&word.to_ascii_lowercase());
            } else {
                let mut cs = word.chars();
                out.extend(cs.next());
                out.push_str(&cs.as_str().to_ascii_lowercase());
            }
            sentence_start = word.ends_with('.') && !bare.contains('.');
            rest = &rest[word_len..];
        }
        Some(out)
    }

    /// A word that names a kind of organization, not one ("Government", "Gobierno", "Police",
    /// "Army"): alone it is no organization's name.
    pub fn is_organization_kind(&self, word: &str) -> bool {
        self.is("org_first", word) || self.is("org_head", word)
    }

    /// One word that ends in a landmark word: German, Dutch and the Nordic languages write a
    /// square, street, church or stadium as a compound ("Hermannplatz", "Rådhusplassen",
    /// "Stephansdom"), so the head word never stands apart for `place_head` to see. An everyday
    /// English word ("Kingdom", "Freedom") is never one.
    pub fn compound_landmark(&self, word: &str) -> bool {
        let lower = word.to_lowercase();
        let letters = lower.chars().count();
        self.common_size(&lower).is_none()
            && lower.chars().all(|c| c.is_alphabetic() || c == '-')
            && self.classes.get("landmark_suffix").is_some_and(|set| {
                set.iter()
                    .any(|s| lower.ends_with(s.as_str()) && letters >= s.chars().count() + 3)
            })
    }

    /// A word written before a person's name that is no part of it ("President", "Gazeteci").
    pub fn is_title(&self, word: &str) -> bool {
        self.is("title", word)
    }

    fn is(&self, class: &str, word: &str) -> bool {
        let Some(bit) = class_bit(class) else {
            return false;
        };
        self.flags
            .get(lower(word).as_ref())
            .is_some_and(|f| f & (1 << bit) != 0)
    }

    /// Frequency class of a common English word (10 = most common), if it is one.
    fn common_size(&self, word: &str) -> Option<u8> {
        self.common.get(lower(word).as_ref()).copied()
    }
}

/// Demonyms that Spanish, Portuguese and French write in lowercase ("la capital venezolana",
/// "dans la capitale malgache"). A common English word is never one ("polish", "french").
/// The word with its first letter in capitals ("haitiana" → "Haitiana"): the oracle answers for
/// capitalized demonyms only.
fn capitalized(word: &str) -> String {
    let mut cap = String::with_capacity(word.len());
    let mut cs = word.chars();
    cap.extend(cs.next().into_iter().flat_map(char::to_uppercase));
    cap.push_str(cs.as_str());
    cap
}

fn lowercase_demonyms(
    text: &str,
    words: &[Word],
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    m: &mut Mentions,
) {
    for w in words {
        let s = w.span.slice(text);
        if !s.chars().next().is_some_and(char::is_lowercase)
            || s.chars().count() < 5
            || lex.common_size(s).is_some()
            || m.demonyms.iter().any(|d| d.span == w.span)
        {
            continue;
        }
        // The oracle answers for capitalized words only (a demonym in an English caption).
        if let Some(cc) = oracle.demonym(&capitalized(s)) {
            m.demonyms.push(DemonymMention {
                country: cc,
                span: w.span,
                sentence: w.sentence,
            });
        }
    }
    m.demonyms.sort_by_key(|d| d.span.start);
}

/// The word classes of `name_words.tsv`, in bit order.
const CLASSES: &[&str] = &[
    "title",
    "not_name",
    "org_head",
    "org_first",
    "place_after",
    "place_before",
    "place_head",
    "place_first",
    "direction",
    "locative",
    "month",
    "weekday",
    "region",
    "landmark_first",
    "person_noun",
    "generic_force",
    "thing_after",
    "english",
    "foreign",
    "unit_first",
    "landmark_suffix",
    "passing",
    "seat",
];

fn class_bit(class: &str) -> Option<u32> {
    CLASSES.iter().position(|c| *c == class).map(|i| i as u32)
}

/// Lowercase without allocating for words that are already lowercase ASCII.
fn lower(word: &str) -> std::borrow::Cow<'_, str> {
    if word
        .bytes()
        .all(|b| b.is_ascii_lowercase() || !b.is_ascii_alphabetic() && b.is_ascii())
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.to_lowercase())
    }
}

static AGE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:\s*\([A-Z]{1,2}\))?(?:,\s*(?:an?\s+(?:[a-z]+\s+){0,2}|de\s+)?|\s+(?:age|aged)\s+|,\s+(?:age|aged)\s+|\s*\()(\d{1,3})\b(-year-old|(?:\s|,|\.|\)|;|$))").unwrap()
});
static AGE_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{1,3})[- ]year[- ]old(?:\s+[a-z]+){0,2}\s*,?\s*$").unwrap());
static ORG_PART_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^ (?:Mission|Office|Commission|Secretariat|Peacekeeping Mission|Assistance Mission|Stabilization Mission)\b").unwrap()
});
static ACRONYM_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*\(([A-Z][A-Za-z]{1,7})\)").unwrap());

/// " in South Sudan (UNMISS)", " en RDC (Monusco)": a preposition, a capitalized name of up to
/// three words and an acronym in brackets right after an organization's name. The name runs on
/// through the place, which is also a place mention (annotators list both).
static PLACE_THEN_ACRONYM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\s+(?:in|en|au|aux|à|in\s+the|em|no|na|nel|in\s+der)\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,2})\s*\((\p{Lu}[\p{L}]{2,9})\)")
        .expect("place then acronym regex")
});

/// "protesters outside Parliament", "frente al Congreso", "foran Stortinget": a body named
/// after a locative (a `seat` word of `name_words.tsv`, with the capitalized words before it:
/// "National Assembly") is where the photo was taken as well as an organization. Adds the place
/// (a landmark) and, when no organization covers it, the organization.
fn seats_of_bodies(text: &str, words: &[Word], lex: &NameLexicon, m: &mut Mentions) {
    const ARTICLES: &[&str] = &[
        "the", "la", "le", "l'", "l’", "el", "al", "del", "dem", "der", "den", "das", "die", "o",
        "a", "do", "da",
    ];
    for (k, w) in words.iter().enumerate() {
        let t = w.span.slice(text);
        if !lex.is("seat", t) || !names::is_capitalized(t) {
            continue;
        }
        let mut first = k;
        while first > 0
            && !words[first].sentence_start
            && names::is_capitalized(words[first - 1].span.slice(text))
            && !lex.is("seat", words[first - 1].span.slice(text))
            && text[words[first - 1].span.end..words[first].span.start]
                .trim()
                .is_empty()
            && !words[first - 1].sentence_start
        {
            first -= 1;
        }
        let span = Span::new(words[first].span.start, w.span.end);
        // ("the Congress building": the building is named otherwise.)
        let noun_after = words.get(k + 1).is_some_and(|n| {
            text[w.span.end..n.span.start].trim().is_empty()
                && n.span.slice(text).starts_with(char::is_lowercase)
                && matches!(
                    n.span.slice(text),
                    "building" | "buildings" | "complex" | "compound" | "grounds" | "chamber"
                )
        });
        if noun_after || m.places.iter().any(|p| p.span.overlaps(&span)) {
            continue;
        }
        let before = words_before(text, words, first, 5);
        let mut prep = None;
        for (j, (_, b)) in before.iter().enumerate().rev() {
            if ARTICLES.contains(&b.as_str()) {
                continue;
            }
            // "in front of", "in the vicinity of", "outside of".
            let of_phrase = b == "of"
                && j > 0
                && matches!(
                    before[j - 1].1.as_str(),
                    "front" | "vicinity" | "outside" | "steps" | "gates" | "near"
                );
            if of_phrase || (lex.is("locative", b) && !lex.is("passing", b)) || b == "frente" {
                prep = Some(if of_phrase {
                    "near".to_string()
                } else {
                    b.clone()
                });
            }
            break;
        }
        let Some(preposition) = prep else {
            continue;
        };
        if !m.organizations.iter().any(|o| o.name.span.overlaps(&span)) {
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.seat"),
                acronym: None,
                canonical: None,
            });
        }
        m.places.push(PlacePhrase {
            name: span.slice(text).to_string(),
            span,
            lookup: span.slice(text).to_string(),
            cue: PlaceCue::Landmark,
            known: None,
            preposition: Some(preposition),
            locative: true,
            sentence: w.sentence,
            possessive: w.possessive,
            rule: "place.seat",
        });
    }
    m.places.sort_by_key(|p| p.span.start);
    m.organizations.sort_by_key(|o| o.name.span.start);
}

/// Where an organization's name ends when a place and an acronym follow it
/// ([`PLACE_THEN_ACRONYM`]), and the acronym.
fn place_then_acronym(text: &str, span: Span) -> Option<(usize, String)> {
    let c = PLACE_THEN_ACRONYM.captures(&text[span.end..])?;
    Some((span.end + c.get(1)?.end(), c[2].to_string()))
}

/// Finds people, organizations, places and demonyms outside the `exclude` spans (the credit).
pub fn find_mentions(
    text: &str,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    exclude: &[Span],
) -> Mentions {
    // A caption written in capitals throughout ("SYRIAN CIVIL DEFENCE VOLUNTEERS RESCUE ...")
    // is read through a view in ordinary case; names are reported as written.
    let Some(view) = lex.case_view(text) else {
        return find_mentions_cased(text, lex, oracle, exclude);
    };
    let mut m = find_mentions_cased(&view, lex, oracle, exclude);
    let original = |f: &mut Found<String>| f.value = f.span.slice(text).to_string();
    for p in &mut m.people {
        original(&mut p.name);
        if let Some(r) = &mut p.role {
            original(r);
        }
    }
    for o in &mut m.organizations {
        original(&mut o.name);
    }
    for p in &mut m.places {
        p.name = p.span.slice(text).to_string();
    }
    m
}

/// A ministry in lowercase and the capitalized name of its domain ("ministère de la Santé",
/// "ministerio de Defensa", "ministero dell'Interno"), with a French adjective after it
/// ("ministère des Affaires étrangères").
static LOWERCASE_MINISTRY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?:ministère|ministerio|ministério|ministero)\s+(?:de\s+la\s+|de\s+l['’]|du\s+|des\s+|de\s+|della\s+|dell['’]|degli\s+|da\s+|do\s+|das\s+|dos\s+)\p{Lu}[\p{L}'’-]+(?:\s+(?:et\s+(?:de\s+la\s+|des\s+|du\s+)?|y\s+|e\s+)?\p{Lu}[\p{L}'’-]+){0,3}(?:\s+\p{Ll}+(?:ères|ère|ique|iques|ale|ales|aux)\b)?",
    )
    .expect("lowercase ministry regex")
});

/// [`find_mentions`] on text in ordinary case.
fn find_mentions_cased(
    text: &str,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    exclude: &[Span],
) -> Mentions {
    let words = names::words(text);
    let mut m = Mentions::default();
    let mut taken: Vec<Span> = exclude.to_vec();

    // 1. Organizations from the lexicon.
    if let Some(ac) = &lex.org_matcher {
        for mat in ac.find_iter(text) {
            let span = Span::new(mat.start(), mat.end());
            if taken.iter().any(|t| t.overlaps(&span)) || !on_word_boundaries(text, span) {
                continue;
            }
            let written = span.slice(text);
            let (pattern, idx) = &lex.org_patterns[mat.pattern().as_usize()];
            if !case_fits(written, pattern) {
                continue;
            }
            let entry = &lex.orgs[*idx];
            let canonical =
                (!written.eq_ignore_ascii_case(&entry.canonical)).then(|| entry.canonical.clone());
            let acronym = ACRONYM_AFTER
                .captures(ahead(text, span.end, 16))
                .map(|c| c[1].to_string())
                .or(entry.acronym.clone());
            // "United Nations Mission", "African Union Commission": a known body and the head word
            // of one of its parts make one name (the place after "in" stays a place).
            let mut span = span;
            if let Some(m) = ORG_PART_AFTER.find(ahead(text, span.end, 20)) {
                span.end += m.end();
            }
            // "Cruz Roja Colombiana", "Croix-Rouge française": a national society or branch, its
            // demonym after the name.
            if let Some(next) = text[span.end..].strip_prefix(' ')
                && let Some(word) = next.split(|c: char| !c.is_alphabetic()).next()
                && word.len() >= 4
                && (oracle.demonym(&capitalized(word)).is_some()
                    || (word.starts_with(char::is_uppercase)
                        && [
                            "ana", "ano", "eña", "eño", "esa", "aise", "ienne", "ische", "ischen",
                        ]
                        .iter()
                        .any(|e| word.ends_with(e))))
            {
                span.end += 1 + word.len();
            }
            // "Bangladesh Red Crescent Society", "Indonesian Red Cross": a national society, its
            // country or demonym before the name and its kind after it.
            if matches!(entry.canonical.as_str(), "Red Cross" | "Red Crescent") {
                if let Some(rest) = text[span.end..].strip_prefix(' ')
                    && let Some(kind) = ["Society", "Societies"].iter().find(|k| {
                        rest.starts_with(**k) && !rest[k.len()..].starts_with(char::is_alphanumeric)
                    })
                {
                    span.end += 1 + kind.len();
                }
                if let Some(before) = text[..span.start].strip_suffix(' ')
                    && let Some(word) = before.rsplit(' ').next()
                    && word.starts_with(char::is_uppercase)
                    && (oracle.demonym(word).is_some()
                        || oracle
                            .place(word)
                            .is_some_and(|k| k.kind == KnownKind::Country))
                {
                    span.start -= word.len() + 1;
                }
            }
            // The name and its acronym are taken; a place it runs on through stays free to be
            // read as a place too.
            let mut full = span;
            let mut acronym = acronym;
            if let Some((end, a)) = place_then_acronym(text, span) {
                span.end = end;
                acronym = Some(a);
            }
            if let Some(c) = ACRONYM_AFTER.captures(ahead(text, span.end, 16)) {
                let paren = Span::new(span.end, span.end + c.get(0).unwrap().end());
                if full.end == span.end {
                    full.end = paren.end;
                } else {
                    taken.push(paren);
                }
            }
            let written = span.slice(text);
            taken.push(full);
            // The acronym alone, when it matched, is the name written.
            m.organizations.push(OrgFound {
                name: Found::new(written.to_string(), span, "org.lexicon"),
                acronym,
                canonical,
            });
        }
    }

    // "selon le ministère de la Santé": a ministry the Romance languages write in lowercase,
    // named by the capitalized words after "de".
    if text.contains("minist") {
        for mat in LOWERCASE_MINISTRY.find_iter(text) {
            let span = Span::new(mat.start(), mat.end());
            if taken.iter().any(|t| t.overlaps(&span)) {
                continue;
            }
            taken.push(span);
            m.organizations.push(OrgFound {
                name: Found::new(mat.as_str().to_string(), span, "org.ministry"),
                acronym: None,
                canonical: None,
            });
        }
    }

    let mut chunks = names::chunks(text, &words, &taken);
    merge_possessive_names(text, &mut chunks, lex, oracle);
    merge_org_conjunctions(text, &words, &mut chunks, lex);
    merge_landmark_of_the(text, &words, &mut chunks, lex);
    let mut pieces: Vec<Piece> = Vec::new();
    for chunk in &chunks {
        split_chunk(text, &words, chunk, lex, oracle, &mut pieces);
    }

    // 2. Organizations by pattern, 3. places, 4. demonyms; the rest are person candidates.
    let teams = team_spans(text);
    let sport = is_sport_caption(text);
    let mut candidates: Vec<Piece> = Vec::new();
    for piece in pieces {
        let s = piece.span.slice(text);
        let ws = &words[piece.first..piece.last];
        let first_word = ws[0].span.slice(text);
        let last_word = ws[ws.len() - 1].span.slice(text);
        if ws.len() == 1
            && let Some(cc) = oracle.demonym(s)
        {
            m.demonyms.push(DemonymMention {
                country: cc,
                span: piece.span,
                sentence: ws[0].sentence,
            });
            continue;
        }
        // "Manchester City's Oleksandr Zinchenko", "Liverpool's Mohamed Salah": in a sports
        // caption a club's player; a country's player ("England's Moeen Ali") stays a place.
        let not_country = oracle.place(s).is_none_or(|k| k.kind != KnownKind::Country);
        let sport_team = not_country
            && ((piece.possessive && is_sport_possessive(text, &words, piece.last, sport))
                || (is_opponent(text, piece.span, sport) && !lex.is("place_head", last_word))
                || (sport && affiliation_of(text, piece.span))
                || teams.iter().any(|t| t.contains(&piece.span)));
        // "the Cbeca Ndosho hospital": a named hospital or clinic is an institution.
        let institution = text[piece.span.end..].strip_prefix(' ').and_then(|rest| {
            ["hospital", "clinic", "Hospital", "Clinic"]
                .iter()
                .find(|w| {
                    rest.starts_with(*w)
                        && !rest[w.len()..].starts_with(|c: char| c.is_alphanumeric())
                })
        });
        if let Some(word) = institution
            && !ws.iter().any(|w| lex.is("not_name", w.span.slice(text)))
            && oracle.place(s).is_none()
        {
            let span = Span::new(piece.span.start, piece.span.end + 1 + word.len());
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.institution"),
                acronym: None,
                canonical: None,
            });
            continue;
        }
        // "President Bush", "King Abdullah": a name right after a title is a person's, even
        // where a town abroad has that name.
        let titled = piece.first > 0
            && lex.is(
                "title",
                words[piece.first - 1]
                    .span
                    .slice(text)
                    .trim_end_matches('.'),
            )
            && names::is_capitalized(words[piece.first - 1].span.slice(text))
            && text[words[piece.first - 1].span.end..piece.span.start] == *" "
            && oracle
                .place(s)
                .is_none_or(|k| k.kind == KnownKind::Populated);
        // "Stoltenberg's Labour party", "the ruling Communist party": a party named with the
        // word in lowercase (a feast's party, "Christmas party", is none).
        let party_after = text[piece.span.end..]
            .strip_prefix(" party")
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()));
        if party_after && FEASTS.contains(&last_word) {
            continue;
        }
        if party_after
            && !ws.iter().any(|w| lex.is("not_name", w.span.slice(text)))
            && oracle.place(s).is_none_or(|k| k.kind != KnownKind::Country)
        {
            let span = Span::new(piece.span.start, piece.span.end + " party".len());
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.pattern"),
                acronym: None,
                canonical: None,
            });
            continue;
        }
        if !sport_team
            && let Some(p) = place_phrase(text, &words, &piece, lex, oracle, sport)
            // A landmark named after a titled person ("General Santander police academy") or a
            // place after "of" ("Governor of Punjab") stays a place.
            && !(titled && p.rule == "place.gazetteer" && p.cue == PlaceCue::None)
        {
            m.places.push(p);
            continue;
        }
        // "soldados del Ejército Mexicano", "Anggota Basarnas", "Mitglieder des Technischen
        // Hilfswerks": the name after a noun for an organization's members is the organization.
        if let Some(mut span) = member_of(text, &words, &piece, oracle) {
            let mut acronym = ACRONYM_AFTER
                .captures(ahead(text, span.end, 16))
                .map(|c| c[1].to_string());
            if let Some((end, a)) = place_then_acronym(text, span) {
                span = Span::new(span.start, end);
                acronym = Some(a);
            }
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.member_of"),
                acronym,
                canonical: None,
            });
            continue;
        }
        // "El Ministerio de Salud instaló …", "Les Forces armées": an article opening the
        // sentence before an organization's first word is no part of its name.
        if ws.len() >= 3
            && ws[0].sentence_start
            && matches!(
                first_word,
                "El" | "La" | "Los" | "Las" | "Le" | "Les" | "Il" | "Lo" | "O" | "A" | "Os" | "As"
            )
            && lex.is("org_first", ws[1].span.slice(text))
        {
            let span = Span::new(ws[1].span.start, piece.span.end);
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.pattern"),
                acronym: None,
                canonical: None,
            });
            continue;
        }
        // "Miembros de la Guardia Nacional Bolivariana", "Agentes de la Policía Nacional": a
        // sentence's first word joined by particles to an organization's name; the name starts
        // at its own first word.
        if let Some(k) = (2..ws.len().saturating_sub(1)).find(|&k| {
            lex.is("org_first", ws[k].span.slice(text))
                && matches!(
                    ws[k - 1].span.slice(text),
                    "de" | "del"
                        | "la"
                        | "las"
                        | "los"
                        | "des"
                        | "du"
                        | "da"
                        | "do"
                        | "das"
                        | "dos"
                )
                && ws[0].sentence_start
        }) {
            let span = Span::new(ws[k].span.start, piece.span.end);
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, "org.pattern"),
                acronym: None,
                canonical: None,
            });
            continue;
        }
        let acronym = ACRONYM_AFTER
            .captures(ahead(text, piece.span.end, 16))
            .map(|c| c[1].to_string());
        let inner_org_of = ws.windows(2).any(|p| {
            let (a, b) = (p[0].span.slice(text), p[1].span.slice(text));
            (lex.is("org_head", a) || lex.is("org_first", a)) && matches!(b, "of" | "for")
        });
        // "the Sunni Islamist party Hizb Ut-Tahrir", "the militant group Jaish al-Adl": a
        // name right after a noun for an organization is that organization's, not a person's.
        let org_noun_before = piece.first > 0 && ws.len() <= 5 && oracle.place(s).is_none() && {
            let prev = &words[piece.first - 1];
            let after = text[piece.span.end..].trim_start_matches([',', ' ']);
            text[prev.span.end..piece.span.start].trim().is_empty()
                && ORG_NOUNS.contains(&prev.span.slice(text))
                // "… opposition party Marina Tauber, who was arrested": a member, named.
                && !after.starts_with("who ")
                // "the UN migration organisation IOM": the acronym of a name given elsewhere.
                && !(names::is_all_caps(s) && text.matches(s).count() > 1)
        };
        // "PML-N workers", "SPLA soldiers": an acronym before a noun for its members.
        let acronym_of_members = ws.len() == 1
            && names::is_all_caps(s)
            && s.chars().filter(|c| c.is_alphabetic()).count() >= 3
            && oracle.place(s).is_none()
            && text[piece.span.end..]
                .strip_prefix(' ')
                .and_then(|r| r.split(|c: char| !c.is_alphabetic()).next())
                .is_some_and(|w| MEMBERS_AFTER.contains(&w));
        let org_shape = acronym_of_members
            || org_noun_before
            || (ws.len() >= 2 || names::is_all_caps(s) && s.len() >= 3)
                && (lex.is("org_head", last_word)
                    || lex.is("org_first", first_word)
                    || inner_org_of)
            || acronym.as_deref().is_some_and(|a| {
                a.len() >= 2 && a.chars().filter(|c| c.is_uppercase()).count() >= 2
            }) && ws.len() >= 2
            || sport_team
            || teams.iter().any(|t| t.contains(&piece.span));
        // "Israeli Army", "Iraqi Forces": a nation's generic forces, not a named organization.
        let generic_forces = ws.len() == 2
            && oracle.demonym(first_word).is_some()
            && lex.is("generic_force", last_word);
        if generic_forces {
            continue;
        }
        if org_shape && !ws.iter().any(|w| lex.is("not_name", w.span.slice(text))) {
            let rule = if acronym.is_some() {
                "org.acronym"
            } else {
                "org.pattern"
            };
            // "Communist Party of China": the piece stopped at the place; the name goes on
            // through it.
            let mut span = piece.span;
            if ["of", "for", "de", "del", "des", "du"].contains(&last_word)
                && let Some(next) = words.get(piece.last)
                && names::is_capitalized(next.span.slice(text))
                && text[span.end..next.span.start].trim().is_empty()
            {
                let mut end = piece.last;
                while end < words.len()
                    && end < piece.last + 3
                    && names::is_capitalized(words[end].span.slice(text))
                    && text[words[end - 1].span.end..words[end].span.start]
                        .trim()
                        .is_empty()
                {
                    end += 1;
                }
                span = Span::new(span.start, words[end - 1].span.end);
            }
            // "United Nations Mission in South Sudan (UNMISS)", "Mission des Nations unies en
            // RDC (Monusco)": a place and the acronym after it make the place part of the name.
            let mut acronym = acronym;
            if let Some((end, a)) = place_then_acronym(text, span) {
                span = Span::new(span.start, end);
                acronym = Some(a);
            }
            m.organizations.push(OrgFound {
                name: Found::new(span.slice(text).to_string(), span, rule),
                acronym,
                canonical: None,
            });
            continue;
        }
        candidates.push(piece);
    }

    // Names coordinated with a place are places too: "Kos, Lesbos, Samos and Agathonisi".
    let mut changed = true;
    while changed {
        changed = false;
        let mut rest = Vec::new();
        for piece in candidates {
            if let Some(p) = coordinated_place(text, &words, &piece, &m.places, lex, oracle) {
                m.places.push(p);
                changed = true;
            } else {
                rest.push(piece);
            }
        }
        candidates = rest;
    }
    m.places.sort_by_key(|p| p.span.start);
    let mut not_roads = taken.clone();
    not_roads.extend(m.organizations.iter().map(|o| o.name.span));
    roads::numbered_roads(text, &words, lex, &not_roads, &mut m.places);
    lowercase_demonyms(text, &words, lex, oracle, &mut m);
    seats_of_bodies(text, &words, lex, &mut m);

    // 5. People. Name shapes are English ones: in a caption in another language, capitalized
    // nouns (German) and articles would pass for names, so none are guessed there.
    if !is_english(text, &words, lex) {
        foreign_people(text, &words, &candidates, lex, oracle, &mut m.people);
        return m;
    }
    let mut single = Vec::new();
    for piece in candidates {
        if let Some(person) = person(text, &words, &piece, lex, oracle) {
            merge_person(&mut m.people, person, text);
        } else if piece.last == piece.first + 1 {
            single.push(piece);
        }
    }
    m.people.retain(|p| {
        p.name.value.contains(' ')
            || p.age.is_some()
            || p.role.is_some()
            || p.name.rule == "person.listed"
    });
    listed_people(text, &words, &single, lex, oracle, &mut m.people);
    m.people.sort_by_key(|p| p.name.span.start);
    m
}

/// Nouns for the members of an organization, in Spanish, Portuguese, French, Italian, German,
/// Indonesian and Swahili, written before its name with "of" ("agentes de la", "membres du",
/// "Mitglieder des", "wanachama wa") or, in Indonesian, without ("petugas BPBD").
/// Feasts and occasions whose "party" is a celebration, not a political party.
const FEASTS: &[&str] = &[
    "Christmas",
    "Halloween",
    "Easter",
    "Eid",
    "Diwali",
    "Hanukkah",
    "Year",
    "Year's",
    "Pride",
    "Birthday",
    "Street",
    "Garden",
    "Beach",
];

/// English nouns for an organization's members or staff written after its acronym ("PML-N
/// workers", "SPLA soldiers").
const MEMBERS_AFTER: &[&str] = &[
    "workers",
    "supporters",
    "activists",
    "members",
    "soldiers",
    "fighters",
    "militants",
    "rebels",
    "leaders",
    "officials",
    "lawmakers",
    "troops",
    "volunteers",
    "staff",
    "employees",
    "officers",
    "personnel",
    "cadres",
    "loyalists",
];

const MEMBER_NOUNS: &[&str] = &[
    "agentes",
    "agente",
    "miembros",
    "soldados",
    "militantes",
    "integrantes",
    "efectivos",
    "voluntarios",
    "bomberos",
    "rescatistas",
    "socorristas",
    "brigadistas",
    "elementos",
    "funcionarios",
    "membros",
    "policiais",
    "voluntários",
    "servidores",
    "funcionários",
    "bombeiros",
    "soldats",
    "membres",
    "militants",
    "agents",
    "policiers",
    "gendarmes",
    "secouristes",
    "volontaires",
    "éléments",
    "employés",
    "membri",
    "agenti",
    "soldati",
    "militanti",
    "volontari",
    "mitglieder",
    "soldaten",
    "einsatzkräfte",
    "helfer",
    "anggota",
    "petugas",
    "personel",
    "relawan",
    "prajurit",
    "wanachama",
    "askari",
];

/// The organization named after a member noun, as in [`MEMBER_NOUNS`]: the capitalized words
/// after the noun and its "of" (or, for a noun opening the piece, after it within the piece).
/// `None` for a known place ("soldados de Ucrania") or a single everyday word.
fn member_of(text: &str, words: &[Word], piece: &Piece, oracle: &dyn PlaceOracle) -> Option<Span> {
    const OF: &[&str] = &[
        "de", "del", "la", "las", "los", "da", "do", "das", "dos", "du", "des", "der", "di",
        "della", "dei", "wa", "l'", "l’",
    ];
    let ws = &words[piece.first..piece.last];
    let lower = |w: &Word| w.span.slice(text).to_lowercase();
    // The member noun inside the piece ("Mitglieder des Technischen Hilfswerks", "Anggota
    // Basarnas") or before it ("agentes de la Policía Nacional").
    let start = if MEMBER_NOUNS.contains(&lower(&ws[0]).as_str()) && ws.len() >= 2 {
        let mut k = 1;
        while k < ws.len() && OF.contains(&lower(&ws[k]).as_str()) {
            k += 1;
        }
        (k < ws.len()).then_some(k)?
    } else {
        let mut j = piece.first;
        let mut of_seen = false;
        while j > 0 && OF.contains(&lower(&words[j - 1]).as_str()) {
            j -= 1;
            of_seen = true;
        }
        let noun = j.checked_sub(1).map(|i| lower(&words[i]))?;
        let indonesian = matches!(
            noun.as_str(),
            "anggota" | "petugas" | "personel" | "relawan" | "prajurit"
        );
        if !MEMBER_NOUNS.contains(&noun.as_str()) || !(of_seen || indonesian) {
            return None;
        }
        0
    };
    let span = Span::new(ws[start].span.start, piece.span.end);
    let name = span.slice(text);
    let known_place = oracle.place(name).is_some()
        || oracle.demonym(name).is_some()
        || oracle
            .place(ws[start].span.slice(text))
            .is_some_and(|k| k.kind == KnownKind::Country);
    // "Einsatzkräfte der Polizei": a service named by its kind alone is no organization's name.
    let generic = start + 1 == ws.len()
        && matches!(
            name.to_lowercase().as_str(),
            "polizei"
                | "policía"
                | "polícia"
                | "police"
                | "polizia"
                | "armee"
                | "armée"
                | "army"
                | "ejército"
                | "exército"
                | "esercito"
                | "feuerwehr"
                | "bomberos"
                | "bombeiros"
                | "pompiers"
                | "gendarmerie"
                | "militär"
                | "military"
                | "regierung"
                | "gobierno"
                | "governo"
                | "gouvernement"
                | "government"
        );
    (!known_place && !generic && name.chars().count() >= 3).then_some(span)
}

/// Lowercase words of other languages that stand before a person's name: offices ("el
/// presidente Guillermo Lasso", "le ministre …", "presiden …") and mourning ("sepelio de …").
const FOREIGN_TITLES: &[&str] = &[
    "presidente",
    "presidenta",
    "expresidente",
    "expresidenta",
    "ministro",
    "ministra",
    "exministro",
    "exministra",
    "alcalde",
    "alcaldesa",
    "gobernador",
    "gobernadora",
    "governador",
    "governadora",
    "prefeito",
    "prefeita",
    "senador",
    "senadora",
    "diputado",
    "diputada",
    "deputado",
    "deputada",
    "líder",
    "dirigente",
    "candidato",
    "candidata",
    "canciller",
    "comandante",
    "coronel",
    "papa",
    "rey",
    "reina",
    "príncipe",
    "princesa",
    "fiscal",
    "activista",
    "président",
    "présidente",
    "ministre",
    "maire",
    "député",
    "députée",
    "sénateur",
    "opposant",
    "roi",
    "reine",
    "presiden",
    "menteri",
    "gubernur",
    "bupati",
    "walikota",
    "panglima",
    "raja",
    "ratu",
    "pangulo",
    "alkalde",
    "kalihim",
    "präsident",
    "präsidentin",
    "ministerin",
    "bürgermeister",
    "bürgermeisterin",
    "kanzler",
    "kanzlerin",
    "sepelio",
    "velorio",
    "entierro",
    "funeral",
    "funérailles",
    "obsèques",
    "enterro",
    "velório",
    // People named by their trade, their kin or their standing, in Spanish, Portuguese, French
    // and Italian ("el abogado …", "o advogado …", "la journaliste …", "il sindaco …").
    "abogado",
    "abogada",
    "advogado",
    "advogada",
    "avocat",
    "avocate",
    "avvocato",
    "periodista",
    "jornalista",
    "journaliste",
    "giornalista",
    "reportero",
    "reportera",
    "repórter",
    "fotógrafo",
    "fotógrafa",
    "photographe",
    "ativista",
    "militant",
    "militante",
    "attivista",
    "sindaco",
    "vocero",
    "vocera",
    "portavoz",
    "porta-voz",
    "porte-parole",
    "secretario",
    "secretaria",
    "secretário",
    "secrétaire",
    "director",
    "directora",
    "diretor",
    "diretora",
    "directeur",
    "directrice",
    "empresario",
    "empresaria",
    "empresário",
    "escritor",
    "escritora",
    "écrivain",
    "scrittore",
    "cantante",
    "cantor",
    "cantora",
    "chanteur",
    "chanteuse",
    "actor",
    "actriz",
    "atriz",
    "acteur",
    "actrice",
    "attore",
    "attrice",
    "futbolista",
    "jugador",
    "jugadora",
    "jogador",
    "jogadora",
    "joueur",
    "joueuse",
    "calciatore",
    "delantero",
    "atacante",
    "attaquant",
    "attaccante",
    "portero",
    "goleiro",
    "entrenador",
    "entrenadora",
    "treinador",
    "técnico",
    "entraîneur",
    "sélectionneur",
    "allenatore",
    "capitán",
    "capitão",
    "capitaine",
    "general",
    "général",
    "teniente",
    "sargento",
    "commandant",
    "colonel",
    "sacerdote",
    "obispo",
    "arzobispo",
    "cardenal",
    "pastor",
    "pasteur",
    "prêtre",
    "médico",
    "médica",
    "médecin",
    "doctor",
    "doctora",
    "docteur",
    "profesor",
    "profesora",
    "professor",
    "professora",
    "professeur",
    "estudiante",
    "estudante",
    "étudiant",
    "étudiante",
    "joven",
    "jovem",
    "niño",
    "niña",
    "menino",
    "menina",
    "señor",
    "señora",
    "senhor",
    "senhora",
    "doña",
    "dona",
    "madre",
    "hijo",
    "hija",
    "hermano",
    "hermana",
    "mãe",
    "pai",
    "filho",
    "filha",
    "irmão",
    "irmã",
    "mère",
    "père",
    "fils",
    "fille",
    "frère",
    "sœur",
    "figlio",
    "figlia",
    "esposa",
    "esposo",
    "marido",
    "viuda",
    "viúva",
    "veuve",
    "épouse",
    "abuela",
    "abuelo",
    "avó",
    "avô",
    "víctima",
    "vítima",
    "victime",
    "vittima",
    "migrante",
    "refugiado",
    "refugiada",
    "campesino",
    "campesina",
    "agricultor",
    "agricultora",
    "agriculteur",
    "pescador",
    "comerciante",
    "vendedor",
    "vendedora",
    "vecino",
    "vecina",
    "morador",
    "moradora",
    "habitante",
    "habitant",
    "residente",
    "opositor",
    "opositora",
    "mandatario",
    "mandatária",
    "dirigeant",
    "dirigeante",
    "leader",
    "chef",
    // Offices and sports written in lowercase before the holder's name ("contra o presidente
    // …", "el atleta …").
    "presidente",
    "presidenta",
    "président",
    "présidente",
    "expresidente",
    "ex-presidente",
    "vicepresidente",
    "vice-presidente",
    "ministro",
    "ministra",
    "ministre",
    "gobernador",
    "gobernadora",
    "governador",
    "governadora",
    "alcalde",
    "alcaldesa",
    "prefeito",
    "prefeita",
    "diputado",
    "diputada",
    "deputado",
    "deputada",
    "député",
    "senador",
    "senadora",
    "sénateur",
    "canciller",
    "chanceler",
    "candidato",
    "candidata",
    "candidat",
    "candidate",
    "atleta",
    "athlète",
    "ciclista",
    "tenista",
    "boxeador",
    "piloto",
    "pilote",
    // Tagalog's person marker ("si Juan dela Cruz"); Indonesian "warga" (resident).
    "si",
    "warga",
];

/// Nouns that, with "de" or "of" after them, name a person next ("el gobierno de Iván Duque",
/// "la muerte de …", "o assassinato de …", "les obsèques de …").
const FOREIGN_OF_PERSON: &[&str] = &[
    "gobierno",
    "governo",
    "gouvernement",
    "administración",
    "mandato",
    "muerte",
    "morte",
    "mort",
    "asesinato",
    "assassinato",
    "assassinat",
    "desaparición",
    "desaparecimento",
    "disparition",
    "detención",
    "arresto",
    "prisão",
    "arrestation",
    "liberación",
    "libertação",
    "libération",
    "homenaje",
    "homenagem",
    "hommage",
    "familia",
    "família",
    "famille",
    "familiares",
    "madre",
    "padre",
    "mãe",
    "pai",
    "mère",
    "père",
    "viuda",
    "viúva",
    "veuve",
    "hijo",
    "hija",
    "filho",
    "filha",
];

/// "Al fondo Jane Doe …", "De gauche à droite, Jean Dupont …": where in the picture the person
/// named at `span` stands, said before the name.
pub(crate) fn placed_in_picture(text: &str, span: Span) -> bool {
    let lead = text[..span.start]
        .trim_end_matches([' ', ',', ':'])
        .to_lowercase();
    PICTURE_POSITIONS.iter().any(|p| {
        lead.ends_with(p)
            && lead[..lead.len() - p.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Where in the picture a person stands, written before the name in Spanish, Portuguese, French
/// and Italian captions.
const PICTURE_POSITIONS: &[&str] = &[
    "al fondo",
    "en primer plano",
    "en segundo plano",
    "a la izquierda",
    "a la derecha",
    "de izquierda a derecha",
    "ao fundo",
    "em primeiro plano",
    "à esquerda",
    "à direita",
    "da esquerda para a direita",
    "au premier plan",
    "à l'arrière-plan",
    "à gauche",
    "à droite",
    "de gauche à droite",
    "in primo piano",
    "sullo sfondo",
    "a sinistra",
    "a destra",
    "da sinistra",
];

/// Position marks after a name in a caption ("(i)", "(d)" in EFE's Spanish, "(L)", "(kiri)").
const POSITION_MARKS: &[&str] = &[
    "(i)",
    "(d)",
    "(c)",
    "(izq)",
    "(der)",
    "(centro)",
    "(g)",
    "(dr)",
    "(L)",
    "(R)",
    "(C)",
    "(katikati)",
    "(kushoto)",
    "(kulia)",
    "(kiri)",
    "(kanan)",
    "(tengah)",
    "(2i)",
    "(2d)",
    "(2L)",
    "(2R)",
    "(links)",
    "(rechts)",
    "(mitte)",
];

/// People in a caption in another language, where name shapes alone would take capitalized
/// nouns and articles for names: only a capitalized run of two to four words after an office
/// or mourning word, or before a position mark or an age ("Juan Pérez, 54,").
fn foreign_people(
    text: &str,
    words: &[Word],
    candidates: &[Piece],
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    people: &mut Vec<PersonFound>,
) {
    // Narrower than the module's `AGE_AFTER` (a comma and the number only), with the word for
    // "years" of these languages.
    static AGE_WORD_AFTER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^,\s*\d{1,3}\s*(?:,|años|anos|ans|tahun)").expect("age regex")
    });
    for piece in candidates {
        let n = piece.last - piece.first;
        if !(2..=4).contains(&n) || piece.possessive {
            continue;
        }
        let ws = &words[piece.first..piece.last];
        let name = piece.span.slice(text);
        let shaped = ws.iter().all(|w| {
            let t = w.span.slice(text);
            (names::is_capitalized(t) && !names::is_all_caps(t)) || PARTICLE_WORDS.contains(&t)
        }) && ws.iter().all(|w| {
            let t = w.span.slice(text);
            !lex.is("not_name", t) && oracle.demonym(t).is_none()
        }) && oracle.place(name).is_none()
            // (A first name that is also a village, "Hery", is still a first name.)
            && oracle.place(ws[0].span.slice(text)).is_none_or(|k| {
                k.kind == KnownKind::Populated && k.population < 10_000 && !k.primary
                    || k.kind == KnownKind::Populated && k.population < 2_000
            });
        if !shaped {
            continue;
        }
        let before = text[..piece.span.start]
            .trim_end_matches([' ', ','])
            .rsplit(|c: char| c.is_whitespace())
            .next()
            .unwrap_or("")
            .to_lowercase();
        let before = before.trim_end_matches([',', ':']);
        let prev_two: Vec<&str> = text[..piece.span.start]
            .split_whitespace()
            .rev()
            .take(2)
            .collect();
        // "le président sortant Hery …", "el presidente electo …": a title, then one lowercase
        // word qualifying it.
        let title_then_word = prev_two.get(1).is_some_and(|w| {
            FOREIGN_TITLES.contains(&w.to_lowercase().as_str())
                && before.chars().all(char::is_lowercase)
                && (4..=12).contains(&before.chars().count())
        });
        let titled = FOREIGN_TITLES.contains(&before)
            || title_then_word
            || (matches!(before, "de" | "do" | "da" | "del" | "du" | "di")
                && prev_two.get(1).is_some_and(|w| {
                    let w = w.to_lowercase();
                    FOREIGN_TITLES.contains(&w.as_str()) || FOREIGN_OF_PERSON.contains(&w.as_str())
                }));
        // "La haitiana Patricia Robert", "le Syrien Jean Doe": a demonym written in lowercase
        // right before the name, as Spanish, Portuguese, French and Italian write it.
        let demonym_before = before.chars().count() >= 5
            && text[..piece.span.start].trim_end().ends_with(before)
            && oracle.demonym(&capitalized(before)).is_some();
        let after = text[piece.span.end..].trim_start_matches(' ');
        let marked =
            POSITION_MARKS.iter().any(|m| after.starts_with(m)) || AGE_WORD_AFTER.is_match(after);
        if titled || marked || demonym_before || placed_in_picture(text, piece.span) {
            merge_person(
                people,
                PersonFound {
                    name: Found::new(name.to_string(), piece.span, "person.foreign_cue"),
                    age: None,
                    role: None,
                },
                text,
            );
        }
    }
    people.sort_by_key(|p| p.name.span.start);
}

/// Lowercase particles inside names of Romance and Arabic origin ("Eduardo del Castillo").
const PARTICLE_WORDS: &[&str] = &[
    "de", "del", "da", "dos", "das", "do", "la", "y", "e", "van", "von", "bin", "al", "el",
];

/// "Neymar, Vinicius Junior and Raphinha celebrate": a single name listed with a person's full
/// name is a person too (sports captions name players so), unless it is a place or an
/// everyday word.
fn listed_people(
    text: &str,
    words: &[Word],
    single: &[Piece],
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    people: &mut Vec<PersonFound>,
) {
    let joined = |a: Span, b: Span| {
        a.end <= b.start && matches!(text[a.end..b.start].trim(), "," | "and" | ", and" | "&")
    };
    let mut changed = true;
    while changed {
        changed = false;
        for piece in single {
            if people.iter().any(|p| p.name.span == piece.span) {
                continue;
            }
            let w = words[piece.first].span.slice(text);
            let plausible = names::is_capitalized(w)
                && !names::is_all_caps(w)
                && w.len() >= 3
                && lex.common_size(w).is_none()
                && !lex.is("not_name", w)
                && !lex.is("title", w)
                && oracle.place(w).is_none()
                && oracle.demonym(w).is_none();
            let beside_person = people.iter().any(|p| {
                (p.name.value.contains(' ') || p.name.rule == "person.listed")
                    && (joined(piece.span, p.name.span) || joined(p.name.span, piece.span))
            });
            if plausible && beside_person {
                people.push(PersonFound {
                    name: Found::new(w.to_string(), piece.span, "person.listed"),
                    age: None,
                    role: None,
                });
                changed = true;
            }
        }
    }
}

fn on_word_boundaries(text: &str, span: Span) -> bool {
    let before = text[..span.start].chars().next_back();
    let after = text[span.end..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(|c| c.is_alphanumeric())
}

/// Lexicon matches ignore case only where the written words are mostly capitalized, so a
/// lowercase description ("civil defence member") is not taken for the organization.
fn case_fits(written: &str, pattern: &str) -> bool {
    if written == pattern {
        return true;
    }
    // ("al-Shabaab": an Arabic article in lowercase before the capitalized name.)
    let capitalized = |w: &str| {
        w.starts_with(char::is_uppercase)
            || ["al-", "el-", "ad-", "ar-", "as-", "an-", "at-"]
                .iter()
                .any(|a| w.starts_with(a) && w[a.len()..].starts_with(char::is_uppercase))
    };
    let ws: Vec<&str> = written.split_whitespace().collect();
    let caps = ws.iter().filter(|w| capitalized(w)).count();
    let first_cap = capitalized(written);
    // Acronyms must be written in capitals.
    if !pattern.contains(' ')
        && pattern
            .chars()
            .all(|c| c.is_uppercase() || !c.is_alphabetic())
    {
        return written == pattern;
    }
    first_cap && caps * 2 >= ws.len()
}

fn is_sport_possessive(text: &str, words: &[Word], after: usize, sport: bool) -> bool {
    // "Manchester City's Oleksandr Zinchenko in action": a team's player.
    let Some(next) = words.get(after) else {
        return false;
    };
    names::is_capitalized(next.span.slice(text)) && sport
}

/// Words that make a caption a sports caption, for telling clubs from the towns they are named after.
fn is_sport_caption(text: &str) -> bool {
    if !text.is_ascii() {
        return is_sport_caption(
            &text
                .chars()
                .map(|c| if c.is_ascii() { c } else { ' ' })
                .collect::<String>(),
        );
    }
    const SPORT_WORDS: &[&str] = &[
        "match",
        "game",
        "league",
        "cup",
        "goal",
        "in action",
        "championship",
        "stadium",
        "football",
        "soccer",
        "rugby",
        "scoring",
        "scores",
        "celebrates",
        "penalty",
        "striker",
        "midfielder",
        "defender",
        "goalkeeper",
        "tournament",
        "premier",
        "season",
        "derby",
        "kick-off",
        "tackle",
        "won 1-",
        "won 2-",
        "won 3-",
        "won 4-",
        "won 5-",
        "fixture",
        "semi-final",
        "quarter-final",
    ];
    static SPORT: LazyLock<AhoCorasick> = LazyLock::new(|| {
        AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .build(SPORT_WORDS)
            .expect("sport words")
    });
    SPORT.is_match(text)
}

/// "celebrates scoring against Burnley", "beat Arsenal 2-1": in a sports caption, the opponent.
/// "Mohamed Salah of Liverpool": "of" right after a capitalized name.
fn affiliation_of(text: &str, span: Span) -> bool {
    let before = text[..span.start].trim_end();
    before.ends_with(" of")
        && before[..before.len() - 3]
            .trim_end()
            .rsplit(' ')
            .next()
            .is_some_and(|w| {
                // "the Africa Cup of Nations", "Tour of Flanders": a competition's name, not a
                // player of a club.
                w.starts_with(char::is_uppercase)
                    && !matches!(
                        w,
                        "Cup"
                            | "League"
                            | "Championship"
                            | "Championships"
                            | "Games"
                            | "Tour"
                            | "Trophy"
                            | "Tournament"
                            | "Series"
                            | "Federation"
                            | "Association"
                    )
            })
}

fn is_opponent(text: &str, span: Span, sport: bool) -> bool {
    // "a 6-1 win at Manchester United", "Sunday's visit to Leicester", "a 2-0 defeat to Everton".
    let lower_tail: String = text[..span.start]
        .chars()
        .rev()
        .take(24)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    if [
        "win at ",
        "draw at ",
        "defeat at ",
        "loss at ",
        "visit to ",
        "defeat to ",
        "loss to ",
        "win over ",
        "victory over ",
        "draw with ",
    ]
    .iter()
    .any(|p| lower_tail.ends_with(p))
        && sport
    {
        return true;
    }
    let before = text[..span.start].trim_end();
    let last = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("");
    matches!(
        last,
        "against"
            | "vs"
            | "vs."
            | "v"
            | "beat"
            | "beats"
            | "defeated"
            | "face"
            | "faces"
            | "versus"
    ) && sport
}

/// At most `len` bytes of `text` from `start`: anchored patterns look only this far, and the
/// regex engines' cost then does not grow with the caption.
fn ahead(text: &str, start: usize, len: usize) -> &str {
    &text[start..floor_char_boundary(text, (start + len).min(text.len()))]
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// "a match between Atletico Acreano and Luverdense": both names are teams.
fn team_spans(text: &str) -> Vec<Span> {
    static BETWEEN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)\b(?:match|game|final|semi-final|clash|derby|tie|fixture)\s+(?:between|against)\s+([^,.;]+?)\s+(?:and|vs\.?|v)\s+([^,.;]+?)(?:[,.;]|\s+(?:at|in|on)\b)|(?-i:\b([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?:vs?\.?|versus)\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}))\b").unwrap()
    });
    // Most captions name no fixture; skip the capturing search unless a marker is there.
    if !(text.contains(" v")
        || text.contains("between ")
        || text.contains("against ")
        || text.contains("versus"))
    {
        return Vec::new();
    }
    // In Czech and Slovak "v" is "in" ("Sparta v Praze"): there only "vs" and "versus" mark
    // a fixture.
    let czech = names::has_central_european_letter(text);
    BETWEEN
        .captures_iter(text)
        .filter(|c| {
            !czech
                || c.get(0)
                    .is_some_and(|m| !m.as_str().contains(" v ") || m.as_str().contains("vs"))
        })
        .flat_map(|c| {
            [c.get(1), c.get(2), c.get(3), c.get(4)]
                .into_iter()
                .flatten()
                .map(|g| Span::new(g.start(), g.end()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Lowercase nouns for an organization, written right before its name.
const ORG_NOUNS: &[&str] = &[
    "party",
    "group",
    "movement",
    "militia",
    "organisation",
    "organization",
    "company",
    "firm",
    "coalition",
    "alliance",
    "faction",
    "charity",
    "carmaker",
    "automaker",
    "airline",
    "broadcaster",
    "newspaper",
    "conglomerate",
    "insurer",
    "retailer",
    "manufacturer",
];

/// The lowercase words right before a span, up to `n`, nearest last.
fn words_before(text: &str, words: &[Word], idx: usize, n: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut j = idx;
    while j > 0 && out.len() < n {
        j -= 1;
        let gap = &text[words[j].span.end..words[j + 1].span.start];
        let possessive_gap = words[j].possessive && matches!(gap.trim(), "'s" | "’s" | "'" | "’");
        if gap.trim().is_empty() || gap.trim() == "-" || possessive_gap {
            out.push((j, words[j].span.slice(text).to_lowercase()));
        } else {
            break;
        }
        if words[j].possessive {
            break;
        }
    }
    out.reverse();
    out
}

fn person(
    text: &str,
    words: &[Word],
    piece: &Piece,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
) -> Option<PersonFound> {
    let ws = &words[piece.first..piece.last];
    let s = piece.span.slice(text);
    if ws.iter().any(|w| {
        let t = w.span.slice(text);
        lex.is("not_name", t)
            || lex.is("month", t)
            || lex.is("weekday", t)
            || oracle.demonym(t).is_some()
    }) {
        return None;
    }
    if oracle
        .place(s)
        .is_some_and(|k| k.kind != KnownKind::Populated)
    {
        return None;
    }
    // "Sri Lankan", "Sri Lankans": a demonym of two words is a people's name, not a person's.
    if oracle.demonym(s).is_some()
        || s.strip_suffix('s')
            .is_some_and(|one| oracle.demonym(one).is_some())
    {
        return None;
    }
    let after = &text[piece.span.end..];
    let age = AGE_AFTER.captures(ahead(after, 0, 40)).and_then(|c| {
        let m = c.get(1).unwrap();
        let n: u32 = m.as_str().parse().ok()?;
        (n <= 120).then(|| {
            Found::new(
                n,
                Span::new(piece.span.end + m.start(), piece.span.end + m.end()),
                "person.age_after",
            )
        })
    });
    let before_start = floor_char_boundary(text, piece.span.start.saturating_sub(60));
    let age = age.or_else(|| {
        let window = &text[before_start..piece.span.start];
        AGE_BEFORE.captures(window).and_then(|c| {
            let m = c.get(1).unwrap();
            let n: u32 = m.as_str().parse().ok()?;
            (n <= 120).then(|| {
                Found::new(
                    n,
                    Span::new(before_start + m.start(), before_start + m.end()),
                    "person.age_before",
                )
            })
        })
    });
    // Role: lowercase words (and a demonym or title) right before the name.
    let mut role_words: Vec<usize> = Vec::new();
    for (j, w) in words_before(text, words, piece.first, 4).into_iter().rev() {
        let raw = words[j].span.slice(text);
        let is_role_word = (raw.chars().next().is_some_and(char::is_lowercase)
            && !matches!(
                w.as_str(),
                "the"
                    | "a"
                    | "an"
                    | "of"
                    | "by"
                    | "and"
                    | "with"
                    | "to"
                    | "for"
                    | "in"
                    | "at"
                    | "on"
                    | "as"
                    | "from"
                    | "is"
                    | "was"
                    | "his"
                    | "her"
                    | "their"
                    | "said"
                    | "says"
                    | "shows"
                    | "where"
                    | "while"
                    | "after"
                    | "before"
                    | "during"
                    | "when"
                    | "that"
                    | "who"
                    | "which"
            ))
            || lex.is("title", raw.trim_end_matches('.'))
            || (oracle.demonym(raw).is_some() && !role_words.is_empty());
        if !is_role_word || words[j].possessive {
            break;
        }
        role_words.push(j);
    }
    if piece.stripped_from < piece.first {
        // Title words stripped from the chunk are part of the role.
        role_words.extend(piece.stripped_from..piece.first);
    }
    role_words.sort_unstable();
    role_words.dedup();
    let role = (!role_words.is_empty()).then(|| {
        let a = words[role_words[0]].span.start;
        let b = words[*role_words.last().unwrap()].span.end;
        Found::new(text[a..b].to_string(), Span::new(a, b), "person.role")
    });
    let role = role.filter(|r| r.value.split_whitespace().any(|w| w.len() > 2));

    let n_words = ws.len();
    let first = ws[0].span.slice(text);
    let last_word = ws[n_words - 1].span.slice(text);
    // "the Syn Turais gas tanker", "the Abu Aisha family's house": a name of a thing or a family.
    // One or two lowercase words on ("the Syn Turais gas tanker"), possessive or not.
    let thing_after = text[piece.span.end..]
        .split_whitespace()
        .take(2)
        .take_while(|w| w.starts_with(char::is_lowercase))
        .map(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            w.strip_suffix("’s")
                .or_else(|| w.strip_suffix("'s"))
                .unwrap_or(w)
        })
        .any(|w| lex.is("thing_after", w));
    if thing_after {
        return None;
    }
    if (n_words == 1 && names::is_all_caps(first))
        || (first.starts_with(char::is_lowercase) && names::strip_article(first) == first)
    {
        return None;
    }
    // Initials stand inside names, not at their end ("Pool D", "(R)"); mis-decoded text and
    // hyphenated pairs of names ("Sampdoria-Roma") are not names of one person.
    if last_word.chars().count() == 1
        || s.contains(['Ã', '\u{fffd}'])
        || (n_words == 1
            && first
                .split('-')
                .filter(|p| p.starts_with(char::is_uppercase))
                .count()
                >= 2)
    {
        return None;
    }
    let sentence_initial_single = n_words == 1 && ws[0].sentence_start;
    let looks_like_name = if n_words >= 2 {
        // Two or more capitalized words: a name unless the last is an everyday word.
        let last = ws[n_words - 1].span.slice(text);
        !(lex.common_size(last).is_some_and(|z| z <= 10) && age.is_none() && role.is_none())
            && oracle
                .place(s)
                .is_none_or(|k| age.is_some() || k.population < 1000)
            && !names::is_all_caps(s)
                | (n_words >= 2 && ws.iter().all(|w| w.span.slice(text).len() >= 2))
    } else {
        let word = ws[0].span.slice(text);
        // A single name needs an age ("Heben, 45") or a role ("refugee Samah") to be a person.
        let has_role = role.as_ref().is_some_and(|r| {
            r.value
                .split_whitespace()
                .map(strip_title_prefix)
                .any(|w| lex.is("title", w) || lex.is("person_noun", w))
        });
        // "official Gen Aoki": a title right before the name outweighs a small village named so.
        let titled = role.as_ref().is_some_and(|r| {
            r.span.end <= piece.span.start
                && text[r.span.end..piece.span.start].trim().is_empty()
                && r.value
                    .split_whitespace()
                    .last()
                    .is_some_and(|w| lex.is("title", strip_title_prefix(w)))
        });
        let not_a_place = oracle
            .place(word)
            .is_none_or(|k| titled && k.kind == KnownKind::Populated && k.population < 100_000);
        lex.common_size(word).is_none()
            && (age.is_some() || (has_role && not_a_place && !sentence_initial_single))
    };
    if !looks_like_name {
        return None;
    }
    Some(PersonFound {
        name: Found::new(s.to_string(), piece.span, "person.name"),
        age,
        role,
    })
}

/// Merges a later mention of the same person ("Heben, 45" after "CHRISTOPHER HEBEN").
fn merge_person(people: &mut Vec<PersonFound>, p: PersonFound, _text: &str) {
    let key = p.name.value.to_lowercase();
    for q in people.iter_mut() {
        let qk = q.name.value.to_lowercase();
        let same = qk == key
            || qk.split_whitespace().last() == Some(key.as_str())
            || (key.split_whitespace().count() == 1 && qk.split_whitespace().any(|w| w == key))
            || key.split_whitespace().last() == Some(qk.as_str());
        if same {
            if q.age.is_none() {
                q.age = p.age;
            }
            if q.role.is_none() {
                q.role = p.role;
            }
            if key.len() > qk.len() {
                q.name = p.name;
            }
            return;
        }
    }
    // A single name is kept only if it has an age or role; it may also be a surname seen later.
    people.push(p);
}

#[cfg(test)]
mod tests;
