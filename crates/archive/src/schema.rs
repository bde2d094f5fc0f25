//! Schema migrations: numbered SQL files applied in order, each in one transaction with the
//! `user_version` bump, so an archive is always at exactly one known version.

use crate::{ArchiveError, Result};
use rusqlite::Connection;

/// A step run after a migration's SQL, in the same transaction, for what SQL cannot do itself.
type PostStep = fn(&rusqlite::Transaction) -> Result<()>;

/// Migration `i` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[(&str, Option<PostStep>)] = &[
    (include_str!("../migrations/0001_initial.sql"), None),
    (
        include_str!("../migrations/0002_evidence.sql"),
        Some(crate::sqlite::upgrade_to_evidence),
    ),
];

/// The schema version this build writes.
pub const VERSION: i64 = MIGRATIONS.len() as i64;

/// Brings the database to [`VERSION`]; returns the version it found.
pub fn migrate(conn: &mut Connection) -> Result<i64> {
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > VERSION {
        return Err(ArchiveError::TooNew {
            found,
            known: VERSION,
        });
    }
    for (i, (sql, post)) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)?;
        // Another process may have migrated while we waited for the lock.
        let now: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if now > i as i64 {
            continue;
        }
        tx.execute_batch(sql)?;
        if let Some(post) = post {
            post(&tx)?;
        }
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_database_reaches_the_current_version_and_is_idempotent() {
        let mut c = Connection::open_in_memory().unwrap();
        assert_eq!(migrate(&mut c).unwrap(), 0);
        assert_eq!(migrate(&mut c).unwrap(), VERSION);
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, VERSION);
    }

    #[test]
    fn newer_archive_is_refused() {
        let mut c = Connection::open_in_memory().unwrap();
        c.pragma_update(None, "user_version", VERSION + 1).unwrap();
        assert!(matches!(migrate(&mut c), Err(ArchiveError::TooNew { .. })));
    }

    #[test]
    fn append_only_tables_refuse_rewrites() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        c.execute(
            "INSERT INTO audit(at, action, actor, detail, prev_hash, hash) VALUES ('t','a','b','{}','','h')",
            [],
        )
        .unwrap();
        let e = c.execute("UPDATE audit SET actor = 'x'", []).unwrap_err();
        assert!(e.to_string().contains("append-only"), "{e}");
        assert!(c.execute("DELETE FROM audit", []).is_err());
    }
}
