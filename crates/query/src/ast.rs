//! The parsed form of a search. Every node keeps the byte span of the query text it came from,
//! so that errors found later (an unknown country, an empty result) can point at the user's words.

use jiff::civil::Date;
use serde::Serialize;

/// A half-open byte range `[start, end)` of the query string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct QSpan {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A whole search: every clause must hold (AND).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Query {
    /// Full-text clauses over the caption and the names in it.
    pub text: Vec<TextClause>,
    /// Structured filters.
    pub filters: Vec<Filter>,
}

impl Query {
    /// True when the query has no clause at all (matches every record).
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.filters.is_empty()
    }
    /// True when some positive full-text clause exists (relevance ranking makes sense).
    pub fn has_positive_text(&self) -> bool {
        self.text
            .iter()
            .any(|c| !matches!(c, TextClause::Not { .. }))
    }
}

/// One full-text clause. Words are kept as the user wrote them (not folded): the index's own
/// tokenizer decides how they match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum TextClause {
    /// A single word: `rubble`.
    Word {
        /// The word.
        word: String,
        /// Where it is in the query.
        span: QSpan,
    },
    /// A word prefix: `evacu*`.
    Prefix {
        /// The part before `*`.
        stem: String,
        /// Where it is in the query.
        span: QSpan,
    },
    /// Consecutive words: `"barrel bomb"`.
    Phrase {
        /// The words, in order (at least one).
        words: Vec<String>,
        /// Where it is in the query, quotes included.
        span: QSpan,
    },
    /// Any of the alternatives: `rubble OR debris`. Alternatives are never `Not` or `Any`.
    Any {
        /// Two or more alternatives.
        alternatives: Vec<TextClause>,
        /// Where it is in the query.
        span: QSpan,
    },
    /// Must not match: `-funeral`. The inner clause is never `Not`.
    Not {
        /// The excluded clause.
        clause: Box<TextClause>,
        /// Where it is in the query, `-` included.
        span: QSpan,
    },
}

/// Record fields that hold names or codes and are matched whole (case- and accent-insensitively).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// `agency:AFP` — the normalized agency of the credit line.
    Agency,
    /// `creator:"Ameer Alhalbi"` — any of the photographers.
    Creator,
    /// `country:SY` — ISO 3166-1 alpha-2 code (names are resolved by the caller).
    Country,
    /// `province:Aleppo` — first-level administrative division.
    Province,
    /// `city:Aleppo` — populated place.
    City,
    /// `type:air_strike` — event type from the contract's vocabulary.
    Type,
    /// `id:9f2c` — record id or id prefix.
    Id,
}

impl Field {
    /// The key as written in queries.
    pub fn key(self) -> &'static str {
        match self {
            Field::Agency => "agency",
            Field::Creator => "creator",
            Field::Country => "country",
            Field::Province => "province",
            Field::City => "city",
            Field::Type => "type",
            Field::Id => "id",
        }
    }
}

/// Which casualty figure a numeric filter reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// `killed:>=10`
    Killed,
    /// `injured:1..5`
    Injured,
}

/// A structured filter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Filter {
    /// `agency:AFP`, `agency:AFP,Reuters` (any of the values), `-agency:AFP` (none of them).
    Field {
        /// Which field.
        field: Field,
        /// One or more values; a record matches when any value matches.
        values: Vec<String>,
        /// True for `-field:value`.
        negated: bool,
        /// Where it is in the query.
        span: QSpan,
    },
    /// `reported:true` / `reported:false`.
    Reported {
        /// Required value of `event.reported`.
        value: bool,
        /// Where it is in the query.
        span: QSpan,
    },
    /// `date:2016-04..2016-12`, `date:2016`, `date:..2016-05-03`, `date:2016-04-01..`.
    Date {
        /// First day of the range (inclusive); `None` = open.
        from: Option<Date>,
        /// Last day of the range (inclusive); `None` = open.
        to: Option<Date>,
        /// Where it is in the query.
        span: QSpan,
    },
    /// `near:36.20,37.16,25km` — within a radius of a point (km, m or mi; default km).
    Near {
        /// Latitude in degrees.
        lat: f64,
        /// Longitude in degrees.
        lon: f64,
        /// Radius in kilometres.
        radius_km: f64,
        /// Where it is in the query.
        span: QSpan,
    },
    /// `bbox:south,west,north,east` — inside a latitude/longitude box.
    BBox {
        /// Southern latitude.
        south: f64,
        /// Western longitude.
        west: f64,
        /// Northern latitude.
        north: f64,
        /// Eastern longitude.
        east: f64,
        /// Where it is in the query.
        span: QSpan,
    },
    /// `killed:>=10`, `killed:3`, `injured:1..5`.
    Count {
        /// Which figure.
        count: Count,
        /// Inclusive lower bound.
        min: Option<u64>,
        /// Inclusive upper bound.
        max: Option<u64>,
        /// Where it is in the query.
        span: QSpan,
    },
}

/// The event types of the record contract, in its order.
pub const EVENT_TYPES: &[&str] = &[
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
