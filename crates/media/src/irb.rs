//! Photoshop image resource blocks (IRB): the envelope that carries IPTC-IIM in JPEG APP13,
//! PSD image resources and TIFF tag 34377.
//!
//! A JPEG may split one IRB stream over several consecutive APP13 segments (each 64 kB at most,
//! each starting again with `Photoshop 3.0\0`), and a resource may straddle the boundary. So the
//! caller must strip the header from every APP13 payload ([`strip_header`]) and concatenate the
//! rest, in file order, before calling [`resources`]; walking segments one by one would lose the
//! straddling resource. One stream may also hold several IPTC-NAA resources (exiv2 writes one per
//! segment): ExifTool reads them all and treats the first as the primary record, and so does
//! [`iptc_blocks`].

/// The identifier that opens every JPEG APP13 Photoshop segment.
pub const PHOTOSHOP_HEADER: &[u8] = b"Photoshop 3.0\0";
/// The pre-3.0 identifier; still found in old files, with the same block layout after it.
const PHOTOSHOP_25_HEADER: &[u8] = b"Adobe_Photoshop2.5:";
/// Resource ID of the IPTC-NAA record (the IIM block).
pub const IPTC_NAA: u16 = 0x0404;
/// Resource ID of the MD5 digest of the IIM block, written by Photoshop CS and later so that a
/// reader can tell whether the IIM was changed by software that ignored the XMP (MWG guidance).
pub const IPTC_DIGEST: u16 = 0x0425;

/// Signatures ExifTool accepts: `8BIM` is Photoshop's; the others come from ImageReady (`MeSa`),
/// PhotoTools (`PHUT`), Adobe Illustrator/InDesign (`AgHg`) and DCS files (`DCSR`).
const SIGNATURES: [&[u8; 4]; 5] = [b"8BIM", b"MeSa", b"PHUT", b"AgHg", b"DCSR"];

/// One image resource, borrowing from the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource<'a> {
    pub signature: [u8; 4],
    pub id: u16,
    /// Pascal name without its length byte and padding; almost always empty.
    pub name: &'a [u8],
    /// The resource data, without the even-padding byte.
    pub data: &'a [u8],
    /// Offset of the block (its signature) in the walked input, for diagnostics.
    pub offset: usize,
    /// The declared size ran past the end of the input; `data` is what was there.
    /// Kept rather than dropped because a cut file still holds the complete leading
    /// IIM datasets, and the IIM parser stops cleanly at the cut.
    pub truncated: bool,
}

/// Removes a leading `Photoshop 3.0\0` (or the older `Adobe_Photoshop2.5:`) identifier, if any.
pub fn strip_header(data: &[u8]) -> &[u8] {
    data.strip_prefix(PHOTOSHOP_HEADER)
        .or_else(|| data.strip_prefix(PHOTOSHOP_25_HEADER))
        .unwrap_or(data)
}

/// Walks the resource blocks in `data` (with or without the APP13 header), returning every
/// complete block plus a final truncated one, and warnings for anything skipped.
///
/// Never panics: every length is checked against the input before it is used.
pub fn resources(data: &[u8]) -> (Vec<Resource<'_>>, Vec<String>) {
    let data = strip_header(data);
    let (mut out, mut warnings) = (Vec::new(), Vec::new());
    let mut pos = 0;
    while pos < data.len() {
        let rest = &data[pos..];
        let Some(signature) = rest.first_chunk::<4>().filter(|s| SIGNATURES.contains(s)) else {
            // Writers pad APP13 with NULs; only other bytes deserve a warning.
            if rest.iter().any(|&b| b != 0) {
                warnings.push(format!(
                    "irb: no resource signature at offset {pos}, {} bytes ignored",
                    rest.len()
                ));
            }
            break;
        };
        // signature(4) + id(2) + name length(1), name, pad to even, size(4), data, pad to even.
        let Some(&[hi, lo, name_len]) = rest.get(4..7) else {
            warnings.push(format!("irb: header cut short at offset {pos}"));
            break;
        };
        let id = u16::from_be_bytes([hi, lo]);
        let name_end = 7 + usize::from(name_len);
        let size_at = name_end + (name_end - 6) % 2; // the name field (length byte + name) is even
        let Some(size) = rest.get(size_at..size_at + 4) else {
            warnings.push(format!(
                "irb: resource 0x{id:04X} header cut short at offset {pos}"
            ));
            break;
        };
        let size = u32::from_be_bytes(size.try_into().unwrap_or_default()) as usize;
        let start = size_at + 4;
        let available = rest.len() - start;
        let truncated = size > available;
        if truncated {
            warnings.push(format!(
                "irb: resource 0x{id:04X} at offset {pos} declares {size} bytes, only {available} present"
            ));
        }
        let len = size.min(available);
        out.push(Resource {
            signature: *signature,
            id,
            name: &rest[7..name_end],
            data: &rest[start..start + len],
            offset: pos,
            truncated,
        });
        if truncated {
            break;
        }
        pos += start + len + len % 2;
    }
    (out, warnings)
}

/// The data of the first resource with this ID.
pub fn find<'a>(resources: &[Resource<'a>], id: u16) -> Option<&'a [u8]> {
    resources.iter().find(|r| r.id == id).map(|r| r.data)
}

/// Every IPTC-NAA (IIM) block in stream order; the first is the primary record.
pub fn iptc_blocks<'a>(resources: &[Resource<'a>]) -> Vec<&'a [u8]> {
    resources
        .iter()
        .filter(|r| r.id == IPTC_NAA)
        .map(|r| r.data)
        .collect()
}

/// The primary IIM block.
pub fn iptc_naa<'a>(resources: &[Resource<'a>]) -> Option<&'a [u8]> {
    find(resources, IPTC_NAA)
}

/// The stored IPTC digest (16 bytes when well formed); compare with
/// [`crate::iptc::digest_matches`].
pub fn iptc_digest<'a>(resources: &[Resource<'a>]) -> Option<&'a [u8]> {
    find(resources, IPTC_DIGEST)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(sig: &[u8; 4], id: u16, name: &[u8], data: &[u8]) -> Vec<u8> {
        let mut v = sig.to_vec();
        v.extend(id.to_be_bytes());
        v.push(name.len() as u8);
        v.extend(name);
        if (1 + name.len()) % 2 == 1 {
            v.push(0);
        }
        v.extend((data.len() as u32).to_be_bytes());
        v.extend(data);
        if data.len() % 2 == 1 {
            v.push(0);
        }
        v
    }

    #[test]
    fn walks_with_and_without_header() {
        let mut body = block(b"8BIM", 0x0404, b"", b"\x1c\x02\x78\x00\x01A");
        body.extend(block(b"8BIM", 0x0425, b"", &[7; 16]));
        let mut with = PHOTOSHOP_HEADER.to_vec();
        with.extend(&body);
        for input in [&body, &with] {
            let (res, warnings) = resources(input);
            assert!(warnings.is_empty(), "{warnings:?}");
            assert_eq!(res.len(), 2);
            assert_eq!(iptc_naa(&res), Some(&b"\x1c\x02\x78\x00\x01A"[..]));
            assert_eq!(iptc_digest(&res), Some(&[7u8; 16][..]));
        }
    }

    #[test]
    fn odd_and_even_pascal_names_and_other_signatures() {
        // "abc": 1 + 3 = 4 bytes, no pad; "ab": 1 + 2 = 3 bytes, one pad byte.
        let mut input = block(b"8BIM", 1, b"abc", b"xyz");
        input.extend(block(b"MeSa", 2, b"ab", b"q"));
        input.extend(block(b"DCSR", 3, b"", b""));
        let (res, warnings) = resources(&input);
        assert!(warnings.is_empty(), "{warnings:?}");
        let got: Vec<_> = res.iter().map(|r| (r.id, r.name, r.data)).collect();
        assert_eq!(
            got,
            [
                (1, &b"abc"[..], &b"xyz"[..]),
                (2, b"ab", b"q"),
                (3, b"", b"")
            ]
        );
        assert_eq!(&res[1].signature, b"MeSa");
    }

    #[test]
    fn truncated_input_keeps_what_is_there() {
        let mut input = block(b"8BIM", 0x0404, b"", b"0123456789");
        input.extend(block(b"8BIM", 0x0425, b"", &[1; 16]));
        for cut in 0..input.len() {
            let (res, warnings) = resources(&input[..cut]);
            assert!(res.len() <= 2);
            // Only the empty input and the boundary between the two blocks are clean cuts.
            assert_eq!(warnings.is_empty(), cut == 0 || cut == 22, "cut {cut}");
        }
        let (res, warnings) = resources(&input[..16]);
        assert_eq!(res.len(), 1);
        assert!(res[0].truncated && res[0].data == b"0123");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn nul_padding_is_silent_junk_is_not() {
        let mut input = block(b"8BIM", 1, b"", b"ab");
        input.extend([0; 6]);
        assert!(resources(&input).1.is_empty());
        input.extend(b"junk");
        assert_eq!(resources(&input).1.len(), 1);
    }
}
