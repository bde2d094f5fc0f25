//! The relevance-ranked full-text index: a tantivy index derived from the SQLite archive.
//!
//! SQLite is the system of record; this index is only a faster way to answer ranked text
//! searches at scale, and can always be rebuilt from it. Every commit stores, in tantivy's
//! commit payload, the schema version of this module and the sequence number of the last
//! `changes` row it has applied. On open the archive feeds it every change after
//! [`RankedIndex::last_seq`] ([`RankedIndex::apply`] deletes the record's document and adds its
//! current one), then [`RankedIndex::commit`]s with the new sequence number. A crash between the
//! SQLite commit and the tantivy commit therefore only means some changes are applied again,
//! which is idempotent: a record is never lost nor indexed twice.
//!
//! Text is tokenized like SQLite FTS5 `unicode61 remove_diacritics 2` (see `fold_tokens`) so
//! both backends match the same records for the same query; filters compare the same folded keys
//! as the SQLite columns ([`crate::fold::fold`]).
//!
//! Documented differences from FTS5, all at the edges:
//! - tokens are runs of `char::is_alphanumeric` (plus combining marks), folded by NFKD, so
//!   compatibility characters fold further than in FTS5 (`ﬁ` → `fi`, `²` → `2`), and non-Latin
//!   scripts lose their combining marks too (FTS5 only strips diacritics from Latin letters);
//! - ranking is tantivy's BM25 over the two fields, not FTS5's `bm25()`: the same records
//!   match, their order may differ;
//! - a single-token prefix (`evacu*`) that expands to at most 64 distinct terms is scored by
//!   BM25 over its expansions; a broader one matches with a constant score, and a prefix ending a
//!   phrase (`al-nai*`) is scored on its complete tokens only.

use crate::fold::fold;
use crate::geo::{circle_bounds, haversine_km};
use dateline_query::{Count as CountField, Field as QField, Filter, Query, TextClause};
use std::collections::BTreeSet;
use std::ops::Bound;
use std::path::{Path, PathBuf};
use tantivy::collector::{Count, TopDocs};
use tantivy::columnar::Column;
use tantivy::directory::{Directory, INDEX_WRITER_LOCK, META_LOCK, MmapDirectory};
use tantivy::query::doc_predicate_query::{
    ConstOrVariableSegmentPredicate, DocPredicate, DocPredicateQuery, SegmentDocPredicate,
};
use tantivy::query::{
    AllQuery, AllScorer, BooleanQuery, ConstScoreQuery, EmptyQuery, EnableScoring, Explanation,
    Occur, PhrasePrefixQuery, PhraseQuery, Query as TQuery, RangeQuery, Scorer, TermQuery, Weight,
};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use tantivy::{
    DocId, DocSet, Index, IndexReader, IndexWriter, ReloadPolicy, Score, Searcher,
    SeekDangerResult, SegmentReader, TantivyDocument, TantivyError, Term,
};

/// Version of the schema *and* of the tokenization below. Bump it whenever either changes: an
/// index written with another version is wiped on open and rebuilt by the caller's replay.
pub const SCHEMA_VERSION: u32 = 4;

/// Name under which [`FoldTokenizer`] is registered (tokenizers are not persisted, so it is
/// registered again on every open).
const TOKENIZER: &str = "dateline_fold";

/// Indexing memory budget, shared by the writer's threads.
const WRITER_MEMORY: usize = 160_000_000;

/// A single-token prefix expanding to at most this many terms of a field is scored by BM25
/// over its expansions; beyond it the prefix matches with a constant score.
const PREFIX_SCORED_TERMS: usize = 64;

const F_ROWID: &str = "rowid";
const F_DATE_DESC: &str = "date_desc_key";
const F_DATE_ASC: &str = "date_asc_key";

/// Bits of a date sort key that hold the rowid (below the day number).
const ROWID_BITS: u32 = 33;
/// Day numbers are clamped to ±this; undated records sort beyond it, so last either way.
const DAY_LIMIT: i64 = 1 << 20;

/// Sort keys that order records as the SQLite path does: by day (undated last), then rowid in
/// the same direction, so paging by date gives the same pages from either engine.
fn date_keys(date_start: Option<i64>, rowid: i64) -> (i64, i64) {
    let rowid = rowid & ((1 << ROWID_BITS) - 1);
    let day = date_start.map(|d| d.clamp(-DAY_LIMIT + 1, DAY_LIMIT - 1));
    let desc = (day.unwrap_or(-DAY_LIMIT) << ROWID_BITS) | rowid;
    let asc = (day.unwrap_or(DAY_LIMIT) << ROWID_BITS) | rowid;
    (desc, asc)
}
const F_LAT: &str = "lat";
const F_LON: &str = "lon";
/// The facet values of a document (see [`facet_entries`]): a fast field only, not indexed.
const F_FACET: &str = "facet";

/// What the ranked index knows of one record: the searchable text and the filterable values,
/// as SQLite holds them (effective values, corrections applied).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IndexDoc {
    /// SQLite rowid of the record; the key of its document here.
    pub rowid: i64,
    /// Record id (lowercase hex content hash).
    pub id: String,
    /// The caption text.
    pub caption: String,
    /// People and organization names, space-joined.
    pub names: String,
    /// Normalized agency of the credit line.
    pub agency: Option<String>,
    /// Photographers.
    pub creators: Vec<String>,
    /// ISO 3166-1 alpha-2 country code.
    pub country: Option<String>,
    /// First-level administrative division.
    pub province: Option<String>,
    /// Populated place.
    pub city: Option<String>,
    /// Event type from the contract's vocabulary.
    pub event_type: Option<String>,
    /// `event.reported`.
    pub reported: bool,
    /// First day of the record's date interval, days since 1970-01-01 (inclusive).
    pub date_start: Option<i64>,
    /// Last day of the record's date interval, days since 1970-01-01 (inclusive): a
    /// month-precision date spans the month.
    pub date_end: Option<i64>,
    /// The date as written in the record (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`): the year facet
    /// is its first four characters, as SQLite's `substr(date_iso, 1, 4)`.
    pub date_iso: Option<String>,
    /// Latitude in degrees.
    pub lat: Option<f64>,
    /// Longitude in degrees.
    pub lon: Option<f64>,
    /// Killed figure.
    pub killed: Option<u64>,
    /// Injured figure.
    pub injured: Option<u64>,
    /// True when a newer record supersedes this one.
    pub superseded: bool,
}

/// Everything that can go wrong in the ranked index.
#[derive(Debug, thiserror::Error)]
pub enum RankedError {
    /// tantivy refused an operation.
    #[error("ranked index: {what}: {source}")]
    Tantivy {
        /// What was being done.
        what: &'static str,
        /// tantivy's error.
        #[source]
        source: TantivyError,
    },
    /// The index directory could not be read, created or emptied.
    #[error("ranked index: {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Another process (or another [`RankedIndex`] in this one) holds the index's writer lock.
    #[error("ranked index {} is in use by another process", path.display())]
    Locked {
        /// The index directory.
        path: PathBuf,
    },
}

fn tv(what: &'static str) -> impl FnOnce(TantivyError) -> RankedError {
    move |source| RankedError::Tantivy { what, source }
}

/// Options of one ranked search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankedSearch {
    /// Page size; 0 only counts.
    pub limit: usize,
    /// Number of best hits skipped before the page.
    pub offset: usize,
    /// A date filter matches records whose interval overlaps the range (instead of lying
    /// inside it).
    pub loose_dates: bool,
    /// Also match superseded records.
    pub include_superseded: bool,
    /// Best score first, or by photo date.
    pub order: RankedOrder,
}

/// Order of ranked search results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RankedOrder {
    /// Highest BM25 score first.
    #[default]
    Score,
    /// Newest photo date first, undated last; ties newest rowid first.
    DateDesc,
    /// Oldest photo date first, undated last; ties oldest rowid first.
    DateAsc,
}

impl Default for RankedSearch {
    fn default() -> Self {
        RankedSearch {
            limit: 20,
            offset: 0,
            loose_dates: false,
            include_superseded: false,
            order: RankedOrder::Score,
        }
    }
}

/// The answer to a ranked search.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RankedResults {
    /// Exact number of matching records.
    pub total: u64,
    /// When asked for: the ten biggest values of each facet, as `SqliteStore`'s SQL facets
    /// count them (see [`FACETS`]).
    pub facets: Facets,
    /// The page `[offset, offset + limit)` of the matches, best first: (rowid, score). Ties
    /// (equal scores, e.g. a query without positive text) keep index order. Ordered by date,
    /// the score is 0.
    pub hits: Vec<(i64, f32)>,
}

/// The fields of the schema.
#[derive(Debug, Clone, Copy)]
struct Fields {
    rowid: Field,
    id: Field,
    caption: Field,
    names: Field,
    agency: Field,
    creator: Field,
    country: Field,
    province: Field,
    city: Field,
    event_type: Field,
    reported: Field,
    date_start: Field,
    date_end: Field,
    lat: Field,
    lon: Field,
    killed: Field,
    injured: Field,
    superseded: Field,
    date_desc: Field,
    date_asc: Field,
    facet: Field,
}

fn build_schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(TOKENIZER)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let fields = Fields {
        rowid: b.add_i64_field(F_ROWID, INDEXED | FAST),
        id: b.add_text_field("id", STRING),
        caption: b.add_text_field("caption", text.clone()),
        names: b.add_text_field("names", text),
        agency: b.add_text_field("agency", STRING),
        creator: b.add_text_field("creator", STRING),
        country: b.add_text_field("country", STRING),
        province: b.add_text_field("province", STRING),
        city: b.add_text_field("city", STRING),
        event_type: b.add_text_field("event_type", STRING),
        reported: b.add_bool_field("reported", INDEXED),
        date_start: b.add_i64_field("date_start", INDEXED | FAST),
        date_end: b.add_i64_field("date_end", INDEXED | FAST),
        lat: b.add_f64_field(F_LAT, INDEXED | FAST),
        lon: b.add_f64_field(F_LON, INDEXED | FAST),
        killed: b.add_u64_field("killed", INDEXED | FAST),
        injured: b.add_u64_field("injured", INDEXED | FAST),
        superseded: b.add_bool_field("superseded", INDEXED),
        date_desc: b.add_i64_field(F_DATE_DESC, FAST),
        date_asc: b.add_i64_field(F_DATE_ASC, FAST),
        facet: b.add_text_field(F_FACET, FAST),
    };
    (b.build(), fields)
}

// ---------------------------------------------------------------------------------------------
// Tokenization

/// True for the characters that make up a token: letters and digits, and combining marks so
/// that a decomposed accent does not split a word (it is then folded away).
fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c)
}

/// Calls `sink(from, to, token)` for every token of `text`, in order, with the byte range of
/// `text` it came from: runs of alphanumeric characters, lower-cased and with accents removed
/// by [`fold`] (NFKD, combining marks dropped) — the index side and the query side both use it.
fn fold_tokens(text: &str, mut sink: impl FnMut(usize, usize, &str)) {
    let mut start = None;
    let mut buf = String::new();
    let mut emit = |s: usize, e: usize| {
        let run = &text[s..e];
        if run.is_ascii() {
            buf.clear();
            buf.push_str(run);
            buf.make_ascii_lowercase();
            sink(s, e, &buf);
        } else {
            let folded = fold(run);
            for part in folded.split(|c: char| !c.is_alphanumeric()) {
                if !part.is_empty() {
                    sink(s, e, part);
                }
            }
        }
    };
    for (i, c) in text.char_indices() {
        if is_token_char(c) {
            if start.is_none() {
                start = Some(i);
            }
        } else if let Some(s) = start.take() {
            emit(s, i);
        }
    }
    if let Some(s) = start {
        emit(s, text.len());
    }
}

/// The folded tokens of `text`, as both engines index and search them.
pub(crate) fn tokens_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    fold_tokens(text, |_, _, t| out.push(t.to_string()));
    out
}

/// The tantivy tokenizer of the caption and names fields: [`fold_tokens`].
#[derive(Clone, Default)]
struct FoldTokenizer {
    tokens: Vec<Token>,
}

struct FoldTokenStream<'a> {
    tokens: &'a mut Vec<Token>,
    next: usize,
}

impl Tokenizer for FoldTokenizer {
    type TokenStream<'a> = FoldTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> FoldTokenStream<'a> {
        self.tokens.clear();
        let tokens = &mut self.tokens;
        fold_tokens(text, |from, to, t| {
            let position = tokens.len();
            tokens.push(Token {
                offset_from: from,
                offset_to: to,
                position,
                text: t.to_string(),
                position_length: 1,
            });
        });
        FoldTokenStream {
            tokens: &mut self.tokens,
            next: 0,
        }
    }
}

impl TokenStream for FoldTokenStream<'_> {
    fn advance(&mut self) -> bool {
        if self.next < self.tokens.len() {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

// ---------------------------------------------------------------------------------------------
// Payload

/// What an index was built from: the archive (its random id), the last `changes` row applied,
/// and the audit log's head at that moment. An index whose stamp does not match the database
/// (a restored backup, another archive's index, a sequence number ahead of the database) is
/// rebuilt instead of answering from stale documents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stamp {
    /// The last `changes` sequence number applied.
    pub seq: i64,
    /// The archive's id (empty when not known).
    pub archive: String,
    /// The audit log's newest entry when `seq` was read (0 for none).
    pub audit_seq: i64,
    /// That entry's hash.
    pub audit_hash: String,
}

fn payload(stamp: &Stamp) -> String {
    let dash = |s: &str| {
        if s.is_empty() {
            "-".to_string()
        } else {
            s.to_string()
        }
    };
    format!(
        "dateline-ranked v{SCHEMA_VERSION} seq {} archive {} audit {} {}",
        stamp.seq,
        dash(&stamp.archive),
        stamp.audit_seq,
        dash(&stamp.audit_hash)
    )
}

/// `(schema version, stamp)` of a payload written by [`payload`].
fn parse_payload(p: &str) -> Option<(u32, Stamp)> {
    let rest = p.strip_prefix("dateline-ranked v")?;
    let mut w = rest.split(' ');
    let version = w.next()?.parse().ok()?;
    let undash = |s: &str| {
        if s == "-" {
            String::new()
        } else {
            s.to_string()
        }
    };
    let mut stamp = Stamp::default();
    if w.next()? != "seq" {
        return None;
    }
    stamp.seq = w.next()?.parse().ok()?;
    if let Some("archive") = w.next() {
        stamp.archive = undash(w.next()?);
        if w.next()? != "audit" {
            return None;
        }
        stamp.audit_seq = w.next()?.parse().ok()?;
        stamp.audit_hash = undash(w.next()?);
    }
    Some((version, stamp))
}

// ---------------------------------------------------------------------------------------------
// The index

/// The ranked index: one tantivy index in its own directory, with its writer and a reader that
/// is reloaded after every commit.
pub struct RankedIndex {
    dir: PathBuf,
    writer: IndexWriter,
    reader: IndexReader,
    fields: Fields,
    stamp: Stamp,
}

impl std::fmt::Debug for RankedIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RankedIndex")
            .field("dir", &self.dir)
            .field("stamp", &self.stamp)
            .finish_non_exhaustive()
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> RankedError + '_ {
    move |source| RankedError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Removes everything inside `dir` (not `dir` itself) except tantivy's lock files, which the
/// caller may be holding.
fn empty_dir(dir: &Path) -> Result<(), RankedError> {
    for entry in std::fs::read_dir(dir).map_err(io_err(dir))? {
        let entry = entry.map_err(io_err(dir))?;
        let name = entry.file_name();
        if [&INDEX_WRITER_LOCK, &META_LOCK]
            .iter()
            .any(|l| l.filepath.as_os_str() == name.as_os_str())
        {
            continue;
        }
        let path = entry.path();
        let is_dir = std::fs::symlink_metadata(&path)
            .map_err(io_err(&path))?
            .is_dir();
        if is_dir {
            std::fs::remove_dir_all(&path).map_err(io_err(&path))?;
        } else {
            std::fs::remove_file(&path).map_err(io_err(&path))?;
        }
    }
    Ok(())
}

/// Opens the index in `dir` if it exists, has this schema and was committed by this version;
/// `None` when it must be recreated.
fn open_existing(dir: &Path, schema: &Schema) -> Option<(Index, Stamp)> {
    let index = Index::open_in_dir(dir).ok()?;
    if index.schema() != *schema {
        return None;
    }
    let metas = index.load_metas().ok()?;
    let (version, stamp) = parse_payload(metas.payload.as_deref()?)?;
    (version == SCHEMA_VERSION).then_some((index, stamp))
}

/// Builds a new index beside `dir` with `fill`, then puts it in place of `dir` whatever state
/// the old one is in (missing files, torn segments, another archive's documents): the old
/// directory is renamed away and removed only once the new one is complete, so a failed or
/// interrupted rebuild leaves the old index as it was. Refused while another process holds the
/// old index's writer lock.
pub fn rebuild_into<E: From<RankedError>>(
    dir: &Path,
    fill: impl FnOnce(&mut RankedIndex) -> Result<(), E>,
) -> Result<RankedIndex, E> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "ranked".into());
    let sibling = |what: &str| dir.with_file_name(format!("{name}.{what}-{}", std::process::id()));
    let old_dir = MmapDirectory::open(dir).ok();
    let lock = match &old_dir {
        Some(d) => Some(
            d.acquire_lock(&INDEX_WRITER_LOCK)
                .map_err(|_| RankedError::Locked {
                    path: dir.to_path_buf(),
                })?,
        ),
        None => None,
    };
    let new = sibling("new");
    if new.exists() {
        std::fs::remove_dir_all(&new).map_err(io_err(&new))?;
    }
    {
        let mut ix = RankedIndex::open(&new)?;
        fill(&mut ix)?;
    }
    let old = sibling("old");
    if dir.exists() {
        if old.exists() {
            std::fs::remove_dir_all(&old).map_err(io_err(&old))?;
        }
        std::fs::rename(dir, &old).map_err(io_err(dir))?;
    }
    std::fs::rename(&new, dir).map_err(io_err(&new))?;
    drop(lock);
    drop(old_dir);
    if old.exists() {
        let _ = std::fs::remove_dir_all(&old);
    }
    Ok(RankedIndex::open(dir)?)
}

impl RankedIndex {
    /// Opens the index in `dir`, creating the directory and an empty index when missing. An
    /// index of another schema version, or one that cannot be opened, is wiped and recreated
    /// empty (`last_seq` 0): the caller replays the changes log into it.
    pub fn open(dir: &Path) -> Result<Self, RankedError> {
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        let locked = || RankedError::Locked {
            path: dir.to_path_buf(),
        };
        let (schema, fields) = build_schema();
        // Hold the writer lock while deciding, so an index in use is never wiped.
        let directory = MmapDirectory::open(dir).map_err(|e| RankedError::Tantivy {
            what: "opening the directory",
            source: e.into(),
        })?;
        let lock = directory
            .acquire_lock(&INDEX_WRITER_LOCK)
            .map_err(|_| locked())?;
        let existing = if dir.join("meta.json").exists() {
            open_existing(dir, &schema)
        } else {
            None
        };
        let (index, stamp, fresh) = match existing {
            Some((index, stamp)) => (index, stamp, false),
            None => {
                empty_dir(dir)?;
                let index = Index::create_in_dir(dir, schema).map_err(tv("creating the index"))?;
                (index, Stamp::default(), true)
            }
        };
        drop(lock);
        index
            .tokenizers()
            .register(TOKENIZER, FoldTokenizer::default());
        let writer = index.writer(WRITER_MEMORY).map_err(|e| match e {
            TantivyError::LockFailure(..) => locked(),
            e => tv("opening the writer")(e),
        })?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(tv("opening the reader"))?;
        let mut ranked = RankedIndex {
            dir: dir.to_path_buf(),
            writer,
            reader,
            fields,
            stamp,
        };
        if fresh {
            // Stamp the new index with this version right away.
            ranked.commit(0)?;
        }
        Ok(ranked)
    }

    /// The sequence number stored by the last commit; 0 for a new index.
    pub fn last_seq(&self) -> i64 {
        self.stamp.seq
    }

    /// What the last commit recorded it was built from.
    pub fn stamp(&self) -> &Stamp {
        &self.stamp
    }

    /// Replaces the record `rowid`: deletes its document, then adds `doc` when the record still
    /// exists. Takes effect at the next [`commit`](Self::commit).
    pub fn apply(&mut self, rowid: i64, doc: Option<&IndexDoc>) -> Result<(), RankedError> {
        let f = self.fields;
        self.writer
            .delete_term(Term::from_field_i64(f.rowid, rowid));
        if let Some(d) = doc {
            debug_assert_eq!(
                d.rowid, rowid,
                "IndexDoc.rowid differs from the rowid applied"
            );
            self.writer
                .add_document(to_document(&f, rowid, d))
                .map_err(tv("adding a document"))?;
        }
        Ok(())
    }

    /// Commits everything applied since the last commit, recording `last_seq` as the last
    /// change applied, and makes it visible to searches.
    pub fn commit(&mut self, last_seq: i64) -> Result<(), RankedError> {
        let stamp = Stamp {
            seq: last_seq,
            ..self.stamp.clone()
        };
        self.commit_stamped(stamp)
    }

    /// Commits like [`commit`](Self::commit), recording the whole stamp.
    pub fn commit_stamped(&mut self, stamp: Stamp) -> Result<(), RankedError> {
        let mut prepared = self
            .writer
            .prepare_commit()
            .map_err(tv("preparing the commit"))?;
        prepared.set_payload(&payload(&stamp));
        prepared.commit().map_err(tv("committing"))?;
        self.stamp = stamp;
        self.reader.reload().map_err(tv("reloading the reader"))?;
        Ok(())
    }

    /// Number of documents of records not superseded (as of the last commit).
    pub fn num_live_docs(&self) -> Result<u64, RankedError> {
        let searcher = self.reader.searcher();
        let q = TermQuery::new(
            Term::from_field_bool(self.fields.superseded, false),
            IndexRecordOption::Basic,
        );
        Ok(searcher.search(&q, &Count).map_err(tv("counting"))? as u64)
    }

    /// True when another process (or another index in this one) holds `dir`'s writer lock.
    pub fn in_use(dir: &Path) -> bool {
        let Ok(d) = MmapDirectory::open(dir) else {
            return false;
        };
        d.acquire_lock(&INDEX_WRITER_LOCK).is_err()
    }

    /// Deletes every document, and drops whatever was applied but not committed. Takes effect
    /// at the next [`commit`](Self::commit) (normally `commit(0)` after a rebuild's adds, or
    /// right away); [`last_seq`](Self::last_seq) keeps its committed value until then.
    pub fn clear(&mut self) -> Result<(), RankedError> {
        self.writer
            .rollback()
            .map_err(tv("dropping uncommitted changes"))?;
        self.writer
            .delete_all_documents()
            .map_err(tv("deleting all documents"))?;
        Ok(())
    }

    /// Number of documents visible to searches (as of the last commit).
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// Runs `q`: the exact number of matching records and the requested page of them, best
    /// BM25 score first.
    pub fn search(&self, q: &Query, opts: &RankedSearch) -> Result<RankedResults, RankedError> {
        self.searcher().search(q, opts, false)
    }

    /// A searcher over the last commit, to search without holding the index (commits made
    /// afterwards are not seen by it).
    pub fn searcher(&self) -> RankedSearcher {
        RankedSearcher {
            searcher: self.reader.searcher(),
            fields: self.fields,
        }
    }
}

/// A point-in-time view of the ranked index (see [`RankedIndex::searcher`]): cheap to make,
/// `Send`, and usable by several threads at once.
#[derive(Clone)]
pub struct RankedSearcher {
    searcher: Searcher,
    fields: Fields,
}

impl RankedSearcher {
    /// Names the documents this searcher sees: its segments and their deletions. Two searchers
    /// with the same key answer every query alike (segments never change once written).
    pub fn snapshot_key(&self) -> String {
        let mut key = String::new();
        for r in self.searcher.segment_readers() {
            key.push_str(&format!(
                "{}:{} ",
                r.segment_id().uuid_string(),
                r.num_deleted_docs()
            ));
        }
        key
    }

    /// Runs `q`: the exact number of matching records and the requested page of them, best
    /// BM25 score first.
    /// With `facets`, the matches are also counted per facet value, in the same pass (see
    /// [`RankedResults::facets`]).
    pub fn search(
        &self,
        q: &Query,
        opts: &RankedSearch,
        facets: bool,
    ) -> Result<RankedResults, RankedError> {
        let searcher = &self.searcher;
        let query = self.build_query(searcher, q, opts)?;
        let tally = facets.then_some(FacetCollector);
        let by_date = match opts.order {
            RankedOrder::Score => None,
            RankedOrder::DateDesc => Some((F_DATE_DESC, tantivy::Order::Desc)),
            RankedOrder::DateAsc => Some((F_DATE_ASC, tantivy::Order::Asc)),
        };
        if let Some((field, order)) = by_date {
            // The key holds the rowid, so no column lookup is needed for the page.
            let top = (opts.limit > 0).then(|| {
                TopDocs::with_limit(opts.limit)
                    .and_offset(opts.offset)
                    .order_by_fast_field::<i64>(field, order)
            });
            let (total, top, tally) = searcher
                .search(&*query, &(Count, top, tally))
                .map_err(tv("searching"))?;
            let hits = top
                .unwrap_or_default()
                .into_iter()
                .filter_map(|(key, _)| key.map(|k| (k & ((1 << ROWID_BITS) - 1), 0.0)))
                .collect();
            return Ok(RankedResults {
                total: total as u64,
                hits,
                facets: facet_top(tally, total as u64)?,
            });
        }
        let top = (opts.limit > 0).then(|| {
            TopDocs::with_limit(opts.limit)
                .and_offset(opts.offset)
                .order_by_score()
        });
        let (total, top, tally) = searcher
            .search(&*query, &(Count, top, tally))
            .map_err(tv("searching"))?;
        let top = top.unwrap_or_default();
        let mut hits = Vec::with_capacity(top.len());
        let mut columns: Vec<Option<Column<i64>>> = vec![None; searcher.segment_readers().len()];
        for (score, addr) in top {
            let slot = &mut columns[addr.segment_ord as usize];
            if slot.is_none() {
                let col = searcher
                    .segment_reader(addr.segment_ord)
                    .fast_fields()
                    .i64(F_ROWID)
                    .map_err(tv("reading rowids"))?;
                *slot = Some(col);
            }
            let rowid = slot.as_ref().and_then(|c| c.first(addr.doc_id));
            if let Some(rowid) = rowid {
                hits.push((rowid, score));
            }
        }
        Ok(RankedResults {
            total: total as u64,
            hits,
            facets: facet_top(tally, total as u64)?,
        })
    }

    // -- query building ------------------------------------------------------------------------

    fn build_query(
        &self,
        searcher: &Searcher,
        q: &Query,
        opts: &RankedSearch,
    ) -> Result<Box<dyn TQuery>, RankedError> {
        let mut clauses: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
        for c in &q.text {
            match c {
                TextClause::Not { clause, .. } => {
                    if let Some(inner) = self.text_query(searcher, clause)? {
                        clauses.push((Occur::MustNot, Box::new(Excluded(inner))));
                    }
                }
                c => {
                    if let Some(query) = self.text_query(searcher, c)? {
                        clauses.push((Occur::Must, query));
                    }
                }
            }
        }
        for f in &q.filters {
            self.filter_clauses(f, opts.loose_dates, &mut clauses);
        }
        if !opts.include_superseded {
            clauses.push((
                Occur::MustNot,
                Box::new(TermQuery::new(
                    Term::from_field_bool(self.fields.superseded, true),
                    IndexRecordOption::Basic,
                )),
            ));
        }
        if !clauses.iter().any(|(o, _)| *o == Occur::Must) {
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        Ok(Box::new(BooleanQuery::new(clauses)))
    }

    /// The query of one positive clause over caption OR names; `None` when the clause has no
    /// token (only punctuation), in which case it is dropped as the SQLite path drops it.
    fn text_query(
        &self,
        searcher: &Searcher,
        c: &TextClause,
    ) -> Result<Option<Box<dyn TQuery>>, RankedError> {
        Ok(match c {
            TextClause::Word { word, .. } => self.seq_query(searcher, &tokens_of(word), false)?,
            TextClause::Prefix { stem, .. } => self.seq_query(searcher, &tokens_of(stem), true)?,
            TextClause::Phrase { words, .. } => {
                self.seq_query(searcher, &tokens_of(&words.join(" ")), false)?
            }
            TextClause::Any { alternatives, .. } => {
                let mut parts: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
                for a in alternatives {
                    if let Some(q) = self.text_query(searcher, a)? {
                        parts.push((Occur::Should, q));
                    }
                }
                match parts.len() {
                    0 => None,
                    1 => parts.pop().map(|(_, q)| q),
                    _ => Some(Box::new(BooleanQuery::new(parts))),
                }
            }
            // Not inside Any is outside the contract; honour it anyway.
            TextClause::Not { clause, .. } => self.text_query(searcher, clause)?.map(|inner| {
                Box::new(BooleanQuery::new(vec![
                    (Occur::Must, Box::new(AllQuery) as Box<dyn TQuery>),
                    (Occur::MustNot, Box::new(Excluded(inner)) as Box<dyn TQuery>),
                ])) as Box<dyn TQuery>
            }),
        })
    }

    /// Consecutive tokens (the last one a prefix when `prefix`) in caption or in names.
    fn seq_query(
        &self,
        searcher: &Searcher,
        tokens: &[String],
        prefix: bool,
    ) -> Result<Option<Box<dyn TQuery>>, RankedError> {
        if tokens.is_empty() {
            return Ok(None);
        }
        let mut per_field: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
        for field in [self.fields.caption, self.fields.names] {
            let terms: Vec<Term> = tokens
                .iter()
                .map(|t| Term::from_field_text(field, t))
                .collect();
            let q: Box<dyn TQuery> = match (terms.len(), prefix) {
                (1, false) => Box::new(TermQuery::new(
                    terms[0].clone(),
                    IndexRecordOption::WithFreqs,
                )),
                (_, false) => Box::new(PhraseQuery::new(terms)),
                (1, true) => match expand_prefix(searcher, field, &tokens[0])? {
                    Some(expansions) if expansions.is_empty() => continue,
                    Some(expansions) => {
                        let should = expansions
                            .into_iter()
                            .map(|t| {
                                let q: Box<dyn TQuery> = Box::new(TermQuery::new(
                                    Term::from_field_text(field, &t),
                                    IndexRecordOption::WithFreqs,
                                ));
                                (Occur::Should, q)
                            })
                            .collect();
                        Box::new(BooleanQuery::new(should))
                    }
                    None => {
                        let upper = match prefix_end(tokens[0].as_bytes()) {
                            Some(end) => {
                                let mut t = terms[0].clone();
                                t.set_bytes(&end);
                                Bound::Excluded(t)
                            }
                            None => Bound::Unbounded,
                        };
                        Box::new(RangeQuery::new(Bound::Included(terms[0].clone()), upper))
                    }
                },
                (n, true) => {
                    // tantivy preallocates `max_expansions` slots: give it the real count.
                    let most = max_prefix_terms(searcher, field, &tokens[n - 1])?;
                    if most == 0 {
                        continue;
                    }
                    let mut q = PhrasePrefixQuery::new(terms);
                    q.set_max_expansions(most);
                    Box::new(q)
                }
            };
            per_field.push((Occur::Should, q));
        }
        Ok(Some(match per_field.len() {
            0 => Box::new(EmptyQuery),
            _ => Box::new(BooleanQuery::new(per_field)),
        }))
    }

    /// Appends the clauses of one filter. Positive filters score 0 so that they do not change
    /// the BM25 ranking.
    fn filter_clauses(&self, f: &Filter, loose: bool, out: &mut Vec<(Occur, Box<dyn TQuery>)>) {
        let fl = &self.fields;
        let must = |out: &mut Vec<(Occur, Box<dyn TQuery>)>, q: Box<dyn TQuery>| {
            out.push((Occur::Must, Box::new(ConstScoreQuery::new(q, 0.0))));
        };
        match f {
            Filter::Field {
                field,
                values,
                negated,
                ..
            } => {
                let alternatives: Vec<Box<dyn TQuery>> = match field {
                    QField::Id => values
                        .iter()
                        .map(|v| {
                            let v = v.trim().to_ascii_lowercase();
                            Box::new(RangeQuery::new(
                                Bound::Included(Term::from_field_text(fl.id, &v)),
                                Bound::Excluded(Term::from_field_text(
                                    fl.id,
                                    &format!("{v}\u{10FFFF}"),
                                )),
                            )) as Box<dyn TQuery>
                        })
                        .collect(),
                    _ => {
                        let target = match field {
                            QField::Agency => fl.agency,
                            QField::Creator => fl.creator,
                            QField::Country => fl.country,
                            QField::Province => fl.province,
                            QField::City => fl.city,
                            QField::Type | QField::Id => fl.event_type,
                        };
                        values
                            .iter()
                            .map(|v| {
                                Box::new(TermQuery::new(
                                    Term::from_field_text(target, &fold(v)),
                                    IndexRecordOption::Basic,
                                )) as Box<dyn TQuery>
                            })
                            .collect()
                    }
                };
                if *negated {
                    out.extend(alternatives.into_iter().map(|q| (Occur::MustNot, q)));
                } else {
                    must(out, any_of(alternatives));
                }
            }
            Filter::Reported { value, .. } => must(
                out,
                Box::new(TermQuery::new(
                    Term::from_field_bool(fl.reported, *value),
                    IndexRecordOption::Basic,
                )),
            ),
            Filter::Date { from, to, .. } => {
                let from = from.map(days);
                let to = to.map(days);
                let i64_range = |field: Field, lo: Option<i64>, hi: Option<i64>| {
                    Box::new(RangeQuery::new(
                        Bound::Included(Term::from_field_i64(field, lo.unwrap_or(i64::MIN))),
                        Bound::Included(Term::from_field_i64(field, hi.unwrap_or(i64::MAX))),
                    )) as Box<dyn TQuery>
                };
                // Both ends present: undated records never match.
                if loose {
                    must(out, i64_range(fl.date_start, None, to));
                    must(out, i64_range(fl.date_end, from, None));
                } else {
                    must(out, i64_range(fl.date_start, from, None));
                    must(out, i64_range(fl.date_end, None, to));
                }
            }
            Filter::Count {
                count, min, max, ..
            } => {
                let field = match count {
                    CountField::Killed => fl.killed,
                    CountField::Injured => fl.injured,
                };
                let (lo, hi) = (min.unwrap_or(0), max.unwrap_or(u64::MAX));
                let q: Box<dyn TQuery> = if lo > hi {
                    Box::new(EmptyQuery)
                } else {
                    Box::new(RangeQuery::new(
                        Bound::Included(Term::from_field_u64(field, lo)),
                        Bound::Included(Term::from_field_u64(field, hi)),
                    ))
                };
                must(out, q);
            }
            Filter::BBox {
                south,
                west,
                north,
                east,
                ..
            } => {
                if ![*south, *west, *north, *east].iter().all(|v| v.is_finite()) || south > north {
                    must(out, Box::new(EmptyQuery));
                    return;
                }
                must(out, f64_range(fl.lat, Some(*south), Some(*north)));
                must(out, lon_ranges(fl.lon, *west, *east));
            }
            Filter::Near {
                lat,
                lon,
                radius_km,
                ..
            } => must(out, self.near_query(*lat, *lon, *radius_km)),
        }
    }

    /// Records within `radius_km` (great-circle) of a point: boxes that cover the circle narrow
    /// the candidates, then the exact distance is tested on each.
    fn near_query(&self, lat: f64, lon: f64, radius_km: f64) -> Box<dyn TQuery> {
        let fl = &self.fields;
        if !(lat.is_finite() && lon.is_finite() && radius_km >= 0.0) {
            return Box::new(EmptyQuery);
        }
        let exact: Box<dyn TQuery> = Box::new(DocPredicateQuery::from(NearPredicate {
            lat,
            lon,
            radius_km,
        }));
        let mut parts: Vec<(Occur, Box<dyn TQuery>)> = Vec::new();
        if let Some(b) = circle_bounds(lat, lon, radius_km) {
            parts.push((Occur::Must, f64_range(fl.lat, Some(b.south), Some(b.north))));
            if let Some((west, east)) = b.lon {
                parts.push((Occur::Must, lon_ranges(fl.lon, west, east)));
            }
        }
        parts.push((Occur::Must, exact));
        Box::new(BooleanQuery::new(parts))
    }
}

fn to_document(f: &Fields, rowid: i64, d: &IndexDoc) -> TantivyDocument {
    let mut doc = TantivyDocument::default();
    doc.add_i64(f.rowid, rowid);
    doc.add_text(f.id, d.id.trim().to_ascii_lowercase());
    doc.add_text(f.caption, &d.caption);
    doc.add_text(f.names, &d.names);
    let keyed = [
        (f.agency, &d.agency),
        (f.country, &d.country),
        (f.province, &d.province),
        (f.city, &d.city),
        (f.event_type, &d.event_type),
    ];
    for (field, value) in keyed {
        if let Some(v) = value {
            let key = fold(v);
            // SQLite keeps no key for a value that folds to nothing, so a filter never matches
            // it (and a negated one never excludes it); country and type are not keyed there.
            if !key.is_empty() || field == f.country || field == f.event_type {
                doc.add_text(field, key);
            }
        }
    }
    for c in &d.creators {
        doc.add_text(f.creator, fold(c));
    }
    doc.add_bool(f.reported, d.reported);
    doc.add_bool(f.superseded, d.superseded);
    if let Some(v) = d.date_start {
        doc.add_i64(f.date_start, v);
    }
    let (desc, asc) = date_keys(d.date_start, d.rowid);
    doc.add_i64(f.date_desc, desc);
    doc.add_i64(f.date_asc, asc);
    if let Some(v) = d.date_end {
        doc.add_i64(f.date_end, v);
    }
    // A coordinate is only useful as a pair, and NaN would poison the range queries.
    if let (Some(lat), Some(lon)) = (d.lat, d.lon)
        && lat.is_finite()
        && lon.is_finite()
    {
        doc.add_f64(f.lat, lat);
        doc.add_f64(f.lon, lon);
    }
    if let Some(v) = d.killed {
        doc.add_u64(f.killed, v);
    }
    if let Some(v) = d.injured {
        doc.add_u64(f.injured, v);
    }
    for entry in facet_entries(d) {
        doc.add_text(f.facet, entry);
    }
    doc
}

// ---------------------------------------------------------------------------------------------
// Facets

/// The facets the index counts, in the order `SqliteStore` returns them. A document holds one
/// entry per facet value in the `facet` fast field: a tag byte (`b'0' + i` for facet `i`), then
/// for the *keyed* facets (agency, creator, province, city: SQLite groups them by the folded key
/// and shows `min()` of the values as written) the key's length as 8 hex digits, the key and the
/// value as written; for the others (country, type, reported, year: SQLite groups them by the
/// value itself) the value. Entries of one key are thus adjacent in a segment's dictionary,
/// their values in byte order (SQLite's `min()` on text), so the smallest matching one comes
/// first.
pub const FACETS: [&str; 8] = [
    "agency", "creator", "country", "province", "city", "type", "reported", "year",
];

/// Which facets are grouped by a folded key (see [`FACETS`]).
const KEYED: [bool; 8] = [true, true, false, true, true, false, false, false];

/// Facet name to its biggest values with their counts, in [`FACETS`] order.
pub type Facets = Vec<(String, Vec<(String, u64)>)>;

/// How many values of each facet a search returns, as `SqliteStore::facets`.
pub const FACET_TOP: usize = 10;

/// The `facet` field's entries of a document (see [`FACETS`]). A keyed value whose key folds to
/// nothing goes with key "" — SQLite puts it in the group of records without a key, whose
/// shown value is the smallest such value.
fn facet_entries(d: &IndexDoc) -> Vec<String> {
    fn keyed(out: &mut Vec<String>, i: usize, value: &str) {
        let key = fold(value);
        out.push(format!(
            "{}{:08x}{key}{value}",
            (b'0' + i as u8) as char,
            key.len()
        ));
    }
    let plain = |out: &mut Vec<String>, i: usize, value: &str| {
        out.push(format!("{}{value}", (b'0' + i as u8) as char));
    };
    let mut out = Vec::with_capacity(10);
    if let Some(v) = &d.agency {
        keyed(&mut out, 0, v);
    }
    for c in &d.creators {
        // SQLite keeps a record's creators with a non-empty key, one per key.
        if !fold(c).is_empty() {
            keyed(&mut out, 1, c);
        }
    }
    if let Some(v) = &d.country {
        plain(&mut out, 2, v);
    }
    if let Some(v) = &d.province {
        keyed(&mut out, 3, v);
    }
    if let Some(v) = &d.city {
        keyed(&mut out, 4, v);
    }
    if let Some(v) = &d.event_type {
        plain(&mut out, 5, v);
    }
    plain(&mut out, 6, if d.reported { "true" } else { "false" });
    if let Some(iso) = &d.date_iso {
        plain(&mut out, 7, &iso.chars().take(4).collect::<String>());
    }
    out
}

/// Splits a `facet` entry into (facet index, group key, value as written); `None` for an entry
/// this version did not write.
fn parse_facet_entry(bytes: &[u8]) -> Option<(usize, &str, &str)> {
    let text = std::str::from_utf8(bytes).ok()?;
    let i = (*bytes.first()?).checked_sub(b'0')? as usize;
    if i >= FACETS.len() {
        return None;
    }
    let rest = &text[1..];
    if !KEYED[i] {
        return Some((i, rest, rest));
    }
    let len = usize::from_str_radix(rest.get(..8)?, 16).ok()?;
    let key = rest.get(8..8 + len)?;
    let value = rest.get(8 + len..)?;
    Some((i, key, value))
}

/// Counts the facet values of the matching documents.
struct FacetCollector;

/// One segment's counts per term ordinal of its `facet` column.
struct FacetSegment {
    column: Option<tantivy::columnar::StrColumn>,
    counts: Vec<u32>,
}

/// One group of a facet: matching records with the key, and the smallest value written for it.
#[derive(Debug, Clone)]
struct Group {
    count: u64,
    value: String,
}

/// The counts of a search, per facet: group key → group.
#[derive(Debug, Default)]
struct FacetTally {
    groups: Vec<std::collections::HashMap<String, Group>>,
    /// A segment's dictionary could not be read: the counts are incomplete.
    failed: bool,
}

impl FacetTally {
    fn new() -> Self {
        FacetTally {
            groups: vec![Default::default(); FACETS.len()],
            failed: false,
        }
    }

    fn add(&mut self, facet: usize, key: &str, value: &str, count: u64) {
        let groups = &mut self.groups[facet];
        match groups.get_mut(key) {
            Some(g) => {
                g.count += count;
                if value < g.value.as_str() {
                    g.value = value.to_string();
                }
            }
            None => {
                groups.insert(
                    key.to_string(),
                    Group {
                        count,
                        value: value.to_string(),
                    },
                );
            }
        }
    }

    /// The biggest [`FACET_TOP`] groups of each facet, as SQLite orders them: count
    /// descending, then value; `(none)` never shown. `total` is the number of matches: in a
    /// keyed facet, the group of records without a key holds every match not in another group.
    fn top(mut self, total: u64) -> Facets {
        let mut out = Vec::with_capacity(FACETS.len());
        for (i, name) in FACETS.iter().enumerate() {
            let groups = std::mem::take(&mut self.groups[i]);
            let mut counts: Vec<(String, u64)> = Vec::with_capacity(groups.len());
            let mut keyed = 0u64;
            let mut unkeyed: Option<String> = None;
            for (key, g) in groups {
                if KEYED[i] && key.is_empty() {
                    unkeyed = Some(g.value);
                } else {
                    keyed += g.count;
                    counts.push((g.value, g.count));
                }
            }
            if let Some(value) = unkeyed {
                counts.push((value, total.saturating_sub(keyed)));
            }
            counts.retain(|(v, n)| v != crate::NONE && *n > 0);
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            counts.truncate(FACET_TOP);
            out.push((name.to_string(), counts));
        }
        out
    }
}

/// The facets of a search's tally (none when not asked for); an error when a segment's values
/// could not be read.
fn facet_top(tally: Option<FacetTally>, total: u64) -> Result<Facets, RankedError> {
    match tally {
        None => Ok(Vec::new()),
        Some(t) if t.failed => Err(RankedError::Tantivy {
            what: "counting facets",
            source: TantivyError::InternalError("a facet dictionary could not be read".into()),
        }),
        Some(t) => Ok(t.top(total)),
    }
}

impl tantivy::collector::Collector for FacetCollector {
    type Fruit = FacetTally;
    type Child = FacetSegment;

    fn for_segment(
        &self,
        _segment: tantivy::SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<FacetSegment> {
        let column = reader.fast_fields().str(F_FACET)?;
        let terms = column.as_ref().map_or(0, |c| c.dictionary().num_terms());
        Ok(FacetSegment {
            column,
            counts: vec![0; terms],
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<FacetTally>) -> tantivy::Result<FacetTally> {
        let mut fruits = fruits.into_iter();
        let Some(mut all) = fruits.next() else {
            return Ok(FacetTally::new());
        };
        for f in fruits {
            all.failed |= f.failed;
            for (i, groups) in f.groups.into_iter().enumerate() {
                for (key, g) in groups {
                    all.add(i, &key, &g.value, g.count);
                }
            }
        }
        Ok(all)
    }
}

impl tantivy::collector::SegmentCollector for FacetSegment {
    type Fruit = FacetTally;

    fn collect(&mut self, doc: DocId, _score: Score) {
        if let Some(c) = &self.column {
            for ord in c.ords().values_for_doc(doc) {
                self.counts[ord as usize] += 1;
            }
        }
    }

    fn collect_block(&mut self, docs: &[DocId]) {
        if let Some(c) = &self.column {
            for &doc in docs {
                for ord in c.ords().values_for_doc(doc) {
                    self.counts[ord as usize] += 1;
                }
            }
        }
    }

    fn harvest(self) -> FacetTally {
        let mut tally = FacetTally::new();
        let Some(column) = &self.column else {
            return tally;
        };
        let ords: Vec<u64> = (0..self.counts.len() as u64)
            .filter(|&o| self.counts[o as usize] > 0)
            .collect();
        let mut at = 0;
        // Entries come in term order: a key's entries are adjacent, smallest value first.
        let mut current: Option<(usize, String, Group)> = None;
        let read = column.dictionary().sorted_ords_to_term_cb(&ords, |bytes| {
            let count = self.counts[ords[at] as usize] as u64;
            at += 1;
            let Some((i, key, value)) = parse_facet_entry(bytes) else {
                return;
            };
            match &mut current {
                Some((ci, ck, g)) if *ci == i && ck == key => g.count += count,
                _ => {
                    if let Some((ci, ck, g)) = current.take() {
                        tally.add(ci, &ck, &g.value, g.count);
                    }
                    current = Some((
                        i,
                        key.to_string(),
                        Group {
                            count,
                            value: value.to_string(),
                        },
                    ));
                }
            }
        });
        if let Some((ci, ck, g)) = current.take() {
            tally.add(ci, &ck, &g.value, g.count);
        }
        tally.failed = !matches!(read, Ok(true));
        tally
    }
}

/// Days since 1970-01-01 of a civil date.
fn days(d: jiff::civil::Date) -> i64 {
    let epoch = jiff::civil::date(1970, 1, 1);
    // Civil dates are whole days apart; `until` in days cannot fail for jiff's range.
    epoch
        .until((jiff::Unit::Day, d))
        .map(|span| i64::from(span.get_days()))
        .unwrap_or(0)
}

fn any_of(mut alternatives: Vec<Box<dyn TQuery>>) -> Box<dyn TQuery> {
    match alternatives.len() {
        0 => Box::new(EmptyQuery),
        1 => alternatives.pop().unwrap_or_else(|| Box::new(EmptyQuery)),
        _ => Box::new(BooleanQuery::new(
            alternatives
                .into_iter()
                .map(|q| (Occur::Should, q))
                .collect(),
        )),
    }
}

fn f64_range(field: Field, lo: Option<f64>, hi: Option<f64>) -> Box<dyn TQuery> {
    let bound = |v: Option<f64>| match v {
        Some(v) => Bound::Included(Term::from_field_f64(field, v)),
        None => Bound::Unbounded,
    };
    Box::new(RangeQuery::new(bound(lo), bound(hi)))
}

/// `lon` in `[west, east]`, or across the antimeridian (`lon >= west OR lon <= east`) when
/// `west > east`.
fn lon_ranges(field: Field, west: f64, east: f64) -> Box<dyn TQuery> {
    if west <= east {
        f64_range(field, Some(west), Some(east))
    } else {
        any_of(vec![
            f64_range(field, Some(west), None),
            f64_range(field, None, Some(east)),
        ])
    }
}

/// The exact `near:` test, read from the lat/lon fast fields of each segment.
#[derive(Debug, Clone, Copy)]
struct NearPredicate {
    lat: f64,
    lon: f64,
    radius_km: f64,
}

struct NearSegment {
    p: NearPredicate,
    lat: Column<f64>,
    lon: Column<f64>,
}

impl DocPredicate for NearPredicate {
    type SegmentDocPredicate = NearSegment;

    fn doc_predicate(
        &self,
        segment: &SegmentReader,
    ) -> tantivy::Result<ConstOrVariableSegmentPredicate<NearSegment>> {
        let fast = segment.fast_fields();
        Ok(ConstOrVariableSegmentPredicate::Variable {
            predicate: NearSegment {
                p: *self,
                lat: fast.f64(F_LAT)?,
                lon: fast.f64(F_LON)?,
            },
            necessary_condition: Box::new(AllScorer::new(segment.max_doc())),
        })
    }
}

impl SegmentDocPredicate for NearSegment {
    fn eval(&mut self, doc: DocId) -> bool {
        match (self.lat.first(doc), self.lon.first(doc)) {
            (Some(lat), Some(lon)) => {
                haversine_km(self.p.lat, self.p.lon, lat, lon) <= self.p.radius_km
            }
            _ => false,
        }
    }

    fn cost(&self) -> u64 {
        200
    }
}

/// Wraps a query used as an exclusion (`MustNot`). tantivy 0.27's `Exclude` asks its exclusion
/// scorer whether it contains each candidate, which can be *below* the scorer's current document
/// (its first match, or a lower bound from an earlier miss); `PhraseScorer::seek_danger`
/// debug-asserts against that (tantivy issue #2811), so a negated phrase would panic in debug
/// builds. This wrapper answers such backward probes itself and forwards only forward ones.
#[derive(Debug)]
struct Excluded(Box<dyn TQuery>);

impl Clone for Excluded {
    fn clone(&self) -> Self {
        Excluded(self.0.box_clone())
    }
}

impl TQuery for Excluded {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(ExcludedWeight(self.0.weight(enable_scoring)?)))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        self.0.query_terms(visitor);
    }
}

struct ExcludedWeight(Box<dyn Weight>);

impl Weight for ExcludedWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let inner = self.0.scorer(reader, boost)?;
        Ok(Box::new(ExcludedScorer {
            lower: inner.doc(),
            valid: true,
            inner,
        }))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        self.0.explain(reader, doc)
    }
}

struct ExcludedScorer {
    inner: Box<dyn Scorer>,
    /// When `valid`, the inner scorer's current document; otherwise the lower bound its last
    /// `seek_danger` returned: it holds no document in `[last target, lower)`.
    lower: DocId,
    /// The inner scorer is positioned on a document (not in seek_danger's invalid state).
    valid: bool,
}

impl DocSet for ExcludedScorer {
    fn advance(&mut self) -> DocId {
        let doc = self.inner.advance();
        self.lower = doc;
        self.valid = true;
        doc
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.valid && target <= self.lower {
            return self.lower;
        }
        let doc = self.inner.seek(target);
        self.lower = doc;
        self.valid = true;
        doc
    }

    fn seek_danger(&mut self, target: DocId) -> SeekDangerResult {
        if target < self.lower {
            return SeekDangerResult::SeekLowerBound(self.lower);
        }
        if self.valid && target == self.lower {
            return SeekDangerResult::Found;
        }
        let result = self.inner.seek_danger(target);
        match result {
            SeekDangerResult::Found => {
                self.lower = target;
                self.valid = true;
            }
            SeekDangerResult::SeekLowerBound(bound) => {
                self.lower = bound;
                self.valid = false;
            }
        }
        result
    }

    fn doc(&self) -> DocId {
        self.inner.doc()
    }

    fn size_hint(&self) -> u32 {
        self.inner.size_hint()
    }

    fn cost(&self) -> u64 {
        self.inner.cost()
    }
}

impl Scorer for ExcludedScorer {
    fn score(&mut self) -> Score {
        self.inner.score()
    }
}

/// The distinct terms of `field` starting with `stem`, over every segment; `None` when there
/// are more than [`PREFIX_SCORED_TERMS`].
fn expand_prefix(
    searcher: &Searcher,
    field: Field,
    stem: &str,
) -> Result<Option<Vec<String>>, RankedError> {
    let end = prefix_end(stem.as_bytes());
    let mut found: BTreeSet<Vec<u8>> = BTreeSet::new();
    for segment in searcher.segment_readers() {
        let inverted = segment
            .inverted_index(field)
            .map_err(tv("reading the term dictionary"))?;
        let mut range = inverted.terms().range().ge(stem.as_bytes());
        if let Some(end) = &end {
            range = range.lt(end);
        }
        let mut stream = range.into_stream().map_err(|e| RankedError::Tantivy {
            what: "reading the term dictionary",
            source: e.into(),
        })?;
        while stream.advance() {
            if !found.contains(stream.key()) {
                if found.len() == PREFIX_SCORED_TERMS {
                    return Ok(None);
                }
                found.insert(stream.key().to_vec());
            }
        }
    }
    Ok(Some(
        found
            .into_iter()
            .filter_map(|k| String::from_utf8(k).ok())
            .collect(),
    ))
}

/// The largest number of terms of `field` starting with `stem` in one segment.
fn max_prefix_terms(searcher: &Searcher, field: Field, stem: &str) -> Result<u32, RankedError> {
    let end = prefix_end(stem.as_bytes());
    let mut most = 0u32;
    for segment in searcher.segment_readers() {
        let inverted = segment
            .inverted_index(field)
            .map_err(tv("reading the term dictionary"))?;
        let mut range = inverted.terms().range().ge(stem.as_bytes());
        if let Some(end) = &end {
            range = range.lt(end);
        }
        let mut stream = range.into_stream().map_err(|e| RankedError::Tantivy {
            what: "reading the term dictionary",
            source: e.into(),
        })?;
        let mut n = 0u32;
        while stream.advance() {
            n = n.saturating_add(1);
        }
        most = most.max(n);
    }
    Ok(most)
}

/// The smallest byte string greater than every string starting with `prefix`; `None` when
/// there is none (all `0xFF`).
fn prefix_end(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < u8::MAX {
            end.push(last + 1);
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geo::destination;

    #[test]
    fn date_keys_order_like_the_sqlite_path() {
        // (date_start, rowid) in SQLite's `date_start IS NULL, date_start DESC, rowid DESC`.
        let desc = [
            (Some(20), 3),
            (Some(20), 1),
            (Some(5), 9),
            (Some(-4), 2),
            (None, 8),
            (None, 4),
        ];
        let keys: Vec<i64> = desc.iter().map(|&(d, r)| date_keys(d, r).0).collect();
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "{keys:?}");
        // ... and `date_start IS NULL, date_start, rowid`.
        let asc = [
            (Some(-4), 2),
            (Some(5), 9),
            (Some(20), 1),
            (Some(20), 3),
            (None, 4),
            (None, 8),
        ];
        let keys: Vec<i64> = asc.iter().map(|&(d, r)| date_keys(d, r).1).collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
        // Extreme days are clamped rather than overflowing into the rowid bits.
        let (d, a) = date_keys(Some(i64::MAX), 7);
        assert_eq!(
            (d & ((1 << ROWID_BITS) - 1), a & ((1 << ROWID_BITS) - 1)),
            (7, 7)
        );
        assert!(date_keys(Some(i64::MIN), 7).1 < date_keys(Some(0), 7).1);
    }
    use dateline_query::QSpan;

    fn sp() -> QSpan {
        QSpan::default()
    }
    fn word(w: &str) -> TextClause {
        TextClause::Word {
            word: w.into(),
            span: sp(),
        }
    }
    fn prefix(s: &str) -> TextClause {
        TextClause::Prefix {
            stem: s.into(),
            span: sp(),
        }
    }
    fn phrase(ws: &[&str]) -> TextClause {
        TextClause::Phrase {
            words: ws.iter().map(|w| w.to_string()).collect(),
            span: sp(),
        }
    }
    fn any(alts: Vec<TextClause>) -> TextClause {
        TextClause::Any {
            alternatives: alts,
            span: sp(),
        }
    }
    fn not(c: TextClause) -> TextClause {
        TextClause::Not {
            clause: Box::new(c),
            span: sp(),
        }
    }
    fn field(f: QField, values: &[&str], negated: bool) -> Filter {
        Filter::Field {
            field: f,
            values: values.iter().map(|v| v.to_string()).collect(),
            negated,
            span: sp(),
        }
    }
    fn text(clauses: Vec<TextClause>) -> Query {
        Query {
            text: clauses,
            filters: vec![],
        }
    }
    fn filters(fs: Vec<Filter>) -> Query {
        Query {
            text: vec![],
            filters: fs,
        }
    }
    fn doc(rowid: i64, caption: &str) -> IndexDoc {
        IndexDoc {
            rowid,
            id: format!("{rowid:04x}abcdef"),
            caption: caption.into(),
            ..IndexDoc::default()
        }
    }

    fn index_of(docs: &[IndexDoc]) -> (tempfile::TempDir, RankedIndex) {
        let dir = tempfile::tempdir().unwrap();
        let mut ix = RankedIndex::open(&dir.path().join("ranked")).unwrap();
        for d in docs {
            ix.apply(d.rowid, Some(d)).unwrap();
        }
        ix.commit(docs.len() as i64).unwrap();
        (dir, ix)
    }

    fn all() -> RankedSearch {
        RankedSearch {
            limit: 1000,
            ..RankedSearch::default()
        }
    }

    /// Matching rowids, sorted (ignores the order).
    fn rowids(ix: &RankedIndex, q: &Query, opts: &RankedSearch) -> Vec<i64> {
        let r = ix.search(q, opts).unwrap();
        let mut ids: Vec<i64> = r.hits.iter().map(|h| h.0).collect();
        ids.sort_unstable();
        assert_eq!(r.total, ids.len() as u64, "total agrees with the hits");
        ids
    }

    fn text_corpus() -> Vec<IndexDoc> {
        vec![
            IndexDoc {
                names: "Ameer Alhalbi".into(),
                ..doc(1, "A boy in the rubble after a barrel bomb hit Aleppo")
            },
            doc(2, "Debris of a barrel factory; a bomb disposal team"),
            doc(3, "Civil defence evacuate residents of Al-Nairab"),
            doc(4, "Residents evacuated from eastern Aleppo neighbourhoods"),
            IndexDoc {
                names: "Omar Haj Kadour".into(),
                ..doc(5, "Funeral of the victims in Ḥalab, Dérna and Idlib")
            },
            doc(6, "Rubble and debris after an air strike"),
        ]
    }

    #[test]
    fn tokens_fold_case_accents_and_split_on_punctuation() {
        assert_eq!(tokens_of("Ḥalab, DÉRNA!"), ["halab", "derna"]);
        assert_eq!(tokens_of("Al-Nairab 2016"), ["al", "nairab", "2016"]);
        // A decomposed accent does not split the word.
        assert_eq!(tokens_of("H\u{0323}alab"), ["halab"]);
        assert_eq!(tokens_of(" -- "), Vec::<String>::new());
    }

    #[test]
    fn word_matches_caption_or_names() {
        let (_d, ix) = index_of(&text_corpus());
        assert_eq!(rowids(&ix, &text(vec![word("rubble")]), &all()), [1, 6]);
        assert_eq!(rowids(&ix, &text(vec![word("ALHALBI")]), &all()), [1]);
        // Several top-level clauses AND.
        assert_eq!(
            rowids(&ix, &text(vec![word("rubble"), word("aleppo")]), &all()),
            [1]
        );
        // A word made of several tokens is a phrase.
        assert_eq!(rowids(&ix, &text(vec![word("al-nairab")]), &all()), [3]);
        assert_eq!(
            rowids(&ix, &text(vec![word("nairab-al")]), &all()),
            Vec::<i64>::new()
        );
        // Nothing searchable: the clause is dropped.
        assert_eq!(
            rowids(&ix, &text(vec![word("--"), word("debris")]), &all()),
            [2, 6]
        );
    }

    #[test]
    fn diacritics_and_case_fold_both_ways() {
        let (_d, ix) = index_of(&text_corpus());
        assert_eq!(rowids(&ix, &text(vec![word("halab")]), &all()), [5]);
        assert_eq!(rowids(&ix, &text(vec![word("Ḥalab")]), &all()), [5]);
        assert_eq!(rowids(&ix, &text(vec![word("DERNA")]), &all()), [5]);
        assert_eq!(rowids(&ix, &text(vec![word("dérna")]), &all()), [5]);
    }

    #[test]
    fn prefix_matches_any_term_starting_with_the_stem() {
        let (_d, ix) = index_of(&text_corpus());
        assert_eq!(rowids(&ix, &text(vec![prefix("evacu")]), &all()), [3, 4]);
        assert_eq!(rowids(&ix, &text(vec![prefix("EVÂCU")]), &all()), [3, 4]);
        assert_eq!(rowids(&ix, &text(vec![prefix("kad")]), &all()), [5]);
        assert_eq!(
            rowids(&ix, &text(vec![prefix("zzz")]), &all()),
            Vec::<i64>::new()
        );
        // A stem of several tokens: a phrase whose last token is a prefix.
        assert_eq!(rowids(&ix, &text(vec![prefix("al-nai")]), &all()), [3]);
        assert_eq!(rowids(&ix, &text(vec![prefix("barrel b")]), &all()), [1]);
    }

    #[test]
    fn broad_prefix_falls_back_to_constant_score_and_still_matches_all() {
        // More distinct expansions than PREFIX_SCORED_TERMS.
        let docs: Vec<IndexDoc> = (0..PREFIX_SCORED_TERMS as i64 + 10)
            .map(|i| doc(i + 1, &format!("word pre{i:03} end")))
            .collect();
        let (_d, ix) = index_of(&docs);
        let r = ix.search(&text(vec![prefix("pre")]), &all()).unwrap();
        assert_eq!(r.total, docs.len() as u64);
        let r = ix.search(&text(vec![prefix("pre00")]), &all()).unwrap();
        assert_eq!(r.total, 10);
    }

    #[test]
    fn phrase_needs_consecutive_words_in_one_field() {
        let mut docs = text_corpus();
        docs.push(IndexDoc {
            names: "bomb squad".into(),
            ..doc(7, "A barrel")
        });
        let (_d, ix) = index_of(&docs);
        assert_eq!(
            rowids(&ix, &text(vec![phrase(&["barrel", "bomb"])]), &all()),
            [1]
        );
        assert_eq!(
            rowids(&ix, &text(vec![phrase(&["Barrel"])]), &all()),
            [1, 2, 7]
        );
        assert_eq!(
            rowids(&ix, &text(vec![phrase(&["omar", "haj"])]), &all()),
            [5]
        );
        // Across the caption/names boundary is no phrase.
        assert_eq!(
            rowids(
                &ix,
                &text(vec![phrase(&["barrel", "bomb", "squad"])]),
                &all()
            ),
            Vec::<i64>::new()
        );
    }

    #[test]
    fn any_and_not() {
        let (_d, ix) = index_of(&text_corpus());
        assert_eq!(
            rowids(
                &ix,
                &text(vec![any(vec![word("rubble"), word("funeral")])]),
                &all()
            ),
            [1, 5, 6]
        );
        assert_eq!(
            rowids(
                &ix,
                &text(vec![word("rubble"), not(word("aleppo"))]),
                &all()
            ),
            [6]
        );
        assert_eq!(
            rowids(
                &ix,
                &text(vec![prefix("evac"), not(phrase(&["eastern", "aleppo"]))]),
                &all()
            ),
            [3]
        );
        // Only negative text: everything else.
        assert_eq!(
            rowids(
                &ix,
                &text(vec![not(any(vec![word("rubble"), word("debris")]))]),
                &all()
            ),
            [3, 4, 5]
        );
        // Any made only of empty alternatives is dropped.
        assert_eq!(
            rowids(
                &ix,
                &text(vec![any(vec![word("--"), word("..")]), word("funeral")]),
                &all()
            ),
            [5]
        );
    }

    #[test]
    fn bm25_ranks_the_denser_match_first() {
        let docs = vec![
            doc(1, "rubble rubble rubble"),
            doc(
                2,
                "a long caption that mentions rubble once among many other words here",
            ),
            doc(3, "nothing to see"),
        ];
        let (_d, ix) = index_of(&docs);
        let r = ix.search(&text(vec![word("rubble")]), &all()).unwrap();
        assert_eq!(r.total, 2);
        assert_eq!(r.hits[0].0, 1);
        assert!(r.hits[0].1 > r.hits[1].1);
    }

    fn facet_corpus() -> Vec<IndexDoc> {
        vec![
            IndexDoc {
                agency: Some("AFP".into()),
                creators: vec!["Ameer Alhalbi".into(), "Omar Haj Kadour".into()],
                country: Some("SY".into()),
                province: Some("Aleppo".into()),
                city: Some("Ḥalab".into()),
                event_type: Some("air_strike".into()),
                reported: true,
                killed: Some(12),
                injured: Some(3),
                ..doc(1, "strike one")
            },
            IndexDoc {
                agency: Some("Reuters".into()),
                creators: vec!["Khalil Ashawi".into()],
                country: Some("SY".into()),
                province: Some("Idlib".into()),
                city: Some("Idlib".into()),
                event_type: Some("shelling".into()),
                killed: Some(0),
                ..doc(2, "strike two")
            },
            IndexDoc {
                agency: Some("AP".into()),
                country: Some("LY".into()),
                city: Some("Dérna".into()),
                event_type: Some("disaster".into()),
                reported: true,
                injured: Some(40),
                ..doc(3, "flood three")
            },
            // No agency, no figures at all.
            doc(4, "strike four"),
        ]
    }

    #[test]
    fn field_filters_fold_and_or_and_negate() {
        let (_d, ix) = index_of(&facet_corpus());
        let r = |f: Filter| rowids(&ix, &filters(vec![f]), &all());
        assert_eq!(r(field(QField::Agency, &["afp"], false)), [1]);
        assert_eq!(
            r(field(QField::Agency, &["AFP", " reuters "], false)),
            [1, 2]
        );
        // Negation keeps records without the value, as SQLite's `IS NULL OR NOT IN`.
        assert_eq!(r(field(QField::Agency, &["AFP", "Reuters"], true)), [3, 4]);
        assert_eq!(r(field(QField::Creator, &["omar haj  KADOUR"], false)), [1]);
        assert_eq!(
            r(field(
                QField::Creator,
                &["khalil ashawi", "ameer alhalbi"],
                false
            )),
            [1, 2]
        );
        assert_eq!(
            r(field(QField::Creator, &["Ameer Alhalbi"], true)),
            [2, 3, 4]
        );
        assert_eq!(r(field(QField::Country, &["sy"], false)), [1, 2]);
        assert_eq!(r(field(QField::Country, &["SY"], true)), [3, 4]);
        assert_eq!(r(field(QField::Province, &["ALEPPO"], false)), [1]);
        assert_eq!(r(field(QField::City, &["halab"], false)), [1]);
        assert_eq!(r(field(QField::City, &["Derna"], false)), [3]);
        assert_eq!(r(field(QField::City, &["derna", "idlib"], true)), [1, 4]);
        assert_eq!(
            r(field(QField::Type, &["Air_Strike", "shelling"], false)),
            [1, 2]
        );
        assert_eq!(r(field(QField::Type, &["shelling"], true)), [1, 3, 4]);
        // Id: prefix of the record id, case-insensitive.
        assert_eq!(r(field(QField::Id, &["0002AB"], false)), [2]);
        assert_eq!(r(field(QField::Id, &["000"], false)), [1, 2, 3, 4]);
        assert_eq!(r(field(QField::Id, &["0001", "0003abcdef"], false)), [1, 3]);
        assert_eq!(r(field(QField::Id, &["0001"], true)), [2, 3, 4]);
        assert_eq!(
            r(field(QField::Id, &["0001abcdefx"], false)),
            Vec::<i64>::new()
        );
        // Combined with text: AND.
        let q = Query {
            text: vec![word("strike")],
            filters: vec![field(QField::Country, &["SY"], false)],
        };
        assert_eq!(rowids(&ix, &q, &all()), [1, 2]);
    }

    #[test]
    fn reported_and_count_filters() {
        let (_d, ix) = index_of(&facet_corpus());
        let r = |f: Filter| rowids(&ix, &filters(vec![f]), &all());
        let rep = |value| Filter::Reported { value, span: sp() };
        let count = |count, min, max| Filter::Count {
            count,
            min,
            max,
            span: sp(),
        };
        assert_eq!(r(rep(true)), [1, 3]);
        assert_eq!(r(rep(false)), [2, 4]);
        assert_eq!(r(count(CountField::Killed, Some(10), None)), [1]);
        assert_eq!(r(count(CountField::Killed, None, Some(0))), [2]);
        // Records without the figure never match, even an open range.
        assert_eq!(r(count(CountField::Killed, None, None)), [1, 2]);
        assert_eq!(r(count(CountField::Killed, Some(12), Some(12))), [1]);
        assert_eq!(r(count(CountField::Injured, Some(1), Some(5))), [1]);
        assert_eq!(r(count(CountField::Injured, Some(3), Some(40))), [1, 3]);
        assert_eq!(
            r(count(CountField::Injured, Some(5), Some(1))),
            Vec::<i64>::new()
        );
    }

    #[test]
    fn date_filters_strict_and_loose() {
        let d = |y, m, day| days(jiff::civil::date(y, m, day));
        let dated = |rowid, start, end| IndexDoc {
            date_start: Some(start),
            date_end: Some(end),
            ..doc(rowid, "photo")
        };
        let docs = vec![
            // A day.
            dated(1, d(2016, 4, 10), d(2016, 4, 10)),
            // A whole month.
            dated(2, d(2016, 4, 1), d(2016, 4, 30)),
            // A month straddling the range's start.
            dated(3, d(2016, 3, 1), d(2016, 3, 31)),
            dated(4, d(2017, 1, 1), d(2017, 12, 31)),
            // Undated.
            doc(5, "photo"),
        ];
        let (_dir, ix) = index_of(&docs);
        let date = |from: Option<(i16, i8, i8)>, to: Option<(i16, i8, i8)>| {
            filters(vec![Filter::Date {
                from: from.map(|(y, m, d)| jiff::civil::date(y, m, d)),
                to: to.map(|(y, m, d)| jiff::civil::date(y, m, d)),
                span: sp(),
            }])
        };
        let strict = all();
        let loose = RankedSearch {
            loose_dates: true,
            ..all()
        };
        let april = date(Some((2016, 4, 1)), Some((2016, 4, 30)));
        assert_eq!(rowids(&ix, &april, &strict), [1, 2]);
        assert_eq!(rowids(&ix, &april, &loose), [1, 2]);
        let mid = date(Some((2016, 3, 15)), Some((2016, 4, 15)));
        assert_eq!(rowids(&ix, &mid, &strict), [1]);
        assert_eq!(rowids(&ix, &mid, &loose), [1, 2, 3]);
        let open_end = date(Some((2016, 4, 10)), None);
        assert_eq!(rowids(&ix, &open_end, &strict), [1, 4]);
        assert_eq!(rowids(&ix, &open_end, &loose), [1, 2, 4]);
        let open_start = date(None, Some((2016, 3, 31)));
        assert_eq!(rowids(&ix, &open_start, &strict), [3]);
        assert_eq!(rowids(&ix, &open_start, &loose), [3]);
        // Fully open: every dated record, never an undated one.
        assert_eq!(rowids(&ix, &date(None, None), &strict), [1, 2, 3, 4]);
        assert_eq!(rowids(&ix, &date(None, None), &loose), [1, 2, 3, 4]);
        assert_eq!(d(1970, 1, 1), 0);
        assert_eq!(d(1969, 12, 31), -1);
        assert_eq!(d(2016, 4, 1), 16_892);
    }

    fn placed(rowid: i64, lat: f64, lon: f64) -> IndexDoc {
        IndexDoc {
            lat: Some(lat),
            lon: Some(lon),
            ..doc(rowid, "photo")
        }
    }

    #[test]
    fn bbox_and_antimeridian() {
        let docs = vec![
            placed(1, 36.2, 37.16),
            placed(2, -17.7, 178.0),  // Fiji, west of the antimeridian
            placed(3, -16.5, -179.9), // east of it
            placed(4, -17.0, 170.0),
            doc(5, "photo"), // no coordinates
        ];
        let (_d, ix) = index_of(&docs);
        let bbox = |south, west, north, east| {
            filters(vec![Filter::BBox {
                south,
                west,
                north,
                east,
                span: sp(),
            }])
        };
        assert_eq!(rowids(&ix, &bbox(30.0, 30.0, 40.0, 40.0), &all()), [1]);
        assert_eq!(
            rowids(&ix, &bbox(-20.0, 175.0, -15.0, -175.0), &all()),
            [2, 3]
        );
        assert_eq!(
            rowids(&ix, &bbox(-20.0, -180.0, -15.0, 180.0), &all()),
            [2, 3, 4]
        );
        assert_eq!(
            rowids(&ix, &bbox(-90.0, -180.0, 90.0, 180.0), &all()),
            [1, 2, 3, 4]
        );
        // Edges are inclusive.
        assert_eq!(rowids(&ix, &bbox(36.2, 37.16, 36.2, 37.16), &all()), [1]);
    }

    #[test]
    fn near_is_exact_inside_the_prefilter_box() {
        let (clat, clon, r) = (36.2, 37.16, 25.0);
        let mut docs = Vec::new();
        let mut expect = Vec::new();
        // Towards the box corners (which the box accepts up to ~35 km) and along the axes.
        for (i, bearing) in [45.0, 135.0, 225.0, 315.0, 0.0, 90.0].iter().enumerate() {
            let inside = destination(clat, clon, *bearing, r - 0.01);
            let outside = destination(clat, clon, *bearing, r + 0.01);
            let (a, b) = (i as i64 * 2 + 1, i as i64 * 2 + 2);
            assert!(haversine_km(clat, clon, inside.0, inside.1) < r);
            assert!(haversine_km(clat, clon, outside.0, outside.1) > r);
            docs.push(placed(a, inside.0, inside.1));
            docs.push(placed(b, outside.0, outside.1));
            expect.push(a);
            // The box pre-filter alone would accept the outside point too.
            // (On the axes the outside point is outside the box too.)
            let bx = circle_bounds(clat, clon, r).unwrap();
            let (w, e) = bx.lon.unwrap();
            if bearing % 90.0 != 0.0 {
                assert!(outside.0 >= bx.south && outside.0 <= bx.north, "{bearing}");
                assert!(outside.1 >= w && outside.1 <= e, "{bearing}");
            }
        }
        docs.push(doc(100, "photo")); // no coordinates
        let (_d, ix) = index_of(&docs);
        let near = |lat, lon, radius_km| {
            filters(vec![Filter::Near {
                lat,
                lon,
                radius_km,
                span: sp(),
            }])
        };
        assert_eq!(rowids(&ix, &near(clat, clon, r), &all()), expect);
        let r = ix.search(&near(clat, clon, 25.0), &all()).unwrap();
        assert_eq!(r.total, 6);
        // Radius 0 matches only the exact point; a huge radius every placed record.
        assert_eq!(
            rowids(&ix, &near(clat, clon, 0.0), &all()),
            Vec::<i64>::new()
        );
        assert_eq!(rowids(&ix, &near(0.0, 0.0, 30_000.0), &all()).len(), 12);
    }

    #[test]
    fn near_across_the_antimeridian_and_near_a_pole() {
        let (a, b) = (
            destination(-17.0, 179.95, 90.0, 9.0),
            destination(-17.0, 179.95, 90.0, 11.0),
        );
        assert!(a.1 < 0.0 && b.1 < 0.0, "crossed the antimeridian");
        let pole = destination(89.9, 0.0, 0.0, 20.0); // over the pole, other side
        let docs = vec![
            placed(1, a.0, a.1),
            placed(2, b.0, b.1),
            placed(3, pole.0, pole.1),
        ];
        let (_d, ix) = index_of(&docs);
        let near = |lat, lon, radius_km| {
            filters(vec![Filter::Near {
                lat,
                lon,
                radius_km,
                span: sp(),
            }])
        };
        assert_eq!(rowids(&ix, &near(-17.0, 179.95, 10.0), &all()), [1]);
        assert_eq!(rowids(&ix, &near(89.9, 0.0, 25.0), &all()), [3]);
        assert_eq!(circle_bounds(89.9, 0.0, 25.0).unwrap().lon, None);
        let bx = circle_bounds(-17.0, 179.95, 10.0).unwrap().lon.unwrap();
        assert!(bx.0 > bx.1, "box wraps: {bx:?}");
    }

    #[test]
    fn superseded_records_are_excluded_unless_asked() {
        let docs = vec![
            doc(1, "rubble"),
            IndexDoc {
                superseded: true,
                ..doc(2, "rubble")
            },
        ];
        let (_d, ix) = index_of(&docs);
        let q = text(vec![word("rubble")]);
        assert_eq!(rowids(&ix, &q, &all()), [1]);
        let with = RankedSearch {
            include_superseded: true,
            ..all()
        };
        assert_eq!(rowids(&ix, &q, &with), [1, 2]);
        assert_eq!(rowids(&ix, &Query::default(), &all()), [1]);
    }

    #[test]
    fn totals_are_exact_and_pages_follow_the_ranking() {
        let docs: Vec<IndexDoc> = (1..=57)
            .map(|i| {
                doc(
                    i,
                    &format!(
                        "{} rubble {}",
                        "rubble ".repeat(i as usize % 7),
                        "x ".repeat(i as usize % 11)
                    ),
                )
            })
            .chain((58..=80).map(|i| doc(i, "debris")))
            .collect();
        let (_d, ix) = index_of(&docs);
        let q = text(vec![word("rubble")]);
        let everything = ix.search(&q, &all()).unwrap();
        assert_eq!(everything.total, 57);
        assert_eq!(everything.hits.len(), 57);
        assert!(everything.hits.windows(2).all(|w| w[0].1 >= w[1].1));
        let mut paged = Vec::new();
        for page in 0..6 {
            let r = ix
                .search(
                    &q,
                    &RankedSearch {
                        limit: 10,
                        offset: page * 10,
                        ..RankedSearch::default()
                    },
                )
                .unwrap();
            assert_eq!(r.total, 57);
            assert_eq!(r.hits.len(), if page < 5 { 10 } else { 7 });
            paged.extend(r.hits);
        }
        assert_eq!(paged, everything.hits);
        let count_only = ix
            .search(
                &q,
                &RankedSearch {
                    limit: 0,
                    ..RankedSearch::default()
                },
            )
            .unwrap();
        assert_eq!(count_only.total, 57);
        assert!(count_only.hits.is_empty());
        let beyond = ix
            .search(
                &q,
                &RankedSearch {
                    limit: 10,
                    offset: 100,
                    ..RankedSearch::default()
                },
            )
            .unwrap();
        assert_eq!((beyond.total, beyond.hits.len()), (57, 0));
    }

    #[test]
    fn query_without_text_matches_by_filters_with_a_constant_score() {
        let (_d, ix) = index_of(&facet_corpus());
        let r = ix
            .search(
                &filters(vec![field(QField::Country, &["SY"], false)]),
                &all(),
            )
            .unwrap();
        assert_eq!(r.total, 2);
        assert!(r.hits.windows(2).all(|w| w[0].1 == w[1].1));
        assert_eq!(rowids(&ix, &Query::default(), &all()), [1, 2, 3, 4]);
    }

    #[test]
    fn apply_replaces_and_deletes_by_rowid() {
        let (_d, mut ix) = index_of(&[doc(1, "rubble"), doc(2, "debris")]);
        assert_eq!(ix.num_docs(), 2);
        // Re-adding the same record never duplicates it.
        ix.apply(1, Some(&doc(1, "rubble again"))).unwrap();
        ix.apply(1, Some(&doc(1, "funeral"))).unwrap();
        ix.apply(2, None).unwrap();
        // Nothing visible before the commit.
        assert_eq!(rowids(&ix, &text(vec![word("debris")]), &all()), [2]);
        ix.commit(5).unwrap();
        assert_eq!(ix.num_docs(), 1);
        assert_eq!(
            rowids(&ix, &text(vec![word("rubble")]), &all()),
            Vec::<i64>::new()
        );
        assert_eq!(
            rowids(&ix, &text(vec![word("debris")]), &all()),
            Vec::<i64>::new()
        );
        assert_eq!(rowids(&ix, &text(vec![word("funeral")]), &all()), [1]);
        ix.apply(2, Some(&doc(2, "debris"))).unwrap();
        ix.commit(6).unwrap();
        assert_eq!(rowids(&ix, &text(vec![word("debris")]), &all()), [2]);
        assert_eq!(ix.last_seq(), 6);
    }

    #[test]
    fn last_seq_survives_reopen_and_uncommitted_changes_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ranked");
        {
            let mut ix = RankedIndex::open(&path).unwrap();
            assert_eq!(ix.last_seq(), 0);
            assert_eq!(ix.num_docs(), 0);
            ix.apply(1, Some(&doc(1, "rubble"))).unwrap();
            ix.commit(42).unwrap();
            ix.apply(2, Some(&doc(2, "debris"))).unwrap();
            // Dropped without commit: a crash before the tantivy commit.
        }
        {
            let mut ix = RankedIndex::open(&path).unwrap();
            assert_eq!(ix.last_seq(), 42);
            assert_eq!(ix.num_docs(), 1);
            // The replay re-applies what came after 42; applying 1 again is harmless.
            ix.apply(1, Some(&doc(1, "rubble"))).unwrap();
            ix.apply(2, Some(&doc(2, "debris"))).unwrap();
            ix.commit(44).unwrap();
        }
        let ix = RankedIndex::open(&path).unwrap();
        assert_eq!(ix.last_seq(), 44);
        assert_eq!(ix.num_docs(), 2);
    }

    #[test]
    fn another_schema_version_or_garbage_is_recreated_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ranked");
        {
            let mut ix = RankedIndex::open(&path).unwrap();
            ix.apply(1, Some(&doc(1, "rubble"))).unwrap();
            ix.commit(7).unwrap();
        }
        // Same schema, older version in the payload.
        {
            let index = Index::open_in_dir(&path).unwrap();
            index
                .tokenizers()
                .register(TOKENIZER, FoldTokenizer::default());
            let mut w: IndexWriter = index.writer(50_000_000).unwrap();
            let mut c = w.prepare_commit().unwrap();
            c.set_payload(&format!("dateline-ranked v{} seq 7", SCHEMA_VERSION + 1));
            c.commit().unwrap();
        }
        let ix = RankedIndex::open(&path).unwrap();
        assert_eq!((ix.last_seq(), ix.num_docs()), (0, 0));
        drop(ix);
        // A different schema altogether.
        std::fs::remove_dir_all(&path).unwrap();
        std::fs::create_dir_all(&path).unwrap();
        {
            let mut b = Schema::builder();
            let f = b.add_text_field("other", STRING);
            let index = Index::create_in_dir(&path, b.build()).unwrap();
            let mut w: IndexWriter = index.writer(50_000_000).unwrap();
            w.add_document(tantivy::doc!(f => "x")).unwrap();
            let mut c = w.prepare_commit().unwrap();
            c.set_payload(&payload(&Stamp {
                seq: 9,
                ..Stamp::default()
            }));
            c.commit().unwrap();
        }
        let mut ix = RankedIndex::open(&path).unwrap();
        assert_eq!((ix.last_seq(), ix.num_docs()), (0, 0));
        ix.apply(1, Some(&doc(1, "rubble"))).unwrap();
        ix.commit(1).unwrap();
        assert_eq!(rowids(&ix, &text(vec![word("rubble")]), &all()), [1]);
        drop(ix);
        // Garbage in meta.json.
        std::fs::write(path.join("meta.json"), b"not json").unwrap();
        let ix = RankedIndex::open(&path).unwrap();
        assert_eq!((ix.last_seq(), ix.num_docs()), (0, 0));
    }

    #[test]
    fn a_second_writer_is_refused_as_locked() {
        let dir = tempfile::tempdir().unwrap();
        let _first = RankedIndex::open(dir.path()).unwrap();
        let second = RankedIndex::open(dir.path());
        assert!(
            matches!(second, Err(RankedError::Locked { .. })),
            "{second:?}"
        );
    }

    #[test]
    fn clear_then_rebuild_in_one_commit() {
        let (_d, mut ix) = index_of(&[doc(1, "rubble"), doc(2, "debris")]);
        ix.apply(3, Some(&doc(3, "pending"))).unwrap();
        ix.clear().unwrap();
        assert_eq!(ix.num_docs(), 2, "not before the commit");
        ix.apply(2, Some(&doc(2, "debris"))).unwrap();
        ix.commit(0).unwrap();
        assert_eq!(ix.num_docs(), 1);
        assert_eq!(ix.last_seq(), 0);
        assert_eq!(rowids(&ix, &Query::default(), &all()), [2]);
        ix.clear().unwrap();
        ix.commit(0).unwrap();
        assert_eq!(ix.num_docs(), 0);
    }

    #[test]
    fn negated_phrases_and_prefixes_agree_with_brute_force() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let docs: Vec<IndexDoc> = (1..=3000)
            .map(|rowid| {
                let n = 3 + next() % 12;
                let words: Vec<String> = (0..n).map(|_| format!("v{}", next() % 12)).collect();
                doc(rowid, &words.join(" "))
            })
            .collect();
        let (_d, ix) = index_of(&docs);
        fn has_seq(caption: &str, seq: &[&str], prefix: bool) -> bool {
            let toks: Vec<&str> = caption.split(' ').collect();
            toks.windows(seq.len()).any(|w| {
                w.iter().zip(seq).enumerate().all(|(i, (t, s))| {
                    if prefix && i == seq.len() - 1 {
                        t.starts_with(s)
                    } else {
                        t == s
                    }
                })
            })
        }
        type Case = (Query, Box<dyn Fn(&str) -> bool>);
        let cases: Vec<Case> = vec![
            (
                text(vec![word("v1"), not(phrase(&["v2", "v3"]))]),
                Box::new(|c: &str| has_seq(c, &["v1"], false) && !has_seq(c, &["v2", "v3"], false)),
            ),
            (
                text(vec![not(phrase(&["v4", "v5", "v6"]))]),
                Box::new(|c: &str| !has_seq(c, &["v4", "v5", "v6"], false)),
            ),
            (
                text(vec![phrase(&["v7", "v8"]), not(prefix("v9 v1"))]),
                Box::new(|c: &str| {
                    has_seq(c, &["v7", "v8"], false) && !has_seq(c, &["v9", "v1"], true)
                }),
            ),
            (
                text(vec![
                    prefix("v1"),
                    not(any(vec![phrase(&["v0", "v0"]), phrase(&["v11", "v10"])])),
                ]),
                Box::new(|c: &str| {
                    has_seq(c, &["v1"], true)
                        && !has_seq(c, &["v0", "v0"], false)
                        && !has_seq(c, &["v11", "v10"], false)
                }),
            ),
        ];
        for (i, (q, pred)) in cases.iter().enumerate() {
            let expected: Vec<i64> = docs
                .iter()
                .filter(|d| pred(&d.caption))
                .map(|d| d.rowid)
                .collect();
            let opts = RankedSearch {
                limit: docs.len(),
                ..RankedSearch::default()
            };
            assert_eq!(rowids(&ix, q, &opts), expected, "case {i}");
        }
    }

    #[test]
    fn twenty_thousand_docs_broad_query_returns_the_best_twenty() {
        // Deterministic pseudo-random captions over a small vocabulary.
        let vocab: Vec<String> = (0..500).map(|i| format!("w{i}")).collect();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut docs = Vec::new();
        for rowid in 1..=20_000 {
            let n = 10 + next() % 20;
            let words: Vec<&str> = (0..n)
                .map(|_| {
                    // Skewed towards low ranks.
                    let r = (next() % 500) * (next() % 500) / 500;
                    vocab[r as usize].as_str()
                })
                .collect();
            docs.push(IndexDoc {
                agency: Some(if rowid % 3 == 0 { "AFP" } else { "AP" }.into()),
                ..doc(rowid, &words.join(" "))
            });
        }
        let (_d, ix) = index_of(&docs);
        assert_eq!(ix.num_docs(), 20_000);
        let expected = docs
            .iter()
            .filter(|d| d.caption.split(' ').any(|w| w == "w0"))
            .count() as u64;
        assert!(expected > 1000, "broad: {expected}");
        let q = text(vec![word("w0")]);
        let top = ix.search(&q, &RankedSearch::default()).unwrap();
        assert_eq!(top.total, expected);
        assert_eq!(top.hits.len(), 20);
        // The best 20 are the first 20 of the full ranking.
        let full = ix
            .search(
                &q,
                &RankedSearch {
                    limit: expected as usize,
                    ..RankedSearch::default()
                },
            )
            .unwrap();
        assert_eq!(full.hits.len() as u64, expected);
        assert_eq!(&full.hits[..20], &top.hits[..]);
        assert!(full.hits.windows(2).all(|w| w[0].1 >= w[1].1));
        // With a filter.
        let q = Query {
            text: vec![word("w0")],
            filters: vec![field(QField::Agency, &["afp"], false)],
        };
        let afp = docs
            .iter()
            .filter(|d| d.rowid % 3 == 0 && d.caption.split(' ').any(|w| w == "w0"))
            .count() as u64;
        let r = ix.search(&q, &RankedSearch::default()).unwrap();
        assert_eq!(r.total, afp);
        assert!(r.hits.iter().all(|h| h.0 % 3 == 0));
    }
}
