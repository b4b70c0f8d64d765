//! The definition each game defined as data started with (its
//! `variants.ini` text), kept with the game: the game is played by it
//! whatever the operator's file says later.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// Keeps `source` as the definition `game` plays by.
pub fn keep(conn: &Connection, game: GameId, source: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO game_definitions (game, source) VALUES (?1, ?2)",
        params![game.0 as i64, source],
    )?;
    Ok(())
}

/// The definition kept with `game`, if it is a game defined as data.
pub fn of(conn: &Connection, game: GameId) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT source FROM game_definitions WHERE game = ?1")?
        .query_row([game.0 as i64], |r| r.get(0))
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_is_kept_per_game() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = "2026-01-01T00:00:00Z";
        let a = crate::store::players::insert(&conn, "alice", "h", &[], now).unwrap();
        let game = crate::store::games::insert(
            &conn,
            &crate::store::games::NewGame {
                variant: "club",
                options: &[],
                position: "",
                player_ids: &[a, a],
                nag_days: 7,
                forfeit_days: 21,
                total_days: None,
                clock: None,
                dice_commitment: None,
                dice_seed: None,
                now,
            },
        )
        .unwrap();
        assert_eq!(of(&conn, game).unwrap(), None);
        keep(&conn, game, "[club:chess]\n").unwrap();
        assert_eq!(of(&conn, game).unwrap().as_deref(), Some("[club:chess]\n"));
        // Kept once: a game's definition is never replaced.
        assert!(keep(&conn, game, "[club:chess]\nqueen = -\n").is_err());
    }
}
