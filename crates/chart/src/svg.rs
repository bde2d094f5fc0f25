//! Small writers shared by the map and the timeline: escaping and compact numbers.
//!
//! Everything that reaches the SVG from outside (labels, ids, hrefs, country names) goes through
//! [`esc`], so a caption cannot close an attribute or open an element.

use std::fmt::Write;

/// Appends `s` escaped for use both as XML text and inside a double- or single-quoted attribute.
///
/// Characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) become U+FFFD: a caption with a
/// stray control byte must not make the whole page's SVG ill-formed.
pub(crate) fn esc(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// Returns `s` escaped (see [`esc`]).
pub(crate) fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    esc(&mut out, s);
    out
}

/// Appends `v` rounded to one decimal, without a trailing `.0`: a tenth of a pixel is below what a
/// screen shows, and the shorter numbers keep the world map small.
pub(crate) fn num(out: &mut String, v: f64) {
    let t = if v.is_finite() {
        (v * 10.0).round()
    } else {
        0.0
    };
    tenths(out, t.clamp(-1e15, 1e15) as i64);
}

/// Appends a number given in tenths.
pub(crate) fn tenths(out: &mut String, t: i64) {
    if t < 0 {
        out.push('-');
    }
    let a = t.unsigned_abs();
    let _ = write!(out, "{}", a / 10);
    if !a.is_multiple_of(10) {
        let _ = write!(out, ".{}", a % 10);
    }
}

/// Formats `v` as [`num`] does.
pub(crate) fn n(v: f64) -> String {
    let mut s = String::new();
    num(&mut s, v);
    s
}

/// Rough width in pixels of `text` in a sans-serif font of `size` pixels, for layout decisions
/// (legend wrapping, axis label spacing). An over-estimate on purpose: text that is guessed too
/// wide only wastes a little room, text guessed too narrow overlaps.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.62
}

/// Groups the digits of `v` by thousands (`1,234,567`), for counts read by people.
pub(crate) fn thousands(v: u64) -> String {
    let s = v.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The links of an SVG the crate drew, as (class, href, title): what tests of both charts
/// read. Every link has a class and an href.
#[cfg(test)]
pub(crate) fn links(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|e| e.has_tag_name("a"))
        .map(|a| {
            let title = a
                .children()
                .find(|c| c.has_tag_name("title"))
                .and_then(|t| t.text())
                .unwrap_or("");
            (
                a.attribute("class").expect("a link's class").to_owned(),
                a.attribute("href").expect("a link's href").to_owned(),
                title.to_owned(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escaped(r#""><img src=x onerror='alert(1)'>&"#),
            "&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;"
        );
        assert_eq!(
            escaped("a\u{0}b\u{1b}c\u{FFFF}"),
            "a\u{FFFD}b\u{FFFD}c\u{FFFD}"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(12.0), "12");
        assert_eq!(n(12.04), "12");
        assert_eq!(n(-0.04), "0");
        assert_eq!(n(-0.36), "-0.4");
        assert_eq!(n(3.25), "3.3");
        assert_eq!(n(f64::NAN), "0");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
