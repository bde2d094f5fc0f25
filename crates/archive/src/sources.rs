//! Checking the source files an archive was ingested from against the files on disk now: the
//! same rules for every back end, which only read the versions and record the checks.

use crate::{FileCheck, Result};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;

/// One recorded version of a source file: its row, path, SHA-256 at ingest and the newest
/// ingest of that version.
pub(crate) type FileVersion = (i64, String, String, i64);

/// Checks every version against its path now: `ok`, `changed`, `missing`, `unreadable`, or
/// `superseded` (the file holds a version ingested after this one). Several versions of one
/// path share one reading of the file. `previous` gives a version's last check.
pub(crate) fn check_files(
    files: &[FileVersion],
    mut previous: impl FnMut(i64) -> Result<Option<(String, String)>>,
) -> Result<Vec<(i64, FileCheck)>> {
    let mut checks = Vec::new();
    let mut hashed: HashMap<&str, std::result::Result<String, &'static str>> = HashMap::new();
    for (file_id, path, sha, last_ingest) in files {
        let now_hash = hashed
            .entry(path.as_str())
            .or_insert_with(|| match hash_file(Path::new(path)) {
                Ok(h) => Ok(h),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("missing"),
                Err(e) => {
                    tracing::warn!("{path}: {e}");
                    Err("unreadable")
                }
            })
            .clone();
        // A version whose file now holds a version ingested after it is history, not damage.
        let superseded = |h: &str| {
            files
                .iter()
                .any(|(id, p, s, last)| id != file_id && p == path && s == h && last > last_ingest)
        };
        let (status, now_sha) = match now_hash {
            Ok(h) if h == *sha => ("ok", Some(h)),
            Ok(h) if superseded(&h) => ("superseded", Some(h)),
            Ok(h) => ("changed", Some(h)),
            Err(e) => (e, None),
        };
        checks.push((
            *file_id,
            FileCheck {
                path: path.clone(),
                sha256_at_ingest: sha.clone(),
                status: status.into(),
                sha256_now: now_sha,
                checked_at: crate::sqlite::now(),
                previous: previous(*file_id)?,
            },
        ));
    }
    Ok(checks)
}

/// The detail of the `verify` audit entry: how many files had each status.
pub(crate) fn verify_detail(checks: &[(i64, FileCheck)]) -> Value {
    let count = |s: &str| checks.iter().filter(|(_, c)| c.status == s).count();
    json!({ "files": checks.len(), "ok": count("ok"), "changed": count("changed"),
            "missing": count("missing"), "unreadable": count("unreadable"),
            "superseded": count("superseded") })
}

/// SHA-256 of a regular file's bytes, hex. Anything else (a FIFO, a device, a directory) is
/// refused without reading it: opening a FIFO for reading would wait for a writer forever, so
/// the file is opened non-blocking and checked before a byte is read.
pub(crate) fn hash_file(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, device or directory); not read",
        )
    };
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut open = std::fs::OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        open.custom_flags(libc::O_NONBLOCK);
    }
    let mut f = open.open(path)?;
    // The path may have been replaced between the check and the open.
    if !f.metadata()?.is_file() {
        return Err(not_regular());
    }
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match f.read(&mut buf)? {
            0 => return Ok(crate::sqlite::hex(&h.finalize())),
            n => h.update(&buf[..n]),
        }
    }
}
