//! The date the photo was taken.
//!
//! Every date-like expression of the caption becomes a candidate ("November 6, 2016",
//! "6 November 2016", "Nov. 6, 2016", "2016-11-06", "24-06-2014", "April 2017", a year at the end
//! of the lead sentence, "on Sunday" with a reference date). Each candidate gets a priority from
//! its context:
//!
//! 3. a photo cue right before it: "Picture taken", "Picture date:", "File photo dated",
//!    "In this … photo", "taken on";
//! 2. it sits in the lead (the first full sentence, plus a dateline fragment before it) and no
//!    background cue precedes it;
//! 0. background: "since", "until", "uploaded", "Issue date:", "mid-", dates of later sentences.
//!
//! The best candidate (priority, then precision, then the earliest) is the photo date; background
//! candidates never are. An invalid calendar date ("February 30, 2016") gives no date and a
//! warning; a named weekday that does not match gives `weekday_ok: false` and a warning.

use std::sync::LazyLock;

use regex::Regex;

use crate::Span;
use dateline_model::DatePrecision;

/// The chosen photo date.
#[derive(Debug, Clone, PartialEq)]
pub struct DateFound {
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    pub iso: String,
    /// Precision of `iso`.
    pub precision: DatePrecision,
    /// The words the date came from.
    pub span: Span,
    /// Whether a named weekday matches; `None` when none was named.
    pub weekday_ok: Option<bool>,
    /// Rule id, e.g. `date.picture_taken`.
    pub rule: &'static str,
}

/// Warning text when a named weekday does not match the date.
pub const WEEKDAY_MISMATCH: &str = "weekday does not match date";

const MONTHS: &str = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec";
const WEEKDAYS: &str = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\.";

static MDY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?:(?P<wd>{WEEKDAYS}),?\s+)?(?P<mon>{MONTHS})\b(?:\.?,?\s+|\.)(?P<day>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,\s*|\.?\s+)(?P<year>\d{{4}})\b"
    ))
    .expect("MDY regex")
});
static DMY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?:(?P<wd>{WEEKDAYS}),?\s+)?(?:the\s+)?(?P<day>\d{{1,2}})(?:st|nd|rd|th|\.)?\s+(?:of\s+)?(?P<mon>{MONTHS})\b\.?,?\s+(?P<year>\d{{4}})\b"
    ))
    .expect("DMY regex")
});
/// Month names of captions written in French, German, Spanish, Italian, Portuguese, Indonesian,
/// Malay, Dutch, Tagalog, Turkish, Russian and Ukrainian (those that differ from the English ones;
/// Russian and Ukrainian in the genitive of a date, "5 января 2022 года"); only in day-month-year dates ("le 25 novembre 2022",
/// "am 14. März 2023", "el 3 de mayo de 2021"), never alone ("Mars 2020" is a rover).
const MONTHS_INTL: &str = "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|januar|jänner|februar|märz|maerz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro|januari|februari|maret|maart|mei|agustus|augustus|desember|mac|julai|ogos|disember|pebrero|marso|hunyo|hulyo|setyembre|oktubre|nobyembre|disyembre|ocak|şubat|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık|ianuarie|februarie|martie|aprilie|iunie|iulie|septembrie|octombrie|noiembrie|decembrie|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|grudnia|ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince|siječnja|veljače|ožujka|travnja|svibnja|lipnja|srpnja|kolovoza|rujna|studenoga|prosinca|január|február|március|április|május|június|július|augusztus|szeptember|október|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|січня|лютого|березня|квітня|травня|червня|липня|серпня|вересня|жовтня|листопада|грудня|يناير|فبراير|مارس|أبريل|ابريل|مايو|يونيو|يوليو|أغسطس|اغسطس|سبتمبر|أكتوبر|اكتوبر|نوفمبر|ديسمبر|كانون الثاني|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول|تشرين الأول|تشرين الثاني|كانون الأول|جنوری|فروری|مارچ|اپریل|مئی|جون|جولائی|اگست|ستمبر|اکتوبر|نومبر|دسمبر|जनवरी|फ़रवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|सितम्बर|अक्टूबर|अक्तूबर|नवंबर|नवम्बर|दिसंबर|दिसम्बर|machi|aprili|agosti|septemba|oktoba|novemba|desemba|มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม|tammikuuta|helmikuuta|maaliskuuta|huhtikuuta|toukokuuta|kesäkuuta|heinäkuuta|elokuuta|syyskuuta|lokakuuta|marraskuuta|joulukuuta|maj|augusti|ιανουαρίου|φεβρουαρίου|μαρτίου|απριλίου|μαΐου|ιουνίου|ιουλίου|αυγούστου|σεπτεμβρίου|οκτωβρίου|νοεμβρίου|δεκεμβρίου|janúar|januára|januarja|januara|janvārī|jaanuar|jaanuaril|janar|gener|janaayo|janairu|febrúar|februára|februarja|februara|februārī|veebruar|veebruaril|shkurt|febrer|febraayo|fabrairu|marts|mart|marta|martā|märts|märtsil|març|maarso|maris|apríl|apríla|aprila|aprīlī|aprill|aprillil|prill|abriil|afrilu|maí|mája|maijā|maig|maajo|mayu|júní|júna|junija|juna|jūnijā|juuni|juunil|qershor|juny|juun|yuni|júlí|júla|julija|jula|jūlijā|juuli|juulil|korrik|juliol|luulyo|yuli|ágúst|augusta|avgusta|augustā|augustil|gusht|agost|agoosto|agusta|septembra|septembrī|septembril|shtator|setembre|sebtembar|satumba|septembar|októbra|oktobra|oktobrī|oktoobril|oktoober|tetor|oktoobar|oktobar|nóvember|novembra|novembrī|novembril|nëntor|nofembar|nuwamba|novembar|decembra|decembrī|detsember|detsembril|dhjetor|desembre|desembar|disamba|decembar";
/// "Septiembre 19, 2017": a month of another language written first, capitalized, as Mexican
/// and other American agencies date their captions in the English order; the comma before the
/// year is required.
static MDY_INTL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?P<mon>{MONTHS_INTL})\s+(?P<day>\d{{1,2}}),\s*(?P<year>\d{{4}})\b"
    ))
    .expect("MDY_INTL regex")
});
static DMY_INTL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?P<day>\d{{1,2}})(?:er|\.|º|°)?\s+(?:de\s+)?(?P<mon>{MONTHS_INTL})\b(?:\s*/\s*(?:{MONTHS_INTL})\b)?[,،]?\s+(?:de\s+|del\s+)?(?P<year>\d{{4}})\b"
    ))
    .expect("international DMY regex")
});
/// Three day-month-year forms with their own separators: Folha's and EFE's abbreviated month
/// between dots ("19.abr.2017", "3.ene.2020"), an English one between hyphens, as picture
/// archives print it ("16-OCT-04"), and Vietnamese "ngày 21 tháng 8 năm 2023".
static DMY_SHORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?P<day>\d{1,2})\.(?P<mon>jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez|ene|feb|apr|may|aug|sep|oct|dic|dec)\.(?P<year>\d{4})\b|\b(?P<hday>\d{1,2})-(?P<hmon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)-(?P<hyear>\d{2}|\d{4})\b|\bngày\s+(?P<vday>\d{1,2})\s+tháng\s+(?P<vmon>\d{1,2})(?:\s+năm|,)\s+(?P<vyear>\d{4})\b",
    )
    .expect("short day-month-year regex")
});
/// Day, month and year written as one word, as Mexico's Cuartoscuro dates its captions
/// ("CIUDAD DE MÉXICO, 01NOVIEMBRE2023.-").
static DMY_GLUED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?P<day>\d{1,2})(?P<mon>enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|january|february|march|april|may|june|july|august|september|october|november|december)(?P<year>\d{4})\b",
    )
    .expect("glued day-month-year regex")
});
/// Hungarian dates, year first: "2023. december 27.".
static HU_YMD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?P<year>[0-9]{4})\.\s+(?P<mon>január|február|március|április|május|június|július|augusztus|szeptember|október|november|december)\s+(?P<day>[0-9]{1,2})\.")
        .expect("valid regex")
});

/// A four-digit number followed by ". " (the start of a Hungarian date).
fn has_year_dot(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(6)
        .any(|w| w[..4].iter().all(u8::is_ascii_digit) && w[4] == b'.' && w[5] == b' ')
}

/// Chinese, Japanese and Korean dates: "2019年10月13日", "2022년 8월 6일".
static CJK_YMD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<year>[0-9]{4})\s?[年년]\s?(?P<mon>[0-9]{1,2})\s?[月월]\s?(?P<day>[0-9]{1,2})\s?[日일]")
        .expect("valid regex")
});
static NUMERIC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)(?:\b(?P<wd>{WEEKDAYS}),?\s+)?(?:\b(?P<y1>\d{{4}})(?P<s1>[-/.])(?P<m1>\d{{1,2}})(?P<s2>[-/.])(?P<d1>\d{{1,2}})\b|\b(?P<d2>\d{{1,2}})(?P<s3>[-/.])(?P<m2>\d{{1,2}})(?P<s4>[-/.])(?P<y2>\d{{4}})\b|\b(?P<d3>\d{{1,2}})(?P<s5>[/.])(?P<m3>\d{{1,2}})(?P<s6>[/.])(?P<y3>\d{{2}})\b)"
    ))
    .expect("numeric date regex")
});
static MONTH_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?P<mon>{MONTHS})\b\.?,?\s+(?P<year>\d{{4}})\b"
    ))
    .expect("month-year regex")
});
static YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(?:18|19|20)\d{2}\b").expect("year regex"));
static RELATIVE: LazyLock<Regex> = LazyLock::new(|| {
    // "on Sunday", "last Friday", and AP's trailing ", Sunday." / ", Sunday, March 10."
    Regex::new(r"(?:\b(?:on|On|ON|last|Last)\s+|,\s*)(?P<wd>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?:,?\s+(?P<m>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)\.?\s+(?P<d>\d{1,2})\b)?(?P<tail>[^\n]?)")
        .expect("relative weekday regex")
});
/// Photo cues that end right before a date.
static POSITIVE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)(?:
            \b(?:picture|photo|photograph|image|footage|video|still|frame)s?\s+(?:was\s+|were\s+)?(?:taken|dated|shot|made|captured|recorded|filmed)(?:\s+on|\s+in)?
          | \b(?:picture|photo|image|photograph)\s+date
          | \bdate\s+taken
          | \bfile\s+(?:photo|picture|image)\s+(?:dated|taken|from)(?:\s+on|\s+in)?
          | \btaken\s+(?:on|in)
          | \bin\s+this
          # French, Spanish, Portuguese, Italian, German, Indonesian/Malay, Dutch photo cues
          | \b(?:photo|cliché|image)s?\s+(?:prise?s?|datée?s?|réalisée?s?)(?:\s+le|\s+du|\s+en)?
          | \b(?:foto(?:grafía|grafia)?|imagen|imagem|immagine)s?\s+(?:tomada|fechada|captada|tirada|feita|registrada|scattata|datata|de\s+archivo\s+(?:fechada|tomada))(?:\s+el|\s+em|\s+il|\s+en)?
          # a picture of a day: Imagen del 14 de agosto de 2023, Foto del, Photo du
          | \b(?:foto|imagen|imagem|immagine|photo)s?\s+(?:del|do|da|du|dell['’])
          | \baufgenommen\s+am
          | \bfoto\s+(?:diambil|bertarikh|genomen)(?:\s+pada|\s+op)?
        )\s*[:,]?\s*$",
    )
    .expect("positive cue regex")
});
/// After "In this <date>": the photo word.
static IN_THIS_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*,?\s*(?:(?:file|handout|pool|video|still|aerial|undated|provided|released)\s+)*(?:photo|picture|image|photograph|still|frame|handout|video)")
        .expect("in-this regex")
});
/// After a dateline's date: the agency and the dateline dash ("(Xinhua) --", " -- ", "--Rescuers").
static DATELINE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?:\([^()\n]{1,40}\)\s*(?:--|—|–|-)|(?:--|—)(?:\s|\p{Lu}))")
        .expect("dateline regex")
});
/// Background cues that end right before a date ("early on November 3" is a time of that day,
/// not background; "early in 2019" is).
static NEGATIVE_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)(?:
            \b(?:since|until|till|through|after|before|from|by|between|and|to|uploaded|posted|published|released|provided|distributed|supplied|circulated|obtained|received|issued|updated|born|expected|scheduled|embargoed|expires?|expired|as\s+of|end\s+of|beginning\s+of|start\s+of|earlier|later)\s*[:,]?\s*(?:on\s+|in\s+)?
          | \b(?:early|late|mid)\s*[:,]?\s*(?:in\s+)?
          | \b(?:desde|depuis|seit|hasta|jusqu'au|jusqu’au|bis\s+zum|até)\s+(?:el\s+|le\s+|o\s+|dem\s+)?
          | \bissue\s+date\s*:?\s*
          | \brelease\s+date\s*:?\s*
          | \b(?:mid|early|late)-
        )$",
    )
    .expect("negative cue regex")
});
static ABBREVIATIONS: &[&str] = &[
    "gen", "lt", "col", "sgt", "capt", "maj", "dr", "mr", "mrs", "ms", "st", "mt", "jan", "feb",
    "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "jr", "sr", "no", "vs",
    "gov", "sen", "rep", "rev", "prof", "pres", "ft", "corp", "inc", "co", "ltd", "ave", "blvd",
    "rd", "brig", "adm", "cpl", "pvt", "lieut", "hon", "approx", "est", "fig", "mon", "tue",
    "tues", "wed", "thu", "thurs", "fri", "sat", "sun", "cmdr", "sgt", "supt", "insp",
    // Place words abbreviated before a name: Philippine "Brgy." (barangay), Indonesian "Jl."
    // (street), "Kab." (regency), "Kec." (district), "Kel." (ward), Spanish "Av."/"Avda.".
    "brgy", "bgy", "jl", "jln", "kab", "kec", "kel", "av", "avda",
    // Polish photo labels before the photographer: "Fot." and "Zdj." (fotografia, zdjęcie).
    "fot", "zdj",
];

/// Splits text into sentences (byte spans, untrimmed, covering the whole text).
/// A period ends a sentence unless it follows an initial ("U.S.", "James L. Burdon") or a known
/// abbreviation ("Sept.", "Gen."), or the next word starts in lowercase.
pub(crate) fn sentences(text: &str) -> Vec<Span> {
    Sentences::new(text).collect()
}

/// Iterator form of [`sentences`].
pub(crate) struct Sentences<'a> {
    text: &'a str,
    start: usize,
    i: usize,
}

impl<'a> Sentences<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Sentences {
            text,
            start: 0,
            i: 0,
        }
    }
}

impl Iterator for Sentences<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        let text = self.text;
        let b = text.as_bytes();
        while self.i < b.len() {
            // Skip to the next possible cut.
            match b[self.i..]
                .iter()
                .position(|&c| matches!(c, b'\n' | b'.' | b'!' | b'?'))
            {
                Some(k) => self.i += k,
                None => {
                    self.i = b.len();
                    break;
                }
            }
            let i = self.i;
            let c = b[i];
            // Only ASCII marks cut; skip other bytes fast.
            let end = i + 1;
            self.i = end;
            let cut = match c {
                b'\n' => true,
                b'.' | b'!' | b'?' => {
                    let next = text[end..].chars().next();
                    let next_ok = match next {
                        None => true,
                        Some(n) if n.is_whitespace() => {
                            let after = text[end..].trim_start();
                            !after.chars().next().is_some_and(|a| a.is_lowercase())
                        }
                        Some('"' | '\'' | '”' | '’' | ')') => true,
                        _ => false,
                    };
                    next_ok && (c != b'.' || !is_abbreviation_before(text, i))
                }
                _ => false,
            };
            if cut && end > self.start {
                let s = Span::new(self.start, end);
                self.start = end;
                return Some(s);
            }
        }
        if self.start < text.len() {
            let s = Span::new(self.start, text.len());
            self.start = text.len();
            return Some(s);
        }
        None
    }
}

/// True when the word before the period at `dot` is an initial or a known abbreviation.
fn is_abbreviation_before(text: &str, dot: usize) -> bool {
    let before = &text[..dot];
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphabetic())
        .last()
        .map(|(i, _)| i)
        .unwrap_or(dot);
    let word = &before[word_start..];
    let letters = word.chars().count();
    if letters == 0 {
        return false;
    }
    if letters == 1 {
        return true;
    }
    if word.is_ascii() {
        // The abbreviations are short ASCII words.
        return word.len() <= 6
            && ABBREVIATIONS
                .iter()
                .any(|a| a.as_bytes().eq_ignore_ascii_case(word.as_bytes()));
    }
    let lower = word.to_lowercase();
    ABBREVIATIONS.contains(&lower.as_str())
}

// ------------------------------------------------------------------------------------------
// Windowed regex search (shared with credit.rs, event.rs and casualty.rs)
// ------------------------------------------------------------------------------------------
//
// The capturing regexes are slow on whole captions (Unicode `\b` sends non-ASCII text to the
// PikeVM). Every match of them contains an anchor (a year, a verb, …) and crosses a bounded
// number of whitespace runs on each side of it, so they are run only on short windows around
// the anchors, found with cheap scans. The results are exactly those of a whole-text search:
// - a window contains every match that contains its anchor, and overlapping windows are merged,
//   so the leftmost-first, non-overlapping iteration finds the same matches in the same order;
// - the search starts with `captures_at`, which sees the text before the window (look-behind);
// - the haystack is cut at a whitespace character (or the end), where `\b` behaves as at the end.
// Text whose matching could involve non-ASCII case folds (`ſ`, Kelvin sign) or non-ASCII digits
// is searched whole, as before.

/// True when ASCII-only anchor scans could miss a match: the text has a character that a
/// case-insensitive regex folds to an ASCII letter (`ſ`, `K`) or a non-ASCII digit.
pub(crate) fn needs_full_search(text: &str) -> bool {
    if text.is_ascii() {
        return false;
    }
    text.chars()
        .any(|c| !c.is_ascii() && (c == '\u{17F}' || c == '\u{212A}' || c.is_numeric()))
}

/// Smallest start `ws <= pos` such that `text[ws..pos]` meets at most `n` whitespace runs: any
/// match starting before `ws` and reaching `pos` crosses more than `n` runs.
pub(crate) fn back_runs(text: &str, pos: usize, n: usize) -> usize {
    let b = text.as_bytes();
    let mut runs = 0;
    let mut in_ws = false;
    let mut i = pos;
    while i > 0 {
        // Start of the previous char.
        let mut j = i - 1;
        while j > 0 && (b[j] & 0xC0) == 0x80 {
            j -= 1;
        }
        let ws = if b[j] < 0x80 {
            b[j].is_ascii_whitespace() || b[j] == 0x0B
        } else {
            text[j..i].chars().next().is_some_and(char::is_whitespace)
        };
        if ws && !in_ws {
            runs += 1;
            if runs > n {
                return i;
            }
        }
        in_ws = ws;
        i = j;
    }
    0
}

/// Position of the first character of the `n+1`-th whitespace run at or after `pos` (a
/// whitespace character), or the end of the text.
pub(crate) fn fwd_runs(text: &str, pos: usize, n: usize) -> usize {
    let b = text.as_bytes();
    let mut runs = 0;
    let mut in_ws = false;
    let mut i = pos;
    while i < b.len() {
        let (ws, len) = if b[i] < 0x80 {
            (b[i].is_ascii_whitespace() || b[i] == 0x0B, 1)
        } else {
            let c = text[i..].chars().next().unwrap_or(' ');
            (c.is_whitespace(), c.len_utf8())
        };
        if ws && !in_ws {
            if runs == n {
                return i;
            }
            runs += 1;
        }
        in_ws = ws;
        i += len;
    }
    b.len()
}

/// Sorts and merges overlapping or touching windows.
pub(crate) fn merge_windows(w: &mut Vec<(usize, usize)>) {
    w.sort_unstable();
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(w.len());
    for &(a, z) in w.iter() {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(z),
            _ => out.push((a, z)),
        }
    }
    *w = out;
}

/// `re.captures_iter(text)`, searched only inside `windows` (merged, see above); `None`: the
/// whole text.
pub(crate) fn captures_in<'h>(
    re: &Regex,
    text: &'h str,
    windows: Option<&[(usize, usize)]>,
    mut f: impl FnMut(regex::Captures<'h>),
) {
    let Some(windows) = windows else {
        for c in re.captures_iter(text) {
            f(c);
        }
        return;
    };
    each_in_windows(
        text,
        windows,
        |hay, pos| {
            let c = re.captures_at(hay, pos)?;
            let (start, end) = c.get(0).map(|m| (m.start(), m.end()))?;
            Some((c, start, end))
        },
        f,
    );
}

/// Like [`captures_in`] for `find_iter`.
pub(crate) fn find_in<'h>(
    re: &Regex,
    text: &'h str,
    windows: Option<&[(usize, usize)]>,
    mut f: impl FnMut(regex::Match<'h>),
) {
    let Some(windows) = windows else {
        for m in re.find_iter(text) {
            f(m);
        }
        return;
    };
    each_in_windows(
        text,
        windows,
        |hay, pos| re.find_at(hay, pos).map(|m| (m, m.start(), m.end())),
        f,
    );
}

/// Runs `search` from each window's start until it fails or passes the window's end, stepping
/// past empty matches, and hands every match to `f`. `search` gets the text up to the window's end
/// (so look-behind sees the text before the window) and the position to search from.
fn each_in_windows<'h, T>(
    text: &'h str,
    windows: &[(usize, usize)],
    search: impl Fn(&'h str, usize) -> Option<(T, usize, usize)>,
    mut f: impl FnMut(T),
) {
    for &(a, z) in windows {
        let hay = &text[..z];
        let mut pos = a;
        while pos <= z {
            let Some((m, start, end)) = search(hay, pos) else {
                break;
            };
            pos = if end > start {
                end
            } else {
                end + hay[end..].chars().next().map_or(1, char::len_utf8)
            };
            f(m);
        }
    }
}

/// Windows around the 4-digit numbers (every date form contains a year written with exactly four
/// ASCII digits, but for "dd/mm/yy"); `None` when the whole text must be searched.
fn year_windows(text: &str) -> Option<Vec<(usize, usize)>> {
    if needs_full_search(text) {
        return None;
    }
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let s = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i - s == 4 {
            // At most 5 whitespace runs before the year ("Tuesday, the 24th of June 2014"), none
            // after it ("2016-11-06").
            out.push((back_runs(text, s, 6), fwd_runs(text, i, 0)));
        } else if i - s == 2
            && s >= 6
            && matches!(b[s - 1], b'/' | b'.')
            && b[s - 4] == b[s - 1]
            && [s - 6, s - 5, s - 3, s - 2]
                .iter()
                .all(|&k| b[k].is_ascii_digit())
        {
            // "04/06/15": the two-digit year of a day-month-year.
            out.push((s - 6, i));
        } else if i - s == 2
            && s >= 7
            && b[s - 1] == b'-'
            && b[s - 5] == b'-'
            && b[s - 4..s - 1].iter().all(u8::is_ascii_alphabetic)
            && b[s - 6].is_ascii_digit()
        {
            // "16-OCT-04": day, month abbreviation and two-digit year between hyphens.
            out.push((s - 7, i));
        } else if i - s == 2
            && let Some(start) = short_slash_date_start(b, s)
        {
            // "2/14/18": one-digit parts between slashes.
            out.push((start, i));
        }
    }
    merge_windows(&mut out);
    Some(out)
}

/// Where "d/m/yy" or "m/d/yy" starts, given the start `s` of its two-digit year.
fn short_slash_date_start(b: &[u8], s: usize) -> Option<usize> {
    let digits_before = |end: usize| {
        let mut k = end;
        while k > 0 && end - k < 3 && b[k - 1].is_ascii_digit() {
            k -= 1;
        }
        (1..=2).contains(&(end - k)).then_some(k)
    };
    let slash = s.checked_sub(1).filter(|&j| b[j] == b'/')?;
    let mid = digits_before(slash)?;
    let slash2 = mid.checked_sub(1).filter(|&j| b[j] == b'/')?;
    digits_before(slash2)
}

#[derive(Debug, Clone)]
struct Candidate {
    span: Span,
    year: i32,
    month: Option<u8>,
    day: Option<u8>,
    weekday: Option<jiff::civil::Weekday>,
    rule: &'static str,
    precision: DatePrecision,
}

fn month_number(name: &str) -> Option<u8> {
    let lower = name.to_lowercase();
    if let Some(n) = intl_month_number(&lower) {
        return Some(n);
    }
    let key = lower.get(..3)?;
    let n = match key {
        "jan" => 1,
        "feb" => 2,
        "mar" => 3,
        "apr" => 4,
        "may" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" => 8,
        "sep" => 9,
        "oct" => 10,
        "nov" => 11,
        "dec" => 12,
        _ => return None,
    };
    Some(n)
}

/// The number of a month name of [`MONTHS_INTL`] (lowercase) that the English 3-letter prefixes
/// would miss or misread.
fn intl_month_number(lower: &str) -> Option<u8> {
    let n = match lower {
        "janvier" | "januar" | "jänner" | "enero" | "gennaio" | "janeiro" | "januari" | "ocak" => {
            1
        }
        "février" | "fevrier" | "februar" | "febrero" | "febbraio" | "fevereiro" | "februari"
        | "pebrero" | "şubat" => 2,
        "mars" | "märz" | "maerz" | "marzo" | "março" | "maret" | "maart" | "mac" | "marso" => 3,
        "avril" | "abril" | "aprile" | "nisan" => 4,
        "mai" | "mayo" | "maggio" | "maio" | "mei" | "mayıs" => 5,
        "juin" | "juni" | "junio" | "giugno" | "junho" | "hunyo" | "haziran" => 6,
        "juillet" | "juli" | "julio" | "luglio" | "julho" | "julai" | "hulyo" | "temmuz" => 7,
        "août" | "aout" | "agosto" | "agustus" | "augustus" | "ogos" | "ağustos" => 8,
        "septembre" | "septiembre" | "setiembre" | "settembre" | "setembro" | "setyembre"
        | "eylül" => 9,
        "octobre" | "oktober" | "octubre" | "ottobre" | "outubro" | "oktubre" | "ekim" => 10,
        "novembre" | "noviembre" | "novembro" | "nobyembre" | "kasım" => 11,
        "décembre" | "decembre" | "dezember" | "diciembre" | "dicembre" | "dezembro"
        | "desember" | "disember" | "disyembre" | "aralık" => 12,
        // Romanian; Polish, Czech and Croatian in the genitive of a date; Hungarian. (Polish
        // "listopada" is November and Croatian "listopada" October: left out.)
        "ianuarie" | "stycznia" | "ledna" | "siječnja" | "január" => 1,
        "februarie" | "lutego" | "února" | "veljače" | "február" => 2,
        "martie" | "marca" | "března" | "ožujka" | "március" => 3,
        "aprilie" | "kwietnia" | "dubna" | "travnja" | "április" => 4,
        "maja" | "května" | "svibnja" | "május" => 5,
        "iunie" | "czerwca" | "června" | "lipnja" | "június" => 6,
        "iulie" | "lipca" | "července" | "srpnja" | "július" => 7,
        "sierpnia" | "srpna" | "kolovoza" | "augusztus" => 8,
        "septembrie" | "września" | "září" | "rujna" | "szeptember" => 9,
        "octombrie" | "października" | "října" | "október" => 10,
        "noiembrie" | "listopadu" | "studenoga" => 11,
        "decembrie" | "grudnia" | "prosince" | "prosinca" => 12,
        "января" | "січня" => 1,
        "февраля" | "лютого" => 2,
        "марта" | "березня" => 3,
        "апреля" | "квітня" => 4,
        "мая" | "травня" => 5,
        "июня" | "червня" => 6,
        "июля" | "липня" => 7,
        "августа" | "серпня" => 8,
        "сентября" | "вересня" => 9,
        "октября" | "жовтня" => 10,
        "ноября" | "листопада" => 11,
        "декабря" | "грудня" => 12,
        // Arabic (the Egyptian and the Levantine names), Urdu, Hindi, Swahili and Thai.
        "يناير" | "كانون الثاني" | "جنوری" | "जनवरी" | "มกราคม" => {
            1
        }
        "فبراير" | "شباط" | "فروری" | "फ़रवरी" | "फरवरी" | "กุมภาพันธ์" => {
            2
        }
        "مارس" | "آذار" | "مارچ" | "मार्च" | "machi" | "มีนาคม" => {
            3
        }
        "أبريل" | "ابريل" | "نيسان" | "اپریل" | "अप्रैल" | "aprili" | "เมษายน" => {
            4
        }
        "مايو" | "أيار" | "مئی" | "मई" | "พฤษภาคม" => 5,
        "يونيو" | "حزيران" | "جون" | "जून" | "มิถุนายน" => 6,
        "يوليو" | "تموز" | "جولائی" | "जुलाई" | "กรกฎาคม" => {
            7
        }
        "أغسطس" | "اغسطس" | "آب" | "اگست" | "अगस्त" | "agosti" | "สิงหาคม" => {
            8
        }
        "سبتمبر" | "أيلول" | "ستمبر" | "सितंबर" | "सितम्बर" | "septemba" | "กันยายน" => {
            9
        }
        "أكتوبر" | "اكتوبر" | "تشرين الأول" | "اکتوبر" | "अक्टूबर" | "अक्तूबर" | "oktoba" | "ตุลาคม" => {
            10
        }
        "نوفمبر" | "تشرين الثاني" | "نومبر" | "नवंबर" | "नवम्बर" | "novemba" | "พฤศจิกายน" => {
            11
        }
        "ديسمبر" | "كانون الأول" | "دسمبر" | "दिसंबर" | "दिसम्बर" | "desemba" | "ธันวาคม" => {
            12
        }
        // Finnish (the partitive of a date), Swedish and Danish, Greek (the genitive).
        "tammikuuta" | "ιανουαρίου" => 1,
        "helmikuuta" | "φεβρουαρίου" => 2,
        "maaliskuuta" | "μαρτίου" => 3,
        "huhtikuuta" | "απριλίου" => 4,
        "toukokuuta" | "maj" | "μαΐου" => 5,
        "kesäkuuta" | "ιουνίου" => 6,
        "heinäkuuta" | "ιουλίου" => 7,
        "elokuuta" | "augusti" | "αυγούστου" => 8,
        "syyskuuta" | "σεπτεμβρίου" => 9,
        "lokakuuta" | "οκτωβρίου" => 10,
        "marraskuuta" | "νοεμβρίου" => 11,
        "joulukuuta" | "δεκεμβρίου" => 12,
        // Icelandic; Slovak, Slovene, Serbian and Bosnian in the genitive of a date; Latvian in
        // the locative; Estonian; Albanian; Catalan; Somali; Hausa.
        "janúar" | "januára" | "januarja" | "januara" | "janvārī" | "jaanuar" | "jaanuaril"
        | "janar" | "gener" | "janaayo" | "janairu" => 1,
        "febrúar" | "februára" | "februarja" | "februara" | "februārī" | "veebruar"
        | "veebruaril" | "shkurt" | "febrer" | "febraayo" | "fabrairu" => 2,
        "marts" | "mart" | "marta" | "martā" | "märts" | "märtsil" | "març" | "maarso"
        | "maris" => 3,
        "apríl" | "apríla" | "aprila" | "aprīlī" | "aprill" | "aprillil" | "prill" | "abriil"
        | "afrilu" => 4,
        "maí" | "mája" | "maijā" | "maig" | "maajo" | "mayu" => 5,
        "júní" | "júna" | "junija" | "juna" | "jūnijā" | "juuni" | "juunil" | "qershor"
        | "juny" | "juun" | "yuni" => 6,
        "júlí" | "júla" | "julija" | "jula" | "jūlijā" | "juuli" | "juulil" | "korrik"
        | "juliol" | "luulyo" | "yuli" => 7,
        "ágúst" | "augusta" | "avgusta" | "augustā" | "augustil" | "gusht" | "agost"
        | "agoosto" | "agusta" => 8,
        "septembra" | "septembrī" | "septembril" | "shtator" | "setembre" | "sebtembar"
        | "satumba" | "septembar" => 9,
        "októbra" | "oktobra" | "oktobrī" | "oktoobril" | "oktoober" | "tetor" | "oktoobar"
        | "oktobar" => 10,
        "nóvember" | "novembra" | "novembrī" | "novembril" | "nëntor" | "nofembar" | "nuwamba"
        | "novembar" => 11,
        "decembra" | "decembrī" | "detsember" | "detsembril" | "dhjetor" | "desembre"
        | "desembar" | "disamba" | "decembar" => 12,
        _ => return None,
    };
    Some(n)
}

/// The number of a three-letter month of [`DMY_SHORT`] (English, Portuguese, Spanish).
fn short_month_number(lower: &str) -> Option<u8> {
    Some(match lower {
        "jan" | "ene" => 1,
        "feb" | "fev" => 2,
        "mar" => 3,
        "apr" | "abr" => 4,
        "may" | "mai" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" | "ago" => 8,
        "sep" | "set" => 9,
        "oct" | "out" => 10,
        "nov" => 11,
        "dec" | "dez" | "dic" => 12,
        _ => return None,
    })
}

fn weekday_of(name: &str) -> Option<jiff::civil::Weekday> {
    use jiff::civil::Weekday::*;
    let lower = name.trim_end_matches('.').to_lowercase();
    let w = match lower.get(..3)? {
        "mon" => Monday,
        "tue" => Tuesday,
        "wed" => Wednesday,
        "thu" => Thursday,
        "fri" => Friday,
        "sat" => Saturday,
        "sun" => Sunday,
        _ => return None,
    };
    Some(w)
}

fn plausible_year(y: i32) -> bool {
    (1800..=2100).contains(&y)
}

/// The caption names the United States, one of its states or a state's abbreviation ("Fla.",
/// "Calif."): a slash date there may be month first.
fn us_caption(text: &str) -> bool {
    static US: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\b(?:U\.S\.|USA|United States|Alabama|Alaska|Arizona|Arkansas|California|Calif\.|Colorado|Colo\.|Connecticut|Conn\.|Delaware|Florida|Fla\.|Georgia|Ga\.|Hawaii|Idaho|Illinois|Ill\.|Indiana|Ind\.|Iowa|Kansas|Kan\.|Kentucky|Ky\.|Louisiana|La\.|Maine|Maryland|Md\.|Massachusetts|Mass\.|Michigan|Mich\.|Minnesota|Minn\.|Mississippi|Miss\.|Missouri|Mo\.|Montana|Nebraska|Nevada|Nev\.|New Hampshire|New Jersey|N\.J\.|New Mexico|New York|N\.Y\.|North Carolina|N\.C\.|North Dakota|Ohio|Oklahoma|Okla\.|Oregon|Ore\.|Pennsylvania|Pa\.|Rhode Island|South Carolina|S\.C\.|South Dakota|Tennessee|Tenn\.|Texas|Utah|Vermont|Virginia|Va\.|Washington|Wash\.|West Virginia|Wisconsin|Wis\.|Wyoming|Puerto Rico)")
            .expect("US place regex")
    });
    US.is_match(text)
}

/// A day-precision candidate for match `m`, when its year is plausible and its day not zero.
fn day_candidate(
    m: regex::Match<'_>,
    year: i32,
    month: u8,
    day: u8,
    weekday: Option<jiff::civil::Weekday>,
    rule: &'static str,
) -> Option<Candidate> {
    (plausible_year(year) && day != 0).then(|| Candidate {
        span: Span::new(m.start(), m.end()),
        year,
        month: Some(month),
        day: Some(day),
        weekday,
        rule,
        precision: DatePrecision::Day,
    })
}

/// Days of a pattern with named `day`, `mon` and `year` groups, searched in the whole text
/// (forms the year windows cannot find).
fn whole_text_days(re: &Regex, text: &str, rule: &'static str, out: &mut Vec<Candidate>) {
    for c in re.captures_iter(text) {
        let (Some(m), Some(month), Ok(day), Ok(year)) = (
            c.get(0),
            month_number(&c["mon"]),
            c["day"].parse::<u8>(),
            c["year"].parse::<i32>(),
        ) else {
            continue;
        };
        out.extend(day_candidate(m, year, month, day, None, rule));
    }
}

fn collect_candidates(text: &str) -> Vec<Candidate> {
    let mut out = Vec::new();
    // (A year glued to its month has no word boundary for the year windows to find.)
    if text
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && w[1].is_ascii_alphabetic())
    {
        whole_text_days(&DMY_GLUED, text, "date.day_month_year", &mut out);
    }
    let windows = year_windows(text);
    if windows.as_ref().is_some_and(|w| w.is_empty()) {
        return out;
    }
    let windows = windows.as_deref();
    for (re, rule) in [
        (&*MDY, "date.month_day_year"),
        (&*DMY, "date.day_month_year"),
        (&*DMY_INTL, "date.day_month_year"),
        (&*MDY_INTL, "date.month_day_year"),
    ] {
        captures_in(re, text, windows, |c| {
            let (Some(m), Some(mon), Some(day), Some(year)) =
                (c.get(0), c.name("mon"), c.name("day"), c.name("year"))
            else {
                return;
            };
            // (The other language's month first only when capitalized: "Septiembre 19, 2017".)
            if std::ptr::eq(re, &*MDY_INTL) && !mon.as_str().starts_with(char::is_uppercase) {
                return;
            }
            let (Some(month), Ok(day), Ok(mut year)) = (
                month_number(mon.as_str()),
                day.as_str().parse::<u8>(),
                year.as_str().parse::<i32>(),
            ) else {
                return;
            };
            // Thai dates count years of the Buddhist era ("10 ตุลาคม 2566" is 2023).
            if year > 2400
                && mon
                    .as_str()
                    .chars()
                    .next()
                    .is_some_and(|c| ('\u{0E00}'..='\u{0E7F}').contains(&c))
            {
                year -= 543;
            }
            let weekday = c.name("wd").and_then(|w| weekday_of(w.as_str()));
            out.extend(day_candidate(m, year, month, day, weekday, rule));
        });
    }
    // Searched in the whole text, as the CJK dates below: the year windows end at the year.
    if has_year_dot(text) {
        whole_text_days(&HU_YMD, text, "date.year_month_day", &mut out);
    }
    // Searched in the whole text: the year windows end at the year's word, and these scripts
    // write no spaces after it.
    if text.contains('年') || text.contains('년') {
        for c in CJK_YMD.captures_iter(text) {
            let (Some(m), Ok(year), Ok(month), Ok(day)) = (
                c.get(0),
                c["year"].parse::<i32>(),
                c["mon"].parse::<u8>(),
                c["day"].parse::<u8>(),
            ) else {
                continue;
            };
            if (1..=12).contains(&month) {
                out.extend(day_candidate(
                    m,
                    year,
                    month,
                    day,
                    None,
                    "date.year_month_day_cjk",
                ));
            }
        }
    }
    captures_in(&DMY_SHORT, text, windows, |c| {
        let Some(m) = c.get(0) else { return };
        let parsed = match (c.name("mon").or(c.name("hmon")), c.name("vmon")) {
            (Some(mon), _) => short_month_number(&mon.as_str().to_lowercase()).zip(
                c.name("day")
                    .zip(c.name("year"))
                    .or(c.name("hday").zip(c.name("hyear"))),
            ),
            (None, Some(vmon)) => vmon
                .as_str()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=12).contains(n))
                .zip(c.name("vday").zip(c.name("vyear"))),
            _ => None,
        };
        let Some((month, (day, year))) = parsed else {
            return;
        };
        let (Ok(day), Ok(mut year)) = (day.as_str().parse::<u8>(), year.as_str().parse::<i32>())
        else {
            return;
        };
        // "16-OCT-04": a two-digit year is of this century up to the present one's.
        if year < 100 {
            year += if year <= 30 { 2000 } else { 1900 };
        }
        out.extend(day_candidate(
            m,
            year,
            month,
            day,
            None,
            "date.day_month_year",
        ));
    });
    captures_in(&NUMERIC, text, windows, |c| {
        let Some(m) = c.get(0) else { return };
        // Not part of a longer number ("1.2.3.2014", "12-06-2014-5").
        let prev = text[..m.start()].chars().next_back();
        let next = text[m.end()..].chars().next();
        if prev.is_some_and(|p| p.is_ascii_digit() || p == '.' || p == '-' || p == '/')
            || next.is_some_and(|n| n.is_ascii_digit())
            // "12-06-2014-5" is no date; "2025.7.17/News1" is, before a credit.
            || (matches!(next, Some('-' | '/'))
                && text[m.end() + 1..]
                    .chars()
                    .next()
                    .is_none_or(|n| n.is_ascii_digit()))
            || (next == Some('.')
                && text[m.end() + 1..]
                    .chars()
                    .next()
                    .is_some_and(|n| n.is_ascii_digit()))
        {
            return;
        }
        let parsed = if let (Some(y), Some(s1), Some(mo), Some(s2), Some(d)) = (
            c.name("y1"),
            c.name("s1"),
            c.name("m1"),
            c.name("s2"),
            c.name("d1"),
        ) {
            (s1.as_str() == s2.as_str())
                .then(|| (y.as_str(), mo.as_str(), d.as_str(), "date.iso", false))
        } else if let (Some(d), Some(s1), Some(mo), Some(s2), Some(y)) = (
            c.name("d2"),
            c.name("s3"),
            c.name("m2"),
            c.name("s4"),
            c.name("y2"),
        ) {
            (s1.as_str() == s2.as_str()).then(|| {
                (
                    y.as_str(),
                    mo.as_str(),
                    d.as_str(),
                    "date.numeric_dmy",
                    s1.as_str() == "/",
                )
            })
        } else if let (Some(d), Some(s1), Some(mo), Some(s2), Some(y)) = (
            c.name("d3"),
            c.name("s5"),
            c.name("m3"),
            c.name("s6"),
            c.name("y3"),
        ) {
            // "04/06/15", PA's "dated 07/07/16": a two-digit year, day first; "2/14/18" with
            // one-digit parts only between slashes (not a version number "1.2.18").
            let short = d.as_str().len() == 1 || mo.as_str().len() == 1;
            (s1.as_str() == s2.as_str() && (!short || s1.as_str() == "/")).then(|| {
                (
                    y.as_str(),
                    mo.as_str(),
                    d.as_str(),
                    "date.numeric_dmy",
                    s1.as_str() == "/",
                )
            })
        } else {
            None
        };
        let Some((y, mo, d, rule, slash)) = parsed else {
            return;
        };
        let (Ok(mut year), Ok(mut month), Ok(mut day)) =
            (y.parse::<i32>(), mo.parse::<u8>(), d.parse::<u8>())
        else {
            return;
        };
        if y.len() == 2 {
            // US order with a two-digit year: "2/14/18".
            if slash && month > 12 && day <= 12 {
                std::mem::swap(&mut month, &mut day);
            }
            // "15" is 2015; "98" is 1998. Only a valid day and month: "10.50.30" is a time.
            if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
                return;
            }
            year += if year <= 40 { 2000 } else { 1900 };
        }
        if !plausible_year(year) || month == 0 || day == 0 {
            return;
        }
        if rule == "date.numeric_dmy" && month > 12 && day <= 12 {
            // US order: 06-24-2014.
            std::mem::swap(&mut month, &mut day);
        } else if slash && month <= 12 && day <= 12 && month != day && us_caption(text) {
            // 05/06/2014 is ambiguous between day-first and month-first; most of the world
            // writes the day first, the United States the month: a caption set there is
            // skipped rather than guessed.
            return;
        }
        out.push(Candidate {
            span: Span::new(m.start(), m.end()),
            year,
            month: Some(month),
            day: Some(day),
            weekday: c.name("wd").and_then(|w| weekday_of(w.as_str())),
            rule,
            precision: DatePrecision::Day,
        });
    });
    captures_in(&MONTH_YEAR, text, windows, |c| {
        let (Some(m), Some(mon), Some(year)) = (c.get(0), c.name("mon"), c.name("year")) else {
            return;
        };
        // "April 2017", "APRIL 2017"; not "may 2017".
        if !mon
            .as_str()
            .chars()
            .next()
            .is_some_and(|f| f.is_uppercase())
        {
            return;
        }
        let (Some(month), Ok(year)) = (month_number(mon.as_str()), year.as_str().parse::<i32>())
        else {
            return;
        };
        if !plausible_year(year) {
            return;
        }
        out.push(Candidate {
            span: Span::new(m.start(), m.end()),
            year,
            month: Some(month),
            day: None,
            weekday: None,
            rule: "date.month_year",
            precision: DatePrecision::Month,
        });
    });
    find_in(&YEAR, text, windows, |m| {
        let Ok(year) = m.as_str().parse::<i32>() else {
            return;
        };
        out.push(Candidate {
            span: Span::new(m.start(), m.end()),
            year,
            month: None,
            day: None,
            weekday: None,
            rule: "date.year",
            precision: DatePrecision::Year,
        });
    });
    // Drop candidates inside a longer one ("December 2020" inside "30 December 2020").
    let spans: Vec<Span> = out.iter().map(|c| c.span).collect();
    out.retain(|c| !spans.iter().any(|s| s.contains(&c.span) && *s != c.span));
    out.sort_by_key(|c| (c.span.start, c.span.end));
    out.dedup_by_key(|c| c.span);
    out
}

/// The lead: the first sentence with at least six words, plus the short dateline fragments before
/// it ("Idlib, Syria. 30 December 2020. Children in …").
fn lead_end(text: &str, excluded: &[Span]) -> usize {
    for s in Sentences::new(text) {
        if excluded.iter().any(|e| e.contains(&s)) {
            continue;
        }
        let words = s.slice(text).split_whitespace().count();
        if words >= 6 {
            return s.end;
        }
    }
    text.len()
}

fn rank(p: DatePrecision) -> u8 {
    match p {
        DatePrecision::Day => 3,
        DatePrecision::Month => 2,
        DatePrecision::Year => 1,
    }
}

/// Finds the photo date; `exclude` holds spans (the credit line) to ignore.
/// Returns the date and warnings (e.g. "weekday does not match date").
pub fn find_date(
    text: &str,
    reference: Option<jiff::civil::Date>,
    exclude: &[Span],
) -> (Option<DateFound>, Vec<String>) {
    let mut warnings = Vec::new();
    let lead = lead_end(text, exclude);
    // "An undated photo of …": only an explicit photo cue can date it.
    // (Lowercasing makes ASCII letters only from ASCII letters and the Kelvin sign.)
    // (A whole word: "inundated" is no undated photo.)
    let undated = text[..lead]
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case("undated"));
    // (The third key: a date standing alone as its own sentence after the lead, the way a
    // dateline closes a caption ("… ocurridas el 9 de enero de 2023 en Juliaca. Puno, Perú. 9 de
    // febrero de 2023."), dates the photo rather than a day the lead tells of.)
    let mut best: Option<(u8, Candidate, bool)> = None;
    let candidates = collect_candidates(text);
    // "LOS ANGELES, Jan. 23, 2025 (Xinhua) -- Firefighters … on Jan. 22, 2025.": the dateline
    // dates the story; a day named with "on" in the lead dates the photo.
    let on_day_in_lead = || {
        candidates.iter().any(|c| {
            c.span.start < lead
                && c.precision == DatePrecision::Day
                && !exclude.iter().any(|e| e.overlaps(&c.span))
                && text[..c.span.start]
                    .trim_end()
                    .rsplit(char::is_whitespace)
                    .next()
                    .is_some_and(|w| w.eq_ignore_ascii_case("on"))
        })
    };
    // "Aug.10,2017--Rescuers transport supplies …, Aug. 9, 2017.": Xinhua's dateline dates the
    // story, the day in its first sentence the photo.
    let other_day_in_lead = |d: &Candidate| {
        candidates.iter().any(|c| {
            c.span.start < lead
                && c.span.start > d.span.end
                && c.precision == DatePrecision::Day
                && !exclude.iter().any(|e| e.overlaps(&c.span))
        })
    };
    for c in candidates.iter().cloned() {
        if exclude.iter().any(|e| e.overlaps(&c.span)) {
            continue;
        }
        let before = &text[..c.span.start];
        let before = &before[floor_boundary(before, before.len().saturating_sub(60))..];
        let after = &text[c.span.end..];
        let positive = match POSITIVE_BEFORE.find(before) {
            Some(m) if m.as_str().to_lowercase().trim_start().starts_with("in") => {
                IN_THIS_AFTER.is_match(after)
            }
            Some(_) => true,
            None => false,
        };
        let prio = if positive {
            3
        } else if NEGATIVE_BEFORE.is_match(before) || undated {
            0
        } else if c.span.start >= lead {
            // Later sentences are background, except a date standing alone as a dateline
            // fragment: "…refugee camp. July 28, 2014. (AFP Photo/…)", "\n27/11/2024. Headley".
            // ("…, Mogadishu. Somalia, 2011.": a year alone closes such a fragment too.)
            if stands_alone(text, c.span) { 2 } else { 0 }
        } else if c.precision == DatePrecision::Year {
            // A bare year counts only at the end of the lead: "…, Syria, 2015."
            let tail = after.trim_start_matches([' ', '\t']);
            let ends = tail.is_empty() || tail.starts_with('.') || tail.starts_with('\n');
            if (before.trim_end().ends_with(',') && ends) || stands_alone(text, c.span) {
                2
            } else {
                0
            }
        } else if DATELINE_AFTER.is_match(after) && (on_day_in_lead() || other_day_in_lead(&c)) {
            1
        } else {
            2
        };
        if prio == 0 {
            continue;
        }
        let rule = match (prio, c.rule) {
            (3, _) => "date.photo_cue",
            (_, r) => r,
        };
        let closing = prio == 2 && c.span.start >= lead;
        let c = Candidate { rule, ..c };
        let better = match &best {
            None => true,
            Some((bp, b, bc)) => (prio, rank(c.precision), closing) > (*bp, rank(b.precision), *bc),
        };
        if better {
            best = Some((prio, c, closing));
        }
    }
    if let Some((_, c, _)) = best {
        let words = c.span.slice(text);
        let (iso, weekday_ok) = match (c.month, c.day) {
            (Some(m), Some(d)) => {
                let Ok(date) = jiff::civil::Date::new(c.year as i16, m as i8, d as i8) else {
                    warnings.push(format!("invalid date: {words}"));
                    return (None, warnings);
                };
                let ok = c.weekday.map(|w| w == date.weekday());
                if ok == Some(false) {
                    warnings.push(WEEKDAY_MISMATCH.to_string());
                }
                (format!("{:04}-{:02}-{:02}", c.year, m, d), ok)
            }
            (Some(m), None) if (1..=12).contains(&m) => (format!("{:04}-{:02}", c.year, m), None),
            (None, _) => (format!("{:04}", c.year), None),
            _ => {
                warnings.push(format!("invalid date: {words}"));
                return (None, warnings);
            }
        };
        let found = DateFound {
            iso,
            precision: c.precision,
            span: c.span,
            weekday_ok,
            rule: c.rule,
        };
        return (Some(found), warnings);
    }
    // "on Sunday": the most recent such day on or before the reference date.
    if let Some(reference) = reference {
        for c in RELATIVE.captures_iter(text) {
            let Some(wd) = c.name("wd") else { continue };
            let span = Span::new(wd.start(), wd.end());
            if span.end > lead || exclude.iter().any(|e| e.overlaps(&span)) {
                continue;
            }
            let Some(target) = weekday_of(wd.as_str()) else {
                continue;
            };
            let comma_form = !c[0].trim_start().starts_with(|ch: char| ch.is_alphabetic())
                || c[0].starts_with(',');
            let tail = c.name("tail").map_or("", |t| t.as_str());
            // ", Sunday." closes a clause; ", Sunday morning" or ", Sunday's" is not a date.
            if comma_form && c.name("d").is_none() && !matches!(tail, "" | "." | "," | ";" | ")") {
                continue;
            }
            let mut span = span;
            let mut weekday_checked = None;
            let date = if let (Some(m), Some(d)) = (c.name("m"), c.name("d")) {
                // "Sunday, March 10": the year is the reference date's, or the one before when
                // that day lies more than a week after the reference.
                let (Some(month), Ok(day)) = (month_number(m.as_str()), d.as_str().parse::<i8>())
                else {
                    continue;
                };
                let this = jiff::civil::Date::new(reference.year(), month as i8, day);
                let Ok(mut date) = this else { continue };
                if date > reference.saturating_add(jiff::Span::new().days(7))
                    && let Ok(prev) = jiff::civil::Date::new(reference.year() - 1, month as i8, day)
                {
                    date = prev;
                }
                if date.weekday() != target {
                    warnings.push(format!(
                        "\"{}\" does not fall on a {}; date not used",
                        &text[wd.start()..d.end()],
                        wd.as_str()
                    ));
                    continue;
                }
                span = Span::new(wd.start(), d.end());
                weekday_checked = Some(true);
                date
            } else {
                let back = i64::from(
                    (reference.weekday().to_monday_zero_offset() - target.to_monday_zero_offset())
                        .rem_euclid(7),
                );
                let Ok(date) = reference.checked_sub(jiff::Span::new().days(back)) else {
                    continue;
                };
                date
            };
            let found = DateFound {
                iso: format!("{:04}-{:02}-{:02}", date.year(), date.month(), date.day()),
                precision: DatePrecision::Day,
                span,
                weekday_ok: weekday_checked,
                rule: "date.relative_weekday",
            };
            return (Some(found), warnings);
        }
    } else if let Some(c) = RELATIVE.captures(&text[..lead])
        && let Some(wd) = c.name("wd")
        && !exclude
            .iter()
            .any(|e| e.overlaps(&Span::new(wd.start(), wd.end())))
    {
        warnings.push(format!(
            "the caption dates the photo only by a weekday (\"{}\"); a reference date would resolve it",
            wd.as_str()
        ));
    }
    (None, warnings)
}

/// The date is a sentence or line of its own: a sentence end or line break before it, and a
/// full stop, line break or the end of the text after it.
fn stands_alone(text: &str, span: Span) -> bool {
    let before = &text[..span.start];
    let pre = before.trim_end();
    // "… as fighting continues. Khartoum, Sudan April 15, 2023.": after a place's name that
    // opens its own sentence, as a dateline does.
    let fragment_start = pre.rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let fragment = pre[fragment_start..].trim();
    // "… to the Galle Face. Colombo in 11th April 2022.": a preposition after the place.
    let fragment = ["in", "on", "en", "em", "le", "el"]
        .iter()
        .find_map(|p| {
            fragment
                .strip_suffix(p)
                .filter(|f| f.ends_with(' '))
                .map(str::trim_end)
        })
        .unwrap_or(fragment);
    let place_fragment = fragment_start > 0
        && !fragment.is_empty()
        && fragment.split_whitespace().count() <= 5
        && fragment.split_whitespace().all(|w| {
            w.trim_end_matches(',')
                .chars()
                .next()
                .is_some_and(char::is_uppercase)
        });
    let pre_ok = pre.is_empty()
        || pre.ends_with(['.', '!', '?'])
        || before[pre.len()..].contains('\n')
        || place_fragment;
    let mut post = text[span.end..].trim_start_matches([' ', '\t']);
    // "5 января 2022 года": the word for "year" after a Russian or Ukrainian date.
    for w in ["года", "року", "г.", "р."] {
        if let Some(r) = post.strip_prefix(w) {
            post = r.trim_start_matches([' ', '\t']);
            break;
        }
    }
    // "… in Riace. October 1, 2021 | Photo: …": a bar before the credit ends it too, and so does
    // a slash ("2025.7.17/News1").
    // "Mogadishu, Somalia. 2011 - Soldiers …": a dash after a dateline's date opens the caption.
    let post_ok = post.is_empty()
        || post.starts_with(['\n', '\r', '|', '/'])
        || (pre.ends_with(['.', '!', '?'])
            && ["- ", "– ", "— "].iter().any(|d| post.starts_with(d)))
        || post
            .strip_prefix('.')
            .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace));
    pre_ok && post_ok
}

/// Whether `hay` contains `needle` (lowercase ASCII), ignoring ASCII case.
pub(crate) fn contains_ascii_ci(hay: &str, needle: &[u8]) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

/// The largest char boundary at or below `i`.
fn floor_boundary(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iso(text: &str) -> Option<String> {
        find_date(text, None, &[]).0.map(|d| d.iso)
    }

    fn check_span(text: &str, d: &DateFound) {
        assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
        assert!(d.span.start <= d.span.end && d.span.end <= text.len());
    }

    #[test]
    fn arabic_urdu_hindi_swahili_and_thai_dates() {
        // written
        for (text, want) in [
            ("متظاهرون في بيروت في 17 أكتوبر 2019.", "2019-10-17"),
            (
                "متظاهرون في بيروت، الخميس 17 تشرين الأول 2019.",
                "2019-10-17",
            ),
            ("لوگ لاہور میں 5 اگست 2024 کو", "2024-08-05"),
            ("लोग दिल्ली में 15 अगस्त 2024 को।", "2024-08-15"),
            ("Wakazi wa Nairobi, Jumatatu, Machi 4, 2024.", "2024-03-04"),
            // A Thai year of the Buddhist era.
            ("ชาวบ้านในกรุงเทพฯ เมื่อวันที่ 10 ตุลาคม 2566", "2023-10-10"),
        ] {
            assert_eq!(iso(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn a_date_closing_the_caption_dates_the_photo_before_a_day_the_lead_tells_of() {
        // written
        assert_eq!(
            iso("Vigilia por las 18 muertes ocurridas el 9 de enero de 2023 en Juliaca. Puno, Perú. 9 de febrero de 2023.").as_deref(),
            Some("2023-02-09")
        );
    }

    #[test]
    fn icelandic_baltic_west_slavic_balkan_catalan_somali_and_hausa_dates() {
        // written
        for (text, want) in [
            ("Fólk á götunni 5. janúar 2023.", "2023-01-05"),
            ("Ľudia v Bratislave 12. februára 2021.", "2021-02-12"),
            ("Cilvēki Rīgā 3. martā 2022.", "2022-03-03"),
            ("Inimesed Tallinnas 9. detsember 2020.", "2020-12-09"),
            ("Njerëz në Tiranë më 4 korrik 2020.", "2020-07-04"),
            ("Gent a Barcelona el 5 de gener de 2023.", "2023-01-05"),
            ("Ljudi u Beogradu 7. oktobra 2019.", "2019-10-07"),
            ("Dad ku sugan Muqdisho 14 Oktoobar 2017.", "2017-10-14"),
            ("Mutane a Kano ranar 2 Satumba 2021.", "2021-09-02"),
        ] {
            assert_eq!(iso(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn finnish_nordic_greek_double_arabic_and_archive_dates() {
        // written
        for (text, want) in [
            (
                "Mielenosoittaja torilla Helsingissä 6. marraskuuta 2009.",
                "2009-11-06",
            ),
            ("Demonstranter i Stockholm den 12 maj 2021.", "2021-05-12"),
            ("Διαδηλωτές στην Αθήνα, 5 Μαΐου 2010.", "2010-05-05"),
            (
                "يمني بين انقاض بناء في صنعاء 9 حزيران/يونيو 2017",
                "2017-06-09",
            ),
            (
                "Workers at a clothing factory in Suzhou, China..16-OCT-04",
                "2004-10-16",
            ),
            (
                "Workers at a clothing factory in Suzhou, China. 16-Oct-2004",
                "2004-10-16",
            ),
        ] {
            assert_eq!(iso(text).as_deref(), Some(want), "{text}");
        }
    }

    #[test]
    fn russian_and_ukrainian_dates() {
        assert_eq!(
            iso(
                "Горящий автобус у здания мэрии города Омска. 7 марта 2021 года\nИван Петров / ТАСС"
            )
            .as_deref(),
            Some("2021-03-07")
        );
        assert_eq!(
            iso("Рятувальники, 24 лютого 2022 р.").as_deref(),
            Some("2022-02-24")
        );
    }

    #[test]
    fn a_picture_of_a_day_in_a_later_sentence() {
        assert_eq!(
            iso("Area de la explosion en San Cristobal, en el sur del pais. Imagen del 14 de agosto de 2023.").as_deref(),
            Some("2023-08-14")
        );
    }

    #[test]
    fn chinese_japanese_and_korean_dates() {
        assert_eq!(
            iso("千曲川の堤防が決壊し=2019年10月13日午前8時14分、長野市").as_deref(),
            Some("2019-10-13")
        );
        assert_eq!(
            iso("주민들에게 대피령이 내려진 2020년 8월 6일 오전").as_deref(),
            Some("2020-08-06")
        );
        assert_eq!(iso("2019年13月40日").as_deref(), None);
        assert_eq!(
            iso("3일 오후 경기 연천군 마을 주민들이 집중호우로 침수된 도로를 조심스럽게 걷고 있다. 2024.8.3/뉴스1").as_deref(),
            Some("2024-08-03")
        );
    }

    #[test]
    fn month_day_year_forms() {
        assert_eq!(
            iso("Fighters in Aleppo on November 6, 2016. (Photo by X/AFP Photo)").as_deref(),
            Some("2016-11-06")
        );
        assert_eq!(
            iso("Rescue workers in Harasta, Nov. 6, 2016.").as_deref(),
            Some("2016-11-06")
        );
        assert_eq!(
            iso("Residents cross a road in Kalam, Sept. 4, 2022.").as_deref(),
            Some("2022-09-04")
        );
        assert_eq!(
            iso("A man walks in Gaza City November 23 2012.").as_deref(),
            Some("2012-11-23")
        );
        assert_eq!(
            iso("PEOPLE GATHER IN KABUL ON NOVEMBER 6TH, 2016.").as_deref(),
            Some("2016-11-06")
        );
    }

    #[test]
    fn day_month_year_and_numeric_forms() {
        assert_eq!(
            iso("Children in a camp near Idlib, 30 December 2020.").as_deref(),
            Some("2020-12-30")
        );
        assert_eq!(iso("Idlib, Syria. 30 December 2020. Children in the camp near the town play in the mud.").as_deref(), Some("2020-12-30"));
        assert_eq!(
            iso("Rescuers at work in Ankara on 2016-11-06.").as_deref(),
            Some("2016-11-06")
        );
        assert_eq!(
            iso("File photo dated 24-06-2014 of England's Moeen Ali.").as_deref(),
            Some("2014-06-24")
        );
        // Written, not real (ANSA style): dotted numeric date.
        assert_eq!(
            iso("Migranti sbarcano a Lampedusa, 12.05.2016.").as_deref(),
            Some("2016-05-12")
        );
        // Written, not real (EPA style).
        assert_eq!(iso("Protesters clash with police in Caracas, Venezuela, 30 March 2015. EPA/MIGUEL GUTIERREZ").as_deref(), Some("2015-03-30"));
        assert_eq!(iso("01 Apr 2015, Akron, Ohio, USA --- April 1, 2015 - Akron, Ohio, U.S. - A man testifies in court.").as_deref(), Some("2015-04-01"));
    }

    #[test]
    fn weekday_checked() {
        let t =
            "In this Tuesday, July 29, 2014, photo, Syrian refugee Samah, 5, poses for a picture.";
        let (d, w) = find_date(t, None, &[]);
        let d = d.unwrap();
        assert_eq!(d.iso, "2014-07-29");
        assert_eq!(d.weekday_ok, Some(true));
        assert!(w.is_empty());
        assert_eq!(d.span.slice(t), "Tuesday, July 29, 2014");
        let t = "A player bats at Headingley. Picture date: Tuesday June 24, 2014. See PA story.";
        let d = find_date(t, None, &[]).0.unwrap();
        assert_eq!((d.iso.as_str(), d.weekday_ok), ("2014-06-24", Some(true)));
        let t = "Floods in Sukkur, Pakistan, Monday, Sept. 4, 2022.";
        let (d, w) = find_date(t, None, &[]);
        assert_eq!(d.unwrap().weekday_ok, Some(false));
        assert_eq!(w, vec![WEEKDAY_MISMATCH.to_string()]);
        // Written, not real (ANSA / EFE style): weekday before a day-first date.
        let d = find_date(
            "Migrants land in Lampedusa, Tuesday 24 June 2014.",
            None,
            &[],
        )
        .0
        .unwrap();
        assert_eq!((d.iso.as_str(), d.weekday_ok), ("2014-06-24", Some(true)));
        // Written, not real (AP style).
        assert_eq!(iso("FILE - In this Aug. 21, 2014, file photo, a man walks in Gaza City. The war ended on Aug. 26, 2014.").as_deref(), Some("2014-08-21"));
        // Written, not real (Kyodo style): abbreviated weekday.
        let d = find_date("Commuters in Tokyo on Wed. March 9, 2022.", None, &[])
            .0
            .unwrap();
        assert_eq!(d.weekday_ok, Some(true));
    }

    #[test]
    fn photo_cues_win() {
        let t = "Mariam carries her brother in Jabal al-Zawiya November 25, 2014. Residents use caves as shelters. Picture taken November 26, 2014.";
        let d = find_date(t, None, &[]).0.unwrap();
        assert_eq!(d.iso, "2014-11-26");
        assert_eq!(d.rule, "date.photo_cue");
        let t = "File photo dated 24-06-2014 of England's Moeen Ali. PRESS ASSOCIATION Photo. Issue date: Thursday April 2, 2015. Photo credit should read Martin Rickett/PA Wire.";
        assert_eq!(iso(t).as_deref(), Some("2014-06-24"));
        // Issue date alone is not the photo date.
        assert_eq!(
            iso(
                "England's Moeen Ali. PRESS ASSOCIATION Photo. Issue date: Thursday April 2, 2015."
            ),
            None
        );
        let t = "In this April 21, 2014, file photo, a man walks past the court in Cairo. The court ruled on May 3, 2015.";
        assert_eq!(iso(t).as_deref(), Some("2014-04-21"));
        // Written, not real (AP style): year-only file photo.
        assert_eq!(
            iso("In this 2015 file photo, a girl waits in line for bread in Aleppo.").as_deref(),
            Some("2015")
        );
    }

    #[test]
    fn month_and_year_precision() {
        let d = find_date("Injured pigeons lie on damaged bird cages in Douma, April 2017. REUTERS/Bassam Khabieh", None, &[])
            .0
            .unwrap();
        assert_eq!(
            (d.iso.as_str(), d.precision),
            ("2017-04", DatePrecision::Month)
        );
        assert_eq!(iso("A civil defence member works in the Douma neighbourhood of Damascus, February 2017.").as_deref(), Some("2017-02"));
        // Written, not real (Anadolu style): year at the end of the lead.
        let d = find_date(
            "Displaced families shelter in a tent camp near Azaz, Syria, 2015.",
            None,
            &[],
        )
        .0
        .unwrap();
        assert_eq!((d.iso.as_str(), d.precision), ("2015", DatePrecision::Year));
        assert_eq!(
            iso("Residents have lived in the camp since 2011 and rebuilt it in 2015."),
            None
        );
        assert_eq!(iso("Floods have hit Pakistan since mid-June 2022."), None);
        // written: "since" in Spanish, French and German.
        assert_eq!(
            iso("Una familia vive en el albergue desde el 25 de diciembre de 2021, en Tijuana."),
            None
        );
        assert_eq!(iso("Des familles campent ici depuis le 3 mars 2022."), None);
    }

    #[test]
    fn background_dates_ignored() {
        assert_eq!(
            iso("An aid convoy reached the town for the first time since October."),
            None
        );
        assert_eq!(
            iso(
                "Protesters tear down a poster in Jubar, Damascus, in this still image taken from amateur video uploaded April 16, 2011."
            ),
            None
        );
        assert_eq!(
            iso("An undated photo of the building in Mosul, which was destroyed in June 2017."),
            None
        );
        // Dates in later sentences are background.
        assert_eq!(
            iso(
                "Rescuers search the rubble in Herat province. The earthquake struck on Oct. 7, 2023."
            ),
            None
        );
        let t = "A refugee sleeps near the port of Mytilini on September 9, 2015 in Lesbos. Thousands have landed since August 1, 2015.";
        assert_eq!(iso(t).as_deref(), Some("2015-09-09"));
        // The first full date of the main clause wins.
        let t = "Israeli civilians watch rockets fly towards southern Israel, before a ceasefire November 21, 2012.";
        assert_eq!(iso(t).as_deref(), Some("2012-11-21"));
    }

    #[test]
    fn dateline_fragments_and_typos() {
        // Written (AFP gallery style): the date as a fragment after the first sentence.
        assert_eq!(
            iso("Children play near the rubble of a house in the Jabalia refugee camp. August 3, 2014. (AFP Photo/Mahmud Hams)").as_deref(),
            Some("2014-08-03")
        );
        // Written (eyevine style): a headline line, then the date line.
        assert_eq!(
            iso("Flooding in the centre of York, UK.\n    26/02/2020. York, UK.\n\n    Water covers the streets after the river burst its banks.").as_deref(),
            Some("2020-02-26")
        );
        // Written: a full stop typed for the comma.
        assert_eq!(
            iso(
                "People march at a rally in Paris, France on July 14. 2019. The rally was peaceful."
            )
            .as_deref(),
            Some("2019-07-14")
        );
        // Written (DPA style in German): a dotted day.
        assert_eq!(
            iso("Menschen feiern am Brandenburger Tor in Berlin am 9. November 2019.").as_deref(),
            Some("2019-11-09")
        );
        // A date inside a later sentence stays background.
        assert_eq!(
            iso(
                "Rescuers search the rubble in Herat province. The quake struck on 7 October 2023 at noon."
            ),
            None
        );
    }

    #[test]
    fn other_languages() {
        // Written (AP / AFP French style).
        assert_eq!(
            iso("Des personnes déplacées attendent au nord de Goma, en République démocratique du Congo, le 14 août 2022.").as_deref(),
            Some("2022-08-14")
        );
        assert_eq!(
            iso("Des manifestants défilent à Paris, le 1er mai 2023.").as_deref(),
            Some("2023-05-01")
        );
        // Written (EFE Spanish style).
        assert_eq!(
            iso("Varias personas caminan por una calle inundada en Valencia, España, el 3 de noviembre de 2024.").as_deref(),
            Some("2024-11-03")
        );
        // Written (ANSA Italian style).
        assert_eq!(
            iso("Migranti sbarcano a Lampedusa, 2 giugno 2022.").as_deref(),
            Some("2022-06-02")
        );
        // Written (Lusa Portuguese style).
        assert_eq!(
            iso("Bombeiros combatem um incêndio em Pedrógão Grande, 18 de junho de 2017.")
                .as_deref(),
            Some("2017-06-18")
        );
        // Written (Antara Indonesian, Bernama Malay, ANP Dutch, AA Turkish styles).
        assert_eq!(
            iso("Warga melintasi banjir di Kota Medan, Sumatera Utara, pada 21 Agustus 2023.")
                .as_deref(),
            Some("2023-08-21")
        );
        assert_eq!(
            iso("Anggota bomba memadam kebakaran di Klang, 3 Ogos 2022.").as_deref(),
            Some("2022-08-03")
        );
        assert_eq!(
            iso("Betogers in Den Haag op 12 maart 2021.").as_deref(),
            Some("2021-03-12")
        );
        assert_eq!(
            iso("Kurtarma ekipleri Hatay'da, 7 Şubat 2023.").as_deref(),
            Some("2023-02-07")
        );
        // Folha's dotted form and Vietnamese.
        assert_eq!(
            iso("5.set.2019 - Manifestantes ocupam a avenida Paulista, em São Paulo.").as_deref(),
            Some("2019-09-05")
        );
        assert_eq!(
            iso("Người dân đi qua con phố ngập nước ở Huế ngày 14 tháng 10 năm 2020.").as_deref(),
            Some("2020-10-14")
        );
        // A photo cue in another language reaches a later sentence.
        assert_eq!(
            iso(
                "Une file d'attente devant un dispensaire de Toamasina. Photo prise le 3 mars 2019."
            )
            .as_deref(),
            Some("2019-03-03")
        );
        assert_eq!(
            iso("TGU01 SAN PEDRO (HONDURAS), 20/05/2020.- Fotografía fechada el 2 de mayo de 2020 de un mercado en San Pedro Sula.").as_deref(),
            Some("2020-05-02")
        );
        // Non-English month names need a day: "Mars 2020" is a rover.
        assert_eq!(
            iso("Engineers test the Mars 2020 rover in Pasadena, California."),
            None
        );
    }

    #[test]
    fn handout_dates_are_not_photo_dates() {
        // Written (AP handout style): the day the photo was provided.
        assert_eq!(
            iso(
                "In this photo provided on Monday, May 8, 2023 by the Ukrainian Presidential Press Office, rescuers work in Kyiv. (Ukrainian Presidential Press Office via AP)"
            ),
            None
        );
        assert_eq!(
            iso(
                "This image distributed on March 16, 2023 by the North Korean government shows a missile launch."
            ),
            None
        );
        // A photo cue still wins.
        assert_eq!(
            iso("In this photo provided by the Ukrainian Presidential Press Office and taken on May 7, 2023, rescuers work in Kyiv.").as_deref(),
            Some("2023-05-07")
        );
    }

    #[test]
    fn trailing_weekdays() {
        // written
        let reference = jiff::civil::date(2024, 3, 12); // a Tuesday
        let t = "Palestinians inspect a damaged house in Rafah, in the southern Gaza Strip, Sunday. REUTERS/Stringer";
        let d = find_date(t, Some(reference), &[]).0.unwrap();
        assert_eq!((d.iso.as_str(), d.span.slice(t)), ("2024-03-10", "Sunday"));
        // With a month and day but no year, the reference gives the year and the weekday checks it.
        let t = "Residents walk in Rafah, Sunday, March 10. (AP Photo/Jane Doe)";
        let d = find_date(t, Some(reference), &[]).0.unwrap();
        assert_eq!((d.iso.as_str(), d.weekday_ok), ("2024-03-10", Some(true)));
        let (d, w) = find_date(
            "Residents walk in Rafah, Monday, March 10.",
            Some(reference),
            &[],
        );
        assert!(
            d.is_none() && w[0].contains("does not fall on a Monday"),
            "{w:?}"
        );
        // ", Sunday morning" and ", Sunday's" are no dates.
        assert!(
            find_date(
                "Rain falls in Rafah, Sunday's market.",
                Some(reference),
                &[]
            )
            .0
            .is_none()
        );
        // Without a reference date the weekday is reported, not guessed.
        let (d, w) = find_date("Smoke rises over Rafah, Sunday.", None, &[]);
        assert!(d.is_none() && w[0].contains("only by a weekday"), "{w:?}");
    }

    #[test]
    fn relative_weekdays() {
        let t = "People affected by floods wait for relief in Sukkur, Pakistan on Friday.";
        assert_eq!(iso(t), None);
        let reference = jiff::civil::date(2022, 9, 5); // a Monday
        let d = find_date(t, Some(reference), &[]).0.unwrap();
        assert_eq!(d.iso, "2022-09-02");
        assert_eq!(d.span.slice(t), "Friday");
        let d = find_date("Fans celebrate in Madrid on Monday.", Some(reference), &[])
            .0
            .unwrap();
        assert_eq!(d.iso, "2022-09-05");
        // An absolute date wins over the weekday.
        let t = "A girl cries at the funeral of a boy killed on Wednesday, in Khan Younis November 22, 2012.";
        assert_eq!(
            find_date(t, Some(reference), &[]).0.unwrap().iso,
            "2012-11-22"
        );
    }

    #[test]
    fn invalid_dates_warn() {
        let (d, w) = find_date("Crowds gather in Kyiv on February 30, 2016.", None, &[]);
        assert!(d.is_none());
        assert_eq!(w.len(), 1);
        assert!(w[0].contains("February 30, 2016"));
    }

    #[test]
    fn exclusions_and_agencies() {
        // Written, not real (Xinhua style).
        let t = "Tourists visit the Forbidden City in Beijing, capital of China, Oct. 2, 2019. (Xinhua/Zhang Yu)";
        assert_eq!(iso(t).as_deref(), Some("2019-10-02"));
        // Written, not real (DPA style).
        let t = "08 March 2021, Berlin: Demonstrators march through the city centre. Photo: Christoph Soeder/dpa";
        let d = find_date(t, None, &[]).0.unwrap();
        assert_eq!(d.iso, "2021-03-08");
        check_span(t, &d);
        let t = "Smoke rises over the city. (Photo by John Doe, taken May 1, 2016)";
        let start = t.find('(').unwrap();
        assert_eq!(find_date(t, None, &[Span::new(start, t.len())]).0, None);
    }

    #[test]
    fn sentences_split() {
        let t =
            "Idlib, Syria. 30 December 2020. U.S. troops and Gen. Smith left Jan. 18, 2017.\nNext";
        let s: Vec<&str> = sentences(t).iter().map(|s| s.slice(t)).collect();
        assert_eq!(
            s,
            vec![
                "Idlib, Syria.",
                " 30 December 2020.",
                " U.S. troops and Gen. Smith left Jan. 18, 2017.",
                "\n",
                "Next"
            ]
        );
    }

    #[test]
    fn day_month_and_year_in_one_word() {
        // written
        assert_eq!(
            iso("CIUDAD DE MÉXICO, 01NOVIEMBRE2023.- Familias en el panteón.").as_deref(),
            Some("2023-11-01")
        );
    }

    #[test]
    fn dateline_date_and_glued_year() {
        // Written (Xinhua style): the dateline dates the story, "on <date>" the photo.
        assert_eq!(
            iso("(240815) -- KATHMANDU, Aug. 15, 2024 (Xinhua) -- Rescuers search for survivors after a landslide in Dhading district, Nepal, on Aug. 14, 2024.").as_deref(),
            Some("2024-08-14")
        );
        // Written: with no "on <date>" in the lead, the dateline date stays.
        assert_eq!(
            iso("(240815) -- KATHMANDU, Aug. 15, 2024 (Xinhua) -- Rescuers search for survivors after a landslide in Dhading district, Nepal.").as_deref(),
            Some("2024-08-15")
        );
        // Written (AFP style): no space after the comma before the year.
        assert_eq!(
            iso("Demonstrators march in Asuncion on March 31,2017. / (AFP Photo/Norberto Duarte)")
                .as_deref(),
            Some("2017-03-31")
        );
        // A number with a thousands comma is no year.
        assert_eq!(iso("Some 3,000 people marched on May 3,000 times."), None);
    }

    #[test]
    fn a_comma_after_the_month() {
        // Written: a stray comma between month and day, with and without a weekday before.
        assert_eq!(
            iso("Families rest in a camp outside Kismayo, Monday, March, 27, 2017.").as_deref(),
            Some("2017-03-27")
        );
        assert_eq!(
            iso("Families rest in a camp outside Kismayo, Oct, 20, 2016.").as_deref(),
            Some("2016-10-20")
        );
        // Written: a count after a month is no day.
        assert_ne!(
            iso("In March, 27 people died in the floods of 2017.").as_deref(),
            Some("2017-03-27")
        );
    }

    #[test]
    fn day_first_numbers_fragments_and_words_that_hide_dates() {
        // Written captions.
        for (t, want) in [
            // "inundated" is no "undated"; "early on" a day is that day.
            (
                "Houses inundated with flood water in the town, February 28, 2022.",
                Some("2022-02-28"),
            ),
            (
                "Mourners gather at the church early on November 3, 2018.",
                Some("2018-11-03"),
            ),
            (
                "Crops failed early in 2019 across the region of the north.",
                None,
            ),
            // Day first where the caption is not set in the United States; two-digit years.
            (
                "Chennai, 05/12/2015 : Residents salvage things from their damaged houses.",
                Some("2015-12-05"),
            ),
            (
                "Bujumbura, BURUNDI 04/06/15 A protester throws stones at the police.",
                Some("2015-06-04"),
            ),
            (
                "Storm damage in Tampa, Fla., on 05/06/2014, seen from the air.",
                None,
            ),
            (
                "The clock showed 10.50.30 when the market opened in the town.",
                None,
            ),
            // A date after a place's name opening its own sentence, or before a bar.
            (
                "People cross the bridge as fighting goes on. Khartoum, Sudan April 15, 2023.",
                Some("2023-04-15"),
            ),
            (
                "A man speaks during a rally in the square. October 1, 2021 | Photo: Jane Doe",
                Some("2021-10-01"),
            ),
            (
                "Soldiers remove debris after the fires, Tuesday, Aug.10, 2021.",
                Some("2021-08-10"),
            ),
            // A dateline's date yields to the day in the first sentence.
            (
                "Aug.10,2017--Rescuers carry supplies to the town hall in the county, Aug. 9, 2017.",
                Some("2017-08-09"),
            ),
        ] {
            assert_eq!(iso(t).as_deref(), want, "{t}");
        }
    }

    #[test]
    fn one_digit_parts_and_a_two_digit_year_between_slashes() {
        // Written captions.
        for (t, want) in [
            (
                "Students mourn in Parkland, Fla., 2/14/18.",
                Some("2018-02-14"),
            ),
            ("Fans gather in Leeds on 14/2/18.", Some("2018-02-14")),
            ("Fans gather in Leeds on 3/4/18.", Some("2018-04-03")),
            // Ambiguous in a caption set in the United States: skipped, not guessed.
            ("Fans gather in Boston, Mass., on 3/4/18.", None),
            ("Version 1.2.18 was released.", None),
        ] {
            assert_eq!(iso(t).as_deref(), want, "{t}");
        }
    }

    #[test]
    fn central_european_and_romanian_months() {
        // Written captions.
        for (t, want) in [
            ("Mecz w Lublanie, 6 września 2019 r.", Some("2019-09-06")),
            ("Protest v Praze 17. listopadu 2019.", Some("2019-11-17")),
            ("Navijači u Zagrebu, 15. srpnja 2018.", Some("2018-07-15")),
            (
                "Inundații în Galați, 12 septembrie 2023.",
                Some("2023-09-12"),
            ),
        ] {
            assert_eq!(iso(t).as_deref(), want, "{t}");
        }
    }

    #[test]
    fn another_languages_month_first_and_a_place_with_its_preposition() {
        // Written captions.
        for (t, want) in [
            (
                "Rescatistas buscan sobrevivientes entre los escombros. Ciudad de México. Septiembre 19, 2017.",
                Some("2017-09-19"),
            ),
            (
                "Thousands of citizens flocked to the seafront promenade. Colombo in 11th April 2022.",
                Some("2022-04-11"),
            ),
            // Lowercase, the month of another language never comes first.
            (
                "Veinte mil personas en marzo 3, 2019 según la policía",
                None,
            ),
        ] {
            assert_eq!(iso(t).as_deref(), want, "{t}");
        }
    }

    #[test]
    fn a_year_alone_closing_a_place_fragment_or_before_a_dateline_dash() {
        // Written captions.
        for (t, want) in [
            (
                "Soldiers rest at an airfield near the capital. Somalia, 2011.",
                Some("2011"),
            ),
            (
                "Mogadishu, Somalia. 2011 - Soldiers rest at the base.",
                Some("2011"),
            ),
            (
                "Kabul, Afghanistan. 12 May 2011 - Boys play football.",
                Some("2011-05-12"),
            ),
            // A year inside a sentence is background.
            ("The war began in 2011. Families fled the town.", None),
            // The Arabic comma after the month.
            (
                "جنود في موقع الهجوم، بغداد، 25 أغسطس، 2010.",
                Some("2010-08-25"),
            ),
        ] {
            assert_eq!(iso(t).as_deref(), want, "{t}");
        }
    }
}
