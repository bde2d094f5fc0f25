//! The word lists of `data/` as features: which class of `name_words.tsv` a word is in, and how
//! common an English word it is (`common_words.tsv`).
//!
//! The rules' `NameLexicon` keeps these lists private, so the tagger reads the same files through
//! the text crate's TSV reader. Only single words are kept: a feature describes one token.

use dateline_text::{LexiconError, tsv_rows};
use rustc_hash::FxHashMap;

/// Word classes and everyday-English frequency classes, keyed by lowercase word.
#[derive(Debug, Clone, Default)]
pub struct WordClasses {
    classes: Vec<String>,
    flags: FxHashMap<String, u32>,
    common: FxHashMap<String, u8>,
}

impl WordClasses {
    /// The lists shipped with dateline.
    pub fn builtin() -> Self {
        let mut w = WordClasses::default();
        w.add_words(
            "builtin:name_words.tsv",
            include_str!("../../../data/name_words.tsv"),
        )
        .expect("builtin name_words.tsv");
        w.add_common_words(
            "builtin:common_words.tsv",
            include_str!("../../../data/common_words.tsv"),
        )
        .expect("builtin common_words.tsv");
        w
    }

    /// Adds rows of a `name_words.tsv` file (class, word or phrase); phrases are skipped.
    pub fn add_words(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        for (line, cols) in tsv_rows(tsv) {
            let (Some(class), Some(word)) = (cols.first(), cols.get(1)) else {
                return Err(LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: "expected: class<TAB>word".into(),
                });
            };
            if word.contains(' ') || word.is_empty() {
                continue;
            }
            let bit = match self.classes.iter().position(|c| c == class) {
                Some(i) => i,
                None if self.classes.len() < 32 => {
                    self.classes.push(class.to_string());
                    self.classes.len() - 1
                }
                None => {
                    return Err(LexiconError {
                        source_name: source_name.into(),
                        line,
                        message: format!("too many word classes at {class:?}"),
                    });
                }
            };
            *self.flags.entry(word.to_lowercase()).or_default() |= 1 << bit;
        }
        Ok(())
    }

    /// Adds rows of a `common_words.tsv` file (word, frequency class).
    pub fn add_common_words(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        for (line, cols) in tsv_rows(tsv) {
            let size = cols
                .get(1)
                .and_then(|s| s.parse::<u8>().ok())
                .ok_or_else(|| LexiconError {
                    source_name: source_name.into(),
                    line,
                    message: "expected: word<TAB>size".into(),
                })?;
            self.common.insert(cols[0].to_lowercase(), size);
        }
        Ok(())
    }

    /// The classes of a lowercase word, by name.
    pub fn classes_of<'a>(&'a self, lower: &str) -> impl Iterator<Item = &'a str> + 'a {
        self.class_names(self.flags(lower))
    }

    /// The class bits of a lowercase word (see [`WordClasses::class_names`]).
    pub fn flags(&self, lower: &str) -> u32 {
        self.flags.get(lower).copied().unwrap_or(0)
    }

    /// The names of the classes whose bits are set.
    pub fn class_names(&self, flags: u32) -> impl Iterator<Item = &str> + '_ {
        self.classes
            .iter()
            .enumerate()
            .filter(move |(i, _)| flags & (1 << i) != 0)
            .map(|(_, c)| c.as_str())
    }

    /// Frequency class of an everyday English word (10 = most common), for a lowercase word.
    pub fn common_size(&self, lower: &str) -> Option<u8> {
        self.common.get(lower).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_lists_answer() {
        let w = WordClasses::builtin();
        assert!(w.classes_of("president").any(|c| c == "title"));
        assert!(w.common_size("displaced").is_some());
        assert_eq!(w.classes_of("zzqx").count(), 0);
    }
}
