//! Where was the photo taken? From place phrases to sublocation / city / province / country.
//!
//! Captions name the photo's place in one run of place phrases joined by commas and small words
//! ("the Bab al- Nairab neighbourhood of the northern Syrian city of Aleppo", "Zaatari refugee
//! camp, near the Syrian border, in Mafraq, Jordan"). We group phrases into such chains, pick the
//! chain that locates the photo (the first one introduced by a locative preposition), give each
//! of its phrases a role from its grammatical cue and the gazetteer, and resolve coordinates from
//! the most specific phrase the gazetteer knows.
//!
//! The module is long (about 2,000 lines) for a reason: the roles of a chain's phrases are
//! decided together, each rule reading what the others decided, so they stay in one place. The
//! scoring of readings is in `resolve`, the learned sublocation in `learned`.

use crate::resolve::{Resolved, rank};
use dateline_geo::{Gazetteer, Place};
use dateline_model::{Evidence, Location, PlaceMention, Span};
use dateline_text::mentions::{KnownKind, Mentions, PlaceCue, PlacePhrase};
use regex::Regex;
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Countries that are one city: the city field is the country's name.
const CITY_STATES: &[&str] = &["HK", "SG", "MO", "MC", "VA", "GI"];

/// Last words of a road's name: a road named after a town ("London Road") is not near it.
const ROAD_WORDS: &[&str] = &[
    "street",
    "st",
    "road",
    "rd",
    "avenue",
    "ave",
    "boulevard",
    "blvd",
    "lane",
    "drive",
    "highway",
    "way",
    "alley",
    "bypass",
    "causeway",
    "parkway",
    "expressway",
    "freeway",
    "motorway",
];

/// Gazetteer lookups go through the per-thread cache of `oracle`.
fn lookup(gaz: &Gazetteer, name: &str) -> Vec<Place> {
    CACHE_KEY
        .with(|k| crate::oracle::cached_lookup(gaz, k.get(), name))
        .as_ref()
        .clone()
}

thread_local! {
    /// The cache key of the engine running `locate` on this thread.
    pub(crate) static CACHE_KEY: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

pub(crate) struct Located {
    pub location: Location,
    pub places: Vec<PlaceMention>,
    pub warnings: Vec<String>,
    pub evidence: BTreeMap<String, Vec<Evidence>>,
}

/// Words that may stand between two place phrases of one chain.
const CONNECTORS: &[&str] = &[
    "in",
    // "la autopista Simón Bolívar en Caracas", "la place Tahrir au Caire": other languages' "in".
    "en",
    "em",
    "à",
    "au",
    "dans",
    "nella",
    "nel",
    // "el barrio Petare de Caracas", "la Vía Laietana de Barcelona": other languages' "of".
    "de",
    "di",
    "du",
    "da",
    "do",
    "del",
    "della",
    "of",
    "the",
    "near",
    "on",
    "at",
    "outskirts",
    "outskirt",
    "a",
    "city",
    "town",
    "village",
    "capital",
    "province",
    "governorate",
    "countryside",
    "neighbourhood",
    "neighborhood",
    "district",
    "sub-district",
    "area",
    "region",
    "rebel-held",
    "rebel",
    "held",
    "besieged",
    "government-held",
    "rebel-controlled",
    "controlled",
    "opposition-held",
    "border",
    "north",
    "south",
    "east",
    "west",
    "northern",
    "southern",
    "eastern",
    "western",
    "central",
    "northeastern",
    "northwestern",
    "southeastern",
    "southwestern",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
    "north-east",
    "north-west",
    "south-east",
    "south-west",
    "north-eastern",
    "north-western",
    "south-eastern",
    "south-western",
    "part",
    "parts",
    "outside",
    "inside",
    "suburb",
    "suburbs",
    "refugee",
    "camp",
    "island",
    "state",
    "prefecture",
    "county",
    "and",
    "port",
    "coastal",
    "old",
    "heart",
    "centre",
    "center",
    "downtown",
    "quarter",
    "km",
    "kilometres",
    "kilometers",
    "miles",
    "mile",
    "besieged",
    "embattled",
    "war-torn",
    "kurdish-held",
    "islamist-held",
    "enclave",
    "strip",
    "valley",
    "waters",
    "off",
    "coast",
    "shores",
    "shore",
    "sea",
    "county",
    "rural",
    // "at Saint Nicolas hospital in Saint-Marc, Haiti": the facility noun of a named place.
    "hospital",
    "clinic",
    "school",
    "market",
    "mosque",
    "church",
    "stadium",
    "airport",
    "prison",
    "hotel",
    "university",
    "square",
    "station",
    // "Son Ha commune of Quan Son district, Thanh Hoa province": the units of other countries'
    // administrations between the names of a chain.
    "commune",
    "township",
    "municipality",
    "ward",
    "upazila",
    "tehsil",
    "taluka",
    "mandal",
    "subdistrict",
    "regency",
    "barangay",
    "oblast",
    "raion",
    "department",
    "municipio",
    "parish",
    "canton",
    "woreda",
    "zone",
    "lga",
    "emirate",
    "division",
    "territory",
];

fn gap_connects(text: &str, a: &PlacePhrase, b: &PlacePhrase, gaz: &Gazetteer) -> bool {
    if a.sentence != b.sentence || b.span.start < a.span.end {
        return false;
    }
    let gap = &text[a.span.end..b.span.start];
    // "Rome (Italy)", "Bieruń (Śląskie)", "El Paraíso (Caracas)": a known place in brackets
    // after a place is where that place is.
    if gap.trim() == "(" && text[b.span.end..].starts_with(')') && b.known.is_some() {
        return true;
    }
    // (A line broken inside the gap, the next line going on in lowercase, is a wrapped line:
    // "in Baoxing county of\nsouthwest China's Sichuan province".)
    let line_break = gap
        .split_once('\n')
        .is_some_and(|(_, rest)| !rest.trim_start().starts_with(char::is_lowercase));
    if gap.len() > 90 || gap.contains([';', ':', '(', ')', '"', '“', '”']) || line_break {
        return false;
    }
    if a.cue == PlaceCue::Neighbourhood && PART_APPOSITION.is_match(gap) {
        return true;
    }
    if a.possessive {
        // "Yemen's northwestern city of Saada": the possessive links country and city.
        let gap = gap.trim_start_matches(['\'', '’']).trim_start_matches('s');
        return gap.split_whitespace().all(|w| is_connector(w, gaz));
    }
    gap.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .all(|w| is_connector(w, gaz))
}

fn is_connector(word: &str, gaz: &Gazetteer) -> bool {
    // "Chattogram city's Muradpur": a connector word with the possessive.
    let word = word
        .strip_suffix("'s")
        .or_else(|| word.strip_suffix("’s"))
        .unwrap_or(word);
    let w = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
    if w.is_empty() {
        return true;
    }
    let lower = w.to_lowercase();
    if w.ends_with("-held") || w.ends_with("-controlled") || w.ends_with("-run") {
        return true;
    }
    if CONNECTORS.contains(&lower.as_str()) || w.chars().all(|c| c.is_ascii_digit()) {
        return true;
    }
    // "the northern Syrian city of Aleppo", "the Bahraini capital Manama".
    w.chars().next().is_some_and(char::is_uppercase) && gaz.country_by_demonym(w).is_some()
}

/// ", a poor neighbourhood of", ", a sprawling slum in": the gap between a quarter and its town.
static PART_APPOSITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^,\s+(?:a|an|the)\s+(?:[\p{L}-]+\s+){0,3}?(?:neighbou?rhood|suburb|township|slum|shantytown|quarter|informal\s+settlement|estate|favela|barrio|enclave)\s+(?:of|in|on\s+the\s+outskirts\s+of)\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?$",
    )
    .expect("part apposition regex")
});

/// "Mbare, a poor neighbourhood of Harare": the first name is the quarter and the second its
/// town, whatever cue the words between gave the second. Returns the phrases with those cues;
/// borrowed unchanged when the caption has no such apposition.
fn part_appositions<'a>(
    text: &str,
    places: &'a [PlacePhrase],
) -> std::borrow::Cow<'a, [PlacePhrase]> {
    let pairs: Vec<usize> = (1..places.len())
        .filter(|&j| {
            let (a, b) = (&places[j - 1], &places[j]);
            a.sentence == b.sentence
                && a.cue == PlaceCue::None
                && text
                    .get(a.span.end..b.span.start)
                    .is_some_and(|gap| gap.starts_with(',') && PART_APPOSITION.is_match(gap))
        })
        .collect();
    if pairs.is_empty() {
        return std::borrow::Cow::Borrowed(places);
    }
    let mut owned = places.to_vec();
    for j in pairs {
        owned[j - 1].cue = PlaceCue::Neighbourhood;
        owned[j].cue = PlaceCue::Settlement;
        owned[j].preposition = Some("in".to_string());
        owned[j].locative = true;
    }
    std::borrow::Cow::Owned(owned)
}

fn chains(text: &str, places: &[PlacePhrase], gaz: &Gazetteer) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for i in 0..places.len() {
        match out.last_mut() {
            // "refugees arrived from Darfur, in a refugee camp in Adre": a place with its own
            // locative preposition does not continue a chain that says where people came from.
            Some(chain)
                if gap_connects(text, &places[*chain.last().unwrap()], &places[i], gaz)
                    // "the war against Russia, in Kyiv, Ukraine": after a country, a phrase
                    // with its own "in" starts another chain.
                    && !(places[*chain.last().unwrap()].known.as_ref().is_some_and(|k| k.kind == KnownKind::Country)
                        && text
                            .get(places[*chain.last().unwrap()].span.end..places[i].span.start)
                            .is_some_and(|gap| gap.split([' ', ',']).any(|w| matches!(w, "in" | "at" | "near"))
                                // "Jordan, a village in Guatemala": a town named like a country.
                                && !is_apposition(&text[places[*chain.last().unwrap()].span.end..places[i].span.start])))
                    && !(is_excluded_start(&places[chain[0]])
                        && is_locative(&places[i])
                        && places[i].preposition.as_deref() != Some("of")) =>
            {
                chain.push(i)
            }
            _ => out.push(vec![i]),
        }
    }
    out
}

/// ", a village in", ", a small town near": the gap of a name explained by its parent.
fn is_apposition(gap: &str) -> bool {
    let words: Vec<&str> = gap
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    gap.trim_start().starts_with(',')
        && matches!(words.first(), Some(&("a" | "the")))
        && words.iter().any(|w| {
            matches!(
                *w,
                "village"
                    | "town"
                    | "city"
                    | "hamlet"
                    | "municipality"
                    | "community"
                    | "settlement"
            )
        })
        && matches!(words.last(), Some(&("in" | "of" | "near")))
}

fn is_locative(p: &PlacePhrase) -> bool {
    // "the town of Douma", "a location given as Deraa".
    p.locative || (p.rule == "place.cue_before" && p.cue == PlaceCue::Settlement)
}

/// Nouns for a settlement or a part of a country that a demonym can qualify ("the Syrian
/// capital", "la capital venezolana", "une ville malienne"). A camp is not among them: "a
/// Syrian refugee camp" is often abroad.
const DEMONYM_PLACE_NOUNS: &[&str] = &[
    "capital",
    "city",
    "town",
    "village",
    "villages",
    "countryside",
    "province",
    "region",
    "border",
    "coast",
    "port",
    "island",
    "capitale",
    "ville",
    "région",
    "frontière",
    "côte",
    "ciudad",
    "pueblo",
    "aldea",
    "región",
    "provincia",
    "frontera",
    "costa",
    "localidad",
    "cidade",
    "vila",
    "aldeia",
    "região",
    "fronteira",
    "città",
    "villaggio",
    "regione",
    "territory",
    "territorio",
    "territoire",
    "território",
];

/// Prepositions that place what follows, for [`demonym_place_phrase`].
const DEMONYM_LOCATIVES: &[&str] = &[
    "in", "at", "near", "outside", "across", "en", "dans", "à", "au", "em", "na", "no", "nella",
    "nel", "a", "di", "sa", "ở", "tại", "im", "bei",
];

/// Whether the demonym at `span` qualifies a place noun placed by a preposition: "in the
/// northern Syrian city", "en el centro de la capital venezolana".
fn demonym_place_phrase(text: &str, span: Span) -> bool {
    let words_before: Vec<String> = text[..span.start]
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .rev()
        .take(6)
        .map(str::to_lowercase)
        .collect();
    let next = text[span.end..]
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .find(|w| !w.is_empty())
        .map(str::to_lowercase);
    let noun = |w: &str| DEMONYM_PLACE_NOUNS.contains(&w);
    let locative_within =
        |ws: &[String]| ws.iter().any(|w| DEMONYM_LOCATIVES.contains(&w.as_str()));
    // English order: demonym, noun ("the Venezuelan capital").
    if next.as_deref().is_some_and(noun) && locative_within(&words_before) {
        return true;
    }
    // Romance order: noun, demonym ("la capital venezolana").
    words_before.first().is_some_and(|w| noun(w)) && locative_within(&words_before[1..])
}

/// Whether most letters of the text are of a script without letter case.
fn mostly_uncased(text: &str) -> bool {
    let (mut letters, mut uncased) = (0usize, 0usize);
    for c in text.chars().filter(|c| c.is_alphabetic()) {
        letters += 1;
        if !c.is_lowercase() && !c.is_uppercase() {
            uncased += 1;
        }
    }
    letters > 0 && uncased * 2 > letters
}

/// The one country the text names in a script without letter case, with where it is named;
/// none when it names several.
fn uncased_country(text: &str, gaz: &Gazetteer) -> Option<(Span, &'static str)> {
    let mut found: Option<(Span, &'static str)> = None;
    for (name, cc) in gaz.uncased_country_names() {
        let min = if name.chars().all(|c| c > '\u{2E80}') {
            2
        } else {
            3
        };
        if name.chars().count() < min {
            continue;
        }
        if let Some(at) = text.find(name) {
            let span = Span::new(at, at + name.len());
            match found {
                Some((_, other)) if other != cc => return None,
                Some((s, _)) if s.start <= at => {}
                _ => found = Some((span, cc)),
            }
        }
    }
    found
}

fn is_excluded_start(p: &PlacePhrase) -> bool {
    matches!(
        p.preposition.as_deref(),
        Some("from" | "to" | "into" | "towards" | "toward" | "via" | "between")
    )
}

/// Only a name the caption places without saying which town it is part of: no populated place.
fn has_anchor(places: &[PlacePhrase], chain: &[usize]) -> bool {
    chain.iter().any(|&i| {
        let p = &places[i];
        p.known.is_some() || matches!(p.cue, PlaceCue::Settlement | PlaceCue::Province)
    })
}

/// A place the gazetteer lists inside or beside the town `town` resolved to: smaller, in the same
/// country, within 15 km.
fn part_of_town(a: &Place, town: &Resolved) -> bool {
    let Resolved::Place(t) = town else {
        return false;
    };
    a.country == t.country
        && a.population < t.population
        && crate::resolve::km((a.lat, a.lon), (t.lat, t.lon)) <= 15.0
}

/// "Khartoum's airport", "Gaza's main hospital": a town's possessive before a place noun locates
/// the photo in that town.
fn possessive_place_noun(text: &str, p: &PlacePhrase) -> bool {
    const NOUNS: &[&str] = &[
        "airport",
        "port",
        "outskirts",
        "centre",
        "center",
        "streets",
        "suburbs",
        "market",
        "hospital",
        "main",
        "old",
        "city",
        "downtown",
        "university",
        "stadium",
        "square",
        "harbour",
        "harbor",
        "seafront",
        "beach",
    ];
    let rest = text[p.span.end..]
        .trim_start_matches(['\'', '’'])
        .trim_start_matches('s')
        .trim_start();
    let next = rest
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    // "in Hong Kong's Admiralty": a town's possessive before a name the caption does not place
    // otherwise is a part of that town (a country's is not: "England's Moeen Ali").
    NOUNS.contains(&next)
        || (p.known.as_ref().is_some_and(|k| {
            k.kind == KnownKind::Populated || CITY_STATES.contains(&k.country.as_str())
        }) && next.chars().next().is_some_and(char::is_uppercase))
}

/// "children, who fled from the violence in Mosul, attend a class in Erbil": a place inside a
/// clause about where people fled from, or where the people mourned or shown were held, killed,
/// born or lived ("relatives mourn Ethiopians held captive in Libya, in a neighbourhood of Addis
/// Ababa"). Only a later located place of the same sentence overrides it.
fn in_flight_clause(text: &str, p: &PlacePhrase) -> bool {
    let start = p.span.start.saturating_sub(40);
    let mut start = start;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let before = &text[start..p.span.start];
    let clause = before.rsplit([',', '.', ';']).next().unwrap_or(before);
    [
        "fled",
        "fleeing",
        "escaped",
        "escaping",
        "displaced from",
        "driven from",
        "driven out of",
        "evacuated from",
        "held captive",
        "held hostage",
        "kidnapped",
        "abducted",
        "killed in",
        "died in",
        "born in",
        "lived in",
    ]
    .iter()
    .filter_map(|w| clause.rfind(w).map(|at| &clause[at..]))
    // Only the place the flight names: one locative word between the verb and the place.
    .any(|tail| {
        tail.split(' ')
            .filter(|w| matches!(*w, "in" | "at" | "near"))
            .count()
            <= 1
    })
}

fn choose_chain(text: &str, places: &[PlacePhrase], chains: &[Vec<usize>]) -> Option<Vec<usize>> {
    let later_located = |k: usize| {
        let s = places[chains[k][0]].sentence;
        chains[k + 1..].iter().any(|c| {
            let p = &places[c[0]];
            p.sentence == s && is_locative(p) && !is_excluded_start(p) && !in_flight_clause(text, p)
        })
    };
    let first_idx = chains.iter().enumerate().position(|(k, c)| {
        let p = &places[c[0]];
        let background = in_flight_clause(text, p) && later_located(k);
        !background
            && !is_excluded_start(p)
            && is_locative(p)
            && (!p.possessive || c.len() > 1 || possessive_place_noun(text, p))
    });
    let first_idx = first_idx
        .or_else(|| {
            // "A burned Barabashovo market in Kharkiv, Ukraine": a chain that starts with a
            // known place or a named facility and goes on to a known place.
            chains.iter().position(|c| {
                let p = &places[c[0]];
                !is_excluded_start(p)
                    && c.len() >= 2
                    && (p.known.is_some()
                        || (is_facility(p) && c[1..].iter().any(|&i| places[i].known.is_some())))
            })
        })
        .or_else(|| {
            // "Smoke rises over Gaza City", "people walk past the Independence Monument in
            // Phnom Penh": with no locative chain, one seen over, past or beside a place.
            chains.iter().position(|c| {
                let p = &places[c[0]];
                matches!(
                    p.preposition.as_deref(),
                    Some("over" | "above" | "past" | "beside" | "by" | "overlooking" | "under")
                ) && c.iter().any(|&i| places[i].known.is_some())
            })
        })
        .or_else(|| {
            // "a vessel leaving Port Sudan": with nothing else, the last known town named
            // outside a flight clause or a "from/to" phrase (a great city also by its name in
            // another language: "le port de Beyrouth").
            chains.iter().rposition(|c| {
                let p = &places[c[0]];
                !is_excluded_start(p)
                    && !in_flight_clause(text, p)
                    && p.known.as_ref().is_some_and(|k| {
                        k.kind == KnownKind::Populated && (k.primary || k.population >= 1_000_000)
                    })
            })
        })?;
    // A first chain naming only a region ("displaced by fighting in north Kivu province in the
    // Democratic Republic of Congo, is seen in the Nyakabande camp in Kisoro town") gives way to
    // a later chain of the same sentence that names a town or a camp.
    let specific = |c: &Vec<usize>| {
        c.iter().enumerate().any(|(pos, &i)| {
            let p = &places[i];
            match p.cue {
                PlaceCue::Settlement | PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::Neighbourhood => true,
                PlaceCue::None => {
                    matches!(p.known.as_ref().map(|k| k.kind), Some(KnownKind::Populated))
                        // "in Borota, Chad": a name the gazetteer lacks, placed in a country.
                        || (p.known.is_none() && c[pos + 1..].iter().any(|&j| matches!(places[j].known.as_ref().map(|k| k.kind), Some(KnownKind::Country | KnownKind::Admin1))))
                }
                _ => false,
            }
        })
    };
    let mut first_idx = first_idx;
    if !specific(&chains[first_idx]) {
        let sentence = places[chains[first_idx][0]].sentence;
        if let Some(k) = chains
            .iter()
            .enumerate()
            .skip(first_idx + 1)
            .find(|(_, c)| {
                let p = &places[c[0]];
                p.sentence == sentence && is_locative(p) && !is_excluded_start(p) && specific(c)
            })
            .map(|(k, _)| k)
        {
            first_idx = k;
        }
    }
    let mut chain = chains[first_idx].clone();
    let head = &places[chain[0]];
    // A dateline ("Idlib, Syria. 30 December 2020. Children in the camp of ...") is refined by
    // the first located chain of the body.
    // A body chain that names another country than the dateline's ("Dollo Ado, Ethiopia: …
    // drought which has hit the Horn of Africa, including Somalia, Kenya") is background.
    let dateline_countries: Vec<&str> = chain
        .iter()
        .filter_map(|&i| places[i].known.as_ref())
        .filter(|k| k.kind == KnownKind::Country)
        .map(|k| k.country.as_str())
        .collect();
    let agrees = |c: &Vec<usize>| {
        dateline_countries.is_empty()
            || c.iter().all(|&i| {
                places[i].known.as_ref().is_none_or(|k| {
                    k.kind != KnownKind::Country || dateline_countries.contains(&k.country.as_str())
                })
            })
    };
    if head.preposition.as_deref() == Some("dateline")
        && let Some(next) = chains[first_idx + 1..].iter().find(|c| {
            let p = &places[c[0]];
            p.sentence <= head.sentence + 3
                && is_locative(p)
                && !is_excluded_start(p)
                && p.preposition.as_deref() != Some("dateline")
                && p.cue != PlaceCue::Region
                && agrees(c)
                && !in_quotation(text, p.span)
                && !other_country_alone(places, &chain, c)
        })
    {
        let mut merged = next.clone();
        let pos = chains.iter().position(|c| c == next).unwrap();
        extend_with_following(text, places, chains, pos, &mut merged);
        // "KYIV, UKRAINE - ... in Kyiv, Ukraine": a dateline name the body repeats is one place.
        let said: Vec<String> = merged
            .iter()
            .map(|&i| dateline_geo::fold(&places[i].name))
            .collect();
        merged.extend(
            chain
                .iter()
                .copied()
                .filter(|&i| !said.contains(&dateline_geo::fold(&places[i].name))),
        );
        return Some(merged);
    }
    extend_with_following(text, places, chains, first_idx, &mut chain);
    prepend_subject_facility(places, chains, first_idx, &mut chain);
    Some(chain)
}

/// Whether `span` stands inside quoted speech ("“When we were in Myanmar, …”"): what a
/// speaker tells of is seldom where the photo was made.
fn in_quotation(text: &str, span: Span) -> bool {
    let before = &text[..span.start];
    let opens = before.matches('“').count();
    let closes = before.matches('”').count();
    opens > closes || (opens == 0 && before.matches('"').count() % 2 == 1)
}

/// Whether chain `next` names only a country other than that of the dateline `chain`'s known
/// town ("COX'S BAZAR, … We left Myanmar …"): another country, not a part of the dateline's.
fn other_country_alone(places: &[PlacePhrase], chain: &[usize], next: &[usize]) -> bool {
    let town_country = chain.iter().find_map(|&i| {
        places[i]
            .known
            .as_ref()
            .filter(|k| k.kind == KnownKind::Populated)
            .map(|k| k.country.as_str())
    });
    let Some(tc) = town_country else {
        return false;
    };
    next.iter().all(|&i| {
        places[i]
            .known
            .as_ref()
            .is_some_and(|k| k.kind == KnownKind::Country && k.country != tc)
    })
}

/// "20 kilometres north of", "some 60 km (37 miles) southwest of the capital": a distance from
/// the name that follows.
static DISTANCE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b\d[\d,.]*\s*-?\s*(?:km|kms|kilomet(?:re|er)s?|miles?|mi)\b(?:\s*\([^)]{0,30}\))?\s+(?:[\p{L}-]+\s+){0,2}?(?:of|from)\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,3}?$",
    )
    .expect("distance regex")
});

/// Whether the phrase is the point a distance is measured from.
fn distance_reference(text: &str, p: &PlacePhrase) -> bool {
    let start = p.span.start;
    let from = text[..start]
        .char_indices()
        .rev()
        .nth(90)
        .map_or(0, |(k, _)| k);
    let before = &text[from..start];
    before.bytes().any(|b| b.is_ascii_digit()) && DISTANCE_BEFORE.is_match(before)
}

/// Cities of this size are divisions of their own in many countries (Nairobi County, Abidjan
/// Autonomous District, Bangkok, Tokyo, Metro Manila), and their quarters are what captions name
/// before them.
const GREAT_CITY: u64 = 1_000_000;

/// "in Kayole, Nairobi, Kenya", "Ermita, Manila": a name the gazetteer lacks, or knows only far
/// away, before a bare comma and a great city is a quarter of that city. The division named like
/// the city is read as the city itself, so that the name before it becomes the sublocation; a
/// small homonym more than 150 km away is dropped for the unknown quarter.
fn part_of_great_city(
    text: &str,
    places: &[PlacePhrase],
    chosen: &[usize],
    resolved: &mut [Resolved],
    gaz: &Gazetteer,
) {
    for w in chosen.windows(2) {
        let (i, j) = (w[0], w[1]);
        if places[i].cue != PlaceCue::None
            || text
                .get(places[i].span.end..places[j].span.start)
                .is_none_or(|gap| gap.trim() != ",")
        {
            continue;
        }
        let city = match &resolved[j] {
            Resolved::Place(p) if p.population >= GREAT_CITY => Some(p.clone()),
            Resolved::Admin1(a) => lookup(gaz, crate::oracle::bare(&places[j].lookup))
                .into_iter()
                .filter(|p| {
                    p.country == a.country
                        && p.admin1 == a.code
                        && p.feature_class == 'P'
                        && p.population >= GREAT_CITY
                })
                .max_by_key(|p| p.population),
            _ => None,
        };
        let Some(city) = city else { continue };
        let quarter = match &resolved[i] {
            Resolved::Unknown => true,
            Resolved::Place(p) => {
                p.country == city.country
                    && p.population < 50_000
                    && p.feature_class == 'P'
                    && crate::resolve::km((p.lat, p.lon), (city.lat, city.lon)) > 150.0
            }
            _ => false,
        };
        if quarter {
            resolved[i] = Resolved::Unknown;
            resolved[j] = Resolved::Place(city);
        }
    }
}

/// The words of a landmark's name that name its town, as written ("Tal Afar" in "Tal Afar
/// airport"): the name without its last word, when that is the town's name.
fn town_named_in<'a>(landmark: &'a str, town: &Place) -> Option<&'a str> {
    let (head, _) = landmark.rsplit_once(' ')?;
    (dateline_geo::fold(head) == dateline_geo::fold(&town.name)).then_some(head)
}

/// A name whose last word makes it an institution's: a hospital, a university, a ministry, an
/// embassy, a centre.
fn is_institution(name: &str) -> bool {
    name.rsplit(' ').next().is_some_and(|w| {
        matches!(
            w,
            "Hospital"
                | "Clinic"
                | "Polyclinic"
                | "University"
                | "College"
                | "Institute"
                | "Ministry"
                | "Center"
                | "Centre"
                | "Headquarters"
                | "Office"
                | "Embassy"
                | "Consulate"
        )
    })
}

/// A landmark, camp or neighbourhood phrase: where in a town the photo was taken.
fn is_facility(p: &PlacePhrase) -> bool {
    matches!(
        p.cue,
        PlaceCue::Landmark | PlaceCue::Camp | PlaceCue::Neighbourhood
    )
}

/// Whether the words between an unknown name and the known town after it make the name a part
/// of that town: a bare comma ("in Jubar, Damascus"), "in" before a town of 20,000 people ("in
/// Meanee in Napier", "a la colonia X en Tegucigalpa") or the town in brackets ("El Paraíso
/// (Caracas)"). A village "near" a town is a town of its own.
fn part_of_next_town(gap: &str, town: &Resolved) -> bool {
    let g = gap.trim();
    let size = match town {
        Resolved::Place(p) => p.population,
        _ => 0,
    };
    g == ","
        || (matches!(g, "in" | "en" | "em" | "à" | "di" | "(") && size >= 20_000)
        || town_named_by_its_noun(g)
}

/// "the Corniche of the city of Derna", "la plaza de la ciudad de Ica": the town is named by
/// its noun after the part.
fn town_named_by_its_noun(gap: &str) -> bool {
    let words: Vec<String> = gap.split_whitespace().map(str::to_lowercase).collect();
    let opens = |w: &str| {
        matches!(
            w,
            "of" | "in" | "de" | "da" | "do" | "di" | "en" | "à" | "em"
        )
    };
    let nouns = [
        ("city", "of"),
        ("town", "of"),
        ("ciudad", "de"),
        ("ville", "de"),
        ("cidade", "de"),
        ("città", "di"),
    ];
    (3..=5).contains(&words.len())
        && opens(&words[0])
        && nouns
            .iter()
            .any(|(n, of)| words[words.len() - 2] == *n && words[words.len() - 1] == *of)
}

/// A named part of the town that the chain leaves out because no locative stands before it:
/// a landmark, camp or neighbourhood written right before the town ("leaving Insein Prison in
/// Yangon", "Glen View Hall, Harare"), a part named by its cue word in the town's sentence ("a la
/// colonia Villanueva" after "en Tegucigalpa", "tại thôn Làng Át", "de la rue Didouche Mourad"
/// in a caption placed in Algiers), or a landmark after the
/// town's possessive ("Mandalay's highest building, the Mann Myanmar Plaza").
fn part_named_beside_town(
    text: &str,
    places: &[PlacePhrase],
    chosen: &[usize],
    resolved: &[Resolved],
    ci: usize,
) -> Option<usize> {
    let town = &places[ci];
    let town_country = match &resolved[ci] {
        Resolved::Place(p) => Some(p.country.as_str()),
        _ => None,
    };
    // "CIUDAD DE MÉXICO, 01NOVIEMBRE2023.- Familias acuden al panteón de Dolores": the first
    // sentence after a dateline is told in the dateline's town.
    let dateline_next = |p: &PlacePhrase| {
        town.preposition.as_deref() == Some("dateline") && p.sentence == town.sentence + 1
    };
    (0..places.len()).find(|&i| {
        let p = &places[i];
        if i == ci
            || chosen.contains(&i)
            || !is_facility(p)
            || p.rule == "place.old_quarter"
            || (p.sentence != town.sentence && !dateline_next(p))
            || distance_reference(text, p)
        {
            return false;
        }
        if let (Resolved::Place(a), Some(cc)) = (&resolved[i], town_country)
            && a.country != cc
        {
            return false;
        }
        let right_before_town = p.span.end <= town.span.start
            && text.get(p.span.end..town.span.start).is_some_and(|gap| {
                // (Not ", in": "visits to al-Aqsa mosque, in Gaza city" is the sentence's
                // own place, after a pause.)
                matches!(
                    gap.trim(),
                    "" | "," | "in" | "at" | "en" | "em" | "à" | "di" | "tại" | "в"
                )
            });
        // ("la rue Didouche Mourad", "z ronda Dmowskiego": a landmark named with its noun.)
        let named_by_cue = p.rule == "place.cue_before"
            && matches!(
                p.cue,
                PlaceCue::Neighbourhood | PlaceCue::Landmark | PlaceCue::Camp
            );
        let after_possessive_town = town.possessive && p.span.start > town.span.end;
        right_before_town || named_by_cue || after_possessive_town
    })
}

/// "Taksim Square is flooded by tear gas as protesters clash with police in Istanbul": a named
/// facility that is the subject of the sentence, with no preposition, is where in the town of
/// the chosen chain the photo was taken, when that chain names no facility of its own.
fn prepend_subject_facility(
    places: &[PlacePhrase],
    chains: &[Vec<usize>],
    first_idx: usize,
    chain: &mut Vec<usize>,
) {
    if chain.iter().any(|&i| is_facility(&places[i])) {
        return;
    }
    let sentence = places[chain[0]].sentence;
    let subject = chains[..first_idx].iter().rev().find(|c| {
        c.len() == 1 && {
            let p = &places[c[0]];
            p.sentence == sentence
                && p.preposition.is_none()
                && !p.possessive
                && p.known.is_none()
                && is_facility(p)
        }
    });
    if let Some(c) = subject {
        chain.insert(0, c[0]);
    }
}

/// A chain of only a camp or landmark ("the Al-Rayyan camp for internally displaced Syrians in
/// the outskirt of the town of Kafr Arrouq") continues with the next chain of the sentence.
fn extend_with_following(
    _text: &str,
    places: &[PlacePhrase],
    chains: &[Vec<usize>],
    idx: usize,
    chain: &mut Vec<usize>,
) {
    let mut k = idx;
    while !has_anchor(places, chain)
        || chain.iter().all(|&i| {
            matches!(
                places[i].cue,
                PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::Neighbourhood
            )
        })
    {
        let Some(next) = chains.get(k + 1) else {
            return;
        };
        let last = &places[*chain.last().unwrap()];
        let first = &places[next[0]];
        if first.sentence != last.sentence
            || first.span.start > last.span.end + 160
            || is_excluded_start(first)
        {
            return;
        }
        chain.extend(next.iter().copied());
        k += 1;
    }
}

fn pick_place(candidates: Vec<Place>, countries: &[String]) -> Option<Place> {
    if candidates.is_empty() {
        return None;
    }
    for cc in countries {
        if let Some(p) = candidates
            .iter()
            .filter(|p| &p.country == cc)
            .max_by_key(|p| rank(p))
        {
            return Some(p.clone());
        }
    }
    candidates.into_iter().max_by_key(rank)
}

/// `news` says the caption has a credit line: a news photo's caption names real places.
/// `sport` says it shows a sport, where a country named is most often a team.
pub(crate) fn locate(
    text: &str,
    mentions: &Mentions,
    gaz: &Gazetteer,
    news: bool,
    sport: bool,
) -> Located {
    let appositions = part_appositions(text, &mentions.places);
    let places: &[PlacePhrase] = &appositions;
    let mut evidence: BTreeMap<String, Vec<Evidence>> = BTreeMap::new();
    let mut warnings = Vec::new();
    let all_chains = chains(text, places, gaz);
    let mut chosen = choose_chain(text, places, &all_chains).unwrap_or_default();
    // "Editing a photo in Photoshop": with no credit, no known place and no demonym anywhere,
    // an unknown name after "in" is more likely a thing than a town. It stays in `places`.
    // A named landmark, camp or part of a town ("at Kwame Nkrumah Circle") is a place whatever
    // the gazetteer says: it stays the sublocation, with no coordinates.
    if !news
        && !chosen.is_empty()
        && places.iter().all(|p| p.known.is_none())
        && mentions.demonyms.is_empty()
        && !is_facility(&places[chosen[0]])
    {
        warnings.push(format!(
            "\"{}\" is not a known place and nothing else in the caption places the photo; \
             no location given",
            places[chosen[0]].name
        ));
        chosen.clear();
    }

    // Country context: countries named in the chosen chain, demonyms inside or right before it,
    // then every country and demonym of the caption.
    let mut countries: Vec<String> = Vec::new();
    let chain_span = chosen.first().map(|&i| {
        let a = places[i].span.start;
        let b = chosen
            .iter()
            .map(|&j| places[j].span.end)
            .max()
            .unwrap_or(a);
        Span::new(a, b)
    });
    for &i in &chosen {
        if let Some(k) = &places[i].known
            && k.kind == KnownKind::Country
        {
            countries.push(k.country.clone());
        }
    }
    let mut attached: Vec<&dateline_text::mentions::DemonymMention> = Vec::new();
    if let Some(cs) = chain_span {
        for d in &mentions.demonyms {
            // "the northern Syrian city of Aleppo": only a demonym joined to the chain by
            // connector words describes it ("Israeli airstrike ..., in Gaza City" does not).
            let before_chain = d.span.end <= cs.start
                && cs.start - d.span.end < 40
                && text[d.span.end..cs.start]
                    .split_whitespace()
                    .all(|w| is_connector(w, gaz));
            if cs.contains(&d.span) || before_chain {
                countries.push(d.country.clone());
                attached.push(d);
            }
        }
    }
    let mut explicit_chain_countries = countries.len();
    for p in places {
        if let Some(k) = &p.known
            && k.kind == KnownKind::Country
        {
            countries.push(k.country.clone());
        }
    }
    countries.extend(mentions.demonyms.iter().map(|d| d.country.clone()));
    dedup_keep_order(&mut countries);

    // Resolve every mention (for the places list) in the caption's country context.
    let focus = crate::resolve::focus(places, &chosen, mentions, &attached, gaz);
    let reading =
        crate::resolve::resolve_jointly(text, places, &chosen, &focus, gaz, &|n| lookup(gaz, n));
    let mut resolved = reading.resolved;
    for (i, rival) in &reading.close_calls {
        warnings.push(format!(
            "\"{}\" could also be a place in {rival}; the reading chosen fits the rest of the caption only narrowly",
            places[*i].name
        ));
    }
    // A country name read as a town ("Jordan, a village in Guatemala") is no evidence of its
    // country.
    for &i in &chosen {
        if let Some(k) = &places[i].known
            && k.kind == KnownKind::Country
            && !matches!(resolved[i], Resolved::Country(_))
            && let Some(at) = countries.iter().position(|c| c == &k.country)
        {
            countries.remove(at);
            if at < explicit_chain_countries {
                explicit_chain_countries -= 1;
            }
        }
    }
    // The places of one chain lie in one country: the one it names, else that of its largest
    // place. A small place known only elsewhere ("Headingley, Leeds": a Headingley in Canada)
    // is then a local name the gazetteer lacks.
    // "Goma, Congo": two countries share the name the caption uses; the chain's town decides.
    if explicit_chain_countries > 0 {
        let named_text: Vec<String> = chosen
            .iter()
            .filter(|&&i| matches!(resolved[i], Resolved::Country(_)))
            .map(|&i| dateline_geo::fold(&places[i].name))
            .collect();
        let other = chosen.iter().find_map(|&i| match &resolved[i] {
            Resolved::Place(p) if p.country != countries[0] => {
                gaz.country(&p.country).filter(|c| {
                    let other_name = dateline_geo::fold(&c.name);
                    named_text
                        .iter()
                        .any(|n| n.len() >= 4 && other_name.split(' ').any(|w| w == n))
                })
            }
            _ => None,
        });
        if let Some(c) = other {
            countries.insert(0, c.code);
        }
    }
    // "the town of Tawila in North Darfur": a province the chain names settles the country as a
    // country name would.
    let chain_admin1_country = chosen.iter().find_map(|&i| match &resolved[i] {
        Resolved::Admin1(a) => Some(a.country.clone()),
        _ => None,
    });
    let largest = chosen
        .iter()
        .filter_map(|&i| match &resolved[i] {
            Resolved::Place(p) => Some((p.population, p.country.clone())),
            _ => None,
        })
        .max();
    // "fled the drought in southern Somalia and took refuge in Muuri camp in Badoa": small
    // homonyms in a country the caption never names give way to the country it does name.
    // Only a country the caption places something in counts ("boats from Turkey" does not).
    // A country at the end of a chain that places something counts too ("near Larissa city,
    // Greece").
    let in_located_chain = |i: usize| {
        all_chains.iter().any(|c| {
            c.contains(&i) && is_locative(&places[c[0]]) && !is_excluded_start(&places[c[0]])
        })
    };
    let mut located_countries: Vec<String> = places
        .iter()
        .enumerate()
        .filter(|(i, p)| (is_locative(p) && !is_excluded_start(p)) || in_located_chain(*i))
        .filter(|(_, p)| !named_as_a_cause(text, p.span))
        .filter_map(|(_, p)| p.known.as_ref())
        .filter(|k| k.kind == KnownKind::Country)
        .map(|k| k.country.clone())
        .collect();
    dedup_keep_order(&mut located_countries);
    // "in Tempe, … north of Athens, near Larissa city, Greece": when other towns of the caption
    // lie in the country it places things in, a larger homonym abroad gives way too.
    let seconded = |cc: &str| {
        places.iter().enumerate().any(|(i, p)| {
            !chosen.contains(&i)
                && p.known
                    .as_ref()
                    .is_some_and(|k| k.kind == KnownKind::Populated && k.primary && k.country == cc)
        })
    };
    let context_country = (explicit_chain_countries == 0
        && chain_admin1_country.is_none()
        && located_countries.len() == 1)
        .then(|| {
            largest.as_ref().and_then(|(pop, cc)| {
                let limit = if seconded(&located_countries[0]) {
                    1_000_000
                } else {
                    100_000
                };
                (*pop < limit && !countries.contains(cc)).then(|| located_countries[0].clone())
            })
        })
        .flatten();
    let chain_country = if explicit_chain_countries > 0 {
        countries.first().cloned()
    } else {
        chain_admin1_country
            .or_else(|| context_country.clone())
            .or_else(|| largest.map(|(_, cc)| cc))
    };
    // "the rebel take over of Damascus, in Tripoli, northern Lebanon": a well-known place of
    // another country than the chain's is not part of where the photo was taken.
    if let (Some(cc), true) = (&chain_country, explicit_chain_countries > 0) {
        chosen.retain(|&i| match &places[i].known {
            Some(k)
                if k.kind == KnownKind::Populated
                    && k.primary
                    && k.population >= 100_000
                    && &k.country != cc =>
            {
                lookup(gaz, crate::oracle::bare(&places[i].lookup))
                    .iter()
                    .any(|p| &p.country == cc)
            }
            _ => true,
        });
    }
    if let Some(cc) = &chain_country {
        for &i in &chosen {
            // ("at Paya Terubong in George Town": the Cayman Islands' division of that name
            // gives way to the town of the chain's country.)
            // (The chain country's own division of that name first, else its town.)
            if let Resolved::Admin1(a) = &resolved[i]
                && &a.country != cc
                && let Some(own) = gaz
                    .admin1_by_name(&places[i].lookup, Some(cc))
                    .into_iter()
                    .next()
                    .map(Resolved::Admin1)
                    .or_else(|| {
                        pick_place(
                            lookup(gaz, crate::oracle::bare(&places[i].lookup)),
                            std::slice::from_ref(cc),
                        )
                        .filter(|p| &p.country == cc)
                        .map(Resolved::Place)
                    })
            {
                resolved[i] = own;
                continue;
            }
            if let Resolved::Place(p) = &resolved[i]
                && &p.country != cc
            {
                let strict = pick_place(
                    lookup(gaz, crate::oracle::bare(&places[i].lookup)),
                    std::slice::from_ref(cc),
                );
                resolved[i] = match strict {
                    Some(p) if &p.country == cc => Resolved::Place(p),
                    _ => Resolved::Unknown,
                };
            }
        }
    }

    part_of_great_city(text, places, &chosen, &mut resolved, gaz);

    // "El Paraíso (Caracas)", "Shar-e-Naw in Kabul": a name written as a part of the larger
    // town after it (in brackets, or "in" a city of 100,000 people) is a place within 30 km of
    // that town, else a part the gazetteer does not know (not a homonym elsewhere).
    for w in chosen.windows(2) {
        let (i, j) = (w[0], w[1]);
        if let (Resolved::Place(a), Resolved::Place(b)) = (&resolved[i], &resolved[j])
            && b.population >= a.population
            && crate::resolve::km((a.lat, a.lon), (b.lat, b.lon)) > 30.0
            && places[i].cue == PlaceCue::None
            && text
                .get(places[i].span.end..places[j].span.start)
                .is_some_and(|gap| {
                    gap.trim() == "("
                        || (gap.trim() != ","
                            && part_of_next_town(gap, &resolved[j])
                            && b.population >= 100_000)
                })
        {
            let near = lookup(gaz, crate::oracle::bare(&places[i].lookup))
                .into_iter()
                .filter(|p| crate::resolve::km((p.lat, p.lon), (b.lat, b.lon)) <= 30.0)
                .max_by_key(|p| p.population);
            resolved[i] = near.map_or(Resolved::Unknown, Resolved::Place);
        }
    }

    // "… en avenida Juárez, en el centro de la ciudad … Ciudad de México. Septiembre 19, 2017.":
    // a chain with no town of its own takes the town of a dateline written after the caption.
    let chain_names_town = chosen.iter().any(|&j| {
        matches!(&resolved[j], Resolved::Place(p) if p.feature_class == 'P')
            && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement)
    });
    if !chain_names_town
        && let Some(d) = (0..places.len()).find(|&i| {
            !chosen.contains(&i)
                && places[i].preposition.as_deref() == Some("dateline")
                && places[i].sentence > 0
                && matches!(&resolved[i], Resolved::Place(p) if p.feature_class == 'P')
        })
    {
        chosen.push(d);
    }

    let mut loc = Location::default();
    let mut city_idx: Option<usize> = None;
    let mut sub_idx: Option<usize> = None;
    let mut prov_idx: Option<usize> = None;
    let mut country_idx: Option<usize> = None;
    let mut feature_idx: Option<usize> = None;
    // A larger town the chain names after the city ("north of Raqqa city", "the capital
    // Damascus"): not a field of its own, but where coordinates come from when the city is unknown.
    let mut parent_idx: Option<usize> = None;
    // The parent is only the point a distance is measured from: no province of its own.
    let mut distance_parent = false;
    // "Nishihara, Kumamoto, Japan": when the known name after an unknown one is also a province
    // and a country follows, the unknown one is the town, not a part of it.
    let next_is_province_of_country = |pos: usize| {
        chosen.get(pos + 1).is_some_and(|&j| {
            !matches!(&resolved[j], Resolved::Place(p) if p.population >= GREAT_CITY)
                && !gaz.admin1_by_name(&places[j].lookup, None).is_empty()
                && text
                    .get(places[chosen[pos]].span.end..places[j].span.start)
                    .is_some_and(|gap| gap.trim() == ",")
        }) && chosen
            .get(pos + 2)
            .is_some_and(|&k| matches!(resolved[k], Resolved::Country(_)))
    };
    // (A city-state is a town too: "Wong Tai Sin district, in Hong Kong".)
    let chain_has_town = chosen.iter().any(|&j| {
        (matches!(resolved[j], Resolved::Place(_))
            && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement))
            || matches!(&resolved[j], Resolved::Country(c) if CITY_STATES.contains(&c.code.as_str()))
    });
    let section_of_next = |a: &Place, pos: usize| {
        let i = chosen[pos];
        chosen.get(pos + 1).is_some_and(|&j| {
            let Resolved::Place(b) = &resolved[j] else {
                return false;
            };
            // "at Paya Terubong in George Town": a place "in" a seat or a large town a few
            // kilometres away is a part of it, whatever the gazetteer counts in each (suburbs
            // often outnumber the old town's own count).
            let seat = |p: &Place| p.feature_code.starts_with("PPLA") || p.feature_code == "PPLC";
            if b.feature_class == 'P'
                && b.country == a.country
                && !seat(a)
                && (seat(b) || b.population >= 100_000)
                && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement)
                && text
                    .get(places[i].span.end..places[j].span.start)
                    .is_some_and(|gap| gap.trim() == "in")
                && crate::resolve::km((a.lat, a.lon), (b.lat, b.lon)) <= 12.0
            {
                return true;
            }
            b.feature_class == 'P'
                && b.country == a.country
                && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement)
                && text
                    .get(places[i].span.end..places[j].span.start)
                    .is_some_and(|gap| gap.trim() == ",")
                && (a.feature_code == "PPLX"
                    || (b.population >= 20_000
                        && b.population >= 5 * a.population.max(1)
                        && crate::resolve::km((a.lat, a.lon), (b.lat, b.lon)) <= 6.0)
                    // "Bang Khen, Bangkok": a district of a great city, in its division.
                    || (b.population >= GREAT_CITY
                        && b.population >= 20 * a.population.max(1)
                        && a.admin1 == b.admin1
                        && crate::resolve::km((a.lat, a.lon), (b.lat, b.lon)) <= 25.0))
        })
    };
    for (pos, &i) in chosen.iter().enumerate() {
        let p = &places[i];
        // "Tangoio Marae 20 kilometres north of Napier": a town that gives a distance is not where
        // the photo was taken; it gives the coordinates when nothing nearer does.
        if city_idx.is_none()
            && matches!(resolved[i], Resolved::Place(_))
            && matches!(p.cue, PlaceCue::None | PlaceCue::Settlement)
            && distance_reference(text, p)
        {
            parent_idx.get_or_insert(i);
            distance_parent = true;
            continue;
        }
        // "in Jubar, Damascus": only a bare comma between the unknown name and a known town.
        let next_known_populated = chosen.get(pos + 1).is_some_and(|&j| {
            matches!(resolved[j], Resolved::Place(_))
                && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement)
                && text
                    .get(places[i].span.end..places[j].span.start)
                    .is_some_and(|gap| part_of_next_town(gap, &resolved[j]))
        });
        match (&resolved[i], p.cue) {
            // "… por la huelga por Palestina": a country named as a protest's cause is not where
            // the photo was taken.
            (Resolved::Country(_), _) if named_as_a_cause(text, p.span) => {}
            (Resolved::Country(_), _) => {
                country_idx.get_or_insert(i);
            }
            (_, PlaceCue::Province) => {
                prov_idx.get_or_insert(i);
            }
            (_, PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::Neighbourhood) => {
                let after_possessive = pos > 0 && places[chosen[pos - 1]].possessive;
                // "Mosul, in al-Samah neighborhood": a named part after its town.
                let after_town = city_idx.is_some_and(|c| pos > 0 && chosen[pos - 1] == c);
                if sub_idx.is_none() && (city_idx.is_none() || after_possessive || after_town) {
                    // "Tokyo's Kameido", "Kabul's Shar-e-Naw": a part named after its town.
                    sub_idx = Some(i);
                } else if city_idx.is_none()
                    && p.cue == PlaceCue::Neighbourhood
                    && p.rule != "place.old_quarter"
                    // ("the al-Barsha area in Dubai": the town the chain names next is the city.)
                    && !chosen[pos + 1..].iter().any(|&j| {
                        matches!(resolved[j], Resolved::Place(_))
                            && matches!(places[j].cue, PlaceCue::None | PlaceCue::Settlement)
                    })
                {
                    // "the outskirts of Damascus": the city itself.
                    city_idx = Some(i);
                }
            }
            (_, PlaceCue::District)
                if sub_idx.is_none()
                    && !places[i].name.contains("sub-district")
                    && chain_has_town
                    && (city_idx.is_none() || pos > 0 && places[chosen[pos - 1]].possessive) =>
            {
                // "Baghdad's Karrada district": a district of a city is a part of it.
                sub_idx = Some(i);
            }
            (Resolved::Admin1(_), PlaceCue::District)
                if places[i].name.ends_with("County") || places[i].name.ends_with("county") =>
            {
                // Kenya's and Liberia's counties are first-level divisions.
                prov_idx.get_or_insert(i);
            }
            (Resolved::Admin1(_), PlaceCue::Region) => {
                // "North Kordofan": a compass word that is part of a province's name.
                prov_idx.get_or_insert(i);
            }
            (_, PlaceCue::District | PlaceCue::Feature | PlaceCue::Region) => {
                feature_idx.get_or_insert(i);
            }
            (Resolved::Admin1(_), c) if c != PlaceCue::Settlement => {
                prov_idx.get_or_insert(i);
            }
            // "in Kangra district of Himachal Pradesh": a division a district is "of" is the
            // province, not a town.
            (Resolved::Admin1(_), PlaceCue::Settlement)
                if gaz.lookup(&places[i].lookup).is_empty()
                    && text[..p.span.start]
                        .trim_end()
                        .rsplit(' ')
                        .nth(1)
                        .is_some_and(|w| {
                            matches!(
                                w.to_lowercase().as_str(),
                                "district" | "districts" | "county" | "area"
                            )
                        }) =>
            {
                prov_idx.get_or_insert(i);
            }
            (Resolved::Unknown, PlaceCue::None)
                if sub_idx.is_none()
                    && city_idx.is_none()
                    && next_known_populated
                    && !next_is_province_of_country(pos) =>
            {
                // "in Jubar, Damascus": an unknown name before a known town is a part of it.
                sub_idx = Some(i);
            }
            // With an imported GeoNames dump the gazetteer knows islands, mountains and rivers
            // (classes T, H, L) and spots such as camps, schools and stadiums (class S).
            (Resolved::Place(pl), PlaceCue::None)
                if matches!(pl.feature_class, 'T' | 'H' | 'L' | 'U' | 'V') =>
            {
                feature_idx.get_or_insert(i);
            }
            (Resolved::Place(pl), PlaceCue::None)
                if pl.feature_class == 'S' && sub_idx.is_none() && city_idx.is_none() =>
            {
                sub_idx = Some(i);
            }
            (Resolved::Place(a), PlaceCue::None)
                if sub_idx.is_none()
                    && pos > 0
                    && city_idx == Some(chosen[pos - 1])
                    && places[chosen[pos - 1]].possessive
                    && part_of_town(a, &resolved[chosen[pos - 1]]) =>
            {
                // "Baghdad's Sadr City": a smaller place near the town whose possessive names it.
                sub_idx = Some(i);
            }
            (Resolved::Place(a), PlaceCue::None)
                if sub_idx.is_none() && city_idx.is_none() && section_of_next(a, pos) =>
            {
                // "Chinatown, Honiara", "Kotturpuram, Chennai": a section of the town named
                // next, or a small place inside it, is a part of that town.
                sub_idx = Some(i);
            }
            (Resolved::Unknown, PlaceCue::Settlement)
                if sub_idx.is_none()
                    && city_idx.is_some()
                    && pos > 0
                    && places[chosen[pos - 1]].possessive =>
            {
                // "Aleppo's government-controlled area of al-Masharqa": a part of the town.
                sub_idx = Some(i);
            }
            // "at the Ayder Referral Hospital, in Mekelle": an institution the gazetteer does not
            // know is no town.
            (Resolved::Unknown, PlaceCue::None) if is_institution(&p.name) => {}
            (Resolved::Place(_) | Resolved::Unknown | Resolved::Admin1(_), _) => match city_idx {
                None => city_idx = Some(i),
                Some(c)
                    // "Kafr Arrouq on the northwest of Idlib": a second town named like a province
                    // is the province; "the capital Damascus" stays a town.
                    if prov_idx.is_none()
                        && p.sentence == places[c].sentence
                        && p.cue != PlaceCue::Settlement
                        && {
                            // (Only a division of the town's country: "George Town" is also one
                            // of the Cayman Islands'.)
                            let town_country = match &resolved[c] {
                                Resolved::Place(cp) => Some(cp.country.as_str()),
                                _ => None,
                            };
                            let divisions: Vec<_> = gaz
                                .admin1_by_name(&p.lookup, None)
                                .into_iter()
                                .filter(|a| town_country.is_none_or(|cc| a.country == cc))
                                .collect();
                            // ("DHAKA, June 5 (BSS) - … relief in Sylhet": a dateline naming a
                            // division the town is not in names where the story was filed.)
                            !divisions.is_empty()
                                && (p.preposition.as_deref() != Some("dateline")
                                    || divisions.iter().any(|a| match &resolved[c] {
                                        Resolved::Place(cp) => {
                                            cp.country == a.country && cp.admin1 == a.code
                                        }
                                        _ => true,
                                    }))
                        } =>
                {
                    prov_idx = Some(i);
                }
                Some(_) => {
                    if matches!(resolved[i], Resolved::Place(_)) {
                        parent_idx.get_or_insert(i);
                    }
                }
            },
        }
    }

    let set_ev = |evidence: &mut BTreeMap<String, Vec<Evidence>>,
                  field: &str,
                  i: usize,
                  rule: &str,
                  id: Option<u64>| {
        let mut e = Evidence::new(places[i].span, rule);
        e.geonames_id = id;
        evidence.entry(field.to_string()).or_default().push(e);
    };

    // The first demonym of country `cc` as the country's evidence, when the caption has one.
    let demonym_evidence = |evidence: &mut BTreeMap<String, Vec<Evidence>>, cc: &str| {
        let d = mentions.demonyms.iter().find(|d| d.country == cc);
        if let Some(d) = d {
            evidence
                .entry("location.country".into())
                .or_default()
                .push(Evidence::new(d.span, "place.demonym"));
        }
        d.is_some()
    };
    // Country: named in the chain, else from the city or province, else a demonym by the chain.
    let country_of = |r: &Resolved| match r {
        Resolved::Country(c) => Some(c.code.clone()),
        Resolved::Admin1(a) => Some(a.country.clone()),
        Resolved::Place(p) => Some(p.country.clone()),
        Resolved::Unknown => None,
    };
    if let Some(i) = country_idx {
        // The chain's country, when a shared name ("Congo") was settled by its town.
        loc.country = chain_country.clone().or_else(|| country_of(&resolved[i]));
        set_ev(
            &mut evidence,
            "location.country",
            i,
            "place.country_named",
            None,
        );
    } else {
        let from_chain = [city_idx, prov_idx, sub_idx, feature_idx, parent_idx]
            .into_iter()
            .flatten()
            .find_map(|i| country_of(&resolved[i]).map(|c| (i, c)));
        if let Some((i, c)) = from_chain {
            loc.country = Some(c);
            set_ev(
                &mut evidence,
                "location.country",
                i,
                "place.country_of_place",
                None,
            );
        } else if let Some(cc) = &context_country {
            loc.country = Some(cc.clone());
            if !demonym_evidence(&mut evidence, cc)
                && let Some(i) = places.iter().position(|p| {
                    p.known
                        .as_ref()
                        .is_some_and(|k| k.kind == KnownKind::Country && &k.country == cc)
                })
            {
                set_ev(
                    &mut evidence,
                    "location.country",
                    i,
                    "place.country_in_caption",
                    None,
                );
            }
        } else if explicit_chain_countries > 0 {
            loc.country = countries.first().cloned();
            if let Some(cc) = &loc.country {
                demonym_evidence(&mut evidence, cc);
            }
        } else if let Some(i) = chosen
            .iter()
            .copied()
            .find(|&i| country_of(&resolved[i]).is_some())
        {
            loc.country = country_of(&resolved[i]);
            set_ev(
                &mut evidence,
                "location.country",
                i,
                "place.country_of_place",
                None,
            );
        }
    }
    // "Arundel Castle", "Aleppo Citadel": a landmark named after its town places the photo near
    // that town (country and coordinates, not the city field, which the caption did not give).
    // A road is not: "London Road" runs anywhere, so "Front Street" is not near Front (Italy).
    let mut landmark_town: Option<Place> = None;
    if let (Some(si), None) = (sub_idx, city_idx) {
        // (The name as written, with its head word: the lookup of "Kandahar airport" is bare.)
        let name = &places[si].name;
        // ("Morro da Oficina": a name whose rest ends in a particle names no town.)
        if let Some((head, last)) = name.rsplit_once(' ')
            && !ROAD_WORDS.contains(&last.trim_end_matches('.').to_lowercase().as_str())
            && !head
                .rsplit(' ')
                .next()
                .is_some_and(|w| w.starts_with(char::is_lowercase))
        {
            let mut cands: Vec<Place> = lookup(gaz, head)
                .into_iter()
                .filter(|p| p.feature_class == 'P')
                .collect();
            if let Some(cc) = &loc.country {
                cands.retain(|p| &p.country == cc);
            }
            // Only a town the name identifies: one candidate, or one far larger than the rest.
            cands.sort_by_key(|p| std::cmp::Reverse(p.population));
            let clear = cands.len() == 1
                || (cands.len() > 1 && cands[0].population >= 10 * cands[1].population.max(1));
            landmark_town = if clear {
                cands.into_iter().next()
            } else {
                None
            };
            if let (Some(t), None) = (&landmark_town, &loc.country) {
                loc.country = Some(t.country.clone());
                let mut e = Evidence::new(places[si].span, "place.landmark_town");
                e.geonames_id = cited_id(t);
                evidence
                    .entry("location.country".into())
                    .or_default()
                    .push(e);
            }
        }
    }
    // A camp or village the gazetteer lacks, in a caption that names one country only
    // ("Shati refugee camp ... three Palestinian children"): that country.
    if loc.country.is_none() && (sub_idx.is_some() || city_idx.is_some()) {
        let mut named: Vec<&String> = countries.iter().collect();
        named.dedup();
        if named.len() == 1 {
            loc.country = Some(named[0].clone());
            if let Some(d) = mentions.demonyms.iter().find(|d| &d.country == named[0]) {
                evidence
                    .entry("location.country".into())
                    .or_default()
                    .push(Evidence::new(d.span, "place.only_country_named"));
            }
        }
    }
    // A city the gazetteer placed in another country than the one named is a different place.
    if let (Some(ci), Some(cc)) = (city_idx, loc.country.clone())
        && let Resolved::Place(p) = &resolved[ci]
        && p.country != cc
    {
        let alt = pick_place(
            lookup(gaz, crate::oracle::bare(&places[ci].lookup)),
            std::slice::from_ref(&cc),
        );
        if alt.as_ref().is_none_or(|a| a.country != cc) {
            warnings.push(format!(
                "\"{}\" is not known in {cc}; coordinates come from the parent place",
                places[ci].name
            ));
        }
    }

    // "A woman sells chips on Abidjan's busiest highway … in Côte d'Ivoire": where the chain
    // gives the country (or a province) only, one large town of that country (and province)
    // named elsewhere in the caption is the city.
    if city_idx.is_none()
        && sub_idx.is_none()
        && let Some(cc) = loc.country.clone()
    {
        let province = prov_idx.and_then(|i| match &resolved[i] {
            Resolved::Admin1(a) => Some(a.code.clone()),
            _ => None,
        });
        let towns: Vec<usize> = (0..places.len())
            .filter(|&i| match &resolved[i] {
                Resolved::Place(p) => {
                    p.feature_class == 'P'
                        && p.country == cc
                        // A smaller town counts where a locative places the photo in it ("…
                        // positions on the ground in Kidal").
                        && (p.population >= 100_000
                            || p.population >= 10_000 && is_locative(&places[i]))
                        && province.as_ref().is_none_or(|a| &p.admin1 == a)
                        && matches!(places[i].cue, PlaceCue::None | PlaceCue::Settlement)
                        && !distance_reference(text, &places[i])
                }
                _ => false,
            })
            .collect();
        let one = towns.iter().all(|&i| {
            dateline_geo::fold(&places[i].name) == dateline_geo::fold(&places[towns[0]].name)
        });
        if !towns.is_empty() && one && !sport {
            city_idx = Some(towns[0]);
        }
    }
    if sub_idx.is_none()
        && let Some(ci) = city_idx
    {
        sub_idx = part_named_beside_town(text, places, &chosen, &resolved, ci);
    }
    if let Some(i) = sub_idx {
        // "Jordan's Zaatari Refugee Camp": the country's possessive is no part of the camp's name.
        let name = &places[i].name;
        let own = name
            .split_once("'s ")
            .or_else(|| name.split_once("’s "))
            .filter(|(owner, rest)| !rest.is_empty() && gaz.country_by_name(owner).is_some())
            .map_or(name.as_str(), |(_, rest)| rest);
        loc.sublocation = Some(own.to_string());
        set_ev(
            &mut evidence,
            "location.sublocation",
            i,
            places[i].rule,
            None,
        );
    }
    if let Some(i) = city_idx {
        loc.city = Some(places[i].lookup.clone());
        let id = match &resolved[i] {
            Resolved::Place(p) => cited_id(p),
            _ => None,
        };
        set_ev(&mut evidence, "location.city", i, places[i].rule, id);
    } else if let (Some(si), Some(t)) = (sub_idx, &landmark_town)
        && places[si].cue != PlaceCue::Camp
        && let Some(town) = town_named_in(&places[si].name, t)
    {
        // "Tal Afar airport", "the San Pedro Sula prison": the town the landmark is named after,
        // as written, is the city ("Rafah camp" is a camp beside the town, not in it).
        loc.city = Some(town.to_string());
        let mut e = Evidence::new(places[si].span, "place.landmark_town");
        e.geonames_id = cited_id(t);
        evidence.entry("location.city".into()).or_default().push(e);
    }
    if let Some(i) = prov_idx {
        loc.province = Some(match &resolved[i] {
            Resolved::Admin1(a) if places[i].lookup.is_empty() => a.name.clone(),
            _ => places[i].lookup.clone(),
        });
        set_ev(
            &mut evidence,
            "location.province",
            i,
            "place.province_named",
            None,
        );
    }

    // Coordinates: the most specific phrase the gazetteer resolved, within the named country.
    let order = [
        sub_idx,
        city_idx,
        parent_idx,
        feature_idx,
        prov_idx,
        country_idx,
    ];
    let mut first_named = true;
    for i in order.into_iter().flatten() {
        // "avenida Juárez … Ciudad de México": a part named after a town far from the city is
        // not that town; the city places the photo.
        if Some(i) == sub_idx
            && let Some(c) = city_idx
            && let (Resolved::Place(sp), Resolved::Place(cp)) = (&resolved[i], &resolved[c])
            && crate::resolve::km((sp.lat, sp.lon), (cp.lat, cp.lon)) > 30.0
        {
            continue;
        }
        let in_country = |cc: &str| loc.country.as_deref().is_none_or(|c| c == cc);
        match &resolved[i] {
            Resolved::Place(p) if in_country(&p.country) => {
                loc.lat = Some(p.lat);
                loc.lon = Some(p.lon);
                loc.geonames_id = cited_id(p);
                // A camp or stadium named after its town resolves to the town: near, not itself.
                let named_after_town = Some(i) == sub_idx
                    && p.feature_class == 'P'
                    && matches!(places[i].cue, PlaceCue::Camp | PlaceCue::Landmark);
                loc.precision = Some(if first_named && !named_after_town {
                    1
                } else {
                    2
                });
                if loc.province.is_none()
                    && !(distance_parent && Some(i) == parent_idx)
                    && let Some(a) = gaz.admin1(&p.country, &p.admin1)
                {
                    // "Taylors Arm near Macksville in northern NSW": the division as the caption
                    // writes it elsewhere, else the gazetteer's name.
                    let written = places
                        .iter()
                        .zip(resolved.iter())
                        .find_map(|(pp, r)| match r {
                            Resolved::Admin1(b) if b.country == a.country && b.code == a.code => {
                                Some(pp.lookup.clone())
                            }
                            _ => None,
                        });
                    loc.province = Some(written.unwrap_or(a.name));
                    evidence
                        .entry("location.province".into())
                        .or_default()
                        .push(Evidence {
                            start: places[i].span.start,
                            end: places[i].span.end,
                            rule: "gazetteer.admin1_of_place".into(),
                            geonames_id: cited_id(p),
                        });
                }
                break;
            }
            Resolved::Admin1(a) if in_country(&a.country) => {
                if let Some(center) = admin1_center(gaz, a) {
                    loc.lat = Some(center.0);
                    loc.lon = Some(center.1);
                    loc.geonames_id = a.geonames_id;
                }
                loc.precision = Some(3);
                break;
            }
            Resolved::Country(c) => {
                loc.lat = Some(c.lat);
                loc.lon = Some(c.lon);
                loc.precision = Some(3);
                break;
            }
            _ => first_named = false,
        }
    }
    if let (None, Some(t)) = (loc.precision, &landmark_town) {
        loc.lat = Some(t.lat);
        loc.lon = Some(t.lon);
        loc.geonames_id = cited_id(t);
        loc.precision = Some(2);
    }
    // "… do Rio de Janeiro, … caiu no Morro da Oficina": a part of a town that no chain places,
    // in a caption whose every known place lies in one country and one of them is a country or
    // a city of 100,000 people, is in that country.
    if loc.country.is_none()
        && loc.sublocation.is_some()
        && let Some(i) = sub_idx
        && matches!(resolved[i], Resolved::Unknown)
        && resolved.iter().zip(places).any(|(r, pl)| match r {
            Resolved::Country(_) => !named_as_a_cause(text, pl.span),
            Resolved::Place(p) => p.population >= 100_000,
            _ => false,
        })
    {
        let mut countries = resolved
            .iter()
            .zip(places)
            .filter(|(_, pl)| !named_as_a_cause(text, pl.span))
            .filter_map(|(r, _)| country_of(r));
        if let Some(first) = countries.next()
            && countries.all(|c| c == first)
        {
            loc.country = Some(first);
            set_ev(
                &mut evidence,
                "location.country",
                i,
                "place.country_in_caption",
                None,
            );
        }
    }
    if loc.precision.is_none()
        && let Some(cc) = &loc.country
        && let Some(c) = gaz.country(cc)
    {
        loc.lat = Some(c.lat);
        loc.lon = Some(c.lon);
        loc.precision = Some(3);
    }
    // "in Kafr Nabudah, Hama province": a town the gazetteer lacks is placed at its parent.
    if let (Some(ci), Some(_)) = (city_idx.or(sub_idx), loc.precision)
        && matches!(resolved[ci], Resolved::Unknown)
        && !warnings.iter().any(|w| w.contains(&places[ci].name))
    {
        warnings.push(unknown_place_warning(
            &places[ci].name,
            loc.precision.unwrap_or(3),
        ));
    }
    // A city-state ("in Hong Kong", "Singapore"): the country is the city, and a place inside it
    // that the chain took for the city ("at Causeway Bay shopping district in Hong Kong") is a
    // part of it.
    if let Some(cc) = loc.country.clone()
        && CITY_STATES.contains(&cc.as_str())
    {
        let name = country_idx
            .filter(|&i| matches!(resolved[i], Resolved::Country(_)))
            .map(|i| (places[i].name.clone(), places[i].span))
            .or_else(|| gaz.country(&cc).map(|c| (c.name.clone(), Span::new(0, 0))));
        if let Some((name, span)) = name {
            let fold = dateline_geo::fold;
            if let Some(city) = loc.city.take()
                && fold(&city) != fold(&name)
                && loc.sublocation.is_none()
            {
                if let Some(ev) = evidence.remove("location.city") {
                    evidence.insert("location.sublocation".into(), ev);
                }
                loc.sublocation = Some(city);
            }
            loc.city = Some(name);
            if span.end > span.start {
                evidence
                    .entry("location.city".into())
                    .or_default()
                    .push(Evidence::new(span, "place.city_state"));
            }
        }
    }
    // A caption in a script without letter case has no capitals to find names by: its places
    // come from the gazetteer's scan of names as written (`crate::uncased`).
    let mut uncased_mentions = Vec::new();
    if loc.city.is_none() && mostly_uncased(text) {
        let r = crate::uncased::read(text, gaz, loc.country.as_deref());
        if loc.sublocation.is_none()
            && let Some((s, e)) = crate::uncased::landmark(text, &r.mentions)
        {
            loc.sublocation = Some(text[s..e].to_string());
            evidence
                .entry("location.sublocation".into())
                .or_default()
                .push(Evidence::new(Span::new(s, e), "place.uncased_landmark"));
        }
        if r.country.is_some() && (loc.country.is_none() || loc.country == r.country) {
            crate::uncased::apply(gaz, &r, text, &mut loc, &mut evidence);
            uncased_mentions = r.mentions;
        }
    }
    // With no place that resolved to a country, three last resorts give the country alone (at
    // the country's point, precision 3): a demonym bound to a place noun after a locative ("in
    // the Venezuelan capital", "dans la capitale malgache", "en una aldea hondureña"); in a
    // caption in a script without capitals (Arabic, Devanagari, Korean …), which has no names to
    // find by their shape, the one country name written in it; and the one country the caption
    // names anywhere.
    if loc.country.is_none() {
        let last_resort = mentions
            .demonyms
            .iter()
            .find(|d| demonym_place_phrase(text, d.span))
            .map(|d| (d.span, d.country.as_str(), "place.demonym_place"))
            .or_else(|| {
                mostly_uncased(text)
                    .then(|| uncased_country(text, gaz))
                    .flatten()
                    .map(|(span, cc)| (span, cc, "place.country_named_uncased"))
            });
        // The one country the caption names, where no place phrase resolved ("According to
        // Laos officials, the dam collapse …", "Pakistan's Climate Change Minister …"); not a
        // team ("England's Jane Doe", or any country in a sports caption).
        let last_resort = last_resort.or_else(|| {
            if sport {
                return None;
            }
            let named: Vec<(Span, &str)> = places
                .iter()
                .zip(&resolved)
                .filter_map(|(p, r)| match r {
                    Resolved::Country(c)
                        if !mentions.people.iter().any(|pe| {
                            pe.name.span.start >= p.span.end && pe.name.span.start <= p.span.end + 4
                        }) && !named_as_a_cause(text, p.span) =>
                    {
                        Some((p.span, c.code.as_str()))
                    }
                    _ => None,
                })
                .collect();
            let first = named.first()?;
            named.iter().all(|(_, c)| *c == first.1).then_some((
                first.0,
                first.1,
                "place.country_named",
            ))
        });
        if let Some((span, cc, rule)) = last_resort
            && let Some(c) = gaz.country(cc)
        {
            loc.country = Some(c.code.clone());
            loc.lat = Some(c.lat);
            loc.lon = Some(c.lon);
            loc.precision = Some(3);
            evidence
                .entry("location.country".into())
                .or_default()
                .push(Evidence::new(span, rule));
        }
    }
    if let Some(cs) = chain_span {
        loc.text = Some(cs.slice(text).to_string());
    }

    // Every mention, once, in text order.
    let mut out: Vec<PlaceMention> = Vec::new();
    for (p, r) in places.iter().zip(&resolved) {
        let key = dateline_geo::fold(&p.name);
        if out.iter().any(|m| dateline_geo::fold(&m.text) == key) {
            continue;
        }
        let (id, cc, lat, lon) = match r {
            Resolved::Place(pl) => (
                cited_id(pl),
                Some(pl.country.clone()),
                Some(pl.lat),
                Some(pl.lon),
            ),
            Resolved::Country(c) => (None, Some(c.code.clone()), Some(c.lat), Some(c.lon)),
            Resolved::Admin1(a) => (a.geonames_id, Some(a.country.clone()), None, None),
            Resolved::Unknown => (None, None, None, None),
        };
        let mut e = Evidence::new(p.span, p.rule);
        e.geonames_id = id;
        evidence.entry("places".into()).or_default().push(e);
        out.push(PlaceMention {
            text: p.name.clone(),
            start: p.span.start,
            end: p.span.end,
            geonames_id: id,
            country: cc,
            lat,
            lon,
        });
    }
    crate::uncased::push_mentions(text, uncased_mentions, &mut out, &mut evidence);
    out.sort_by_key(|m| m.start);
    Located {
        location: loc,
        places: out,
        warnings,
        evidence,
    }
}

/// The coordinates of an admin1 division: its seat (PPLA) when the gazetteer has it.
pub(crate) fn admin1_center(gaz: &Gazetteer, a: &dateline_geo::Admin1) -> Option<(f64, f64)> {
    let seat = lookup(gaz, &a.name)
        .into_iter()
        .filter(|p| p.country == a.country && p.admin1 == a.code)
        .max_by_key(rank)?;
    Some((seat.lat, seat.lon))
}

fn dedup_keep_order(v: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    v.retain(|x| seen.insert(x.clone()));
}

/// The id a record cites: a GeoNames id, never the gazetteer's own id for an airfield.
pub(crate) fn cited_id(p: &Place) -> Option<u64> {
    p.has_geonames_id().then_some(p.geonames_id)
}

/// Whether a country is named as what a protest or an appeal is for or against ("marchan por
/// Palestina", "a rally for Ukraine", "Demonstration für die Ukraine"): the cause, not where the
/// photo was taken. ("with" is left out: "the border with Ukraine" is a place.)
fn named_as_a_cause(text: &str, span: Span) -> bool {
    const CAUSE: &[&str] = &[
        "for", "por", "pour", "für", "per", "against", "contra", "contre", "gegen", "untuk", "kwa",
    ];
    const ARTICLES: &[&str] = &["the", "la", "le", "l'", "l’", "die", "der", "el", "a", "o"];
    let mut words = text[..span.start]
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .rev();
    let mut w = words.next().map(str::to_lowercase);
    if w.as_deref().is_some_and(|x| ARTICLES.contains(&x)) {
        w = words.next().map(str::to_lowercase);
    }
    w.is_some_and(|x| CAUSE.contains(&x.as_str()))
}

/// The warning of a place the gazetteer lacks, placed at the point of the place around it.
pub(crate) fn unknown_place_warning(name: &str, precision: u8) -> String {
    format!(
        "\"{name}\" is not in the gazetteer; the coordinates are those of the place around it (precision {precision})"
    )
}
