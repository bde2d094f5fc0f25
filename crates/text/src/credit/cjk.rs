//! Credit lines of the Chinese, Japanese and Korean press, which name the photographer before a
//! word for "photographed" or "reporter" rather than after a label:
//!
//! - Chinese: `新华社记者 彭昭之 摄`, `新华社发(黄一魏摄)`, `中新社记者 刘忠俊 摄`,
//!   `记者林佳彣／攝影` (an agency ending in 社, then 记者 "reporter" or 发 "released", then the
//!   name and 摄 / 攝影 "photographed");
//! - Japanese: `=遠藤真梨撮影` (the name glued to 撮影 after `=` or `、`);
//! - Korean: `ⓒ News1 김기태 기자`, `연천=사진·글 김진수 기자 jsk@hani.co.kr`, `ⓒ시사포커스
//!   원명국기자` (the name before 기자 "reporter", an agency after ⓒ, an e-mail address after).
//!
//! Only the end of the caption is read: these lines close the caption.

use std::sync::LazyLock;

use regex::Regex;

use super::{AgencyLexicon, CreditFound};
use crate::{Found, Span};

/// Chinese and Japanese: agency, role word, name, "photographed" at the end.
static HAN_CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        [\s=、，,。.:：|(（]\s*
        (?:(?P<agency>\p{Han}{1,8}社)\s*(?:记者|記者|发|發|供图|供圖)?|记者|記者|摄影记者|攝影記者)?
        \s*[(（]?\s*
        (?P<name>\p{Han}[\p{Han}·・]{1,11})
        \s*[/／]?\s*(?:摄影|攝影|撮影|摄|攝)\s*[)）]?[\s。.]*$",
    )
    .expect("Han credit regex")
});

/// Chinese handouts: `新华社发(喀土穆州政府新闻办公室供图)`, the agency releasing a picture
/// someone else supplied (供图 "picture provided"); the supplier is no photographer.
static HAN_HANDOUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?P<agency>\p{Han}{1,8}社)\s*(?:发|發)\s*[(（][^()（）]{1,40}(?:供图|供圖)\s*[)）][\s。.]*$",
    )
    .expect("Han handout regex")
});

/// Korean: optional ⓒ agency, name, 기자 ("reporter"), optional e-mail address at the end.
static HANGUL_CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?:ⓒ\s*(?P<agency>[\p{Hangul}A-Za-z0-9]+)\s+|[\s=·])
        (?P<name>\p{Hangul}{2,4})\s*기자
        (?:\s+[\w.+-]+@[\w.-]+)?[\s.]*$",
    )
    .expect("Hangul credit regex")
});

/// The credit of a caption that ends in a Chinese, Japanese or Korean byline.
pub(super) fn cjk_credit(text: &str, lex: &AgencyLexicon) -> Option<CreditFound> {
    // The last 160 bytes, from a char boundary: a byline is short.
    let mut from = text.len().saturating_sub(160);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let tail = &text[from..];
    let (caps, rule) = if let Some(c) = HAN_CREDIT.captures(tail) {
        (c, "credit.cjk_photographed")
    } else if let Some(c) = HAN_HANDOUT.captures(tail) {
        (c, "credit.cjk_handout")
    } else {
        (HANGUL_CREDIT.captures(tail)?, "credit.korean_reporter")
    };
    let whole = caps.get(0)?;
    let shift = |m: regex::Match| Span::new(from + m.start(), from + m.end());
    let agency = caps.name("agency").map(|a| {
        let value = lex
            .normalize(a.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| a.as_str().to_owned());
        Found::new(value, shift(a), rule)
    });
    let start = whole.as_str().len() - whole.as_str().trim_start().len();
    Some(CreditFound {
        span: Span::new(from + whole.start() + start, from + whole.end()),
        creators: caps
            .name("name")
            .map(|name| Found::new(name.as_str().to_owned(), shift(name), rule))
            .into_iter()
            .collect(),
        agency,
        rule,
        extra: Vec::new(),
    })
}

/// Whether the text has a word a CJK byline ends in; skips the regexes everywhere else.
pub(super) fn may_have_cjk_credit(text: &str) -> bool {
    ["摄", "攝", "撮影", "기자", "供图", "供圖"]
        .iter()
        .any(|w| text.contains(w))
}
