//! Who takes the daily digest and at which hour (`digests`), and which
//! days' digests were queued (`digests_sent`).

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// The hour (UTC) of `player`'s digest; `None`: board mails come one by one.
pub fn hour_of(conn: &Connection, player: i64) -> Result<Option<u8>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT hour FROM digests WHERE player = ?1")?
        .query_row([player], |r| r.get(0))
        .optional()?)
}

/// Turns `player`'s digest on at `hour`, or off (`None`).
pub fn set(conn: &Connection, player: i64, hour: Option<u8>) -> Result<(), StoreError> {
    match hour {
        Some(hour) => conn.execute(
            "INSERT INTO digests (player, hour) VALUES (?1, ?2)
             ON CONFLICT (player) DO UPDATE SET hour = ?2",
            params![player, hour],
        )?,
        None => conn.execute("DELETE FROM digests WHERE player = ?1", [player])?,
    };
    Ok(())
}

/// Players whose digest hour has come on `day` (`hour` is the hour now)
/// and who have not had that day's digest: (id, userid).
pub fn due(conn: &Connection, day: &str, hour: u8) -> Result<Vec<(i64, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT d.player, p.userid FROM digests d JOIN players p ON p.id = d.player
         WHERE d.hour <= ?2
           AND NOT EXISTS (SELECT 1 FROM digests_sent s
                           WHERE s.player = d.player AND s.day = ?1)
         ORDER BY d.player",
    )?;
    let rows = q.query_map(params![day, hour], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records `day`'s digest of `player`, made `at`; false when it was
/// already recorded (the caller then queues nothing).
pub fn mark_sent(conn: &Connection, player: i64, day: &str, at: &str) -> Result<bool, StoreError> {
    let added = conn.execute(
        "INSERT OR IGNORE INTO digests_sent (player, day, at) VALUES (?1, ?2, ?3)",
        params![player, day, at],
    )?;
    Ok(added == 1)
}

/// When `player`'s last digest before `day` was made.
pub fn last_before(
    conn: &Connection,
    player: i64,
    day: &str,
) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT max(at) FROM digests_sent WHERE player = ?1 AND day < ?2",
            params![player, day],
            |r| r.get(0),
        )
        .optional()?
        .flatten())
}

/// Keeps a chat on `game` for the digests.
pub fn add_chat(
    conn: &Connection,
    game: GameId,
    by: &str,
    text: &str,
    at: &str,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO digest_chats (game, by, text, at) VALUES (?1, ?2, ?3, ?4)",
        params![game.0 as i64, by, text, at],
    )?;
    Ok(())
}

/// The chats on `game` from `since` on, oldest first: (by, text).
pub fn chats_since(
    conn: &Connection,
    game: GameId,
    since: &str,
) -> Result<Vec<(String, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT by, text FROM digest_chats WHERE game = ?1 AND at >= ?2 ORDER BY id",
    )?;
    let rows = q.query_map(params![game.0 as i64, since], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Forgets the chats from before `before`: no digest shows them any more.
pub fn prune_chats(conn: &Connection, before: &str) -> Result<(), StoreError> {
    conn.execute("DELETE FROM digest_chats WHERE at < ?1", [before])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> Connection {
        let mut conn = Connection::open_in_memory().unwrap();
        crate::store::migrate::to_latest(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO players (id, userid, password_hash, created) VALUES (1, 'alice', 'x', 'now')",
        )
        .unwrap();
        conn
    }

    #[test]
    fn a_day_is_due_once_from_its_hour() {
        let conn = db();
        set(&conn, 1, Some(7)).unwrap();
        assert_eq!(hour_of(&conn, 1).unwrap(), Some(7));
        assert!(due(&conn, "2026-03-01", 6).unwrap().is_empty());
        assert_eq!(
            due(&conn, "2026-03-01", 7).unwrap(),
            vec![(1, "alice".to_string())]
        );
        let at = "2026-03-01T07:00:00Z";
        assert!(mark_sent(&conn, 1, "2026-03-01", at).unwrap());
        assert!(!mark_sent(&conn, 1, "2026-03-01", at).unwrap());
        assert_eq!(last_before(&conn, 1, "2026-03-01").unwrap(), None);
        assert_eq!(
            last_before(&conn, 1, "2026-03-02").unwrap().as_deref(),
            Some(at)
        );
        assert!(due(&conn, "2026-03-01", 23).unwrap().is_empty());
        assert_eq!(due(&conn, "2026-03-02", 8).unwrap().len(), 1);
        set(&conn, 1, None).unwrap();
        assert!(due(&conn, "2026-03-02", 8).unwrap().is_empty());
    }
}
