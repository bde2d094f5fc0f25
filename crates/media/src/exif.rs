//! The EXIF fields a caption desk cares about, read with `kamadak-exif` from a TIFF-structured
//! block (what [`crate::container`] finds: a JPEG APP1 payload after `Exif\0\0`, a PNG `eXIf`
//! chunk, a TIFF file itself).
//!
//! Camera makers write text tags in whatever encoding the firmware had; they are read as UTF-8
//! where valid and as Latin-1 otherwise, and trailing NULs and spaces (common padding) are cut.

use exif::{In, Tag, Value};

/// What the EXIF block says about the photo.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Exif {
    /// ImageDescription (0x010E).
    pub description: Option<String>,
    /// Artist (0x013B), as written (several names are often joined with `;`).
    pub artist: Option<String>,
    /// Copyright (0x8298).
    pub copyright: Option<String>,
    /// DateTimeOriginal (0x9003), as written: `YYYY:MM:DD HH:MM:SS`.
    pub date_time_original: Option<String>,
    /// SubSecTimeOriginal (0x9291): fractional seconds of the above.
    pub subsec_original: Option<String>,
    /// OffsetTimeOriginal (0x9011): the UTC offset of the above, e.g. `+01:00`.
    pub offset_original: Option<String>,
    /// GPS latitude in degrees, north positive.
    pub gps_latitude: Option<f64>,
    /// GPS longitude in degrees, east positive.
    pub gps_longitude: Option<f64>,
}

/// Why an EXIF block could not be read.
#[derive(Debug, thiserror::Error)]
#[error("EXIF: {0}")]
pub struct ExifError(String);

/// Reads a TIFF-structured EXIF block.
pub fn parse(tiff: &[u8]) -> Result<Exif, ExifError> {
    // A damaged entry (a pointer past the end, an IFD that loops) must not cost the rest of the
    // block: ExifTool reads every tag it can reach, and so do we (kamadak-exif's partial result).
    let mut tiff = tiff.to_vec();
    fix_pointer_types(&mut tiff);
    let data = exif::Reader::new()
        .continue_on_error(true)
        .read_raw(tiff)
        .or_else(|e| e.distill_partial_result(|_errors| {}))
        .map_err(|e| ExifError(e.to_string()))?;
    let text = |tag: Tag| -> Option<String> {
        let f = data.get_field(tag, In::PRIMARY)?;
        match &f.value {
            Value::Ascii(parts) => {
                let joined: Vec<String> = parts.iter().map(|p| decode_text(p)).collect();
                let s = joined.join("; ");
                let s = s.trim_end_matches(['\0', ' ']).to_string();
                (!s.trim().is_empty()).then_some(s)
            }
            Value::Undefined(bytes, _) => {
                let s = decode_text(bytes);
                let s = s.trim_end_matches(['\0', ' ']).to_string();
                (!s.trim().is_empty()).then_some(s)
            }
            _ => None,
        }
    };
    let coordinate = |value: Tag, reference: Tag| -> Option<f64> {
        let f = data.get_field(value, In::PRIMARY)?;
        let Value::Rational(parts) = &f.value else {
            return None;
        };
        let mut deg = 0.0;
        for (r, div) in parts.iter().zip([1.0, 60.0, 3600.0]) {
            if r.denom == 0 {
                return None;
            }
            deg += r.to_f64() / div;
        }
        let negative = match data.get_field(reference, In::PRIMARY).map(|f| &f.value) {
            Some(Value::Ascii(v)) => v
                .first()
                .and_then(|s| s.first())
                .is_some_and(|c| matches!(c, b'S' | b's' | b'W' | b'w')),
            _ => false,
        };
        let deg = if negative { -deg } else { deg };
        deg.is_finite().then_some(deg)
    };
    let lat = coordinate(Tag::GPSLatitude, Tag::GPSLatitudeRef).filter(|v| v.abs() <= 90.0);
    let lon = coordinate(Tag::GPSLongitude, Tag::GPSLongitudeRef).filter(|v| v.abs() <= 180.0);
    let (gps_latitude, gps_longitude) = match (lat, lon) {
        (Some(a), Some(o)) => (Some(a), Some(o)),
        _ => (None, None),
    };
    Ok(Exif {
        description: text(Tag::ImageDescription),
        artist: text(Tag::Artist),
        copyright: text(Tag::Copyright),
        date_time_original: text(Tag::DateTimeOriginal),
        subsec_original: text(Tag::SubSecTimeOriginal),
        offset_original: text(Tag::OffsetTimeOriginal),
        gps_latitude,
        gps_longitude,
    })
}

/// Some writers give IFD0's Exif and GPS IFD pointers type SLONG (9) or IFD (13) instead of
/// LONG (4); kamadak-exif then drops the whole sub-IFD, ExifTool follows it. Rewrites such a type
/// to LONG in our copy of the block, so the sub-IFD is read (seen in a Canon PowerShot S5 IS
/// JPEG whose GPS IFD pointer is an SLONG).
fn fix_pointer_types(tiff: &mut [u8]) {
    let big = match tiff.get(..4) {
        Some([b'M', b'M', 0, 42]) => true,
        Some([b'I', b'I', 42, 0]) => false,
        _ => return,
    };
    let u16_at = |t: &[u8], at: usize| -> Option<u16> {
        let b: [u8; 2] = t.get(at..at.checked_add(2)?)?.try_into().ok()?;
        Some(if big {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        })
    };
    let Some(ifd0) = tiff.get(4..8).map(|b| {
        let b: [u8; 4] = b.try_into().unwrap_or_default();
        if big {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        }
    }) else {
        return;
    };
    let ifd0 = ifd0 as usize;
    let Some(count) = u16_at(tiff, ifd0) else {
        return;
    };
    for i in 0..usize::from(count) {
        let entry = ifd0 + 2 + 12 * i;
        let (Some(tag), Some(kind)) = (u16_at(tiff, entry), u16_at(tiff, entry + 2)) else {
            return;
        };
        if matches!(tag, 0x8769 | 0x8825) && matches!(kind, 9 | 13) {
            let long = if big {
                4u16.to_be_bytes()
            } else {
                4u16.to_le_bytes()
            };
            tiff[entry + 2..entry + 4].copy_from_slice(&long);
        }
    }
}

fn decode_text(b: &[u8]) -> String {
    let b = match b.iter().position(|&c| c == 0) {
        Some(end) if b[end..].iter().all(|&c| c == 0) => &b[..end],
        _ => b,
    };
    match std::str::from_utf8(b) {
        Ok(s) => s.to_string(),
        Err(_) => b.iter().map(|&c| c as char).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A little-endian TIFF with IFD0 { ImageDescription, Artist }.
    fn tiff() -> Vec<u8> {
        let mut t = b"II*\0\x08\0\0\0".to_vec();
        let desc = b"A boy in the rubble\0";
        let artist = b"Ameer Alhalbi\0";
        let entries = 2u16;
        let data_at = 8 + 2 + 12 * entries as u32 + 4;
        t.extend(entries.to_le_bytes());
        for (tag, value, at) in [
            (0x010Eu16, &desc[..], data_at),
            (0x013B, &artist[..], data_at + desc.len() as u32),
        ] {
            t.extend(tag.to_le_bytes());
            t.extend(2u16.to_le_bytes()); // ASCII
            t.extend((value.len() as u32).to_le_bytes());
            t.extend(at.to_le_bytes());
        }
        t.extend(0u32.to_le_bytes());
        t.extend(desc);
        t.extend(artist);
        t
    }

    #[test]
    fn reads_text_tags() {
        let e = parse(&tiff()).unwrap();
        assert_eq!(e.description.as_deref(), Some("A boy in the rubble"));
        assert_eq!(e.artist.as_deref(), Some("Ameer Alhalbi"));
        assert_eq!(e.gps_latitude, None);
    }

    #[test]
    fn truncated_blocks_are_errors_not_panics() {
        let t = tiff();
        for n in 0..t.len() {
            let _ = parse(&t[..n]);
        }
        assert!(parse(b"not tiff").is_err());
    }

    /// IFD0 { Artist, ExifIFD pointer past the end, GPS pointer typed SLONG } and a GPS IFD.
    fn damaged_tiff() -> Vec<u8> {
        fn entry(t: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]) {
            t.extend(tag.to_le_bytes());
            t.extend(kind.to_le_bytes());
            t.extend(count.to_le_bytes());
            t.extend(value);
        }
        let (gps_at, lat_at, lon_at) = (50u32, 104u32, 128u32);
        let mut t = b"II*\0\x08\0\0\0".to_vec();
        t.extend(3u16.to_le_bytes());
        entry(&mut t, 0x013B, 2, 4, *b"Ann\0");
        entry(&mut t, 0x8769, 4, 1, 9999u32.to_le_bytes());
        entry(&mut t, 0x8825, 9, 1, gps_at.to_le_bytes());
        t.extend(0u32.to_le_bytes());
        assert_eq!(t.len(), gps_at as usize);
        t.extend(4u16.to_le_bytes());
        entry(&mut t, 1, 2, 2, *b"S\0\0\0");
        entry(&mut t, 2, 5, 3, lat_at.to_le_bytes());
        entry(&mut t, 3, 2, 2, *b"W\0\0\0");
        entry(&mut t, 4, 5, 3, lon_at.to_le_bytes());
        t.extend(0u32.to_le_bytes());
        assert_eq!(t.len(), lat_at as usize);
        for (n, d) in [(33, 1), (30, 1), (0, 1), (70, 1), (40, 1), (3600, 100)] {
            t.extend(u32::to_le_bytes(n));
            t.extend(u32::to_le_bytes(d));
        }
        t
    }

    #[test]
    fn damaged_entries_do_not_cost_the_rest() {
        let e = parse(&damaged_tiff()).unwrap();
        assert_eq!(e.artist.as_deref(), Some("Ann"));
        assert_eq!(e.gps_latitude, Some(-33.5));
        assert_eq!(e.gps_longitude, Some(-(70.0 + 40.0 / 60.0 + 36.0 / 3600.0)));
    }
}
