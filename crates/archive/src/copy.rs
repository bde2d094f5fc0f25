//! `dateline migrate`: a lossless copy of a whole archive from one backend to another.
//!
//! Both backends hold the same tables with the same columns (see `migrations/` and
//! `migrations-pg/`), so the copy is row for row: every record with its row number, blobs and
//! timestamps byte for byte, provenance, corrections, source checks, record seals and the audit
//! log with its hashes. The source is read from one snapshot and the target written in one
//! transaction, so the copy is all or nothing. The target then appends one `migrate` entry to
//! the copied chain naming the source and its last hash: `dateline log` on the target verifies
//! the whole history, the move included. Derived data is rebuilt on the target, not copied:
//! the full-text index (FTS5 or tsvector), the place index and the `changes` sequence that
//! ranked indexes follow. Each archive keeps its own identity (`archive_meta`), so a ranked
//! index or anchor file of the source is never taken for the copy's.

use crate::any::AnyStore;
use crate::{ArchiveError, Result, Store};
use postgres::types::ToSql;
use serde::Serialize;
use serde_json::json;

/// Rows copied, per table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CopySummary {
    /// `(table, rows)` in the order they were copied.
    pub tables: Vec<(String, u64)>,
    /// The audit entry the target appended after the copy: `(seq, hash)`.
    pub head: Option<(i64, String)>,
}

/// How a column is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Real,
    Text,
    Blob,
}
use Kind::*;

/// One value in transit.
#[derive(Debug, Clone, PartialEq)]
enum V {
    Null,
    I(i64),
    R(f64),
    T(String),
    B(Vec<u8>),
}

/// A table: its name, its columns and the key it is read in.
type Table = (&'static str, &'static [(&'static str, Kind)], &'static str);

/// The tables in the order their references need.
const TABLES: &[Table] = &[
    (
        "source_files",
        &[
            ("rowid", Int),
            ("path", Text),
            ("sha256", Text),
            ("size", Int),
            ("first_ingested", Text),
        ],
        "rowid",
    ),
    (
        "ingests",
        &[
            ("rowid", Int),
            ("file", Int),
            ("actor", Text),
            ("extractor", Text),
            ("started", Text),
            ("finished", Text),
            ("new", Int),
            ("unchanged", Int),
            ("superseded", Int),
            ("skipped", Int),
        ],
        "rowid",
    ),
    (
        "records",
        &[
            ("rowid", Int),
            ("id", Text),
            ("caption", Text),
            ("extracted", Blob),
            ("effective", Blob),
            ("extractor", Text),
            ("reference_date", Text),
            ("first_seen", Text),
            ("updated", Text),
            ("superseded_by", Text),
            ("names", Text),
            ("agency", Text),
            ("agency_key", Text),
            ("country", Text),
            ("province", Text),
            ("province_key", Text),
            ("city", Text),
            ("city_key", Text),
            ("event_type", Text),
            ("reported", Int),
            ("date_iso", Text),
            ("date_start", Int),
            ("date_end", Int),
            ("lat", Real),
            ("lon", Real),
            ("killed", Int),
            ("injured", Int),
        ],
        "rowid",
    ),
    (
        "record_creators",
        &[("record", Int), ("key", Text), ("name", Text)],
        "record, key",
    ),
    (
        "provenance",
        &[
            ("file", Int),
            ("line", Int),
            ("record", Int),
            ("kind", Text),
            ("input_id", Text),
            ("ingest", Int),
            ("ingested_at", Text),
        ],
        "file, line, record",
    ),
    (
        "corrections",
        &[
            ("rowid", Int),
            ("record", Int),
            ("field", Text),
            ("value", Text),
            ("previous", Text),
            ("author", Text),
            ("note", Text),
            ("at", Text),
        ],
        "rowid",
    ),
    (
        "audit",
        &[
            ("seq", Int),
            ("at", Text),
            ("action", Text),
            ("actor", Text),
            ("detail", Text),
            ("prev_hash", Text),
            ("hash", Text),
        ],
        "seq",
    ),
    (
        "file_checks",
        &[
            ("rowid", Int),
            ("file", Int),
            ("at", Text),
            ("status", Text),
            ("sha256", Text),
        ],
        "rowid",
    ),
    (
        "record_digests",
        &[("seq", Int), ("record", Int), ("digest", Text)],
        "seq",
    ),
];

/// Rows read and written at a time.
const CHUNK: usize = 2_000;

/// Where the rows go: the target's open write transaction.
trait Sink {
    fn insert(&mut self, table: &str, cols: &[(&str, Kind)], rows: &[Vec<V>]) -> Result<()>;
}

struct SqliteSink<'a>(&'a rusqlite::Transaction<'a>);

impl Sink for SqliteSink<'_> {
    fn insert(&mut self, table: &str, cols: &[(&str, Kind)], rows: &[Vec<V>]) -> Result<()> {
        let names: Vec<&str> = cols.iter().map(|c| c.0).collect();
        let marks = vec!["?"; cols.len()].join(",");
        let mut stmt = self.0.prepare_cached(&format!(
            "INSERT INTO {table}({}) VALUES ({marks})",
            names.join(",")
        ))?;
        for row in rows {
            let values: Vec<rusqlite::types::Value> = row
                .iter()
                .map(|v| match v {
                    V::Null => rusqlite::types::Value::Null,
                    V::I(i) => rusqlite::types::Value::Integer(*i),
                    V::R(f) => rusqlite::types::Value::Real(*f),
                    V::T(s) => rusqlite::types::Value::Text(s.clone()),
                    V::B(b) => rusqlite::types::Value::Blob(b.clone()),
                })
                .collect();
            stmt.execute(rusqlite::params_from_iter(values))?;
        }
        Ok(())
    }
}

struct PgSink<'a, 'b>(&'a mut postgres::Transaction<'b>);

impl Sink for PgSink<'_, '_> {
    fn insert(&mut self, table: &str, cols: &[(&str, Kind)], rows: &[Vec<V>]) -> Result<()> {
        let is_records = table == "records";
        let mut names: Vec<&str> = cols.iter().map(|c| c.0).collect();
        if is_records {
            names.push("fts");
        }
        let mut params: Vec<Box<dyn ToSql + Sync>> = Vec::new();
        let mut tuples = Vec::with_capacity(rows.len());
        for row in rows {
            let mut marks = Vec::with_capacity(names.len());
            for ((_, kind), v) in cols.iter().zip(row) {
                params.push(pg_value(*kind, v));
                marks.push(format!("${}", params.len()));
            }
            if is_records {
                let text = |i: usize| match &row[i] {
                    V::T(s) => s.as_str(),
                    _ => "",
                };
                params.push(Box::new(crate::sql::tsvector(text(2), text(10))));
                marks.push(format!("CAST(${}::text AS tsvector)", params.len()));
            }
            tuples.push(format!("({})", marks.join(",")));
        }
        let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref()).collect();
        self.0.execute(
            &format!(
                "INSERT INTO {table}({}) VALUES {}",
                names.join(","),
                tuples.join(",")
            ),
            &refs,
        )?;
        Ok(())
    }
}

fn pg_value(kind: Kind, v: &V) -> Box<dyn ToSql + Sync> {
    match (kind, v) {
        (_, V::I(i)) if kind == Real => Box::new(Some(*i as f64)),
        (_, V::I(i)) => Box::new(Some(*i)),
        (_, V::R(f)) => Box::new(Some(*f)),
        (_, V::T(s)) => Box::new(Some(s.clone())),
        (_, V::B(b)) => Box::new(Some(b.clone())),
        (Int, V::Null) => Box::new(None::<i64>),
        (Real, V::Null) => Box::new(None::<f64>),
        (Text, V::Null) => Box::new(None::<String>),
        (Blob, V::Null) => Box::new(None::<Vec<u8>>),
    }
}

fn sqlite_value(v: rusqlite::types::Value) -> V {
    match v {
        rusqlite::types::Value::Null => V::Null,
        rusqlite::types::Value::Integer(i) => V::I(i),
        rusqlite::types::Value::Real(f) => V::R(f),
        rusqlite::types::Value::Text(s) => V::T(s),
        rusqlite::types::Value::Blob(b) => V::B(b),
    }
}

/// Streams every table of `from` into `sink`, from one snapshot; returns the rows per table.
fn read_all(from: &AnyStore, sink: &mut dyn Sink) -> Result<Vec<(String, u64)>> {
    let mut counts = Vec::new();
    match from {
        AnyStore::Sqlite(s) => s.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            for (table, cols, key) in TABLES {
                let names: Vec<&str> = cols.iter().map(|c| c.0).collect();
                let mut stmt = tx.prepare(&format!(
                    "SELECT {} FROM {table} ORDER BY {key}",
                    names.join(",")
                ))?;
                let mut rows = stmt.query([])?;
                let (mut chunk, mut n) = (Vec::with_capacity(CHUNK), 0u64);
                while let Some(r) = rows.next()? {
                    let row = (0..cols.len())
                        .map(|i| r.get::<_, rusqlite::types::Value>(i).map(sqlite_value))
                        .collect::<std::result::Result<Vec<V>, _>>()?;
                    chunk.push(row);
                    if chunk.len() == CHUNK {
                        sink.insert(table, cols, &chunk)?;
                        n += chunk.len() as u64;
                        chunk.clear();
                    }
                }
                if !chunk.is_empty() {
                    sink.insert(table, cols, &chunk)?;
                    n += chunk.len() as u64;
                }
                counts.push((table.to_string(), n));
            }
            Ok(())
        })?,
        AnyStore::Postgres(p) => p.read(|tx| {
            for (table, cols, key) in TABLES {
                let names: Vec<&str> = cols.iter().map(|c| c.0).collect();
                let stmt = format!("SELECT {} FROM {table} ORDER BY {key}", names.join(","));
                let portal = tx.bind(stmt.as_str(), &[])?;
                let mut n = 0u64;
                loop {
                    let rows = tx.query_portal(&portal, CHUNK as i32)?;
                    if rows.is_empty() {
                        break;
                    }
                    let chunk: Vec<Vec<V>> = rows
                        .iter()
                        .map(|r| {
                            cols.iter()
                                .enumerate()
                                .map(|(i, (_, kind))| match kind {
                                    Int => r.get::<_, Option<i64>>(i).map_or(V::Null, V::I),
                                    Real => r.get::<_, Option<f64>>(i).map_or(V::Null, V::R),
                                    Text => r.get::<_, Option<String>>(i).map_or(V::Null, V::T),
                                    Blob => r.get::<_, Option<Vec<u8>>>(i).map_or(V::Null, V::B),
                                })
                                .collect()
                        })
                        .collect();
                    sink.insert(table, cols, &chunk)?;
                    n += chunk.len() as u64;
                }
                counts.push((table.to_string(), n));
            }
            Ok(())
        })?,
    }
    Ok(counts)
}

/// Copies every table of `from` into `to`, which must be empty (a new archive), keeping row
/// numbers, hashes and the audit chain as they are; then appends a `migrate` audit entry to the
/// target that names the source and its last audit hash, so the chain continues on the target.
pub fn copy_archive(from: &AnyStore, to: &AnyStore, actor: &str) -> Result<CopySummary> {
    if from.archive_id()? == to.archive_id()? {
        return Err(ArchiveError::Limit(
            "the source and the target are the same archive".into(),
        ));
    }
    if to.count()? > 0 || to.head()?.is_some() {
        return Err(ArchiveError::Limit(format!(
            "{} is not empty: migrate copies into a new archive only",
            to.describe()
        )));
    }
    let source = from.describe();
    let source_id = from.archive_id()?;
    let detail = |tables: &[(String, u64)], head: Option<(i64, String)>| {
        json!({
            "from": source,
            "source_archive": source_id,
            "source_head": head.map(|(seq, hash)| json!({ "seq": seq, "hash": hash })),
            "tables": tables.iter().map(|(t, n)| (t.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
        })
    };
    let tables = match to {
        AnyStore::Sqlite(t) => t.write(|tx| {
            let tables = read_all(from, &mut SqliteSink(tx))?;
            // The full-text index is derived: built from the copied rows.
            tx.execute(
                "INSERT INTO records_fts(rowid, caption, names) SELECT rowid, caption, names FROM records",
                [],
            )?;
            let head = rusqlite::OptionalExtension::optional(tx.query_row(
                "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            ))?;
            crate::sqlite::append_audit(tx, "migrate", actor, &detail(&tables, head))?;
            Ok(tables)
        })?,
        AnyStore::Postgres(t) => t.write(|tx| {
            let tables = read_all(from, &mut PgSink(tx))?;
            // Numbering continues after the copied rows.
            for (table, col) in [
                ("source_files", "rowid"),
                ("ingests", "rowid"),
                ("records", "rowid"),
                ("corrections", "rowid"),
                ("file_checks", "rowid"),
                ("record_digests", "seq"),
            ] {
                tx.execute(
                    &format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', '{col}'),
                                       coalesce(max({col}), 0) + 1, false) FROM {table}"
                    ),
                    &[],
                )?;
            }
            let head = tx
                .query_opt("SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1", &[])?
                .map(|r| (r.get(0), r.get(1)));
            crate::postgres::append_audit(tx, "migrate", actor, &detail(&tables, head))?;
            Ok(tables)
        })?,
    };
    if let Err(e) = to.sync_ranked() {
        tracing::warn!("the target's ranked index will be built on first use: {e}");
    }
    Ok(CopySummary {
        tables,
        head: to.head()?,
    })
}
