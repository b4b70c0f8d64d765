//! Queries on players' vacations.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::clock::Vacation;

fn instant(text: &str) -> Result<DateTime<Utc>, StoreError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("vacation time {text}: {e}")))
}

/// Every vacation a player has taken, oldest first (ordered here, by the
/// stored text as `ORDER BY started` would: the clause cost every move
/// 6 K instructions to prepare).
pub fn of_player(conn: &Connection, player: i64) -> Result<Vec<Vacation>, StoreError> {
    let mut q = conn.prepare_cached("SELECT started, ended FROM vacations WHERE player = ?1")?;
    let rows = q.query_map([player], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
    })?;
    let mut rows = rows.collect::<Result<Vec<_>, _>>()?;
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = Vec::with_capacity(rows.len());
    for (started, ended) in rows {
        out.push(Vacation {
            start: instant(&started)?,
            end: ended.as_deref().map(instant).transpose()?,
        });
    }
    Ok(out)
}

/// When the player's vacation still going started, if one is.
pub fn open_since(conn: &Connection, player: i64) -> Result<Option<String>, StoreError> {
    Ok(super::row(
        conn,
        "SELECT started FROM vacations WHERE player = ?1 AND ended IS NULL",
        [player],
        |r| r.get(0),
    )
    .optional()?)
}

/// Starts a vacation.
pub fn start(conn: &Connection, player: i64, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO vacations (player, started) VALUES (?1, ?2)",
        params![player, now],
    )?;
    Ok(())
}

/// Ends the vacation still going; false if there was none.
pub fn end(conn: &Connection, player: i64, now: &str) -> Result<bool, StoreError> {
    let n = super::exec(
        conn,
        "UPDATE vacations SET ended = ?2 WHERE player = ?1 AND ended IS NULL",
        params![player, now],
    )?;
    Ok(n > 0)
}

/// Players with any vacation on record (most have none, and their clocks
/// never stop: `remind` skips looking them up).
pub fn players_with_any(conn: &Connection) -> Result<std::collections::HashSet<i64>, StoreError> {
    let mut q = conn.prepare_cached("SELECT DISTINCT player FROM vacations")?;
    let ids = q.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok(ids)
}
