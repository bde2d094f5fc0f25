//! From runs of capitalized words to pieces: the merges that join chunks the word splitter
//! keeps apart ("Brighton and Hove Albion", "Church of the Holy Sepulchre", "Cox's Bazar") and
//! the splits that cut a chunk into several names ("Aleppo Syria"). Split from `mentions.rs` to
//! keep each file readable; which piece is an organization, a place or a person is decided there.

use super::*;

/// One chunk from word `first` to the end of chunk `b` (the words between join the name).
fn joined(words: &[Word], first: usize, b: &Chunk) -> Chunk {
    Chunk {
        span: Span::new(words[first].span.start, b.span.end),
        first,
        last: b.last,
        possessive: b.possessive,
    }
}

/// "China International Search and Rescue Team", "Brighton and Hove Albion": an organization
/// name may contain "and"; the second part ends with an organization word.
pub(super) fn merge_org_conjunctions(
    text: &str,
    words: &[Word],
    chunks: &mut Vec<Chunk>,
    lex: &NameLexicon,
) {
    let mut i = 0;
    while i + 1 < chunks.len() {
        let (a, b) = (&chunks[i], &chunks[i + 1]);
        let gap = &text[a.span.end..b.span.start];
        let b_last = words[b.last - 1].span.slice(text);
        if !a.possessive
            && gap == " and "
            && b.last - b.first <= 3
            && a.last - a.first <= 4
            && lex.is("org_head", b_last)
        {
            chunks[i] = joined(words, a.first, b);
            chunks.remove(i + 1);
        }
        i += 1;
    }
}

/// "the Church of the Holy Sepulchre", "the Tomb of the Unknown Soldier": a landmark word, then
/// "of the" and a name, is one landmark; without this the name after "the" stands alone and reads
/// as a person's.
pub(super) fn merge_landmark_of_the(
    text: &str,
    words: &[Word],
    chunks: &mut Vec<Chunk>,
    lex: &NameLexicon,
) {
    let mut i = 0;
    while i + 1 < chunks.len() {
        let (a, b) = (chunks[i].clone(), chunks[i + 1].clone());
        let a_last = words[a.last - 1].span.slice(text);
        if !a.possessive
            && text[a.span.end..b.span.start].eq_ignore_ascii_case(" of the ")
            && lex.is("landmark_first", a_last)
            && b.last - b.first <= 4
        {
            chunks[i] = joined(words, a.last - 1, &b);
            if a.last - a.first > 1 {
                // Keep the words before the landmark word as a chunk of their own.
                chunks.insert(
                    i,
                    Chunk {
                        span: Span::new(a.span.start, words[a.last - 2].span.end),
                        first: a.first,
                        last: a.last - 1,
                        possessive: false,
                    },
                );
                i += 1;
            }
            chunks.remove(i + 1);
        }
        i += 1;
    }
}

/// "Cox's Bazar": a possessive inside a place name the gazetteer knows joins two chunks.
pub(super) fn merge_possessive_names(
    text: &str,
    chunks: &mut Vec<Chunk>,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
) {
    let mut i = 0;
    while i + 1 < chunks.len() {
        let (a, b) = (&chunks[i], &chunks[i + 1]);
        let gap = &text[a.span.end..b.span.start];
        let joined = &text[a.span.start..b.span.end];
        let b_head = text[..b.span.end].rsplit(' ').next().unwrap_or("");
        // "St James' Park" joins; "China's Sichuan Province" does not (a division is no landmark).
        let landmark = lex.is("place_head", b_head)
            && !matches!(
                b_head,
                "Province"
                    | "Region"
                    | "Prefecture"
                    | "County"
                    | "Governorate"
                    | "Oblast"
                    | "District"
                    | "State"
            );
        // "Cambodian People's Party", "Donetsk People's Republic": an organization named after
        // a people.
        let a_last = text[a.span.start..a.span.end]
            .rsplit(' ')
            .next()
            .unwrap_or("");
        let peoples_org = matches!(a_last, "People" | "Workers" | "Martyrs" | "Women")
            && (lex.is("org_head", b_head) || lex.is("org_first", b_head) || b_head == "Republic");
        if a.possessive
            && matches!(gap, "'s " | "’s " | "' " | "’ ")
            && (oracle.place(joined).is_some() || landmark || peoples_org)
        {
            let merged = Chunk {
                span: Span::new(a.span.start, b.span.end),
                first: a.first,
                last: b.last,
                possessive: b.possessive,
            };
            chunks[i] = merged;
            chunks.remove(i + 1);
        }
        i += 1;
    }
}

pub(super) fn coordinated_place(
    text: &str,
    words: &[Word],
    piece: &Piece,
    places: &[PlacePhrase],
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
) -> Option<PlacePhrase> {
    let ws = &words[piece.first..piece.last];
    let name = piece.span.slice(text);
    if ws.len() >= 2 && super::places::position_mark_after(text, piece.span) {
        return None;
    }
    if ws.iter().any(|w| {
        let t = w.span.slice(text);
        lex.common_size(t).is_some_and(|z| z <= 20)
            || lex.is("not_name", t)
            || lex.is("title", t)
            || oracle.demonym(t).is_some()
    }) || names::is_all_caps(name)
    {
        return None;
    }
    // "Kyrgyz President Sadyr Japarov and Tajikistan President …": a name right after a title
    // is a person's, whatever it is coordinated with.
    if piece.first > 0 && lex.is("title", words[piece.first - 1].span.slice(text)) {
        return None;
    }
    let fold = |s: &str| s.to_lowercase();
    let repeated = places
        .iter()
        .any(|p| fold(&p.name) == fold(name) || fold(&p.lookup) == fold(name));
    let joined = |gap: &str| matches!(gap.trim(), "," | "and" | ", and" | "or" | "&");
    let next_to_place = places.iter().any(|p| {
        (p.span.end <= piece.span.start && joined(&text[p.span.end..piece.span.start]))
            || (piece.span.end <= p.span.start && joined(&text[piece.span.end..p.span.start]))
    });
    if !repeated && !next_to_place {
        return None;
    }
    // "the mayor of Derna, Abdulmenam al-Ghaithi, told": an apposition, not a list.
    let after = text[piece.span.end..].trim_start();
    if !repeated
        && ws.len() >= 2
        && after.starts_with(',')
        && after[1..].trim_start().starts_with(char::is_lowercase)
        && !after[1..].trim_start().starts_with("and ")
    {
        return None;
    }
    let known = oracle.place(name);
    Some(PlacePhrase {
        name: name.to_string(),
        span: piece.span,
        lookup: name.to_string(),
        cue: PlaceCue::None,
        known,
        preposition: None,
        locative: false,
        sentence: ws[0].sentence,
        possessive: piece.possessive,
        rule: if repeated {
            "place.repeated"
        } else {
            "place.coordinated"
        },
    })
}

/// True unless the caption's function words are mostly those of another language, or a short
/// caption has two of another language's and none of English's.
pub(super) fn is_english(text: &str, words: &[Word], lex: &NameLexicon) -> bool {
    let (mut english, mut foreign) = (0usize, 0usize);
    for w in words {
        let s = w.span.slice(text);
        if s.len() > 4 || !s.starts_with(|c: char| c.is_lowercase()) {
            continue;
        }
        if lex.is("english", s) {
            english += 1;
        } else if lex.is("foreign", s) {
            foreign += 1;
        }
    }
    // (Two foreign words and no English one: a short caption in another language.)
    (foreign < 3 || english >= foreign) && !(foreign >= 2 && english == 0)
}

/// A chunk after removing leading title/common words and splitting at known place names.
#[derive(Debug, Clone)]
pub(super) struct Piece {
    pub(super) span: Span,
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) possessive: bool,
    /// Words stripped from the front (titles), for roles.
    pub(super) stripped_from: usize,
}

pub(super) fn split_chunk(
    text: &str,
    words: &[Word],
    chunk: &Chunk,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    out: &mut Vec<Piece>,
) {
    let mut first = chunk.first;
    let last = chunk.last;
    let mut common_dropped = false;
    // Drop sentence-initial common words ("Displaced Iraqis") and titles ("President Bashar").
    while first < last {
        let w = &words[first];
        let s = w.span.slice(text);
        let whole = Span::new(w.span.start, words[last - 1].span.end).slice(text);
        // Rarer words ("Harry", "Displaced") start names too, so a longer chunk keeps them.
        let max_size = if last - first >= 2 { 20 } else { 35 };
        let is_common_start = w.sentence_start
            && lex.common_size(s).is_some_and(|z| z <= max_size)
            && oracle.place(whole).is_none_or(|k| {
                first + 1 == last
                    && k.kind == KnownKind::Populated
                    && !(k.primary && k.population >= 100_000)
            });
        // ("Crown Prince Sultan bin Abdulaziz": a title word before "bin" is the given name.)
        let before_patronym = words
            .get(first + 1)
            .is_some_and(|n| first + 1 < last && names::is_patronym_particle(n.span.slice(text)));
        let is_title = lex.is("title", s.trim_end_matches('.')) && !before_patronym;
        let is_junk = (lex.is("month", s) && (s.len() > 3 || first + 1 == last))
            || lex.is("weekday", s)
            || s.chars().any(|c| c.is_ascii_digit());
        // "El barrio Petare": a Romance or German article alone before a lowercase word (inside a
        // longer chunk it begins a name: "El Salvador", "La Paz", "Le Havre").
        // ("Der Deutsche Wetterdienst warnt": a German article opening the sentence begins no
        // name, as no town's name begins with it.)
        let is_article = matches!(s, "The" | "A" | "An")
            || (w.sentence_start
                && matches!(s, "Der" | "Die" | "Das" | "Ein" | "Eine")
                && oracle.place(whole).is_none())
            || (first + 1 == last
                && matches!(
                    s,
                    "El" | "La"
                        | "Le"
                        | "Les"
                        | "Los"
                        | "Las"
                        | "Il"
                        | "Lo"
                        | "Gli"
                        | "Der"
                        | "Die"
                        | "Das"
                        | "Os"
                        | "As"
                        | "Un"
                        | "Une"
                        | "Una"
                        | "Uno"
                        | "Ein"
                        | "Eine"
                ));
        // "Iran-backed Huthi", "Saudi-led coalition": the hyphenated adjective is not the name.
        let is_adjective = (["-backed", "-led", "-held", "-run", "-allied", "-aligned", "-based", "-born", "-controlled", "-affiliated", "-linked", "-supported", "-ruled", "-administered", "-occupied", "-annexed"]
            .iter()
            .any(|suffix| s.ends_with(suffix))
            // "Ukrainian President Volodymyr Zelenskyy": a demonym before a title or name.
            || (oracle.demonym(s).is_some() && words.get(first + 1).is_some_and(|n| lex.is("title", n.span.slice(text).trim_end_matches('.')))))
            && first + 1 < last;
        let is_article = is_article || is_adjective;
        if is_common_start || is_title || is_junk || is_article {
            first += 1;
            common_dropped = is_common_start && !is_title;
        } else {
            break;
        }
    }
    // "Residents of Aleppo": with the common word gone, a lowercase particle no longer joins
    // two names ("Governor of West Java Ridwan Kamil" keeps its title's "of").
    while common_dropped
        && first > chunk.first
        && first < last
        && words[first]
            .span
            .slice(text)
            .starts_with(|c: char| c.is_lowercase())
    {
        first += 1;
    }
    // "Jacques Rogge President of the ...": a title after the name is not part of it.
    let mut last = last;
    // "Hun Sen": a short title word ("Sen", "Gen") ends a name unless written as an abbreviation.
    let trailing_title = |k: usize| {
        let w = words[k].span.slice(text);
        lex.is("title", w) && (w.len() > 3 || text[words[k].span.end..].starts_with('.'))
    };
    // ("Khalid bin Sultan": the father's name after "bin" is no title.)
    let after_patronym =
        |k: usize| k > 0 && names::is_patronym_particle(words[k - 1].span.slice(text));
    while last > first + 1 && trailing_title(last - 1) && !after_patronym(last - 1) {
        last -= 1;
    }
    if first >= last {
        return;
    }
    // Split where a month/weekday/not-name word sits inside, and around country names.
    let mut start = first;
    let mut i = first;
    while i < last {
        let s = words[i].span.slice(text);
        // A month name splits a chunk where it is part of a date ("Jan. 3"), not inside a
        // name ("Zenda Jan district").
        let next_is_digit = text[words[i].span.end..]
            .trim_start_matches(['.', ' '])
            .starts_with(|c: char| c.is_ascii_digit());
        let month = lex.is("month", s) && (next_is_digit || s.len() > 3);
        let breaker = month || lex.is("weekday", s) || s.chars().any(|c| c.is_ascii_digit());
        if breaker {
            push_piece(text, words, start, i, chunk, first, lex, oracle, out);
            start = i + 1;
        } else if i > start
            && lex.is("title", s.trim_end_matches('.'))
            && (lex.is("org_head", words[i - 1].span.slice(text))
                // "Lusaka District Commissioner Jane Doe", "Kano State Governor Jane Doe": a
                // division, then an office before the person's name.
                || matches!(
                    words[i - 1].span.slice(text),
                    "District" | "State" | "County" | "Province" | "Region" | "City"
                ) && i >= start + 2)
            // ("Chief of Army Staff General Jane Doe" is one title.)
            && !(i >= 2 && words[i - 2].span.slice(text) == "of")
            && i + 1 < last
        {
            // "U.S. Army Sgt. Jane Doe", "Navy Petty Officer Jane Doe": the service, then a rank
            // before the person's name.
            push_piece(text, words, start, i, chunk, first, lex, oracle, out);
            start = i + 1;
            while start + 1 < last
                && lex.is("title", words[start].span.slice(text).trim_end_matches('.'))
            {
                start += 1;
            }
        } else if i > start + 1 && lex.is("unit_first", s) {
            // "Kecamatan Jasinga Kabupaten Bogor": a second unit word opens the next unit.
            push_piece(text, words, start, i, chunk, first, lex, oracle, out);
            start = i;
        }
        i += 1;
    }
    push_piece(text, words, start, last, chunk, first, lex, oracle, out);
}

/// A town's historic centre, named as a part of it ("the Old City of Jerusalem").
pub(super) const OLD_QUARTERS: &[&str] = &[
    "Old City",
    "Old Town",
    "Old Quarter",
    "Old Medina",
    "Medina",
];

#[allow(clippy::too_many_arguments)]
pub(super) fn push_piece(
    text: &str,
    words: &[Word],
    first: usize,
    last: usize,
    chunk: &Chunk,
    stripped_from: usize,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    out: &mut Vec<Piece>,
) {
    if first >= last {
        return;
    }
    let span = Span::new(words[first].span.start, words[last - 1].span.end);
    let whole = span.slice(text);
    // "the Grand Mosque of Agadez", "la Vía Laietana de Barcelona": a landmark of two words or
    // more, then the town it stands in (a town the gazetteer knows, of some size, so that
    // "Plaza de Mayo" and "Stade de France" stay whole).
    // "el barrio Petare de Caracas", "la ronda General Mitre de Barcelona": after a part-of-town
    // or road noun one word is name enough.
    let part_noun_before = first == stripped_from
        && chunk.first > 0
        && matches!(
            super::places::cue_of(&words[chunk.first - 1].span.slice(text).to_lowercase()),
            PlaceCue::Neighbourhood | PlaceCue::Camp | PlaceCue::Landmark
        );
    let min_head = if part_noun_before { 1 } else { 2 };
    let landmark_split = (last - first >= min_head + 2 && oracle.place(whole).is_none())
        .then(|| {
            (first + min_head..last - 1).find(|&k| {
                matches!(
                    words[k].span.slice(text),
                    "of" | "de" | "di" | "du" | "da" | "do" | "del" | "della" | "des"
                ) && oracle
                    .place(Span::new(words[k + 1].span.start, words[last - 1].span.end).slice(text))
                    .is_some_and(|p| {
                        p.kind == KnownKind::Admin1
                            || p.kind == KnownKind::Populated
                                && p.primary
                                && p.population >= 100_000
                    })
            })
        })
        .flatten()
        .filter(|&k| {
            super::places::landmark_head(words[k - 1].span.slice(text))
                // "Nzara County of Western Equatoria": a division, then the province it is in.
                || matches!(
                    words[k - 1].span.slice(text),
                    "County" | "District" | "Municipality" | "Sub-county" | "Subcounty" | "Sector"
                        | "Division" | "Ward" | "Village" | "Township"
                )
                || lex.is("landmark_first", words[first].span.slice(text))
                || part_noun_before
                // "Zona Sul do Rio de Janeiro": a name opening with a part-of-town noun.
                || matches!(
                    super::places::cue_of(&words[first].span.slice(text).to_lowercase()),
                    PlaceCue::Neighbourhood | PlaceCue::District
                )
        });
    // "Max Lowe of Sheffield United": a name, then what it belongs to. Organization names keep
    // their "of" ("Ministry of Health", "Syrian Observatory for Human Rights").
    let member_split = || {
        if oracle.place(whole).is_some() {
            return None;
        }
        let k = (first + 1..last.saturating_sub(1))
            .find(|&k| matches!(words[k].span.slice(text), "of" | "for"))?;
        let head_last = words[k - 1].span.slice(text);
        let head_first = words[first].span.slice(text);
        let head_is_org = lex.is("org_head", head_last)
            || lex.is("org_first", head_first)
            || lex.is("place_head", head_last)
            || lex.is("title", head_last);
        let head_known = oracle
            .place(Span::new(words[first].span.start, words[k - 1].span.end).slice(text))
            .is_some();
        // "the Old City of Mosul": a town's old quarter, then the town.
        let head = Span::new(words[first].span.start, words[k - 1].span.end).slice(text);
        let old_quarter = OLD_QUARTERS.contains(&head)
            && oracle
                .place(Span::new(words[k + 1].span.start, words[last - 1].span.end).slice(text))
                .is_some();
        ((!head_is_org && !head_known && k - first >= 2) || old_quarter).then_some(k)
    };
    if let Some(k) = landmark_split.or_else(member_split) {
        push_piece(
            text,
            words,
            first,
            k,
            chunk,
            stripped_from,
            lex,
            oracle,
            out,
        );
        push_piece(text, words, k + 1, last, chunk, k + 1, lex, oracle, out);
        return;
    }
    let piece = Piece {
        span,
        first,
        last,
        possessive: last == chunk.last && chunk.possessive,
        stripped_from,
    };
    // "the new president of East Timor Jane Doe (left)": a country's name run into a person's
    // name, which the position mark after it tells (an organization named after its country,
    // "Burkina Faso Army", has a head word).
    if last - first >= 3
        && oracle.place(whole).is_none()
        && super::places::position_mark_after(text, span)
        && let Some(j) = (first + 1..last - 1).find(|&j| {
            oracle
                .place(Span::new(words[first].span.start, words[j - 1].span.end).slice(text))
                .is_some_and(|k| k.kind == KnownKind::Country)
        })
        && (2..=4).contains(&(last - j))
        && words[j..last].iter().all(|w| {
            let t = w.span.slice(text);
            !lex.is_organization_kind(t) && !lex.is("place_head", t)
        })
    {
        out.push(part_piece(words, chunk, first, j));
        out.push(part_piece(words, chunk, j, last));
        return;
    }
    // A chunk the gazetteer does not know may be several known names in a row ("Sukkur Sindh")
    // or a known country inside other words ("CRICKET England Moeen").
    if last - first >= 2
        && oracle.place(whole).is_none()
        && !has_place_shape(text, words, first, last, lex)
    {
        let mut parts = Vec::new();
        let mut i = first;
        let mut known_any = false;
        while i < last {
            let mut found = None;
            for j in (i + 1..=last).rev() {
                let sub = Span::new(words[i].span.start, words[j - 1].span.end).slice(text);
                if let Some(k) = oracle.place(sub)
                    && (k.kind != KnownKind::Populated || j - i >= 2 || k.population >= 20_000)
                {
                    found = Some(j);
                    break;
                }
            }
            match found {
                Some(j) => {
                    parts.push((i, j, true));
                    known_any = true;
                    i = j;
                }
                None => {
                    match parts.last_mut() {
                        Some((_, e, false)) if *e == i => *e = i + 1,
                        _ => parts.push((i, i + 1, false)),
                    }
                    i += 1;
                }
            }
        }
        let all_known = parts.iter().all(|p| p.2);
        let kind_of = |a: usize, b: usize| {
            oracle
                .place(Span::new(words[a].span.start, words[b - 1].span.end).slice(text))
                .map(|p| p.kind)
        };
        let has_country = parts
            .iter()
            .any(|&(a, b, k)| k && kind_of(a, b) == Some(KnownKind::Country));
        // "Sukkur Sindh": a town and its province; two towns' names in a row are more often a
        // person's names ("Nicolas Maduro", "Yuki Ota").
        let has_division = parts
            .iter()
            .any(|&(a, b, k)| k && kind_of(a, b).is_some_and(|kind| kind != KnownKind::Populated));
        if known_any && ((all_known && has_division) || has_country) {
            for (a, b, _) in parts {
                out.push(part_piece(words, chunk, a, b));
            }
            return;
        }
    }
    out.push(piece);
}

/// Words `a..b` of `chunk` as a piece of their own (the chunk's possessive goes with its last).
fn part_piece(words: &[Word], chunk: &Chunk, a: usize, b: usize) -> Piece {
    Piece {
        span: Span::new(words[a].span.start, words[b - 1].span.end),
        first: a,
        last: b,
        possessive: b == chunk.last && chunk.possessive,
        stripped_from: a,
    }
}

pub(super) fn has_place_shape(
    text: &str,
    words: &[Word],
    first: usize,
    last: usize,
    lex: &NameLexicon,
) -> bool {
    lex.is("place_head", words[last - 1].span.slice(text))
        || lex.is("place_first", words[first].span.slice(text))
        || lex.is("landmark_first", words[first].span.slice(text))
        || lex.is("direction", words[first].span.slice(text))
        || lex.is("org_head", words[last - 1].span.slice(text))
}
