//! The human view of a record: each field with the caption words it came from and the rule.

use dateline_model::Record;
use std::collections::BTreeMap;
use std::io::{self, Write};

pub(crate) fn paint(s: &str, code: &str, color: bool) -> String {
    if color {
        format!("\x1b[{code}m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

fn snippet(caption: &str, start: usize, end: usize) -> String {
    caption
        .get(start..end)
        .map(|s| s.replace('\n', " "))
        .unwrap_or_default()
}

/// Pads a label to the column width before colouring it: the escape codes take no room on a
/// terminal, so counting them would push the values out of line.
fn label(text: &str, code: &str, color: bool) -> String {
    paint(&format!("{text:13}"), code, color)
}

/// Where the record came from, as the header shows it: the file (with the line for text inputs)
/// and the input's own id. Two files with the same caption share a record id; this tells them
/// apart.
pub fn origin(r: &Record) -> Option<String> {
    let mut at = match (&r.source.path, r.source.line) {
        (Some(p), Some(l)) => format!("{p}:{l}"),
        (Some(p), None) => p.clone(),
        _ => String::new(),
    };
    if let Some(id) = &r.input_id {
        if !at.is_empty() {
            at.push(' ');
        }
        at.push_str(&format!("id {id}"));
    }
    (!at.is_empty()).then_some(at)
}

/// Writes one record in the readable layout.
pub fn write(out: &mut impl Write, r: &Record, color: bool) -> io::Result<()> {
    write_corrected(out, r, color, &BTreeMap::new())
}

/// [`write`] for an archived record: `corrections` says, per corrected field path, who
/// corrected it and why, which is shown in place of the evidence's (empty) caption words.
pub fn write_corrected(
    out: &mut impl Write,
    r: &Record,
    color: bool,
    corrections: &BTreeMap<String, String>,
) -> io::Result<()> {
    let head = match origin(r) {
        Some(at) => format!("{at} ({})", r.id),
        None => r.id.clone(),
    };
    writeln!(out, "{}", paint(&format!("── {head}"), "1", color))?;
    writeln!(out, "{}", r.caption.replace('\n', " "))?;
    let mut line = |name: &str, value: String, field: &[&str]| -> io::Result<()> {
        if value.is_empty() {
            return Ok(());
        }
        let mut why = Vec::new();
        // In the order of `field`; a correction of `date.iso` is evidence for the date line.
        let keys = field.iter().flat_map(|f| {
            r.evidence
                .keys()
                .filter(move |k| *k == f || k.strip_prefix(f).is_some_and(|t| t.starts_with('.')))
        });
        for f in keys {
            for e in &r.evidence[f] {
                let words = if e.rule == "correction" {
                    corrections
                        .get(f)
                        .cloned()
                        .unwrap_or_else(|| "corrected in the archive".into())
                } else if e.start == e.end {
                    match e.rule.strip_prefix("embedded.") {
                        Some("gps_nearest") => {
                            "the nearest populated place to the file's GPS position".into()
                        }
                        Some(what) => format!("the file's {} field", what.replace('_', " ")),
                        None => "no caption words".into(),
                    }
                } else {
                    format!("“{}”", snippet(&r.caption, e.start, e.end))
                };
                why.push(format!("{words} [{}]", e.rule));
            }
        }
        // Several fields drawn from one source say so once.
        why.dedup();
        writeln!(out, "  {} {}", label(name, "36", color), value)?;
        for w in why {
            writeln!(
                out,
                "  {:13}   {}",
                "",
                paint(&format!("← {w}"), "2", color)
            )?;
        }
        Ok(())
    };
    let c = &r.credit;
    line("creators", c.creators.join("; "), &["credit.creators"])?;
    line(
        "agency",
        c.agency.clone().unwrap_or_default(),
        &["credit.agency"],
    )?;
    if let Some(d) = &r.date {
        let wd = match d.weekday_ok {
            Some(true) => ", weekday checked",
            Some(false) => ", WEEKDAY DOES NOT MATCH",
            None => "",
        };
        line(
            "date",
            format!("{} ({:?}{wd})", d.iso, d.precision)
                .to_lowercase()
                .replace("does not match", "DOES NOT MATCH"),
            &["date"],
        )?;
    }
    let l = &r.location;
    let mut parts = Vec::new();
    // A place named from the file's GPS position alone (`near X`) comes first.
    if let Some(near) = l.text.as_deref().filter(|t| t.starts_with("near ")) {
        parts.push(near.to_string());
    }
    for (k, v) in [
        ("sublocation", &l.sublocation),
        ("city", &l.city),
        ("province", &l.province),
        ("country", &l.country),
    ] {
        if let Some(v) = v {
            parts.push(format!("{k}={v}"));
        }
    }
    if let (Some(lat), Some(lon)) = (l.lat, l.lon) {
        parts.push(format!("@{lat:.4},{lon:.4}"));
    }
    if let Some(p) = l.precision {
        parts.push(format!("precision {p}"));
    }
    line(
        "location",
        parts.join("  "),
        &[
            "location.text",
            "location.sublocation",
            "location.city",
            "location.province",
            "location.country",
        ],
    )?;
    line(
        "places",
        r.places
            .iter()
            .map(|p| p.text.clone())
            .collect::<Vec<_>>()
            .join("; "),
        &[],
    )?;
    let people: Vec<String> = r
        .people
        .iter()
        .map(|p| {
            let mut s = p.name.clone();
            if let Some(a) = p.age {
                s.push_str(&format!(", {a}"));
            }
            if let Some(role) = &p.role {
                s.push_str(&format!(" ({role})"));
            }
            s
        })
        .collect();
    line("people", people.join("; "), &["people"])?;
    let orgs: Vec<String> = r
        .organizations
        .iter()
        .map(|o| match (&o.acronym, &o.canonical) {
            (Some(a), Some(c)) => format!("{} ({a}; = {c})", o.name),
            (Some(a), None) => format!("{} ({a})", o.name),
            (None, Some(c)) => format!("{} (= {c})", o.name),
            _ => o.name.clone(),
        })
        .collect();
    line("organizations", orgs.join("; "), &["organizations"])?;
    let e = &r.event;
    let mut ev = e.event_type.clone().unwrap_or_default();
    if e.reported {
        ev.push_str(" (reported)");
    }
    if !e.actors.is_empty() {
        ev.push_str(&format!(" actors: {}", e.actors.join(", ")));
    }
    line(
        "event",
        ev.trim().to_string(),
        &["event.type", "event.reported"],
    )?;
    let k = &r.casualties;
    let mut cas = Vec::new();
    if let Some(n) = k.killed {
        cas.push(format!("killed {n}"));
    }
    if let Some(n) = k.injured {
        cas.push(format!("injured {n}"));
    }
    if let Some(q) = &k.qualifier {
        cas.push(format!("({q})"));
    }
    if let Some(s) = &k.source {
        cas.push(format!("according to {s}"));
    }
    line(
        "casualties",
        cas.join(" "),
        &[
            "casualties.killed",
            "casualties.injured",
            "casualties.source",
        ],
    )?;
    if let Some(embedded) = &r.embedded {
        write_embedded(out, embedded, color)?;
    }
    for w in &r.warnings {
        writeln!(out, "  {} {}", label("warning", "33", color), w)?;
    }
    writeln!(out)
}

/// What the image file itself says, one column per metadata kind, beside the fields above.
fn write_embedded(out: &mut impl Write, e: &serde_json::Value, color: bool) -> io::Result<()> {
    const KINDS: [&str; 3] = ["iptc", "xmp", "exif"];
    const FIELDS: [&str; 15] = [
        "description",
        "headline",
        "title",
        "creator",
        "credit",
        "source",
        "copyright",
        "date_created",
        "city",
        "sublocation",
        "province_state",
        "country",
        "country_code",
        "keywords",
        "gps",
    ];
    let show = |v: &serde_json::Value| -> String {
        let s = match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(a) => a
                .iter()
                .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join("; "),
            serde_json::Value::Object(o) => match (o.get("latitude"), o.get("longitude")) {
                (Some(a), Some(b)) => format!("{a}, {b}"),
                _ => v.to_string(),
            },
            _ => String::new(),
        };
        let s = s.replace('\n', " ");
        match s.char_indices().nth(60) {
            Some((i, _)) => format!("{}…", &s[..i]),
            None => s,
        }
    };
    writeln!(out, "  {}", paint("embedded in the file", "1", color))?;
    for field in FIELDS {
        let values: Vec<(&str, String)> = KINDS
            .iter()
            .filter_map(|k| {
                let v = show(e.get(k)?.get(field)?);
                (!v.is_empty()).then_some((*k, v))
            })
            .collect();
        if values.is_empty() {
            continue;
        }
        let differ = values.iter().any(|(_, v)| *v != values[0].1);
        let text = values
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect::<Vec<_>>()
            .join("  |  ");
        let label = if differ {
            label(field, "33", color)
        } else {
            format!("{field:13}")
        };
        writeln!(out, "  {label} {text}")?;
    }
    Ok(())
}
