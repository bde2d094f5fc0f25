//! The XMP packet: the IPTC Core and Extension properties a caption desk fills in, read from
//! RDF/XML with `roxmltree` (which refuses DTDs, so entity expansion attacks do not apply).
//!
//! RDF allows the same property in several spellings: a child element with text, an attribute
//! of `rdf:Description`, an `rdf:Alt`/`rdf:Seq`/`rdf:Bag` of `rdf:li`, and structures written
//! with `rdf:parseType="Resource"`, a nested `rdf:Description` or attributes on the property
//! element. All of them are accepted here; values are returned as written (dates keep XMP's
//! ISO 8601 form), so callers decide how to present them.

use std::borrow::Cow;

const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
const DC: &str = "http://purl.org/dc/elements/1.1/";
const PHOTOSHOP: &str = "http://ns.adobe.com/photoshop/1.0/";
const IPTC_CORE: &str = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/";
const IPTC_EXT: &str = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/";
const XML: &str = "http://www.w3.org/XML/1998/namespace";
const EXIF: &str = "http://ns.adobe.com/exif/1.0/";

/// Why a packet could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum XmpError {
    /// The bytes are not well-formed XML (or use a DTD, which is refused).
    #[error("XMP is not well-formed XML: {0}")]
    Xml(String),
    /// No `<` at all: not an XML packet.
    #[error("XMP packet holds no XML")]
    Empty,
}

/// A place as IPTC Extension's LocationCreated / LocationShown structures describe it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    /// `Iptc4xmpExt:Sublocation`
    pub sublocation: Option<String>,
    /// `Iptc4xmpExt:City`
    pub city: Option<String>,
    /// `Iptc4xmpExt:ProvinceState`
    pub province_state: Option<String>,
    /// `Iptc4xmpExt:CountryName`
    pub country: Option<String>,
    /// `Iptc4xmpExt:CountryCode`
    pub country_code: Option<String>,
}

/// The properties of one XMP packet that dateline reads.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Xmp {
    /// `dc:description` (the `x-default` alternative, else the first).
    pub description: Option<String>,
    /// `dc:title`
    pub title: Option<String>,
    /// `photoshop:Headline`
    pub headline: Option<String>,
    /// `dc:creator`, in order.
    pub creator: Vec<String>,
    /// `photoshop:Credit`
    pub credit: Option<String>,
    /// `photoshop:Source`
    pub source: Option<String>,
    /// `dc:rights`
    pub copyright: Option<String>,
    /// `photoshop:DateCreated`, as written (ISO 8601, any precision).
    pub date_created: Option<String>,
    /// `photoshop:City`
    pub city: Option<String>,
    /// `Iptc4xmpCore:Location` (the IIM Sub-location).
    pub sublocation: Option<String>,
    /// `photoshop:State`
    pub province_state: Option<String>,
    /// `photoshop:Country`
    pub country: Option<String>,
    /// `Iptc4xmpCore:CountryCode`
    pub country_code: Option<String>,
    /// `dc:subject`, in order.
    pub keywords: Vec<String>,
    /// `Iptc4xmpExt:PersonInImage`, in order.
    pub persons: Vec<String>,
    /// `Iptc4xmpExt:LocationCreated` (the first, if several are written).
    pub location_created: Option<Location>,
    /// `Iptc4xmpExt:LocationShown`, in order.
    pub location_shown: Vec<Location>,
    /// `photoshop:LegacyIPTCDigest`: the MD5 of the IIM block this XMP was last synchronized
    /// with (Metadata Working Group guidance), hex.
    pub legacy_iptc_digest: Option<String>,
    /// `exif:GPSLatitude` in degrees, north positive.
    pub gps_latitude: Option<f64>,
    /// `exif:GPSLongitude` in degrees, east positive.
    pub gps_longitude: Option<f64>,
}

impl Xmp {
    /// Fills what `self` lacks from `other` (an ExtendedXMP packet completes the main one).
    pub fn merge(&mut self, other: Xmp) {
        fn opt(a: &mut Option<String>, b: Option<String>) {
            if a.is_none() {
                *a = b;
            }
        }
        fn list<T>(a: &mut Vec<T>, b: Vec<T>) {
            if a.is_empty() {
                *a = b;
            }
        }
        opt(&mut self.description, other.description);
        opt(&mut self.title, other.title);
        opt(&mut self.headline, other.headline);
        list(&mut self.creator, other.creator);
        opt(&mut self.credit, other.credit);
        opt(&mut self.source, other.source);
        opt(&mut self.copyright, other.copyright);
        opt(&mut self.date_created, other.date_created);
        opt(&mut self.city, other.city);
        opt(&mut self.sublocation, other.sublocation);
        opt(&mut self.province_state, other.province_state);
        opt(&mut self.country, other.country);
        opt(&mut self.country_code, other.country_code);
        list(&mut self.keywords, other.keywords);
        list(&mut self.persons, other.persons);
        if self.location_created.is_none() {
            self.location_created = other.location_created;
        }
        list(&mut self.location_shown, other.location_shown);
        opt(&mut self.legacy_iptc_digest, other.legacy_iptc_digest);
        if self.gps_latitude.is_none() || self.gps_longitude.is_none() {
            self.gps_latitude = other.gps_latitude;
            self.gps_longitude = other.gps_longitude;
        }
    }
}

/// Decodes a packet's bytes: UTF-8 (with or without BOM), or UTF-16/32 in either byte order as
/// the XMP specification allows, recognized by BOM or by the zero bytes around the first `<`.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    fn utf16(b: &[u8], big: bool) -> Cow<'static, str> {
        let units = b.chunks_exact(2).map(|c| {
            if big {
                u16::from_be_bytes([c[0], c[1]])
            } else {
                u16::from_le_bytes([c[0], c[1]])
            }
        });
        Cow::Owned(
            char::decode_utf16(units)
                .map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect(),
        )
    }
    fn utf32(b: &[u8], big: bool) -> Cow<'static, str> {
        Cow::Owned(
            b.chunks_exact(4)
                .map(|c| {
                    let n = if big {
                        u32::from_be_bytes([c[0], c[1], c[2], c[3]])
                    } else {
                        u32::from_le_bytes([c[0], c[1], c[2], c[3]])
                    };
                    char::from_u32(n).unwrap_or(char::REPLACEMENT_CHARACTER)
                })
                .collect(),
        )
    }
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8_lossy(rest),
        [0, 0, 0xFE, 0xFF, rest @ ..] => utf32(rest, true),
        [0xFF, 0xFE, 0, 0, rest @ ..] => utf32(rest, false),
        [0xFE, 0xFF, rest @ ..] => utf16(rest, true),
        [0xFF, 0xFE, rest @ ..] => utf16(rest, false),
        [0, 0, 0, b'<', ..] => utf32(bytes, true),
        [b'<', 0, 0, 0, ..] => utf32(bytes, false),
        [0, b'<', ..] => utf16(bytes, true),
        [b'<', 0, ..] => utf16(bytes, false),
        _ => String::from_utf8_lossy(bytes),
    }
}

/// Reads one packet.
pub fn parse(bytes: &[u8]) -> Result<Xmp, XmpError> {
    let text = decode(bytes);
    // Anything before the first tag (padding, a stray BOM) is not XML.
    let start = text.find('<').ok_or(XmpError::Empty)?;
    let text = text[start..].trim_end_matches(['\0', ' ', '\n', '\r', '\t']);
    let doc = roxmltree::Document::parse_with_options(
        text,
        roxmltree::ParsingOptions {
            allow_dtd: false,
            nodes_limit: 1_000_000,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .map_err(|e| XmpError::Xml(e.to_string()))?;
    let mut x = Xmp::default();
    for desc in doc
        .descendants()
        .filter(|n| n.has_tag_name((RDF, "Description")))
        // Structures nested in a property are read with their property, not as top level.
        .filter(|n| {
            n.ancestors()
                .skip(1)
                .all(|a| !a.has_tag_name((RDF, "Description")))
        })
    {
        read_description(desc, &mut x);
    }
    Ok(x)
}

fn read_description(desc: roxmltree::Node, x: &mut Xmp) {
    // Simple properties written as attributes of rdf:Description.
    for a in desc.attributes() {
        let Some(ns) = a.namespace() else { continue };
        set_simple(x, ns, a.name(), a.value().to_string());
    }
    for p in desc.children().filter(|n| n.is_element()) {
        let Some(ns) = p.tag_name().namespace() else {
            continue;
        };
        let name = p.tag_name().name();
        match (ns, name) {
            (DC, "creator") => x.creator = items(p),
            (DC, "subject") => x.keywords = items(p),
            (IPTC_EXT, "PersonInImage") => x.persons = items(p),
            (IPTC_EXT, "LocationCreated") => {
                x.location_created = structs(p).into_iter().next();
            }
            (IPTC_EXT, "LocationShown") => x.location_shown = structs(p),
            _ => {
                if let Some(v) = single(p) {
                    set_simple(x, ns, name, v);
                }
            }
        }
    }
}

fn set_simple(x: &mut Xmp, ns: &str, name: &str, v: String) {
    if v.trim().is_empty() {
        return; // a blank value is no value (see `text_of`)
    }
    let slot = match (ns, name) {
        (DC, "description") => &mut x.description,
        (DC, "title") => &mut x.title,
        (DC, "rights") => &mut x.copyright,
        (DC, "creator") => {
            x.creator = vec![v];
            return;
        }
        (DC, "subject") => {
            x.keywords = vec![v];
            return;
        }
        (PHOTOSHOP, "Headline") => &mut x.headline,
        (PHOTOSHOP, "Credit") => &mut x.credit,
        (PHOTOSHOP, "Source") => &mut x.source,
        (PHOTOSHOP, "DateCreated") => &mut x.date_created,
        (PHOTOSHOP, "City") => &mut x.city,
        (PHOTOSHOP, "State") => &mut x.province_state,
        (PHOTOSHOP, "Country") => &mut x.country,
        (PHOTOSHOP, "LegacyIPTCDigest") => &mut x.legacy_iptc_digest,
        (IPTC_CORE, "Location") => &mut x.sublocation,
        (IPTC_CORE, "CountryCode") => &mut x.country_code,
        (EXIF, "GPSLatitude") => {
            x.gps_latitude = gps_coordinate(&v, 90.0);
            return;
        }
        (EXIF, "GPSLongitude") => {
            x.gps_longitude = gps_coordinate(&v, 180.0);
            return;
        }
        _ => return,
    };
    *slot = Some(v);
}

/// XMP's GPS coordinate form, `DDD,MM.mmk` or `DDD,MM,SSk` with k one of N S E W.
fn gps_coordinate(v: &str, limit: f64) -> Option<f64> {
    let v = v.trim();
    let hemisphere = v.chars().last()?.to_ascii_uppercase();
    let sign = match hemisphere {
        'N' | 'E' => 1.0,
        'S' | 'W' => -1.0,
        _ => return None,
    };
    let body = &v[..v.len() - 1];
    let mut deg = 0.0;
    for (part, div) in body.split(',').zip([1.0, 60.0, 3600.0]) {
        deg += part.trim().parse::<f64>().ok()? / div;
    }
    let deg = sign * deg;
    (deg.is_finite() && deg.abs() <= limit).then_some(deg)
}

/// The `rdf:li` items of an array property, or its single value.
fn items(p: roxmltree::Node) -> Vec<String> {
    match container(p) {
        Some(c) => c
            .children()
            .filter(|n| n.has_tag_name((RDF, "li")))
            .filter_map(text_of)
            .collect(),
        None => single(p).into_iter().collect(),
    }
}

/// The value of a simple or language-alternative property: `x-default` first.
fn single(p: roxmltree::Node) -> Option<String> {
    if let Some(c) = container(p) {
        let lis: Vec<roxmltree::Node> = c
            .children()
            .filter(|n| n.has_tag_name((RDF, "li")))
            .collect();
        let default = lis
            .iter()
            .find(|li| li.attribute((XML, "lang")) == Some("x-default"));
        return default.or(lis.first()).and_then(|li| text_of(*li));
    }
    if let Some(r) = p.attribute((RDF, "resource")) {
        return Some(r.to_string());
    }
    if p.children().any(|n| n.is_element()) {
        return None; // a structure, not a simple value
    }
    text_of(p)
}

fn container<'a, 'i>(p: roxmltree::Node<'a, 'i>) -> Option<roxmltree::Node<'a, 'i>> {
    p.children().find(|n| {
        n.has_tag_name((RDF, "Alt")) || n.has_tag_name((RDF, "Seq")) || n.has_tag_name((RDF, "Bag"))
    })
}

/// Text content of a leaf, all text nodes joined (entities already resolved). A value is kept
/// as written, surrounding whitespace included (as ExifTool does), but a blank one (empty or
/// whitespace only, e.g. `<photoshop:City> </photoshop:City>`) is no value: ExifTool reports
/// it as written, we report it absent, as the EXIF reader does with padded text.
fn text_of(n: roxmltree::Node) -> Option<String> {
    let s: String = n
        .children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect();
    (!s.trim().is_empty()).then_some(s)
}

/// The structures of a struct-valued property: one, or the items of its array.
fn structs(p: roxmltree::Node) -> Vec<Location> {
    match container(p) {
        Some(c) => c
            .children()
            .filter(|n| n.has_tag_name((RDF, "li")))
            .map(location)
            .filter(|l| *l != Location::default())
            .collect(),
        None => Some(location(p))
            .filter(|l| *l != Location::default())
            .into_iter()
            .collect(),
    }
}

/// A structure's fields, whichever way RDF spells it: attributes on the node, child elements
/// (`rdf:parseType="Resource"`), or a nested `rdf:Description` with either.
fn location(node: roxmltree::Node) -> Location {
    let mut l = Location::default();
    let mut set = |ns: Option<&str>, name: &str, v: String| {
        if ns != Some(IPTC_EXT) || v.trim().is_empty() {
            return;
        }
        let slot = match name {
            "Sublocation" => &mut l.sublocation,
            "City" => &mut l.city,
            "ProvinceState" => &mut l.province_state,
            "CountryName" => &mut l.country,
            "CountryCode" => &mut l.country_code,
            _ => return,
        };
        *slot = Some(v);
    };
    let mut visit = |n: roxmltree::Node| {
        for a in n.attributes() {
            set(a.namespace(), a.name(), a.value().to_string());
        }
        for c in n.children().filter(|c| c.is_element()) {
            if let Some(v) = single(c) {
                set(c.tag_name().namespace(), c.tag_name().name(), v);
            }
        }
    };
    visit(node);
    for d in node
        .children()
        .filter(|n| n.has_tag_name((RDF, "Description")))
    {
        visit(d);
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    const PACKET: &str = r#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
  xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
  xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
  photoshop:City="Aleppo" photoshop:DateCreated="2016-11-24" Iptc4xmpCore:CountryCode="SY">
 <dc:description><rdf:Alt><rdf:li xml:lang="fr">Des secouristes</rdf:li>
   <rdf:li xml:lang="x-default">Rescuers &amp; a boy</rdf:li></rdf:Alt></dc:description>
 <dc:creator><rdf:Seq><rdf:li>Ameer Alhalbi</rdf:li><rdf:li>Second</rdf:li></rdf:Seq></dc:creator>
 <dc:subject><rdf:Bag><rdf:li>Syria</rdf:li><rdf:li>war</rdf:li></rdf:Bag></dc:subject>
 <photoshop:Credit>AFP</photoshop:Credit>
 <Iptc4xmpExt:LocationCreated rdf:parseType="Resource">
   <Iptc4xmpExt:City>Aleppo</Iptc4xmpExt:City></Iptc4xmpExt:LocationCreated>
 <Iptc4xmpExt:LocationShown><rdf:Bag>
   <rdf:li Iptc4xmpExt:City="Bab al-Nairab" Iptc4xmpExt:CountryCode="SY"/>
   <rdf:li><rdf:Description><Iptc4xmpExt:CountryName>Syria</Iptc4xmpExt:CountryName></rdf:Description></rdf:li>
 </rdf:Bag></Iptc4xmpExt:LocationShown>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>"#;

    #[test]
    fn reads_every_rdf_spelling() {
        let x = parse(PACKET.as_bytes()).unwrap();
        assert_eq!(x.description.as_deref(), Some("Rescuers & a boy"));
        assert_eq!(x.creator, ["Ameer Alhalbi", "Second"]);
        assert_eq!(x.keywords, ["Syria", "war"]);
        assert_eq!(x.city.as_deref(), Some("Aleppo"));
        assert_eq!(x.credit.as_deref(), Some("AFP"));
        assert_eq!(x.date_created.as_deref(), Some("2016-11-24"));
        assert_eq!(x.country_code.as_deref(), Some("SY"));
        assert_eq!(x.location_created.unwrap().city.as_deref(), Some("Aleppo"));
        assert_eq!(x.location_shown.len(), 2);
        assert_eq!(x.location_shown[0].city.as_deref(), Some("Bab al-Nairab"));
        assert_eq!(x.location_shown[1].country.as_deref(), Some("Syria"));
    }

    #[test]
    fn utf16_packets_and_garbage() {
        let utf16: Vec<u8> = PACKET
            .encode_utf16()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        assert_eq!(parse(&utf16).unwrap().credit.as_deref(), Some("AFP"));
        let le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(PACKET.encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        assert_eq!(parse(&le).unwrap().credit.as_deref(), Some("AFP"));
        assert!(matches!(parse(b"no xml here"), Err(XmpError::Empty)));
        assert!(parse(b"<x:xmpmeta").is_err());
        let bomb = r#"<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>"#;
        assert!(parse(bomb.as_bytes()).is_err(), "DTDs are refused");
        // Truncations never panic.
        for n in 0..PACKET.len() {
            let _ = parse(&PACKET.as_bytes()[..n]);
        }
    }

    #[test]
    fn gps_coordinates() {
        assert_eq!(gps_coordinate("54,59.38N", 90.0), Some(54.0 + 59.38 / 60.0));
        assert_eq!(
            gps_coordinate("1,54,51W", 180.0),
            Some(-(1.0 + 54.0 / 60.0 + 51.0 / 3600.0))
        );
        assert_eq!(gps_coordinate("91,0N", 90.0), None);
        assert_eq!(gps_coordinate("x", 90.0), None);
        assert_eq!(gps_coordinate("", 90.0), None);
        assert_eq!(gps_coordinate("é", 90.0), None);
    }

    #[test]
    fn blank_values_are_absent_others_kept_as_written() {
        let packet = PACKET
            .replace(
                "<photoshop:Credit>AFP</photoshop:Credit>",
                "<photoshop:Credit> </photoshop:Credit><photoshop:Source> AFP </photoshop:Source>",
            )
            .replace(r#"photoshop:City="Aleppo""#, r#"photoshop:City="  ""#);
        let x = parse(packet.as_bytes()).unwrap();
        assert_eq!(x.credit, None);
        assert_eq!(x.city, None);
        assert_eq!(x.source.as_deref(), Some(" AFP "));
    }

    #[test]
    fn merge_fills_only_what_is_missing() {
        let mut a = Xmp {
            city: Some("A".into()),
            ..Xmp::default()
        };
        a.merge(Xmp {
            city: Some("B".into()),
            country: Some("C".into()),
            ..Xmp::default()
        });
        assert_eq!(
            (a.city.as_deref(), a.country.as_deref()),
            (Some("A"), Some("C"))
        );
    }
}
