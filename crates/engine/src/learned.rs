//! The learned step: a CRF tagger (`dateline-tagger`) adjudicates the people the rules found.
//!
//! The rules decide first; the model sees their labels among its features and then, per person:
//! - a rule person the model also tags is kept as the rules found it (rule id unchanged);
//! - a rule person the model rejects (mean probability of its words being a person's name below
//!   [`Policy::drop_below`]) is dropped, unless the rules had strong evidence of a person (an age
//!   or a title/role), which [`Policy::keep_with_evidence`] honours;
//! - a name the model tags with probability at least [`Policy::add_above`] that the rules did not
//!   report, outside the credit and not overlapping an organization or a place phrase the
//!   gazetteer knows, is added with the rule id `model.crf.person`.
//!
//! The thresholds of [`Policy::default`] come from cross-validation on the gold sets
//! (`cargo run --release -p dateline-tagger --example crossval`); the model shipped is trained on
//! all of them (`data/model/README.md`).

use crate::Engine;
use dateline_model::Span;
use dateline_tagger::train::{Sample, Unaligned, align};
use dateline_tagger::{Hints, Kind, Model, WordClasses};
use dateline_text::Found;
use dateline_text::mentions::{Mentions, OrgFound, PersonFound, PlaceOracle};
use std::sync::{Arc, LazyLock};

/// The rule id of a person the model added.
pub const RULE_PERSON: &str = "model.crf.person";
/// The rule id of an organization the model added.
pub const RULE_ORGANIZATION: &str = "model.crf.organization";
/// The rule id of a sublocation the model gave where the rules found none.
pub const RULE_SUBLOCATION: &str = "model.crf.sublocation";

static BUILTIN_BYTES: &[u8] = include_bytes!("../../../data/model/tagger.crfsuite");
static BUILTIN_SUBLOCATION_BYTES: &[u8] =
    include_bytes!("../../../data/model/sublocation.crfsuite");

static BUILTIN: LazyLock<Arc<Model>> = LazyLock::new(|| {
    Arc::new(
        Model::from_crfsuite(BUILTIN_BYTES, WordClasses::builtin())
            .expect("builtin data/model/tagger.crfsuite"),
    )
});

static BUILTIN_SUBLOCATION: LazyLock<Arc<Model>> = LazyLock::new(|| {
    Arc::new(
        Model::from_crfsuite(BUILTIN_SUBLOCATION_BYTES, WordClasses::builtin())
            .expect("builtin data/model/sublocation.crfsuite"),
    )
});

/// The model shipped with dateline (read on first use).
pub fn builtin_model() -> Arc<Model> {
    BUILTIN.clone()
}

/// The sublocation model shipped with dateline (read on first use). A model of its own, not
/// more labels in the people's: trained together, the sublocation labels cost the people
/// labels more (cross-validated people F1 0.826 → 0.812) than they gained.
pub fn builtin_sublocation_model() -> Arc<Model> {
    BUILTIN_SUBLOCATION.clone()
}

/// How the model's probabilities turn into decisions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Policy {
    /// A rule person whose words the model gives a mean person probability below this is dropped.
    pub drop_below: f64,
    /// A name the model tags with at least this mean probability is added.
    pub add_above: f64,
    /// Never drop a rule person that came with an age or a role.
    pub keep_with_evidence: bool,
    /// Also add organizations the model tags with at least `add_above` that the rules missed.
    pub organizations: bool,
    /// An organization the model tags over exactly the words of a place phrase replaces the
    /// place ("Liverpool's Mohamed Salah": the club, not the city).
    pub organizations_over_places: bool,
    /// Report the model's people only, ignoring the rules' (to measure the model by itself).
    pub model_only: bool,
    /// Where the rules found no sublocation, the words the model tags as one with at least this
    /// mean probability are the sublocation (above 1: never).
    pub sublocation_above: f64,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            drop_below: 0.2,
            add_above: 0.5,
            keep_with_evidence: false,
            organizations: true,
            organizations_over_places: false,
            model_only: false,
            sublocation_above: 0.6,
        }
    }
}

/// The model an engine consults, if any, and how.
///
/// On by default since the model learned from 804 gold captions: cross-validated by caption it
/// lifts people from 0.865 to 0.894 and organizations from 0.805 to 0.815 over the rules alone
/// (`data/model/README.md`); `Engine::set_learned(None, _)` gives the rules alone.
pub(crate) type Learned = Option<(Arc<Model>, Policy)>;

impl Engine {
    /// Uses `model` (or none: the rules alone) with `policy` to adjudicate people and
    /// organizations; the default is [`builtin_model`] with [`Policy::default`];
    /// [`builtin_model`] is the model shipped with dateline.
    pub fn set_learned(&mut self, model: Option<Arc<Model>>, policy: Policy) {
        self.learned = model.map(|m| (m, policy));
    }

    /// Uses `model` (or none) to read the sublocation where the rules find none; consulted only
    /// while a model of people is set ([`Engine::set_learned`]). The default is
    /// [`builtin_sublocation_model`].
    pub fn set_sublocation_model(&mut self, model: Option<Arc<Model>>) {
        self.sublocation_model = model;
    }

    /// A training sequence for `text` from gold people, organizations and sublocation, with the features the
    /// engine would compute at extraction time. Without `rule_labels` the rules' people,
    /// organizations and places are left out of the features: a model trained so judges names on
    /// its own evidence (features it never saw are ignored at tagging time).
    pub fn learned_sample(
        &self,
        text: &str,
        people: &[String],
        organizations: &[String],
        sublocations: &[String],
        lex: &WordClasses,
        rule_labels: bool,
    ) -> (Sample, Unaligned) {
        let credit = dateline_text::credit::find_credit(text, &self.agencies)
            .map(|c| c.all_spans())
            .unwrap_or_default();
        let oracle = crate::GazetteerOracle::with_cache_key(&self.gazetteer, self.cache_key);
        let mentions = dateline_text::mentions::find_mentions(text, &self.names, &oracle, &credit);
        let view = self.names.case_view(text);
        let seen = view.as_deref().unwrap_or(text);
        let (people_spans, org_spans, places) = if rule_labels {
            rule_spans(&mentions)
        } else {
            Default::default()
        };
        let hints = Hints {
            credit: &credit,
            people: &people_spans,
            organizations: &org_spans,
            places: &places,
            oracle: &oracle,
        };
        let tokens = dateline_tagger::tokens(seen);
        let features = dateline_tagger::features::features(seen, &tokens, &hints, lex);
        let (labels, unaligned) =
            align(text, &tokens, &credit, people, organizations, sublocations);
        (Sample { features, labels }, unaligned)
    }
}

type RuleSpans = (
    Vec<Span>,
    Vec<Span>,
    Vec<(Span, Option<dateline_text::mentions::KnownKind>)>,
);

fn rule_spans(m: &Mentions) -> RuleSpans {
    (
        m.people.iter().map(|p| p.name.span).collect(),
        m.organizations.iter().map(|o| o.name.span).collect(),
        m.places
            .iter()
            .map(|p| (p.span, p.known.as_ref().map(|k| k.kind)))
            .collect(),
    )
}

/// Applies the model's view of people and organizations to the rules' mentions (see the module
/// doc), and returns the sublocation the model reads, for the engine to use where the rules'
/// location has none.
pub(crate) fn adjudicate(
    engine: &Engine,
    text: &str,
    credit: &[Span],
    oracle: &dyn PlaceOracle,
    mentions: &mut Mentions,
) -> Option<Found<String>> {
    let Some((model, policy)) = &engine.learned else {
        return None;
    };
    let view = engine.names.case_view(text);
    let seen = view.as_deref().unwrap_or(text);
    let (people, orgs, places) = rule_spans(mentions);
    let hints = Hints {
        credit,
        people: &people,
        organizations: &orgs,
        places: &places,
        oracle,
    };
    let features = model.features(seen, &hints);
    let tagged = model.tag_features(&features);
    if policy.model_only {
        mentions.people.clear();
    }
    mentions.people.retain(|p| {
        let strong = policy.keep_with_evidence && (p.age.is_some() || p.role.is_some());
        strong
            || patronymic(&p.name.value)
            || name_prob(&tagged, text, p.name.span).is_none_or(|prob| prob >= policy.drop_below)
    });
    let overlaps = |a: Span, b: Span| a.start < b.end && b.start < a.end;
    let mut added = false;
    for (span, prob) in tagged.spans(Kind::Person) {
        let span = tidy_person(text, span, &engine.names);
        if prob < policy.add_above
            || dateline_text::names::opens_with_central_preposition(text, span.slice(text))
            || named_already(
                span.slice(text),
                mentions.people.iter().map(|p| p.name.value.as_str()),
            )
            || credit.iter().any(|c| overlaps(*c, span))
            || (!policy.model_only && people.iter().any(|p| overlaps(*p, span)))
            || orgs.iter().any(|o| overlaps(*o, span))
            || places
                .iter()
                .any(|(p, known)| known.is_some() && overlaps(*p, span))
        {
            continue;
        }
        mentions.people.push(PersonFound {
            name: Found::new(span.slice(text).to_string(), span, RULE_PERSON),
            age: None,
            role: None,
        });
        added = true;
    }
    if added {
        mentions.people.sort_by_key(|p| p.name.span.start);
    }
    let sublocation = engine
        .sublocation_model
        .as_ref()
        .filter(|_| policy.sublocation_above <= 1.0)
        .and_then(|m| sublocation(text, credit, &m.tag_features(&features), mentions, policy));
    if !policy.organizations {
        return sublocation;
    }
    let mut added = false;
    for (span, prob) in tagged.spans(Kind::Organization) {
        let span = tidy_organization(text, span);
        let same_place =
            policy.organizations_over_places && mentions.places.iter().any(|p| p.span == span);
        if prob < policy.add_above
            || named_already(
                span.slice(text),
                mentions.organizations.iter().flat_map(|o| {
                    std::iter::once(o.name.value.as_str()).chain(o.acronym.as_deref())
                }),
            )
            || credit.iter().any(|c| overlaps(*c, span))
            || engine.names.is_organization_kind(span.slice(text).trim())
            || mentions.people.iter().any(|p| overlaps(p.name.span, span))
            || orgs.iter().any(|o| overlaps(*o, span))
            || (!same_place
                && places
                    .iter()
                    .any(|(p, known)| known.is_some() && overlaps(*p, span)))
        {
            continue;
        }
        if same_place {
            mentions.places.retain(|p| p.span != span);
        }
        mentions.organizations.push(OrgFound {
            name: Found::new(span.slice(text).to_string(), span, RULE_ORGANIZATION),
            acronym: None,
            canonical: None,
        });
        added = true;
    }
    if added {
        mentions.organizations.sort_by_key(|o| o.name.span.start);
    }
    sublocation
}

/// "Mohammed bin Salman", "Tamim bin Hamad Al Thani": a given name, "son/daughter of" and a
/// father's name is a person's name by its shape, which the model has seen too rarely to read.
fn patronymic(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    words.windows(3).any(|w| {
        // ("Bin", "Ibn": capitalized as some write it.)
        let mut middle = w[1].chars();
        let lowered: String = middle
            .next()
            .map(|c| c.to_lowercase().chain(middle).collect())
            .unwrap_or_default();
        dateline_text::names::is_patronym_particle(&lowered)
            && w[0].chars().next().is_some_and(char::is_uppercase)
            && w[2].chars().next().is_some_and(char::is_uppercase)
    })
}

/// The model's mean person probability over a name's capitalized words: the particles inside
/// Arabic, Romance and Dutch names ("Mohammed bin Salman", "Eduardo del Castillo") are words the
/// model rarely sees inside a name, and would sink a name it reads well otherwise.
fn name_prob(tagged: &dateline_tagger::Tagged, text: &str, span: Span) -> Option<f64> {
    let (mut sum, mut n) = (0.0, 0);
    let name = span.slice(text);
    let mut at = span.start;
    for w in name.split(' ') {
        let ws = Span::new(at, at + w.len());
        at += w.len() + 1;
        if w.chars().next().is_some_and(char::is_uppercase)
            && let Some(p) = tagged.span_prob(ws, Kind::Person)
        {
            sum += p;
            n += 1;
        }
    }
    if n == 0 {
        return tagged.span_prob(span, Kind::Person);
    }
    Some(sum / n as f64)
}

/// The most probable sublocation the model tags at or above the policy's threshold, outside the
/// credit and not over a person; trimmed of punctuation the tokens carried.
fn sublocation(
    text: &str,
    credit: &[Span],
    tagged: &dateline_tagger::Tagged,
    mentions: &Mentions,
    policy: &Policy,
) -> Option<Found<String>> {
    tagged
        .spans(Kind::Sublocation)
        .into_iter()
        .filter(|(span, prob)| {
            *prob >= policy.sublocation_above
                && !credit.iter().any(|c| c.overlaps(span))
                && !mentions.people.iter().any(|p| p.name.span.overlaps(span))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .and_then(|(span, _)| {
            let s = span.slice(text);
            let t = s.trim_matches(|c: char| !c.is_alphanumeric());
            (!t.is_empty()).then(|| {
                let start = span.start
                    + (s.len() - s.trim_start_matches(|c: char| !c.is_alphanumeric()).len());
                Found::new(
                    t.to_string(),
                    Span::new(start, start + t.len()),
                    RULE_SUBLOCATION,
                )
            })
        })
}

/// Makes the model's sublocation the record's where the rules' location has none. It is never a
/// place the gazetteer resolved (a town the rules did not choose as the city is not a part of
/// one); it joins the caption's places, and the coordinates of the city around it stand for it
/// at precision 2, as for any part of a town the gazetteer lacks.
pub(crate) fn apply_sublocation(sub: Found<String>, located: &mut crate::locate::Located) {
    let loc = &mut located.location;
    if loc.sublocation.is_some() {
        return;
    }
    let span = sub.span;
    let overlaps = |p: &dateline_model::PlaceMention| Span::new(p.start, p.end).overlaps(&span);
    if located
        .places
        .iter()
        .any(|p| overlaps(p) && p.geonames_id.is_some())
    {
        return;
    }
    let same = |x: &Option<String>| {
        x.as_deref()
            .is_some_and(|x| x.eq_ignore_ascii_case(&sub.value))
    };
    if same(&loc.city) || same(&loc.province) {
        return;
    }
    if !located.places.iter().any(overlaps) {
        let at = located.places.partition_point(|p| p.start < span.start);
        located.places.insert(
            at,
            dateline_model::PlaceMention {
                text: sub.value.clone(),
                start: span.start,
                end: span.end,
                geonames_id: None,
                country: None,
                lat: None,
                lon: None,
            },
        );
    }
    if loc.precision == Some(1) && loc.lat.is_some() {
        loc.precision = Some(2);
    }
    if let (Some(p), Some(_)) = (loc.precision, loc.lat) {
        located
            .warnings
            .push(crate::locate::unknown_place_warning(&sub.value, p));
    }
    located
        .evidence
        .entry("location.sublocation".into())
        .or_default()
        .push(dateline_model::Evidence::new(span, sub.rule));
    loc.sublocation = Some(sub.value);
}

/// A tagged person's span without a title before the name ("Gazeteci Hiba el-Abadla") and,
/// in a Turkish caption, without the case ending after an apostrophe ("el-Abadla’nın").
fn tidy_person(text: &str, span: Span, names: &dateline_text::mentions::NameLexicon) -> Span {
    let mut span = span;
    let s = span.slice(text);
    if let Some((first, rest)) = s.split_once(' ')
        && names.is_title(first)
        && rest.chars().next().is_some_and(char::is_uppercase)
    {
        span = Span::new(span.end - rest.len(), span.end);
    }
    if let Some(k) = dateline_text::names::without_turkish_ending(text, span.slice(text)) {
        span = Span::new(span.start, span.start + k);
    }
    span
}

/// A tagged organization's span without the lowercase words the tagger ran on into after the
/// name ("Ministerio de Salud instaló un hospital" → "Ministerio de Salud"): trailing lowercase
/// words other than particles are dropped while a capitalized word of two or more stays before
/// them. A name of lowercase words after its first ("Statens vegvesen") is left whole.
fn tidy_organization(text: &str, span: Span) -> Span {
    const PARTICLES: &[&str] = &[
        "of", "for", "and", "de", "del", "la", "las", "los", "da", "do", "das", "dos", "du", "des",
        "di", "della", "y", "e", "et", "und", "der", "die",
    ];
    let s = span.slice(text);
    let words: Vec<(usize, &str)> = s
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
        .collect();
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let Some(last_cap) = words.iter().rposition(|(_, w)| capital(w)) else {
        return span;
    };
    if last_cap == 0 || last_cap + 1 == words.len() {
        return span;
    }
    // Only where a lowercase word that is no particle follows the last capitalized one.
    if words[last_cap + 1..]
        .iter()
        .all(|(_, w)| PARTICLES.contains(w))
    {
        return span;
    }
    let (at, w) = words[last_cap];
    Span::new(span.start, span.start + at + w.len())
}

/// True when `name` repeats a name already reported, whole or as whole words of it: a name
/// written twice ("Moeen Ali … Moeen Ali is planning") or again by surname is one person.
fn named_already<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let new = words(name);
    if new.is_empty() {
        return false;
    }
    known.into_iter().any(|k| {
        let k = words(k);
        k.windows(new.len()).any(|w| w == new.as_slice())
    })
}

#[cfg(test)]
mod tests {
    use super::{Span, named_already, tidy_person};

    #[test]
    fn a_tagged_organization_stops_at_its_last_capitalized_word() {
        use super::tidy_organization;
        let t = "El Ministerio de Salud instaló un hospital de campaña.";
        let end = t.find(" de campaña").unwrap();
        let got = tidy_organization(t, Span::new(3, end));
        assert_eq!(got.slice(t), "Ministerio de Salud");
        // One capitalized word first, then lowercase ones: a name written so, kept whole.
        let t = "Statens vegvesen opens the road.";
        assert_eq!(
            tidy_organization(t, Span::new(0, 16)).slice(t),
            "Statens vegvesen"
        );
    }

    #[test]
    fn a_title_and_a_turkish_ending_are_no_part_of_a_tagged_name() {
        let names = dateline_text::mentions::NameLexicon::builtin();
        let t = "Gazeteci Hiba el-Abadla’nın da aralarında bulunduğu cenazeler";
        let end = t.find(" da ").unwrap();
        let got = tidy_person(t, Span::new(0, end), &names);
        assert_eq!(got.slice(t), "Hiba el-Abadla");
        // Not Turkish: an apostrophe inside a name stays.
        let t = "Ala'a Hassan waits in Gaza";
        assert_eq!(
            tidy_person(t, Span::new(0, 12), &names).slice(t),
            "Ala'a Hassan"
        );
    }

    #[test]
    fn a_name_written_again_or_by_its_surname_is_named_already() {
        assert!(named_already("Moeen Ali", ["Moeen Ali"]));
        assert!(named_already("Heben", ["Christopher Heben"]));
        assert!(named_already("HEBEN", ["Christopher Heben"]));
        assert!(!named_already("Ali", ["Alina Smith"]));
        assert!(!named_already("John Smith", ["Smith"]));
        assert!(!named_already("", ["Smith"]));
    }
}
