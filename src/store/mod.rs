//! The SQLite store: opening a database the same way every time, and the
//! typed queries the service layer runs inside its transactions.
//!
//! Every connection gets WAL, foreign keys and a busy timeout; a busy
//! database becomes [`StoreError::Busy`] ("the database is busy; try
//! again"), and a full disk becomes [`StoreError::DiskFull`] ("the disk is
//! full"), never a panic. Writes go through [`write`], which opens a
//! `BEGIN IMMEDIATE` transaction so two writers queue on the lock instead of
//! failing half way. A front end that must commit a record of its own
//! together with a command (the mail intake's "this command of this
//! message is done") runs the command inside [`atomically`]: the command's
//! [`write`] then becomes a savepoint of that one transaction.

pub mod backup;
pub mod board_shows;
pub mod bot_games;
pub mod bot_queue;
pub mod conditional;
pub mod digests;
pub mod draw_offers;
pub mod due;
pub mod game_definitions;
pub mod games;
pub mod invitations;
pub mod ladder;
pub mod mailbox_marks;
pub mod migrate;
pub mod partners;
pub mod players;
pub mod queued;
pub mod ratings;
pub mod reminders;
pub mod resignations;
pub mod seeks;
pub mod senders;
pub mod settings;
pub mod signoffs;
pub mod spool_batches;
pub mod submissions;
pub mod tidings;
pub mod tournaments;
pub mod turns;
pub mod vacations;
pub mod waiting;
pub mod wal;
pub mod watchers;
pub mod words_sent;
pub mod zones;

#[cfg(test)]
mod bounded_tests;
#[cfg(test)]
mod scale_tests;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rusqlite::config::DbConfig;
use std::ops::Deref;

use rusqlite::{Connection, ErrorCode, Savepoint, Transaction, TransactionBehavior};

/// How long a command waits for another writer before giving up.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// What can go wrong below the service layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database is busy; try again")]
    Busy,
    #[error("the disk is full")]
    DiskFull,
    #[error("the database was written by a newer boserv (schema version {0})")]
    TooNew(i64),
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    #[error("damaged record in the database: {0}")]
    Damaged(String),
    #[error("no database at {0}: give --db PATH or set BOSERV_DB (`boserv signup` creates one)")]
    NoDatabase(std::path::PathBuf),
    #[error("cannot read the database {0}: {1}")]
    Unreadable(std::path::PathBuf, String),
    /// The operator's setup (a mail template, a setting) is wrong: nothing
    /// in the database is.
    #[error("server setup: {0}")]
    Setup(String),
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::DiskFull) => StoreError::DiskFull,
            _ => StoreError::Sqlite(e),
        }
    }
}

impl StoreError {
    /// True when the same work may succeed later (busy database, full
    /// disk): the mail intake asks the MTA to retry.
    pub fn is_temporary(&self) -> bool {
        matches!(self, StoreError::Busy | StoreError::DiskFull)
    }
}

/// A command's transaction: its own `BEGIN IMMEDIATE`, or a savepoint
/// when the command runs inside [`atomically`]. Either way it commits
/// only through [`Tx::commit`] and rolls back when dropped.
#[derive(Debug)]
pub enum Tx<'c> {
    Own(Transaction<'c>),
    Nested(Savepoint<'c>),
}

impl Deref for Tx<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            Tx::Own(tx) => tx,
            Tx::Nested(sp) => sp,
        }
    }
}

impl Tx<'_> {
    /// Commits (a savepoint: releases it into the enclosing transaction).
    pub fn commit(self) -> rusqlite::Result<()> {
        match self {
            Tx::Own(tx) => {
                #[cfg(debug_assertions)]
                due::assert_settled(&tx);
                tx.commit()
            }
            Tx::Nested(sp) => sp.commit(),
        }
    }
}

/// Runs one statement through the connection's statement cache (a
/// command runs the same few dozen statements; parsing them again each
/// time was a fifth of `remind`'s work).
pub fn exec(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<usize> {
    conn.prepare_cached(sql)?.execute(params)
}

/// One row of a statement run through the statement cache (see [`exec`]).
pub fn row<T>(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    f: impl FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    conn.prepare_cached(sql)?.query_row(params, f)
}

/// Statements kept prepared per connection (rusqlite's default is 16,
/// fewer than one move runs).
const STATEMENT_CACHE: usize = 128;

/// Opens (creating if needed) the database at `path`, ready for commands.
pub fn open(path: &Path, busy_timeout: Duration) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    prepare(conn, busy_timeout)
}

/// Opens the database at `path`, which must exist: commands that only
/// look, or act on games and players, never leave a stray empty
/// database behind a mistyped path.
pub fn open_existing(path: &Path, busy_timeout: Duration) -> Result<Connection, StoreError> {
    check_existing(path)?;
    open(path, busy_timeout)
}

/// That the database at `path` exists and is a file this process can
/// read, without opening it as a database (so without creating it, or a
/// WAL beside it, when it is missing).
pub fn check_existing(path: &Path) -> Result<(), StoreError> {
    let unreadable = |why: String| StoreError::Unreadable(path.to_path_buf(), why);
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(StoreError::NoDatabase(path.to_path_buf()))
        }
        Err(e) => Err(unreadable(e.to_string())),
        Ok(meta) if !meta.is_file() => Err(unreadable("not a file".to_string())),
        Ok(_) => std::fs::File::open(path)
            .map(drop)
            .map_err(|e| unreadable(e.to_string())),
    }
}

/// A private in-memory database (tests, `moves`-style dry runs).
pub fn open_in_memory() -> Result<Connection, StoreError> {
    prepare(Connection::open_in_memory()?, DEFAULT_BUSY_TIMEOUT)
}

/// How long a command waits for another writer, in milliseconds: read by
/// [`wait_for_lock`] (SQLite's busy handler takes no context; one process
/// has one timeout).
static BUSY_TIMEOUT_MS: AtomicU64 = AtomicU64::new(5000);

/// Makes `conn` wait up to `busy_timeout` for another writer, in short
/// steps ([`wait_for_lock`]).
pub fn wait_when_busy(conn: &Connection, busy_timeout: Duration) -> rusqlite::Result<()> {
    BUSY_TIMEOUT_MS.store(busy_timeout.as_millis() as u64, Ordering::Relaxed);
    conn.busy_handler(Some(wait_for_lock))
}

/// SQLite's own busy timeout sleeps 1, 2, 5, 10, ... up to 100 ms between
/// tries, while a command holds the write lock for a few milliseconds: with
/// four mails at once most of the time went to sleeping past a lock
/// already free. This waits 200 µs at a time for the first 20 ms, then
/// 2 ms at a time, until the timeout (counted from the steps slept, so a
/// little longer in wall time, never shorter).
fn wait_for_lock(attempts: i32) -> bool {
    let attempts = u64::try_from(attempts).unwrap_or(0);
    let (waited_us, step_us) = lock_wait(attempts);
    let limit_us = match wal::fold_wait_us() {
        Some(fold_limit) => fold_limit,
        None => BUSY_TIMEOUT_MS.load(Ordering::Relaxed) * 1000,
    };
    if waited_us >= limit_us {
        return false;
    }
    std::thread::sleep(Duration::from_micros(step_us));
    true
}

/// Before try `attempts + 1`: the microseconds slept so far, and the next
/// step (200 µs for the first 100 tries, then 2 ms).
fn lock_wait(attempts: u64) -> (u64, u64) {
    const SHORT: u64 = 100;
    if attempts < SHORT {
        (attempts * 200, 200)
    } else {
        (SHORT * 200 + (attempts - SHORT) * 2_000, 2_000)
    }
}

fn prepare(mut conn: Connection, busy_timeout: Duration) -> Result<Connection, StoreError> {
    wait_when_busy(&conn, busy_timeout)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    // journal_mode answers with a row; it persists in the file, so only a
    // fresh database pays for the change.
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0))?;
    }
    conn.pragma_update(None, "foreign_keys", true)?;
    wal::sync_every_commit(&conn)?;
    // A command is one short process. Without this, closing the last
    // connection checkpoints the WAL into the main file (two more syncs on
    // every move); with it, commits stay durable in the WAL and the WAL
    // hook (wal.rs) folds them in every few dozen moves.
    // Copy the database with `sqlite3 boserv.db .backup`, not `cp` alone.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    wal::keep_short(&conn);
    migrate::to_latest(&mut conn)?;
    Ok(conn)
}

/// Leaves `conn` to the end of the process instead of closing it, when
/// nothing is pending on it (no transaction open). A command's process
/// exits right after its one connection is done; closing it would only
/// free the parsed schema and the prepared statements, object by object
/// (a twentieth of the CPU of a `move`), and, since commands do not
/// checkpoint on close ([`prepare`]), touch nothing on disk. Exiting
/// releases its locks and its mapping of the WAL index as closing does.
/// With a transaction still open it is closed as usual (rolled back).
pub fn leave_to_exit(conn: Connection) {
    if conn.is_autocommit() {
        std::mem::forget(conn);
    }
}

/// The steps of SQLite's plan for `sql` (EXPLAIN QUERY PLAN), for the
/// tests that pin a query to its index.
#[cfg(test)]
pub fn query_plan<P: rusqlite::Params>(conn: &Connection, sql: &str, params: P) -> Vec<String> {
    conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
        .unwrap()
        .query_map(params, |r| r.get(3))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The page cache of a connection that works through many games in one
/// transaction (`remind`'s batches), in KiB. SQLite's default (2 MiB) is
/// smaller than the pages such a batch dirties: it spilled them into the
/// WAL half way, wrote them again at commit, and read evicted pages back.
/// Past a batch's pages a larger cache costs more than it saves: over a
/// million games, 64 MiB took 19,100 page faults (each page of the cache
/// touched a first time) to spare 2,000 reads of 60,500, and the run 6%
/// longer than with 16 MiB (6,100 faults); 8 MiB read 70,400 pages.
/// Since the next batch's games are read on another connection
/// (`service::remind`'s read-ahead), 8 MiB is the better size: the run's
/// own connection reads less, and SQLite walks its whole cache after every
/// commit that split a page (docs/speed.md, the sixth round). Alternated
/// three times over a million games, 8 MiB took 0.86x, 0.93x and 0.96x
/// of 16 MiB's time, with 12,000 page faults against 14,600, 97,900 page
/// reads against 88,600, and the same writes (no batch spills); 4 MiB took
/// the same time as 8.
pub const WIDE_CACHE_KIB: i64 = 8 * 1024;

/// Gives `conn` a page cache of [`WIDE_CACHE_KIB`] for a long run.
pub fn widen_cache(conn: &Connection) -> Result<(), StoreError> {
    conn.pragma_update(None, "cache_size", -WIDE_CACHE_KIB)?;
    Ok(())
}

/// SQLite's count of the commits other connections made to the database
/// (`PRAGMA data_version`): unchanged between two reads on one connection
/// when nobody else committed in between; this connection's own commits
/// leave it as it was.
pub fn data_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
}

/// A second connection to the database file at `path`, for a long run's
/// helper thread: no schema read and no migration (the run's own
/// connection did both), commands' busy handling, and closing it folds
/// nothing.
pub fn open_beside(path: &str) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_handler(Some(wait_for_lock))?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    Ok(conn)
}

/// Starts the one write transaction of a command (`BEGIN IMMEDIATE`), or
/// a savepoint inside [`atomically`].
pub fn write(conn: &mut Connection) -> Result<Tx<'_>, StoreError> {
    begin(conn, TransactionBehavior::Immediate)
}

/// Starts a read-only snapshot (`BEGIN DEFERRED`): a consistent view for
/// commands that only look.
pub fn read(conn: &mut Connection) -> Result<Tx<'_>, StoreError> {
    begin(conn, TransactionBehavior::Deferred)
}

fn begin(conn: &mut Connection, behavior: TransactionBehavior) -> Result<Tx<'_>, StoreError> {
    if conn.is_autocommit() {
        Ok(Tx::Own(conn.transaction_with_behavior(behavior)?))
    } else {
        Ok(Tx::Nested(conn.savepoint()?))
    }
}

/// Runs `work` in one `BEGIN IMMEDIATE` transaction, committed only when
/// it succeeds: every [`write`] inside is a savepoint of it, so a command
/// and whatever the caller records beside it commit together or not at
/// all. Inside a transaction already open, `work` is a savepoint of that
/// one, rolled back when it fails, and commits with it.
pub fn atomically<T, E: From<StoreError>>(
    conn: &mut Connection,
    work: impl FnOnce(&mut Connection) -> Result<T, E>,
) -> Result<T, E> {
    if !conn.is_autocommit() {
        // Inside a caller's transaction (the spool's batches,
        // mail/drain.rs): a savepoint of it.
        conn.execute_batch("SAVEPOINT atomically")
            .map_err(StoreError::from)?;
        let done = work(conn);
        let end = match done {
            Ok(_) => "RELEASE atomically",
            Err(_) => "ROLLBACK TO atomically; RELEASE atomically",
        };
        conn.execute_batch(end).map_err(StoreError::from)?;
        return done;
    }
    conn.execute_batch("BEGIN IMMEDIATE")
        .map_err(StoreError::from)?;
    let done = work(conn).and_then(|value| {
        conn.execute_batch("COMMIT")
            .map_err(|e| E::from(StoreError::from(e)))?;
        Ok(value)
    });
    if done.is_err() && !conn.is_autocommit() {
        let _ = conn.execute_batch("ROLLBACK");
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_wait_is_short_steps_then_longer_ones_and_counts_every_one() {
        assert_eq!(lock_wait(0), (0, 200));
        assert_eq!(lock_wait(99), (19_800, 200));
        assert_eq!(lock_wait(100), (20_000, 2_000));
        assert_eq!(lock_wait(101), (22_000, 2_000));
        // 5 s (the default timeout) is reached after 2,590 tries.
        assert!(lock_wait(2_589).0 < 5_000_000 && lock_wait(2_590).0 >= 5_000_000);
    }

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

    #[test]
    fn a_command_inside_atomically_commits_with_its_caller() {
        let mut conn = open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (x INTEGER)").unwrap();
        let count = |conn: &Connection| -> i64 {
            conn.query_row("SELECT count(*) FROM t", [], |r| r.get(0))
                .unwrap()
        };
        // The command commits its savepoint, the caller then fails: nothing stays.
        let failed: Result<(), StoreError> = atomically(&mut conn, |conn| {
            let tx = write(conn)?;
            tx.execute("INSERT INTO t VALUES (1)", [])?;
            tx.commit()?;
            Err(StoreError::Damaged("caller failed".into()))
        });
        assert!(failed.is_err());
        assert_eq!(count(&conn), 0);
        assert!(conn.is_autocommit());
        // A refused command (dropped savepoint) leaves the caller's own write.
        atomically(&mut conn, |conn| {
            {
                let tx = write(conn)?;
                tx.execute("INSERT INTO t VALUES (2)", [])?;
            }
            conn.execute("INSERT INTO t VALUES (3)", [])?;
            Ok::<_, StoreError>(())
        })
        .unwrap();
        let x: i64 = conn.query_row("SELECT x FROM t", [], |r| r.get(0)).unwrap();
        assert_eq!((count(&conn), x), (1, 3));
    }
}
