//! What every archive export shares: the query, where the bytes go, and the progress bar.
//!
//! An export to a file is written to a temporary file in the same directory and renamed over the
//! target only when everything was written, so a failed or interrupted export leaves no half
//! file; a target that exists is replaced only with `--force` (and without it the rename refuses
//! to clobber a file that appeared meanwhile). Standard output is streamed as it is written.

use crate::Cli;
use anyhow::{Context, Result, bail};
use dateline_archive::Store;
use dateline_model::Record;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// Options of every export that reads the archive.
#[derive(clap::Args, Clone)]
pub struct QueryExportArgs {
    /// Which records: a query in the search language (`country:SY date:2016`); none = all.
    #[arg(default_value = "")]
    pub query: String,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// Replace the `--out` file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Let month- and year-precision dates match a date range they only overlap.
    #[arg(long)]
    pub loose_dates: bool,
    #[command(flatten)]
    pub store: crate::opts::StoreOpts,
}

/// Where an export writes.
pub enum Sink {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    File {
        tmp: tempfile::NamedTempFile,
        writer: BufWriter<std::fs::File>,
        target: PathBuf,
        force: bool,
    },
}

impl Sink {
    /// Standard output, or a temporary file beside `out` (checked for `--force` first, so a
    /// long export does not fail at its end).
    pub fn open(out: Option<&Path>, force: bool) -> Result<Sink> {
        let Some(target) = out else {
            return Ok(Sink::Stdout(BufWriter::new(io::stdout().lock())));
        };
        let tmp = temp_beside(target, force)?;
        let writer = BufWriter::new(tmp.as_file().try_clone()?);
        Ok(Sink::File {
            tmp,
            writer,
            target: target.to_path_buf(),
            force,
        })
    }

    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Sink::Stdout(w) => w,
            Sink::File { writer, .. } => writer,
        }
    }

    /// Flushes and, for a file, renames the temporary file onto the target.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut w) => Ok(w.flush()?),
            Sink::File {
                tmp,
                mut writer,
                target,
                force,
            } => {
                writer
                    .flush()
                    .with_context(|| format!("writing {}", target.display()))?;
                drop(writer);
                tmp.as_file()
                    .sync_all()
                    .with_context(|| format!("writing {}", target.display()))?;
                persist(tmp, &target, force)
            }
        }
    }
}

/// A temporary file in `target`'s directory; an error when `target` exists and `force` is off.
pub fn temp_beside(target: &Path, force: bool) -> Result<tempfile::NamedTempFile> {
    if !force && target.exists() {
        bail!(
            "{} already exists (use --force to overwrite)",
            target.display()
        );
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut b = tempfile::Builder::new();
    b.prefix(".dateline-export-");
    // An export is an ordinary file (the umask decides), not a private temporary one.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    b.tempfile_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))
}

/// Renames the finished temporary file onto `target` (without `force`, never over a file).
pub fn persist(tmp: tempfile::NamedTempFile, target: &Path, force: bool) -> Result<()> {
    let done = if force {
        tmp.persist(target).map(|_| ())
    } else {
        tmp.persist_noclobber(target).map(|_| ())
    };
    done.map_err(|e| {
        if e.error.kind() == io::ErrorKind::AlreadyExists {
            anyhow::anyhow!(
                "{} already exists (use --force to overwrite)",
                target.display()
            )
        } else {
            anyhow::anyhow!("renaming the export to {}: {}", target.display(), e.error)
        }
    })
}

/// A progress bar on standard error when it is a terminal, hidden otherwise.
pub fn progress(total: u64, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {per_sec} eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Opens the archive read-only-in-spirit and parses the query; errors point at the query part.
pub fn open_query(
    cli: &Cli,
    query: &str,
) -> Result<(dateline_archive::AnyStore, dateline_query::Query)> {
    let q = crate::archive_cmd::parse_query(query).map_err(|e| anyhow::anyhow!("{e}"))?;
    let store = crate::archive_cmd::open_reading(cli)?;
    Ok((store, q))
}

/// Streams every record matching the query to `each` with a progress bar; the first error
/// `each` returns stops the scan and is returned.
pub fn for_each_record(
    store: &dyn Store,
    q: &dateline_query::Query,
    loose_dates: bool,
    what: &str,
    mut each: impl FnMut(Record) -> Result<()>,
) -> Result<u64> {
    let bar = progress(store.count_matching(q, loose_dates)?, what);
    let mut failed = None;
    let n = store.scan(q, loose_dates, &mut |r| {
        bar.inc(1);
        match each(r) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    bar.finish_and_clear();
    match failed {
        Some(e) => Err(e),
        None => Ok(n),
    }
}
