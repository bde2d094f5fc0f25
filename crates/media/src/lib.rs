//! Image metadata: where it sits in each container, and what the IPTC-IIM, XMP and EXIF blocks
//! say. Everything here is a pure function over bytes already in memory: no file I/O, and no
//! input, however malformed or truncated, makes it panic.
//!
//! [`read`] is the entry point: one file's bytes in, [`Metadata`] out (each kind as written,
//! the reconciled values, and warnings). The parts:
//!
//! - [`container`]: finds the metadata blocks in JPEG, PNG, WebP, TIFF, PSD, GIF and ISO-BMFF
//!   (HEIC, AVIF) files.
//! - [`irb`]: walks Photoshop image resource blocks (`8BIM`) to the IPTC-IIM block and its digest.
//! - [`iptc`]: parses IPTC-IIM datasets (record 2, the application record) with their character set.
//! - [`exif`]: reads the EXIF description, artist, copyright, original date and GPS position.
//! - [`xmp`]: reads the IPTC Core and Extension properties of an XMP packet.

pub mod container;
pub mod exif;
pub mod iptc;
pub mod irb;
mod read;
pub mod sidecar;
pub mod xmp;

pub use read::{Embedded, ExifFields, Fields, Gps, Metadata, read};
