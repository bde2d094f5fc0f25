//! Event type, hedging and generic actors.
//!
//! OWNER: event/casualty helper. Replace this stub; keep the public signatures.

use crate::{Found, LexiconError, Span};

/// Event cue words and hedges, loaded from `data/event_cues.tsv` (user-extensible).
#[derive(Debug, Clone, Default)]
pub struct EventLexicon {}

impl EventLexicon {
    /// Parses an event-cue TSV.
    pub fn parse(_source_name: &str, _tsv: &str) -> Result<Self, LexiconError> {
        Ok(EventLexicon {})
    }
    /// Adds the rows of another event-cue TSV.
    pub fn extend(&mut self, _source_name: &str, _tsv: &str) -> Result<(), LexiconError> {
        Ok(())
    }
}

/// What the caption says happened.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EventFound {
    /// Contract event type (`air_strike`, `shelling`, ...), with the cue that decided it.
    pub event_type: Option<Found<String>>,
    /// The hedge that makes the incident reported ("reported", "activists said"), if any.
    pub reported: Option<Found<()>>,
    /// Generic actors ("government forces", "rebels").
    pub actors: Vec<Found<String>>,
}

/// Classifies the incident; `exclude` holds spans (the credit line) to ignore.
pub fn find_event(_text: &str, _lex: &EventLexicon, _exclude: &[Span]) -> EventFound {
    EventFound::default()
}
