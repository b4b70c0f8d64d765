//! Folding a long run's WAL on the other core while the run commits.
//!
//! `remind` commits batch after batch on one connection and folds the WAL
//! into the database only rarely ([`super::LongRun`]), and last of all
//! ([`super::fold`]): over a million games that last fold copied about
//! 30,000 pages (a read from the log and a write to the database each,
//! and a sync) on the run's own thread, after its last batch. A
//! [`Folder`] copies them while the batches are judged instead: after each
//! commit it is nudged, and its thread, on a connection of its own, runs a
//! passive checkpoint, which copies what is committed without taking the
//! write lock or waiting for anyone (SQLite's checkpointer lock keeps two
//! from copying at once). The run's final fold then finds little left to
//! copy, and truncates the log as before.
//!
//! A checkpoint syncs the log before it copies, then the database file: a
//! run whose commits leave their sync to the folder
//! ([`super::sync_in_batches`]) has each batch on disk a few milliseconds
//! after it commits. A process killed half way through a checkpoint
//! leaves the log to the next (SQLite's recovery).

use std::sync::mpsc::{self, SyncSender};
use std::thread::JoinHandle;

use rusqlite::Connection;

/// The thread that folds a long run's WAL, nudged after each commit.
pub struct Folder {
    nudge: Option<SyncSender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Folder {
    /// Starts folding the WAL of the database file at `path` on a thread
    /// of its own. None for a database without a file (in memory: no WAL)
    /// or when the thread cannot start: the run's own folds then do it all.
    pub fn start(path: Option<&str>) -> Option<Folder> {
        let path = path.filter(|p| !p.is_empty())?.to_string();
        // One nudge waiting is enough: a checkpoint copies all committed.
        let (nudge, nudged) = mpsc::sync_channel::<()>(1);
        let thread = std::thread::Builder::new()
            .name("fold".into())
            .spawn(move || {
                // Opened here, so the run's thread does not wait for it; a
                // connection that cannot open leaves the folds to the run.
                let Ok(conn) = open(&path) else { return };
                while nudged.recv().is_ok() {
                    // Busy (the run's own fold, a reader's snapshot):
                    // the next nudge or the run's last fold copies it.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
            })
            .ok()?;
        Some(Folder {
            nudge: Some(nudge),
            thread: Some(thread),
        })
    }

    /// After a commit: the thread copies what the log holds, now or right
    /// after the copy under way.
    pub fn nudge(&self) {
        if let Some(nudge) = &self.nudge {
            let _ = nudge.try_send(());
        }
    }
}

impl Drop for Folder {
    /// Waits for the copy under way, so the run's last fold has the log
    /// to itself.
    fn drop(&mut self) {
        self.nudge.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The folding thread's connection ([`crate::store::open_beside`]: no
/// schema read, no migration, closing it folds nothing); it syncs the
/// database file after copying, as a command's connection does
/// (`synchronous = FULL`). A passive checkpoint never waits, so the busy
/// handler is never asked.
fn open(path: &str) -> Result<Connection, crate::store::StoreError> {
    let conn = crate::store::open_beside(path)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(conn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{self, DEFAULT_BUSY_TIMEOUT};

    /// The WAL file's length in frames (a page and its 24-byte header
    /// each, after the 32-byte header).
    fn frames(path: &std::path::Path, page: u64) -> u64 {
        let wal = path.with_extension("db-wal");
        let len = std::fs::metadata(wal).map(|m| m.len()).unwrap_or(0);
        len.saturating_sub(32) / (page + 24)
    }

    /// A run that commits while its folder copies: the log restarts from
    /// its beginning instead of growing by every commit (SQLite restarts it
    /// once everything in it is copied), nothing is lost, and the run's
    /// last fold empties it. Without the folder the log held every commit.
    #[test]
    fn a_folder_keeps_a_long_runs_log_from_growing_and_loses_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.db");
        let mut conn = store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body BLOB)")
            .unwrap();
        let page = conn
            .query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0))
            .unwrap() as u64;
        let long_run = super::super::LongRun::start();
        let folder = Folder::start(conn.path()).expect("a file database");
        let commits = 200;
        for _ in 0..commits {
            let tx = store::write(&mut conn).unwrap();
            tx.execute(
                "INSERT INTO notes (body) VALUES (zeroblob(?1))",
                [4 * page as i64],
            )
            .unwrap();
            tx.commit().unwrap();
            folder.nudge();
            // The run's thread judges the next batch meanwhile.
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        drop(folder);
        let longest = frames(&path, page);
        assert!(
            longest < commits * 5 / 2,
            "the log held {longest} frames of {commits} commits of five pages"
        );
        drop(long_run);
        super::super::fold(&conn).unwrap();
        assert_eq!(frames(&path, page), 0, "the last fold empties the log");
        let rows: i64 = conn
            .query_row("SELECT count(*) FROM notes", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows as u64, commits, "nothing was lost");
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok");
    }

    /// A database in memory has no log to fold.
    #[test]
    fn nothing_to_fold_in_memory() {
        let conn = store::open_in_memory().unwrap();
        assert!(Folder::start(conn.path()).is_none());
    }
}
