//! Queries on signed-off accounts (the moment is `players.signed_off`,
//! a column of the player's row since version 27: one table fewer for
//! every process to parse).

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;

/// Closes an account: its addresses are released, its row (and userid)
/// stays for the history of its games. Returns false if it was closed.
pub fn sign_off(conn: &Connection, player: i64, now: &str) -> Result<bool, StoreError> {
    let added = conn.execute(
        "UPDATE players SET signed_off = ?2 WHERE id = ?1 AND signed_off IS NULL",
        params![player, now],
    )?;
    conn.execute("DELETE FROM player_emails WHERE player = ?1", [player])?;
    conn.execute("DELETE FROM queued_turns WHERE player = ?1", [player])?;
    conn.execute("DELETE FROM submissions WHERE player = ?1", [player])?;
    conn.execute("DELETE FROM reply_tokens WHERE player = ?1", [player])?;
    conn.execute("DELETE FROM digest_tokens WHERE player = ?1", [player])?;
    Ok(added > 0)
}

/// True when the player has signed off (asked for each seat of a move:
/// through the statement cache). The column read by the key, not an
/// `EXISTS` subquery: half the cost to prepare (13 K instructions against
/// 27 K); no such player has not signed off.
pub fn is_signed_off(conn: &Connection, player: i64) -> Result<bool, StoreError> {
    let at: Option<Option<String>> = super::row(
        conn,
        "SELECT signed_off FROM players WHERE id = ?1",
        [player],
        |r| r.get(0),
    )
    .optional()?;
    Ok(at.flatten().is_some())
}

/// One of a player's games being played, as `signoff` sorts them without
/// loading them: who is to move in it (`due.mover`), whether its due
/// moment is known, whether it waits for its players' consent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub game: crate::ids::GameId,
    pub mover: Option<i64>,
    /// False when the game changed, or was never worked out, since its
    /// mover was stored (it must be loaded to know).
    pub settled: bool,
    pub invitation: bool,
}

/// The player's games being played, oldest first, through the seats
/// index: one row each, nothing loaded (issue 43).
pub fn standing_games(conn: &Connection, player: i64) -> Result<Vec<Standing>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT s.game, d.mover, d.at IS NOT NULL AND d.at <> '', \
         EXISTS (SELECT 1 FROM invitations i WHERE i.game = s.game) \
         FROM seats s JOIN games g ON g.id = s.game AND g.status = 'active' \
         LEFT JOIN due d ON d.game = s.game \
         WHERE s.player = ?1 GROUP BY s.game ORDER BY s.game",
    )?;
    let rows = q.query_map([player], |r| {
        Ok(Standing {
            game: crate::ids::GameId(r.get::<_, i64>(0)? as u64),
            mover: r.get(1)?,
            settled: r.get(2)?,
            invitation: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
