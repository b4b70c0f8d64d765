//! Tidings: news of one player that everyone in their games is told
//! (src/store/tidings.sql says why they are a queue of their own). The
//! command that makes the news writes one row; the letters are written
//! from it in batches of readers, each batch with the row's progress.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// What happened to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `vacation on`.
    Away,
    /// `vacation off`.
    Back,
    /// `signoff`.
    Farewell,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Away => "away",
            Kind::Back => "back",
            Kind::Farewell => "farewell",
        }
    }

    fn parse(text: &str) -> Result<Self, StoreError> {
        match text {
            "away" => Ok(Kind::Away),
            "back" => Ok(Kind::Back),
            "farewell" => Ok(Kind::Farewell),
            other => Err(StoreError::Damaged(format!("tiding of kind {other}"))),
        }
    }
}

/// One tiding not yet told to every reader.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiding {
    pub id: i64,
    pub kind: Kind,
    pub player: i64,
    /// `away`: the day the clocks run again, if they stand still.
    pub until: Option<String>,
    /// The last reader told; `None`: nobody yet.
    pub reached: Option<String>,
}

/// Writes a tiding of `player`; `recheck` asks `remind` to judge again
/// every game the player is to move in before a farewell is told.
pub fn add(
    conn: &Connection,
    kind: Kind,
    player: i64,
    until: Option<&str>,
    made: &str,
    recheck: bool,
) -> Result<i64, StoreError> {
    conn.execute(
        "INSERT INTO tidings (kind, player, until, made, recheck) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![kind.as_str(), player, until, made, recheck],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The oldest tiding that can be told now: not told to everyone yet, and
/// not a farewell whose games `remind` has still to judge.
pub fn next_untold(conn: &Connection) -> Result<Option<Tiding>, StoreError> {
    let row = super::row(
        conn,
        "SELECT id, kind, player, until, reached FROM tidings \
         WHERE told = 0 AND NOT (kind = 'farewell' AND recheck = 1) ORDER BY id LIMIT 1",
        [],
        |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        },
    )
    .optional()?;
    row.map(|(id, kind, player, until, reached)| {
        Ok(Tiding {
            id,
            kind: Kind::parse(&kind)?,
            player,
            until,
            reached,
        })
    })
    .transpose()
}

/// Records that the readers up to `reached` are told, and whether that
/// was every reader.
pub fn advance(
    conn: &Connection,
    id: i64,
    reached: Option<&str>,
    told: bool,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tidings SET reached = coalesce(?2, reached), told = ?3 WHERE id = ?1",
        params![id, reached, told],
    )?;
    Ok(())
}

/// The tidings whose player's turns `remind` must judge again: (tiding,
/// player).
pub fn rechecks(conn: &Connection) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut q = conn.prepare_cached("SELECT id, player FROM tidings WHERE recheck = 1")?;
    let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The player's turns of these tidings are judged again.
pub fn rechecked(conn: &Connection, ids: &[i64]) -> Result<(), StoreError> {
    let mut q = conn.prepare_cached("UPDATE tidings SET recheck = 0 WHERE id = ?1")?;
    for id in ids {
        q.execute([id])?;
    }
    Ok(())
}

/// The farewell of `player` still to be told, if any.
pub fn farewell_untold(conn: &Connection, player: i64) -> Result<Option<i64>, StoreError> {
    Ok(super::row(
        conn,
        "SELECT max(id) FROM tidings WHERE player = ?1 AND kind = 'farewell' AND told = 0",
        [player],
        |r| r.get(0),
    )?)
}

/// Records a game the farewell's player left: its result when it ended,
/// `None` when it goes on without them.
pub fn farewell_game(
    conn: &Connection,
    tiding: i64,
    game: GameId,
    result: Option<&str>,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR REPLACE INTO farewell_games (tiding, game, result) VALUES (?1, ?2, ?3)",
        params![tiding, game.0 as i64, result],
    )?;
    Ok(())
}

/// One reader of a farewell and one game of it: (reader, game, variant,
/// result).
pub type FarewellRow = (String, GameId, String, Option<String>);

/// The readers of farewell `tiding` after `after` (by userid), at most
/// `readers` of them, each with every game of the farewell they play in
/// (the player who left is not a reader).
pub fn farewell_readers(
    conn: &Connection,
    tiding: i64,
    player: i64,
    after: Option<&str>,
    readers: usize,
) -> Result<Vec<FarewellRow>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT p.userid, f.game, g.variant, f.result FROM farewell_games f \
         JOIN games g ON g.id = f.game \
         JOIN seats o ON o.game = f.game AND o.player <> ?2 \
         JOIN players p ON p.id = o.player \
         WHERE f.tiding = ?1 AND p.userid > ?3 ORDER BY p.userid, f.game",
    )?;
    let rows = q.query_map(params![tiding, player, after.unwrap_or("")], |r| {
        Ok((
            r.get::<_, String>(0)?,
            GameId(r.get::<_, i64>(1)? as u64),
            r.get::<_, String>(2)?,
            r.get::<_, Option<String>>(3)?,
        ))
    })?;
    let mut out: Vec<FarewellRow> = Vec::new();
    let mut seen = 0;
    for row in rows {
        let row = row?;
        let new_reader = out.last().is_none_or(|last| last.0 != row.0);
        if new_reader {
            if seen == readers {
                break;
            }
            seen += 1;
        }
        if !out
            .iter()
            .rev()
            .take_while(|r| r.0 == row.0)
            .any(|r| r.1 == row.1)
        {
            out.push(row);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn() -> Connection {
        let conn = crate::store::open_in_memory().unwrap();
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) VALUES \
                 (1, 'alice', 'h', 'now'), (2, 'bob', 'h', 'now'), (3, 'carol', 'h', 'now'), \
                 (4, 'dave', 'h', 'now');
             INSERT INTO games (id, variant, status, position, created, updated) VALUES \
                 (1, 'chess', 'over', '', 'now', 'now'), (2, 'chess', 'over', '', 'now', 'now'), \
                 (3, 'orwell', 'active', '', 'now', 'now');
             INSERT INTO seats (game, seat, player) VALUES (1, 0, 1), (1, 1, 2), \
                 (2, 0, 3), (2, 1, 1), (3, 0, 1), (3, 1, 2), (3, 2, 4);",
        )
        .unwrap();
        conn
    }

    #[test]
    fn a_farewell_waits_for_its_recheck_and_is_told_in_pages_of_readers() {
        let conn = conn();
        let away = add(&conn, Kind::Away, 2, Some("2026-07-01"), "t", false).unwrap();
        let farewell = add(&conn, Kind::Farewell, 1, None, "t", true).unwrap();
        assert_eq!(next_untold(&conn).unwrap().unwrap().id, away);
        advance(&conn, away, Some("zed"), true).unwrap();
        assert_eq!(next_untold(&conn).unwrap(), None, "the farewell waits");
        assert_eq!(rechecks(&conn).unwrap(), [(farewell, 1)]);
        assert_eq!(farewell_untold(&conn, 1).unwrap(), Some(farewell));
        farewell_game(&conn, farewell, GameId(1), Some("0-1")).unwrap();
        farewell_game(&conn, farewell, GameId(2), Some("1-0")).unwrap();
        farewell_game(&conn, farewell, GameId(3), None).unwrap();
        rechecked(&conn, &[farewell]).unwrap();
        let next = next_untold(&conn).unwrap().unwrap();
        assert_eq!(
            (next.id, next.kind, next.reached),
            (farewell, Kind::Farewell, None)
        );
        // Two readers a page: bob (games 1 and 3) and carol; then dave.
        let page = farewell_readers(&conn, farewell, 1, None, 2).unwrap();
        let names: Vec<_> = page.iter().map(|r| (r.0.as_str(), r.1.0)).collect();
        assert_eq!(names, [("bob", 1), ("bob", 3), ("carol", 2)]);
        assert_eq!(page[0].3.as_deref(), Some("0-1"));
        assert_eq!(page[1].3, None, "a game that goes on");
        advance(&conn, farewell, Some("carol"), false).unwrap();
        let page = farewell_readers(&conn, farewell, 1, Some("carol"), 2).unwrap();
        assert_eq!(page.len(), 1);
        assert_eq!(page[0].0, "dave");
        advance(&conn, farewell, Some("dave"), true).unwrap();
        assert_eq!(next_untold(&conn).unwrap(), None);
        assert_eq!(farewell_untold(&conn, 1).unwrap(), None);
    }
}
