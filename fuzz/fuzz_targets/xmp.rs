//! Bytes → `dateline_media::xmp::parse` (decoding UTF-8/16/32, RDF/XML with DTDs refused).
//! Returns a packet or an error, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut x) = dateline_media::xmp::parse(data) {
        let again = x.clone();
        x.merge(again);
    }
});
