//! The options several commands share, each group flattened only into the commands where it
//! means something (`extract` has no archive, `log` no lexicons), so `--help` lists a command's
//! own options only.
//!
//! The `DATELINE_*` variables are read here rather than through clap's `env`: clap counts an
//! argument set from the environment as given, and then prints it in usage lines as if it were
//! required (`Usage: dateline show --archive <ARCHIVE> <ID>`).

use std::path::PathBuf;

/// Where user data lives: imported gazetteers, lexicon additions, the default archive.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct DataDirOpt {
    /// Directory with user data (imported gazetteers, lexicon additions, the default archive);
    /// default: $DATELINE_DATA_DIR, else the user data dir (~/.local/share/dateline on Linux).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
}

/// What the extractor reads besides the caption.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct EngineOpts {
    #[command(flatten)]
    pub data: DataDirOpt,
    /// Directory with lexicon additions (agencies.tsv, orgs.tsv, event_cues.tsv, name_words.tsv);
    /// default: lexicons/ in the data dir.
    #[arg(long)]
    pub lexicon_dir: Option<PathBuf>,
    /// Extract with the rules alone, without the learned tagger (a CRF over the caption's words
    /// that confirms, drops or adds people and organizations; EVALUATION.md).
    /// DATELINE_LEARNED=0 does the same.
    #[arg(long)]
    pub rules_only: bool,
    /// The learned tagger is on by default; the flag is still accepted.
    #[arg(long, hide = true)]
    pub learned: bool,
}

/// Which archive a command works on.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ArchiveOpt {
    /// The archive: a SQLite file, or a PostgreSQL database as postgres://USER@HOST/DB;
    /// default: $DATELINE_ARCHIVE, else archive.sqlite in the data dir.
    #[arg(long, value_name = "FILE|URL")]
    pub archive: Option<PathBuf>,
}

/// An archive command's options: the archive, and the data dir its default lives in.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct StoreOpts {
    #[command(flatten)]
    pub archive: ArchiveOpt,
    #[command(flatten)]
    pub data: DataDirOpt,
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// A flag from the environment turned off: 0, false, no, off (any case).
pub fn env_off(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "false" | "no" | "off"
        )
    })
}

/// The same options given before the subcommand (`dateline --archive A.sqlite search ...`), as
/// earlier versions took them: still accepted, hidden from help, and used by the commands they
/// mean something to.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TopOpts {
    #[arg(long = "data-dir", id = "top_data_dir", hide = true)]
    pub data_dir: Option<PathBuf>,
    #[arg(long = "lexicon-dir", id = "top_lexicon_dir", hide = true)]
    pub lexicon_dir: Option<PathBuf>,
    #[arg(long = "archive", id = "top_archive", hide = true)]
    pub archive: Option<PathBuf>,
    #[arg(long = "learned", id = "top_learned", hide = true)]
    pub learned: bool,
}

/// The options in effect for one run: the command's own, else the environment's.
#[derive(Clone, Debug, Default)]
pub struct Resolved {
    pub data_dir: Option<PathBuf>,
    pub lexicon_dir: Option<PathBuf>,
    pub archive: Option<PathBuf>,
    pub learned: bool,
}

impl Resolved {
    /// The subcommand's own option, else the one before the subcommand, else the environment;
    /// options of a group the command does not have stay unset.
    pub fn new(
        top: &TopOpts,
        data: Option<&DataDirOpt>,
        engine: Option<&EngineOpts>,
        archive: Option<&ArchiveOpt>,
    ) -> Resolved {
        let data = data.or(engine.map(|e| &e.data));
        let data_dir = data.and_then(|d| {
            d.data_dir
                .clone()
                .or_else(|| top.data_dir.clone())
                .or_else(|| env_path("DATELINE_DATA_DIR"))
        });
        Resolved {
            data_dir,
            lexicon_dir: engine
                .and_then(|e| e.lexicon_dir.clone().or_else(|| top.lexicon_dir.clone())),
            archive: archive.and_then(|a| {
                a.archive
                    .clone()
                    .or_else(|| top.archive.clone())
                    .or_else(|| env_path("DATELINE_ARCHIVE"))
            }),
            learned: !engine.is_some_and(|e| e.rules_only) && !env_off("DATELINE_LEARNED"),
        }
    }
}
