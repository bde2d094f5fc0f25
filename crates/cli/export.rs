//! `dateline export xmp`: one XMP sidecar per photo (or per caption of a text, JSONL or CSV
//! input) with the extracted fields as IPTC Core / Extension properties.
//!
//! Sidecar names:
//! - a photo `some/dir/photo.jpg` gets `OUT/photo.xmp`, the name photo software looks for next
//!   to the photo;
//! - when several photos of one run share a stem (`a/photo.jpg` and `b/photo.jpg`, or
//!   `photo.jpg` and `photo.png`; compared without regard to case, for case-insensitive file
//!   systems), each of them gets `OUT/photo.<record id>.xmp` instead, so none silently wins;
//! - a caption from a text, JSONL or CSV input gets `OUT/<record id>.xmp`;
//! - a name still taken within the run (the same caption twice) gets `-2`, `-3`, ... appended.
//!
//! An existing file is never overwritten without `--force`; every problem is reported as
//! `file: reason` on standard error, the rest is written, and the exit status is 1.

use super::{Cli, InputArgs, Inputs, extract_all, load_engine, read_inputs};
use anyhow::{Context, Result};
use dateline_media::sidecar::{SidecarFields, xmp_sidecar};
use dateline_model::Record;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Subcommand)]
pub enum ExportCommand {
    /// Write one XMP sidecar (IPTC Core / Extension) per photo or caption into a directory.
    Xmp(XmpArgs),
    /// Archive records matching a query as CSV (RFC 4180, one row per record; docs/exports.md).
    Csv(crate::export_archive::CsvArgs),
    /// Archive records with coordinates as a GeoJSON FeatureCollection (RFC 7946).
    Geojson(crate::export_out::QueryExportArgs),
    /// Archive records with coordinates as an OGC GeoPackage (needs --out).
    Gpkg(crate::export_out::QueryExportArgs),
    /// Archive records with coordinates as KML placemarks (caption as description).
    Kml(crate::export_out::QueryExportArgs),
    /// Archive records as JSON Lines: the record contract, corrections applied.
    Jsonl(crate::export_out::QueryExportArgs),
    /// Incidents as ACLED-style CSV rows (one per incident; mapping in docs/acled.md).
    Acled(crate::export_out::QueryExportArgs),
}

/// Runs an export subcommand.
pub fn run(cli: &Cli, cmd: &ExportCommand) -> Result<i32> {
    use crate::export_archive::{self as ea, Format};
    match cmd {
        ExportCommand::Xmp(args) => xmp(cli, args),
        ExportCommand::Csv(a) => ea::run(cli, &a.common, Format::Csv { bom: a.bom }),
        ExportCommand::Geojson(a) => ea::run(cli, a, Format::GeoJson),
        ExportCommand::Gpkg(a) => ea::gpkg(cli, a),
        ExportCommand::Kml(a) => ea::run(cli, a, Format::Kml),
        ExportCommand::Jsonl(a) => ea::run(cli, a, Format::Jsonl),
        ExportCommand::Acled(a) => crate::export_acled::run(cli, a),
    }
}

#[derive(clap::Args)]
pub struct XmpArgs {
    /// Directory for the sidecars (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// Overwrite sidecars that already exist.
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    pub(crate) engine: crate::opts::EngineOpts,
    #[command(flatten)]
    pub(crate) archive: crate::opts::ArchiveOpt,
}

pub fn xmp(cli: &Cli, args: &XmpArgs) -> Result<i32> {
    let engine = load_engine(cli)?;
    let Inputs {
        captions,
        embedded,
        errors: mut n_errors,
    } = read_inputs(&args.input)?;
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    let mut records = extract_all(&engine, &captions, args.input.threads)?;
    for (rec, extra) in records.iter_mut().zip(&embedded) {
        if let Some(e) = extra {
            e.apply(rec, &engine);
        }
    }
    let corrected = use_archived(cli, &mut records)?;
    if corrected > 0 {
        eprintln!("dateline: {corrected} record(s) carry corrections from the archive");
    }
    let names = sidecar_names(&records);
    let mut written = 0;
    for (rec, name) in records.iter().zip(names) {
        let path = args.out.join(name);
        let fields = fields(&engine, rec);
        match write_new(&path, xmp_sidecar(&fields).as_bytes(), args.force) {
            Ok(()) => written += 1,
            Err(why) => {
                eprintln!("dateline: {}: {why}", path.display());
                n_errors += 1;
            }
        }
    }
    eprintln!(
        "dateline: {written} sidecar(s) written to {}",
        args.out.display()
    );
    if n_errors > 0 {
        eprintln!("dateline: {n_errors} problem(s)");
        return Ok(1);
    }
    Ok(0)
}

/// Where a record is in the archive, what the archive says wins: the effective record
/// (extraction + corrections), so a corrected date reaches the sidecar. The record keeps the
/// source of this run's input, which names its sidecar. Returns how many records had
/// corrections. Without an archive file, nothing changes; a PostgreSQL archive is read from.
fn use_archived(cli: &Cli, records: &mut [Record]) -> Result<usize> {
    use crate::archive_cmd::Spec;
    use dateline_archive::{ArchiveError, Store};
    let store = match crate::archive_cmd::archive_spec(cli)? {
        Spec::File(path) => {
            if !path.is_file() {
                return Ok(0);
            }
            dateline_archive::AnyStore::Sqlite(
                dateline_archive::SqliteStore::open_with(
                    &path,
                    dateline_archive::OpenOptions {
                        read_only: true,
                        ..Default::default()
                    },
                )
                .with_context(|| format!("opening the archive {}", path.display()))?,
            )
        }
        Spec::Postgres(url) => crate::archive_cmd::open_pg(&url, true)?,
    };
    let mut corrected = 0;
    for rec in records.iter_mut() {
        match store.get(&rec.id) {
            Ok(stored) => {
                if !stored.corrections.is_empty() {
                    corrected += 1;
                }
                let source = std::mem::take(&mut rec.source);
                let input_id = rec.input_id.take();
                *rec = stored.record;
                rec.source = source;
                rec.input_id = input_id;
            }
            Err(ArchiveError::NotFound(_)) => {}
            Err(e) => return Err(e).context("reading the archive"),
        }
    }
    Ok(corrected)
}

fn write_new(path: &Path, bytes: &[u8], force: bool) -> Result<(), String> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true);
    if force {
        opts.create(true).truncate(true);
    } else {
        opts.create_new(true);
    }
    let mut f = opts.open(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            "already exists (use --force to overwrite)".to_string()
        } else {
            format!("cannot create: {e}")
        }
    })?;
    f.write_all(bytes)
        .and_then(|()| f.flush())
        .map_err(|e| format!("cannot write: {e}"))
}

/// The photo's file stem when the record came from an image file.
fn image_stem(r: &Record) -> Option<String> {
    if r.source.kind != "image" {
        return None;
    }
    let path = r.source.path.as_deref()?;
    Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
}

/// One file name per record, in order (see the module documentation).
fn sidecar_names(records: &[Record]) -> Vec<String> {
    let stems: Vec<Option<String>> = records.iter().map(image_stem).collect();
    let mut count: HashMap<String, usize> = HashMap::new();
    for s in stems.iter().flatten() {
        *count.entry(s.to_lowercase()).or_default() += 1;
    }
    let mut taken = HashSet::new();
    records
        .iter()
        .zip(stems)
        .map(|(r, stem)| {
            let base = match stem {
                Some(s) if count[&s.to_lowercase()] == 1 => s,
                Some(s) => format!("{s}.{}", r.id),
                None => r.id.clone(),
            };
            let mut name = format!("{base}.xmp");
            let mut n = 2;
            while !taken.insert(name.to_lowercase()) {
                name = format!("{base}-{n}.xmp");
                n += 1;
            }
            name
        })
        .collect()
}

/// The sidecar's fields from a record.
fn fields(engine: &dateline_engine::Engine, r: &Record) -> SidecarFields {
    let loc = &r.location;
    let country = loc
        .country
        .as_deref()
        .and_then(|c| engine.gazetteer().country(c))
        .map(|c| c.name);
    let mut keywords: Vec<String> = Vec::new();
    let mut keyword = |k: &str| {
        let k = k.trim();
        if !k.is_empty() && !keywords.iter().any(|x| x.eq_ignore_ascii_case(k)) {
            keywords.push(k.to_string());
        }
    };
    // The event type is a keyword (`air strike`, `daily life`), unless it says nothing (`other`).
    if let Some(t) = r.event.event_type.as_deref().filter(|t| *t != "other") {
        keyword(&t.replace('_', " "));
    }
    for o in &r.organizations {
        keyword(o.canonical.as_deref().unwrap_or(&o.name));
    }
    SidecarFields {
        description: Some(r.caption.clone()),
        creators: r.credit.creators.clone(),
        credit: r.credit.agency.clone(),
        date_created: r.date.as_ref().map(|d| d.iso.clone()),
        sublocation: loc.sublocation.clone(),
        city: loc.city.clone(),
        province_state: loc.province.clone(),
        country,
        country_code: loc.country.clone(),
        latitude: loc.lat,
        longitude: loc.lon,
        persons: r.people.iter().map(|p| p.name.clone()).collect(),
        keywords,
        creator_tool: Some(format!(
            "dateline {} (record {})",
            env!("CARGO_PKG_VERSION"),
            r.id
        )),
        record_id: Some(r.id.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(kind: &str, path: &str, caption: &str) -> Record {
        let mut r = dateline_engine::Engine::builtin()
            .extract(&dateline_engine::CaptionInput::new(caption));
        r.source.kind = kind.into();
        r.source.path = Some(path.into());
        r
    }

    #[test]
    fn names_follow_the_photo_and_never_clash() {
        let a = rec("image", "x/a/photo.jpg", "One.");
        let b = rec("image", "x/b/Photo.png", "Two.");
        let c = rec("image", "x/other.tif", "Three.");
        let t1 = rec("text", "caps.txt", "Four.");
        let t2 = rec("text", "caps.txt", "Four.");
        let names = sidecar_names(&[a.clone(), b.clone(), c, t1.clone(), t2]);
        assert_eq!(
            names,
            [
                format!("photo.{}.xmp", a.id),
                format!("Photo.{}.xmp", b.id),
                "other.xmp".to_string(),
                format!("{}.xmp", t1.id),
                format!("{}-2.xmp", t1.id),
            ]
        );
    }
}
