//! Roads named by a number ("Interstate 94", "Highway 16", "the M25 motorway", "42nd Street").
//!
//! Their names are digits, so the capitalized-run reader never sees them; yet a photo taken on a
//! road is located by it as by a square or a bridge: the road is the sublocation and the town
//! after it the city.

use super::places::{nearest_preposition, places_the_photo};
use super::words_before;
use super::{NameLexicon, PlaceCue, PlacePhrase};
use crate::Span;
use crate::names::Word;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder};
use regex::Regex;
use std::sync::LazyLock;

/// A road number with its road word, in the orders captions write them.
static NUMBERED_ROAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        \b(?:
            # Interstate 94, I-95, U.S. Route 1, State Highway 16, National Highway 48, Highway 2A
            (?:(?:U\.S\.|US|State|National|County|Provincial|Federal)\s)?
            (?:Interstate|Highway|highway|Route|route|Hwy\.?|Motorway|Expressway|Freeway|Autobahn
              |Ruta|ruta|Rodovia|rodovia|Carretera|carretera|Autopista|autopista|Autoroute|autoroute
              |Strada\sStatale|Bundesstraße)
            \s(?:No\.\s?)?[A-Z]?-?\d{1,4}[A-Z]?\b
          | I-\d{1,3}\b
          | (?:NH|SH|BR|RN|N|A|M|E)-?\d{1,4}\s(?:motorway|highway|expressway|road|autoroute|autobahn|autostrada)\b
          # 42nd Street, 27th Avenue, 3rd Ave.
          | \d{1,3}(?:st|nd|rd|th)\s(?:Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard)
          # the 405 freeway
          | \d{2,3}\s(?:freeway|Freeway)\b
        )",
    )
    .expect("numbered road regex")
});

/// The road words of `NUMBERED_ROAD`, found first at a fraction of its cost: most captions have a
/// digit (a date) and no road.
static ROAD_WORDS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .build([
            "interstate",
            "highway",
            "route",
            "hwy",
            "motorway",
            "expressway",
            "freeway",
            "autobahn",
            "ruta",
            "rodovia",
            "carretera",
            "autopista",
            "autoroute",
            "strada",
            "bundesstra",
            "i-",
            "street",
            "st.",
            "avenue",
            "ave.",
            "road",
            "rd.",
            "boulevard",
        ])
        .expect("road words")
});

/// Prepositions that put the photo on or by a road.
const ON_ROAD: &[&str] = &[
    "on", "onto", "along", "at", "in", "near", "off", "across", "beside", "by", "outside", "en",
    "sur", "auf", "an", "na", "em", "no", "sulla", "lungo",
];

/// Verbs whose object is the road their subject is on.
const ROAD_VERBS: &[&str] = &[
    "block", "blocks", "blocked", "blocking", "close", "closes", "closed", "closing", "cross",
    "crosses", "crossed", "crossing", "walk", "walks", "march", "marches", "shut", "shuts",
];

/// Adds a place phrase for each numbered road not already inside another mention.
pub(super) fn numbered_roads(
    text: &str,
    words: &[Word],
    lex: &NameLexicon,
    taken: &[Span],
    places: &mut Vec<PlacePhrase>,
) {
    if !text.bytes().any(|b| b.is_ascii_digit()) || !ROAD_WORDS.is_match(text) {
        return;
    }
    for m in NUMBERED_ROAD.find_iter(text) {
        let span = Span::new(m.start(), m.end());
        if taken.iter().any(|t| t.overlaps(&span)) {
            continue;
        }
        // A capitalized word of the road ("Highway", "Route") may have been read as a place of
        // its own; the road replaces it. A real place inside the match ("State") is kept out.
        if places
            .iter()
            .any(|p| p.span.overlaps(&span) && !span.contains(&p.span))
        {
            continue;
        }
        places.retain(|p| !span.contains(&p.span));
        let Some(idx) = words.iter().position(|w| w.span.end > span.start) else {
            continue;
        };
        let before = words_before(text, words, idx, 4);
        let preposition = nearest_preposition(text, words, &before, lex);
        // "geese fly above highway 34 near Platteview": a road the photo is not on would start
        // the chain that places it.
        // "Protesters block Interstate 94": a verb that puts its subject on the road.
        let verb_on_road = before
            .iter()
            .rev()
            .find(|(_, w)| w != "the")
            .is_some_and(|(_, w)| ROAD_VERBS.contains(&w.as_str()));
        if !verb_on_road && !preposition.as_deref().is_some_and(|p| ON_ROAD.contains(&p)) {
            continue;
        }
        let name = span.slice(text).trim_end_matches('.').to_string();
        let span = Span::new(span.start, span.start + name.len());
        places.push(PlacePhrase {
            lookup: name.clone(),
            name,
            span,
            cue: PlaceCue::Landmark,
            known: None,
            locative: places_the_photo(preposition.as_deref(), lex),
            preposition,
            sentence: words[idx].sentence,
            possessive: false,
            rule: "place.numbered_road",
        });
    }
    places.sort_by_key(|p| p.span.start);
}
