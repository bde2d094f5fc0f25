//! The gazetteer: here is a place name, which places could it be?
//!
//! OWNER: gazetteer helper. Replace this stub; keep the public signatures.
#![deny(missing_docs)]

/// A gazetteer entry (GeoNames row).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// GeoNames id.
    pub geonames_id: u64,
    /// Primary name.
    pub name: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// GeoNames feature class (`P`, `A`, `S`, `T`, ...).
    pub feature_class: char,
    /// GeoNames feature code (`PPLA`, `PPLX`, ...), empty when unknown.
    pub feature_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// GeoNames admin1 code within the country (`12` for SY.12 Idlib).
    pub admin1: String,
    /// Population (0 when unknown).
    pub population: u64,
}

/// A country.
#[derive(Debug, Clone, PartialEq)]
pub struct Country {
    /// ISO 3166-1 alpha-2.
    pub code: String,
    /// Common English name.
    pub name: String,
    /// Representative point.
    pub lat: f64,
    /// Representative point.
    pub lon: f64,
}

/// A first-level administrative division.
#[derive(Debug, Clone, PartialEq)]
pub struct Admin1 {
    /// ISO 3166-1 alpha-2 of the country.
    pub country: String,
    /// GeoNames admin1 code (`12`).
    pub code: String,
    /// English name (`Idlib`).
    pub name: String,
    /// GeoNames id of the division, when known.
    pub geonames_id: Option<u64>,
}

/// Folds a name for matching: NFKD, drop combining marks and apostrophe-like letters, lowercase,
/// hyphens and runs of spaces to one space.
pub fn fold(name: &str) -> String {
    name.to_lowercase()
}

/// The gazetteer.
#[derive(Debug, Default)]
pub struct Gazetteer {}

impl Gazetteer {
    /// The compact default shipped in the binary.
    pub fn embedded() -> Gazetteer {
        Gazetteer {}
    }
    /// All places whose name or alternate name folds to `fold(name)`, most populous first.
    pub fn lookup(&self, _name: &str) -> Vec<Place> {
        Vec::new()
    }
    /// A country by name or alternative spelling (`Syria`, `U.S.`, `Britain`) or ISO code.
    pub fn country_by_name(&self, _name: &str) -> Option<Country> {
        None
    }
    /// A country by demonym (`Syrian`, `Iraqi`, `Bahraini`).
    pub fn country_by_demonym(&self, _word: &str) -> Option<Country> {
        None
    }
    /// A country by ISO code.
    pub fn country(&self, _code: &str) -> Option<Country> {
        None
    }
    /// First-level divisions whose name folds to `fold(name)`, optionally within one country.
    pub fn admin1_by_name(&self, _name: &str, _country: Option<&str>) -> Vec<Admin1> {
        Vec::new()
    }
    /// The admin1 division of a country by code.
    pub fn admin1(&self, _country: &str, _code: &str) -> Option<Admin1> {
        None
    }
}
