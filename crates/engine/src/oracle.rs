//! The gazetteer seen through the questions the text recognizers ask.

use dateline_geo::Gazetteer;
use dateline_text::mentions::{KnownKind, KnownPlace, PlaceOracle};

/// Answers [`PlaceOracle`] questions from a [`Gazetteer`].
pub struct GazetteerOracle<'g> {
    gazetteer: &'g Gazetteer,
}

impl<'g> GazetteerOracle<'g> {
    /// Wraps a gazetteer.
    pub fn new(gazetteer: &'g Gazetteer) -> Self {
        GazetteerOracle { gazetteer }
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
        let populated = self.gazetteer.lookup(name);
        if let Some(p) = populated.first() {
            let primary = dateline_geo::fold(&p.name) == dateline_geo::fold(name);
            return Some(KnownPlace { kind: KnownKind::Populated, country: p.country.clone(), population: p.population, primary });
        }
        if let Some(a) = self.gazetteer.admin1_by_name(name, None).first() {
            return Some(KnownPlace { kind: KnownKind::Admin1, country: a.country.clone(), population: 0, primary: true });
        }
        None
    }

    fn demonym(&self, word: &str) -> Option<String> {
        if let Some(c) = self.gazetteer.country_by_demonym(word) {
            return Some(c.code);
        }
        // Plural demonyms: "Iraqis", "Syrians".
        word.strip_suffix('s').and_then(|w| self.gazetteer.country_by_demonym(w)).map(|c| c.code)
    }
}
