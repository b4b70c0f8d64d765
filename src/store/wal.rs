//! Keeping the write-ahead log short.
//!
//! Every command is its own short process, and its connection does not
//! checkpoint when it closes ([`super::prepare`]): that would sync the
//! database file and delete the WAL on almost every move, only for the
//! next process to create it again. But SQLite's own automatic checkpoint
//! cannot keep such a WAL short. The first process to open the database
//! rebuilds the WAL index by reading and checksumming the whole WAL, and
//! the rebuilt index no longer knows which frames were already copied
//! into the database; the log then never restarts from its beginning. Left
//! alone the WAL grew by every command (31 MB after 400 moves), each
//! process read all of it, and a move took 17 ms at ply 40 instead of 5.
//!
//! So the connection's WAL hook, run by SQLite after each commit once the
//! write lock is released, copies the log into the database and truncates
//! it to zero bytes (`wal_checkpoint(TRUNCATE)`) once it holds
//! [`FOLD_AT_FRAMES`] frames. Folding holds the write lock while it waits
//! for readers still on the log, so it waits at most [`FOLD_WAIT_US`], not
//! the command's busy timeout; a checkpoint another process keeps busy is
//! simply left to a later commit: the command has committed already.

mod folder;

pub use folder::Folder;

use std::cell::Cell;
use std::os::raw::c_int;

use rusqlite::Connection;
use rusqlite::hooks::{CheckpointMode, Wal};

/// The WAL length (in frames of one page) at which a commit folds it into
/// the database: about ten moves' worth (a move writes about six pages).
/// Every process reads and checksums the whole WAL when it opens the
/// database (the rebuilt index above), so the WAL's average length is paid
/// by every command; a fold costs one sync of the database file. At 256
/// frames a command read 0.5 MB of WAL on average.
pub const FOLD_AT_FRAMES: c_int = 64;

/// How long a fold waits for the lock or for readers before leaving the
/// WAL to a later commit, in microseconds.
pub const FOLD_WAIT_US: u64 = 2_000;

thread_local! {
    /// True while this thread folds the WAL: SQLite's busy handler takes
    /// no context, and runs on the thread whose commit folds.
    static FOLDING: Cell<bool> = const { Cell::new(false) };
    /// The length at which this thread's commits fold the WAL
    /// ([`FOLD_AT_FRAMES`], or [`LONG_RUN_FOLD_AT_FRAMES`] in a [`LongRun`]).
    static FOLD_AT: Cell<c_int> = const { Cell::new(FOLD_AT_FRAMES) };
}

/// The busy handler's limit while a fold waits ([`super::wait_for_lock`]).
pub(super) fn fold_wait_us() -> Option<u64> {
    FOLDING.get().then_some(FOLD_WAIT_US)
}

/// The WAL length at which a long run's commits fold it (`remind`'s
/// batches, [`LongRun`]): 64 MB.
pub const LONG_RUN_FOLD_AT_FRAMES: c_int = 16_384;

/// While it lives, this thread's commits fold the WAL only once it holds
/// [`LONG_RUN_FOLD_AT_FRAMES`] frames; dropped, they fold at
/// [`FOLD_AT_FRAMES`] again. The run ends with [`fold`].
///
/// A run that commits batch after batch writes some pages in every batch
/// (the outbox's last pages, the indexes' inner pages, the `due` index):
/// folding after each commit copied them into the database again every
/// time, with a sync of the database file and a truncation of the log
/// each. Folded less often, such a page is copied once for many commits.
/// The price: a process that opens the database meanwhile reads the
/// longer log once (tens of milliseconds for 64 MB).
pub struct LongRun(());

impl LongRun {
    pub fn start() -> LongRun {
        FOLD_AT.set(LONG_RUN_FOLD_AT_FRAMES);
        LongRun(())
    }
}

impl Drop for LongRun {
    fn drop(&mut self) {
        FOLD_AT.set(FOLD_AT_FRAMES);
    }
}

/// Has `conn`'s commits write the log without syncing it
/// (`synchronous = NORMAL`), for a long run whose [`Folder`] syncs it
/// after each commit on the other core: `remind`'s batches waited about
/// 4 ms for each sync, a tenth of the run over a million games.
///
/// Nothing is lost by it. A commit is still atomic (the log is written
/// whole before it counts), and a process killed after it keeps it: the
/// pages are with the system. Only a power cut in the few milliseconds
/// before the folder's sync (its checkpoint syncs the log first) can take
/// a batch back, state and mails together, which the next run redoes;
/// and none of that batch's mails can have left: `deliver` leases each
/// mail by a commit of its own, synced, and syncing the log syncs every
/// commit before it. (A folder that could not open its connection leaves
/// the batches to the run's last fold: a longer window, the same
/// guarantees.) The run's last fold syncs everything before it reports,
/// and [`sync_every_commit`] restores the default after it.
pub fn sync_in_batches(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.pragma_update(None, "synchronous", "NORMAL")
}

/// Every commit on `conn` synced again (`synchronous = FULL`, as
/// [`super::open`] sets it).
pub fn sync_every_commit(conn: &Connection) -> Result<(), rusqlite::Error> {
    conn.pragma_update(None, "synchronous", "FULL")
}

/// Folds the WAL into the database now, as a commit past the fold point
/// does: a reader still on the log leaves it to a later commit.
pub fn fold(conn: &rusqlite::Connection) -> Result<(), rusqlite::Error> {
    FOLDING.set(true);
    let folded = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    FOLDING.set(false);
    folded
}

/// Makes every commit on `conn` keep the WAL at most about
/// [`FOLD_AT_FRAMES`] long (replacing SQLite's automatic checkpoint).
pub fn keep_short(conn: &Connection) {
    conn.wal_hook(Some(after_commit));
}

fn after_commit(wal: &Wal, frames: c_int) -> rusqlite::Result<()> {
    if frames >= FOLD_AT.get() {
        // Busy (a reader still on the log, another checkpoint): a later
        // commit folds it. The commit itself has happened either way.
        FOLDING.set(true);
        let _ = wal.checkpoint_v2(CheckpointMode::TRUNCATE);
        FOLDING.set(false);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{self, DEFAULT_BUSY_TIMEOUT};

    /// What `boserv mail` does for each message, many times over: a fresh
    /// connection (the first and only one open, as a process alone on the
    /// database is), one commit of a few pages, then closing without a
    /// checkpoint. Without the hook the WAL grew by every commit: after
    /// 300 commits it held them all (over 1,200 frames), since every
    /// fresh connection rebuilt the WAL index and the log never restarted.
    #[test]
    fn the_wal_stays_short_across_many_one_commit_processes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wal.db");
        let page = {
            let conn = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
            conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB)")
                .unwrap();
            conn.query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0))
                .unwrap() as u64
        };
        let wal = path.with_extension("db-wal");
        let mut longest = 0;
        for n in 0..300 {
            let conn = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
            conn.execute(
                "INSERT INTO notes (body) VALUES (zeroblob(?1))",
                [3 * page as i64],
            )
            .unwrap();
            drop(conn);
            longest = longest.max(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0));
            assert!(n < 299 || longest > 0, "the commits went through the WAL");
        }
        // A frame is a page and its 24-byte header; the WAL header is 32.
        let frames = (longest.saturating_sub(32)) / (page + 24);
        assert!(
            frames < FOLD_AT_FRAMES as u64 + 10,
            "the WAL reached {frames} frames"
        );
        let conn = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        let rows: i64 = conn
            .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 300, "nothing was lost by folding the WAL");
    }

    /// A reader still on the log (another process showing a board) keeps
    /// the WAL from being folded; the commits that try meanwhile go on
    /// after a short wait each, not the 5 s busy timeout, and the first
    /// commit after the reader is done folds it.
    #[test]
    fn a_reader_on_the_log_delays_the_fold_not_the_commits() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("reader.db");
        let writer = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        writer
            .execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB)")
            .unwrap();
        let note = |conn: &Connection| {
            conn.execute("INSERT INTO notes (body) VALUES (zeroblob(8000))", [])
                .unwrap();
        };
        note(&writer);
        let mut reader = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        let snapshot = store::read(&mut reader).unwrap();
        let seen: i64 = snapshot
            .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(seen, 1);
        let started = std::time::Instant::now();
        for _ in 0..150 {
            note(&writer);
        }
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(4),
            "150 commits past the fold point took {took:?}"
        );
        let wal = path.with_extension("db-wal");
        let long = std::fs::metadata(&wal).unwrap().len();
        assert!(
            long > FOLD_AT_FRAMES as u64 * 4096,
            "the reader kept the log"
        );
        drop(snapshot);
        note(&writer);
        assert_eq!(
            std::fs::metadata(&wal).unwrap().len(),
            0,
            "folded and truncated"
        );
    }

    /// In a long run the commits leave the log past the usual fold point
    /// (one sync and truncation for many commits); the run's end folds it,
    /// and after the run commits fold as before.
    #[test]
    fn a_long_run_folds_once_at_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.db");
        let conn = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB)")
            .unwrap();
        let note = || {
            conn.execute("INSERT INTO notes (body) VALUES (zeroblob(8000))", [])
                .unwrap();
        };
        let wal = path.with_extension("db-wal");
        let len = || std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
        let run = LongRun::start();
        for _ in 0..150 {
            note();
        }
        assert!(
            len() > FOLD_AT_FRAMES as u64 * 4096,
            "not folded during the run: {} bytes",
            len()
        );
        drop(run);
        fold(&conn).unwrap();
        assert_eq!(len(), 0, "folded at the end");
        for _ in 0..150 {
            note();
        }
        assert!(
            len() < (FOLD_AT_FRAMES as u64 + 10) * 4200,
            "folded as usual after the run: {} bytes",
            len()
        );
    }
}
