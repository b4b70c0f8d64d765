//! When `remind` must next look at a game, kept in the `due` index
//! (src/store/due.sql) so that a run touches only the games due.
//!
//! The moment is the earliest at which `remind` acts on the game, read
//! from the one computation of the time rules ([`crate::clock::Due`], the
//! dates the mails print): a reminder, the voters' reminder of a draw
//! offer, or the deadline (forfeit or thinking time). It is worked out in
//! the transaction of every change it depends on: the triggers of the
//! `due` table mark each game a write touches (a turn, a vacation, a
//! reminder sent, a draw offer...), and the command calls [`settle`]
//! before it commits.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::Pauses;
use crate::command::GameId;
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, timestamp};
use crate::service::time::deadline::GameClock;
use crate::store;
use crate::store::games::Status;

/// The earliest moment `remind` acts on `game` ([`crate::clock::Due::next`]
/// of its clock), or `None` when it never will as things stand (the game
/// is over, or nobody is to move).
pub fn next_due(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    // A game waiting for consent runs no clock: its invitation expires by
    // its own index (`crate::service::community::consent::expire`).
    next_due_paused(conn, game, None, now)
}

/// [`next_due`], with the pauses of the player to move when the caller
/// has them (`remind` works them out once per player), else read.
pub fn next_due_paused(
    conn: &Connection,
    game: &LoadedGame,
    pauses: Option<Pauses>,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    if game.row.status != Status::Active || game.invitation.is_some() {
        return Ok(None);
    }
    Ok(GameClock::read(conn, game, pauses, now)?.map(|c| c.due().next()))
}

/// Who is to move in `game` (a player's row id), for the index of whose
/// turn it is (`due.mover`): nobody in a game over, one waiting for its
/// players' consent, or whose player to move has left it.
pub fn mover(game: &LoadedGame) -> Option<i64> {
    if game.row.status != Status::Active || game.invitation.is_some() {
        return None;
    }
    let seat = game.position.to_move()?;
    if game.position.has_left(seat) {
        return None;
    }
    game.row.player_ids.get(seat).copied()
}

/// Stores when `game` is next due (`at`) and who is to move in it.
pub fn record(
    conn: &Connection,
    game: &LoadedGame,
    at: Option<DateTime<Utc>>,
) -> Result<(), ServiceError> {
    let at = at.map(timestamp);
    Ok(store::due::set(
        conn,
        game.id(),
        at.as_deref(),
        mover(game),
    )?)
}

/// Works out again when game `id` is due and stores it. A game that
/// cannot be judged (damaged, of an unknown variant) is stored as due at
/// once: `remind` then names it among its problems, as it did before.
pub fn work_out(
    conn: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let due = LoadedGame::load(conn, catalog, id)
        .and_then(|game| next_due(conn, &game, now).map(|at| (game, at)));
    match due {
        Ok((game, at)) => record(conn, &game, at)?,
        Err(ServiceError::Store(e)) if e.is_temporary() => return Err(e.into()),
        Err(_) => store::due::set(conn, id, Some(""), None)?,
    }
    Ok(())
}

/// Works out every game the transaction under way changed: called by
/// each command that writes, just before it commits.
pub fn settle(
    conn: &Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    for id in store::due::marked(conn)? {
        work_out(conn, catalog, id, now)?;
    }
    Ok(())
}

/// [`settle`], with the game the command has loaded and changed: it is
/// not loaded again.
pub fn settle_with(
    conn: &Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    game: &LoadedGame,
) -> Result<(), ServiceError> {
    for id in store::due::marked(conn)? {
        if id == game.id() {
            let at = next_due(conn, game, now)?;
            record(conn, game, at)?;
        } else {
            work_out(conn, catalog, id, now)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
