//! Capitalized name chunks: the raw material for people, organizations and places.
//!
//! English captions mark proper names with capitals, so a chunk is a run of capitalized words
//! (with name particles such as `al-`, `bin`, `de`, `of` inside). Chunks are classified later by
//! [`crate::mentions`]; this module only finds them and knows nothing of what they mean.

use crate::Span;

/// One word of the caption.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    /// Bytes of the word, without a trailing possessive `'s`.
    pub span: Span,
    /// The word ended with a possessive `'s` / `’s` (not part of `span`).
    pub possessive: bool,
    /// The word starts a sentence.
    pub sentence_start: bool,
    /// Index of the sentence the word is in.
    pub sentence: usize,
}

/// A run of capitalized words.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    /// Bytes from the first to the last word.
    pub span: Span,
    /// Index of the first word in the word list.
    pub first: usize,
    /// Index one past the last word.
    pub last: usize,
    /// The last word carried a possessive `'s`.
    pub possessive: bool,
}

/// Particles that may sit inside a name between capitalized words.
const PARTICLES: &[&str] = &[
    "al", "el", "al-", "el-", "ad-", "ar-", "as-", "ash-", "at-", "az-", "an-", "bin", "ibn",
    "bint", "abu", "de", "da", "del", "della", "der", "di", "du", "la", "le", "van", "von", "of",
    "for", "y", "dos", "das", "do", "e", "bu", "es", "am", "upon", "des", "dei", "degli", "delle",
    "d'", "d’", "l'", "l’", "dell'", "dell’",
];

/// Capitalized words that open a landmark's or an institution's name in Spanish and Italian, after an
/// article.
const ROMANCE_LANDMARK_WORDS: &[&str] = &[
    "Palacio",
    "Palazzo",
    "Estadio",
    "Stadio",
    "Parque",
    "Parco",
    "Mercado",
    "Mercato",
    "Puente",
    "Ponte",
    "Teatro",
    "Museo",
    "Monumento",
    "Hospital",
    "Ospedale",
    "Aeropuerto",
    "Aeroporto",
    "Cementerio",
    "Cimitero",
    "Santuario",
    "Templo",
    "Tempio",
    "Malecón",
    "Zócalo",
    "Paseo",
    "Castillo",
    "Castello",
    "Duomo",
    "Coliseo",
    "Hipódromo",
    "Obelisco",
    "Capitolio",
    // Institutions ("según el Ministerio de Salud Pública"): the article is no part of them either.
    "Ministerio",
    "Ministero",
    "Gobierno",
    "Governo",
    "Congreso",
    "Senado",
    "Senato",
    "Tribunal",
    "Tribunale",
    "Instituto",
    "Istituto",
    "Consejo",
    "Partido",
    "Partito",
    "Ejército",
    "Esercito",
];

/// A Spanish or Italian article at word `i` before a landmark's opening word.
fn article_before_landmark(text: &str, words: &[Word], i: usize) -> bool {
    matches!(
        words[i].span.slice(text),
        "el" | "la" | "los" | "las" | "del" | "lo" | "il"
    ) && words
        .get(i + 1)
        .is_some_and(|n| ROMANCE_LANDMARK_WORDS.contains(&n.span.slice(text)))
}

/// Name particles that may also begin a name (`al-Assad`, `bin Salman`).
fn is_particle(word: &str) -> bool {
    PARTICLES.iter().any(|p| p.eq_ignore_ascii_case(word))
        && word.chars().next().is_some_and(char::is_lowercase)
}

/// "bin", "ibn", "bint" (as written inside a name, in lowercase): the word of an Arabic
/// patronymic ("Mohammed bin Salman"); the words on either side of it are names, whatever else
/// they could be ("Khalid bin Sultan").
pub fn is_patronym_particle(word: &str) -> bool {
    matches!(word, "bin" | "ibn" | "bint")
}

/// True for words that look like part of a name: an initial capital or a digit-free all-caps
/// word, also after a lowercase Arabic article (`al-Assad`).
pub fn is_capitalized(word: &str) -> bool {
    strip_article(word)
        .chars()
        .next()
        .is_some_and(char::is_uppercase)
}

/// `al-Assad` → `Assad`; words without a lowercase article prefix are returned unchanged.
pub fn strip_article(word: &str) -> &str {
    for prefix in [
        "al-", "el-", "ad-", "ar-", "as-", "ash-", "at-", "az-", "an-", "al‑", "a-", "ed-", "es-",
        "et-", "en-",
    ] {
        if let Some(rest) = word.strip_prefix(prefix)
            && !rest.is_empty()
        {
            return rest;
        }
    }
    word
}

/// True for a word written in capitals throughout (`REUTERS`, `HEBEN`).
pub fn is_all_caps(word: &str) -> bool {
    let mut letters = 0;
    for c in word.chars() {
        if c.is_lowercase() {
            return false;
        }
        if c.is_alphabetic() {
            letters += 1;
        }
    }
    letters >= 2
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric()
        || c == '-'
        || c == '\''
        || c == '’'
        || c == '‘'
        || c == 'ʿ'
        || c == 'ʾ'
        || c == '.'
        || c == '&'
}

/// Turkish case endings written after an apostrophe on a proper name (locative, ablative,
/// genitive, dative, accusative, instrumental, and the relative -ki forms).
const TURKISH_CASE_ENDINGS: &[&str] = &[
    "da", "de", "ta", "te", "dan", "den", "tan", "ten", "ın", "in", "un", "ün", "nın", "nin",
    "nun", "nün", "a", "e", "ya", "ye", "na", "ne", "ı", "i", "u", "ü", "yı", "yi", "yu", "yü",
    "nı", "ni", "nu", "nü", "la", "le", "yla", "yle", "daki", "deki", "taki", "teki", "nda", "nde",
    "ndan", "nden", "ndaki", "ndeki",
];

/// Whether a caption is written in Turkish (or Azerbaijani): letters no other Latin-script
/// language of the captions uses.
pub(crate) fn is_turkish(text: &str) -> bool {
    text.contains(['ı', 'ğ', 'ş', 'İ', 'Ş', 'Ğ'])
}

/// A capitalized word with a case ending after an apostrophe ("Hatay’ın", "Ankara'da"): the
/// byte length of the name. Only the endings of `TURKISH_CASE_ENDINGS` count, so English
/// contractions ("Don't", "I'll") and Irish and Italian names ("O'Neill", "Sant'Angelo") keep
/// their apostrophe.
fn apostrophe_case_ending(word: &str) -> Option<usize> {
    let k = word.rfind(['\'', '’'])?;
    let (name, rest) = (&word[..k], &word[k..]);
    let ending = rest.strip_prefix('\'').or_else(|| rest.strip_prefix('’'))?;
    (name.chars().count() >= 2
        && name.chars().next().is_some_and(char::is_uppercase)
        && TURKISH_CASE_ENDINGS.contains(&ending))
    .then_some(k)
}

/// The byte length of `name` without a Turkish case ending after its last apostrophe
/// ("el-Abadla’nın" → "el-Abadla"), when `text` is Turkish and the ending is one; else `None`.
pub fn without_turkish_ending(text: &str, name: &str) -> Option<usize> {
    if is_turkish(text) {
        apostrophe_case_ending(name)
    } else {
        None
    }
}

/// Splits the caption into words with byte spans and sentence numbers.
///
/// A word is a run of letters and digits with inner hyphens, apostrophes and dots (`U.S.`,
/// `Ma'arrat`, `Al-Assad`). A trailing dot is kept only for abbreviations made of single
/// letters (`U.S.`); otherwise it ends the sentence.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut sentence = 0usize;
    let mut sentence_start = true;
    let turkish = is_turkish(text);
    let mut iter = text.char_indices().peekable();
    while let Some((start, c)) = iter.next() {
        if !c.is_alphanumeric() {
            // (A line broken inside a sentence, the next line going on in lowercase, is no end.)
            let wrapped = c == '\n' && next_is_lower(text, start + 1);
            if (matches!(c, '.' | '!' | '?' | '\n') && !wrapped)
                || (c == '-' && text[start..].starts_with("---"))
            {
                // A dot after a single-letter initial ("James L. Burdon") does not end a sentence.
                let prev_is_initial = c == '.'
                    && out.last().is_some_and(|w: &Word| {
                        w.span.end == start && is_initial(w.span.slice(text))
                    });
                let continues = c == '.' && next_is_lower(text, start + 1);
                if !prev_is_initial && !continues {
                    if !sentence_start {
                        sentence += 1;
                    }
                    sentence_start = true;
                }
            }
            continue;
        }
        let mut end = start + c.len_utf8();
        while let Some(&(i, ch)) = iter.peek() {
            if is_word_char(ch) {
                end = i + ch.len_utf8();
                iter.next();
            } else {
                break;
            }
        }
        // Trim trailing punctuation that is not part of the word.
        let mut word = &text[start..end];
        loop {
            let trimmed = word.trim_end_matches(['-', '\'', '’', '‘']);
            let trimmed = if trimmed.ends_with('.') && !is_abbreviation(trimmed) {
                &trimmed[..trimmed.len() - 1]
            } else {
                trimmed
            };
            if trimmed.len() == word.len() {
                break;
            }
            word = trimmed;
        }
        // Keep an Arabic article's hyphen when a space follows ("Bab al- Nairab").
        let raw_end = start + word.len();
        let mut possessive = false;
        let mut wend = raw_end;
        for suffix in ["'s", "’s"] {
            if word.len() > suffix.len() && word.ends_with(suffix) {
                possessive = true;
                wend = raw_end - suffix.len();
            }
        }
        // "Hatay’ın Antakya ilçesinde", "İstanbul'da": a Turkish case ending after an apostrophe
        // is no part of the name.
        if !possessive
            && turkish
            && let Some(k) = apostrophe_case_ending(word)
        {
            wend = start + k;
        }
        // "St James’ Park", "the Smiths' house": a plural possessive keeps its s.
        let tail_apostrophe = &text[raw_end..end];
        if !possessive
            && word.ends_with('s')
            && (tail_apostrophe.starts_with('\'') || tail_apostrophe.starts_with('’'))
        {
            possessive = true;
        }
        // "près d’Amizmiz", "la regione dell’Emilia": a French or Italian article elided before
        // a name is a word of its own, so the name is looked up without it.
        let mut start = start;
        if let Some(k) = elided_article(&text[start..wend]) {
            out.push(Word {
                span: Span::new(start, start + k),
                possessive: false,
                sentence_start,
                sentence,
            });
            sentence_start = false;
            start += k;
        }
        if wend > start {
            out.push(Word {
                span: Span::new(start, wend),
                possessive,
                sentence_start,
                sentence,
            });
            // "epa10628090 RENK, SOUTH SUDAN -", "ABD0004_20200426 - TERNITZ -": a picture's
            // number in the archive before the caption leaves the dateline first.
            let leading_id = out.iter().all(|w| is_picture_id(w.span.slice(text)));
            sentence_start = leading_id && sentence_start;
        }
        // A dot we trimmed off ends the sentence unless lowercase text follows.
        let tail = &text[raw_end..end];
        if tail.contains('.')
            && !next_is_lower(text, end)
            && !is_initial(&text[start..wend.max(start)])
        {
            sentence += 1;
            sentence_start = true;
        }
    }
    out
}

/// An archive's number for a picture ("epa10628090", "ABD0004", "20200426"): letters and at
/// least four digits, or six digits or more.
fn is_picture_id(w: &str) -> bool {
    let digits = w.bytes().filter(u8::is_ascii_digit).count();
    w.bytes().all(|b| b.is_ascii_alphanumeric())
        && (digits >= 6 || (digits >= 4 && w.bytes().any(|b| b.is_ascii_alphabetic())))
}

/// The byte length of a lowercase elided article ("d’", "l'", "dell’") that starts `word` and
/// is followed by a capital letter; capitalized ones are kept, since they begin names
/// ("D'Souza", "L'Aquila").
fn elided_article(word: &str) -> Option<usize> {
    const ARTICLES: &[&str] = &["d", "l", "dell", "nell", "all", "sull", "dall"];
    let at = word.find(['\'', '’'])?;
    let apostrophe = word[at..].chars().next()?.len_utf8();
    let rest = &word[at + apostrophe..];
    (ARTICLES.contains(&&word[..at]) && rest.chars().next().is_some_and(char::is_uppercase))
        .then_some(at + apostrophe)
}

fn next_is_lower(text: &str, from: usize) -> bool {
    text[from..]
        .chars()
        .find(|c| !c.is_whitespace())
        .is_some_and(|c| c.is_lowercase() || c == ',')
}

fn is_abbreviation(word: &str) -> bool {
    // "U.S.", "U.N.": letters separated by dots.
    let parts: Vec<&str> = word.trim_end_matches('.').split('.').collect();
    parts.len() >= 2 && parts.iter().all(|p| p.chars().count() == 1)
}

/// True when two words belong to one name: only a space between them, or the dot of an
/// initial ("James L. Burdon"), or the hyphen of an article ("Bab al- Nairab").
fn joined_by_space(text: &str, a: &Word, b: &Word) -> bool {
    if a.possessive {
        return false;
    }
    let gap = &text[a.span.end..b.span.start];
    let first = a.span.slice(text);
    let spaces = |g: &str| !g.is_empty() && g.chars().all(|c| c == ' ' || c == '\u{a0}');
    spaces(gap)
        || (is_initial(first) && gap.starts_with('.') && spaces(&gap[1..]))
        || (is_particle(first) && gap.starts_with('-') && (gap.len() == 1 || spaces(&gap[1..])))
        // "Côte d'Ivoire": an elided article is glued to the name after it.
        || (gap.is_empty() && first.ends_with(['\'', '’']))
}

/// A single capital ("L." in "James L. Burdon") or an abbreviation that takes a dot inside a
/// name or date ("St. Lucie", "Gen. Smith", "Jan. 3"): its dot does not end a sentence.
/// A state's abbreviation is none of these: it ends a name ("Mayfield, Ky. Tornadoes …" is a
/// town, a state and the next sentence; "Mayfield, Ky., on Sunday" goes on after its comma).
fn is_initial(word: &str) -> bool {
    const ABBREVIATIONS: &[&str] = &[
        "St", "Mt", "Ft", "Gen", "Dr", "Mr", "Mrs", "Ms", "Lt", "Col", "Sgt", "Capt", "Sen", "Rep",
        "Gov", "Prof", "Rev", "Jr", "Sr", "No", "Maj", "Brig", "Cpl", "Pvt", "Adm", "Cmdr", "Jan",
        "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec",
        // Place words abbreviated before a name: "Brgy. Old Capitol Site" (barangay), "Jl.
        // Sudirman" (jalan), "Av. Paulista".
        "Brgy", "Bgy", "Jl", "Jln", "Kab", "Kec", "Kel", "Av", "Avda",
        // Spanish and Portuguese saints in Philippine and Latin American place names: "Sta. Mesa",
        // "Sto. Niño".
        "Sta", "Sto", "Pfc", "Spc",
    ];
    let mut cs = word.chars();
    (cs.next().is_some_and(char::is_uppercase) && cs.next().is_none())
        || ABBREVIATIONS.contains(&word)
}

/// Indonesian and Malay function words: a caption with two of them is in one of those
/// languages, where "di" is the preposition "in" ("Banjir di Kota Bandung"), never a particle
/// inside a name as in Italian ("Leonardo di Caprio").
const MALAY_WORDS: &[&str] = &[
    "yang",
    "dengan",
    "untuk",
    "pada",
    "dari",
    "oleh",
    "saat",
    "ketika",
    "akibat",
    "setelah",
    "warga",
    "banjir",
    "dan",
    "ini",
    "itu",
    "tersebut",
    "sejumlah",
    "akan",
    "telah",
    "sedang",
    "para",
    "seorang",
    "sebuah",
    "korban",
    "petugas",
    "gempa",
    "kebakaran",
    "rumah",
    "orang",
    "anak",
    "kawasan",
    "wilayah",
    "sekitar",
    "lokasi",
    "serta",
    "juga",
    "masih",
    "sudah",
    "tidak",
    "dalam",
    "kepada",
    "menjadi",
    "adalah",
    "usai",
    "sebelum",
    "sejak",
    "hingga",
    "karena",
    "bersama",
    "terjadi",
    "berada",
    "senin",
    "selasa",
    "rabu",
    "kamis",
    "jumat",
    "sabtu",
    "minggu",
];

fn is_malay(text: &str, words: &[Word]) -> bool {
    words
        .iter()
        .filter(|w| {
            let s = w.span.slice(text);
            MALAY_WORDS.iter().any(|m| m.eq_ignore_ascii_case(s))
        })
        .take(2)
        .count()
        >= 2
}

/// A letter only Polish, Czech, Slovak, Lithuanian, Latvian or Hungarian write ("Kroměříži",
/// "Kłodzku", "Seimo" is not one, "Stacevičiaus" is): text with one is in none of the languages
/// whose capitalized one-letter words begin names.
pub fn has_central_european_letter(s: &str) -> bool {
    s.chars()
        .flat_map(char::to_lowercase)
        .any(|c| "ąćęłńśźżěřůňťďĺľŕėįųūőűčšž".contains(c))
}

/// Prepositions that open a sentence in Polish, Czech, Slovak and Lithuanian ("W Krakowie",
/// "V Mariupolu", "Prie Seimo"); capitalized there, they are no part of the name after them.
const CENTRAL_PREPOSITIONS: &[&str] = &[
    "V", "W", "Ve", "We", "Na", "Do", "Od", "Po", "Z", "Ze", "U", "Pod", "Nad", "Przy", "Pri",
    "Prie", "Przed", "Před", "Pred", "Iš", "Ties",
];

/// Prepositions of place of the Romance, Germanic and Nordic languages that open a sentence
/// capitalized ("En Madrid", "À Amizmiz", "Im Kreis Erding", "På Rådhusplassen"). English
/// "In" is a common word the name splitter drops already; "No", "Nos" and "I" are English words
/// too and are left out.
const OPENING_PREPOSITIONS: &[&str] = &[
    "En", "À", "Em", "Na", "Nel", "Nella", "Nello", "Nei", "Negli", "Dans", "Au", "Aux", "Sur",
    "Im", "Bei", "Auf", "På", "Bij", "Desde",
];

/// Words of other languages that open a sentence capitalized and never begin a name ("Según el
/// Ministerio de Salud", "Selon la police", "Laut Polizei", "Menurut BNPB"): an attribution or
/// a time before what the sentence names.
const OPENING_WORDS: &[&str] = &[
    "Según", "Segun", "Selon", "Secondo", "Laut", "Menurut", "Tras", "Durante", "Pendant",
    "Während", "Dopo", "Após", "Depois", "Mientras", "Cuando", "Lorsque", "Quando",
];

/// German nouns for a division or a part of a town, capitalized before its name.
/// ("Kreis" and "Landkreis" stay with the name: "im Kreis Erding" names the district, which the
/// town's name alone would not.)
const GERMAN_UNITS: &[&str] = &[
    "Bezirk",
    "Provinz",
    "Bundesstaat",
    "Bundesland",
    "Kanton",
    "Stadtteil",
    "Ortsteil",
    "Stadtviertel",
    "Gemeinde",
];

/// True when `name` begins with one of those prepositions and `text` is in one of those
/// languages ("Prie Seimo", "W Krakowie"): no person's name.
pub fn opens_with_central_preposition(text: &str, name: &str) -> bool {
    name.split_once(' ')
        .is_some_and(|(first, _)| CENTRAL_PREPOSITIONS.contains(&first))
        && has_central_european_letter(text)
}

/// Finds runs of capitalized words, skipping words inside `exclude` spans.
pub fn chunks(text: &str, words: &[Word], exclude: &[Span]) -> Vec<Chunk> {
    let excluded = |w: &Word| exclude.iter().any(|e| e.overlaps(&w.span));
    // Decided only when a "di" is met: most captions have none.
    let malay = std::cell::OnceCell::new();
    let central = std::cell::OnceCell::new();
    // "di Kota Bandung", "di Desa Bangga": before a unit word "di" is "in" in any caption.
    const UNITS: &[&str] = &[
        "Kota",
        "Desa",
        "Kabupaten",
        "Kecamatan",
        "Provinsi",
        "Jalan",
        "Jl",
        "Kampung",
        "Pulau",
        "Kelurahan",
        "Dusun",
        "Pasar",
        "Kab",
        "Kec",
    ];
    let malay_di = |k: usize| {
        words[k].span.slice(text) == "di"
            && (*malay.get_or_init(|| is_malay(text, words))
                || words
                    .get(k + 1)
                    .is_some_and(|n| UNITS.contains(&n.span.slice(text))))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let s = w.span.slice(text);
        // "en la ciudad de Kiev", "nella città di Bucha": after a lowercase word a Romance or
        // German particle is the preposition "of", not the start of a name ("de Gaulle" keeps its
        // particle inside the name after "Charles").
        let preposition_like = matches!(
            s,
            "de" | "di"
                | "du"
                | "del"
                | "della"
                | "der"
                | "la"
                | "le"
                | "von"
                | "van"
                | "d'"
                | "d’"
                | "l'"
                | "l’"
                | "dell'"
                | "dell’"
        ) && i > 0
            && !is_capitalized(words[i - 1].span.slice(text));
        // "W Krakowie odbył się marsz": a capitalized preposition opening a sentence of those
        // languages.
        if w.sentence_start
            && CENTRAL_PREPOSITIONS.contains(&s)
            && *central.get_or_init(|| has_central_european_letter(text))
        {
            i += 1;
            continue;
        }
        if w.sentence_start && OPENING_WORDS.contains(&s) {
            i += 1;
            continue;
        }
        // "im Bezirk Nakuru", "(Bezirk Neunkirchen)", "dem Stadtteil Altenessen": German writes
        // the kind of division or part of a town capitalized before its name; the name is the
        // rest, and the noun says what it is.
        if GERMAN_UNITS.contains(&s)
            && words
                .get(i + 1)
                .is_some_and(|n| is_capitalized(n.span.slice(text)) && joined_by_space(text, w, n))
        {
            i += 1;
            continue;
        }
        // "En Madrid, miles de personas …", "À Amizmiz, le quartier …", "Na Praça da Sé": the same
        // in the Romance, Germanic and Nordic languages, before a capitalized word.
        if w.sentence_start
            && OPENING_PREPOSITIONS.contains(&s)
            && words
                .get(i + 1)
                .is_some_and(|n| is_capitalized(n.span.slice(text)) && joined_by_space(text, w, n))
        {
            i += 1;
            continue;
        }
        let leading_particle = is_particle(s)
            && !preposition_like
            && !malay_di(i)
            // "am Hermannplatz": German "am" joins a name ("Frankfurt am Main") but never begins one.
            && !matches!(
                s,
                "of" | "for" | "y" | "e" | "do" | "da" | "das" | "dos" | "am" | "upon"
            )
            // "en el Palacio Nacional", "vista del Estadio Azteca": a Romance article in
            // lowercase before a landmark's name is no part of it (inside a name it still
            // joins: "Deir el Balah", "Castillo del Rey").
            && !article_before_landmark(text, words, i);
        if excluded(w)
            || !(is_capitalized(s) || (leading_particle && starts_name_after(text, words, i)))
        {
            i += 1;
            continue;
        }
        let first = i;
        let mut last = i + 1;
        while last < words.len() {
            let prev = &words[last - 1];
            let next = &words[last];
            if excluded(next) || !joined_by_space(text, prev, next) || prev.possessive {
                break;
            }
            let ns = next.span.slice(text);
            if malay_di(last) {
                break;
            }
            if is_capitalized(ns) || (is_particle(ns) && starts_name_after(text, words, last)) {
                last += 1;
            } else {
                break;
            }
        }
        // A chunk never ends on a particle.
        while last > first + 1 && is_particle(words[last - 1].span.slice(text)) {
            last -= 1;
        }
        let possessive = words[last - 1].possessive;
        out.push(Chunk {
            span: Span::new(words[first].span.start, words[last - 1].span.end),
            first,
            last,
            possessive,
        });
        i = last;
    }
    out
}

/// A particle counts as part of a name only when a capitalized word follows it directly.
fn starts_name_after(text: &str, words: &[Word], idx: usize) -> bool {
    let mut j = idx + 1;
    while j < words.len() {
        if !joined_by_space(text, &words[j - 1], &words[j]) {
            return false;
        }
        let s = words[j].span.slice(text);
        if is_capitalized(s) {
            return true;
        }
        if !is_particle(s) {
            return false;
        }
        j += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk_texts(text: &str) -> Vec<String> {
        let ws = words(text);
        chunks(text, &ws, &[])
            .iter()
            .map(|c| c.span.slice(text).to_string())
            .collect()
    }

    #[test]
    fn a_wrapped_line_and_a_picture_number_end_no_sentence() {
        // written
        let t = "Rescuers in Baoxing county of\nsouthwest China's Sichuan province.\nNext line.";
        let ws = words(t);
        let sentence = |w: &str| ws.iter().find(|x| x.span.slice(t) == w).map(|x| x.sentence);
        assert_eq!(sentence("Sichuan"), sentence("Rescuers"));
        assert_ne!(sentence("Next"), sentence("Rescuers"));
        let ws = words("epa10628090 RENK, SOUTH SUDAN - A boy");
        assert!(ws[1].sentence_start && ws[1].sentence == 0);
    }

    #[test]
    fn a_central_european_preposition_opens_no_name() {
        // written: Polish, Czech and Lithuanian sentences opening with a preposition.
        assert_eq!(chunk_texts("W Krakowie odbył się marsz."), vec!["Krakowie"]);
        assert_eq!(
            chunk_texts("V Mariupolu zůstává asi 100 tisíc civilistů."),
            vec!["Mariupolu"]
        );
        assert!(opens_with_central_preposition(
            "Prie Seimo surengta akcija. J. Stacevičiaus nuotr.",
            "Prie Seimo"
        ));
        // Elsewhere a one-letter word may begin a name ("U Thant", "W Somerset Maugham").
        assert_eq!(
            chunk_texts("U Thant speaks in New York."),
            vec!["U Thant", "New York"]
        );
        assert!(!opens_with_central_preposition(
            "U Thant speaks.",
            "U Thant"
        ));
    }

    #[test]
    fn a_lowercase_elided_article_is_a_word_of_its_own() {
        let w = |t: &str| {
            words(t)
                .iter()
                .map(|w| w.span.slice(t).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(w("près d’Amizmiz"), ["près", "d’", "Amizmiz"]);
        assert_eq!(w("dell'Emilia"), ["dell'", "Emilia"]);
        // Capitalized, or before a lowercase word, it stays.
        assert_eq!(w("D'Souza and L'Aquila"), ["D'Souza", "and", "L'Aquila"]);
        assert_eq!(w("d'une"), ["d'une"]);
    }

    #[test]
    fn indonesian_di_is_a_preposition() {
        assert_eq!(
            chunk_texts("Banjir di Kota Bandung merendam rumah warga dan jalan yang rendah"),
            ["Banjir", "Kota Bandung"]
        );
        // Italian: a particle inside the name.
        assert_eq!(
            chunk_texts("Leonardo di Caprio arrives"),
            ["Leonardo di Caprio"]
        );
    }

    #[test]
    fn finds_names_with_particles_and_possessives() {
        let t =
            "forces loyal to Syria's president Bashar Al-Assad located in Aleppo artillery school";
        assert_eq!(chunk_texts(t), ["Syria", "Bashar Al-Assad", "Aleppo"]);
        let t = "the Bab al- Nairab neighbourhood of the Syrian Observatory for Human Rights";
        assert_eq!(
            chunk_texts(t),
            ["Bab al- Nairab", "Syrian Observatory for Human Rights"]
        );
    }

    #[test]
    fn abbreviations_keep_their_dots_and_do_not_end_sentences() {
        let text = "Akron, Ohio, U.S. - Former Navy SEAL. Next one by James L. Burdon as";
        let ws = words(text);
        let names: Vec<_> = ws.iter().map(|w| w.span.slice(text)).collect();
        assert!(names.contains(&"U.S."));
        let burdon = ws.iter().find(|w| w.span.slice(text) == "Burdon").unwrap();
        let james = ws.iter().find(|w| w.span.slice(text) == "James").unwrap();
        assert_eq!(burdon.sentence, james.sentence);
        assert_eq!(chunk_texts(text).last().unwrap(), "James L. Burdon");
    }

    #[test]
    fn a_state_abbreviation_ends_the_name_and_its_sentence() {
        assert_eq!(
            chunk_texts("in Mayfield, Ky. Tornadoes caused damage"),
            ["Mayfield", "Ky", "Tornadoes"]
        );
        let text = "in Mayfield, Ky., on Sunday";
        let ws = words(text);
        assert_eq!(ws.first().unwrap().sentence, ws.last().unwrap().sentence);
    }

    #[test]
    fn sentences_are_counted() {
        let text = "Idlib, Syria. 30 December 2020. Children in the camp.";
        let ws = words(text);
        assert_eq!(ws[0].sentence, 0);
        assert!(ws[0].sentence_start);
        let children = ws
            .iter()
            .find(|w| w.span.slice(text) == "Children")
            .unwrap();
        assert_eq!(children.sentence, 2);
        assert!(children.sentence_start);
    }

    #[test]
    fn curly_possessive_splits_chunks() {
        assert_eq!(
            chunk_texts("in Yemen’s northwestern city of Saada"),
            ["Yemen", "Saada"]
        );
    }

    #[test]
    fn particles_of_place_names_in_other_languages_stay_inside_the_name() {
        // written
        let t = "Vendors sell fish in Dar es Salaam and in Frankfurt am Main, and walk on the Rue des Martyrs.";
        assert_eq!(
            chunk_texts(t),
            [
                "Vendors",
                "Dar es Salaam",
                "Frankfurt am Main",
                "Rue des Martyrs"
            ]
        );
        // A particle with nothing capitalized after it ends the name.
        assert_eq!(chunk_texts("Tourists in Dar es"), ["Tourists", "Dar"]);
    }

    #[test]
    fn turkish_case_endings_leave_the_name() {
        let text = "Hatay’ın Antakya ilçesinde ve İzmir'de; Ma'arrat, O'Neill ve Sana'a.";
        let got: Vec<&str> = words(text).iter().map(|w| w.span.slice(text)).collect();
        assert!(got.contains(&"Hatay") && got.contains(&"İzmir"), "{got:?}");
        // Not Turkish endings: a transliteration and an Irish name keep their apostrophe.
        assert!(
            got.contains(&"Ma'arrat") && got.contains(&"O'Neill"),
            "{got:?}"
        );
        // Outside a Turkish caption nothing is cut.
        let text = "Fighters in Sana'a and Ma'rib.";
        let got: Vec<&str> = words(text).iter().map(|w| w.span.slice(text)).collect();
        assert!(got.contains(&"Sana'a"), "{got:?}");
    }
}
