//! Compiles data/gazetteer/* into the embedded index, so that start-up parses nothing.
//!
//! Writes to OUT_DIR:
//! * `places.bin`: the index blob (see src/blob.rs) of places.tsv.gz and airports.tsv.gz;
//! * `tables.rs`: countries and admin1 divisions as static arrays with sorted folded keys;
//! * `uncased.fst`, `uncased_targets.bin`: names in scripts without letter case, as written,
//!   and what each names (see src/uncased.rs).

#![allow(dead_code)]

#[path = "src/fold.rs"]
mod fold;

#[path = "src/blob.rs"]
mod blob;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use blob::{BlobBuilder, RawPlace};
use fold::{fold, loose_key};

fn main() {
    let t0 = Instant::now();
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let data = manifest.join("../../data/gazetteer");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    for f in [
        "places.tsv.gz",
        "airports.tsv.gz",
        "admin1.tsv",
        "admin1_extra.tsv",
        "countries.tsv",
        "country_extra.tsv",
        "country_names.tsv",
        "uncased_names.tsv.gz",
    ] {
        println!("cargo:rerun-if-changed={}", data.join(f).display());
    }
    println!("cargo:rerun-if-changed=src/fold.rs");
    println!("cargo:rerun-if-changed=src/blob.rs");
    println!("cargo:rerun-if-changed=build.rs");

    let (blob, big_places) =
        build_places(&[data.join("places.tsv.gz"), data.join("airports.tsv.gz")]);
    std::fs::write(out.join("places.bin"), blob).unwrap();
    let t1 = Instant::now();

    let mut code = String::new();
    let (country_index, uncased_countries) = countries(&data, &big_places, &mut code);
    let admin1_index = admin1(&data, &mut code);
    let (fst, targets) = uncased(&data, &country_index, &uncased_countries, &admin1_index);
    std::fs::write(out.join("uncased.fst"), fst).unwrap();
    std::fs::write(out.join("uncased_targets.bin"), targets).unwrap();
    std::fs::write(out.join("tables.rs"), code).unwrap();
    // Visible with `cargo build -vv` or in the build script's `output` file, without adding a
    // warning to everybody's build.
    println!(
        "timing: places {:.2}s, tables {:.2}s",
        (t1 - t0).as_secs_f64(),
        t1.elapsed().as_secs_f64()
    );
}

/// A place at least this populous, or a capital, keeps its name from a country's name in another
/// language ("Tunis" is Tunisia in Croatian, "Brasilia" Brazil in Finnish, "Salvador" El
/// Salvador in French: in a caption they are the cities).
const BIG_PLACE: u64 = 200_000;

/// One index over all files: GeoNames places and airfields share the id space (airfield ids are
/// above every GeoNames id; see scripts/build-gazetteer.py). Also returns the folded names of the
/// big places ([`BIG_PLACE`]).
fn build_places(paths: &[PathBuf]) -> (Vec<u8>, std::collections::HashSet<String>) {
    let mut big = std::collections::HashSet::new();
    let mut text = String::new();
    for path in paths {
        let gz = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text.reserve(gz.len() * 3);
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_string(&mut text)
            .unwrap();
    }
    let t = Instant::now();
    let mut b = BlobBuilder::new();
    let mut p = RawPlace::default();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        assert!(
            c.len() == 10,
            "places.tsv.gz / airports.tsv.gz line {}: {} columns",
            i + 1,
            c.len()
        );
        p.id = c[0].parse().unwrap();
        p.name.clear();
        p.name.push_str(c[1]);
        p.alternates.clear();
        if !c[2].is_empty() {
            p.alternates.extend(c[2].split(',').map(str::to_owned));
        }
        p.lat = c[3].parse().unwrap();
        p.lon = c[4].parse().unwrap();
        p.fclass = c[5].bytes().next().unwrap_or(b'P');
        p.fcode = c[6].to_owned();
        p.cc = c[7].to_owned();
        p.admin1 = c[8].to_owned();
        p.pop = c[9].parse().unwrap_or(0);
        if p.fclass == b'P' && (p.pop >= BIG_PLACE || p.fcode == "PPLC") {
            big.insert(fold(&p.name));
        }
        b.add(&p).unwrap();
    }
    let t2 = Instant::now();
    let r = b.finish().unwrap();
    // Plain stdout (not a cargo directive): recorded in target/*/build/dateline-geo-*/output.
    println!(
        "timing: gunzip+parse+fold {:.2}s, sort+fst {:.2}s",
        (t2 - t).as_secs_f64(),
        t2.elapsed().as_secs_f64()
    );
    (r, big)
}

fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(|s| s.trim().to_owned()).collect())
        .collect()
}

/// Keys that name a country only as a two-letter code would clash with English words ("US").
fn push_key(keys: &mut Vec<(String, u32, u32)>, name: &str, prio: u32, idx: u32) {
    let f = fold(name);
    if f.is_empty() {
        return;
    }
    let f = f.strip_prefix("the ").map(str::to_owned).unwrap_or(f);
    keys.push((f, prio, idx));
}

fn emit_keys(code: &mut String, name: &str, mut keys: Vec<(String, u32, u32)>) {
    // Sorted by key, then by priority, so the first hit of a binary search is the best one.
    keys.sort();
    keys.dedup_by(|a, b| a.0 == b.0 && a.2 == b.2);
    writeln!(code, "pub(crate) static {name}: &[(&str, u32)] = &[").unwrap();
    for (k, _, i) in keys {
        writeln!(code, "    ({k:?}, {i}),").unwrap();
    }
    code.push_str("];\n");
}

/// Writes the country tables; returns each country's row by code and the uncased names of
/// country_names.tsv with their rows.
fn countries(
    data: &Path,
    big_places: &std::collections::HashSet<String>,
    code: &mut String,
) -> (BTreeMap<String, u32>, Vec<(String, u32)>) {
    let base = rows(&data.join("countries.tsv"));
    let extra = rows(&data.join("country_extra.tsv"));
    code.push_str("pub(crate) static COUNTRIES: &[CountryRow] = &[\n");
    let mut index = BTreeMap::new();
    for (i, r) in base.iter().enumerate() {
        assert!(r.len() == 9, "countries.tsv: {r:?}");
        index.insert(r[0].clone(), i as u32);
        writeln!(
            code,
            "    CountryRow {{ code: {:?}, name: {:?}, official: {:?}, lat: {}f64, lon: {}f64 }},",
            r[0], r[1], r[2], r[6], r[7]
        )
        .unwrap();
    }
    code.push_str("];\n");
    let area = |i: u32| -> u32 {
        let a: f64 = base[i as usize][8].parse().unwrap_or(0.0);
        // Larger countries win ties ("Dominican" → DO, not DM): priority is inverse area.
        u32::MAX - (a.min(4e9) as u32)
    };
    let mut names = Vec::new();
    let mut demonyms = Vec::new();
    for r in &extra {
        assert!(r.len() == 3, "country_extra.tsv: {r:?}");
        let i = *index
            .get(&r[0])
            .unwrap_or_else(|| panic!("country_extra.tsv: unknown {}", r[0]));
        match r[1].as_str() {
            "name" => push_key(&mut names, &r[2], 0, i),
            "demonym" => push_key(&mut demonyms, &r[2], 0, i),
            k => panic!("country_extra.tsv: unknown kind {k}"),
        }
    }
    for (i, r) in base.iter().enumerate() {
        let i = i as u32;
        push_key(&mut names, &r[1], 1, i);
        push_key(&mut names, &r[2], 2, i);
        for a in r[3].split('|').filter(|a| !a.is_empty()) {
            // Two- and three-letter codes ("SY", "UK") are handled as codes, not names.
            if a.len() <= 3 && a.bytes().all(|b| b.is_ascii_uppercase()) {
                continue;
            }
            push_key(&mut names, a, area(i), i);
        }
        // "Bosnian, Herzegovinian": a field may hold several demonyms.
        for d in [&r[4], &r[5]] {
            for d in d.split(',').map(str::trim).filter(|d| !d.is_empty()) {
                push_key(&mut demonyms, d, area(i), i);
            }
        }
    }
    // Names in other languages ("Tchad", "Ciad", "Éthiopie"), after every English one.
    // Those in scripts without letter case are also kept as written, for captions in them.
    let mut uncased: Vec<(String, u32)> = Vec::new();
    for r in rows(&data.join("country_names.tsv")) {
        assert!(r.len() == 3, "country_names.tsv: {r:?}");
        if let Some(&i) = index.get(&r[0])
            && !big_places.contains(&fold(&r[2]))
        {
            push_key(&mut names, &r[2], area(i).saturating_add(1), i);
            let letters = r[2].chars().filter(|c| c.is_alphabetic());
            if r[2].chars().any(char::is_alphabetic)
                && letters
                    .clone()
                    .all(|c| !c.is_lowercase() && !c.is_uppercase())
            {
                uncased.push((r[2].clone(), i));
            }
        }
    }
    uncased.sort();
    uncased.dedup();
    writeln!(
        code,
        "pub(crate) static UNCASED_COUNTRY_NAMES: &[(&str, u32)] = &["
    )
    .unwrap();
    for (n, i) in &uncased {
        writeln!(code, "    ({n:?}, {i}),").unwrap();
    }
    code.push_str("];\n");
    emit_keys(code, "COUNTRY_NAMES", names);
    emit_keys(code, "COUNTRY_DEMONYMS", demonyms);
    (index, uncased)
}

/// Generic words that captions add to or drop from a division's name.
const ADMIN_WORDS: &[&str] = &[
    "governorate",
    "province",
    "region",
    "state",
    "district",
    "oblast",
    "prefecture",
    "county",
    "department",
    "muhafazat",
    "wilayah",
    "wilayat",
    "krai",
    "okrug",
    "republic",
    "of",
];

/// Writes the admin1 tables; returns each division's row by `CC.code`.
fn admin1(data: &Path, code: &mut String) -> BTreeMap<String, u32> {
    let mut all = rows(&data.join("admin1.tsv"));
    for r in &all {
        assert!(
            !r.is_empty() && r[0].contains('.') && r.len() >= 2,
            "admin1.tsv: {r:?}"
        );
    }
    // Sorted by (country, code): the order `Gazetteer::admin1` binary-searches in.
    all.sort_by(|a, b| a[0].split_once('.').cmp(&b[0].split_once('.')));
    code.push_str("pub(crate) static ADMIN1: &[Admin1Row] = &[\n");
    let mut exact = Vec::new();
    let mut loose = Vec::new();
    for (i, r) in all.iter().enumerate() {
        let (cc, a1) = r[0].split_once('.').unwrap();
        let gid: u64 = r.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
        writeln!(
            code,
            "    Admin1Row {{ cc: {cc:?}, code: {a1:?}, name: {:?}, gid: {gid} }},",
            r[1]
        )
        .unwrap();
        let i = i as u32;
        // The name first (priority 0), then its other names from column 4 (priority 1), each
        // also without generic words ("Hama Governorate" ~ "Hama").
        let alternates = r.get(3).map(String::as_str).unwrap_or("");
        let names = std::iter::once(r[1].as_str()).chain(alternates.split('|'));
        for (n, name) in names.filter(|n| !n.is_empty()).enumerate() {
            let prio = u32::from(n > 0);
            let f = fold(name);
            if f.is_empty() {
                continue;
            }
            exact.push((f.clone(), prio, i));
            loose.push((loose_key(&f), prio, i));
            let bare: Vec<&str> = f.split(' ').filter(|t| !ADMIN_WORDS.contains(t)).collect();
            if !bare.is_empty() && bare.len() != f.split(' ').count() {
                let b = bare.join(" ");
                loose.push((loose_key(&b), 1, i));
                exact.push((b, 1, i));
            }
        }
    }
    code.push_str("];\n");
    // Hand-written aliases ("Fla." for Florida) point at the rows above.
    for r in rows(&data.join("admin1_extra.tsv")) {
        assert!(r.len() == 2, "admin1_extra.tsv: {r:?}");
        let i = all
            .iter()
            .position(|a| a[0] == r[0])
            .unwrap_or_else(|| panic!("admin1_extra.tsv: unknown admin1 code {}", r[0]))
            as u32;
        let f = fold(&r[1]);
        loose.push((loose_key(&f), 1, i));
        exact.push((f, 1, i));
    }
    emit_keys(code, "ADMIN1_EXACT", exact);
    emit_keys(code, "ADMIN1_LOOSE", loose);
    all.iter()
        .enumerate()
        .map(|(i, r)| (r[0].clone(), i as u32))
        .collect()
}

/// The fst of names as written in scripts without letter case: key = the name, value =
/// `offset << 8 | count` into the targets (`u64` little-endian), each `kind << 32 | number`
/// (kind 0: GeoNames id of a place, 1: admin1 row, 2: country row; see src/uncased.rs).
fn uncased(
    data: &Path,
    countries: &BTreeMap<String, u32>,
    uncased_countries: &[(String, u32)],
    admin1: &BTreeMap<String, u32>,
) -> (Vec<u8>, Vec<u8>) {
    let path = data.join("uncased_names.tsv.gz");
    let gz = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut text)
        .unwrap();
    let mut by_name: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let c: Vec<&str> = line.split('\t').collect();
        assert!(
            c.len() == 3,
            "uncased_names.tsv.gz line {}: {line:?}",
            n + 1
        );
        let target = match c[1] {
            "P" => c[2].parse::<u64>().unwrap(),
            "A" => match admin1.get(c[2]) {
                Some(&i) => 1 << 32 | u64::from(i),
                None => continue,
            },
            "C" => match countries.get(c[2]) {
                Some(&i) => 2 << 32 | u64::from(i),
                None => continue,
            },
            k => panic!("uncased_names.tsv.gz line {}: unknown kind {k}", n + 1),
        };
        by_name.entry(c[0].to_owned()).or_default().push(target);
    }
    for (name, i) in uncased_countries {
        by_name
            .entry(name.clone())
            .or_default()
            .push(2 << 32 | u64::from(*i));
    }
    let mut targets: Vec<u64> = Vec::new();
    let mut b = fst::MapBuilder::memory();
    for (name, mut t) in by_name {
        t.sort_unstable();
        t.dedup();
        t.truncate(255);
        let value = (targets.len() as u64) << 8 | t.len() as u64;
        targets.extend(t);
        b.insert(name.as_bytes(), value).unwrap();
    }
    let mut bytes = Vec::with_capacity(targets.len() * 8);
    for t in targets {
        bytes.extend_from_slice(&t.to_le_bytes());
    }
    (b.into_inner().unwrap(), bytes)
}
