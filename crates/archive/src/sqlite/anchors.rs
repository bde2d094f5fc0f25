//! Anchors: copies of the audit log's head kept outside the database file.
//!
//! The hash chain shows that no entry was changed, but not that entries were cut from its end
//! or that the whole file was swapped for another. The archive therefore appends the newest
//! head (`seq hash archive-id time`) to `ARCHIVE.anchors` after every audited write, and users
//! can publish `dateline log --head` elsewhere; `verify` checks that the chain still reaches
//! every anchor.

use serde::Serialize;

/// One anchored head of the audit log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Anchor {
    /// Position of the entry in the log, when the anchor says.
    pub seq: Option<i64>,
    /// Hex SHA-256 of the entry.
    pub hash: String,
    /// The archive's id, when the anchor says.
    pub archive: Option<String>,
    /// Where the anchor came from (`FILE:LINE` or `--anchor`).
    pub origin: String,
}

/// A line of an anchors file that holds no anchor: its number and text.
pub type BadLine = (usize, String);

/// True for 64 lower- or upper-case hexadecimal digits.
pub fn is_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Reads anchors from text: one per line, `[SEQ] HASH [ARCHIVE-ID] [...]` (the format of the
/// anchors file and of `dateline log --head`); blank lines and `#` comments are skipped.
/// Lines that hold no hash are returned as errors (line number, text).
pub fn parse(text: &str, origin: &str) -> (Vec<Anchor>, Vec<BadLine>) {
    let mut anchors = Vec::new();
    let mut bad = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        let Some(pos) = words.iter().position(|w| is_hash(w)) else {
            bad.push((i + 1, line.to_string()));
            continue;
        };
        let seq = pos
            .checked_sub(1)
            .and_then(|p| words[p].parse::<i64>().ok());
        let archive = words
            .get(pos + 1)
            .filter(|w| w.len() == 32 && w.bytes().all(|b| b.is_ascii_hexdigit()))
            .map(|w| w.to_ascii_lowercase());
        anchors.push(Anchor {
            seq,
            hash: words[pos].to_ascii_lowercase(),
            archive,
            origin: format!("{origin}:{}", i + 1),
        });
    }
    (anchors, bad)
}

/// A sentence for each anchor the audit log `log` no longer reaches: an entry with the
/// anchor's hash (at its position, when the anchor gives one) in the archive `ours`.
pub fn problems(log: &[crate::AuditEntry], ours: &str, list: &[Anchor]) -> Vec<String> {
    let max_seq = log.iter().map(|e| e.seq).max().unwrap_or(0);
    let mut problems = Vec::new();
    for a in list {
        if let Some(theirs) = &a.archive
            && theirs != ours
        {
            problems.push(format!(
                "{}: anchored archive {theirs} but this database is archive {ours}: the database (file) was replaced",
                a.origin
            ));
            continue;
        }
        let found = log
            .iter()
            .find(|e| e.hash.eq_ignore_ascii_case(&a.hash))
            .map(|e| e.seq);
        match (found, a.seq) {
            (Some(at), Some(seq)) if at != seq => problems.push(format!(
                "{}: entry {seq} was anchored, but that hash is now entry {at}: the log was rewritten",
                a.origin
            )),
            (Some(_), _) => {}
            (None, Some(seq)) if seq > max_seq => problems.push(format!(
                "{}: entry {seq} was anchored but the audit log ends at entry {max_seq} ({} entries): entries were cut from its end",
                a.origin,
                log.len()
            )),
            (None, Some(seq)) => problems.push(format!(
                "{}: entry {seq} no longer has the anchored hash: the log was cut and written again, or rewritten",
                a.origin
            )),
            (None, None) => problems.push(format!(
                "{}: no audit entry has the anchored hash {}: the log was cut or rewritten",
                a.origin,
                &a.hash[..a.hash.len().min(16)]
            )),
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_file_format_and_the_head_format() {
        let h = "a".repeat(64);
        let id = "b".repeat(32);
        let text =
            format!("# anchors\n12 {h} {id} 2026-01-01T00:00:00.000Z\n\n{h}\nnot an anchor\n");
        let (a, bad) = parse(&text, "f");
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].seq, Some(12));
        assert_eq!(a[0].archive.as_deref(), Some(id.as_str()));
        assert_eq!(a[0].origin, "f:2");
        assert_eq!(a[1].seq, None);
        assert_eq!(bad, vec![(5, "not an anchor".to_string())]);
    }
}
