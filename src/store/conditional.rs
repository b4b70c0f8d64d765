//! Queries on conditional moves: a player's tree of "if they play X, I
//! play Y" lines in a game (see src/service/play/conditional.rs).

use rusqlite::{Connection, params};

use super::StoreError;
use crate::ids::GameId;

/// One step of a tree as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub id: i64,
    /// The step whose move this one answers; `None`: the opponent's next turn.
    pub parent: Option<i64>,
    /// The ply number of the reply it waits for.
    pub reply_ply: u32,
    /// The reply and the answer, in canonical notation.
    pub reply: String,
    /// The position the reply leads to (its encoding).
    pub after_reply: String,
    pub answer: String,
}

/// A step to add under `parent`.
pub struct NewNode<'a> {
    pub parent: Option<i64>,
    pub reply_ply: u32,
    pub reply: &'a str,
    pub after_reply: &'a str,
    pub answer: &'a str,
}

/// Every step of `player`'s tree in `game`, in the order they were added.
pub fn list(conn: &Connection, game: GameId, player: i64) -> Result<Vec<Node>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT id, parent, reply_ply, reply, after_reply, move FROM conditional_moves \
         WHERE game = ?1 AND player = ?2 ORDER BY id",
    )?;
    let rows = q.query_map(params![game.0 as i64, player], |r| {
        Ok(Node {
            id: r.get(0)?,
            parent: r.get(1)?,
            reply_ply: r.get(2)?,
            reply: r.get(3)?,
            after_reply: r.get(4)?,
            answer: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Adds a step; returns its id.
pub fn insert(
    conn: &Connection,
    game: GameId,
    player: i64,
    node: &NewNode<'_>,
    now: &str,
) -> Result<i64, StoreError> {
    super::exec(
        conn,
        "INSERT INTO conditional_moves (game, player, parent, reply_ply, reply, after_reply, move, at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            game.0 as i64,
            player,
            node.parent,
            node.reply_ply,
            node.reply,
            node.after_reply,
            node.answer,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Keeps only the subtree under `node`: its children become the steps that
/// answer the opponent's next turn; it and every other step go.
pub fn descend(conn: &Connection, game: GameId, player: i64, node: i64) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM conditional_moves WHERE game = ?1 AND player = ?2 AND parent IS NULL \
         AND id <> ?3",
        params![game.0 as i64, player, node],
    )?;
    super::exec(
        conn,
        "UPDATE conditional_moves SET parent = NULL WHERE parent = ?1",
        [node],
    )?;
    super::exec(conn, "DELETE FROM conditional_moves WHERE id = ?1", [node])?;
    Ok(())
}

/// Drops a player's tree in a game; returns how many steps it held.
pub fn clear(conn: &Connection, game: GameId, player: i64) -> Result<usize, StoreError> {
    Ok(super::exec(
        conn,
        "DELETE FROM conditional_moves WHERE game = ?1 AND player = ?2",
        params![game.0 as i64, player],
    )?)
}

/// Drops every tree of a game (it is over).
pub fn clear_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM conditional_moves WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}
