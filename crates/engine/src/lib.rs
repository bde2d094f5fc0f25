//! Caption in, record out: the one entry point the CLI, the tests and later the archive call.
//!
//! [`Engine::extract`] runs the pure recognizers of `dateline-text`, resolves the place phrases
//! against the gazetteer of `dateline-geo` and assembles the [`Record`] of the output contract,
//! with evidence for every value. The same caption, lexicons, gazetteer and reference date always
//! give the same record, byte for byte: ingest idempotence and golden tests rely on it.
//!
//! ```
//! let engine = dateline_engine::Engine::builtin();
//! let rec = engine.extract(&dateline_engine::CaptionInput::new(
//!     "Smoke rises over Aleppo, Syria, March 7, 2015. REUTERS/Abdalrhman Ismail"));
//! assert_eq!(rec.location.country.as_deref(), Some("SY"));
//! ```
#![deny(missing_docs)]

pub mod eval;
pub mod learned;
mod locate;
mod oracle;
mod resolve;
mod uncased;

use dateline_geo::Gazetteer;
use dateline_model::{
    Casualties, Credit, DateTaken, Event, Evidence, Organization, Person, Record, Source, Span,
};
use dateline_text::credit::AgencyLexicon;
use dateline_text::event::EventLexicon;
use dateline_text::mentions::NameLexicon;
use dateline_text::{Found, LexiconError};
use std::collections::BTreeMap;

pub use oracle::GazetteerOracle;
pub use resolve::Geocoded;

/// Captions longer than this are stored whole, but only this many bytes are analysed, so that a
/// pathological input (a 10 MB "caption") costs bounded time and memory.
pub const MAX_ANALYSED_BYTES: usize = 32 * 1024;

/// One caption to extract, with what the input said about it.
#[derive(Debug, Clone, Default)]
pub struct CaptionInput {
    /// The caption text, untouched.
    pub text: String,
    /// The id the input carried.
    pub input_id: Option<String>,
    /// Provenance.
    pub source: Source,
    /// The day relative dates ("on Sunday") are counted back from, when the input gives one.
    pub reference_date: Option<jiff::civil::Date>,
}

impl CaptionInput {
    /// A caption with no id, provenance or reference date.
    pub fn new(text: impl Into<String>) -> Self {
        CaptionInput {
            text: text.into(),
            ..Default::default()
        }
    }
}

/// Which lexicon a user file extends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexiconKind {
    /// `agencies.tsv`.
    Agencies,
    /// `event_cues.tsv`.
    EventCues,
    /// `orgs.tsv`.
    Organizations,
    /// `name_words.tsv`.
    NameWords,
}

impl LexiconKind {
    /// The file name a user's lexicon directory uses for this kind.
    pub fn file_name(self) -> &'static str {
        match self {
            LexiconKind::Agencies => "agencies.tsv",
            LexiconKind::EventCues => "event_cues.tsv",
            LexiconKind::Organizations => "orgs.tsv",
            LexiconKind::NameWords => "name_words.tsv",
        }
    }
    /// All kinds.
    pub const ALL: [LexiconKind; 4] = [
        LexiconKind::Agencies,
        LexiconKind::EventCues,
        LexiconKind::Organizations,
        LexiconKind::NameWords,
    ];
}

/// Lexicons plus gazetteer: everything extraction needs, loaded once and shared by threads.
pub struct Engine {
    agencies: AgencyLexicon,
    events: EventLexicon,
    names: NameLexicon,
    gazetteer: Gazetteer,
    /// Key of this engine's gazetteer answers in the per-thread cache.
    cache_key: u64,
    /// The model that adjudicates people, if any (`learned.rs`).
    learned: learned::Learned,
    /// The model that reads the sublocation where the rules find none (`learned.rs`); consulted
    /// only together with `learned`.
    sublocation_model: Option<std::sync::Arc<dateline_tagger::Model>>,
}

impl Engine {
    /// The engine with the lexicons and gazetteer shipped in the binary.
    pub fn builtin() -> Self {
        Engine::new(Gazetteer::embedded())
    }

    /// The builtin lexicons with the given gazetteer (e.g. with imported GeoNames dumps).
    pub fn new(gazetteer: Gazetteer) -> Self {
        Engine {
            agencies: AgencyLexicon::builtin(),
            events: EventLexicon::builtin(),
            names: NameLexicon::builtin(),
            gazetteer,
            cache_key: oracle::new_cache_key(),
            learned: Some((learned::builtin_model(), learned::Policy::default())),
            sublocation_model: Some(learned::builtin_sublocation_model()),
        }
    }

    /// Adds a user's lexicon rows; later rows win over builtin ones.
    pub fn extend_lexicon(
        &mut self,
        kind: LexiconKind,
        source_name: &str,
        tsv: &str,
    ) -> Result<(), LexiconError> {
        match kind {
            LexiconKind::Agencies => self.agencies.extend(source_name, tsv),
            LexiconKind::EventCues => self.events.extend(source_name, tsv),
            LexiconKind::Organizations => self.names.add_orgs(source_name, tsv),
            LexiconKind::NameWords => self.names.add_words(source_name, tsv),
        }
    }

    /// The gazetteer in use.
    pub fn gazetteer(&self) -> &Gazetteer {
        &self.gazetteer
    }

    /// Places a photo's own city / province / country fields (written by a photo desk, with no
    /// GPS position) through the same resolver as captions: `country` is a two-letter code or a
    /// name. `None` when the gazetteer knows none of them.
    pub fn geocode(
        &self,
        city: Option<&str>,
        province: Option<&str>,
        country: Option<&str>,
    ) -> Option<Geocoded> {
        let key = self.cache_key;
        resolve::geocode_fields(
            &self.gazetteer,
            &|n| {
                oracle::cached_lookup(&self.gazetteer, key, n)
                    .as_ref()
                    .clone()
            },
            city,
            province,
            country,
        )
    }

    /// The agency a photo's Credit or Source field names, read through the same agency lexicon
    /// as the caption's credit line (user rows included): "AFP via Getty Images" → AFP. Returns
    /// the agency and the credit rule that read it; `None` when the field names no agency.
    pub fn agency_of(&self, field: &str) -> Option<(String, &'static str)> {
        self.agencies.normalize_field(field)
    }

    /// Extracts the record of one caption. Never fails: odd input gives empty fields and warnings.
    pub fn extract(&self, input: &CaptionInput) -> Record {
        let full = input.text.as_str();
        let mut warnings = Vec::new();
        let text = if full.len() > MAX_ANALYSED_BYTES {
            let mut end = MAX_ANALYSED_BYTES;
            while !full.is_char_boundary(end) {
                end -= 1;
            }
            warnings.push(format!(
                "caption is {} bytes long; only the first {end} bytes were analysed",
                full.len()
            ));
            &full[..end]
        } else {
            full
        };
        let mut evidence: BTreeMap<String, Vec<Evidence>> = BTreeMap::new();
        let mut ev = |field: &str, span: Span, rule: &str| {
            evidence
                .entry(field.to_string())
                .or_default()
                .push(Evidence::new(span, rule));
        };

        // Credit first: every other recognizer ignores the credit line.
        let credit_found = dateline_text::credit::find_credit(text, &self.agencies);
        let mut exclude = Vec::new();
        let mut credit = Credit::default();
        if let Some(c) = &credit_found {
            exclude.extend(c.all_spans());
            credit.raw = Some(c.span.slice(text).to_string());
            ev("credit.raw", c.span, c.rule);
            for creator in &c.creators {
                credit.creators.push(creator.value.clone());
                ev("credit.creators", creator.span, creator.rule);
            }
            if let Some(a) = &c.agency {
                credit.agency = Some(a.value.clone());
                ev("credit.agency", a.span, a.rule);
            }
        }

        let (date_found, date_warnings) =
            dateline_text::date::find_date(text, input.reference_date, &exclude);
        warnings.extend(date_warnings);
        let date = date_found.map(|d| {
            ev("date", d.span, d.rule);
            DateTaken {
                iso: d.iso,
                precision: d.precision,
                text: d.span.slice(text).to_string(),
                weekday_ok: d.weekday_ok,
            }
        });

        let (cas, cas_warnings) = dateline_text::casualty::find_casualties(text, &exclude);
        warnings.extend(cas_warnings);
        let mut casualties = Casualties {
            qualifier: cas.qualifier.map(str::to_string),
            ..Default::default()
        };
        let mut put = |field: &str, f: &Option<Found<u64>>| {
            f.as_ref().map(|f| {
                ev(field, f.span, f.rule);
                f.value
            })
        };
        casualties.killed = put("casualties.killed", &cas.killed);
        casualties.injured = put("casualties.injured", &cas.injured);
        if let Some(s) = &cas.source {
            casualties.source = Some(s.value.clone());
            ev("casualties.source", s.span, s.rule);
        }

        let event_found = dateline_text::event::find_event_with(text, &self.events, &exclude, &cas);
        let mut event = Event::default();
        if let Some(t) = &event_found.event_type {
            event.event_type = Some(t.value.clone());
            ev("event.type", t.span, t.rule);
        } else if cas.killed.is_none()
            && cas.injured.is_none()
            && let Some(span) = default_event_span(text, &exclude)
        {
            // Something is shown but no listed incident or scene: `other`, or daily life where an
            // ordinary person is the caption's subject ("A boy walks past …"). Where the caption
            // speaks of casualties or damage without naming the incident, the type is unknown
            // (null) rather than `other`; so does a casualty figure ("over 300 people have died").
            if let Some(subject) =
                dateline_text::event::everyday_subject(text, &self.events, &exclude)
            {
                event.event_type = Some("daily_life".to_string());
                ev("event.type", subject, "event.everyday_subject");
            } else {
                event.event_type = Some("other".to_string());
                ev("event.type", span, "event.default_other");
            }
        }
        if let Some(r) = &event_found.reported {
            event.reported = true;
            ev("event.reported", r.span, r.rule);
        }
        for a in &event_found.actors {
            if !event.actors.contains(&a.value) {
                event.actors.push(a.value.clone());
                ev("event.actors", a.span, a.rule);
            }
        }

        let oracle = GazetteerOracle::with_cache_key(&self.gazetteer, self.cache_key);
        let mut mentions =
            dateline_text::mentions::find_mentions(text, &self.names, &oracle, &exclude);
        let model_sublocation = learned::adjudicate(self, text, &exclude, &oracle, &mut mentions);
        let mut people = Vec::new();
        for p in &mentions.people {
            ev("people", p.name.span, p.name.rule);
            people.push(Person {
                name: p.name.value.clone(),
                age: p.age.as_ref().map(|a| a.value),
                role: p.role.as_ref().map(|r| r.value.clone()),
            });
        }
        // One entry per organization: "the U.N. children's agency, UNICEF" is one, reported under
        // the mention that is its canonical name when the caption has it.
        let mut organizations: Vec<Organization> = Vec::new();
        for o in &mentions.organizations {
            let key = spelling_key(o.canonical.as_deref().unwrap_or(&o.name.value));
            let same = organizations.iter().position(|x| {
                spelling_key(x.canonical.as_deref().unwrap_or(&x.name)) == key
                    || spelling_key(&x.name) == spelling_key(&o.name.value)
                    || x.acronym.as_deref() == Some(o.name.value.as_str())
            });
            ev("organizations", o.name.span, o.name.rule);
            match same {
                Some(i) if o.canonical.is_none() && organizations[i].canonical.is_some() => {
                    organizations[i] = Organization {
                        name: o.name.value.clone(),
                        acronym: o.acronym.clone().or(organizations[i].acronym.clone()),
                        canonical: None,
                    };
                }
                Some(_) => {}
                None => organizations.push(Organization {
                    name: o.name.value.clone(),
                    acronym: o.acronym.clone(),
                    canonical: o.canonical.clone(),
                }),
            }
        }

        locate::CACHE_KEY.with(|k| k.set(self.cache_key));
        let sport = event.event_type.as_deref() == Some("sport");
        let located = locate::locate(
            text,
            &mentions,
            &self.gazetteer,
            credit_found.is_some(),
            sport,
        );
        let mut located = located;
        if let Some(sub) = model_sublocation {
            learned::apply_sublocation(sub, &mut located);
        }
        warnings.extend(located.warnings);
        for (field, evs) in located.evidence {
            evidence.entry(field).or_default().extend(evs);
        }

        Record {
            id: dateline_model::record_id_of(full, &input.source),
            input_id: input.input_id.clone(),
            source: input.source.clone(),
            caption: full.to_string(),
            credit,
            date,
            location: located.location,
            places: located.places,
            people,
            organizations,
            event,
            casualties,
            warnings,
            evidence,
            embedded: None,
        }
    }
}

/// The first sentence, as evidence for the default event type `other`; `None` when the caption
/// mentions casualties or destruction (an incident the cues did not name) or says nothing.
fn default_event_span(text: &str, exclude: &[Span]) -> Option<Span> {
    const UNNAMED_INCIDENT: &[&str] = &[
        "fighter",
        "soldier",
        "weapon",
        "militant",
        "injured",
        "wounded",
        "killed",
        "dead",
        "body of",
        "bodies",
        "rubble",
        "damaged",
        "destroyed",
        "casualt",
        "victim",
    ];
    let lower = text.to_lowercase();
    if UNNAMED_INCIDENT.iter().any(|w| lower.contains(w)) {
        return None;
    }
    let end = text.find(". ").map(|i| i + 1).unwrap_or(text.len());
    let span = Span::new(0, end);
    if text[..end].trim().is_empty() || exclude.iter().any(|e| e.contains(&span)) {
        return None;
    }
    Some(span)
}

/// A name lowercased with British and American spellings made one ("World Health
/// Organisation" and "World Health Organization" in one caption are one organization).
fn spelling_key(name: &str) -> String {
    let mut k = name.to_lowercase();
    for (british, american) in [
        ("isation", "ization"),
        ("centre", "center"),
        ("defence", "defense"),
        ("programme", "program"),
        ("labour", "labor"),
    ] {
        if k.contains(british) {
            k = k.replace(british, american);
        }
    }
    k
}
