//! Casualty figures and whom they are attributed to.
//!
//! Figures are found by four patterns on the caption with whitespace folded:
//! - number first: "at least four children were killed", "19 people injured", "12 dead";
//! - verb first: "killing 5", "have killed nearly 1,300 people", "left 3 dead";
//! - "death toll rose to 40";
//! - "the deaths/lives/bodies of 12".
//!
//! Groups counted one by one add up ("killing 5 soldiers, 3 policemen and 2 civilians": 10;
//! "Fourteen women and two men were killed": 16), as the corpus conventions count them.
//!
//! A figure is dropped when it is a sub-count ("including more than 300 children"), a running
//! total of a war ("The conflict has so far led to the deaths of over 11,500", "… killed in
//! fighting since April"), about another time or incident ("Earlier this year, …", "In a separate
//! attack, …"), a date ("The February 6 earthquake"), or not a number ("dozens" → a warning). The
//! first remaining figure of each kind wins. The source is looked for in the figure's sentence
//! ("according to X", "X said", "said X", "citing X", "X, the head of …, said", "provided by X",
//! the author of "a statement released by X"), else in the next sentence when it speaks of the
//! figures ("The figures, provided by X, could not be verified").
//!
//! The figure verbs and nouns stay in the regexes below (the anchor table must list them in
//! pattern order); every other word list is a class of `data/clause_words.tsv`.

use std::sync::LazyLock;

use regex::Regex;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

pub use crate::clause::parse_number;
use crate::clause::{
    Folded, IncidentFigures, Sentence, WORDS, WordClass, fold_excludes, in_excluded, phrase_key,
    sentence_of, sentences,
};
use crate::date::{
    back_runs, captures_in, contains_ascii_ci, fwd_runs, merge_windows, needs_full_search,
};
use crate::{Found, Span};

mod other_languages;

/// Killed / injured figures of the incident the photo belongs to.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CasualtiesFound {
    /// People killed.
    pub killed: Option<Found<u64>>,
    /// People injured.
    pub injured: Option<Found<u64>>,
    /// `at_least`, `about` or `exact`.
    pub qualifier: Option<&'static str>,
    /// Attribution ("Syrian Observatory for Human Rights", "activists").
    pub source: Option<Found<String>>,
}

impl IncidentFigures for CasualtiesFound {
    fn figure_spans(&self) -> Vec<Span> {
        [&self.killed, &self.injured]
            .into_iter()
            .flatten()
            .map(|f| f.span)
            .collect()
    }
    fn attribution_span(&self) -> Option<Span> {
        self.source.as_ref().map(|s| s.span)
    }
}

/// Number words of the given values, as a regex alternation ("one|two|…").
fn number_words(values: impl Fn(u64) -> bool) -> String {
    let mut ws: Vec<&String> = WORDS
        .list(WordClass::Number)
        .iter()
        .filter(|w| WORDS.number(w).is_some_and(&values))
        .collect();
    ws.sort_by_key(|w| std::cmp::Reverse(w.len()));
    ws.iter()
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|")
}

fn num_re() -> String {
    let units = number_words(|v| (1..20).contains(&v));
    let digit_units = number_words(|v| (1..10).contains(&v));
    let tens = number_words(|v| v >= 20 && v % 10 == 0);
    let tens = format!(r"(?:{tens})(?:[-\s](?:{digit_units}))?");
    let words = format!(
        r"(?:(?:a|one|{digit_units})\s+hundred(?:\s+(?:and\s+)?(?:{tens}|{units}))?|{tens}|(?:{units})|(?:a|one|two|three)\s+dozen)"
    );
    format!(r"(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?(?:\s+(?:million|thousand))?|{words})")
}

/// Qualifiers before a figure ("at least"), from `data/clause_words.tsv`.
static QUAL: LazyLock<String> = LazyLock::new(|| WORDS.alternation(WordClass::Qualifier));
/// Up to four auxiliaries between a counted noun and its verb ("were reportedly killed").
static AUX: LazyLock<String> =
    LazyLock::new(|| format!(r"(?:(?:{})\s+){{0,4}}", WORDS.alternation(WordClass::Aux)));
/// The figure verbs and nouns stay in code: [`ANCHORS`] must list them in pattern order.
const VERB_AFTER: &str = r"killed|dead|died|deaths|fatalities|wounded|injured|hurt|hospitali[sz]ed|drowned|perished|lost\s+their\s+lives|bodies|corpses";

static NUM_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    let qual = QUAL.as_str();
    let aux = AUX.as_str();
    let num = num_re();
    Regex::new(&format!(
        r"(?i)\b(?P<q>(?:{qual})\s+)?(?P<n>{num})\b(?P<mid>(?:\s+[\p{{L}}][\p{{L}}'\-]*){{0,4}}?)(?:,\s+(?:including|among\s+them|mostly|most\s+of\s+them|many\s+of\s+them)[^,.;]{{1,40}},)?\s+{aux}(?P<v>{VERB_AFTER})\b"
    ))
    .expect("NUM_FIRST regex")
});

static VERB_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    let qual = QUAL.as_str();
    let num = num_re();
    Regex::new(&format!(
        r"(?i)\b(?P<v>killing|killed|kills|kill|wounding|wounded|wounds|injuring|injured|injures|leaving|left|leaves)\s+(?P<q>(?:{qual})\s+)?(?P<n>{num})\b"
    ))
    .expect("VERB_FIRST regex")
});

static DEATH_TOLL: LazyLock<Regex> = LazyLock::new(|| {
    let qual = QUAL.as_str();
    let num = num_re();
    Regex::new(&format!(
        r"(?i)\b(?P<v>death\s+toll|toll)\b[^.;]{{0,80}}?\b(?:to|at|of|reached|reaching|hit|is|was|stood|stands|climbed|rose|risen|jumped|soared|increased|past|passed|above|beyond|exceeded|exceeds|surpassed|surpasses|topped|tops)\s+(?P<q>(?:{qual})\s+)?(?P<n>{num})\b"
    ))
    .expect("DEATH_TOLL regex")
});

static DEATHS_OF: LazyLock<Regex> = LazyLock::new(|| {
    let qual = QUAL.as_str();
    let num = num_re();
    Regex::new(&format!(
        r"(?i)\b(?P<v>deaths|lives|bodies|corpses|executions?|killings?|murders?|funerals?|coffins|caskets)\s+of\s+(?:the\s+)?(?P<q>(?:{qual})\s+)?(?P<n>{num})\b"
    ))
    .expect("DEATHS_OF regex")
});

/// People counted one group at a time: "two women and an elderly man were killed" (3).
static ENUMERATED: LazyLock<Regex> = LazyLock::new(|| {
    let aux = AUX.as_str();
    let num = num_re();
    Regex::new(&format!(
        r"(?i)\b(?P<n>{num})\s+(?P<w1>[\p{{L}}][\p{{L}}'\-]*(?:\s+[\p{{L}}][\p{{L}}'\-]*)??)\s+and\s+(?P<n2>an?|{num})\s+(?P<w2>[\p{{L}}][\p{{L}}'\-]*(?:\s+[\p{{L}}][\p{{L}}'\-]*)??)\s+{aux}(?P<v>{VERB_AFTER})\b"
    ))
    .expect("ENUMERATED regex")
});

/// "the number of dead rose to 45", "the number of injured reached 120".
static NUMBER_OF: LazyLock<Regex> = LazyLock::new(|| {
    let num = num_re();
    let qual = QUAL.as_str();
    Regex::new(&format!(
        r"(?i)\bnumber\s+of\s+(?:the\s+)?(?P<v>dead|deaths|victims|fatalities|people\s+killed|injured|wounded)\b[^.;]{{0,40}}?\b(?:to|at|reached|reaching|hit|is|was|stood|stands|rose|risen|climbed|increased)\s+(?P<q>(?:{qual})\s+)?(?P<n>{num})\b"
    ))
    .expect("NUMBER_OF regex")
});

/// "claimed 12 lives", "costing at least 30 lives".
static CLAIMED_LIVES: LazyLock<Regex> = LazyLock::new(|| {
    let num = num_re();
    let qual = QUAL.as_str();
    Regex::new(&format!(
        r"(?i)\b(?:claimed|claiming|claims|claim|cost|costing)\s+(?P<q>(?:{qual})\s+)?(?P<n>{num})\s+(?:more\s+)?lives\b"
    ))
    .expect("CLAIMED_LIVES regex")
});

/// A sentence about now, which a running total in the sentence before does not colour.
static RECENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:today|tonight|yesterday|overnight|this\s+(?:morning|week)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b")
        .expect("RECENT regex")
});

static VAGUE: LazyLock<Regex> = LazyLock::new(|| {
    let aux = AUX.as_str();
    Regex::new(&format!(
        r"(?i)\b(?:(?P<w>tens\s+of\s+thousands|dozens|scores|hundreds|thousands)(?:\s+(?:of\s+)?[\p{{L}}][\p{{L}}'\-]*){{0,3}}?\s+{aux}(?P<v>{VERB_AFTER})\b|(?P<v2>killing|killed|wounding|wounded|injuring|injured|leaving|left)\s+(?P<w2>tens\s+of\s+thousands|dozens|scores|hundreds|thousands)\b)"
    ))
    .expect("VAGUE regex")
});

static RUNNING_TOTAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bso\s+far\b|\bto\s+date\b|\bsince\s+the\s+(?:start|beginning|outbreak)\b|\b(?:conflict|war|uprising|revolution|insurgency)\s*(?:,\s*which\s+|\s+(?:that|which)\s+)?(?:has|have|had)\s+(?:so\s+far\s+)?(?:killed|led|claimed|left|caused)\b|\b(?:killed|died)\s+(?:in|during)\s+(?:[\w']+\s+){0,3}(?:war|conflict|uprising)\b|\bin\s+total\b|\boverall\s+(?:death\s+)?toll\b|\bsince\s+(?:the\s+)?(?:war|conflict|uprising)\s+(?:began|started|erupted)\b|\b(?:war|conflict|fighting|clashes|uprising|insurgency)\b[^.;]{0,80}\bsince\s+(?:(?:early|late|mid-?)\s*)?(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:19|20)\d\d)\b|\b(?:epidemic|outbreak|pandemic|virus|disease|violence|unrest|crisis|cholera|ebola|famine|drought)\s*(?:,\s*which\s+|\s+(?:that|which)\s+)?(?:has|have|had)\s+(?:so\s+far\s+)?(?:killed|claimed|left|caused|seen)\b|\bsince\s+(?:[\w']+\s+){1,3}(?:launched|invaded)\b|\bdesde\s+hace\b|\ben\s+lo\s+que\s+va\s+de\b|\bhasta\s+(?:ahora|la\s+fecha)\b|\bjusqu'(?:à|a)\s+présent\b|\bdepuis\s+le\s+début\b|\bdesde\s+o\s+início\b|\baté\s+agora\b",
    )
    .expect("RUNNING_TOTAL regex")
});

/// Whether figures in sentence `si` are background: a running total or another time in the
/// sentence, or the sentence right after a running total, which goes on with the war's figures
/// ("The war has so far killed 11,500 … On the Israeli side, about 1,200 people lost their
/// lives") unless it is about now.
fn background_sentence(ft: &str, sents: &[Sentence], si: usize) -> bool {
    let Some(sent) = sents.get(si) else {
        return false;
    };
    let sent_text = &ft[sent.start..sent.end];
    if RUNNING_TOTAL.is_match(sent_text) || OTHER_TIME.is_match(sent_text) {
        return true;
    }
    let prev = sents[..si].iter().rev().find(|s| s.rank.is_some());
    prev.is_some_and(|p| {
        sent.rank.is_some()
            && RUNNING_TOTAL.is_match(&ft[p.start..p.end])
            && !RECENT.is_match(sent_text)
    })
}

/// A sentence about another time or another incident than the photo's ("Earlier this year, a
/// strike on the city killed 20", "In a separate attack, …", "two years ago").
static OTHER_TIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:earlier\s+this\s+(?:year|month)|last\s+(?:year|month|summer|winter|spring|autumn|fall)|(?:a|one|two|three|four|five|six|several|\d+)\s+(?:years?|months?|decades?)\s+(?:ago|earlier|before)|in\s+a\s+(?:separate|previous|similar|earlier)\b|in\s+another\s+(?:attack|strike|incident|blast)|previously)\b",
    )
    .expect("OTHER_TIME regex")
});

/// A sentence that speaks of the figures again, so that its attribution is theirs.
static FIGURES_AGAIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:figures?|toll|tally|casualt(?:y|ies)|numbers?|count)\b")
        .expect("FIGURES_AGAIN regex")
});

/// A capitalized name of up to 14 words, joined by of/for/and/the/on, before "said".
static LONG_NAME_SAID: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^\s*|[,;]\s*)(?:[Tt]he\s+)?(?P<src>\p{Lu}[\p{L}'.\-]*(?:\s+(?:of|for|and|the|on|\p{Lu}[\p{L}'.\-]*)){2,13})(?:\s+\([\p{Lu}\p{N}\-]{2,12}\))?\s+(?:said|says|reported|announced|stated)\b")
        .expect("LONG_NAME_SAID regex")
});

/// "…, Ahmed Khalil, the head of the local council, said": the person named.
static APPOSITION_SAID: LazyLock<Regex> = LazyLock::new(|| {
    let particles = WORDS.alternation(WordClass::NameParticle);
    Regex::new(&format!(r"[,;]\s*(?P<src>\p{{Lu}}[\p{{L}}'.\-]*(?:\s+\p{{Lu}}[\p{{L}}'.\-]*|\s+(?:{particles})(?:-\p{{Lu}}[\p{{L}}'\-]*)?){{0,4}}),\s+(?:an?|the|[\p{{L}}]+'s)\s+[^,.;()]{{2,60}},\s+(?:said|says|told)\b"))
        .expect("APPOSITION_SAID regex")
});

/// "provided by X", "given by X": an attribution told with a participle.
static GIVEN_BY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:provided|given|released|compiled|issued|published|supplied|confirmed)\s+by\s+(?P<src>[^,.;()]{2,80})")
        .expect("GIVEN_BY regex")
});

/// The document an attribution names before its author ("a statement released by X",
/// "figures from X"): cut, the author is the source.
static DOCUMENT_BY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?:an?|the)\s+)?(?:[\p{L}-]+\s+)?(?:statement|report|tally|count|figures?|data|toll|records?|list)\s+(?:(?:released|issued|published|compiled|provided|given|posted)\s+)?(?:by|from)\s+")
        .expect("DOCUMENT_BY regex")
});

static SUBCOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:including|includes|among\s+them|among\s+whom|of\s+whom|of\s+them|among\s+the(?:m)?|of\s+which)\s*$")
        .expect("SUBCOUNT regex")
});

static SAID_BY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^\s*|[,;]\s*|\band\s+|\bwhat\s+)(?P<src>(?:[\p{L}][\p{L}'.\-]*\s+){0,6}?[\p{L}][\p{L}'.\-]*)(?:\s+\([\p{Lu}\p{N}\-]{2,12}\))?\s+(?:said|says|say|reported|report|told\s+[\p{L}]+|wrote|posted|announced|stated|confirmed|tweeted|put\s+the\s+(?:(?:death\s+)?toll|number\s+of\s+(?:dead|deaths|casualties|victims)))\b")
        .expect("SAID_BY regex")
});

static SAID_X: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)[,;]\s*(?:said|says|according\s+to|reported)\s+(?P<src>[^,.;()]{2,80})")
        .expect("SAID_X regex")
});

static ACCORDING_TO: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\baccording\s+to\s+").expect("ACCORDING_TO regex"));

static CITING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:citing|quoting)\s+(?P<src>[^,.;()]{2,80})").expect("CITING regex")
});

/// Anchor words: every match of a figure regex contains one (see `crate::date::captures_in`).
const ANCHORS: [&str; 21] = [
    // 0..10: VERB_AFTER (NUM_FIRST and VAGUE end with one).
    "killed",
    "dead",
    "died",
    "deaths",
    "wounded",
    "injured",
    "hurt",
    "drowned",
    "perished",
    "lost their lives",
    // 10..15: VERB_FIRST and VAGUE start with one.
    "kill",
    "wound",
    "injur",
    "leav",
    "left",
    // 15: DEATH_TOLL contains it.
    "toll",
    // 16..18: DEATHS_OF starts with one ("deaths" above too).
    "lives",
    "bodies",
    // 18..21 (and "tens"): VAGUE starts with one.
    "dozens",
    "scores",
    "hundreds",
];
const VAGUE_MORE: [&str; 2] = ["tens", "thousands"];
/// 23..: more figure nouns (NUM_FIRST ends with "corpses" and "fatalities"; DEATHS_OF starts with
/// the others).
const MORE_ANCHORS: [&str; 8] = [
    "corpses",
    "execution",
    "murder",
    "funeral",
    "fatalities",
    "coffins",
    "caskets",
    // 30: NUM_FIRST ends with it ("more than 100 others were hospitalized").
    "hospitali",
];

static ANCHOR_AC: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::DFA))
        .build(
            ANCHORS
                .iter()
                .chain(VAGUE_MORE.iter())
                .chain(MORE_ANCHORS.iter()),
        )
        .expect("casualty anchors")
});

/// Search windows of each figure regex; `None`: search the whole text.
#[derive(Default)]
struct Windows {
    num_first: Vec<(usize, usize)>,
    verb_first: Vec<(usize, usize)>,
    death_toll: Vec<(usize, usize)>,
    deaths_of: Vec<(usize, usize)>,
    enumerated: Vec<(usize, usize)>,
    vague: Vec<(usize, usize)>,
}

fn windows(ft: &str) -> Option<Windows> {
    if needs_full_search(ft) {
        return None;
    }
    let mut w = Windows::default();
    for m in ANCHOR_AC.find_overlapping_iter(ft) {
        let (a, z) = (m.start(), m.end());
        let p = m.pattern().as_usize();
        if p < 10 || p == 17 || p == 23 || p == 27 || p == 30 {
            // NUM_FIRST ends with the verb. Before it: qualifier (3 whitespace runs), number (4),
            // 4 words, a space, 4 auxiliaries (8): 20; a sub-count clause (", including …,",
            // up to 43 more) only when one of its words is there.
            let far = back_runs(ft, a, 64);
            let clause = ["including", "among", "most", "many"]
                .iter()
                .any(|k| contains_ascii_ci(&ft[far..a], k.as_bytes()));
            let back = if clause { far } else { back_runs(ft, a, 21) };
            w.num_first.push((back, fwd_runs(ft, z, 0)));
            // ENUMERATED: number, 2 words, "and", number (4), 2 words, auxiliaries (8).
            w.enumerated
                .push((back_runs(ft, a, 22), fwd_runs(ft, z, 0)));
        }
        if (10..15).contains(&p) {
            // VERB_FIRST: verb, space, qualifier (3), number (4).
            w.verb_first.push((a, fwd_runs(ft, a, 9)));
        }
        if p == 15 {
            // "death toll … rose to at least 40": 1 run before, 80 chars + 8 runs after.
            w.death_toll
                .push((back_runs(ft, a, 1), fwd_runs(ft, z, 50)));
        }
        if p == 3 || p == 10 || p == 16 || p == 17 || (23..30).contains(&p) {
            // DEATHS_OF: "deaths of", qualifier (3), number (4).
            w.deaths_of.push((a, fwd_runs(ft, a, 10)));
        }
        if (10..15).contains(&p) || (18..23).contains(&p) {
            // VAGUE: "tens of thousands" (2), 3 words with "of" (6), space, auxiliaries (8),
            // "lost their lives" (2).
            w.vague.push((a, fwd_runs(ft, a, 21)));
        }
    }
    for v in [
        &mut w.num_first,
        &mut w.verb_first,
        &mut w.death_toll,
        &mut w.deaths_of,
        &mut w.enumerated,
        &mut w.vague,
    ] {
        merge_windows(v);
    }
    Some(w)
}

#[derive(Debug, Clone)]
struct Figure {
    killed: bool,
    value: u64,
    qual: Option<&'static str>,
    /// Folded byte range of the figure phrase.
    start: usize,
    end: usize,
    /// Folded byte start of the number.
    num_start: usize,
}

/// A figure counting the dead the photo shows ("two covered bodies", "12 coffins") rather
/// than the toll of the incident.
fn is_scene_count(phrase: &str) -> bool {
    phrase.split(|c: char| !c.is_alphabetic()).any(|w| {
        matches!(
            w.to_lowercase().as_str(),
            "bodies" | "corpses" | "coffins" | "caskets"
        )
    })
}

/// The harm word of a figure counts the injured, not the dead ("hospitalized": people taken
/// to hospital were hurt).
fn is_injury(v: &str) -> bool {
    let v = v.to_ascii_lowercase();
    matches!(v.as_str(), "wounded" | "injured" | "hurt") || v.starts_with("hospitali")
}

fn qualifier_of(q: Option<&str>) -> &'static str {
    let Some(q) = q else { return "exact" };
    WORDS.qualifier(&phrase_key(q)).unwrap_or("about")
}

/// Byte offset of the space before ` phrase ` in `s` (the phrase as lowercase whole words).
fn find_word(s: &str, phrase: &str) -> Option<usize> {
    s.find(&format!(" {phrase} "))
}

/// After a verb-first figure ("killed three"): further groups of people counted in the same
/// object ("… women and three children", "… soldiers, three policemen and a civilian"): their
/// sum and the end of the last noun. The list must close with "and"; not when the last group is
/// another clause's subject ("killed four people and two others were wounded").
fn enumerated_after(text: &str, pos: usize) -> Option<(u64, usize)> {
    let mut cut = text.len().min(pos + 160);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let rest = &text[pos..cut];
    let mut toks: Vec<(usize, &str)> = Vec::with_capacity(16);
    let mut off = 0;
    for w in rest.split_whitespace().take(16) {
        let at = rest[off..].find(w).map_or(off, |i| i + off);
        off = at + w.len();
        toks.push((pos + at, w));
    }
    let plain = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
    };
    let bad = |w: &str| {
        let w = w.to_lowercase();
        matches!(w.as_str(), "and" | "or")
            || WORDS.is(WordClass::ClauseWord, &w)
            || WORDS.is(WordClass::Unit, &w)
            || WORDS.is(WordClass::Month, &w)
    };
    let is_and = |k: usize| toks.get(k).is_some_and(|t| t.1.eq_ignore_ascii_case("and"));
    let mut extra = 0;
    // Start of the current group's noun (one or two words before ", " or " and ").
    let mut i = 0;
    loop {
        let (e, comma) = (i..(i + 2).min(toks.len())).find_map(|e| {
            if toks[e].1.ends_with(',') {
                Some((e, true))
            } else if is_and(e + 1) {
                Some((e, false))
            } else {
                None
            }
        })?;
        if toks[i..=e].iter().any(|(_, w)| {
            let w = w.trim_end_matches(',');
            !plain(w) || bad(w)
        }) {
            return None;
        }
        let mut n_at = e + 1;
        let closing = !comma || is_and(n_at);
        if closing {
            n_at += 1;
        }
        let n2 = toks.get(n_at)?.1;
        if is_year_like(n2) {
            return None;
        }
        let value = match n2.to_lowercase().as_str() {
            "a" | "an" if closing => 1,
            other => parse_number(other)?,
        };
        extra += value;
        if !closing {
            i = n_at + 1;
            continue;
        }
        let (w2_at, w2_raw) = *toks.get(n_at + 1)?;
        let w2 = w2_raw.trim_end_matches(['.', ',', ';', ':', ')']);
        if !plain(w2) || bad(w2) {
            return None;
        }
        let end = w2_at + w2.len();
        // "killed four people and two others were wounded": the last group is the subject of a
        // clause of its own; not "killed 19 children and two teachers has long been …", where
        // the verb after it says nothing of harm.
        let next = next_word(text, end);
        let own_clause = match next.as_str() {
            "died" | "dead" => true,
            "were" | "was" | "are" | "is" | "have" | "has" | "had" => {
                let after = text[end..]
                    .split_whitespace()
                    .skip(1)
                    .take(2)
                    .map(|w| w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase())
                    .collect::<Vec<_>>();
                after.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "wounded"
                            | "injured"
                            | "hurt"
                            | "killed"
                            | "dead"
                            | "missing"
                            | "taken"
                            | "treated"
                            | "hospitalized"
                            | "hospitalised"
                            | "rescued"
                            | "arrested"
                            | "detained"
                            | "evacuated"
                            | "admitted"
                            | "still"
                            | "left"
                            | "in"
                            | "critical"
                            | "seriously"
                            | "also"
                            | "being"
                            | "reported"
                            | "believed"
                            | "feared"
                    )
                })
            }
            _ => false,
        };
        if w2.len() == w2_raw.len() && own_clause {
            return None;
        }
        return Some((extra, end));
    }
}

/// Before an enumerated figure ("three policemen and two civilians were killed"): earlier
/// groups of the same list ("Five soldiers, three policemen and …"), within the sentence from
/// `sent_start`: their sum and the start of the first number.
fn groups_before(text: &str, num_start: usize, sent_start: usize) -> Option<(u64, usize)> {
    let mut sum = 0;
    let mut first = None;
    let mut at = num_start;
    loop {
        let before = text[sent_start.min(at)..at].trim_end();
        let Some(b) = before.strip_suffix(',') else {
            break;
        };
        let words: Vec<&str> = b.rsplitn(4, ' ').collect();
        // words[0] = noun's last word, then maybe a second noun word, then the number.
        let (n, noun) = match words.as_slice() {
            [w, n, ..] if parse_number(n).is_some() => (*n, vec![*w]),
            [w, w1, n, ..] if parse_number(n).is_some() => (*n, vec![*w1, *w]),
            _ => break,
        };
        if noun.iter().any(|w| {
            !w.chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
                || WORDS.is(WordClass::ClauseWord, w)
                || WORDS.is(WordClass::Unit, w)
                || WORDS.is(WordClass::Month, w)
        }) || is_year_like(n)
        {
            break;
        }
        let Some(v) = parse_number(n) else { break };
        // Byte offset of the number: `before` ends at `b.len() + 1` past its start.
        let n_at = sent_start.min(at) + b.len()
            - noun.iter().map(|w| w.len() + 1).sum::<usize>()
            - n.len();
        sum += v;
        first = Some(n_at);
        at = n_at;
    }
    first.map(|f| (sum, f))
}

/// The word before `pos`, lowercase.
fn prev_word(text: &str, pos: usize) -> String {
    text[..pos]
        .trim_end()
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase()
}

fn next_word(text: &str, pos: usize) -> String {
    text[pos..]
        .trim_start()
        .split(|c: char| !c.is_alphanumeric() && c != '.')
        .next()
        .unwrap_or("")
        .trim_end_matches('.')
        .to_lowercase()
}

fn is_year_like(n: &str) -> bool {
    n.len() == 4
        && n.chars().all(|c| c.is_ascii_digit())
        && (n.starts_with("19") || n.starts_with("20"))
}

/// Finds casualty figures; returns them and warnings ("dozens" killed → no number, a warning).
pub fn find_casualties(text: &str, exclude: &[Span]) -> (CasualtiesFound, Vec<String>) {
    let f = Folded::new(text);
    let ex = fold_excludes(&f, exclude);
    let sents = sentences(&f.text, &ex);
    find_casualties_folded(&f, &ex, &sents)
}

fn find_casualties_folded(
    f: &Folded,
    ex: &[(usize, usize)],
    sents: &[Sentence],
) -> (CasualtiesFound, Vec<String>) {
    let mut out = CasualtiesFound::default();
    let mut warnings = Vec::new();
    let ft = f.text.as_str();
    let win = windows(ft);
    let win = win.as_ref();

    let mut figs: Vec<Figure> = Vec::new();
    let push = |figs: &mut Vec<Figure>,
                killed: bool,
                caps: &regex::Captures<'_>,
                whole: regex::Match<'_>| {
        let Some(n) = caps.name("n") else { return };
        let Some(value) = parse_number(n.as_str()) else {
            return;
        };
        figs.push(Figure {
            killed,
            value,
            qual: Some(qualifier_of(caps.name("q").map(|q| q.as_str()))),
            start: whole.start(),
            end: whole.end(),
            num_start: caps.name("q").map_or(n.start(), |q| q.start()),
        });
    };

    // Before NUM_FIRST: at the same start, the sum wins over its first part (stable sort).
    captures_in(&ENUMERATED, ft, win.map(|w| &w.enumerated[..]), |caps| {
        let (Some(whole), Some(n), Some(n2), Some(v)) =
            (caps.get(0), caps.name("n"), caps.name("n2"), caps.name("v"))
        else {
            return;
        };
        let words = format!(
            "{} {}",
            caps.name("w1").map_or("", |m| m.as_str()),
            caps.name("w2").map_or("", |m| m.as_str())
        )
        .to_lowercase();
        // People only: no clause words, no units ("two years and a half").
        let bad = words.split_whitespace().any(|w| {
            matches!(w, "and" | "or" | "people")
                || WORDS.is(WordClass::ClauseWord, w)
                || WORDS.is(WordClass::Unit, w)
                || WORDS.is(WordClass::Month, w)
        });
        if bad || is_year_like(n.as_str()) || is_year_like(n2.as_str()) {
            return;
        }
        let second = match n2.as_str().to_lowercase().as_str() {
            "a" | "an" => Some(1),
            other => parse_number(other),
        };
        let (Some(a), Some(b)) = (parse_number(n.as_str()), second) else {
            return;
        };
        let v = v.as_str().to_lowercase();
        // "Five soldiers, three policemen and two civilians were killed": all groups add up.
        let ss = sents
            .get(sentence_of(sents, n.start()))
            .map_or(0, |s| s.start);
        let (more, start) = groups_before(ft, n.start(), ss).unwrap_or((0, whole.start()));
        figs.push(Figure {
            killed: !is_injury(v.as_str()),
            value: a + b + more,
            qual: Some("exact"),
            start,
            end: whole.end(),
            num_start: start.min(n.start()),
        });
    });
    captures_in(&NUM_FIRST, ft, win.map(|w| &w.num_first[..]), |caps| {
        let (Some(whole), Some(v), Some(n)) = (caps.get(0), caps.name("v"), caps.name("n")) else {
            return;
        };
        let mid = caps.name("mid").map_or("", |m| m.as_str()).to_lowercase();
        let bad_mid = mid
            .split_whitespace()
            .any(|w| WORDS.is(WordClass::ClauseWord, w) || WORDS.is(WordClass::Month, w));
        let mid_words: Vec<&str> = mid.split_whitespace().collect();
        let last_mid = mid_words.last().copied().unwrap_or("");
        let bad_last = ["and", "or", "but"].contains(&last_mid);
        // "26 migrants who drowned", "12 people who were killed": a relative clause telling what
        // happened to the people counted, right before its verb (not "after", "in", … ).
        let relative = last_mid == "who" && mid_words.len() >= 2;
        let bad_mid = bad_mid
            && !(relative
                && mid_words[..mid_words.len() - 1].iter().all(|w| {
                    !WORDS.is(WordClass::ClauseWord, w) && !WORDS.is(WordClass::Month, w)
                }));
        if bad_mid || bad_last || is_year_like(n.as_str()) {
            return;
        }
        let v = v.as_str().to_lowercase();
        // "killed four people and two others were wounded": the number after "and" is the
        // verb's own figure (the first belongs to the clause before).
        if let Some(m) = caps.name("mid") {
            let mut later: Option<(usize, u64)> = None;
            let mut after_and = false;
            let mut off = 0;
            for w in m.as_str().split_whitespace() {
                let at = m.as_str()[off..].find(w).map_or(off, |i| i + off);
                off = at + w.len();
                if after_and && let Some(x) = parse_number(w) {
                    later = Some((m.start() + at, x));
                }
                if matches!(w.to_lowercase().as_str(), "and" | "or") {
                    after_and = true;
                }
            }
            if let Some((at, value)) = later {
                figs.push(Figure {
                    killed: !is_injury(v.as_str()),
                    value,
                    qual: Some(qualifier_of(None)),
                    start: at,
                    end: whole.end(),
                    num_start: at,
                });
                return;
            }
        }
        // "two bodies of water", "governing bodies of football": not the dead.
        if matches!(v.as_str(), "bodies" | "corpses") && next_word(ft, whole.end()) == "of" {
            return;
        }
        let killed = !is_injury(v.as_str());
        push(&mut figs, killed, &caps, whole);
    });
    captures_in(&VERB_FIRST, ft, win.map(|w| &w.verb_first[..]), |caps| {
        let (Some(whole), Some(v), Some(n)) = (caps.get(0), caps.name("v"), caps.name("n")) else {
            return;
        };
        let v = v.as_str().to_lowercase();
        let rest: String = ft[n.end()..]
            .split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let nw = next_word(ft, n.end());
        if WORDS.is(WordClass::Unit, &nw)
            || WORDS.is(WordClass::Month, &nw)
            || ft[n.end()..].starts_with('-')
        {
            return;
        }
        if is_year_like(n.as_str()) {
            return;
        }
        let killed = if matches!(v.as_str(), "leaving" | "left" | "leaves") {
            let rw: Vec<&str> = rest.split(|c: char| !c.is_alphanumeric()).collect();
            if rw.iter().any(|w| ["dead", "killed"].contains(w)) {
                true
            } else if rw
                .iter()
                .any(|w| ["injured", "wounded", "hurt"].contains(w))
            {
                false
            } else {
                return;
            }
        } else {
            v.starts_with("kill")
        };
        // "killed three women and three children": the groups add up.
        if !v.starts_with('l')
            && let Some((extra, end)) = enumerated_after(ft, n.end())
            && let Some(first) = parse_number(n.as_str())
        {
            figs.push(Figure {
                killed,
                value: first + extra,
                qual: Some(qualifier_of(caps.name("q").map(|q| q.as_str()))),
                start: whole.start(),
                end,
                num_start: caps.name("q").map_or(n.start(), |q| q.start()),
            });
            return;
        }
        push(&mut figs, killed, &caps, whole);
    });
    for (re, w) in [
        (&*DEATH_TOLL, win.map(|w| &w.death_toll[..])),
        (&*DEATHS_OF, win.map(|w| &w.deaths_of[..])),
    ] {
        captures_in(re, ft, w, |caps| {
            let (Some(whole), Some(n)) = (caps.get(0), caps.name("n")) else {
                return;
            };
            let nw = next_word(ft, n.end());
            if is_year_like(n.as_str())
                || WORDS.is(WordClass::Month, &nw)
                || WORDS.is(WordClass::Unit, &nw)
            {
                return;
            }
            push(&mut figs, true, &caps, whole);
        });
    }
    // "The number of dead rose to 45", "claimed 12 lives": rare wordings, searched only where
    // their words stand.
    for (re, key) in [
        (&*NUMBER_OF, &b"number of"[..]),
        (&*CLAIMED_LIVES, &b"lives"[..]),
    ] {
        if !contains_ascii_ci(ft, key) {
            continue;
        }
        for caps in re.captures_iter(ft) {
            let (Some(whole), Some(n)) = (caps.get(0), caps.name("n")) else {
                continue;
            };
            if is_year_like(n.as_str()) {
                continue;
            }
            let v = caps.name("v").map_or("", |m| m.as_str()).to_lowercase();
            let killed = !matches!(v.as_str(), "injured" | "wounded");
            push(&mut figs, killed, &caps, whole);
        }
    }
    figs.sort_by_key(|x| x.start);

    let mut killed_is_scene = false;
    for fig in figs {
        if in_excluded(ex, fig.start, fig.end) {
            continue;
        }
        let si = sentence_of(sents, fig.start);
        let Some(sent) = sents.get(si) else { continue };
        // Sub-count: "including more than 300 children".
        let lead_start = fig.num_start.saturating_sub(30).max(sent.start);
        let lead_start = (lead_start..=fig.num_start)
            .find(|&i| ft.is_char_boundary(i))
            .unwrap_or(fig.num_start);
        if SUBCOUNT.is_match(ft[lead_start..fig.num_start].trim_end()) {
            continue;
        }
        if background_sentence(ft, sents, si) {
            continue;
        }
        // "The February 6 earthquake killed …": a date, not a figure.
        if WORDS.is(WordClass::Month, &prev_word(ft, fig.num_start)) {
            continue;
        }
        // "A woman sits facing two covered bodies … At least 11 people were killed, …": the
        // bodies the photo shows give way to a later toll of the incident told by a verb.
        let scene = is_scene_count(&ft[fig.start..fig.end]);
        let slot = if fig.killed {
            &mut out.killed
        } else {
            &mut out.injured
        };
        if slot.is_some() && !(fig.killed && killed_is_scene && !scene) {
            continue;
        }
        if fig.killed {
            killed_is_scene = scene;
        }
        let rule = if fig.killed {
            "casualty.killed"
        } else {
            "casualty.injured"
        };
        *slot = Some(Found::new(fig.value, f.span(fig.start, fig.end), rule));
        if fig.killed || out.qualifier.is_none() {
            out.qualifier = fig.qual;
        }
        if fig.killed || out.source.is_none() {
            // The figures' own sentence, else the next one when it speaks of the figures ("The
            // figures, provided by …, could not be verified").
            let next = sents[si + 1..].iter().find(|s| s.rank.is_some());
            let found = find_source(ft, sent.start, sent.end).or_else(|| {
                next.filter(|n| FIGURES_AGAIN.is_match(&ft[n.start..n.end]))
                    .and_then(|n| find_source(ft, n.start, n.end))
            });
            if let Some((s, e, v)) = found {
                out.source = Some(Found::new(v, f.span(s, e), "casualty.source"));
            }
        }
    }

    if out.killed.is_none() && out.injured.is_none() {
        other_languages::find(f, ex, sents, &mut out);
    }

    // Vague amounts.
    captures_in(&VAGUE, ft, win.map(|w| &w.vague[..]), |caps| {
        let Some(whole) = caps.get(0) else { return };
        if in_excluded(ex, whole.start(), whole.end()) {
            return;
        }
        let w = caps
            .name("w")
            .or(caps.name("w2"))
            .map_or("", |m| m.as_str());
        let w = w
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let msg = format!("casualty figure '{w}' is not a number");
        if !warnings.contains(&msg) {
            warnings.push(msg);
        }
    });
    (out, warnings)
}

/// The attribution in folded sentence `[start, end)`: (folded start, folded end, value).
fn find_source(ft: &str, start: usize, end: usize) -> Option<(usize, usize, String)> {
    let sent = &ft[start..end];
    // "according to (the) X"
    if let Some(m) = ACCORDING_TO.find(sent) {
        let a = m.end();
        let rest = &sent[a..];
        let mut stop = rest.len();
        for (i, c) in rest.char_indices() {
            let dot_end = c == '.' && rest[i + 1..].chars().next().is_none_or(|n| n == ' ');
            if matches!(c, ',' | ';' | ':' | '(' | ')' | '\n') || dot_end {
                stop = i;
                break;
            }
        }
        if let Some(v) = clean_source(&rest[..stop]) {
            let off = rest[..stop].find(v.as_str()).unwrap_or(0);
            return Some((start + a + off, start + a + off + v.len(), v));
        }
    }
    // "X said", "what X said"
    let mut best: Option<(usize, usize, String)> = None;
    for caps in SAID_BY.captures_iter(sent) {
        let Some(m) = caps.name("src") else { continue };
        // "attacks that Algerian authorities said killed …": the source is what follows the
        // relative pronoun, not the noun it refers to.
        let src = m.as_str();
        let src = [" that ", " which ", " who "]
            .iter()
            .filter_map(|r| src.rfind(r).map(|i| &src[i + r.len()..]))
            .min_by_key(|s| s.len())
            .unwrap_or(src);
        let m_start = m.start() + (m.as_str().len() - src.len());
        if let Some(v) = clean_source(src) {
            let first = v.split_whitespace().next().unwrap_or("").to_lowercase();
            if WORDS.is(WordClass::Pronoun, &first) && v.split_whitespace().count() == 1 {
                continue;
            }
            // The name must not itself contain a figure or a verb of the clause.
            if v.chars().any(|c| c.is_ascii_digit())
                || v.split_whitespace()
                    .any(|w| WORDS.is(WordClass::SourceVerb, w))
            {
                continue;
            }
            let off = src.find(v.as_str()).unwrap_or(0);
            let (a, z) = (m_start + off, m_start + off + v.len());
            // A long name the regex entered after its "and" ("the National Disaster Risk
            // Reduction and Management Authority said"): the whole name.
            let a2 = extend_name_left(sent, a);
            best = Some((start + a2, start + z, sent[a2..z].to_string()));
            break;
        }
    }
    if best.is_some() {
        return best;
    }
    // A name too long for SAID_BY ("the Office of the United Nations High Commissioner for
    // Human Rights said"), or a person named before an apposition ("Ahmed Khalil, the head of
    // the local council, said").
    for re in [&*LONG_NAME_SAID, &*APPOSITION_SAID] {
        if let Some(caps) = re.captures(sent)
            && let Some(m) = caps.name("src")
            && let Some(v) = clean_source(m.as_str())
        {
            let off = m.as_str().find(v.as_str()).unwrap_or(0);
            return Some((
                start + m.start() + off,
                start + m.start() + off + v.len(),
                v,
            ));
        }
    }
    for re in [&*SAID_X, &*CITING, &*GIVEN_BY] {
        if let Some(caps) = re.captures(sent)
            && let Some(m) = caps.name("src")
            && let Some(v) = clean_source(m.as_str())
        {
            let off = m.as_str().find(v.as_str()).unwrap_or(0);
            return Some((
                start + m.start() + off,
                start + m.start() + off + v.len(),
                v,
            ));
        }
    }
    None
}

/// Moves `a` left over a capitalized name joined by "and", "of" or "for" ("Risk Reduction and
/// Management Authority"), when the phrase at `a` is capitalized.
fn extend_name_left(sent: &str, a: usize) -> usize {
    let cap = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    if !cap(&sent[a..]) {
        return a;
    }
    let mut a = a;
    loop {
        let before = &sent[..a];
        let Some(b) = before.strip_suffix(' ') else {
            return a;
        };
        let ws = b.rfind(' ').map_or(0, |i| i + 1);
        let w = &b[ws..];
        if !matches!(w, "and" | "of" | "for" | "&") {
            return a;
        }
        let b2 = b[..ws].trim_end();
        let ws2 = b2.rfind(' ').map_or(0, |i| i + 1);
        let w2 = &b2[ws2..];
        if !cap(w2)
            || !w2
                .chars()
                .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
        {
            return a;
        }
        // Take the capitalized run before the connector.
        let mut na = ws2;
        loop {
            let bb = sent[..na].trim_end();
            if bb.len() == na {
                break;
            }
            let wsb = bb.rfind(' ').map_or(0, |i| i + 1);
            let wb = &bb[wsb..];
            if cap(wb)
                && wb
                    .chars()
                    .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
            {
                na = wsb;
            } else {
                break;
            }
        }
        a = na;
    }
}

/// Trims a source phrase: a leading article, a trailing parenthesis or date words.
fn clean_source(s: &str) -> Option<String> {
    let mut s = s.trim();
    for art in ["the ", "The ", "THE "] {
        if let Some(r) = s.strip_prefix(art) {
            s = r;
        }
    }
    // "a statement released by the governor's office": the author.
    if let Some(m) = DOCUMENT_BY.find(s) {
        s = &s[m.end()..];
        for art in ["the ", "The "] {
            if let Some(r) = s.strip_prefix(art) {
                s = r;
            }
        }
    }
    // Cut trailing " on Monday", " in a statement", " on ...".
    for cut in WORDS.list(WordClass::SourceCut) {
        if let Some(p) = find_word(s, cut) {
            s = &s[..p];
        }
    }
    let s = s.trim().trim_end_matches(['.', ' ']);
    let n = s.split_whitespace().count();
    if s.is_empty() || n > 10 || s.len() > 100 {
        return None;
    }
    Some(s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cas(t: &str) -> (CasualtiesFound, Vec<String>) {
        find_casualties(t, &[])
    }
    fn k(t: &str) -> Option<u64> {
        cas(t).0.killed.map(|f| f.value)
    }
    fn i(t: &str) -> Option<u64> {
        cas(t).0.injured.map(|f| f.value)
    }
    fn src(t: &str) -> Option<String> {
        cas(t).0.source.map(|f| f.value)
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("1,300"), Some(1300));
        assert_eq!(parse_number("four"), Some(4));
        assert_eq!(parse_number("twenty-five"), Some(25));
        assert_eq!(parse_number("two hundred and twelve"), Some(212));
        assert_eq!(parse_number("a dozen"), Some(12));
        assert_eq!(parse_number("2.8 million"), Some(2_800_000));
        assert_eq!(parse_number("nonsense"), None);
        assert_eq!(parse_number(""), None);
    }

    #[test]
    fn seed_style() {
        let t = "At least four children were killed and 19 people injured in the government strike in Harasta, \
                 according to the Syrian Observatory for Human Rights.";
        let (c, w) = cas(t);
        assert_eq!(c.killed.as_ref().map(|f| f.value), Some(4));
        assert_eq!(c.injured.as_ref().map(|f| f.value), Some(19));
        assert_eq!(c.qualifier, Some("at_least"));
        assert_eq!(
            c.source.as_ref().map(|f| f.value.as_str()),
            Some("Syrian Observatory for Human Rights")
        );
        assert!(w.is_empty());
        let s = c.source.unwrap().span;
        assert_eq!(s.slice(t), "Syrian Observatory for Human Rights");
    }

    #[test]
    fn people_taken_to_hospital_count_as_injured() {
        // written
        let t = "At least 40 people were killed and more than 100 others were hospitalized, the \
                 Investigative Committee said.";
        assert_eq!((k(t), i(t)), (Some(40), Some(100)));
        assert_eq!(
            i("Twelve workers were hospitalised after the blast."),
            Some(12)
        );
    }

    #[test]
    fn verb_first_and_subcount() {
        let t = "According to the National Disaster Management Authority (NDMA), flash floods have killed over 800 \
                 people, including more than 300 children.";
        assert_eq!(k(t), Some(800));
        assert_eq!(
            src(t).as_deref(),
            Some("National Disaster Management Authority")
        );
        assert_eq!(
            k("rains that began in mid-June and have killed nearly 1,300 people."),
            Some(1300)
        );
        assert_eq!(
            cas("rains have killed nearly 1,300 people.").0.qualifier,
            Some("about")
        );
    }

    #[test]
    fn written_captions() {
        // written: Gaza
        let t = "Palestinians inspect a house destroyed in an Israeli strike that killed 12 people, Hamas \
                 officials said, in Rafah, October 2023.";
        assert_eq!(k(t), Some(12));
        assert_eq!(src(t).as_deref(), Some("Hamas officials"));
        // written: Ukraine
        let t = "A Russian missile hit a shopping mall in Kremenchuk, killing at least 18 people and wounding 59, \
                 Ukraine's State Emergency Service said.";
        assert_eq!(k(t), Some(18));
        assert_eq!(i(t), Some(59));
        assert_eq!(src(t).as_deref(), Some("Ukraine's State Emergency Service"));
        // written: Sudan
        let t = "Smoke rises over Khartoum. Shelling left 3 dead and 10 injured, activists said.";
        assert_eq!(k(t), Some(3));
        assert_eq!(i(t), Some(10));
        assert_eq!(src(t).as_deref(), Some("activists"));
        // written: Turkey earthquake
        let t = "The death toll from the earthquake rose to 5,434, the disaster agency AFAD said.";
        assert_eq!(k(t), Some(5434));
        // written: Myanmar
        let t =
            "Nine people were killed in the air strike on Pazigyi village, a local official said.";
        assert_eq!(k(t), Some(9));
        assert_eq!(src(t).as_deref(), Some("a local official"));
        // written: health ministry
        let t = "Twenty-five people were wounded, the health ministry said.";
        assert_eq!(i(t), Some(25));
        assert_eq!(src(t).as_deref(), Some("health ministry"));
        // written
        let t = "The blast killed 5 and injured 30, according to police.";
        assert_eq!((k(t), i(t)), (Some(5), Some(30)));
        assert_eq!(src(t).as_deref(), Some("police"));
    }

    #[test]
    fn more_written_captions() {
        // written: Gaza, a sub-count between the figure and the verb
        let t = "At least 12 Palestinians, including four children, were killed in the strike, the Gaza health \
                 ministry said.";
        assert_eq!(k(t), Some(12));
        assert_eq!(src(t).as_deref(), Some("Gaza health ministry"));
        // written: Pakistan
        let t = "An injured man is helped by paramedics after a suicide bomber blew himself up at a mosque in \
                 Peshawar, Pakistan, January 30, 2023, killing at least 59 people, police said.";
        assert_eq!(k(t), Some(59));
        assert_eq!(src(t).as_deref(), Some("police"));
        // written: Iraq
        let t =
            "Two policemen were wounded when a roadside bomb exploded near their patrol in Kirkuk.";
        assert_eq!((k(t), i(t)), (None, Some(2)));
        // written: Turkey, death toll with officials as source
        let t = "Rescuers search for survivors in Antakya. The death toll from the quake climbed to more than \
                 11,000, officials said.";
        assert_eq!(k(t), Some(11000));
        assert_eq!(src(t).as_deref(), Some("officials"));
        // written: single death spelled out
        assert_eq!(
            k("One person was killed and three were hurt in the shelling of Kherson."),
            Some(1)
        );
        assert_eq!(
            i("One person was killed and three were hurt in the shelling of Kherson."),
            Some(3)
        );
        // written: Myanmar, vague figure
        let (c, w) =
            cas("Dozens of people have been killed since the coup, according to a rights group.");
        assert!(c.killed.is_none() && c.source.is_none());
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn not_casualties() {
        assert_eq!(
            cas("Syrian refugee Samah, 5, poses at Zaatari refugee camp.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("More than 2.8 million Syrian children cannot get an education.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("The cannon is made of four tubes and can fire four shells.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("The conflict has so far led to the deaths of over 11,500 people.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("A displaced Iraqi holds the body of his wife, who was killed.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("A 9-year-old girl was killed in Mosul.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("He was killed 2 years ago.").0,
            CasualtiesFound::default()
        );
        assert_eq!(
            cas("Moeen Ali's side injury continues to improve.").0,
            CasualtiesFound::default()
        );
        // written
        assert_eq!(
            cas("More than 400,000 people have been killed in Syria's civil war.").0,
            CasualtiesFound::default()
        );
    }

    #[test]
    fn bodies_and_executions() {
        // written: Libya, Derna
        let t = "Rescue teams recovered more than 3,000 bodies from the mud in Derna, Libya.";
        assert_eq!(k(t), Some(3000));
        assert_eq!(cas(t).0.qualifier, Some("at_least"));
        // written
        assert_eq!(
            k("Twelve bodies were found in a ditch near Culiacan, Mexico."),
            Some(12)
        );
        assert_eq!(
            k("Taliban fighters stand at the site of the execution of four men in Farah province."),
            Some(4)
        );
        assert_eq!(
            k("Protesters denounce the killing of three students by police in Dhaka."),
            Some(3)
        );
        assert_eq!(
            k("Relatives attend the funeral of five fishermen in Tyre."),
            Some(5)
        );
        // written: not a toll
        assert_eq!(k("Two governing bodies of football met in Zurich."), None);
        // written: the bodies the photo shows give way to the incident's toll told later.
        let t = "A man stands by three covered bodies at a morgue in Idlib. At least 14 people \
                 were killed in the strikes, rescuers said.";
        assert_eq!(k(t), Some(14));
        assert_eq!(
            cas(t).0.source.map(|s| s.value).as_deref(),
            Some("rescuers")
        );
        // written: a toll first stays; a count of coffins after it is no toll of its own.
        assert_eq!(
            k("Nine people were killed in the flood. Relatives carry four coffins in Derna."),
            Some(9)
        );
    }

    #[test]
    fn enumerated_people() {
        // written: Ethiopia, Ukraine, Gaza
        let t = "In the compound, two women and an elderly man were killed by shelling.";
        assert_eq!(k(t), Some(3));
        let t = "Two soldiers and a civilian were killed in the attack, the army said.";
        assert_eq!(k(t), Some(3));
        assert_eq!(src(t).as_deref(), Some("army"));
        let t = "Three children and two women were wounded in the strike on Rafah.";
        assert_eq!(i(t), Some(5));
        // written: not people
        assert_eq!(
            k("Two years and a month after the war began, he died."),
            None
        );
    }

    #[test]
    fn sources_after_a_relative_pronoun_and_that_put_the_number_of_dead() {
        // written
        let t =
            "Bombs hit the market, attacks that local authorities said killed at least 23 people.";
        assert_eq!(k(t), Some(23));
        assert_eq!(src(t).as_deref(), Some("local authorities"));
        let t =
            "A man stands at the scene. Early reports put the number of dead at 24 and 39 wounded.";
        assert_eq!(k(t), Some(24));
        assert_eq!(src(t).as_deref(), Some("Early reports"));
    }

    #[test]
    fn death_toll_verbs() {
        // written: Libya, Turkey
        // written: the toll's incident told at length before the figure.
        let t = "The death toll from a bomb attack outside a school in the capital has risen to 68, officials said.";
        assert_eq!(k(t), Some(68));
        let t = "Unofficial sources say the death toll has already climbed above 5,000.";
        assert_eq!(k(t), Some(5000));
        assert_eq!(src(t).as_deref(), Some("Unofficial sources"));
        assert_eq!(cas(t).0.qualifier, Some("at_least"));
        assert_eq!(
            k("The death toll from the quake surpassed 40,000 on Wednesday, officials said."),
            Some(40000)
        );
        assert_eq!(
            k("The toll has now passed 300, the ministry said."),
            Some(300)
        );
        // written: "shot dead", "found dead", "reported killed"
        assert_eq!(k("Three protesters were shot dead in Mandalay."), Some(3));
        assert_eq!(k("Five people were found dead after the storm."), Some(5));
        assert_eq!(k("At least 14 people were reported killed."), Some(14));
    }

    #[test]
    fn a_toll_since_a_campaign_began_is_a_running_total() {
        // written
        assert_eq!(
            k(
                "Smoke rises over the city on Monday. More than 40,000 people have been killed, \
               according to the health ministry, since the army launched its offensive in 2023."
            ),
            None
        );
    }

    #[test]
    fn running_total_goes_on_in_the_next_sentence() {
        // written: Gaza background paragraph
        let t = "People inspect the rubble of a house in Rafah. The war has so far killed more than 30,000 \
                 Palestinians, the health ministry said. Israel says about 1,200 people were killed in the \
                 Hamas attack of Oct. 7.";
        assert_eq!(cas(t).0, CasualtiesFound::default());
        // written: a figure about now after a running total still counts
        let t = "Smoke rises over Khan Younis. The war has so far killed more than 30,000 people. On Monday, \
                 an Israeli strike killed 12 people in Rafah, medics said.";
        assert_eq!(k(t), Some(12));
        assert_eq!(src(t).as_deref(), Some("medics"));
    }

    #[test]
    fn tolls_of_an_epidemic_or_of_lasting_unrest_are_background() {
        // written: an outbreak's toll across a region
        let t = "A nurse checks a patient at a treatment centre in Kenema. The outbreak has killed more \
                 than 2,000 people in three countries, the WHO said.";
        assert_eq!(k(t), None);
        // written: unrest that has seen deaths over weeks
        let t = "A protester throws a stone at police in Ngozi. The unrest, which has seen 30 \
                 protesters killed, began in April.";
        assert_eq!(k(t), None);
        // written: Spanish, the running total in the sentence before
        let t = "Un manifestante corre en Maracay. Las protestas se suceden desde hace 40 días. \
                 Según la fiscalía, 35 personas han muerto.";
        assert_eq!(k(t), None);
        // written: a disaster's toll over the days after it is the photo's incident
        let t = "Villagers dig through rubble in Zinda Jan. The tremors have left more than 1,000 \
                 dead over the last few days, officials said.";
        assert_eq!(k(t), Some(1000));
    }

    #[test]
    fn animals_are_no_head_count_and_groups_after_the_verb_add_up() {
        // written: livestock deaths are not casualties
        let t = "A herder walks past carcasses in Bulgan province. So far 9,000 horses and 1,500 \
                 camels had died in the cold, according to officials.";
        assert_eq!(k(t), None);
        // written: two groups after one verb add up, whatever the sentence goes on to say
        let t = "The school where a gunman killed 19 children and two teachers has long been a \
                 part of the town.";
        assert_eq!(k(t), Some(21));
        // written: the last group with a clause of its own stays apart
        let t = "The blast killed four people and two others were wounded, police said.";
        assert_eq!(k(t), Some(4));
    }

    #[test]
    fn vague_amounts_warn() {
        let (c, w) = cas("Dozens of people were killed in the attack.");
        assert!(c.killed.is_none());
        assert_eq!(
            w,
            vec!["casualty figure 'dozens' is not a number".to_string()]
        );
        let (c, w) = cas("The quake killed thousands across the region.");
        assert!(c.killed.is_none());
        assert_eq!(w.len(), 1);
        assert!(
            cas("He is one of thousands of migrants who landed.")
                .1
                .is_empty()
        );
    }

    #[test]
    fn excluded_spans_are_ignored() {
        let t = "Caption. 5 killed/Reuters";
        let p = t.find('5').unwrap();
        assert!(
            find_casualties(t, &[Span::new(p, t.len())])
                .0
                .killed
                .is_none()
        );
    }

    #[test]
    fn no_figures_no_qualifier() {
        let (c, w) = cas("");
        assert_eq!(c, CasualtiesFound::default());
        assert!(w.is_empty());
    }
}
