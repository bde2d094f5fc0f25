//! `dateline export acled`: one CSV row per incident, with ACLED's column names, for the
//! incidents that have at least one record matching the query. The mapping from the contract's
//! event types and precisions to ACLED's codes is documented in docs/acled.md; what the captions
//! cannot say is left blank rather than guessed.

use crate::Cli;
use crate::export_out::{QueryExportArgs, Sink};
use anyhow::Result;
use dateline_incident::Incident;
use dateline_model::DatePrecision;

/// ACLED's columns, in the order of its export files.
pub const ACLED_COLUMNS: &[&str] = &[
    "event_id_cnty",
    "event_date",
    "time_precision",
    "event_type",
    "sub_event_type",
    "actor1",
    "assoc_actor_1",
    "country",
    "admin1",
    "admin2",
    "location",
    "latitude",
    "longitude",
    "geo_precision",
    "source",
    "notes",
    "fatalities",
];

/// ACLED event type and sub-event type of a contract event type; `None` for types ACLED does
/// not code as events (disasters, sport, daily life, politics, aid, displacement, rescue and
/// funerals on their own). An empty sub-type means the caption cannot tell which one.
pub fn acled_type(t: &str) -> Option<(&'static str, &'static str)> {
    Some(match t {
        "air_strike" => ("Explosions/Remote violence", "Air/drone strike"),
        "shelling" => (
            "Explosions/Remote violence",
            "Shelling/artillery/missile attack",
        ),
        "explosion" => (
            "Explosions/Remote violence",
            "Remote explosive/landmine/IED",
        ),
        "armed_clash" => ("Battles", "Armed clash"),
        "attack" => ("Violence against civilians", "Attack"),
        "protest" => ("Protests", ""),
        _ => return None,
    })
}

/// ACLED's time precision: 1 the day is known, 2 within a few days (the incident's photos span
/// more than one day), 3 only the month (or coarser: ACLED has no code for a year).
pub fn time_precision(i: &Incident) -> u8 {
    match i.date_precision {
        Some(DatePrecision::Day) if i.date_start == i.date_end => 1,
        Some(DatePrecision::Day) => 2,
        _ => 3,
    }
}

/// The lowest figure attributed to a source, else the lowest figure given, else 0 (ACLED's
/// value when no fatalities are reported).
pub fn fatalities(i: &Incident) -> (u64, bool) {
    let attributed = i
        .casualties
        .iter()
        .filter(|f| f.source.is_some())
        .filter_map(|f| f.killed)
        .min();
    match attributed {
        Some(n) => (n, true),
        None => (
            i.casualties
                .iter()
                .filter_map(|f| f.killed)
                .min()
                .unwrap_or(0),
            false,
        ),
    }
}

/// The ACLED row of an incident, or `None` when ACLED does not code its type.
pub fn row(i: &Incident, actors: &[String], country_name: Option<&str>) -> Option<Vec<String>> {
    let (event_type, sub_event_type) = acled_type(i.event_type.as_deref()?)?;
    let p = &i.place;
    let cc = p.country.clone().unwrap_or_else(|| "XX".into());
    let id_hex = i.id.trim_start_matches("ev-");
    let event_date = match (&i.date_start, i.date_precision) {
        (Some(d), Some(DatePrecision::Day)) => d.clone(),
        (Some(d), Some(DatePrecision::Month)) => format!("{d}-01"),
        (Some(d), _) => format!("{d}-01-01"),
        (None, _) => String::new(),
    };
    let (fatal, attributed) = fatalities(i);
    let mut notes = vec![i.reason.clone()];
    for f in &i.casualties {
        let mut parts = Vec::new();
        if let Some(k) = f.killed {
            parts.push(format!("{k} killed"));
        }
        if let Some(k) = f.injured {
            parts.push(format!("{k} injured"));
        }
        notes.push(format!(
            "{} ({}{}; {} photo {})",
            parts.join(", "),
            f.source.as_deref().unwrap_or("unattributed"),
            f.qualifier
                .as_deref()
                .map(|q| format!(", {}", q.replace('_', " ")))
                .unwrap_or_default(),
            f.agency.as_deref().unwrap_or("no agency"),
            f.record
        ));
    }
    if !attributed && fatal > 0 {
        notes.push("fatalities: no figure is attributed to a source; lowest figure given".into());
    }
    if i.date_precision == Some(DatePrecision::Year) {
        notes.push("date: only the year is known".into());
    }
    notes.push(format!("records: {}", i.records.join(" ")));
    let f = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x:.5}"));
    Some(vec![
        format!("{cc}{id_hex}"),
        event_date,
        time_precision(i).to_string(),
        event_type.into(),
        sub_event_type.into(),
        actors.first().cloned().unwrap_or_default(),
        actors.get(1..).map(|a| a.join("; ")).unwrap_or_default(),
        country_name.unwrap_or(&cc).to_string(),
        p.province.clone().unwrap_or_default(),
        String::new(),
        p.city
            .clone()
            .or_else(|| p.sublocation.clone())
            .or_else(|| p.province.clone())
            .unwrap_or_default(),
        f(p.lat),
        f(p.lon),
        p.precision.map_or(String::new(), |n| n.min(3).to_string()),
        i.agencies.join("; "),
        notes.join(" | "),
        fatal.to_string(),
    ])
}

pub fn run(cli: &Cli, args: &QueryExportArgs) -> Result<i32> {
    let store = crate::archive_cmd::open_existing(cli)?;
    let wanted = crate::events::matching_ids(&store, &args.query)?;
    let incidents = crate::events::incidents(&store, false)?;
    let gazetteer = dateline_geo::Gazetteer::embedded();
    let mut sink = Sink::open(args.out.as_deref(), args.force)?;
    let (mut written, mut not_coded) = (0u64, 0u64);
    {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::CRLF)
            .from_writer(sink.writer());
        w.write_record(ACLED_COLUMNS)?;
        for inc in &incidents {
            if let Some(ids) = &wanted
                && !inc.records.iter().any(|r| ids.contains(r))
            {
                continue;
            }
            // Actors as the records name them, most named first.
            let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
            for id in &inc.records {
                if let Ok(s) = dateline_archive::Store::get(&store, id) {
                    for a in s.record.event.actors {
                        *counts.entry(a).or_default() += 1;
                    }
                }
            }
            let mut actors: Vec<(String, usize)> = counts.into_iter().collect();
            actors.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            let actors: Vec<String> = actors.into_iter().map(|(a, _)| a).collect();
            let name = inc
                .place
                .country
                .as_deref()
                .and_then(|c| gazetteer.country(c))
                .map(|c| c.name.to_string());
            match row(inc, &actors, name.as_deref()) {
                Some(r) => {
                    w.write_record(&r)?;
                    written += 1;
                }
                None => not_coded += 1,
            }
        }
        w.flush()?;
    }
    sink.finish()?;
    eprintln!(
        "dateline: {written} incident(s) written as ACLED rows; {not_coded} of types ACLED does not code \
         (disaster, sport, daily life, ...; see docs/acled.md) left out"
    );
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dateline_incident::{Figure, Place, Range};

    fn incident() -> Incident {
        Incident {
            id: "ev-0123456789abcdef".into(),
            reason: "2 photos, AFP and Reuters, Aleppo, 2016-11-24, air strike".into(),
            records: vec!["aaaa".into(), "bbbb".into()],
            date_start: Some("2016-11-24".into()),
            date_end: Some("2016-11-24".into()),
            date_precision: Some(DatePrecision::Day),
            place: Place {
                city: Some("Aleppo".into()),
                province: Some("Aleppo".into()),
                country: Some("SY".into()),
                lat: Some(36.2),
                lon: Some(37.16),
                precision: Some(1),
                ..Place::default()
            },
            event_type: Some("air_strike".into()),
            reported: true,
            agencies: vec!["AFP".into(), "Reuters".into()],
            creators: vec![],
            casualties: vec![
                Figure {
                    record: "aaaa".into(),
                    agency: Some("AFP".into()),
                    killed: Some(7),
                    injured: None,
                    qualifier: Some("at_least".into()),
                    source: Some("SOHR".into()),
                },
                Figure {
                    record: "bbbb".into(),
                    agency: Some("Reuters".into()),
                    killed: Some(4),
                    injured: Some(19),
                    qualifier: None,
                    source: None,
                },
            ],
            killed: Some(Range { low: 4, high: 7 }),
            injured: Some(Range { low: 19, high: 19 }),
            links: vec![],
        }
    }

    #[test]
    fn fatalities_are_the_lowest_attributed_figure_and_every_source_is_in_the_notes() {
        let r = row(&incident(), &["government forces".into()], Some("Syria")).unwrap();
        let col = |name: &str| &r[ACLED_COLUMNS.iter().position(|c| *c == name).unwrap()];
        assert_eq!(
            col("fatalities"),
            "7",
            "4 is lower but attributed to no one"
        );
        assert!(col("notes").contains("7 killed (SOHR, at least; AFP photo aaaa)"));
        assert!(col("notes").contains("4 killed, 19 injured (unattributed; Reuters photo bbbb)"));
        assert_eq!(col("event_type"), "Explosions/Remote violence");
        assert_eq!(col("sub_event_type"), "Air/drone strike");
        assert_eq!(col("event_id_cnty"), "SY0123456789abcdef");
        assert_eq!(col("time_precision"), "1");
        assert_eq!(col("geo_precision"), "1");
        assert_eq!(col("country"), "Syria");
        assert_eq!(col("actor1"), "government forces");
        assert_eq!(col("source"), "AFP; Reuters");
    }

    #[test]
    fn coarse_dates_and_uncoded_types_are_mapped_honestly() {
        let mut i = incident();
        i.date_end = Some("2016-11-25".into());
        assert_eq!(time_precision(&i), 2);
        i.date_precision = Some(DatePrecision::Month);
        i.date_start = Some("2016-11".into());
        assert_eq!(time_precision(&i), 3);
        assert_eq!(row(&i, &[], None).unwrap()[1], "2016-11-01");
        i.casualties.iter_mut().for_each(|f| f.source = None);
        assert_eq!(fatalities(&i), (4, false));
        i.event_type = Some("disaster".into());
        assert!(row(&i, &[], None).is_none());
        assert_eq!(acled_type("protest"), Some(("Protests", "")));
    }
}
