//! `dateline migrate --from SPEC --to SPEC`: a whole archive copied to another backend (a SQLite
//! file to a PostgreSQL database, or back), row for row, with its audit log continued on the
//! target by a `migrate` entry that names the source and its last hash.
//!
//! Glue only: `dateline_archive::copy_archive` does the copy and refuses a target that holds
//! anything already. A target file that this command created is removed again when the copy
//! fails, so a failed migration leaves no half archive behind.

use crate::archive_cmd::{Spec, actor, describe, open_spec, open_spec_reading};
use anyhow::{Result, bail};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct MigrateArgs {
    /// The archive to copy: a SQLite file or a PostgreSQL URL (postgres://USER@HOST/DB).
    #[arg(long, value_name = "FILE|URL")]
    from: PathBuf,
    /// The new archive: a file that does not exist yet, or an empty PostgreSQL database.
    #[arg(long, value_name = "FILE|URL")]
    to: PathBuf,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn migrate(args: &MigrateArgs) -> Result<i32> {
    let from = Spec::parse(&args.from)?;
    let to = Spec::parse(&args.to)?;
    if same(&from, &to) {
        bail!(
            "--from and --to both name {}: migrate copies an archive into a new one",
            from.shown()
        );
    }
    // The source is only read: a database is opened read-only, so a URL naming a database
    // without an archive is refused instead of becoming an empty archive that is copied.
    let source = match &from {
        Spec::Postgres(url) => crate::archive_cmd::open_pg(url, true)?,
        Spec::File(_) => open_spec_reading(&from)?,
    };
    // A target file made by this run is removed if the copy fails.
    let created = match &to {
        Spec::File(path) if !path.exists() => Some(path.clone()),
        _ => None,
    };
    let result = open_spec(&to).and_then(|target| {
        let summary =
            dateline_archive::copy_archive(&source, &target, &actor(None)).map_err(|e| {
                anyhow::anyhow!(
                    "copying {} to {}: {}",
                    describe(&source),
                    describe(&target),
                    match &to {
                        Spec::Postgres(url) => crate::archive_cmd::scrub(url, &e.to_string()),
                        Spec::File(_) => e.to_string(),
                    }
                )
            })?;
        // A new archive file is searchable at once: its ranked index is built now, not by the
        // first search. (A PostgreSQL archive's index is each machine's own, built where it is
        // searched.)
        if let Some(file) = target.sqlite()
            && let Err(e) = file.sync_ranked()
        {
            eprintln!("dateline: warning: the ranked index will be built later: {e}");
        }
        Ok((summary, describe(&target)))
    });
    let (summary, target) = match result {
        Ok(x) => x,
        Err(e) => {
            if let Some(path) = created {
                crate::bench_archive::remove_archive(&path);
            }
            return Err(e);
        }
    };
    let rows: u64 = summary.tables.iter().map(|(_, n)| n).sum();
    let mut out = io::stdout().lock();
    if args.json {
        let v = serde_json::json!({
            "from": describe(&source),
            "to": target,
            "tables": summary.tables.iter().map(|(t, n)| serde_json::json!({ "table": t, "rows": n })).collect::<Vec<_>>(),
            "rows": rows,
            "head": summary.head.as_ref().map(|(seq, hash)| serde_json::json!({ "seq": seq, "hash": hash })),
        });
        serde_json::to_writer(&mut out, &v)?;
        writeln!(out)?;
    } else {
        let width = summary
            .tables
            .iter()
            .map(|(t, _)| t.len())
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(out, "{:width$}  {:>10}", "table", "rows")?;
        for (table, n) in &summary.tables {
            writeln!(out, "{table:width$}  {n:>10}")?;
        }
        writeln!(out, "{:width$}  {rows:>10}", "total")?;
    }
    out.flush()?;
    let head = summary
        .head
        .as_ref()
        .map(|(seq, hash)| {
            format!(
                "; the audit log continues there at entry {seq} ({})",
                &hash[..hash.len().min(16)]
            )
        })
        .unwrap_or_default();
    eprintln!(
        "dateline: copied {} to {target}: {rows} rows in {} tables{head}",
        describe(&source),
        summary.tables.len()
    );
    Ok(0)
}

/// True when both name the same archive (the same file, however written, or the same URL).
fn same(a: &Spec, b: &Spec) -> bool {
    match (a, b) {
        (Spec::File(x), Spec::File(y)) => {
            x == y
                || matches!((std::fs::canonicalize(x), std::fs::canonicalize(y)), (Ok(p), Ok(q)) if p == q)
        }
        (Spec::Postgres(x), Spec::Postgres(y)) => x == y,
        _ => false,
    }
}
