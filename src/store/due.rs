//! The index of when `remind` must next look at each active game (the
//! `due` table, src/store/due.sql): a run reads the games due, not every
//! clock. The moments are worked out by the service (src/service/time/due.rs);
//! this module only reads and writes them.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// The due games, both halves read by the index on the moment. `UNION
/// ALL`, not `UNION`: the halves never overlap (NULL is not `<=`), and for
/// a `UNION` SQLite 3.53 merges the halves in game order, reading the
/// whole table for the first (30 MB over a million games, most of a
/// `remind` with nothing due); the order is made afterwards.
const DUE_BY: &str =
    "SELECT game FROM due WHERE at <= ?1 UNION ALL SELECT game FROM due WHERE at IS NULL";

/// The games whose due moment has come by `now` (RFC 3339 UTC text), in
/// game order: those worked out as due by then, those never worked out
/// (`''`), and those changed but not worked out (NULL).
pub fn due_by(conn: &Connection, now: &str) -> Result<Vec<GameId>, StoreError> {
    let mut q = conn.prepare_cached(DUE_BY)?;
    let rows = q.query_map([now], |r| r.get::<_, i64>(0))?;
    let mut ids = rows
        .map(|id| id.map(|id| GameId(id as u64)))
        .collect::<Result<Vec<_>, _>>()?;
    ids.sort_unstable();
    Ok(ids)
}

/// The moment stored for `game` (`None`: no row, or changed and not
/// worked out since). Every change to a game's rows clears it
/// (src/store/due_marks.sql), so an unchanged moment says that nothing of
/// the game was written since it was read (`remind`'s read-ahead).
pub fn at(conn: &Connection, game: GameId) -> Result<Option<String>, StoreError> {
    let mut q = conn.prepare_cached("SELECT at FROM due WHERE game = ?1")?;
    let at = q
        .query_row([game.0 as i64], |r| r.get::<_, Option<String>>(0))
        .optional()?;
    Ok(at.flatten())
}

/// The games changed in the transaction under way, not yet worked out.
pub fn marked(conn: &Connection) -> Result<Vec<GameId>, StoreError> {
    let mut q = conn.prepare_cached("SELECT game FROM due WHERE at IS NULL")?;
    let rows = q.query_map([], |r| r.get::<_, i64>(0))?;
    Ok(rows
        .map(|id| id.map(|id| GameId(id as u64)))
        .collect::<Result<_, _>>()?)
}

/// The moment of a game `remind` has nothing to wait for (over, or
/// nobody to move): it sorts after every RFC 3339 moment, so no run reads
/// it as due. The game keeps its row (due_marks.sql: the triggers mark a
/// game by updating its row, so every game has one).
const NEVER: &str = "never";

/// Stores when `game` is next due: `Some(at)`, or `None` for a game
/// `remind` has nothing to wait for ([`NEVER`]), and who is to move in it
/// (`mover`, a player's row id; `None`: nobody, or not begun). The row is
/// updated in place (`INSERT OR REPLACE` deleted and inserted it again,
/// with the foreign key's checks: 26 K instructions where this takes
/// 19 K), and not written at all when it already says so.
pub fn set(
    conn: &Connection,
    game: GameId,
    at: Option<&str>,
    mover: Option<i64>,
) -> Result<(), StoreError> {
    match at {
        Some(at) => {
            conn.prepare_cached(
                "INSERT INTO due (game, at, mover) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (game) DO UPDATE SET at = excluded.at, mover = excluded.mover \
                 WHERE at IS NOT excluded.at OR mover IS NOT excluded.mover",
            )?
            .execute(params![game.0 as i64, at, mover])?;
        }
        // A game over has no row (due.sql's triggers delete it): none is
        // made for it.
        None => {
            conn.prepare_cached("UPDATE due SET at = ?2, mover = ?3 WHERE game = ?1")?
                .execute(params![game.0 as i64, NEVER, mover])?;
        }
    }
    Ok(())
}

/// The games where `player` is to move, the most pressing first (by their
/// due moment: those not worked out yet first, those `remind` waits for
/// nothing in last), the first
/// `limit`: read through `due_by_mover` (src/store/bounded.sql), never
/// the player's other games.
pub fn to_move(conn: &Connection, player: i64, limit: usize) -> Result<Vec<GameId>, StoreError> {
    let mut q =
        conn.prepare_cached("SELECT game FROM due WHERE mover = ?1 ORDER BY at LIMIT ?2")?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = q.query_map(params![player, limit], |r| r.get::<_, i64>(0))?;
    Ok(rows
        .map(|id| id.map(|id| GameId(id as u64)))
        .collect::<Result<_, _>>()?)
}

/// The newest `limit` games (of `variant` when named) where `player` is
/// to move, newest first: `games next`, read through `due_by_mover`.
pub fn to_move_newest(
    conn: &Connection,
    player: i64,
    variant: Option<&str>,
    limit: usize,
) -> Result<Vec<GameId>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT d.game FROM due d JOIN games g ON g.id = d.game WHERE d.mover = ?1 \
         AND (?2 IS NULL OR g.variant = ?2 COLLATE NOCASE) ORDER BY d.game DESC LIMIT ?3",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = q.query_map(params![player, variant, limit], |r| r.get::<_, i64>(0))?;
    Ok(rows
        .map(|id| id.map(|id| GameId(id as u64)))
        .collect::<Result<_, _>>()?)
}

/// How many games `player` is to move in (the index alone).
pub fn count_to_move(conn: &Connection, player: i64) -> Result<usize, StoreError> {
    let n: i64 = conn
        .prepare_cached("SELECT count(*) FROM due WHERE mover = ?1")?
        .query_row([player], |r| r.get(0))?;
    Ok(n as usize)
}

/// What the index says of `game`: `None` when it has no moment (no row,
/// or [`NEVER`]), `Some(None)` for a row not worked out (NULL).
pub fn of(conn: &Connection, game: GameId) -> Result<Option<Option<String>>, StoreError> {
    let mut q = conn.prepare_cached("SELECT at FROM due WHERE game = ?1")?;
    let mut rows = q.query_map([game.0 as i64], |r| r.get::<_, Option<String>>(0))?;
    Ok(rows
        .next()
        .transpose()?
        .filter(|at| at.as_deref() != Some(NEVER)))
}

/// Marks every active game as never worked out, so that the next
/// `remind` looks at each one (and works out its moment again), and the
/// others as never due: what the migration does, and a full scan on
/// demand.
pub fn forget_all(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "DELETE FROM due; \
         INSERT INTO due (game, at) \
             SELECT id, CASE status WHEN 'active' THEN '' ELSE 'never' END FROM games;",
    )?;
    Ok(())
}

/// Panics (debug builds: the tests) when a transaction is about to commit
/// a change whose due moment was not worked out: a write path without
/// its `settle` call; or a game without its row. A release build leaves such a game to `remind`,
/// which reads it as due.
#[cfg(debug_assertions)]
pub fn assert_settled(conn: &Connection) {
    let left: Vec<i64> = conn
        .prepare_cached("SELECT game FROM due WHERE at IS NULL")
        .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_default();
    assert!(
        left.is_empty(),
        "games {left:?} changed without their due moment worked out (service::due::settle)"
    );
    // The triggers mark a game by updating its row (due_marks.sql): a
    // game without one would go unmarked.
    let rowless: Vec<i64> = conn
        .prepare_cached(
            "SELECT id FROM games WHERE NOT EXISTS (SELECT 1 FROM due WHERE game = games.id)",
        )
        .and_then(|mut q| q.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_default();
    assert!(rowless.is_empty(), "games {rowless:?} without a row in due");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrate::{self, STEPS};

    /// `remind` with nothing due costs what the due games cost: the query
    /// searches the index on the moment and never scans the table.
    #[test]
    fn the_due_games_are_found_by_the_index_alone() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate::to_latest(&mut conn).unwrap();
        let plan = crate::store::query_plan(&conn, DUE_BY, ["2026-01-01T00:00:00Z"]);
        assert!(
            plan.iter().all(|step| !step.starts_with("SCAN")),
            "{plan:?}"
        );
        assert_eq!(
            plan.iter()
                .filter(|step| step.contains("USING COVERING INDEX due_by_time"))
                .count(),
            2,
            "{plan:?}"
        );
    }

    /// A database from before the index: its active games are all due at
    /// once (never worked out), its finished ones are not in it, and from
    /// then on a change marks the game it touches.
    #[test]
    fn the_migration_marks_every_active_game_and_changes_mark_theirs() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate::to_latest(&mut conn).unwrap();
        // Back to the version before: no index, no triggers.
        let triggers: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'due_%'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(triggers.len() >= 7, "{triggers:?}");
        for name in triggers {
            conn.execute_batch(&format!("DROP TRIGGER {name}")).unwrap();
        }
        conn.execute_batch("DROP TABLE due").unwrap();
        // From the step before due.sql, whose triggers need the draw
        // offers' table that a later step folds into `games`.
        let before = STEPS
            .iter()
            .position(|s| *s == include_str!("draw_offers.sql"))
            .unwrap();
        conn.pragma_update(None, "user_version", before as i64)
            .unwrap();
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) VALUES (1, 'alice', 'h', 'now');
             INSERT INTO games (id, variant, status, position, created, updated) VALUES \
                 (1, 'chess', 'active', '', 'now', 'now'), (2, 'chess', 'over', '', 'now', 'now'), \
                 (3, 'chess', 'active', '', 'now', 'now');
             INSERT INTO seats (game, seat, player) VALUES (1, 0, 1), (2, 0, 1);",
        )
        .unwrap();
        migrate::to_latest(&mut conn).unwrap();
        let g = |n| GameId(n);
        assert_eq!(of(&conn, g(1)).unwrap(), Some(Some(String::new())));
        assert_eq!(of(&conn, g(2)).unwrap(), None);
        assert_eq!(due_by(&conn, "2026-01-01T00:00:00Z").unwrap(), [g(1), g(3)]);
        set(&conn, g(1), Some("2026-02-01T00:00:00Z"), Some(1)).unwrap();
        set(&conn, g(3), Some("2026-03-01T00:00:00Z"), None).unwrap();
        assert_eq!(due_by(&conn, "2026-02-01T00:00:00Z").unwrap(), [g(1)]);
        // A vacation marks no game (src/store/tidings.sql); a turn marks
        // its game.
        conn.execute(
            "INSERT INTO vacations (player, started) VALUES (1, 'now')",
            [],
        )
        .unwrap();
        assert!(marked(&conn).unwrap().is_empty());
        conn.execute(
            "INSERT INTO turns (game, seq, ply, text, at) VALUES (1, 1, 1, 'e4', 'now')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO turns (game, seq, ply, text, at) VALUES (3, 1, 1, 'e4', 'now')",
            [],
        )
        .unwrap();
        assert_eq!(marked(&conn).unwrap(), [g(1), g(3)]);
        // A draw offer marks its game however it changes (it is the
        // game's row).
        for change in [
            "UPDATE games SET draw_made = 'now', draw_reminded = NULL WHERE id = 1",
            "UPDATE games SET draw_reminded = 'now' WHERE id = 1",
        ] {
            set(&conn, g(1), Some("2026-02-01T00:00:00Z"), None).unwrap();
            conn.execute(change, []).unwrap();
            assert_eq!(marked(&conn).unwrap(), [g(1), g(3)], "{change}");
        }
        // A game that ends is marked, and once worked out (nothing to wait
        // for) is never due.
        conn.execute("UPDATE games SET status = 'over' WHERE id = 3", [])
            .unwrap();
        assert_eq!(of(&conn, g(3)).unwrap(), Some(None));
        set(&conn, g(1), Some("2026-02-01T00:00:00Z"), None).unwrap();
        set(&conn, g(3), None, None).unwrap();
        assert_eq!(of(&conn, g(3)).unwrap(), None);
        assert_eq!(due_by(&conn, "2100-01-01T00:00:00Z").unwrap(), [g(1)]);
    }

    /// The moment is written in place, or inserted for a game without a
    /// row, and `None` leaves the game never due.
    #[test]
    fn setting_a_moment_writes_it_over_the_old_one_or_never() {
        let conn = crate::store::open_in_memory().unwrap();
        conn.execute_batch(
            "INSERT INTO games (id, variant, status, position, created, updated) VALUES \
                 (1, 'chess', 'active', '', 'now', 'now'), (2, 'chess', 'active', '', 'now', 'now');
             DELETE FROM due WHERE game = 2;",
        )
        .unwrap();
        let (one, two) = (GameId(1), GameId(2));
        let at = |s: &str| Some(Some(s.to_string()));
        for moment in [
            "2026-02-01T00:00:00Z",
            "2026-02-01T00:00:00Z",
            "2026-01-01T00:00:00Z",
        ] {
            set(&conn, one, Some(moment), None).unwrap();
            assert_eq!(of(&conn, one).unwrap(), at(moment));
        }
        assert_eq!(of(&conn, two).unwrap(), None);
        set(&conn, two, Some("2026-03-01T00:00:00Z"), None).unwrap();
        assert_eq!(of(&conn, two).unwrap(), at("2026-03-01T00:00:00Z"));
        assert_eq!(due_by(&conn, "2026-02-15T00:00:00Z").unwrap(), [one]);
        set(&conn, one, None, None).unwrap();
        assert_eq!(of(&conn, one).unwrap(), None);
    }
}
