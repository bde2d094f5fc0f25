//! One caption's state (place, date, kind of event) and the expansion of grammar templates
//! against it.

use crate::data::{Data, Org, Place, org_needs_article};
use crate::date::Date;
use crate::grammar::{Special, Tok, takes_an};
use crate::rng::Rng;

/// An event kind: its template rule `t.NAME`, second-sentence rule `x.NAME`, how common it is
/// in countries at peace and at war, and the casualty rule it may add.
pub(crate) struct Kind {
    pub(crate) name: &'static str,
    peace: u32,
    war: u32,
    pub(crate) casualties: Option<&'static str>,
}

pub(crate) const KINDS: &[Kind] = &[
    kind("air_strike", 1, 10, Some("cas")),
    kind("shelling", 0, 7, Some("cas")),
    kind("explosion", 2, 5, Some("cas")),
    kind("attack", 3, 3, Some("cas")),
    kind("clash", 1, 6, Some("cas")),
    kind("protest", 10, 5, None),
    kind("displacement", 3, 9, None),
    kind("aid", 3, 6, None),
    kind("funeral", 2, 6, None),
    kind("disaster", 9, 3, Some("cas.disaster")),
    kind("rescue", 2, 3, None),
    kind("politics", 14, 5, None),
    kind("sport", 14, 2, None),
    kind("daily", 20, 6, None),
];

const fn kind(name: &'static str, peace: u32, war: u32, casualties: Option<&'static str>) -> Kind {
    Kind {
        name,
        peace,
        war,
        casualties,
    }
}

/// Countries whose pictures are mostly of war in the years the corpus covers.
const AT_WAR: &[&str] = &[
    "SY", "IQ", "PS", "UA", "AF", "YE", "SO", "SD", "SS", "LY", "LB", "NG", "ML", "CD", "MM", "IL",
    "ET", "BF",
];

const NUMBER_WORDS: [&str; 11] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
];

/// How the place's province or country follows its name, which differs by agency.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LocMode {
    /// "Douma"
    CityOnly,
    /// "Douma, Syria"; "Houston, Texas"
    Country,
    /// Reuters: "Houston, Texas, U.S."
    Reuters,
    /// AP: "Bonita Springs, Fla."
    Ap,
}

pub(crate) struct Ctx {
    pub(crate) d: &'static Data,
    pub(crate) rng: Rng,
    pub(crate) seed: u64,
    pub(crate) country: usize,
    pub(crate) place: usize,
    place2: usize,
    pub(crate) country2: usize,
    pub(crate) date: Date,
    pub(crate) loc_mode: LocMode,
    pub(crate) kind: usize,
    pub(crate) at_war: bool,
    /// Remembered so that "{n_km} km ({n_mi} miles)" and temperatures agree.
    km: u64,
    temp: u64,
}

/// 2000-01-01 and 2025-12-31 as day numbers: the corpus's span of event dates.
pub(crate) fn span() -> (i64, i64) {
    (
        Date::from_ymd(2000, 1, 1).days,
        Date::from_ymd(2025, 12, 31).days,
    )
}

impl Ctx {
    pub(crate) fn new(d: &'static Data, seed: u64, i: u64) -> Ctx {
        let mut rng = Rng::for_item(seed, i);
        let country = pick_country(d, &mut rng);
        let range = d.countries[country].places.clone();
        let place = range.start + rng.zipf(range.len());
        let mut place2 = range.start + rng.zipf(range.len());
        if place2 == place && range.len() > 1 {
            place2 = if place + 1 < range.end {
                place + 1
            } else {
                range.start
            };
        }
        let mut country2 = d.newsy[rng.weighted(&d.newsy_weights)].0;
        if country2 == country {
            country2 = rng.below(d.countries.len());
        }
        // Later years are better covered: half uniform, half the later of two draws.
        let (first, last) = span();
        let n = (last - first + 1) as usize;
        let a = rng.below(n);
        let off = if rng.chance(50) {
            a
        } else {
            a.max(rng.below(n))
        };
        let date = Date::from_days(first + off as i64);
        let at_war = AT_WAR.contains(&d.countries[country].cc);
        let weights: Vec<u32> = KINDS
            .iter()
            .map(|k| if at_war { k.war } else { k.peace })
            .collect();
        let kind = rng.weighted(&weights);
        Ctx {
            d,
            rng,
            seed,
            country,
            place,
            place2,
            country2,
            date,
            loc_mode: LocMode::Country,
            kind,
            at_war,
            km: 0,
            temp: 0,
        }
    }

    pub(crate) fn cc(&self) -> &'static str {
        self.d.countries[self.country].cc
    }

    pub(crate) fn kind_name(&self) -> &'static str {
        KINDS[self.kind].name
    }

    pub(crate) fn place(&self) -> &'static Place {
        &self.d.places[self.place]
    }

    /// Expands rule `rule` (one alternative, skewed towards the first) onto `out`.
    pub(crate) fn expand_rule(&mut self, rule: usize, out: &mut String) {
        let d = self.d;
        let r = &d.grammar.rules[rule];
        let alt = if r.name.starts_with("t.") {
            self.rng.below(r.alts.len())
        } else {
            self.rng.skewed(r.alts.len())
        };
        self.expand(&r.alts[alt], out);
    }

    /// Expands alternative `alt` of rule `rule`; returns nothing but the text.
    pub(crate) fn expand_alt(&mut self, rule: usize, alt: usize, out: &mut String) {
        let d = self.d;
        self.expand(&d.grammar.rules[rule].alts[alt], out);
    }

    fn expand(&mut self, toks: &'static [Tok], out: &mut String) {
        let mut article_at = None;
        for tok in toks {
            match tok {
                Tok::Lit(s) => out.push_str(s),
                Tok::Rule(r) => self.expand_rule(*r, out),
                Tok::CountryRule(r) => {
                    let cc = self.cc();
                    let local = self.d.grammar.rules[*r]
                        .by_country
                        .iter()
                        .find(|v| v.0 == cc)
                        .map(|v| v.1);
                    match local {
                        Some(l) if self.rng.chance(70) => self.expand_rule(l, out),
                        _ => self.expand_rule(*r, out),
                    }
                }
                Tok::Special(s) => self.special(*s, out),
                Tok::Article => {
                    article_at = Some(out.len());
                    continue;
                }
                Tok::Opt(inner) => {
                    if self.rng.chance(50) {
                        self.expand(inner, out);
                    }
                }
            }
            if let Some(at) = article_at.take() {
                let article = if takes_an(&out[at..]) { "an " } else { "a " };
                out.insert_str(at, article);
            }
        }
    }

    fn special(&mut self, s: Special, out: &mut String) {
        use Special::*;
        let d = self.d;
        let country = &d.countries[self.country];
        match s {
            City => out.push_str(self.place().name),
            CityC => self.city_with_country(self.place, out),
            City2 => out.push_str(d.places[self.place2].name),
            Country => out.push_str(&country.in_sentence),
            Country2 => out.push_str(&d.countries[self.country2].in_sentence),
            Demonym => out.push_str(country.demonym),
            Demonym2 => out.push_str(d.countries[self.country2].demonym),
            Province => {
                let p = self.place();
                out.push_str(if p.admin1.is_empty() {
                    p.name
                } else {
                    p.admin1
                });
            }
            Person => {
                let (female, region) = (self.rng.chance(40), self.local_region());
                self.person(region, female, out);
            }
            PersonM | PersonF => {
                let region = self.local_region();
                self.person(region, s == PersonF, out);
            }
            Person2 => {
                let female = self.rng.chance(40);
                self.person(d.countries[self.country2].region, female, out);
            }
            MName => {
                let r = &d.regions[self.local_region()];
                out.push_str(r.m[self.rng.skewed(r.m.len())]);
            }
            FName => {
                let r = &d.regions[self.local_region()];
                out.push_str(r.f[self.rng.skewed(r.f.len())]);
            }
            Surname => {
                let r = &d.regions[self.local_region()];
                out.push_str(r.surname[self.rng.skewed(r.surname.len())]);
            }
            AgeChild => self.num(1, 14, out),
            AgeAdult => self.num(18, 75, out),
            AgeOld => self.num(60, 92, out),
            N => {
                let n = if self.rng.chance(85) {
                    2 + self.rng.zipf(120) as u64
                } else {
                    self.rng.range(20, 400)
                };
                push_num(n, out);
            }
            N2 => {
                let n = 3 + self.rng.zipf(300) as u64;
                push_num(n, out);
            }
            NSmall => self.num(2, 9, out),
            NWord => out.push_str(NUMBER_WORDS[self.rng.below(NUMBER_WORDS.len())]),
            NBig => {
                // Two significant digits, 100 to 99,000, log-spread.
                let mag = [100u64, 1_000, 10_000][self.rng.weighted(&[3, 4, 2])];
                let n = self.rng.range(1, 9) * mag + self.rng.range(0, 9) * mag / 10;
                push_thousands(n, out);
            }
            NKm => {
                let km = self.rng.range(5, 80);
                self.km = km;
                push_num(km, out);
            }
            NMi => push_num(self.km * 5 / 8, out),
            NTemp => {
                let c = self.rng.range(35, 49);
                self.temp = c;
                push_num(c, out);
            }
            NTempF => push_num(self.temp * 9 / 5 + 32, out),
            Weekday => out.push_str(self.date.weekday()),
            YearBefore => {
                let y = self.date.y - self.rng.range(1, 12) as i32;
                out.push_str(&y.max(1990).to_string());
            }
            OrgAid => self.org(&d.org_aid, out),
            OrgNgo => self.org(&d.org_ngo, out),
            OrgIntl => self.org(&d.org_intl, out),
            OrgArmed => self.org(&d.org_armed, out),
        }
    }

    /// Most people in a caption are local; some are foreigners.
    fn local_region(&mut self) -> usize {
        if self.rng.chance(85) {
            self.d.countries[self.country].region
        } else {
            self.rng.below(self.d.regions.len())
        }
    }

    fn person(&mut self, region: usize, female: bool, out: &mut String) {
        let r = &self.d.regions[region];
        let given = if female { &r.f } else { &r.m };
        let g = given[self.rng.skewed(given.len())];
        let s = r.surname[self.rng.skewed(r.surname.len())];
        let (a, b) = if r.surname_first { (s, g) } else { (g, s) };
        out.push_str(a);
        out.push(' ');
        out.push_str(b);
    }

    fn num(&mut self, lo: u64, hi: u64, out: &mut String) {
        let n = self.rng.range(lo, hi);
        push_num(n, out);
    }

    /// Canonical name mostly; sometimes an alias or "Name (ACRONYM)", as captions vary.
    fn org(&mut self, orgs: &[Org], out: &mut String) {
        let o = &orgs[self.rng.skewed(orgs.len())];
        let roll = self.rng.below(100);
        let (name, acronym) = if roll < 15 && !o.aliases.is_empty() {
            (o.aliases[self.rng.below(o.aliases.len())], "")
        } else if roll < 30 {
            (o.name, o.acronym)
        } else {
            (o.name, "")
        };
        if org_needs_article(name) {
            out.push_str("the ");
        }
        out.push_str(name);
        if !acronym.is_empty() {
            out.push_str(" (");
            out.push_str(acronym);
            out.push(')');
        }
    }

    /// The place as the agency style writes it in a location phrase.
    pub(crate) fn city_with_country(&mut self, place: usize, out: &mut String) {
        let d = self.d;
        let p = &d.places[place];
        let country = &d.countries[self.country];
        out.push_str(p.name);
        if self.loc_mode == LocMode::CityOnly {
            return;
        }
        if country.cc == "US" {
            if !p.admin1.is_empty() && p.admin1 != p.name {
                out.push_str(", ");
                let ap = d.us_ap_states.get(p.admin1_code).copied();
                out.push_str(match (self.loc_mode, ap) {
                    (LocMode::Ap, Some(abbr)) => abbr,
                    _ => p.admin1,
                });
            }
            if self.loc_mode == LocMode::Reuters {
                out.push_str(", U.S.");
            }
            return;
        }
        out.push_str(", ");
        out.push_str(self.country_name());
    }

    /// The country as a dateline names it; Palestinian places by their territory.
    pub(crate) fn country_name(&mut self) -> &'static str {
        let d = self.d;
        let country = &d.countries[self.country];
        let p = &d.places[self.place];
        if country.cc == "PS" && !p.admin1.is_empty() && self.rng.chance(60) {
            return p.admin1;
        }
        if country.cc == "US" && self.loc_mode == LocMode::Reuters {
            return "U.S.";
        }
        country.name
    }
}

fn pick_country(d: &Data, rng: &mut Rng) -> usize {
    if rng.chance(78) {
        d.newsy[rng.weighted(&d.newsy_weights)].0
    } else {
        rng.below(d.countries.len())
    }
}

pub(crate) fn push_num(n: u64, out: &mut String) {
    use std::fmt::Write;
    let _ = write!(out, "{n}");
}

fn push_thousands(n: u64, out: &mut String) {
    let s = n.to_string();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
}

/// Upper-cases the first letter: the grammar is written in lower case so templates can also
/// stand mid-sentence.
pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
