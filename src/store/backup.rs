//! `boserv backup`: a consistent copy of a live database.
//!
//! `VACUUM INTO` writes the database as one read transaction sees it, so
//! the copy is consistent while the MTA and cron keep writing (a plain
//! file copy of a WAL database is not), and it comes out compact, with
//! no WAL beside it. The nightly snapshot beside Litestream's continuous
//! replica: a second, independent way back.

use std::path::Path;

use rusqlite::Connection;

use super::StoreError;

/// Refuses a backup whose files (the database's copy, the spool's) are
/// not all new, before any of them is written: a refused backup writes
/// nothing, so the same command works once the old files are moved.
pub fn check_new(files: &[&Path]) -> Result<(), StoreError> {
    match files.iter().find(|file| file.exists()) {
        Some(file) => Err(StoreError::Setup(format!(
            "{} exists already: a backup is written to a new file",
            file.display()
        ))),
        None => Ok(()),
    }
}

/// Writes the database `conn` is open on to `to`, which must not exist.
pub fn snapshot(conn: &Connection, to: &Path) -> Result<(), StoreError> {
    check_new(&[to])?;
    let target = to
        .to_str()
        .ok_or_else(|| StoreError::Setup(format!("{} is not a UTF-8 path", to.display())))?;
    conn.execute("VACUUM INTO ?1", [target])?;
    Ok(())
}

/// Writes the SQLite database at `from` (opened read-only, so nothing is
/// created) to `to`.
pub fn snapshot_file(from: &Path, to: &Path) -> Result<(), StoreError> {
    let conn = Connection::open_with_flags(from, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    snapshot(&conn, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_holds_what_was_committed_and_refuses_to_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let conn = super::super::open(
            &dir.path().join("live.db"),
            super::super::DEFAULT_BUSY_TIMEOUT,
        )
        .unwrap();
        super::super::settings::set(&conn, "from", "Chess <chess@example.net>").unwrap();
        let copy = dir.path().join("copy.db");
        snapshot(&conn, &copy).unwrap();
        let copied = Connection::open(&copy).unwrap();
        let from: String = copied
            .query_row("SELECT value FROM settings WHERE name = 'from'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(from, "Chess <chess@example.net>");
        let ok: String = copied
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(ok, "ok");
        let again = snapshot(&conn, &copy).unwrap_err();
        assert!(again.to_string().contains("exists already"), "{again}");
    }
}
