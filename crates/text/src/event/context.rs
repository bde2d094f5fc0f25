//! Context of a cue beyond its own words: what stands just before it (a wreck word, a
//! background word, "during", a name), the clause it stands in, named fires and match results.

use super::{EventLexicon, Hit, Kind, TAIL_REACH};
use crate::clause::{Sentence, WORDS, WordClass};

/// True when an actor link ("loyal to", "backed by", see `data/clause_words.tsv`) stands within
/// the four words before `pos`: the title after it says whose forces.
pub(super) fn loyal_before(text: &str, pos: usize) -> bool {
    let words: Vec<&str> = text[..pos].split_whitespace().rev().take(4).collect();
    words
        .windows(2)
        .any(|w| WORDS.is(WordClass::ActorLink, &format!("{} {}", w[1], w[0])))
}

/// True when one of the three words before `pos` is a wreck word ("destroyed Russian tanks").
pub(super) fn wrecked_before(text: &str, pos: usize) -> bool {
    text[..pos]
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .rev()
        .take(3)
        .any(|w| WORDS.is(WordClass::Wreck, w))
}

/// True when the hedge `[start, end)` is the sentence's closing attribution: after a comma, with
/// at most a short source and no further clause before the sentence ends at `sent_end`
/// ("Two suicide bombers blew themselves up at a mosque …, causing many casualties, witnesses
/// said."). Such an attribution covers the whole sentence, however long.
pub(super) fn attribution_tail(
    text: &str,
    start: usize,
    end: usize,
    sent_start: usize,
    sent_end: usize,
) -> bool {
    let before = text[sent_start.min(start)..start].trim_end();
    // "…, witnesses said" or "…, according to …"; a source before the verb ("…, local
    // residents said") is allowed up to three words.
    let Some(comma) = before.rfind(',') else {
        return false;
    };
    let lead = &before[comma + 1..];
    if lead.split_whitespace().count() > 3 || lead.contains(['.', ';', ':', '(']) {
        return false;
    }
    let end = end.min(sent_end);
    let after = &text[end..sent_end];
    after.len() <= TAIL_REACH && !after.contains([',', ';', '(', ':'])
}

/// True when sentence `s` tells a war's history rather than the incident: "… since the start of
/// the invasion", "… since the war began".
pub(super) fn war_history(text: &str, s: &Sentence) -> bool {
    text[s.start..s.end]
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("since"))
}

/// True when a relative clause ("who", "which", "whose") opens between `a` and `z`: an
/// attribution after it may be about the person's story, not the incident.
pub(super) fn relative_between(text: &str, a: usize, z: usize) -> bool {
    text[a..z]
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "who" | "which" | "whose"))
}

/// True when the cue at `pos` stands in a relative clause about a person ("a police woman who was
/// blinded after a gunmen attack in Ghazni, speaks during an interview"): the person's backstory,
/// not the main clause. The clause runs from "who" to the next comma.
pub(super) fn in_relative_clause(text: &str, pos: usize, sent_start: usize) -> bool {
    let before = &text[sent_start.min(pos)..pos];
    let Some(w) = before.rfind(" who ") else {
        return false;
    };
    !before[w..].contains([',', ';', ':', '(', ')'])
}

/// "during" within the three words before `pos` (not before the sentence start).
pub(super) fn during_before(text: &str, pos: usize, sent_start: usize) -> bool {
    let from = sent_start.min(pos);
    let before = &text[from..pos];
    let words: Vec<&str> = before.split_whitespace().rev().take(3).collect();
    words.iter().any(|w| w.eq_ignore_ascii_case("during"))
}

/// True when the word before `pos` (within the sentence) is capitalized and not the
/// sentence's first word: a name ("the Shati refugee camp", "at Nuseirat camp").
pub(super) fn named_before(text: &str, pos: usize, sent_start: usize) -> bool {
    let before = text[sent_start.min(pos)..pos].trim_end();
    let ws = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '-' || *c == '\'')
        .last()
        .map(|(i, _)| i);
    let Some(ws) = ws else { return false };
    let word = &before[ws..];
    let cap = word.chars().next().is_some_and(|c| c.is_uppercase());
    // Sentence-initial: nothing but spaces/punctuation before the word.
    let initial = !before[..ws].chars().any(char::is_alphanumeric);
    cap && !initial && !["The", "A", "An", "In", "At"].contains(&word)
}

/// Folded byte ranges of named fires: "the Eaton Fire", "the Palisades fire", "the Camp Fire".
/// The name is one to three capitalized words after "the"; a demonym ("the Israeli fire",
/// "Russian fire") is gunfire, not a named wildfire.
pub(super) fn named_fires(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(p) = text[from..].find("ire") {
        let at = from + p;
        from = at + 3;
        // "fire" or "Fire" after a space ("ire" found; the byte before must be f/F).
        if at < 2
            || !matches!(text.as_bytes()[at - 1], b'f' | b'F')
            || text.as_bytes()[at - 2] != b' '
        {
            continue;
        }
        let fs = at - 1;
        let fe = fs + 4;
        from = fe;
        // Whole word "fire"/"Fire" only.
        if text[fe..].chars().next().is_some_and(char::is_alphanumeric) {
            continue;
        }
        let mut words = text[..fs - 1].rsplit(' ');
        let mut ok = false;
        for (names, w) in words.by_ref().take(4).enumerate() {
            if w == "the" || w == "The" {
                ok = names > 0;
                break;
            }
            let cap = w.chars().next().is_some_and(char::is_uppercase)
                && w.chars()
                    .all(|c| c.is_alphabetic() || c == '-' || c == '\'');
            let demonym = ["i", "an", "ese", "ish", "ch"]
                .iter()
                .any(|e| w.ends_with(e));
            if !cap || demonym || ["Open", "Cease", "Friendly", "Heavy"].contains(&w) {
                break;
            }
        }
        if ok {
            out.push((fs, fe));
        }
    }
    out
}

/// Folded byte ranges of match results: "won 3-0", "beat Chelsea 2-1", "drew 1-1", "a 2–0 win".
pub(super) fn scorelines(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit()
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'))
        {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i - s > 2 {
            continue;
        }
        let dash = if b[i..].starts_with(b"-") {
            1
        } else if text[i..].starts_with('\u{2013}') {
            3
        } else {
            continue;
        };
        let j = i + dash;
        let mut k = j;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k == j || k - j > 2 || (k < b.len() && (b[k].is_ascii_alphanumeric() || b[k] == b'-')) {
            i = k.max(i + 1);
            continue;
        }
        // Up to three words before (a team name may stand between: "beat Chelsea 2-1"),
        // or the next word.
        let words_before: Vec<&str> = text[..s]
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .rev()
            .take(3)
            .collect();
        let next = text[k..]
            .split(|c: char| !c.is_alphanumeric())
            .find(|w| !w.is_empty())
            .unwrap_or("");
        let hit = words_before
            .iter()
            .any(|w| WORDS.is(WordClass::ScoreBefore, w))
            || WORDS.is(WordClass::ScoreAfter, next);
        if hit {
            out.push((s, k));
        }
        i = k;
    }
    out
}

/// Context factor of cue `k`: the nearest background/boost word among the 4 words before it.
pub(super) fn context_factor(
    lex: &EventLexicon,
    text: &str,
    hits: &[Hit],
    k: usize,
    sent_start: usize,
) -> f64 {
    let cue = hits[k];
    // Window start: 4 words back, not before the sentence.
    let before = &text[sent_start.min(cue.start)..cue.start];
    let mut words = 0;
    let mut win = before.len();
    for (i, c) in before.char_indices().rev() {
        if c == ' ' {
            words += 1;
            if words > 4 {
                break;
            }
        }
        win = i;
    }
    let win_start = sent_start.min(cue.start) + win;
    // Punctuation between the context word and the cue ends its reach.
    for h in hits[..k].iter().rev() {
        if h.end <= win_start {
            break;
        }
        if text[h.end..cue.start].contains([',', ';', ':', '(', ')']) {
            break;
        }
        match lex.entries[h.entry].kind {
            Kind::Background(w) | Kind::Boost(w) => return w,
            _ => {}
        }
    }
    1.0
}

/// Farthest a `lasting` phrase may stand after the incident cue it qualifies, in bytes.
const LASTING_REACH: usize = 90;

/// Factor of cue `k` from a `lasting` phrase after it in its clause ("fighting between the army
/// and the RSF has raged for months"): a state of war the photo stands in, not an incident.
pub(super) fn lasting_factor(
    lex: &EventLexicon,
    text: &str,
    hits: &[Hit],
    k: usize,
    sent_end: usize,
) -> f64 {
    let cue = hits[k];
    for h in &hits[k + 1..] {
        if h.start >= sent_end || h.start > cue.end + LASTING_REACH {
            break;
        }
        if text[cue.end..h.start].contains([',', ';', ':', '(', ')']) {
            break;
        }
        if let Kind::Lasting(w) = lex.entries[h.entry].kind {
            return w;
        }
    }
    1.0
}

/// Start of a harm phrase ("killed by", "shot by", see `harmed_by` in `data/clause_words.tsv`)
/// right before `pos` (an article may stand between), within the sentence from `sent_start`.
pub(super) fn harmed_by_before(text: &str, pos: usize, sent_start: usize) -> Option<usize> {
    let base = sent_start.min(pos);
    // Bytes: the phrases are ASCII, and a match ends right before `pos`, so its start is a char
    // boundary whenever the bytes before it are ASCII too.
    let mut before = text[base..pos].trim_end().as_bytes();
    let ends_with =
        |b: &[u8], p: &[u8]| b.len() >= p.len() && b[b.len() - p.len()..].eq_ignore_ascii_case(p);
    for art in [&b" the"[..], b" a", b" an"] {
        if before.len() > art.len() && ends_with(before, art) {
            before = &before[..before.len() - art.len()];
            break;
        }
    }
    WORDS.list(WordClass::HarmedBy).iter().find_map(|p| {
        let n = p.len();
        (ends_with(before, p.as_bytes())
            && (before.len() == n || before[before.len() - n - 1] == b' '))
            .then(|| base + before.len() - n)
    })
}
