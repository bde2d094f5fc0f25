//! The caption grammar (grammar.txt), compiled once into token lists so that expanding a
//! template is a walk over indices with no string lookups.

use std::collections::HashMap;

/// Slots the generator fills from the caption's own state (place, date, people) rather than from
/// a grammar rule. Every `{name}` in grammar.txt is either a rule or one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Special {
    /// The caption's place, bare ("Douma").
    City,
    /// The caption's place with its province or country as the agency style writes it.
    CityC,
    /// Another place of the same country.
    City2,
    /// The country as it reads in a sentence ("the United States").
    Country,
    /// A second, unrelated country (talks, friendlies, embassies).
    Country2,
    Demonym,
    Demonym2,
    Province,
    Person,
    PersonM,
    PersonF,
    /// Someone from the second country.
    Person2,
    MName,
    FName,
    Surname,
    AgeChild,
    AgeAdult,
    AgeOld,
    /// A casualty count, mostly small.
    N,
    N2,
    NSmall,
    /// A small number spelled out ("seven").
    NWord,
    /// Hundreds to tens of thousands, with thousands separators.
    NBig,
    NKm,
    NMi,
    NTemp,
    NTempF,
    Weekday,
    YearBefore,
    OrgAid,
    OrgNgo,
    OrgIntl,
    OrgArmed,
}

impl Special {
    fn from_name(name: &str) -> Option<Special> {
        use Special::*;
        Some(match name {
            "city" => City,
            "cityc" => CityC,
            "city2" | "city2c" => City2,
            "country" => Country,
            "country2" => Country2,
            "demonym" => Demonym,
            "demonym2" => Demonym2,
            "province" => Province,
            "person" => Person,
            "person_m" => PersonM,
            "person_f" => PersonF,
            "person2" => Person2,
            "mname" => MName,
            "fname" => FName,
            "surname" => Surname,
            "age_child" => AgeChild,
            "age_adult" => AgeAdult,
            "age_old" => AgeOld,
            "n" => N,
            "n2" => N2,
            "n_small" => NSmall,
            "n_word" => NWord,
            "n_big" => NBig,
            "n_km" => NKm,
            "n_mi" => NMi,
            "n_temp" => NTemp,
            "n_temp_f" => NTempF,
            "weekday" => Weekday,
            "year_before" => YearBefore,
            "org_aid" => OrgAid,
            "org_ngo" => OrgNgo,
            "org_intl" => OrgIntl,
            "org_armed" => OrgArmed,
            _ => return None,
        })
    }
}

#[derive(Debug)]
pub(crate) enum Tok {
    Lit(&'static str),
    Rule(usize),
    /// `{name@}`: the rule `name.CC` for the caption's country if there is one.
    CountryRule(usize),
    Special(Special),
    /// `{a}`: "a" or "an", decided by the text the next token produces.
    Article,
    /// `[...]`: half of the time.
    Opt(Vec<Tok>),
}

pub(crate) struct Rule {
    pub(crate) name: &'static str,
    pub(crate) alts: Vec<Vec<Tok>>,
    /// `name.CC` rules: (country code, rule index).
    pub(crate) by_country: Vec<(&'static str, usize)>,
}

pub(crate) struct Grammar {
    pub(crate) rules: Vec<Rule>,
    index: HashMap<&'static str, usize>,
}

impl Grammar {
    /// Panics on a malformed grammar or an unknown slot: the grammar ships with the crate, so
    /// this is a build error that the tests catch, not an input error.
    pub(crate) fn parse(text: &'static str) -> Grammar {
        let mut raw: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(name) = line.strip_prefix("== ") {
                raw.push((name.trim(), Vec::new()));
            } else {
                let rule = raw
                    .last_mut()
                    .unwrap_or_else(|| panic!("grammar line {}: text before any rule", n + 1));
                rule.1.push(line.trim());
            }
        }
        let index: HashMap<&'static str, usize> =
            raw.iter().enumerate().map(|(i, r)| (r.0, i)).collect();
        assert_eq!(index.len(), raw.len(), "grammar: a rule is defined twice");
        let mut rules: Vec<Rule> = raw
            .iter()
            .map(|(name, alts)| {
                assert!(!alts.is_empty(), "grammar rule {name} has no alternatives");
                Rule {
                    name,
                    alts: alts.iter().map(|a| compile(a, &index, name)).collect(),
                    by_country: Vec::new(),
                }
            })
            .collect();
        for i in 0..rules.len() {
            if let Some((base, cc)) = rules[i].name.rsplit_once('.')
                && cc.len() == 2
                && cc.bytes().all(|b| b.is_ascii_uppercase())
                && let Some(&b) = index.get(base)
            {
                let cc: &'static str = &rules[i].name[base.len() + 1..];
                rules[b].by_country.push((cc, i));
            }
        }
        Grammar { rules, index }
    }

    pub(crate) fn rule(&self, name: &str) -> usize {
        *self
            .index
            .get(name)
            .unwrap_or_else(|| panic!("grammar has no rule {name}"))
    }
}

fn compile(text: &'static str, index: &HashMap<&'static str, usize>, rule: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = rest.find(['{', '[']).unwrap_or(rest.len());
        if next > 0 {
            toks.push(Tok::Lit(&rest[..next]));
            rest = &rest[next..];
            continue;
        }
        if let Some(body) = rest.strip_prefix('[') {
            let end = body
                .find(']')
                .unwrap_or_else(|| panic!("grammar rule {rule}: unclosed [ in {text:?}"));
            toks.push(Tok::Opt(compile(&body[..end], index, rule)));
            rest = &body[end + 1..];
            continue;
        }
        let body = &rest[1..];
        let end = body
            .find('}')
            .unwrap_or_else(|| panic!("grammar rule {rule}: unclosed {{ in {text:?}"));
        let name = &body[..end];
        rest = &body[end + 1..];
        if name == "a" {
            toks.push(Tok::Article);
            // "{a} word": the article brings its own space.
            rest = rest.strip_prefix(' ').unwrap_or(rest);
        } else if let Some(base) = name.strip_suffix('@') {
            let i = *index
                .get(base)
                .unwrap_or_else(|| panic!("grammar rule {rule}: no rule {base}"));
            toks.push(Tok::CountryRule(i));
        } else if let Some(&i) = index.get(name) {
            toks.push(Tok::Rule(i));
        } else if let Some(s) = Special::from_name(name) {
            toks.push(Tok::Special(s));
        } else {
            panic!("grammar rule {rule}: unknown slot {{{name}}}");
        }
    }
    toks
}

/// Whether "an" goes before `text` (by sound, for the words this grammar produces).
pub(crate) fn takes_an(text: &str) -> bool {
    let lower: String = text.chars().take(4).flat_map(char::to_lowercase).collect();
    let Some(first) = lower.chars().next() else {
        return false;
    };
    // Vowel letters sounded "you" or "won": a Ukrainian, a European, a one-year-old.
    if ["eu", "uk", "ug", "uru", "uni", "u.s", "usa", "one"]
        .iter()
        .any(|p| lower.starts_with(p))
    {
        return false;
    }
    if lower.starts_with("hour") || lower.starts_with("hon") {
        return true;
    }
    matches!(
        first,
        'a' | 'e' | 'i' | 'o' | 'u' | 'á' | 'é' | 'í' | 'ó' | 'ú' | 'ö' | 'ü' | 'å' | 'ä' | 'î'
    )
}
