//! Streaming over every match of a query: what exports and incident grouping read.
//!
//! `search` answers pages of a ranked list; an export wants every match once, in a stable
//! order, without holding them. One read transaction walks the matching rows in rowid order
//! (a consistent snapshot even while an ingest runs) and hands each effective record to the
//! caller as it is decoded, so memory does not grow with the number of matches.

use super::{SqliteStore, rows, search};
use crate::Result;
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
        let w = search::build(query, loose_dates, false, false);
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
        let w = search::build(query, loose_dates, false, false);
        self.with_reader(|c| {
            Ok(c.query_row(
                &format!("SELECT count(*) FROM records WHERE {}", w.sql),
                params_from_iter(w.params.iter()),
                |r| r.get::<_, i64>(0),
            )? as u64)
        })
    }
}
