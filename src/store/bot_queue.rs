//! The computer player's queue of games to look at and the CPU it spent
//! each hour (schema step 35, `bot_queue.sql`): the rows are written by
//! triggers in the transaction of each change to a game against it, and
//! claimed, released, dropped or set aside here by the worker
//! (`front::bot_turns::queue`), each in the worker's write transaction.

use rusqlite::{Connection, OptionalExtension, params};

use super::{StoreError, exec, row};
use crate::ids::GameId;

/// A queued game, as the worker sees it when it looks for work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub game: GameId,
    /// The process thinking about it, if any (its claim may have lapsed).
    pub claimed_by: Option<u32>,
    /// When a claim lapses or a problem is tried again (wall clock).
    pub not_before: Option<String>,
}

/// Every queued game, oldest change first.
pub fn all(conn: &Connection) -> Result<Vec<Queued>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT game, claimed_by, not_before FROM bot_queue ORDER BY queued, game",
    )?;
    let rows = q.query_map([], |r| {
        Ok(Queued {
            game: GameId(r.get::<_, i64>(0)? as u64),
            claimed_by: r.get(1)?,
            not_before: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Claims `game` for process `pid` until `until`.
pub fn claim(conn: &Connection, game: GameId, pid: u32, until: &str) -> Result<(), StoreError> {
    exec(
        conn,
        "UPDATE bot_queue SET claimed_by = ?2, not_before = ?3 WHERE game = ?1",
        params![game.0 as i64, pid, until],
    )?;
    Ok(())
}

/// Releases the claim on `game`: the next worker looks at it again (the
/// bot's own move re-queued it; the look finds the player to move and
/// drops it).
pub fn release(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    exec(
        conn,
        "UPDATE bot_queue SET claimed_by = NULL, not_before = NULL WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}

/// Drops `game` from the queue (the bot is not to move there).
pub fn drop_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    exec(
        conn,
        "DELETE FROM bot_queue WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}

/// Sets `game` aside until `until` with `problem` (why the bot could not
/// move there); a change to the game re-arms it at once.
pub fn set_aside(
    conn: &Connection,
    game: GameId,
    until: &str,
    problem: &str,
) -> Result<(), StoreError> {
    exec(
        conn,
        "UPDATE bot_queue SET claimed_by = NULL, not_before = ?2, problem = ?3 WHERE game = ?1",
        params![game.0 as i64, until, problem],
    )?;
    Ok(())
}

/// The games set aside with a problem, and why.
pub fn problems(conn: &Connection) -> Result<Vec<(GameId, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT game, problem FROM bot_queue WHERE problem IS NOT NULL ORDER BY game",
    )?;
    let rows = q.query_map([], |r| {
        Ok((GameId(r.get::<_, i64>(0)? as u64), r.get::<_, String>(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The CPU seconds the bot spent in `hour` (`2026-11-28T23`).
pub fn cpu_spent(conn: &Connection, hour: &str) -> Result<f64, StoreError> {
    Ok(row(
        conn,
        "SELECT seconds FROM bot_cpu WHERE hour = ?1",
        [hour],
        |r| r.get(0),
    )
    .optional()?
    .unwrap_or(0.0))
}

/// Adds `seconds` to `hour`'s CPU, dropping the rows of hours before
/// `forget_before`.
pub fn add_cpu(
    conn: &Connection,
    hour: &str,
    seconds: f64,
    forget_before: &str,
) -> Result<(), StoreError> {
    exec(
        conn,
        "INSERT INTO bot_cpu (hour, seconds) VALUES (?1, ?2) \
         ON CONFLICT (hour) DO UPDATE SET seconds = seconds + excluded.seconds",
        params![hour, seconds],
    )?;
    exec(conn, "DELETE FROM bot_cpu WHERE hour < ?1", [forget_before])?;
    Ok(())
}
