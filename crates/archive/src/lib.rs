//! The archive: every record ever ingested, kept with its provenance, the corrections people
//! made to it and an append-only audit log, and found again by text, facet, place and time.
//!
//! SQLite ([`SqliteStore`]) is the system of record: records, provenance, corrections, audit log,
//! the FTS5 full-text index and the R*Tree of places all change in one transaction, so a crash
//! never leaves them out of step. A tantivy index ([`ranked`]) is derived from it for
//! relevance-ranked search at scale; it remembers the last change it has seen and catches up on
//! open, and `reindex` rebuilds it from nothing.
//!
//! Invariants:
//! - A record's id is the content hash of its caption; ingesting the same caption again adds
//!   provenance, never a second record.
//! - Extracted values and corrections are stored apart; what readers see is the extraction with
//!   the corrections applied in order. Re-extraction replaces only the extraction.
//! - The audit log is only appended to (triggers refuse UPDATE and DELETE) and each entry carries
//!   the hash of the one before, so a rewrite is detectable.
//! - User text reaches SQL only as bound parameters; FTS5 MATCH strings are built from the parsed
//!   query by one quoting function.

#![deny(missing_docs)]

mod any;
mod apply;
mod copy;
mod derived;
mod fold;
mod geo;
mod postgres;
pub mod ranked;
mod rows;
mod schema;
mod sources;
mod sql;
mod sqlite;

pub use any::{AnyStore, is_postgres_url};
pub use apply::{
    CorrectionError, apply_corrections, check_edit, correctable_fields, field_value, typed_value,
};
pub use copy::{CopySummary, copy_archive};
pub use derived::FACET_CACHE_ENTRIES;
pub use fold::fold;
pub use geo::{EARTH_RADIUS_KM, haversine_km};
pub use postgres::{PgOptions, PgStore, redact_url};
pub use sqlite::anchor_problems;
pub use sqlite::{
    Anchor, EngineCounts, MAX_PROBLEMS, NONE, OpenOptions, RecordProblem, RecordsCheck,
    SqliteStore, UnfinishedIngest, parse_anchors,
};

use dateline_model::Record;
use dateline_query::Query;
use serde::Serialize;
use std::path::PathBuf;

/// Everything that can go wrong in the archive.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The database refused an operation.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The archive file could not be opened or is not a dateline archive.
    #[error("cannot open archive {path}: {source}")]
    Open {
        /// The archive file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// PostgreSQL refused an operation.
    #[error("PostgreSQL: {0}")]
    Postgres(String),
    /// The PostgreSQL server could not be reached or refused the connection.
    #[error("cannot open archive {url}: {message}")]
    Connect {
        /// The URL, without its password.
        url: String,
        /// Why, in one line.
        message: String,
    },
    /// The ranked index refused an operation.
    #[error("ranked index: {0}")]
    Ranked(String),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The archive was written by a newer dateline.
    #[error("the archive has schema version {found}; this dateline knows up to {known}")]
    TooNew {
        /// Version in the file.
        found: i64,
        /// Newest version this build knows.
        known: i64,
    },
    /// No record has that id (or id prefix).
    #[error("no record with id {0}")]
    NotFound(String),
    /// An id prefix matches several records.
    #[error("id prefix {prefix} is ambiguous: {count} records match")]
    Ambiguous {
        /// The prefix given.
        prefix: String,
        /// How many records share it.
        count: usize,
    },
    /// A correction names an unknown field or has a value of the wrong kind.
    #[error(transparent)]
    Correction(#[from] CorrectionError),
    /// A request beyond the archive's limits (page size, paging depth).
    #[error("{0}")]
    Limit(String),
    /// Stored data could not be decoded (a bug or a damaged archive).
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

impl From<ranked::RankedError> for ArchiveError {
    fn from(e: ranked::RankedError) -> Self {
        ArchiveError::Ranked(e.to_string())
    }
}

/// Refuses a page beyond the archive's limits ([`MAX_LIMIT`], [`MAX_OFFSET`]).
pub(crate) fn check_page(opts: &SearchOptions) -> Result<()> {
    if opts.limit > MAX_LIMIT || opts.offset > MAX_OFFSET {
        return Err(ArchiveError::Limit(format!(
            "a page holds at most {MAX_LIMIT} results and starts at most at result {MAX_OFFSET} (asked: {} from {})",
            opts.limit, opts.offset
        )));
    }
    Ok(())
}

/// What a search that can match nothing returns (every facet present and empty when asked).
pub(crate) fn empty_results(opts: &SearchOptions) -> SearchResults {
    let facets = if opts.facets {
        ranked::FACETS
            .iter()
            .map(|f| (f.to_string(), Vec::new()))
            .collect()
    } else {
        Vec::new()
    };
    SearchResults {
        total: 0,
        hits: Vec::new(),
        facets,
    }
}

/// Most results one search returns at once.
pub const MAX_LIMIT: usize = 10_000;
/// Deepest result a search pages to: paging costs memory in proportion to the offset.
pub const MAX_OFFSET: usize = 1_000_000;

/// Result type of the archive.
pub type Result<T, E = ArchiveError> = std::result::Result<T, E>;

/// A source file at the time of ingest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SourceFile {
    /// Path as given by the user (made absolute by the caller when it can).
    pub path: String,
    /// Hex SHA-256 of the whole file; `None` for standard input.
    pub sha256: Option<String>,
    /// Size in bytes.
    pub size: u64,
}

/// One extracted record to store, with what is needed to extract it again later.
#[derive(Debug, Clone)]
pub struct NewRecord {
    /// The record as the engine produced it (its `source` gives path and line).
    pub record: Record,
    /// The reference date the input gave for relative dates, `YYYY-MM-DD`.
    pub reference_date: Option<String>,
}

/// Handle of an ingest in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IngestId(pub i64);

/// Counts after one batch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct BatchCounts {
    /// Captions not seen before.
    pub new: u64,
    /// Captions already in the archive (provenance added if this place in this file is new).
    pub unchanged: u64,
}

/// Counts after a whole file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct IngestSummary {
    /// Captions not seen before.
    pub new: u64,
    /// Captions already in the archive.
    pub unchanged: u64,
    /// Records of an earlier version of the same file replaced by an edited caption.
    pub superseded: u64,
    /// Input records that could not be read (reported by the caller).
    pub skipped: u64,
}

/// Where and when a record was seen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Provenance {
    /// Source kind (`text`, `jsonl`, `csv`, `image`).
    pub kind: String,
    /// Source path.
    pub path: Option<String>,
    /// 1-based line in the source.
    pub line: Option<u64>,
    /// Id the input gave.
    pub input_id: Option<String>,
    /// SHA-256 of the source file at ingest.
    pub sha256: Option<String>,
    /// When (RFC 3339, UTC).
    pub ingested_at: String,
}

/// A human correction of one field.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Correction {
    /// Dotted field path, e.g. `location.city`.
    pub field: String,
    /// The new value (`null` clears the field).
    pub value: serde_json::Value,
    /// The value readers saw before this correction.
    pub previous: serde_json::Value,
    /// Who made it.
    pub author: String,
    /// Why.
    pub note: Option<String>,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// One record as the archive holds it.
#[derive(Debug, Clone, Serialize)]
pub struct StoredRecord {
    /// The record with corrections applied: what every reader sees.
    pub record: Record,
    /// The record as the extractor produced it.
    pub extracted: Record,
    /// Every place and time the caption was seen, oldest first.
    pub provenance: Vec<Provenance>,
    /// Corrections, oldest first.
    pub corrections: Vec<Correction>,
    /// Id of the record that replaced this one after its source line was edited.
    pub superseded_by: Option<String>,
    /// Ids of records this one replaced.
    pub supersedes: Vec<String>,
    /// Version of the extractor that produced `extracted`.
    pub extractor: String,
    /// Reference date kept for re-extraction.
    pub reference_date: Option<String>,
}

/// Sort order of search results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    /// Most relevant first (bm25); falls back to newest first without text clauses.
    #[default]
    Relevance,
    /// Newest photo date first (undated last).
    DateDesc,
    /// Oldest photo date first (undated last).
    DateAsc,
}

/// Which engine answers ranked text queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ranker {
    /// The tantivy index (fast top-k at scale).
    #[default]
    Tantivy,
    /// SQLite FTS5 bm25 (ranks every match; the baseline).
    Fts5,
}

/// How to run a search.
#[derive(Debug, Clone, Serialize)]
pub struct SearchOptions {
    /// Order.
    pub sort: Sort,
    /// Page size.
    pub limit: usize,
    /// Results to skip.
    pub offset: usize,
    /// Let a month- or year-precision date match a range that only overlaps it.
    pub loose_dates: bool,
    /// Include records superseded by an edited caption.
    pub include_superseded: bool,
    /// Count results per agency, photographer, country, province, city, type, reported and year.
    pub facets: bool,
    /// Engine for relevance ranking.
    pub ranker: Ranker,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            sort: Sort::Relevance,
            limit: 20,
            offset: 0,
            loose_dates: false,
            include_superseded: false,
            facets: false,
            ranker: Ranker::Tantivy,
        }
    }
}

/// One search result.
#[derive(Debug, Clone, Serialize)]
pub struct Hit {
    /// The record, corrections applied.
    pub record: Record,
    /// Relevance score when ranked (higher is better).
    pub score: Option<f32>,
    /// Byte ranges of `record.caption` that matched a text clause.
    pub highlights: Vec<(usize, usize)>,
    /// Distance from the `near:` point, in km.
    pub distance_km: Option<f64>,
}

/// Counts of records by (date as written, event type); see [`Store::date_counts`].
pub type DateCounts = Vec<(Option<String>, Option<String>, u64)>;

/// A facet: values and how many matching records have each, most frequent first.
pub type FacetCounts = Vec<(String, u64)>;

/// Results of a search.
#[derive(Debug, Clone, Serialize)]
pub struct SearchResults {
    /// Number of matching records.
    pub total: u64,
    /// The requested page.
    pub hits: Vec<Hit>,
    /// Facet name (`agency`, `creator`, `country`, `province`, `city`, `type`, `reported`,
    /// `year`) to counts, when asked for.
    pub facets: Vec<(String, FacetCounts)>,
}

/// Dimensions for `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StatsBy {
    /// Normalized agency.
    Agency,
    /// Photographer.
    Creator,
    /// Country code.
    Country,
    /// Province.
    Province,
    /// City.
    City,
    /// Event type.
    Type,
    /// Whether the event is reported (hedged): `true` or `false`.
    Reported,
    /// Year of the photo date.
    Year,
    /// Month of the photo date (`YYYY-MM`; year-precision dates count as `YYYY`).
    Month,
}

impl StatsBy {
    /// Every dimension, in the order `stats` documents them.
    pub const ALL: [StatsBy; 9] = [
        StatsBy::Agency,
        StatsBy::Creator,
        StatsBy::Country,
        StatsBy::Province,
        StatsBy::City,
        StatsBy::Type,
        StatsBy::Reported,
        StatsBy::Year,
        StatsBy::Month,
    ];

    /// The name facets, the API and JSON give the dimension (its serde name).
    pub const fn name(self) -> &'static str {
        match self {
            StatsBy::Agency => "agency",
            StatsBy::Creator => "creator",
            StatsBy::Country => "country",
            StatsBy::Province => "province",
            StatsBy::City => "city",
            StatsBy::Type => "type",
            StatsBy::Reported => "reported",
            StatsBy::Year => "year",
            StatsBy::Month => "month",
        }
    }

    /// The dimension of a name, if any.
    pub fn from_name(name: &str) -> Option<StatsBy> {
        StatsBy::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// An entry of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AuditEntry {
    /// Position in the log, from 1.
    pub seq: i64,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// `ingest`, `correct`, `reextract`, `verify`, `reindex`, `migrate`.
    pub action: String,
    /// Who (the OS user unless told otherwise).
    pub actor: String,
    /// What, as JSON.
    pub detail: serde_json::Value,
    /// Hex SHA-256 over the previous entry's hash and this entry's fields.
    pub hash: String,
}

/// A live record's inputs, for re-extraction.
#[derive(Debug, Clone)]
pub struct ExtractionInput {
    /// Record id.
    pub id: String,
    /// Caption text.
    pub caption: String,
    /// Input id of the first provenance.
    pub input_id: Option<String>,
    /// Source of the first provenance.
    pub source: dateline_model::Source,
    /// Reference date kept at ingest.
    pub reference_date: Option<String>,
}

/// Result of checking one source file again.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileCheck {
    /// Path recorded at ingest.
    pub path: String,
    /// SHA-256 recorded at ingest.
    pub sha256_at_ingest: String,
    /// `ok`, `changed`, `missing`, `unreadable`, or `superseded` (an earlier version of a file
    /// that now holds a version ingested after it).
    pub status: String,
    /// SHA-256 now, when the file could be read.
    pub sha256_now: Option<String>,
    /// When this check ran (RFC 3339, UTC).
    pub checked_at: String,
    /// The previous check's time and status, if any.
    pub previous: Option<(String, String)>,
}

/// The archive's operations, whatever the backend.
pub trait Store: Send + Sync {
    /// Starts ingesting one source file; records the file and its hash, who ingests and which
    /// extractor version produced the records.
    fn ingest_begin(&self, file: &SourceFile, actor: &str, extractor: &str) -> Result<IngestId>;
    /// Stores one batch in one transaction.
    fn ingest_batch(&self, ingest: IngestId, batch: &[NewRecord]) -> Result<BatchCounts>;
    /// Marks records of earlier versions of the file whose line now holds another caption as
    /// superseded, writes the audit entry and returns the file's counts.
    fn ingest_finish(&self, ingest: IngestId, skipped: u64) -> Result<IngestSummary>;
    /// One record by id or unique id prefix (at least 4 characters).
    fn get(&self, id: &str) -> Result<StoredRecord>;
    /// Applies corrections (`field`, value) to one record; returns the corrected record.
    fn correct(
        &self,
        id: &str,
        edits: &[(String, serde_json::Value)],
        author: &str,
        note: Option<&str>,
    ) -> Result<StoredRecord>;
    /// Runs a search.
    fn search(&self, query: &Query, opts: &SearchOptions) -> Result<SearchResults>;
    /// Counts live records matching `query` by one dimension, most frequent first.
    fn stats(&self, by: StatsBy, query: &Query, loose_dates: bool) -> Result<FacetCounts>;
    /// Live records in id order after `after` (exclusive), at most `limit`, for re-extraction.
    fn extraction_inputs(&self, after: Option<&str>, limit: usize) -> Result<Vec<ExtractionInput>>;
    /// Replaces the extraction of existing records (corrections stay); returns how many changed.
    fn replace_extractions(&self, records: &[Record], extractor: &str) -> Result<u64>;
    /// Appends an audit entry (used by orchestration in the binary, e.g. after re-extraction).
    fn audit(&self, action: &str, actor: &str, detail: serde_json::Value) -> Result<()>;
    /// The audit log, oldest first.
    fn log(&self) -> Result<Vec<AuditEntry>>;
    /// Re-hashes every source file still on disk and records the check.
    fn verify_sources(&self, actor: &str) -> Result<Vec<FileCheck>>;
    /// Rebuilds the derived ranked index from the records.
    fn reindex(&self) -> Result<u64>;
    /// Number of live (not superseded) records.
    fn count(&self) -> Result<u64>;
    /// Hands every live record matching `query` (corrections applied) to `each`, one at a time
    /// in archive order, from one consistent snapshot; memory does not grow with the matches.
    /// `each` returns `Break` to stop early. Returns how many records were handed over.
    fn scan(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> std::ops::ControlFlow<()>,
    ) -> Result<u64>;
    /// Number of live records matching `query` (what [`Store::scan`] will hand over).
    fn count_matching(&self, query: &Query, loose_dates: bool) -> Result<u64>;
    /// How many live records matching `query` have each (date as the record writes it,
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; event type), in date order; undated records under
    /// `None`. What a timeline needs without reading whole records: a back end should answer
    /// it from its columns. The default reads every matching record.
    fn date_counts(&self, query: &Query, loose_dates: bool) -> Result<DateCounts> {
        let mut counts: std::collections::BTreeMap<(Option<String>, Option<String>), u64> =
            Default::default();
        self.scan(query, loose_dates, &mut |r| {
            *counts
                .entry((r.date.map(|d| d.iso), r.event.event_type))
                .or_default() += 1;
            std::ops::ControlFlow::Continue(())
        })?;
        Ok(counts.into_iter().map(|((d, t), n)| (d, t, n)).collect())
    }
    /// What changed after position `after` of the archive's change log, for derived data kept
    /// outside the archive (the incident cache) to catch up without reading every record.
    /// `None` when the backend keeps no change log: the caller recomputes from a scan. Pass
    /// `i64::MAX` for the current position alone.
    fn changes_since(&self, after: i64) -> Result<Option<Changes>> {
        let _ = after;
        Ok(None)
    }
}

/// Records changed after a position of the change log (see [`Store::changes_since`]).
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// The log's position these changes reach.
    pub seq: i64,
    /// Changed records that are live, corrections applied.
    pub live: Vec<Record>,
    /// Ids of changed records that are superseded now.
    pub gone: Vec<String>,
}
