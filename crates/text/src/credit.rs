//! Credit lines: who took the photo and for which agency.
//!
//! OWNER: credit/date helper. Replace this stub; keep the public signatures.

use crate::{Found, LexiconError, Span};

/// Agency names and their aliases, loaded from `data/agencies.tsv` (user-extensible).
#[derive(Debug, Clone, Default)]
pub struct AgencyLexicon {}

impl AgencyLexicon {
    /// Parses an agencies TSV. `source_name` is used in error messages.
    pub fn parse(_source_name: &str, _tsv: &str) -> Result<Self, LexiconError> {
        Ok(AgencyLexicon {})
    }
    /// Adds the rows of another agencies TSV (a user's additions win).
    pub fn extend(&mut self, _source_name: &str, _tsv: &str) -> Result<(), LexiconError> {
        Ok(())
    }
}

/// What the credit line says.
#[derive(Debug, Clone, PartialEq)]
pub struct CreditFound {
    /// The whole credit text (all of it, including doubled bylines); other recognizers skip it.
    pub span: Span,
    /// Photographers as written, each with its own span.
    pub creators: Vec<Found<String>>,
    /// Normalized agency name, with the span of the words it came from.
    pub agency: Option<Found<String>>,
    /// Rule that recognized the credit format, e.g. `credit.photo_by`.
    pub rule: &'static str,
}

/// Finds the credit line of a caption.
pub fn find_credit(_text: &str, _lex: &AgencyLexicon) -> Option<CreditFound> {
    None
}
