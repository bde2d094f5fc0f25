//! The one key-folding rule shared by the SQLite columns and the ranked index, so a filter value
//! matches the same records whichever backend answers.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Lower-case, accents removed, inner whitespace collapsed: `"  Ḥalab "` → `"halab"`.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.nfkd().filter(|c| !is_combining_mark(*c)) {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fold;

    #[test]
    fn folds_case_accents_and_spacing() {
        assert_eq!(fold("  Ḥalab "), "halab");
        assert_eq!(fold("Ameer  Alhalbi"), "ameer alhalbi");
        assert_eq!(fold("AFP"), "afp");
        assert_eq!(fold("Dérna"), "derna");
        assert_eq!(fold(""), "");
    }
}
