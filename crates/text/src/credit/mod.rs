//! Credit lines: who took the photo and for which agency.
//!
//! The caption is cut into chunks (sentences, lines, runs of blanks, `---`, `//`, and every
//! parenthesized or bracketed group; a credit label after a single `|` or glued to the word
//! before it, `…lakePhotograph:`, `…missile.Credit...`, starts a chunk). Each chunk is tried as
//! a credit (a prose sentence is never part of one: `Photo by Name / Legs of victims are seen
//! …` ends before the sentence):
//!
//! - a labelled credit: `Photo by …`, `Photograph: …`, `Photo: …`, `Credit: …`, `© …`,
//!   `Photo credit should read …`, `(Credit Image: © …)`, `Image by © …`;
//! - a slash chain with a known agency: `REUTERS/Name`, `NAME/AFP/Getty Images`,
//!   `(AP Photo/Name, File)`, `AFP PHOTO / NAMENAME/AFP/Getty Images`, `EPA/NAME`,
//!   `Action Images via Reuters/Name`, `Name / SOPA Images/Sipa USA`; in brackets also with an
//!   unknown agency (`[Name/BenarNews]`);
//! - `X via AGENCY` (`Instagram @x via REUTERS`, `(… Service via AP)`, `IHA via AP Photo`);
//! - an agency alone (`AFP`, `(Reuters)`, `PRESS ASSOCIATION Photo`);
//! - `NAME for The New York Times`;
//! - `(File photo)` and EPA's `epa04679320` tags (weak: used only when nothing better is there);
//! - a chain at the end of a sentence that has no full stop before it
//!   (`…, August 25, 2019 REUTERS/Name`).
//!
//! Within a chain, a segment is a creator when it is a person-like name in the first position
//! or right after an agency / placeholder ("Stringer", "Handout", "File", "Social Media Website",
//! "Pool"); a name-like segment after a person is an agency as written ("Name/TNS/ZUMA Wire").
//! Organizations ("Aleppo Media Center AMC") are never creators. The agency is the first
//! non-distributor agency named (a distributor such as Getty Images or Corbis yields to its
//! partner, also an unknown partner written right before it after a name or before "via":
//! `Name / Los Angeles Times / Getty Images`; `X via Y` gives Y unless Y is a distributor), else
//! a distributor, else the unknown agency as written. All credit chunks of a caption are combined (creators deduplicated).

//!
//! The module is split by what changes together: [`lexicon`] (the agencies list and how a name
//! is looked up), `words` (the word lists of `data/credit_words.tsv` and the tests of what a
//! credit part is: a person, an organization, a placeholder), `body` (one credit's parts between
//! slashes, `via` and `for`), `chunks` (where in a caption a credit can stand and which shape it
//! has) and `prefilter` (cheap tests that skip the parse where it cannot match).

use std::sync::LazyLock;

use regex::Regex;

use crate::{Found, Span};

mod body;
mod chunks;
mod cjk;
mod lexicon;
mod prefilter;
#[cfg(test)]
mod tests;
mod words;

use body::*;
use chunks::*;
use lexicon::*;
pub use lexicon::{AgencyLexicon, AgencyRole, BUILTIN_AGENCIES_TSV};
use prefilter::*;
use words::*;

/// What the credit line says.
#[derive(Debug, Clone, PartialEq)]
pub struct CreditFound {
    /// The whole credit text (all of it, including doubled bylines); other recognizers skip it.
    pub span: Span,
    /// Photographers as written, each with its own span.
    pub creators: Vec<Found<String>>,
    /// Normalized agency name, with the span of the words it came from.
    pub agency: Option<Found<String>>,
    /// Rule that recognized the credit format, e.g. `credit.photo_by`.
    pub rule: &'static str,
    /// Other credit fragments elsewhere in the caption, not next to `span` (PA's
    /// `PRESS ASSOCIATION Photo.` mid-caption, EPA's `epa04679320` tag); other recognizers should
    /// skip them too.
    pub extra: Vec<Span>,
}

impl CreditFound {
    /// `span` and `extra`: every part of the caption that belongs to the credit.
    pub fn all_spans(&self) -> Vec<Span> {
        let mut v = vec![self.span];
        v.extend(self.extra.iter().copied());
        v
    }
}

/// An all-caps name right before a bracketed agency that ends the caption, glued to the last
/// word or standing after a sentence end ("…en CaracasJUAN PEREZ (AFP)", "…del centro.JUAN
/// PEREZ (AFP)": page text that lost the line break between caption and credit).
static CAPS_NAME_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:[\p{Ll}.!?]|[.!?][ \t]+|\n[ \t]*)(\p{Lu}{2,}(?:[ \t]+\p{Lu}[\p{Lu}'-]+){1,3})[ \t]*$",
    )
    .expect("caps name regex")
});

/// A name written as names are ("Jane Doe", "By Jane Doe") before a bracketed agency that ends
/// the caption, as its own last sentence or glued to the full stop ("…del Gobierno.Jane Doe
/// (AP)", El País's "… gubernamentales. Jane Doe (REUTERS)").
static NAME_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:\p{Ll}[.!?]|[.!?”\x22][ \t]+|\n[ \t]*)(?:(?:By|Por|Par|Von)[ \t]+)?(\p{Lu}[\p{L}'’.-]+(?:[ \t]+[\p{L}'’.-]+){1,3})[ \t]*$",
    )
    .expect("name before regex")
});

fn caps_name_before(text: &str, unit: Span) -> Option<Span> {
    let before = &text[..unit.start];
    if let Some(m) = CAPS_NAME_BEFORE.captures(before).and_then(|c| c.get(1)) {
        return Some(Span::new(m.start(), m.end()));
    }
    let m = NAME_BEFORE.captures(before)?.get(1)?;
    is_person_name(m.as_str()).then(|| Span::new(m.start(), m.end()))
}

/// Finds the credit line of a caption.
pub fn find_credit(text: &str, lex: &AgencyLexicon) -> Option<CreditFound> {
    if cjk::may_have_cjk_credit(text)
        && let Some(c) = cjk::cjk_credit(text, lex)
    {
        return Some(c);
    }
    let mut units: Vec<Unit> = chunks(text)
        .iter()
        .filter_map(|c| classify(text, c, lex))
        .collect();
    // "…2017.\nGerald Herbert\nAP Photo": the photographer's name on the line above an agency
    // line.
    for u in units.iter_mut() {
        if u.rule == "credit.agency_only"
            && u.creators.is_empty()
            && let Some(name) = name_line_above(text, u.span)
        {
            u.creators
                .push((text[name.start..name.end].to_string(), name));
            u.span = Span::new(name.start, u.span.end);
            u.rule = "credit.name_line";
        } else if u.rule == "credit.agency_only"
            && u.creators.is_empty()
            && text[u.span.end..].trim().is_empty()
            && let Some(name) = caps_name_before(text, u.span)
        {
            u.creators
                .push((text[name.start..name.end].to_string(), name));
            u.span = Span::new(name.start, u.span.end);
            u.rule = "credit.caps_name";
        }
    }
    if (!prefilter_on() || text.contains("epa"))
        && let Some(epa) = lex.lookup("EPA")
    {
        for m in EPA_TAG.find_iter(text) {
            let span = Span::new(m.start(), m.end());
            if !units.iter().any(|u| u.span.contains(&span)) {
                units.push(Unit {
                    span,
                    creators: Vec::new(),
                    hits: vec![(epa, span)],
                    unknown: Vec::new(),
                    rule: "credit.epa_tag",
                    weak: true,
                });
            }
        }
    }
    if units.is_empty() {
        units.extend(bare_tail_credit(text, lex));
    }
    if units.is_empty() {
        return None;
    }
    units.sort_by_key(|u| u.span.start);
    let strong: Vec<&Unit> = units.iter().filter(|u| !u.weak).collect();
    let pool: Vec<&Unit> = if strong.is_empty() {
        units.iter().collect()
    } else {
        strong
    };
    let primary = pool
        .iter()
        .rev()
        .find(|u| !u.creators.is_empty())
        .or_else(|| {
            pool.iter()
                .rev()
                .find(|u| !u.hits.is_empty() || !u.unknown.is_empty())
        })
        .or(pool.last())
        .copied()?;
    // The credit span: the primary unit and the credit units right next to it.
    let mut span = primary.span;
    let mut used = vec![false; units.len()];
    loop {
        let mut grew = false;
        for (i, u) in units.iter().enumerate() {
            if used[i] {
                continue;
            }
            if span.contains(&u.span) {
                used[i] = true;
                continue;
            }
            let (a, b) = if u.span.end <= span.start {
                (u.span.end, span.start)
            } else {
                (span.end, u.span.start)
            };
            let joinable = a <= b
                && text[a..b]
                    .chars()
                    .all(|c| c.is_whitespace() || "-–—|.,;:".contains(c))
                && b - a <= 40;
            if joinable {
                span = Span::new(span.start.min(u.span.start), span.end.max(u.span.end));
                used[i] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let extra: Vec<Span> = units
        .iter()
        .zip(&used)
        .filter(|(_, used)| !**used)
        .map(|(u, _)| u.span)
        .collect();
    // Creators from every strong unit, once each.
    let mut creators: Vec<Found<String>> = Vec::new();
    for u in &pool {
        for (name, s) in &u.creators {
            let key = fold(name);
            if !creators.iter().any(|c| fold(&c.value) == key) {
                creators.push(Found::new(name.clone(), *s, u.rule));
            }
        }
    }
    // Agency: a news agency, else a source, else a distributor (the primary credit's first
    // when several credits name one: "(Credit Image: © …/ZUMA Wire) --- Image by © …/ZUMA
    // Press/Corbis" → ZUMA Press), else an unknown one as written.
    // The evidence is the agency's first mention.
    let hits = || {
        units.iter().flat_map(|u| {
            let other = !std::ptr::eq(u, primary);
            u.hits.iter().map(move |(i, s)| (*i, *s, u.rule, other))
        })
    };
    // A distributor yields to the partner written right before it, even an unknown one
    // ("Name / Los Angeles Times / Getty Images", "Name/Small Agency via Getty Images").
    let partner = |dist: Span| {
        units
            .iter()
            .find(|u| u.span.contains(&dist))
            .and_then(|u| {
                u.unknown
                    .iter()
                    .filter(|(_, s)| s.end <= dist.start)
                    .max_by_key(|(_, s)| s.end)
            })
            .filter(|(_, s)| {
                // "X via Getty Images"; or "Name/X/Getty Images" (a first organization,
                // "ProSportsImages/Alamy", is the contributor, not a partner agency).
                let gap = text[s.end..dist.start].trim();
                gap.eq_ignore_ascii_case("via")
                    || (gap
                        .chars()
                        .all(|c| c.is_whitespace() || matches!(c, '/' | '|' | '\\' | ','))
                        && units.iter().any(|u| {
                            u.span.contains(&dist)
                                && u.creators.iter().any(|(_, c)| c.end <= s.start)
                        }))
            })
            .map(|(n, s)| (n.clone(), *s))
    };
    let agency = hits()
        .min_by_key(|(i, _, _, other)| (lex.preference(*i), *other))
        .and_then(|(best, ..)| {
            hits()
                .filter(|(i, ..)| *i == best)
                .min_by_key(|(_, s, ..)| s.start)
        })
        .map(|(i, s, r, _)| match partner(s) {
            Some((n, ps)) if lex.is_distributor(i) => Found::new(n, ps, r),
            _ => Found::new(lex.entries[i].canonical.clone(), s, r),
        })
        .or_else(|| {
            primary
                .unknown
                .last()
                .map(|(n, s)| Found::new(n.clone(), *s, primary.rule))
                .or_else(|| {
                    pool.iter().find_map(|u| {
                        u.unknown
                            .last()
                            .map(|(n, s)| Found::new(n.clone(), *s, u.rule))
                    })
                })
        });
    // "CUARTOSCURO.COM": an agency's web address in capitals stands for its name (a brand
    // written in lowercase, "davaotoday.com", is the name as the outlet writes it).
    static DOMAIN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^([\p{L}\d-]{3,})\.(?:com|net|org|info|tv)(?:\.[a-z]{2})?$")
            .expect("domain regex")
    });
    let agency = agency.map(|mut a| {
        if !a.value.chars().any(char::is_lowercase)
            && let Some(c) = DOMAIN.captures(&a.value)
        {
            a.value = c[1].to_string();
        }
        a
    });
    // "(Jane Doe/Jane Doe)": the photographer's name written twice names no agency.
    let agency = agency.filter(|a| !creators.iter().any(|c| fold(&c.value) == fold(&a.value)));
    // "Photo: InfoMigrants", "© Булфото", "(NSW RFS)": a lone name shaped like an outlet, not a
    // person, is the agency.
    let (creators, agency) = match (creators.as_slice(), agency) {
        ([only], None) if outlet_shaped(&only.value) => (
            Vec::new(),
            Some(Found::new(only.value.clone(), only.span, only.rule)),
        ),
        (_, agency) => (creators, agency),
    };
    Some(CreditFound {
        span,
        creators,
        agency,
        rule: primary.rule,
        extra,
    })
}

/// The end of a caption that has no labelled or chained credit, after its last sentence:
/// web pages print the photographer's name there with no label at all ("… early on Saturday.
/// Jane Doe", "…de Mariana.Jane Doe", "… en Viña del Mar / Jane Doe"), or a name and an outlet
/// ("… on May 21, 2023. Jane Doe, Metro News"), or a name with an agency glued to it ("… the
/// rubble/ Jane Doe Irna"), or an agency's acronym glued to the full stop
/// ("…fire incident.IANS"), or a name after a bar or a dash ("… their houses. | Jane Doe").
/// Only a person-shaped name standing alone counts, after a sentence
/// of six words or more, so a caption that ends by naming someone in prose keeps its name.
fn bare_tail_credit(text: &str, lex: &AgencyLexicon) -> Option<Unit> {
    static TAIL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?:(?P<stop>\p{Ll}[.!?]|[.!?][\x22”’»)]?[ \t]+(?:-[ \t]+)?|\n[ \t]*)|[ \t\p{Ll}][/|–—][ \t]+)(?P<tail>\p{Lu}(?:[^.!?\n/()]|[ \t]\p{Lu}\.){1,80}?)[ \t.]*$",
        )
        .expect("bare tail regex")
    });
    // "… was shot on September 9, 2022. Xinhua News Agency reporter Jane Doe photo": a known
    // agency, its reporter's name and the picture word, as the last sentence.
    static REPORTER_PHOTO: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?:^|[.!?][ \t]+)(?P<ag>\p{Lu}[\p{L} ]{1,40}?)[ \t]+(?:reporter|correspondent|photographer|photojournalist)[ \t]+(?P<name>\p{Lu}[\p{L}'’-]+(?:[ \t]+\p{Lu}[\p{L}'’-]+){1,3})[ \t]+(?:photo|photographed|took\s+this\s+photo)\.?[ \t]*$",
        )
        .expect("reporter photo regex")
    });
    // A photographer's name and a known agency, each a regex group, as one credit.
    let named = |name: regex::Match, ag: regex::Match, i: usize, end: usize| Unit {
        span: Span::new(name.start().min(ag.start()), end),
        creators: vec![(
            name.as_str().to_string(),
            Span::new(name.start(), name.end()),
        )],
        hits: vec![(i, Span::new(ag.start(), ag.end()))],
        unknown: Vec::new(),
        rule: "credit.bare_tail",
        weak: false,
    };
    if let Some(c) = REPORTER_PHOTO.captures(text)
        && let (Some(name), Some(ag)) = (c.name("name"), c.name("ag"))
        && let Some(i) = lex.lookup(ag.as_str())
    {
        return Some(named(name, ag, i, c.get(0)?.end()));
    }
    // "… w kamienicy w Poznaniu / Jane Doe / PAP": a spaced slash, a name, a slash and a known
    // agency after the last word.
    static SLASH_TAIL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"[\p{L}\d.,)”][ \t]+/[ \t]*(?P<name>\p{Lu}[^/\n]{2,60}?)[ \t]*/[ \t]*(?P<ag>\p{Lu}[^/\n]{1,40}?)[ \t.]*$",
        )
        .expect("slash tail regex")
    });
    if let Some(c) = SLASH_TAIL.captures(text)
        && let (Some(name), Some(ag)) = (c.name("name"), c.name("ag"))
        && let Some(i) = lex.lookup(ag.as_str())
        && (2..=4).contains(&name.as_str().split_whitespace().count())
        && is_person_name(name.as_str())
        && lex.lookup(name.as_str()).is_none()
    {
        return Some(named(name, ag, i, ag.end()));
    }
    let c = TAIL.captures(text)?;
    let tail = c.name("tail")?;
    let whole = c.get(0)?;
    let head = &text[..whole.start()];
    if head.split_whitespace().count() < 6 {
        return None;
    }
    let t = tail.as_str().trim_end();
    let span = Span::new(tail.start(), tail.start() + t.len());
    let glued = c
        .name("stop")
        .is_some_and(|m| !m.as_str().ends_with([' ', '\t']));
    let unit = |creators: Vec<(String, Span)>, unknown: Vec<(String, Span)>| Unit {
        span,
        creators,
        hits: Vec::new(),
        unknown,
        rule: "credit.bare_tail",
        weak: false,
    };
    if glued && let Some(i) = lex.lookup(t) {
        return Some(Unit {
            hits: vec![(i, span)],
            ..unit(Vec::new(), Vec::new())
        });
    }
    // "… the rubble/ Jane Doe Irna": a name and a known agency glued to it.
    if let Some((name, agency, i)) = body::name_then_glued_agency(text, span, lex) {
        return Some(Unit {
            hits: vec![(i, agency)],
            ..unit(
                vec![(text[name.start..name.end].to_string(), name)],
                Vec::new(),
            )
        });
    }
    // "I EFE" (a bar typed as a capital I), "COPYRIGHT AGENCY": not a bare name.
    let lower = t.to_lowercase();
    if t.split_whitespace().any(|w| lex.lookup(w).is_some())
        || ["copyright", "photo", "foto", "credit"]
            .iter()
            .any(|w| lower.contains(w))
    {
        return None;
    }
    let words = t.split_whitespace().count();
    if (2..=4).contains(&words) && is_person_name(t) && !is_org(t) && looks_capitalized(t) {
        return Some(unit(vec![(t.to_string(), span)], Vec::new()));
    }
    // "IANS", "IBNS" glued to the last full stop.
    if glued && (2..=6).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_uppercase()) {
        return Some(unit(Vec::new(), vec![(t.to_string(), span)]));
    }
    // "Jane Doe, Metro News": a name, then an outlet's name.
    let (name, outlet) = t.split_once(", ")?;
    let outlet = outlet.trim();
    let name_ok = (2..=4).contains(&name.split_whitespace().count())
        && is_person_name(name)
        && looks_capitalized(name);
    let outlet_words = outlet.split_whitespace().count();
    let outlet_ok = (1..=4).contains(&outlet_words)
        && looks_capitalized(outlet)
        && !is_person_name(outlet)
        && !outlet.chars().any(|ch| ch.is_ascii_digit());
    if name_ok && outlet_ok {
        let ns = Span::new(span.start, span.start + name.len());
        let os = Span::new(span.end - outlet.len(), span.end);
        return Some(unit(
            vec![(name.to_string(), ns)],
            vec![(outlet.to_string(), os)],
        ));
    }
    None
}

/// A credit name that is an outlet's rather than a person's: one word with a capital inside it
/// ("InfoMigrants", "PhotoNews"), acronyms without vowels only ("NSW RFS"), or a word that says
/// photo, news, media, press or TV ("Булфото", "Fotonews").
fn outlet_shaped(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    let camel = |w: &str| {
        w.chars().next().is_some_and(char::is_uppercase)
            && w.chars().skip(1).any(char::is_lowercase)
            && w.chars().skip(1).any(char::is_uppercase)
            && !w.contains(['-', '\'', '’'])
            && !w.starts_with("Mc")
            && !w.starts_with("Mac")
    };
    // Capitals without a vowel: "NSW", "RFS" (a name in capitals, "JOHN DOE", has vowels).
    let acronym = |w: &str| {
        (2..=5).contains(&w.chars().count())
            && w.chars()
                .all(|c| c.is_ascii_uppercase() && !"AEIOUY".contains(c))
    };
    let lower = name.to_lowercase();
    (words.len() == 1 && camel(words[0]))
        || (words.len() >= 2 && words.iter().all(|w| acronym(w)))
        || (words.len() == 1
            && ["фото", "foto", "photo", "news", "media", "press", "tv"]
                .iter()
                .any(|k| lower.contains(k)))
}

impl AgencyLexicon {
    /// The agency a photo's own Credit or Source field names (IPTC 2:110 / 2:115, XMP
    /// `photoshop:Credit` / `photoshop:Source`), read as a credit line is: "AFP via Getty Images"
    /// → AFP, "EPA-EFE" → EPA, "REUTERS/Name" → Reuters, "Anadolu Agency" → Anadolu; an unknown
    /// agency as written. Returns the name and the credit rule that read it; `None` when the field
    /// names only a person ("Jane Doe") or nothing a credit would.
    ///
    /// One reading for the caption's credit and the file's fields, so the two can be compared.
    pub fn normalize_field(&self, field: &str) -> Option<(String, &'static str)> {
        let field = field.trim();
        if field.is_empty() || field.len() > 400 {
            return None;
        }
        let agency = |c: CreditFound| c.agency.map(|a| (a.value, a.rule));
        // As a credit line first; then as the body of a labelled credit, since the field is one
        // ("My Agency" alone would be no credit in a caption).
        find_credit(field, self).and_then(agency).or_else(|| {
            // A list of several parties ("NASA, ESA, Name") names no one agency.
            find_credit(&format!("Credit: {field}"), self)
                .and_then(agency)
                .filter(|(a, _)| !a.contains(','))
        })
    }
}
