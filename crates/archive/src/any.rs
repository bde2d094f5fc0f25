//! One archive, whichever backend holds it: what the programs open from `--archive`.

use crate::postgres::{PgOptions, PgStore};
use crate::sqlite::{OpenOptions, SqliteStore, UnfinishedIngest};
use crate::{
    AuditEntry, BatchCounts, Changes, DateCounts, ExtractionInput, FacetCounts, FileCheck,
    IngestId, IngestSummary, NewRecord, Result, SearchOptions, SearchResults, SourceFile, StatsBy,
    Store, StoredRecord,
};
use dateline_model::Record;
use dateline_query::Query;
use serde_json::Value;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// True when `spec` names a PostgreSQL database (`postgres://` or `postgresql://`) rather than
/// an archive file.
pub fn is_postgres_url(spec: &str) -> bool {
    let lower = spec.trim_start().to_ascii_lowercase();
    lower.starts_with("postgres://") || lower.starts_with("postgresql://")
}

/// An archive on either backend. The backend-specific checks (`verify`'s record seals and
/// anchors on SQLite) stay reachable through [`AnyStore::sqlite`].
pub enum AnyStore {
    /// An archive file.
    Sqlite(SqliteStore),
    /// A PostgreSQL database.
    Postgres(PgStore),
}

impl AnyStore {
    /// Opens `spec`: a PostgreSQL URL, else the path of an archive file (created if missing).
    pub fn open(spec: &str) -> Result<AnyStore> {
        if is_postgres_url(spec) {
            Ok(AnyStore::Postgres(PgStore::open(spec)?))
        } else {
            Ok(AnyStore::Sqlite(SqliteStore::open(spec)?))
        }
    }

    /// Opens `spec` with options for either backend.
    pub fn open_with(spec: &str, sqlite: OpenOptions, pg: PgOptions) -> Result<AnyStore> {
        if is_postgres_url(spec) {
            Ok(AnyStore::Postgres(PgStore::open_with(spec, pg)?))
        } else {
            Ok(AnyStore::Sqlite(SqliteStore::open_with(spec, sqlite)?))
        }
    }

    /// The SQLite archive, when that is the backend.
    pub fn sqlite(&self) -> Option<&SqliteStore> {
        match self {
            AnyStore::Sqlite(s) => Some(s),
            AnyStore::Postgres(_) => None,
        }
    }

    /// The PostgreSQL archive, when that is the backend.
    pub fn postgres(&self) -> Option<&PgStore> {
        match self {
            AnyStore::Postgres(p) => Some(p),
            AnyStore::Sqlite(_) => None,
        }
    }

    /// The archive as users name it in messages: the file's path, or the URL without its
    /// password.
    pub fn describe(&self) -> String {
        match self {
            AnyStore::Sqlite(s) => s.path().display().to_string(),
            AnyStore::Postgres(p) => p.url().to_string(),
        }
    }

    /// The archive's identity (a random id made when it was created).
    pub fn archive_id(&self) -> Result<String> {
        match self {
            AnyStore::Sqlite(s) => s.archive_id(),
            AnyStore::Postgres(p) => p.archive_id(),
        }
    }

    /// The newest audit entry: `(seq, hash)`.
    pub fn head(&self) -> Result<Option<(i64, String)>> {
        match self {
            AnyStore::Sqlite(s) => s.head(),
            AnyStore::Postgres(p) => p.head(),
        }
    }

    /// Sequence numbers of audit entries that break the hash chain (empty when intact).
    pub fn verify_log(&self) -> Result<Vec<i64>> {
        match self {
            AnyStore::Sqlite(s) => s.verify_log(),
            AnyStore::Postgres(p) => p.verify_log(),
        }
    }

    /// Brings the derived ranked index up to date; returns the changes applied.
    pub fn sync_ranked(&self) -> Result<u64> {
        match self {
            AnyStore::Sqlite(s) => s.sync_ranked(),
            AnyStore::Postgres(p) => p.sync_ranked(),
        }
    }

    /// Where the derived ranked index lives.
    pub fn ranked_dir(&self) -> PathBuf {
        match self {
            AnyStore::Sqlite(s) => s.ranked_dir(),
            AnyStore::Postgres(p) => p.ranked_dir(),
        }
    }

    /// How many searches' facet counts to keep per snapshot of the ranked index.
    pub fn set_facet_cache(&self, entries: usize) {
        match self {
            AnyStore::Sqlite(s) => s.set_facet_cache(entries),
            AnyStore::Postgres(p) => p.set_facet_cache(entries),
        }
    }

    /// Checks every stored record against its seal, its id and its columns.
    pub fn check_records(&self) -> Result<crate::RecordsCheck> {
        match self {
            AnyStore::Sqlite(s) => s.check_records(),
            AnyStore::Postgres(p) => p.check_records(),
        }
    }

    /// Ingests started and never finished.
    pub fn unfinished_ingests(&self) -> Result<Vec<UnfinishedIngest>> {
        match self {
            AnyStore::Sqlite(s) => s.unfinished_ingests(),
            AnyStore::Postgres(p) => p.unfinished_ingests(),
        }
    }
}

/// Forwards every `Store` method to the backend.
macro_rules! forward {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            AnyStore::Sqlite($s) => $e,
            AnyStore::Postgres($s) => $e,
        }
    };
}

impl Store for AnyStore {
    fn ingest_begin(&self, file: &SourceFile, actor: &str, extractor: &str) -> Result<IngestId> {
        forward!(self, s => s.ingest_begin(file, actor, extractor))
    }
    fn ingest_batch(&self, ingest: IngestId, batch: &[NewRecord]) -> Result<BatchCounts> {
        forward!(self, s => s.ingest_batch(ingest, batch))
    }
    fn ingest_finish(&self, ingest: IngestId, skipped: u64) -> Result<IngestSummary> {
        forward!(self, s => s.ingest_finish(ingest, skipped))
    }
    fn get(&self, id: &str) -> Result<StoredRecord> {
        forward!(self, s => s.get(id))
    }
    fn correct(
        &self,
        id: &str,
        edits: &[(String, Value)],
        author: &str,
        note: Option<&str>,
    ) -> Result<StoredRecord> {
        forward!(self, s => s.correct(id, edits, author, note))
    }
    fn search(&self, query: &Query, opts: &SearchOptions) -> Result<SearchResults> {
        forward!(self, s => s.search(query, opts))
    }
    fn stats(&self, by: StatsBy, query: &Query, loose_dates: bool) -> Result<FacetCounts> {
        forward!(self, s => s.stats(by, query, loose_dates))
    }
    fn extraction_inputs(&self, after: Option<&str>, limit: usize) -> Result<Vec<ExtractionInput>> {
        forward!(self, s => s.extraction_inputs(after, limit))
    }
    fn replace_extractions(&self, records: &[Record], extractor: &str) -> Result<u64> {
        forward!(self, s => s.replace_extractions(records, extractor))
    }
    fn audit(&self, action: &str, actor: &str, detail: Value) -> Result<()> {
        forward!(self, s => s.audit(action, actor, detail))
    }
    fn log(&self) -> Result<Vec<AuditEntry>> {
        forward!(self, s => s.log())
    }
    fn verify_sources(&self, actor: &str) -> Result<Vec<FileCheck>> {
        forward!(self, s => s.verify_sources(actor))
    }
    fn reindex(&self) -> Result<u64> {
        forward!(self, s => s.reindex())
    }
    fn count(&self) -> Result<u64> {
        forward!(self, s => s.count())
    }
    fn scan(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> ControlFlow<()>,
    ) -> Result<u64> {
        forward!(self, s => s.scan(query, loose_dates, each))
    }
    fn count_matching(&self, query: &Query, loose_dates: bool) -> Result<u64> {
        forward!(self, s => s.count_matching(query, loose_dates))
    }
    fn date_counts(&self, query: &Query, loose_dates: bool) -> Result<DateCounts> {
        forward!(self, s => s.date_counts(query, loose_dates))
    }
    fn changes_since(&self, after: i64) -> Result<Option<Changes>> {
        forward!(self, s => s.changes_since(after))
    }
}
