//! Generic actors ("government forces", "Islamic State militants", "forces loyal to President
//! X"): an `actor` cue of `data/event_cues.tsv`, the capitalized words right before it, and, when
//! an actor link follows or ends the cue ("loyal to", "backed by"), the name or title phrase it
//! links to. A link with nothing after it is no actor: "forces loyal to" alone says nothing.

use super::{EventLexicon, Hit, Kind};
use crate::Found;
use crate::clause::{Folded, WORDS, WordClass};

/// A particle that may stand inside a name ("Bashar al-Assad", "Abu Bakr al Baghdadi").
fn name_particle(w: &str) -> bool {
    WORDS.is(WordClass::NameParticle, w) || w.starts_with("al-") || w.starts_with("el-")
}

/// The actors of the caption, one per value.
pub(super) fn actors(lex: &EventLexicon, f: &Folded, hits: &[Hit]) -> Vec<Found<String>> {
    let ft = f.text.as_str();
    let mut out: Vec<Found<String>> = Vec::new();
    for h in hits {
        if lex.entries[h.entry].kind != Kind::Actor {
            continue;
        }
        let phrase = lex.entries[h.entry].phrase.as_str();
        let start = extend_left_capitalized(ft, h.start);
        let mut end = h.end;
        // The link ends the cue ("forces loyal to") or follows it ("troops backed by …").
        let cue_link = WORDS
            .list(WordClass::ActorLink)
            .iter()
            .any(|l| phrase.ends_with(&format!(" {l}")));
        let link_end = if cue_link {
            Some(h.end)
        } else {
            link_after(ft, h.end)
        };
        if let Some(le) = link_end {
            match complement(ft, le) {
                Some(ce) => end = ce,
                None if cue_link => continue,
                None => {}
            }
        }
        let value = ft[start..end].to_string();
        if out.iter().any(|a| a.value.eq_ignore_ascii_case(&value)) {
            continue;
        }
        out.push(Found::new(value, f.span(start, end), "event.actor"));
    }
    // An actor inside a longer one ("forces" in "forces loyal to President X") is the same.
    let spans: Vec<_> = out.iter().map(|a| a.span).collect();
    out.retain(|a| {
        !spans
            .iter()
            .any(|s| *s != a.span && s.start <= a.span.start && a.span.end <= s.end)
    });
    out
}

/// End of an actor link ("loyal to", "backed by") right after `pos`, if one stands there.
fn link_after(text: &str, pos: usize) -> Option<usize> {
    let rest = text[pos..].strip_prefix(' ')?;
    let lower: String = rest
        .chars()
        .take(24)
        .collect::<String>()
        .to_ascii_lowercase();
    WORDS.list(WordClass::ActorLink).iter().find_map(|l| {
        let after = lower.strip_prefix(l.as_str())?;
        after.starts_with(' ').then_some(pos + 1 + l.len())
    })
}

/// End of the name or title phrase after an actor link at `pos` ("Syria's President Bashar
/// al-Assad", "the president", "Iran"): capitalized words with possessives and name particles,
/// or a leader's title after "the". `None` when no such phrase follows.
fn complement(text: &str, pos: usize) -> Option<usize> {
    let mut end = None;
    let mut named = false;
    let mut i = pos;
    let mut first = true;
    loop {
        let rest = &text[i..];
        let Some(r) = rest.strip_prefix(' ') else {
            break;
        };
        let wlen = r
            .char_indices()
            .find(|(_, c)| !(c.is_alphanumeric() || matches!(c, '-' | '\'' | '.')))
            .map_or(r.len(), |(k, _)| k);
        let raw = &r[..wlen];
        // A sentence-final dot ends the phrase; an initial's dot ("George W. Bush") does not.
        let word = raw.trim_end_matches('.');
        if word.is_empty() {
            break;
        }
        let base = word.strip_suffix("'s").unwrap_or(word);
        let lw = base.to_lowercase();
        let cap = base.chars().next().is_some_and(char::is_uppercase);
        let title = WORDS.is(WordClass::LeaderTitle, &lw)
            || (lw == "prime" && r[wlen..].to_ascii_lowercase().starts_with(" minister"));
        let ok = if first && lw == "the" {
            true
        } else if cap || title {
            named = true;
            true
        } else {
            // Inside a name only: "al-Assad" after "Bashar".
            named && name_particle(&lw)
        };
        if !ok {
            break;
        }
        first = false;
        let dotted = raw.len() != word.len();
        // "al-Assad" ends a name; a bare "al" or "bin" needs a name after it.
        if cap || title || lw.contains('-') {
            end = Some(i + 1 + word.len());
        }
        if dotted && word.chars().count() > 1 {
            // "al-Assad." ends the sentence; an initial ("W.") goes on.
            break;
        }
        i += 1 + raw.len();
    }
    end.filter(|_| named)
}

/// Start of the actor whose cue starts at `start`: its capitalized words before ("Israeli" troops).
pub(super) fn name_start(text: &str, start: usize) -> usize {
    extend_left_capitalized(text, start)
}

/// Moves `start` left over capitalized words ("Islamic State" militants), skipping articles.
fn extend_left_capitalized(text: &str, start: usize) -> usize {
    let mut s = start;
    loop {
        let before = &text[..s];
        let Some(stripped) = before.strip_suffix(' ') else {
            break;
        };
        let wstart = stripped
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '-' || *c == '\'')
            .last()
            .map(|(i, _)| i);
        let Some(ws) = wstart else { break };
        let word = &stripped[ws..];
        let cap = word.chars().next().is_some_and(|c| c.is_uppercase());
        let stop = WORDS.is(WordClass::NotActor, word) || word.ends_with("'s");
        if !cap || stop {
            break;
        }
        s = ws;
    }
    s
}
