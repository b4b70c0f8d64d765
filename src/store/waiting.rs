//! Whether anything waits in a game for its players' turns: a resignation
//! sent out of turn, conditional moves, queued turns, a submission.
//!
//! The turn arrival hook (src/service/turn_arrival.rs) looks for each of
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
pub fn of_game(conn: &Connection, game: GameId) -> Result<Waiting, StoreError> {
    Ok(super::row(
        conn,
        "SELECT EXISTS (SELECT 1 FROM pending_resignations WHERE game = ?1), \
                EXISTS (SELECT 1 FROM conditional_moves WHERE game = ?1), \
                EXISTS (SELECT 1 FROM queued_turns WHERE game = ?1), \
                EXISTS (SELECT 1 FROM submissions WHERE game = ?1)",
        [game.0 as i64],
        |r| {
            Ok(Waiting {
                resignations: r.get(0)?,
                conditional: r.get(1)?,
                queued: r.get(2)?,
                submissions: r.get(3)?,
            })
        },
    )?)
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
    }
}
