//! The index blob: its layout and its builder.
//!
//! One format serves the embedded gazetteer (written by `build.rs`, `include_bytes!`'d) and
//! imported GeoNames dumps (written by `build_overlay`, memory-mapped), so that neither needs
//! any parsing at start: the header is read, the fst is wrapped, and everything else is read
//! in place on demand. This file is also compiled into `build.rs` via `#[path]`.
//!
//! Layout, all integers little-endian:
//!
//! ```text
//! 0   magic  b"DLGAZ\0\0" + version byte (1)
//! 8   u32    number of places
//! 12  u32    reserved (0)
//! 16  5 × (u64 offset, u64 length): fst, postings, place table, strings, id order
//! 96  sections
//! ```
//!
//! * fst: key = namespace byte + folded key; value = `(place << 1) | 1` for a single place,
//!   or `offset << 1` into the postings (`u32 count`, then `count × u32 place`).
//! * place table: `RECORD_LEN`-byte records ordered by population, largest first, so the
//!   place number is also a popularity rank.
//! * strings: the name and then the admin1 code of each record, UTF-8.
//! * id order: `u32` place numbers ordered by GeoNames id, for `by_id`.

use crate::fold::index_keys;

/// Magic and format version at the start of every blob.
pub const MAGIC: &[u8; 8] = b"DLGAZ\0\0\x01";
/// Size of the header before the first section.
pub const HEADER_LEN: usize = 96;
/// Size of one place record.
pub const RECORD_LEN: usize = 36;

/// Byte offsets inside a place record.
pub mod rec {
    /// u32 GeoNames id.
    pub const ID: usize = 0;
    /// i32 latitude × 1e5.
    pub const LAT: usize = 4;
    /// i32 longitude × 1e5.
    pub const LON: usize = 8;
    /// u64 population.
    pub const POP: usize = 12;
    /// u32 offset of the name in the strings section.
    pub const NAME_OFF: usize = 20;
    /// u16 length of the name in bytes.
    pub const NAME_LEN: usize = 24;
    /// u8 length of the admin1 code, stored right after the name.
    pub const ADMIN1_LEN: usize = 26;
    /// u8 feature class (ASCII letter, or 0).
    pub const FCLASS: usize = 27;
    /// \[u8; 6\] feature code, NUL-padded.
    pub const FCODE: usize = 28;
    /// \[u8; 2\] country code.
    pub const CC: usize = 34;
}

/// One place as it goes into the builder.
#[derive(Debug, Clone, Default)]
pub struct RawPlace {
    /// GeoNames id.
    pub id: u32,
    /// Primary name.
    pub name: String,
    /// Every other name to index (ASCII name, alternate names).
    pub alternates: Vec<String>,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// Feature class letter.
    pub fclass: u8,
    /// Feature code.
    pub fcode: String,
    /// Country code.
    pub cc: String,
    /// Admin1 code.
    pub admin1: String,
    /// Population.
    pub pop: u64,
}

/// Builds a blob incrementally, so a large dump never holds all its alternate names at once.
#[derive(Default)]
pub struct BlobBuilder {
    records: Vec<[u8; RECORD_LEN]>,
    strings: Vec<u8>,
    /// All keys of all places, back to back.
    arena: Vec<u8>,
    /// Keys as (first 8 bytes big-endian, offset in arena, length, place number before
    /// reordering): comparing the prefix first makes the sort cheap even in an unoptimised
    /// build script.
    entries: Vec<(u64, u64, u32, u32)>,
    scratch: Vec<Vec<u8>>,
}

fn truncate_utf8(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl BlobBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a place; its names are folded into keys right away.
    pub fn add(&mut self, p: &RawPlace) -> Result<(), String> {
        let idx = u32::try_from(self.records.len()).map_err(|_| "too many places".to_string())?;
        let mut r = [0u8; RECORD_LEN];
        r[rec::ID..rec::ID + 4].copy_from_slice(&p.id.to_le_bytes());
        let lat = (p.lat * 1e5).round() as i32;
        let lon = (p.lon * 1e5).round() as i32;
        r[rec::LAT..rec::LAT + 4].copy_from_slice(&lat.to_le_bytes());
        r[rec::LON..rec::LON + 4].copy_from_slice(&lon.to_le_bytes());
        r[rec::POP..rec::POP + 8].copy_from_slice(&p.pop.to_le_bytes());
        let name = truncate_utf8(&p.name, u16::MAX as usize);
        let admin1 = truncate_utf8(&p.admin1, u8::MAX as usize);
        let off = u32::try_from(self.strings.len())
            .map_err(|_| "string section over 4 GiB".to_string())?;
        r[rec::NAME_OFF..rec::NAME_OFF + 4].copy_from_slice(&off.to_le_bytes());
        r[rec::NAME_LEN..rec::NAME_LEN + 2].copy_from_slice(&(name.len() as u16).to_le_bytes());
        r[rec::ADMIN1_LEN] = admin1.len() as u8;
        r[rec::FCLASS] = if p.fclass.is_ascii_alphabetic() {
            p.fclass
        } else {
            0
        };
        let fc = p.fcode.as_bytes();
        let n = fc.len().min(6);
        r[rec::FCODE..rec::FCODE + n].copy_from_slice(&fc[..n]);
        let cc = p.cc.as_bytes();
        let n = cc.len().min(2);
        r[rec::CC..rec::CC + n].copy_from_slice(&cc[..n]);
        self.strings.extend_from_slice(name.as_bytes());
        self.strings.extend_from_slice(admin1.as_bytes());
        self.records.push(r);

        self.scratch.clear();
        index_keys(&p.name, &mut self.scratch);
        for a in &p.alternates {
            index_keys(a, &mut self.scratch);
        }
        self.scratch.sort_unstable();
        self.scratch.dedup();
        for k in &self.scratch {
            let mut prefix = [0u8; 8];
            let n = k.len().min(8);
            prefix[..n].copy_from_slice(&k[..n]);
            self.entries.push((
                u64::from_be_bytes(prefix),
                self.arena.len() as u64,
                k.len() as u32,
                idx,
            ));
            self.arena.extend_from_slice(k);
        }
        Ok(())
    }

    /// Orders the places by population, builds the fst and lays out the blob.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        let BlobBuilder {
            records,
            strings,
            arena,
            mut entries,
            ..
        } = self;
        let n = records.len();
        let pop = |r: &[u8; RECORD_LEN]| {
            u64::from_le_bytes(r[rec::POP..rec::POP + 8].try_into().unwrap())
        };
        let id =
            |r: &[u8; RECORD_LEN]| u32::from_le_bytes(r[rec::ID..rec::ID + 4].try_into().unwrap());
        // New order: population descending, then id, so ties are deterministic.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by(|&a, &b| {
            let (ra, rb) = (&records[a as usize], &records[b as usize]);
            pop(rb)
                .cmp(&pop(ra))
                .then(id(ra).cmp(&id(rb)))
                .then(a.cmp(&b))
        });
        let mut new_of_old = vec![0u32; n];
        for (new, &old) in order.iter().enumerate() {
            new_of_old[old as usize] = new as u32;
        }
        for e in entries.iter_mut() {
            e.3 = new_of_old[e.3 as usize];
        }
        let key = |e: &(u64, u64, u32, u32)| &arena[e.1 as usize..e.1 as usize + e.2 as usize];
        entries.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| key(a).cmp(key(b)))
                .then(a.3.cmp(&b.3))
        });
        entries.dedup_by(|a, b| a.3 == b.3 && a.0 == b.0 && key(a) == key(b));

        let mut postings: Vec<u8> = Vec::new();
        let mut fst = fst::MapBuilder::memory();
        let mut i = 0;
        while i < entries.len() {
            let k = key(&entries[i]);
            let mut j = i + 1;
            while j < entries.len() && key(&entries[j]) == k {
                j += 1;
            }
            let value = if j - i == 1 {
                (u64::from(entries[i].3) << 1) | 1
            } else {
                let off = postings.len() as u64;
                postings.extend_from_slice(&((j - i) as u32).to_le_bytes());
                for e in &entries[i..j] {
                    postings.extend_from_slice(&e.3.to_le_bytes());
                }
                off << 1
            };
            fst.insert(k, value).map_err(|e| e.to_string())?;
            i = j;
        }
        let fst = fst.into_inner().map_err(|e| e.to_string())?;
        drop(entries);
        drop(arena);

        let mut table = Vec::with_capacity(n * RECORD_LEN);
        for &old in &order {
            table.extend_from_slice(&records[old as usize]);
        }
        let mut by_id: Vec<u32> = (0..n as u32).collect();
        by_id.sort_by_key(|&i| {
            u32::from_le_bytes(
                table[i as usize * RECORD_LEN..i as usize * RECORD_LEN + 4]
                    .try_into()
                    .unwrap(),
            )
        });
        let mut ids = Vec::with_capacity(n * 4);
        for i in by_id {
            ids.extend_from_slice(&i.to_le_bytes());
        }

        let sections: [&[u8]; 5] = [&fst, &postings, &table, &strings, &ids];
        let total: usize = HEADER_LEN + sections.iter().map(|s| s.len() + 8).sum::<usize>();
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(n as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        let mut off = HEADER_LEN as u64;
        for s in sections {
            out.extend_from_slice(&off.to_le_bytes());
            out.extend_from_slice(&(s.len() as u64).to_le_bytes());
            off += s.len() as u64;
            off = off.next_multiple_of(8);
        }
        debug_assert_eq!(out.len(), HEADER_LEN);
        for s in sections {
            out.extend_from_slice(s);
            out.resize(out.len().next_multiple_of(8), 0);
        }
        Ok(out)
    }
}
