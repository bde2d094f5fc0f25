//! Reading a GeoNames dump from disk as GeoNames publishes it: a plain 19-column TSV
//! (`SY.txt`, `allCountries.txt`) or the `.zip` it is downloaded as from
//! <https://download.geonames.org/export/dump/>, read in place without unpacking.

use crate::{GeoError, build_overlay};
use std::io::{BufReader, Read, Seek};
use std::path::Path;

/// The file names in a GeoNames zip that are not place tables.
fn is_place_table(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".txt") && !lower.ends_with("readme.txt") && !lower.contains('/')
}

/// Builds an overlay index from a GeoNames file: a `.zip` (detected by its content, whatever
/// its name) is opened and its one place table read; anything else is read as the TSV itself.
/// Returns the index and the name of what was read (`SY.zip:SY.txt` for a zip).
pub fn build_overlay_from_file(path: &Path) -> Result<(Vec<u8>, String), GeoError> {
    let mut file = std::fs::File::open(path)?;
    let mut magic = [0u8; 4];
    let n = file.read(&mut magic)?;
    file.rewind()?;
    let shown = path.display().to_string();
    if n < 4 || magic != *b"PK\x03\x04" {
        return Ok((build_overlay(BufReader::new(file))?, shown));
    }
    let mut zip = zip::ZipArchive::new(BufReader::new(file))
        .map_err(|e| GeoError::Zip(format!("{shown}: {e}")))?;
    let names: Vec<String> = zip
        .file_names()
        .map(|n| n.map(|n| n.into_owned()))
        .collect::<Result<_, _>>()
        .map_err(|e| GeoError::Zip(format!("{shown}: {e}")))?;
    let tables: Vec<&String> = names.iter().filter(|n| is_place_table(n)).collect();
    let entry = match tables.as_slice() {
        [one] => (*one).clone(),
        [] => {
            return Err(GeoError::Zip(format!(
                "{shown}: no GeoNames place table (.txt) in the zip; it holds {names:?}"
            )));
        }
        many => {
            return Err(GeoError::Zip(format!(
                "{shown}: more than one table in the zip ({many:?}); unpack it and import the place table"
            )));
        }
    };
    if entry.to_ascii_lowercase().starts_with("alternatenames") {
        return Err(GeoError::Zip(format!(
            "{shown}: {entry} is GeoNames' alternate-names table, not a place table; \
             import a country file (SY.zip) or allCountries.zip: each place's alternate names \
             come with it"
        )));
    }
    let reader = zip
        .by_name(&entry)
        .map_err(|e| GeoError::Zip(format!("{shown}: {entry}: {e}")))?;
    let blob = build_overlay(BufReader::new(reader)).map_err(|e| match e {
        GeoError::Parse { line, message } => GeoError::Parse {
            line,
            message: format!("{entry} in the zip: {message}"),
        },
        other => other,
    })?;
    Ok((blob, format!("{shown}:{entry}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const ROW: &str = "170063\tAleppo\tAleppo\tHalab\t36.20124\t37.16117\tP\tPPLA\tSY\t\t09\t\t\t\t1602264\t\t390\tAsia/Damascus\t2023-01-01\n";

    fn zip_with(dir: &Path, entries: &[(&str, &str)]) -> std::path::PathBuf {
        let path = dir.join("XX.zip");
        let mut w = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        for (name, text) in entries {
            w.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            w.write_all(text.as_bytes()).unwrap();
        }
        w.finish().unwrap();
        path
    }

    #[test]
    fn reads_the_place_table_of_a_geonames_zip() {
        let dir = tempfile::tempdir().unwrap();
        let path = zip_with(
            dir.path(),
            &[("readme.txt", "GeoNames readme\n"), ("SY.txt", ROW)],
        );
        let (blob, read) = build_overlay_from_file(&path).unwrap();
        assert!(read.ends_with("XX.zip:SY.txt"), "{read}");
        let plain = build_overlay(ROW.as_bytes()).unwrap();
        assert_eq!(blob, plain);
    }

    #[test]
    fn an_alternate_names_zip_is_refused_with_advice() {
        let dir = tempfile::tempdir().unwrap();
        let path = zip_with(dir.path(), &[("alternateNamesV2.txt", "1\t2\ten\tX\n")]);
        let err = build_overlay_from_file(&path).unwrap_err().to_string();
        assert!(err.contains("alternate-names"), "{err}");
    }

    #[test]
    fn a_bad_line_in_a_zip_names_the_entry_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = zip_with(dir.path(), &[("SY.txt", &format!("{ROW}broken\n"))]);
        let err = build_overlay_from_file(&path).unwrap_err().to_string();
        assert!(err.contains("line 2") && err.contains("SY.txt"), "{err}");
    }
}
