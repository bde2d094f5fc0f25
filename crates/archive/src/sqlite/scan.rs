//! Streaming over every match of a query: what exports and incident grouping read.
//!
//! `search` answers pages of a ranked list; an export wants every match once, in a stable
//! order, without holding them. One read transaction walks the matching rows in rowid order
//! (a consistent snapshot even while an ingest runs) and hands each effective record to the
//! caller as it is decoded, so memory does not grow with the number of matches.

use super::SqliteStore;
use crate::Result;
use crate::rows;
use crate::sql::{self as search, Dialect};
use dateline_model::Record;
use dateline_query::Query;
use rusqlite::params_from_iter;
use std::ops::ControlFlow;

impl SqliteStore {
    pub(crate) fn scan_matching(
        &self,
        query: &Query,
        loose_dates: bool,
        each: &mut dyn FnMut(Record) -> ControlFlow<()>,
    ) -> Result<u64> {
        let w = search::build(Dialect::Sqlite, query, loose_dates, false, false);
        self.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            let mut stmt = tx.prepare(&format!(
                "SELECT coalesce(records.effective, records.extracted) FROM records WHERE {} \
                 ORDER BY records.rowid",
                w.sql
            ))?;
            let mut rows = stmt.query(params_from_iter(w.params.iter()))?;
            let mut n = 0;
            while let Some(row) = rows.next()? {
                let blob: Vec<u8> = row.get(0)?;
                n += 1;
                if each(rows::decode(&blob)?).is_break() {
                    break;
                }
            }
            Ok(n)
        })
    }

    pub(crate) fn count_matching_inner(&self, query: &Query, loose_dates: bool) -> Result<u64> {
        let w = search::build(Dialect::Sqlite, query, loose_dates, false, false);
        self.with_reader(|c| {
            Ok(c.query_row(
                &format!("SELECT count(*) FROM records WHERE {}", w.sql),
                params_from_iter(w.params.iter()),
                |r| r.get::<_, i64>(0),
            )? as u64)
        })
    }
}

impl SqliteStore {
    /// The records changed after `after` in the `changes` log, read in one transaction with the
    /// log's position, so a caller that applies them and keeps the position misses nothing.
    pub(crate) fn changes_after(&self, after: i64) -> Result<crate::Changes> {
        self.with_reader(|c| {
            let tx = c.unchecked_transaction()?;
            let seq: i64 = tx.query_row("SELECT coalesce(max(seq), 0) FROM changes", [], |r| {
                r.get(0)
            })?;
            let mut out = crate::Changes {
                seq,
                ..Default::default()
            };
            if after >= seq {
                return Ok(out);
            }
            let mut stmt = tx.prepare(
                "SELECT r.id, r.superseded_by IS NOT NULL, coalesce(r.effective, r.extracted)
                 FROM records r
                 WHERE r.rowid IN (SELECT DISTINCT record FROM changes WHERE seq > ? AND seq <= ?)
                 ORDER BY r.rowid",
            )?;
            let mut rows = stmt.query([after, seq])?;
            while let Some(row) = rows.next()? {
                let id: String = row.get(0)?;
                if row.get::<_, bool>(1)? {
                    out.gone.push(id);
                } else {
                    let blob: Vec<u8> = row.get(2)?;
                    out.live.push(rows::decode(&blob)?);
                }
            }
            Ok(out)
        })
    }
}
