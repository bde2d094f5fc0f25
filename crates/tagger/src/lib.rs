//! A linear-chain CRF over the words of a caption, for the names the rules get wrong.
//!
//! The rules of `dateline-text` find people and organizations from capitalization, word classes
//! and the gazetteer. Where they plateau (a capitalized base or sports final taken for a person,
//! a list of names in a sports caption missed) a sequence model that weighs the same evidence
//! together does better. This crate is that model: it turns a caption into tokens with byte spans
//! ([`tokens`]), each token into string features ([`features`]: shape, folded form, affixes,
//! lexicon classes, gazetteer kind, neighbours, the credit, the rules' own labels), and tags the
//! sequence with BIO labels for people, organizations and the photo's sublocation ([`Label`]).
//!
//! Training uses `crfs` (a Rust port of CRFsuite, L-BFGS) and writes a crfsuite model file
//! ([`train`]). Tagging does not use `crfs`'s tagger: [`Model::from_crfsuite`] reads the model's
//! weights once into a hash map keyed by feature string, so that tagging a caption allocates no
//! feature strings and also yields per-token marginal probabilities (forward-backward), which the
//! engine needs to tell a confident rejection from a doubt.
//!
//! Pure code: no file I/O, except [`train::train_to_file`], because the trainer of `crfs` writes
//! its model to a path. The model shipped with dateline is embedded ([`Model::builtin`]); how it
//! was made is in `data/model/README.md`.

mod crf;
pub mod features;
mod lexicon;
pub mod train;

pub use crf::{Features, Model, Tagged};
pub use features::{Hints, Token, tokens};
pub use lexicon::WordClasses;

/// The labels the model assigns to each token, BIO style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Label {
    /// Outside any name.
    O,
    /// First word of a person's name.
    BPer,
    /// Later word of a person's name.
    IPer,
    /// First word of an organization's name.
    BOrg,
    /// Later word of an organization's name.
    IOrg,
    /// First word of the sublocation: the neighbourhood, camp, facility or landmark where the
    /// photo was taken.
    BSub,
    /// Later word of the sublocation.
    ISub,
}

impl Label {
    /// All labels, in the order of marginal arrays.
    pub const ALL: [Label; 7] = [
        Label::O,
        Label::BPer,
        Label::IPer,
        Label::BOrg,
        Label::IOrg,
        Label::BSub,
        Label::ISub,
    ];

    /// The label's name in a crfsuite model.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::O => "O",
            Label::BPer => "B-PER",
            Label::IPer => "I-PER",
            Label::BOrg => "B-ORG",
            Label::IOrg => "I-ORG",
            Label::BSub => "B-SUB",
            Label::ISub => "I-SUB",
        }
    }

    /// The label of a crfsuite model's label name.
    pub fn parse(s: &str) -> Option<Label> {
        Label::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// Index in [`Label::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a tagged span names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A person.
    Person,
    /// An organization.
    Organization,
    /// The sublocation of the photo.
    Sublocation,
}

impl Kind {
    fn begin(self) -> Label {
        match self {
            Kind::Person => Label::BPer,
            Kind::Organization => Label::BOrg,
            Kind::Sublocation => Label::BSub,
        }
    }
    fn inside(self) -> Label {
        match self {
            Kind::Person => Label::IPer,
            Kind::Organization => Label::IOrg,
            Kind::Sublocation => Label::ISub,
        }
    }
}

/// Errors reading a model or training one.
#[derive(Debug, thiserror::Error)]
pub enum TaggerError {
    /// The bytes are not a crfsuite model, or one with labels this crate does not know.
    #[error("not a usable crfsuite model: {0}")]
    BadModel(String),
    /// Training failed (no data, or the trainer could not write its file).
    #[error("training failed: {0}")]
    Training(#[from] std::io::Error),
}
