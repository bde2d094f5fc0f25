//! Casualty figures written in languages other than English: "Al menos 27 personas murieron,
//! según las autoridades", "Au moins neuf personnes ont été tuées, selon le gouvernement",
//! "Setidaknya 200 orang tewas".
//!
//! The English reader (`casualty.rs`) knows many wordings of one language; this one knows one
//! wording — a head count, at most three words, then a word that says they died or were hurt —
//! in several languages (`data/casualty_other_languages.tsv`). It reads a caption only where the
//! English reader found no figure, so it never overrides that reader.

use super::CasualtiesFound;
use super::is_year_like;
use crate::clause::{Folded, Sentence, in_excluded, phrase_alternation, phrase_key, sentence_of};
use crate::{Found, LexiconError, tsv_rows};
use aho_corasick::AhoCorasick;
use regex::Regex;
use std::collections::HashMap;
use std::sync::LazyLock;

static BUILTIN_TSV: &str = include_str!("../../../../data/casualty_other_languages.tsv");

/// The word lists of `data/casualty_other_languages.tsv`, and the patterns built from them.
struct Words {
    numbers: HashMap<String, u64>,
    qualifiers: HashMap<String, &'static str>,
    killed: Vec<String>,
    /// The death and injury words, to tell quickly that a caption has none.
    harm: AhoCorasick,
    figure: Regex,
    figure_after: Regex,
    source: Regex,
    /// Words that make the figure after them a part of a larger count ("termasuk satu anak").
    subcount: Regex,
    /// A toll named before its figure ("número de mortos … chega a 193").
    toll: Regex,
    toll_words: AhoCorasick,
}

/// Words between a number and a death word that make the number no head count: "12 años", "3 km".
const NOT_PEOPLE: &[&str] = &[
    "años",
    "año",
    "anni",
    "anno",
    "ans",
    "an",
    "anos",
    "ano",
    "jahre",
    "jahren",
    "jahr",
    "tahun",
    "jaar",
    "jaren",
    "días",
    "dias",
    "jours",
    "giorni",
    "tage",
    "hari",
    "dagen",
    "horas",
    "heures",
    "ore",
    "stunden",
    "jam",
    "uur",
    "meses",
    "mois",
    "mesi",
    "monate",
    "bulan",
    "maanden",
    "km",
    "kilómetros",
    "kilomètres",
    "quilômetros",
    "chilometri",
    "kilometer",
    "metros",
    "mètres",
    "meter",
    "por",
    "pour",
    "per",
    "cento",
    "ciento",
    "mil",
    "mille",
    "juta",
    "ribu",
    "de",
    "du",
    "des",
    // Thai counts people after the number ("3 ราย"), then the next clause's harm word.
    "ราย",
    "คน",
];

/// Hangul, kana and Han: the scripts whose words take their endings glued.
fn glues_endings(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x9FFF | 0xAC00..=0xD7AF)
}

/// A combining mark (a vowel sign of an Indic script): still the same word.
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0900..=0x0DFF | 0x0300..=0x036F) && !c.is_alphabetic()
}

/// Articles before a source's name, left out of it as "the" is in English.
const ARTICLES: &[&str] = &[
    "los", "las", "el", "la", "les", "le", "l'", "os", "as", "o", "a", "il", "lo", "gli", "der",
    "die", "das", "de",
];

impl Words {
    fn parse(source_name: &str, tsv: &str) -> Result<Words, LexiconError> {
        let err = |line: usize, message: String| LexiconError {
            source_name: source_name.to_string(),
            line,
            message,
        };
        let (mut numbers, mut qualifiers) = (HashMap::new(), HashMap::new());
        let (mut killed, mut injured, mut sources) = (Vec::new(), Vec::new(), Vec::new());
        let (mut subcounts, mut tolls) = (Vec::new(), Vec::new());
        for (line, fields) in tsv_rows(tsv) {
            let phrase = fields
                .get(1)
                .map(|p| phrase_key(p))
                .filter(|p| !p.is_empty())
                .ok_or_else(|| err(line, "expected `kind<TAB>phrase[<TAB>value]`".into()))?;
            let value = fields.get(2).copied().unwrap_or("");
            match fields[0] {
                "number" => {
                    let v = value
                        .parse::<u64>()
                        .map_err(|_| err(line, format!("bad number value {value:?}")))?;
                    numbers.insert(phrase, v);
                }
                "qualifier" => {
                    let q = match value {
                        "at_least" => "at_least",
                        "about" => "about",
                        _ => return Err(err(line, format!("bad qualifier value {value:?}"))),
                    };
                    qualifiers.insert(phrase, q);
                }
                "killed" => killed.push(phrase),
                "injured" => injured.push(phrase),
                "source" => sources.push(phrase),
                "subcount" => subcounts.push(phrase),
                "toll" => tolls.push(phrase),
                other => return Err(err(line, format!("unknown kind {other:?}"))),
            }
        }
        let num_words = phrase_alternation(numbers.keys());
        let quals = phrase_alternation(qualifiers.keys());
        let harm_words =
            AhoCorasick::new(killed.iter().chain(&injured)).map_err(|e| err(0, e.to_string()))?;
        let harm = phrase_alternation(killed.iter().chain(&injured));
        // (A counter glued to the number: Korean "3명이 숨지고", Chinese "3人死亡", Japanese
        // "3人が死亡"; marks inside words: Hindi "121 लोगों की मौत"; Arabic "and" glued before
        // it: "و30 جريحا".)
        let figure = Regex::new(&format!(
            r"(?i)(?:^|[^\p{{L}}\p{{M}}\d]|[\p{{Han}}\p{{Hiragana}}\p{{Katakana}}\p{{Hangul}}]|(?:^|\s)و)(?:(?P<q>{quals})\s+)?(?P<n>\d{{1,3}}(?:[.,  ]\d{{3}})+|\d+|{num_words})(?:\s+|(?:명(?:이|은|의|도|이나)?|人(?:が|は|も)?|名(?:が|は)?)\s*)(?P<fill>(?:[\p{{L}}\p{{M}}'’-]+\s+){{0,3}}?)(?P<v>{harm})(?P<after>[\p{{L}}\p{{M}}]?)"
        ))
        .map_err(|e| err(0, e.to_string()))?;
        // The death word first and the head count after it, with a noun for people: Polish
        // "zginęło 5 osób", Russian "погибли 3 человека", Thai "เสียชีวิต 3 ราย"; one short
        // auxiliary may stand between ("rannych zostało około 60 osób").
        let figure_after = Regex::new(&format!(
            r"(?i)(?:^|[^\p{{L}}\p{{M}}]|\p{{Thai}})(?P<v>{harm})\s*(?:\p{{L}}{{2,8}}\s+)?(?:(?P<q>{quals})\s+)?(?P<n>\d{{1,3}}(?:[.,  ]\d{{3}})+|\d+)\s*(?:osób|osoby|ludzi|człowieka|человек|человека|людей|осіб|особи|людини|lidí|osob|ราย|คน|شخصا|شخصاً|أشخاص|اشخاص|مدنيا|مدنياً|مدنيين|مواطنا|مواطنين|فلسطينيا|فلسطينياً|فلسطينيين|طفلا|أطفال)"
        ))
        .map_err(|e| err(0, e.to_string()))?;
        let source = Regex::new(&format!(
            r"(?i)(?:^|[^\p{{L}}])(?:{})\s+(?P<s>[^,;:.()\n]{{2,80}})",
            phrase_alternation(sources.iter())
        ))
        .map_err(|e| err(0, e.to_string()))?;
        let subcount = Regex::new(&format!(
            r"(?i)(?:^|[^\p{{L}}])(?:{})[\s,:]*$",
            phrase_alternation(subcounts.iter())
        ))
        .map_err(|e| err(0, e.to_string()))?;
        // "Número de mortos em Petrópolis chega a 193": the toll, up to six words, a short
        // linking word, the figure.
        let toll = Regex::new(&format!(
            r"(?i)(?:^|[^\p{{L}}])(?:{})(?:\s+[\p{{L}}\p{{M}}'’-]+){{0,6}}?\s+(?:a|à|al|para|to|auf|na|ke|menjadi|mencapai|do|é de|es de|est de|is|je|är|er|on|la|lên|là)\s+(?:(?P<q>{quals})\s+)?(?P<n>\d{{1,3}}(?:[.,  ]\d{{3}})+|\d+)(?:[^\d]|$)",
            phrase_alternation(tolls.iter())
        ))
        .map_err(|e| err(0, e.to_string()))?;
        let toll_words = AhoCorasick::new(&tolls).map_err(|e| err(0, e.to_string()))?;
        Ok(Words {
            toll,
            toll_words,
            subcount,
            numbers,
            qualifiers,
            killed,
            harm: harm_words,
            figure,
            figure_after,
            source,
        })
    }

    /// The qualifier a figure's `q` group names; "exact" without one.
    fn qualifier(&self, caps: &regex::Captures) -> &'static str {
        caps.name("q").map_or("exact", |q| {
            self.qualifiers
                .get(&phrase_key(q.as_str()))
                .copied()
                .unwrap_or("about")
        })
    }

    fn value(&self, n: &str) -> Option<u64> {
        let n = n.trim().to_lowercase();
        // Arabic-Indic and Persian digits ("١٥", "۱۵") count as their values.
        let ascii = |c: char| match c as u32 {
            0x660..=0x669 => char::from_digit(c as u32 - 0x660, 10),
            0x6F0..=0x6F9 => char::from_digit(c as u32 - 0x6F0, 10),
            _ => Some(c),
        };
        let n: String = n.chars().filter_map(ascii).collect();
        if n.starts_with(|c: char| c.is_ascii_digit()) {
            let digits: String = n.chars().filter(char::is_ascii_digit).collect();
            return digits.parse().ok();
        }
        self.numbers.get(&n).copied()
    }
}

static WORDS: LazyLock<Words> = LazyLock::new(|| {
    Words::parse("data/casualty_other_languages.tsv", BUILTIN_TSV)
        .expect("builtin data/casualty_other_languages.tsv")
});

/// Fills `out` from figures in other languages; `out` must have no figure yet.
pub(super) fn find(
    f: &Folded,
    ex: &[(usize, usize)],
    sents: &[Sentence],
    out: &mut CasualtiesFound,
) {
    let w = &*WORDS;
    let ft = f.text.as_str();
    // Every figure ends on a death or injury word, which most captions lack: one pass of a
    // literal matcher over the lowercased text spares them the figure regex.
    let lower = ft.to_lowercase();
    if !w.harm.is_match(&lower) && !w.toll_words.is_match(&lower) {
        return;
    }
    let before = w.figure.captures_iter(ft);
    let after = w.figure_after.captures_iter(ft);
    for caps in before.chain(after) {
        let (Some(n), Some(v)) = (caps.name("n"), caps.name("v")) else {
            continue;
        };
        let start = caps
            .name("q")
            .map_or(n.start(), |q| q.start())
            .min(v.start());
        let end = v.end().max(n.end());
        if in_excluded(ex, start, end) || is_year_like(n.as_str()) {
            continue;
        }
        // The death word ends its word, except in scripts that glue endings to a verb or a
        // noun ("숨지고", "死亡した").
        if let Some(a) = caps.name("after").filter(|a| !a.as_str().is_empty())
            && !v.as_str().chars().next_back().is_some_and(glues_endings)
            && !a.as_str().chars().next().is_some_and(is_mark)
        {
            continue;
        }
        // "dua orang termasuk satu anak-anak … tewas": a part of the count named before it.
        let lead = &ft[ft.floor_char_boundary(start.saturating_sub(40))..start];
        if w.subcount.is_match(lead) {
            continue;
        }
        let fill = caps.name("fill").map_or("", |m| m.as_str()).to_lowercase();
        if fill.split_whitespace().any(|x| NOT_PEOPLE.contains(&x)) {
            continue;
        }
        let Some(value) = w.value(n.as_str()) else {
            continue;
        };
        if super::background_sentence(ft, sents, sentence_of(sents, start)) {
            continue;
        }
        let killed = w.killed.contains(&phrase_key(v.as_str()));
        let slot = if killed {
            &mut out.killed
        } else {
            &mut out.injured
        };
        if slot.is_some() {
            continue;
        }
        let rule = if killed {
            "casualty.killed_other_language"
        } else {
            "casualty.injured_other_language"
        };
        *slot = Some(Found::new(value, f.span(start, end), rule));
        if killed || out.qualifier.is_none() {
            out.qualifier = Some(w.qualifier(&caps));
        }
        if out.source.is_none()
            && let Some(sent) = sents.get(sentence_of(sents, start))
            && let Some(s) = w
                .source
                .captures(&ft[sent.start..sent.end])
                .and_then(|c| c.name("s"))
        {
            let text = s.as_str().trim_end();
            // "según las autoridades", "segundo a Defesa Civil": the source without its article.
            let article = ARTICLES
                .iter()
                .find(|a| {
                    // (`get`: the source may begin with a letter of several bytes.)
                    text.len() > a.len()
                        && text
                            .get(..a.len())
                            .is_some_and(|h| h.eq_ignore_ascii_case(a))
                        && (a.ends_with('\'') || text[a.len()..].starts_with(' '))
                })
                .map_or(0, |a| {
                    if a.ends_with('\'') {
                        a.len()
                    } else {
                        a.len() + 1
                    }
                });
            let text = &text[article..];
            let a = sent.start + s.start() + article;
            let z = a + text.len();
            if !in_excluded(ex, a, z) {
                out.source = Some(Found::new(
                    text.to_string(),
                    f.span(a, z),
                    "casualty.source_other_language",
                ));
            }
        }
    }
    if out.killed.is_none() {
        for caps in w.toll.captures_iter(ft) {
            let Some(n) = caps.name("n") else { continue };
            let start = caps.get(0).map_or(n.start(), |m| m.start());
            if in_excluded(ex, start, n.end())
                || is_year_like(n.as_str())
                || super::background_sentence(ft, sents, sentence_of(sents, start))
            {
                continue;
            }
            let Some(value) = w.value(n.as_str()) else {
                continue;
            };
            out.killed = Some(Found::new(
                value,
                f.span(start, n.end()),
                "casualty.toll_other_language",
            ));
            out.qualifier = Some(w.qualifier(&caps));
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clause::sentences;

    fn run(text: &str) -> CasualtiesFound {
        let f = Folded::new(text);
        let sents = sentences(&f.text, &[]);
        let mut out = CasualtiesFound::default();
        find(&f, &[], &sents, &mut out);
        out
    }

    #[test]
    fn the_builtin_list_parses() {
        assert!(WORDS.numbers.contains_key("neuf"));
    }

    #[test]
    fn figures_and_sources_in_romance_languages() {
        // written
        let c = run(
            "Rescatistas trabajan en Acapulco. Al menos 27 personas murieron, según las autoridades locales.",
        );
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(27));
        assert_eq!(c.qualifier, Some("at_least"));
        assert_eq!(
            c.source.as_ref().map(|s| s.value.as_str()),
            Some("autoridades locales")
        );
        // written
        let c = run(
            "Des habitants à Dakar. Au moins neuf personnes ont été tuées et 40 blessées, selon le gouvernement.",
        );
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(9));
        assert_eq!(c.injured.as_ref().map(|k| k.value), Some(40));
        assert_eq!(
            c.source.as_ref().map(|s| s.value.as_str()),
            Some("gouvernement")
        );
        // written
        let c = run("Pelo menos 1.300 pessoas morreram nas enchentes, segundo a Defesa Civil.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(1300));
        // written
        let c = run("Setidaknya 20 orang tewas dalam banjir di Padang.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(20));
    }

    #[test]
    fn figures_in_asian_and_slavic_languages() {
        // written
        for (text, killed, injured) in [
            ("भगदड़ में अब तक 121 लोगों की मौत हो चुकी है।", Some(121), None),
            (
                "건물에서 불이 나 3명이 숨지고 22명이 다쳤다.",
                Some(3),
                Some(22),
            ),
            (
                "四川省发生地震，造成12人死亡，30人受伤。",
                Some(12),
                Some(30),
            ),
            ("東京都内で火災があり、3人が死亡した。", Some(3), None),
            (
                "Lũ quét làm 6 người chết và 3 người bị thương.",
                Some(6),
                Some(3),
            ),
            (
                "W wypadku zginęło 5 osób, a 12 zostało rannych.",
                Some(5),
                Some(12),
            ),
            ("В результате обстрела погибли 3 человека.", Some(3), None),
            ("ผู้ชุมนุมเสียชีวิต 3 ราย บาดเจ็บ 20 ราย", Some(3), Some(20)),
        ] {
            let c = run(text);
            assert_eq!(c.killed.as_ref().map(|k| k.value), killed, "{text}");
            assert_eq!(c.injured.as_ref().map(|k| k.value), injured, "{text}");
        }
    }

    #[test]
    fn figures_and_sources_in_arabic_and_swahili() {
        // written
        let c = run("قتل 15 شخصا في الغارة بحسب الدفاع المدني.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(15));
        assert_eq!(
            c.source.as_ref().map(|s| s.value.as_str()),
            Some("الدفاع المدني")
        );
        // written: "no fewer than" between the death word and the count.
        let c = run("أسفر الانفجار عن مقتل ما لا يقل عن 52 شخصا في المدينة.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(52));
        // written: Arabic-Indic digits, "and" glued to the second figure.
        let c = run("سقوط ١٢ قتيلا و30 جريحا في انفجار ببغداد");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(12));
        assert_eq!(c.injured.as_ref().map(|k| k.value), Some(30));
        // written
        let c = run("Watu 10 wamefariki katika ajali hiyo, kwa mujibu wa polisi.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(10));
        assert_eq!(c.source.as_ref().map(|s| s.value.as_str()), Some("polisi"));
        // A source in a script of several bytes a letter (it once split a letter).
        let c = run("150 से ज्यादा लोग घायल, पुलिस के मुताबिक");
        assert_eq!(c.injured.as_ref().map(|k| k.value), Some(150));
    }

    #[test]
    fn an_auxiliary_after_the_harm_word_and_urdu_number_words() {
        // written
        let c = run("W wypadku rannych zostało około 60 osób.");
        assert_eq!(c.injured.as_ref().map(|k| k.value), Some(60));
        assert_eq!(c.qualifier, Some("about"));
        // written
        let c = run("دھماکے میں کم از کم آٹھ افراد ہلاک ہو گئے۔");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(8));
        assert_eq!(c.qualifier, Some("at_least"));
    }

    #[test]
    fn collective_numbers_and_sub_counts() {
        // written
        let c = run("Al menos 17 personas murieron y más de una decena resultaron heridas.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(17));
        assert_eq!(c.injured.as_ref().map(|k| k.value), Some(10));
        // written: the child is one of the two; the two stand too far from the death word.
        let c = run("Sedikitnya dua orang termasuk satu anak dikhawatirkan tewas.");
        assert!(c.killed.is_none(), "{c:?}");
        // written
        let c = run("Douze morts, dont trois enfants tués dans leur sommeil.");
        assert!(c.killed.as_ref().is_none_or(|k| k.value != 3), "{c:?}");
    }

    #[test]
    fn years_durations_and_distances_are_no_head_counts() {
        // written
        for text in [
            "Hace 12 años murieron sus padres en Lima.",
            "En 2019 murieron muchos en Lima.",
            "Le village à 5 km des morts est vide.",
        ] {
            let c = run(text);
            assert!(c.killed.is_none(), "{text}: {c:?}");
        }
    }

    #[test]
    fn tolls_named_before_their_figure() {
        // written
        let c = run(
            "Número de mortos em Petrópolis chega a 193 - a tragédia é consequência do temporal.",
        );
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(193));
        // written
        let c = run("La cifra de muertos por las lluvias asciende a 27, informaron.");
        assert_eq!(c.killed.as_ref().map(|k| k.value), Some(27));
        // written: a year after the linking word is no figure.
        let c = run("Die Zahl der Toten stieg bis 2019 auf 2019.");
        assert!(c.killed.is_none(), "{c:?}");
    }

    #[test]
    fn figures_in_languages_of_northern_and_south_eastern_europe_and_beyond() {
        // written
        for (text, killed) in [
            (
                "Somali'de bombalı saldırıda en az yedi kişi hayatını kaybetti.",
                7,
            ),
            ("Legalább hét ember meghalt a balesetben.", 7),
            ("Cel puțin zece persoane au murit în incendiu.", 10),
            ("U nesreći je najmanje pet osoba poginulo.", 5),
            ("Mindst fem mennesker er omkommet.", 5),
            ("Ainakin kymmenen ihmistä kuoli onnettomuudessa.", 10),
            ("Vụ tai nạn làm ít nhất 5 người thiệt mạng.", 5),
            ("Hindi bababa sa limang katao ang nasawi sa sunog.", 5),
        ] {
            let c = run(text);
            assert_eq!(
                c.killed.as_ref().map(|k| k.value),
                Some(killed),
                "{text}: {c:?}"
            );
        }
        // written: "a dog" is no death word in English.
        let c = run("Three men and a dog were rescued.");
        assert!(c.killed.is_none(), "{c:?}");
    }
}
