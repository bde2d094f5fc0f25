//! `dateline events` and `dateline show-event`: incidents (`dateline-incident`) over the
//! archive's effective records.
//!
//! Incidents are derived data. They are computed from every live record with its corrections
//! applied, deterministically (same records → same incidents and ids), and kept in a cache
//! file beside the archive (`ARCHIVE.incidents.json.gz`; for a PostgreSQL archive,
//! `ID.incidents.json.gz` in the folder of this process's ranked index, see `cache_path`) with
//! the photos they were made of and
//! the position in the archive's change log. Every ingest, correction, supersession and
//! re-extraction adds to that log, so the next `events` reads just the records changed since
//! and groups again; a correction can never be lost to a stale grouping. `--rebuild` ignores
//! the cache. The cache is a convenience: deleting it loses nothing, and an archive opened
//! read-only simply recomputes each time.

use crate::Cli;
use crate::export_out::progress;
use anyhow::{Context, Result, bail};
use dateline_archive::{AnyStore, Store};
use dateline_incident::{Incident, Photo, Rules};
use std::collections::HashSet;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct EventsArgs {
    /// Only incidents with at least one record matching this query (search language).
    #[arg(default_value = "")]
    pub query: String,
    /// One JSON object per incident (id, reason, records, dates, place, casualties, links).
    #[arg(long)]
    pub json: bool,
    /// Recompute from the records, ignoring the cached grouping (the ids come out the same).
    #[arg(long)]
    pub rebuild: bool,
    /// Show at most this many incidents (0 = all).
    #[arg(long, default_value_t = 0)]
    pub limit: usize,
    #[command(flatten)]
    pub store: crate::opts::StoreOpts,
    /// Only incidents with at least this many photos.
    #[arg(long, default_value_t = 1)]
    pub min_photos: usize,
}

#[derive(clap::Args)]
pub struct ShowEventArgs {
    /// Incident id (`ev-…`, or a unique prefix).
    pub id: String,
    /// Print the incident and its records as one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub store: crate::opts::StoreOpts,
}

/// The incident cache: the grouping, the photos it was made of, and where in the archive's
/// change log they stand.
#[derive(serde::Serialize, serde::Deserialize)]
struct Cache {
    /// The grouping rules' version: other rules, other incidents.
    algorithm: String,
    /// The archive's identity: a cache beside a copy of another archive is not used.
    archive: String,
    /// Position in the change log the photos reflect.
    seq: i64,
    /// The audit entry that was the head when the cache was written, `(seq, hash)`: an
    /// archive restored from a backup no longer has it, and the cache is not used.
    audit: Option<(i64, String)>,
    photos: Vec<Photo>,
    incidents: Vec<Incident>,
}

/// Where the incident cache of `store` lives: beside an archive file
/// (`ARCHIVE.incidents.json.gz`); for a PostgreSQL archive, beside this process's ranked index
/// (in the folder that holds it, `DATELINE_RANKED_DIR`'s parent or the user cache dir), named by
/// the archive's id (`ID.incidents.json.gz`). The cache names its archive and change-log position
/// and is replaced whole, so processes that share the folder share the cache safely.
fn cache_path(store: &AnyStore) -> Result<PathBuf> {
    Ok(match store {
        AnyStore::Sqlite(s) => {
            let mut s = s.path().as_os_str().to_owned();
            s.push(".incidents.json.gz");
            PathBuf::from(s)
        }
        AnyStore::Postgres(p) => {
            let ranked = p.ranked_dir();
            let dir = ranked
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .map(std::path::Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from("."));
            dir.join(format!("{}.incidents.json.gz", store.archive_id()?))
        }
    })
}

/// The photos of every live record, and the change-log position they reflect (read before
/// the scan: a change made during it is applied again next time, which is harmless).
fn read_photos(store: &dyn Store) -> Result<(i64, Vec<Photo>)> {
    let seq = store.changes_since(i64::MAX)?.map_or(0, |c| c.seq);
    let q = dateline_query::Query::default();
    let bar = progress(store.count_matching(&q, false)?, "reading records");
    let mut photos = Vec::new();
    store.scan(&q, false, &mut |r| {
        bar.inc(1);
        photos.push(Photo::of(&r));
        ControlFlow::Continue(())
    })?;
    bar.finish_and_clear();
    Ok((seq, photos))
}

/// The cached photos brought up to date with the change log: only the records changed since
/// the cache was written are read. `None` when the cache cannot be trusted for this archive.
fn caught_up(store: &AnyStore, cache: &mut Cache) -> Result<Option<HashSet<String>>> {
    if cache.algorithm != dateline_incident::ALGORITHM || cache.archive != store.archive_id()? {
        return Ok(None);
    }
    if let Some((seq, hash)) = &cache.audit {
        let log = store.log()?;
        if !log.iter().any(|e| e.seq == *seq && &e.hash == hash) {
            return Ok(None);
        }
    }
    let Some(ch) = store.changes_since(cache.seq)? else {
        return Ok(None);
    };
    if ch.seq < cache.seq {
        return Ok(None);
    }
    cache.seq = ch.seq;
    let changed: HashSet<String> = ch
        .live
        .iter()
        .map(|r| r.id.clone())
        .chain(ch.gone.iter().cloned())
        .collect();
    if changed.is_empty() {
        return Ok(Some(changed));
    }
    let mut by_id: std::collections::HashMap<String, Photo> = std::mem::take(&mut cache.photos)
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    for id in &ch.gone {
        by_id.remove(id);
    }
    for r in &ch.live {
        by_id.insert(r.id.clone(), Photo::of(r));
    }
    cache.photos = by_id.into_values().collect();
    tracing::info!(
        "incidents: {} changed and {} superseded record(s) read since the cache; regrouping what they reach",
        ch.live.len(),
        ch.gone.len()
    );
    Ok(Some(changed))
}

/// The archive's incidents. A cache beside the archive keeps the grouping and the photos it
/// was made of; after a change only the changed records are read again (the change log says
/// which), and only the incidents they can reach are grouped again
/// (`dateline_incident::regroup`, exact by construction): the same incidents and ids as
/// `--rebuild`, which reads and groups every record.
pub fn incidents(store: &AnyStore, rebuild: bool) -> Result<Vec<Incident>> {
    let path = cache_path(store)?;
    let audit = store.head()?;
    let mut cache = None;
    if !rebuild && let Ok(f) = std::fs::File::open(&path) {
        let reader = io::BufReader::new(flate2::read::GzDecoder::new(f));
        match serde_json::from_reader::<_, Cache>(reader) {
            Ok(mut c) => match caught_up(store, &mut c)? {
                Some(changed) if changed.is_empty() && c.audit == audit => return Ok(c.incidents),
                Some(changed) => {
                    if !changed.is_empty() {
                        let old = std::mem::take(&mut c.incidents);
                        c.incidents = dateline_incident::regroup(
                            old,
                            c.photos.clone(),
                            &changed,
                            &Rules::default(),
                        );
                    }
                    cache = Some(c);
                }
                None => {}
            },
            Err(e) => tracing::warn!("ignoring the incident cache {}: {e}", path.display()),
        }
    }
    let mut cache = match cache {
        Some(c) => c,
        None => {
            let (seq, photos) = read_photos(store)?;
            Cache {
                algorithm: dateline_incident::ALGORITHM.to_string(),
                archive: store.archive_id()?,
                seq,
                audit: None,
                incidents: dateline_incident::group(photos.clone(), &Rules::default()),
                photos,
            }
        }
    };
    cache.audit = audit;
    if let Err(e) = write_cache(&path, &cache) {
        tracing::debug!("incident cache not written: {e:#}");
    }
    Ok(cache.incidents)
}

fn write_cache(path: &std::path::Path, cache: &Cache) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let tmp = crate::export_out::temp_beside(path, true)?;
    {
        let mut gz = flate2::write::GzEncoder::new(
            BufWriter::new(tmp.as_file()),
            flate2::Compression::fast(),
        );
        serde_json::to_writer(&mut gz, cache)?;
        gz.finish()?.flush()?;
    }
    crate::export_out::persist(tmp, path, true)
}

fn open(cli: &Cli) -> Result<AnyStore> {
    crate::archive_cmd::open_existing(cli)
}

fn records_of(i: &Incident) -> impl Iterator<Item = &str> {
    i.records.iter().map(String::as_str)
}

/// The ids of the records matching `query` (all when it is empty); `None` means all.
pub fn matching_ids(store: &AnyStore, query: &str) -> Result<Option<HashSet<String>>> {
    if query.trim().is_empty() {
        return Ok(None);
    }
    let q = crate::archive_cmd::parse_query(query).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut wanted = HashSet::new();
    store.scan(&q, false, &mut |r| {
        wanted.insert(r.id);
        ControlFlow::Continue(())
    })?;
    Ok(Some(wanted))
}

pub fn events(cli: &Cli, args: &EventsArgs) -> Result<i32> {
    let store = open(cli)?;
    let mut list = incidents(&store, args.rebuild)?;
    if let Some(wanted) = matching_ids(&store, &args.query)? {
        list.retain(|i| records_of(i).any(|id| wanted.contains(id)));
    }
    list.retain(|i| records_of(i).count() >= args.min_photos);
    if args.limit > 0 {
        list.truncate(args.limit);
    }
    let stdout = io::stdout();
    let color = stdout.is_terminal();
    let mut out = BufWriter::new(stdout.lock());
    for i in &list {
        if args.json {
            writeln!(out, "{}", serde_json::to_string(i)?)?;
        } else {
            writeln!(
                out,
                "{}  {}",
                crate::pretty::paint(&i.id, "36", color),
                i.reason
            )?;
        }
    }
    out.flush()?;
    if !args.json {
        eprintln!("dateline: {} incident(s)", list.len());
    }
    Ok(0)
}

pub fn show_event(cli: &Cli, args: &ShowEventArgs) -> Result<i32> {
    let store = open(cli)?;
    let list = incidents(&store, false)?;
    let want = args.id.trim();
    let found: Vec<&Incident> = list.iter().filter(|i| i.id.starts_with(want)).collect();
    let inc = match found.as_slice() {
        [] => bail!("no incident with id {want} (see `dateline events`)"),
        [one] => *one,
        many => bail!(
            "incident id {want} is ambiguous: {} incidents match",
            many.len()
        ),
    };
    let mut records = Vec::new();
    for id in records_of(inc) {
        records.push(
            store
                .get(id)
                .with_context(|| format!("record {id} of {want}"))?
                .record,
        );
    }
    let stdout = io::stdout();
    let color = stdout.is_terminal();
    let mut out = BufWriter::new(stdout.lock());
    if args.json {
        let mut v = serde_json::to_value(inc)?;
        v["photos"] = serde_json::to_value(&records)?;
        writeln!(out, "{}", serde_json::to_string(&v)?)?;
        out.flush()?;
        return Ok(0);
    }
    let paint = |s: &str| crate::pretty::paint(s, "36", color);
    writeln!(out, "── {}", inc.id)?;
    writeln!(out, "  {}", inc.reason)?;
    let p = &inc.place;
    let place: Vec<&str> = [&p.sublocation, &p.city, &p.province, &p.country]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    writeln!(
        out,
        "  {}  {}{}",
        paint("place"),
        place.join(", "),
        match (p.lat, p.lon) {
            (Some(a), Some(b)) => format!(
                " @{a:.4},{b:.4} precision {}",
                p.precision.map_or("-".into(), |n| n.to_string())
            ),
            _ => String::new(),
        }
    )?;
    writeln!(
        out,
        "  {}  {} to {} ({} precision)",
        paint("dates"),
        inc.date_start.as_deref().unwrap_or("?"),
        inc.date_end.as_deref().unwrap_or("?"),
        inc.date_precision
            .map_or("no", dateline_export::precision_word)
    )?;
    let num = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
    if !inc.casualties.is_empty() {
        writeln!(out, "  {}  (per source, never summed)", paint("casualties"))?;
        for f in &inc.casualties {
            writeln!(
                out,
                "    killed {} injured {} {} — {} (record {}, {})",
                num(f.killed),
                num(f.injured),
                f.qualifier.as_deref().unwrap_or(""),
                f.source.as_deref().unwrap_or("unattributed"),
                f.record,
                f.agency.as_deref().unwrap_or("no agency"),
            )?;
        }
    }
    writeln!(out, "  {}", paint("photos"))?;
    for r in &records {
        let caption: String = r.caption.chars().take(110).collect();
        writeln!(
            out,
            "    {}  {} {}  {}",
            r.id,
            r.credit.agency.as_deref().unwrap_or("-"),
            r.date.as_ref().map_or("-", |d| d.iso.as_str()),
            caption.replace(['\n', '\r'], " ")
        )?;
    }
    if !inc.links.is_empty() {
        writeln!(out, "  {}", paint("why grouped"))?;
        for l in &inc.links {
            writeln!(out, "    {} with {}: {}", l.record, l.matched, l.why)?;
        }
    }
    out.flush()?;
    Ok(0)
}
