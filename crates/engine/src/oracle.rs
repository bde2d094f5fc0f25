//! The gazetteer seen through the questions the text recognizers ask.

use dateline_geo::Gazetteer;
use dateline_text::mentions::{KnownKind, KnownPlace, PlaceOracle};
use std::cell::RefCell;
use std::collections::HashMap;

/// Answers [`PlaceOracle`] questions from a [`Gazetteer`].
///
/// The recognizers ask about the same few names many times per caption, so answers are
/// remembered for the life of the oracle (one caption).
pub struct GazetteerOracle<'g> {
    gazetteer: &'g Gazetteer,
    /// Identifies the gazetteer in the per-thread answer cache.
    cache_key: u64,
}

/// Answers already given, per thread and gazetteer: captions of one archive name the same places
/// again and again. Bounded: cleared when it grows past `CACHE_LIMIT` names.
#[derive(Default)]
struct Answers {
    places: HashMap<(u64, String), Option<KnownPlace>>,
    demonyms: HashMap<(u64, String), Option<String>>,
    lookups: HashMap<(u64, String), std::rc::Rc<Vec<dateline_geo::Place>>>,
}

const CACHE_LIMIT: usize = 200_000;

thread_local! {
    static ANSWERS: RefCell<Answers> = RefCell::default();
}

static NEXT_CACHE_KEY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A fresh key for a new engine's gazetteer, so cached answers of one gazetteer never serve another.
pub(crate) fn new_cache_key() -> u64 {
    NEXT_CACHE_KEY.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl<'g> GazetteerOracle<'g> {
    /// Wraps a gazetteer; answers are not shared with any other oracle.
    pub fn new(gazetteer: &'g Gazetteer) -> Self {
        GazetteerOracle {
            gazetteer,
            cache_key: new_cache_key(),
        }
    }

    /// Wraps a gazetteer, sharing cached answers with other oracles of the same `cache_key`.
    pub(crate) fn with_cache_key(gazetteer: &'g Gazetteer, cache_key: u64) -> Self {
        GazetteerOracle {
            gazetteer,
            cache_key,
        }
    }

    fn place_uncached(&self, name: &str) -> Option<KnownPlace> {
        let name = bare(name);
        if name.len() < 2 || name.chars().next().is_some_and(|c| !c.is_uppercase()) {
            return None;
        }
        // Short capitals are initials and codes far more often than places ("PA story", "AP").
        if name.len() <= 3
            && name.chars().all(|c| c.is_ascii_uppercase())
            && !SHORT_PLACE_NAMES.contains(&name)
        {
            return None;
        }
        if let Some(c) = self.gazetteer.country_by_name(name) {
            return Some(KnownPlace {
                kind: KnownKind::Country,
                country: c.code,
                population: 0,
                primary: true,
            });
        }
        let populated = self.gazetteer.lookup_strict(name);
        if let Some(p) = populated.first() {
            let primary = dateline_geo::fold(&p.name) == dateline_geo::fold(name);
            return Some(KnownPlace {
                kind: KnownKind::Populated,
                country: p.country.clone(),
                population: p.population,
                primary,
            });
        }
        if let Some(a) = self.gazetteer.admin1_by_name(name, None).first() {
            return Some(KnownPlace {
                kind: KnownKind::Admin1,
                country: a.country.clone(),
                population: 0,
                primary: true,
            });
        }
        if let Some(p) = declined_lookup(self.gazetteer, name).first() {
            return Some(KnownPlace {
                kind: KnownKind::Populated,
                country: p.country.clone(),
                population: p.population,
                primary: false,
            });
        }
        None
    }

    fn demonym_uncached(&self, word: &str) -> Option<String> {
        if let Some(c) = self.gazetteer.country_by_demonym(word) {
            return Some(c.code);
        }
        // Plural demonyms: "Iraqis", "Syrians".
        word.strip_suffix('s')
            .and_then(|w| self.gazetteer.country_by_demonym(w))
            .map(|c| c.code)
    }
}

/// Abbreviated country and state names that captions really use (other short capitals are
/// initials and codes).
const SHORT_PLACE_NAMES: &[&str] = &[
    "US", "UK", "USA", "UAE", "DRC", "RDC", "U.S", "U.K", "NSW", "QLD", "KZN",
];

/// Strips a leading article, which captions add and gazetteers do not ("the Gaza Strip").
pub(crate) fn bare(name: &str) -> &str {
    for article in ["the ", "The "] {
        if let Some(rest) = name.strip_prefix(article) {
            return rest;
        }
    }
    name
}

impl PlaceOracle for GazetteerOracle<'_> {
    fn place(&self, name: &str) -> Option<KnownPlace> {
        let key = (self.cache_key, name.to_string());
        if let Some(hit) = ANSWERS.with(|a| a.borrow().places.get(&key).cloned()) {
            return hit;
        }
        let answer = self.place_uncached(name);
        ANSWERS.with(|a| {
            let mut a = a.borrow_mut();
            if a.places.len() >= CACHE_LIMIT {
                a.places.clear();
            }
            a.places.insert(key, answer.clone());
        });
        answer
    }

    fn demonym(&self, word: &str) -> Option<String> {
        if !word.starts_with(|c: char| c.is_uppercase()) {
            return None;
        }
        let key = (self.cache_key, word.to_string());
        if let Some(hit) = ANSWERS.with(|a| a.borrow().demonyms.get(&key).cloned()) {
            return hit;
        }
        let answer = self.demonym_uncached(word);
        ANSWERS.with(|a| {
            let mut a = a.borrow_mut();
            if a.demonyms.len() >= CACHE_LIMIT {
                a.demonyms.clear();
            }
            a.demonyms.insert(key, answer.clone());
        });
        answer
    }
}

/// `Gazetteer::lookup` (with spelling variants), cached per thread like the oracle's answers.
pub(crate) fn cached_lookup(
    gazetteer: &Gazetteer,
    cache_key: u64,
    name: &str,
) -> std::rc::Rc<Vec<dateline_geo::Place>> {
    let key = (cache_key, name.to_string());
    if let Some(hit) = ANSWERS.with(|a| a.borrow().lookups.get(&key).cloned()) {
        return hit;
    }
    let mut places = gazetteer.lookup(name);
    if places.is_empty() {
        places = declined_lookup(gazetteer, name);
    }
    if places.is_empty() {
        places = city_district_lookup(gazetteer, name);
    }
    let answer = std::rc::Rc::new(places);
    ANSWERS.with(|a| {
        let mut a = a.borrow_mut();
        if a.lookups.len() >= CACHE_LIMIT {
            a.lookups.clear();
        }
        a.lookups.insert(key, answer.clone());
    });
    answer
}

/// "Stuttgart-Möhringen", "Amsterdam-Osdorp": German and Dutch captions name a city's quarter
/// after the city with a hyphen. For such a name the gazetteer lacks, the great city (200,000
/// people or more) named before the hyphen: the quarter stands at its city's point, and the
/// country is the city's, not a look-alike's abroad.
fn city_district_lookup(gazetteer: &Gazetteer, name: &str) -> Vec<dateline_geo::Place> {
    let Some((city, quarter)) = name.split_once('-') else {
        return Vec::new();
    };
    let part = |w: &str| {
        w.chars().count() >= 3
            && w.chars().next().is_some_and(char::is_uppercase)
            && w.chars().all(char::is_alphabetic)
    };
    if !part(city) || !part(quarter) {
        return Vec::new();
    }
    gazetteer
        .lookup(city)
        .into_iter()
        .filter(|p| p.feature_class == 'P' && p.population >= 200_000)
        .collect()
}

/// The populated places of at least `min_population` named by `stem` with one of `endings` put
/// back, for the first ending that names any.
fn towns_of_stem(
    stem: &str,
    endings: &[&str],
    min_population: u64,
    lookup: impl Fn(&str) -> Vec<dateline_geo::Place>,
) -> Option<Vec<dateline_geo::Place>> {
    endings.iter().find_map(|e| {
        let found: Vec<dateline_geo::Place> = lookup(&format!("{stem}{e}"))
            .into_iter()
            .filter(|p| p.feature_class == 'P' && p.population >= min_population)
            .collect();
        (!found.is_empty()).then_some(found)
    })
}

/// Countries whose languages decline town names in Latin letters, and their neighbours.
const CENTRAL_EUROPE: &[&str] = &[
    "PL", "CZ", "SK", "HU", "SI", "HR", "RS", "BA", "ME", "MK", "LT", "LV", "EE", "UA", "BY", "RU",
    "RO", "MD", "BG", "DE", "AT", "AL", "XK",
];

/// Polish, Czech, Slovak, Croatian, Serbian, Slovenian and Hungarian captions decline town
/// names too ("w Krakowie", "u Zagrebu", "v Londýnu", "Budapesten"). For a one-word Latin name
/// the gazetteer lacks, a city of at least 100,000 people named by the word without the
/// locative ending ("Zagrebu" → Zagreb, "Warszawie" → Warszawa). Only a few endings are tried,
/// and only for large cities: an English name ending in -u or -en is rarely a large city's
/// name plus those letters.
///
/// A name with a letter only Central European and Baltic languages write ("Kroměříži",
/// "Kłodzku", "Brně") is no English word: for it the guess reaches towns of 5,000 people and
/// the Czech and Polish endings "-ě" and "-i" are tried as well ("Brně" → Brno, "Kroměříži" →
/// Kroměříž, "Kłodzku" → Kłodzko).
fn latin_declined_lookup(gazetteer: &Gazetteer, name: &str) -> Vec<dateline_geo::Place> {
    // (ending, what replaces it): "-owie" → "-ów"/"-ow", "-awie" → "-awa", "-u" → "", Slovak
    // "-ve" → "-va" ("v Bratislave"), Hungarian "-ben"/"-ban"/"-en"/"-on" → "", and the rest
    // below. Only towns of 100,000 people are guessed so, outside Central Europe.
    const RULES: &[(&str, &[&str])] = &[
        ("owie", &["ów", "ow"]),
        ("awie", &["awa"]),
        ("u", &[""]),
        ("ve", &["va"]),
        ("ben", &[""]),
        ("ban", &[""]),
        ("en", &[""]),
        ("on", &[""]),
        // Croatian and Slovene "-ju" ("u Nairobiju"), Finnish "-ssa"/"-ssä"/"-lla"/"-llä"
        // ("Oulussa"), Estonian "-as" ("Tallinnas"), Latvian "-ā" ("Rīgā"), Lithuanian "-uje"
        // ("Vilniuje" → Vilnius), Albanian "-ë" ("Tiranë" → Tirana).
        // Polish "-niu" → "-ń", "-wiu" → "-w", "-nie" → "-n", "-cach" → "-ce" ("w Poznaniu",
        // "we Wrocławiu", "w Lublinie", "w Katowicach").
        ("niu", &["ń"]),
        ("wiu", &["w"]),
        ("nie", &["n"]),
        ("cach", &["ce"]),
        ("ju", &[""]),
        ("ssa", &[""]),
        ("ssä", &[""]),
        ("lla", &[""]),
        ("llä", &[""]),
        ("as", &[""]),
        ("ā", &["a"]),
        ("uje", &["us"]),
        ("ë", &["a"]),
    ];
    const CENTRAL_RULES: &[(&str, &[&str])] = &[
        ("ě", &["o", "a", ""]),
        ("u", &["o"]),
        ("i", &["", "a"]),
        ("e", &["a"]),
    ];
    let central = dateline_text::names::has_central_european_letter(name);
    if name.chars().count() < if central { 4 } else { 5 }
        || name.contains(' ')
        || !name.chars().next().is_some_and(char::is_uppercase)
        || !name.chars().all(|c| c.is_alphabetic() || c == '-')
    {
        return Vec::new();
    }
    let (rules, min_population): (Vec<&(&str, &[&str])>, u64) = if central {
        (RULES.iter().chain(CENTRAL_RULES).collect(), 5_000)
    } else {
        (RULES.iter().collect(), 100_000)
    };
    for (ending, replacements) in rules {
        let Some(stem) = name.strip_suffix(ending) else {
            continue;
        };
        // No bare "-ie": an English name in -ie ("Bernie") keeps its letters.
        if stem.chars().count() < 3 || !central && stem.chars().count() < 4 {
            continue;
        }
        // A small town guessed from a declined form stands where those languages are spoken
        // ("v Buči" is Bucha in Ukraine, not Buc in France).
        let lookup = |n: &str| {
            let mut found = gazetteer.lookup(n);
            found.retain(|p| {
                p.population >= 100_000 || CENTRAL_EUROPE.contains(&p.country.as_str())
            });
            found
        };
        if let Some(found) = towns_of_stem(stem, replacements, min_population, lookup) {
            return found;
        }
    }
    Vec::new()
}

/// Russian and Ukrainian captions decline town names ("в Хороге", "у Києві", "обстрілу
/// Харкова"), which the gazetteer lists in the nominative. For a one-word Cyrillic name it lacks,
/// the towns of at least 10,000 people named by the word without a case ending, or with the
/// nominative ending put back ("Москве" → "Москва"). A declined form is guessed, so only towns
/// large enough to be worth the guess answer it.
pub(crate) fn declined_lookup(gazetteer: &Gazetteer, name: &str) -> Vec<dateline_geo::Place> {
    const ENDINGS: &[&str] = &[
        "ом", "ем", "ой", "ей", "ою", "ею", "е", "у", "ю", "а", "я", "і", "и", "ы",
    ];
    const NOMINATIVE: &[&str] = &["", "а", "ь", "я"];
    let cyrillic = name
        .chars()
        .all(|c| ('\u{0400}'..='\u{04FF}').contains(&c) || c == '-');
    if !cyrillic {
        return latin_declined_lookup(gazetteer, name);
    }
    if name.chars().count() < 5 {
        return Vec::new();
    }
    for ending in ENDINGS {
        let Some(stem) = name.strip_suffix(ending) else {
            continue;
        };
        if stem.chars().count() < 3 {
            continue;
        }
        if let Some(found) = towns_of_stem(stem, NOMINATIVE, 10_000, |n| gazetteer.lookup_strict(n))
        {
            return found;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declined(name: &str) -> Option<String> {
        declined_lookup(&Gazetteer::embedded(), name)
            .first()
            .map(|p| p.name.clone())
    }

    #[test]
    fn a_great_city_before_a_hyphen_holds_its_quarter() {
        let gaz = Gazetteer::embedded();
        let first = |n: &str| {
            city_district_lookup(&gaz, n)
                .first()
                .map(|p| p.country.clone())
        };
        assert_eq!(first("Stuttgart-Möhringen").as_deref(), Some("DE"));
        assert_eq!(first("Amsterdam-Osdorp").as_deref(), Some("NL"));
        // Not a city and its quarter: two countries, a lowercase part, a small town.
        assert_eq!(first("Russia-Ukraine"), None);
        assert_eq!(first("Stuttgart-based"), None);
    }

    #[test]
    fn declined_town_names_of_the_baltic_nordic_and_balkan_languages() {
        assert_eq!(declined("Nairobiju").as_deref(), Some("Nairobi"));
        assert_eq!(declined("Tallinnas").as_deref(), Some("Tallinn"));
        assert_eq!(declined("Vilniuje").as_deref(), Some("Vilnius"));
        // An English word ending so stays unknown.
        assert_eq!(declined("Thomas"), None);
    }

    #[test]
    fn declined_russian_and_ukrainian_town_names() {
        assert_eq!(declined("Харкова").as_deref(), Some("Kharkiv"));
        assert_eq!(declined("Москве").as_deref(), Some("Moscow"));
        assert_eq!(declined("Донецке").as_deref(), Some("Donetsk"));
        assert_eq!(declined("Если"), None);
    }

    #[test]
    fn declined_central_european_city_names() {
        assert_eq!(declined("Zagrebu").as_deref(), Some("Zagreb"));
        assert_eq!(declined("Krakowie").as_deref(), Some("Kraków"));
        assert_eq!(declined("Budapesten").as_deref(), Some("Budapest"));
        assert_eq!(declined("Kroměříži").as_deref(), Some("Kroměříž"));
        assert_eq!(declined("Kłodzku").as_deref(), Some("Kłodzko"));
        assert_eq!(declined("Brně").as_deref(), Some("Brno"));
        assert_eq!(declined("Ostravě").as_deref(), Some("Ostrava"));
        // Small towns, English names and words that are no declension are left alone.
        assert_eq!(declined("Kharkova"), None);
        assert_eq!(declined("Bernie"), None);
        assert_eq!(declined("Steven"), None);
    }
}
