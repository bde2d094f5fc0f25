//! Bytes → `dateline_media::read` (every container, IRB, IIM, XMP and EXIF parser behind it).
//! Image files come from anywhere; whatever their bytes, reading must return (with warnings),
//! never panic, and the result must serialize.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let m = dateline_media::read(data);
    serde_json::to_string(&m).expect("metadata serializes");
    // The pieces on their own, as a caller holding a bare block would use them.
    let _ = dateline_media::iptc::parse(data);
    let _ = dateline_media::irb::resources(data);
    let _ = dateline_media::xmp::parse(data);
    let _ = dateline_media::exif::parse(data);
});
