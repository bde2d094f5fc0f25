//! Writing an XMP sidecar: the fields dateline extracted from a caption, as IPTC Core and
//! IPTC Extension properties that photo software (Lightroom, Photo Mechanic, ExifTool, digiKam)
//! reads from `photo.xmp` next to `photo.jpg`.
//!
//! [`xmp_sidecar`] is a pure function from [`SidecarFields`] to the packet's text. The XML is
//! written here, not by a library, so that escaping is explicit: `&`, `<`, `>`, `"` and `'` are
//! escaped, a carriage return is written as `&#xD;` (a parser would otherwise turn it into a line
//! feed), and the characters XML 1.0 forbids (C0 controls other than tab, line feed and carriage
//! return, and U+FFFE / U+FFFF) are dropped. Blank values are not written at all, since readers
//! (ours included) take a blank property for no property.
//!
//! Properties written:
//!
//! | field | property |
//! |---|---|
//! | description | `dc:description` (`rdf:Alt`, `x-default`) |
//! | creators | `dc:creator` (`rdf:Seq`) |
//! | credit | `photoshop:Credit` |
//! | date_created | `photoshop:DateCreated` (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`) |
//! | city, province_state, country, country_code, sublocation | `photoshop:City`, `photoshop:State`, `photoshop:Country`, `Iptc4xmpCore:CountryCode`, `Iptc4xmpCore:Location` |
//! | the same place, with latitude / longitude | `Iptc4xmpExt:LocationCreated` (a `rdf:Bag` of one structure: `City`, `ProvinceState`, `CountryName`, `CountryCode`, `Sublocation`, `exif:GPSLatitude`, `exif:GPSLongitude`) |
//! | persons | `Iptc4xmpExt:PersonInImage` (`rdf:Bag`) |
//! | keywords | `dc:subject` (`rdf:Bag`) |
//! | creator_tool | `xmp:CreatorTool` |
//! | record_id | `dateline:RecordID` (namespace [`DATELINE_NS`]) |
//!
//! The coordinates are those of the place the caption names (a gazetteer point), not a camera
//! position, so they are written only inside `LocationCreated` and never as the top-level
//! `exif:GPSLatitude` / `exif:GPSLongitude`, which software takes for the camera's GPS fix.

use std::fmt::Write;

/// The namespace of dateline's own properties in a sidecar.
pub const DATELINE_NS: &str = "http://ns.dateline.invalid/xmp/1.0/";

/// The fields of one sidecar; `None` and empty lists are left out of the packet.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SidecarFields {
    /// The caption (`dc:description`).
    pub description: Option<String>,
    /// Photographers, in order (`dc:creator`).
    pub creators: Vec<String>,
    /// The agency (`photoshop:Credit`).
    pub credit: Option<String>,
    /// ISO 8601 at its precision: `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (`photoshop:DateCreated`).
    pub date_created: Option<String>,
    /// Neighbourhood, camp, landmark or venue (`Iptc4xmpCore:Location`).
    pub sublocation: Option<String>,
    /// `photoshop:City`
    pub city: Option<String>,
    /// `photoshop:State`
    pub province_state: Option<String>,
    /// Country name (`photoshop:Country`).
    pub country: Option<String>,
    /// ISO 3166-1 alpha-2 (`Iptc4xmpCore:CountryCode`).
    pub country_code: Option<String>,
    /// Latitude of the place, degrees north (inside `Iptc4xmpExt:LocationCreated`).
    pub latitude: Option<f64>,
    /// Longitude of the place, degrees east (inside `Iptc4xmpExt:LocationCreated`).
    pub longitude: Option<f64>,
    /// People named (`Iptc4xmpExt:PersonInImage`).
    pub persons: Vec<String>,
    /// Keywords (`dc:subject`).
    pub keywords: Vec<String>,
    /// The program that wrote the sidecar (`xmp:CreatorTool`).
    pub creator_tool: Option<String>,
    /// The dateline record id (`dateline:RecordID`).
    pub record_id: Option<String>,
}

/// The XMP packet for `s`, UTF-8, with the `xpacket` wrapper.
pub fn xmp_sidecar(s: &SidecarFields) -> String {
    let mut o = String::with_capacity(2048);
    o.push_str("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n");
    o.push_str("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n");
    o.push_str(" <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n");
    o.push_str("  <rdf:Description rdf:about=\"\"\n");
    for (prefix, uri) in [
        ("dc", "http://purl.org/dc/elements/1.1/"),
        ("photoshop", "http://ns.adobe.com/photoshop/1.0/"),
        (
            "Iptc4xmpCore",
            "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/",
        ),
        ("Iptc4xmpExt", "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"),
        ("exif", "http://ns.adobe.com/exif/1.0/"),
        ("xmp", "http://ns.adobe.com/xap/1.0/"),
        ("dateline", DATELINE_NS),
    ] {
        let _ = writeln!(o, "    xmlns:{prefix}=\"{uri}\"");
    }
    o.truncate(o.len() - 1);
    o.push_str(">\n");

    if let Some(d) = present(&s.description) {
        let _ = writeln!(
            o,
            "   <dc:description>\n    <rdf:Alt>\n     <rdf:li xml:lang=\"x-default\">{}</rdf:li>\n    </rdf:Alt>\n   </dc:description>",
            escape(d)
        );
    }
    array(&mut o, "dc:creator", "rdf:Seq", &s.creators);
    simple(&mut o, "photoshop:Credit", &s.credit);
    simple(&mut o, "photoshop:DateCreated", &s.date_created);
    simple(&mut o, "photoshop:City", &s.city);
    simple(&mut o, "photoshop:State", &s.province_state);
    simple(&mut o, "photoshop:Country", &s.country);
    simple(&mut o, "Iptc4xmpCore:CountryCode", &s.country_code);
    simple(&mut o, "Iptc4xmpCore:Location", &s.sublocation);
    location_created(&mut o, s);
    array(&mut o, "Iptc4xmpExt:PersonInImage", "rdf:Bag", &s.persons);
    array(&mut o, "dc:subject", "rdf:Bag", &s.keywords);
    simple(&mut o, "xmp:CreatorTool", &s.creator_tool);
    simple(&mut o, "dateline:RecordID", &s.record_id);

    o.push_str("  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>\n");
    o
}

/// A value worth writing: present and, once cleaned, not blank.
fn present(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|v| !escape(v).trim().is_empty())
}

fn simple(o: &mut String, tag: &str, v: &Option<String>) {
    if let Some(v) = present(v) {
        let _ = writeln!(o, "   <{tag}>{}</{tag}>", escape(v));
    }
}

fn array(o: &mut String, tag: &str, kind: &str, items: &[String]) {
    let items: Vec<String> = items
        .iter()
        .map(|i| escape(i))
        .filter(|i| !i.trim().is_empty())
        .collect();
    if items.is_empty() {
        return;
    }
    let _ = writeln!(o, "   <{tag}>\n    <{kind}>");
    for i in items {
        let _ = writeln!(o, "     <rdf:li>{i}</rdf:li>");
    }
    let _ = writeln!(o, "    </{kind}>\n   </{tag}>");
}

fn location_created(o: &mut String, s: &SidecarFields) {
    let mut fields = String::new();
    for (tag, v) in [
        ("Iptc4xmpExt:Sublocation", &s.sublocation),
        ("Iptc4xmpExt:City", &s.city),
        ("Iptc4xmpExt:ProvinceState", &s.province_state),
        ("Iptc4xmpExt:CountryName", &s.country),
        ("Iptc4xmpExt:CountryCode", &s.country_code),
    ] {
        if let Some(v) = present(v) {
            let _ = writeln!(fields, "      <{tag}>{}</{tag}>", escape(v));
        }
    }
    if let (Some(lat), Some(lon)) = (
        s.latitude.and_then(|v| gps_coordinate(v, 90.0, ['N', 'S'])),
        s.longitude
            .and_then(|v| gps_coordinate(v, 180.0, ['E', 'W'])),
    ) {
        let _ = writeln!(fields, "      <exif:GPSLatitude>{lat}</exif:GPSLatitude>");
        let _ = writeln!(fields, "      <exif:GPSLongitude>{lon}</exif:GPSLongitude>");
    }
    if fields.is_empty() {
        return;
    }
    let _ = write!(
        o,
        "   <Iptc4xmpExt:LocationCreated>\n    <rdf:Bag>\n     <rdf:li rdf:parseType=\"Resource\">\n{fields}     </rdf:li>\n    </rdf:Bag>\n   </Iptc4xmpExt:LocationCreated>\n"
    );
}

/// XMP's GPS coordinate form `DDD,MM.mmmmmmK` (K one of N S, or E W), six decimals of a minute
/// (about 2 mm); `None` for a value that is not a coordinate.
pub fn gps_coordinate(deg: f64, limit: f64, [pos, neg]: [char; 2]) -> Option<String> {
    if !deg.is_finite() || deg.abs() > limit {
        return None;
    }
    let hemisphere = if deg < 0.0 { neg } else { pos };
    // Work in millionths of a minute so rounding can never print `60.000000`.
    let micro = (deg.abs() * 60.0 * 1e6).round() as u64;
    let (d, m) = (micro / 60_000_000, micro % 60_000_000);
    Some(format!(
        "{d},{}.{:06}{hemisphere}",
        m / 1_000_000,
        m % 1_000_000
    ))
}

/// Text for element content: markup characters escaped, characters XML 1.0 cannot carry dropped.
pub fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            '\r' => o.push_str("&#xD;"),
            '\t' | '\n' => o.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xmp::parse;

    fn full() -> SidecarFields {
        SidecarFields {
            description: Some(
                "Rescuers pull a boy from the rubble in Aleppo. (Photo by Ameer Alhalbi/AFP)"
                    .into(),
            ),
            creators: vec!["Ameer Alhalbi".into(), "Second Photographer".into()],
            credit: Some("AFP".into()),
            date_created: Some("2016-11-24".into()),
            sublocation: Some("Bab al-Nairab".into()),
            city: Some("Aleppo".into()),
            province_state: Some("Aleppo Governorate".into()),
            country: Some("Syria".into()),
            country_code: Some("SY".into()),
            latitude: Some(36.20124),
            longitude: Some(37.16117),
            persons: vec!["Bashar al-Assad".into()],
            keywords: vec!["airstrike".into(), "White Helmets".into()],
            creator_tool: Some("dateline 0.1.0".into()),
            record_id: Some("0123456789abcdef".into()),
        }
    }

    #[test]
    fn round_trip_through_the_reader() {
        let s = full();
        let x = parse(xmp_sidecar(&s).as_bytes()).unwrap();
        assert_eq!(x.description, s.description);
        assert_eq!(x.creator, s.creators);
        assert_eq!(x.credit, s.credit);
        assert_eq!(x.date_created, s.date_created);
        assert_eq!(x.city, s.city);
        assert_eq!(x.province_state, s.province_state);
        assert_eq!(x.country, s.country);
        assert_eq!(x.country_code, s.country_code);
        assert_eq!(x.sublocation, s.sublocation);
        assert_eq!(x.persons, s.persons);
        assert_eq!(x.keywords, s.keywords);
        let l = x.location_created.unwrap();
        assert_eq!(l.city, s.city);
        assert_eq!(l.province_state, s.province_state);
        assert_eq!(l.country, s.country);
        assert_eq!(l.country_code, s.country_code);
        assert_eq!(l.sublocation, s.sublocation);
        // The place's coordinates are not the camera's: no top-level GPS.
        assert_eq!((x.gps_latitude, x.gps_longitude), (None, None));
    }

    #[test]
    fn coordinates_inside_location_created() {
        let text = xmp_sidecar(&full());
        let doc = roxmltree::Document::parse(&text).unwrap();
        let get = |name: &str| {
            doc.descendants()
                .find(|n| n.has_tag_name(("http://ns.adobe.com/exif/1.0/", name)))
                .and_then(|n| n.text())
                .map(str::to_string)
        };
        assert_eq!(get("GPSLatitude").as_deref(), Some("36,12.074400N"));
        assert_eq!(get("GPSLongitude").as_deref(), Some("37,9.670200E"));
        let rec = doc
            .descendants()
            .find(|n| n.has_tag_name((DATELINE_NS, "RecordID")))
            .and_then(|n| n.text());
        assert_eq!(rec, Some("0123456789abcdef"));
    }

    #[test]
    fn gps_form() {
        assert_eq!(
            gps_coordinate(-33.5, 90.0, ['N', 'S']).as_deref(),
            Some("33,30.000000S")
        );
        assert_eq!(
            gps_coordinate(-0.0000001, 180.0, ['E', 'W']).as_deref(),
            Some("0,0.000006W")
        );
        // Never 60 minutes.
        assert_eq!(
            gps_coordinate(10.999_999_999_9, 180.0, ['E', 'W']).as_deref(),
            Some("11,0.000000E")
        );
        assert_eq!(gps_coordinate(91.0, 90.0, ['N', 'S']), None);
        assert_eq!(gps_coordinate(f64::NAN, 90.0, ['N', 'S']), None);
    }

    #[test]
    fn hostile_text_is_escaped_and_forbidden_characters_dropped() {
        let hostile = "a & b <c> \"d\" 'e' ]]> </dc:description><x:evil/> &amp; \r\n\t end";
        let with_controls = "bell\u{7}null\u{0}esc\u{1b}\u{FFFE}\u{FFFF}ok \u{10FFFF}é";
        let s = SidecarFields {
            description: Some(hostile.into()),
            creators: vec![with_controls.into(), "\u{1}\u{2}".into(), "<b>".into()],
            credit: Some("A&P <\"'>".into()),
            city: Some("\u{0}".into()),
            persons: vec!["O'Brien & \"Sons\"".into()],
            keywords: vec!["]]>".into()],
            record_id: Some("-->".into()),
            ..SidecarFields::default()
        };
        let text = xmp_sidecar(&s);
        assert!(!text.contains("<x:evil"));
        assert!(
            !text
                .chars()
                .any(|c| (c as u32) < 0x20 && !"\t\n".contains(c)),
            "no control characters (not even CR) are written raw"
        );
        let x = parse(text.as_bytes()).unwrap();
        assert_eq!(x.description.as_deref(), Some(hostile));
        assert_eq!(
            x.creator,
            ["bellnullescok \u{10FFFF}é", "<b>"],
            "forbidden characters dropped; an item left blank is not written"
        );
        assert_eq!(x.credit.as_deref(), Some("A&P <\"'>"));
        assert_eq!(
            x.city, None,
            "a value that is nothing but forbidden characters"
        );
        assert_eq!(x.persons, ["O'Brien & \"Sons\""]);
        assert_eq!(x.keywords, ["]]>"]);
        assert!(x.location_created.is_none());
    }

    #[test]
    fn empty_fields_make_an_empty_description() {
        let text = xmp_sidecar(&SidecarFields::default());
        let x = parse(text.as_bytes()).unwrap();
        assert_eq!(x, crate::xmp::Xmp::default());
        assert!(!text.contains("LocationCreated"));
    }
}
