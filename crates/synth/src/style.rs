//! Agency house styles: where the date goes and how it is written, the dateline, the credit
//! line, and how long after the picture the caption was filed (the reference date).

use crate::compose::{Ctx, LocMode, capitalize};
use crate::data::org_needs_article;
use crate::date::Date;
use crate::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Reuters,
    ReutersDateline,
    ReutersFile,
    ReutersTaken,
    ReutersHandout,
    ReutersVideo,
    Afp,
    AfpGetty,
    AfpNoYear,
    AfpHandout,
    Ap,
    ApWeekday,
    ApFile,
    ApHandout,
    Getty,
    GettyPartner,
    GettyArchive,
    Epa,
    Anadolu,
    Xinhua,
    Pa,
    Dpa,
    Zuma,
    Alamy,
    National,
    Newspaper,
    Other,
}

use Style::*;

/// Base weight of each style, about its share of a wire archive in percent.
const STYLES: &[(Style, u32)] = &[
    (Reuters, 13),
    (ReutersDateline, 3),
    (ReutersFile, 2),
    (ReutersTaken, 2),
    (ReutersHandout, 1),
    (ReutersVideo, 1),
    (Afp, 11),
    (AfpGetty, 4),
    (AfpNoYear, 2),
    (AfpHandout, 2),
    (Ap, 10),
    (ApWeekday, 4),
    (ApFile, 2),
    (ApHandout, 1),
    (Getty, 5),
    (GettyPartner, 5),
    (GettyArchive, 3),
    (Epa, 8),
    (Anadolu, 3),
    (Xinhua, 3),
    (Pa, 1),
    (Dpa, 1),
    (Zuma, 2),
    (Alamy, 1),
    (National, 4),
    (Newspaper, 2),
    (Other, 2),
];

/// Countries whose state media hand out pictures that AFP passes on.
const STATE_SOURCES: &[(&str, &str, &str)] = &[
    ("SY", "SANA", "the official Syrian Arab News Agency (SANA)"),
    (
        "IR",
        "IRNA",
        "the official Islamic Republic News Agency (IRNA)",
    ),
    (
        "KP",
        "KCNA",
        "North Korea's official Korean Central News Agency (KCNA)",
    ),
    ("PS", "WAFA", "the Palestinian news agency WAFA"),
];

/// National agencies, credited often for pictures from home.
const HOME_AGENCIES: &[(&str, &[&str])] = &[
    ("JP", &["Kyodo", "Jiji Press"]),
    ("KR", &["Yonhap"]),
    ("IT", &["ANSA"]),
    ("ES", &["EFE"]),
    ("RU", &["TASS", "RIA Novosti"]),
    ("BE", &["Belga"]),
    ("NL", &["ANP"]),
    ("CH", &["Keystone"]),
    ("NO", &["NTB"]),
    ("SE", &["TT"]),
    ("FI", &["Lehtikuva"]),
    ("PL", &["PAP"]),
    ("CZ", &["CTK"]),
    ("HU", &["MTI"]),
    ("AT", &["APA"]),
    ("DK", &["Ritzau Scanpix"]),
    ("AU", &["AAP"]),
    ("TR", &["IHA", "DHA"]),
    ("PS", &["APAimages"]),
    ("BD", &["NurPhoto"]),
];

/// Agencies whose pictures Getty Images distributes: (credit text, canonical agency).
const GETTY_PARTNERS: &[(&str, &str)] = &[
    ("AFP", "AFP"),
    ("Anadolu Agency", "Anadolu"),
    ("SOPA Images/LightRocket", "SOPA Images"),
    ("NurPhoto", "NurPhoto"),
    ("Bloomberg", "Bloomberg"),
    ("Corbis", "Corbis"),
    ("picture alliance", "picture-alliance"),
    ("Xinhua", "Xinhua"),
    ("Middle East Images", "Middle East Images"),
    ("Pacific Press/LightRocket", "Pacific Press"),
    ("Hans Lucas", "Hans Lucas"),
    ("Anadolu", "Anadolu"),
];

pub(crate) fn pick(ctx: &mut Ctx) -> Style {
    let cc = ctx.cc();
    let home = HOME_AGENCIES.iter().any(|h| h.0 == cc);
    let state = STATE_SOURCES.iter().any(|s| s.0 == cc);
    let weights: Vec<u32> = STYLES
        .iter()
        .map(|&(style, w)| match style {
            AfpHandout if !state => 0,
            Anadolu if cc == "TR" => w + 12,
            Anadolu if matches!(cc, "SY" | "PS" | "IQ") => w + 4,
            Xinhua if cc == "CN" => w + 25,
            Pa if cc == "GB" => w + 25,
            Dpa if cc == "DE" => w + 20,
            Dpa if matches!(cc, "AT" | "CH") => w + 5,
            Alamy if cc == "GB" => w + 4,
            National if home => w + 25,
            Newspaper if cc == "US" => w + 4,
            _ => w,
        })
        .collect();
    STYLES[ctx.rng.weighted(&weights)].0
}

impl Style {
    pub(crate) fn loc_mode(self, rng: &mut Rng) -> LocMode {
        match self {
            Reuters | ReutersDateline | ReutersFile | ReutersTaken | ReutersHandout
            | ReutersVideo => LocMode::Reuters,
            Ap | ApWeekday | ApFile | ApHandout => LocMode::Ap,
            Pa | Dpa => LocMode::CityOnly,
            Afp | AfpGetty | AfpNoYear | AfpHandout | National | Other => {
                if rng.chance(50) {
                    LocMode::CityOnly
                } else {
                    LocMode::Country
                }
            }
            _ => LocMode::Country,
        }
    }
}

/// How the reference date (when the caption was filed) relates to the picture's date.
enum Rel {
    /// Same day or a day or two later.
    Same,
    /// Within six days, for captions that give only a weekday.
    Weekday,
    /// Months or years later: file and archive pictures.
    Later,
    /// Released a few weeks later ("Picture taken ...").
    Taken,
    /// A given date (EPA's "issued ...").
    On(Date),
}

pub(crate) struct Rendered {
    pub(crate) caption: String,
    pub(crate) reference: Date,
    pub(crate) agency: &'static str,
}

struct Shooter {
    given: &'static str,
    surname: &'static str,
    surname_first: bool,
}

impl Shooter {
    fn full(&self) -> String {
        if self.surname_first {
            format!("{} {}", self.surname, self.given)
        } else {
            format!("{} {}", self.given, self.surname)
        }
    }

    fn upper(&self) -> String {
        self.full().to_uppercase()
    }

    /// AFP writes surnames in capitals: "Abd DOUMANY", "WANG Zhao".
    fn afp(&self) -> String {
        if self.surname_first {
            format!("{} {}", self.surname.to_uppercase(), self.given)
        } else {
            format!("{} {}", self.given, self.surname.to_uppercase())
        }
    }
}

/// A photographer of `agency`: a few dozen per agency and region, some far more prolific than
/// others, so that names recur across the corpus as they do in an archive.
fn shooter(ctx: &mut Ctx, agency: u64) -> Shooter {
    let d = ctx.d;
    let k = ctx.rng.zipf(60) as u64;
    let local = ctx.rng.chance(60);
    let home = d.countries[ctx.country].region as u64;
    let key = agency << 40 | u64::from(local) << 32 | (if local { home } else { 0 }) << 16 | k;
    let mut r = Rng::keyed(ctx.seed, key);
    let region = if local {
        home as usize
    } else {
        r.below(d.regions.len())
    };
    let reg = &d.regions[region];
    let given = if r.chance(25) { &reg.f } else { &reg.m };
    Shooter {
        given: given[r.below(given.len())],
        surname: reg.surname[r.below(reg.surname.len())],
        surname_first: reg.surname_first,
    }
}

pub(crate) fn render(ctx: &mut Ctx, style: Style, raw: &str, rest: &str) -> Rendered {
    let first = capitalize(raw);
    let date = ctx.date;
    let (mdy, wd) = (date.mdy(), date.weekday());
    let key = style as u64;
    let sh = shooter(ctx, key);
    let stringer = ctx.rng.chance(4);
    let mut rel = Rel::Same;
    let (caption, agency) = match style {
        Reuters => {
            let name = if stringer {
                "Stringer".into()
            } else {
                sh.full()
            };
            let sep = if ctx.rng.chance(50) { ", " } else { " " };
            (
                format!("{first}{sep}{mdy}. {rest}REUTERS/{name}"),
                "Reuters",
            )
        }
        ReutersDateline => {
            let city = ctx.place().name.to_uppercase();
            let country = ctx.country_name();
            (
                format!(
                    "{city}, {country} - {mdy}: {first}. {rest}REUTERS/{}",
                    sh.full()
                ),
                "Reuters",
            )
        }
        ReutersFile => {
            rel = Rel::Later;
            let (pre, post) = if ctx.rng.chance(70) {
                ("FILE PHOTO: ", "/File Photo")
            } else {
                ("", "")
            };
            let sep = if ctx.rng.chance(50) { ", " } else { " " };
            (
                format!("{pre}{first}{sep}{mdy}. {rest}REUTERS/{}{post}", sh.full()),
                "Reuters",
            )
        }
        ReutersTaken => {
            rel = Rel::Taken;
            (
                format!("{first}. {rest}Picture taken {mdy}. REUTERS/{}", sh.full()),
                "Reuters",
            )
        }
        ReutersHandout => {
            let (credit, by) = handout_source(ctx);
            (
                format!(
                    "{first}, in this handout picture released by {by} on {mdy}. {rest}{credit}/Handout via REUTERS ATTENTION EDITORS - THIS IMAGE HAS BEEN SUPPLIED BY A THIRD PARTY."
                ),
                "Reuters",
            )
        }
        ReutersVideo => {
            let how = if ctx.rng.chance(50) {
                "in this still image taken from video"
            } else {
                "in this screen grab taken from a social media video"
            };
            (
                format!("{first}, {how} {mdy}. {rest}REUTERS TV/via REUTERS"),
                "Reuters",
            )
        }
        Afp => {
            let credit = if stringer {
                "(Photo by STR / AFP)".to_string()
            } else if date.y < 2017 && ctx.rng.chance(50) {
                format!("AFP PHOTO / {}", sh.upper())
            } else {
                format!("(Photo by {} / AFP)", sh.afp())
            };
            (format!("{first} on {mdy}. {rest}{credit}"), "AFP")
        }
        AfpGetty => (
            format!(
                "{first} on {mdy}. {rest}(Photo by {} / AFP) (Photo by {}/AFP via Getty Images)",
                sh.afp(),
                sh.upper()
            ),
            "AFP",
        ),
        AfpNoYear => {
            let day = if ctx.rng.chance(40) {
                format!("{wd}, {}", date.md())
            } else {
                date.md()
            };
            (
                format!("{first} on {day}. {rest}(Photo by {}/AFP)", sh.afp()),
                "AFP",
            )
        }
        AfpHandout => {
            let (_, credit, by) = *STATE_SOURCES
                .iter()
                .find(|s| s.0 == ctx.cc())
                .expect("AfpHandout is picked only where there is a state source");
            (
                format!(
                    "This handout picture released by {by} on {mdy} shows {raw}. (Photo by HANDOUT / {credit} / AFP) / RESTRICTED TO EDITORIAL USE - MANDATORY CREDIT \"AFP PHOTO / {credit}\" - NO MARKETING NO ADVERTISING CAMPAIGNS - DISTRIBUTED AS A SERVICE TO CLIENTS"
                ),
                "AFP",
            )
        }
        Ap => {
            let credit = if stringer {
                "(AP Photo)".to_string()
            } else {
                format!("(AP Photo/{})", sh.full())
            };
            (
                format!("{first}, {wd}, {}. {rest}{credit}", date.ap()),
                "AP",
            )
        }
        ApWeekday => {
            rel = Rel::Weekday;
            let on = if ctx.rng.chance(50) { ", " } else { " on " };
            (
                format!("{first}{on}{wd}. {rest}(AP Photo/{})", sh.full()),
                "AP",
            )
        }
        ApFile => {
            rel = Rel::Later;
            let caption = if ctx.rng.chance(50) {
                format!(
                    "FILE - {first}, {wd}, {}. {rest}(AP Photo/{}, File)",
                    date.ap(),
                    sh.full()
                )
            } else {
                format!(
                    "In this {}, file photo, {raw}. (AP Photo/{}, File)",
                    date.ap(),
                    sh.full()
                )
            };
            (caption, "AP")
        }
        ApHandout => {
            let (credit, by) = if ctx.cc() == "KP" {
                (
                    "Korean Central News Agency/Korea News Service".to_string(),
                    "the North Korean government".to_string(),
                )
            } else {
                handout_source(ctx)
            };
            (
                format!(
                    "In this photo provided by {by}, {raw}, {wd}, {}. ({credit} via AP)",
                    date.ap()
                ),
                "AP",
            )
        }
        Getty => {
            let (city, country) = dateline_upper(ctx);
            (
                format!(
                    "{city}, {country} - {}: {first} on {mdy}. {rest}(Photo by {}/Getty Images)",
                    date.md().to_uppercase(),
                    sh.full()
                ),
                "Getty Images",
            )
        }
        GettyPartner => {
            let (text, agency) = GETTY_PARTNERS[ctx.rng.skewed(GETTY_PARTNERS.len())];
            (
                format!(
                    "{first} on {mdy}. {rest}(Photo by {}/{text} via Getty Images)",
                    sh.full()
                ),
                agency,
            )
        }
        GettyArchive => {
            rel = Rel::Later;
            let when = match ctx.rng.below(3) {
                0 => format!(" in {}", date.my()),
                1 => format!(" in {}", date.y),
                _ => format!(", circa {}", date.y),
            };
            (
                format!("{first}{when}. (Photo by {}/Getty Images)", sh.full()),
                "Getty Images",
            )
        }
        Epa => {
            let issued = if ctx.rng.chance(25) {
                let on = date.plus(ctx.rng.range(1, 3) as i64);
                rel = Rel::On(on);
                format!(" (issued {})", on.dmy())
            } else {
                String::new()
            };
            let epa = if date.y >= 2017 { "EPA-EFE" } else { "EPA" };
            let name = if stringer { "STR".into() } else { sh.upper() };
            (
                format!("{first}, {}{issued}. {rest}{epa}/{name}", date.dmy()),
                "EPA",
            )
        }
        Anadolu => {
            let (city, country) = dateline_upper(ctx);
            let credit = if ctx.rng.chance(70) {
                format!("({} - Anadolu Agency)", sh.full())
            } else {
                format!("(Photo by {}/Anadolu Agency via Getty Images)", sh.full())
            };
            (
                format!(
                    "{city}, {country} - {}: {first} on {mdy}. {rest}{credit}",
                    date.md().to_uppercase()
                ),
                "Anadolu",
            )
        }
        Xinhua => {
            let caption = match ctx.rng.below(3) {
                0 => format!("{first}, {mdy}. {rest}(Xinhua/{})", sh.full()),
                1 => format!("{first} on {mdy}. {rest}(Photo by {}/Xinhua)", sh.full()),
                _ => format!(
                    "{}, {} (Xinhua) -- {first}, {mdy}. {rest}(Xinhua/{})",
                    ctx.place().name.to_uppercase(),
                    date.md(),
                    sh.full()
                ),
            };
            (caption, "Xinhua")
        }
        Pa => {
            let caption = if ctx.rng.chance(50) {
                format!(
                    "{first}. {rest}Picture date: {wd} {mdy}. PA Photo. See PA story {}. Photo credit should read: {}/PA Wire",
                    pa_story(ctx),
                    sh.full()
                )
            } else {
                format!(
                    "{first}. {rest}Picture date: {wd} {mdy}. {}/PA Wire",
                    sh.full()
                )
            };
            (caption, "PA")
        }
        Dpa => {
            let country = match ctx.cc() {
                "US" => "USA",
                "GB" => "Great Britain",
                _ => ctx.country_name(),
            };
            let city = ctx.place().name;
            (
                format!(
                    "{}, {country}, {city}: {first}. {rest}Photo: {}/dpa",
                    date.dmy(),
                    sh.full()
                ),
                "DPA",
            )
        }
        Zuma => {
            let (wire, agency) = [
                ("ZUMA Wire", "ZUMA Wire"),
                ("ZUMA Press Wire", "ZUMA Press Wire"),
                ("SOPA Images via ZUMA Wire", "SOPA Images"),
                ("ZUMA Press", "ZUMA Press"),
            ][ctx.rng.below(4)];
            let city = ctx.place().name;
            let country = ctx.country_name();
            (
                format!(
                    "{mdy} - {city}, {country} - {first}. {rest}(Credit Image: © {}/{wire})",
                    sh.full()
                ),
                agency,
            )
        }
        Alamy => {
            let country = match ctx.cc() {
                "US" => "USA",
                "GB" => "UK",
                _ => ctx.country_name(),
            };
            (
                format!(
                    "{}, {country}. {}. {first}. {rest}Credit: {}/Alamy Live News",
                    ctx.place().name,
                    date.ordinal_short(),
                    sh.full()
                ),
                "Alamy",
            )
        }
        National => national(ctx, &first, rest, &sh, &mut rel),
        Newspaper => {
            let name = sh.full();
            match ctx.rng.below(5) {
                0 => (
                    format!("{first} on {mdy}. {rest}({name}/The New York Times)"),
                    "The New York Times",
                ),
                1 => (
                    format!(
                        "{first} on {mdy}. {rest}(Photo by {name}/The Washington Post via Getty Images)"
                    ),
                    "The Washington Post",
                ),
                2 => (
                    format!(
                        "{first}, {}. {rest}Photograph: {name}/The Guardian",
                        date.dmy()
                    ),
                    "The Guardian",
                ),
                3 => (
                    format!("{first} on {mdy}. {rest}({name} / Los Angeles Times)"),
                    "Los Angeles Times",
                ),
                _ => (
                    format!("{first} on {mdy}. {rest}Photographer: {name}/Bloomberg"),
                    "Bloomberg",
                ),
            }
        }
        Other => {
            let name = sh.full();
            match ctx.rng.below(5) {
                0 => (
                    format!("{first} on {mdy}. {rest}Photo by {name}/UPI"),
                    "UPI",
                ),
                1 => (
                    format!("{first} on {mdy}. {rest}Photo by {name}/ABACAPRESS.COM"),
                    "Abaca",
                ),
                2 => (
                    format!("{first} on {mdy}. {rest}(Photo by {name}/Sipa USA)"),
                    "Sipa USA",
                ),
                3 => (
                    format!("{first}, {mdy}. {rest}(Photo by {name}/NurPhoto)"),
                    "NurPhoto",
                ),
                _ => (
                    format!(
                        "{first} on {mdy}. {rest}(Photo by {name}/SOPA Images/LightRocket via Getty Images)"
                    ),
                    "SOPA Images",
                ),
            }
        }
    };
    let mut caption = caption;
    if caption.contains("..") {
        // A place ending in a period ("U.S.", "Fla.") before a sentence stop.
        caption = caption.replace("..", ".");
    }
    if ctx.kind_name() == "sport" && ctx.rng.chance(15) {
        caption.push_str(" EDITORIAL USE ONLY.");
    }
    let reference = reference_date(ctx, rel);
    Rendered {
        caption,
        reference,
        agency,
    }
}

/// Generic credits of the national and smaller agencies listed in data/agencies.tsv.
fn national(
    ctx: &mut Ctx,
    first: &str,
    rest: &str,
    sh: &Shooter,
    rel: &mut Rel,
) -> (String, &'static str) {
    let d = ctx.d;
    let cc = ctx.cc();
    let home = HOME_AGENCIES.iter().find(|h| h.0 == cc).map(|h| h.1);
    let agency = match home {
        Some(names) if ctx.rng.chance(80) => d.agency(names[ctx.rng.below(names.len())]),
        _ => {
            let agencies: Vec<_> = d.agencies.iter().filter(|a| a.role == "agency").collect();
            agencies[ctx.rng.below(agencies.len())]
        }
    };
    let alias = if ctx.rng.chance(60) || agency.aliases.is_empty() {
        agency.name
    } else {
        agency.aliases[ctx.rng.below(agency.aliases.len())]
    };
    let date = ctx.date;
    let (mdy, name) = (date.mdy(), sh.full());
    let caption = match ctx.rng.below(5) {
        0 => format!("{first}, {mdy}. {rest}({alias}/{name})"),
        1 => format!("{first} on {mdy}. {rest}Photo: {name}/{alias}"),
        2 => format!("{first}, {}. {rest}(Photo by {name}/{alias})", date.dmy()),
        3 => format!("{first} on {mdy}. {rest}{name}/{alias}"),
        _ => {
            *rel = Rel::Weekday;
            format!("{first} on {}. {rest}({alias})", date.weekday())
        }
    };
    (caption, agency.name)
}

/// Who released a handout picture: (credit text, how a sentence names them).
fn handout_source(ctx: &mut Ctx) -> (String, String) {
    let fixed: &[(&str, &str)] = match ctx.cc() {
        "SY" => &[
            ("SANA", "the Syrian Arab News Agency (SANA)"),
            ("Syria Civil Defence", "the Syria Civil Defence"),
            ("White Helmets", "the White Helmets"),
        ],
        "IR" => &[
            ("IRNA", "the Islamic Republic News Agency (IRNA)"),
            ("Tasnim News Agency", "Tasnim News Agency"),
        ],
        "KP" => &[("KCNA", "North Korea's Korean Central News Agency (KCNA)")],
        "PS" => &[
            ("WAFA", "the Palestinian news agency WAFA"),
            ("Palestinian Red Crescent", "the Palestinian Red Crescent"),
        ],
        "UA" => &[
            (
                "Ukrainian Presidential Press Service",
                "the Ukrainian Presidential Press Service",
            ),
            (
                "State Emergency Service of Ukraine",
                "the State Emergency Service of Ukraine",
            ),
        ],
        "RU" => &[("Russian Defence Ministry", "the Russian Defence Ministry")],
        "IL" => &[("Israel Defense Forces", "the Israel Defense Forces")],
        _ => &[],
    };
    if !fixed.is_empty() && ctx.rng.chance(80) {
        let (c, s) = fixed[ctx.rng.below(fixed.len())];
        return (c.to_string(), s.to_string());
    }
    let demonym = ctx.d.countries[ctx.country].demonym;
    let body = [
        "Presidency",
        "Defence Ministry",
        "Police",
        "Interior Ministry",
        "Red Crescent",
    ][ctx.rng.skewed(5)];
    let credit = format!("{demonym} {body}");
    let sentence = if org_needs_article(&credit) {
        format!("the {credit}")
    } else {
        credit.clone()
    };
    (credit, sentence)
}

/// Getty and Anadolu datelines: "ALEPPO, SYRIA", "HOUSTON, TEXAS".
fn dateline_upper(ctx: &mut Ctx) -> (String, String) {
    let p = ctx.place();
    let second = if ctx.cc() == "US" && !p.admin1.is_empty() {
        p.admin1
    } else {
        ctx.country_name()
    };
    (p.name.to_uppercase(), second.to_uppercase())
}

/// PA's story slug: a desk and a keyword.
fn pa_story(ctx: &mut Ctx) -> &'static str {
    let slugs: &[&str] = match ctx.kind_name() {
        "sport" => &[
            "SPORT Soccer",
            "SPORT Rugby",
            "SPORT Cricket",
            "SPORT Tennis",
        ],
        "politics" => &["POLITICS Election", "POLITICS Brexit", "POLITICS Budget"],
        "protest" => &["PROTEST Climate", "POLICE Protest", "INDUSTRY Strike"],
        "disaster" => &["WEATHER Floods", "WEATHER Storm", "FIRE Blaze"],
        "attack" | "explosion" => &["POLICE Attack", "CRIME Shooting"],
        _ => &[
            "SOCIAL Weather",
            "ROYAL Visit",
            "HEALTH Hospital",
            "SOCIAL Festival",
        ],
    };
    slugs[ctx.rng.below(slugs.len())]
}

fn reference_date(ctx: &mut Ctx, rel: Rel) -> Date {
    let date = ctx.date;
    let (_, last) = crate::compose::span();
    match rel {
        Rel::Same => date.plus([0, 1, 2][ctx.rng.weighted(&[55, 35, 10])]),
        Rel::Weekday => date.plus(ctx.rng.range(0, 5) as i64),
        Rel::Taken => date.plus(ctx.rng.range(1, 45) as i64),
        Rel::Later => {
            // Up to ten years on, but not past the corpus's last day.
            let room = (last - date.days).clamp(0, 3650) as u64;
            date.plus(ctx.rng.range(room.min(30), room) as i64)
        }
        Rel::On(d) => d,
    }
}
