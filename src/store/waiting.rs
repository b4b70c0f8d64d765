//! Whether anything waits in a game for its players' turns: a resignation
//! sent out of turn, conditional moves, queued turns, a submission.
//!
//! The turn arrival hook (src/service/play/turn_arrival.rs) looks for each of
//! them after every move, and most games have none. Each look was its own
//! statement, prepared by every command's process (a move prepared four,
//! 0.14 M of its 4 M instructions); this one statement answers for all
//! four tables by the game's key, and the hook reads a table only when it
//! has rows of the game.

use rusqlite::Connection;

use super::StoreError;
use crate::ids::GameId;

/// Which of the tables that wait for a turn have rows of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Waiting {
    pub resignations: bool,
    pub conditional: bool,
    pub queued: bool,
    pub submissions: bool,
}

/// What waits in `game` now (read again after anything changed it).
///
/// One row per row of the game in the four tables, each naming its
/// table: a `UNION ALL` of four key look-ups costs less to prepare than
/// four `EXISTS` subqueries (69 K instructions against 92 K), and a game
/// has few such rows, usually none.
pub fn of_game(conn: &Connection, game: GameId) -> Result<Waiting, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT 0 FROM pending_resignations WHERE game = ?1 \
         UNION ALL SELECT 1 FROM conditional_moves WHERE game = ?1 \
         UNION ALL SELECT 2 FROM queued_turns WHERE game = ?1 \
         UNION ALL SELECT 3 FROM submissions WHERE game = ?1",
    )?;
    let mut rows = q.query([game.0 as i64])?;
    let mut waiting = Waiting::default();
    while let Some(row) = rows.next()? {
        match row.get::<_, i64>(0)? {
            0 => waiting.resignations = true,
            1 => waiting.conditional = true,
            2 => waiting.queued = true,
            _ => waiting.submissions = true,
        }
    }
    Ok(waiting)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_table_answers_for_its_own_game_only() {
        let conn = crate::store::open_in_memory().unwrap();
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) VALUES (1, 'a', 'h', 't');
             INSERT INTO games (id, variant, status, created, updated, position) \
             VALUES (1, 'chess', 'active', 't', 't', ''), (2, 'chess', 'active', 't', 't', '');",
        )
        .unwrap();
        let (one, two) = (GameId(1), GameId(2));
        assert_eq!(of_game(&conn, one).unwrap(), Waiting::default());
        let rows = [
            "INSERT INTO pending_resignations (game, player, at) VALUES (2, 1, 't')",
            "INSERT INTO conditional_moves (game, player, reply_ply, reply, after_reply, move, at) \
             VALUES (2, 1, 1, 'e4', '', 'e5', 't')",
            "INSERT INTO queued_turns (game, player, pos, turn, at) VALUES (2, 1, 0, 'e4', 't')",
            "INSERT INTO submissions (game, player, turn, ply, position, at) \
             VALUES (2, 1, 'e4', 0, '', 't')",
        ];
        let mut expected = Waiting::default();
        for (n, sql) in rows.iter().enumerate() {
            conn.execute(sql, []).unwrap();
            match n {
                0 => expected.resignations = true,
                1 => expected.conditional = true,
                2 => expected.queued = true,
                _ => expected.submissions = true,
            }
            assert_eq!(of_game(&conn, two).unwrap(), expected, "{sql}");
            assert_eq!(of_game(&conn, one).unwrap(), Waiting::default(), "{sql}");
        }
        // Several rows of one table answer once.
        conn.execute(rows[1], []).unwrap();
        assert_eq!(of_game(&conn, two).unwrap(), expected);
    }
}
