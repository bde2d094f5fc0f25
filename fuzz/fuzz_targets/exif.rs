//! Bytes → `dateline_media::exif::parse` (kamadak-exif with dateline's pointer repairs), as a
//! TIFF block. Returns fields or an error, never panics; coordinates are in range when given.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(e) = dateline_media::exif::parse(data) {
        if let Some(lat) = e.gps_latitude {
            assert!(lat.abs() <= 90.0);
        }
        if let Some(lon) = e.gps_longitude {
            assert!(lon.abs() <= 180.0);
        }
    }
});
