//! Caption analysis: here is a caption, what does it say?
//!
//! Every recognizer takes the caption text (plus lexicons passed in as values) and returns what
//! it found with the byte [`Span`] it came from and the id of the rule that fired. Nothing here
//! reads files, the clock or the environment, and nothing here fails on odd input: a caption that
//! says nothing useful gives an empty result, never an error. Only loading lexicons can fail.
//!
//! The recognizers are independent modules, combined by `dateline-engine`:
//! - [`credit`]: photographer and agency from the credit line;
//! - [`date`]: the date the photo was taken;
//! - [`event`]: incident type, hedging and generic actors;
//! - [`casualty`]: killed / injured figures and their attribution;
//! - [`clause`]: what `event` and `casualty` share (folded text, sentences, number words,
//!   closed word classes), so that neither depends on the other;
//! - [`names`]: words with byte spans and runs of capitalized words;
//! - [`mentions`]: people, organizations and place phrases with their grammatical cues
//!   ("X province", "city of X"), asking the gazetteer through a [`mentions::PlaceOracle`].
#![deny(missing_docs)]

pub mod casualty;
pub mod clause;
pub mod credit;
pub mod date;
pub mod event;
pub mod mentions;
pub mod names;

pub use dateline_model::Span;

/// A value found in the caption, with where it came from and which rule found it.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<T> {
    /// The value.
    pub value: T,
    /// Where in the caption the supporting words are.
    pub span: Span,
    /// Rule id, e.g. `credit.photo_by`; shown in evidence.
    pub rule: &'static str,
}

impl<T> Found<T> {
    /// Wraps a value with its span and rule.
    pub fn new(value: T, span: Span, rule: &'static str) -> Self {
        Found { value, span, rule }
    }
}

/// A lexicon file could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{source_name}:{line}: {message}")]
pub struct LexiconError {
    /// Name of the lexicon (file name or `builtin:agencies.tsv`).
    pub source_name: String,
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Splits a lexicon TSV into (line number, fields), skipping blank lines and `#` comments.
pub fn tsv_rows(tsv: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    tsv.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            None
        } else {
            Some((i + 1, line.split('\t').map(str::trim).collect()))
        }
    })
}
