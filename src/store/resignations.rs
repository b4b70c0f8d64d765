//! Queries on pending resignations: sent out of turn, they take effect
//! when the player's turn comes.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::ids::GameId;

/// Sets a player's pending resignation in a game, or withdraws it if one
/// stands. Returns true when it is now set.
pub fn toggle(conn: &Connection, game: GameId, player: i64, now: &str) -> Result<bool, StoreError> {
    let removed = super::exec(
        conn,
        "DELETE FROM pending_resignations WHERE game = ?1 AND player = ?2",
        params![game.0 as i64, player],
    )?;
    if removed > 0 {
        return Ok(false);
    }
    super::exec(
        conn,
        "INSERT INTO pending_resignations (game, player, at) VALUES (?1, ?2, ?3)",
        params![game.0 as i64, player, now],
    )?;
    Ok(true)
}

/// Takes a player's pending resignation in a game; true if there was one.
pub fn take(conn: &Connection, game: GameId, player: i64) -> Result<bool, StoreError> {
    Ok(super::exec(
        conn,
        "DELETE FROM pending_resignations WHERE game = ?1 AND player = ?2",
        params![game.0 as i64, player],
    )? > 0)
}

/// The players of a game with a resignation pending, by row id.
pub fn of_game(conn: &Connection, game: GameId) -> Result<Vec<i64>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT player FROM pending_resignations WHERE game = ?1 ORDER BY at, player",
    )?;
    let rows = q.query_map([game.0 as i64], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Withdraws every pending resignation of a game (it is over).
pub fn clear_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM pending_resignations WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}
