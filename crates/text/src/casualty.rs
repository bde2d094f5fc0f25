//! Casualty figures and whom they are attributed to.
//!
//! OWNER: event/casualty helper. Replace this stub; keep the public signatures.

use crate::{Found, Span};

/// Killed / injured figures of the incident the photo belongs to.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CasualtiesFound {
    /// People killed.
    pub killed: Option<Found<u64>>,
    /// People injured.
    pub injured: Option<Found<u64>>,
    /// `at_least`, `about` or `exact`.
    pub qualifier: Option<&'static str>,
    /// Attribution ("Syrian Observatory for Human Rights", "activists").
    pub source: Option<Found<String>>,
}

/// Finds casualty figures; returns them and warnings ("dozens" killed → no number, a warning).
pub fn find_casualties(_text: &str, _exclude: &[Span]) -> (CasualtiesFound, Vec<String>) {
    (CasualtiesFound::default(), Vec::new())
}
