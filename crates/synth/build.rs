//! Picks the synthetic corpus's places out of the gazetteer at build time, so that a generator
//! starts without inflating 6 MB of GeoNames rows.
//!
//! Writes `OUT_DIR/places.tsv`: `CC <TAB> name <TAB> admin1 name <TAB> admin1 code`, the
//! [`PER_COUNTRY`] most populous places of each country, sorted by country, then population
//! (descending), then name, so that a place's rank in its country is stable.

use std::collections::{BTreeMap, HashMap};
use std::io::Read;
use std::path::PathBuf;

/// Enough for a long tail of rarely named towns (real captions name thousands of places) while
/// keeping the embedded table small (about 20,000 rows, ~600 KB).
const PER_COUNTRY: usize = 150;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let data = manifest.join("../../data/gazetteer");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!(
        "cargo:rerun-if-changed={}",
        data.join("places.tsv.gz").display()
    );
    println!(
        "cargo:rerun-if-changed={}",
        data.join("admin1.tsv").display()
    );
    println!("cargo:rerun-if-changed=build.rs");

    let admin1: HashMap<String, String> = std::fs::read_to_string(data.join("admin1.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let mut c = l.split('\t');
            Some((c.next()?.to_string(), c.next()?.to_string()))
        })
        .collect();

    let gz = std::fs::read(data.join("places.tsv.gz")).unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_string(&mut text)
        .unwrap();

    // country -> (population, name, admin1 code)
    let mut by_country: BTreeMap<&str, Vec<(u64, &str, &str)>> = BTreeMap::new();
    for line in text.lines() {
        let c: Vec<&str> = line.split('\t').collect();
        if c.len() != 10 || !keep_feature(c[6]) || !plain_name(c[1]) || c[7].len() != 2 {
            continue;
        }
        let pop = c[9].parse().unwrap_or(0);
        by_country.entry(c[7]).or_default().push((pop, c[1], c[8]));
    }
    let mut tsv = String::new();
    for (cc, mut places) in by_country {
        places.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        places.dedup_by(|a, b| a.1 == b.1);
        for (_, name, code) in places.into_iter().take(PER_COUNTRY) {
            let a1 = admin1
                .get(&format!("{cc}.{code}"))
                .map(String::as_str)
                .unwrap_or("");
            tsv.push_str(&format!("{cc}\t{name}\t{a1}\t{code}\n"));
        }
    }
    std::fs::write(out.join("places.tsv"), tsv).unwrap();
}

/// Living settlements only: no city sections, abandoned, historical or destroyed places.
fn keep_feature(code: &str) -> bool {
    !matches!(
        code,
        "PPLX" | "PPLQ" | "PPLH" | "PPLW" | "PPLCH" | "PPLR" | ""
    )
}

/// Names that read as a caption would write them (no "Ward 12", no "X (Y)", no "A / B").
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().next().is_some_and(char::is_alphabetic)
        && !name
            .chars()
            .any(|c| c.is_ascii_digit() || "()/,;\"[]".contains(c))
}
