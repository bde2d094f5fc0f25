//! Evidence that a record row is as dateline last wrote it.
//!
//! Triggers refuse the rewrites dateline never makes, but anyone with the file can drop a
//! trigger. So every write that changes a record also *seals* it: the SHA-256 of the record's
//! whole stored state (caption, extraction, corrections, provenance, supersession) is appended
//! to `record_digests`, and the audit entry of that write carries a hash over the digests it
//! added. The audit entries are themselves hash-chained. `verify` then recomputes every record's
//! digest and compares it with its last sealed one, checks that the sealed digests are exactly
//! the ones the chain vouches for, recomputes each id from its caption, and re-derives the
//! filter columns from the stored record: a change made outside dateline shows up in one of
//! those, whichever table it touched.

use super::hex;
use crate::rows;
use crate::{ArchiveError, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

/// Feeds one optional field to the hash, unambiguously (tag, then length, then bytes).
fn put(h: &mut Sha256, v: Option<&[u8]>) {
    match v {
        None => h.update(b"N"),
        Some(b) => {
            h.update(b"S");
            h.update((b.len() as u64).to_le_bytes());
            h.update(b);
        }
    }
}

fn put_str(h: &mut Sha256, v: Option<&str>) {
    put(h, v.map(str::as_bytes));
}

fn put_int(h: &mut Sha256, v: Option<i64>) {
    put(h, v.map(|i| i.to_le_bytes()).as_ref().map(|b| &b[..]));
}

/// The hash of a record row's stored state, fed in a fixed order by whichever backend reads
/// it: the row, then its provenance (by ingest, file, line), then its corrections (by number).
pub(crate) struct RecordHasher(Sha256);

/// A record row's own stored fields, as [`RecordHasher::new`] takes them.
pub(crate) struct RowState<'a> {
    pub id: &'a str,
    pub caption: &'a str,
    pub extracted: &'a [u8],
    pub effective: Option<&'a [u8]>,
    pub extractor: &'a str,
    pub reference_date: Option<&'a str>,
    pub superseded_by: Option<&'a str>,
    pub first_seen: &'a str,
}

impl RecordHasher {
    pub fn new(row: &RowState) -> RecordHasher {
        let mut h = Sha256::new();
        h.update(b"dateline record v1\n");
        put_str(&mut h, Some(row.id));
        put_str(&mut h, Some(row.caption));
        put(&mut h, Some(row.extracted));
        put(&mut h, row.effective);
        put_str(&mut h, Some(row.extractor));
        put_str(&mut h, row.reference_date);
        put_str(&mut h, row.superseded_by);
        put_str(&mut h, Some(row.first_seen));
        RecordHasher(h)
    }

    /// One provenance row: path, sha256, size, line, kind, input id, ingest, ingested at.
    #[allow(clippy::too_many_arguments)]
    pub fn provenance(
        &mut self,
        path: &str,
        sha256: Option<&str>,
        size: i64,
        line: i64,
        kind: &str,
        input_id: Option<&str>,
        ingest: i64,
        ingested_at: &str,
    ) {
        let h = &mut self.0;
        h.update(b"P");
        put_str(h, Some(path));
        put_str(h, sha256);
        put_int(h, Some(size));
        put_int(h, Some(line));
        put_str(h, Some(kind));
        put_str(h, input_id);
        put_int(h, Some(ingest));
        put_str(h, Some(ingested_at));
    }

    /// One correction row: its number, then field, value, previous, author, note, at.
    pub fn correction(&mut self, rowid: i64, fields: [Option<&str>; 6]) {
        let h = &mut self.0;
        h.update(b"C");
        put_int(h, Some(rowid));
        for f in fields {
            put_str(h, f);
        }
    }

    pub fn finish(self) -> String {
        hex(&self.0.finalize())
    }
}

/// The digest of a record row's stored state, as hex.
pub fn record_digest(c: &Connection, rowid: i64) -> Result<String> {
    type Row = (
        String,
        String,
        Vec<u8>,
        Option<Vec<u8>>,
        String,
        Option<String>,
        Option<String>,
        String,
    );
    let (id, caption, extracted, effective, extractor, reference_date, superseded_by, first_seen): Row =
        c.prepare_cached(
            "SELECT id, caption, extracted, effective, extractor, reference_date, superseded_by,
                    first_seen FROM records WHERE rowid = ?",
        )?
        .query_row([rowid], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        })?;
    let mut h = RecordHasher::new(&RowState {
        id: &id,
        caption: &caption,
        extracted: &extracted,
        effective: effective.as_deref(),
        extractor: &extractor,
        reference_date: reference_date.as_deref(),
        superseded_by: superseded_by.as_deref(),
        first_seen: &first_seen,
    });
    let mut prov = c.prepare_cached(
        "SELECT f.path, f.sha256, f.size, p.line, p.kind, p.input_id, p.ingest, p.ingested_at
         FROM provenance p JOIN source_files f ON f.rowid = p.file
         WHERE p.record = ? ORDER BY p.ingest, p.file, p.line",
    )?;
    let mut rows = prov.query([rowid])?;
    while let Some(r) = rows.next()? {
        h.provenance(
            &r.get::<_, String>(0)?,
            r.get::<_, Option<String>>(1)?.as_deref(),
            r.get(2)?,
            r.get(3)?,
            &r.get::<_, String>(4)?,
            r.get::<_, Option<String>>(5)?.as_deref(),
            r.get(6)?,
            &r.get::<_, String>(7)?,
        );
    }
    let mut corr = c.prepare_cached(
        "SELECT rowid, field, value, previous, author, note, at FROM corrections
         WHERE record = ? ORDER BY rowid",
    )?;
    let mut rows = corr.query([rowid])?;
    while let Some(r) = rows.next()? {
        let f: Vec<Option<String>> = (1..=6)
            .map(|i| r.get::<_, Option<String>>(i))
            .collect::<std::result::Result<_, _>>()?;
        h.correction(
            r.get(0)?,
            [
                f[0].as_deref(),
                f[1].as_deref(),
                f[2].as_deref(),
                f[3].as_deref(),
                f[4].as_deref(),
                f[5].as_deref(),
            ],
        );
    }
    Ok(h.finish())
}

/// Appends the current digest of each record in `rowids` (deduplicated, in order) and returns
/// the `sealed` object for the audit entry of this write: the range of digest rows added and a
/// hash over them. `None` when there was nothing to seal.
pub fn seal(tx: &rusqlite::Transaction, rowids: &[i64]) -> Result<Option<Value>> {
    let mut seen = std::collections::HashSet::with_capacity(rowids.len());
    let mut insert =
        tx.prepare_cached("INSERT INTO record_digests(record, digest) VALUES (?, ?)")?;
    let mut range = Sha256::new();
    let (mut first, mut last, mut count) = (0i64, 0i64, 0u64);
    for &rowid in rowids {
        if !seen.insert(rowid) {
            continue;
        }
        let digest = record_digest(tx, rowid)?;
        insert.execute(params![rowid, digest])?;
        let seq = tx.last_insert_rowid();
        if count == 0 {
            first = seq;
        }
        last = seq;
        count += 1;
        range_line(&mut range, seq, rowid, &digest);
    }
    Ok((count > 0).then(
        || json!({ "first": first, "last": last, "count": count, "hash": hex(&range.finalize()) }),
    ))
}

pub(crate) fn range_line(h: &mut Sha256, seq: i64, rowid: i64, digest: &str) {
    h.update(format!("{seq} {rowid} {digest}\n").as_bytes());
}

/// One thing found wrong with the stored records.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordProblem {
    /// The record's id as stored, or `-` for problems of the evidence itself.
    pub id: String,
    /// What is wrong, in a sentence.
    pub what: String,
}

/// What [`check_records`] found.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RecordsCheck {
    /// Record rows checked.
    pub records: u64,
    /// Digest rows vouched for by the audit log.
    pub sealed: u64,
    /// Problems, at most [`MAX_PROBLEMS`] of them.
    pub problems: Vec<RecordProblem>,
    /// How many problems there were in all.
    pub problem_count: u64,
}

/// Problems listed in full; beyond this only counted.
pub const MAX_PROBLEMS: usize = 1000;

impl RecordsCheck {
    fn problem(&mut self, id: &str, what: String) {
        self.problem_count += 1;
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(RecordProblem {
                id: id.to_string(),
                what,
            });
        }
    }
}

/// A record row as a back end stored it, for [`RecordsCheck::row`].
pub(crate) struct StoredRow {
    pub id: String,
    pub caption: String,
    /// The effective record's blob (`coalesce(effective, extracted)`).
    pub blob: Vec<u8>,
    /// The filter columns as stored; `creators` as `record_creators` holds them.
    pub columns: rows::Columns,
}

impl RecordsCheck {
    /// Checks the seals: the digest rows the audit log vouches for, range by range. `audit` is
    /// every entry's (seq, detail) in order; `digests_between(first, last)` the digest rows
    /// (seq, record, digest) in that range, in order.
    pub(crate) fn seals(
        &mut self,
        audit: impl IntoIterator<Item = (i64, String)>,
        max_digest: i64,
        mut digests_between: impl FnMut(i64, i64) -> Result<Vec<(i64, i64, String)>>,
    ) -> Result<()> {
        let mut ranges: Vec<(i64, i64, i64, String)> = Vec::new(); // (first, last, audit seq, hash)
        for (seq, detail) in audit {
            let Ok(v) = serde_json::from_str::<Value>(&detail) else {
                continue; // reported by the log's own check
            };
            if let Some(s) = v.get("sealed").filter(|s| s.is_object()) {
                let (Some(first), Some(last), Some(hash)) = (
                    s.get("first").and_then(Value::as_i64),
                    s.get("last").and_then(Value::as_i64),
                    s.get("hash").and_then(Value::as_str),
                ) else {
                    self.problem("-", format!("audit entry {seq} has a malformed seal"));
                    continue;
                };
                ranges.push((first, last, seq, hash.to_string()));
            }
        }
        ranges.sort();
        let mut next = 1i64;
        for (first, last, audit_seq, hash) in &ranges {
            if *first != next {
                self.problem(
                    "-",
                    if *first > next {
                        format!(
                            "record digests {next}–{} are vouched for by no audit entry",
                            first - 1
                        )
                    } else {
                        format!(
                            "audit entry {audit_seq} seals digests {first}–{last} a second time"
                        )
                    },
                );
            }
            let mut h = Sha256::new();
            let rows = digests_between(*first, *last)?;
            for (seq, rowid, digest) in &rows {
                range_line(&mut h, *seq, *rowid, digest);
            }
            let n = rows.len() as i64;
            if n != last - first + 1 || hex(&h.finalize()) != *hash {
                self.problem(
                    "-",
                    format!(
                        "record digests {first}–{last} do not match audit entry {audit_seq}: rows were changed, removed or added"
                    ),
                );
            } else {
                self.sealed += n as u64;
            }
            next = next.max(last + 1);
        }
        if next <= max_digest {
            self.problem(
                "-",
                format!("record digests {next}–{max_digest} are vouched for by no audit entry"),
            );
        }
        Ok(())
    }

    /// Checks one record row: its id against its caption (or, for a photo without one, the
    /// files it was read from: `file_shas`), its columns against the stored record, and its
    /// current digest (`digest_now`) against the last sealed one.
    pub(crate) fn row(
        &mut self,
        row: &StoredRow,
        last_digest: Option<&String>,
        file_shas: impl FnOnce() -> Result<Vec<String>>,
        digest_now: impl FnOnce() -> Result<String>,
    ) -> Result<()> {
        self.records += 1;
        let id = row.id.as_str();
        if dateline_model::is_captionless(&row.caption) {
            // A photo without a caption is known by the hash of a file it was read from.
            if !file_shas()?
                .iter()
                .any(|sha| dateline_model::photo_record_id(sha) == id)
            {
                self.problem(
                    id,
                    "the record has no caption and its id is not the hash of a file it was read \
                     from"
                        .into(),
                );
            }
        } else if dateline_model::record_id(&row.caption) != id {
            self.problem(id, "the id is not the hash of the caption".into());
        }
        match rows::decode(&row.blob) {
            Err(e) => self.problem(id, format!("the stored record cannot be read: {e}")),
            Ok(record) => {
                if record.id != id || record.caption != row.caption {
                    self.problem(
                        id,
                        "the stored record's id or caption differs from the row's".into(),
                    );
                }
                let want = rows::Columns::of(&record);
                let mut stored = row.columns.creators.clone();
                let mut wanted = want.creators.clone();
                stored.sort();
                wanted.sort();
                if stored != wanted {
                    self.problem(
                        id,
                        "the creators searched by differ from the stored record's".into(),
                    );
                }
                let got = rows::Columns {
                    creators: want.creators.clone(),
                    ..row.columns.clone()
                };
                if got != want {
                    self.problem(
                        id,
                        format!(
                            "the columns searched by differ from the stored record ({})",
                            differing(&got, &want).join(", ")
                        ),
                    );
                }
            }
        }
        match last_digest {
            None => self.problem(id, "the record was never sealed by an audited write".into()),
            Some(d) if *d != digest_now()? => self.problem(
                id,
                "the record, its provenance or its corrections changed since the last audited write".into(),
            ),
            Some(_) => {}
        }
        Ok(())
    }

    /// Digests sealed for records that are no longer in the archive.
    pub(crate) fn orphans(&mut self, orphans: i64) {
        if orphans > 0 {
            self.problem(
                "-",
                format!("{orphans} sealed record(s) are missing from the archive"),
            );
        }
    }
}

/// The statement that reads each record's last sealed digest (both back ends).
pub(crate) const LAST_DIGESTS: &str = "SELECT d.record, d.digest FROM record_digests d
     JOIN (SELECT record, max(seq) AS seq FROM record_digests GROUP BY record) m
       ON m.seq = d.seq";

/// The statement that counts digests of records no longer in the archive (both back ends).
pub(crate) const ORPHAN_DIGESTS: &str = "SELECT count(DISTINCT record) FROM record_digests \
     WHERE record NOT IN (SELECT rowid FROM records)";

/// The columns of a record row the check reads, in [`StoredRow`] order (both back ends).
pub(crate) const ROW_COLUMNS: &str = "rowid, id, caption, coalesce(effective, extracted), names,
     agency, agency_key, country, province, province_key, city, city_key, event_type, reported,
     date_iso, date_start, date_end, lat, lon, killed, injured";

/// Checks every record row against the evidence: the id is the caption's hash, the filter
/// columns are those of the stored record, the current digest is the last sealed one, and the
/// sealed digests are exactly those the audit entries vouch for.
pub fn check_records(c: &Connection) -> Result<RecordsCheck> {
    let mut out = RecordsCheck::default();
    let audit: Vec<(i64, String)> = c
        .prepare("SELECT seq, detail FROM audit ORDER BY seq")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    let max_digest: i64 = c.query_row(
        "SELECT coalesce(max(seq), 0) FROM record_digests",
        [],
        |r| r.get(0),
    )?;
    let mut between = c.prepare(
        "SELECT seq, record, digest FROM record_digests WHERE seq BETWEEN ? AND ? ORDER BY seq",
    )?;
    out.seals(audit, max_digest, |first, last| {
        Ok(between
            .query_map(params![first, last], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect::<std::result::Result<_, _>>()?)
    })?;
    let last_digest: HashMap<i64, String> = c
        .prepare(LAST_DIGESTS)?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    let mut stmt = c.prepare(&format!("SELECT {ROW_COLUMNS} FROM records ORDER BY rowid"))?;
    let mut creators_of =
        c.prepare_cached("SELECT key, name FROM record_creators WHERE record = ? ORDER BY key")?;
    let mut shas = c.prepare_cached(
        "SELECT f.sha256 FROM provenance p JOIN source_files f ON f.rowid = p.file
         WHERE p.record = ? AND f.sha256 IS NOT NULL",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let rowid: i64 = r.get(0)?;
        let row = StoredRow {
            id: r.get(1)?,
            caption: r.get(2)?,
            blob: r.get(3)?,
            columns: rows::Columns {
                names: r.get(4)?,
                agency: r.get(5)?,
                agency_key: r.get(6)?,
                country: r.get(7)?,
                province: r.get(8)?,
                province_key: r.get(9)?,
                city: r.get(10)?,
                city_key: r.get(11)?,
                event_type: r.get(12)?,
                reported: r.get(13)?,
                date_iso: r.get(14)?,
                date_start: r.get(15)?,
                date_end: r.get(16)?,
                lat: r.get(17)?,
                lon: r.get(18)?,
                killed: r.get(19)?,
                injured: r.get(20)?,
                creators: creators_of
                    .query_map([rowid], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect::<std::result::Result<_, _>>()?,
            },
        };
        out.row(
            &row,
            last_digest.get(&rowid),
            || {
                Ok(shas
                    .query_map([rowid], |r| r.get::<_, String>(0))?
                    .collect::<std::result::Result<_, _>>()?)
            },
            || record_digest(c, rowid),
        )?;
    }
    out.orphans(c.query_row(ORPHAN_DIGESTS, [], |r| r.get(0))?);
    Ok(out)
}

fn differing(a: &rows::Columns, b: &rows::Columns) -> Vec<&'static str> {
    let mut out = Vec::new();
    macro_rules! cmp {
        ($($f:ident),*) => { $( if a.$f != b.$f { out.push(stringify!($f)); } )* };
    }
    cmp!(
        names,
        agency,
        agency_key,
        country,
        province,
        province_key,
        city,
        city_key,
        event_type,
        reported,
        date_iso,
        date_start,
        date_end,
        lat,
        lon,
        killed,
        injured
    );
    out
}

/// The archive's identity, made once when the archive is created or upgraded.
pub fn archive_id(c: &Connection) -> Result<String> {
    c.query_row(
        "SELECT value FROM archive_meta WHERE key = 'archive_id'",
        [],
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| ArchiveError::Corrupt("the archive has no identity (archive_meta)".into()))
}

/// A new random archive id (128 bits, hex).
pub fn new_archive_id() -> String {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).expect("the OS random source");
    hex(&b)
}
