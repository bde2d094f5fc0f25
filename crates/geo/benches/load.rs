//! Load-time benchmark: why the index is compiled at build time.
//!
//! Compares `Gazetteer::embedded()` (header read, fst wrapped) with the naive alternative of
//! parsing the gzip TSV into a `HashMap` at start, and reports lookups per second.
//! Run with `cargo bench -p dateline-geo --bench load`.

use std::collections::HashMap;
use std::io::Read;
use std::time::{Duration, Instant};

use dateline_geo::{Gazetteer, fold};

fn baseline() -> HashMap<String, Vec<(u64, f64, f64, u64)>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/gazetteer/places.tsv.gz"
    );
    let gz = std::fs::read(path).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut text)
        .unwrap();
    let mut map: HashMap<String, Vec<(u64, f64, f64, u64)>> = HashMap::new();
    for line in text.lines() {
        let c: Vec<&str> = line.split('\t').collect();
        let row = (
            c[0].parse().unwrap(),
            c[3].parse().unwrap(),
            c[4].parse().unwrap(),
            c[9].parse().unwrap_or(0),
        );
        for n in std::iter::once(c[1]).chain(c[2].split(',').filter(|s| !s.is_empty())) {
            map.entry(fold(n)).or_default().push(row);
        }
    }
    map
}

fn main() {
    let t = Instant::now();
    let g = Gazetteer::embedded();
    let first = t.elapsed();
    let t = Instant::now();
    for _ in 0..1000 {
        std::hint::black_box(Gazetteer::embedded());
    }
    let cached = t.elapsed() / 1000;
    println!(
        "embedded() first call: {:?} ({} places); cached call: {:?}",
        first,
        g.len(),
        cached
    );

    let t = Instant::now();
    let map = baseline();
    let base = t.elapsed();
    println!(
        "baseline gzip TSV -> HashMap: {:?} ({} keys)",
        base,
        map.len()
    );
    println!(
        "ratio baseline / embedded(): {:.0}x",
        base.as_secs_f64() / first.as_secs_f64().max(1e-9)
    );
    drop(map);

    let names = [
        "Aleppo",
        "Al-Raqqa",
        "Kobani",
        "Idlib",
        "Mafraq",
        "Sanaa",
        "Gaza",
        "Manama",
        "Kitzbuehel",
        "Leeds",
        "Kumagaya",
        "Rio Branco",
        "Mosul",
        "Taiz",
        "Sderot",
        "Tel Aviv",
        "Springfield",
        "Xyzzy",
        "San Jose",
        "Bab al- Nairab",
    ];
    let mut n = 0u64;
    let mut hits = 0usize;
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(2) {
        for name in names {
            hits += g.lookup(name).len();
            n += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "lookups: {:.0}/s ({} lookups, {} hits)",
        n as f64 / secs,
        n,
        hits
    );
}
