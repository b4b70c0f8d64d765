//! Who takes the daily digest and at which hour (`digests`), and which
//! days' digests were queued (`digests_sent`).

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::clock::Zone;
use crate::ids::GameId;

/// The hour (of the player's time zone) of `player`'s digest; `None`: board mails come one by one.
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
/// come yet, days and hours of the player's own time zone) whose day has
/// no digest yet; yesterday's only if it came after the digest was turned
/// on (turned on at 06:00 for 07:00, no digest of the day before at 06:01
/// and another at 07:00): (id, userid, the day, `YYYY-MM-DD`, local). So
/// the first `remind` at or after a player's hour sends that day's digest
/// however long the gap since the run before (a run at 22:30 and the next
/// at 00:30 send the 23:00 digest at 00:30), no day gets two, and on the
/// days the clocks change the hour is its first coming
/// ([`Zone::moment`]).
pub fn due(
    conn: &Connection,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT d.player, p.userid, d.hour, d.since, p.timezone
         FROM digests d JOIN players p ON p.id = d.player ORDER BY d.player",
    )?;
    let rows = q
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u8>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut sent = conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM digests_sent WHERE player = ?1 AND day = ?2)",
    )?;
    let mut due = Vec::new();
    for (player, userid, hour, since, zone) in rows {
        let zone = Zone::stored(zone.as_deref());
        let today = zone.date(now);
        let (day, moment) = match zone.moment(today, hour) {
            at if at <= now => (today, at),
            _ => {
                let yesterday = today.pred_opt().unwrap_or(today);
                (yesterday, zone.moment(yesterday, hour))
            }
        };
        let since = since
            .as_deref()
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&chrono::Utc));
        if day != today && since.is_some_and(|since| since > moment) {
            continue;
        }
        let day = day.format("%Y-%m-%d").to_string();
        if !sent.query_row(params![player, day], |r| r.get::<_, bool>(0))? {
            due.push((player, userid, day));
        }
    }
    Ok(due)
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

/// True when one of `players` (row ids) takes the digest.
pub fn any_takes_digest(conn: &Connection, players: &[i64]) -> Result<bool, StoreError> {
    for &player in players {
        if hour_of(conn, player)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
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

    /// The hour is the player's own, summer time included: 07:00 in
    /// Berlin is 06:00 UTC on 28 March 2026 and 05:00 UTC on the 29th,
    /// the day the clocks go forward; and a local day is the day.
    #[test]
    fn the_hour_is_the_players_local_hour_across_summer_time() {
        let conn = db();
        let berlin = Zone::parse("Europe/Berlin").unwrap();
        crate::store::zones::set(&conn, 1, berlin).unwrap();
        set(&conn, 1, Some(7), "2026-03-20T00:00:00Z").unwrap();
        assert!(mark_sent(&conn, 1, "2026-03-27", "2026-03-27T06:00:00Z").unwrap());
        assert!(days_due(&conn, "2026-03-28T05:59:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-28T06:00:00Z"), ["2026-03-28"]);
        assert!(mark_sent(&conn, 1, "2026-03-28", "2026-03-28T06:00:00Z").unwrap());
        assert!(days_due(&conn, "2026-03-29T04:59:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-29T05:00:00Z"), ["2026-03-29"]);
        // 23:30 UTC on the 29th is already the 30th in Berlin, before 07:00.
        assert!(mark_sent(&conn, 1, "2026-03-29", "2026-03-29T05:00:00Z").unwrap());
        assert!(days_due(&conn, "2026-03-29T23:30:00Z").is_empty());
        assert_eq!(days_due(&conn, "2026-03-30T05:00:00Z"), ["2026-03-30"]);
    }
}
