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

/// Turns `player`'s digest on at `hour` from `at` (RFC 3339) on, or off
/// (`None`). A digest moment before `at` is never due.
pub fn set(conn: &Connection, player: i64, hour: Option<u8>, at: &str) -> Result<(), StoreError> {
    match hour {
        Some(hour) => conn.execute(
            "INSERT INTO digests (player, hour, since) VALUES (?1, ?2, ?3)
             ON CONFLICT (player) DO UPDATE SET hour = ?2, since = ?3",
            params![player, hour, at],
        )?,
        None => conn.execute("DELETE FROM digests WHERE player = ?1", [player])?,
    };
    Ok(())
}

/// The digests due at `now`: each player's latest digest moment at or
/// before `now` (their hour today, or yesterday's when today's has not
/// come yet) whose day has no digest yet; yesterday's only if it came
/// after the digest was turned on (turned on at 06:00 for 07:00, no
/// digest of the day before at 06:01 and another at 07:00): (id, userid,
/// the day, `YYYY-MM-DD`). So the first
/// `remind` at or after a player's hour sends that day's digest however
/// long the gap since the run before (a run at 22:30 and the next at
/// 00:30 send the 23:00 digest at 00:30), and no day gets two.
pub fn due(
    conn: &Connection,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    use chrono::Timelike;
    let today = now.format("%Y-%m-%d").to_string();
    let yesterday = (now - chrono::TimeDelta::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let mut q = conn.prepare_cached(
        "SELECT x.player, x.userid, x.day FROM (
             SELECT d.player, p.userid, d.since, d.hour,
                    CASE WHEN d.hour <= ?3 THEN ?1 ELSE ?2 END AS day
             FROM digests d JOIN players p ON p.id = d.player) x
         WHERE NOT EXISTS (SELECT 1 FROM digests_sent s
                           WHERE s.player = x.player AND s.day = x.day)
           AND (x.day = ?1 OR x.since IS NULL
                OR x.since <= x.day || 'T' || printf('%02d', x.hour) || ':00:00Z')
         ORDER BY x.player",
    )?;
    let rows = q.query_map(params![today, yesterday, now.hour()], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })?;
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

/// The chats from `since` on in the games `player` has a seat in, by game
/// then oldest first: (game, its variant, by, text). Read from the chats
/// of the last day (`digest_chats_at`), each checked against the seats,
/// never the player's games one by one.
pub fn chats_for(
    conn: &Connection,
    player: i64,
    since: &str,
) -> Result<Vec<(GameId, String, String, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT c.game, g.variant, c.by, c.text FROM digest_chats c JOIN games g ON g.id = c.game \
         WHERE c.at >= ?2 AND EXISTS (SELECT 1 FROM seats s WHERE s.player = ?1 AND s.game = c.game) \
         ORDER BY c.game, c.id",
    )?;
    let rows = q.query_map(params![player, since], |r| {
        Ok((
            GameId(r.get::<_, i64>(0)? as u64),
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
        ))
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

    fn at(text: &str) -> chrono::DateTime<chrono::Utc> {
        text.parse().unwrap()
    }

    fn days_due(conn: &Connection, now: &str) -> Vec<String> {
        due(conn, at(now))
            .unwrap()
            .into_iter()
            .map(|d| d.2)
            .collect()
    }

    #[test]
    fn a_day_is_due_once_from_its_hour() {
        let conn = db();
        set(&conn, 1, Some(7), "2026-02-28T08:00:00Z").unwrap();
        assert_eq!(hour_of(&conn, 1).unwrap(), Some(7));
        // Turned on after the 28th's hour: the 1st's is the first.
        assert!(days_due(&conn, "2026-03-01T06:59:00Z").is_empty());
        assert_eq!(
            due(&conn, at("2026-03-01T07:00:00Z")).unwrap(),
            vec![(1, "alice".to_string(), "2026-03-01".to_string())]
        );
        let sent = "2026-03-01T07:00:00Z";
        assert!(mark_sent(&conn, 1, "2026-03-01", sent).unwrap());
        assert!(!mark_sent(&conn, 1, "2026-03-01", sent).unwrap());
        assert_eq!(last_before(&conn, 1, "2026-03-01").unwrap(), None);
        assert_eq!(
            last_before(&conn, 1, "2026-03-02").unwrap().as_deref(),
            Some(sent)
        );
        assert!(days_due(&conn, "2026-03-01T23:00:00Z").is_empty());
        assert!(days_due(&conn, "2026-03-02T06:00:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-02T08:00:00Z"), ["2026-03-02"]);
        set(&conn, 1, None, "2026-03-02T08:00:00Z").unwrap();
        assert!(days_due(&conn, "2026-03-02T08:00:00Z").is_empty());
    }

    /// Issue 43: hour 23, `remind` at 22:30 and next at 00:30: the 00:30
    /// run sends the 1 March digest (it was skipped before), and the run
    /// after sends nothing more for that day.
    #[test]
    fn a_run_after_midnight_sends_the_digest_of_the_day_before() {
        let conn = db();
        set(&conn, 1, Some(23), "2026-02-20T00:00:00Z").unwrap();
        assert!(mark_sent(&conn, 1, "2026-02-28", "2026-02-28T23:00:00Z").unwrap());
        assert!(days_due(&conn, "2026-03-01T22:30:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-02T00:30:00Z"), ["2026-03-01"]);
        assert!(mark_sent(&conn, 1, "2026-03-01", "2026-03-02T00:30:00Z").unwrap());
        assert!(days_due(&conn, "2026-03-02T00:31:00Z").is_empty());
        assert!(days_due(&conn, "2026-03-02T22:59:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-02T23:00:00Z"), ["2026-03-02"]);
    }
}
