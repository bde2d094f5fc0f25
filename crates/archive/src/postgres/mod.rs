//! The PostgreSQL backend: the same tables, columns and invariants as SQLite's, for a team or
//! several servers sharing one archive.
#![allow(unused)]

use crate::sqlite::UnfinishedIngest;
use crate::{
    ArchiveError, AuditEntry, BatchCounts, ExtractionInput, FacetCounts, FileCheck, IngestId,
    IngestSummary, NewRecord, Result, SearchOptions, SearchResults, SourceFile, StatsBy, Store,
    StoredRecord,
};
use dateline_model::Record;
use dateline_query::Query;
use serde_json::Value;
use std::path::PathBuf;

/// Options for opening a PostgreSQL archive.
#[derive(Debug, Clone, Default)]
pub struct PgOptions {
    /// Where this program keeps its derived ranked index; by default a directory named after
    /// the archive's id under the user's cache directory (`DATELINE_RANKED_DIR` overrides it).
    pub ranked_dir: Option<PathBuf>,
    /// Open for reading only: nothing is created or migrated and every write fails.
    pub read_only: bool,
    /// Most connections this process opens (default 8).
    pub pool_size: Option<u32>,
}

/// The PostgreSQL archive. Safe to share between threads; any number of processes on any
/// number of machines may use the same database at once.
pub struct PgStore {
    url: String,
}

impl PgStore {
    /// Connects to `url` (`postgres://user[:password]@host[:port]/database`), creating and
    /// migrating the schema if needed.
    pub fn open(url: &str) -> Result<Self> {
        Self::open_with(url, PgOptions::default())
    }

    /// Connects with options.
    pub fn open_with(url: &str, opts: PgOptions) -> Result<Self> {
        todo!()
    }

    /// The URL without its password.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Where the derived ranked index lives.
    pub fn ranked_dir(&self) -> PathBuf {
        todo!()
    }

    /// The archive's identity.
    pub fn archive_id(&self) -> Result<String> {
        todo!()
    }

    /// The newest audit entry: `(seq, hash)`.
    pub fn head(&self) -> Result<Option<(i64, String)>> {
        todo!()
    }

    /// Sequence numbers of audit entries that break the hash chain.
    pub fn verify_log(&self) -> Result<Vec<i64>> {
        todo!()
    }

    /// Brings the derived ranked index up to date with the `changes` sequence.
    pub fn sync_ranked(&self) -> Result<u64> {
        todo!()
    }

    /// How many searches' facet counts to keep per snapshot of the ranked index.
    pub fn set_facet_cache(&self, entries: usize) {
        todo!()
    }

    /// Ingests started and never finished.
    pub fn unfinished_ingests(&self) -> Result<Vec<UnfinishedIngest>> {
        todo!()
    }

    /// Bytes the database takes on disk (`pg_database_size`).
    pub fn size_on_disk(&self) -> Result<u64> {
        todo!()
    }
}

impl Store for PgStore {
    fn ingest_begin(&self, file: &SourceFile, actor: &str, extractor: &str) -> Result<IngestId> {
        todo!()
    }
    fn ingest_batch(&self, ingest: IngestId, batch: &[NewRecord]) -> Result<BatchCounts> {
        todo!()
    }
    fn ingest_finish(&self, ingest: IngestId, skipped: u64) -> Result<IngestSummary> {
        todo!()
    }
    fn get(&self, id: &str) -> Result<StoredRecord> {
        todo!()
    }
    fn correct(
        &self,
        id: &str,
        edits: &[(String, Value)],
        author: &str,
        note: Option<&str>,
    ) -> Result<StoredRecord> {
        todo!()
    }
    fn search(&self, query: &Query, opts: &SearchOptions) -> Result<SearchResults> {
        todo!()
    }
    fn stats(&self, by: StatsBy, query: &Query, loose_dates: bool) -> Result<FacetCounts> {
        todo!()
    }
    fn extraction_inputs(&self, after: Option<&str>, limit: usize) -> Result<Vec<ExtractionInput>> {
        todo!()
    }
    fn replace_extractions(&self, records: &[Record], extractor: &str) -> Result<u64> {
        todo!()
    }
    fn audit(&self, action: &str, actor: &str, detail: Value) -> Result<()> {
        todo!()
    }
    fn log(&self) -> Result<Vec<AuditEntry>> {
        todo!()
    }
    fn verify_sources(&self, actor: &str) -> Result<Vec<FileCheck>> {
        todo!()
    }
    fn reindex(&self) -> Result<u64> {
        todo!()
    }
    fn count(&self) -> Result<u64> {
        todo!()
    }
    fn scan(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> std::ops::ControlFlow<()>,
    ) -> Result<u64> {
        todo!()
    }
    fn count_matching(&self, query: &Query, loose_dates: bool) -> Result<u64> {
        todo!()
    }
}
