//! Place phrases: which capitalized chunks are places, what the grammar around them says they
//! are (cue words before and after, prepositions, possessives), and the checks that keep people,
//! families, teams and things out. Split from `mentions.rs` to keep each file readable; the
//! recognizer order (organizations, places, people) is decided there.

use super::*;
pub(super) fn place_phrase(
    text: &str,
    words: &[Word],
    piece: &Piece,
    lex: &NameLexicon,
    oracle: &dyn PlaceOracle,
    sport: bool,
) -> Option<PlacePhrase> {
    let ws = &words[piece.first..piece.last];
    // "Al fondo Jane Doe": a name after where in the picture it stands is a person's.
    if super::placed_in_picture(text, piece.span) && oracle.place(piece.span.slice(text)).is_none()
    {
        return None;
    }
    if ws.len() == 1 && lex.is("direction", ws[0].span.slice(text)) {
        // "the West", "the South": a compass word alone is a direction, not a place name.
        return None;
    }
    // "the Greek-Turkish border", "Indo-Pakistani talks": peoples joined by a hyphen are no place.
    if ws.len() == 1 {
        let w = ws[0].span.slice(text);
        let parts: Vec<&str> = w.split('-').collect();
        if parts.len() >= 2
            && parts.iter().all(|p| {
                oracle.demonym(p).is_some()
                    || matches!(
                        *p,
                        "Indo" | "Sino" | "Russo" | "Franco" | "Anglo" | "Afro" | "Euro"
                    )
            })
        {
            return None;
        }
    }
    let mut name_span = piece.span;
    let mut lookup = piece.span.slice(text).to_string();
    // "République démocratique du Congo", "República Democrática del Congo": where the long
    // form writes its adjective in lowercase only "Congo" reads as a name; it is DR Congo.
    static DEMOCRATIC_BEFORE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:démocratique\s+du|democr[áa]tica\s+del?|democr[áa]tica\s+do|demokratischen?\s+republik)\s*$")
            .expect("democratic republic regex")
    });
    if matches!(lookup.as_str(), "Congo" | "Kongo")
        && DEMOCRATIC_BEFORE.is_match(&text[..piece.span.start])
    {
        lookup = "DR Congo".to_string();
    }
    let first_word = ws[0].span.slice(text);
    let last_word = ws[ws.len() - 1].span.slice(text);
    let sentence = ws[0].sentence;

    // Cue after: "Tal Samin village", "Zaatari refugee camp", "Idlib province".
    let after = &text[piece.span.end..];
    let after_lower: String = after.chars().take(40).collect::<String>().to_lowercase();
    let mut cue = PlaceCue::None;
    let mut rule = "place.gazetteer";
    // "Chattogram city's Muradpur area": the town's possessive stands on its settlement word.
    let mut possessive_after = false;
    if !piece.possessive {
        for w in lex.classes.get("place_after").into_iter().flatten() {
            let w: &str = w;
            if let Some(rest) = after_lower
                .strip_prefix(' ')
                .and_then(|a| a.strip_prefix(w))
                && rest
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && c != '-')
                && after[1..].starts_with(|c: char| c.is_lowercase())
            {
                let c = cue_of(w);
                // "the Red Sea city of Port Sudan", "the Tajik village of Vorukh": the settlement
                // word belongs to the name after "of", not to the one before it.
                if c == PlaceCue::Settlement && rest.starts_with(" of ") {
                    continue;
                }
                if c != PlaceCue::None && (cue == PlaceCue::None || w.contains(' ')) {
                    cue = c;
                    rule = "place.cue_after";
                    possessive_after = c == PlaceCue::Settlement
                        && (rest.starts_with("'s ") || rest.starts_with("’s "));
                    // Camps and landmarks keep their generic word in the name.
                    if matches!(c, PlaceCue::Camp | PlaceCue::Landmark) {
                        name_span = Span::new(piece.span.start, piece.span.end + 1 + w.len());
                    }
                }
            }
        }
    }
    if piece.possessive {
        // "in Idlib's countryside", "Hama's northern countryside": the province, not the town.
        static DIVISION_AFTER: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^(?:'s|’s|'|’) (?:(?:northern|southern|eastern|western|north|south|east|west|northeastern|northwestern|southeastern|southwestern|rural|eastern rural|western rural)[ -])?(?:countryside|province|governorate|rural areas)\b").unwrap()
        });
        if DIVISION_AFTER.is_match(ahead(after, 0, 60)) {
            cue = PlaceCue::Province;
            rule = "place.possessive_division";
        }
    }
    if cue == PlaceCue::None && !piece.possessive {
        static CAMP_AFTER: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^ (?:(?:refugee|refugees|transit|displacement|displaced|idp|IDP|tent|reception|migrant|migrants|detention|evacuation|temporary|makeshift|informal|people|persons|relief|protest)[ -]){1,3}(?:camp|camps|settlement|centre|center|shelter)\b").unwrap()
        });
        static LANDMARK_AFTER: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"^ (?:(?:elementary|primary|secondary|high|middle|junior|senior|public|girls|boys|central|main|old|grand|great|national|international|municipal|sports|football|olympic|village|city|town|al|el|metro|subway|underground|train|railway|bus|police|fire|gas|petrol|power|nuclear|water|border|ferry|cargo|fishing|power|military|air|naval|navy|army|airforce|presidential|royal|regional|domestic)[ -]){1,2}(?:school|stadium|mosque|church|market|square|park|airport|station|bridge|cemetery|hall|hospital|plant|port|terminal|crossing|base|airbase|airfield|air base|palace|barracks|prison|camp|academy|complex)\b").unwrap()
        });
        if let Some(m) = CAMP_AFTER.find(ahead(after, 0, 80)) {
            cue = PlaceCue::Camp;
            rule = "place.cue_after";
            name_span = Span::new(piece.span.start, piece.span.end + m.end());
        } else if let Some(m) = LANDMARK_AFTER.find(ahead(after, 0, 60)) {
            // "Kawahara elementary school", "Yarmouk football stadium"; a named hospital is an
            // institution, not a place.
            if !m.as_str().ends_with("hospital") {
                cue = PlaceCue::Landmark;
                rule = "place.cue_after";
                name_span = Span::new(piece.span.start, piece.span.end + m.end());
            }
        }
    }
    // "Nanao City", "Quezon City": a town the gazetteer knows without the word "City".
    // "Jakarta Pusat", "Jakarta Selatan": Indonesian names a city's administrative parts by a
    // compass word after the city; one the gazetteer lacks stands at its city's point.
    let town_word_rule = match last_word {
        "City" if !sport => Some("place.city_word"),
        // "Hoi An Town", "Kuala Krai Town": the English word some Asian presses add to a town.
        "Town" if !sport => Some("place.city_word"),
        "Pusat" | "Selatan" | "Utara" | "Barat" | "Timur" | "Tengah" => Some("place.compass_part"),
        _ => None,
    };
    if cue == PlaceCue::None
        && ws.len() >= 2
        && let Some(word_rule) = town_word_rule
    {
        let bare = Span::new(ws[0].span.start, ws[ws.len() - 2].span.end).slice(text);
        if oracle.place(piece.span.slice(text)).is_none()
            && oracle
                .place(bare)
                .is_some_and(|k| k.kind == KnownKind::Populated)
        {
            lookup = bare.to_string();
            cue = PlaceCue::Settlement;
            rule = word_rule;
        }
    }
    // "the Old City of Mosul", "Jerusalem's Old City": a part of the town.
    if cue == PlaceCue::None && OLD_QUARTERS.contains(&piece.span.slice(text)) {
        cue = PlaceCue::Neighbourhood;
        rule = "place.old_quarter";
    }
    // Capitalized head word: "Arundel Castle", "Saitama Prefecture", "Lake Manchar".
    let known_whole = oracle.place(piece.span.slice(text));
    // "the mayor of Rosario, Jane Doe (L)", "Juan Pérez (i)": a position mark in the picture
    // follows a person's name, never a place's.
    if known_whole.is_none() && ws.len() >= 2 && position_mark_after(text, piece.span) {
        return None;
    }
    let populated_whole = known_whole
        .as_ref()
        .is_some_and(|k| k.kind == KnownKind::Populated && k.primary);
    // "Tucson Fire Department" is an organization, "Putumayo Department" a place: a head word of
    // both kinds makes a place only after a name the gazetteer knows.
    let org_or_place_head = ws.len() >= 2
        && lex.is("org_head", last_word)
        && lex.is("place_head", last_word)
        && oracle
            .place(Span::new(ws[0].span.start, ws[ws.len() - 2].span.end).slice(text))
            .is_none();
    if cue == PlaceCue::None && ws.len() >= 2 && !populated_whole && !org_or_place_head {
        if lex.is("place_head", last_word) || lex.is("landmark_suffix", last_word) {
            cue = cue_of(&last_word.to_lowercase());
            if cue == PlaceCue::None {
                cue = PlaceCue::Landmark;
            }
            rule = "place.head_word";
            let bare = Span::new(ws[0].span.start, ws[ws.len() - 2].span.end).slice(text);
            if matches!(cue, PlaceCue::Province | PlaceCue::District) {
                // "Xinjiang Uygur Autonomous Region": the region's kind is two words.
                lookup = bare
                    .strip_suffix(" Autonomous")
                    .filter(|b| !b.is_empty())
                    .unwrap_or(bare)
                    .to_string();
            }
        } else if lex.is("landmark_first", first_word) {
            // "Stade de Nice", "Estadio Azteca", "Plaza de Mayo".
            cue = PlaceCue::Landmark;
            rule = "place.head_word";
        } else if lex.is("place_first", first_word) {
            // "Lake Manchar" is a feature; "Desa Karangjati", "Kabupaten Cianjur", "Barangay
            // San Roque", "Downtown Yangon" name a village, a district or a town's part, looked
            // up without the first word.
            cue = if lex.is("unit_first", first_word) {
                let rest = Span::new(ws[1].span.start, ws[ws.len() - 1].span.end);
                lookup = rest.slice(text).to_string();
                // "Brgy. Old Capitol Site": an abbreviated unit word is no part of the name.
                if text[ws[0].span.end..].starts_with('.') {
                    name_span = rest;
                }
                cue_of(&first_word.to_lowercase())
            } else {
                PlaceCue::Feature
            };
            rule = "place.head_word";
        } else if cue_of(&first_word.to_lowercase()) == PlaceCue::Neighbourhood
            && !lex.is("place_after", first_word)
        {
            // "Zona Norte", "Barrio Chino", "Favela da Maré": a part of a town by its first word.
            cue = PlaceCue::Neighbourhood;
            rule = "place.head_word";
        } else if lex.is("direction", first_word) && !lex.is("org_head", last_word) {
            cue = PlaceCue::Region;
            rule = "place.region";
        }
    }
    // "am Hermannplatz", "på Rådhusplassen": a compound whose last part is a landmark word.
    if cue == PlaceCue::None
        && ws.len() == 1
        && known_whole.is_none()
        && lex.compound_landmark(first_word)
    {
        cue = PlaceCue::Landmark;
        rule = "place.compound_head";
    }
    // Words before: "town of X", "capital X", "in the northern Syrian city of X".
    let before = words_before(text, words, piece.first, 8);
    let before_text: String = before
        .iter()
        .map(|(_, w)| w.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    if cue == PlaceCue::None || cue == PlaceCue::Region {
        for phrase in &lex.phrases_before {
            if before_text.ends_with(phrase.as_str())
                && (before_text.len() == phrase.len()
                    || before_text[..before_text.len() - phrase.len()].ends_with(' '))
            {
                let c = cue_before(phrase.split_whitespace().next().unwrap_or(""));
                if c != PlaceCue::None {
                    cue = c;
                    rule = "place.cue_before";
                    break;
                }
            }
        }
    }
    // "la rue Didouche Mourad", "en la plaza de la Universitat", "le camp de M’Poko", "phố
    // Liễu Giai": a landmark or camp noun in lowercase right before the name (with "de" and an
    // article between) is part of the name as written, and says what the place is.
    // (After "de", a town of 100,000 people is where the landmark stands: "el estadio de
    // Cúcuta"; but a street or square is named after the town: "la rue de Brest" in Lyon.)
    if matches!(cue, PlaceCue::None | PlaceCue::Landmark | PlaceCue::Camp)
        && let Some(j) = landmark_noun_before(text, words, &before)
        && (j + 1 == before.len()
            || STREET_NOUNS.contains(&before[j].1.as_str())
            || !known_whole
                .as_ref()
                .is_some_and(|k| k.kind == KnownKind::Populated && k.population >= 100_000))
    {
        let noun_cue = cue_of(&before[j].1);
        cue = noun_cue;
        rule = "place.cue_before";
        name_span = Span::new(words[before[j].0].span.start, name_span.end);
    }
    let preposition = nearest_preposition(text, words, &before, lex)
        .or_else(|| italian_a(text, &before, words, after, lex).then(|| "in".to_string()))
        .or_else(|| {
            (sentence == 0 && ws[0].sentence_start)
                .then(|| "dateline".to_string())
                // ("Foto: Tim SAR …": a credit label and its colon open no dateline.)
                .filter(|_| {
                    is_dateline(text, piece.span) && !lex.is("not_name", piece.span.slice(text))
                })
        })
        .or_else(|| turkish_locative(text, piece.span.end).then(|| "in".to_string()))
        .or_else(|| {
            (sentence > 0 && ws[0].sentence_start && dateline_fragment(text, piece.span, lex))
                .then(|| "dateline".to_string())
        });
    // "Un quartiere di Faenza", "a neighbourhood of Kyiv": after an indefinite article the name
    // is the town a part of which is shown, not the part's own name ("il quartiere di San Lorenzo").
    if cue == PlaceCue::Neighbourhood
        && rule == "place.cue_before"
        && let [.., (_, art), (_, noun), (_, of)] = before.as_slice()
        && matches!(
            art.as_str(),
            "a" | "an" | "un" | "una" | "une" | "um" | "uma" | "ein" | "eine" | "einem"
        )
        && cue_of(noun) == PlaceCue::Neighbourhood
        && (of == "of" || FOREIGN_OF.contains(&of.as_str()))
    {
        cue = PlaceCue::None;
        rule = "place.gazetteer";
    }
    // "in the poor neighborhood of Addis Ababa": after a describing word, a great city is the
    // town a part of which is shown.
    if cue == PlaceCue::Neighbourhood
        && rule == "place.cue_before"
        && let [.., (aj, adj), (_, noun), (_, of)] = before.as_slice()
        && !matches!(adj.as_str(), "the" | "a" | "an")
        && words[*aj].span.slice(text).chars().all(char::is_lowercase)
        && cue_of(noun) == PlaceCue::Neighbourhood
        && of == "of"
        && known_whole
            .as_ref()
            .is_some_and(|k| k.kind == KnownKind::Populated && k.population >= 500_000)
    {
        cue = PlaceCue::None;
        rule = "place.gazetteer";
    }

    // "a Shiite area", "Kurdish villages": a people's name with a place word is not a place name.
    if known_whole.is_none()
        && ws.iter().any(|w| {
            lex.is("not_name", w.span.slice(text)) || oracle.demonym(w.span.slice(text)).is_some()
        })
        && cue != PlaceCue::None
        && ws.len() == 1
    {
        return None;
    }
    // "the apartment belonging to the Ashur family", "official Gen Aoki said": a family's or a
    // titled person's name, even where a small village of that name exists.
    let next_lower = after
        .trim_start()
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .next()
        .unwrap_or("");
    let small = |k: &Option<KnownPlace>| {
        k.as_ref()
            .is_none_or(|k| k.kind == KnownKind::Populated && k.population < 100_000)
    };
    // "Samah, 7, sits in a tent", "a portrait of Ward, a displaced 7-year-old girl": a name
    // with an age is a person's.
    let aged = ws.len() <= 3
        && !piece.possessive
        && super::AGE_AFTER
            .captures(ahead(text, piece.span.end, 40))
            .and_then(|c| c.get(2))
            .is_some_and(|end| matches!(end.as_str(), "-year-old" | "," | ")"));
    if aged && cue == PlaceCue::None {
        return None;
    }
    let titled = before.last().is_some_and(|(j, _)| {
        let w = words[*j].span.slice(text);
        *j + 1 == piece.first
            && names::is_capitalized(w)
            && lex.is("title", w.trim_end_matches('.'))
    });
    // "mit 40 Mann", "3 Tote": a capitalized noun counted by the number before it.
    let counted = before.last().is_some_and(|(j, w)| {
        *j + 1 == piece.first
            && !w.is_empty()
            && w.bytes().all(|b| b.is_ascii_digit())
            && text[words[*j].span.end..piece.span.start].trim().is_empty()
    });
    // "Sayed Bashir, Ali’s father": a possessive before a kinship word is a person's.
    let after_possessive = ["'s", "’s", "'", "’"]
        .iter()
        .find_map(|m| after.strip_prefix(m))
        .unwrap_or(after)
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    let kin = piece.possessive
        && matches!(
            after_possessive,
            "father"
                | "mother"
                | "son"
                | "daughter"
                | "brother"
                | "sister"
                | "wife"
                | "husband"
                | "widow"
                | "uncle"
                | "aunt"
                | "cousin"
                | "grandfather"
                | "grandmother"
                | "grandson"
                | "granddaughter"
                | "nephew"
                | "niece"
                | "parents"
                | "children"
                | "relatives"
                | "coffin"
                | "body"
                | "grave"
        );
    if cue == PlaceCue::None && kin && small(&known_whole) {
        return None;
    }
    if cue == PlaceCue::None
        && !piece.possessive
        && (matches!(
            next_lower,
            "family" | "family's" | "family’s" | "clan" | "household"
        ) || titled
            || (counted && ws.len() == 1))
        && small(&known_whole)
    {
        return None;
    }
    // "(in Green top)", "(L, in Red)": a colour capitalized before clothing or a closing bracket
    // says what someone wears.
    if ws.len() == 1
        && matches!(
            first_word,
            "Green"
                | "Red"
                | "Blue"
                | "White"
                | "Black"
                | "Orange"
                | "Yellow"
                | "Grey"
                | "Gray"
                | "Brown"
                | "Pink"
                | "Purple"
        )
    {
        let next = after.trim_start();
        let next_word = next
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("");
        if next.starts_with(')')
            || matches!(
                next_word,
                "top"
                    | "shirt"
                    | "t-shirt"
                    | "jacket"
                    | "dress"
                    | "hat"
                    | "cap"
                    | "suit"
                    | "uniform"
                    | "scarf"
                    | "coat"
                    | "jersey"
                    | "vest"
                    | "hijab"
                    | "tie"
                    | "sweater"
                    | "shorts"
            )
        {
            return None;
        }
    }
    // "an officer of the Yemen army", "Syria state TV": a name used as an adjective is not a place.
    if cue == PlaceCue::None && !piece.possessive {
        let next_word = after
            .trim_start()
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .next()
            .unwrap_or("");
        if after.starts_with(' ') && ATTRIBUTIVE_HEADS.contains(&next_word) {
            return None;
        }
    }
    let known = oracle.place(&lookup).or_else(|| {
        if lookup != piece.span.slice(text) {
            oracle.place(piece.span.slice(text))
        } else {
            None
        }
    });
    // "the Pays-Bas neighborhood in Niamey", "the Jordan camp", "la plaza Italia": a part of a
    // town, a landmark or a camp named after a country is not that country.
    let known = known.filter(|k| {
        !(k.kind == KnownKind::Country
            && matches!(rule, "place.cue_after" | "place.cue_before")
            && matches!(
                cue,
                PlaceCue::Neighbourhood | PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::District
            ))
    });
    let locative = preposition.as_deref().is_some_and(|p| {
        lex.is("locative", p)
            || p == "dateline"
            || p == "from"
            || p == "of"
            || p == "to"
            || p == "into"
            || p == "towards"
    });
    let in_list = list_neighbour_known(text, piece.span, oracle);
    if known
        .as_ref()
        .is_none_or(|k| k.kind == KnownKind::Populated)
        && lex.is("region", piece.span.slice(text))
    {
        // "Asia's soccer boss", "across the Middle East": a world region is a place, never a town.
        return Some(PlacePhrase {
            name: piece.span.slice(text).to_string(),
            span: piece.span,
            lookup: lookup.clone(),
            cue: PlaceCue::Region,
            known: None,
            locative: places_the_photo(preposition.as_deref(), lex),
            preposition,
            sentence,
            possessive: piece.possessive,
            rule: "place.region_name",
        });
    }
    // "in Tokyo's Kameido": a name after a known town's possessive is a part of that town.
    // The name may be unknown or a smaller place the gazetteer lists inside the town ("Tajrish").
    let smaller_than = |owner_pop: u64| {
        known
            .as_ref()
            .is_none_or(|k| k.kind == KnownKind::Populated && k.population < owner_pop)
    };
    let after_possessive_place = known.as_ref().is_none_or(|k| k.kind == KnownKind::Populated)
        && before.last().is_some_and(|(j, _)| {
            // The whole name before the possessive: "Manchester City's" is a club, not a town.
            // A settlement word with the possessive names its town before it ("Chattogram
            // city's Muradpur").
            let shifted = *j > 0
                && words[*j].possessive
                && matches!(
                    words[*j].span.slice(text),
                    "city" | "town" | "capital" | "village"
                )
                && names::is_capitalized(words[*j - 1].span.slice(text));
            let j = &if shifted { *j - 1 } else { *j };
            let mut start = *j;
            while start > 0
                && names::is_capitalized(words[start - 1].span.slice(text))
                && text[words[start - 1].span.end..words[start].span.start].trim().is_empty()
            {
                start -= 1;
            }
            let owner = &text[words[start].span.start..words[*j].span.end];
            (words[*j].possessive || shifted)
                && oracle
                    .place(owner)
                    .is_some_and(|k| k.kind == KnownKind::Populated && k.primary && smaller_than(k.population))
        })
        && !looks_like_person(text, ws, lex)
        // Two capitalized words after a town's possessive are more often its people
        // ("Liverpool's Darwin Núñez") than its quarters.
        && ws.len() == 1
        && !sport
        && lex.common_size(first_word).is_none_or(|z| z > 35);
    if after_possessive_place && cue == PlaceCue::None {
        cue = PlaceCue::Neighbourhood;
        rule = "place.part_of_town";
    }
    let accept = match (&known, cue) {
        // "Catholics attend Mass": an everyday word that is also a province's short name
        // ("Mass." for Massachusetts) needs its abbreviation dot.
        (Some(k), _)
            if k.kind == KnownKind::Admin1
                && ws.len() == 1
                && lex.common_size(first_word).is_some_and(|z| z <= 20) =>
        {
            text[piece.span.end..].starts_with('.')
        }
        (Some(k), _) if k.kind != KnownKind::Populated => true,
        (Some(_), c) if c != PlaceCue::None => true,
        (Some(k), _) => {
            locative
                || in_list
                || (k.primary
                    && (k.population >= 1_000_000
                        || (piece.possessive && k.population >= 100_000)
                        || (ws.len() >= 2 && k.population >= 50_000)
                        // "A thick haze covers Canberra": a town of some size, named alone
                        // (not inside a longer name, not an everyday word, not a team).
                        || (k.population >= 50_000
                            && !sport
                            && ws.len() == 1
                            && lex.common_size(first_word).is_none()
                            && !names::is_all_caps(first_word)
                            && before.last().is_none_or(|(_, w)| {
                                !names::is_capitalized(w)
                                    && !matches!(w.as_str(), "of" | "against" | "vs" | "versus" | "beat" | "beats")
                            })
                            && alone_in_text(text, piece.span)))
                // "le port de Beyrouth", "una barriada de Puerto Príncipe": a great city's name
                // in another language after "de", "di", "du".
                || (k.population >= 1_000_000
                    && !sport
                    && before.last().is_some_and(|(_, w)| {
                        matches!(w.as_str(), "de" | "di" | "du" | "del" | "des" | "da" | "do" | "d'" | "d’")
                    })
                    && lex.common_size(first_word).is_none()
                    && alone_in_text(text, piece.span)))
        }
        (None, _)
            if ws.len() == 1
                && (lex.is("place_head", first_word)
                    || lex.is("org_head", first_word)
                    || lex.is("place_after", first_word)) =>
        {
            false
        }
        (None, PlaceCue::None)
            if matches!(preposition.as_deref(), Some("in" | "at" | "near"))
                && ws[0].sentence <= 1
                && !names::is_all_caps(piece.span.slice(text))
                && !piece.possessive
                && !lex.is("org_head", last_word)
                && lex.common_size(first_word).is_none_or(|z| z > 35)
                && ws.iter().all(|w| {
                    let t = w.span.slice(text);
                    !lex.is("not_name", t) && !lex.is("title", t) && oracle.demonym(t).is_none()
                }) =>
        {
            // "in Lesbos": captions put the photo's place after "in" far more often than anything else.
            !looks_like_person(text, ws, lex)
        }
        (None, PlaceCue::None) => {
            // An unknown name the grammar places: "in Jubar, Damascus", "at Headingley, Leeds".
            // "in Jubar, Damascus" (a known place follows) or "Hamouriyeh, eastern Ghouta" (a
            // region after a known place); "the mayor of Derna, Abdulmenam al-Ghaithi, told" is
            // an apposition, not a list of places.
            let after_direction = before.last().is_some_and(|(_, w)| lex.is("direction", w));
            let after_comma = text[..piece.span.start].trim_end().ends_with(',');
            let (next_known, prev_known) = list_neighbours_known(text, piece.span, oracle);
            let locative_prep = preposition.as_deref().is_some_and(|p| {
                matches!(p, "in" | "at" | "near" | "dateline" | "of")
                        // "en Sviatoshyn, Kiev": other languages' "in", only before a comma and
                        // a known place (capitalized nouns of those languages are no towns).
                        || matches!(
                            p,
                            "en" | "em" | "à" | "dans" | "na" | "nella" | "nel" | "im" | "bei"
                                | "di" | "w" | "we" | "v" | "ve" | "u" | "în" | "sa" | "ở"
                                | "tại" | "katika" | "jijini" | "mjini" | "në" | "på" | "i"
                        )
                            && text[piece.span.end..].trim_start().starts_with(',')
            });
            ((locative_prep || after_comma) && next_known
                || after_direction && (prev_known || next_known))
                && !looks_like_person(text, ws, lex)
        }
        (None, _) => true,
    };
    if !accept {
        return None;
    }
    let mut name = name_span.slice(text).to_string();
    if cue == PlaceCue::Region
        && lex.is("direction", first_word)
        && ws.len() >= 2
        && known.is_none()
    {
        // Keep the region's own name; "Eastern Ghouta" is a name, "western Mosul" never reaches here.
        name = piece.span.slice(text).to_string();
    }
    if rule == "place.gazetteer" && known.is_none() {
        rule = "place.list";
    }
    Some(PlacePhrase {
        name,
        span: name_span,
        lookup,
        cue,
        known,
        locative: places_the_photo(preposition.as_deref(), lex),
        preposition,
        sentence,
        possessive: piece.possessive || possessive_after,
        rule,
    })
}

/// Streets and squares, which take a town's name after "de" as their own ("rue de Brest",
/// "calle de Toledo", "avenue de Lyon"), unlike a stadium or a prison of that town.
const STREET_NOUNS: &[&str] = &[
    "rue",
    "calle",
    "rua",
    "avenida",
    "avenue",
    "via",
    "viale",
    "corso",
    "boulevard",
    "paseo",
    "carrer",
    "avinguda",
    "passeig",
    "rambla",
    "calzada",
    "place",
    "plaza",
    "praça",
    "piazza",
    "largo",
];

/// The index in `before` of a lowercase landmark or camp noun written right before a name,
/// alone or with "de" and an article after it ("rue", "plaza de la", "camp de").
fn landmark_noun_before(text: &str, words: &[Word], before: &[(usize, String)]) -> Option<usize> {
    let n = before.len();
    let is_noun = |k: usize| {
        let (j, w) = &before[k];
        words[*j].span.slice(text).starts_with(char::is_lowercase)
            && matches!(cue_of(w), PlaceCue::Landmark | PlaceCue::Camp)
    };
    // (Swahili joins a noun to its name by a word agreeing with the noun's class.)
    let is_of = |k: usize| {
        FOREIGN_OF.contains(&before[k].1.as_str())
            || (matches!(before[k].1.as_str(), "la" | "wa" | "ya" | "cha")
                && k > 0
                && SWAHILI_NOUNS.contains(&before[k - 1].1.as_str()))
    };
    let is_article = |k: usize| FOREIGN_ARTICLES.contains(&before[k].1.as_str());
    if n >= 1 && is_noun(n - 1) {
        return Some(n - 1);
    }
    // ("la carretera de Vado Hondo", "la route de Kidal": a road "of" a town leads there.)
    let road = |k: usize| {
        matches!(
            before[k].1.as_str(),
            "carretera"
                | "camino"
                | "route"
                | "chemin"
                | "estrada"
                | "strada"
                | "autopista"
                | "rodovia"
        )
    };
    if n >= 2 && is_of(n - 1) && is_noun(n - 2) && !road(n - 2) {
        return Some(n - 2);
    }
    if n >= 3 && is_article(n - 1) && is_of(n - 2) && is_noun(n - 3) && !road(n - 3) {
        return Some(n - 3);
    }
    None
}

/// Whether a place phrase's preposition says the photo is there (see `PlacePhrase::locative`).
pub(super) fn places_the_photo(preposition: Option<&str>, lex: &NameLexicon) -> bool {
    preposition.is_some_and(|p| {
        p == "dateline" || p == "of" || (lex.is("locative", p) && !lex.is("passing", p))
    })
}

/// Lowercase nouns that make a preceding place name an adjective ("the Yemen army").
pub(super) const ATTRIBUTIVE_HEADS: &[&str] = &[
    "army",
    "government",
    "forces",
    "military",
    "police",
    "president",
    "prime",
    "officials",
    "official",
    "authorities",
    "troops",
    "soldiers",
    "team",
    "squad",
    "navy",
    "embassy",
    "ministry",
    "media",
    "state",
    "national",
    "nationals",
    "leader",
    "leaders",
    "regime",
    "coalition",
    "side",
    "player",
    "players",
    "fans",
    "supporters",
    "coach",
    "captain",
    "manager",
    "striker",
    "midfielder",
    "defender",
    "goalkeeper",
    "forward",
    "international",
    "delegation",
    "envoy",
    "ambassador",
    "counterpart",
    "lawmakers",
    "parliament",
    "cabinet",
    "opposition",
    "rebels",
    "militants",
    "fighters",
];

/// "of" before a place name in Spanish, French, Italian, Portuguese and German.
/// The Swahili place nouns of [`cue_of`], whose connector ("la", "wa", "ya") is their "of".
const SWAHILI_NOUNS: &[&str] = &[
    "soko",
    "uwanja",
    "barabara",
    "hospitali",
    "shule",
    "kanisa",
    "msikiti",
    "bandari",
    "daraja",
    "ukumbi",
    "kituo",
    "kambi",
    "kijiji",
    "mtaa",
];

const FOREIGN_OF: &[&str] = &[
    "de", "di", "du", "del", "della", "do", "da", "von", "d'", "d’", "dell'", "dell’",
];

/// Articles between a locative and a cue noun in those languages ("en la ciudad de").
const FOREIGN_ARTICLES: &[&str] = &[
    "la", "el", "le", "il", "l'", "l’", "lo", "der", "die", "das", "o", "a",
];

pub(super) const OTHER_PREPOSITIONS: &[&str] = &[
    "from", "to", "into", "towards", "toward", "of", "between", "via", "across", "with", "by",
    "for", "against", "after", "before", "during", "like", "than", "over", "under", "through",
];

/// Italian "a" before a town places the photo there ("Manifestazione a Milano", "Corteo a
/// Napoli contro il governo"). In English "a" before a capitalized name is an article whose noun
/// follows ("a Gaza resident", "a London firm"), so the name must end the clause or be followed by
/// a function word of another language.
fn italian_a(
    text: &str,
    before: &[(usize, String)],
    words: &[Word],
    after: &str,
    lex: &NameLexicon,
) -> bool {
    let Some((j, w)) = before.last() else {
        return false;
    };
    if w != "a" || words[*j].span.slice(text) != "a" {
        return false;
    }
    // Portuguese "a" is the article ("segundo a Cáritas").
    let portuguese = [" em ", " uma ", " do ", " dos ", " ao ", " não ", " é "]
        .iter()
        .any(|m| text.contains(m));
    if portuguese {
        return false;
    }
    let rest = after.trim_start_matches([' ', '\t']);
    let next: String = rest
        .chars()
        .take_while(|c| c.is_alphabetic() || *c == '\'' || *c == '’')
        .collect();
    if next.is_empty() {
        // The clause ends: "a Milano.", "a Milano - Foto Ansa", "a Milano, dove …".
        return rest.is_empty() || rest.starts_with(['.', ',', ';', ':', '-', '–', '—', '(', '\n']);
    }
    next.starts_with(char::is_lowercase) && lex.is("foreign", &next) && !lex.is("english", &next)
}

/// The preposition governing a name, looking back over articles, adjectives and cue nouns only:
/// "in the rebel-held besieged town of Douma" → `of`; "in action with Brighton" → `with`.
pub(super) fn nearest_preposition(
    text: &str,
    words: &[Word],
    before: &[(usize, String)],
    lex: &NameLexicon,
) -> Option<String> {
    let mut after_cue_of = false;
    // After "quartiere di", "barrio de": a part of a town, so the name is that town.
    let mut after_part_of = false;
    for (k, (j, w)) in before.iter().enumerate().rev() {
        let w = w.as_str();
        // "from the city of Misrata", "in the eastern Congolese city of Goma": the preposition
        // that governs the place stands before its cue noun.
        if w == "of" && k > 0 && cue_of(before[k - 1].1.as_str()) == PlaceCue::Settlement {
            after_cue_of = true;
            continue;
        }
        // "en la ciudad de Kiev", "nella città ucraina di Bucha", "in der Stadt Bucha": the
        // same in other languages, a demonym or adjective allowed after the cue noun.
        // "en el barrio de Petare", "dans le quartier de Matonge": after a part-of-town noun too.
        let part_noun = |w: &str| {
            matches!(
                cue_of(w),
                PlaceCue::Settlement | PlaceCue::Neighbourhood | PlaceCue::District
            )
        };
        // "près d’Amizmiz", "cerca de Quito": near the place.
        if FOREIGN_OF.contains(&w)
            && k > 0
            && matches!(
                before[k - 1].1.as_str(),
                "près" | "cerca" | "perto" | "vicino" | "presso"
            )
        {
            return Some("near".to_string());
        }
        if FOREIGN_OF.contains(&w)
            && (k > 0 && part_noun(before[k - 1].1.as_str())
                || k > 1 && part_noun(before[k - 2].1.as_str()))
        {
            after_cue_of = true;
            after_part_of = k > 0
                && matches!(
                    cue_of(before[k - 1].1.as_str()),
                    PlaceCue::Neighbourhood | PlaceCue::District
                );
            continue;
        }
        if after_cue_of && FOREIGN_ARTICLES.contains(&w) {
            continue;
        }
        if after_cue_of
            && k + 1 < before.len()
            && FOREIGN_OF.contains(&before[k + 1].1.as_str())
            && k > 0
            && cue_of(before[k - 1].1.as_str()) == PlaceCue::Settlement
        {
            // the adjective between the cue noun and "de": "ciudad ucraniana de".
            continue;
        }
        if after_cue_of && cue_of(w) == PlaceCue::Settlement {
            continue;
        }
        // "a road leading to the city of Makariv": the road is at the place.
        if w == "to"
            && k > 0
            && matches!(
                before[k - 1].1.as_str(),
                "leading" | "road" | "way" | "route" | "highway"
            )
        {
            return Some("near".to_string());
        }
        // "missiles hit central Kharkiv": verbs of impact place their object.
        if matches!(
            w,
            "hit"
                | "struck"
                | "rocked"
                | "shook"
                | "pounded"
                | "bombed"
                | "shelled"
                | "flooded"
                | "battered"
                | "devastated"
        ) {
            return Some("in".to_string());
        }
        // "Residents of Aleppo": an everyday word capitalized only to open the sentence says
        // whose people they are, not where the photo is; no preposition places it.
        if w == "of"
            && *j > 0
            && words[*j - 1].sentence_start
            && lex
                .common_size(words[*j - 1].span.slice(text))
                .is_some_and(|z| z <= 20)
        {
            return None;
        }
        // "a portrait of Lenin", "a statue of Bolívar": a depiction's subject is no place ("a
        // statue of Venezuela's late president" still names the country).
        if w == "of"
            && k > 0
            && !words.get(*j + 1).is_some_and(|n| n.possessive)
            && matches!(
                before[k - 1].1.as_str(),
                "portrait"
                    | "portraits"
                    | "statue"
                    | "statues"
                    | "bust"
                    | "poster"
                    | "posters"
                    | "mural"
                    | "murals"
                    | "effigy"
                    | "painting"
                    | "picture"
                    | "pictures"
                    | "image"
                    | "images"
                    | "photo"
                    | "photos"
                    | "photograph"
                    | "photographs"
                    | "banner"
                    | "banners"
                    | "likeness"
                    | "figure"
                    | "sculpture"
            )
        {
            return None;
        }
        if w == "of"
            && *j > 0
            && names::is_capitalized(words[*j - 1].span.slice(text))
            // "the Grand Mosque of Agadez": a landmark is in the place, not its member.
            && !landmark_head(words[*j - 1].span.slice(text))
            && text[words[*j - 1].span.end..words[*j].span.start]
                .trim()
                .is_empty()
        {
            // "Mohamed Salah of Liverpool", "Max Lowe of Sheffield United": an affiliation.
            return Some("of-name".to_string());
        }
        // "next to the Democracy Monument", "close to the border": beside it, as "near".
        if w == "to" && k > 0 && matches!(before[k - 1].1.as_str(), "next" | "close" | "adjacent") {
            return Some("near".to_string());
        }
        if lex.is("locative", w) || OTHER_PREPOSITIONS.contains(&w) {
            return Some(w.to_string());
        }
        let raw = words[*j].span.slice(text);
        let skippable = matches!(
            w,
            "the" | "a" | "an" | "this" | "that" | "its" | "their" | "his" | "her"
        ) || (FOREIGN_ARTICLES.contains(&w) && !matches!(w, "der" | "die" | "das"))
            || matches!(w, "los" | "las" | "les" | "os" | "as")
            || lex.is("direction", w)
            || w.ends_with("-held")
            || w.ends_with("-controlled")
            || w.ends_with("-run")
            // "in the quake-hit", "in the flood-ravaged", "in the poverty-stricken".
            || w.ends_with("-hit")
            || w.ends_with("-stricken")
            || w.ends_with("-ravaged")
            || w.ends_with("-affected")
            || w.ends_with("-class")
            || matches!(
                w,
                "poor"
                    | "impoverished"
                    | "crowded"
                    | "overcrowded"
                    | "sprawling"
                    | "busy"
                    | "historic"
                    | "ancient"
                    | "destroyed"
                    | "damaged"
                    | "deserted"
                    | "abandoned"
                    | "informal"
                    | "makeshift"
                    | "main"
                    | "restive"
                    | "volatile"
                    | "troubled"
            )
            || matches!(
                w,
                "besieged"
                    | "rebel"
                    | "opposition"
                    | "government"
                    | "held"
                    | "embattled"
                    | "war-torn"
                    | "nearby"
                    | "neighbouring"
                    | "neighboring"
                    | "coastal"
                    | "occupied"
                    | "annexed"
                    | "disputed"
                    | "old"
                    | "small"
                    | "remote"
                    | "refugee"
            )
            || cue_of(w) != PlaceCue::None
            || names::is_capitalized(raw)
            // "im nordschwäbischen Wertingen", "im nördlichen Syrien": a German adjective of
            // region or direction between the preposition and the name.
            || (k > 0
                && lex.is("locative", before[k - 1].1.as_str())
                && !matches!(before[k - 1].1.as_str(), "in" | "at")
                && ["ischen", "ischem", "ischer", "lichen", "lichem"]
                    .iter()
                    .any(|e| w.ends_with(e)));
        if !skippable {
            // "Un quartiere di Faenza sommerso": a part-of-town noun and "di" with no
            // preposition before them place the name as English "of" does.
            return after_part_of.then(|| "of".to_string());
        }
    }
    after_part_of.then(|| "of".to_string())
}

/// "ex-president" → "president", "former-minister" → "minister".
pub(super) fn strip_title_prefix(word: &str) -> &str {
    for p in [
        "ex-", "Ex-", "former-", "then-", "acting-", "vice-", "deputy-",
    ] {
        if let Some(rest) = word.strip_prefix(p) {
            return rest;
        }
    }
    word
}

pub(super) fn looks_like_person(text: &str, ws: &[Word], lex: &NameLexicon) -> bool {
    ws.len() >= 2
        && ws
            .iter()
            .all(|w| lex.common_size(w.span.slice(text)).is_none())
        && ws.iter().any(|w| lex.is("title", w.span.slice(text)))
}

/// A caption that opens with "Idlib, Syria." or "Kitzbuehel, Austria -": a dateline.
pub(super) fn is_dateline(text: &str, span: Span) -> bool {
    // "Warszawa: z ronda Dmowskiego …": a town and a colon open the caption as a dateline does.
    // ("MAJDAL SHAMS: Druze elders …": a town of a few words too, each capitalized.)
    if text[span.end..].starts_with(": ") {
        let name = &text[span.start..span.end];
        let words = name.split(' ').count();
        return words == 1
            || (words <= 3 && name.len() <= 30 && name.split(' ').all(names::is_capitalized));
    }
    if !text[span.end..].starts_with([',', ' ', '.'])
        || text[span.end..]
            .trim_start()
            .starts_with(char::is_lowercase)
    {
        return false;
    }
    let line_end = text[span.start..]
        .find(['.', '\n', '-', '—', '–', ':'])
        .map(|i| span.start + i)
        .unwrap_or(text.len());
    line_end - span.start < 60
}

/// "… con sus seres queridos. Ciudad de México. Septiembre 19, 2017.": a later sentence that
/// is only a place's name (and a country after a comma), followed by a sentence that opens with
/// a date, is a dateline written after the caption.
fn dateline_fragment(text: &str, span: Span, lex: &NameLexicon) -> bool {
    const MONTHS: &[&str] = &[
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "setiembre",
        "octubre",
        "noviembre",
        "diciembre",
        "janeiro",
        "fevereiro",
        "março",
        "maio",
        "junho",
        "julho",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ];
    let rest = &text[span.end..];
    let Some(dot) = rest.find(['.', '\n']) else {
        return false;
    };
    let between = rest[..dot].trim();
    let country_after = between.strip_prefix(',').is_some_and(|c| {
        let words: Vec<&str> = c.split_whitespace().collect();
        (1..=3).contains(&words.len()) && words.iter().all(|w| w.starts_with(char::is_uppercase))
    });
    if !between.is_empty() && !country_after {
        return false;
    }
    let after = rest[dot + 1..].trim_start();
    let word = after
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("");
    word.starts_with(|c: char| c.is_ascii_digit())
        || lex.is("month", word)
        || MONTHS.contains(&word.to_lowercase().as_str())
}

/// Where a person stands in the picture, right after the name: "(L)", "(left)", "(2nd R)",
/// Spanish "(i)" / "(d)", French "(g)" / "(à gauche)".
pub(super) fn position_mark_after(text: &str, span: Span) -> bool {
    static MARK: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*\((?:(?:\d(?:st|nd|rd|th)\s+(?:from\s+)?)?(?:L|R|C|l|r|c|i|d|g|izq\.?|der\.?|left|right|centre|center|front|back|top|bottom|à gauche|à droite|au centre|izquierda|derecha|centro|esquerda|direita|sinistra|destra)(?:\s+to\s+right|\s+to\s+left)?)\)")
            .expect("position mark regex")
    });
    MARK.is_match(ahead(text, span.end, 30))
}

/// No capitalized word, age ("73 year old Name") or position mark ("Name (left)") right next to
/// the name in the text: a town's name standing alone, not part of a person's.
fn alone_in_text(text: &str, span: Span) -> bool {
    let prev = text[..span.start]
        .split_whitespace()
        .next_back()
        .unwrap_or("");
    let next = text[span.end..].trim_start();
    !names::is_capitalized(prev.trim_matches(|c: char| !c.is_alphanumeric()))
        && !matches!(prev, "old" | "aged")
        && !next.strip_prefix('(').is_some_and(|r| {
            r.starts_with(|c: char| c.is_ascii_digit() || c.is_lowercase())
                || r.starts_with("L)")
                || r.starts_with("R)")
                || r.starts_with("C)")
        })
        && !next.starts_with(char::is_uppercase)
}

/// True when the name is next to a known place in a comma list ("Jubar, Damascus").
pub(super) fn list_neighbour_known(text: &str, span: Span, oracle: &dyn PlaceOracle) -> bool {
    let (next, prev) = list_neighbours_known(text, span, oracle);
    next || prev
}

/// Whether a known place follows (", Damascus") and whether one precedes ("Gaza, ").
pub(super) fn list_neighbours_known(
    text: &str,
    span: Span,
    oracle: &dyn PlaceOracle,
) -> (bool, bool) {
    static NEXT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^,\s+(?:(?:near|in|outside|north of|south of|east of|west of)\s+)?(?:the\s+)?(?:(?:northern|southern|eastern|western|central|north|south|east|west|north-east|north-west|south-east|south-west|northeastern|northwestern|southeastern|southwestern)\s+)?((?:[A-Z][\w'’.-]*)(?:\s+(?:al-?|el-?|[A-Z][\w'’.-]*))*)").unwrap()
    });
    static PREV: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"((?:[A-Z][\w'’.-]*)(?:\s+[A-Z][\w'’.-]*)*),\s+(?:[a-z-]+\s+)?$").unwrap()
    });
    let mut next = false;
    if let Some(c) = NEXT.captures(ahead(text, span.end, 120)) {
        let name = c[1].trim_end_matches('.');
        next = oracle.place(name).is_some()
            || name.split_whitespace().next().is_some_and(|first| {
                oracle
                    .place(first)
                    .is_some_and(|k| k.kind != KnownKind::Populated)
            });
    }
    let start = floor_char_boundary(text, span.start.saturating_sub(40));
    let prev = PREV
        .captures(&text[start..span.start])
        .is_some_and(|c| oracle.place(&c[1]).is_some());
    (next, prev)
}

/// The cue of a phrase before a name ("town of X"): parts of a city ("outskirts of X", "port
/// of X") name the city itself, unlike the same words after a name ("X port").
pub(super) fn cue_before(word: &str) -> PlaceCue {
    match word {
        "area" | "outskirts" | "outskirt" | "centre" | "center" | "streets" | "port"
        | "suburbs" | "suburb" | "location" | "district" | "stronghold" => PlaceCue::Settlement,
        // "southern rural Idlib": Syrian usage for a province's countryside.
        "rural" => PlaceCue::Province,
        w => cue_of(w),
    }
}

pub(super) fn cue_of(word: &str) -> PlaceCue {
    match word {
        "village" | "villages" | "town" | "city" | "capital" => PlaceCue::Settlement,
        // The same words in Spanish, French, Italian, Portuguese and German captions.
        "ciudad" | "localidad" | "pueblo" | "aldea" | "ville" | "città" | "citta" | "villaggio"
        | "paese" | "cidade" | "vila" | "aldeia" | "stadt" | "dorf" | "capitale" | "capital de" => {
            PlaceCue::Settlement
        }
        "quartier" | "quartiere" | "bairro" => PlaceCue::Neighbourhood,
        // Indonesian/Malay, Tagalog and Vietnamese.
        "kota" | "desa" | "thành" | "kampung" | "dusun" | "downtown" => PlaceCue::Settlement,
        "kabupaten" | "kecamatan" | "huyện" | "quận" => PlaceCue::District,
        // Vietnamese communes and wards; Spanish, Portuguese, French and Italian municipalities
        // and villages.
        "xã" | "municipio" | "município" | "municipalité" | "comune" | "corregimiento"
        | "vereda" | "caserío" | "gemeinde" => PlaceCue::Settlement,
        "phường" => PlaceCue::Neighbourhood,
        "estado" | "état" => PlaceCue::Province,
        "provinsi" | "tỉnh" => PlaceCue::Province,
        // Vietnamese hamlets ("thôn Làng Át") are parts of a commune, shown as a neighbourhood.
        "barangay" | "brgy" | "bgy" | "kelurahan" | "thôn" => PlaceCue::Neighbourhood,
        "jalan" => PlaceCue::Landmark,
        "phố" | "đường" | "chợ" | "cầu" | "chùa" | "đền" | "nhà thờ" | "sân vận động"
        | "quảng trường" | "công viên" | "bến" => PlaceCue::Landmark,
        // Russian and Ukrainian streets, squares and avenues, quarters and villages.
        "улице"
        | "улица"
        | "улицы"
        | "вулиці"
        | "вулиця"
        | "площади"
        | "площадь"
        | "площі"
        | "проспекте"
        | "проспекті"
        | "бульваре"
        | "набережной" => PlaceCue::Landmark,
        "районе" | "микрорайоне" => PlaceCue::Neighbourhood,
        // Turkish: "Gazze Şeridi" (the Gaza Strip) is a region, not a landmark.
        "şeridi" => PlaceCue::Region,
        "селе" | "селі" | "поселке" | "посёлке" | "деревне" => {
            PlaceCue::Settlement
        }
        // Spanish, Portuguese, French and Italian roads, squares and buildings written before
        // their name in lowercase ("la autopista Simón Bolívar", "la rue Oberkampf").
        "autopista" | "carretera" | "avenida" | "calle" | "parque" | "puente" | "mercado"
        | "cárcel" | "penal" | "rodovia" | "estrada" | "rua" | "praça" | "ponte" | "piazza"
        | "rue" | "pont" | "marché" | "autoroute" | "prisión" | "prisão" | "ronda" | "carrer"
        | "passeig" | "avinguda" | "rambla" | "paseo" | "calzada" | "iglesia" | "catedral"
        | "igreja" | "église" | "chiesa" | "estadio" | "estádio" | "stade" | "stadio"
        | "mezquita" | "mesquita" | "mosquée" | "moschea" | "cementerio" | "cemitério"
        | "cimetière" | "cimitero" | "palacio" | "palácio" | "palais" | "palazzo"
        | "aeropuerto" | "aeroporto" | "aéroport" | "hôpital" | "ospedale" | "universidad"
        | "universidade" | "université" | "università" | "escuela" | "escola" | "école"
        | "scuola" | "estación" | "estação" | "gare" | "place" | "albergue" | "refugio"
        | "abrigo" | "colegio" | "liceo" | "lycée" | "templo" | "parroquia" | "santuario"
        | "coliseo" | "polideportivo" | "panteón" | "camposanto" | "glorieta" | "malecón"
        | "zócalo" | "basílica" | "capilla" | "convento" | "monasterio" | "museo" | "teatro"
        | "ayuntamiento" | "cuartel" | "muelle" | "hipódromo" | "explanada" | "alameda" => {
            PlaceCue::Landmark
        }
        // Swahili markets, stadiums and grounds, roads, hospitals, schools, churches, mosques,
        // ports, bridges, halls and stations, written before their name with "la", "wa", "ya"
        // or "cha" ("soko la Kariakoo", "uwanja wa Taifa", "barabara ya Morogoro").
        "soko" | "uwanja" | "barabara" | "hospitali" | "shule" | "kanisa" | "msikiti"
        | "bandari" | "daraja" | "ukumbi" | "kituo" => PlaceCue::Landmark,
        "kambi" => PlaceCue::Camp,
        "kijiji" => PlaceCue::Settlement,
        "provincia" | "región" | "regione" | "région" | "região" => PlaceCue::Province,
        "distrito" | "distretto" | "bezirk" => PlaceCue::District,
        // German divisions and parts of a town, written capitalized before the name ("im
        // Bezirk Nakuru", "im Landkreis Ahrweiler", "dem Stadtteil Altenessen"); Polish, Czech
        // and Slovak ones in the cases that follow a preposition ("w województwie
        // podkarpackim", "w gminie Kłodzko", "v obci Zákolany", "v okrese Mělník").
        "landkreis" | "kreis" | "powiecie" | "powiat" | "okrese" | "okres" => PlaceCue::District,
        "provinz" | "bundesstaat" | "bundesland" | "kanton" | "województwie" | "kraji" => {
            PlaceCue::Province
        }
        "stadtteil" | "ortsteil" | "stadtviertel" | "viertel" | "dzielnicy" | "osiedlu" => {
            PlaceCue::Neighbourhood
        }
        "ortschaft" | "gminie" | "miejscowości" | "wsi" | "mieście" | "obci" | "městě"
        | "meste" | "dedine" => PlaceCue::Settlement,
        "neighbourhood" | "neighborhood" | "neighbourhoods" | "quarter" | "suburb" | "area"
        | "outskirts" | "outskirt" | "centre" | "center" | "streets" | "slum" | "shantytown"
        | "township" | "favela" | "barrio" | "comuna" | "colonia" | "commune" | "mahallesi"
        | "mahalle" | "cité" | "lotissement" | "comunidade" | "complexo" | "morro"
        | "asentamiento" | "sector" | "mtaa" | "zona" | "vecindario" | "urbanización"
        | "centro" | "afueras" | "periferia" | "périphérie" | "arredores" | "alrededores"
        | "banlieue" => PlaceCue::Neighbourhood,
        "camp"
        | "refugee camp"
        | "displacement camp"
        | "settlement"
        | "refugee settlement"
        | "informal settlement" => PlaceCue::Camp,
        "stadium" | "square" | "palace" | "castle" | "airport" | "mosque" | "church"
        | "cathedral" | "temple" | "market" | "port" | "hospital" | "school" | "street"
        | "road" | "highway" | "bridge" | "crossing" | "border crossing" | "checkpoint"
        | "park" | "arena" | "ground" | "field" | "garden" | "gardens" | "beach" | "gate"
        | "tower" | "museum" | "memorial" | "monument" | "base" | "abbey" | "cemetery"
        | "harbour" | "harbor" | "compound" | "estate" | "common" | "lane" | "avenue"
        | "boulevard" | "bazaar" | "terminal" | "station" | "shrine" | "tomb" | "mausoleum"
        | "monastery" | "synagogue" | "theatre" | "theater" | "prison" | "jail" | "refinery"
        | "mall" | "hotel" | "air base" | "airbase" | "airfield" | "military airport"
        | "military base" | "naval base" | "barracks" | "university" | "campus" | "pagoda"
        | "fort" | "fortress" | "citadel" | "graveyard" | "plaza" | "gurdwara" | "basilica"
        | "chapel" | "gallery" | "junction" | "colony" | "roundabout" | "cinema" | "residence"
        | "bus stop" | "bus station" | "intersection" | "flyover" | "interchange"
        | "state residence" | "villa" | "ziggurat" | "restaurant" | "cafe" | "café"
        | "supermarket" | "zone" | "caddesi" | "sokak" | "sokağı" | "bulvarı" | "meydanı"
        | "camii" | "apartmanı" | "sitesi" | "factory" | "plant" | "power plant"
        | "chemical plant" | "mine" | "coal mine" | "gold mine" | "oil field" | "gas field"
        | "diner" | "courthouse" | "pub" | "coffee shop" | "warehouse" | "farm" | "ranch"
        | "motel" | "nightclub" | "bakery" | "shopping centre" | "shopping center" | "quarry"
        | "depot" => PlaceCue::Landmark,
        "province" | "provinces" | "governorate" | "prefecture" | "region" | "state"
        | "countryside" | "oblast" | "krai" | "department" | "departamento" => PlaceCue::Province,
        "county" => PlaceCue::District,
        "district" | "sub-district" | "subdistrict" | "ilçesi" | "rayon" => PlaceCue::District,
        "island" | "islands" | "valley" | "river" | "lake" | "mountain" | "mountains" | "hills"
        | "sea" | "strip" | "bank" | "ocean" | "waters" | "border" | "heights" | "desert"
        | "gulf" | "bay" | "coast" | "peninsula" | "plain" | "plateau" | "canal" | "dam"
        | "oasis" => PlaceCue::Feature,
        // Rivers and lakes written before their name in lowercase ("el río Duero", "w rzece
        // Wisła", "sông Hồng"); the same words are `place_before` in data/name_words.tsv.
        "río" | "rio" | "rivière" | "fleuve" | "fiume" | "fluss" | "rivier" | "rzeka" | "rzeki"
        | "rzece" | "řeka" | "řece" | "folyó" | "sông" | "река" | "реки" | "реке" | "річка"
        | "річки" | "річці" | "lago" | "lac" | "arroyo" | "quebrada" | "ribeirão" | "riacho" => {
            PlaceCue::Feature
        }
        "city " => PlaceCue::Settlement,
        _ => PlaceCue::None,
    }
}

/// A capitalized word that ends a landmark's name ("Grand Mosque", "Central Market"), not an
/// institution's ("University of Nairobi", "Hospital of …") or a feature's ("Gulf of Aden").
pub(super) fn landmark_head(word: &str) -> bool {
    let lower = word.to_lowercase();
    cue_of(&lower) == PlaceCue::Landmark
        && !matches!(
            lower.as_str(),
            "port"
                | "gate"
                | "common"
                | "university"
                | "school"
                | "hospital"
                | "colony"
                | "zone"
                | "estate"
                | "field"
                | "ground"
                | "residence"
                | "campus"
        )
}

/// "İstanbul'da", "Antakya ilçesinde", "İncirli köyünde": Turkish puts "in" at the end of the
/// name, as a case ending after an apostrophe or on the place noun that follows it.
fn turkish_locative(text: &str, end: usize) -> bool {
    static LOCATIVE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:['’`](?:n?[dt][ae](?:ki)?)\b|\s+(?:ilçe|il|köy|mahalle|kent|şehr|belde|kasaba|bölge)\w*n?[dt][ae]\b)")
            .expect("Turkish locative regex")
    });
    names::is_turkish(text) && LOCATIVE.is_match(&text[end..])
}
