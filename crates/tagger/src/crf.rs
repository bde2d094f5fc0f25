//! A crfsuite model's weights, read once, and tagging with them: Viterbi for the labels,
//! forward-backward for each token's marginal probabilities.

use crate::features::{self, Hints, Token};
use crate::{Kind, Label, TaggerError, WordClasses};
use dateline_model::Span;
use rustc_hash::FxHashMap;

const L: usize = Label::ALL.len();

/// The key of a feature string in [`Model`]'s table.
fn feature_key(f: &str) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(f.as_bytes());
    h.finish()
}

/// A trained model: state weights per feature string, transition weights, and the word lists
/// its features were computed with.
pub struct Model {
    /// Feature string's 64-bit hash → index in `state`. Keyed by the hash, not the string:
    /// tagging looks up some 40 feature strings per word, most of them absent, and comparing
    /// strings on every hit cost more than the rest of the lookup (a false hit needs two 64-bit
    /// hashes to agree, about one in 10^11 captions).
    attrs: FxHashMap<u64, u32>,
    /// Weight of each feature for each label (indexed as [`Label::ALL`]).
    state: Vec<[f64; L]>,
    /// `trans[from][to]`.
    trans: [[f64; L]; L],
    /// Labels the model was trained with. A model of fewer labels (one made before the
    /// sublocation labels) must never emit the others: their weights would all read 0, which is
    /// not "impossible" but "as likely as any label without evidence".
    present: [bool; L],
    lex: WordClasses,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("features", &self.attrs.len())
            .finish()
    }
}

/// A caption's tokens and their feature hashes ([`Model::features`]).
#[derive(Debug, Clone)]
pub struct Features {
    tokens: Vec<Token>,
    keys: Vec<Vec<u64>>,
}

/// A tagged caption.
#[derive(Debug, Clone)]
pub struct Tagged {
    /// The caption's tokens.
    pub tokens: Vec<Token>,
    /// The most probable label sequence.
    pub labels: Vec<Label>,
    /// Per token, the probability of each label (in [`Label::ALL`] order).
    pub marginals: Vec<[f64; L]>,
}

impl Tagged {
    /// Probability that a token is part of a name of `kind`.
    pub fn token_prob(&self, i: usize, kind: Kind) -> f64 {
        let m = &self.marginals[i];
        m[kind.begin().index()] + m[kind.inside().index()]
    }

    /// Mean probability, over the tokens inside `span`, that they are part of a name of `kind`;
    /// `None` when no token lies inside it.
    pub fn span_prob(&self, span: Span, kind: Kind) -> Option<f64> {
        let (mut sum, mut n) = (0.0, 0);
        for (i, t) in self.tokens.iter().enumerate() {
            if span.start <= t.span.start && t.span.end <= span.end {
                sum += self.token_prob(i, kind);
                n += 1;
            }
        }
        (n > 0).then(|| sum / n as f64)
    }

    /// The names of `kind` in the label sequence, with their mean token probability.
    pub fn spans(&self, kind: Kind) -> Vec<(Span, f64)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.labels.len() {
            if self.labels[i] != kind.begin() && self.labels[i] != kind.inside() {
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            while i < self.labels.len() && self.labels[i] == kind.inside() {
                i += 1;
            }
            let span = Span::new(self.tokens[start].span.start, self.tokens[i - 1].span.end);
            let p = (start..i).map(|j| self.token_prob(j, kind)).sum::<f64>() / (i - start) as f64;
            out.push((span, p));
        }
        out
    }
}

impl Model {
    /// Reads a crfsuite model file's bytes (as written by [`crate::train`]).
    pub fn from_crfsuite(bytes: &[u8], lex: WordClasses) -> Result<Model, TaggerError> {
        let model = crfs::Model::new(bytes).map_err(|e| TaggerError::BadModel(e.to_string()))?;
        let mut dump = Vec::new();
        model
            .dump(&mut dump)
            .map_err(|e| TaggerError::BadModel(e.to_string()))?;
        let dump = String::from_utf8(dump).map_err(|e| TaggerError::BadModel(e.to_string()))?;
        let mut attrs: FxHashMap<u64, u32> = FxHashMap::default();
        let mut state: Vec<[f64; L]> = Vec::new();
        let mut trans = [[0.0; L]; L];
        let mut present = [false; L];
        let mut section = "";
        let label = |s: &str| {
            Label::parse(s.trim()).ok_or_else(|| TaggerError::BadModel(format!("label {s:?}")))
        };
        for line in dump.lines() {
            if let Some(name) = line.strip_suffix(" = {") {
                section = match name {
                    "TRANSITIONS" => "t",
                    "STATE_FEATURES" => "s",
                    _ => "",
                };
                continue;
            }
            if section.is_empty() || line.starts_with('}') || line.trim().is_empty() {
                continue;
            }
            let bad = || TaggerError::BadModel(format!("line {line:?}"));
            let (left, right) = line.rsplit_once(" --> ").ok_or_else(bad)?;
            let (target, weight) = right.rsplit_once(": ").ok_or_else(bad)?;
            let weight: f64 = weight.trim().parse().map_err(|_| bad())?;
            let source = left.trim_start().split_once(") ").ok_or_else(bad)?.1;
            let target = label(target)?;
            present[target.index()] = true;
            if section == "t" {
                trans[label(source)?.index()][target.index()] = weight;
            } else {
                let next = state.len() as u32;
                let id = *attrs.entry(feature_key(source)).or_insert(next);
                if id == next {
                    state.push([0.0; L]);
                }
                state[id as usize][target.index()] = weight;
            }
        }
        if state.is_empty() {
            return Err(TaggerError::BadModel("no state features".into()));
        }
        present[Label::O.index()] = true;
        Ok(Model {
            attrs,
            state,
            trans,
            present,
            lex,
        })
    }

    /// The word lists the features are computed with.
    pub fn word_classes(&self) -> &WordClasses {
        &self.lex
    }

    /// Tags a caption: `text` is the caption (or its same-length view in ordinary case).
    pub fn tag(&self, text: &str, hints: &Hints) -> Tagged {
        self.tag_features(&self.features(text, hints))
    }

    /// The caption's tokens and the hash of each token's features, computed once so that models
    /// trained on the same features ([`Model::tag_features`]) share them: building the feature
    /// strings costs more than scoring them.
    pub fn features(&self, text: &str, hints: &Hints) -> Features {
        let tokens = features::tokens(text);
        let infos = features::infos(text, &tokens, hints, &self.lex);
        let mut buf = String::new();
        let keys = (0..tokens.len())
            .map(|i| {
                let mut k = Vec::with_capacity(48);
                features::for_each(&infos, i, &self.lex, &mut buf, &mut |f| {
                    k.push(feature_key(f));
                });
                k
            })
            .collect();
        Features { tokens, keys }
    }

    /// Tags a caption from its [`Model::features`] (of this model's word lists, or of another
    /// model's with the same ones).
    pub fn tag_features(&self, f: &Features) -> Tagged {
        let n = f.tokens.len();
        let mut score = vec![[0.0f64; L]; n];
        for (s, keys) in score.iter_mut().zip(&f.keys) {
            for key in keys {
                if let Some(&id) = self.attrs.get(key) {
                    let w = &self.state[id as usize];
                    for y in 0..L {
                        s[y] += w[y];
                    }
                }
            }
            for (y, v) in s.iter_mut().enumerate() {
                if !self.present[y] {
                    *v = f64::NEG_INFINITY;
                }
            }
        }
        let labels = self.viterbi(&score);
        let marginals = self.marginals(&score);
        Tagged {
            tokens: f.tokens.clone(),
            labels,
            marginals,
        }
    }

    fn viterbi(&self, score: &[[f64; L]]) -> Vec<Label> {
        let n = score.len();
        if n == 0 {
            return Vec::new();
        }
        let mut best = score[0];
        let mut back = vec![[0u8; L]; n];
        for t in 1..n {
            let mut next = [f64::NEG_INFINITY; L];
            for y in (0..L).filter(|&y| self.present[y]) {
                for (x, &b) in best.iter().enumerate() {
                    if !self.present[x] {
                        continue;
                    }
                    let v = b + self.trans[x][y];
                    if v > next[y] {
                        next[y] = v;
                        back[t][y] = x as u8;
                    }
                }
                next[y] += score[t][y];
            }
            best = next;
        }
        let mut y = (0..L)
            .max_by(|&a, &b| best[a].total_cmp(&best[b]))
            .unwrap_or(0);
        let mut out = vec![Label::O; n];
        for t in (0..n).rev() {
            out[t] = Label::ALL[y];
            y = back[t][y] as usize;
        }
        out
    }

    /// Forward-backward with each step renormalized (the product of forward and backward at a
    /// token is proportional to its marginal, whatever constant each side was scaled by).
    fn marginals(&self, score: &[[f64; L]]) -> Vec<[f64; L]> {
        let n = score.len();
        let exp_trans = self.trans.map(|row| row.map(f64::exp));
        let exp_state: Vec<[f64; L]> = score
            .iter()
            .map(|s| {
                let m = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                s.map(|v| (v - m).exp())
            })
            .collect();
        let normalize = |v: &mut [f64; L]| {
            let sum: f64 = v.iter().sum();
            if sum > 0.0 {
                v.iter_mut().for_each(|x| *x /= sum);
            }
        };
        let mut alpha = vec![[0.0; L]; n];
        let mut beta = vec![[1.0; L]; n];
        let live: Vec<usize> = (0..L).filter(|&y| self.present[y]).collect();
        for t in 0..n {
            if t == 0 {
                alpha[0] = exp_state[0];
            } else {
                for &y in &live {
                    let s: f64 = live
                        .iter()
                        .map(|&x| alpha[t - 1][x] * exp_trans[x][y])
                        .sum();
                    alpha[t][y] = s * exp_state[t][y];
                }
            }
            normalize(&mut alpha[t]);
        }
        for t in (0..n.saturating_sub(1)).rev() {
            for &x in &live {
                beta[t][x] = live
                    .iter()
                    .map(|&y| exp_trans[x][y] * exp_state[t + 1][y] * beta[t + 1][y])
                    .sum();
            }
            normalize(&mut beta[t]);
        }
        (0..n)
            .map(|t| {
                let mut m = [0.0; L];
                for y in 0..L {
                    m[y] = alpha[t][y] * beta[t][y];
                }
                normalize(&mut m);
                m
            })
            .collect()
    }
}
