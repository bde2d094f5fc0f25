//! The derived ranked index as every backend keeps it: opened beside the program, checked
//! against the archive it claims to follow, caught up from the archive's `changes` sequence,
//! rebuilt when it cannot be trusted, and asked first for text and faceted searches.
//!
//! A backend hands its side over as a [`Feed`]; everything else here is the same for SQLite and
//! PostgreSQL, so both keep their index in the same way and answer the same.

use crate::ranked::{IndexDoc, RankedError, RankedIndex, RankedOrder, RankedSearch, Stamp};
use crate::{FacetCounts, Result, SearchOptions, Sort};
use dateline_query::Query;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

/// What the archive tells its derived index.
pub(crate) trait Feed {
    /// Where this program keeps the index.
    fn ranked_dir(&self) -> PathBuf;
    /// The archive's identity.
    fn archive_id(&self) -> Result<String>;
    /// From one snapshot: up to 100,000 `(seq, record rowid)` changes after `after`, in order;
    /// the index documents of the records they name; and the audit head `(seq, hash)`.
    fn changes(&self, after: i64) -> Result<ChangeBatch>;
    /// The last change's seq, and the hash of audit entry `audit_seq` if there is one.
    fn position(&self, audit_seq: i64) -> Result<(i64, Option<String>)>;
    /// Record rows in the archive, superseded ones included.
    fn record_rows(&self) -> Result<u64>;
}

/// See [`Feed::changes`].
pub(crate) type ChangeBatch = (Vec<(i64, i64)>, HashMap<i64, IndexDoc>, (i64, String));

/// A record's rowid and, when ranked, its relevance score.
pub(crate) type ScoredRow = (i64, Option<f32>);

/// A page the ranked index answered: total, rows, facets when asked for.
pub(crate) type RankedPage = (u64, Vec<ScoredRow>, Option<Vec<(String, FacetCounts)>>);

/// Searches whose facets [`FacetCache`] keeps by default.
pub const FACET_CACHE_ENTRIES: usize = 256;

/// Facet counts of recent searches, valid for one snapshot of the ranked index (see
/// [`crate::ranked::RankedSearcher::snapshot_key`]): any change to the index empties it, so a
/// cached answer is always the one counting would give. The landing page and a popular query
/// are then counted once per change of the archive, not once per request.
#[derive(Debug)]
struct FacetCache {
    snapshot: String,
    capacity: usize,
    entries: HashMap<String, Vec<(String, FacetCounts)>>,
}

impl FacetCache {
    fn get(&mut self, snapshot: &str, key: &str) -> Option<Vec<(String, FacetCounts)>> {
        if self.snapshot != snapshot {
            self.snapshot = snapshot.to_string();
            self.entries.clear();
        }
        self.entries.get(key).cloned()
    }

    fn put(&mut self, snapshot: &str, key: String, facets: &[(String, FacetCounts)]) {
        if self.capacity == 0 || self.snapshot != snapshot {
            return;
        }
        if self.entries.len() >= self.capacity {
            self.entries.clear();
        }
        self.entries.insert(key, facets.to_vec());
    }
}

/// The ranked index of one open archive and the facet counts cached over it.
pub(crate) struct Derived {
    ranked: Mutex<Option<RankedIndex>>,
    facet_cache: Mutex<FacetCache>,
}

impl Derived {
    pub fn new() -> Derived {
        Derived {
            ranked: Mutex::new(None),
            facet_cache: Mutex::new(FacetCache {
                snapshot: String::new(),
                capacity: FACET_CACHE_ENTRIES,
                entries: HashMap::new(),
            }),
        }
    }

    pub fn set_facet_cache(&self, entries: usize) {
        let mut c = self.facet_cache.lock().unwrap_or_else(|e| e.into_inner());
        c.capacity = entries;
        c.entries.clear();
    }

    /// Brings the ranked index up to date with the change log; returns the changes applied.
    /// The first time in a process, the index is also checked against the archive it claims to
    /// follow (see [`Stamp`]) and rebuilt when it does not (with a warning), or when it cannot
    /// be opened at all. Another process holding the index is an error; searches then fall
    /// back to the backend's own full text.
    pub fn sync(&self, feed: &dyn Feed) -> Result<u64> {
        let mut guard = self.ranked.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(index) = guard.as_mut() {
            return catch_up(feed, index);
        }
        let dir = feed.ranked_dir();
        let mut index = match RankedIndex::open(&dir) {
            Ok(index) => index,
            Err(e @ RankedError::Locked { .. }) => return Err(e.into()),
            Err(e) => {
                tracing::warn!("the ranked index cannot be opened ({e}); rebuilding it");
                rebuild(feed)?
            }
        };
        if let Some(why) = stale(feed, &index)? {
            tracing::warn!("the ranked index {why}; rebuilding it from the archive");
            drop(index);
            index = rebuild(feed)?;
        }
        let applied = catch_up(feed, &mut index)?;
        let records = feed.record_rows()?;
        if index.num_docs() != records {
            tracing::warn!(
                "the ranked index holds {} documents for {records} records; rebuilding it",
                index.num_docs()
            );
            drop(index);
            index = rebuild(feed)?;
        }
        *guard = Some(index);
        Ok(applied)
    }

    /// Rebuilds the index from nothing; returns its documents.
    pub fn reindex(&self, feed: &dyn Feed) -> Result<u64> {
        let mut guard = self.ranked.lock().unwrap_or_else(|e| e.into_inner());
        // Our own writer lock is released first; the rebuild then takes the old index's lock,
        // so an index in use by another process is never swapped away under it.
        *guard = None;
        let index = rebuild(feed)?;
        let n = index.num_docs();
        *guard = Some(index);
        Ok(n)
    }

    /// Documents in the index, all and not superseded, after catching up.
    pub fn counts(&self, feed: &dyn Feed) -> Result<(u64, u64)> {
        self.sync(feed)?;
        let guard = self.ranked.lock().unwrap_or_else(|e| e.into_inner());
        let ix = guard.as_ref().expect("opened by sync");
        Ok((ix.num_docs(), ix.num_live_docs()?))
    }

    /// The page (and facets) the ranked index gives, or `None` when it cannot answer (the
    /// caller's own engine then does, with a warning logged here).
    pub fn search(
        &self,
        feed: &dyn Feed,
        query: &Query,
        opts: &SearchOptions,
    ) -> Option<RankedPage> {
        let text = query.has_positive_text();
        let order = match opts.sort {
            Sort::Relevance if text => RankedOrder::Score,
            // Without text, "relevance" is newest first, as on the SQL path.
            Sort::Relevance | Sort::DateDesc => RankedOrder::DateDesc,
            Sort::DateAsc => RankedOrder::DateAsc,
        };
        if let Err(e) = self.sync(feed) {
            tracing::warn!("ranked index unavailable, using the database's full text: {e}");
            return None;
        }
        // Search a snapshot, so concurrent searches do not wait for each other.
        let searcher = {
            let guard = self.ranked.lock().unwrap_or_else(|e| e.into_inner());
            guard.as_ref().expect("opened by sync").searcher()
        };
        let snapshot = searcher.snapshot_key();
        let cache_key = format!("{query:?} {} {}", opts.loose_dates, opts.include_superseded);
        let cached = if opts.facets {
            self.facet_cache
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&snapshot, &cache_key)
        } else {
            None
        };
        let count_facets = opts.facets && cached.is_none();
        let found = searcher.search(
            query,
            &RankedSearch {
                limit: opts.limit,
                offset: opts.offset,
                loose_dates: opts.loose_dates,
                include_superseded: opts.include_superseded,
                order,
            },
            count_facets,
        );
        match found {
            Ok(mut r) => {
                if count_facets {
                    self.facet_cache
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .put(&snapshot, cache_key, &r.facets);
                } else if let Some(f) = cached {
                    r.facets = f;
                }
                let scored = order == RankedOrder::Score;
                Some((
                    r.total,
                    r.hits
                        .into_iter()
                        .map(|(id, s)| (id, scored.then_some(s)))
                        .collect(),
                    opts.facets.then_some(r.facets),
                ))
            }
            Err(e) => {
                tracing::warn!(
                    "ranked search failed, using the database's full text (`dateline reindex` rebuilds the index): {e}"
                );
                None
            }
        }
    }
}

/// Why `index` does not belong to the archive as it is now, if it does not.
fn stale(feed: &dyn Feed, index: &RankedIndex) -> Result<Option<String>> {
    let stamp = index.stamp();
    if stamp.seq == 0 && index.num_docs() == 0 {
        return Ok(None);
    }
    let archive = feed.archive_id()?;
    if stamp.archive != archive {
        return Ok(Some(if stamp.archive.is_empty() {
            "does not say which archive it was built from".to_string()
        } else {
            format!(
                "was built from archive {}, not this one ({archive})",
                stamp.archive
            )
        }));
    }
    let (max_seq, hash) = feed.position(stamp.audit_seq)?;
    if stamp.seq > max_seq {
        return Ok(Some(format!(
            "has changes up to {} but the archive only up to {max_seq} (was the archive restored from an older copy?)",
            stamp.seq
        )));
    }
    if stamp.audit_seq > 0 && hash.as_deref() != Some(stamp.audit_hash.as_str()) {
        return Ok(Some(format!(
            "was built when audit entry {} had another hash (was the archive restored from a copy?)",
            stamp.audit_seq
        )));
    }
    Ok(None)
}

/// A complete new index, built beside the old one and swapped in.
fn rebuild(feed: &dyn Feed) -> Result<RankedIndex> {
    crate::ranked::rebuild_into(&feed.ranked_dir(), |ix| catch_up(feed, ix).map(|_| ()))
}

/// Applies every change after the index's last one, committing with the audit head read in
/// the same snapshot.
fn catch_up(feed: &dyn Feed, index: &mut RankedIndex) -> Result<u64> {
    let archive = feed.archive_id()?;
    let mut last = index.last_seq();
    let mut applied = 0u64;
    loop {
        let (changes, docs, head) = feed.changes(last)?;
        let Some(&(max_seq, _)) = changes.last() else {
            break;
        };
        let mut seen = std::collections::HashSet::new();
        for &(_, rowid) in &changes {
            if seen.insert(rowid) {
                index.apply(rowid, docs.get(&rowid))?;
                applied += 1;
            }
        }
        index.commit_stamped(Stamp {
            seq: max_seq,
            archive: archive.clone(),
            audit_seq: head.0,
            audit_hash: head.1,
        })?;
        last = max_seq;
    }
    Ok(applied)
}
