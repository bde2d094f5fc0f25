//! The gazetteer seen through the questions the text recognizers ask.

use dateline_geo::Gazetteer;
use std::cell::RefCell;
use std::collections::HashMap;
use dateline_text::mentions::{KnownKind, KnownPlace, PlaceOracle};

/// Answers [`PlaceOracle`] questions from a [`Gazetteer`].
///
/// The recognizers ask about the same few names many times per caption, so answers are
/// remembered for the life of the oracle (one caption).
pub struct GazetteerOracle<'g> {
    gazetteer: &'g Gazetteer,
    places: RefCell<HashMap<String, Option<KnownPlace>>>,
    demonyms: RefCell<HashMap<String, Option<String>>>,
}

impl<'g> GazetteerOracle<'g> {
    /// Wraps a gazetteer.
    pub fn new(gazetteer: &'g Gazetteer) -> Self {
        GazetteerOracle { gazetteer, places: RefCell::default(), demonyms: RefCell::default() }
    }

    fn place_uncached(&self, name: &str) -> Option<KnownPlace> {
        let name = bare(name);
        if name.len() < 2 || name.chars().next().is_some_and(|c| !c.is_uppercase()) {
            return None;
        }
        // Short capitals are initials and codes far more often than places ("PA story", "AP").
        if name.len() <= 3 && name.chars().all(|c| c.is_ascii_uppercase()) && !SHORT_COUNTRY_NAMES.contains(&name) {
            return None;
        }
        if let Some(c) = self.gazetteer.country_by_name(name) {
            return Some(KnownPlace { kind: KnownKind::Country, country: c.code, population: 0, primary: true });
        }
        let populated = self.gazetteer.lookup_strict(name);
        if let Some(p) = populated.first() {
            let primary = dateline_geo::fold(&p.name) == dateline_geo::fold(name);
            return Some(KnownPlace { kind: KnownKind::Populated, country: p.country.clone(), population: p.population, primary });
        }
        if let Some(a) = self.gazetteer.admin1_by_name(name, None).first() {
            return Some(KnownPlace { kind: KnownKind::Admin1, country: a.country.clone(), population: 0, primary: true });
        }
        None
    }

    fn demonym_uncached(&self, word: &str) -> Option<String> {
        if let Some(c) = self.gazetteer.country_by_demonym(word) {
            return Some(c.code);
        }
        // Plural demonyms: "Iraqis", "Syrians".
        word.strip_suffix('s').and_then(|w| self.gazetteer.country_by_demonym(w)).map(|c| c.code)
    }
}

/// Abbreviated country names that captions really use.
const SHORT_COUNTRY_NAMES: &[&str] = &["US", "UK", "USA", "UAE", "DRC", "U.S", "U.K"];

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
        if let Some(hit) = self.places.borrow().get(name) {
            return hit.clone();
        }
        let answer = self.place_uncached(name);
        self.places.borrow_mut().insert(name.to_string(), answer.clone());
        answer
    }

    fn demonym(&self, word: &str) -> Option<String> {
        if !word.starts_with(|c: char| c.is_uppercase()) {
            return None;
        }
        if let Some(hit) = self.demonyms.borrow().get(word) {
            return hit.clone();
        }
        let answer = self.demonym_uncached(word);
        self.demonyms.borrow_mut().insert(word.to_string(), answer.clone());
        answer
    }
}
