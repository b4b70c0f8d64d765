//! Reading the next batch's games on the other core (`remind`'s read-ahead).
//!
//! The run's thread is what a long `remind` waits for: it reads each due
//! game (its row, its seats' players, its last log entry and reminder),
//! judges it, and writes what was done and the mails, batch after batch.
//! Those first reads were an eighth of its time (`perf record`, a million
//! games), and they need no write lock. So while the run's thread writes
//! batch *k*, a [`ReadAhead`] thread, on a connection of its own, reads
//! batch *k + 1*'s games in one read transaction, and the run's thread
//! takes them instead of reading them again.
//!
//! A game read ahead is used only when nothing of it can have been written
//! since its snapshot:
//! - **No other connection committed.** The snapshot is taken after the
//!   run's write transaction for batch *k* began, and is asked for with
//!   SQLite's `data_version` of that transaction
//!   ([`crate::store::data_version`]). When batch *k + 1* begins, the
//!   run's connection reads it again: any commit from elsewhere in between
//!   (a move by mail, say) changes it, and the whole batch's reads are
//!   thrown away. The run's own commits leave it as it was, and nobody else
//!   can commit while the run's write transaction holds the lock, so the
//!   snapshot is the database as batch *k* found it, or as it left it.
//! - **The run itself did not write it.** Batches hold different games,
//!   but ending one game may write another's rows (a tournament, a
//!   resignation waiting). Every write to a game's rows clears its `due`
//!   moment (src/store/due_marks.sql), and the run sets it again only for
//!   the games it acts on, so a game whose moment is still the one read
//!   with it was not written since ([`crate::store::due::at`]).
//!
//! Anything else, and every game of a batch the run goes through again
//! game by game, is read in place as before. Debug builds (the tests)
//! compare every game taken from the read-ahead with a fresh read.
//!
//! The page caches of the two connections were one process-wide pool
//! under one mutex in libsqlite3-sys's bundled build
//! (`SQLITE_ENABLE_MEMORY_MANAGEMENT`, turned off in `.cargo/config.toml`):
//! with it, reading ahead made the run 14% slower instead of 10% faster.

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::game::{Catalog, LoadedGame};
use crate::store::reminders::{self, ClockRow};
use crate::store::{self, StoreError, games};

/// One game as read ahead and loaded (its position decoded), its clock's
/// stored row, and its due moment, in one snapshot.
pub struct Read {
    pub game: LoadedGame,
    pub clock: ClockRow,
    due_at: String,
}

/// A batch asked for, with the `data_version` of the run's transaction
/// that asked.
struct Ask {
    games: Vec<GameId>,
    version: i64,
}

/// A batch's reads, and the version they were asked with.
struct Answer {
    games: HashMap<GameId, Read>,
    version: i64,
}

/// The reading thread of one run.
pub struct ReadAhead {
    asks: Option<Sender<Ask>>,
    answers: Receiver<Answer>,
    /// Batches asked for and not yet answered.
    waiting: usize,
    thread: Option<JoinHandle<()>>,
}

/// The games read ahead for one batch.
#[derive(Default)]
pub struct Known {
    games: HashMap<GameId, Read>,
}

impl ReadAhead {
    /// Starts the thread on the database file at `path`; `None` for a
    /// database without a file or when the thread cannot start (the run
    /// then reads everything in place).
    pub fn start(path: Option<&str>, catalog: Catalog<'static>) -> Option<ReadAhead> {
        let path = path.filter(|p| !p.is_empty())?.to_string();
        let (asks, asked) = mpsc::channel::<Ask>();
        let (answer, answers) = mpsc::channel::<Answer>();
        let thread = std::thread::Builder::new()
            .name("read-ahead".into())
            .spawn(move || {
                // Opened here, so the run's thread does not wait for it; a
                // connection that cannot open answers nothing read.
                let mut conn = store::open_beside(&path).ok();
                while let Ok(Ask { games, version }) = asked.recv() {
                    let games = conn
                        .as_mut()
                        .and_then(|conn| read(conn, catalog, &games).ok())
                        .unwrap_or_default();
                    if answer.send(Answer { games, version }).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(ReadAhead {
            asks: Some(asks),
            answers,
            waiting: 0,
            thread: Some(thread),
        })
    }

    /// Asks for `games`, read in a snapshot taken from now on; `version`
    /// is the `data_version` of the run's write transaction under way.
    pub fn ask(&mut self, games: &[GameId], version: i64) {
        let Some(asks) = &self.asks else { return };
        let ask = Ask {
            games: games.to_vec(),
            version,
        };
        if asks.send(ask).is_ok() {
            self.waiting += 1;
        }
    }

    /// The reads asked for last, for a write transaction whose
    /// `data_version` is `version`: none when another connection has
    /// committed since they were asked for.
    pub fn take(&mut self, version: i64) -> Known {
        let mut answer = None;
        while self.waiting > 0 {
            self.waiting -= 1;
            answer = self.answers.recv().ok();
        }
        match answer {
            Some(answer) if answer.version == version => Known {
                games: answer.games,
            },
            _ => Known::default(),
        }
    }
}

impl Drop for ReadAhead {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop.
        self.asks.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads and loads `games` in one read transaction: each active game with
/// its due moment worked out (a game changed and not worked out, or one
/// that cannot be loaded, is left to be read in place).
fn read(
    conn: &mut Connection,
    catalog: Catalog<'static>,
    games: &[GameId],
) -> Result<HashMap<GameId, Read>, StoreError> {
    let tx = store::read(conn)?;
    let mut read = HashMap::with_capacity(games.len());
    for &id in games {
        let Some(due_at) = store::due::at(&tx, id)? else {
            continue;
        };
        let Some(row) = games::find(&tx, id)? else {
            continue;
        };
        let Some(clock) = reminders::clock(&tx, &row)? else {
            continue;
        };
        let Ok(game) = LoadedGame::from_row(&tx, catalog, row) else {
            continue;
        };
        read.insert(
            id,
            Read {
                game,
                clock,
                due_at,
            },
        );
    }
    Ok(read)
}

#[cfg(test)]
thread_local! {
    /// Games taken as read ahead on this thread (for the tests).
    static TAKEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many games this thread has taken as read ahead so far.
#[cfg(test)]
pub fn taken() -> usize {
    TAKEN.get()
}

impl Known {
    /// `game` as read ahead, when nothing of it was written since: its due
    /// moment in `conn`'s transaction is still the one read with it.
    pub fn take(&mut self, conn: &Connection, game: GameId) -> Result<Option<Read>, StoreError> {
        let Some(read) = self.games.remove(&game) else {
            return Ok(None);
        };
        if store::due::at(conn, game)?.as_deref() != Some(read.due_at.as_str()) {
            return Ok(None);
        }
        #[cfg(test)]
        TAKEN.set(TAKEN.get() + 1);
        #[cfg(debug_assertions)]
        {
            let fresh = games::find(conn, game)?;
            assert_eq!(
                fresh.as_ref(),
                Some(&read.game.row),
                "the game read ahead is the stored one"
            );
            let clock = reminders::clock(conn, &read.game.row)?;
            assert_eq!(
                clock.as_ref(),
                Some(&read.clock),
                "the clock read ahead is the stored one"
            );
        }
        Ok(Some(read))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::testing::{CATALOG, race, rematch};

    /// A database file with `n` race games between alice and bob.
    fn file_with_games(n: usize) -> (tempfile::TempDir, Connection, Vec<GameId>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ahead.db");
        let mut conn = store::open(&path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
        let mut games = vec![race(&mut conn, &["alice", "bob"])];
        games.extend((1..n).map(|_| rematch(&mut conn, "alice", "bob")));
        (dir, conn, games)
    }

    /// Asks for `games` in a write transaction of `conn`, as the run does,
    /// and takes the answer in the next; `between` runs in between.
    fn ask_then_take(
        conn: &mut Connection,
        reader: &mut ReadAhead,
        games: &[GameId],
        between: impl FnOnce(&mut Connection),
    ) -> (Known, i64, i64) {
        let tx = store::write(conn).unwrap();
        let asked = store::data_version(&tx).unwrap();
        reader.ask(games, asked);
        tx.commit().unwrap();
        between(conn);
        let tx = store::write(conn).unwrap();
        let now = store::data_version(&tx).unwrap();
        tx.commit().unwrap();
        (reader.take(now), asked, now)
    }

    #[test]
    fn games_read_ahead_are_the_stored_ones() {
        let (_dir, mut conn, games) = file_with_games(3);
        let mut reader = ReadAhead::start(conn.path(), CATALOG).unwrap();
        let (mut known, asked, now) = ask_then_take(&mut conn, &mut reader, &games, |_| {});
        assert_eq!(asked, now, "the run's own commits leave the version");
        let tx = store::write(&mut conn).unwrap();
        for &game in &games {
            let read = known.take(&tx, game).unwrap().expect("read ahead");
            assert_eq!(Some(read.game.row), games::find(&tx, game).unwrap());
        }
        assert!(known.take(&tx, games[0]).unwrap().is_none(), "taken once");
    }

    #[test]
    fn a_commit_from_another_connection_throws_the_reads_away() {
        let (dir, mut conn, games) = file_with_games(2);
        let mut reader = ReadAhead::start(conn.path(), CATALOG).unwrap();
        let path = dir.path().join("ahead.db");
        let (mut known, asked, now) = ask_then_take(&mut conn, &mut reader, &games, |_| {
            let other = store::open(&path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
            other
                .execute("UPDATE players SET words_mails = 1", [])
                .unwrap();
        });
        assert_ne!(asked, now);
        let tx = store::write(&mut conn).unwrap();
        assert!(known.take(&tx, games[0]).unwrap().is_none());
        assert!(known.take(&tx, games[1]).unwrap().is_none());
    }

    #[test]
    fn a_reader_that_cannot_open_its_connection_reads_nothing() {
        let (_dir, mut conn, games) = file_with_games(1);
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("gone.db");
        let mut reader = ReadAhead::start(gone.to_str(), CATALOG).unwrap();
        let (mut known, ..) = ask_then_take(&mut conn, &mut reader, &games, |_| {});
        let tx = store::write(&mut conn).unwrap();
        assert!(
            known.take(&tx, games[0]).unwrap().is_none(),
            "read in place"
        );
        assert!(!gone.exists(), "no database made where there was none");
    }

    #[test]
    fn a_game_written_since_is_read_in_place() {
        let (_dir, mut conn, games) = file_with_games(2);
        let mut reader = ReadAhead::start(conn.path(), CATALOG).unwrap();
        let (mut known, ..) = ask_then_take(&mut conn, &mut reader, &games, |_| {});
        let tx = store::write(&mut conn).unwrap();
        // The batch's own write to a game it has not reached yet (ending
        // another game can): the trigger clears its due moment, which
        // only acting on that game sets again.
        tx.execute(
            "UPDATE games SET draw_votes = '1' WHERE id = ?1",
            [games[1].0 as i64],
        )
        .unwrap();
        assert!(known.take(&tx, games[0]).unwrap().is_some());
        assert!(known.take(&tx, games[1]).unwrap().is_none());
    }
}
