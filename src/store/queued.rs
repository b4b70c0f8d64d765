//! Queries on queued turns: moves a player sent in advance, kept in order
//! until their turns come.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::ids::GameId;

/// One queued turn as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    /// Its place in the player's queue (the smallest comes first).
    pub pos: i64,
    pub turn: String,
    /// The `#N` guard: the move number the turn is meant for.
    pub expect: Option<u32>,
    pub comment: Option<String>,
}

/// Adds a turn at the end of a player's queue in a game.
pub fn push(
    conn: &Connection,
    game: GameId,
    player: i64,
    queued: &Queued,
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO queued_turns (game, player, pos, turn, expect, comment, at) \
         VALUES (?1, ?2, (SELECT coalesce(max(pos), 0) + 1 FROM queued_turns \
                          WHERE game = ?1 AND player = ?2), ?3, ?4, ?5, ?6)",
        params![
            game.0 as i64,
            player,
            queued.turn,
            queued.expect,
            queued.comment,
            now
        ],
    )?;
    Ok(())
}

/// A player's queue in a game, first turn first.
pub fn list(conn: &Connection, game: GameId, player: i64) -> Result<Vec<Queued>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT pos, turn, expect, comment FROM queued_turns \
         WHERE game = ?1 AND player = ?2 ORDER BY pos",
    )?;
    let rows = q.query_map(params![game.0 as i64, player], |r| {
        Ok(Queued {
            pos: r.get(0)?,
            turn: r.get(1)?,
            expect: r.get(2)?,
            comment: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Removes one queued turn.
pub fn remove(conn: &Connection, game: GameId, player: i64, pos: i64) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM queued_turns WHERE game = ?1 AND player = ?2 AND pos = ?3",
        params![game.0 as i64, player, pos],
    )?;
    Ok(())
}

/// Empties a player's queue in a game; returns how many turns it held.
pub fn clear(conn: &Connection, game: GameId, player: i64) -> Result<usize, StoreError> {
    Ok(super::exec(
        conn,
        "DELETE FROM queued_turns WHERE game = ?1 AND player = ?2",
        params![game.0 as i64, player],
    )?)
}

/// Empties every queue of a game (it is over).
pub fn clear_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM queued_turns WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{games, open_in_memory, players};

    #[test]
    fn a_queue_keeps_its_order() {
        let conn = open_in_memory().unwrap();
        let now = "2026-01-01T00:00:00Z";
        let a = players::insert(&conn, "alice", "h", &[], now).unwrap();
        let b = players::insert(&conn, "bob", "h", &[], now).unwrap();
        let game = games::insert(
            &conn,
            &games::NewGame {
                variant: "race",
                options: &[],
                position: "0:0",
                player_ids: &[a, b],
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
        for (turn, expect) in [("1", Some(2)), ("2", None)] {
            let queued = Queued {
                pos: 0,
                turn: turn.into(),
                expect,
                comment: None,
            };
            push(&conn, game, b, &queued, now).unwrap();
        }
        let queue = list(&conn, game, b).unwrap();
        let turns: Vec<_> = queue.iter().map(|q| (q.turn.as_str(), q.expect)).collect();
        assert_eq!(turns, [("1", Some(2)), ("2", None)]);
        assert!(list(&conn, game, a).unwrap().is_empty());
        remove(&conn, game, b, queue[0].pos).unwrap();
        assert_eq!(list(&conn, game, b).unwrap().len(), 1);
        // A turn pushed after a removal still goes last.
        let last = Queued {
            pos: 0,
            turn: "1".into(),
            expect: None,
            comment: Some("hi".into()),
        };
        push(&conn, game, b, &last, now).unwrap();
        let turns: Vec<_> = list(&conn, game, b)
            .unwrap()
            .into_iter()
            .map(|q| q.turn)
            .collect();
        assert_eq!(turns, ["2", "1"]);
        assert_eq!(clear(&conn, game, b).unwrap(), 2);
        assert!(list(&conn, game, b).unwrap().is_empty());
    }
}
