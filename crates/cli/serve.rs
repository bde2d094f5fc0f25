//! `dateline serve`: the archive's web interface (crate `dateline-web`) on a local port.
//!
//! This file only turns options into a `dateline_web::Config`: the archive (a file, or a
//! PostgreSQL database that several servers may share) opened like the other reading commands, the token from `--token-file` or `DATELINE_TOKEN`, the CLI's own query
//! parser (which resolves country names with the gazetteer) and country names for codes.

use crate::Cli;
use crate::archive_cmd::{Spec, open_existing, open_reading, parse_query_spanned};
use anyhow::{Context, Result, bail};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address and port to listen on. The default serves this machine only; give
    /// 0.0.0.0:8080 to serve others (with a token and behind TLS if they write).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// Refuse every write: no correction forms, and every write route answers 403.
    #[arg(long)]
    read_only: bool,
    /// A file whose first line is the token that allows corrections (else DATELINE_TOKEN;
    /// without either, the server takes no corrections).
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
    /// Longest a search may take, in seconds, before it answers 503.
    #[arg(long, default_value_t = 30)]
    timeout: u64,
    #[command(flatten)]
    pub(crate) store: crate::opts::StoreOpts,
}

fn token(args: &ServeArgs) -> Result<Option<String>> {
    let token = match &args.token_file {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("reading the token file {}", p.display()))?;
            Some(text.lines().next().unwrap_or("").trim().to_string())
        }
        None => std::env::var("DATELINE_TOKEN").ok(),
    };
    match token {
        Some(t) if t.trim().is_empty() => bail!("the token is empty; give a long random string"),
        Some(t) if t.trim().len() < 12 => {
            bail!(
                "the token is too short ({} characters); give at least 12",
                t.trim().len()
            )
        }
        Some(t) => Ok(Some(t.trim().to_string())),
        None => Ok(None),
    }
}

/// The server's configuration: the CLI's query parser (country names resolved by the embedded
/// gazetteer) and its country names. `bench serve` starts the app with the same.
pub(crate) fn config(
    archive_label: String,
    token: Option<String>,
    read_only: bool,
    timeout: Duration,
) -> dateline_web::Config {
    let gazetteer = dateline_geo::Gazetteer::embedded();
    dateline_web::Config {
        token,
        read_only,
        archive_label,
        timeout,
        parser: Arc::new(parse_query_spanned),
        country_name: Arc::new(move |code| gazetteer.country(code).map(|c| c.name)),
    }
}

pub fn serve(cli: &Cli, args: &ServeArgs) -> Result<i32> {
    if args.timeout == 0 {
        eprintln!("dateline: --timeout 0: give the time budget in seconds, at least 1");
        return Ok(2);
    }
    let token = token(args)?;
    let spec = crate::archive_cmd::archive_spec(cli)?;
    let store = if args.read_only {
        open_reading(cli)?
    } else {
        let store = open_existing(cli)?;
        // Catch the ranked index up (or rebuild it, after an upgrade changed its schema) now,
        // not inside the first request's time budget.
        if let Err(e) = store.sync_ranked() {
            eprintln!(
                "dateline: warning: the ranked index is not available ({e}); searches use {}",
                if store.sqlite().is_some() {
                    "SQLite"
                } else {
                    "PostgreSQL"
                }
            );
        }
        store
    };
    // The pages name the archive by its file name, or a database by its name alone.
    let label = match &spec {
        Spec::File(path) => path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string()),
        Spec::Postgres(_) => {
            let shown = crate::archive_cmd::describe(&store);
            shown
                .rsplit('/')
                .next()
                .and_then(|db| db.split('?').next())
                .filter(|db| !db.is_empty())
                .map(str::to_string)
                .unwrap_or(shown)
        }
    };
    let cfg = config(
        label,
        token.clone(),
        args.read_only,
        Duration::from_secs(args.timeout),
    );
    let store_shown = crate::archive_cmd::describe(&store);
    let app = dateline_web::router(Arc::new(store), cfg);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.bind)
            .await
            .with_context(|| format!("cannot listen on {}", args.bind))?;
        let addr = listener.local_addr()?;
        let reach = if addr.ip().is_loopback() {
            "this machine only; --bind 0.0.0.0:PORT serves others"
        } else {
            "every machine that can reach this address"
        };
        let writes = match (args.read_only, &token) {
            (true, _) => "read-only: no corrections",
            (false, Some(_)) => "corrections allowed with the token",
            (false, None) => "no token: no corrections (set DATELINE_TOKEN or --token-file)",
        };
        eprintln!(
            "dateline: serving {} at http://{addr}/ ({reach}; {writes}); Ctrl-C stops",
            store_shown
        );
        dateline_web::serve(listener, app)
            .await
            .context("the server stopped")
    })?;
    Ok(0)
}
