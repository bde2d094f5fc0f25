//! The date the photo was taken.
//!
//! OWNER: credit/date helper. Replace this stub; keep the public signatures.

use crate::Span;
use dateline_model::DatePrecision;

/// The chosen photo date.
#[derive(Debug, Clone, PartialEq)]
pub struct DateFound {
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    pub iso: String,
    /// Precision of `iso`.
    pub precision: DatePrecision,
    /// The words the date came from.
    pub span: Span,
    /// Whether a named weekday matches; `None` when none was named.
    pub weekday_ok: Option<bool>,
    /// Rule id, e.g. `date.picture_taken`.
    pub rule: &'static str,
}

/// Finds the photo date; `exclude` holds spans (the credit line) to ignore.
/// Returns the date and warnings (e.g. "weekday does not match date").
pub fn find_date(
    _text: &str,
    _reference: Option<jiff::civil::Date>,
    _exclude: &[Span],
) -> (Option<DateFound>, Vec<String>) {
    (None, Vec::new())
}
