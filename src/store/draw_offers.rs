//! When a game's standing draw offer was made, and whether those who must
//! answer it were reminded (`remind` does so once per offer): the game
//! row's `draw_made` and `draw_reminded` (a table of their own until
//! version 26, draw_in_games.sql). A new offer replaces the last one's
//! moment and clears its reminder; the moment of an offer that lapsed is
//! only read while an offer stands, and a new offer replaces it first.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// A draw offer as stored: when it was made, and when its reminder went
/// out (RFC 3339).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferRow {
    pub made: String,
    pub reminded: Option<String>,
}

/// Records that a new draw offer was made in `game` at `now`.
pub fn made(conn: &Connection, game: GameId, now: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE games SET draw_made = ?2, draw_reminded = NULL WHERE id = ?1",
        params![game.0 as i64, now],
    )?;
    Ok(())
}

/// The last offer made in `game`, if any was recorded (read it only while
/// an offer stands).
pub fn find(conn: &Connection, game: GameId) -> Result<Option<OfferRow>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT draw_made, draw_reminded FROM games WHERE id = ?1 AND draw_made IS NOT NULL",
    )?;
    Ok(q.query_row([game.0 as i64], |r| {
        Ok(OfferRow {
            made: r.get(0)?,
            reminded: r.get(1)?,
        })
    })
    .optional()?)
}

/// Records that the reminder about the offer of `game` went out.
pub fn reminded(conn: &Connection, game: GameId, now: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE games SET draw_reminded = ?2 WHERE id = ?1",
        params![game.0 as i64, now],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_offer_replaces_the_last_and_its_reminder() {
        let conn = crate::store::open_in_memory().unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, status, created, updated, position) \
             VALUES (1, 'race', 'active', 't0', 't0', '')",
        )
        .unwrap();
        let game = GameId(1);
        assert_eq!(find(&conn, game).unwrap(), None);
        made(&conn, game, "t1").unwrap();
        reminded(&conn, game, "t2").unwrap();
        assert_eq!(
            find(&conn, game).unwrap(),
            Some(OfferRow {
                made: "t1".into(),
                reminded: Some("t2".into())
            })
        );
        made(&conn, game, "t3").unwrap();
        assert_eq!(
            find(&conn, game).unwrap(),
            Some(OfferRow {
                made: "t3".into(),
                reminded: None
            })
        );
    }
}
