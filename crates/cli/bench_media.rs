//! `bench media`: files per second reading image metadata (IPTC-IIM, XMP, EXIF), against
//! ExifTool (`exiftool -json`) on the same files in the same run, so the figure is a ratio that
//! survives a noisy machine.
//!
//! Both sides read the same files from disk: the corpus is hard-linked (or copied) into a
//! working directory under unique names until there are `--files` of them. Dateline reads each
//! file (`std::fs::read`) and parses it (`dateline_media::read`); ExifTool gets them in ONE
//! process through an argument file (`-@`), its best case, with process start-up amortized over
//! all the files, `-fast` off, and the same three kinds of metadata requested
//! (`-IPTC:all -XMP:all -EXIF:all`).

use crate::pool;
use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The throughput target: dateline at least this many times ExifTool's files per second.
const TARGET_RATIO: f64 = 20.0;

#[derive(clap::Args)]
pub struct MediaBenchArgs {
    /// Directory with the image corpus (image files below it, by extension).
    #[arg(long, default_value = "tests/fixtures/images")]
    dir: PathBuf,
    /// Files to read: the corpus repeated (hard links under unique names) to this many.
    #[arg(long, default_value_t = 10_000)]
    files: usize,
    /// Worker threads for dateline; 1 (the default) compares one thread with ExifTool's one
    /// process; 0 uses all cores. An all-cores figure is also reported when there are several.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The ExifTool executable.
    #[arg(long, default_value = "exiftool")]
    exiftool: String,
    /// Files given to ExifTool (default: all of --files), in one process via an argument file.
    #[arg(long)]
    exiftool_files: Option<usize>,
    #[command(flatten)]
    report: crate::bench_report::ReportArgs,
}

/// Removes the working directory when the benchmark ends, whatever the outcome.
struct WorkDir(PathBuf);

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Hard-links (or, across file systems, copies) the corpus into `dir` until there are `n` files,
/// each under a unique name that keeps the original extension.
fn replicate(corpus: &[PathBuf], dir: &Path, n: usize) -> Result<Vec<PathBuf>> {
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let src = &corpus[i % corpus.len()];
        let name = src.file_name().and_then(|s| s.to_str()).unwrap_or("image");
        let dst = dir.join(format!("{i:06}-{name}"));
        if std::fs::hard_link(src, &dst).is_err() {
            std::fs::copy(src, &dst)
                .with_context(|| format!("copying {} to {}", src.display(), dst.display()))?;
        }
        out.push(dst);
    }
    Ok(out)
}

/// Reads and parses one file; returns (bytes read, whether any metadata was found).
fn read_one(path: &Path) -> (usize, bool) {
    match std::fs::read(path) {
        Ok(bytes) => {
            let meta = dateline_media::read(&bytes);
            (bytes.len(), !std::hint::black_box(meta).is_empty())
        }
        Err(_) => (0, false),
    }
}

struct DatelineRun {
    seconds: f64,
    bytes: usize,
    with_metadata: usize,
}

fn run_dateline(files: &[PathBuf], threads: usize) -> Result<DatelineRun> {
    let t = Instant::now();
    let (bytes, with_metadata) = if threads == 1 {
        files
            .iter()
            .map(|p| read_one(p))
            .fold((0, 0), |a, (b, m)| (a.0 + b, a.1 + usize::from(m)))
    } else {
        pool(threads)?.install(|| {
            files
                .par_iter()
                .map(|p| {
                    let (b, m) = read_one(p);
                    (b, usize::from(m))
                })
                .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        })
    };
    Ok(DatelineRun {
        seconds: t.elapsed().as_secs_f64(),
        bytes,
        with_metadata,
    })
}

/// ExifTool's version, or `None` when it cannot be started.
fn exiftool_version(exe: &str) -> Option<String> {
    let out = Command::new(exe)
        .arg("-ver")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

struct ExiftoolRun {
    seconds: f64,
    /// Objects in its JSON output: one per file it reported on.
    reported: usize,
    exit_code: Option<i32>,
}

const EXIFTOOL_ARGS: [&str; 4] = ["-json", "-IPTC:all", "-XMP:all", "-EXIF:all"];

fn run_exiftool(exe: &str, files: &[PathBuf], argfile: &Path) -> Result<ExiftoolRun> {
    let mut f = std::io::BufWriter::new(
        std::fs::File::create(argfile)
            .with_context(|| format!("creating {}", argfile.display()))?,
    );
    for p in files {
        writeln!(f, "{}", p.display())?;
    }
    f.flush()?;
    drop(f);
    let t = Instant::now();
    let out = Command::new(exe)
        .args(EXIFTOOL_ARGS)
        .arg("-@")
        .arg(argfile)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {exe}"))?;
    let seconds = t.elapsed().as_secs_f64();
    let reported = serde_json::from_slice::<serde_json::Value>(&out.stdout)
        .ok()
        .and_then(|v| v.as_array().map(Vec::len))
        .unwrap_or(0);
    Ok(ExiftoolRun {
        seconds,
        reported,
        exit_code: out.status.code(),
    })
}

fn rate(files: usize, seconds: f64) -> f64 {
    if seconds > 0.0 {
        files as f64 / seconds
    } else {
        f64::INFINITY
    }
}

pub fn media(args: &MediaBenchArgs) -> Result<i32> {
    if args.files == 0 {
        bail!("--files must be at least 1");
    }
    let corpus: Vec<PathBuf> = crate::walk::images_below(&args.dir);
    if corpus.is_empty() {
        bail!("no image files in {}", args.dir.display());
    }
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let threads = if args.threads == 0 {
        cores
    } else {
        args.threads
    };

    let work =
        WorkDir(std::env::temp_dir().join(format!("dateline-bench-media-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&work.0);
    let images_dir = work.0.join("images");
    std::fs::create_dir_all(&images_dir)
        .with_context(|| format!("creating {}", images_dir.display()))?;
    let files = replicate(&corpus, &images_dir, args.files)?;

    // Warm-up, untimed: the page cache holds every file for both sides, and dateline's code
    // paths have run once.
    run_dateline(&files[..corpus.len().min(files.len())], 1)?;
    for p in &files {
        std::hint::black_box(std::fs::metadata(p).ok());
    }

    let dl = run_dateline(&files, threads)?;
    let dl_rate = rate(files.len(), dl.seconds);
    let all_cores = if cores > 1 && threads != cores {
        let r = run_dateline(&files, cores)?;
        Some(rate(files.len(), r.seconds))
    } else {
        None
    };

    let mut result = serde_json::json!({
        "files": files.len(),
        "corpus_files": corpus.len(),
        "corpus_dir": args.dir.display().to_string(),
        "bytes_per_pass": dl.bytes,
        "files_with_metadata": dl.with_metadata,
        "threads": threads,
        "cores": cores,
        "dateline_seconds": dl.seconds,
        "dateline_files_per_sec": dl_rate,
        "dateline_all_cores_files_per_sec": all_cores,
        "target_ratio": TARGET_RATIO,
    });

    match exiftool_version(&args.exiftool) {
        None => {
            eprintln!(
                "dateline: ExifTool was not found ({}): reporting dateline alone",
                args.exiftool
            );
            result["exiftool"] = serde_json::Value::Null;
            result["exiftool_version"] = serde_json::Value::Null;
            result["exiftool_files_per_sec"] = serde_json::Value::Null;
            result["ratio"] = serde_json::Value::Null;
            result["target_met"] = serde_json::Value::Null;
            result["note"] = format!("ExifTool was not found ({})", args.exiftool).into();
        }
        Some(version) => {
            let n = args.exiftool_files.unwrap_or(files.len()).min(files.len());
            if n == 0 {
                bail!("--exiftool-files must be at least 1");
            }
            let et = run_exiftool(&args.exiftool, &files[..n], &work.0.join("exiftool.args"))?;
            let et_rate = rate(n, et.seconds);
            let ratio = dl_rate / et_rate;
            if et.reported != n {
                eprintln!(
                    "dateline: ExifTool reported on {} of the {n} files it was given",
                    et.reported
                );
            }
            result["exiftool"] = args.exiftool.clone().into();
            result["exiftool_version"] = version.into();
            result["exiftool_args"] = format!("{} -@ ARGFILE", EXIFTOOL_ARGS.join(" ")).into();
            result["exiftool_files"] = n.into();
            result["exiftool_files_reported"] = et.reported.into();
            result["exiftool_exit_code"] = et.exit_code.into();
            result["exiftool_seconds"] = et.seconds.into();
            result["exiftool_files_per_sec"] = et_rate.into();
            result["ratio"] = ratio.into();
            result["target_met"] = (ratio >= TARGET_RATIO).into();
            result["all_cores_ratio"] = all_cores.map(|r| r / et_rate).into();
        }
    }
    crate::bench_report::print(&result, args.report)?;
    Ok(0)
}
