//! The agencies list (`data/agencies.tsv`) and how a name written in a credit is looked up in it.
//!
//! Lookups run many times per caption (every credit part, every word start before a slash), so
//! the aliases sit in hash maps with a cheap hash, and a bit set of alias openings rejects most
//! words before any folding.

use std::collections::HashMap;

use super::*;
use crate::{LexiconError, tsv_rows};

/// Whether an agency produces photos itself or distributes its partners' photos.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AgencyRole {
    /// Produces photos (AFP, Reuters, AP, …).
    #[default]
    Agency,
    /// Distributes partners' photos (Getty Images, Corbis, Sipa USA, …): yields to a partner
    /// named in the same credit.
    Distributor,
    /// A state-media or official source (KCNA, SANA, …) whose pictures a news agency passes on:
    /// yields to a news agency named in the same credit ("Uncredited/KCNA/KNS/dpa" → dpa).
    Source,
}

#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub(super) canonical: String,
    pub(super) role: AgencyRole,
}

/// Agency names and their aliases, loaded from `data/agencies.tsv` (user-extensible).
#[derive(Debug, Clone, Default)]
pub struct AgencyLexicon {
    pub(super) entries: Vec<Entry>,
    /// Alias as written -> entry.
    pub(super) exact: HashMap<String, usize, FnvBuild>,
    /// Folded alias (aliases longer than 4 characters only) -> entry.
    pub(super) folded: HashMap<String, usize, FnvBuild>,
    /// The most non-whitespace bytes of an alias, as written or folded.
    pub(super) max_nonws: usize,
    /// Bit set of the first two bytes (ASCII letters lowercased) of every alias, as written and
    /// folded: a quick "no alias starts so".
    pub(super) pairs: Vec<u64>,
}

/// The first two bytes of `s`, ASCII letters lowercased, as an index into `pairs`.
pub(super) fn pair_index(s: &[u8]) -> usize {
    let a = s.first().copied().unwrap_or(0).to_ascii_lowercase();
    let b = s.get(1).copied().unwrap_or(0).to_ascii_lowercase();
    (usize::from(a) << 8) | usize::from(b)
}

/// FNV-1a: the alias maps hash short strings, many times per caption.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

pub(super) type FnvBuild = std::hash::BuildHasherDefault<Fnv>;

/// Byte offset of " for " in `s` (a plain scan: cheaper than a substring searcher on short
/// text).
pub(super) fn find_for(s: &str) -> Option<usize> {
    s.as_bytes().windows(5).position(|w| w == b" for ")
}

/// Bytes of `s` outside whitespace.
pub(super) fn nonws_len(s: &str) -> usize {
    s.chars()
        .filter(|c| !c.is_whitespace())
        .map(char::len_utf8)
        .sum()
}

/// Text of the built-in agencies list.
pub const BUILTIN_AGENCIES_TSV: &str = include_str!("../../../../data/agencies.tsv");

pub(super) fn fold(s: &str) -> String {
    fold_upto(s, usize::MAX).0
}

/// The start of `fold(s)`: stops once longer than `max` bytes; `true` when it stopped early.
pub(super) fn fold_upto(s: &str, max: usize) -> (String, bool) {
    let mut out = String::with_capacity(s.len().min(max.saturating_add(8)));
    for (k, w) in s.split_whitespace().enumerate() {
        if out.len() > max {
            return (out, true);
        }
        if k > 0 {
            out.push(' ');
        }
        if w.is_ascii() {
            out.extend(w.bytes().map(|b| b.to_ascii_lowercase() as char));
        } else {
            out.push_str(&w.to_lowercase().replace('’', "'"));
        }
    }
    (out, false)
}

impl AgencyLexicon {
    /// Parses an agencies TSV. `source_name` is used in error messages.
    pub fn parse(source_name: &str, tsv: &str) -> Result<Self, LexiconError> {
        let mut lex = AgencyLexicon::default();
        lex.extend(source_name, tsv)?;
        Ok(lex)
    }

    /// The built-in list (`data/agencies.tsv`).
    pub fn builtin() -> Self {
        // The built-in file is checked by a unit test; an error cannot happen at run time.
        Self::parse("builtin:agencies.tsv", BUILTIN_AGENCIES_TSV).unwrap_or_default()
    }

    /// Adds the rows of another agencies TSV (a user's additions win).
    ///
    /// Columns: canonical name, `|`-separated aliases (optional), role `agency` (default) or
    /// `distributor` (optional). Nothing is added when a row is invalid.
    pub fn extend(&mut self, source_name: &str, tsv: &str) -> Result<(), LexiconError> {
        let mut rows = Vec::new();
        for (line, fields) in tsv_rows(tsv) {
            let err = |message: String| LexiconError {
                source_name: source_name.to_string(),
                line,
                message,
            };
            let canonical = fields.first().copied().unwrap_or("");
            if canonical.is_empty() {
                return Err(err("empty canonical agency name".into()));
            }
            let role = match fields.get(2).copied().unwrap_or("") {
                "" | "agency" => AgencyRole::Agency,
                "distributor" => AgencyRole::Distributor,
                "source" => AgencyRole::Source,
                other => {
                    return Err(err(format!(
                        "unknown role {other:?} (expected `agency`, `distributor` or `source`)"
                    )));
                }
            };
            let mut aliases: Vec<&str> = vec![canonical];
            if let Some(a) = fields.get(1) {
                aliases.extend(a.split('|').map(str::trim).filter(|a| !a.is_empty()));
            }
            if let Some(bad) = aliases.iter().find(|a| a.contains('/')) {
                return Err(err(format!(
                    "alias {bad:?} contains '/', which separates credit parts"
                )));
            }
            rows.push((canonical, role, aliases));
        }
        for (canonical, role, aliases) in rows {
            let idx = match self.entries.iter().position(|e| e.canonical == canonical) {
                Some(i) => {
                    self.entries[i].role = role;
                    i
                }
                None => {
                    self.entries.push(Entry {
                        canonical: canonical.to_string(),
                        role,
                    });
                    self.entries.len() - 1
                }
            };
            if self.pairs.is_empty() {
                self.pairs = vec![0; 1 << 10];
            }
            for a in aliases {
                self.exact.insert(a.to_string(), idx);
                self.max_nonws = self.max_nonws.max(nonws_len(a));
                let p = pair_index(a.as_bytes());
                self.pairs[p >> 6] |= 1 << (p & 63);
                if a.chars().count() > 4 {
                    let f = fold(a);
                    self.max_nonws = self.max_nonws.max(nonws_len(&f));
                    let p = pair_index(f.as_bytes());
                    self.pairs[p >> 6] |= 1 << (p & 63);
                    self.folded.insert(f, idx);
                }
            }
        }
        Ok(())
    }

    /// Number of agencies.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when no agency is known.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The canonical name of an agency name or alias ("AFP PHOTO" -> "AFP"), if known.
    pub fn normalize(&self, name: &str) -> Option<&str> {
        self.lookup(name)
            .map(|i| self.entries[i].canonical.as_str())
    }

    /// The role of a canonical agency name, if known.
    pub fn role(&self, canonical: &str) -> Option<AgencyRole> {
        self.entries
            .iter()
            .find(|e| e.canonical == canonical)
            .map(|e| e.role)
    }

    pub(super) fn get(&self, s: &str) -> Option<usize> {
        if let Some(&i) = self.exact.get(s) {
            return Some(i);
        }
        if s.chars().count() > 4 {
            if s.is_ascii() && s.len() <= 128 {
                // `fold` without allocating.
                let mut buf = [0u8; 128];
                let mut n = 0;
                for (k, w) in s.split_whitespace().enumerate() {
                    if k > 0 {
                        buf[n] = b' ';
                        n += 1;
                    }
                    for b in w.bytes() {
                        buf[n] = b.to_ascii_lowercase();
                        n += 1;
                    }
                }
                let f = std::str::from_utf8(&buf[..n]).ok()?;
                return self.folded.get(f).copied();
            }
            return self.folded.get(&fold(s)).copied();
        }
        None
    }

    pub(super) fn lookup(&self, s: &str) -> Option<usize> {
        let s = s.trim().trim_end_matches(['.', ',']).trim();
        if s.is_empty() || s.len() > 80 {
            return None;
        }
        // Longer than every alias plus a suffix (" pictures"): no need to look. (ASCII only:
        // lowercasing may shorten other text.)
        // No alias starts with these two bytes. (An ASCII text whose second byte is no
        // whitespace: every name looked up below, and the fold of each, starts with them.)
        let b = s.as_bytes();
        if prefilter_on() && s.is_ascii() && b.len() >= 2 && !(b[1] as char).is_whitespace() {
            let p = pair_index(b);
            if self
                .pairs
                .get(p >> 6)
                .is_none_or(|w| w & (1 << (p & 63)) == 0)
            {
                return None;
            }
        }
        let for_at = find_for(s);
        if prefilter_on()
            && for_at.is_none()
            && s.is_ascii()
            && s.bytes().filter(|b| !(*b as char).is_whitespace()).count() > self.max_nonws + 9
        {
            return None;
        }
        // "Getty Images for Nike" -> Getty Images.
        let for_base = for_at.map(|i| s[..i].trim());
        for base in std::iter::once(s).chain(for_base) {
            if let Some(i) = self.get(base) {
                return Some(i);
            }
            // ASCII: compare the end without lowercasing the whole base.
            let lower = if base.is_ascii() {
                String::new()
            } else {
                base.to_lowercase()
            };
            for suffix in WORDS.agency_suffix.iter().map(String::as_str) {
                let ends = if base.is_ascii() {
                    base.len() >= suffix.len()
                        && base.as_bytes()[base.len() - suffix.len()..]
                            .eq_ignore_ascii_case(suffix.as_bytes())
                } else {
                    lower.ends_with(suffix) && lower.len() == base.len()
                };
                if ends && let Some(i) = self.get(base[..base.len() - suffix.len()].trim()) {
                    return Some(i);
                }
            }
        }
        None
    }

    pub(super) fn is_distributor(&self, i: usize) -> bool {
        self.entries[i].role == AgencyRole::Distributor
    }

    /// Preference when a credit names several agencies: a news agency, then a source (state
    /// media), then a distributor.
    pub(super) fn preference(&self, i: usize) -> u8 {
        match self.entries[i].role {
            AgencyRole::Agency => 0,
            AgencyRole::Source => 1,
            AgencyRole::Distributor => 2,
        }
    }
}
