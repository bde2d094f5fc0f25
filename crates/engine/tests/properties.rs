//! Property tests of `Engine::extract`: it never panics, every span it reports lies inside the
//! caption on char boundaries, the record id depends only on the NFC + whitespace-folded caption,
//! and records survive a JSON round trip.
//!
//! Inputs: arbitrary strings, caption-like token soups (dates, credits, casualty phrases, places,
//! multibyte and control characters), and random mutations of the real fixture captions.
//! Case counts are kept moderate so the suite stays fast in debug builds; raise them locally with
//! `PROPTEST_CASES=10000 cargo test -p dateline-engine --test properties`.

use dateline_engine::{CaptionInput, Engine};
use dateline_model::Record;
use proptest::prelude::*;
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;

static ENGINE: LazyLock<Engine> = LazyLock::new(Engine::builtin);

const CORPUS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/captions.jsonl"
));
const SEED_GOLD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/fixtures/corpus/seed_gold.jsonl"
));

static CAPTIONS: LazyLock<Vec<String>> = LazyLock::new(|| {
    CORPUS
        .lines()
        .chain(SEED_GOLD.lines())
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["caption"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
});

/// Every span-like value of the record lies within the caption and on char boundaries.
fn check_invariants(rec: &Record, input: &CaptionInput) -> Result<(), TestCaseError> {
    let cap = rec.caption.as_str();
    prop_assert_eq!(cap, input.text.as_str(), "caption must be kept untouched");
    let ok = |s: usize, e: usize| {
        s <= e && e <= cap.len() && cap.is_char_boundary(s) && cap.is_char_boundary(e)
    };
    for (field, evs) in &rec.evidence {
        for ev in evs {
            prop_assert!(
                ok(ev.start, ev.end),
                "evidence {} {}..{} ({}) is not a valid span of a {}-byte caption",
                field,
                ev.start,
                ev.end,
                ev.rule,
                cap.len()
            );
        }
    }
    for p in &rec.places {
        prop_assert!(
            ok(p.start, p.end),
            "place {:?} {}..{} is not a valid span of a {}-byte caption",
            p.text,
            p.start,
            p.end,
            cap.len()
        );
    }
    if let Some(d) = &rec.date {
        let want = match d.precision {
            dateline_model::DatePrecision::Day => 10,
            dateline_model::DatePrecision::Month => 7,
            dateline_model::DatePrecision::Year => 4,
        };
        prop_assert!(
            d.iso.len() == want || d.iso.starts_with('-'),
            "date iso {:?} does not match precision {:?}",
            d.iso,
            d.precision
        );
    }
    if let Some(p) = rec.location.precision {
        prop_assert!((1..=3).contains(&p), "location precision {}", p);
    }
    prop_assert_eq!(&rec.id, &dateline_model::record_id(cap));
    prop_assert_eq!(&rec.input_id, &input.input_id);
    Ok(())
}

fn run(input: &CaptionInput) -> Result<Record, TestCaseError> {
    let rec = ENGINE.extract(input);
    check_invariants(&rec, input)?;
    Ok(rec)
}

/// Characters that tend to break byte/char arithmetic and tokenizers.
const SPECIAL_CHARS: &[char] = &[
    '\0',
    '\t',
    '\n',
    '\r',
    '\u{b}',
    '\u{c}',
    '\u{1b}',
    '\u{7f}',
    '\u{85}',
    '\u{a0}',
    '\u{ad}',
    '\u{200b}',
    '\u{200d}',
    '\u{200e}',
    '\u{202e}',
    '\u{2028}',
    '\u{2029}',
    '\u{3000}',
    '\u{feff}',
    '\u{fffd}',
    '\u{301}',
    '\u{308}',
    '\u{64e}',
    'é',
    'ß',
    'İ',
    'ı',
    'ǅ',
    'ﬁ',
    '’',
    '‘',
    '“',
    '”',
    '–',
    '—',
    '…',
    '·',
    '/',
    '\\',
    '(',
    ')',
    ',',
    '.',
    ':',
    ';',
    '-',
    '\'',
    '"',
    '©',
    '®',
    '°',
    '½',
    '٣',
    '۴',
    '१',
    '５',
    'Ⅻ',
    'ع',
    'ب',
    'ا',
    'ل',
    'ח',
    'я',
    'Ж',
    'Ω',
    '中',
    '文',
    '😀',
    '👍',
    '🇸',
    '🇾',
    '𝔸',
    '\u{10ffff}',
    '\u{e000}',
];

/// Words and phrases the recognizers key on, so random soups reach deep into the rules.
const VOCAB: &[&str] = &[
    "Photo by",
    "(Photo by",
    "/AFP Photo)",
    "AFP PHOTO /",
    "REUTERS/",
    "/Reuters)",
    "AP Photo/",
    "Getty Images",
    "EPA-EFE/",
    "Anadolu Agency",
    "via",
    "Handout",
    "file photo",
    "Picture taken",
    "on",
    "in",
    "at",
    "near",
    "north of",
    "outskirts of",
    "the city of",
    "village",
    "province",
    "neighbourhood",
    "camp",
    "district",
    "Aleppo",
    "Idlib",
    "Raqqa",
    "Syria",
    "Syria's",
    "Damascus",
    "Homs",
    "Mosul",
    "Iraq",
    "Gaza",
    "Sanaa",
    "Yemen",
    "Kabul",
    "Jordan",
    "Mafraq",
    "Zaatari",
    "Bab al- Nairab",
    "al-",
    "Al",
    "el-",
    "Jabal",
    "Tal",
    "Deir",
    "January",
    "Feb.",
    "March",
    "Sept.",
    "November",
    "December",
    "Dec",
    "Sunday",
    "Tuesday,",
    "Monday",
    "yesterday",
    "last week",
    "2016",
    "2015,",
    "1999",
    "0",
    "00",
    "24",
    "31",
    "32",
    "29",
    "February 29,",
    "2016-11-24",
    "24/11/2016",
    "11.24.2016",
    "99999999999999999999",
    "4294967296",
    "18446744073709551616",
    "-1",
    "1,000",
    "killed",
    "were killed",
    "dead",
    "injured",
    "wounded",
    "at least",
    "about",
    "nearly",
    "more than",
    "four",
    "nineteen",
    "hundreds",
    "dozens",
    "according to",
    "activists said",
    "reported",
    "reportedly",
    "alleged",
    "said to",
    "air strike",
    "airstrike",
    "barrel bomb",
    "shelling",
    "explosion",
    "car bomb",
    "clashes",
    "protest",
    "rescue",
    "funeral",
    "earthquake",
    "flood",
    "refugee",
    "government forces",
    "rebels",
    "Syrian Democratic Forces",
    "(SDF)",
    "SDF",
    "the White Helmets",
    "UNICEF",
    "U.N.",
    "Syrian Observatory for Human Rights",
    "President",
    "Bashar al-Assad",
    "Samah,",
    "5,",
    "9-year-old",
    "Mr.",
    "Dr.",
    ",",
    ".",
    ", ",
    ". ",
    "(",
    ")",
    "/",
    " / ",
    "–",
    "—",
    "’s",
    "'s",
    "\"",
    "“",
    "”",
    "\n",
    "\n\n",
    "\t",
    "\r\n",
];

fn special_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(SPECIAL_CHARS),
        2 => any::<char>(),
        2 => prop::char::range('a', 'z'),
        1 => prop::char::range('0', '9'),
        1 => Just(' '),
    ]
}

/// A caption-like soup of recognizer keywords, separators and odd characters.
fn token_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        6 => prop::sample::select(VOCAB).prop_map(str::to_string),
        1 => special_char().prop_map(String::from),
        1 => "[A-Z][a-z]{1,8}",
        1 => "[0-9]{1,6}",
    ];
    let sep = prop_oneof![6 => Just(" "), 1 => Just(""), 1 => Just(", "), 1 => Just("  "), 1 => Just("\n")];
    prop::collection::vec((token, sep), 0..60)
        .prop_map(|parts| parts.into_iter().map(|(t, s)| t + s).collect())
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(prop::sample::Index, char),
    Delete(prop::sample::Index),
    Replace(prop::sample::Index, char),
    /// Cut the caption at a char.
    Truncate(prop::sample::Index),
    /// Duplicate a stretch of up to 40 chars in place.
    Repeat(prop::sample::Index, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<prop::sample::Index>(), special_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        3 => any::<prop::sample::Index>().prop_map(Edit::Delete),
        4 => (any::<prop::sample::Index>(), special_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        1 => any::<prop::sample::Index>().prop_map(Edit::Truncate),
        1 => (any::<prop::sample::Index>(), 1usize..40).prop_map(|(i, n)| Edit::Repeat(i, n)),
    ]
}

fn apply(caption: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = caption.chars().collect();
    for e in edits {
        let n = chars.len();
        match e {
            Edit::Insert(i, c) => chars.insert(i.index(n + 1), *c),
            Edit::Delete(i) if n > 0 => {
                chars.remove(i.index(n));
            }
            Edit::Replace(i, c) if n > 0 => chars[i.index(n)] = *c,
            Edit::Truncate(i) => chars.truncate(i.index(n + 1)),
            Edit::Repeat(i, len) if n > 0 => {
                let start = i.index(n);
                let end = (start + len).min(n);
                let piece: Vec<char> = chars[start..end].to_vec();
                chars.splice(start..start, piece);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A real caption with 1..12 random edits.
fn mutated_caption() -> impl Strategy<Value = String> {
    (
        prop::sample::select(CAPTIONS.clone()),
        prop::collection::vec(edit(), 1..12),
    )
        .prop_map(|(c, edits)| apply(&c, &edits))
}

/// Any caption: arbitrary, soup, or mutated real caption.
fn any_caption() -> impl Strategy<Value = String> {
    prop_oneof![1 => any::<String>(), 2 => token_soup(), 3 => mutated_caption()]
}

/// Reference dates across jiff's whole range, weighted to its edges and to plausible years.
fn reference_date() -> impl Strategy<Value = Option<jiff::civil::Date>> {
    let year = prop_oneof![3 => 1990i16..2030, 1 => -9999i16..=9999, 1 => prop::sample::select(vec![-9999i16, -9998, 0, 1, 9998, 9999])];
    let date = (year, 1i8..=12, 1i8..=31).prop_map(|(y, m, d)| {
        let last = jiff::civil::date(y, m, 1).days_in_month();
        jiff::civil::date(y, m, d.min(last))
    });
    prop_oneof![1 => Just(None), 2 => date.prop_map(Some)]
}

fn input(text: String, reference_date: Option<jiff::civil::Date>) -> CaptionInput {
    CaptionInput {
        text,
        input_id: Some("prop".into()),
        reference_date,
        ..Default::default()
    }
}

/// The contract's id: NFC, then whitespace runs folded to one space, trimmed.
fn folded(s: &str) -> String {
    let nfc: String = s.nfc().collect();
    nfc.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// 256 cases per property unless `PROPTEST_CASES` says otherwise.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), max_shrink_iters: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>(), rd in reference_date()) {
        run(&input(text, rd))?;
    }

    #[test]
    fn caption_like_soups_keep_span_invariants(text in token_soup(), rd in reference_date()) {
        run(&input(text, rd))?;
    }

    #[test]
    fn mutated_real_captions_keep_span_invariants(text in mutated_caption(), rd in reference_date()) {
        run(&input(text, rd))?;
    }

    #[test]
    fn record_id_depends_only_on_folded_caption(
        text in any_caption(),
        seps in prop::collection::vec(prop::sample::select(vec![" ", "  ", "\t", "\n", "\r\n", " \n\t ", "\u{a0}", "\u{3000}", "\u{2028}"]), 1..8),
        lead in prop::sample::select(vec!["", " ", "\n", "\t\t", "\u{a0}"]),
        trail in prop::sample::select(vec!["", " ", "\n", "\r\n", "\u{3000}"]),
        nfd in any::<bool>(),
        rd in reference_date(),
    ) {
        let base = ENGINE.extract(&CaptionInput::new(text.clone()));
        prop_assert_eq!(&base.id, &dateline_model::record_id(&folded(&text)));
        // Re-wrapped: every whitespace run replaced by another, with leading and trailing blanks.
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut variant = String::from(lead);
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                variant.push_str(seps[i % seps.len()]);
            }
            variant.push_str(w);
        }
        variant.push_str(trail);
        // Re-encoded: decomposed instead of composed.
        if nfd {
            variant = variant.nfd().collect();
        }
        prop_assert_eq!(folded(&variant), folded(&text), "the variant folds to the same text");
        // Input id, provenance and reference date do not enter the id.
        let other = ENGINE.extract(&CaptionInput {
            text: variant.clone(),
            input_id: Some("other".into()),
            reference_date: rd,
            source: dateline_model::Source { kind: "csv".into(), path: Some("x.csv".into()), line: Some(7), sha256: None },
        });
        prop_assert_eq!(&other.id, &base.id, "{:?} and {:?} fold alike but get different ids", text, variant);
    }

    #[test]
    fn different_folded_captions_get_different_ids(a in any_caption(), b in any_caption()) {
        prop_assume!(folded(&a) != folded(&b));
        let (ra, rb) = (ENGINE.extract(&CaptionInput::new(a)), ENGINE.extract(&CaptionInput::new(b)));
        prop_assert_ne!(ra.id, rb.id);
    }

    #[test]
    fn records_round_trip_through_json(text in any_caption(), rd in reference_date()) {
        let rec = run(&input(text, rd))?;
        let json = serde_json::to_string(&rec).expect("records serialize");
        let back: Record = serde_json::from_str(&json).expect("records deserialize");
        prop_assert_eq!(&back, &rec);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
}

/// Very long captions are cut for analysis at a char boundary; spans stay inside the cut.
#[test]
fn long_captions_are_cut_on_char_boundaries() {
    for pad in 0..4 {
        // A 4-byte char straddles MAX_ANALYSED_BYTES at every offset.
        let mut text = "x".repeat(dateline_engine::MAX_ANALYSED_BYTES - 4 + pad);
        while text.len() < dateline_engine::MAX_ANALYSED_BYTES + 64 {
            text.push('😀');
        }
        text.push_str(" in Aleppo, Syria, March 7, 2015. REUTERS/Abdalrhman Ismail");
        let inp = input(text, None);
        let rec = ENGINE.extract(&inp);
        check_invariants(&rec, &inp).unwrap();
        assert!(!rec.warnings.is_empty(), "a cut caption carries a warning");
    }
}

/// Found by `record_id_depends_only_on_folded_caption` / `different_folded_captions_get_different_ids`
/// (seeds in properties.proptest-regressions): a team possessive ("Manchester City's Oleksandr")
/// makes the name recognizer look at the next 120 bytes, and that byte offset can fall inside a
/// multibyte character. Every alignment of a 3-byte character against that offset is tried.
#[test]
fn sport_possessive_lookahead_on_multibyte_text() {
    for pad in 0..3 {
        let text = format!(
            "Manchester City's Oleksandr Zinchenko in action {}{} in Manchester, Britain, August 31, 2019.",
            "x".repeat(pad),
            "—".repeat(60)
        );
        let inp = input(text, None);
        let rec = ENGINE.extract(&inp);
        check_invariants(&rec, &inp).unwrap();
    }
}
