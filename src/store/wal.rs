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
//! [`FOLD_AT_FRAMES`] frames. A checkpoint another process keeps busy is
//! simply left to a later commit: the command has committed already.

use std::os::raw::c_int;

use rusqlite::Connection;
use rusqlite::hooks::{CheckpointMode, Wal};

/// The WAL length (in frames of one page) at which a commit folds it into
/// the database: a few dozen moves' worth.
pub const FOLD_AT_FRAMES: c_int = 256;

/// Makes every commit on `conn` keep the WAL at most about
/// [`FOLD_AT_FRAMES`] long (replacing SQLite's automatic checkpoint).
pub fn keep_short(conn: &Connection) {
    conn.wal_hook(Some(after_commit));
}

fn after_commit(wal: &Wal, frames: c_int) -> rusqlite::Result<()> {
    if frames >= FOLD_AT_FRAMES {
        // Busy (a reader still on the log, another checkpoint): a later
        // commit folds it. The commit itself has happened either way.
        let _ = wal.checkpoint_v2(CheckpointMode::TRUNCATE);
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
}
