//! Finds the raw metadata blocks (EXIF, XMP, Photoshop IRB, bare IPTC-IIM) inside an image file.
//!
//! This module only *locates* bytes: it does not parse EXIF, XMP or IIM. [`find`] walks the
//! container structure of JPEG, PNG, WebP, TIFF (and BigTIFF), PSD, GIF, ISO-BMFF (HEIC, AVIF)
//! and JPEG XL files. Every read is bounds-checked and no input makes it panic: a truncated or
//! malformed file yields whatever was found before the damage, plus [`Blocks::warnings`].
//!
//! Blocks are borrowed from the input where they sit in one piece, and owned where they had to be
//! joined (several JPEG APP13 segments, ExtendedXMP, multi-extent HEIF items), decompressed (PNG
//! `zTXt`/`iTXt`) or hex-decoded (ImageMagick "Raw profile" text chunks).

use std::borrow::Cow;
use std::io::Read;
use std::ops::Range;

/// The container format, from the file's magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Jpeg,
    Png,
    WebP,
    /// TIFF or BigTIFF.
    Tiff,
    /// Photoshop PSD (or PSB).
    Psd,
    Gif,
    /// ISO-BMFF HEIF family: HEIC, AVIF.
    Heif,
    /// JPEG XL, boxed container or bare codestream (the latter holds no metadata).
    JpegXl,
    Unknown,
}

/// Where a bare IPTC-IIM block (one not wrapped in a Photoshop IRB) was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IimOrigin {
    /// TIFF tag 33723 in IFD0: of a TIFF file, or of the EXIF block of another format (JPEG APP1).
    Ifd0Tag,
    /// PNG text chunk "Raw profile type iptc" holding IIM rather than an IRB.
    PngRawProfile,
    /// FotoStation trailer record after the JPEG EOI.
    FotoStationTrailer,
}

/// A bare IPTC-IIM block: datasets starting with the 0x1C tag marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawIim<'a> {
    pub origin: IimOrigin,
    pub data: Cow<'a, [u8]>,
}

/// The metadata blocks of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocks<'a> {
    pub format: Format,
    /// TIFF-structured EXIF, starting at the `II*\0` / `MM\0*` header (JPEG's `Exif\0\0` and the
    /// HEIF/JPEG XL offset prefix are stripped). For a TIFF file, the whole file.
    pub exif: Option<Cow<'a, [u8]>>,
    /// XMP packets in file order. For JPEG the standard packet comes first, then any reassembled
    /// ExtendedXMP packets. Packets may be UTF-8 or UTF-16 (with or without a BOM).
    pub xmp: Vec<Cow<'a, [u8]>>,
    /// Photoshop image resource blocks (`8BIM`…): all JPEG APP13 `Photoshop 3.0` payloads joined,
    /// the PSD image resources section, TIFF tag 34377, or a PNG "Raw profile type iptc/8bim".
    pub iptc_irb: Option<Cow<'a, [u8]>>,
    /// Bare IPTC-IIM blocks, in the order found.
    pub iptc_raw: Vec<RawIim<'a>>,
    /// Human-readable notes on damage, truncation and anything skipped.
    pub warnings: Vec<String>,
}

impl Blocks<'_> {
    /// True when no metadata block at all was found.
    pub fn is_empty(&self) -> bool {
        self.exif.is_none()
            && self.xmp.is_empty()
            && self.iptc_irb.is_none()
            && self.iptc_raw.is_empty()
    }
}

/// How many "skipped unknown bytes" JPEG warnings are listed one by one.
const MAX_SKIP_WARNINGS: usize = 8;

/// How many EXIF/XMP items of one HEIF file are looked at.
const MAX_HEIF_ITEMS: usize = 16;

/// Upper bound on what all the compressed blocks of one file may decompress to, together.
const MAX_INFLATE: u64 = 64 << 20;

const EXIF_PREFIX: &[u8] = b"Exif\0";
const XMP_STD: &[u8] = b"http://ns.adobe.com/xap/1.0/\0";
const XMP_EXT: &[u8] = b"http://ns.adobe.com/xmp/extension/\0";
const PS3: &[u8] = b"Photoshop 3.0\0";
const FOTOSTATION_MAGIC: [u8; 4] = [0xA1, 0xB2, 0xC3, 0xD4];
const GIF_XMP_TRAILER: [u8; 5] = [0x01, 0xFF, 0xFE, 0xFD, 0xFC];

const TAG_XMP: u16 = 700;
const TAG_IPTC: u16 = 33723;
const TAG_PHOTOSHOP: u16 = 34377;

const IRB_EXIF: u16 = 0x0422;
const IRB_XMP: u16 = 0x0424;

// ---------------------------------------------------------------------------------------------
// Bounds-checked readers

fn slice(d: &[u8], at: usize, n: usize) -> Option<&[u8]> {
    d.get(at..at.checked_add(n)?)
}

fn arr<const N: usize>(d: &[u8], at: usize) -> Option<[u8; N]> {
    slice(d, at, N)?.try_into().ok()
}

fn be16(d: &[u8], at: usize) -> Option<u16> {
    arr(d, at).map(u16::from_be_bytes)
}

fn be32(d: &[u8], at: usize) -> Option<u32> {
    arr(d, at).map(u32::from_be_bytes)
}

fn be64(d: &[u8], at: usize) -> Option<u64> {
    arr(d, at).map(u64::from_be_bytes)
}

fn le32(d: &[u8], at: usize) -> Option<u32> {
    arr(d, at).map(u32::from_le_bytes)
}

fn to_usize(v: u64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

/// Big-endian unsigned integer of 0, 4 or 8 bytes (ISO-BMFF `iloc` field sizes).
fn be_sized(d: &[u8], at: usize, size: u8) -> Option<u64> {
    match size {
        0 => Some(0),
        4 => be32(d, at).map(u64::from),
        8 => be64(d, at),
        _ => None,
    }
}

fn find_bytes(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Sub-range of a Cow, staying borrowed when the source is.
fn sub<'a>(c: &Cow<'a, [u8]>, r: Range<usize>) -> Option<Cow<'a, [u8]>> {
    match c {
        Cow::Borrowed(s) => s.get(r).map(Cow::Borrowed),
        Cow::Owned(v) => v.get(r).map(|s| Cow::Owned(s.to_vec())),
    }
}

/// Drop the first `n` bytes of a Cow.
fn skip<'a>(c: Cow<'a, [u8]>, n: usize) -> Cow<'a, [u8]> {
    match c {
        Cow::Borrowed(s) => Cow::Borrowed(s.get(n..).unwrap_or_default()),
        Cow::Owned(mut v) => {
            v.drain(..n.min(v.len()));
            Cow::Owned(v)
        }
    }
}

fn is_tiff_header(d: &[u8]) -> bool {
    d.starts_with(b"II*\0")
        || d.starts_with(b"MM\0*")
        || d.starts_with(b"II+\0")
        || d.starts_with(b"MM\0+")
}

/// Strip an `Exif\0\0` (or `Exif\0` + any byte) prefix when present.
fn strip_exif_prefix(c: Cow<'_, [u8]>) -> Cow<'_, [u8]> {
    if c.starts_with(EXIF_PREFIX) && c.len() >= 6 {
        skip(c, 6)
    } else {
        c
    }
}

/// Inflate zlib data, charging the output to `budget` (shared by all the chunks of one file, so
/// that many small "zip bombs" cannot add up).
fn inflate(data: &[u8], what: &str, w: &mut Vec<String>, budget: &mut u64) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let dec = flate2::read::ZlibDecoder::new(data);
    match dec.take(budget.saturating_add(1)).read_to_end(&mut out) {
        Ok(_) if out.len() as u64 > *budget => {
            w.push(format!(
                "{what}: decompressed data exceeds the {MAX_INFLATE}-byte budget; skipped"
            ));
            *budget = 0;
            None
        }
        Ok(_) => {
            *budget -= out.len() as u64;
            Some(out)
        }
        Err(e) => {
            w.push(format!("{what}: cannot decompress ({e}); skipped"));
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Entry points

/// Identify the container format from the magic bytes.
pub fn detect(d: &[u8]) -> Format {
    if d.starts_with(&[0xFF, 0xD8]) {
        Format::Jpeg
    } else if d.starts_with(b"\x89PNG\r\n\x1a\n") {
        Format::Png
    } else if d.starts_with(b"RIFF") && d.get(8..12) == Some(b"WEBP") {
        Format::WebP
    } else if is_tiff_header(d) {
        Format::Tiff
    } else if d.starts_with(b"8BPS") {
        Format::Psd
    } else if d.starts_with(b"GIF87a") || d.starts_with(b"GIF89a") {
        Format::Gif
    } else if d.starts_with(b"\0\0\0\x0cJXL \r\n\x87\n") || d.starts_with(&[0xFF, 0x0A]) {
        Format::JpegXl
    } else if d.get(4..8) == Some(b"ftyp") {
        ftyp_format(d)
    } else {
        Format::Unknown
    }
}

fn ftyp_format(d: &[u8]) -> Format {
    const HEIF: [&[u8; 4]; 13] = [
        b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1",
        b"mif2", b"avif", b"avis",
    ];
    let size = be32(d, 0).map_or(0, |s| s as usize).min(d.len());
    let mut brands = Vec::new();
    if let Some(major) = d.get(8..12) {
        brands.push(major);
    }
    let mut at = 16;
    while at + 4 <= size {
        brands.push(&d[at..at + 4]);
        at += 4;
    }
    if brands.first() == Some(&&b"jxl "[..]) {
        Format::JpegXl
    } else if brands.iter().any(|b| HEIF.iter().any(|h| &h[..] == *b)) {
        Format::Heif
    } else {
        Format::Unknown
    }
}

/// Find the metadata blocks of an image file held in memory. Never panics.
pub fn find(data: &[u8]) -> Blocks<'_> {
    let mut b = Blocks {
        format: detect(data),
        exif: None,
        xmp: Vec::new(),
        iptc_irb: None,
        iptc_raw: Vec::new(),
        warnings: Vec::new(),
    };
    match b.format {
        Format::Jpeg => jpeg(data, &mut b),
        Format::Png => png(data, &mut b),
        Format::WebP => webp(data, &mut b),
        Format::Tiff => b.exif = Some(Cow::Borrowed(data)),
        Format::Psd => psd(data, &mut b),
        Format::Gif => gif(data, &mut b),
        Format::Heif | Format::JpegXl => bmff(data, &mut b),
        Format::Unknown => b
            .warnings
            .push("unknown file format: no metadata looked for".into()),
    }
    exif_ifd0(&mut b);
    irb_extras(&mut b);
    b
}

// ---------------------------------------------------------------------------------------------
// JPEG

struct ExtXmp<'a> {
    guid: &'a [u8],
    full: u32,
    chunks: Vec<(u32, &'a [u8])>,
}

fn jpeg<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let w = &mut b.warnings;
    let mut app13: Vec<&'a [u8]> = Vec::new();
    let mut std_xmp: Option<&'a [u8]> = None;
    let mut ext: Vec<ExtXmp<'a>> = Vec::new();
    let mut pos = 2;
    let mut ended = false;
    let mut skips = 0usize;
    loop {
        if pos >= d.len() {
            w.push(format!(
                "JPEG: end of file at offset {pos} before SOS or EOI (truncated)"
            ));
            break;
        }
        if d[pos] != 0xFF {
            match d[pos..].iter().position(|&c| c == 0xFF) {
                Some(n) => {
                    skips += 1;
                    if skips <= MAX_SKIP_WARNINGS {
                        w.push(format!("JPEG: skipped {n} unknown bytes at offset {pos}"));
                    }
                    pos += n;
                    continue;
                }
                None => {
                    w.push(format!(
                        "JPEG: no marker after offset {pos} (truncated or corrupt)"
                    ));
                    break;
                }
            }
        }
        let mut m = pos + 1;
        while m < d.len() && d[m] == 0xFF {
            m += 1;
        }
        let Some(&marker) = d.get(m) else {
            w.push(format!(
                "JPEG: end of file inside fill bytes at offset {pos} (truncated)"
            ));
            break;
        };
        let seg = m - 1;
        pos = m + 1;
        match marker {
            0x00 => {
                w.push(format!("JPEG: stray 0xFF00 at offset {seg}"));
                continue;
            }
            0x01 | 0xD0..=0xD8 => continue,
            0xD9 => {
                w.push(format!(
                    "JPEG: EOI at offset {seg} before any SOS (no image data)"
                ));
                ended = true;
                break;
            }
            0xDA => {
                ended = true;
                break;
            }
            _ => {}
        }
        let Some(len) = be16(d, pos) else {
            w.push(format!(
                "JPEG: segment 0xFF{marker:02X} at offset {seg} has no length (truncated)"
            ));
            break;
        };
        if len < 2 {
            w.push(format!(
                "JPEG: segment 0xFF{marker:02X} at offset {seg} has invalid length {len}"
            ));
            break;
        }
        let start = pos + 2;
        let end = pos + len as usize;
        let truncated = end > d.len();
        let body = d.get(start..end.min(d.len())).unwrap_or_default();
        if truncated {
            w.push(format!(
                "JPEG: segment 0xFF{marker:02X} at offset {seg} runs past the end of the file \
                 ({} of {} bytes present; truncated)",
                body.len(),
                len - 2
            ));
        }
        match marker {
            0xE1 if body.starts_with(EXIF_PREFIX) && body.len() >= 6 => {
                if b.exif.is_some() {
                    w.push(format!(
                        "JPEG: second EXIF APP1 segment at offset {seg} ignored"
                    ));
                } else {
                    b.exif = Some(Cow::Borrowed(&body[6..]));
                }
            }
            0xE1 if body.starts_with(XMP_STD) => {
                if truncated {
                    w.push(format!(
                        "JPEG: truncated XMP packet at offset {seg} dropped"
                    ));
                } else if std_xmp.is_some() {
                    w.push(format!(
                        "JPEG: second standard XMP segment at offset {seg} ignored"
                    ));
                } else {
                    std_xmp = Some(&body[XMP_STD.len()..]);
                }
            }
            0xE1 if body.starts_with(XMP_EXT) => {
                let h = XMP_EXT.len();
                match (slice(body, h, 32), be32(body, h + 32), be32(body, h + 36)) {
                    (Some(guid), Some(full), Some(off)) if !truncated => {
                        let chunk = &body[h + 40..];
                        match ext.iter_mut().find(|e| e.guid == guid) {
                            Some(e) if e.full == full => e.chunks.push((off, chunk)),
                            Some(_) => w.push(format!(
                                "JPEG: ExtendedXMP segment at offset {seg} disagrees on the full length; ignored"
                            )),
                            None => ext.push(ExtXmp { guid, full, chunks: vec![(off, chunk)] }),
                        }
                    }
                    _ => w.push(format!(
                        "JPEG: truncated ExtendedXMP segment at offset {seg} dropped"
                    )),
                }
            }
            0xED if body.starts_with(PS3) => app13.push(&body[PS3.len()..]),
            _ => {}
        }
        if truncated {
            break;
        }
        pos = end;
    }
    if skips > MAX_SKIP_WARNINGS {
        w.push(format!(
            "JPEG: {} more runs of unknown bytes skipped",
            skips - MAX_SKIP_WARNINGS
        ));
    }
    if !ended && !w.iter().any(|m| m.contains("truncated")) {
        w.push("JPEG: no SOS or EOI marker found".into());
    }
    if let Some(x) = std_xmp {
        b.xmp.push(Cow::Borrowed(x));
    }
    for e in ext {
        if let Some(x) = assemble_ext_xmp(&e, d.len(), std_xmp, &mut b.warnings) {
            b.xmp.push(Cow::Owned(x));
        }
    }
    b.iptc_irb = match app13.len() {
        0 => None,
        1 => Some(Cow::Borrowed(app13[0])),
        _ => Some(Cow::Owned(app13.concat())),
    };
    for rec in fotostation(d, &mut b.warnings) {
        b.iptc_raw.push(RawIim {
            origin: IimOrigin::FotoStationTrailer,
            data: Cow::Borrowed(rec),
        });
    }
}

fn assemble_ext_xmp(
    e: &ExtXmp<'_>,
    file_len: usize,
    std: Option<&[u8]>,
    w: &mut Vec<String>,
) -> Option<Vec<u8>> {
    let guid = String::from_utf8_lossy(e.guid);
    let full = e.full as usize;
    if full > file_len {
        w.push(format!(
            "JPEG: ExtendedXMP {guid} claims {full} bytes, more than the file; dropped"
        ));
        return None;
    }
    if std.is_none_or(|s| find_bytes(s, e.guid).is_none()) {
        w.push(format!(
            "JPEG: ExtendedXMP {guid} is not referenced by the standard XMP packet"
        ));
    }
    let mut chunks = e.chunks.clone();
    chunks.sort_by_key(|c| c.0);
    let mut covered = 0usize;
    for &(off, c) in &chunks {
        let off = off as usize;
        if off <= covered && off + c.len() <= full {
            covered = covered.max(off + c.len());
        }
    }
    if covered != full {
        w.push(format!(
            "JPEG: ExtendedXMP {guid} incomplete ({covered} of {full} bytes); dropped"
        ));
        return None;
    }
    let mut out = Vec::with_capacity(full);
    for (off, c) in chunks {
        let off = off as usize;
        if off < out.len() {
            continue; // duplicate chunk
        }
        if off > out.len() || off + c.len() > full {
            break;
        }
        out.extend_from_slice(c);
    }
    if out.len() != full {
        w.push(format!(
            "JPEG: ExtendedXMP {guid} incomplete ({} of {full} bytes); dropped",
            out.len()
        ));
        return None;
    }
    Some(out)
}

/// FotoStation appends records after the EOI, each ending in a 10-byte footer
/// (u16 type, u32 record size including the footer, magic a1b2c3d4); type 1 holds IPTC-IIM.
fn fotostation<'a>(d: &'a [u8], w: &mut Vec<String>) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut end = d.len();
    while end >= 10 && d[end - 4..end] == FOTOSTATION_MAGIC {
        let (Some(ty), Some(size)) = (be16(d, end - 10), be32(d, end - 8)) else {
            break;
        };
        let size = size as usize;
        if size < 10 || size > end {
            w.push(format!(
                "JPEG: FotoStation trailer record ending at offset {end} has invalid size {size}"
            ));
            break;
        }
        let start = end - size;
        if ty == 1 {
            out.push(&d[start..end - 10]);
        }
        end = start;
    }
    out.reverse();
    out
}

// ---------------------------------------------------------------------------------------------
// PNG

fn png<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let mut pos = 8;
    let mut iend = false;
    let mut budget = MAX_INFLATE;
    let mut bad_crcs = 0usize;
    while pos < d.len() {
        let (Some(n), Some(ty)) = (be32(d, pos), slice(d, pos + 4, 4)) else {
            b.warnings.push(format!(
                "PNG: chunk header at offset {pos} cut short (truncated)"
            ));
            break;
        };
        let tname = String::from_utf8_lossy(ty).into_owned();
        if n > 0x7FFF_FFFF {
            b.warnings.push(format!(
                "PNG: chunk {tname:?} at offset {pos} has invalid length {n}"
            ));
            break;
        }
        let start = pos + 8;
        let end = start.saturating_add(n as usize);
        let truncated = end > d.len();
        let data = &d[start.min(d.len())..end.min(d.len())];
        if truncated {
            b.warnings.push(format!(
                "PNG: chunk {tname:?} at offset {pos} runs past the end of the file (truncated)"
            ));
        } else {
            match be32(d, end) {
                Some(crc) => {
                    let mut c = flate2::Crc::new();
                    c.update(ty);
                    c.update(data);
                    if c.sum() != crc {
                        bad_crcs += 1;
                        if bad_crcs <= MAX_SKIP_WARNINGS {
                            b.warnings.push(format!(
                                "PNG: chunk {tname:?} at offset {pos} has a bad CRC"
                            ));
                        }
                    }
                }
                None => b.warnings.push(format!(
                    "PNG: chunk {tname:?} at offset {pos} has no CRC (truncated)"
                )),
            }
        }
        match ty {
            b"eXIf" => set_exif(b, strip_exif_prefix(Cow::Borrowed(data)), "PNG eXIf"),
            b"tEXt" | b"zTXt" | b"iTXt" if !truncated => png_text(ty, data, pos, b, &mut budget),
            b"IEND" => {
                iend = true;
                break;
            }
            _ => {}
        }
        if truncated {
            break;
        }
        pos = end + 4;
    }
    if bad_crcs > MAX_SKIP_WARNINGS {
        b.warnings.push(format!(
            "PNG: {} more chunks with a bad CRC",
            bad_crcs - MAX_SKIP_WARNINGS
        ));
    }
    if !iend && !b.warnings.iter().any(|m| m.contains("truncated")) {
        b.warnings.push("PNG: no IEND chunk (truncated)".into());
    }
}

fn set_exif<'a>(b: &mut Blocks<'a>, c: Cow<'a, [u8]>, what: &str) {
    if b.exif.is_some() {
        b.warnings
            .push(format!("{what}: a second EXIF block was ignored"));
    } else {
        b.exif = Some(c);
    }
}

fn set_irb<'a>(b: &mut Blocks<'a>, c: Cow<'a, [u8]>, what: &str) {
    if b.iptc_irb.is_some() {
        b.warnings
            .push(format!("{what}: a second Photoshop IRB was ignored"));
    } else {
        b.iptc_irb = Some(c);
    }
}

fn png_text<'a>(ty: &[u8], data: &'a [u8], pos: usize, b: &mut Blocks<'a>, budget: &mut u64) {
    let Some(z) = data.iter().position(|&c| c == 0) else {
        return;
    };
    let keyword = &data[..z];
    let is_xmp = keyword == b"XML:com.adobe.xmp";
    let profile = keyword.strip_prefix(b"Raw profile type ");
    if !is_xmp && profile.is_none() {
        return;
    }
    let what = format!(
        "PNG: {} chunk {:?} at offset {pos}",
        String::from_utf8_lossy(ty),
        String::from_utf8_lossy(keyword)
    );
    let rest = &data[z + 1..];
    let text: Cow<'a, [u8]> = match ty {
        b"tEXt" => Cow::Borrowed(rest),
        b"zTXt" => match rest.split_first() {
            Some((0, comp)) => match inflate(comp, &what, &mut b.warnings, budget) {
                Some(v) => Cow::Owned(v),
                None => return,
            },
            _ => {
                b.warnings
                    .push(format!("{what}: unknown compression method"));
                return;
            }
        },
        _ => {
            // iTXt: compression flag, method, language\0, translated keyword\0, text
            let (Some(&flag), Some(&method)) = (rest.first(), rest.get(1)) else {
                return;
            };
            let after = rest.get(2..).unwrap_or_default();
            let Some(l) = after.iter().position(|&c| c == 0) else {
                return;
            };
            let after = &after[l + 1..];
            let Some(t) = after.iter().position(|&c| c == 0) else {
                return;
            };
            let body = &after[t + 1..];
            match (flag, method) {
                (0, _) => Cow::Borrowed(body),
                (_, 0) => match inflate(body, &what, &mut b.warnings, budget) {
                    Some(v) => Cow::Owned(v),
                    None => return,
                },
                _ => {
                    b.warnings
                        .push(format!("{what}: unknown compression method"));
                    return;
                }
            }
        }
    };
    if is_xmp {
        b.xmp.push(text);
        return;
    }
    let name = String::from_utf8_lossy(profile.unwrap_or_default()).to_ascii_lowercase();
    let Some(payload) = raw_profile(text, &what, &mut b.warnings) else {
        return;
    };
    match name.as_str() {
        "exif" | "app1" => set_exif(b, strip_exif_prefix(payload), &what),
        "xmp" => b.xmp.push(payload),
        "iptc" | "8bim" => {
            if payload.starts_with(PS3) {
                set_irb(b, skip(payload, PS3.len()), &what);
            } else if payload.starts_with(b"8BIM") {
                set_irb(b, payload, &what);
            } else if payload.first() == Some(&0x1C) {
                b.iptc_raw.push(RawIim {
                    origin: IimOrigin::PngRawProfile,
                    data: payload,
                });
            } else {
                b.warnings.push(format!(
                    "{what}: neither a Photoshop IRB nor IPTC-IIM; ignored"
                ));
            }
        }
        _ => {}
    }
}

/// ImageMagick's "Raw profile" text: `\n<name>\n<spaces><decimal length>\n<hex digits with newlines>`.
/// Text without that header is taken as the raw profile bytes themselves.
fn raw_profile<'a>(text: Cow<'a, [u8]>, what: &str, w: &mut Vec<String>) -> Option<Cow<'a, [u8]>> {
    if text.first() != Some(&b'\n') {
        return Some(text);
    }
    let t: &[u8] = &text;
    let name_end = 1 + t[1..].iter().position(|&c| c == b'\n')?;
    let mut p = name_end + 1;
    while t.get(p).is_some_and(|c| c.is_ascii_whitespace()) {
        p += 1;
    }
    let digits_start = p;
    while t.get(p).is_some_and(u8::is_ascii_digit) {
        p += 1;
    }
    let declared: usize = std::str::from_utf8(&t[digits_start..p])
        .ok()?
        .parse()
        .ok()
        .or_else(|| {
            w.push(format!("{what}: bad raw profile length"));
            None
        })?;
    let hex = &t[p..];
    let mut out = Vec::with_capacity(declared.min(hex.len() / 2));
    let mut hi: Option<u8> = None;
    for &c in hex {
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            c if c.is_ascii_whitespace() => continue,
            _ => {
                w.push(format!(
                    "{what}: non-hex byte in raw profile; decoding stopped"
                ));
                break;
            }
        };
        match hi.take() {
            None => hi = Some(v),
            Some(h) => {
                out.push(h << 4 | v);
                if out.len() == declared {
                    break;
                }
            }
        }
    }
    if out.len() < declared {
        w.push(format!(
            "{what}: raw profile declares {declared} bytes, {} decoded",
            out.len()
        ));
    }
    Some(Cow::Owned(out))
}

// ---------------------------------------------------------------------------------------------
// WebP

fn webp<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let riff_end = le32(d, 4).map_or(0, |s| (s as usize).saturating_add(8));
    if riff_end > d.len() {
        b.warnings.push(format!(
            "WebP: RIFF size says {riff_end} bytes, the file has {} (truncated)",
            d.len()
        ));
    }
    let end = riff_end.min(d.len());
    let mut pos = 12;
    while pos + 8 <= end {
        let fourcc = &d[pos..pos + 4];
        let n = le32(d, pos + 4).unwrap_or(0) as usize;
        let start = pos + 8;
        let cend = start.saturating_add(n);
        let truncated = cend > end;
        let data = &d[start..cend.min(end)];
        let name = String::from_utf8_lossy(fourcc).into_owned();
        if truncated {
            b.warnings.push(format!(
                "WebP: chunk {name:?} at offset {pos} runs past the end of the file (truncated)"
            ));
        }
        match fourcc {
            b"EXIF" => set_exif(b, strip_exif_prefix(Cow::Borrowed(data)), "WebP"),
            b"XMP " if truncated => b
                .warnings
                .push(format!("WebP: truncated XMP chunk at offset {pos} dropped")),
            b"XMP " => b.xmp.push(Cow::Borrowed(data)),
            _ => {}
        }
        if truncated {
            return;
        }
        pos = cend + (n & 1);
    }
    if pos < end {
        b.warnings
            .push(format!("WebP: {} stray bytes at offset {pos}", end - pos));
    }
}

// ---------------------------------------------------------------------------------------------
// TIFF IFD0 (of a TIFF file, or of any EXIF block)

/// Byte ranges (within `t`) of the IFD0 values of tags 700, 33723 and 34377.
fn tiff_ifd0(t: &[u8], w: &mut Vec<String>, what: &str) -> Vec<(u16, Range<usize>)> {
    let mut out = Vec::new();
    let le = t.starts_with(b"II");
    let u16_at = |at: usize| {
        arr(t, at).map(if le {
            u16::from_le_bytes
        } else {
            u16::from_be_bytes
        })
    };
    let u32_at = |at: usize| {
        arr(t, at).map(if le {
            u32::from_le_bytes
        } else {
            u32::from_be_bytes
        })
    };
    let u64_at = |at: usize| {
        arr(t, at).map(if le {
            u64::from_le_bytes
        } else {
            u64::from_be_bytes
        })
    };
    let big = match u16_at(2) {
        Some(42) => false,
        Some(43) => true,
        _ => {
            w.push(format!("{what}: not a TIFF header"));
            return out;
        }
    };
    let ifd = if big {
        u64_at(8).map(to_usize)
    } else {
        u32_at(4).map(|v| v as usize)
    };
    let Some(ifd) = ifd else {
        w.push(format!("{what}: TIFF header cut short"));
        return out;
    };
    let (count, first, entry_len, inline) = if big {
        (u64_at(ifd).map(to_usize), ifd.saturating_add(8), 20, 8)
    } else {
        (u16_at(ifd).map(usize::from), ifd.saturating_add(2), 12, 4)
    };
    let Some(mut count) = count else {
        w.push(format!("{what}: IFD0 offset {ifd} is outside the data"));
        return out;
    };
    let room = t.len().saturating_sub(first) / entry_len;
    if count > room {
        w.push(format!(
            "{what}: IFD0 declares {count} entries, only {room} fit (truncated)"
        ));
        count = room;
    }
    for i in 0..count {
        let e = first + i * entry_len;
        let (Some(tag), Some(ty)) = (u16_at(e), u16_at(e + 2)) else {
            break;
        };
        if !matches!(tag, TAG_XMP | TAG_IPTC | TAG_PHOTOSHOP) || out.iter().any(|(t, _)| *t == tag)
        {
            continue;
        }
        let unit: u64 = match ty {
            1 | 2 | 6 | 7 => 1,
            3 | 8 => 2,
            4 | 9 | 11 | 13 => 4,
            5 | 10 | 12 | 16 | 17 | 18 => 8,
            _ => {
                w.push(format!("{what}: tag {tag} has unknown type {ty}; skipped"));
                continue;
            }
        };
        let n = if big {
            u64_at(e + 4)
        } else {
            u32_at(e + 4).map(u64::from)
        };
        let Some(size) = n.and_then(|n| n.checked_mul(unit)) else {
            continue;
        };
        let voff = if big { e + 12 } else { e + 8 };
        let start = if size <= inline {
            voff
        } else {
            match if big {
                u64_at(voff).map(to_usize)
            } else {
                u32_at(voff).map(|v| v as usize)
            } {
                Some(o) => o,
                None => continue,
            }
        };
        let end = start.saturating_add(to_usize(size));
        if start > t.len() {
            w.push(format!(
                "{what}: tag {tag} points outside the data; skipped"
            ));
            continue;
        }
        if end > t.len() {
            w.push(format!(
                "{what}: tag {tag} value runs past the end of the data (truncated)"
            ));
        }
        out.push((tag, start..end.min(t.len())));
    }
    out
}

/// Pull XMP and IPTC out of IFD0 of the EXIF block (for TIFF files, the file itself).
fn exif_ifd0(b: &mut Blocks<'_>) {
    let Some(exif) = b.exif.clone() else { return };
    let tiff = b.format == Format::Tiff;
    let what = if tiff { "TIFF" } else { "EXIF IFD0" };
    if !is_tiff_header(&exif) {
        b.warnings.push(format!(
            "{what}: EXIF block does not start with a TIFF header"
        ));
        return;
    }
    let had_xmp = !b.xmp.is_empty();
    for (tag, r) in tiff_ifd0(&exif, &mut b.warnings, what) {
        let Some(v) = sub(&exif, r) else { continue };
        match tag {
            TAG_XMP if !had_xmp => b.xmp.push(v),
            TAG_XMP => b
                .warnings
                .push(format!("{what}: XMP tag 700 ignored, XMP already found")),
            TAG_IPTC => b.iptc_raw.push(RawIim {
                origin: IimOrigin::Ifd0Tag,
                data: v,
            }),
            _ => set_irb(b, v, what),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Photoshop IRB: EXIF (0x0422) and XMP (0x0424) resources, used when nothing else supplied them

/// Byte ranges of the resources in an IRB, as (id, data range). Stops quietly at damage.
fn irb_resources(d: &[u8]) -> Vec<(u16, Range<usize>)> {
    let mut out = Vec::new();
    let mut p = 0;
    while let Some(sig) = slice(d, p, 4) {
        if !matches!(sig, b"8BIM" | b"MeSa" | b"PHUT" | b"AgHg" | b"DCSR") {
            break;
        }
        let Some(id) = be16(d, p + 4) else { break };
        let Some(&nlen) = d.get(p + 6) else { break };
        let name_total = (1 + nlen as usize + 1) & !1;
        let szat = p + 6 + name_total;
        let Some(size) = be32(d, szat) else { break };
        let start = szat + 4;
        let end = start.saturating_add(size as usize);
        out.push((id, start.min(d.len())..end.min(d.len())));
        p = end.saturating_add(size as usize & 1);
    }
    out
}

fn irb_extras(b: &mut Blocks<'_>) {
    let Some(irb) = b.iptc_irb.clone() else {
        return;
    };
    let (need_exif, need_xmp) = (b.exif.is_none(), b.xmp.is_empty());
    if !need_exif && !need_xmp {
        return;
    }
    for (id, r) in irb_resources(&irb) {
        let Some(v) = sub(&irb, r) else { continue };
        match id {
            IRB_EXIF if need_exif && b.exif.is_none() => {
                b.exif = Some(strip_exif_prefix(v));
            }
            IRB_XMP if need_xmp => b.xmp.push(v),
            _ => {}
        }
    }
    // An EXIF block found only now may itself carry IFD0 tags.
    if need_exif && b.exif.is_some() {
        exif_ifd0(b);
    }
}

// ---------------------------------------------------------------------------------------------
// PSD

fn psd<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let Some(cm_len) = be32(d, 26) else {
        b.warnings.push("PSD: header cut short (truncated)".into());
        return;
    };
    let irb_at = 30usize.saturating_add(cm_len as usize);
    let Some(irb_len) = be32(d, irb_at) else {
        b.warnings.push(format!(
            "PSD: image resources length at offset {irb_at} is outside the file (truncated)"
        ));
        return;
    };
    let start = irb_at + 4;
    let end = start.saturating_add(irb_len as usize);
    if end > d.len() {
        b.warnings.push(format!(
            "PSD: image resources section ({irb_len} bytes at offset {start}) runs past the end of the file (truncated)"
        ));
    }
    if let Some(irb) = d.get(start..end.min(d.len())) {
        b.iptc_irb = Some(Cow::Borrowed(irb));
    }
}

// ---------------------------------------------------------------------------------------------
// GIF

/// Skip data sub-blocks starting at `p`; returns the offset after the 0 terminator.
fn gif_sub_blocks(d: &[u8], mut p: usize) -> Option<usize> {
    loop {
        let n = *d.get(p)? as usize;
        p += 1;
        if n == 0 {
            return Some(p);
        }
        p += n;
    }
}

fn gif<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let Some(&flags) = d.get(10) else {
        b.warnings.push("GIF: header cut short (truncated)".into());
        return;
    };
    let mut p = 13;
    if flags & 0x80 != 0 {
        p += 3 << ((flags & 7) + 1);
    }
    loop {
        let Some(&intro) = d.get(p) else {
            b.warnings.push(format!(
                "GIF: end of file at offset {p} before the trailer (truncated)"
            ));
            return;
        };
        let next = match intro {
            0x3B => return,
            0x21 => {
                let label = d.get(p + 1).copied();
                if label == Some(0xFF)
                    && d.get(p + 2) == Some(&11)
                    && slice(d, p + 3, 11) == Some(b"XMP DataXMP")
                {
                    let start = p + 14;
                    let tail = d.get(start..).unwrap_or_default();
                    match find_bytes(tail, &GIF_XMP_TRAILER) {
                        Some(n) => {
                            b.xmp.push(Cow::Borrowed(&tail[..n]));
                            gif_sub_blocks(d, start + n)
                        }
                        None => {
                            b.warnings.push(format!(
                                "GIF: XMP extension at offset {p} has no magic trailer; dropped"
                            ));
                            gif_sub_blocks(d, start)
                        }
                    }
                } else {
                    gif_sub_blocks(d, p + 2)
                }
            }
            0x2C => match d.get(p + 9) {
                Some(&f) => {
                    let mut q = p + 10;
                    if f & 0x80 != 0 {
                        q += 3 << ((f & 7) + 1);
                    }
                    gif_sub_blocks(d, q + 1)
                }
                None => None,
            },
            other => {
                b.warnings.push(format!(
                    "GIF: unknown block 0x{other:02X} at offset {p}; stopped"
                ));
                return;
            }
        };
        match next {
            Some(n) => p = n,
            None => {
                b.warnings.push(format!(
                    "GIF: block at offset {p} runs past the end of the file (truncated)"
                ));
                return;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// ISO-BMFF: HEIF (HEIC, AVIF) and the JPEG XL container

/// Child boxes of `d[range]` as (type, body range). Warns and stops at a box running past the end.
fn boxes(
    d: &[u8],
    range: Range<usize>,
    w: &mut Vec<String>,
    what: &str,
) -> Vec<([u8; 4], Range<usize>)> {
    let mut out = Vec::new();
    let mut p = range.start;
    let end = range.end.min(d.len());
    while p + 8 <= end {
        let size = be32(d, p).unwrap_or(0) as u64;
        let ty: [u8; 4] = arr(d, p + 4).unwrap_or_default();
        let (hdr, size) = match size {
            1 => match be64(d, p + 8) {
                Some(s) => (16, s),
                None => break,
            },
            0 => (8, (end - p) as u64),
            s => (8, s),
        };
        let name = String::from_utf8_lossy(&ty).into_owned();
        if size < hdr {
            w.push(format!(
                "{what}: box {name:?} at offset {p} has invalid size {size}"
            ));
            break;
        }
        let bend = p.saturating_add(to_usize(size));
        if bend > end {
            w.push(format!(
                "{what}: box {name:?} at offset {p} runs past the end of its container (truncated)"
            ));
            out.push((ty, (p + hdr as usize).min(end)..end));
            break;
        }
        out.push((ty, p + hdr as usize..bend));
        p = bend;
    }
    out
}

fn bmff<'a>(d: &'a [u8], b: &mut Blocks<'a>) {
    let what = if b.format == Format::JpegXl {
        "JPEG XL"
    } else {
        "HEIF"
    };
    if d.starts_with(&[0xFF, 0x0A]) {
        return; // bare JPEG XL codestream: no metadata boxes
    }
    let top = boxes(d, 0..d.len(), &mut b.warnings, what);
    for (ty, r) in top {
        match &ty {
            b"meta" => heif_meta(d, r, b),
            b"Exif" => {
                let body = &d[r];
                if let Some(x) = exif_item(Cow::Borrowed(body), &mut b.warnings, what) {
                    set_exif(b, x, what);
                }
            }
            b"xml " => b.xmp.push(Cow::Borrowed(&d[r])),
            b"brob" => {
                let inner =
                    String::from_utf8_lossy(d.get(r.start..r.start + 4).unwrap_or_default())
                        .into_owned();
                if matches!(inner.as_str(), "Exif" | "xml ") {
                    b.warnings.push(format!(
                        "{what}: Brotli-compressed {inner:?} box not decoded"
                    ));
                }
            }
            _ => {}
        }
    }
}

/// HEIF `Exif` item / JPEG XL `Exif` box: u32 offset to the TIFF header, then the data.
fn exif_item<'a>(c: Cow<'a, [u8]>, w: &mut Vec<String>, what: &str) -> Option<Cow<'a, [u8]>> {
    let off = be32(&c, 0).map(|o| o as usize);
    let at = off.and_then(|o| o.checked_add(4)).filter(|&a| a <= c.len());
    let at = match at {
        Some(a) if is_tiff_header(c.get(a..).unwrap_or_default()) => a,
        _ => {
            // Tolerate a wrong offset: look for the TIFF header near the start.
            let head = &c[..c.len().min(64)];
            match (0..head.len()).find(|&i| is_tiff_header(&head[i..])) {
                Some(i) => {
                    w.push(format!(
                        "{what}: EXIF offset field is wrong; TIFF header found at {i}"
                    ));
                    i
                }
                None => {
                    w.push(format!("{what}: EXIF item has no TIFF header; dropped"));
                    return None;
                }
            }
        }
    };
    Some(skip(c, at))
}

struct ItemInfo {
    id: u32,
    ty: [u8; 4],
    content_type: Vec<u8>,
    encoding: Vec<u8>,
}

struct ItemLoc {
    id: u32,
    method: u8,
    extents: Vec<(u64, u64)>,
}

fn cstr(d: &[u8], p: usize) -> (Vec<u8>, usize) {
    let rest = d.get(p..).unwrap_or_default();
    match rest.iter().position(|&c| c == 0) {
        Some(n) => (rest[..n].to_vec(), p + n + 1),
        None => (rest.to_vec(), d.len()),
    }
}

fn parse_infe(d: &[u8]) -> Option<ItemInfo> {
    let v = *d.first()?;
    if v >= 2 {
        let (id, p) = if v == 2 {
            (u32::from(be16(d, 4)?), 6)
        } else {
            (be32(d, 4)?, 8)
        };
        let ty: [u8; 4] = arr(d, p + 2)?;
        let (_, p) = cstr(d, p + 6);
        let (content_type, encoding) = if &ty == b"mime" {
            let (ct, p) = cstr(d, p);
            (ct, cstr(d, p).0)
        } else {
            (Vec::new(), Vec::new())
        };
        Some(ItemInfo {
            id,
            ty,
            content_type,
            encoding,
        })
    } else {
        let id = u32::from(be16(d, 4)?);
        let (_, p) = cstr(d, 8);
        let (ct, p) = cstr(d, p);
        Some(ItemInfo {
            id,
            ty: *b"mime",
            content_type: ct,
            encoding: cstr(d, p).0,
        })
    }
}

fn parse_iloc(d: &[u8], w: &mut Vec<String>) -> Vec<ItemLoc> {
    let mut out = Vec::new();
    let (Some(&v), Some(&s1), Some(&s2)) = (d.first(), d.get(4), d.get(5)) else {
        return out;
    };
    let (off_size, len_size, base_size) = (s1 >> 4, s1 & 15, s2 >> 4);
    let index_size = if v == 1 || v == 2 { s2 & 15 } else { 0 };
    let (count, mut p) = if v < 2 {
        (be16(d, 6).map(u32::from), 8)
    } else {
        (be32(d, 6), 10)
    };
    let Some(count) = count else { return out };
    for _ in 0..count {
        let id = if v < 2 {
            be16(d, p).map(u32::from)
        } else {
            be32(d, p)
        };
        let Some(id) = id else { break };
        p += if v < 2 { 2 } else { 4 };
        let mut method = 0;
        if v == 1 || v == 2 {
            let Some(m) = be16(d, p) else { break };
            method = (m & 15) as u8;
            p += 2;
        }
        p += 2; // data_reference_index
        let Some(base) = be_sized(d, p, base_size) else {
            break;
        };
        p += base_size as usize;
        let Some(n) = be16(d, p) else { break };
        p += 2;
        let mut extents = Vec::new();
        let per_extent = usize::from(index_size) + usize::from(off_size) + usize::from(len_size);
        // Extents of zero-width fields carry no data of their own: one is as good as many.
        let n = if per_extent == 0 { n.min(1) } else { n };
        for _ in 0..n {
            if be_sized(d, p, index_size).is_none() {
                break;
            }
            p += index_size as usize;
            let (Some(o), Some(l)) = (
                be_sized(d, p, off_size),
                be_sized(d, p + off_size as usize, len_size),
            ) else {
                break;
            };
            p += off_size as usize + len_size as usize;
            extents.push((base.saturating_add(o), l));
        }
        if extents.len() < n as usize {
            w.push(format!("HEIF: iloc entry for item {id} cut short"));
        }
        out.push(ItemLoc {
            id,
            method,
            extents,
        });
    }
    out
}

fn heif_meta<'a>(d: &'a [u8], r: Range<usize>, b: &mut Blocks<'a>) {
    let what = "HEIF";
    let children = boxes(d, r.start.saturating_add(4)..r.end, &mut b.warnings, what);
    let mut infos = Vec::new();
    let mut locs = Vec::new();
    let mut idat: Option<Range<usize>> = None;
    for (ty, cr) in children {
        match &ty {
            b"iinf" => {
                let body = &d[cr.clone()];
                let first = if body.first() == Some(&0) { 6 } else { 8 };
                for (ety, er) in boxes(
                    d,
                    cr.start.saturating_add(first)..cr.end,
                    &mut b.warnings,
                    what,
                ) {
                    if &ety == b"infe" {
                        match parse_infe(&d[er]) {
                            Some(i) => infos.push(i),
                            None => b.warnings.push("HEIF: unreadable infe box".into()),
                        }
                    }
                }
            }
            b"iloc" => locs = parse_iloc(&d[cr], &mut b.warnings),
            b"idat" => idat = Some(cr),
            _ => {}
        }
    }
    let mut budget = MAX_INFLATE;
    let mut considered = 0usize;
    for info in infos {
        let is_exif = &info.ty == b"Exif";
        let is_xmp = &info.ty == b"mime"
            && info
                .content_type
                .eq_ignore_ascii_case(b"application/rdf+xml");
        if !is_exif && !is_xmp {
            continue;
        }
        considered += 1;
        if considered > MAX_HEIF_ITEMS {
            b.warnings.push(format!(
                "HEIF: more than {MAX_HEIF_ITEMS} metadata items; the rest ignored"
            ));
            break;
        }
        if is_exif && b.exif.is_some() {
            b.warnings
                .push(format!("HEIF: second EXIF item {} ignored", info.id));
            continue;
        }
        let Some(loc) = locs.iter().find(|l| l.id == info.id) else {
            b.warnings
                .push(format!("HEIF: item {} has no location", info.id));
            continue;
        };
        let Some(bytes) = item_bytes(d, loc, idat.clone(), &mut b.warnings) else {
            continue;
        };
        if is_exif {
            if let Some(x) = exif_item(bytes, &mut b.warnings, what) {
                set_exif(b, x, what);
            }
        } else {
            match info.encoding.as_slice() {
                b"" => b.xmp.push(bytes),
                b"deflate" => {
                    if let Some(v) = inflate(&bytes, "HEIF XMP item", &mut b.warnings, &mut budget)
                    {
                        b.xmp.push(Cow::Owned(v));
                    }
                }
                e => b.warnings.push(format!(
                    "HEIF: XMP item {} has unsupported content encoding {:?}",
                    info.id,
                    String::from_utf8_lossy(e)
                )),
            }
        }
    }
}

fn item_bytes<'a>(
    d: &'a [u8],
    loc: &ItemLoc,
    idat: Option<Range<usize>>,
    w: &mut Vec<String>,
) -> Option<Cow<'a, [u8]>> {
    let space: &'a [u8] = match loc.method {
        0 => d,
        1 => match idat {
            Some(r) => &d[r],
            None => {
                w.push(format!("HEIF: item {} lives in a missing idat box", loc.id));
                return None;
            }
        },
        m => {
            w.push(format!(
                "HEIF: item {} uses unsupported construction method {m}",
                loc.id
            ));
            return None;
        }
    };
    let mut parts: Vec<&'a [u8]> = Vec::new();
    for &(off, len) in &loc.extents {
        let start = to_usize(off);
        let end = if len == 0 {
            space.len()
        } else {
            start.saturating_add(to_usize(len))
        };
        if start > space.len() {
            w.push(format!(
                "HEIF: item {} extent at offset {start} is outside the file",
                loc.id
            ));
            return None;
        }
        if end > space.len() {
            w.push(format!(
                "HEIF: item {} extent runs past the end of the file (truncated)",
                loc.id
            ));
        }
        parts.push(&space[start..end.min(space.len())]);
    }
    match parts.len() {
        0 => None,
        1 => Some(Cow::Borrowed(parts[0])),
        _ if parts.iter().map(|p| p.len()).sum::<usize>() > d.len() => {
            w.push(format!(
                "HEIF: item {} extents add up to more than the file; dropped",
                loc.id
            ));
            None
        }
        _ => Some(Cow::Owned(parts.concat())),
    }
}
