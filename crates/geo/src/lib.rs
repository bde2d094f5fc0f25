//! The gazetteer: here is a place name, which places could it be?
//!
//! Names are matched after [`fold`]ing, so spelling noise in captions (diacritics, ayin marks,
//! hyphens, the many spellings of the Arabic article) does not hide a place. The data is the
//! GeoNames cities500 extract plus the world's airfields (class `S`, see [`AIRFIELD_ID_BASE`]),
//! compiled by `build.rs` into an fst plus a fixed-width table that is read in place, so
//! [`Gazetteer::embedded`] costs microseconds and no heap. Full GeoNames dumps
//! can be compiled into the same format at run time ([`build_overlay`]) and stacked on top
//! ([`Gazetteer::with_overlays`]).
#![deny(missing_docs)]

mod blob;
mod fold;
mod import;
mod uncased;

use std::collections::HashMap;
use std::io::BufRead;
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub use fold::{fold, loose_key};
pub use import::build_overlay_from_file;

pub use uncased::{UncasedName, UncasedTarget, has_uncased_letters};

use blob::{BlobBuilder, HEADER_LEN, MAGIC, RECORD_LEN, RawPlace, rec};

/// Ids from this value up name the embedded airfields (airportsdata, not GeoNames); below it,
/// ids are GeoNames ids (the largest is about 13 million).
///
/// Airfields need an id of the index's width, and GeoNames has none for most of them in the
/// data the binary embeds; an id derived from the ICAO code stays the same across data updates.
pub const AIRFIELD_ID_BASE: u64 = 4_000_000_000;

/// A gazetteer entry (GeoNames row, or an airfield).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// GeoNames id; for an airfield, a dateline id at or above [`AIRFIELD_ID_BASE`] (see
    /// [`Place::has_geonames_id`]).
    pub geonames_id: u64,
    /// Primary name.
    pub name: String,
    /// Latitude.
    pub lat: f64,
    /// Longitude.
    pub lon: f64,
    /// GeoNames feature class (`P`, `A`, `S`, `T`, ...).
    pub feature_class: char,
    /// GeoNames feature code (`PPLA`, `PPLX`, ...), empty when unknown.
    pub feature_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// GeoNames admin1 code within the country (`12` for SY.12 Idlib).
    pub admin1: String,
    /// Population (0 when unknown).
    pub population: u64,
}

impl Place {
    /// Whether [`Place::geonames_id`] is a GeoNames id, so that a record may cite it as one.
    pub fn has_geonames_id(&self) -> bool {
        self.geonames_id < AIRFIELD_ID_BASE
    }
}

/// A country.
#[derive(Debug, Clone, PartialEq)]
pub struct Country {
    /// ISO 3166-1 alpha-2.
    pub code: String,
    /// Common English name.
    pub name: String,
    /// Representative point.
    pub lat: f64,
    /// Representative point.
    pub lon: f64,
}

/// A first-level administrative division.
#[derive(Debug, Clone, PartialEq)]
pub struct Admin1 {
    /// ISO 3166-1 alpha-2 of the country.
    pub country: String,
    /// GeoNames admin1 code (`12`).
    pub code: String,
    /// English name (`Idlib`).
    pub name: String,
    /// GeoNames id of the division, when known.
    pub geonames_id: Option<u64>,
}

/// How a place matched a looked-up name, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MatchKind {
    /// A name or alternate name folds to the same string.
    Exact,
    /// Equal once Arabic articles and spaces are ignored ("Al-Raqqa" ~ "Ar Raqqah").
    Loose,
    /// Equal only after a transliteration rewrite ("Edlib" ~ "Idlib"); tried only when there
    /// is no exact or loose match.
    Variant,
}

/// What can go wrong when importing a GeoNames dump or loading an index blob.
#[derive(Debug, thiserror::Error)]
pub enum GeoError {
    /// A line of a GeoNames dump that cannot be read; `line` counts from 1.
    #[error("line {line}: {message}")]
    Parse {
        /// 1-based line number in the dump.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// Reading the dump or the blob file failed.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// The bytes are not an index blob of this version (wrong magic, truncated, corrupt).
    #[error("not a valid dateline gazetteer index: {0}")]
    BadIndex(String),
    /// A `.zip` that cannot be read, or holds no single GeoNames place table.
    #[error("{0}")]
    Zip(String),
    /// The dump does not fit the index format (over 4 Gi places or 4 GiB of names).
    #[error("cannot build the index: {0}")]
    Build(String),
}

// ---------------------------------------------------------------------------------------------
// Blob storage

enum Backing {
    Static(&'static [u8]),
    Owned(Vec<u8>),
    Mmap(memmap2::Mmap),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Static(b) => b,
            Backing::Owned(v) => v,
            Backing::Mmap(m) => m,
        }
    }
}

/// A window into shared blob bytes, so the fst can own its data without copying it.
#[derive(Clone)]
struct Slice {
    backing: Arc<Backing>,
    range: Range<usize>,
}

impl AsRef<[u8]> for Slice {
    fn as_ref(&self) -> &[u8] {
        &self.backing.bytes()[self.range.clone()]
    }
}

/// The bytes of an index blob, however they are held: a `Vec` from [`build_overlay`] or a file,
/// a memory map (so a large import costs page cache rather than heap), or a static.
pub struct Blob(Backing);

impl Blob {
    /// Memory-maps an index file written earlier from [`build_overlay`]'s output.
    ///
    /// The file must not be truncated or rewritten while the gazetteer is alive (the usual
    /// memory-map caveat); write a new file and rename it instead.
    pub fn open(path: impl AsRef<Path>) -> Result<Blob, GeoError> {
        let file = std::fs::File::open(path)?;
        // SAFETY: the map is read-only; the caveat above is documented for callers.
        let map = unsafe { memmap2::Mmap::map(&file)? };
        Ok(Blob(Backing::Mmap(map)))
    }
}

impl From<Vec<u8>> for Blob {
    fn from(v: Vec<u8>) -> Self {
        Blob(Backing::Owned(v))
    }
}

impl From<memmap2::Mmap> for Blob {
    fn from(m: memmap2::Mmap) -> Self {
        Blob(Backing::Mmap(m))
    }
}

impl From<&'static [u8]> for Blob {
    fn from(b: &'static [u8]) -> Self {
        Blob(Backing::Static(b))
    }
}

// ---------------------------------------------------------------------------------------------
// One index (embedded or overlay)

#[derive(Clone)]
struct Index {
    data: Arc<Backing>,
    fst: fst::Map<Slice>,
    n: usize,
    post: Range<usize>,
    table: Range<usize>,
    strings: Range<usize>,
    ids: Range<usize>,
}

fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn le_u64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

impl Index {
    /// Reads the header only; `verify` also checks the fst checksum (for files from outside).
    fn open(backing: Backing, verify: bool) -> Result<Index, GeoError> {
        let bad = |m: &str| GeoError::BadIndex(m.to_string());
        let data = Arc::new(backing);
        let b = data.bytes();
        if b.len() < HEADER_LEN || &b[..8] != MAGIC {
            return Err(bad("wrong magic or version"));
        }
        let n = le_u32(b, 8) as usize;
        let mut ranges = Vec::with_capacity(5);
        for s in 0..5 {
            let off = le_u64(b, 16 + s * 16);
            let len = le_u64(b, 24 + s * 16);
            let end = off
                .checked_add(len)
                .ok_or_else(|| bad("section overflow"))?;
            if off < HEADER_LEN as u64 || end > b.len() as u64 {
                return Err(bad("section out of bounds"));
            }
            ranges.push(off as usize..end as usize);
        }
        let [fst_r, post, table, strings, ids]: [Range<usize>; 5] =
            ranges.try_into().map_err(|_| bad("header"))?;
        if table.len() != n * RECORD_LEN || ids.len() != n * 4 {
            return Err(bad("table size does not match the place count"));
        }
        let fst = fst::Map::new(Slice {
            backing: data.clone(),
            range: fst_r,
        })
        .map_err(|e| GeoError::BadIndex(e.to_string()))?;
        if verify {
            fst.as_fst()
                .verify()
                .map_err(|e| GeoError::BadIndex(e.to_string()))?;
        }
        Ok(Index {
            data,
            fst,
            n,
            post,
            table,
            strings,
            ids,
        })
    }

    fn bytes(&self) -> &[u8] {
        self.data.bytes()
    }

    fn record(&self, i: u32) -> Option<&[u8]> {
        let i = i as usize;
        if i >= self.n {
            return None;
        }
        let at = self.table.start + i * RECORD_LEN;
        Some(&self.bytes()[at..at + RECORD_LEN])
    }

    /// Place numbers under one fst key; out-of-range data is skipped, never trusted.
    fn postings(&self, key: &[u8], out: &mut Vec<u32>) {
        let Some(v) = self.fst.get(key) else { return };
        if v & 1 == 1 {
            out.push((v >> 1) as u32);
            return;
        }
        let b = &self.bytes()[self.post.clone()];
        let off = (v >> 1) as usize;
        let Some(head) = b.get(off..off + 4) else {
            return;
        };
        let count = le_u32(head, 0) as usize;
        let Some(list) = b.get(off + 4..off + 4 + count.saturating_mul(4)) else {
            return;
        };
        out.extend(list.chunks_exact(4).map(|c| le_u32(c, 0)));
    }

    fn id(&self, i: u32) -> Option<u32> {
        self.record(i).map(|r| le_u32(r, rec::ID))
    }

    fn place(&self, i: u32) -> Option<Place> {
        let r = self.record(i)?;
        let s = &self.bytes()[self.strings.clone()];
        let name_off = le_u32(r, rec::NAME_OFF) as usize;
        let name_len = u16::from_le_bytes([r[rec::NAME_LEN], r[rec::NAME_LEN + 1]]) as usize;
        let a1_len = r[rec::ADMIN1_LEN] as usize;
        let name = s.get(name_off..name_off + name_len)?;
        let admin1 = s.get(name_off + name_len..name_off + name_len + a1_len)?;
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let fixed = |b: &[u8]| {
            let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
            text(&b[..end])
        };
        let fclass = r[rec::FCLASS];
        Some(Place {
            geonames_id: u64::from(le_u32(r, rec::ID)),
            name: text(name),
            lat: f64::from(le_u32(r, rec::LAT) as i32) / 1e5,
            lon: f64::from(le_u32(r, rec::LON) as i32) / 1e5,
            feature_class: if fclass == 0 { ' ' } else { char::from(fclass) },
            feature_code: fixed(&r[rec::FCODE..rec::FCODE + 6]),
            country: fixed(&r[rec::CC..rec::CC + 2]),
            admin1: text(admin1),
            population: le_u64(r, rec::POP),
        })
    }

    fn by_id(&self, id: u32) -> Option<u32> {
        let ids = &self.bytes()[self.ids.clone()];
        let (mut lo, mut hi) = (0usize, self.n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let i = le_u32(ids, mid * 4);
            match self.id(i)?.cmp(&id) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(i),
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Countries and admin1 (static tables generated by build.rs)

struct CountryRow {
    code: &'static str,
    name: &'static str,
    #[allow(dead_code)]
    official: &'static str,
    lat: f64,
    lon: f64,
}

struct Admin1Row {
    cc: &'static str,
    code: &'static str,
    name: &'static str,
    gid: u64,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

static EMBEDDED_BLOB: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/places.bin"));

/// Row numbers stored under `key` in a sorted key table, best first.
fn keyed(table: &'static [(&'static str, u32)], key: &str) -> impl Iterator<Item = u32> {
    let start = table.partition_point(|(k, _)| *k < key);
    table[start..]
        .iter()
        .take_while(move |(k, _)| *k == key)
        .map(|&(_, i)| i)
}

impl CountryRow {
    fn to_country(&self) -> Country {
        Country {
            code: self.code.to_string(),
            name: self.name.to_string(),
            lat: self.lat,
            lon: self.lon,
        }
    }
}

impl Admin1Row {
    fn to_admin1(&self) -> Admin1 {
        Admin1 {
            country: self.cc.to_string(),
            code: self.code.to_string(),
            name: self.name.to_string(),
            geonames_id: (self.gid != 0).then_some(self.gid),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The gazetteer

/// The gazetteer: the embedded cities500 and airfield index, optionally under imported overlays.
///
/// Cloning is cheap (reference-counted), and the type is `Send + Sync`, so one instance can be
/// shared by every worker thread.
#[derive(Clone)]
pub struct Gazetteer {
    /// Overlays first (in the order given), the embedded index last.
    indexes: Vec<Index>,
}

impl std::fmt::Debug for Gazetteer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sizes: Vec<usize> = self.indexes.iter().map(|i| i.n).collect();
        f.debug_struct("Gazetteer")
            .field("places_per_index", &sizes)
            .finish()
    }
}

impl Default for Gazetteer {
    /// The embedded gazetteer: an empty one would silently resolve nothing.
    fn default() -> Self {
        Gazetteer::embedded()
    }
}

impl Gazetteer {
    /// The compact default shipped in the binary.
    ///
    /// The first call reads an 96-byte header; later calls clone a cached value.
    pub fn embedded() -> Gazetteer {
        static CACHE: OnceLock<Gazetteer> = OnceLock::new();
        CACHE
            .get_or_init(|| {
                let idx = Index::open(Backing::Static(EMBEDDED_BLOB), false)
                    .expect("embedded index built by build.rs is valid");
                Gazetteer { indexes: vec![idx] }
            })
            .clone()
    }

    /// The embedded gazetteer with imported indexes (from [`build_overlay`]) stacked on top.
    ///
    /// Overlays are consulted first, in the order given: when the same GeoNames id occurs in
    /// an overlay and in the embedded data, the overlay's (newer, fuller) row wins.
    pub fn with_overlays<B: Into<Blob>>(
        blobs: impl IntoIterator<Item = B>,
    ) -> Result<Gazetteer, GeoError> {
        let mut g = Gazetteer::embedded();
        let mut overlays = Vec::new();
        for b in blobs {
            overlays.push(Index::open(b.into().0, true)?);
        }
        overlays.append(&mut g.indexes);
        g.indexes = overlays;
        Ok(g)
    }

    /// A gazetteer made of the given indexes only, without the embedded data (for tests and
    /// for tools that must see an import on its own).
    pub fn from_blobs<B: Into<Blob>>(
        blobs: impl IntoIterator<Item = B>,
    ) -> Result<Gazetteer, GeoError> {
        let indexes = blobs
            .into_iter()
            .map(|b| Index::open(b.into().0, true))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Gazetteer { indexes })
    }

    /// Number of places across all indexes (a place in two indexes counts twice).
    pub fn len(&self) -> usize {
        self.indexes.iter().map(|i| i.n).sum()
    }

    /// Whether there are no places at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All places whose name or alternate name folds to `fold(name)`, most populous first.
    ///
    /// Exact fold matches come before matches that only agree once Arabic articles and spaces
    /// are ignored ("Al-Raqqa" ~ "Ar Raqqah", "Bab an-Nairab" ~ "Bab al-Nairab"); each group is
    /// ordered by population. Only when neither finds anything are common transliteration
    /// variants tried ("Edlib" ~ "Idlib", "Ain" ~ "Ayn"). A place found in several indexes is
    /// returned once, with the data of the first (overlay) index. Use [`Gazetteer::lookup_matches`]
    /// to see how each place matched.
    pub fn lookup(&self, name: &str) -> Vec<Place> {
        self.lookup_matches(name)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// Like [`Gazetteer::lookup`], with how each place matched, so a caller can demand more
    /// context (a country, a province) before trusting a loose or variant match.
    pub fn lookup_matches(&self, name: &str) -> Vec<(Place, MatchKind)> {
        self.lookup_with(name, true)
    }

    /// Like [`Gazetteer::lookup`], without the spelling-variant fallback: for deciding whether a
    /// capitalized word is a place at all, where "Idlib ≈ Edlib" guesses would turn names of
    /// people into villages (and cost time on every name that is not a place).
    pub fn lookup_strict(&self, name: &str) -> Vec<Place> {
        self.lookup_with(name, false)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    fn lookup_with(&self, name: &str, variants: bool) -> Vec<(Place, MatchKind)> {
        let q = fold(name);
        if q.is_empty() {
            return Vec::new();
        }
        let mut hits: Vec<(u8, Place)> = Vec::new();
        self.collect(&fold::query_keys(&q), &mut hits);
        if hits.is_empty() && variants {
            let keys: Vec<(u8, Vec<u8>)> = fold::spelling_variants(&q)
                .iter()
                .flat_map(|v| fold::query_keys(v))
                .map(|(_, k)| (2, k))
                .collect();
            self.collect(&keys, &mut hits);
        }
        hits.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.population.cmp(&a.1.population)));
        let kind = |t: u8| match t {
            0 => MatchKind::Exact,
            1 => MatchKind::Loose,
            _ => MatchKind::Variant,
        };
        hits.into_iter().map(|(t, p)| (p, kind(t))).collect()
    }

    /// Adds the places under `keys` to `hits`, once per GeoNames id (first index wins, best
    /// tier kept).
    fn collect(&self, keys: &[(u8, Vec<u8>)], hits: &mut Vec<(u8, Place)>) {
        let mut seen: HashMap<u64, usize> = hits
            .iter()
            .enumerate()
            .map(|(i, (_, p))| (p.geonames_id, i))
            .collect();
        let mut buf = Vec::new();
        for idx in &self.indexes {
            for (tier, key) in keys {
                buf.clear();
                idx.postings(key, &mut buf);
                for &i in &buf {
                    let Some(id) = idx.id(i) else { continue };
                    match seen.get(&u64::from(id)) {
                        Some(&pos) => hits[pos].0 = hits[pos].0.min(*tier),
                        None => {
                            if let Some(p) = idx.place(i) {
                                seen.insert(p.geonames_id, hits.len());
                                hits.push((*tier, p));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The populated place (feature class `P`) nearest to a position, within `max_km`, with
    /// its distance in km: what a photo that carries only GPS coordinates can be said to be
    /// near. A linear scan of the coordinates (a few milliseconds for the embedded data): it
    /// runs once per photo, not per caption.
    pub fn nearest_place(&self, lat: f64, lon: f64, max_km: f64) -> Option<(Place, f64)> {
        // Compare in degrees first: a cheap bound that skips almost every row.
        let max_lat = max_km / 111.0;
        let mut best: Option<(f64, usize, u32)> = None;
        for (k, idx) in self.indexes.iter().enumerate() {
            for i in 0..idx.n as u32 {
                let Some(r) = idx.record(i) else { continue };
                if r[rec::FCLASS] != b'P' {
                    continue;
                }
                let plat = f64::from(le_u32(r, rec::LAT) as i32) / 1e5;
                if (plat - lat).abs() > max_lat {
                    continue;
                }
                let plon = f64::from(le_u32(r, rec::LON) as i32) / 1e5;
                let km = haversine_km(lat, lon, plat, plon);
                if km <= max_km && best.is_none_or(|(b, _, _)| km < b) {
                    best = Some((km, k, i));
                }
            }
        }
        let (km, k, i) = best?;
        Some((self.indexes[k].place(i)?, km))
    }

    /// A place by GeoNames id (overlays first).
    pub fn by_id(&self, geonames_id: u64) -> Option<Place> {
        let id = u32::try_from(geonames_id).ok()?;
        self.indexes
            .iter()
            .find_map(|idx| idx.by_id(id).and_then(|i| idx.place(i)))
    }

    /// A country by name or alternative spelling (`Syria`, `U.S.`, `Britain`) or ISO code.
    ///
    /// A code is only recognised in upper case ("US", not "us"), because lower-case two-letter
    /// words in captions are ordinary English.
    pub fn country_by_name(&self, name: &str) -> Option<Country> {
        let t = name.trim();
        if t.len() == 2
            && t.bytes().all(|b| b.is_ascii_uppercase())
            && let Some(c) = self.country(t)
        {
            return Some(c);
        }
        let f = fold(t);
        let f = f.strip_prefix("the ").unwrap_or(&f);
        keyed(COUNTRY_NAMES, f)
            .next()
            .map(|i| COUNTRIES[i as usize].to_country())
    }

    /// Country names written in scripts without letter case (Arabic, Persian, Urdu, Hebrew,
    /// Devanagari, Thai, Chinese, Japanese, Korean …), with the country's code: a caption in
    /// these scripts has no capitals to find names by, so callers look for them as written.
    pub fn uncased_country_names(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        UNCASED_COUNTRY_NAMES
            .iter()
            .map(|&(name, i)| (name, COUNTRIES[i as usize].code))
    }

    /// A country by demonym (`Syrian`, `Iraqi`, `Bahraini`); plurals (`Syrians`) work too.
    pub fn country_by_demonym(&self, word: &str) -> Option<Country> {
        let f = fold(word);
        if f.is_empty() {
            return None;
        }
        keyed(COUNTRY_DEMONYMS, &f)
            .next()
            .or_else(|| {
                f.strip_suffix('s')
                    .and_then(|s| keyed(COUNTRY_DEMONYMS, s).next())
            })
            .map(|i| COUNTRIES[i as usize].to_country())
    }

    /// A country by ISO code (case-insensitive).
    pub fn country(&self, code: &str) -> Option<Country> {
        let code = code.trim().to_ascii_uppercase();
        COUNTRIES
            .binary_search_by(|c| c.code.cmp(code.as_str()))
            .ok()
            .map(|i| COUNTRIES[i].to_country())
    }

    /// First-level divisions whose name folds to `fold(name)`, optionally within one country.
    ///
    /// Also matches other names of a division ("Damascus Countryside" ~ Rif Dimashq), without
    /// generic words ("Damascus Governorate" ~ "Damascus") and without Arabic articles
    /// ("Deir al-Zor" ~ "Deir ez-Zor"); exact matches come first, and a division's own name
    /// before its other names.
    pub fn admin1_by_name(&self, name: &str, country: Option<&str>) -> Vec<Admin1> {
        let f = fold(name);
        if f.is_empty() {
            return Vec::new();
        }
        let mut rows: Vec<u32> = keyed(ADMIN1_EXACT, &f).collect();
        rows.extend(keyed(ADMIN1_LOOSE, &loose_key(&f)));
        let mut seen = std::collections::HashSet::new();
        rows.into_iter()
            .filter(|&i| seen.insert(i))
            .map(|i| &ADMIN1[i as usize])
            .filter(|r| country.is_none_or(|c| r.cc.eq_ignore_ascii_case(c.trim())))
            .map(Admin1Row::to_admin1)
            .collect()
    }

    /// The admin1 division of a country by code.
    pub fn admin1(&self, country: &str, code: &str) -> Option<Admin1> {
        let cc = country.trim().to_ascii_uppercase();
        let key = (cc.as_str(), code.trim());
        ADMIN1
            .binary_search_by(|r| (r.cc, r.code).cmp(&key))
            .ok()
            .map(|i| ADMIN1[i].to_admin1())
    }
}

/// Great-circle distance in km.
fn haversine_km(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    6371.0 * 2.0 * a.sqrt().asin()
}

// ---------------------------------------------------------------------------------------------
// Import of GeoNames dumps

/// Compiles a GeoNames dump into an index blob for [`Gazetteer::with_overlays`].
///
/// The input is the 19-column GeoNames TSV (a per-country `SY.txt`, or `allCountries.txt`),
/// all feature classes. The point is to reach places that cities500 lacks (villages,
/// neighbourhoods, mountains, camps) while keeping start-up free of parsing: the blob is the
/// same format as the embedded one and can be memory-mapped. Every name in the alternate-names
/// column is indexed, whatever its script (folding transliterates).
///
/// Memory use is roughly proportional to the dump's size (all keys are sorted in memory); a
/// country file is no problem, `allCountries.txt` needs several GiB.
pub fn build_overlay(mut reader: impl BufRead) -> Result<Vec<u8>, GeoError> {
    let mut b = BlobBuilder::new();
    let mut raw = Vec::new();
    let mut p = RawPlace::default();
    let mut line_no = 0usize;
    loop {
        raw.clear();
        if reader.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        line_no += 1;
        let err = |message: String| GeoError::Parse {
            line: line_no,
            message,
        };
        let line = std::str::from_utf8(&raw).map_err(|e| err(format!("invalid UTF-8: {e}")))?;
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        if c.len() != 19 {
            return Err(err(format!(
                "expected 19 tab-separated columns, found {}",
                c.len()
            )));
        }
        p.id = c[0]
            .parse()
            .map_err(|_| err(format!("geonameid {:?} is not a number", c[0])))?;
        let coord = |s: &str, what: &str, max: f64| -> Result<f64, GeoError> {
            match s.trim().parse::<f64>() {
                Ok(v) if v.is_finite() && v.abs() <= max => Ok(v),
                _ => Err(err(format!("{what} {s:?} is not a number in ±{max}"))),
            }
        };
        p.lat = coord(c[4], "latitude", 90.0)?;
        p.lon = coord(c[5], "longitude", 180.0)?;
        p.name.clear();
        p.name.push_str(c[1]);
        p.alternates.clear();
        if c[2] != c[1] && !c[2].is_empty() {
            p.alternates.push(c[2].to_owned());
        }
        if !c[3].is_empty() {
            p.alternates
                .extend(c[3].split(',').filter(|a| !a.is_empty()).map(str::to_owned));
        }
        p.fclass = c[6].bytes().next().unwrap_or(0);
        p.fcode = c[7].to_owned();
        p.cc = c[8].to_owned();
        p.admin1 = c[10].to_owned();
        p.pop = if c[14].trim().is_empty() {
            0
        } else {
            c[14]
                .trim()
                .parse()
                .map_err(|_| err(format!("population {:?} is not a number", c[14])))?
        };
        b.add(&p).map_err(GeoError::Build)?;
    }
    b.finish().map_err(GeoError::Build)
}

#[cfg(test)]
mod tests;
