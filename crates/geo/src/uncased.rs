//! Place, division and country names written in scripts without letter case.
//!
//! A caption in Arabic, Devanagari, Bengali, Ethiopic, Thai, Chinese, Japanese or Korean has no
//! capitals to find names by, and `fold` transliterates these scripts too loosely to key them
//! (unvowelled Arabic, Chinese homophones). So the caption is scanned for the names exactly as
//! written, from GeoNames' alternate names (`data/gazetteer/uncased_names.tsv.gz`, built by
//! `scripts/build-gazetteer.py`), with a few rules per script for where a name may start and end:
//!
//! * Chinese, Japanese, Thai, Lao, Khmer and Burmese write no spaces between words: a name may
//!   start and end anywhere, and the longest name starting at a position wins.
//! * Korean glues particles after a name ("생창리의"): a name starts a word and may end inside it.
//! * Arabic, Hebrew and Ethiopic glue one-letter prepositions and conjunctions before a name
//!   ("بدونيتسك", "በአዲስ"): a name starts a word or follows one such letter, and ends a word.
//! * Indic scripts glue case endings after a name ("সিলেটে"): a name starts a word and may be
//!   followed by up to two more letters or signs of its word.
//!
//! Which of several places a name is, and which names say where the photo was taken, is the
//! engine's question; this module only finds the names.

use crate::{ADMIN1, Admin1, COUNTRIES, Country, Gazetteer, Place};

static FST: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/uncased.fst"));
static TARGETS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/uncased_targets.bin"));

/// What a name found in a caption may be.
#[derive(Debug, Clone, PartialEq)]
pub enum UncasedTarget {
    /// A populated place or airfield.
    Place(Place),
    /// A first-level division.
    Admin1(Admin1),
    /// A country.
    Country(Country),
}

/// A name found in a caption, with every place, division or country it may be.
#[derive(Debug, Clone, PartialEq)]
pub struct UncasedName {
    /// Byte offsets of the name in the text (without a glued preposition before it).
    pub start: usize,
    /// End of the name (before a glued ending).
    pub end: usize,
    /// Places first, most populous first; then divisions; then countries.
    pub targets: Vec<UncasedTarget>,
}

/// How a script marks where names start and end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    /// No spaces between words.
    Continuous,
    /// Particles glued after the name (Korean).
    Suffixing,
    /// One-letter prepositions glued before the name.
    Prefixing,
    /// Case endings glued after the name.
    Indic,
    /// Latin, Cyrillic, Greek … (cased) or anything else: not scanned.
    Other,
}

fn script(c: char) -> Script {
    match c as u32 {
        0x3040..=0x30FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF
        | 0x20000..=0x2FA1F => Script::Continuous,
        0x0E00..=0x0EFF | 0x1000..=0x109F | 0x1780..=0x17FF => Script::Continuous,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Script::Suffixing,
        0x0590..=0x05FF | 0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF => Script::Prefixing,
        0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x1200..=0x139F | 0x2D80..=0x2DDF => Script::Prefixing,
        0x0900..=0x0DFF => Script::Indic,
        _ => Script::Other,
    }
}

/// One-letter words glued before a name: Arabic wa-, fa-, bi-, li-, ka-; Hebrew be-, ha-, ve-,
/// le-, mi-, ke-, she-; Amharic be-, ke-, le-, ye-, ending in the vowel of the fidel form.
fn is_proclitic(c: char) -> bool {
    matches!(
        c,
        'و' | 'ف'
            | 'ب'
            | 'ل'
            | 'ك'
            | 'ב'
            | 'ה'
            | 'ו'
            | 'ל'
            | 'מ'
            | 'כ'
            | 'ש'
            | 'በ'
            | 'ከ'
            | 'ለ'
            | 'የ'
    )
}

/// Urdu and Persian write their prepositions as words of their own, so a word starting with
/// ب or ل is just a word ("باہر" "outside" is no "in Ahar"); their own letters tell them from
/// Arabic.
fn writes_urdu_or_persian(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(
            c,
            'ے' | 'ہ' | 'ٹ' | 'ڈ' | 'ڑ' | 'ں' | 'ھ' | 'پ' | 'چ' | 'ژ' | 'گ' | 'ک' | 'ی'
        )
    })
}

/// A letter, digit or combining sign: part of a word.
fn in_word(c: char) -> bool {
    c.is_alphanumeric() || is_mark(c)
}

/// Combining signs, which Indic and Arabic scripts write as separate chars (vowel signs, nukta,
/// virama, harakat). A coarse test by block that is enough to keep them inside words.
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0951..=0x0957 | 0x0962 | 0x0963
        | 0x0981..=0x0983 | 0x09BC..=0x09D7 | 0x09E2 | 0x09E3
        | 0x0A01..=0x0A03 | 0x0A3C..=0x0A51 | 0x0A70 | 0x0A71 | 0x0A75
        | 0x0A81..=0x0A83 | 0x0ABC..=0x0ACD | 0x0B01..=0x0B03 | 0x0B3C..=0x0B57
        | 0x0B82 | 0x0BBE..=0x0BCD | 0x0BD7 | 0x0C00..=0x0C04 | 0x0C3E..=0x0C56
        | 0x0C81..=0x0C83 | 0x0CBC..=0x0CD6 | 0x0D00..=0x0D03 | 0x0D3B..=0x0D57
        | 0x0D81..=0x0D83 | 0x0DCA..=0x0DDF | 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E
        | 0x200C | 0x200D)
}

/// Whether the text is worth scanning: it has a letter of a script this module reads.
pub fn has_uncased_letters(text: &str) -> bool {
    text.chars()
        .any(|c| c as u32 >= 0x0590 && script(c) != Script::Other)
}

impl Gazetteer {
    /// Every place, division and country name the text writes in a script without letter case,
    /// in text order, without overlaps (the longest name at a position wins).
    pub fn uncased_names(&self, text: &str) -> Vec<UncasedName> {
        let fst = fst::raw::Fst::new(FST).expect("uncased.fst built by build.rs is valid");
        let mut out = Vec::new();
        let mut pos = 0;
        let mut no_proclitics = None;
        while pos < text.len() {
            let Some(c) = text[pos..].chars().next() else {
                break;
            };
            let s = script(c);
            let prev = text[..pos].chars().next_back();
            let word_start = prev.is_none_or(|p| !in_word(p));
            let mut found = None;
            if s != Script::Other && (s == Script::Continuous || word_start) {
                found = longest(&fst, text, pos, s);
                if found.is_none()
                    && s == Script::Prefixing
                    && word_start
                    && is_proclitic(c)
                    && !*no_proclitics.get_or_insert_with(|| writes_urdu_or_persian(text))
                {
                    found = longest(&fst, text, pos + c.len_utf8(), s);
                }
            }
            match found {
                Some((start, end, value)) => {
                    out.push(UncasedName {
                        start,
                        end,
                        targets: self.targets(value),
                    });
                    pos = end;
                }
                None => pos += c.len_utf8(),
            }
        }
        out
    }

    fn targets(&self, value: u64) -> Vec<UncasedTarget> {
        let (offset, count) = ((value >> 8) as usize, (value & 0xFF) as usize);
        let mut places = Vec::new();
        let mut rest = Vec::new();
        for i in offset..offset + count {
            let b: [u8; 8] = TARGETS[i * 8..i * 8 + 8].try_into().expect("8 bytes");
            let t = u64::from_le_bytes(b);
            let n = (t & 0xFFFF_FFFF) as usize;
            match t >> 32 {
                0 => places.extend(self.by_id(n as u64)),
                1 => rest.extend(ADMIN1.get(n).map(|r| UncasedTarget::Admin1(r.to_admin1()))),
                _ => rest.extend(
                    COUNTRIES
                        .get(n)
                        .map(|r| UncasedTarget::Country(r.to_country())),
                ),
            }
        }
        places.sort_by_key(|p| std::cmp::Reverse(p.population));
        places
            .into_iter()
            .map(UncasedTarget::Place)
            .chain(rest)
            .collect()
    }
}

/// The longest name starting at byte `start` whose end the script allows: `(start, end, value)`.
fn longest(
    fst: &fst::raw::Fst<&[u8]>,
    text: &str,
    start: usize,
    s: Script,
) -> Option<(usize, usize, u64)> {
    let bytes = text.as_bytes();
    let mut node = fst.root();
    let mut out = fst::raw::Output::zero();
    let mut best = None;
    for (k, &b) in bytes[start..].iter().enumerate() {
        let Some(i) = node.find_input(b) else {
            break;
        };
        let t = node.transition(i);
        out = out.cat(t.out);
        node = fst.node(t.addr);
        let end = start + k + 1;
        if node.is_final() && text.is_char_boundary(end) && end_allowed(text, end, s) {
            best = Some((start, end, out.cat(node.final_output()).value()));
        }
    }
    best
}

/// Whether a name may end at `end` in a word of script `s`.
fn end_allowed(text: &str, end: usize, s: Script) -> bool {
    let mut rest = text[end..].chars();
    match s {
        Script::Continuous | Script::Suffixing => true,
        Script::Prefixing | Script::Other => rest.next().is_none_or(|c| !in_word(c)),
        // Up to two more letters or signs of the same word, when they can be a case ending:
        // a vowel sign or the first letter of a Bengali or Devanagari ending (Bengali এ র ক ত য:
        // -এ, -র, -কে, -তে, -য়; Devanagari क म ल न: -को, -का, -मा, -ले, -ने). "ফোকাস" (focus) is
        // no inflected "ফোকা".
        Script::Indic => {
            let tail: Vec<char> = rest.take(3).take_while(|&c| in_word(c)).collect();
            tail.len() <= 2
                && tail.first().is_none_or(|&c| {
                    is_mark(c)
                        || "\u{98F}\u{9B0}\u{995}\u{9A4}\u{9AF}\u{915}\u{92E}\u{932}\u{928}"
                            .contains(c)
                })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<(&str, Vec<String>)> {
        let g = Gazetteer::embedded();
        g.uncased_names(text)
            .into_iter()
            .map(|n| {
                let t = n
                    .targets
                    .iter()
                    .map(|t| match t {
                        UncasedTarget::Place(p) => format!("P:{}:{}", p.country, p.name),
                        UncasedTarget::Admin1(a) => format!("A:{}:{}", a.country, a.name),
                        UncasedTarget::Country(c) => format!("C:{}", c.code),
                    })
                    .collect();
                (&text[n.start..n.end], t)
            })
            .collect()
    }

    fn first(text: &str) -> Vec<(&str, String)> {
        names(text)
            .into_iter()
            .map(|(n, t)| (n, t.first().cloned().unwrap_or_default()))
            .collect()
    }

    #[test]
    fn chinese_without_spaces_longest_name_first() {
        let f = first("江西省吉安市永新县的村民");
        assert_eq!(f[0].0, "江西省");
        assert!(f[0].1.starts_with("A:CN:"), "{f:?}");
        assert!(
            f.iter()
                .any(|(n, t)| *n == "吉安市" && t.starts_with("P:CN:")),
            "{f:?}"
        );
    }

    #[test]
    fn urdu_has_no_glued_prepositions_and_bengali_endings_are_endings() {
        // Written: "he sits outside the office in Rawalpindi" (Urdu); "the focus" (Bengali).
        let f = first("وہ راولپنڈی میں دفتر کے باہر بیٹھا ہے");
        assert!(f.iter().all(|(n, _)| *n != "اہر"), "{f:?}");
        assert!(f.iter().any(|(n, _)| *n == "راولپنڈی"), "{f:?}");
        let f = first("ছবির ফোকাস");
        assert!(f.iter().all(|(n, _)| !n.starts_with("ফোকা")), "{f:?}");
        // Nepali genitive -को stays an ending: Kathmandu's.
        let f = first("काठमाडौंको मन्दिर");
        assert!(f.iter().any(|(n, _)| *n == "काठमाडौं"), "{f:?}");
    }

    #[test]
    fn arabic_with_a_glued_preposition_and_whole_words() {
        let f = first("الأضرار بدونيتسك في أوكرانيا");
        assert!(
            f.contains(&("دونيتسك", "P:UA:Donetsk".to_string())),
            "{f:?}"
        );
        assert!(
            f.iter().any(|(n, t)| *n == "أوكرانيا" && t == "C:UA"),
            "{f:?}"
        );
        // A name inside a longer word is no name.
        assert!(first("صنعاءات").is_empty());
    }

    #[test]
    fn indic_case_endings_and_postpositions() {
        let f = first("নদীর পানি বাড়ায় সিলেটে শহরের");
        assert!(f.iter().any(|(_, t)| t == "P:BD:Sylhet"), "{f:?}");
        let f = first("नेपाल में रविवार को पोखरा में");
        assert_eq!(f[0], ("नेपाल", "C:NP".to_string()));
        assert!(f.iter().any(|(_, t)| t == "P:NP:Pokhara"), "{f:?}");
    }

    #[test]
    fn korean_particles_after_a_name() {
        let f = first("서울의 거리");
        assert_eq!(f[0], ("서울", "P:KR:Seoul".to_string()));
    }

    #[test]
    fn latin_and_cyrillic_text_is_not_scanned() {
        assert!(names("Floods in Sylhet, Bangladesh").is_empty());
        assert!(!has_uncased_letters("Харків, Україна"));
        assert!(has_uncased_letters("نص"));
    }
}
