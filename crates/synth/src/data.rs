//! The embedded word lists: places picked by build.rs, the repository's countries, agencies and
//! organizations, and this crate's names and grammar. Parsed once per process.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

use crate::grammar::Grammar;
use crate::rng::mix;

const PLACES: &str = include_str!(concat!(env!("OUT_DIR"), "/places.tsv"));
const COUNTRIES: &str = include_str!("../../../data/gazetteer/countries.tsv");
const ADMIN1_EXTRA: &str = include_str!("../../../data/gazetteer/admin1_extra.tsv");
const AGENCIES: &str = include_str!("../../../data/agencies.tsv");
const ORGS: &str = include_str!("../../../data/orgs.tsv");
const NAMES: &str = include_str!("names.tsv");
const GRAMMAR: &str = include_str!("grammar.txt");

pub(crate) struct Place {
    pub(crate) name: &'static str,
    pub(crate) admin1: &'static str,
    pub(crate) admin1_code: &'static str,
}

pub(crate) struct Country {
    pub(crate) cc: &'static str,
    /// As a dateline writes it ("Syria", "Turkey", "Britain").
    pub(crate) name: &'static str,
    /// As a sentence writes it ("the Netherlands").
    pub(crate) in_sentence: String,
    pub(crate) demonym: &'static str,
    pub(crate) places: Range<usize>,
    pub(crate) region: usize,
}

pub(crate) struct Region {
    pub(crate) m: Vec<&'static str>,
    pub(crate) f: Vec<&'static str>,
    pub(crate) surname: Vec<&'static str>,
    pub(crate) surname_first: bool,
}

pub(crate) struct Org {
    pub(crate) name: &'static str,
    pub(crate) acronym: &'static str,
    pub(crate) aliases: Vec<&'static str>,
}

pub(crate) struct Agency {
    pub(crate) name: &'static str,
    pub(crate) aliases: Vec<&'static str>,
    pub(crate) role: &'static str,
}

pub(crate) struct Data {
    pub(crate) places: Vec<Place>,
    pub(crate) countries: Vec<Country>,
    /// Country index and weight: how often news pictures come from there.
    pub(crate) newsy: Vec<(usize, u32)>,
    pub(crate) newsy_weights: Vec<u32>,
    pub(crate) regions: Vec<Region>,
    pub(crate) us_ap_states: HashMap<&'static str, &'static str>,
    pub(crate) agencies: Vec<Agency>,
    pub(crate) org_aid: Vec<Org>,
    pub(crate) org_ngo: Vec<Org>,
    pub(crate) org_intl: Vec<Org>,
    pub(crate) org_armed: Vec<Org>,
    pub(crate) grammar: Grammar,
}

/// Press names where the gazetteer's common name is not what captions write.
const PRESS_NAMES: &[(&str, &str)] = &[
    ("GB", "Britain"),
    ("TR", "Turkey"),
    ("CD", "Democratic Republic of Congo"),
    ("CG", "Republic of Congo"),
    ("CZ", "Czech Republic"),
    ("PS", "Palestinian Territories"),
    ("TL", "East Timor"),
    ("MK", "North Macedonia"),
];

/// Rough share of news pictures by country, so that term frequencies of places look like a
/// wire archive's (Syria and Ukraine common, Tuvalu rare) rather than uniform.
const NEWSY: &[(&str, u32)] = &[
    ("US", 10),
    ("SY", 9),
    ("UA", 9),
    ("PS", 7),
    ("IQ", 6),
    ("AF", 6),
    ("GB", 5),
    ("FR", 4),
    ("TR", 4),
    ("IL", 4),
    ("IN", 4),
    ("CN", 4),
    ("DE", 3),
    ("LB", 3),
    ("YE", 3),
    ("IR", 3),
    ("PK", 3),
    ("RU", 3),
    ("BR", 3),
    ("MX", 3),
    ("SD", 2),
    ("SO", 2),
    ("LY", 2),
    ("EG", 2),
    ("BD", 2),
    ("JP", 2),
    ("KR", 2),
    ("VE", 2),
    ("NG", 2),
    ("CD", 2),
    ("MM", 2),
    ("PH", 2),
    ("ID", 2),
    ("GR", 2),
    ("IT", 2),
    ("ES", 2),
    ("KP", 1),
    ("HK", 1),
    ("CO", 1),
    ("AR", 1),
    ("HT", 1),
    ("ET", 1),
    ("KE", 1),
    ("ZA", 1),
    ("TH", 1),
    ("BE", 1),
    ("NL", 1),
    ("PL", 1),
    ("SA", 1),
    ("JO", 1),
    ("MA", 1),
    ("TN", 1),
    ("ML", 1),
    ("AU", 1),
    ("CA", 1),
    ("SS", 1),
    ("NP", 1),
    ("LK", 1),
    ("CL", 1),
    ("PE", 1),
];

/// Aid givers among the known organizations (the rest monitor, judge or report).
const AID: &[&str] = &[
    "United Nations",
    "UNICEF",
    "UNHCR",
    "World Food Programme",
    "World Health Organization",
    "UNRWA",
    "International Organization for Migration",
    "International Committee of the Red Cross",
    "Red Cross",
    "Red Crescent",
    "Doctors Without Borders",
    "Save the Children",
    "Oxfam",
    "International Rescue Committee",
    "Norwegian Refugee Council",
    "CARE International",
    "Islamic Relief",
    "World Central Kitchen",
];

/// Names that take no "the" in running text.
const NO_ARTICLE: &[&str] = &[
    "Hamas",
    "Hezbollah",
    "Boko Haram",
    "Al-Shabaab",
    "al-Shabab",
    "Al-Shabab",
    "al-Shabaab",
    "Al-Qaeda",
    "al Qaeda",
    "al-Qaida",
    "Al Qaeda",
    "al-Qaeda",
    "Ahrar al-Sham",
    "Jaish al-Islam",
    "Hayat Tahrir al-Sham",
    "Tahrir al-Sham",
    "Jabhat al-Nusra",
    "Nusra",
    "Islamic State",
    "Daesh",
    "Islamic Jihad",
    "Palestinian Islamic Jihad",
    "Kataib Hezbollah",
    "Ansar al-Sharia",
    "Ansar Allah",
    "Ansarullah",
    "Jaish al-Mahdi",
    "Hizbollah",
    "Hizbullah",
    "Taleban",
    "Save the Children",
    "Amnesty International",
    "Human Rights Watch",
    "Oxfam",
    "Doctors Without Borders",
    "Medecins Sans Frontieres",
    "Médecins Sans Frontières",
    "CARE International",
    "Islamic Relief",
    "Open Arms",
    "Sea-Watch",
    "SOS Mediterranee",
    "SOS Méditerranée",
    "World Central Kitchen",
    "Wagner",
];

static DATA: OnceLock<Data> = OnceLock::new();

pub(crate) fn data() -> &'static Data {
    DATA.get_or_init(Data::load)
}

fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

impl Data {
    fn load() -> Data {
        let regions_by_cc = Self::load_regions();
        let (regions, region_of) = regions_by_cc;

        // countries.tsv: cca2, common, official, alt spellings, demonym m, ...
        let mut meta: HashMap<&str, (&'static str, &'static str)> = HashMap::new();
        for c in rows(COUNTRIES) {
            let name = PRESS_NAMES
                .iter()
                .find(|p| p.0 == c[0])
                .map_or(c[1], |p| p.1);
            let demonym = c.get(4).and_then(|d| d.split(", ").next()).unwrap_or("");
            meta.insert(
                c[0],
                (name, if demonym.is_empty() { name } else { demonym }),
            );
        }

        let mut places = Vec::new();
        let mut countries: Vec<Country> = Vec::new();
        for c in rows(PLACES) {
            let (cc, name, admin1, admin1_code) = (c[0], c[1], c[2], c[3]);
            let Some(&(cname, demonym)) = meta.get(cc) else {
                continue;
            };
            if countries.last().is_none_or(|k| k.cc != cc) {
                let region = region_of.get(cc).copied().unwrap_or_else(|| {
                    let key = u64::from(cc.as_bytes()[0]) << 8 | u64::from(cc.as_bytes()[1]);
                    (mix(key) % regions.len() as u64) as usize
                });
                countries.push(Country {
                    cc,
                    name: cname,
                    in_sentence: with_article(cname),
                    demonym,
                    places: places.len()..places.len(),
                    region,
                });
            }
            places.push(Place {
                name,
                admin1,
                admin1_code,
            });
            countries.last_mut().unwrap().places.end = places.len();
        }
        let by_cc: HashMap<&'static str, usize> = countries
            .iter()
            .enumerate()
            .map(|(i, c)| (c.cc, i))
            .collect();
        let newsy: Vec<(usize, u32)> = NEWSY
            .iter()
            .filter_map(|&(cc, w)| Some((*by_cc.get(cc)?, w)))
            .collect();
        let newsy_weights = newsy.iter().map(|n| n.1).collect();

        let us_ap_states = rows(ADMIN1_EXTRA)
            .filter(|c| c.len() >= 2 && c[0].starts_with("US.") && c[1].ends_with('.'))
            .map(|c| (&c[0][3..], c[1]))
            .collect();

        let agencies = rows(AGENCIES)
            .map(|c| Agency {
                name: c[0],
                // The synthetic credits are written in Latin script: an agency's name in
                // Arabic or Chinese ("رويترز", "新华社") is for captions in those languages.
                aliases: c
                    .get(1)
                    .map(|a| {
                        a.split('|')
                            .filter(|s| !s.is_empty() && s.chars().all(|ch| ch < '\u{250}'))
                            .collect()
                    })
                    .unwrap_or_default(),
                role: c.get(2).copied().unwrap_or("agency"),
            })
            .collect();

        let (mut org_aid, mut org_ngo, mut org_intl, mut org_armed) =
            (vec![], vec![], vec![], vec![]);
        for c in rows(ORGS) {
            let org = || Org {
                name: c[0],
                acronym: c.get(1).copied().unwrap_or(""),
                aliases: c
                    .get(2)
                    .map(|a| a.split('|').filter(|s| !s.is_empty()).collect())
                    .unwrap_or_default(),
            };
            let kind = c.get(3).copied().unwrap_or("");
            if AID.contains(&c[0]) {
                org_aid.push(org());
            }
            match kind {
                "ngo" if c[0] != "Syrian Observatory for Human Rights" => org_ngo.push(org()),
                "intergovernmental" => org_intl.push(org()),
                "armed_group" => org_armed.push(org()),
                _ => {}
            }
        }

        Data {
            places,
            countries,
            newsy,
            newsy_weights,
            regions,
            us_ap_states,
            agencies,
            org_aid,
            org_ngo,
            org_intl,
            org_armed,
            grammar: Grammar::parse(GRAMMAR),
        }
    }

    fn load_regions() -> (Vec<Region>, HashMap<&'static str, usize>) {
        let mut regions: Vec<(&str, Region)> = Vec::new();
        let mut region_of = HashMap::new();
        for c in rows(NAMES) {
            let (region, field, values) = (c[0], c[1], c[2]);
            if regions.last().is_none_or(|r| r.0 != region) {
                regions.push((
                    region,
                    Region {
                        m: vec![],
                        f: vec![],
                        surname: vec![],
                        surname_first: false,
                    },
                ));
            }
            let idx = regions.len() - 1;
            let r = &mut regions[idx].1;
            let list = values.split('|');
            match field {
                "countries" => region_of.extend(list.map(|cc| (cc, idx))),
                "order" => r.surname_first = values == "surname-first",
                "m" => r.m.extend(list),
                "f" => r.f.extend(list),
                "surname" => r.surname.extend(list),
                other => panic!("names.tsv: unknown field {other}"),
            }
        }
        (regions.into_iter().map(|r| r.1).collect(), region_of)
    }

    pub(crate) fn agency(&self, name: &str) -> &Agency {
        self.agencies
            .iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("agencies.tsv has no {name}"))
    }
}

/// "the" before plural and "Republic"-style country names.
fn with_article(name: &str) -> String {
    let the = name.starts_with("United ")
        || name.starts_with("Republic")
        || name.starts_with("Democratic Republic")
        || name.starts_with("Central African")
        || name.starts_with("Dominican Republic")
        || name.starts_with("Czech Republic")
        || name.ends_with(" Islands")
        || matches!(
            name,
            "Netherlands"
                | "Philippines"
                | "Gambia"
                | "Bahamas"
                | "Maldives"
                | "Comoros"
                | "Seychelles"
                | "Palestinian Territories"
                | "Vatican City"
        );
    if the {
        format!("the {name}")
    } else {
        name.to_string()
    }
}

/// "the United Nations" but "Hamas", "UNICEF", "Save the Children".
pub(crate) fn org_needs_article(name: &str) -> bool {
    let acronym = name
        .chars()
        .filter(|c| c.is_alphabetic())
        .all(|c| c.is_uppercase());
    !acronym && !NO_ARTICLE.contains(&name) && name.starts_with(|c: char| c.is_uppercase())
}
