//! Training data from gold records, and training.
//!
//! Gold files list people and organizations as written, not where they are; [`align`] finds each
//! gold string in the caption (every occurrence outside the credit, case-sensitive first, then
//! ignoring case) and labels the tokens it covers. Strings that cover no whole token are counted,
//! not guessed.

use crate::features::Token;
use crate::{Kind, Label, TaggerError};
use dateline_model::Span;
use std::path::Path;

/// One training sequence: features and the gold label of each token.
#[derive(Debug, Clone)]
pub struct Sample {
    /// Features per token.
    pub features: Vec<Vec<String>>,
    /// Gold label per token.
    pub labels: Vec<Label>,
}

/// What [`align`] could not place.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unaligned {
    /// Gold strings found nowhere in the caption (outside the credit) on token boundaries.
    pub missing: Vec<String>,
}

/// Byte offsets of every occurrence of `needle` in `text` (ASCII case ignored if `fold`).
fn occurrences(text: &str, needle: &str, fold: bool) -> Vec<usize> {
    if needle.is_empty() {
        return Vec::new();
    }
    let (hay, pat) = if fold {
        (text.to_ascii_lowercase(), needle.to_ascii_lowercase())
    } else {
        (text.to_string(), needle.to_string())
    };
    hay.match_indices(&pat).map(|(i, _)| i).collect()
}

/// Labels the tokens of a caption from gold strings. People are placed first, then
/// organizations, then the sublocation; none overwrites an earlier one (a parliament that is
/// both the organization and the place of a protest is labelled an organization).
pub fn align(
    text: &str,
    tokens: &[Token],
    credit: &[Span],
    people: &[String],
    organizations: &[String],
    sublocations: &[String],
) -> (Vec<Label>, Unaligned) {
    let mut labels = vec![Label::O; tokens.len()];
    let mut unaligned = Unaligned::default();
    for (kind, names) in [
        (Kind::Person, people),
        (Kind::Organization, organizations),
        (Kind::Sublocation, sublocations),
    ] {
        for name in names {
            let name = name.trim();
            let mut placed = false;
            for fold in [false, true] {
                for start in occurrences(text, name, fold) {
                    let span = Span::new(start, start + name.len());
                    if credit
                        .iter()
                        .any(|c| c.start < span.end && span.start < c.end)
                    {
                        continue;
                    }
                    // Whole tokens only: the occurrence must start and end on token edges.
                    let inside: Vec<usize> = (0..tokens.len())
                        .filter(|&i| {
                            let t = tokens[i].span;
                            span.start <= t.start && t.end <= span.end
                        })
                        .collect();
                    let (Some(&first), Some(&last)) = (inside.first(), inside.last()) else {
                        continue;
                    };
                    if tokens[first].span.start != span.start
                        || !text[tokens[last].span.end..span.end]
                            .chars()
                            .all(|c| !c.is_alphanumeric())
                    {
                        continue;
                    }
                    if inside.iter().any(|&i| labels[i] != Label::O) {
                        continue;
                    }
                    for (k, &i) in inside.iter().enumerate() {
                        labels[i] = if k == 0 { kind.begin() } else { kind.inside() };
                    }
                    placed = true;
                }
                if placed {
                    break;
                }
            }
            if !placed {
                unaligned.missing.push(name.to_string());
            }
        }
    }
    (labels, unaligned)
}

/// Settings of the L-BFGS trainer.
#[derive(Debug, Clone, Copy)]
pub struct Params {
    /// L1 penalty (sparsity).
    pub c1: f64,
    /// L2 penalty.
    pub c2: f64,
    /// Iteration budget.
    pub max_iterations: usize,
}

impl Default for Params {
    /// The settings the shipped model was trained with.
    fn default() -> Self {
        Params {
            c1: 0.05,
            c2: 0.01,
            max_iterations: 150,
        }
    }
}

/// Trains a model on the samples and writes it, in crfsuite's format, to `path` (the trainer of
/// `crfs` writes only to a file; read it back and pass the bytes to
/// [`crate::Model::from_crfsuite`]).
pub fn train_to_file(samples: &[Sample], params: Params, path: &Path) -> Result<(), TaggerError> {
    let mut trainer = crfs::Trainer::lbfgs();
    trainer.verbose(false);
    for s in samples {
        if s.features.is_empty() {
            continue;
        }
        let xseq: Vec<Vec<crfs::Attribute>> = s
            .features
            .iter()
            .map(|f| {
                f.iter()
                    .map(|a| crfs::Attribute::new(a.as_str(), 1.0))
                    .collect()
            })
            .collect();
        let yseq: Vec<&str> = s.labels.iter().map(|l| l.as_str()).collect();
        trainer.append(&xseq, &yseq)?;
    }
    trainer.params_mut().set_c1(params.c1)?;
    trainer.params_mut().set_c2(params.c2)?;
    trainer
        .params_mut()
        .set_max_iterations(params.max_iterations)?;
    trainer.train(path)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokens;

    #[test]
    fn gold_strings_label_every_occurrence_outside_the_credit() {
        // written
        let text =
            "Omar Haddad waves; Haddad's son and the Red Crescent watch. (Photo by Omar Haddad)";
        let toks = tokens(text);
        let credit = [Span::new(61, text.len())];
        let (labels, un) = align(
            text,
            &toks,
            &credit,
            &["Omar Haddad".into(), "Haddad".into(), "Nobody".into()],
            &["red crescent".into()],
            &[],
        );
        let at = |w: &str| labels[toks.iter().position(|t| t.span.slice(text) == w).unwrap()];
        assert_eq!(at("Omar"), Label::BPer);
        assert_eq!(at("Haddad"), Label::IPer);
        assert_eq!(
            labels[toks
                .iter()
                .rposition(|t| t.span.slice(text) == "Haddad")
                .unwrap()],
            Label::O
        );
        assert_eq!(at("Red"), Label::BOrg);
        assert_eq!(at("Crescent"), Label::IOrg);
        assert_eq!(un.missing, vec!["Nobody".to_string()]);
        // "Haddad's" (the second occurrence) is labelled as a person on its own.
        let second = toks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.span.slice(text) == "Haddad")
            .nth(1)
            .unwrap()
            .0;
        assert_eq!(labels[second], Label::BPer);
    }
}
