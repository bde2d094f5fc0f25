//! A reproducible **synthetic** caption corpus, for benchmarks only.
//!
//! Every caption this crate writes is invented: templates filled with gazetteer places, common
//! names combined at random, agencies and organizations from the project's lexicons. None of it
//! reports a real event, and none of it should be mixed with real captions or evaluation sets.
//! The JSON lines say so (`"synthetic": true`, ids `synth-N`).
//!
//! What it is for: the archive benchmark ingests a million of these through the real extractor
//! and then searches them, so the captions imitate wire captions closely enough to matter there:
//! agency house styles (Reuters, AFP, AP, Getty, EPA, Anadolu, Xinhua, PA, dpa, ...), datelines
//! and dates at day, month, year and weekday precision, casualty sentences with attribution,
//! people with ages, organizations, and a vocabulary with a few very common terms and a long
//! tail of rare ones (places, names, slot fillers picked with Zipf-like skew).
//!
//! Reproducibility: caption `i` is a function of `(seed, i)` alone, drawn from SplitMix64 with
//! integer-only sampling, so a corpus is byte-identical on every machine and can be generated in
//! parallel or resumed at any index. The grammar (src/grammar.txt), names (src/names.tsv) and the
//! data files are compiled in; changing any of them changes the corpus, which
//! `tests/corpus.rs` notices through a pinned hash.
//!
//! Cost: the first [`Generator::new`] in a process parses the embedded tables (about 20,000
//! places picked at build time by build.rs, the grammar, names): a few milliseconds in release.
//! A caption then takes about a microsecond.

mod compose;
mod data;
mod date;
mod grammar;
mod rng;
mod style;

use std::io::Write;

use compose::{Ctx, KINDS, capitalize};
use data::Data;

/// Turns `(seed, i)` into captions. Cheap to create; holds only the seed and indices into the
/// process-wide embedded tables.
pub struct Generator {
    seed: u64,
    data: &'static Data,
    /// Per kind: template rule, second-sentence rule, casualty rule.
    rules: Vec<(usize, usize, Option<usize>)>,
    any_rule: usize,
}

/// One synthetic caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthCaption {
    /// `synth-{i}`
    pub id: String,
    pub caption: String,
    /// The day the caption was filed (YYYY-MM-DD), against which weekdays and year-less dates
    /// in the caption resolve.
    pub reference_date: String,
}

/// What went into a caption, for the variety tests.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Trace {
    pub(crate) template: (usize, usize),
    pub(crate) place: usize,
    pub(crate) agency: &'static str,
    pub(crate) event: date::Date,
}

impl Generator {
    pub fn new(seed: u64) -> Self {
        let data = data::data();
        let g = &data.grammar;
        let rules = KINDS
            .iter()
            .map(|k| {
                (
                    g.rule(&format!("t.{}", k.name)),
                    g.rule(&format!("x.{}", k.name)),
                    k.casualties.map(|c| g.rule(c)),
                )
            })
            .collect();
        Generator {
            seed,
            data,
            rules,
            any_rule: g.rule("x.any"),
        }
    }

    /// Caption `i` of this seed's corpus; the same whatever was generated before.
    pub fn caption(&mut self, i: u64) -> SynthCaption {
        self.compose(i).0
    }

    pub(crate) fn compose(&self, i: u64) -> (SynthCaption, Trace) {
        let ctx = Ctx::new(self.data, self.seed, i);
        self.compose_with(ctx, format!("synth-{i}"))
    }

    /// Photo `k` of planted incident `incident`: the place, country, day and kind of event are
    /// the incident's (drawn as caption `incident` would draw them), while the agency house
    /// style, the template and the wording come from a stream of their own per photo, so the
    /// photos of one incident read like several agencies' captions of one event. Ids are
    /// `synth-ev{incident}-{k}`; `k` below 16.
    pub fn incident_photo(&self, incident: u64, k: u64) -> SynthCaption {
        let mut ctx = Ctx::new(self.data, self.seed, incident);
        ctx.rng = rng::Rng::for_item(self.seed ^ 0x1c1d_e575, incident * 16 + k % 16);
        self.compose_with(ctx, format!("synth-ev{incident}-{k}")).0
    }

    fn compose_with(&self, mut ctx: Ctx, id: String) -> (SynthCaption, Trace) {
        let style = style::pick(&mut ctx);
        ctx.loc_mode = style.loc_mode(&mut ctx.rng);
        let (t, x, cas) = self.rules[ctx.kind];
        let alt = ctx.rng.below(self.data.grammar.rules[t].alts.len());
        let mut raw = String::with_capacity(160);
        ctx.expand_alt(t, alt, &mut raw);

        let mut rest = String::new();
        let mut sentence = |ctx: &mut Ctx, rule: usize| {
            let mut s = String::new();
            ctx.expand_rule(rule, &mut s);
            rest.push_str(&capitalize(&s));
            rest.push_str(". ");
        };
        if let Some(cas) = cas
            && ctx.rng.chance(55)
        {
            sentence(&mut ctx, cas);
        }
        if ctx.rng.chance(30) {
            sentence(&mut ctx, x);
        }
        if ctx.at_war && ctx.rng.chance(5) {
            sentence(&mut ctx, self.any_rule);
        }

        let r = style::render(&mut ctx, style, &raw, &rest);
        let caption = SynthCaption {
            id,
            caption: r.caption,
            reference_date: r.reference.iso(),
        };
        let trace = Trace {
            template: (t, alt),
            place: ctx.place,
            agency: r.agency,
            event: ctx.date,
        };
        (caption, trace)
    }
}

#[derive(serde::Serialize)]
struct Line<'a> {
    id: &'a str,
    caption: &'a str,
    reference_date: &'a str,
    synthetic: bool,
}

/// Writes captions `0..n` of `seed`'s corpus as JSON lines
/// (`{"id","caption","reference_date","synthetic":true}`); buffers internally.
pub fn write_jsonl(seed: u64, n: u64, out: &mut impl Write) -> std::io::Result<()> {
    let mut generator = Generator::new(seed);
    let mut w = std::io::BufWriter::with_capacity(1 << 16, out);
    for i in 0..n {
        let c = generator.caption(i);
        // A struct, not a `json!` map: key order must not depend on serde_json features.
        serde_json::to_writer(
            &mut w,
            &Line {
                id: &c.id,
                caption: &c.caption,
                reference_date: &c.reference_date,
                synthetic: true,
            },
        )?;
        w.write_all(b"\n")?;
    }
    w.flush()
}

#[cfg(test)]
mod tests;
