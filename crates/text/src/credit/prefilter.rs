//! Cheap tests that skip the regexes and the parsing where they cannot match, so that the credit
//! recognizer costs little on the many sentences that hold no credit. Each mirrors one regex or
//! parse step; a unit test runs both with the prefilters on and off on many texts and compares.

use super::*;

// ------------------------------------------------------------------------------------------
// Prefilters: cheap tests that skip the regexes and the parsing where they cannot match (the
// results are those of the full parse; a unit test compares both on many texts).
// ------------------------------------------------------------------------------------------

#[cfg(test)]
thread_local! {
    pub(super) static PREFILTER: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

#[cfg(test)]
pub(super) fn prefilter_on() -> bool {
    PREFILTER.with(|p| p.get())
}

#[cfg(not(test))]
#[inline]
pub(super) fn prefilter_on() -> bool {
    true
}

/// Whether `CHUNK_BREAK` can match: a line break, `--`, `//`, `|`, or two blanks in a row (space,
/// tab, no-break space).
pub(super) fn may_have_chunk_break(t: &str) -> bool {
    if !prefilter_on() {
        return true;
    }
    let b = t.as_bytes();
    let blank_at = |i: usize| match b[i] {
        b' ' | b'\t' => Some(1),
        0xC2 if b.get(i + 1) == Some(&0xA0) => Some(2),
        _ => None,
    };
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\n' | b'|' => return true,
            b'-' if b.get(i + 1) == Some(&b'-') => return true,
            b'/' if b.get(i + 1) == Some(&b'/') => return true,
            // " — " (an em dash, E2 80 94, between blanks).
            0xE2 if b[i..].starts_with("—".as_bytes())
                && i > 0
                && matches!(b[i - 1], b' ' | b'\t')
                && matches!(b.get(i + 3), Some(b' ' | b'\t')) =>
            {
                return true;
            }
            _ => {}
        }
        if let Some(n) = blank_at(i) {
            if i + n < b.len() && blank_at(i + n).is_some() {
                return true;
            }
            i += n;
        } else {
            i += 1;
        }
    }
    false
}

/// Whether `find_word_ci(_, "via")` can find a word: "via" (any ASCII case) before whitespace,
/// or Spanish "vía" ("(TC Televisión vía AP)"), which `parse_body` reads the same way.
pub(super) fn has_via(t: &str) -> bool {
    let b = t.as_bytes();
    b.windows(3).enumerate().any(|(i, w)| {
        w.eq_ignore_ascii_case(b"via") && t[i + 3..].chars().next().is_some_and(char::is_whitespace)
    }) || t.contains("vía ")
}

/// Whether `TAIL_TAGS` can match.
pub(super) fn may_have_tail_tag(t: &str) -> bool {
    if !prefilter_on() {
        return true;
    }
    // Each tag follows whitespace and starts with one of these words, or with "epa" and a
    // digit ("[A-Z]{3,}\s+OUT": whitespace and "OUT"), or is "or licensors", dpa's "+++" (APA's "++" before a notice in capitals) or PAP's "***".
    const HEADS: &[&[u8]] = &[
        b"TPX",
        b"ATTENTION",
        b"EDITOR",
        b"SEARCH",
        b"NO",
        b"MANDATORY",
        b"FOR",
        b"THIS",
        b"REFILE",
        b"BEST",
        b"OUT",
        b"ORG XMIT",
    ];
    let b = t.as_bytes();
    (1..b.len()).any(|j| {
        let head = match b[j] {
            b'T' | b'A' | b'E' | b'S' | b'N' | b'M' | b'F' | b'R' | b'B' | b'O' => {
                HEADS.iter().any(|h| b[j..].starts_with(h))
            }
            b'e' => b[j..].starts_with(b"epa") && b.get(j + 3).is_some_and(u8::is_ascii_digit),
            b'o' => b[j..].starts_with(b"or licensors"),
            b'+' => b[j..].starts_with(b"++"),
            b'*' => b[j..].starts_with(b"***"),
            _ => false,
        };
        // (`j` follows an ASCII byte or ends a multi-byte character: a char boundary.)
        head && t[..j].chars().next_back().is_some_and(char::is_whitespace)
    })
}

/// Whether a case-insensitive regex anchored at the start of `t`, whose alternatives begin with
/// one of `starts` (three lowercase ASCII letters) or a non-ASCII character (`©`), can match:
/// `t` starts with one of them in any case, or has a non-ASCII character among its first three
/// bytes (case folds such as `ſ` for `s`), or is shorter.
pub(super) fn may_start_with(t: &str, starts: &[&[u8; 3]]) -> bool {
    if !prefilter_on() {
        return true;
    }
    let b = t.as_bytes();
    if b.len() < 3 || !b[..3].is_ascii() {
        return true;
    }
    let head = [
        b[0].to_ascii_lowercase(),
        b[1].to_ascii_lowercase(),
        b[2].to_ascii_lowercase(),
    ];
    starts.iter().any(|s| **s == head)
}

/// Whether the chain / via / agency-alone / NAME-for-OUTLET parse of `t` can give a credit.
///
/// Without a slash, `|` or backslash, without " for " and "via", the text is one segment (or two, when
/// a comma stands before an agency): it is a credit only when that segment is an agency
/// (`tail_credit` needs a slash, `split_for_any` a " for ").
pub(super) fn may_be_chain(t: &str, lex: &AgencyLexicon) -> bool {
    if t.bytes().any(|b| matches!(b, b'/' | b'|' | b'\\')) || has_via(t) || t.contains(" : ") {
        return true;
    }
    // "NAME for OUTLET": the name before the first " for " (as `split_for` cuts it).
    if let Some(i) = t.find(" for ") {
        let name = t[..i].trim_start_matches(|c: char| {
            c.is_whitespace() || ['©', '-', '–', ',', ':'].contains(&c)
        });
        if !name.is_empty()
            && name.len() <= 4 * 60
            && name.split_whitespace().count() <= 6
            && name.chars().all(|c| {
                c.is_alphabetic() || c.is_whitespace() || matches!(c, '-' | '\'' | '’' | '.')
            })
        {
            return true;
        }
    }
    if let Some(ci) = t.rfind(',')
        && !t[..ci].trim().is_empty()
        && lex.lookup(&t[ci + 1..]).is_some()
    {
        return true;
    }
    // The segment as `parse_body` trims it.
    let seg = t
        .trim_start_matches(|c: char| c.is_whitespace() || ['©', '-', '–', ',', ':'].contains(&c))
        .trim_end_matches(|c: char| c.is_whitespace() || [',', ';', ':', '-', '–'].contains(&c));
    if seg.is_empty() {
        return false;
    }
    // `FILE_SUFFIX` ends with one of these words.
    let b = seg.as_bytes();
    if ["file", "photo", "pool", "handout"]
        .iter()
        .any(|w| b.len() >= w.len() && b[b.len() - w.len()..].eq_ignore_ascii_case(w.as_bytes()))
    {
        return true;
    }
    lex.lookup(seg).is_some()
}
