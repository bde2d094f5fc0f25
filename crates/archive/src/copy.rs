//! `dateline migrate`: a lossless copy of a whole archive from one backend to another.
#![allow(unused)]

use crate::Result;
use crate::any::AnyStore;
use serde::Serialize;

/// Rows copied, per table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CopySummary {
    /// `(table, rows)` in the order they were copied.
    pub tables: Vec<(String, u64)>,
    /// The audit entry the target appended after the copy: `(seq, hash)`.
    pub head: Option<(i64, String)>,
}

/// Copies every table of `from` into `to`, which must be empty (a new archive), keeping row
/// numbers, hashes and the audit chain as they are; then appends a `migrate` audit entry to the
/// target that names the source and its last audit hash, so the chain continues on the target.
pub fn copy_archive(from: &AnyStore, to: &AnyStore, actor: &str) -> Result<CopySummary> {
    todo!()
}
