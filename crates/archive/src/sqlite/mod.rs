//! The SQLite backend: one file, WAL, every write in one transaction with its audit entry.

mod anchors;
mod scan;
pub(crate) mod seal;

pub use anchors::{Anchor, parse as parse_anchors, problems as anchor_problems};
pub use seal::{MAX_PROBLEMS, RecordProblem, RecordsCheck};

use crate::apply::{apply_corrections, check_edit, plan_corrections};
use crate::derived::{ChangeBatch, Derived, Feed, ScoredRow};
use crate::ranked::IndexDoc;
use crate::rows::{self, Columns};
use crate::sql::{self as search, Dialect};
use crate::{
    ArchiveError, AuditEntry, BatchCounts, Correction, ExtractionInput, FacetCounts, FileCheck,
    Hit, IngestId, IngestSummary, NewRecord, Provenance, Ranker, Result, SearchOptions,
    SearchResults, Sort, SourceFile, StatsBy, Store, StoredRecord,
};
use dateline_model::Record;
use dateline_query::{Filter, Query};
use rayon::prelude::*;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params, params_from_iter};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use crate::geo::haversine_km;

/// Options for opening an archive.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Limit the database to this many pages (4 KiB each); tests use it to simulate a full disk.
    pub max_page_count: Option<u64>,
    /// Open for reading only: every write fails, nothing is created or migrated.
    pub read_only: bool,
    /// With `read_only`: also promise SQLite that nobody changes the file while it is open
    /// (SQLite's `immutable`), so it takes no locks and creates no `-wal` / `-shm` files — what
    /// a read-only directory or mount needs. A write-ahead log left beside the file is then not
    /// read.
    pub immutable: bool,
}

/// The SQLite archive. Safe to share between threads; other processes may use the same file at
/// the same time (readers never wait for an ingest; writers take turns).
pub struct SqliteStore {
    path: PathBuf,
    opts: OpenOptions,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Connection>>,
    derived: Derived,
}

/// An ingest started and never finished: ingest number, path, start time, records its
/// committed batches added.
pub type UnfinishedIngest = (i64, String, String, u64);

/// How many records each engine knows (see [`SqliteStore::engine_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct EngineCounts {
    /// Record rows in the database.
    pub records: u64,
    /// Of which not superseded.
    pub live: u64,
    /// Documents in the FTS5 index.
    pub fts5: u64,
    /// Documents in the ranked index, all and not superseded.
    pub ranked: Option<(u64, u64)>,
}

/// The facets a search counts, in the order they are returned: the ranked index's, so both
/// engines give the same list.
pub(crate) fn facet_dimensions() -> impl Iterator<Item = StatsBy> {
    crate::ranked::FACETS
        .iter()
        .map(|f| StatsBy::from_name(f).expect("every facet is a stats dimension"))
}

/// UTC, always with three fractional digits, so that timestamps sort as text.
pub(crate) fn now() -> String {
    jiff::Timestamp::now()
        .strftime("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl SqliteStore {
    /// Opens (creating and migrating if needed) the archive at `path`.
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        Self::open_with(path, OpenOptions::default())
    }

    /// Opens with options.
    pub fn open_with(path: impl AsRef<Path>, opts: OpenOptions) -> Result<Self> {
        let path = path.as_ref().to_path_buf();
        if opts.read_only && !path.is_file() {
            return Err(ArchiveError::Io {
                path: path.clone(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no archive here"),
            });
        }
        let mut migrated = false;
        let opened = Self::connect(&path, &opts).and_then(|mut writer| {
            if !opts.read_only {
                migrated = crate::schema::migrate(&mut writer)? < crate::schema::VERSION;
            }
            Ok(writer)
        });
        let writer = opened.map_err(|e| match e {
            ArchiveError::Sqlite(source) => ArchiveError::Open {
                path: path.clone(),
                source,
            },
            other => other,
        })?;
        if opts.read_only {
            let v: i64 = writer.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if v != crate::schema::VERSION {
                return Err(ArchiveError::Corrupt(format!(
                    "schema version {v}, expected {}; open it once for writing to migrate",
                    crate::schema::VERSION
                )));
            }
        }
        let store = SqliteStore {
            path,
            opts,
            writer: Mutex::new(writer),
            readers: Mutex::new(Vec::new()),
            derived: Derived::new(),
        };
        if migrated {
            store.anchor();
        }
        Ok(store)
    }

    fn connect(path: &Path, opts: &OpenOptions) -> Result<Connection> {
        use rusqlite::OpenFlags;
        let flags = if opts.read_only {
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        let conn = if opts.read_only && opts.immutable {
            Connection::open_with_flags(immutable_uri(path), flags | OpenFlags::SQLITE_OPEN_URI)?
        } else {
            Connection::open_with_flags(path, flags)?
        };
        conn.busy_timeout(Duration::from_secs(60))?;
        if !opts.read_only {
            conn.pragma_update(None, "journal_mode", "WAL")?;
            // Checkpoint every 64 MB of log rather than every 4 MB: index pages touched by many
            // batches are copied into the database once instead of many times.
            conn.pragma_update(None, "wal_autocheckpoint", 16_384)?;
        }
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.pragma_update(None, "cache_size", -262_144)?;
        conn.pragma_update(None, "temp_store", "MEMORY")?;
        if let Some(n) = opts.max_page_count {
            conn.pragma_update(None, "max_page_count", n.min(i64::MAX as u64) as i64)?;
        }
        conn.create_scalar_function(
            "dl_distance_km",
            4,
            rusqlite::functions::FunctionFlags::SQLITE_DETERMINISTIC
                | rusqlite::functions::FunctionFlags::SQLITE_UTF8,
            |ctx| {
                let get = |i| ctx.get::<Option<f64>>(i);
                Ok(match (get(0)?, get(1)?, get(2)?, get(3)?) {
                    (Some(a), Some(b), Some(c), Some(d)) => Some(haversine_km(a, b, c, d)),
                    _ => None,
                })
            },
        )?;
        Ok(conn)
    }

    /// How many searches' facet counts to keep for the current snapshot of the ranked index
    /// (default [`crate::FACET_CACHE_ENTRIES`]); 0 counts every time (what `bench serve
    /// --facet-cache 0` measures).
    pub fn set_facet_cache(&self, entries: usize) {
        self.derived.set_facet_cache(entries);
    }

    /// The archive file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the derived ranked index lives: beside the archive file.
    pub fn ranked_dir(&self) -> PathBuf {
        let mut s = self.path.as_os_str().to_owned();
        s.push(".ranked");
        PathBuf::from(s)
    }

    fn writer(&self) -> MutexGuard<'_, Connection> {
        self.writer.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn with_reader<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let conn = self.readers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match conn {
            Some(c) => c,
            None => Self::connect(&self.path, &self.opts)?,
        };
        let out = f(&conn);
        self.readers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(conn);
        out
    }

    /// Runs `f` in an IMMEDIATE transaction (the write lock is taken at BEGIN, so two writers
    /// never deadlock upgrading a read lock).
    pub(crate) fn write<T>(
        &self,
        f: impl FnOnce(&rusqlite::Transaction) -> Result<T>,
    ) -> Result<T> {
        let mut conn = self.writer();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let out = f(&tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// Folds the write-ahead log into the database file (what `PRAGMA wal_checkpoint(TRUNCATE)`
    /// does), so the file's size is the archive's size.
    pub fn checkpoint(&self) -> Result<()> {
        self.writer()
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// SQLite's own consistency check (`PRAGMA integrity_check`) and FTS5's check of the
    /// full-text index: `ok` or the problems found.
    pub fn integrity_check(&self) -> Result<String> {
        let pages = self.with_reader(|c| {
            let mut stmt = c.prepare("PRAGMA integrity_check")?;
            let rows: Vec<String> = stmt
                .query_map([], |r| r.get(0))?
                .collect::<std::result::Result<_, _>>()?;
            Ok(rows.join("\n"))
        })?;
        if pages != "ok" || self.opts.read_only {
            return Ok(pages);
        }
        // The full-text index is maintained by the ingest and by triggers; FTS5 can check it
        // against the records it indexes (rank 1: compare with the content table).
        let fts = self.writer().execute(
            "INSERT INTO records_fts(records_fts, rank) VALUES ('integrity-check', 1)",
            [],
        );
        Ok(match fts {
            Ok(_) => pages,
            Err(e) => format!("full-text index: {e}"),
        })
    }

    /// Checks the audit log's hash chain; returns the sequence numbers of entries that do not
    /// match (empty when the log is intact).
    pub fn verify_log(&self) -> Result<Vec<i64>> {
        // The stored bytes are hashed, not a re-serialization of them: an edit that keeps the
        // JSON's meaning but changes its text is still an edit.
        let rows: Vec<(i64, String, String, String, String, String, String)> =
            self.with_reader(|c| {
                let mut stmt = c.prepare(
                    "SELECT seq, prev_hash, at, action, actor, detail, hash FROM audit ORDER BY seq",
                )?;
                let rows = stmt
                    .query_map([], |r| {
                        Ok((
                            r.get(0)?,
                            r.get(1)?,
                            r.get(2)?,
                            r.get(3)?,
                            r.get(4)?,
                            r.get(5)?,
                            r.get(6)?,
                        ))
                    })?
                    .collect::<std::result::Result<Vec<_>, _>>()?;
                Ok(rows)
            })?;
        let mut bad = Vec::new();
        let mut prev = String::new();
        for (seq, raw_prev, at, action, actor, detail, hash) in rows {
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

    /// Where the archive keeps copies of its audit log's head: beside the archive file.
    pub fn anchors_path(&self) -> PathBuf {
        let mut s = self.path.as_os_str().to_owned();
        s.push(".anchors");
        PathBuf::from(s)
    }

    /// The archive's identity: a random id made when it was created (or upgraded to schema 2).
    pub fn archive_id(&self) -> Result<String> {
        self.with_reader(seal::archive_id)
    }

    /// The newest audit entry: `(seq, hash)`; `None` for an empty log.
    pub fn head(&self) -> Result<Option<(i64, String)>> {
        self.with_reader(|c| {
            Ok(c.query_row(
                "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })
    }

    /// Appends the current head to the anchors file. Called after audited writes; a failure
    /// is a warning, since the write itself is committed.
    fn anchor(&self) {
        if self.opts.read_only {
            return;
        }
        let line = (|| -> Result<Option<String>> {
            let Some((seq, hash)) = self.head()? else {
                return Ok(None);
            };
            Ok(Some(format!(
                "{seq} {hash} {} {}\n",
                self.archive_id()?,
                now()
            )))
        })();
        let path = self.anchors_path();
        let written = line.map_err(|e| e.to_string()).and_then(|line| {
            let Some(line) = line else { return Ok(()) };
            use std::io::Write;
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .and_then(|mut f| f.write_all(line.as_bytes()))
                .map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            tracing::warn!(
                "{}: could not record the audit log's head: {e}",
                path.display()
            );
        }
    }

    /// The anchors the archive keeps itself (its anchors file), and the lines of it that could
    /// not be read. A missing file is no anchors.
    pub fn own_anchors(&self) -> Result<(Vec<Anchor>, Vec<anchors::BadLine>)> {
        let path = self.anchors_path();
        match std::fs::read(&path) {
            Ok(bytes) => Ok(anchors::parse(
                &String::from_utf8_lossy(&bytes),
                &path.display().to_string(),
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((Vec::new(), Vec::new())),
            Err(source) => Err(ArchiveError::Io { path, source }),
        }
    }

    /// Checks that the audit log still reaches each anchor: an entry with the anchor's hash (at
    /// its position, when the anchor gives one) in this archive. Returns a sentence per anchor
    /// that is not reached.
    pub fn check_anchors(&self, list: &[Anchor]) -> Result<Vec<String>> {
        let log = crate::Store::log(self)?;
        Ok(anchors::problems(&log, &self.archive_id()?, list))
    }

    /// Checks every stored record against the evidence (see the `seal` module): ids, filter
    /// columns, sealed digests and the audit entries that vouch for them.
    pub fn check_records(&self) -> Result<RecordsCheck> {
        self.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            seal::check_records(&tx)
        })
    }

    /// Ingests that were started and never finished (the process was stopped): ingest number,
    /// path, start time and the records their committed batches added.
    pub fn unfinished_ingests(&self) -> Result<Vec<UnfinishedIngest>> {
        self.with_reader(|c| {
            let mut stmt = c.prepare(
                "SELECT i.rowid, f.path, i.started, i.new FROM ingests i
                 JOIN source_files f ON f.rowid = i.file WHERE i.finished IS NULL ORDER BY i.rowid",
            )?;
            let rows = stmt
                .query_map([], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, i64>(3)? as u64))
                })?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }

    /// Brings the ranked index up to date with the change log; returns the changes applied.
    /// The first time in a process, the index is also checked against the database it claims
    /// to follow (see [`crate::ranked::Stamp`]) and rebuilt when it does not (with a warning), or when it cannot
    /// be opened at all. Another process holding the index (an ingest running elsewhere) is an
    /// error; searches then fall back to FTS5. A read-only archive has no ranked index.
    pub fn sync_ranked(&self) -> Result<u64> {
        if self.opts.read_only {
            return Err(ArchiveError::Ranked(
                "the archive is open read-only; the ranked index is not used".into(),
            ));
        }
        self.derived.sync(self)
    }

    /// The two engines' view of the archive: documents in the ranked index (all, and not
    /// superseded) against records in the database and in its FTS5 index. `verify` reports a
    /// difference. `None` for the ranked side when the index cannot be used here.
    pub fn engine_counts(&self) -> Result<EngineCounts> {
        let (records, live, fts): (i64, i64, i64) = self.with_reader(|c| {
            Ok(c.query_row(
                "SELECT (SELECT count(*) FROM records),
                        (SELECT count(*) FROM records WHERE superseded_by IS NULL),
                        (SELECT count(*) FROM records_fts_docsize)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?)
        })?;
        let ranked = if self.opts.read_only {
            None
        } else {
            match self.derived.counts(self) {
                Ok(c) => Some(c),
                Err(e) => {
                    tracing::warn!("{e}");
                    None
                }
            }
        };
        Ok(EngineCounts {
            records: records as u64,
            live: live as u64,
            fts5: fts as u64,
            ranked,
        })
    }

    fn load_stored(&self, c: &Connection, rowid: i64) -> Result<StoredRecord> {
        type Row = (
            String,
            Vec<u8>,
            Option<Vec<u8>>,
            String,
            Option<String>,
            Option<String>,
        );
        let (id, extracted, effective, extractor, reference_date, superseded_by): Row = c.query_row(
            "SELECT id, extracted, effective, extractor, reference_date, superseded_by FROM records WHERE rowid = ?",
            [rowid],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
        )?;
        let extracted = rows::decode(&extracted)?;
        let record = match effective {
            Some(b) => rows::decode(&b)?,
            None => extracted.clone(),
        };
        let mut stmt = c.prepare_cached(
            "SELECT p.kind, f.path, p.line, p.input_id, f.sha256, p.ingested_at
             FROM provenance p JOIN source_files f ON f.rowid = p.file
             WHERE p.record = ? ORDER BY p.ingest, p.file, p.line",
        )?;
        let provenance = stmt
            .query_map([rowid], |r| {
                Ok(Provenance {
                    kind: r.get(0)?,
                    path: r.get(1)?,
                    line: r
                        .get::<_, Option<i64>>(2)?
                        .filter(|l| *l > 0)
                        .map(|l| l as u64),
                    input_id: r.get(3)?,
                    sha256: r.get(4)?,
                    ingested_at: r.get(5)?,
                })
            })?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let corrections = load_corrections(c, rowid)?;
        let mut stmt =
            c.prepare_cached("SELECT id FROM records WHERE superseded_by = ? ORDER BY rowid")?;
        let supersedes = stmt
            .query_map([&id], |r| r.get(0))?
            .collect::<std::result::Result<Vec<String>, _>>()?;
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

    fn resolve_id(&self, c: &Connection, id: &str) -> Result<i64> {
        let p = id.trim().to_ascii_lowercase();
        if p.len() < 4 || p.len() > 64 || !p.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ArchiveError::NotFound(format!(
                "{id} (ids are hexadecimal; give at least 4 digits)"
            )));
        }
        let mut stmt =
            c.prepare_cached("SELECT rowid FROM records WHERE id >= ? AND id < ? LIMIT 2")?;
        let rows: Vec<i64> = stmt
            .query_map(params![p, format!("{p}g")], |r| r.get(0))?
            .collect::<std::result::Result<_, _>>()?;
        match rows.as_slice() {
            [] => Err(ArchiveError::NotFound(id.to_string())),
            [one] => Ok(*one),
            _ => {
                let count: i64 = c.query_row(
                    "SELECT count(*) FROM records WHERE id >= ? AND id < ?",
                    params![p, format!("{p}g")],
                    |r| r.get(0),
                )?;
                Err(ArchiveError::Ambiguous {
                    prefix: id.to_string(),
                    count: count as usize,
                })
            }
        }
    }

    fn search_sql(&self, q: &Query, opts: &SearchOptions) -> Result<(u64, Vec<ScoredRow>)> {
        let mut ranked = opts.sort == Sort::Relevance && q.has_positive_text();
        let mut w = search::build(
            Dialect::Sqlite,
            q,
            opts.loose_dates,
            opts.include_superseded,
            ranked,
        );
        if ranked && w.fts.is_none() {
            // Only punctuation in the text: nothing for bm25 to rank.
            ranked = false;
            w = search::build(
                Dialect::Sqlite,
                q,
                opts.loose_dates,
                opts.include_superseded,
                false,
            );
        }
        self.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            let mut params = Vec::new();
            let (from, order) = match (&w.fts, ranked) {
                (Some(m), true) => {
                    params.push(rusqlite::types::Value::Text(m.clone()));
                    (
                        // CROSS JOIN keeps the full-text match as the outer loop: left to
                        // itself the planner may walk a filter's index and run a MATCH per row.
                        "records_fts CROSS JOIN records ON records.rowid = records_fts.rowid WHERE records_fts MATCH ? AND",
                        "bm25(records_fts), records.rowid",
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
                ),
            };
            params.extend(w.params.iter().cloned());
            let total: i64 = tx.query_row(
                &format!("SELECT count(*) FROM {from} {}", w.sql),
                params_from_iter(params.iter()),
                |r| r.get(0),
            )?;
            let score = if ranked { "-bm25(records_fts)" } else { "NULL" };
            params.push(rusqlite::types::Value::Integer(opts.limit as i64));
            params.push(rusqlite::types::Value::Integer(opts.offset as i64));
            let mut stmt = tx.prepare(&format!(
                "SELECT records.rowid, {score} FROM {from} {} ORDER BY {order} LIMIT ? OFFSET ?",
                w.sql
            ))?;
            let hits = stmt
                .query_map(params_from_iter(params.iter()), |r| {
                    Ok((r.get(0)?, r.get::<_, Option<f64>>(1)?.map(|s| s as f32)))
                })?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok((total as u64, hits))
        })
    }

    fn facets(&self, q: &Query, opts: &SearchOptions) -> Result<Vec<(String, FacetCounts)>> {
        let mut out = Vec::new();
        for by in facet_dimensions() {
            let mut counts = self.stats_inner(by, q, opts.loose_dates, opts.include_superseded)?;
            counts.retain(|(v, _)| v != NONE);
            // Facets show the biggest groups first, years included.
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            counts.truncate(10);
            out.push((by.name().to_string(), counts));
        }
        Ok(out)
    }

    fn stats_inner(
        &self,
        by: StatsBy,
        q: &Query,
        loose_dates: bool,
        include_superseded: bool,
    ) -> Result<FacetCounts> {
        let w = search::build(Dialect::Sqlite, q, loose_dates, include_superseded, false);
        let sql = search::stats_sql(by, &w.sql);
        self.with_reader(|c| {
            let mut stmt = c.prepare(&sql)?;
            let rows = stmt
                .query_map(params_from_iter(w.params.iter()), |r| {
                    Ok((
                        r.get::<_, Option<String>>(1)?
                            .unwrap_or_else(|| NONE.to_string()),
                        r.get::<_, i64>(0)? as u64,
                    ))
                })?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }

    fn hits(&self, q: &Query, ids: &[(i64, Option<f32>)]) -> Result<Vec<Hit>> {
        let near = q.filters.iter().find_map(|f| match f {
            Filter::Near { lat, lon, .. } => Some((*lat, *lon)),
            _ => None,
        });
        self.with_reader(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT coalesce(effective, extracted) FROM records WHERE rowid = ?",
            )?;
            ids.iter()
                .map(|&(rowid, score)| {
                    let blob: Vec<u8> = stmt.query_row([rowid], |r| r.get(0))?;
                    let record = rows::decode(&blob)?;
                    let highlights = search::highlights(&record.caption, q);
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
        })
    }
}

/// Schema 2's step after its SQL: the archive gets its identity, and the records already there
/// are sealed as they stand (an audit entry says when and how many).
pub(crate) fn upgrade_to_evidence(tx: &rusqlite::Transaction) -> Result<()> {
    tx.execute(
        "INSERT INTO archive_meta(key, value) VALUES ('archive_id', ?)",
        [seal::new_archive_id()],
    )?;
    let rowids: Vec<i64> = tx
        .prepare("SELECT rowid FROM records ORDER BY rowid")?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    if let Some(sealed) = seal::seal(tx, &rowids)? {
        append_audit(
            tx,
            "migrate",
            "dateline",
            &json!({ "schema": 2, "records": rowids.len(), "sealed": sealed }),
        )?;
    }
    Ok(())
}

/// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
fn immutable_uri(path: &Path) -> String {
    let mut out = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '?' | '#' | '%' => out.push_str(&format!("%{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push_str("?immutable=1");
    out
}

/// Shown for records that have no value of a `stats` dimension.
pub const NONE: &str = "(none)";

pub(crate) fn audit_hash(
    prev: &str,
    seq: i64,
    at: &str,
    action: &str,
    actor: &str,
    detail: &str,
) -> String {
    let mut h = Sha256::new();
    for part in [prev, &seq.to_string(), at, action, actor, detail] {
        h.update(part.as_bytes());
        h.update(b"\n");
    }
    hex(&h.finalize())
}

/// The audit entry of one stored correction.
pub(crate) fn correction_entry(
    id: &str,
    (field, value, previous): (&str, &Value, &Value),
    note: Option<&str>,
    number: i64,
) -> Value {
    json!({ "id": id, "field": field, "value": value, "previous": previous, "note": note,
            "correction": number })
}

pub(crate) fn append_audit(
    tx: &rusqlite::Transaction,
    action: &str,
    actor: &str,
    detail: &Value,
) -> Result<()> {
    let (seq, prev): (i64, String) = tx
        .query_row(
            "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?
        .unwrap_or((0, String::new()));
    let seq = seq + 1;
    let at = now();
    let detail = serde_json::to_string(detail).expect("JSON serializes");
    let hash = audit_hash(&prev, seq, &at, action, actor, &detail);
    tx.execute(
        "INSERT INTO audit(seq, at, action, actor, detail, prev_hash, hash) VALUES (?,?,?,?,?,?,?)",
        params![seq, at, action, actor, detail, prev, hash],
    )?;
    Ok(())
}

fn load_corrections(c: &Connection, rowid: i64) -> Result<Vec<Correction>> {
    let mut stmt = c.prepare_cached(
        "SELECT field, value, previous, author, note, at FROM corrections WHERE record = ? ORDER BY rowid",
    )?;
    let rows = stmt
        .query_map([rowid], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, String>(5)?,
            ))
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    rows.into_iter()
        .map(|(field, value, previous, author, note, at)| {
            let parse = |s: &str| {
                serde_json::from_str(s)
                    .map_err(|e| ArchiveError::Corrupt(format!("correction: {e}")))
            };
            Ok(Correction {
                value: parse(&value)?,
                previous: parse(&previous)?,
                field,
                author,
                note,
                at,
            })
        })
        .collect()
}

/// Writes the effective columns of a record row.
fn update_columns(
    tx: &rusqlite::Transaction,
    rowid: i64,
    cols: &Columns,
    effective: Option<&[u8]>,
) -> Result<()> {
    tx.prepare_cached(
        "UPDATE records SET effective = ?, names = ?, agency = ?, agency_key = ?, country = ?,
            province = ?, province_key = ?, city = ?, city_key = ?, event_type = ?, reported = ?,
            date_iso = ?, date_start = ?, date_end = ?, lat = ?, lon = ?, killed = ?, injured = ?,
            updated = ?
         WHERE rowid = ?",
    )?
    .execute(params![
        effective,
        cols.names,
        cols.agency,
        cols.agency_key,
        cols.country,
        cols.province,
        cols.province_key,
        cols.city,
        cols.city_key,
        cols.event_type,
        cols.reported,
        cols.date_iso,
        cols.date_start,
        cols.date_end,
        cols.lat,
        cols.lon,
        cols.killed,
        cols.injured,
        now(),
        rowid
    ])?;
    write_creators(tx, rowid, cols)
}

fn write_creators(tx: &rusqlite::Transaction, rowid: i64, cols: &Columns) -> Result<()> {
    tx.prepare_cached("DELETE FROM record_creators WHERE record = ?")?
        .execute([rowid])?;
    let mut stmt = tx.prepare_cached(
        "INSERT OR IGNORE INTO record_creators(record, key, name) VALUES (?,?,?)",
    )?;
    for (key, name) in &cols.creators {
        stmt.execute(params![rowid, key, name])?;
    }
    Ok(())
}

/// The ranked-index documents of the given rows (missing rows are simply absent).
fn index_docs(c: &Connection, rowids: &[i64]) -> Result<HashMap<i64, IndexDoc>> {
    let mut out = HashMap::with_capacity(rowids.len());
    let mut stmt = c.prepare_cached(
        "SELECT rowid, id, caption, names, agency, country, province, city, event_type, reported,
                date_start, date_end, lat, lon, killed, injured, superseded_by IS NOT NULL, date_iso
         FROM records WHERE rowid = ?",
    )?;
    let mut creators = c.prepare_cached("SELECT name FROM record_creators WHERE record = ?")?;
    for &rowid in rowids {
        let doc = stmt
            .query_row([rowid], |r| {
                Ok(IndexDoc {
                    rowid: r.get(0)?,
                    id: r.get(1)?,
                    caption: r.get(2)?,
                    names: r.get(3)?,
                    agency: r.get(4)?,
                    creators: Vec::new(),
                    country: r.get(5)?,
                    province: r.get(6)?,
                    city: r.get(7)?,
                    event_type: r.get(8)?,
                    reported: r.get(9)?,
                    date_start: r.get(10)?,
                    date_end: r.get(11)?,
                    lat: r.get(12)?,
                    lon: r.get(13)?,
                    killed: r.get::<_, Option<i64>>(14)?.map(|k| k as u64),
                    injured: r.get::<_, Option<i64>>(15)?.map(|k| k as u64),
                    superseded: r.get(16)?,
                    date_iso: r.get(17)?,
                })
            })
            .optional()?;
        if let Some(mut doc) = doc {
            doc.creators = creators
                .query_map([rowid], |r| r.get(0))?
                .collect::<std::result::Result<_, _>>()?;
            out.insert(rowid, doc);
        }
    }
    Ok(out)
}

/// A batch row prepared off the write lock (serialization and compression run in parallel).
struct Prepared<'a> {
    new: &'a NewRecord,
    blob: Vec<u8>,
    cols: Columns,
}

impl Feed for SqliteStore {
    fn ranked_dir(&self) -> PathBuf {
        SqliteStore::ranked_dir(self)
    }

    fn archive_id(&self) -> Result<String> {
        SqliteStore::archive_id(self)
    }

    fn changes(&self, after: i64) -> Result<ChangeBatch> {
        self.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            let mut stmt = tx.prepare_cached(
                "SELECT seq, record FROM changes WHERE seq > ? ORDER BY seq LIMIT 100000",
            )?;
            let changes: Vec<(i64, i64)> = stmt
                .query_map([after], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<std::result::Result<_, _>>()?;
            let mut rowids: Vec<i64> = changes.iter().map(|c| c.1).collect();
            rowids.sort_unstable();
            rowids.dedup();
            let docs = index_docs(&tx, &rowids)?;
            let head: (i64, String) = tx
                .query_row(
                    "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?
                .unwrap_or_default();
            Ok((changes, docs, head))
        })
    }

    fn position(&self, audit_seq: i64) -> Result<(i64, Option<String>)> {
        self.with_reader(|c| {
            let max: i64 = c.query_row("SELECT coalesce(max(seq), 0) FROM changes", [], |r| {
                r.get(0)
            })?;
            let hash = c
                .query_row("SELECT hash FROM audit WHERE seq = ?", [audit_seq], |r| {
                    r.get(0)
                })
                .optional()?;
            Ok((max, hash))
        })
    }

    fn record_rows(&self) -> Result<u64> {
        self.with_reader(|c| {
            Ok(c.query_row("SELECT count(*) FROM records", [], |r| r.get::<_, i64>(0))? as u64)
        })
    }
}

impl Store for SqliteStore {
    fn ingest_begin(&self, file: &SourceFile, actor: &str, extractor: &str) -> Result<IngestId> {
        self.write(|tx| {
            let at = now();
            let existing: Option<i64> = match &file.sha256 {
                Some(sha) => tx
                    .query_row(
                        "SELECT rowid FROM source_files WHERE path = ? AND sha256 = ?",
                        params![file.path, sha],
                        |r| r.get(0),
                    )
                    .optional()?,
                None => None,
            };
            let file_id = match existing {
                Some(id) => id,
                None => {
                    tx.execute(
                        "INSERT INTO source_files(path, sha256, size, first_ingested) VALUES (?,?,?,?)",
                        params![file.path, file.sha256, file.size as i64, at],
                    )?;
                    tx.last_insert_rowid()
                }
            };
            tx.execute(
                "INSERT INTO ingests(file, actor, extractor, started) VALUES (?,?,?,?)",
                params![file_id, actor, extractor, at],
            )?;
            let ingest = tx.last_insert_rowid();
            // The start is in the chain, so an ingest that was killed before its end still
            // accounts for the batches it committed.
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
            .map(|new| Prepared {
                new,
                blob: rows::encode(&new.record),
                cols: Columns::of(&new.record),
            })
            .collect();
        self.write(|tx| {
            let at = now();
            let (file_id, extractor): (i64, String) = tx.query_row(
                "SELECT file, extractor FROM ingests WHERE rowid = ?",
                [ingest.0],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let mut counts = BatchCounts::default();
            let mut touched: Vec<i64> = Vec::with_capacity(prepared.len());
            let before: i64 =
                tx.query_row("SELECT coalesce(max(rowid), 0) FROM records", [], |r| r.get(0))?;
            let mut insert = tx.prepare_cached(
                "INSERT INTO records(id, caption, extracted, extractor, reference_date, first_seen,
                    updated, names, agency, agency_key, country, province, province_key, city,
                    city_key, event_type, reported, date_iso, date_start, date_end, lat, lon,
                    killed, injured)
                 VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                 ON CONFLICT(id) DO NOTHING",
            )?;
            let mut existing = tx.prepare_cached("SELECT rowid FROM records WHERE id = ?")?;
            let mut provenance = tx.prepare_cached(
                "INSERT OR IGNORE INTO provenance(file, line, record, kind, input_id, ingest, ingested_at)
                 VALUES (?,?,?,?,?,?,?)",
            )?;
            for p in &prepared {
                let r = &p.new.record;
                let c = &p.cols;
                let inserted = insert.execute(params![
                    r.id,
                    r.caption,
                    p.blob,
                    extractor,
                    p.new.reference_date,
                    at,
                    at,
                    c.names,
                    c.agency,
                    c.agency_key,
                    c.country,
                    c.province,
                    c.province_key,
                    c.city,
                    c.city_key,
                    c.event_type,
                    c.reported,
                    c.date_iso,
                    c.date_start,
                    c.date_end,
                    c.lat,
                    c.lon,
                    c.killed,
                    c.injured
                ])?;
                let rowid = if inserted == 1 {
                    counts.new += 1;
                    let rowid = tx.last_insert_rowid();
                    write_creators(tx, rowid, c)?;
                    touched.push(rowid);
                    rowid
                } else {
                    counts.unchanged += 1;
                    existing.query_row([&r.id], |row| row.get(0))?
                };
                let added = provenance.execute(params![
                    file_id,
                    r.source.line.unwrap_or(0) as i64,
                    rowid,
                    r.source.kind,
                    r.input_id,
                    ingest.0,
                    at
                ])?;
                if added == 1 && inserted != 1 {
                    touched.push(rowid);
                }
            }
            // The batch's new records enter the full-text index in one statement: FTS5 writes
            // its pending terms at every statement boundary, so one row per statement (a
            // trigger) would write a million tiny segments and then merge them.
            tx.prepare_cached(
                "INSERT INTO records_fts(rowid, caption, names)
                 SELECT rowid, caption, names FROM records WHERE rowid > ?",
            )?
            .execute([before])?;
            tx.execute(
                "UPDATE ingests SET new = new + ?, unchanged = unchanged + ? WHERE rowid = ?",
                params![counts.new as i64, counts.unchanged as i64, ingest.0],
            )?;
            let sealed = seal::seal(tx, &touched)?;
            let actor: String =
                tx.query_row("SELECT actor FROM ingests WHERE rowid = ?", [ingest.0], |r| {
                    r.get(0)
                })?;
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
            let (file_id, path, sha, size, actor): (i64, String, Option<String>, i64, String) = tx
                .query_row(
                    "SELECT f.rowid, f.path, f.sha256, f.size, i.actor FROM ingests i
                     JOIN source_files f ON f.rowid = i.file WHERE i.rowid = ?",
                    [ingest.0],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )?;
            let (superseded, restored, changed) = if sha.is_some() {
                supersede(tx, file_id, &path)?
            } else {
                // Standard input has no identity: two reads of it are not versions of one file.
                (0, 0, Vec::new())
            };
            let sealed = seal::seal(tx, &changed)?;
            tx.execute(
                "UPDATE ingests SET finished = ?, skipped = ?, superseded = ? WHERE rowid = ?",
                params![now(), skipped as i64, superseded as i64, ingest.0],
            )?;
            let (new, unchanged): (i64, i64) = tx.query_row(
                "SELECT new, unchanged FROM ingests WHERE rowid = ?",
                [ingest.0],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let summary = IngestSummary {
                new: new as u64,
                unchanged: unchanged as u64,
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
        self.anchor();
        if let Err(e) = self.sync_ranked() {
            tracing::warn!("the ranked index will catch up later: {e}");
        }
        Ok(summary)
    }

    fn get(&self, id: &str) -> Result<StoredRecord> {
        self.with_reader(|c| {
            let rowid = self.resolve_id(c, id)?;
            self.load_stored(c, rowid)
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
            let rowid = self.resolve_id(tx, id)?;
            let stored = self.load_stored(tx, rowid)?;
            let (planned, effective) = plan_corrections(&stored, &checked)?;
            let at = now();
            let mut entries = Vec::new();
            for (field, value, previous) in &planned {
                tx.execute(
                    "INSERT INTO corrections(record, field, value, previous, author, note, at)
                     VALUES (?,?,?,?,?,?,?)",
                    params![
                        rowid,
                        field,
                        value.to_string(),
                        previous.to_string(),
                        author,
                        note,
                        at
                    ],
                )?;
                entries.push(correction_entry(
                    &stored.record.id,
                    (field, value, previous),
                    note,
                    tx.last_insert_rowid(),
                ));
            }
            update_columns(
                tx,
                rowid,
                &Columns::of(&effective),
                Some(&rows::encode(&effective)),
            )?;
            // The last entry of the correction carries the seal of the corrected record.
            if let Some(last) = entries.last_mut() {
                last["sealed"] = seal::seal(tx, &[rowid])?.unwrap_or(Value::Null);
            }
            for e in &entries {
                append_audit(tx, "correct", author, e)?;
            }
            Ok(rowid)
        })?;
        self.anchor();
        if let Err(e) = self.sync_ranked() {
            tracing::warn!("the ranked index will catch up later: {e}");
        }
        self.with_reader(|c| self.load_stored(c, rowid))
    }

    fn search(&self, query: &Query, opts: &SearchOptions) -> Result<SearchResults> {
        crate::check_page(opts)?;
        // A word of only punctuation or emoji can match nothing; it must not vanish and leave
        // a query that matches everything.
        if search::matches_nothing(query) {
            return Ok(crate::empty_results(opts));
        }
        // Text queries go to tantivy whatever the order: FTS5 would collect and sort every
        // match. Without text, SQLite walks its date index and stops after a page — unless
        // facets are asked for: tantivy counts them over its fast fields in the same pass that
        // finds the page, where SQL would group every match eight times (the landing page
        // counts the whole archive).
        // A read-only archive has no ranked index to keep up to date: FTS5 answers.
        let text = query.has_positive_text();
        let use_ranked =
            (text || opts.facets) && opts.ranker == Ranker::Tantivy && !self.opts.read_only;
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
        if search::matches_nothing(query) {
            return Ok(Vec::new());
        }
        // One GROUP BY over the filter columns: a timeline of a million records without
        // decoding a single stored record.
        let w = search::build(Dialect::Sqlite, query, loose_dates, false, false);
        let sql = search::date_counts_sql(&w.sql);
        self.with_reader(|c| {
            let mut stmt = c.prepare(&sql)?;
            let rows = stmt
                .query_map(params_from_iter(w.params.iter()), |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)? as u64))
                })?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }

    fn stats(&self, by: StatsBy, query: &Query, loose_dates: bool) -> Result<FacetCounts> {
        if search::matches_nothing(query) {
            return Ok(Vec::new());
        }
        self.stats_inner(by, query, loose_dates, false)
    }

    fn extraction_inputs(&self, after: Option<&str>, limit: usize) -> Result<Vec<ExtractionInput>> {
        self.with_reader(|c| {
            let mut stmt = c.prepare_cached(
                "SELECT r.rowid, r.id, r.caption, r.reference_date FROM records r
                 WHERE r.id > ? ORDER BY r.id LIMIT ?",
            )?;
            let rows: Vec<(i64, String, String, Option<String>)> = stmt
                .query_map(params![after.unwrap_or(""), limit as i64], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                })?
                .collect::<std::result::Result<_, _>>()?;
            let mut first = c.prepare_cached(
                "SELECT p.kind, f.path, p.line, p.input_id, f.sha256 FROM provenance p
                 JOIN source_files f ON f.rowid = p.file WHERE p.record = ?
                 ORDER BY p.ingest, p.file, p.line LIMIT 1",
            )?;
            rows.into_iter()
                .map(|(rowid, id, caption, reference_date)| {
                    let (source, input_id) = first
                        .query_row([rowid], |r| {
                            Ok((
                                dateline_model::Source {
                                    kind: r.get(0)?,
                                    path: r.get(1)?,
                                    line: r
                                        .get::<_, i64>(2)
                                        .ok()
                                        .filter(|l| *l > 0)
                                        .map(|l| l as u64),
                                    sha256: r.get(4)?,
                                },
                                r.get(3)?,
                            ))
                        })
                        .optional()?
                        .unwrap_or_default();
                    Ok(ExtractionInput {
                        id,
                        caption,
                        input_id,
                        source,
                        reference_date,
                    })
                })
                .collect()
        })
    }

    fn replace_extractions(&self, records: &[Record], extractor: &str) -> Result<u64> {
        let prepared: Vec<(&Record, Vec<u8>)> =
            records.par_iter().map(|r| (r, rows::encode(r))).collect();
        self.write(|tx| {
            let mut changed = 0;
            let mut rowids = Vec::new();
            for (record, blob) in &prepared {
                let row: Option<(i64, Vec<u8>)> = tx
                    .prepare_cached("SELECT rowid, extracted FROM records WHERE id = ?")?
                    .query_row([&record.id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?;
                let Some((rowid, old)) = row else {
                    return Err(ArchiveError::NotFound(record.id.clone()));
                };
                if rows::decode(&old)? == **record {
                    continue;
                }
                let corrections: Vec<(String, Value)> = load_corrections(tx, rowid)?
                    .into_iter()
                    .map(|c| (c.field, c.value))
                    .collect();
                let effective = apply_corrections(record, &corrections)?;
                tx.prepare_cached(
                    "UPDATE records SET extracted = ?, extractor = ? WHERE rowid = ?",
                )?
                .execute(params![blob, extractor, rowid])?;
                let eff_blob = (!corrections.is_empty()).then(|| rows::encode(&effective));
                update_columns(tx, rowid, &Columns::of(&effective), eff_blob.as_deref())?;
                changed += 1;
                rowids.push(rowid);
            }
            if let Some(sealed) = seal::seal(tx, &rowids)? {
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
        self.anchor();
        if action == "reextract"
            && let Err(e) = self.sync_ranked()
        {
            tracing::warn!("the ranked index will catch up later: {e}");
        }
        Ok(())
    }

    fn log(&self) -> Result<Vec<AuditEntry>> {
        self.with_reader(|c| {
            let mut stmt =
                c.prepare("SELECT seq, at, action, actor, detail, hash FROM audit ORDER BY seq")?;
            let rows = stmt
                .query_map([], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, String>(5)?,
                    ))
                })?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            rows.into_iter()
                .map(|(seq, at, action, actor, detail, hash)| {
                    Ok(AuditEntry {
                        seq,
                        at,
                        action,
                        actor,
                        // A damaged entry is still shown, as the text it holds; `verify_log`
                        // reports it.
                        detail: serde_json::from_str(&detail).unwrap_or(Value::String(detail)),
                        hash,
                    })
                })
                .collect()
        })
    }

    fn verify_sources(&self, actor: &str) -> Result<Vec<FileCheck>> {
        // (file id, path, sha256, the newest ingest of this version)
        let files: Vec<(i64, String, String, i64)> = self.with_reader(|c| {
            let mut stmt = c.prepare(
                "SELECT f.rowid, f.path, f.sha256, coalesce(max(i.rowid), 0)
                 FROM source_files f LEFT JOIN ingests i ON i.file = f.rowid
                 WHERE f.sha256 IS NOT NULL GROUP BY f.rowid ORDER BY f.path, f.rowid",
            )?;
            let rows = stmt
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(rows)
        })?;
        let checks = crate::sources::check_files(&files, |file_id| {
            self.with_reader(|c| {
                Ok(c.query_row(
                    "SELECT at, status FROM file_checks WHERE file = ? ORDER BY rowid DESC LIMIT 1",
                    [file_id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?)
            })
        })?;
        if self.opts.read_only {
            // Nothing can be recorded; the checks are still reported to the caller.
            return Ok(checks.into_iter().map(|(_, c)| c).collect());
        }
        self.write(|tx| {
            for (file_id, c) in &checks {
                tx.execute(
                    "INSERT INTO file_checks(file, at, status, sha256) VALUES (?,?,?,?)",
                    params![file_id, c.checked_at, c.status, c.sha256_now],
                )?;
            }
            append_audit(tx, "verify", actor, &crate::sources::verify_detail(&checks))
        })?;
        self.anchor();
        Ok(checks.into_iter().map(|(_, c)| c).collect())
    }

    fn reindex(&self) -> Result<u64> {
        if self.opts.read_only {
            return Err(ArchiveError::Ranked(
                "the archive is open read-only; the ranked index cannot be rebuilt".into(),
            ));
        }
        let n = self.derived.reindex(self)?;
        self.audit("reindex", "dateline", json!({ "documents": n }))?;
        Ok(n)
    }

    fn scan(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> std::ops::ControlFlow<()>,
    ) -> Result<u64> {
        self.scan_matching(query, loose_dates, each)
    }

    fn count_matching(&self, query: &Query, loose_dates: bool) -> Result<u64> {
        self.count_matching_inner(query, loose_dates)
    }

    fn changes_since(&self, after: i64) -> Result<Option<crate::Changes>> {
        self.changes_after(after).map(Some)
    }

    fn count(&self) -> Result<u64> {
        self.with_reader(|c| {
            Ok(c.query_row(
                "SELECT count(*) FROM records WHERE superseded_by IS NULL",
                [],
                |r| r.get::<_, i64>(0),
            )? as u64)
        })
    }
}

/// Marks as superseded the records of earlier versions of `path` whose place in the file (input
/// id when both versions give one, else line) now holds a different caption, when that caption
/// is no longer anywhere in the new version and is not also kept by another file.
/// Marks the records of earlier versions of `path` whose line (or input id) now holds another
/// caption as superseded by it, and makes the records the current version holds live again (a
/// file reverted to an earlier version). Returns (superseded, restored).
fn supersede(tx: &rusqlite::Transaction, file_id: i64, path: &str) -> Result<(u64, u64, Vec<i64>)> {
    let earlier: i64 = tx.query_row(
        "SELECT count(*) FROM source_files WHERE path = ? AND rowid != ? AND sha256 IS NOT NULL",
        params![path, file_id],
        |r| r.get(0),
    )?;
    if earlier == 0 {
        return Ok((0, 0, Vec::new()));
    }
    // Supersession only ever happens between versions of one path, so a superseded record the
    // current version holds was superseded by this file's history and is current again.
    let mut changed: Vec<i64> = tx
        .prepare(
            "SELECT rowid FROM records WHERE superseded_by IS NOT NULL
               AND rowid IN (SELECT record FROM provenance WHERE file = ?)",
        )?
        .query_map([file_id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let restored = tx.execute(
        "UPDATE records SET superseded_by = NULL, updated = ?
         WHERE superseded_by IS NOT NULL
           AND rowid IN (SELECT record FROM provenance WHERE file = ?)",
        params![now(), file_id],
    )? as u64;
    let mut pairs: Vec<(i64, String)> = Vec::new();
    for sql in search::supersede_pairs_sql() {
        let mut stmt = tx.prepare(&sql)?;
        let rows = stmt
            .query_map(params![path, file_id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<std::result::Result<Vec<(i64, String)>, _>>()?;
        pairs.extend(rows);
    }
    let mut n = 0;
    let at = now();
    for (old, new_id) in pairs {
        let done = tx.execute(
            "UPDATE records SET superseded_by = ?, updated = ? WHERE rowid = ? AND superseded_by IS NULL",
            params![new_id, at, old],
        )? as u64;
        if done > 0 {
            changed.push(old);
        }
        n += done;
    }
    Ok((n, restored, changed))
}
