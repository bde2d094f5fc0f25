//! Bytes → the Photoshop resource walker and the IPTC-IIM parser, as a bare block and wrapped
//! in an APP13-style header. Never panics; every accessor works on whatever was parsed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (resources, _) = dateline_media::irb::resources(data);
    for block in dateline_media::irb::iptc_blocks(&resources) {
        let _ = dateline_media::iptc::parse(block);
    }
    let iim = dateline_media::iptc::parse(data);
    let _ = (iim.caption(), iim.keywords(), iim.date_created(), iim.time_created());
    let _ = (iim.date_created_parts(), iim.time_created_parts());
    let _ = dateline_media::iptc::digest_matches(data, &data[..data.len().min(16)]);
});
