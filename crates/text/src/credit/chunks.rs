//! Where in a caption a credit stands and which shape it has: the caption is cut into chunks
//! (sentences, lines, bracketed groups, a label glued to the word before it) and each chunk is
//! tried against the credit shapes in turn. Kept apart from the body parser because the shapes
//! change with each new house style while the reading of a body does not.

use super::*;

/// Photo labels in scripts of their own (Cyrillic, Arabic, Persian, Bengali, Devanagari, Chinese,
/// Korean, Japanese), for `PREFIX` and, inside a chunk, `NONLATIN_LABEL`.
const NONLATIN_LABELS: &str = "φωτογραφία|φωτο|ΦΩΤΟΓΡΑΦΙΑ|ΦΩΤΟ|фото|снимка|снимок|світлина|تصوير|تصویر|صورة|الصورة|عکاس|عکس|צילום|ছবি|তস্বির|तस्बिर|तस्वीर|तस्विर|फोटो|फ़ोटो|摄影|攝影|图片|圖片|照片|사진|写真";

/// "Image source, Getty Images": the label the BBC's services print above a picture, in their
/// languages, with a comma (or the script's comma) before the credit.
const BBC_LABELS: &str = r"image\s+source|fuente\s+de\s+la\s+imagen|cr[ée]dito|sumber\s+gambar|foto[gğ]raf\s+kayna[gğ][ıi]|autor\s+fotografije|chanzo\s+cha\s+picha|asalin\s+hoton|xuquuqda\s+sawirka|nguồn\s+hình\s+ảnh|surat\s+manbasi|şəklin\s+mənbəyi|wia\s+dis\s+foto\s+come\s+from|ebe\s+foto\s+si|oríṣun\s+àwòrán|автор\s+фото|сүрөттүн\s+булагы|صدر\s+الصورة|منبع\s+تصویر|تصویر\s+کا\s+ذریعہ|د\s+عکس\s+سرچینه|इमेज\s+स्रोत|तस्बिरको\s+स्रोत|फोटो\s+स्रोत|ছবির\s+উৎস|பட\s+மூலாதாரம்|图像来源|圖像來源|사진\s+출처|画像提供|ที่มาของภาพ|የፎቶው\s+ባለመብት|የምስሉ\s+ባለመብት|ਤਸਵੀਰ\s+ਸਰੋਤ";

pub(super) static PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?ix)^(?:
            (?P<pa>(?:photo\s+credit\s+should\s+read|mandatory\s+credit))\s*:?
          | (?P<ci>credit\s+image)\s*:
          | (?P<by>(?:all\s+)?(?:photo(?:graph)?s?|pictures?|pix|pics?\.?|images?|video|footage)\s+(?:by|from)|fot[oó]s?\s+(?:by|de|di|von|por|par)|photographies?\s+par|fotograf[íi]as?\s+(?:de|por)|picha\s+(?:ilipigwa\s+)?na|staff\s+photographer|staff\s+photos?\s+by|(?:retrato|larawan|litrato)\s+(?:mula\s+(?:kay|sa|kina)|ni)|kuha\s+ni|gambar(?:\s+(?:oleh|ihsan))?|عکس(?:[\s\u{{200c}}]*ها)?\s+از)\b
          | (?P<court>(?:(?:photo(?:graph)?|picture|image)s?\s+)?courtesy(?:\s+of)?)\b\s*:?
          | (?P<label>all\s+(?:the\s+)?(?:photo(?:graph)?s|pictures|images)|(?:file|archive)(?:\s+(?:photo(?:graph)?|picture|image)s?)?|(?:photo|image|picture)\s+credits?|cr[ée]dits?\s+photos?|photo(?:graph)?s?|pictures?|pix|pics?|images?|imag[ae][nm]s?|ảnh|ภาพข่าว|ภาพ|picha|credits?|cr[ée]dits?|cr[ée]ditos?|copyright|fot[oó]s?|fotograf[íi]as?|foto[gğ]raf|bild|kuva|photographer|source|quelle|fuente|fonte|pc|mynd|ljósmynd|billede|bilde|pilt|attēls|nuotrauka|kép|snímek|snimio|snimila|sursa(?:\s+foto)?|nguồn|larawan|sawir(?:ka)?|hoto|llun|suuraa|ifoto|zdjęcie|beeld|fotograf)\s*(?::|;|\.{{2,}}|…|\||[-–—]\s)
          | (?:fot|nuotr)\.\s
          | (?P<copy>©|Ⓒ|\(c\)(?:\s|$)|image\s+copyright)
          | (?P<glued>(?-i:Credit))\B
          | ،?(?P<bbc>{BBC_LABELS})\s*[,，、،:]?
          | (?P<nl>{NONLATIN_LABELS}|图|圖)\s*[:：/ः]
        )\s*(?:©\s*)?(?:(?:19|20)\d{{2}}\s+)?"
    ))
    .expect("credit prefix regex")
});
/// A date after a comma ending a courtesy credit.
static COURTESY_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i),\s*(?:\d{1,2}\s+\p{L}+\.?\s+(?:19|20)\d{2}|\p{L}+\.?\s+\d{1,2},?\s+(?:19|20)\d{2}|(?:19|20)\d{2})\.?\s*$")
        .expect("courtesy date regex")
});
pub(super) static FILE_PHOTO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:file|file\s+(?:photo|picture|image)|archive\s+(?:photo|picture)|handout\s+photo)$")
        .expect("file photo regex")
});
pub(super) static TAIL_TAGS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\s+(?:TPX\b|ATTENTION\s+EDITORS|ATTENTION\s*:|EDITORIAL\s+USE|SEARCH\s+[A-Z]|NO\s+RESALES|NO\s+ARCHIVES|NO\s+SALES|MANDATORY\s+CREDIT|FOR\s+EDITORIAL|THIS\s+IMAGE|REFILE|BEST\s+QUALITY|EDITORS?\s+NOTE|ORG\s+XMIT\b|epa\d{5,}|[A-Z]{3,}\s+OUT\b|or\s+licensors\b|\+{3}|\+\+\s+\p{Lu}{2,}\s+\p{Lu}{2,}\s+\p{Lu}{2,}\s+\p{Lu}{2,}|\*{3})",
    )
    .expect("tail tag regex")
});
pub(super) static EPA_TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\bepa\d{5,}\b").expect("epa tag regex"));
pub(super) static CHUNK_BREAK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[ \t\u{a0}]{2,}|\s*-{2,}\s*|\s*/{2,}\s*|\s*\|\s*\|\s*|\r?\n|[ \t]—[ \t]")
        .expect("chunk break regex")
});

#[derive(Debug, Clone)]
pub(super) struct Unit {
    /// The credit words (parentheses included).
    pub(super) span: Span,
    pub(super) creators: Vec<(String, Span)>,
    pub(super) hits: Vec<(usize, Span)>,
    pub(super) unknown: Vec<(String, Span)>,
    pub(super) rule: &'static str,
    pub(super) weak: bool,
}

pub(super) struct Chunk {
    pub(super) inner: Span,
    pub(super) outer: Span,
    pub(super) paren: bool,
}

/// Cuts the caption into chunks: parenthesized groups, then sentences, lines, runs of blanks.
pub(super) fn chunks(text: &str) -> Vec<Chunk> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let open = bytes[i];
        // ("<Photo: Xinhua/Jane Doe>": angle brackets as some pages print them.)
        if open == b'(' || open == b'[' || open == b'<' {
            let close = match open {
                b'(' => b')',
                b'[' => b']',
                _ => b'>',
            };
            let limit = (i + 400).min(bytes.len());
            let j = (i + 1..limit).find(|&j| bytes[j] == close || bytes[j] == open);
            // "Press Information Department (PID)/Handout": a group glued to a slash is part
            // of a chain; "(c) AFP 2023": a copyright sign.
            let glued = |j: usize| {
                bytes.get(j + 1) == Some(&b'/')
                    || (j == i + 2 && bytes[i + 1].eq_ignore_ascii_case(&b'c'))
            };
            if let Some(j) = j.filter(|&j| bytes[j] == close && !glued(j)) {
                plain_chunks(text, Span::new(start, i), &mut out);
                out.push(Chunk {
                    inner: Span::new(i + 1, j),
                    outer: Span::new(i, j + 1),
                    paren: true,
                });
                i = j + 1;
                start = i;
                continue;
            }
        }
        i += 1;
    }
    plain_chunks(text, Span::new(start, text.len()), &mut out);
    out
}

pub(super) fn plain_chunks(text: &str, s: Span, out: &mut Vec<Chunk>) {
    if s.start >= s.end {
        return;
    }
    let first = out.len();
    let part = &text[s.start..s.end];
    for sent in crate::date::sentences(part) {
        let st = &part[sent.start..sent.end];
        let mut last = 0;
        let breaks = may_have_chunk_break(st)
            .then(|| CHUNK_BREAK.find_iter(st))
            .into_iter()
            .flatten();
        for m in breaks {
            let c = Span::new(
                s.start + sent.start + last,
                s.start + sent.start + m.start(),
            );
            out.push(Chunk {
                inner: c,
                outer: c,
                paren: false,
            });
            last = m.end();
        }
        let c = Span::new(s.start + sent.start + last, s.start + sent.end);
        out.push(Chunk {
            inner: c,
            outer: c,
            paren: false,
        });
    }
    // A credit label inside a chunk starts a chunk of its own: after a single `|`
    // ("… in November 2017 | Photo: ANSA") or glued to the end of a sentence
    // ("…Manchar lakePhotograph: Name for the Guardian", "…missile.Credit...Name").
    let mut k = first;
    while k < out.len() {
        let c = out[k].inner;
        if let Some(at) =
            inner_label_at(&text[c.start..c.end]).or_else(|| caps_chain_at(&text[c.start..c.end]))
        {
            let head = Span::new(c.start, c.start + at);
            let rest = Span::new(c.start + at, c.end);
            out[k] = Chunk {
                inner: head,
                outer: head,
                paren: false,
            };
            out.insert(
                k + 1,
                Chunk {
                    inner: rest,
                    outer: rest,
                    paren: false,
                },
            );
        }
        k += 1;
    }
}

pub(super) static INNER_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"[ \t]/[ \t]*(?:(?i:photo(?:graph)?s?|pictures?|images?|credits?|fot[oó]s?)[ \t]*:|(?i:fot)\.[ \t]|©)|[\p{Ll}\d]{3}[ \t]+©[ \t]*\p{Lu}\p{Ll}|[.!?][”\x22’»][ \t]+©[ \t]*\p{Lu}|[\p{Ll}\d]{2}©[ \t]*\p{Lu}\p{Ll}+[ \t]+\p{Lu}|\|[ \t\u{a0}]*(?:(?i:photo(?:graph)?s?|pictures?|images?|credits?|fotos?|copyright)(?:\s*:|\s*\.{2,}|…|\s+by\b)|©)|[\p{Ll}.](?:Photo(?:graph)?s?|Pictures?|Images?|Credits?|Fotos?|Fuente|Fonte|Quelle|Source|Bild)(?::|\.{2,}|…)|\.(?:Photo|Foto|Crédit)[ \t]:[ \t]|[\p{Ll}.](?:Picha[ \t]+na[ \t]|Credit\p{Lu})|\.[ \t]+(?:photo(?:graph)?s?|pictures?|images?|credits?|fotos?)[ \t]*:|[ \t][\-–—―][ \t]*(?:Photo(?:graph)?s?|Pictures?|Images?|Imag[ae][nm]|Credits?|Fotos?)[ \t]*:[ \t]|[ \t][\-–—―][ \t]*[Cc]r[ée]dito[ \t]*:?[ \t]+\p{Lu}|[ \t][\-–—―][ \t]*(?:Photo|PHOTO|Foto|FOTO)[ \t]+\p{Lu}[^\s/]*[ \t]*/|[ \t][\-–—―][ \t]*(?:Photo|PHOTO|Foto|FOTO)[ \t]+\p{Lu}\p{L}{1,12}[ \t]*$|[\p{Ll}\d”\x22’»)][ \t](?:Photo(?:graph)?s?|Pictures?|Images?|Imag[ae][nm]|Credits?|Fotos?)(?:[ \t]*:[ \t]|[ \t]+by[ \t]+\p{Lu}|[ \t]+copyright[ \t]+\p{Lu})",
    )
    .expect("inner label regex")
});

/// "… in Beira, Mozambique JANE DOE/CARE/EPA": a photographer's name in capitals and a slash
/// chain glued to the last sentence, with no stop before it.
static CAPS_CHAIN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"[\p{Ll}\d,][ \t]+(\p{Lu}[\p{Lu}'’\-]+(?:[ \t]+\p{Lu}[\p{Lu}'’\-]+){1,3}[ \t]*/[ \t]*\p{Lu}[^\n]*)$",
    )
    .expect("capitals chain regex")
});

/// Where a photographer's name in capitals and its slash chain start at the end of a chunk.
fn caps_chain_at(t: &str) -> Option<usize> {
    if !t.contains('/') {
        return None;
    }
    CAPS_CHAIN
        .captures(t)
        .and_then(|c| c.get(1))
        .map(|m| m.start())
}

/// The labels of `PREFIX`'s `nl` group, inside a chunk after a blank or a sentence end (in
/// their case as written; without the one-character 图 and 圖, too short to cut a chunk at).
static NONLATIN_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"[\s।۔。.,،]({NONLATIN_LABELS}|Фото|ФОТО|Снимка|Снимок|Світлина)\s*[:：/ः]"
    ))
    .expect("non-Latin label regex")
});

/// Where a credit label starts inside a chunk (after a single `|`, or glued to the word
/// before it): the byte offset of the `|` or of the label.
pub(super) fn inner_label_at(t: &str) -> Option<usize> {
    // A label in a script of its own ("…হয়। ছবি: Name", "… الشتاء. تصوير / Name") after a blank
    // or a sentence end.
    if !t.is_ascii()
        && let Some(m) = NONLATIN_LABEL.captures(t).and_then(|c| c.get(1))
        && !t[..m.start()].trim().is_empty()
    {
        return Some(m.start());
    }
    // A `|`, or one of the label's capitals right after a lowercase letter or a full stop.
    if prefilter_on() && {
        let b = t.as_bytes();
        !b.iter().enumerate().any(|(i, &c)| {
            c == b'|'
                // "… in Port Gentil / Photo: Reuters": a label after a lone slash.
                || (c == b'/' && i > 0 && b[i - 1] == b' ')
                // "… place Bellecour ©Jane Doe": a copyright sign after a word.
                // ("…cooperation© Jane Doe/TASS": or glued to it.)
                || (c == 0xC2
                    && b.get(i + 1) == Some(&0xA9)
                    && i > 0
                    && (b[i - 1] == b' ' || b[i - 1].is_ascii_alphanumeric()))
                || (matches!(c, b'P' | b'I' | b'C' | b'F')
                    && i > 0
                    && (b[i - 1].is_ascii_lowercase()
                        || b[i - 1] == b'.'
                        || b[i - 1] >= 0x80
                        || (matches!(b[i - 1], b' ' | b'\t')
                            && (b[i..].iter().take(14).any(|&x| x == b':' || x == b'y')
                                // "… Napoli - Foto LiveMedia/Name": a label before a chain.
                                || b[i..].iter().take(30).any(|&x| x == b'/')
                                // "… a Milano - Foto Ansa": a label and an agency ending it.
                                || b.len() - i <= 20))))
                // "…in November. photo : AFP": a lowercase label after a sentence end; "… de
                // Usaquén - crédito Idiger": Spanish "crédito" after a dash.
                || (matches!(c, b'p' | b'i' | b'c' | b'f')
                    && i > 1
                    && matches!(b[i - 1], b' ' | b'\t')
                    && {
                        let before = b[..i].trim_ascii_end();
                        before.ends_with(b".")
                            || (c == b'c'
                                && (before.ends_with(b"-")
                                    || before.ends_with("–".as_bytes())
                                    || before.ends_with("—".as_bytes())))
                    })
        })
    } {
        return None;
    }
    let m = INNER_LABEL.find(t)?;
    let at = if t[m.start()..].starts_with('|') {
        m.start()
    } else if let Some(copy) = m.as_str().find('©').filter(|&k| {
        m.as_str()[..k].ends_with(char::is_alphanumeric) && !m.as_str()[..k].contains(' ')
    }) {
        // "…cooperation© Jane Doe/TASS": at the sign glued to the last word.
        m.start() + copy
    } else if let Some(copy) = m.as_str().find(" ©").or_else(|| m.as_str().find("\t©"))
        && m.as_str()
            .starts_with(|c: char| c.is_alphanumeric() || matches!(c, '.' | '!' | '?'))
    {
        // "… place Bellecour ©Jane Doe", "… over there.” ©AGENCY/Jane Doe": at the blank
        // before the sign.
        m.start() + copy
    } else if let Some(slash) = t[m.start()..]
        .find('/')
        .filter(|&k| t[m.start()..m.start() + k].trim().is_empty())
    {
        m.start() + slash
    } else if t[m.start()..].starts_with('.') {
        // After the full stop and the spaces.
        m.start() + 1 + (t[m.start() + 1..].len() - t[m.start() + 1..].trim_start().len())
    } else {
        // After the glued lowercase letter or full stop (or the letter before a blank: "…
        // threatens homes Credit: Name").
        m.start() + t[m.start()..].chars().next().map_or(1, char::len_utf8)
    };
    (!t[..at].trim().is_empty()).then_some(at)
}

pub(super) fn classify(text: &str, ch: &Chunk, lex: &AgencyLexicon) -> Option<Unit> {
    // ("” ©AGENCY/Jane Doe": a closing quote the sentence split left at the chunk's start.)
    let lead: &[char] = &[
        '-', '–', '—', '―', ',', ';', ':', '|', '.', '*', '•', '/', '\\', '”',
    ];
    let trail: &[char] = &[',', ';', ':', '-', '–', '—', '|', '.'];
    let mut s = trim_span_chars(text, ch.inner, lead, trail);
    if may_have_tail_tag(&text[s.start..s.end])
        && let Some(m) = TAIL_TAGS.find(&text[s.start..s.end])
    {
        s = trim_span_chars(text, Span::new(s.start, s.start + m.start()), lead, trail);
    }
    // "Photo Name /Insidefoto/Sipa USA)": a closing bracket with no opening one is stray.
    if !ch.paren {
        let t = &text[s.start..s.end];
        if let Some(close) = t.strip_suffix([')', ']'])
            && !close.contains(['(', '['])
        {
            s = trim_span_chars(text, Span::new(s.start, s.start + close.len()), lead, trail);
        }
    }
    if s.start >= s.end {
        return None;
    }
    let t = &text[s.start..s.end];
    // "(Text: example.cn Photo by Name/Agency)": a credit label inside brackets, after other
    // words, starts the credit.
    if ch.paren
        && !PREFIX.is_match(t)
        && let Some(at) = inner_label_at(t)
    {
        let sub = Chunk {
            inner: Span::new(s.start + at, s.end),
            outer: ch.outer,
            paren: false,
        };
        if let Some(mut u) = classify(text, &sub, lex) {
            // "(Express Photo by Jane Doe)": the outlet written before the label.
            let head = trim_span(text, Span::new(s.start, s.start + at));
            let ht = &text[head.start..head.end];
            if u.hits.is_empty()
                && u.unknown.is_empty()
                && !u.creators.is_empty()
                && ht.split_whitespace().count() <= 3
                && looks_capitalized(ht)
            {
                match lex.lookup(ht) {
                    Some(i) => u.hits.push((i, head)),
                    None => u.unknown.push((ht.to_string(), head)),
                }
            }
            return Some(Unit {
                span: ch.outer,
                ..u
            });
        }
    }
    let unit_span = if ch.paren { ch.outer } else { s };
    let unit = |p: Parsed, rule: &'static str, span: Span| Unit {
        span,
        creators: p.creators,
        hits: p.hits,
        unknown: p.unknown,
        rule,
        weak: false,
    };
    // "(foto Jane Doe)": a label with no colon before a person's name, only inside brackets,
    // where nothing but a credit follows it.
    if ch.paren
        && let Some(name) = ["foto ", "Foto ", "FOTO "]
            .iter()
            .find_map(|l| t.strip_prefix(l))
        && name.split_whitespace().count() >= 2
        && is_person_name(name)
        && lex.lookup(name).is_none()
    {
        let at = s.end - name.len();
        return Some(Unit {
            span: unit_span,
            creators: vec![(name.to_string(), Span::new(at, s.end))],
            hits: Vec::new(),
            unknown: Vec::new(),
            rule: "credit.label",
            weak: false,
        });
    }
    // Labelled credits.
    if let Some(c) = may_start_with(
        t,
        &[
            b"pho", b"man", b"cre", b"pic", b"ima", b"vid", b"foo", b"cop", b"fot", b"sou", b"cou",
            b"bil", b"pix", b"que", b"fue", b"fon", b"(c)", b"pc:", b"pc ", b"sta", b"fil", b"arc",
            b"ret", b"lar", b"lit", b"kuh", b"gam", b"sum", b"aut", b"cha", b"asa", b"xuq", b"ngu",
            b"sur", b"wia", b"ebe", b"kuv", b"all", b"myn", b"pil", b"att", b"nuo", b"sni", b"saw",
            b"hot", b"llu", b"suu", b"ifo", b"zdj", b"bee",
        ],
    )
    .then(|| PREFIX.captures(t))
    .flatten()
    {
        let m = c.get(0)?;
        // "CreditJane Doe for The New York Times": a label glued to the name after it.
        if c.name("glued").is_some() && !t[m.end()..].starts_with(char::is_uppercase) {
            return None;
        }
        let mut body = Span::new(s.start + m.end(), s.end);
        // "Courtesy of the Ministry of Health": the ministry, as written, without the article.
        if c.name("court").is_some() && text[body.start..body.end].starts_with("the ") {
            body.start += 4;
        }
        // "Image courtesy of City of Cape Town, 21 October 2018": the date is the photo's.
        if c.name("court").is_some()
            && let Some(d) = COURTESY_DATE.find(&text[body.start..body.end])
        {
            body.end = body.start + d.start();
        }
        // "(Source: Express photo by Jane Doe)": after the label, an outlet's picture credit.
        if let Some(pc) = PICTURE_WORD_CREDIT.captures(&text[body.start..body.end])
            && let (Some(ag), Some(name)) = (pc.name("ag"), pc.name("name"))
            && is_person_name(name.as_str())
            && lex.lookup(name.as_str()).is_none()
            // ("© Pool photo by Jane Doe": a pool names no outlet.)
            && !is_placeholder(ag.as_str())
        {
            let asp = Span::new(body.start + ag.start(), body.start + ag.end());
            let nsp = Span::new(body.start + name.start(), body.start + name.end());
            return Some(credit_unit(
                lex,
                vec![(name.as_str().to_string(), nsp)],
                Some((ag.as_str().to_string(), asp)),
                unit_span,
                "credit.photo_by",
            ));
        }
        let mut p = parse_body(text, body, lex, true);
        // "(Photo from Fire Alert Metro Manila)": what a picture comes from is its source, not
        // the one who took it.
        if c.name("by")
            .is_some_and(|m| m.as_str().to_lowercase().ends_with("from"))
            && p.creators.len() == 1
            && p.hits.is_empty()
            && p.unknown.is_empty()
            && p.prose_at.is_none()
        {
            let (n, sp) = p.creators.remove(0);
            p.unknown.push((n, sp));
        }
        let mut unit_span = unit_span;
        if let Some(at) = p.prose_at {
            // A credit first and the caption after it: the credit ends before the prose.
            let cut = trim_span_chars(
                text,
                Span::new(s.start, at),
                &[],
                &['/', '|', '\\', '-', '–', '—', ',', ';', ':'],
            );
            if cut.end <= body.start {
                return None;
            }
            p = parse_body(text, Span::new(body.start, cut.end), lex, true);
            if !ch.paren {
                unit_span = cut;
            }
        }
        if p.found_anything() || p.has_placeholder() {
            let rule = if c.name("court").is_some() {
                "credit.courtesy"
            } else if c.name("pa").is_some() {
                "credit.should_read"
            } else if c.name("ci").is_some() {
                "credit.credit_image"
            } else if c.name("by").is_some() {
                "credit.photo_by"
            } else if c.name("copy").is_some() {
                "credit.copyright"
            } else {
                "credit.label"
            };
            return Some(unit(p, rule, unit_span));
        }
    }
    // "Photo Name /Insidefoto/Sipa USA": the label alone, with no "by" or colon, before a
    // name and a known agency.
    // "Photo/ Name/ Agency", "Source MINUSMA/Name/Flickr": a label with a slash or no colon
    // before a chain set apart at the end of the caption or on its own line.
    let apart = text[s.end..].trim().is_empty()
        || text[..ch.inner.start]
            .trim_end_matches([' ', '\t'])
            .ends_with('\n');
    if let Some(rest) = t
        .strip_prefix("Photo ")
        .or_else(|| t.strip_prefix("PHOTO "))
        .or_else(|| t.strip_prefix("Photo/"))
        .or_else(|| t.strip_prefix("Foto/"))
        .or_else(|| t.strip_prefix("Foto "))
        .or_else(|| t.strip_prefix("FOTO "))
        .or_else(|| t.strip_prefix("Source ").filter(|_| apart))
        && rest.contains('/')
    {
        // ("Photo / NZME": the slash that ends the label is no part of the body.)
        let body_text = rest
            .trim_start()
            .strip_prefix('/')
            .unwrap_or(rest)
            .trim_start();
        let body = Span::new(s.end - body_text.len(), s.end);
        let p = parse_body(text, body, lex, true);
        let person_first = p.first() == Kind::Person && (!p.hits.is_empty() || apart);
        let org_first = p.first() == Kind::Org && !p.creators.is_empty() && apart;
        // "(Foto EFE/ Name)", "(Foto AP/Name)": the Spanish label before a known agency.
        let agency_first = p.first() == Kind::Agency && !p.hits.is_empty();
        // "… on Monday. Photo / NZME": the label and a spaced slash before an outlet alone.
        let kinds: Vec<&Kind> = p.kinds.iter().filter(|k| **k != Kind::Empty).collect();
        let outlet_alone = apart
            && matches!(kinds.as_slice(), [Kind::Org | Kind::Agency])
            && p.creators.is_empty()
            && (!p.hits.is_empty() || !p.unknown.is_empty());
        if !p.invalid && (person_first || org_first || agency_first || outlet_alone) {
            return Some(unit(p, "credit.label", unit_span));
        }
    }
    // "… in Bamenda. PHOTO/JANE DOE": the label and a slash before a name alone, ending the
    // caption.
    if apart
        && let Some(rest) = t
            .strip_prefix("PHOTO/")
            .or_else(|| t.strip_prefix("Photo/"))
            .or_else(|| t.strip_prefix("FOTO/"))
            .or_else(|| t.strip_prefix("Foto/"))
        && !rest.contains('/')
    {
        let name = trim_span(text, Span::new(s.end - rest.len(), s.end));
        let nt = &text[name.start..name.end];
        if nt.split_whitespace().count() >= 2 && is_person_name(nt) {
            let p = Parsed {
                creators: vec![(nt.to_string(), name)],
                kinds: vec![Kind::Person],
                ..Parsed::default()
            };
            return Some(unit(p, "credit.label", unit_span));
        }
    }
    // "…the country.\n\nPhoto Jane Doe", "PHOTO JANE DOE, ASSOCIATED PRESS\n\nDes résidants …":
    // the picture word with no colon or slash before a name (and its agency), on a line of its
    // own at the end or at the start of the caption.
    let first_line = text[..ch.inner.start].trim().is_empty()
        && text[s.end..]
            .trim_start_matches([' ', '\t'])
            .starts_with('\n');
    // ("Foto AFP\nBlumen für …": a known agency alone after the picture word.)
    if first_line
        && !ch.paren
        && let Some(rest) = ["Photo ", "PHOTO ", "Foto ", "FOTO "]
            .iter()
            .find_map(|w| t.strip_prefix(w))
        && lex.lookup(rest.trim()).is_some()
    {
        let a = trim_span(text, Span::new(s.end - rest.len(), s.end));
        return Some(credit_unit(
            lex,
            Vec::new(),
            Some((text[a.start..a.end].to_string(), a)),
            unit_span,
            "credit.agency_only",
        ));
    }
    if (apart || first_line)
        && !ch.paren
        && let Some(rest) = ["Photo ", "PHOTO ", "Foto ", "FOTO ", "Photograph "]
            .iter()
            .find_map(|w| t.strip_prefix(w))
            // ("Jane Doe photo\n\nA supporter of …": the picture word after the name.)
            .or_else(|| {
                [" photo", " Photo", " PHOTO"]
                    .iter()
                    .find_map(|w| t.strip_suffix(w))
                    .filter(|_| first_line)
            })
        && !rest.contains(['/', ':', '|'])
    {
        let (nt, at) = match rest.split_once(',') {
            Some((n, a)) => (n, Some(a)),
            None => (rest, None),
        };
        // (`rest` is the chunk's head or tail.)
        let off = if t.starts_with(rest) {
            s.start
        } else {
            s.end - rest.len()
        };
        let name = trim_span(text, Span::new(off, off + nt.len()));
        let agency = at.map(|a| {
            trim_span(
                text,
                Span::new(off + rest.len() - a.len(), off + rest.len()),
            )
        });
        let nt = &text[name.start..name.end];
        let agency_ok = agency.is_none_or(|a| {
            let a = &text[a.start..a.end];
            lex.lookup(a).is_some() || is_outlet(a, lex)
        });
        if (2..=4).contains(&nt.split_whitespace().count())
            && is_person_name(nt)
            && lex.lookup(nt).is_none()
            && agency_ok
        {
            let p = Parsed {
                creators: vec![(nt.to_string(), name)],
                kinds: vec![Kind::Person],
                ..Parsed::default()
            };
            let mut u = unit(p, "credit.label", unit_span);
            if let Some(a) = agency {
                let at = &text[a.start..a.end];
                match lex.lookup(at) {
                    Some(i) => u.hits.push((i, a)),
                    None => u.unknown.push((at.to_string(), a)),
                }
            }
            return Some(u);
        }
    }
    if let Some(u) = set_apart_credit(text, ch, s, t, lex) {
        return Some(Unit {
            span: if ch.paren { ch.outer } else { u.span },
            ..u
        });
    }
    if may_start_with(t, &[b"fil", b"arc", b"han"]) && FILE_PHOTO.is_match(t) {
        return Some(Unit {
            weak: true,
            ..unit(Parsed::default(), "credit.file_photo", unit_span)
        });
    }
    // "… in Mogadishu, July 30, 2017.Feisal Omar", "…on June 14.Ali Jadallah—Anadolu/Getty
    // Images": a credit glued to the full stop of the caption's last sentence.
    if text[s.end..].trim().is_empty()
        && let Some((p, span)) = glued_tail(text, s, lex)
    {
        return Some(unit(p, "credit.glued_tail", span));
    }
    // "… in 102 emergency shelters. Harbour Images": a picture agency's name alone as the
    // caption's last sentence, even one the lexicon lacks.
    if !ch.paren
        && is_picture_brand(t)
        && lex.lookup(t).is_none()
        && (text[s.end..].trim().is_empty()
            || text[..ch.inner.start]
                .trim_end_matches([' ', '\t'])
                .ends_with('\n'))
    {
        let p = Parsed {
            unknown: vec![(t.to_string(), s)],
            kinds: vec![Kind::Org],
            ..Parsed::default()
        };
        return Some(unit(p, "credit.agency_only", unit_span));
    }
    // Chains, via, agency alone, NAME for OUTLET.
    if prefilter_on() && !may_be_chain(t, lex) {
        return None;
    }
    let p = parse_body(text, s, lex, false);
    // An organization may open a chain when it is short ("Press service of the State
    // Emergency Service of Ukraine/Handout via REUTERS"), not a whole sentence.
    let short_org = p.first() == Kind::Org
        && t.split(['/', '|', '\\']).next().is_some_and(|f| {
            f.split_whitespace().count() <= 10 && !f.chars().any(|c| c.is_ascii_digit())
        });
    let first_ok = short_org
        || matches!(
            p.first(),
            Kind::Person | Kind::Agency | Kind::Via | Kind::Placeholder
        );
    let n = p.kinds.len();
    // "(The Daily Star/Stringer)": an outlet and a placeholder, in brackets ending the caption.
    let outlet_placeholder = ch.paren
        && text[ch.outer.end..].trim().is_empty()
        && p.kinds == [Kind::Org, Kind::Placeholder]
        && p.unknown.len() == 1
        && {
            let o = p.unknown[0].0.as_str();
            o.starts_with("The ") || is_outlet(o, lex) || has_publication_word(o)
        };
    let accept = first_ok
        && !p.invalid
        && (!p.hits.is_empty()
            || (p.has_for && n == 1)
            || outlet_placeholder
            || (ch.paren && n >= 2 && !p.creators.is_empty() && !p.unknown.is_empty()));
    // "Palestinian Authority (PA)", "Alcoholics Anonymous (AA)": an acronym, not a credit. An
    // agency alone in parentheses must stand apart: after a sentence end, at the end of the
    // caption, or before a dateline dash ("BEIJING (Xinhua) --").
    let acronym_like = ch.paren && n == 1 && p.first() == Kind::Agency && {
        let before = text[..ch.outer.start].trim_end();
        let after = text[ch.outer.end..].trim_start();
        let apart_before =
            before.is_empty() || before.ends_with(['.', '!', '?', ':', '"', '”', ')', ']']);
        let apart_after = after.is_empty() || after.starts_with(['-', '–', '—', '(', '[']);
        !(apart_before || apart_after)
    };
    if accept && !acronym_like {
        let rule = match (n, p.first()) {
            (1, Kind::Agency) => "credit.agency_only",
            (1, Kind::Via) if p.has_for => "credit.for_outlet",
            (1, Kind::Via) => "credit.via",
            (_, Kind::Person) => "credit.name_slash",
            _ => "credit.agency_slash",
        };
        return Some(unit(p, rule, unit_span));
    }
    if ch.paren {
        // "… May 2, 2019. (Jane Doe for VOA)": in brackets ending the caption, as set apart as
        // a credit gets, "NAME for OUTLET" names any outlet.
        return (text[ch.outer.end..].trim().is_empty())
            .then(|| split_for_any(text, s))
            .flatten()
            .map(|(name, outlet)| {
                unit(
                    for_outlet(text, name, outlet),
                    "credit.for_outlet",
                    unit_span,
                )
            });
    }
    let last = text[s.end..].trim().is_empty();
    // The chunk is a line of its own: after a line break, and the line ends with it.
    let own_line = text[..ch.inner.start]
        .trim_end_matches([' ', '\t'])
        .ends_with('\n')
        && text[s.end..]
            .trim_start_matches([' ', '\t', '.'])
            .chars()
            .next()
            .is_none_or(|c| c == '\n' || c == '\r');
    if (last || own_line)
        && !p.invalid
        && let Some(p) = standalone_chain(text, s, &p)
    {
        return Some(unit(p, "credit.standalone", unit_span));
    }
    // "…the state itself. Siegfried Modola/The Globe and Mail": a name and an outlet as the
    // caption's last sentence, even an outlet we do not know ("The …" or "… Times").
    if last
        && first_ok
        && !p.invalid
        && p.kinds == [Kind::Person, Kind::Org]
        && p.creators.len() == 1
        && p.unknown.len() == 1
        && {
            let o = p.unknown[0].0.as_str();
            o.starts_with("The ") || is_outlet(o, lex)
        }
    {
        return Some(unit(p, "credit.name_slash", unit_span));
    }
    // "… at 4.10 pm. / Eric Rechsteiner for Zoom Japan", or such a line alone at the end: set
    // apart as a credit, "NAME for OUTLET" names any outlet.
    let set_apart = text[ch.inner.start..s.start].contains(['/', '|', '—', '–'])
        || (text[..ch.inner.start]
            .trim_end_matches([' ', '\t'])
            .ends_with('\n')
            && text[s.end..].trim().is_empty());
    if set_apart && let Some((name, outlet)) = split_for_any(text, s) {
        return Some(unit(
            for_outlet(text, name, outlet),
            "credit.for_outlet",
            unit_span,
        ));
    }
    tail_credit(text, s, lex).map(|(p, span)| unit(p, "credit.sentence_tail", span))
}

/// "NAME for OUTLET" as a parsed credit, the outlet as written.
fn for_outlet(text: &str, name: Span, outlet: Span) -> Parsed {
    Parsed {
        creators: vec![(text[name.start..name.end].to_string(), name)],
        unknown: vec![(text[outlet.start..outlet.end].to_string(), outlet)],
        kinds: vec![Kind::Via],
        has_for: true,
        ..Parsed::default()
    }
}

/// A credit glued to the end of a sentence: "…, August 25, 2019 REUTERS/Name",
/// "… in Lesbos ANGELOS TZORTZINIS/AFP/Getty Images".
pub(super) fn tail_credit(text: &str, s: Span, lex: &AgencyLexicon) -> Option<(Parsed, Span)> {
    let t = &text[s.start..s.end];
    for (slash, _) in t.match_indices('/') {
        let before = &t[..slash];
        // Word starts before the slash, nearest first.
        // Also after a full stop glued to the next sentence ("territory.APAimages Photo / …").
        let starts: Vec<usize> = before
            .char_indices()
            .filter(|&(i, c)| {
                !c.is_whitespace()
                    && (i == 0
                        || before[..i].ends_with(char::is_whitespace)
                        || (c.is_uppercase() && glued_stop(&before[..i])))
            })
            .map(|(i, _)| i)
            .collect();
        // Agency first: the longest alias ending at the slash.
        for &ws in &starts[starts.len().saturating_sub(4)..] {
            if ws == 0 || lex.lookup(&before[ws..]).is_none() {
                continue;
            }
            let span = Span::new(s.start + ws, s.end);
            let p = parse_body(text, span, lex, false);
            let agencies_only = p.kinds.len() >= 2
                && p.kinds
                    .iter()
                    .all(|k| matches!(k, Kind::Agency | Kind::Via));
            if !p.invalid
                && (!p.creators.is_empty() || p.has_placeholder() || agencies_only)
                && p.first() == Kind::Agency
            {
                return Some((p, span));
            }
        }
        // Name first, in capitals: the run of all-caps words before the slash.
        let after_first = t[slash + 1..].split('/').next().unwrap_or("");
        if lex.lookup(after_first).is_some() {
            let mut run_start = None;
            let mut count = 0;
            for &ws in starts.iter().rev() {
                let w = before[ws..].split_whitespace().next().unwrap_or("");
                let caps = w.chars().any(|c| c.is_alphabetic())
                    && w.chars().all(|c| !c.is_lowercase())
                    && w.chars()
                        .all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '.'));
                if !caps || count == 5 {
                    break;
                }
                run_start = Some(ws);
                count += 1;
            }
            if let Some(ws) = run_start.filter(|_| count >= 2) {
                let span = Span::new(s.start + ws, s.end);
                let p = parse_body(text, span, lex, false);
                if !p.invalid && !p.creators.is_empty() {
                    return Some((p, span));
                }
            }
            // A name glued to the last word ("in GatunduBaz Ratner / Reuters"): a capital right
            // after five lowercase letters or more starts it.
            let bb = before.as_bytes();
            let camel = (5..bb.len()).rev().find(|&i| {
                bb[i].is_ascii_uppercase() && bb[i - 5..i].iter().all(u8::is_ascii_lowercase)
            });
            if let Some(cs) = camel {
                let name = before[cs..].trim();
                let n = name.split_whitespace().count();
                if (2..=4).contains(&n) && is_person_name(name) {
                    let span = Span::new(s.start + cs, s.end);
                    let p = parse_body(text, span, lex, false);
                    if !p.invalid && !p.creators.is_empty() {
                        return Some((p, span));
                    }
                }
            }
        }
    }
    None
}

/// A credit glued to a full stop at the end of `s` ("2017.Feisal Omar", "June
/// 14.Ali Jadallah—Anadolu/Getty Images"): a name alone (two to four words), or a name first
/// and a known agency.
pub(super) fn glued_tail(text: &str, s: Span, lex: &AgencyLexicon) -> Option<(Parsed, Span)> {
    // The glued full stop inside `s`, or right before it (the sentence splitter may have
    // cut there already).
    let mut from = s.start.saturating_sub(2);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    let t = &text[from..s.end];
    let b = t.as_bytes();
    let dot = (1..b.len().saturating_sub(1)).rev().find(|&i| {
        b[i] == b'.' && b[i - 1].is_ascii_alphanumeric() && b[i + 1].is_ascii_uppercase()
    })?;
    let tail = &t[dot + 1..];
    if tail.contains(". ") {
        return None;
    }
    let span = Span::new(from + dot + 1, s.end);
    let p = parse_body(text, span, lex, false);
    let words = tail.split_whitespace().count();
    let ok = !p.invalid
        && p.first() == Kind::Person
        && !p.creators.is_empty()
        && (!p.hits.is_empty() || (p.kinds.len() == 1 && (2..=4).contains(&words)));
    ok.then_some((p, span))
}

/// The line right above `s` when `s` starts its line and that line is a person's name alone
/// (two words or more). A line holding only a slash or a bar between them is a separator some
/// pages print between the credit's parts ("…\n/\nJane Doe\n/\nAFP").
pub(super) fn name_line_above(text: &str, s: Span) -> Option<Span> {
    let before = &text[..s.start];
    let mut nl = before.rfind('\n')?;
    if !before[nl + 1..].trim().is_empty() {
        return None;
    }
    let mut ls = before[..nl].rfind('\n').map_or(0, |i| i + 1);
    if matches!(text[ls..nl].trim(), "/" | "|") && ls > 0 {
        nl = ls - 1;
        ls = before[..nl].rfind('\n').map_or(0, |i| i + 1);
    }
    let line = trim_span(text, Span::new(ls, nl));
    let lt = &text[line.start..line.end];
    (lt.split_whitespace().count() >= 2 && is_person_name(lt)).then_some(line)
}

/// `s` ends with a full stop right after a lowercase word ("…territory."): a sentence end with
/// the next sentence glued to it.
pub(super) fn glued_stop(s: &str) -> bool {
    let mut it = s.chars().rev();
    it.next() == Some('.')
        && it.next().is_some_and(char::is_lowercase)
        && it.next().is_some_and(char::is_lowercase)
}

/// A credit that stands alone at the end of the caption or on a line of its own, with no agency
/// the lexicon knows: "…on Tuesday.\nJohn Smith / Agency Name", "… Monday. NAME/NEWSPIX", an
/// institution's photo block "MONUSCO/Jane Doe", "Ministry of Defence/Handout". Only there: in
/// the middle of a caption such a pair is as likely prose ("Syria/Turkey border").
fn standalone_chain(text: &str, s: Span, p: &Parsed) -> Option<Parsed> {
    let t = &text[s.start..s.end];
    let segs: Vec<&str> = t.split('/').map(str::trim).collect();
    if !(2..=4).contains(&segs.len()) || segs.iter().any(|x| x.is_empty()) {
        return None;
    }
    let words = |x: &str| x.split_whitespace().count();
    // A single capitalized word of 2–8 letters, every letter a capital: an institution's
    // acronym ("MONUSCO", "ISPR"), not a one-word name.
    let acronym = |x: &str| {
        let n = x.chars().filter(|c| c.is_alphabetic()).count();
        words(x) == 1
            && (2..=8).contains(&n)
            && x.chars()
                .all(|c| c.is_uppercase() || c == '-' || c.is_ascii_digit())
    };
    // Name first, then an agency as written: "John Smith / Agency Name", "JOHN SMITH/NEWSPIX".
    if p.kinds.len() == 2
        && p.kinds[0] == Kind::Person
        && matches!(p.kinds[1], Kind::Person | Kind::Org)
        && p.creators.len() == 1
        && p.unknown.len() == 1
        && words(&p.creators[0].0) >= 2
        && words(&p.unknown[0].0) <= 5
        && looks_capitalized(&p.unknown[0].0)
    {
        return Some(p.clone());
    }
    // The institution first, then a person or a placeholder: "MONUSCO/Jane Doe",
    // "Ministry of Defence/Handout", "Turkish Presidency/Name/Handout".
    let first = segs[0];
    let org_first = match p.kinds.first() {
        Some(Kind::Org) => words(first) <= 8 && !first.chars().any(|c| c.is_ascii_digit()),
        Some(Kind::Person) => acronym(first),
        _ => false,
    };
    let rest = p.kinds.get(1..).unwrap_or_default();
    let rest_ok = rest
        .iter()
        .all(|k| matches!(k, Kind::Person | Kind::Placeholder | Kind::Empty))
        && rest.iter().any(|k| *k != Kind::Empty);
    if org_first && rest_ok {
        let mut p = p.clone();
        let org = Span::new(s.start, s.start + t.find('/')?);
        let org = trim_span(text, org);
        let name = text[org.start..org.end].to_string();
        p.creators.retain(|(_, sp)| sp.start >= org.end);
        p.unknown = vec![(name, org)];
        // "MONUSCO/Jane Doe": the second part is the photographer.
        if p.creators.is_empty()
            && rest.first() == Some(&Kind::Person)
            && let Some(sp) = segs.get(1)
        {
            let at = s.start + t.find('/')? + 1;
            let sp_span = trim_span(
                text,
                Span::new(
                    at,
                    at + t[at - s.start..]
                        .find('/')
                        .unwrap_or(t.len() - (at - s.start)),
                ),
            );
            if words(sp) >= 2 && is_person_name(&text[sp_span.start..sp_span.end]) {
                p.creators
                    .push((text[sp_span.start..sp_span.end].to_string(), sp_span));
            }
        }
        return Some(p);
    }
    None
}

/// A known agency glued to the caption's last word by a dash ("….—Reuters", "today-Reuters");
/// not after a capitalized word, a photographer's name ("…2014.Jane Doe—Reuters").
static GLUED_DASH_AGENCY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:[.!?]\s*[—–]|(?:^|\s)\p{Ll}+[—–-])\s*(?P<ag>\p{Lu}[\p{L}]{1,15})$")
        .expect("glued dash agency regex")
});
/// A name in capitals, a dash and an agency, glued to the last word or after a sentence end
/// ("…por la huelgaJANE DOE - EUROPA PRESS": page text that lost the line break).
static CAPS_NAME_DASH_AGENCY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:\p{Ll}|[.!?][ \t]*)(?P<name>\p{Lu}{2,}(?:[ \t]+\p{Lu}[\p{Lu}'-]+){1,3})[ \t]+[-–—][ \t]+(?P<ag>\p{Lu}[\p{L}]+(?:[ \t]\p{L}+){0,2})$",
    )
    .expect("caps name dash agency regex")
});
/// The photographer, a dash and a known agency, as the caption's last sentence: "… in Kyiv.
/// Jane Doe—Getty Images", "Jane Doe - Getty Images" (Time's and others' house style); the
/// photographer's role may stand before the agency ("Jane Doe - stringer, ASSOCIATED PRESS").
static NAME_DASH_AGENCY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?P<name>\p{Lu}[\p{L}'-]+(?:[ \t]+\p{Lu}[\p{L}'-]+){1,3})(?:[ \t]+[-–—][ \t]+|—)(?:(?i:stringer|staff|freelance|freelancer|contributor|correspondent|pool|special[ \t]+to|staff[ \t]+photographer),?[ \t]+)?(?P<ag>\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}[\p{L}]+){0,2})$",
    )
    .expect("name dash agency regex")
});
/// The photographer, a known agency and its picture word, as the caption's last sentence: "…
/// in Mogadishu. Jane Doe AP Photo" (the house style of McClatchy's papers).
static NAME_AGENCY_PHOTO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?P<name>\p{Lu}[\p{L}'-]+(?:[ \t]+\p{Lu}[\p{L}'-]+){1,3})[ \t]+(?P<ag>\p{Lu}[\p{L}]+)[ \t]+(?:Photo|PHOTO|photo|Foto|FOTO)$",
    )
    .expect("name agency photo regex")
});
/// A known agency after a dash ending the caption's last sentence: "… march in Paris - AFP".
static DASH_AGENCY_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\p{L}[.,]?[ \t]+[-–—][ \t]+(?P<ag>\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}[\p{L}]+){0,2})\.?$")
        .expect("dash agency end regex")
});
/// A whole chunk of a name in capitals and one agency word ("JANE DOE AFP").
static CAPS_NAME_AGENCY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<name>\p{Lu}[\p{Lu}'-]+(?:\s+\p{Lu}[\p{Lu}'-]+){1,3})\s+(?P<ag>\p{Lu}{2,8})$")
        .expect("caps name agency regex")
});

/// A known agency's acronym, then a name in capitals: "ANP REMKO DE WAAL".
static AGENCY_CAPS_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<ag>\p{Lu}{2,8})\s+(?P<name>\p{Lu}[\p{Lu}'-]+(?:\s+\p{Lu}[\p{Lu}'-]+){1,3})$")
        .expect("agency caps name regex")
});

/// A known agency, a dash and the photographer, as the caption's last sentence: "… Ben Ali.
/// REUTERS - JANE DOE", "AFP - Jane Doe" (the house style of French broadcasters' sites).
static AGENCY_DASH_NAME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?P<ag>\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}[\p{L}]+){0,2})[ \t]+[-–—][ \t]+(?P<name>\p{Lu}[\p{L}'-]+(?:[ \t]+\p{Lu}[\p{L}'-]+){1,3})$",
    )
    .expect("agency dash name regex")
});

/// An agency or outlet and a picture word, alone: "Bernama pic", "Hindustan Times Photo",
/// "FOTO JBPM", "Express Photo by Jane Doe".
static PICTURE_WORD_CREDIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:(?P<ag>\p{Lu}[\p{L}.&'-]*(?:\s+\p{Lu}[\p{L}.&'-]*){0,3})\s+(?:pic|pics|Pic|Pics|PIC|PICS|Photos?|PHOTOS?|photos?|Foto|FOTO)(?:\s+by\s+(?P<name>[^,;()/]{3,60})(?:\s*/\s*(?:Released|RELEASED))?)?|(?:FOTO|Foto|PHOTO|Photo)\s+(?P<ag2>\p{Lu}{2,8}|\p{Lu}\p{Ll}{2,12}))$",
    )
    .expect("picture word credit regex")
});

/// A military rank before a photographer's name, as armed forces' photo services write it
/// ("U.S. Navy photo by Mass Communication Specialist 2nd Class Jane Doe", "Staff Sgt. Jane
/// Doe"); it is no part of the name.
static RANK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:(?:(?i:PFC|SPC|SGT|SSG|SFC|CPL|PV[T12]|LCpl|TSgt|SSgt|MSgt|SrA|A1C|MC[123]|MCSN)\.?|Seaman\s+Apprentice|Staff\s+Sergeant|Master\s+Sergeant|Technical\s+Sergeant|Senior\s+Master\s+Sgt\.?|Chief\s+Master\s+Sgt\.?|Lance\s+Corporal|Mass\s+Communication\s+Specialist|Chief\s+Petty\s+Officer|Petty\s+Officer|Senior\s+Airman|Airman|Staff\s+Sgt\.?|Tech\.?\s+Sgt\.?|Master\s+Sgt\.?|Sgt\.?\s+Maj\.?|Sgt\.?|Spc\.?|Lance\s+Cpl\.?|Cpl\.?|Pfc\.?|Pvt\.?|Capt\.?|(?:1st|2nd)\s+Lt\.?|Lt\.?\s+Col\.?|Lt\.?|Maj\.?|Col\.?|Cmdr\.?|Lt\.?\s+Cmdr\.?|Ensign|Seaman|Sergeant|Corporal|Private|Specialist|Captain|Lieutenant|Major|Colonel|Commander|Warrant\s+Officer)(?:\s+(?:1st|2nd|3rd|First|Second|Third)(?:\s+Class)?)?\s+)+",
    )
    .expect("rank regex")
});

/// `CAPS_NAME_AGENCY` right after a year that ends the caption's text.
static DATE_CAPS_NAME_AGENCY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:19|20)\d\d[ \t]+(?P<name>\p{Lu}[\p{Lu}'-]+(?:[ \t]+\p{Lu}[\p{Lu}'-]+){1,3})[ \t]+(?P<ag>\p{Lu}{2,8})$",
    )
    .expect("date caps name agency regex")
});

/// A credit unit of the photographers and the agency named: a known agency as a hit, another
/// name as written.
fn credit_unit(
    lex: &AgencyLexicon,
    creators: Vec<(String, Span)>,
    agency: Option<(String, Span)>,
    span: Span,
    rule: &'static str,
) -> Unit {
    let (hits, unknown) = match agency {
        Some((a, sp)) => match lex.lookup(&a) {
            Some(i) => (vec![(i, sp)], Vec::new()),
            None => (Vec::new(), vec![(a, sp)]),
        },
        None => (Vec::new(), Vec::new()),
    };
    Unit {
        span,
        creators,
        hits,
        unknown,
        rule,
        weak: false,
    }
}

/// Credit shapes set apart at the end of a caption (or on a line of their own) that name no
/// known chain: "(ABC News: Jane Doe)", "…, Nov. 27, 2019 AP", "… in Pohang | YTN",
/// "…2019./VCG Photo", and a photographer's name alone on the last line after a line break
/// ("…Territories.\n\nJane Doe").
fn set_apart_credit(text: &str, ch: &Chunk, s: Span, t: &str, lex: &AgencyLexicon) -> Option<Unit> {
    let at_end = text[ch.outer.end..].trim().is_empty();
    let mk = |creators: Vec<(String, Span)>, agency: Option<(String, Span)>, span: Span, rule| {
        Some(credit_unit(lex, creators, agency, span, rule))
    };
    // An agency or outlet standing alone as the credit, its name the whole span.
    let agency_alone = |name: &str, span: Span| {
        mk(
            Vec::new(),
            Some((name.to_string(), span)),
            span,
            "credit.agency_only",
        )
    };
    // "(ABC News: Jane Doe)": an outlet, a colon and the photographer, in brackets.
    // "… early Wednesday. AP Photo: Jane Doe": the same at the end, with a known agency.
    if (ch.paren || at_end)
        && let Some(colon) = t.find(':')
    {
        let mut outlet = trim_span(text, Span::new(s.start, s.start + colon));
        // "(Foto Prensa Libre: Jane Doe)": the picture word before the outlet's name.
        if let Some(rest) = ["Foto ", "Fotos ", "Photo ", "FOTO ", "PHOTO "]
            .iter()
            .find_map(|w| text[outlet.start..outlet.end].strip_prefix(w))
            .filter(|rest| !rest.trim().is_empty())
        {
            outlet = trim_span(text, Span::new(outlet.end - rest.len(), outlet.end));
        }
        let name = trim_span(text, Span::new(s.start + colon + 1, s.end));
        let (ot, nt) = (&text[outlet.start..outlet.end], &text[name.start..name.end]);
        let known = lex.lookup(ot).is_some();
        let publication = has_publication_word(ot) && is_outlet_alone(ot, lex);
        if (known || ch.paren && (is_outlet(ot, lex) || publication || is_picture_brand(ot)))
            && nt.split_whitespace().count() >= 2
            && is_person_name(nt)
        {
            return mk(
                vec![(nt.to_string(), name)],
                Some((ot.to_string(), outlet)),
                s,
                "credit.outlet_colon",
            );
        }
    }
    // "(By Jane Doe -- Associated Press)": a byline, a double hyphen or a dash, and a known
    // agency, in brackets at the end.
    if ch.paren
        && at_end
        && let Some(rest) = t.strip_prefix("By ").or_else(|| t.strip_prefix("by "))
        && let Some((name_t, agency_t)) = [" -- ", " — ", " – "]
            .iter()
            .find_map(|sep| rest.split_once(sep))
    {
        let off = s.end - rest.len();
        let name = trim_span(text, Span::new(off, off + name_t.len()));
        let agency = trim_span(text, Span::new(s.end - agency_t.len(), s.end));
        let nt = &text[name.start..name.end];
        let at = &text[agency.start..agency.end];
        if lex.lookup(at).is_some() && is_person_name(nt) && nt.split_whitespace().count() >= 2 {
            return mk(
                vec![(nt.to_string(), name)],
                Some((at.to_string(), agency)),
                s,
                "credit.photo_by",
            );
        }
    }
    // "(AFP – Jane Doe)", "(Jane Doe – AFP)": a known agency and the photographer on either
    // side of a dash, in brackets at the end.
    if ch.paren
        && at_end
        && let Some(c) = [&*AGENCY_DASH_NAME, &*NAME_DASH_AGENCY]
            .iter()
            .filter_map(|re| re.captures(t))
            .find(|c| {
                c.name("ag")
                    .is_some_and(|ag| lex.lookup(ag.as_str()).is_some())
            })
        && let (Some(name), Some(ag)) = (c.name("name"), c.name("ag"))
        && lex.lookup(name.as_str()).is_none()
        && is_person_name(name.as_str())
    {
        let nsp = Span::new(s.start + name.start(), s.start + name.end());
        let asp = Span::new(s.start + ag.start(), s.start + ag.end());
        return mk(
            vec![(name.as_str().to_string(), nsp)],
            Some((ag.as_str().to_string(), asp)),
            s,
            "credit.caps_name",
        );
    }
    // "― Bernama pic", "(Hindustan Times Photo)", "FOTO JBPM", "(Express Photo by Jane Doe)":
    // an agency or outlet with the picture word, ending the caption.
    if at_end
        && let Some(c) = PICTURE_WORD_CREDIT.captures(t)
        && let Some(ag) = c.name("ag").or_else(|| c.name("ag2"))
    {
        let at = ag.as_str();
        let known = lex.lookup(at).is_some();
        // ("PHOTO SUPPLIED" names nobody.)
        let acronym = is_caps_word(at) && at.chars().count() <= 8 && !is_placeholder(at);
        // ("… photo by Staff Sgt. Jane Doe": the name after the rank.)
        let name = c
            .name("name")
            .map(|n| {
                let skip = RANK.find(n.as_str()).map_or(0, |r| r.end());
                (n.start() + skip, &n.as_str()[skip..])
            })
            .filter(|(_, n)| is_person_name(n));
        if (known || acronym || is_outlet(at, lex) || (name.is_some() && looks_capitalized(at)))
            && (c.name("name").is_none() || name.is_some())
            && (known || acronym || !is_person_name(at) || name.is_some())
        {
            let asp = Span::new(s.start + ag.start(), s.start + ag.end());
            let creators = name
                .map(|(at, n)| {
                    let nsp = Span::new(s.start + at, s.start + at + n.len());
                    vec![(n.to_string(), nsp)]
                })
                .unwrap_or_default();
            let rule = if creators.is_empty() {
                "credit.agency_only"
            } else {
                "credit.photo_by"
            };
            return mk(creators, Some((at.to_string(), asp)), s, rule);
        }
    }
    // "… des centaines de sans-abris. (Jane Doe)": a name alone in brackets after the last
    // sentence ends the caption: the photographer, in house styles that name no agency.
    if ch.paren
        && at_end
        && text[..ch.outer.start]
            .trim_end()
            .ends_with(['.', '!', '?', '"', '”'])
        && (2..=4).contains(&t.split_whitespace().count())
        && is_person_name(t)
        && !is_picture_brand(t)
        && lex.lookup(t).is_none()
    {
        return mk(vec![(t.to_string(), s)], None, s, "credit.name_paren");
    }
    // "… in Nairobi CBD. [Jane Doe, Standard]": a name and its outlet, the same way.
    if ch.paren
        && at_end
        && text[..ch.outer.start]
            .trim_end()
            .ends_with(['.', '!', '?', '"', '”'])
        && let Some((nt, ot)) = t.split_once(',')
        && name_then_outlet(nt, ot)
        && (2..=4).contains(&nt.split_whitespace().count())
    {
        let name = trim_span(text, Span::new(s.start, s.start + nt.len()));
        let outlet = trim_span(text, Span::new(s.start + nt.len() + 1, s.end));
        return mk(
            vec![(nt.trim().to_string(), name)],
            Some((text[outlet.start..outlet.end].to_string(), outlet)),
            s,
            "credit.name_paren",
        );
    }
    if ch.paren || !at_end {
        return None;
    }
    // "… in Durres, Wednesday, Nov. 27, 2019 AP": a known agency right after the date that
    // ends the caption, with no full stop between.
    if let Some((ws, wc)) = t.char_indices().rev().find(|(_, c)| c.is_whitespace()) {
        let tail = &t[ws + wc.len_utf8()..];
        let before = t[..ws].trim_end();
        // ("… an anti-government protest in Caracas Reuters": a wire's full name, not an
        // acronym a name could end in, after the last word with no mark between.)
        let wire_name = matches!(tail, "Reuters" | "REUTERS" | "Xinhua" | "XINHUA")
            && !t.contains(['/', '|', '\\'])
            && before.ends_with(char::is_alphabetic)
            && !before
                .rsplit(char::is_whitespace)
                .next()
                .is_some_and(|w| matches!(w, "via" | "VIA" | "by" | "for" | "and" | "&"));
        if !tail.is_empty()
            && (wire_name
                || tail.chars().all(|c| c.is_ascii_uppercase())
                    && before.ends_with(|c: char| c.is_ascii_digit()))
            && lex.lookup(tail).is_some()
        {
            let sp = Span::new(s.start + ws + wc.len_utf8(), s.end);
            return agency_alone(tail, sp);
        }
    }
    // "…on Monday.—Reuters", "…in Jaffna today-Reuters": a known agency glued to the last word
    // by a dash.
    if let Some(c) = GLUED_DASH_AGENCY.captures(t)
        && let Some(ag) = c.name("ag")
        && lex.lookup(ag.as_str()).is_some()
    {
        let sp = Span::new(s.start + ag.start(), s.start + ag.end());
        return agency_alone(ag.as_str(), sp);
    }
    // "…on February 13, 2022. JANE DOE AFP": a name in capitals and a known agency with no mark
    // between them, as the caption's last sentence; or right after the date that ends the
    // caption ("…, February 13, 2022 JANE DOE AFP").
    // The chunk is the whole of the caption's last sentence.
    let last_sentence = text[ch.inner.start..s.start].trim().is_empty()
        && text[..s.start]
            .trim_end()
            .ends_with(['.', '!', '?', '"', '”']);
    let caps_name = CAPS_NAME_AGENCY
        .captures(t)
        .filter(|c| {
            c.name("ag")
                .is_some_and(|a| lex.lookup(a.as_str()).is_some())
        })
        .filter(|_| last_sentence)
        .or_else(|| {
            DATE_CAPS_NAME_AGENCY.captures(t).filter(|c| {
                c.name("name")
                    .is_some_and(|n| lex.lookup(n.as_str()).is_none())
            })
        });
    // "… in Den Haag. ANP REMKO DE WAAL": the agency first, then the name in capitals.
    let caps_name = caps_name.or_else(|| {
        AGENCY_CAPS_NAME.captures(t).filter(|c| {
            last_sentence
                && c.name("name")
                    .is_some_and(|n| lex.lookup(n.as_str()).is_none())
        })
    });
    // "… régime Ben Ali. REUTERS - JANE DOE": the agency first, a dash, then the name.
    let caps_name = caps_name.or_else(|| {
        AGENCY_DASH_NAME.captures(t).filter(|c| {
            last_sentence
                && c.name("name")
                    .is_some_and(|n| lex.lookup(n.as_str()).is_none() && is_person_name(n.as_str()))
        })
    });
    // "… in Kyiv. Jane Doe—Getty Images": the name first, a dash, then the agency.
    let caps_name = caps_name.or_else(|| {
        NAME_DASH_AGENCY.captures(t).filter(|c| {
            last_sentence
                && c.name("name")
                    .is_some_and(|n| lex.lookup(n.as_str()).is_none() && is_person_name(n.as_str()))
        })
    });
    // "… Saturday, Oct. 14, 2017. Jane Doe AP Photo": the name, the agency and its picture word.
    let caps_name = caps_name.or_else(|| {
        NAME_AGENCY_PHOTO.captures(t).filter(|c| {
            last_sentence
                && c.name("name")
                    .is_some_and(|n| lex.lookup(n.as_str()).is_none() && is_person_name(n.as_str()))
        })
    });
    let caps_name = caps_name.or_else(|| {
        CAPS_NAME_DASH_AGENCY.captures(t).filter(|c| {
            c.name("name")
                .is_some_and(|n| lex.lookup(n.as_str()).is_none())
        })
    });
    if let Some(c) = caps_name
        && let (Some(name), Some(ag)) = (c.name("name"), c.name("ag"))
        && lex.lookup(ag.as_str()).is_some()
    {
        let nsp = Span::new(s.start + name.start(), s.start + name.end());
        let asp = Span::new(s.start + ag.start(), s.start + ag.end());
        return mk(
            vec![(name.as_str().to_string(), nsp)],
            Some((ag.as_str().to_string(), asp)),
            Span::new(nsp.start.min(asp.start), nsp.end.max(asp.end)),
            "credit.caps_name",
        );
    }
    // "… march in Paris - AFP": a known agency after a dash at the end.
    if text[s.end..]
        .trim_matches(|c: char| c.is_whitespace() || c == '.')
        .is_empty()
        && (t.contains(" - ") || t.contains(" – ") || t.contains(" — "))
        && let Some(ag) = DASH_AGENCY_END.captures(t).and_then(|c| c.name("ag"))
        && lex.lookup(ag.as_str()).is_some()
    {
        let asp = Span::new(s.start + ag.start(), s.start + ag.end());
        return agency_alone(ag.as_str(), asp);
    }
    // "… in Pohang | YTN": a short credit after a single bar at the end.
    if let Some(bar) = t
        .rfind(" | ")
        .filter(|_| t.matches('|').count() == 1 && !t.contains('/'))
    {
        let part = trim_span(text, Span::new(s.start + bar + 3, s.end));
        let pt = &text[part.start..part.end];
        if !pt.is_empty() && pt.len() <= 40 && pt.split_whitespace().count() <= 4 && !is_prose(pt) {
            let known = lex.lookup(pt).is_some();
            let acronym = is_caps_word(pt) && pt.chars().count() <= 8;
            if known || acronym || is_picture_brand(pt) || is_outlet(pt, lex) {
                return agency_alone(pt, part);
            }
            let p = parse_body(text, part, lex, true);
            if !p.invalid && !p.creators.is_empty() {
                return Some(Unit {
                    span: part,
                    creators: p.creators,
                    hits: p.hits,
                    unknown: p.unknown,
                    rule: "credit.label",
                    weak: false,
                });
            }
        }
    }
    // "…November 28, 2019./VCG Photo": a credit glued to the full stop after a slash.
    if let Some(i) = t.rfind("./") {
        let part = trim_span(text, Span::new(s.start + i + 2, s.end));
        let pt = &text[part.start..part.end];
        let name = pt
            .strip_suffix(" Photo")
            .or_else(|| pt.strip_suffix(" PHOTO"))
            .unwrap_or(pt);
        if i > 0
            && (!pt.contains(char::is_lowercase) || is_picture_brand(pt))
            && (lex.lookup(pt).is_some() || is_picture_brand(pt) || is_caps_word(name))
            && pt.split_whitespace().count() <= 4
        {
            let sp = Span::new(part.start, part.start + name.len());
            return mk(
                Vec::new(),
                Some((name.to_string(), sp)),
                part,
                "credit.glued_tail",
            );
        }
    }
    // "…Territories.\n\nJane Doe": a name alone on the caption's last line, after a line break.
    let own_line = text[..ch.inner.start]
        .trim_end_matches([' ', '\t'])
        .ends_with('\n');
    let after_sentence = text[..ch.inner.start]
        .trim_end()
        .ends_with(['.', '!', '?', '"', '”', ')']);
    let lone_name = |t: &str| {
        (2..=4).contains(&t.split_whitespace().count())
            && is_person_name(t)
            && !is_picture_brand(t)
            && lex.lookup(t).is_none()
    };
    if own_line && after_sentence && lone_name(t) {
        return mk(vec![(t.to_string(), s)], None, s, "credit.name_line");
    }
    // "…on Wednesday morning.\nGulf News": an outlet alone on that line is the agency as
    // written.
    if own_line
        && after_sentence
        && (2..=4).contains(&t.split_whitespace().count())
        && !t.contains([',', '/', '|', '\\'])
        && is_outlet(t, lex)
        && !is_prose(t)
    {
        return agency_alone(t, s);
    }
    // "…à Bamako.\n\nJane Doe, John Roe": two or three photographers on that line.
    if own_line && after_sentence && t.contains(',') {
        let mut names = Vec::new();
        let mut at = s.start;
        for part in t.split(',') {
            let sp = trim_span(text, Span::new(at, at + part.len()));
            at += part.len() + 1;
            let pt = &text[sp.start..sp.end];
            if !lone_name(pt) {
                return None;
            }
            names.push((pt.to_string(), sp));
        }
        if (2..=3).contains(&names.len()) {
            return mk(names, None, s, "credit.name_line");
        }
    }
    None
}
