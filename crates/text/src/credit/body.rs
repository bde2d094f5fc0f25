//! One credit's body: the parts between slashes, `|`, `\\`, `©` and em dashes, each read as a
//! person, an agency, `X via Y`, `NAME for OUTLET`, a placeholder or an organization. What a part
//! is depends on its neighbours ("Name/BenarNews": a name after a name is an agency), so the
//! parts are read in order, left to right, in one place.

use super::*;

pub(super) static FILE_SUFFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\s*(?:,|\s-|\s–)\s*(?:file(?:\s+photo)?|pool(?:\s+photo)?|handout|via\s+pool)\s*$",
    )
    .expect("file suffix regex")
});

/// "Pool photo by ", "Photo by ": a credit part that begins by saying who took the picture.
static BY_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?i:(?:pool\s+)?(?:photo(?:graph)?|picture|image)\s+by\s+)").unwrap()
});

/// A licence written in the credit ("CC BY-SA 2.0", "CC BY-NC-ND", "Public domain"): it says
/// how the picture may be reused, not who made or sent it, so it is neither creator nor agency.
static LICENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:cc(?:[ -]?(?:by|0|zero|sa|nc|nd|pdm)(?:[ -](?:by|sa|nc|nd))*)?(?:\s+\d\.\d)?(?:\s+\p{L}{2,3})?|creative\s+commons(?:\s+.*)?|public\s+domain|gfdl)$",
    )
    .expect("licence regex")
});

/// Trims whitespace from a span of `text`.
pub(super) fn trim_span(text: &str, s: Span) -> Span {
    let t = &text[s.start..s.end];
    let start = s.start + (t.len() - t.trim_start().len());
    let end = s.end - (t.len() - t.trim_end().len());
    if start >= end {
        Span::new(s.start, s.start)
    } else {
        Span::new(start, end)
    }
}

/// Trims whitespace and the given characters from both ends.
pub(super) fn trim_span_chars(text: &str, s: Span, lead: &[char], trail: &[char]) -> Span {
    let t = &text[s.start..s.end];
    let a = t.trim_start_matches(|c: char| c.is_whitespace() || lead.contains(&c));
    let start = s.end - a.len();
    let b = a.trim_end_matches(|c: char| c.is_whitespace() || trail.contains(&c));
    Span::new(start, start + b.len())
}

/// "CHRISTOF STACHECHRISTOF STACHE" -> the first half.
pub(super) fn dedouble(text: &str, s: Span) -> Span {
    let t = &text[s.start..s.end];
    let n = t.len();
    for half in [n / 2, (n.saturating_sub(1)) / 2] {
        if half < 3 || !t.is_char_boundary(half) {
            continue;
        }
        let (a, b) = t.split_at(half);
        // Glued halves only: "Khaled Khaled" is a name.
        if a.ends_with(char::is_whitespace) || b.starts_with(char::is_whitespace) {
            continue;
        }
        let (a, b) = (a.trim(), b.trim());
        let same = if a.is_ascii() && b.is_ascii() {
            a.eq_ignore_ascii_case(b)
        } else {
            a.to_lowercase() == b.to_lowercase()
        };
        if same {
            return trim_span(text, Span::new(s.start, s.start + half));
        }
    }
    s
}

/// Splits "A and B", "A, B & C" into person names; `None` unless every part is a name.
pub(super) fn split_persons(text: &str, s: Span) -> Option<Vec<(String, Span)>> {
    let t = &text[s.start..s.end];
    // Every character is in a name or in a separator.
    if prefilter_on()
        && t.chars().any(|c| {
            !(c.is_alphabetic()
                || c.is_whitespace()
                || matches!(c, '-' | '\'' | '’' | '.' | ',' | ';' | '&')
                || (!c.is_ascii() && is_mark(c)))
        })
    {
        return None;
    }
    if is_person_name(t) {
        return Some(vec![(t.to_string(), s)]);
    }
    static SEP: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\s+(?:and|&)\s+|\s*[,;]\s*(?:and\s+)?").expect("person separator regex")
    });
    let mut parts = Vec::new();
    let mut last = 0;
    for m in SEP.find_iter(t) {
        parts.push(Span::new(s.start + last, s.start + m.start()));
        last = m.end();
    }
    if parts.is_empty() {
        return None;
    }
    parts.push(Span::new(s.start + last, s.end));
    let mut out = Vec::new();
    for p in parts {
        let p = trim_span(text, p);
        let pt = &text[p.start..p.end];
        if !is_person_name(pt) {
            return None;
        }
        out.push((pt.to_string(), p));
    }
    Some(out)
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Person,
    Agency,
    Via,
    Placeholder,
    Org,
    Unknown,
    Empty,
}

#[derive(Debug, Default, Clone)]
pub(super) struct Parsed {
    pub(super) creators: Vec<(String, Span)>,
    pub(super) hits: Vec<(usize, Span)>,
    pub(super) unknown: Vec<(String, Span)>,
    pub(super) kinds: Vec<Kind>,
    /// Unexplained text in a position where only names and agencies belong.
    pub(super) invalid: bool,
    pub(super) has_for: bool,
    /// Start of the first segment that is a prose sentence.
    pub(super) prose_at: Option<usize>,
}

impl Parsed {
    pub(super) fn first(&self) -> Kind {
        self.kinds
            .iter()
            .copied()
            .find(|k| *k != Kind::Empty)
            .unwrap_or(Kind::Empty)
    }
    pub(super) fn found_anything(&self) -> bool {
        !self.creators.is_empty() || !self.hits.is_empty() || !self.unknown.is_empty()
    }
    pub(super) fn has_placeholder(&self) -> bool {
        self.kinds.contains(&Kind::Placeholder)
    }
}

/// Parses a credit body ("Name/AFP/Getty Images", "Action Images via Reuters/Name").
/// `labelled`: the body follows a credit label, so a lone organization is the agency as written.
pub(super) fn parse_body(text: &str, body: Span, lex: &AgencyLexicon, labelled: bool) -> Parsed {
    let mut p = Parsed::default();
    let t = &text[body.start..body.end];
    let mut segs = Vec::new();
    let mut last = 0;
    for (i, c) in t.char_indices() {
        // "Foto: Name/dpa © DPA Images | Name": a copyright sign inside starts a new part
        // (with its year: "© 2023").
        // "Ali Jadallah—Anadolu/Getty Images": an em dash between a letter and a capital, with
        // no spaces, separates too (Time's credit style).
        let dash = c == '—'
            && t[..i].chars().next_back().is_some_and(char::is_alphabetic)
            && t[i + c.len_utf8()..]
                .chars()
                .next()
                .is_some_and(char::is_uppercase);
        // "(Tim Wimborne : Reuters)": a colon with a blank on each side separates as well.
        // A credit label before it ("© Copyright : DR", "Crédit photo : X") is no part of its
        // own: the colon ends the label, as `PREFIX` reads it.
        let spaced_colon = c == ':'
            && t[..i].ends_with(char::is_whitespace)
            && t[i + 1..].starts_with(char::is_whitespace)
            && {
                let head = t[..i].trim_end();
                let last_word = head.split_whitespace().next_back().map_or(0, str::len);
                !PREFIX.is_match(&t[head.len() - last_word..])
            };
        // "Foto: Colprensa - Jane Doe": after a label a spaced hyphen or en dash separates two
        // parts too, where nothing else does and no number follows (a phone number, a code).
        let spaced_dash = labelled
            && matches!(c, '-' | '–')
            && t[..i].ends_with(' ')
            && t[i + c.len_utf8()..].starts_with(' ')
            && !t.contains(['/', '|', '\\'])
            && !t[i..].chars().any(|ch| ch.is_ascii_digit());
        if c == '/'
            || c == '|'
            || c == '\\'
            || dash
            || spaced_colon
            || spaced_dash
            || (c == '©' && !t[..i].trim().is_empty())
        {
            segs.push(Span::new(body.start + last, body.start + i));
            last = i + c.len_utf8();
            if c == '©' {
                let rest = &t[last..];
                let r = rest.trim_start();
                if r.len() > 4
                    && r.as_bytes()[..4].iter().all(u8::is_ascii_digit)
                    && r[4..].starts_with(char::is_whitespace)
                {
                    last += rest.len() - r.len() + 4;
                }
            }
        }
    }
    segs.push(Span::new(body.start + last, body.end));
    // "Karam Al-Masri, AFP/Getty Images": a comma before a known agency separates too; so does
    // one between a name and an outlet ("Jane Doe, The Armenian Weekly") or the acronym of the
    // agency that passed the picture on ("Jane Doe,CHA").
    let segs: Vec<Span> = segs
        .into_iter()
        .flat_map(|seg| {
            let st = &text[seg.start..seg.end];
            match st.rfind(',') {
                Some(ci) if !st[..ci].trim().is_empty() => {
                    // "Jane Doe, Eagle News Service contributor": the role is no part of the
                    // outlet's name.
                    let after = without_role_tail(&st[ci + 1..]);
                    if lex.lookup(after).is_some() || name_then_outlet(&st[..ci], after) {
                        let end = seg.start + ci + 1 + after.len();
                        vec![
                            Span::new(seg.start, seg.start + ci),
                            Span::new(seg.start + ci + 1, end),
                        ]
                    } else {
                        vec![seg]
                    }
                }
                _ => vec![seg],
            }
        })
        .collect();
    let nsegs = segs.len();
    let mut prev = Kind::Empty;
    for (idx, seg) in segs.iter().copied().enumerate() {
        let mut seg = trim_span_chars(
            text,
            seg,
            &['©', '-', '–', ',', ':'],
            &[',', ';', ':', '-', '–'],
        );
        if let Some(m) = FILE_SUFFIX.find(&text[seg.start..seg.end]) {
            seg = trim_span(text, Span::new(seg.start, seg.start + m.start()));
        }
        // "Foto: Cortesía Alcaldía de Medellín": a word saying the picture was given, before the
        // source's name, is no part of it.
        {
            let st = &text[seg.start..seg.end];
            if let Some((first, rest)) = st.split_once(' ')
                && matches!(
                    first.to_lowercase().as_str(),
                    "cortesía" | "cortesia" | "gentileza"
                )
                && rest.trim_start().starts_with(char::is_uppercase)
            {
                seg = trim_span(text, Span::new(seg.start + first.len(), seg.end));
            }
        }
        // "© Pool photo by Jane Doe": the words that say how the picture was made are no part
        // of the name after them.
        if let Some(m) = BY_PREFIX.find(&text[seg.start..seg.end]) {
            seg = trim_span(text, Span::new(seg.start + m.end(), seg.end));
        }
        // "© UNHCR/Jane Doe/January 2006": the month and year the picture was taken.
        let month_year = idx > 0 && MONTH_YEAR.is_match(&text[seg.start..seg.end]);
        // "(c) AFP 2023", "© Jane Doe 2021": the copyright year is no part of a name.
        if let Some(head) = strip_year(&text[seg.start..seg.end]) {
            // ("© European Union, 2023": the comma before the year goes with it.)
            let head = head.trim_end().trim_end_matches(',');
            seg = trim_span(text, Span::new(seg.start, seg.start + head.len()));
        }
        let st = &text[seg.start..seg.end];
        let kind;
        // "Name/Civil Beat/2023": a year alone after the parts is the copyright year.
        let year_only = idx > 0
            && st.len() == 4
            && st.bytes().all(|b| b.is_ascii_digit())
            && matches!(&st[..2], "19" | "20");
        // "ANTARA FOTO/Name/kye/17": the year in two digits after the desk editor's initials.
        let short_year =
            idx > 1 && idx + 1 == nsegs && st.len() == 2 && st.bytes().all(|b| b.is_ascii_digit());
        let year_after = |k: usize| {
            segs.get(k).is_some_and(|n| {
                let nt = text[n.start..n.end].trim();
                matches!(nt.len(), 2 | 4) && nt.bytes().all(|b| b.is_ascii_digit())
            })
        };
        // "ANTARA FOTO/Name/ama.": the desk editor's initials in lowercase close the chain.
        let editor_initials =
            idx > 0 && (idx + 1 == nsegs || (idx + 2 == nsegs && year_after(idx + 1))) && {
                let w = st.trim_end_matches('.');
                (2..=4).contains(&w.len())
                    && w.bytes().all(|b| b.is_ascii_lowercase())
                    && lex.lookup(w).is_none()
                    && lex.lookup(&w.to_uppercase()).is_none()
            };
        // "UNICEF/UNI123456/Jane Doe": the picture's number in the agency's archive.
        let archive_number = idx > 0
            && st.bytes().all(|b| b.is_ascii_alphanumeric())
            && st.bytes().filter(u8::is_ascii_digit).count() >= 5
            && st.bytes().next().is_some_and(|b| b.is_ascii_uppercase());
        // "©UNICEF/China/2013/Jane Doe": the United Nations agencies' archive style names the
        // country and the year between the agency and the photographer.
        let archive_country = idx > 0
            && matches!(prev, Kind::Agency | Kind::Org | Kind::Unknown)
            && year_after(idx + 1)
            && idx + 2 < nsegs
            && (1..=3).contains(&st.split_whitespace().count())
            && looks_capitalized(st);
        if st.is_empty()
            || year_only
            || month_year
            || archive_country
            || short_year
            || editor_initials
            || archive_number
            || LICENCE.is_match(st)
        {
            kind = Kind::Empty;
        } else if let Some((v, vlen)) = find_word_ci(st, "via")
            .map(|v| (v, 3))
            .or_else(|| find_word_ci(st, "vía").map(|v| (v, "vía".len())))
        {
            kind = Kind::Via;
            let x = trim_span(text, Span::new(seg.start, seg.start + v));
            let y = trim_span(text, Span::new(seg.start + v + vlen, seg.end));
            let (xt, yt) = (&text[x.start..x.end], &text[y.start..y.end]);
            let ex = lex.lookup(xt);
            let ey = lex.lookup(yt);
            match (ex, ey) {
                // "Kyodo/via REUTERS": the via names the agency of the whole chain.
                (None, Some(b)) if xt.is_empty() && !lex.is_distributor(b) => {
                    p.hits.insert(0, (b, y))
                }
                (Some(a), Some(b)) if lex.is_distributor(b) && !lex.is_distributor(a) => {
                    p.hits.push((a, x));
                    p.hits.push((b, y));
                }
                // "PAP/Name via REUTERS", "Action Images via Reuters/Name": the agency after
                // "via" is the credit's agency (X via Y -> Y).
                (_, Some(b)) => {
                    p.hits.insert(0, (b, y));
                    if let Some(a) = ex {
                        p.hits.push((a, x));
                    }
                }
                (Some(a), None) => {
                    p.hits.push((a, x));
                    if !yt.is_empty() {
                        p.unknown.push((yt.to_string(), y));
                    }
                }
                (None, None) => {
                    if yt.is_empty() || !yt.chars().next().is_some_and(|c| c.is_uppercase()) {
                        p.invalid = true;
                    } else {
                        p.unknown.push((yt.to_string(), y));
                    }
                }
            }
            let partner_of_distributor = ex.is_none()
                && ey.is_some_and(|b| lex.is_distributor(b))
                && !xt.is_empty()
                && !is_placeholder(xt)
                && looks_capitalized(xt)
                && !is_prose(xt);
            if partner_of_distributor && (prev == Kind::Person || !is_person_name(xt)) {
                // "Name/Global Images Ukraine via Getty Images": the partner agency.
                p.unknown.push((xt.to_string(), x));
            } else if ex.is_none() && !is_placeholder(xt) && is_person_name(xt) {
                if prev == Kind::Person {
                    // "Name/LaPresse via AP Photo": after a name, the partner agency.
                    p.unknown.push((xt.to_string(), x));
                } else {
                    p.creators.push((xt.to_string(), x));
                }
            } else if ex.is_none()
                && ey.is_some()
                && prev != Kind::Person
                && let Some(ci) = xt.find(',')
            {
                // "Jane Doe, Springfield Daily Star via AP": the photographer, then the member
                // paper that passed the picture on.
                let name = trim_span(text, Span::new(x.start, x.start + ci));
                let outlet = trim_span(text, Span::new(x.start + ci + 1, x.end));
                let (nt, ot) = (&text[name.start..name.end], &text[outlet.start..outlet.end]);
                if is_person_name(nt) && !is_placeholder(nt) && looks_capitalized(ot) {
                    p.creators.push((nt.to_string(), name));
                    p.unknown.push((ot.to_string(), outlet));
                }
            }
        } else if let Some(i) = lex.lookup(st) {
            kind = Kind::Agency;
            p.hits.push((i, seg));
        } else if is_prose(st) {
            // "Photo by Name // Legs of civilian victims are seen at a hospital …": a sentence
            // is no part of a credit; the credit ends before it.
            kind = Kind::Unknown;
            p.invalid = true;
            p.prose_at.get_or_insert(seg.start);
        } else if let Some(i) = is_domain(st)
            .then(|| st.split('.').next().and_then(|stem| lex.lookup(stem)))
            .flatten()
        {
            // "Foto: Cuartoscuro.com": a known agency's website is the agency.
            kind = Kind::Agency;
            p.hits.push((i, seg));
        } else if is_domain(st) {
            // "NAME / AFP / picturedesk.com": the website that sells the picture.
            kind = Kind::Org;
            if prev == Kind::Person || (labelled && nsegs == 1) {
                p.unknown.push((st.to_string(), seg));
            }
        } else if is_placeholder(st) {
            kind = Kind::Placeholder;
        } else if let Some((name, outlet)) = split_for(text, seg, lex)
            // After a label, any capitalized outlet: "Photo: Jane Doe for Al Jazeera".
            .or_else(|| {
                (labelled && nsegs == 1)
                    .then(|| split_for_any(text, seg))
                    .flatten()
            })
        {
            kind = Kind::Via;
            p.has_for = true;
            p.creators
                .push((text[name.start..name.end].to_string(), name));
            match lex.lookup(&text[outlet.start..outlet.end]) {
                Some(i) => p.hits.push((i, outlet)),
                None => p
                    .unknown
                    .push((text[outlet.start..outlet.end].to_string(), outlet)),
            }
        } else if idx == 0
            && is_caps_word(st)
            && st.chars().count() <= 8
            && lex.lookup(st).is_none()
            && segs.get(1).is_some_and(|n| {
                let nt = text[n.start..n.end].trim();
                let head = find_word_ci(nt, "via").map_or(nt, |v| nt[..v].trim());
                is_placeholder(head)
            })
        {
            // "UNRWA/Handout via REUTERS": an acronym in capitals before a placeholder is the
            // institution that handed the picture out, not a photographer.
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else if idx == 0
            && is_caps_word(st)
            && st.chars().filter(|c| c.is_alphabetic()).count() <= 8
            && segs.get(1).is_some_and(|n| {
                let nt = text[n.start..n.end].trim();
                nt.split_whitespace().count() >= 2
                    && nt.chars().any(char::is_lowercase)
                    && lex.lookup(nt).is_none()
                    && is_person_name(nt)
            })
        {
            // "MINUSMA/Jane Doe", "UNHCR/Jane Doe": an acronym in capitals before a name in mixed
            // case is the institution whose photographer that is, not a surname.
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else if idx == 0
            && (((labelled || has_publication_word(st)) && is_outlet_alone(st, lex))
                || is_camel_case_outlet(st))
            && segs.get(1).is_some_and(|n| {
                let nt = text[n.start..n.end].trim();
                nt.split_whitespace().count() >= 2
                    && lex.lookup(nt).is_none()
                    && is_person_name(nt)
                    && !is_outlet_alone(nt, lex)
            })
        {
            // "Photo: Express/Jane Doe", "Fotografía: Prensa Libre / Juan Pérez": a
            // publication's name before its photographer's; with no label, only a name that
            // says it is a publication ("(DIARIO LIBRE/JANE DOE)").
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else if labelled && nsegs == 1 && (is_caps_word(st) || is_outlet_alone(st, lex)) {
            // "Photo: HARBOUR", "Photo: Punch", "Foto: La Prensa": a word in capitals, one word
            // or a publication's name alone after a label is an agency, not a photographer.
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else if labelled && prev == Kind::Placeholder && is_org(st) && looks_capitalized(st) {
            // "Foto: Divulgação/Polícia Militar": after a label and a placeholder, a body of
            // the state or a service is the source as written, not a photographer.
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else if let Some((name, agency, i)) = name_then_glued_agency(text, seg, lex) {
            // "Jane Doe Irna", "Jane Doe Lehtikuva": an agency's name glued to the
            // photographer's with no separator.
            kind = Kind::Agency;
            p.creators
                .push((text[name.start..name.end].to_string(), name));
            p.hits.push((i, agency));
        } else if let Some(mut persons) = split_persons(text, dedouble(text, seg)) {
            kind = Kind::Person;
            // "(AP Photo/Xinhua, Name)": a known agency in a list of names is the source of
            // the picture, not a photographer.
            if persons.len() > 1 {
                persons.retain(|(n, s)| match lex.lookup(n) {
                    Some(i) => {
                        p.hits.push((i, *s));
                        false
                    }
                    None => true,
                });
            }
            // "JOHN ROE/AFP/METSUL METEOROLOGIA": after the photographer and the agency, a
            // further part is a source the agency passes on, not a second photographer.
            let after_credit = prev == Kind::Agency && p.kinds.first() == Some(&Kind::Person);
            let creator_position = !after_credit
                && (idx == 0
                    || matches!(
                        prev,
                        Kind::Agency | Kind::Via | Kind::Placeholder | Kind::Org | Kind::Empty
                    ));
            if creator_position {
                p.creators.extend(persons);
            } else if persons.len() == 1 || after_credit {
                // "Name/BenarNews", "Name/TNS/ZUMA Wire": a name after a name is an agency.
                p.unknown.push((st.to_string(), seg));
            } else {
                p.invalid = true;
            }
        } else if is_org(st) || looks_capitalized(st) {
            kind = Kind::Org;
            // "UNICEF/Name", "Press Service of …/Handout via REUTERS": an organization first
            // is the source as written; after a name it is the agency as written, and so it is
            // after a label and a placeholder ("Foto: Reprodução/TV Globo").
            if idx == 0
                || prev == Kind::Person
                || (labelled && (nsegs == 1 || (prev == Kind::Placeholder && idx + 1 == nsegs)))
            {
                p.unknown.push((st.to_string(), seg));
            }
        } else if labelled && prev == Kind::Person && idx + 1 == nsegs && is_brand(st) {
            // "Photo credit: Name / eyevine": the last word of a labelled credit after a name
            // is the agency as written, even in lowercase.
            kind = Kind::Org;
            p.unknown.push((st.to_string(), seg));
        } else {
            kind = Kind::Unknown;
            p.invalid = true;
        }
        p.kinds.push(kind);
        if kind != Kind::Empty {
            prev = kind;
        }
    }
    p
}

/// "NAME for The New York Times" -> (name, outlet).
pub(super) fn split_for(text: &str, seg: Span, lex: &AgencyLexicon) -> Option<(Span, Span)> {
    let st = &text[seg.start..seg.end];
    let i = st.find(" for ")?;
    let name = trim_span(text, Span::new(seg.start, seg.start + i));
    let outlet = trim_span(text, Span::new(seg.start + i + 5, seg.end));
    (is_person_name(&text[name.start..name.end]) && is_outlet(&text[outlet.start..outlet.end], lex))
        .then_some((name, outlet))
}

/// "NAME for OUTLET" with any capitalized outlet of up to five words (a credit set apart).
pub(super) fn split_for_any(text: &str, seg: Span) -> Option<(Span, Span)> {
    let st = &text[seg.start..seg.end];
    let i = st.find(" for ")?;
    let name = trim_span(text, Span::new(seg.start, seg.start + i));
    let outlet = trim_span(text, Span::new(seg.start + i + 5, seg.end));
    let (nt, ot) = (&text[name.start..name.end], &text[outlet.start..outlet.end]);
    (nt.split_whitespace().count() >= 2
        && is_person_name(nt)
        && ot.split_whitespace().count() <= 5
        && ot.chars().next().is_some_and(char::is_uppercase)
        && !ot.chars().any(|c| c.is_ascii_digit())
        && looks_capitalized(ot))
    .then_some((name, outlet))
}

/// Byte offset of a whole word in `s`, ignoring ASCII case.
pub(super) fn find_word_ci(s: &str, word: &str) -> Option<usize> {
    // Cheap rejection: no ASCII-case-insensitive occurrence at all.
    if !crate::date::contains_ascii_ci(s, word.as_bytes()) {
        return None;
    }
    let lower = s.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(word) {
        let at = from + i;
        let before_ok = at == 0 || lower[..at].ends_with(char::is_whitespace);
        let end = at + word.len();
        let after_ok = lower[end..].starts_with(char::is_whitespace);
        if before_ok && after_ok {
            return Some(at);
        }
        from = end;
    }
    None
}

static MONTH_YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:19|20)\d\d$")
        .expect("month year regex")
});

/// `s` without a trailing year ("AFP 2023" -> "AFP"); `None` when it has none.
pub(super) fn strip_year(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let n = b.len();
    (n > 5
        && b[n - 4..].iter().all(u8::is_ascii_digit)
        && matches!(&b[n - 4..n - 2], b"19" | b"20")
        && b[n - 5].is_ascii_whitespace())
    .then(|| s[..n - 5].trim_end())
}

/// One word of three letters or more, every letter a capital ("HARBOUR", "NEWSPIX").
pub(super) fn is_caps_word(s: &str) -> bool {
    !s.contains(char::is_whitespace)
        && s.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && s.chars().all(|c| c.is_uppercase() || c == '-')
}

/// "TribunBekasi", "KompasTV": one word with a capital inside it after small letters is an
/// outlet's name written as a brand, not a photographer's (whose names split at a space), unless
/// the capital follows a surname prefix ("McDonald", "DeSantis", "MacArthur", "LeBlanc").
fn is_camel_case_outlet(s: &str) -> bool {
    let s = s.trim();
    if s.contains(char::is_whitespace)
        || s.chars().count() < 5
        || !s.starts_with(char::is_uppercase)
    {
        return false;
    }
    let chars: Vec<char> = s.chars().collect();
    (2..chars.len()).any(|i| {
        chars[i].is_uppercase() && chars[i - 1].is_lowercase() && {
            let head: String = chars[..i].iter().collect();
            !matches!(
                head.as_str(),
                "Mc" | "Mac" | "De" | "Di" | "Da" | "Le" | "La" | "Van" | "Von" | "Du" | "Fitz"
            )
        }
    })
}

/// "Jane Doe, The Armenian Weekly", "Jane Doe,CHA": a person's name, then after the comma an
/// outlet ("The …" in capitalized words) or a short acronym in capitals, the agency that passed
/// the picture on. A place ("Jane Doe, Kabul") or a role ("Jane Doe, File") is neither.
pub(super) fn name_then_outlet(name: &str, after: &str) -> bool {
    let a = after.trim();
    if find_word_ci(a, "via").is_some() || !is_person_name(name.trim()) || is_placeholder(a) {
        return false;
    }
    // "The Armenian Weekly", "Le Soleil", "La Presse", "Der Bund": an article opening it.
    let outlet = [
        "The ", "Le ", "La ", "Les ", "El ", "Il ", "O ", "Der ", "Die ", "Das ", "De ",
    ]
    .iter()
    .find_map(|art| a.strip_prefix(art))
    .is_some_and(|r| !r.is_empty() && looks_capitalized(r) && r.split_whitespace().count() <= 4);
    let acronym = (2..=6).contains(&a.chars().count()) && a.chars().all(|c| c.is_ascii_uppercase());
    // "Jane Doe, Premium Times", "Jane Doe, Standard": a publication word ends the name after
    // the comma.
    let publication = looks_capitalized(a)
        && (1..=4).contains(&a.split_whitespace().count())
        && (a
            .split_whitespace()
            .next_back()
            .is_some_and(|w| WORDS.outlet.contains(w.to_lowercase().as_str()))
            // "Jane Doe, Eagle News Service": an outlet's or an organization's word inside.
            || (a.split_whitespace().count() >= 2
                && a.split_whitespace().any(|w| {
                    let w = w.to_lowercase();
                    WORDS.outlet.contains(w.as_str()) || WORDS.publication.contains(w.as_str())
                })));
    outlet || acronym || publication
}

/// "Eagle News Service contributor" → "Eagle News Service": the part before a trailing role
/// word (`role_tail`), or the whole part.
fn without_role_tail(s: &str) -> &str {
    let t = s.trim_end();
    match t.rsplit_once(char::is_whitespace) {
        Some((head, last))
            if WORDS.role_tail.contains(last.to_lowercase().as_str())
                && head.trim_start().starts_with(char::is_uppercase) =>
        {
            head.trim_end()
        }
        _ => s,
    }
}

/// "Jane Marie Doe Irna": a person's name of two words or more, then one word that is a known
/// agency of four letters or more (shorter aliases, "AP", are too easily a name's initials).
/// Returns the name's span, the agency's span and the agency.
pub(super) fn name_then_glued_agency(
    text: &str,
    seg: Span,
    lex: &AgencyLexicon,
) -> Option<(Span, Span, usize)> {
    let st = &text[seg.start..seg.end];
    let (head, last) = st.rsplit_once(' ')?;
    let head = head.trim_end();
    if last.chars().count() < 4
        || !last.starts_with(char::is_uppercase)
        || !(2..=4).contains(&head.split_whitespace().count())
        || !is_person_name(head)
        || lex.lookup(head).is_some()
    {
        return None;
    }
    // "Irna": an acronym's alias written as a word.
    let i = lex
        .lookup(last)
        .or_else(|| lex.lookup(&last.to_uppercase()))?;
    let name = Span::new(seg.start, seg.start + head.len());
    let agency = Span::new(seg.end - last.len(), seg.end);
    Some((name, agency, i))
}
