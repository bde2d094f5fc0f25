//! Name folding and match keys.
//!
//! This file is also compiled into `build.rs` (via `#[path]`), so the keys baked into the
//! embedded index and the keys computed at lookup time come from the very same code.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Letters that transliterations use for ayin/hamza, and the apostrophes that stand in for them.
/// They are dropped rather than turned into spaces so that "Ma'arrat" and "Maarrat" agree.
fn is_apostrophe(c: char) -> bool {
    matches!(
        c,
        '\'' | '`'
            | '\u{00B4}' // ´ (NFKD would turn it into a space)
            | '\u{02B9}' // ʹ
            | '\u{02BB}' // ʻ
            | '\u{02BC}' // ʼ
            | '\u{02BE}' // ʾ
            | '\u{02BF}' // ʿ
            | '\u{2018}' // ‘
            | '\u{2019}' // ’
            | '\u{2032}' // ′
    )
}

/// Appends one ASCII char to the folded output; every other ASCII char becomes a separator.
#[inline]
fn push_ascii(out: &mut String, pending_space: &mut bool, c: char) {
    if c.is_ascii_alphanumeric() {
        if *pending_space && !out.is_empty() {
            out.push(' ');
        }
        *pending_space = false;
        out.push(c.to_ascii_lowercase());
    } else if c == '\'' || c == '`' {
        // any_ascii writes some letters (soft sign, hamza) as apostrophes: drop them too.
    } else {
        *pending_space = true;
    }
}

/// Folds a name for matching.
///
/// Captions spell the same place with and without diacritics, ayin marks, hyphens and case
/// ("Maʿarrat al-Nuʿmān", "Maarrat al-Numan"), so every name and every query goes through this
/// one function: NFKD, combining marks and apostrophe-like letters dropped, any_ascii for what
/// is still not ASCII, lowercase, every other non-alphanumeric char turned into a single space.
/// The result only contains `[a-z0-9 ]`, never starts or ends with a space, and is a fixed
/// point (`fold(fold(x)) == fold(x)`).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_space = false;
    if name.is_ascii() {
        // Most names are plain ASCII: skip normalisation entirely (this keeps build.rs fast in
        // debug builds, where unicode-normalization is unoptimised).
        for c in name.chars() {
            push_ascii(&mut out, &mut pending_space, c);
        }
        return out;
    }
    for c in name.chars().filter(|&c| !is_apostrophe(c)).nfkd() {
        if is_combining_mark(c) || is_apostrophe(c) {
            continue;
        }
        if c.is_ascii() {
            push_ascii(&mut out, &mut pending_space, c);
            continue;
        }
        for lc in c.to_lowercase() {
            if lc.is_ascii() {
                push_ascii(&mut out, &mut pending_space, lc);
            } else {
                let t = any_ascii::any_ascii_char(lc);
                if t.is_empty() {
                    continue;
                }
                for tc in t.chars() {
                    push_ascii(&mut out, &mut pending_space, tc);
                }
            }
        }
    }
    out
}

/// Arabic (and Spanish/French) article tokens that transliterations write in many ways:
/// al-, el-, and the sun-letter assimilations ar-, as-, ash-, ad-, az-, an-, at- and so on.
const ARTICLES: &[&str] = &[
    "al", "el", "ul", "ar", "er", "as", "es", "ash", "esh", "ad", "ed", "adh", "az", "ez", "an",
    "en", "at", "et", "ath", "eth",
];

/// Whether a folded token is an article that the loose key ignores.
pub fn is_article(token: &str) -> bool {
    ARTICLES.contains(&token)
}

/// The article-free, space-free key of an already folded name.
///
/// "ar raqqah", "al raqqah" and "raqqah" all give "raqqah"; "bab al nairab" and "bab an nairab"
/// give "babnairab"; "khan younis" and "khanyounis" agree. A name that is nothing but articles
/// keeps them, so the key is never empty for a non-empty fold.
pub fn loose_key(folded: &str) -> String {
    let mut out = String::with_capacity(folded.len());
    let mut any_content = false;
    for t in folded.split(' ') {
        if !is_article(t) {
            any_content = true;
            out.push_str(t);
        }
    }
    if !any_content {
        out.clear();
        for t in folded.split(' ') {
            out.push_str(t);
        }
    }
    out
}

/// A German umlaut spelled out ("Kitzbühel" → "Kitzbuehel"), the way English-language captions
/// often write it. `None` when the name has no umlaut.
pub fn umlaut_variant(name: &str) -> Option<String> {
    if !name
        .chars()
        .any(|c| matches!(c, 'ä' | 'ö' | 'ü' | 'Ä' | 'Ö' | 'Ü' | '\u{0308}'))
    {
        return None;
    }
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.nfc() {
        match c {
            'ä' | 'Ä' => out.push_str("ae"),
            'ö' | 'Ö' => out.push_str("oe"),
            'ü' | 'Ü' => out.push_str("ue"),
            c => out.push(c),
        }
    }
    Some(out)
}

/// Namespace byte of exact keys in the fst (the fold of a name, or of its umlaut variant).
pub const NS_EXACT: u8 = 0;
/// Namespace byte of loose keys in the fst (articles and spaces dropped).
pub const NS_LOOSE: u8 = 1;

/// All fst keys for one name, namespace byte first; may contain duplicates.
pub fn index_keys(name: &str, out: &mut Vec<Vec<u8>>) {
    let f = fold(name);
    if f.is_empty() {
        return;
    }
    let mut push = |ns: u8, k: &str| {
        let mut v = Vec::with_capacity(k.len() + 1);
        v.push(ns);
        v.extend_from_slice(k.as_bytes());
        out.push(v);
    };
    push(NS_EXACT, &f);
    // A loose key equal to the exact key is not stored twice: lookups also search the exact
    // namespace with the loose key, which finds it there. This keeps the fst (and the debug
    // build script that builds it) about a third smaller.
    let l = loose_key(&f);
    if l != f {
        push(NS_LOOSE, &l);
    }
    if let Some(u) = umlaut_variant(name) {
        let fu = fold(&u);
        if !fu.is_empty() && fu != f {
            push(NS_EXACT, &fu);
            let lu = loose_key(&fu);
            if lu != fu {
                push(NS_LOOSE, &lu);
            }
        }
    }
}

/// The fst keys a query is looked up under, with the match tier (0 = exact, 1 = loose).
pub fn query_keys(folded: &str) -> Vec<(u8, Vec<u8>)> {
    let key = |ns: u8, k: &str| {
        let mut v = Vec::with_capacity(k.len() + 1);
        v.push(ns);
        v.extend_from_slice(k.as_bytes());
        v
    };
    let l = loose_key(folded);
    let mut keys = vec![(0, key(NS_EXACT, folded)), (1, key(NS_LOOSE, &l))];
    if l != folded {
        keys.push((1, key(NS_EXACT, &l)));
    }
    keys
}

/// Rewrites every token of a folded name with `f`.
fn per_token(folded: &str, f: impl Fn(&str) -> String) -> String {
    folded.split(' ').map(f).collect::<Vec<_>>().join(" ")
}

/// Spellings of the same Arabic (and Kurdish, Persian) name that English-language captions
/// alternate between: Edlib/Idlib, Ain/Ayn, Douma/Duma, Maarshureen/Marshurin, Hama/Hamah.
///
/// Used only when nothing matches exactly or loosely, because each rule alone would merge
/// genuinely different names. At most 48 variants; the input itself is not included.
pub fn spelling_variants(folded: &str) -> Vec<String> {
    type Rule = fn(&str) -> String;
    const RULES: &[Rule] = &[
        |s| s.replace("ou", "u").replace("oo", "u").replace("ee", "i"),
        |s| {
            per_token(s, |t| match t.as_bytes().first() {
                Some(b'e') if t.len() > 2 => format!("i{}", &t[1..]),
                Some(b'i') if t.len() > 2 => format!("e{}", &t[1..]),
                _ => t.to_string(),
            })
        },
        |s| {
            s.replace("ai", "ay")
                .replace("ei", "ay")
                .replace("ey", "ay")
        },
        |s| s.replace("ay", "ai"),
        |s| {
            per_token(s, |t| {
                if t.len() > 3 && t.ends_with("ah") {
                    t[..t.len() - 1].to_string()
                } else if t.len() > 2 && t.ends_with('a') {
                    format!("{t}h")
                } else {
                    t.to_string()
                }
            })
        },
        |s| {
            let mut out = String::with_capacity(s.len());
            for c in s.chars() {
                if out.ends_with(c) && c != ' ' {
                    continue;
                }
                out.push(c);
            }
            out
        },
    ];
    let mut set: Vec<String> = vec![folded.to_string()];
    for rule in RULES {
        for i in 0..set.len() {
            let v = rule(&set[i]);
            if set.len() < 49 && !set.contains(&v) {
                set.push(v);
            }
        }
    }
    set.remove(0);
    set
}
