//! The PostgreSQL backend: the same tables, columns and invariants as SQLite's, for a team or
//! several servers sharing one archive.
//!
//! - Every write runs in one transaction holding one advisory lock (`WRITE_LOCK`) from start
//!   to commit. Writers from any number of processes take turns, as SQLite's do; the audit
//!   chain's next entry is never raced for; and the `changes` sequence becomes visible in
//!   order, so a program catching its ranked index up never skips a change still uncommitted.
//! - Reads run in REPEATABLE READ, READ ONLY transactions: one consistent snapshot per call.
//! - Append-only tables are guarded by triggers in the database itself (see
//!   `migrations-pg/0001_initial.sql`), so a rewrite is refused whoever sends it.
//! - Batches go to the server as arrays (`unnest`), so a batch of a thousand captions is a
//!   handful of round trips, not thousands.

mod rows;

use crate::apply::{apply_corrections, check_edit, plan_corrections};
use crate::derived::{ChangeBatch, Derived, Feed, ScoredRow};
use crate::geo::haversine_km;
use crate::rows::{Columns, decode, encode};
use crate::sql::{self, Dialect};
use crate::sqlite::seal::{RecordHasher, RowState, range_line};
use crate::sqlite::{NONE, RecordsCheck, UnfinishedIngest, audit_hash, correction_entry, hex, now};
use crate::{
    ArchiveError, AuditEntry, BatchCounts, Correction, ExtractionInput, FacetCounts, FileCheck,
    Hit, IngestId, IngestSummary, NewRecord, Provenance, Ranker, Result, SearchOptions,
    SearchResults, Sort, SourceFile, StatsBy, Store, StoredRecord,
};
use dateline_model::Record;
use dateline_query::{Filter, Query};
use postgres::types::ToSql;
use postgres::{IsolationLevel, NoTls, Transaction};
use r2d2_postgres::PostgresConnectionManager;
use rayon::prelude::*;
use rusqlite::types::Value as SqlValue;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Duration;

/// Migration `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[include_str!("../../migrations-pg/0001_initial.sql")];

/// The schema version this build writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// The advisory lock every write holds ("dateline" in ASCII).
const WRITE_LOCK: i64 = 0x6461_7465_6c69_6e65;
/// The advisory lock a schema migration holds.
const MIGRATE_LOCK: i64 = WRITE_LOCK + 1;

type Pool = r2d2::Pool<PostgresConnectionManager<NoTls>>;

/// Options for opening a PostgreSQL archive.
#[derive(Debug, Clone, Default)]
pub struct PgOptions {
    /// Where this program keeps its derived ranked index; by default `DATELINE_RANKED_DIR`, else
    /// a directory named after the archive's id under the user's cache directory.
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
    opts: PgOptions,
    pool: Pool,
    archive_id: String,
    ranked_dir: PathBuf,
    derived: Derived,
}

impl From<postgres::Error> for ArchiveError {
    fn from(e: postgres::Error) -> Self {
        ArchiveError::Postgres(pg_message(&e))
    }
}

impl From<r2d2::Error> for ArchiveError {
    fn from(e: r2d2::Error) -> Self {
        ArchiveError::Postgres(format!("no connection to the database: {e}"))
    }
}

/// What the server said, in one line: its message (and detail) for database errors, else the
/// client's description (a refused connection, a closed socket).
fn pg_message(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => match db.detail() {
            Some(d) => format!("{} ({d})", db.message()),
            None => db.message().to_string(),
        },
        None => {
            let mut s = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(inner) = source {
                let more = inner.to_string();
                if !s.contains(&more) {
                    s.push_str(": ");
                    s.push_str(&more);
                }
                source = inner.source();
            }
            s
        }
    }
}

/// `url` with its password replaced by `***` (`postgres://user:secret@host/db` →
/// `postgres://user:***@host/db`), in the user part and in a `password=` parameter alike.
pub fn redact_url(url: &str) -> String {
    let url = url.trim();
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => format!("{userinfo}@{host}"),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let kept: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                    _ => p.to_string(),
                })
                .collect();
            format!("{path}?{}", kept.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// A bound parameter of a statement built at run time.
type Param = Box<dyn ToSql + Sync>;

fn to_params(values: &[SqlValue]) -> Vec<Param> {
    values
        .iter()
        .map(|v| -> Param {
            match v {
                SqlValue::Null => Box::new(None::<String>),
                SqlValue::Integer(i) => Box::new(*i),
                SqlValue::Real(f) => Box::new(*f),
                SqlValue::Text(s) => Box::new(s.clone()),
                SqlValue::Blob(b) => Box::new(b.clone()),
            }
        })
        .collect()
}

fn refs(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params.iter().map(|p| p.as_ref()).collect()
}

impl PgStore {
    /// Connects to `url` (`postgres://user[:password]@host[:port]/database`), creating and
    /// migrating the schema if needed.
    pub fn open(url: &str) -> Result<Self> {
        Self::open_with(url, PgOptions::default())
    }

    /// Connects with options.
    pub fn open_with(url: &str, opts: PgOptions) -> Result<Self> {
        let shown = redact_url(url);
        let connect_error = |message: String| ArchiveError::Connect {
            url: shown.clone(),
            message,
        };
        let mut config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| connect_error(format!("not a PostgreSQL URL: {e}")))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        if config.get_application_name().is_none() {
            config.application_name("dateline");
        }
        // One connection first, so that a wrong host, database or password is reported as the
        // server says it, not as a pool's timeout.
        let mut first = config
            .connect(NoTls)
            .map_err(|e| connect_error(pg_message(&e)))?;
        let archive_id = if opts.read_only {
            let found = schema_version(&mut first)?;
            if found != VERSION {
                return Err(if found > VERSION {
                    ArchiveError::TooNew {
                        found,
                        known: VERSION,
                    }
                } else {
                    connect_error(format!(
                        "the database holds no dateline archive of schema {VERSION} (found {found}); open it once for writing to create or migrate it"
                    ))
                });
            }
            read_archive_id(&mut first)?
        } else {
            migrate(&mut first)?
        };
        drop(first);
        let manager = PostgresConnectionManager::new(config, NoTls);
        let pool = r2d2::Pool::builder()
            .max_size(opts.pool_size.unwrap_or(8).max(1))
            .min_idle(Some(0))
            .connection_timeout(Duration::from_secs(30))
            .build_unchecked(manager);
        let ranked_dir = opts
            .ranked_dir
            .clone()
            .or_else(|| std::env::var_os("DATELINE_RANKED_DIR").map(PathBuf::from))
            .unwrap_or_else(|| default_ranked_dir(&archive_id));
        Ok(PgStore {
            url: shown,
            opts,
            pool,
            archive_id,
            ranked_dir,
            derived: Derived::new(),
        })
    }

    /// The URL without its password.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Where this program keeps the derived ranked index.
    pub fn ranked_dir(&self) -> PathBuf {
        self.ranked_dir.clone()
    }

    /// The archive's identity.
    pub fn archive_id(&self) -> Result<String> {
        Ok(self.archive_id.clone())
    }

    /// Runs `f` in a write transaction holding the archive's write lock.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&mut Transaction) -> Result<T>) -> Result<T> {
        if self.opts.read_only {
            return Err(ArchiveError::Postgres(
                "the archive is open read-only".to_string(),
            ));
        }
        let mut conn = self.pool.get()?;
        let mut tx = conn.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&WRITE_LOCK])?;
        let out = f(&mut tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// Runs `f` in a read-only transaction over one snapshot.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&mut Transaction) -> Result<T>) -> Result<T> {
        let mut conn = self.pool.get()?;
        let mut tx = conn
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()?;
        let out = f(&mut tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// The newest audit entry: `(seq, hash)`.
    pub fn head(&self) -> Result<Option<(i64, String)>> {
        self.read(|tx| {
            Ok(tx
                .query_opt("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1", &[])?
                .map(|r| (r.get(0), r.get(1))))
        })
    }

    /// Sequence numbers of audit entries that break the hash chain.
    pub fn verify_log(&self) -> Result<Vec<i64>> {
        let rows = self.read(|tx| {
            Ok(tx.query(
                "SELECT seq, prev_hash, at, action, actor, detail, hash FROM audit ORDER BY seq",
                &[],
            )?)
        })?;
        let mut bad = Vec::new();
        let mut prev = String::new();
        for r in rows {
            let (seq, raw_prev, at, action, actor, detail, hash): (
                i64,
                String,
                String,
                String,
                String,
                String,
                String,
            ) = (
                r.get(0),
                r.get(1),
                r.get(2),
                r.get(3),
                r.get(4),
                r.get(5),
                r.get(6),
            );
            if raw_prev != prev
                || serde_json::from_str::<Value>(&detail).is_err()
                || audit_hash(&prev, seq, &at, &action, &actor, &detail) != hash
            {
                bad.push(seq);
            }
            prev = hash;
        }
        Ok(bad)
    }

    /// Brings the derived ranked index up to date with the `changes` sequence.
    pub fn sync_ranked(&self) -> Result<u64> {
        self.derived.sync(self)
    }

    /// How many searches' facet counts to keep per snapshot of the ranked index.
    pub fn set_facet_cache(&self, entries: usize) {
        self.derived.set_facet_cache(entries);
    }

    /// Ingests started and never finished.
    pub fn unfinished_ingests(&self) -> Result<Vec<UnfinishedIngest>> {
        self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT i.rowid, f.path, i.started, i.new FROM ingests i
                     JOIN source_files f ON f.rowid = i.file WHERE i.finished IS NULL
                     ORDER BY i.rowid",
                    &[],
                )?
                .into_iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get::<_, i64>(3) as u64))
                .collect())
        })
    }

    /// Bytes the database takes on disk (`pg_database_size`).
    pub fn size_on_disk(&self) -> Result<u64> {
        self.read(|tx| {
            Ok(tx
                .query_one("SELECT pg_database_size(current_database())", &[])?
                .get::<_, i64>(0) as u64)
        })
    }

    /// Checks every stored record against the evidence, as `SqliteStore::check_records` does:
    /// ids, filter columns, sealed digests and the audit entries that vouch for them. Reads one
    /// snapshot, a few thousand records at a time.
    pub fn check_records(&self) -> Result<RecordsCheck> {
        use crate::sqlite::seal::{LAST_DIGESTS, ORPHAN_DIGESTS, ROW_COLUMNS, StoredRow};
        self.read(|tx| {
            let mut out = RecordsCheck::default();
            let audit: Vec<(i64, String)> = tx
                .query("SELECT seq, detail FROM audit ORDER BY seq", &[])?
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            let max_digest: i64 = tx
                .query_one(
                    "SELECT coalesce(max(seq), 0)::bigint FROM record_digests",
                    &[],
                )?
                .get(0);
            out.seals(audit, max_digest, |first, last| {
                Ok(tx
                    .query(
                        "SELECT seq, record, digest FROM record_digests
                         WHERE seq BETWEEN $1 AND $2 ORDER BY seq",
                        &[&first, &last],
                    )?
                    .into_iter()
                    .map(|r| (r.get(0), r.get(1), r.get(2)))
                    .collect())
            })?;
            let last_digest: HashMap<i64, String> = tx
                .query(LAST_DIGESTS, &[])?
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            let page = format!(
                "SELECT {ROW_COLUMNS} FROM records WHERE rowid > $1 ORDER BY rowid LIMIT 2000"
            );
            let mut after = 0i64;
            loop {
                let rows = tx.query(&page, &[&after])?;
                let Some(last) = rows.last() else {
                    break;
                };
                after = last.get(0);
                let rowids: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
                let mut creators: HashMap<i64, Vec<(String, String)>> = HashMap::new();
                for r in tx.query(
                    "SELECT record, key, name FROM record_creators WHERE record = ANY($1)
                     ORDER BY record, key",
                    &[&rowids],
                )? {
                    creators
                        .entry(r.get(0))
                        .or_default()
                        .push((r.get(1), r.get(2)));
                }
                let mut shas: HashMap<i64, Vec<String>> = HashMap::new();
                for r in tx.query(
                    "SELECT p.record, f.sha256 FROM provenance p
                     JOIN source_files f ON f.rowid = p.file
                     WHERE p.record = ANY($1) AND f.sha256 IS NOT NULL",
                    &[&rowids],
                )? {
                    shas.entry(r.get(0)).or_default().push(r.get(1));
                }
                let digests = record_digests(tx, &rowids)?;
                for r in &rows {
                    let rowid: i64 = r.get(0);
                    let row = StoredRow {
                        id: r.get(1),
                        caption: r.get(2),
                        blob: r.get(3),
                        columns: Columns {
                            names: r.get(4),
                            agency: r.get(5),
                            agency_key: r.get(6),
                            country: r.get(7),
                            province: r.get(8),
                            province_key: r.get(9),
                            city: r.get(10),
                            city_key: r.get(11),
                            event_type: r.get(12),
                            reported: r.get::<_, i64>(13) != 0,
                            date_iso: r.get(14),
                            date_start: r.get(15),
                            date_end: r.get(16),
                            lat: r.get(17),
                            lon: r.get(18),
                            killed: r.get(19),
                            injured: r.get(20),
                            creators: creators.remove(&rowid).unwrap_or_default(),
                        },
                    };
                    out.row(
                        &row,
                        last_digest.get(&rowid),
                        || Ok(shas.remove(&rowid).unwrap_or_default()),
                        || {
                            digests.get(&rowid).cloned().ok_or_else(|| {
                                ArchiveError::NotFound(format!("record row {rowid}"))
                            })
                        },
                    )?;
                }
            }
            out.orphans(tx.query_one(ORPHAN_DIGESTS, &[])?.get(0));
            Ok(out)
        })
    }

    /// Documents in the ranked index, all and live, after catching up (what `verify` compares
    /// with the records).
    pub fn ranked_counts(&self) -> Result<(u64, u64)> {
        self.derived.counts(self)
    }

    fn search_sql(&self, q: &Query, opts: &SearchOptions) -> Result<(u64, Vec<ScoredRow>)> {
        let mut ranked = opts.sort == Sort::Relevance && q.has_positive_text();
        let mut w = sql::build(
            Dialect::Postgres,
            q,
            opts.loose_dates,
            opts.include_superseded,
            ranked,
        );
        if ranked && w.fts.is_none() {
            ranked = false;
            w = sql::build(
                Dialect::Postgres,
                q,
                opts.loose_dates,
                opts.include_superseded,
                false,
            );
        }
        let mut values = Vec::new();
        let (from, order, score) = match (&w.fts, ranked) {
            (Some(m), true) => {
                values.push(SqlValue::Text(m.clone()));
                (
                    "records, CAST(CAST(? AS text) AS tsquery) AS q WHERE records.fts @@ q AND",
                    "ts_rank(records.fts, q) DESC, records.rowid",
                    "ts_rank(records.fts, q)",
                )
            }
            _ => (
                "records WHERE",
                match opts.sort {
                    Sort::DateAsc => {
                        "records.date_start IS NULL, records.date_start, records.rowid"
                    }
                    _ => "records.date_start IS NULL, records.date_start DESC, records.rowid DESC",
                },
                "NULL::real",
            ),
        };
        values.extend(w.params.iter().cloned());
        let count_sql = sql::numbered(&format!("SELECT count(*) FROM {from} {}", w.sql));
        values.push(SqlValue::Integer(opts.limit as i64));
        values.push(SqlValue::Integer(opts.offset as i64));
        let page_sql = sql::numbered(&format!(
            "SELECT records.rowid, {score} FROM {from} {} ORDER BY {order} LIMIT ? OFFSET ?",
            w.sql
        ));
        let params = to_params(&values);
        let all = refs(&params);
        self.read(|tx| {
            let total: i64 = tx.query_one(&count_sql, &all[..all.len() - 2])?.get(0);
            let hits = tx
                .query(&page_sql, &all)?
                .into_iter()
                .map(|r| (r.get::<_, i64>(0), r.get::<_, Option<f32>>(1)))
                .collect();
            Ok((total as u64, hits))
        })
    }

    fn stats_inner(
        &self,
        by: StatsBy,
        q: &Query,
        loose_dates: bool,
        include_superseded: bool,
    ) -> Result<FacetCounts> {
        let w = sql::build(Dialect::Postgres, q, loose_dates, include_superseded, false);
        let stmt = sql::numbered(&sql::stats_sql(by, &w.sql));
        let params = to_params(&w.params);
        self.read(|tx| {
            Ok(tx
                .query(&stmt, &refs(&params))?
                .into_iter()
                .map(|r| {
                    (
                        r.get::<_, Option<String>>(1)
                            .unwrap_or_else(|| NONE.to_string()),
                        r.get::<_, i64>(0) as u64,
                    )
                })
                .collect())
        })
    }

    fn facets(&self, q: &Query, opts: &SearchOptions) -> Result<Vec<(String, FacetCounts)>> {
        let mut out = Vec::new();
        for by in crate::sqlite::facet_dimensions() {
            let mut counts = self.stats_inner(by, q, opts.loose_dates, opts.include_superseded)?;
            counts.retain(|(v, _)| v != NONE);
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            counts.truncate(10);
            out.push((by.name().to_string(), counts));
        }
        Ok(out)
    }

    fn hits(&self, q: &Query, ids: &[ScoredRow]) -> Result<Vec<Hit>> {
        let near = q.filters.iter().find_map(|f| match f {
            Filter::Near { lat, lon, .. } => Some((*lat, *lon)),
            _ => None,
        });
        let rowids: Vec<i64> = ids.iter().map(|(r, _)| *r).collect();
        let blobs: HashMap<i64, Vec<u8>> = self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT rowid, coalesce(effective, extracted) FROM records WHERE rowid = ANY($1)",
                    &[&rowids],
                )?
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect())
        })?;
        ids.iter()
            .map(|&(rowid, score)| {
                let blob = blobs
                    .get(&rowid)
                    .ok_or_else(|| ArchiveError::NotFound(format!("record row {rowid}")))?;
                let record = decode(blob)?;
                let highlights = sql::highlights(&record.caption, q);
                let distance_km = match (near, record.location.lat, record.location.lon) {
                    (Some((a, b)), Some(lat), Some(lon)) => Some(haversine_km(a, b, lat, lon)),
                    _ => None,
                };
                Ok(Hit {
                    record,
                    score,
                    highlights,
                    distance_km,
                })
            })
            .collect()
    }

    fn warn_ranked(&self) {
        if let Err(e) = self.sync_ranked() {
            tracing::warn!("the ranked index will catch up later: {e}");
        }
    }
}

/// `$XDG_CACHE_HOME/dateline/ranked-<archive id>` (or under `~/.cache`, or the temporary
/// directory when there is no home).
fn default_ranked_dir(archive_id: &str) -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("dateline").join(format!("ranked-{archive_id}"))
}

fn schema_version(c: &mut postgres::Client) -> Result<i64> {
    let exists: bool = c
        .query_one("SELECT to_regclass('dateline_schema') IS NOT NULL", &[])?
        .get(0);
    if !exists {
        return Ok(0);
    }
    Ok(c.query_opt("SELECT version FROM dateline_schema", &[])?
        .map(|r| r.get::<_, i32>(0) as i64)
        .unwrap_or(0))
}

fn read_archive_id(c: &mut postgres::Client) -> Result<String> {
    c.query_opt(
        "SELECT value FROM archive_meta WHERE key = 'archive_id'",
        &[],
    )?
    .map(|r| r.get(0))
    .ok_or_else(|| ArchiveError::Corrupt("the archive has no identity (archive_meta)".into()))
}

/// Brings the database to [`VERSION`] under the migration lock; returns the archive's id.
fn migrate(c: &mut postgres::Client) -> Result<String> {
    let mut tx = c.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATE_LOCK])?;
    let exists: bool = tx
        .query_one("SELECT to_regclass('dateline_schema') IS NOT NULL", &[])?
        .get(0);
    let found: i64 = if exists {
        tx.query_opt("SELECT version FROM dateline_schema", &[])?
            .map(|r| r.get::<_, i32>(0) as i64)
            .unwrap_or(0)
    } else {
        let foreign: bool = tx
            .query_one("SELECT to_regclass('records') IS NOT NULL", &[])?
            .get(0);
        if foreign {
            return Err(ArchiveError::Corrupt(
                "the database has a table `records` but is not a dateline archive".into(),
            ));
        }
        0
    };
    if found > VERSION {
        return Err(ArchiveError::TooNew {
            found,
            known: VERSION,
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(sql)?;
        if i == 0 {
            tx.execute(
                "INSERT INTO archive_meta(key, value) VALUES ('archive_id', $1)",
                &[&crate::sqlite::seal::new_archive_id()],
            )?;
        }
    }
    if found < VERSION {
        tx.execute("DELETE FROM dateline_schema", &[])?;
        tx.execute(
            "INSERT INTO dateline_schema(version) VALUES ($1)",
            &[&(VERSION as i32)],
        )?;
    }
    let id: String = tx
        .query_opt(
            "SELECT value FROM archive_meta WHERE key = 'archive_id'",
            &[],
        )?
        .map(|r| r.get(0))
        .ok_or_else(|| {
            ArchiveError::Corrupt("the archive has no identity (archive_meta)".into())
        })?;
    tx.commit()?;
    Ok(id)
}

/// Appends one entry to the audit chain (the caller holds the write lock).
pub(crate) fn append_audit(
    tx: &mut Transaction,
    action: &str,
    actor: &str,
    detail: &Value,
) -> Result<()> {
    let (seq, prev): (i64, String) = tx
        .query_opt("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1", &[])?
        .map(|r| (r.get(0), r.get(1)))
        .unwrap_or((0, String::new()));
    let seq = seq + 1;
    let at = now();
    let detail = serde_json::to_string(detail).expect("JSON serializes");
    let hash = audit_hash(&prev, seq, &at, action, actor, &detail);
    tx.execute(
        "INSERT INTO audit(seq, at, action, actor, detail, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7)",
        &[&seq, &at, &action, &actor, &detail, &prev, &hash],
    )?;
    Ok(())
}

/// The digests of the given record rows' stored state (see the SQLite backend's `seal`
/// module), read in three statements whatever their number.
fn record_digests(tx: &mut Transaction, rowids: &[i64]) -> Result<HashMap<i64, String>> {
    let mut hashers: HashMap<i64, RecordHasher> = HashMap::with_capacity(rowids.len());
    for r in tx.query(
        "SELECT rowid, id, caption, extracted, effective, extractor, reference_date,
                superseded_by, first_seen FROM records WHERE rowid = ANY($1)",
        &[&rowids],
    )? {
        let (id, caption, extractor, first_seen): (String, String, String, String) =
            (r.get(1), r.get(2), r.get(5), r.get(8));
        let extracted: Vec<u8> = r.get(3);
        let effective: Option<Vec<u8>> = r.get(4);
        let reference_date: Option<String> = r.get(6);
        let superseded_by: Option<String> = r.get(7);
        hashers.insert(
            r.get(0),
            RecordHasher::new(&RowState {
                id: &id,
                caption: &caption,
                extracted: &extracted,
                effective: effective.as_deref(),
                extractor: &extractor,
                reference_date: reference_date.as_deref(),
                superseded_by: superseded_by.as_deref(),
                first_seen: &first_seen,
            }),
        );
    }
    for r in tx.query(
        "SELECT p.record, f.path, f.sha256, f.size, p.line, p.kind, p.input_id, p.ingest,
                p.ingested_at
         FROM provenance p JOIN source_files f ON f.rowid = p.file
         WHERE p.record = ANY($1) ORDER BY p.record, p.ingest, p.file, p.line",
        &[&rowids],
    )? {
        if let Some(h) = hashers.get_mut(&r.get::<_, i64>(0)) {
            h.provenance(
                r.get(1),
                r.get(2),
                r.get(3),
                r.get(4),
                r.get(5),
                r.get(6),
                r.get(7),
                r.get(8),
            );
        }
    }
    for r in tx.query(
        "SELECT record, rowid, field, value, previous, author, note, at FROM corrections
         WHERE record = ANY($1) ORDER BY record, rowid",
        &[&rowids],
    )? {
        if let Some(h) = hashers.get_mut(&r.get::<_, i64>(0)) {
            h.correction(
                r.get(1),
                [r.get(2), r.get(3), r.get(4), r.get(5), r.get(6), r.get(7)],
            );
        }
    }
    Ok(hashers.into_iter().map(|(k, h)| (k, h.finish())).collect())
}

/// Appends the current digest of each record in `rowids` (deduplicated, in order) and returns
/// the `sealed` object for the audit entry, exactly as the SQLite backend does.
fn seal(tx: &mut Transaction, rowids: &[i64]) -> Result<Option<Value>> {
    let mut seen = HashSet::with_capacity(rowids.len());
    let order: Vec<i64> = rowids.iter().copied().filter(|r| seen.insert(*r)).collect();
    if order.is_empty() {
        return Ok(None);
    }
    let digests = record_digests(tx, &order)?;
    let mut records = Vec::with_capacity(order.len());
    let mut values = Vec::with_capacity(order.len());
    for rowid in &order {
        let d = digests
            .get(rowid)
            .ok_or_else(|| ArchiveError::NotFound(format!("record row {rowid}")))?;
        records.push(*rowid);
        values.push(d.clone());
    }
    let mut added: Vec<(i64, i64, String)> = tx
        .query(
            "INSERT INTO record_digests(record, digest)
             SELECT u.record, u.digest FROM unnest($1::bigint[], $2::text[])
                 WITH ORDINALITY AS u(record, digest, n) ORDER BY u.n
             RETURNING seq, record, digest",
            &[&records, &values],
        )?
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect();
    added.sort_unstable_by_key(|a| a.0);
    let mut range = Sha256::new();
    for (seq, rowid, digest) in &added {
        range_line(&mut range, *seq, *rowid, digest);
    }
    Ok(Some(json!({
        "first": added.first().map(|a| a.0),
        "last": added.last().map(|a| a.0),
        "count": added.len(),
        "hash": hex(&range.finalize()),
    })))
}

fn load_corrections(tx: &mut Transaction, rowid: i64) -> Result<Vec<Correction>> {
    tx.query(
        "SELECT field, value, previous, author, note, at FROM corrections WHERE record = $1 ORDER BY rowid",
        &[&rowid],
    )?
    .into_iter()
    .map(|r| {
        let parse = |s: String| {
            serde_json::from_str(&s).map_err(|e| ArchiveError::Corrupt(format!("correction: {e}")))
        };
        Ok(Correction {
            field: r.get(0),
            value: parse(r.get(1))?,
            previous: parse(r.get(2))?,
            author: r.get(3),
            note: r.get(4),
            at: r.get(5),
        })
    })
    .collect()
}

fn resolve_id(tx: &mut Transaction, id: &str) -> Result<i64> {
    let p = id.trim().to_ascii_lowercase();
    if p.len() < 4 || p.len() > 64 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ArchiveError::NotFound(format!(
            "{id} (ids are hexadecimal; give at least 4 digits)"
        )));
    }
    let end = format!("{p}g");
    let rows = tx.query(
        "SELECT rowid FROM records WHERE id >= $1 AND id < $2 LIMIT 2",
        &[&p, &end],
    )?;
    match rows.as_slice() {
        [] => Err(ArchiveError::NotFound(id.to_string())),
        [one] => Ok(one.get(0)),
        _ => {
            let count: i64 = tx
                .query_one(
                    "SELECT count(*) FROM records WHERE id >= $1 AND id < $2",
                    &[&p, &end],
                )?
                .get(0);
            Err(ArchiveError::Ambiguous {
                prefix: id.to_string(),
                count: count as usize,
            })
        }
    }
}

fn load_stored(tx: &mut Transaction, rowid: i64) -> Result<StoredRecord> {
    let r = tx.query_one(
        "SELECT id, extracted, effective, extractor, reference_date, superseded_by FROM records WHERE rowid = $1",
        &[&rowid],
    )?;
    let id: String = r.get(0);
    let extracted = decode(&r.get::<_, Vec<u8>>(1))?;
    let record = match r.get::<_, Option<Vec<u8>>>(2) {
        Some(b) => decode(&b)?,
        None => extracted.clone(),
    };
    let extractor: String = r.get(3);
    let reference_date: Option<String> = r.get(4);
    let superseded_by: Option<String> = r.get(5);
    let provenance = tx
        .query(
            "SELECT p.kind, f.path, p.line, p.input_id, f.sha256, p.ingested_at
             FROM provenance p JOIN source_files f ON f.rowid = p.file
             WHERE p.record = $1 ORDER BY p.ingest, p.file, p.line",
            &[&rowid],
        )?
        .into_iter()
        .map(|r| Provenance {
            kind: r.get(0),
            path: r.get(1),
            line: r
                .get::<_, Option<i64>>(2)
                .filter(|l| *l > 0)
                .map(|l| l as u64),
            input_id: r.get(3),
            sha256: r.get(4),
            ingested_at: r.get(5),
        })
        .collect();
    let corrections = load_corrections(tx, rowid)?;
    let supersedes = tx
        .query(
            "SELECT id FROM records WHERE superseded_by = $1 ORDER BY rowid",
            &[&id],
        )?
        .into_iter()
        .map(|r| r.get(0))
        .collect();
    Ok(StoredRecord {
        record,
        extracted,
        provenance,
        corrections,
        superseded_by,
        supersedes,
        extractor,
        reference_date,
    })
}

/// Writes the effective columns (and the full-text vector) of a record row.
fn update_columns(
    tx: &mut Transaction,
    rowid: i64,
    caption: &str,
    cols: &Columns,
    effective: Option<&[u8]>,
) -> Result<()> {
    let fts = sql::tsvector(caption, &cols.names);
    let reported = cols.reported as i64;
    let at = now();
    tx.execute(
        "UPDATE records SET effective = $1, names = $2, agency = $3, agency_key = $4, country = $5,
            province = $6, province_key = $7, city = $8, city_key = $9, event_type = $10,
            reported = $11, date_iso = $12, date_start = $13, date_end = $14, lat = $15,
            lon = $16, killed = $17, injured = $18, updated = $19, fts = CAST($20::text AS tsvector)
         WHERE rowid = $21",
        &[
            &effective,
            &cols.names,
            &cols.agency,
            &cols.agency_key,
            &cols.country,
            &cols.province,
            &cols.province_key,
            &cols.city,
            &cols.city_key,
            &cols.event_type,
            &reported,
            &cols.date_iso,
            &cols.date_start,
            &cols.date_end,
            &cols.lat,
            &cols.lon,
            &cols.killed,
            &cols.injured,
            &at,
            &fts,
            &rowid,
        ],
    )?;
    tx.execute("DELETE FROM record_creators WHERE record = $1", &[&rowid])?;
    write_creators(tx, &[(rowid, cols)])
}

fn write_creators(tx: &mut Transaction, rows: &[(i64, &Columns)]) -> Result<()> {
    let (mut records, mut keys, mut names) = (Vec::new(), Vec::new(), Vec::new());
    for (rowid, cols) in rows {
        for (key, name) in &cols.creators {
            records.push(*rowid);
            keys.push(key.as_str());
            names.push(name.as_str());
        }
    }
    if !records.is_empty() {
        tx.execute(
            "INSERT INTO record_creators(record, key, name)
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])
             ON CONFLICT DO NOTHING",
            &[&records, &keys, &names],
        )?;
    }
    Ok(())
}

/// See the SQLite backend's `supersede`: the same rule, in the same SQL.
fn supersede(tx: &mut Transaction, file_id: i64, path: &str) -> Result<(u64, u64, Vec<i64>)> {
    let earlier: i64 = tx
        .query_one(
            "SELECT count(*) FROM source_files WHERE path = $1 AND rowid != $2 AND sha256 IS NOT NULL",
            &[&path, &file_id],
        )?
        .get(0);
    if earlier == 0 {
        return Ok((0, 0, Vec::new()));
    }
    let mut changed: Vec<i64> = tx
        .query(
            "SELECT rowid FROM records WHERE superseded_by IS NOT NULL
               AND rowid IN (SELECT record FROM provenance WHERE file = $1)",
            &[&file_id],
        )?
        .into_iter()
        .map(|r| r.get(0))
        .collect();
    let at = now();
    let restored = tx.execute(
        "UPDATE records SET superseded_by = NULL, updated = $1
         WHERE superseded_by IS NOT NULL
           AND rowid IN (SELECT record FROM provenance WHERE file = $2)",
        &[&at, &file_id],
    )?;
    let mut pairs: Vec<(i64, String)> = Vec::new();
    for stmt in sql::supersede_pairs_sql() {
        pairs.extend(
            tx.query(&stmt, &[&path, &file_id])?
                .into_iter()
                .map(|r| (r.get(0), r.get(1))),
        );
    }
    let mut n = 0;
    for (old, new_id) in pairs {
        let done = tx.execute(
            "UPDATE records SET superseded_by = $1, updated = $2 WHERE rowid = $3 AND superseded_by IS NULL",
            &[&new_id, &at, &old],
        )?;
        if done > 0 {
            changed.push(old);
        }
        n += done;
    }
    Ok((n, restored, changed))
}

/// A batch row prepared off the write lock (serialization, compression and the full-text
/// vector are made in parallel).
struct Prepared<'a> {
    new: &'a NewRecord,
    blob: Vec<u8>,
    cols: Columns,
    fts: String,
}

impl Feed for PgStore {
    fn ranked_dir(&self) -> PathBuf {
        PgStore::ranked_dir(self)
    }

    fn archive_id(&self) -> Result<String> {
        PgStore::archive_id(self)
    }

    fn changes(&self, after: i64) -> Result<ChangeBatch> {
        self.read(|tx| {
            let changes: Vec<(i64, i64)> = tx
                .query(
                    "SELECT seq, record FROM changes WHERE seq > $1 ORDER BY seq LIMIT 100000",
                    &[&after],
                )?
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            let mut rowids: Vec<i64> = changes.iter().map(|c| c.1).collect();
            rowids.sort_unstable();
            rowids.dedup();
            let docs = rows::index_docs(tx, &rowids)?;
            let head = tx
                .query_opt("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1", &[])?
                .map(|r| (r.get(0), r.get(1)))
                .unwrap_or_default();
            Ok((changes, docs, head))
        })
    }

    fn position(&self, audit_seq: i64) -> Result<(i64, Option<String>)> {
        self.read(|tx| {
            let max: i64 = tx
                .query_one("SELECT coalesce(max(seq), 0)::bigint FROM changes", &[])?
                .get(0);
            let hash = tx
                .query_opt("SELECT hash FROM audit WHERE seq = $1", &[&audit_seq])?
                .map(|r| r.get(0));
            Ok((max, hash))
        })
    }

    fn record_rows(&self) -> Result<u64> {
        self.read(|tx| {
            Ok(tx
                .query_one("SELECT count(*) FROM records", &[])?
                .get::<_, i64>(0) as u64)
        })
    }
}

impl Store for PgStore {
    fn ingest_begin(&self, file: &SourceFile, actor: &str, extractor: &str) -> Result<IngestId> {
        self.write(|tx| {
            let at = now();
            let existing: Option<i64> = match &file.sha256 {
                Some(sha) => tx
                    .query_opt(
                        "SELECT rowid FROM source_files WHERE path = $1 AND sha256 = $2",
                        &[&file.path, sha],
                    )?
                    .map(|r| r.get(0)),
                None => None,
            };
            let file_id: i64 = match existing {
                Some(id) => id,
                None => tx
                    .query_one(
                        "INSERT INTO source_files(path, sha256, size, first_ingested)
                         VALUES ($1,$2,$3,$4) RETURNING rowid",
                        &[&file.path, &file.sha256, &(file.size as i64), &at],
                    )?
                    .get(0),
            };
            let ingest: i64 = tx
                .query_one(
                    "INSERT INTO ingests(file, actor, extractor, started) VALUES ($1,$2,$3,$4)
                     RETURNING rowid",
                    &[&file_id, &actor, &extractor, &at],
                )?
                .get(0);
            append_audit(
                tx,
                "ingest-begin",
                actor,
                &json!({ "ingest": ingest, "path": file.path, "sha256": file.sha256,
                         "size": file.size, "extractor": extractor }),
            )?;
            Ok(IngestId(ingest))
        })
    }

    fn ingest_batch(&self, ingest: IngestId, batch: &[NewRecord]) -> Result<BatchCounts> {
        let prepared: Vec<Prepared> = batch
            .par_iter()
            .map(|new| {
                let cols = Columns::of(&new.record);
                Prepared {
                    new,
                    blob: encode(&new.record),
                    fts: sql::tsvector(&new.record.caption, &cols.names),
                    cols,
                }
            })
            .collect();
        self.write(|tx| {
            let at = now();
            let row = tx.query_one(
                "SELECT file, extractor, actor FROM ingests WHERE rowid = $1",
                &[&ingest.0],
            )?;
            let (file_id, extractor, actor): (i64, String, String) =
                (row.get(0), row.get(1), row.get(2));
            let inserted = rows::insert_records(tx, &prepared, &extractor, &at)?;
            let ids: Vec<&str> = prepared.iter().map(|p| p.new.record.id.as_str()).collect();
            let rowid_of: HashMap<String, i64> = tx
                .query("SELECT id, rowid FROM records WHERE id = ANY($1)", &[&ids])?
                .into_iter()
                .map(|r| (r.get(0), r.get(1)))
                .collect();
            let mut counts = BatchCounts::default();
            let mut touched: Vec<i64> = Vec::with_capacity(prepared.len());
            let mut new_rows: Vec<(i64, &Columns)> = Vec::new();
            let mut counted = HashSet::new();
            for p in &prepared {
                let rowid = *rowid_of
                    .get(&p.new.record.id)
                    .ok_or_else(|| ArchiveError::NotFound(p.new.record.id.clone()))?;
                if inserted.contains(&rowid) && counted.insert(rowid) {
                    counts.new += 1;
                    touched.push(rowid);
                    new_rows.push((rowid, &p.cols));
                } else {
                    counts.unchanged += 1;
                }
            }
            write_creators(tx, &new_rows)?;
            let (mut files, mut lines, mut records, mut kinds, mut inputs) =
                (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
            for p in &prepared {
                let r = &p.new.record;
                files.push(file_id);
                lines.push(r.source.line.unwrap_or(0) as i64);
                records.push(rowid_of[&r.id]);
                kinds.push(r.source.kind.as_str());
                inputs.push(r.input_id.as_deref());
            }
            let added: Vec<i64> = tx
                .query(
                    "INSERT INTO provenance(file, line, record, kind, input_id, ingest, ingested_at)
                     SELECT u.file, u.line, u.record, u.kind, u.input_id, $6, $7
                     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[])
                         WITH ORDINALITY AS u(file, line, record, kind, input_id, n)
                     ORDER BY u.n
                     ON CONFLICT DO NOTHING RETURNING record",
                    &[&files, &lines, &records, &kinds, &inputs, &ingest.0, &at],
                )?
                .into_iter()
                .map(|r| r.get(0))
                .collect();
            for rowid in added {
                if !inserted.contains(&rowid) {
                    touched.push(rowid);
                }
            }
            tx.execute(
                "UPDATE ingests SET new = new + $1, unchanged = unchanged + $2 WHERE rowid = $3",
                &[&(counts.new as i64), &(counts.unchanged as i64), &ingest.0],
            )?;
            let sealed = seal(tx, &touched)?;
            append_audit(
                tx,
                "ingest-batch",
                &actor,
                &json!({ "ingest": ingest.0, "new": counts.new, "unchanged": counts.unchanged,
                         "sealed": sealed }),
            )?;
            Ok(counts)
        })
    }

    fn ingest_finish(&self, ingest: IngestId, skipped: u64) -> Result<IngestSummary> {
        let summary = self.write(|tx| {
            let r = tx.query_one(
                "SELECT f.rowid, f.path, f.sha256, f.size, i.actor FROM ingests i
                 JOIN source_files f ON f.rowid = i.file WHERE i.rowid = $1",
                &[&ingest.0],
            )?;
            let (file_id, path, sha, size, actor): (i64, String, Option<String>, i64, String) =
                (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4));
            let (superseded, restored, changed) = if sha.is_some() {
                supersede(tx, file_id, &path)?
            } else {
                (0, 0, Vec::new())
            };
            let sealed = seal(tx, &changed)?;
            tx.execute(
                "UPDATE ingests SET finished = $1, skipped = $2, superseded = $3 WHERE rowid = $4",
                &[&now(), &(skipped as i64), &(superseded as i64), &ingest.0],
            )?;
            let r = tx.query_one(
                "SELECT new, unchanged FROM ingests WHERE rowid = $1",
                &[&ingest.0],
            )?;
            let summary = IngestSummary {
                new: r.get::<_, i64>(0) as u64,
                unchanged: r.get::<_, i64>(1) as u64,
                superseded,
                skipped,
            };
            append_audit(
                tx,
                "ingest",
                &actor,
                &json!({
                    "ingest": ingest.0, "path": path, "sha256": sha, "size": size,
                    "new": summary.new, "unchanged": summary.unchanged,
                    "superseded": summary.superseded, "skipped": summary.skipped,
                    "restored": restored, "sealed": sealed,
                }),
            )?;
            Ok(summary)
        })?;
        self.warn_ranked();
        Ok(summary)
    }

    fn get(&self, id: &str) -> Result<StoredRecord> {
        self.read(|tx| {
            let rowid = resolve_id(tx, id)?;
            load_stored(tx, rowid)
        })
    }

    fn correct(
        &self,
        id: &str,
        edits: &[(String, Value)],
        author: &str,
        note: Option<&str>,
    ) -> Result<StoredRecord> {
        let checked: Vec<(String, Value)> = edits
            .iter()
            .map(|(f, v)| Ok((f.clone(), check_edit(f, v.clone())?)))
            .collect::<Result<_>>()?;
        let rowid = self.write(|tx| {
            let rowid = resolve_id(tx, id)?;
            let stored = load_stored(tx, rowid)?;
            let (planned, effective) = plan_corrections(&stored, &checked)?;
            let at = now();
            let mut entries = Vec::new();
            for (field, value, previous) in &planned {
                let number: i64 = tx
                    .query_one(
                        "INSERT INTO corrections(record, field, value, previous, author, note, at)
                         VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING rowid",
                        &[
                            &rowid,
                            field,
                            &value.to_string(),
                            &previous.to_string(),
                            &author,
                            &note,
                            &at,
                        ],
                    )?
                    .get(0);
                entries.push(correction_entry(
                    &stored.record.id,
                    (field, value, previous),
                    note,
                    number,
                ));
            }
            update_columns(
                tx,
                rowid,
                &stored.record.caption,
                &Columns::of(&effective),
                Some(&encode(&effective)),
            )?;
            if let Some(last) = entries.last_mut() {
                last["sealed"] = seal(tx, &[rowid])?.unwrap_or(Value::Null);
            }
            for e in &entries {
                append_audit(tx, "correct", author, e)?;
            }
            Ok(rowid)
        })?;
        self.warn_ranked();
        self.read(|tx| load_stored(tx, rowid))
    }

    fn search(&self, query: &Query, opts: &SearchOptions) -> Result<SearchResults> {
        crate::check_page(opts)?;
        if sql::matches_nothing(query) {
            return Ok(crate::empty_results(opts));
        }
        let use_ranked =
            (query.has_positive_text() || opts.facets) && opts.ranker == Ranker::Tantivy;
        let mut page = None;
        let mut ranked_facets = None;
        if use_ranked && let Some((total, rows, facets)) = self.derived.search(self, query, opts) {
            page = Some((total, rows));
            ranked_facets = facets;
        }
        let (total, ids) = match page {
            Some(p) => p,
            None => self.search_sql(query, opts)?,
        };
        let hits = self.hits(query, &ids)?;
        let facets = match ranked_facets {
            Some(f) => f,
            None if opts.facets => self.facets(query, opts)?,
            None => Vec::new(),
        };
        Ok(SearchResults {
            total,
            hits,
            facets,
        })
    }

    fn date_counts(&self, query: &Query, loose_dates: bool) -> Result<crate::DateCounts> {
        if sql::matches_nothing(query) {
            return Ok(Vec::new());
        }
        let w = sql::build(Dialect::Postgres, query, loose_dates, false, false);
        let stmt = sql::numbered(&sql::date_counts_sql(&w.sql));
        let params = to_params(&w.params);
        self.read(|tx| {
            Ok(tx
                .query(&stmt, &refs(&params))?
                .into_iter()
                .map(|r| (r.get(0), r.get(1), r.get::<_, i64>(2) as u64))
                .collect())
        })
    }

    fn stats(&self, by: StatsBy, query: &Query, loose_dates: bool) -> Result<FacetCounts> {
        if sql::matches_nothing(query) {
            return Ok(Vec::new());
        }
        self.stats_inner(by, query, loose_dates, false)
    }

    fn extraction_inputs(&self, after: Option<&str>, limit: usize) -> Result<Vec<ExtractionInput>> {
        let after = after.unwrap_or("");
        let limit = limit as i64;
        self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT r.id, r.caption, r.reference_date, p.kind, f.path, p.line,
                            p.input_id, f.sha256
                     FROM (SELECT rowid, id, caption, reference_date FROM records
                           WHERE id > $1 ORDER BY id LIMIT $2) r
                     LEFT JOIN LATERAL (SELECT kind, file, line, input_id FROM provenance
                                        WHERE record = r.rowid
                                        ORDER BY ingest, file, line LIMIT 1) p ON true
                     LEFT JOIN source_files f ON f.rowid = p.file
                     ORDER BY r.id",
                    &[&after, &limit],
                )?
                .into_iter()
                .map(|r| {
                    let kind: Option<String> = r.get(3);
                    let source = match kind {
                        Some(kind) => dateline_model::Source {
                            kind,
                            path: r.get(4),
                            line: r
                                .get::<_, Option<i64>>(5)
                                .filter(|l| *l > 0)
                                .map(|l| l as u64),
                            sha256: r.get(7),
                        },
                        None => Default::default(),
                    };
                    ExtractionInput {
                        id: r.get(0),
                        caption: r.get(1),
                        input_id: r.get(6),
                        source,
                        reference_date: r.get(2),
                    }
                })
                .collect())
        })
    }

    fn replace_extractions(&self, records: &[Record], extractor: &str) -> Result<u64> {
        let prepared: Vec<(&Record, Vec<u8>)> =
            records.par_iter().map(|r| (r, encode(r))).collect();
        self.write(|tx| {
            let mut changed = 0;
            let mut rowids = Vec::new();
            for (record, blob) in &prepared {
                let row = tx.query_opt(
                    "SELECT rowid, extracted FROM records WHERE id = $1",
                    &[&record.id],
                )?;
                let Some(row) = row else {
                    return Err(ArchiveError::NotFound(record.id.clone()));
                };
                let rowid: i64 = row.get(0);
                if decode(&row.get::<_, Vec<u8>>(1))? == **record {
                    continue;
                }
                let corrections: Vec<(String, Value)> = load_corrections(tx, rowid)?
                    .into_iter()
                    .map(|c| (c.field, c.value))
                    .collect();
                let effective = apply_corrections(record, &corrections)?;
                tx.execute(
                    "UPDATE records SET extracted = $1, extractor = $2 WHERE rowid = $3",
                    &[blob, &extractor, &rowid],
                )?;
                let eff_blob = (!corrections.is_empty()).then(|| encode(&effective));
                update_columns(
                    tx,
                    rowid,
                    &record.caption,
                    &Columns::of(&effective),
                    eff_blob.as_deref(),
                )?;
                changed += 1;
                rowids.push(rowid);
            }
            if let Some(sealed) = seal(tx, &rowids)? {
                append_audit(
                    tx,
                    "reextract-batch",
                    "dateline",
                    &json!({ "changed": changed, "extractor": extractor, "sealed": sealed }),
                )?;
            }
            Ok(changed)
        })
    }

    fn audit(&self, action: &str, actor: &str, detail: Value) -> Result<()> {
        self.write(|tx| append_audit(tx, action, actor, &detail))?;
        if action == "reextract" {
            self.warn_ranked();
        }
        Ok(())
    }

    fn log(&self) -> Result<Vec<AuditEntry>> {
        self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT seq, at, action, actor, detail, hash FROM audit ORDER BY seq",
                    &[],
                )?
                .into_iter()
                .map(|r| {
                    let detail: String = r.get(4);
                    AuditEntry {
                        seq: r.get(0),
                        at: r.get(1),
                        action: r.get(2),
                        actor: r.get(3),
                        detail: serde_json::from_str(&detail).unwrap_or(Value::String(detail)),
                        hash: r.get(5),
                    }
                })
                .collect())
        })
    }

    fn verify_sources(&self, actor: &str) -> Result<Vec<FileCheck>> {
        let files: Vec<(i64, String, String, i64)> = self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT f.rowid, f.path, f.sha256, coalesce(max(i.rowid), 0)::bigint
                     FROM source_files f LEFT JOIN ingests i ON i.file = f.rowid
                     WHERE f.sha256 IS NOT NULL GROUP BY f.rowid ORDER BY f.path, f.rowid",
                    &[],
                )?
                .into_iter()
                .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
                .collect())
        })?;
        let previous: HashMap<i64, (String, String)> = self.read(|tx| {
            Ok(tx
                .query(
                    "SELECT DISTINCT ON (file) file, at, status FROM file_checks
                     ORDER BY file, rowid DESC",
                    &[],
                )?
                .into_iter()
                .map(|r| (r.get(0), (r.get(1), r.get(2))))
                .collect())
        })?;
        let checks =
            crate::sources::check_files(&files, |file_id| Ok(previous.get(&file_id).cloned()))?;
        if self.opts.read_only {
            return Ok(checks.into_iter().map(|(_, c)| c).collect());
        }
        self.write(|tx| {
            for (file_id, c) in &checks {
                tx.execute(
                    "INSERT INTO file_checks(file, at, status, sha256) VALUES ($1,$2,$3,$4)",
                    &[file_id, &c.checked_at, &c.status, &c.sha256_now],
                )?;
            }
            append_audit(tx, "verify", actor, &crate::sources::verify_detail(&checks))
        })?;
        Ok(checks.into_iter().map(|(_, c)| c).collect())
    }

    fn reindex(&self) -> Result<u64> {
        let n = self.derived.reindex(self)?;
        self.audit("reindex", "dateline", json!({ "documents": n }))?;
        Ok(n)
    }

    fn count(&self) -> Result<u64> {
        self.read(|tx| {
            Ok(tx
                .query_one(
                    "SELECT count(*) FROM records WHERE superseded_by IS NULL",
                    &[],
                )?
                .get::<_, i64>(0) as u64)
        })
    }

    fn scan(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> std::ops::ControlFlow<()>,
    ) -> Result<u64> {
        let w = sql::build(Dialect::Postgres, query, loose_dates, false, false);
        let stmt = sql::numbered(&format!(
            "SELECT coalesce(records.effective, records.extracted) FROM records WHERE {} \
             ORDER BY records.rowid",
            w.sql
        ));
        let params = to_params(&w.params);
        self.read(|tx| {
            // A portal hands the rows over a page at a time: memory stays flat however many
            // records match.
            let portal = tx.bind(stmt.as_str(), &refs(&params))?;
            let mut n = 0;
            loop {
                let rows = tx.query_portal(&portal, 500)?;
                if rows.is_empty() {
                    return Ok(n);
                }
                for r in rows {
                    n += 1;
                    if each(decode(&r.get::<_, Vec<u8>>(0))?).is_break() {
                        return Ok(n);
                    }
                }
            }
        })
    }

    fn count_matching(&self, query: &Query, loose_dates: bool) -> Result<u64> {
        let w = sql::build(Dialect::Postgres, query, loose_dates, false, false);
        let stmt = sql::numbered(&format!("SELECT count(*) FROM records WHERE {}", w.sql));
        let params = to_params(&w.params);
        self.read(|tx| Ok(tx.query_one(&stmt, &refs(&params))?.get::<_, i64>(0) as u64))
    }

    fn changes_since(&self, after: i64) -> Result<Option<crate::Changes>> {
        self.read(|tx| {
            let seq: i64 = tx
                .query_one("SELECT coalesce(max(seq), 0)::bigint FROM changes", &[])?
                .get(0);
            let mut out = crate::Changes {
                seq,
                ..Default::default()
            };
            if after >= seq {
                return Ok(Some(out));
            }
            for r in tx.query(
                "SELECT r.id, r.superseded_by IS NOT NULL, coalesce(r.effective, r.extracted)
                 FROM records r
                 WHERE r.rowid IN (SELECT DISTINCT record FROM changes WHERE seq > $1 AND seq <= $2)
                 ORDER BY r.rowid",
                &[&after, &seq],
            )? {
                if r.get::<_, bool>(1) {
                    out.gone.push(r.get(0));
                } else {
                    out.live.push(decode(&r.get::<_, Vec<u8>>(2))?);
                }
            }
            Ok(Some(out))
        })
    }
}
