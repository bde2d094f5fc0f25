//! Image files as input: the caption and the structured fields embedded in them
//! (`dateline-media`), turned into a caption for the engine plus the record's `embedded` block.

use dateline_engine::CaptionInput;
use dateline_model::Source;
use std::path::Path;

/// File name endings of the image formats `dateline-media` reads.
const IMAGE_EXTENSIONS: &[&str] = &[
    "jpg", "jpeg", "jpe", "tif", "tiff", "png", "webp", "heic", "heif", "avif", "jxl", "psd", "gif",
];

/// What an image adds to the record the engine makes of its caption.
#[derive(Debug, Clone)]
pub struct Embedded {
    /// The contract's `embedded` block.
    pub block: serde_json::Value,
    /// Damage found in the file and disagreements between its metadata kinds.
    pub warnings: Vec<String>,
    /// The reconciled date created (ISO 8601), for checking the caption's date.
    pub date: Option<String>,
    /// The embedded GPS position (EXIF, else XMP), for checking the caption's place.
    pub gps: Option<dateline_media::Gps>,
    /// The file's own values after reconciling its kinds: they fill what the caption leaves out.
    pub fields: dateline_media::Fields,
}

/// A caption date this many days from the file's own date is flagged.
const DATE_TOLERANCE_DAYS: i32 = 1;
/// A GPS position with no place named is said to be near the closest populated place within
/// this distance; farther than that, naming a place would mislead.
const NEAR_KM: f64 = 25.0;
/// A caption place this far from the file's GPS position is flagged.
const GPS_TOLERANCE_KM: f64 = 50.0;

impl Embedded {
    /// Attaches the block to the record, with the file's warnings and the places where the
    /// caption and the file disagree: the date (more than a day apart, compared only when
    /// both name a day) and the place (more than 50 km from the GPS position). The engine reads
    /// the file's Credit and Source fields with its agency lexicon.
    pub fn apply(&self, r: &mut dateline_model::Record, engine: &dateline_engine::Engine) {
        r.embedded = Some(self.block.clone());
        r.warnings.extend(self.warnings.iter().cloned());
        self.fill(r, engine);
        let day = |s: &str| {
            s.get(..10)
                .and_then(|d| d.parse::<jiff::civil::Date>().ok())
        };
        if let (Some(caption), Some(file)) = (
            r.date
                .as_ref()
                .filter(|d| d.iso.len() == 10)
                .and_then(|d| day(&d.iso)),
            self.date.as_deref().and_then(day),
        ) {
            let apart = (caption - file).get_days().abs();
            if apart > DATE_TOLERANCE_DAYS {
                r.warnings.push(format!(
                    "the caption's date {caption} is {apart} days from the date in the file ({file})"
                ));
            }
        }
        if let (Some(lat), Some(lon), Some(gps)) = (r.location.lat, r.location.lon, self.gps) {
            let km = dateline_archive::haversine_km(lat, lon, gps.latitude, gps.longitude);
            if km > GPS_TOLERANCE_KM {
                let place = r
                    .location
                    .city
                    .as_deref()
                    .or(r.location.province.as_deref())
                    .or(r.location.country.as_deref())
                    .unwrap_or("the caption's place");
                r.warnings.push(format!(
                    "the file's GPS position ({:.4}, {:.4}) is {km:.0} km from {place}",
                    gps.latitude, gps.longitude
                ));
            }
        }
    }
}

/// True when the bytes are an image container (by content, not by name).
pub fn is_image(bytes: &[u8]) -> bool {
    dateline_media::container::detect(bytes) != dateline_media::container::Format::Unknown
}

/// What an input file holds, for the commands that read both photos and caption files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An image: its caption is in its metadata.
    Image,
    /// Anything else: captions as text, JSON Lines or CSV.
    Captions,
}

/// Decides by content; `Err` when the name says image but the bytes are not one dateline reads
/// (read as text, such a file would turn its bytes into a nonsense caption).
pub fn sniff(path: &str, bytes: &[u8]) -> Result<Kind, String> {
    if is_image(bytes) {
        Ok(Kind::Image)
    } else if has_image_extension(path) {
        Err("not an image file that dateline can read (unrecognized content)".into())
    } else {
        Ok(Kind::Captions)
    }
}

/// True when the file name says it is an image (whatever its bytes turn out to be).
pub fn has_image_extension(path: &str) -> bool {
    Path::new(path)
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| IMAGE_EXTENSIONS.contains(&x.to_ascii_lowercase().as_str()))
}

impl Embedded {
    /// Structured fields written by a photo desk are strong evidence: where the caption says
    /// nothing, the file's value is used, with an empty-span evidence entry whose rule names
    /// the source (`embedded.city`, …); where both speak and differ, the caption's reading is
    /// kept and the difference is a warning. The agency comes from the file's Credit field, else
    /// its Source, read as a credit line is (`engine.agency_of`), so "AFP via Getty Images" in
    /// the file and "(Photo by Name/AFP via Getty Images)" in the caption agree.
    fn fill(&self, r: &mut dateline_model::Record, engine: &dateline_engine::Engine) {
        let f = &self.fields;
        let note = |r: &mut dateline_model::Record, path: &str, what: &str| {
            r.evidence
                .entry(path.to_string())
                .or_default()
                .push(dateline_model::Evidence {
                    start: 0,
                    end: 0,
                    rule: format!("embedded.{what}"),
                    geonames_id: None,
                });
        };
        if r.credit.creators.is_empty() && !f.creator.is_empty() {
            r.credit.creators = f.creator.clone();
            note(r, "credit.creators", "creator");
        }
        let alnum = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        let file_agency = [("credit", &f.credit), ("source", &f.source)]
            .into_iter()
            .find_map(|(what, v)| {
                let (agency, _) = engine.agency_of(v.as_deref()?)?;
                Some((what, agency))
            });
        if let Some((what, agency)) = file_agency {
            match r.credit.agency.clone() {
                None => {
                    r.credit.agency = Some(agency);
                    note(r, "credit.agency", what);
                }
                // "U.S. Navy" and "U.S Navy" agree.
                Some(c) if alnum(&c) != alnum(&agency) => r.warnings.push(format!(
                    "the caption's agency is {c}; the file's {what} says {agency}"
                )),
                Some(_) => {}
            }
        }
        if r.date.is_none()
            && let Some(d) = f.date_created.as_deref().and_then(date_taken)
        {
            r.date = Some(d);
            note(r, "date", "date_created");
        }
        let fold = |s: &str| s.trim().to_lowercase();
        let place = |r: &mut dateline_model::Record,
                     slot: fn(&mut dateline_model::Location) -> &mut Option<String>,
                     value: Option<&String>,
                     path: &str,
                     what: &str| {
            let Some(v) = value else { return };
            let current = slot(&mut r.location).clone();
            match current {
                None => {
                    *slot(&mut r.location) = Some(v.clone());
                    note(r, path, what);
                }
                Some(c) if fold(&c) != fold(v) => r
                    .warnings
                    .push(format!("the caption's {what} is {c}; the file says {v}")),
                Some(_) => {}
            }
        };
        place(r, |l| &mut l.city, f.city.as_ref(), "location.city", "city");
        place(
            r,
            |l| &mut l.province,
            f.province_state.as_ref(),
            "location.province",
            "province",
        );
        place(
            r,
            |l| &mut l.sublocation,
            f.sublocation.as_ref(),
            "location.sublocation",
            "sublocation",
        );
        // The contract's country is an ISO 3166 alpha-2 code; other codes are left alone.
        let code = f
            .country_code
            .as_ref()
            .filter(|c| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic()))
            .map(|c| c.to_ascii_uppercase());
        place(
            r,
            |l| &mut l.country,
            code.as_ref(),
            "location.country",
            "country",
        );
        if r.location.lat.is_none()
            && let Some(g) = self.gps
        {
            r.location.lat = Some(g.latitude);
            r.location.lon = Some(g.longitude);
            r.location.precision = Some(1);
            note(r, "location.lat", "gps");
            note(r, "location.lon", "gps");
            let l = &r.location;
            let unnamed = l.sublocation.is_none()
                && l.city.is_none()
                && l.province.is_none()
                && l.country.is_none();
            // Nothing names the place: say which populated place the position is nearest to,
            // as `near X`, never as the city (the photo may be taken outside it).
            let g_ = engine.gazetteer();
            if unnamed && let Some((p, km)) = g_.nearest_place(g.latitude, g.longitude, NEAR_KM) {
                let admin = g_.admin1(&p.country, &p.admin1).map(|a| a.name);
                let country = g_.country(&p.country).map(|c| c.name);
                let names: Vec<&str> =
                    [Some(p.name.as_str()), admin.as_deref(), country.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect();
                r.location.text = Some(format!("near {} ({km:.0} km)", names.join(", ")));
                note(r, "location.text", "gps_nearest");
                if admin.is_some() {
                    r.location.province = admin;
                    note(r, "location.province", "gps_nearest");
                }
                r.location.country = Some(p.country.clone());
                note(r, "location.country", "gps_nearest");
            }
        }
        // No caption place and no GPS, but the desk wrote a city or country: place it through
        // the caption resolver (the country decides among homonyms; an unknown city falls back
        // to its province or country, never to a look-alike abroad).
        if r.location.lat.is_none()
            && let Some(g) = engine.geocode(
                r.location.city.as_deref(),
                r.location.province.as_deref(),
                r.location
                    .country
                    .as_deref()
                    .or(f.country_code.as_deref())
                    .or(f.country.as_deref()),
            )
        {
            r.location.lat = Some(g.lat);
            r.location.lon = Some(g.lon);
            r.location.geonames_id = g.geonames_id;
            r.location.precision = Some(g.precision);
            if r.location.country.is_none() {
                r.location.country = g.country.clone();
                note(r, "location.country", "country");
            }
            note(r, "location.lat", "geocoded");
            note(r, "location.lon", "geocoded");
        }
    }
}

/// An embedded ISO 8601 date at the precision written.
fn date_taken(iso: &str) -> Option<dateline_model::DateTaken> {
    use dateline_model::DatePrecision;
    let day = iso
        .get(..10)
        .filter(|d| d.parse::<jiff::civil::Date>().is_ok());
    let (text, precision) = match day {
        Some(d) => (d.to_string(), DatePrecision::Day),
        None => {
            let month = iso
                .get(..7)
                .filter(|m| format!("{m}-01").parse::<jiff::civil::Date>().is_ok());
            match month {
                Some(m) => (m.to_string(), DatePrecision::Month),
                None => {
                    let y = iso
                        .get(..4)
                        .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))?;
                    (y.to_string(), DatePrecision::Year)
                }
            }
        }
    };
    Some(dateline_model::DateTaken {
        iso: text,
        precision,
        text: iso.to_string(),
        weekday_ok: None,
    })
}

/// Reads one image file. `Err` says why no caption came out of it.
pub fn read(
    path: &str,
    bytes: &[u8],
    sha256: Option<String>,
) -> Result<(CaptionInput, Embedded), String> {
    let m = dateline_media::read(bytes);
    if m.is_empty() {
        let why = m
            .warnings
            .first()
            .map_or(String::new(), |w| format!(" ({w})"));
        return Err(format!("no IPTC, XMP or EXIF metadata found{why}"));
    }
    let mut warnings = m.warnings.clone();
    let (text, sha256) = match m.reconciled.description.clone() {
        Some(text) if !dateline_model::is_captionless(&text) => (text, sha256),
        _ => {
            // A photo without a caption is still a photo of the archive when its file says who
            // took it or where: the record holds what the file says, known by the file's hash.
            let f = &m.reconciled;
            let says = [
                (!f.creator.is_empty()).then_some("creator"),
                [
                    &f.sublocation,
                    &f.city,
                    &f.province_state,
                    &f.country,
                    &f.country_code,
                ]
                .iter()
                .any(|v| v.as_deref().is_some_and(|v| !v.trim().is_empty()))
                .then_some("place"),
                m.gps.is_some().then_some("GPS position"),
            ];
            let says: Vec<&str> = says.into_iter().flatten().collect();
            if says.is_empty() {
                return Err(
                    "the embedded metadata has no caption (description), creator, place or GPS \
                     position"
                        .into(),
                );
            }
            warnings.push(format!(
                "the photo has no caption; the record holds what its metadata says ({})",
                says.join(", ")
            ));
            let sha = sha256.unwrap_or_else(|| crate::sha256_hex(bytes));
            (String::new(), Some(sha))
        }
    };
    // The photo's own date lets "on Sunday" in its caption resolve.
    let reference_date = m
        .reconciled
        .date_created
        .as_deref()
        .and_then(|d| d.get(..10))
        .and_then(|d| d.parse::<jiff::civil::Date>().ok());
    let input = CaptionInput {
        text,
        input_id: None,
        source: Source {
            kind: "image".into(),
            path: Some(path.to_string()),
            line: None,
            sha256,
        },
        reference_date,
    };
    let block = serde_json::to_value(&m.embedded).expect("metadata serializes");
    Ok((
        input,
        Embedded {
            block,
            warnings,
            date: m.reconciled.date_created.clone(),
            gps: m.gps,
            fields: m.reconciled.clone(),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_recognized_by_content() {
        assert!(is_image(b"\xFF\xD8\xFF\xE0\0\x10JFIF\0"));
        assert!(!is_image(b"A caption in a text file."));
        assert!(!is_image(b""));
        assert_eq!(sniff("a.txt", b"\xFF\xD8\xFF\xD9"), Ok(Kind::Image));
        assert_eq!(sniff("a.txt", b"A caption."), Ok(Kind::Captions));
        assert!(sniff("a.JPG", b"A caption.").is_err());
    }

    #[test]
    fn caption_and_file_disagreements_are_flagged() {
        let engine = dateline_engine::Engine::builtin();
        let caption = "A boy is rescued from the rubble in Aleppo, Syria on November 24, 2016. \
                       (Photo by Ameer Alhalbi/AFP)";
        let mut r = engine.extract(&CaptionInput::new(caption));
        assert_eq!(r.date.as_ref().unwrap().iso, "2016-11-24");
        assert!(r.location.lat.is_some());
        let e = Embedded {
            block: serde_json::json!({}),
            warnings: vec![],
            fields: dateline_media::Fields::default(),
            date: Some("2016-11-20T10:00:00+02:00".into()),
            gps: Some(dateline_media::Gps {
                latitude: 33.51,
                longitude: 36.29,
            }),
        };
        e.apply(&mut r, &engine);
        assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
        assert!(r.warnings[0].contains("4 days"), "{:?}", r.warnings);
        assert!(r.warnings[1].contains("km from Aleppo"), "{:?}", r.warnings);
        // Within a day and within 50 km: nothing to say.
        let mut r2 = engine.extract(&CaptionInput::new(caption));
        let close = Embedded {
            date: Some("2016-11-25".into()),
            gps: Some(dateline_media::Gps {
                latitude: 36.3,
                longitude: 37.2,
            }),
            ..e
        };
        close.apply(&mut r2, &engine);
        assert!(r2.warnings.is_empty(), "{:?}", r2.warnings);
    }

    #[test]
    fn the_file_fills_what_the_caption_leaves_out() {
        let engine = dateline_engine::Engine::builtin();
        let mut r = engine.extract(&CaptionInput::new("A boy is rescued from the rubble."));
        assert!(r.location.city.is_none() && r.date.is_none() && r.credit.creators.is_empty());
        let e = Embedded {
            block: serde_json::json!({}),
            warnings: vec![],
            date: None,
            gps: Some(dateline_media::Gps {
                latitude: 36.2,
                longitude: 37.16,
            }),
            fields: dateline_media::Fields {
                city: Some("Aleppo".into()),
                country_code: Some("SY".into()),
                creator: vec!["Ameer Alhalbi".into()],
                date_created: Some("2016-11-24T10:05:00+02:00".into()),
                ..Default::default()
            },
        };
        e.apply(&mut r, &engine);
        assert_eq!(r.location.city.as_deref(), Some("Aleppo"));
        assert_eq!(r.location.country.as_deref(), Some("SY"));
        assert_eq!(r.credit.creators, ["Ameer Alhalbi"]);
        assert_eq!(r.date.as_ref().unwrap().iso, "2016-11-24");
        assert_eq!(r.location.lat, Some(36.2));
        assert_eq!(r.evidence["location.city"][0].rule, "embedded.city");
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        // The caption's own reading is kept; a different file value is a warning.
        let mut r = engine.extract(&CaptionInput::new(
            "A boy is rescued from the rubble in Aleppo, Syria on November 24, 2016.",
        ));
        let e = Embedded {
            fields: dateline_media::Fields {
                city: Some("Idlib".into()),
                ..Default::default()
            },
            ..e
        };
        e.apply(&mut r, &engine);
        assert_eq!(r.location.city.as_deref(), Some("Aleppo"));
        assert!(
            r.warnings.iter().any(|w| w.contains("the file says Idlib")),
            "{:?}",
            r.warnings
        );
        assert_eq!(date_taken("2016-11").unwrap().iso, "2016-11");
        assert_eq!(date_taken("2016").unwrap().iso, "2016");
        assert!(date_taken("x").is_none());
    }

    #[test]
    fn the_files_city_and_country_are_geocoded_without_gps() {
        let engine = dateline_engine::Engine::builtin();
        let mut r = engine.extract(&CaptionInput::new("A boy is rescued from the rubble."));
        let e = Embedded {
            block: serde_json::json!({}),
            warnings: vec![],
            date: None,
            gps: None,
            fields: dateline_media::Fields {
                city: Some("Tripoli".into()),
                country_code: Some("LB".into()),
                ..Default::default()
            },
        };
        e.apply(&mut r, &engine);
        // Tripoli in Lebanon, not Libya's capital; placed as the city itself.
        let (lat, lon) = (r.location.lat.unwrap(), r.location.lon.unwrap());
        assert!(
            (lat - 34.4).abs() < 0.3 && (lon - 35.8).abs() < 0.3,
            "{lat},{lon}"
        );
        assert_eq!(r.location.precision, Some(1));
        assert_eq!(r.evidence["location.lat"][0].rule, "embedded.geocoded");
        // A city the gazetteer lacks: the country's point, precision 3.
        let mut r = engine.extract(&CaptionInput::new("A boy is rescued from the rubble."));
        let e = Embedded {
            fields: dateline_media::Fields {
                city: Some("Nowhereville".into()),
                country: Some("Syria".into()),
                ..Default::default()
            },
            ..e
        };
        e.apply(&mut r, &engine);
        assert_eq!(r.location.precision, Some(3));
        assert_eq!(r.location.country.as_deref(), Some("SY"));
    }

    #[test]
    fn the_file_credit_gives_the_agency_the_caption_leaves_out() {
        // written
        let engine = dateline_engine::Engine::builtin();
        let mut r = engine.extract(&CaptionInput::new("A boy is rescued from the rubble."));
        assert!(r.credit.agency.is_none());
        let e = Embedded {
            block: serde_json::json!({}),
            warnings: vec![],
            date: None,
            gps: None,
            fields: dateline_media::Fields {
                credit: Some("Jane Doe".into()),
                source: Some("AFP via Getty Images".into()),
                ..Default::default()
            },
        };
        e.apply(&mut r, &engine);
        // The Credit field names a person only: the Source gives the agency.
        assert_eq!(r.credit.agency.as_deref(), Some("AFP"));
        assert_eq!(r.evidence["credit.agency"][0].rule, "embedded.source");
        assert_eq!(
            engine.agency_of("EPA-EFE").map(|a| a.0).as_deref(),
            Some("EPA")
        );
        // The caption's agency is kept; a different one in the file is a warning.
        let mut r = engine.extract(&CaptionInput::new(
            "A boy is rescued from the rubble. (Photo by Jane Doe/Anadolu Agency via Getty Images)",
        ));
        let e = Embedded {
            fields: dateline_media::Fields {
                credit: Some("REUTERS/Jane Doe".into()),
                ..Default::default()
            },
            ..e
        };
        e.apply(&mut r, &engine);
        assert_eq!(r.credit.agency.as_deref(), Some("Anadolu"));
        assert!(
            r.warnings
                .iter()
                .any(|w| w.contains("the file's credit says Reuters")),
            "{:?}",
            r.warnings
        );
    }

    #[test]
    fn a_file_without_metadata_says_so() {
        let e = read("x.jpg", b"\xFF\xD8\xFF\xD9", None).unwrap_err();
        assert!(e.contains("no IPTC, XMP or EXIF"), "{e}");
    }
}
