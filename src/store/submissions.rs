//! Queries on submitted moves: one per player and game, waiting for
//! `confirm`.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// A submitted move and the position it was submitted in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    pub turn: String,
    pub comment: Option<String>,
    /// Board turns played when it was submitted.
    pub ply: u32,
    /// The game's cached position text then.
    pub position: String,
}

/// Stores a player's submission, replacing any earlier one.
pub fn put(
    conn: &Connection,
    game: GameId,
    player: i64,
    submission: &Submission,
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT OR REPLACE INTO submissions (game, player, turn, comment, ply, position, at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            game.0 as i64,
            player,
            submission.turn,
            submission.comment,
            submission.ply,
            submission.position,
            now
        ],
    )?;
    Ok(())
}

/// Takes a player's submission out of the store, if there is one.
pub fn take(
    conn: &Connection,
    game: GameId,
    player: i64,
) -> Result<Option<Submission>, StoreError> {
    Ok(conn
        .query_row(
            "DELETE FROM submissions WHERE game = ?1 AND player = ?2 \
             RETURNING turn, comment, ply, position",
            params![game.0 as i64, player],
            |r| {
                Ok(Submission {
                    turn: r.get(0)?,
                    comment: r.get(1)?,
                    ply: r.get(2)?,
                    position: r.get(3)?,
                })
            },
        )
        .optional()?)
}

/// Drops every submission of a game whose position is no longer `position`
/// at `ply` (the game moved on, or a turn was taken back).
pub fn drop_stale(
    conn: &Connection,
    game: GameId,
    ply: u32,
    position: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM submissions WHERE game = ?1 AND NOT (ply = ?2 AND position = ?3)",
        params![game.0 as i64, ply, position],
    )?;
    Ok(())
}

/// Drops every submission of a game (it is over).
pub fn clear_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM submissions WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}
