//! IPTC-IIM (Information Interchange Model) datasets, the oldest and still the most widely
//! written caption metadata: wire services and Photo Mechanic fill it before anything else.
//!
//! The reader follows ExifTool's reading closely, because ExifTool is what photo desks check
//! their files with: a dataset that runs past the block ends the parse (ExifTool does not guess
//! where the next one starts), text ends at the first NUL, and dates and times come out in
//! ExifTool's `CCYY:MM:DD` / `HH:MM:SS±HH:MM` form. Where we knowingly differ is the character
//! set of undeclared blocks: ExifTool assumes Windows-1252, we first try UTF-8, because modern
//! writers emit UTF-8 without setting 1:90 and Windows-1252 decoding would turn it into mojibake.

use md5::{Digest, Md5};

/// Dataset numbers (record, dataset) of the fields this crate exposes by name.
pub mod ds {
    pub const CODED_CHARACTER_SET: (u8, u8) = (1, 90);
    pub const RECORD_VERSION: (u8, u8) = (2, 0);
    pub const OBJECT_NAME: (u8, u8) = (2, 5);
    pub const KEYWORDS: (u8, u8) = (2, 25);
    pub const DATE_CREATED: (u8, u8) = (2, 55);
    pub const TIME_CREATED: (u8, u8) = (2, 60);
    pub const BY_LINE: (u8, u8) = (2, 80);
    pub const BY_LINE_TITLE: (u8, u8) = (2, 85);
    pub const CITY: (u8, u8) = (2, 90);
    pub const SUB_LOCATION: (u8, u8) = (2, 92);
    pub const PROVINCE_STATE: (u8, u8) = (2, 95);
    pub const COUNTRY_CODE: (u8, u8) = (2, 100);
    pub const COUNTRY: (u8, u8) = (2, 101);
    pub const HEADLINE: (u8, u8) = (2, 105);
    pub const CREDIT: (u8, u8) = (2, 110);
    pub const SOURCE: (u8, u8) = (2, 115);
    pub const COPYRIGHT: (u8, u8) = (2, 116);
    pub const CAPTION: (u8, u8) = (2, 120);
    pub const WRITER: (u8, u8) = (2, 122);
}

/// ISO 2022 escape sequence that declares UTF-8 in 1:90.
const ESC_UTF8: &[u8] = b"\x1b%G";

/// How the text of a block was decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// 1:90 holds `ESC % G`.
    Utf8Declared,
    /// No UTF-8 declaration, but every text dataset is valid UTF-8 (pure ASCII included).
    Utf8Detected,
    /// The fallback (and ExifTool's default): covers Latin-1, plus the curly quotes and dashes
    /// that Windows writers put in 0x80–0x9F.
    Windows1252,
}

/// One dataset, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dataset {
    pub record: u8,
    pub dataset: u8,
    /// Offset of the 0x1C marker in the block.
    pub offset: usize,
    /// The raw value bytes.
    pub data: Vec<u8>,
    /// `data` up to its first NUL, decoded with the block's charset. Meaningless for the few
    /// binary datasets (1:90, 2:00, previews), which callers read from `data`.
    pub text: String,
}

/// A parsed IIM block. Values keep their bytes as written (no trimming of spaces or line
/// breaks): callers decide what to normalise, and the comparison with ExifTool stays exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iim {
    pub fields: Vec<Dataset>,
    pub charset: Charset,
    /// Raw 1:90 value, if present (the declaration, whether or not we honoured it).
    pub coded_character_set: Option<Vec<u8>>,
    pub warnings: Vec<String>,
}

/// A date as IIM writes it: `00` stands for an unknown month or day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IimDate {
    pub year: u16,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

/// A time as IIM writes it; the UTC offset is optional in practice although the spec requires it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IimTime {
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
    pub utc_offset_minutes: Option<i16>,
}

/// Parses an IIM block (the data of IRB resource 0x0404, TIFF tag 33723, …). Never panics and
/// never fails: a malformed block yields the datasets before the fault plus a warning.
pub fn parse(block: &[u8]) -> Iim {
    let mut warnings = Vec::new();
    let mut raw: Vec<(u8, u8, usize, &[u8])> = Vec::new();
    let mut pos = 0;
    loop {
        let Some(&[marker, record, dataset, hi, lo]) = block.get(pos..pos + 5) else {
            if block[pos..].iter().any(|&b| b != 0) {
                warnings.push(format!(
                    "iptc: {} stray bytes at end of block",
                    block.len() - pos
                ));
            }
            break;
        };
        if marker != 0x1C {
            // Some writers (iMatch) pad the block with NULs; anything else is damage.
            if block[pos..].iter().any(|&b| b != 0) {
                warnings.push(format!(
                    "iptc: bad tag marker 0x{marker:02X} at offset {pos}; rest of block ignored"
                ));
            }
            break;
        }
        let start = pos;
        pos += 5;
        let mut len = usize::from(u16::from_be_bytes([hi, lo]));
        if len & 0x8000 != 0 {
            // Extended dataset: the low 15 bits count the big-endian length bytes that follow.
            let n = len & 0x7FFF;
            let Some(bytes) = block.get(pos..pos + n).filter(|_| n <= 8) else {
                warnings.push(format!(
                    "iptc: bad extended length ({n} bytes) for {record}:{dataset} at offset {start}"
                ));
                break;
            };
            len = bytes.iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b)) as usize;
            pos += n;
        }
        let Some(data) = block.get(pos..).and_then(|rest| rest.get(..len)) else {
            warnings.push(format!(
                "iptc: {record}:{dataset} at offset {start} declares {len} bytes, only {} remain",
                block.len() - pos
            ));
            break;
        };
        raw.push((record, dataset, start, data));
        pos += len;
    }

    let coded_character_set = raw
        .iter()
        .find(|d| (d.0, d.1) == ds::CODED_CHARACTER_SET)
        .map(|d| d.3.to_vec());
    let charset = if coded_character_set
        .as_deref()
        .is_some_and(|c| c.windows(ESC_UTF8.len()).any(|w| w == ESC_UTF8))
    {
        Charset::Utf8Declared
    } else if raw
        .iter()
        .filter(|d| is_text(d.0, d.1))
        .all(|d| utf8_prefix(until_nul(d.3)).is_some())
    {
        Charset::Utf8Detected
    } else {
        Charset::Windows1252
    };
    let fields = raw
        .into_iter()
        .map(|(record, dataset, offset, data)| {
            // Text ends at the first NUL, as in ExifTool's output: writers pad with NULs, and
            // what follows an embedded NUL is leftover buffer, not caption (exiv2 issue 1847).
            let trimmed = until_nul(data);
            if is_text(record, dataset) && data[trimmed.len()..].iter().any(|&b| b != 0) {
                warnings.push(format!(
                    "iptc: {record}:{dataset} at offset {offset} has bytes after a NUL; text cut there"
                ));
            }
            let text = match charset {
                Charset::Windows1252 => encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(trimmed)
                    .0
                    .into_owned(),
                _ => match utf8_prefix(trimmed) {
                    Some(s) => s.to_owned(),
                    None => {
                        if is_text(record, dataset) {
                            warnings.push(format!(
                                "iptc: {record}:{dataset} is not valid UTF-8 despite 1:90"
                            ));
                        }
                        String::from_utf8_lossy(trimmed).into_owned()
                    }
                },
            };
            Dataset {
                record,
                dataset,
                offset,
                data: data.to_vec(),
                text,
            }
        })
        .collect();
    Iim {
        fields,
        charset,
        coded_character_set,
        warnings,
    }
}

/// Records 2–6 hold text, except the binary record version (2:00) and previews (2:200+).
fn is_text(record: u8, dataset: u8) -> bool {
    (2..=6).contains(&record) && (record, dataset) != ds::RECORD_VERSION && dataset < 200
}

fn until_nul(data: &[u8]) -> &[u8] {
    &data[..data.iter().position(|&b| b == 0).unwrap_or(data.len())]
}

/// The bytes as UTF-8, tolerating only a multi-byte character cut at the very end: IIM fields
/// have byte limits (By-line: 32) and writers cut UTF-8 text mid-character to fit them.
fn utf8_prefix(bytes: &[u8]) -> Option<&str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Some(s),
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&bytes[..e.valid_up_to()]).ok(),
        Err(_) => None,
    }
}

/// MD5 of an IIM block, as stored in IRB resource 0x0425.
pub fn digest(iim_block: &[u8]) -> [u8; 16] {
    Md5::digest(iim_block).into()
}

/// Whether the stored 0x0425 digest still matches the IIM block. MWG: if it does not, some tool
/// edited the IIM without updating the XMP, so the IIM values are the fresher ones; if it does,
/// the XMP is authoritative.
pub fn digest_matches(iim_block: &[u8], digest: &[u8]) -> bool {
    self::digest(iim_block).as_slice() == digest
}

impl Iim {
    /// Every value of a dataset, in file order.
    pub fn all(&self, (record, dataset): (u8, u8)) -> Vec<&str> {
        self.fields
            .iter()
            .filter(|d| d.record == record && d.dataset == dataset)
            .map(|d| d.text.as_str())
            .collect()
    }

    /// The first value of a dataset; later repeats of a non-repeatable dataset are ignored, as
    /// ExifTool's primary value does.
    pub fn first(&self, (record, dataset): (u8, u8)) -> Option<&str> {
        self.fields
            .iter()
            .find(|d| d.record == record && d.dataset == dataset)
            .map(|d| d.text.as_str())
    }

    pub fn caption(&self) -> Option<&str> {
        self.first(ds::CAPTION)
    }
    pub fn headline(&self) -> Option<&str> {
        self.first(ds::HEADLINE)
    }
    pub fn object_name(&self) -> Option<&str> {
        self.first(ds::OBJECT_NAME)
    }
    /// Repeatable: one dataset per photographer.
    pub fn by_line(&self) -> Vec<&str> {
        self.all(ds::BY_LINE)
    }
    /// Repeatable, parallel to [`Iim::by_line`].
    pub fn by_line_title(&self) -> Vec<&str> {
        self.all(ds::BY_LINE_TITLE)
    }
    pub fn credit(&self) -> Option<&str> {
        self.first(ds::CREDIT)
    }
    pub fn source(&self) -> Option<&str> {
        self.first(ds::SOURCE)
    }
    pub fn copyright(&self) -> Option<&str> {
        self.first(ds::COPYRIGHT)
    }
    /// Repeatable: Writer/Editor, the caption writer.
    pub fn writer(&self) -> Vec<&str> {
        self.all(ds::WRITER)
    }
    pub fn city(&self) -> Option<&str> {
        self.first(ds::CITY)
    }
    pub fn sub_location(&self) -> Option<&str> {
        self.first(ds::SUB_LOCATION)
    }
    pub fn province_state(&self) -> Option<&str> {
        self.first(ds::PROVINCE_STATE)
    }
    pub fn country(&self) -> Option<&str> {
        self.first(ds::COUNTRY)
    }
    pub fn country_code(&self) -> Option<&str> {
        self.first(ds::COUNTRY_CODE)
    }
    /// Repeatable: one dataset per keyword.
    pub fn keywords(&self) -> Vec<&str> {
        self.all(ds::KEYWORDS)
    }

    /// Date Created normalised as ExifTool prints it (`CCYYMMDD` → `CCYY:MM:DD`, unknown parts
    /// stay `00`); anything unparseable passes through unchanged, as in ExifTool.
    pub fn date_created(&self) -> Option<String> {
        self.first(ds::DATE_CREATED).map(normalize_date)
    }
    /// Time Created normalised as ExifTool prints it (`HHMMSS±HHMM` → `HH:MM:SS±HH:MM`).
    pub fn time_created(&self) -> Option<String> {
        self.first(ds::TIME_CREATED).map(normalize_time)
    }
    pub fn date_created_parts(&self) -> Option<IimDate> {
        self.first(ds::DATE_CREATED).and_then(parse_date)
    }
    pub fn time_created_parts(&self) -> Option<IimTime> {
        self.first(ds::TIME_CREATED).and_then(parse_time)
    }
}

/// ExifTool's `ExifDate`: the trailing `CCYY MM DD` (separated by nothing or by `-`, `/`, space
/// or `:`) becomes `CCYY:MM:DD`.
pub fn normalize_date(s: &str) -> String {
    let b = s.as_bytes();
    let sep = |c: u8| matches!(c, b'-' | b'/' | b' ' | b':');
    // Match digits{4} sep* digits{2} sep* digits{2} at the end, scanning backwards.
    let mut end = b.len();
    let mut groups = [(0, 0); 3];
    for (i, width) in [(2, 2), (1, 2), (0, 4)] {
        if i < 2 {
            while end > 0 && sep(b[end - 1]) {
                end -= 1;
            }
        }
        if end < width || !b[end - width..end].iter().all(u8::is_ascii_digit) {
            return s.to_owned();
        }
        groups[i] = (end - width, end);
        end -= width;
    }
    let [y, m, d] = groups.map(|(a, z)| &s[a..z]);
    format!("{}{y}:{m}:{d}", &s[..end])
}

/// ExifTool's `ExifTime`: spaces become colons, `HHMMSS` gets colons, and a trailing `±HHMM`
/// zone becomes `±HH:MM`.
pub fn normalize_time(s: &str) -> String {
    let mut t = s.replace(' ', ":");
    if t.len() >= 6 && t.as_bytes()[..6].iter().all(u8::is_ascii_digit) {
        t = format!("{}:{}:{}{}", &t[..2], &t[2..4], &t[4..6], &t[6..]);
    }
    // ExifTool allows trailing whitespace after the zone, but spaces became colons above.
    let core = t.trim_end_matches([':', '\t', '\n', '\r']);
    let zb = core.as_bytes();
    if zb.len() >= 5 {
        let z = &zb[zb.len() - 5..];
        if matches!(z[0], b'+' | b'-') && z[1..].iter().all(u8::is_ascii_digit) {
            let at = core.len() - 5;
            return format!("{}:{}", &core[..at + 3], &core[at + 3..]);
        }
    }
    t
}

/// `CCYYMMDD` (or ExifTool's `CCYY:MM:DD`) into parts; `00` month or day means unknown.
pub fn parse_date(s: &str) -> Option<IimDate> {
    let n = normalize_date(s);
    let b = n.as_bytes();
    if b.len() != 10 || b[4] != b':' || b[7] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| n.get(r)?.parse::<u16>().ok();
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if year == 0 || month > 12 || day > 31 {
        return None;
    }
    let known = |v: u16| (v != 0).then_some(v as u8);
    Some(IimDate {
        year,
        month: known(month),
        day: known(day),
    })
}

/// `HHMMSS±HHMM` (or `HHMMSS`, or ExifTool's `HH:MM:SS±HH:MM`) into parts.
pub fn parse_time(s: &str) -> Option<IimTime> {
    let n = normalize_time(s);
    let (hms, zone) = n.split_at_checked(8)?;
    let b = hms.as_bytes();
    if b[2] != b':' || b[5] != b':' {
        return None;
    }
    let num = |t: &str, r: std::ops::Range<usize>| t.get(r)?.parse::<u8>().ok();
    let (hour, minute, second) = (num(hms, 0..2)?, num(hms, 3..5)?, num(hms, 6..8)?);
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let utc_offset_minutes = match zone.as_bytes() {
        [] => None,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (h, m) = (num(zone, 1..3)?, num(zone, 4..6)?);
            if h > 23 || m > 59 {
                return None;
            }
            let v = i16::from(h) * 60 + i16::from(m);
            Some(if *sign == b'-' { -v } else { v })
        }
        _ => return None,
    };
    Some(IimTime {
        hour,
        minute,
        second,
        utc_offset_minutes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ds(record: u8, dataset: u8, value: &[u8]) -> Vec<u8> {
        let mut v = vec![0x1C, record, dataset];
        v.extend((value.len() as u16).to_be_bytes());
        v.extend(value);
        v
    }

    #[test]
    fn repeated_datasets_keep_order() {
        let block = [
            ds(2, 0, &[0, 4]),
            ds(2, 25, b"one"),
            ds(2, 120, b"Caption"),
            ds(2, 25, b"two"),
            ds(2, 25, b"three"),
            ds(2, 120, b"Second caption"),
        ]
        .concat();
        let iim = parse(&block);
        assert!(iim.warnings.is_empty(), "{:?}", iim.warnings);
        assert_eq!(iim.keywords(), ["one", "two", "three"]);
        assert_eq!(iim.caption(), Some("Caption"));
        assert_eq!(iim.all(ds::CAPTION).len(), 2);
        assert_eq!(iim.fields.len(), 6);
        assert_eq!(iim.charset, Charset::Utf8Detected);
    }

    #[test]
    fn extended_length() {
        let caption = vec![b'x'; 70_000];
        let mut block = vec![0x1C, 2, 120, 0x80, 0x04];
        block.extend(70_000u32.to_be_bytes());
        block.extend(&caption);
        block.extend(ds(2, 105, b"Headline"));
        let iim = parse(&block);
        assert!(iim.warnings.is_empty(), "{:?}", iim.warnings);
        assert_eq!(iim.caption().map(str::len), Some(70_000));
        assert_eq!(iim.headline(), Some("Headline"));
        // A length-of-length beyond 8 bytes, or past the end, stops the parse with a warning.
        for bad in [
            &[0x1C, 2, 120, 0x80, 0x09][..],
            &[0x1C, 2, 120, 0x80, 0x02, 0x00],
        ] {
            let iim = parse(bad);
            assert!(iim.fields.is_empty() && iim.warnings.len() == 1, "{iim:?}");
        }
    }

    #[test]
    fn charset_declared_detected_and_fallback() {
        let utf8 = [ds(1, 90, b"\x1b%G"), ds(2, 90, "Zürich".as_bytes())].concat();
        let iim = parse(&utf8);
        assert_eq!(
            (iim.charset, iim.city()),
            (Charset::Utf8Declared, Some("Zürich"))
        );
        assert_eq!(iim.coded_character_set.as_deref(), Some(&b"\x1b%G"[..]));

        let undeclared = ds(2, 90, "Zürich".as_bytes());
        let iim = parse(&undeclared);
        assert_eq!(
            (iim.charset, iim.city()),
            (Charset::Utf8Detected, Some("Zürich"))
        );

        // Latin-1 ü (0xFC) and a Windows-1252 right quote (0x92): not UTF-8.
        let latin = [ds(2, 90, b"Z\xfcrich"), ds(2, 120, b"it\x92s")].concat();
        let iim = parse(&latin);
        assert_eq!(iim.charset, Charset::Windows1252);
        assert_eq!(
            (iim.city(), iim.caption()),
            (Some("Zürich"), Some("it\u{2019}s"))
        );

        // One Latin-1 field makes the whole block Windows-1252 (as ExifTool reads it).
        let mixed = [ds(2, 90, "Zürich".as_bytes()), ds(2, 101, b"Schweiz \xfc")].concat();
        assert_eq!(parse(&mixed).city(), Some("ZÃ¼rich"));

        // UTF-8 cut mid-character at a field's byte limit is still UTF-8; the stub is dropped.
        let cut = ds(2, 80, &"Photographerís".as_bytes()[..13]);
        let iim = parse(&cut);
        assert_eq!(
            (iim.charset, iim.by_line()),
            (Charset::Utf8Detected, vec!["Photographer"])
        );
    }

    #[test]
    fn nuls_and_padding() {
        let embedded = parse(&ds(2, 120, b"Cap\0junk"));
        assert_eq!(
            (embedded.caption(), embedded.warnings.len()),
            (Some("Cap"), 1)
        );
        let mut block = ds(2, 5, b"Title\0\0");
        block.extend([0; 7]);
        let iim = parse(&block);
        assert_eq!(iim.object_name(), Some("Title"));
        assert_eq!(iim.fields[0].data, b"Title\0\0");
        assert!(iim.warnings.is_empty());
        block.push(0x42);
        assert_eq!(parse(&block).warnings.len(), 1);
    }

    #[test]
    fn truncated_inputs_return_the_complete_prefix() {
        let block = [
            ds(2, 5, b"Title"),
            ds(2, 120, b"A caption"),
            ds(2, 25, b"kw"),
        ]
        .concat();
        for cut in 0..=block.len() {
            let iim = parse(&block[..cut]);
            let complete = [10, 24, block.len()]
                .iter()
                .filter(|&&end| end <= cut)
                .count();
            assert_eq!(iim.fields.len(), complete, "cut {cut}");
            assert_eq!(
                iim.warnings.is_empty(),
                [0, 10, 24, block.len()].contains(&cut)
            );
        }
    }

    #[test]
    fn digest() {
        let block = ds(2, 120, b"x");
        let md5 = super::digest(&block);
        assert!(digest_matches(&block, &md5));
        assert!(!digest_matches(&block, &[0; 16]));
        assert!(!digest_matches(&block, &md5[..15]));
        // MD5 of the empty string, a known vector.
        assert_eq!(super::digest(b"")[..4], [0xd4, 0x1d, 0x8c, 0xd9]);
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(normalize_date("20040226"), "2004:02:26");
        assert_eq!(normalize_date("20100000"), "2010:00:00");
        assert_eq!(normalize_date("2004-02-26"), "2004:02:26");
        assert_eq!(normalize_date("junk"), "junk");
        assert_eq!(normalize_time("062751-0500"), "06:27:51-05:00");
        assert_eq!(normalize_time("165100"), "16:51:00");
        assert_eq!(normalize_time("21:01:01+00:00"), "21:01:01+00:00");
        assert_eq!(
            parse_date("20100000"),
            Some(IimDate {
                year: 2010,
                month: None,
                day: None
            })
        );
        assert_eq!(
            parse_date("20040226"),
            Some(IimDate {
                year: 2004,
                month: Some(2),
                day: Some(26)
            })
        );
        assert_eq!(parse_date("20041326"), None);
        assert_eq!(
            parse_time("062751-0530"),
            Some(IimTime {
                hour: 6,
                minute: 27,
                second: 51,
                utc_offset_minutes: Some(-330)
            })
        );
        assert_eq!(
            parse_time("165100"),
            Some(IimTime {
                hour: 16,
                minute: 51,
                second: 0,
                utc_offset_minutes: None
            })
        );
        assert_eq!(parse_time("256100"), None);
        assert_eq!(parse_time("1651"), None);
        assert_eq!(parse_time("1234567é"), None);
        assert_eq!(parse_time("123456é"), None);
    }
}
