//! Temporary stand-in while ranked.rs is written.
use std::path::Path;
#[allow(missing_docs)]
pub struct IndexDoc {
    pub rowid: i64,
    pub id: String,
    pub caption: String,
    pub names: String,
    pub agency: Option<String>,
    pub creators: Vec<String>,
    pub country: Option<String>,
    pub province: Option<String>,
    pub city: Option<String>,
    pub event_type: Option<String>,
    pub reported: bool,
    pub date_start: Option<i64>,
    pub date_end: Option<i64>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub killed: Option<u64>,
    pub injured: Option<u64>,
    pub superseded: bool,
}
#[allow(missing_docs)]
#[derive(Debug, thiserror::Error)]
#[error("stub")]
pub struct RankedError;
#[allow(missing_docs)]
pub struct RankedIndex;
#[allow(missing_docs)]
pub struct RankedSearch {
    pub limit: usize,
    pub offset: usize,
    pub loose_dates: bool,
    pub include_superseded: bool,
}
#[allow(missing_docs)]
pub struct RankedResults {
    pub total: u64,
    pub hits: Vec<(i64, f32)>,
}
#[allow(missing_docs)]
impl RankedIndex {
    pub fn open(_dir: &Path) -> Result<Self, RankedError> {
        Err(RankedError)
    }
    pub fn last_seq(&self) -> i64 {
        0
    }
    pub fn apply(&mut self, _rowid: i64, _doc: Option<&IndexDoc>) -> Result<(), RankedError> {
        Ok(())
    }
    pub fn commit(&mut self, _last_seq: i64) -> Result<(), RankedError> {
        Ok(())
    }
    pub fn clear(&mut self) -> Result<(), RankedError> {
        Ok(())
    }
    pub fn num_docs(&self) -> u64 {
        0
    }
    pub fn search(
        &self,
        _q: &dateline_query::Query,
        _o: &RankedSearch,
    ) -> Result<RankedResults, RankedError> {
        Err(RankedError)
    }
}
