//! The SQLite store: opening a database the same way every time, and the
//! typed queries the service layer runs inside its transactions.
//!
//! Every connection gets WAL, foreign keys and a busy timeout; a busy
//! database becomes [`StoreError::Busy`] ("the database is busy; try
//! again"), never a panic. Writes go through [`write`], which opens a
//! `BEGIN IMMEDIATE` transaction so two writers queue on the lock instead of
//! failing half way.

pub mod games;
pub mod migrate;
pub mod players;
pub mod reminders;
pub mod settings;
pub mod turns;
pub mod vacations;

use std::path::Path;
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, ErrorCode, Transaction, TransactionBehavior};

/// How long a command waits for another writer before giving up.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// What can go wrong below the service layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database is busy; try again")]
    Busy,
    #[error("the database was written by a newer boserv (schema version {0})")]
    TooNew(i64),
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    #[error("damaged record in the database: {0}")]
    Damaged(String),
    #[error("no database at {0}: give --db PATH or set BOSERV_DB (`boserv signup` creates one)")]
    NoDatabase(std::path::PathBuf),
    /// The operator's setup (a mail template, a setting) is wrong: nothing
    /// in the database is.
    #[error("server setup: {0}")]
    Setup(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            _ => StoreError::Sqlite(e),
        }
    }
}

/// Opens (creating if needed) the database at `path`, ready for commands.
pub fn open(path: &Path, busy_timeout: Duration) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    prepare(conn, busy_timeout)
}

/// Opens the database at `path`, which must exist: commands that only
/// look, or act on games and players, never leave a stray empty
/// database behind a mistyped path.
pub fn open_existing(path: &Path, busy_timeout: Duration) -> Result<Connection, StoreError> {
    if !path.exists() {
        return Err(StoreError::NoDatabase(path.to_path_buf()));
    }
    open(path, busy_timeout)
}

/// A private in-memory database (tests, `moves`-style dry runs).
pub fn open_in_memory() -> Result<Connection, StoreError> {
    prepare(Connection::open_in_memory()?, DEFAULT_BUSY_TIMEOUT)
}

fn prepare(mut conn: Connection, busy_timeout: Duration) -> Result<Connection, StoreError> {
    conn.busy_timeout(busy_timeout)?;
    // journal_mode answers with a row; it persists in the file, so only a
    // fresh database pays for the change.
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0))?;
    }
    conn.pragma_update(None, "foreign_keys", true)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    // A command is one short process. Without this, closing the last
    // connection checkpoints the WAL into the main file (two more syncs on
    // every move); with it, commits stay durable in the WAL and SQLite's
    // automatic checkpoint (every 1000 pages) folds them in now and then.
    // Copy the database with `sqlite3 boserv.db .backup`, not `cp` alone.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    migrate::to_latest(&mut conn)?;
    Ok(conn)
}

/// Starts the one write transaction of a command (`BEGIN IMMEDIATE`).
pub fn write(conn: &mut Connection) -> Result<Transaction<'_>, StoreError> {
    Ok(conn.transaction_with_behavior(TransactionBehavior::Immediate)?)
}

/// Starts a read-only snapshot (`BEGIN DEFERRED`): a consistent view for
/// commands that only look.
pub fn read(conn: &mut Connection) -> Result<Transaction<'_>, StoreError> {
    Ok(conn.transaction_with_behavior(TransactionBehavior::Deferred)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_file_is_wal_with_foreign_keys() {
        let dir = std::env::temp_dir().join(format!("boserv-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("fresh.db");
        let _ = std::fs::remove_file(&path);
        let conn = open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "wal");
        let fk: i64 = conn
            .query_row("PRAGMA foreign_keys", [], |r| r.get(0))
            .unwrap();
        assert_eq!(fk, 1);
        drop(conn);
        // Opening again finds the schema in place.
        let conn = open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(migrate::version(&conn).unwrap(), migrate::LATEST);
        drop(conn);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_writer_is_told_the_database_is_busy() {
        let dir = std::env::temp_dir().join(format!("boserv-busy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("busy.db");
        let _ = std::fs::remove_file(&path);
        let mut first = open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        let mut second = open(&path, Duration::from_millis(50)).unwrap();
        let _held = write(&mut first).unwrap();
        let err = write(&mut second).unwrap_err();
        assert!(matches!(err, StoreError::Busy), "{err:?}");
        assert_eq!(err.to_string(), "the database is busy; try again");
        drop(_held);
        drop(first);
        drop(second);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
