//! Which place is each place phrase? One reading of all the caption's phrases together.
//!
//! Resolving names one at a time fails in a recognisable way: a name the gazetteer lacks in the
//! caption's country is matched to a look-alike abroad ("the Syrian town of X, Hama province"
//! read as an X in France), a stadium takes the coordinates of a town of the same name two
//! thousand kilometres from the city the caption names, a town named like a country becomes that
//! country while the province named beside it lies elsewhere. The geoparsers that do well on news
//! (CLAVIN/CLIFF, Mordecai) treat the document as a whole; so does this module, with what a
//! caption adds: its chain of place phrases, a dateline, demonyms and cue words.
//!
//! 1. **Candidates** per phrase: the country it names, first-level divisions of that name in any
//!    country, gazetteer places of that name, and "unknown" (a place the gazetteer lacks).
//! 2. **Focus**: weighted evidence for the country of the photo: countries named in the chosen
//!    chain (strongest; the last, outermost one most), demonyms joined to the chain, divisions
//!    named with a province cue in the chain, then countries and demonyms anywhere else.
//! 3. **Score** of each candidate: a prior (feature class, seat, population, the place's own
//!    name written with its diacritics, fit with the cue word), agreement with the focus,
//!    agreement with a division the chain names, and nearness to the other phrases of the chain
//!    as currently read. Two rounds: independent readings first,
//!    then each chain phrase re-read beside the others.
//! 4. **Constraints**: a chain phrase is never read as a place in another country than one the
//!    chain names outright; a camp, landmark or neighbourhood is never placed far from the town of
//!    its chain; a town is never inside another country's division named next in its chain.
//!    Where nothing fits, the phrase stays unknown, and the caller places it at its
//!    parent's point with a coarser precision.
//!
//! The weights are few and round on purpose: they order candidates, they are not fitted to a gold
//! set. `crates/engine/tests/locations.rs` has a written caption per behaviour.

use dateline_geo::{Gazetteer, Place};
use dateline_text::mentions::{DemonymMention, KnownKind, Mentions, PlaceCue, PlacePhrase};

/// What one place phrase was read as.
#[derive(Debug, Clone)]
pub(crate) enum Resolved {
    Country(dateline_geo::Country),
    Admin1(dateline_geo::Admin1),
    Place(Place),
    Unknown,
}

impl Resolved {
    pub(crate) fn country(&self) -> Option<&str> {
        match self {
            Resolved::Country(c) => Some(&c.code),
            Resolved::Admin1(a) => Some(&a.country),
            Resolved::Place(p) => Some(&p.country),
            Resolved::Unknown => None,
        }
    }

    fn point(&self) -> Option<(f64, f64)> {
        match self {
            Resolved::Place(p) => Some((p.lat, p.lon)),
            _ => None,
        }
    }
}

/// Evidence for the country where the photo was taken, as weights per country code.
#[derive(Debug, Default, Clone)]
pub(crate) struct Focus {
    weights: Vec<(String, f64)>,
    /// A country the chosen chain names outright: its phrases lie in no other.
    pub strong: Option<String>,
    /// The words the chain used for it ("Congo" names two countries; the town decides).
    strong_name: String,
}

impl Focus {
    fn add(&mut self, cc: &str, w: f64) {
        match self.weights.iter_mut().find(|(c, _)| c == cc) {
            Some((_, x)) => *x += w,
            None => self.weights.push((cc.to_string(), w)),
        }
    }

    pub(crate) fn weight(&self, cc: &str) -> f64 {
        self.weights
            .iter()
            .find(|(c, _)| c == cc)
            .map_or(0.0, |(_, w)| *w)
    }
}

/// The focus of a caption from its place phrases, the chosen chain and its demonyms.
///
/// `attached` are the demonyms joined to the chain ("the northern Syrian city of Aleppo").
pub(crate) fn focus(
    places: &[PlacePhrase],
    chosen: &[usize],
    mentions: &Mentions,
    attached: &[&DemonymMention],
    gaz: &Gazetteer,
) -> Focus {
    let mut f = Focus::default();
    let chain_countries: Vec<&str> = chosen
        .iter()
        .filter_map(|&i| places[i].known.as_ref())
        .filter(|k| k.kind == KnownKind::Country)
        .map(|k| k.country.as_str())
        .collect();
    for (n, cc) in chain_countries.iter().enumerate() {
        // "X, a village in Guatemala": the last country of a chain is its outermost part.
        let last = n + 1 == chain_countries.len();
        f.add(cc, if last { 5.0 } else { 4.0 });
    }
    if let Some(&i) = chosen.iter().rev().find(|&&i| {
        places[i]
            .known
            .as_ref()
            .is_some_and(|k| k.kind == KnownKind::Country)
    }) {
        f.strong = places[i].known.as_ref().map(|k| k.country.clone());
        f.strong_name = dateline_geo::fold(crate::oracle::bare(&places[i].lookup));
    }
    for d in attached {
        f.add(&d.country, 3.0);
    }
    for &i in chosen {
        let p = &places[i];
        // A division named with a province cue ("Idlib province"), or one the chain names by a
        // name that is only a division's ("Naples, Fla.", "Fort Myers, Florida").
        if matches!(p.cue, PlaceCue::Province) || bare_division(places, chosen, i, gaz) {
            let divisions = gaz.admin1_by_name(crate::oracle::bare(&p.lookup), None);
            let n = divisions.len() as f64;
            for a in &divisions {
                f.add(&a.country, 2.0 / n);
            }
        }
    }
    for (i, p) in places.iter().enumerate() {
        if chosen.contains(&i) {
            continue;
        }
        if let Some(k) = &p.known
            && k.kind == KnownKind::Country
        {
            f.add(&k.country, 1.0);
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for d in &mentions.demonyms {
        // Demonyms describe people as often as places ("Syrian refugees in Berlin"): weak,
        // and counted once per country.
        if !seen.contains(&d.country.as_str()) {
            seen.push(&d.country);
            f.add(&d.country, 1.2);
        }
    }
    f
}

/// A candidate reading with its prior score.
struct Candidate {
    reading: Resolved,
    prior: f64,
}

/// Populated places first, then capitals and admin seats, then population.
pub(crate) fn rank(p: &Place) -> (u8, u8, u64) {
    let class = u8::from(p.feature_class == 'P');
    (class, seat(p), p.population)
}

fn seat(p: &Place) -> u8 {
    match p.feature_code.as_str() {
        "PPLC" => 3,
        "PPLA" => 2,
        "PPLA2" | "PPLA3" => 1,
        _ => 0,
    }
}

fn candidates(
    p: &PlacePhrase,
    gaz: &Gazetteer,
    lookup: &dyn Fn(&str) -> Vec<Place>,
) -> Vec<Candidate> {
    let mut out = vec![Candidate {
        reading: Resolved::Unknown,
        prior: 0.0,
    }];
    if p.rule == "place.region_name" {
        // A world region ("Asia", "the Middle East") is no town, whatever the gazetteer holds.
        return out;
    }
    let name = crate::oracle::bare(&p.lookup);
    // "la plaza Italia", "the Jordan camp": a landmark, a part of a town or a camp named after a
    // country is not that country.
    let named_part = matches!(
        p.cue,
        PlaceCue::Landmark | PlaceCue::Neighbourhood | PlaceCue::Camp
    ) && p
        .known
        .as_ref()
        .is_none_or(|k| k.kind != KnownKind::Country);
    let country = gaz.country_by_name(name).filter(|_| !named_part);
    // "le boulevard Saint-Michel", "la plaza Italia": a landmark named with its noun before the
    // name is named after a person, a date or a country, not after a town.
    if named_part
        && p.rule == "place.cue_before"
        && p.cue == PlaceCue::Landmark
        && p.name.starts_with(char::is_lowercase)
    {
        return out;
    }
    if let Some(c) = &country {
        let named_as_country = matches!(p.known.as_ref().map(|k| k.kind), Some(KnownKind::Country));
        out.push(Candidate {
            reading: Resolved::Country(c.clone()),
            prior: if named_as_country { 10.0 } else { 3.5 },
        });
    }
    let division_cue = matches!(p.cue, PlaceCue::Province | PlaceCue::District);
    // "Western Region" is Uganda's division by that whole name, not one of the many
    // "Western"s: a division whose name is the phrase as written, generic word and all, first.
    let whole: Vec<(String, String)> = if p.name != name {
        gaz.admin1_by_name(&p.name, None)
            .into_iter()
            .map(|a| (a.country, a.code))
            .collect()
    } else {
        Vec::new()
    };
    for a in gaz.admin1_by_name(name, None) {
        let as_written = whole
            .iter()
            .any(|(c, code)| *c == a.country && *code == a.code);
        out.push(Candidate {
            prior: if division_cue { 4.0 } else { 1.0 } + if as_written { 2.0 } else { 0.0 },
            reading: Resolved::Admin1(a),
        });
    }
    let mut places = lookup(name);
    let lowered = name.trim().to_lowercase();
    places.sort_by_key(|p| std::cmp::Reverse(rank(p)));
    places.truncate(24);
    for pl in places {
        let class = match pl.feature_class {
            'P' => 2.0,
            'S' if matches!(p.cue, PlaceCue::Landmark | PlaceCue::Camp) => 2.0,
            'T' | 'H' | 'L' | 'V' | 'U' if p.cue == PlaceCue::Feature => 2.0,
            _ => 0.5,
        };
        // "Idlib province" is the division; its seat only when the gazetteer lacks the division.
        let cue_fit = if division_cue { -8.0 } else { 0.0 };
        // A name written with the diacritics of a place's own primary name, not another
        // place's historical or foreign alternate ("Petrópolis" is the Brazilian city, not St
        // Petersburg): a writer who keeps the accents writes the local spelling.
        // Without diacritics the signal is weaker, kept for national capitals: "Dili" is the
        // primary name of Timor-Leste's capital and only a transliterated alternate of Delhi. A
        // capital is written by its own name; elsewhere an exonym or alternate is as likely as a
        // homonym's primary name ("Salvador" in French is El Salvador, not the Brazilian city).
        let own_name = match (pl.name.to_lowercase() == lowered, name.is_ascii()) {
            (true, false) => 2.0,
            (true, true) if pl.feature_code == "PPLC" => 0.5,
            _ => 0.0,
        };
        let prior = class
            + cue_fit
            + own_name
            + 0.5 * f64::from(seat(&pl))
            + 0.4 * ((pl.population + 1) as f64).log10();
        out.push(Candidate {
            reading: Resolved::Place(pl),
            prior,
        });
    }
    out
}

/// Great-circle distance in kilometres.
pub(crate) fn km(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (la1, lo1, la2, lo2) = (
        a.0.to_radians(),
        a.1.to_radians(),
        b.0.to_radians(),
        b.1.to_radians(),
    );
    let h = ((la2 - la1) / 2.0).sin().powi(2)
        + la1.cos() * la2.cos() * ((lo2 - lo1) / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().asin()
}

/// The joint reading of every place phrase, and for the chain phrases the margin of the chosen
/// reading over the best one elsewhere (in another country or far away).
pub(crate) struct Reading {
    pub resolved: Vec<Resolved>,
    /// Chain phrases whose best reading had a close rival far away: (phrase, rival's country).
    pub close_calls: Vec<(usize, String)>,
}

pub(crate) fn resolve_jointly(
    text: &str,
    places: &[PlacePhrase],
    chosen: &[usize],
    focus: &Focus,
    gaz: &Gazetteer,
    lookup: &dyn Fn(&str) -> Vec<Place>,
) -> Reading {
    let cands: Vec<Vec<Candidate>> = places.iter().map(|p| candidates(p, gaz, lookup)).collect();
    let in_chain = |i: usize| chosen.contains(&i);
    // "Goma, Congo": a short name shared by two countries ("Congo", "Guinea") admits both.
    let also_named = |cc: &str| {
        focus.strong_name.len() >= 4
            && gaz.country(cc).is_some_and(|c| {
                dateline_geo::fold(&c.name)
                    .split(' ')
                    .any(|w| w == focus.strong_name)
            })
    };
    // Divisions the chain names with a cue ("Hama province"), read by the focus alone.
    let score_alone = |i: usize, c: &Candidate| -> f64 {
        let mut s = c.prior;
        if let Some(cc) = c.reading.country() {
            s += 1.2 * focus.weight(cc).min(5.0);
            if in_chain(i)
                && let Some(strong) = &focus.strong
                && cc != strong
                && !also_named(cc)
                && !matches!(c.reading, Resolved::Country(_))
            {
                // The chain names its country outright: never a homonym elsewhere.
                s -= 100.0;
            }
        }
        s
    };
    let mut pick: Vec<usize> = cands
        .iter()
        .enumerate()
        .map(|(i, cs)| best(cs, |c| score_alone(i, c)))
        .collect();

    // Second round: each chain phrase beside the others' readings.
    let mut divisions: Vec<dateline_geo::Admin1> = chosen
        .iter()
        .filter(|&&i| matches!(places[i].cue, PlaceCue::Province | PlaceCue::District))
        .filter_map(|&i| match &cands[i][pick[i]].reading {
            Resolved::Admin1(a) => Some(a.clone()),
            _ => None,
        })
        .collect();
    // "Naples, Fla.": a name after a town in the chain that is a division's name (here also a
    // hamlet's in Norway) supports the towns of that division.
    for &i in chosen {
        if bare_division(places, chosen, i, gaz) {
            divisions.extend(gaz.admin1_by_name(crate::oracle::bare(&places[i].lookup), None));
        }
    }
    let mut close_calls = Vec::new();
    for _round in 0..2 {
        let points: Vec<(usize, (f64, f64), u64)> = chosen
            .iter()
            .filter_map(|&j| match &cands[j][pick[j]].reading {
                Resolved::Place(p) => Some((j, (p.lat, p.lon), p.geonames_id)),
                _ => None,
            })
            .collect();
        for &i in chosen {
            let joint = |c: &Candidate| -> f64 {
                let mut s = score_alone(i, c);
                if let Resolved::Place(pl) = &c.reading {
                    if divisions
                        .iter()
                        .any(|a| a.country == pl.country && a.code == pl.admin1)
                    {
                        s += 2.5;
                    }
                    // Two phrases of a chain name two places: the same entry twice is no support.
                    if points
                        .iter()
                        .any(|(j, _, id)| *j != i && *id == pl.geonames_id)
                    {
                        s -= 3.0;
                    }
                    let near = points
                        .iter()
                        .filter(|(j, _, id)| *j != i && *id != pl.geonames_id)
                        .map(|(_, pt, _)| km(*pt, (pl.lat, pl.lon)))
                        .fold(f64::INFINITY, f64::min);
                    if near < 25.0 {
                        s += 2.0;
                    } else if near < 100.0 {
                        s += 1.0;
                    } else if near.is_finite() && near > 1000.0 {
                        s -= 1.5;
                    }
                }
                s
            };
            pick[i] = best(&cands[i], joint);
            if _round == 1 {
                let chosen_score = joint(&cands[i][pick[i]]);
                let here = &cands[i][pick[i]].reading;
                let rival = cands[i]
                    .iter()
                    .filter(|c| match (&c.reading, here) {
                        (Resolved::Place(a), Resolved::Place(b)) => {
                            a.country != b.country || km((a.lat, a.lon), (b.lat, b.lon)) > 100.0
                        }
                        (Resolved::Place(a), _) => here.country() != Some(a.country.as_str()),
                        _ => false,
                    })
                    .map(|c| (joint(c), c.reading.country().unwrap_or("").to_string()))
                    .max_by(|a, b| a.0.total_cmp(&b.0));
                if matches!(here, Resolved::Place(_))
                    && let Some((s, cc)) = rival
                    && chosen_score - s < 0.5
                {
                    close_calls.push((i, cc));
                }
            }
        }
    }
    let mut resolved: Vec<Resolved> = pick
        .iter()
        .enumerate()
        .map(|(i, &k)| cands[i][k].reading.clone())
        .collect();

    // "Kabupaten Kampar, Riau": a town is never inside another country's division, so where the
    // chain's next phrase is a division of another country, the town is one the gazetteer
    // lacks there (placed at the division by the caller), not a homonym abroad.
    for pos in 0..chosen.len().saturating_sub(1) {
        let (i, j) = (chosen[pos], chosen[pos + 1]);
        if let (Resolved::Place(p), Resolved::Admin1(a)) = (&resolved[i], &resolved[j])
            && p.country != a.country
        {
            resolved[i] = Resolved::Unknown;
        }
    }

    // "Jordan, a village in Guatemala's Huehuetenango department", "Bahrain, Khyber
    // Pakhtunkhwa": a country is never part of another country or of another country's
    // division, so a country name followed in its chain by one is a town of that name.
    for (pos, &i) in chosen.iter().enumerate() {
        let Resolved::Country(c) = &resolved[i] else {
            continue;
        };
        let inside_other = chosen[pos + 1..].iter().find_map(|&j| match &resolved[j] {
            Resolved::Country(o) if o.code != c.code => Some(o.code.clone()),
            Resolved::Admin1(a) if a.country != c.code && places[j].cue == PlaceCue::Province => {
                Some(a.country.clone())
            }
            _ => None,
        });
        let listed = chosen
            .get(pos + 1)
            .is_some_and(|&j| joined_by_and(text, &places[i], &places[j]));
        // "Congo, Democratic Republic of Congo": two spellings of one country's name.
        let kin = |other: &str| {
            let a = dateline_geo::fold(&c.name);
            gaz.country(other).is_some_and(|o| {
                let b = dateline_geo::fold(&o.name);
                a.split(' ')
                    .any(|w| w.len() >= 4 && b.split(' ').any(|x| x == w))
            })
        };
        if let Some(other) = inside_other
            && !listed
            && !kin(&other)
        {
            resolved[i] = cands[i]
                .iter()
                .filter(|k| matches!(&k.reading, Resolved::Place(p) if p.country == other))
                .max_by(|a, b| a.prior.total_cmp(&b.prior))
                .map_or(Resolved::Unknown, |k| k.reading.clone());
        }
    }

    // A camp, landmark or neighbourhood lies in or by the town of its chain: a homonym far
    // away ("the Maracana stadium in Rio de Janeiro" is not the town of Maracanã in Pará) is
    // a different place, and the phrase is read as unknown under its town.
    let towns: Vec<(f64, f64)> = chosen
        .iter()
        .filter(|&&i| {
            !matches!(
                places[i].cue,
                PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::Neighbourhood
            )
        })
        .filter_map(|&i| resolved[i].point())
        .collect();
    for &i in chosen {
        if matches!(
            places[i].cue,
            PlaceCue::Camp | PlaceCue::Landmark | PlaceCue::Neighbourhood
        ) && let Some(pt) = resolved[i].point()
            && !towns.is_empty()
            && towns.iter().all(|t| km(*t, pt) > 100.0)
        {
            resolved[i] = Resolved::Unknown;
        }
    }
    Reading {
        resolved,
        close_calls,
    }
}

/// "in Syria and Iraq": a list, not a place inside another.
fn joined_by_and(text: &str, a: &PlacePhrase, b: &PlacePhrase) -> bool {
    text.get(a.span.end..b.span.start).is_some_and(|gap| {
        gap.split([' ', ','])
            .any(|w| matches!(w, "and" | "or" | "&"))
    })
}

fn best(cs: &[Candidate], score: impl Fn(&Candidate) -> f64) -> usize {
    let mut best = 0;
    let mut best_s = f64::NEG_INFINITY;
    for (k, c) in cs.iter().enumerate() {
        let s = score(c);
        // Ties keep the earlier candidate: the country, then divisions, then ranked places.
        if s > best_s + 1e-9 {
            best = k;
            best_s = s;
        }
    }
    best
}

/// Where a photo's own place fields (IPTC City, Province-State, Country) put it.
#[derive(Debug, Clone, PartialEq)]
pub struct Geocoded {
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// GeoNames id of the place the point is, when it is one.
    pub geonames_id: Option<u64>,
    /// 1 = the city itself, 3 = only its province or country (as in the record).
    pub precision: u8,
    /// ISO code of the country the fields name or imply.
    pub country: Option<String>,
}

/// The same reading as for a caption's chain "city, province, country": the country and the
/// province decide among homonyms of the city, and a city the gazetteer does not know there is
/// placed at its province or country, never at a look-alike abroad.
pub(crate) fn geocode_fields(
    gaz: &Gazetteer,
    lookup: &dyn Fn(&str) -> Vec<Place>,
    city: Option<&str>,
    province: Option<&str>,
    country: Option<&str>,
) -> Option<Geocoded> {
    let country = country
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .and_then(|c| {
            if c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()) {
                gaz.country(&c.to_ascii_uppercase())
            } else {
                gaz.country_by_name(c)
            }
        });
    let cc = country.as_ref().map(|c| c.code.as_str());
    let division = province
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .and_then(|p| gaz.admin1_by_name(p, cc).into_iter().next());
    let cc = cc.or(division.as_ref().map(|a| a.country.as_str()));
    if let Some(name) = city.map(str::trim).filter(|c| !c.is_empty()) {
        let best = lookup(name)
            .into_iter()
            .filter(|p| cc.is_none_or(|c| p.country == c))
            .max_by_key(|p| {
                let same_division = division
                    .as_ref()
                    .is_some_and(|a| a.country == p.country && a.code == p.admin1);
                (same_division, rank(p))
            });
        if let Some(p) = best {
            return Some(Geocoded {
                lat: p.lat,
                lon: p.lon,
                geonames_id: p.has_geonames_id().then_some(p.geonames_id),
                precision: 1,
                country: Some(p.country.clone()),
            });
        }
    }
    if let Some(a) = &division
        && let Some((lat, lon)) = crate::locate::admin1_center(gaz, a)
    {
        return Some(Geocoded {
            lat,
            lon,
            geonames_id: a.geonames_id,
            precision: 3,
            country: Some(a.country.clone()),
        });
    }
    country.map(|c| Geocoded {
        lat: c.lat,
        lon: c.lon,
        geonames_id: None,
        precision: 3,
        country: Some(c.code),
    })
}

/// A chain phrase after the first, with no cue word, that names a first-level division in one or
/// two countries ("Naples, Fla.", "Fort Myers, Florida", "Pohang, North Gyeongsang"), and no
/// country: a division named the way US and Korean captions name states after towns.
fn bare_division(places: &[PlacePhrase], chosen: &[usize], i: usize, gaz: &Gazetteer) -> bool {
    let p = &places[i];
    p.cue == PlaceCue::None
        && chosen.first().is_some_and(|&f| f != i)
        && !p
            .known
            .as_ref()
            .is_some_and(|k| k.kind == KnownKind::Country)
        && {
            let n = gaz
                .admin1_by_name(crate::oracle::bare(&p.lookup), None)
                .len();
            (1..=3).contains(&n)
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_is_haversine() {
        // Damascus to Aleppo, about 310 km.
        let d = km((33.51, 36.29), (36.20, 37.16));
        assert!((300.0..320.0).contains(&d), "{d}");
        assert!(km((1.0, 2.0), (1.0, 2.0)) < 1e-9);
    }

    #[test]
    fn focus_weights_add_up() {
        let mut f = Focus::default();
        f.add("SY", 1.0);
        f.add("SY", 2.0);
        f.add("FR", 1.0);
        assert_eq!(f.weight("SY"), 3.0);
        assert_eq!(f.weight("DE"), 0.0);
    }
}
