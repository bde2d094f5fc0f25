//! Bytes → `dateline_media::container::find`: every container walker (JPEG, PNG, WebP, TIFF,
//! PSD, GIF, ISO-BMFF). Must return blocks and warnings, never panic; the blocks it returns
//! must lie inside the input or be decoded copies within the decompression budget.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let b = dateline_media::container::find(data);
    let _ = dateline_media::container::detect(data);
    let total: usize = b.xmp.iter().map(|x| x.len()).sum::<usize>()
        + b.exif.as_ref().map_or(0, |e| e.len())
        + b.iptc_irb.as_ref().map_or(0, |e| e.len());
    assert!(total <= data.len() + (64 << 20), "blocks larger than input + budget");
});
