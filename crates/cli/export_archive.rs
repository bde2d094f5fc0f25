//! `dateline export csv|geojson|gpkg|kml|jsonl`: any search of the archive, streamed record by
//! record (memory does not grow with the archive), with the effective records (corrections
//! applied). Glue between `Store::scan` and the writers of `dateline-export` / `export_gpkg.rs`.

use crate::Cli;
use crate::export_out::{QueryExportArgs, Sink, for_each_record, open_query, persist, temp_beside};
use anyhow::{Context, Result, bail};
use dateline_export::{CsvWriter, GeoJsonWriter, KmlWriter};

#[derive(clap::Args)]
pub struct CsvArgs {
    #[command(flatten)]
    pub common: QueryExportArgs,
    /// Start with a UTF-8 byte order mark, so spreadsheet programs read the file as UTF-8.
    #[arg(long)]
    pub bom: bool,
}

/// The formats that share the archive-export path.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv { bom: bool },
    GeoJson,
    Kml,
    Jsonl,
}

fn say_without_point(what: &str, written: u64, without: u64) {
    eprintln!(
        "dateline: {written} record(s) written to {what}; {without} without coordinates left out"
    );
}

pub fn run(cli: &Cli, args: &QueryExportArgs, format: Format) -> Result<i32> {
    let (store, q) = open_query(cli, &args.query)?;
    let mut sink = Sink::open(args.out.as_deref(), args.force)?;
    match format {
        Format::Csv { bom } => {
            let mut w = CsvWriter::new(sink.writer(), bom)?;
            let n = for_each_record(&store, &q, args.loose_dates, "csv", |r| Ok(w.write(&r)?))?;
            w.finish()?;
            sink.finish()?;
            eprintln!("dateline: {n} record(s) written as CSV");
        }
        Format::Jsonl => {
            let out = sink.writer();
            let n = for_each_record(&store, &q, args.loose_dates, "jsonl", |r| {
                // Serialized first, so that a closed pipe is an I/O error (a quiet exit).
                let mut line = serde_json::to_vec(&r)?;
                line.push(b'\n');
                out.write_all(&line)?;
                Ok(())
            })?;
            sink.finish()?;
            eprintln!("dateline: {n} record(s) written as JSON Lines");
        }
        Format::GeoJson => {
            let mut w = GeoJsonWriter::new(sink.writer())?;
            for_each_record(
                &store,
                &q,
                args.loose_dates,
                "geojson",
                |r| Ok(w.write(&r)?),
            )?;
            let (written, without) = w.finish()?;
            sink.finish()?;
            say_without_point("GeoJSON", written, without);
        }
        Format::Kml => {
            let mut w = KmlWriter::new(sink.writer())?;
            for_each_record(&store, &q, args.loose_dates, "kml", |r| Ok(w.write(&r)?))?;
            let (written, without) = w.finish()?;
            sink.finish()?;
            say_without_point("KML", written, without);
        }
    }
    Ok(0)
}

/// A GeoPackage is a database file, not a stream: it needs `--out`.
pub fn gpkg(cli: &Cli, args: &QueryExportArgs) -> Result<i32> {
    let Some(target) = args.out.as_deref() else {
        bail!("a GeoPackage is a file: give it a name with --out FILE.gpkg");
    };
    let (store, q) = open_query(cli, &args.query)?;
    let tmp = temp_beside(target, args.force)?;
    let mut w = crate::export_gpkg::GpkgWriter::create(tmp.path())?;
    for_each_record(&store, &q, args.loose_dates, "gpkg", |r| w.write(&r))?;
    let (written, without) = w.finish()?;
    persist(tmp, target, args.force).with_context(|| format!("writing {}", target.display()))?;
    say_without_point("the GeoPackage", written, without);
    Ok(0)
}
