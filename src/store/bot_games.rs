//! The computer player's games: the level each is played at (the game's
//! `bot_level` column since version 27, where it had a table), and the
//! active games it holds a seat in (where its turn may be waiting).

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// Stores the level the bot plays `game` at.
pub fn set_level(conn: &Connection, game: GameId, level: u8) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET bot_level = ?2 WHERE id = ?1",
        params![game.0 as i64, level],
    )?;
    Ok(())
}

/// The level stored for `game`, if any.
pub fn level(conn: &Connection, game: GameId) -> Result<Option<u8>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT bot_level FROM games WHERE id = ?1")?
        .query_row([game.0 as i64], |r| r.get::<_, Option<u8>>(0))
        .optional()?
        .flatten())
}

/// How many games `player` plays against the computer player now (each
/// such game has a level), through `player`'s seats.
pub fn active_count_of(conn: &Connection, player: i64) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(DISTINCT g.id) FROM seats s JOIN games g ON g.id = s.game \
             WHERE s.player = ?1 AND g.status = 'active' AND g.bot_level IS NOT NULL",
        )?
        .query_row([player], |r| r.get(0))?)
}

/// The active games against the computer player changed at or after
/// `since` (RFC 3339), by number: read through `bot_games_by_change`,
/// so their number, not the bot's, is the cost.
pub fn changed_since(conn: &Connection, since: &str) -> Result<Vec<GameId>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT id FROM games WHERE bot_level IS NOT NULL AND status = 'active' \
         AND updated >= ?1",
    )?;
    // Sorted here: an ORDER BY id has SQLite scan the games in id order.
    let rows = q.query_map([since], |r| Ok(GameId(r.get::<_, i64>(0)? as u64)))?;
    let mut games: Vec<GameId> = rows.collect::<Result<_, _>>()?;
    games.sort_unstable();
    Ok(games)
}

/// The active games in which `player` holds a seat, oldest first.
pub fn active_with(conn: &Connection, player: i64) -> Result<Vec<GameId>, StoreError> {
    let mut statement = conn.prepare_cached(
        "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game = g.id
         WHERE s.player = ?1 AND g.status = 'active' ORDER BY g.id",
    )?;
    let rows = statement.query_map([player], |r| r.get::<_, i64>(0))?;
    Ok(rows
        .map(|id| id.map(|id| GameId(id as u64)))
        .collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_stored_and_replaced() {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::store::migrate::to_latest(&mut conn).unwrap();
        let alice = crate::store::players::insert(&conn, "alice", "x", &[], "now").unwrap();
        let game = crate::store::games::insert(
            &conn,
            &crate::store::games::NewGame {
                variant: "chess",
                options: &[],
                position: "",
                player_ids: &[alice, alice],
                nag_days: 7,
                forfeit_days: 21,
                total_days: None,
                clock: None,
                dice_commitment: None,
                dice_seed: None,
                now: "now",
            },
        )
        .unwrap();
        assert_eq!(level(&conn, game).unwrap(), None);
        set_level(&conn, game, 2).unwrap();
        set_level(&conn, game, 4).unwrap();
        assert_eq!(level(&conn, game).unwrap(), Some(4));
        assert!(set_level(&conn, game, 9).is_err());
        assert_eq!(active_with(&conn, alice).unwrap(), vec![game]);
        assert_eq!(active_with(&conn, alice + 1).unwrap(), vec![]);
    }
}
