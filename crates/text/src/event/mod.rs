//! Event type, hedging and generic actors.
//!
//! Design: every cue of `data/event_cues.tsv` found in the caption gets a score
//! `weight × sentence factor × quote factor × context factor`:
//! - sentence factor: the first substantial sentence is the main one (1.0), the second 0.6,
//!   later ones 0.45 (dateline fragments such as "Idlib, Syria." do not count as sentences);
//! - quote factor: cues inside a long quotation count 0.4;
//! - context factor: a `background` word just before the cue ("due to", "amid", "during")
//!   lowers it, a `boost` word ("following", "after", "hit by") raises it, a `lasting` phrase
//!   after it in its clause ("has raged for months", "since the start of the war") makes it the
//!   setting rather than the incident.
//!
//! People harmed by an armed actor ("shot by Israeli troops") score as an attack without an
//! incident word.
//!
//! A type scores its best cue plus a little for further cues; the best type wins, ties going to
//! the type named first (so "air strikes and shelling" is an air strike). Precedence rules on
//! top: fighting that people flee in the same sentence is displacement, a disaster they flee is
//! the disaster; a bare "attack" takes the precise type (air strike, shelling, explosion) told in
//! its own or the next sentence; a rescue takes the incident told in its own or the next
//! sentence (the rule of `docs/record.md`: the incident the caption reports, and the scene only
//! where none is).
//!
//! `reported` comes from a hedge in the sentence of the incident (the deciding cue, an incident
//! cue that is not background, or a casualty figure; an attribution closing the sentence covers
//! the whole sentence), from a caption-wide hedge ("Reuters is
//! unable to independently verify"), or from an attribution of the casualty figures.

use std::collections::HashMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::clause::{
    Folded, IncidentFigures, NoFigures, Sentence, WORDS, WordClass, fold_excludes, in_excluded,
    sentence_of, sentences,
};
use crate::{Found, LexiconError, Span, tsv_rows};

mod actors;
mod context;

use context::{
    attribution_tail, context_factor, during_before, harmed_by_before, in_relative_clause,
    lasting_factor, loyal_before, named_before, named_fires, relative_between, scorelines,
    war_history, wrecked_before,
};

/// The contract's event types, in the order used for tie-breaking documentation only.
pub const EVENT_TYPES: [&str; 15] = [
    "air_strike",
    "shelling",
    "explosion",
    "armed_clash",
    "attack",
    "protest",
    "displacement",
    "rescue",
    "funeral",
    "humanitarian_aid",
    "disaster",
    "politics",
    "sport",
    "daily_life",
    "other",
];

/// Types that name an incident (as opposed to what a photo shows).
const INCIDENT_TYPES: [&str; 6] = [
    "air_strike",
    "shelling",
    "explosion",
    "armed_clash",
    "attack",
    "disaster",
];

/// Built-in cue table.
const BUILTIN_TSV: &str = include_str!("../../../../data/event_cues.tsv");

/// Smallest score a type needs to be reported at all.
const MIN_SCORE: f64 = 0.6;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Event(usize),
    Hedge,
    HedgeGlobal,
    Actor,
    Background(f64),
    Boost(f64),
    Lasting(f64),
    Ignore,
    Subject,
}

#[derive(Debug, Clone)]
struct Entry {
    kind: Kind,
    /// Lowercased phrase, single spaces, without the trailing `*`.
    phrase: String,
    /// Trailing `*`: the last word may continue.
    prefix: bool,
    /// Leading `*`: the cue ends a compound word and only matches there ("*hochwasser" in
    /// "Jahrhunderthochwasser", "*brann" in "boligbrann"). German, Dutch and the Nordic
    /// languages write an event's kind into one word, so the whole-word match never sees it.
    compound: bool,
    weight: f64,
}

/// Event cue words and hedges, loaded from `data/event_cues.tsv` (user-extensible).
#[derive(Debug, Clone, Default)]
pub struct EventLexicon {
    entries: Vec<Entry>,
    matcher: Option<AhoCorasick>,
}

impl EventLexicon {
    /// Parses an event-cue TSV (`kind \t phrase \t weight`, see `data/event_cues.tsv`).
    pub fn parse(source_name: &str, tsv: &str) -> Result<Self, LexiconError> {
        let mut lex = EventLexicon::default();
        lex.extend(source_name, tsv)?;
        Ok(lex)
    }

    /// Adds the rows of another event-cue TSV. A phrase already present with the same kind is
    /// replaced (so a user file can change a weight).
    pub fn extend(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        let err = |line: usize, message: String| LexiconError {
            source_name: source_name.to_string(),
            line,
            message,
        };
        let mut new = Vec::new();
        for (line, fields) in tsv_rows(tsv) {
            if fields.len() < 2 {
                return Err(err(line, "expected `kind<TAB>phrase[<TAB>weight]`".into()));
            }
            let weight = match fields.get(2).filter(|w| !w.is_empty()) {
                None => 1.0,
                Some(w) => match w.parse::<f64>() {
                    Ok(v) if v.is_finite() && v >= 0.0 => v,
                    _ => return Err(err(line, format!("bad weight {w:?}"))),
                },
            };
            let kind = match fields[0] {
                "hedge" => Kind::Hedge,
                "hedge_global" => Kind::HedgeGlobal,
                "actor" => Kind::Actor,
                "background" => Kind::Background(weight),
                "boost" => Kind::Boost(weight),
                "lasting" => Kind::Lasting(weight),
                "ignore" => Kind::Ignore,
                "subject" => Kind::Subject,
                t => match EVENT_TYPES.iter().position(|x| *x == t) {
                    Some(i) => Kind::Event(i),
                    None => return Err(err(line, format!("unknown kind {t:?}"))),
                },
            };
            let raw = fields[1];
            let (raw, prefix) = match raw.strip_suffix('*') {
                Some(r) => (r, true),
                None => (raw, false),
            };
            let (raw, compound) = match raw.strip_prefix('*') {
                Some(r) => (r, true),
                None => (raw, false),
            };
            let phrase = raw
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase();
            if phrase.is_empty() {
                return Err(err(line, "empty phrase".into()));
            }
            new.push(Entry {
                kind,
                phrase,
                prefix,
                compound,
                weight,
            });
        }
        for e in new {
            let same = |x: &Entry| {
                x.phrase == e.phrase
                    && x.compound == e.compound
                    && std::mem::discriminant(&x.kind) == std::mem::discriminant(&e.kind)
            };
            if let Some(old) = self.entries.iter_mut().find(|x| same(x)) {
                *old = e;
            } else {
                self.entries.push(e);
            }
        }
        self.rebuild().map_err(|m| err(0, m))
    }

    /// The cue table shipped with dateline (`data/event_cues.tsv`).
    pub fn builtin() -> Self {
        // The shipped table is tested; an error here is a packaging bug, so fall back to empty.
        EventLexicon::parse("builtin:event_cues.tsv", BUILTIN_TSV).unwrap_or_default()
    }

    /// Number of cue rows.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no cue is loaded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn rebuild(&mut self) -> Result<(), String> {
        if self.entries.is_empty() {
            self.matcher = None;
            return Ok(());
        }
        let m = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::DFA))
            .build(self.entries.iter().map(|e| e.phrase.as_str()))
            .map_err(|e| e.to_string())?;
        self.matcher = Some(m);
        Ok(())
    }
}

/// What the caption says happened.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EventFound {
    /// Contract event type (`air_strike`, `shelling`, ...), with the cue that decided it.
    pub event_type: Option<Found<String>>,
    /// The hedge that makes the incident reported ("reported", "activists said"), if any.
    pub reported: Option<Found<()>>,
    /// Generic actors ("government forces", "rebels").
    pub actors: Vec<Found<String>>,
}

// ------------------------------------------------------------------------------------------
// Matching
// ------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy)]
struct Hit {
    entry: usize,
    start: usize,
    end: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
}

/// Chinese, Japanese, Thai, Lao, Khmer and Burmese write no spaces between words: a cue that
/// begins or ends with one of their letters needs no word boundary on that side ("江西省强降雨持续").
fn is_unspaced(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF | 0x3040..=0x30FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

/// Bytes of the word that ends at `at` (letters and digits right before it).
fn word_head_len(text: &str, at: usize) -> usize {
    text[..at]
        .chars()
        .rev()
        .take_while(|c| is_word_char(*c))
        .map(char::len_utf8)
        .sum()
}

/// The article and the one-letter prepositions Arabic writes onto the next word.
const ARABIC_PREFIXES: &[&str] = &[
    "ال", "و", "ب", "ف", "ل", "ك", "وال", "بال", "فال", "لل", "كال", "وب", "ول", "وبال",
];

/// All cue hits on whole words, leftmost-longest, non-overlapping.
fn hits(lex: &EventLexicon, text: &str) -> Vec<Hit> {
    let Some(m) = &lex.matcher else {
        return Vec::new();
    };
    let mut all = Vec::new();
    // The matcher folds ASCII case only; a capital outside ASCII ("Протестующие", "Éthiopie") is
    // lowered here in a copy with the same byte offsets (a letter whose lower case is longer or
    // shorter in UTF-8 is left as it is).
    let lowered = lower_same_len(text);
    let haystack = lowered.as_deref().unwrap_or(text);
    for mat in m.find_overlapping_iter(haystack) {
        let (mut s, mut e) = (mat.start(), mat.end());
        let entry = mat.pattern().as_usize();
        if !text.is_char_boundary(s) || !text.is_char_boundary(e) {
            continue;
        }
        let first_unspaced = text[s..].chars().next().is_some_and(is_unspaced);
        let last_unspaced = text[..e].chars().next_back().is_some_and(is_unspaced);
        if lex.entries[entry].compound {
            // The end of a compound: at least three letters of the word stand before the cue,
            // and the hit covers the whole word.
            let head = word_head_len(text, s);
            if text[s - head..s].chars().count() < 3 {
                continue;
            }
            s -= head;
        } else if !first_unspaced && text[..s].chars().next_back().is_some_and(is_word_char) {
            // Arabic glues the article and one-letter prepositions to the word ("الغارة",
            // "بالقصف", "والانفجار"): a cue in Arabic letters matches after them.
            let head = word_head_len(text, s);
            let arabic = text[s..]
                .chars()
                .next()
                .is_some_and(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
            if !(arabic && ARABIC_PREFIXES.contains(&&text[s - head..s])) {
                continue;
            }
            s -= head;
        }
        let next = text[e..].chars().next();
        if last_unspaced {
            // No boundary to find after the cue.
        } else if lex.entries[entry].prefix {
            e += text[e..]
                .chars()
                .take_while(|c| is_word_char(*c))
                .map(char::len_utf8)
                .sum::<usize>();
        } else if next.is_some_and(is_word_char) {
            continue;
        }
        all.push(Hit {
            entry,
            start: s,
            end: e,
        });
    }
    all.sort_by(|a, b| {
        a.start
            .cmp(&b.start)
            .then((b.end - b.start).cmp(&(a.end - a.start)))
            // Same extent: the more specific (longer literal) cue wins ("floodlight*" > "flood*").
            .then(
                lex.entries[b.entry]
                    .phrase
                    .len()
                    .cmp(&lex.entries[a.entry].phrase.len()),
            )
    });
    let mut out: Vec<Hit> = Vec::new();
    for h in all {
        if out.last().is_some_and(|l| h.start < l.end) {
            continue;
        }
        out.push(h);
    }
    out
}

/// `text` with its non-ASCII capitals lowered, byte for byte the same length; `None` when it has
/// none (the common case, no copy).
pub(crate) fn lower_same_len(text: &str) -> Option<String> {
    if text.is_ascii() || !text.chars().any(|c| !c.is_ascii() && c.is_uppercase()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !c.is_ascii() && c.is_uppercase() {
            let mut l = c.to_lowercase();
            if let (Some(lc), None) = (l.next(), l.next())
                && lc.len_utf8() == c.len_utf8()
            {
                out.push(lc);
                continue;
            }
        }
        out.push(c);
    }
    Some(out)
}

/// Byte ranges of long quotations (“…” or "…" of 40+ bytes within one paragraph).
fn quoted_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, char)> = None;
    for (i, c) in text.char_indices() {
        match (open, c) {
            (None, '“') => open = Some((i, '”')),
            (None, '"') => open = Some((i, '"')),
            (Some((s, close)), c) if c == close => {
                if i - s >= 40 {
                    out.push((s, i));
                }
                open = None;
            }
            (Some(_), '\n') => open = None,
            _ => {}
        }
    }
    out
}

fn sentence_factor(rank: Option<usize>) -> f64 {
    match rank {
        Some(0) => 1.0,
        Some(1) => 0.6,
        _ => 0.45,
    }
}

/// Classifies the incident from its cues alone; `exclude` holds spans (the credit line) to
/// ignore. Casualty figures also decide hedging ("12 killed, activists said"): where they are
/// known, use [`find_event_with`].
pub fn find_event(text: &str, lex: &EventLexicon, exclude: &[Span]) -> EventFound {
    find_event_with(text, lex, exclude, &NoFigures)
}

/// "A boy walks past the Grand Mosque", "Ces vendeuses ambulantes proposent…": the span of a
/// word naming an ordinary person (`subject` rows of the cue table) among the first eight words
/// of the caption, outside the credit. Where no incident or scene cue names the event, such a
/// caption shows daily life, as every gold set annotates it, rather than `other`; soldiers,
/// police and prisoners are no such subject.
pub fn everyday_subject(text: &str, lex: &EventLexicon, exclude: &[Span]) -> Option<Span> {
    let f = Folded::new(text);
    let ex = fold_excludes(&f, exclude);
    let ft = f.text.as_str();
    // The end of the eighth word outside the exclusions.
    let mut words = 0;
    let mut lead_end = 0;
    let mut in_word = false;
    for (i, c) in ft.char_indices() {
        if in_excluded(&ex, i, i + c.len_utf8()) {
            continue;
        }
        let w = is_word_char(c);
        if w && !in_word {
            words += 1;
            if words > 8 {
                break;
            }
        }
        if w {
            lead_end = i + c.len_utf8();
        }
        in_word = w;
    }
    hits(lex, ft)
        .into_iter()
        .filter(|h| lex.entries[h.entry].kind == Kind::Subject)
        .find(|h| h.end <= lead_end && !in_excluded(&ex, h.start, h.end))
        .map(|h| Span::new(f.map[h.start], f.map[h.end]))
}

/// [`find_event`] knowing the caption's casualty figures (`casualty::find_casualties(text,
/// exclude).0` for the same `text` and `exclude`): a hedge next to a figure, or the figures'
/// attribution, makes the incident reported.
pub fn find_event_with(
    text: &str,
    lex: &EventLexicon,
    exclude: &[Span],
    figures: &impl IncidentFigures,
) -> EventFound {
    let f = Folded::new(text);
    let ex = fold_excludes(&f, exclude);
    let sents = sentences(&f.text, &ex);
    event_folded(lex, &f, &ex, &sents, figures)
}

fn event_folded(
    lex: &EventLexicon,
    f: &Folded,
    ex: &[(usize, usize)],
    sents: &[Sentence],
    figures: &impl IncidentFigures,
) -> EventFound {
    let mut out = EventFound::default();
    let ft = f.text.as_str();
    let all_hits: Vec<Hit> = hits(lex, ft)
        .into_iter()
        .filter(|h| !in_excluded(ex, h.start, h.end))
        .collect();
    let quotes = quoted_ranges(ft);

    // Score event cues.
    struct Scored {
        ty: usize,
        score: f64,
        ctx: f64,
        hit: Hit,
        sent: usize,
    }
    let mut scored: Vec<Scored> = Vec::new();
    for (k, h) in all_hits.iter().enumerate() {
        let Kind::Event(ty) = lex.entries[h.entry].kind else {
            continue;
        };
        let si = sentence_of(sents, h.start);
        // Military vehicles are fighting only when left wrecked ("destroyed Russian tanks"); a
        // tank driven or ridden is no incident.
        if WORDS.is(WordClass::MilitaryVehicle, &lex.entries[h.entry].phrase)
            && !wrecked_before(ft, h.start)
        {
            continue;
        }
        // A leader's title that says whose forces ("forces loyal to Syria's President Bashar
        // al-Assad", "troops backed by the prime minister") is no political event.
        if WORDS.is(WordClass::LeaderTitle, &lex.entries[h.entry].phrase)
            && loyal_before(ft, h.start)
        {
            continue;
        }
        let sf = sentence_factor(sents.get(si).and_then(|s| s.rank));
        let qf = if quotes.iter().any(|&(a, z)| h.start > a && h.end <= z) {
            0.4
        } else {
            1.0
        };
        // Background/boost words qualify incidents; a scene ("cries during the funeral") is what
        // the photo shows whatever precedes it.
        let ctx = if INCIDENT_TYPES.contains(&EVENT_TYPES[ty]) {
            let ss = sents.get(si).map_or(0, |s| s.start);
            let rel = if in_relative_clause(ft, h.start, ss) {
                RELATIVE_FACTOR
            } else {
                1.0
            };
            let se = sents.get(si).map_or(ft.len(), |s| s.end);
            // A lasting state ("… since the start of the war") outweighs any boost before it.
            let lasting = lasting_factor(lex, ft, &all_hits, k, se);
            if lasting < 1.0 {
                lasting * rel
            } else {
                context_factor(lex, ft, &all_hits, k, ss) * rel
            }
        } else {
            1.0
        };
        // A camp named as the place ("in the Jenin refugee camp", "Shati refugee camp") says
        // where the photo was taken, not that it shows displacement.
        let pf = if EVENT_TYPES[ty] == "displacement"
            && lex.entries[h.entry].phrase.contains("camp")
            && named_before(ft, h.start, sents.get(si).map_or(0, |s| s.start))
        {
            NAMED_CAMP_FACTOR
        } else {
            1.0
        };
        scored.push(Scored {
            ty,
            score: lex.entries[h.entry].weight * sf * qf * ctx * pf,
            ctx,
            hit: *h,
            sent: si,
        });
    }
    // A match result ("Palace won 1-0.") is sport wherever it stands.
    if lex.matcher.is_some()
        && let Some(sport) = EVENT_TYPES.iter().position(|t| *t == "sport")
    {
        for (a, z) in scorelines(ft) {
            if in_excluded(ex, a, z) {
                continue;
            }
            scored.push(Scored {
                ty: sport,
                score: SCORELINE_WEIGHT,
                ctx: 1.0,
                hit: Hit {
                    entry: usize::MAX,
                    start: a,
                    end: z,
                },
                sent: sentence_of(sents, a),
            });
        }
    }

    // People harmed by an armed actor ("killed by Israeli troops", "shot by police"): an attack,
    // told by the actor rather than by an incident word.
    if let Some(attack) = EVENT_TYPES.iter().position(|t| *t == "attack") {
        for h in &all_hits {
            if lex.entries[h.entry].kind != Kind::Actor {
                continue;
            }
            let si = sentence_of(sents, h.start);
            let ss = sents.get(si).map_or(0, |s| s.start);
            let Some(a) = harmed_by_before(ft, actors::name_start(ft, h.start), ss) else {
                continue;
            };
            scored.push(Scored {
                ty: attack,
                score: HARMED_BY_WEIGHT * sentence_factor(sents.get(si).and_then(|s| s.rank)),
                ctx: 1.0,
                hit: Hit {
                    entry: usize::MAX,
                    start: a,
                    end: h.end,
                },
                sent: si,
            });
        }
    }

    // A named fire ("the Eaton Fire", "the Palisades fire") is a wildfire: a disaster.
    if lex.matcher.is_some()
        && let Some(disaster) = EVENT_TYPES.iter().position(|t| *t == "disaster")
    {
        for (a, z) in named_fires(ft) {
            if in_excluded(ex, a, z) {
                continue;
            }
            let si = sentence_of(sents, a);
            scored.push(Scored {
                ty: disaster,
                score: NAMED_FIRE_WEIGHT * sentence_factor(sents.get(si).and_then(|s| s.rank)),
                ctx: 1.0,
                hit: Hit {
                    entry: usize::MAX,
                    start: a,
                    end: z,
                },
                sent: si,
            });
        }
    }

    // Per type: best cue + a little for the others.
    let mut per_type: HashMap<usize, (f64, f64, usize)> = HashMap::new(); // ty -> (best, sum, best idx)
    for (i, s) in scored.iter().enumerate() {
        let e = per_type.entry(s.ty).or_insert((0.0, 0.0, i));
        if s.score > e.0 {
            e.0 = s.score;
            e.2 = i;
        }
        e.1 += s.score;
    }
    let mut ranking: Vec<(usize, f64, usize)> = per_type
        .iter()
        .map(|(&ty, &(best, sum, idx))| (ty, best + (0.15 * (sum - best)).min(0.6), idx))
        .collect();
    ranking.sort_by(|a, b| {
        b.1.partial_cmp(&a.1)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(scored[a.2].hit.start.cmp(&scored[b.2].hit.start))
    });
    // Ties within 0.05: the one named first.
    let mut winner = ranking.first().copied();
    if let Some(w) = winner {
        for r in ranking.iter().skip(1) {
            if (w.1 - r.1).abs() < 0.05
                && scored[r.2].hit.start < scored[winner.map_or(w.2, |x| x.2)].hit.start
            {
                winner = Some(*r);
            }
        }
    }
    let winner = winner.filter(|w| w.1 >= MIN_SCORE);

    let mut decided: Option<(usize, usize)> = None; // (type, scored idx)
    if let Some((ty, _, idx)) = winner {
        let mut ty = ty;
        let mut idx = idx;
        let same_sent = |idx: usize, want: &str| {
            let sent = scored[idx].sent;
            scored
                .iter()
                .enumerate()
                .filter(|(_, s)| EVENT_TYPES[s.ty] == want && s.sent == sent)
                .max_by(|a, b| {
                    a.1.score
                        .partial_cmp(&b.1.score)
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .map(|(j, _)| j)
        };
        // An attack or explosion told as part of a larger incident ("set on fire during clashes
        // between gangs", "an explosion is seen during an air strike"): that incident.
        if matches!(EVENT_TYPES[ty], "attack" | "explosion")
            && let Some(j) = ["armed_clash", "air_strike", "shelling"]
                .iter()
                .filter_map(|t| same_sent(idx, t))
                .filter(|&j| scored[j].ctx < 1.0)
                .min_by_key(|&j| scored[j].hit.start)
        {
            ty = scored[j].ty;
            idx = j;
        }
        // Rockets or shells fired during fighting told in the same sentence ("fighters launch
        // rockets during clashes with militants"): the fighting is the incident.
        if EVENT_TYPES[ty] == "shelling"
            && let Some(j) = same_sent(idx, "armed_clash")
            && scored[j].hit.start > scored[idx].hit.start
            && during_before(
                ft,
                scored[j].hit.start,
                sents.get(scored[j].sent).map_or(0, |s| s.start),
            )
        {
            ty = scored[j].ty;
            idx = j;
        }
        // A bare "attack" told more precisely in its own or the next sentence ("a building damaged
        // in the recent Russian attack on Kherson. Russian troops intensified the shelling of
        // Kherson"): the precise incident, when it is not background ("amid") and the next
        // sentence is not the war's history ("Russia has launched missile strikes since …").
        if EVENT_TYPES[ty] == "attack"
            && scored[idx].hit.entry != usize::MAX
            && lex.entries[scored[idx].hit.entry].phrase == GENERIC_ATTACK
        {
            let sent = scored[idx].sent;
            if let Some((j, _)) = scored
                .iter()
                .enumerate()
                .filter(|(_, s)| {
                    matches!(EVENT_TYPES[s.ty], "air_strike" | "shelling" | "explosion")
                        && (s.sent == sent
                            || (s.sent == sent + 1
                                && sents.get(s.sent).is_some_and(|st| !war_history(ft, st))))
                        && s.ctx >= 1.0
                })
                .min_by_key(|(_, s)| s.hit.start)
            {
                ty = scored[j].ty;
                idx = j;
            }
        }
        // The funeral shown beats the incident that killed ("the cremation of his mother who
        // died in the earthquake"): a strong funeral cue in the incident's sentence or before.
        if INCIDENT_TYPES.contains(&EVENT_TYPES[ty])
            && let Some((j, _)) = scored.iter().enumerate().find(|(_, s)| {
                EVENT_TYPES[s.ty] == "funeral"
                    && s.hit.entry != usize::MAX
                    && lex.entries[s.hit.entry].weight >= STRONG_FUNERAL
                    && s.sent <= scored[idx].sent
            })
        {
            ty = scored[j].ty;
            idx = j;
        }
        // A rescue follows an incident: an incident cue that is not background in the
        // rescue's sentence or the next ("Rescue workers search for survivors at a collapsed
        // building. A missile hit the building overnight.") is what the caption reports.
        if EVENT_TYPES[ty] == "rescue" {
            let sent = scored[idx].sent;
            let next = sents
                .iter()
                .enumerate()
                .skip(sent + 1)
                .find(|(_, s)| s.rank.is_some())
                .map(|(i, _)| i);
            if let Some((j, _)) = scored
                .iter()
                .enumerate()
                .filter(|(_, s)| {
                    INCIDENT_TYPES.contains(&EVENT_TYPES[s.ty])
                        && s.ctx >= 1.0
                        && (s.sent == sent
                            || (Some(s.sent) == next
                                && sents.get(s.sent).is_some_and(|st| !war_history(ft, st))))
                })
                .max_by(|a, b| {
                    a.1.score
                        .partial_cmp(&b.1.score)
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
            {
                ty = scored[j].ty;
                idx = j;
            }
        }
        // Same-sentence precedence, applied in order:
        // - fighting that people flee is displacement;
        // - people fleeing or evacuated from a disaster named in the same sentence ("displaced
        //   families who fled their flood-hit homes", "evacuated during an earthquake"): the
        //   disaster is the incident, as the rescue after it is.
        for (from, to) in [
            ("armed_clash", "displacement"),
            ("displacement", "disaster"),
        ] {
            if EVENT_TYPES[ty] != from {
                continue;
            }
            let sent = scored[idx].sent;
            if let Some((j, _)) = scored
                .iter()
                .enumerate()
                .find(|(_, s)| EVENT_TYPES[s.ty] == to && s.sent == sent)
            {
                ty = scored[j].ty;
                idx = j;
            }
        }
        // A protest's demands are political ("protest … asking for a recall referendum against
        // President Maduro"): a strong protest cue in the politics cue's sentence is the scene.
        if EVENT_TYPES[ty] == "politics" {
            let sent = scored[idx].sent;
            if let Some((j, _)) = scored.iter().enumerate().find(|(_, s)| {
                EVENT_TYPES[s.ty] == "protest"
                    && s.sent == sent
                    && s.hit.entry != usize::MAX
                    && lex.entries[s.hit.entry].weight >= STRONG_PROTEST
            }) {
                ty = scored[j].ty;
                idx = j;
            }
        }
        decided = Some((ty, idx));
        let h = scored[idx].hit;
        out.event_type = Some(Found::new(
            EVENT_TYPES[ty].to_string(),
            f.span(h.start, h.end),
            "event.cue",
        ));
    }

    // Hedging: a hedge near (HEDGE_REACH bytes, same sentence) the incident: the deciding cue,
    // a cue of the decided type (or, when a scene decided, an incident cue in its sentence) that
    // is not background, or a casualty figure. An attribution far away in a long sentence
    // ("…, who died from being shocked by officers, according to authorities") is about
    // something else.
    let mut anchors: Vec<(usize, usize, usize)> = Vec::new(); // (sentence, start, end)
    if let Some((ty, idx)) = decided {
        let d = &scored[idx];
        anchors.push((d.sent, d.hit.start, d.hit.end));
        let scene = !INCIDENT_TYPES.contains(&EVENT_TYPES[ty]);
        for s in &scored {
            let incident = INCIDENT_TYPES.contains(&EVENT_TYPES[s.ty]);
            // A scene's type elsewhere is background ("More than 10 million people have been
            // displaced, according to the IOM"); an incident's is the incident told again.
            let related = (s.ty == ty && (!scene || s.sent == d.sent))
                || (scene && incident && s.sent == d.sent);
            if related && (s.ctx >= 0.6 || !incident) {
                anchors.push((s.sent, s.hit.start, s.hit.end));
            }
        }
    } else {
        for s in &scored {
            if INCIDENT_TYPES.contains(&EVENT_TYPES[s.ty]) && s.ctx >= 0.6 {
                anchors.push((s.sent, s.hit.start, s.hit.end));
            }
        }
    }
    let figure_spans = figures.figure_spans();
    for sp in figure_spans.iter().copied() {
        let a = f.map.partition_point(|&o| o < sp.start).min(ft.len());
        let z = f.map.partition_point(|&o| o < sp.end).min(ft.len());
        anchors.push((sentence_of(sents, a), a, z));
    }
    for h in &all_hits {
        let kind = lex.entries[h.entry].kind;
        let ok = match kind {
            Kind::HedgeGlobal => true,
            // "Floods claimed 60 lives": the verb of a toll, not a claim.
            Kind::Hedge if claims_lives(ft, h) => false,
            Kind::Hedge => {
                let hs = sentence_of(sents, h.start);
                // A hedge in a relative clause after the incident ("a car damaged by a bomb,
                // which sources say was driven by …") hedges the clause's detail, not the incident.
                anchors.iter().any(|&(s, a, z)| {
                    s == hs
                        && h.start.saturating_sub(z).max(a.saturating_sub(h.end)) <= HEDGE_REACH
                        && !(z <= h.start && relative_between(ft, z, h.start))
                }) || (sents
                    .get(hs)
                    .is_some_and(|st| attribution_tail(ft, h.start, h.end, st.start, st.end))
                    && anchors.iter().any(|&(s, _, z)| {
                        s == hs && z <= h.start && !relative_between(ft, z, h.start)
                    }))
            }
            _ => false,
        };
        if ok {
            let rule = if kind == Kind::HedgeGlobal {
                "event.hedge_global"
            } else {
                "event.hedge"
            };
            out.reported = Some(Found::new((), f.span(h.start, h.end), rule));
            break;
        }
    }
    if out.reported.is_none()
        && !figure_spans.is_empty()
        && let Some(src) = figures.attribution_span()
    {
        out.reported = Some(Found::new((), src, "event.hedge_figure_source"));
    }

    out.actors = actors::actors(lex, f, &all_hits);
    out
}

/// True when the hedge `h` is "claimed" with "lives" among the four words after it ("claimed
/// at least 60 lives", "claimed the lives of").
fn claims_lives(text: &str, h: &Hit) -> bool {
    text[h.start..h.end].eq_ignore_ascii_case("claimed")
        && text[h.end..]
            .split_whitespace()
            .take(4)
            .any(|w| w.trim_end_matches([',', '.']).eq_ignore_ascii_case("lives"))
}

/// Score factor of a displacement cue naming a camp as the place ("Jenin refugee camp").
const NAMED_CAMP_FACTOR: f64 = 0.5;
/// Factor of an incident cue in a relative clause about a person ("who was wounded in …").
const RELATIVE_FACTOR: f64 = 0.7;
/// Score of people harmed by an armed actor ("killed by Israeli troops") in the main sentence.
const HARMED_BY_WEIGHT: f64 = 2.6;
/// Score of a named fire ("the Eaton Fire") in the main sentence.
const NAMED_FIRE_WEIGHT: f64 = 3.0;
/// Score of a match result ("won 3-0"), whatever the sentence.
const SCORELINE_WEIGHT: f64 = 3.0;
/// Funeral cues at least this strong beat the incident that killed (funeral, burial, cremation).
const STRONG_FUNERAL: f64 = 3.8;
/// Protest cues at least this strong (protest, demonstration, march against) beat the politics
/// the protest is about.
const STRONG_PROTEST: f64 = 2.6;
/// Farthest a hedge may stand from the incident cue or figure it hedges, in bytes.
const HEDGE_REACH: usize = 110;
/// The generic attack cue ("attack*"), which a precise incident type told next to it refines.
const GENERIC_ATTACK: &str = "attack";
/// Longest text after a sentence-final attribution ("…, witnesses said." / "…, according to the
/// Syrian Observatory for Human Rights."), in bytes.
const TAIL_REACH: usize = 60;

#[cfg(test)]
mod tests;
