//! How many users a player's words mailed today (the `words_sent`
//! table), for the daily cap on `message` and `chat`.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;

/// Users `player`'s words mailed on `day` (`YYYY-MM-DD`).
pub fn on_day(conn: &Connection, player: i64, day: &str) -> Result<u32, StoreError> {
    let row: Option<(String, u32)> = conn
        .query_row(
            "SELECT day, mails FROM words_sent WHERE player = ?1",
            [player],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(row.filter(|(d, _)| d == day).map_or(0, |(_, n)| n))
}

/// Records that `player`'s words mailed `mails` more users on `day`.
pub fn add(conn: &Connection, player: i64, day: &str, mails: u32) -> Result<(), StoreError> {
    let total = on_day(conn, player, day)? + mails;
    conn.execute(
        "INSERT INTO words_sent (player, day, mails) VALUES (?1, ?2, ?3)
         ON CONFLICT (player) DO UPDATE SET day = ?2, mails = ?3",
        params![player, day, total],
    )?;
    Ok(())
}
