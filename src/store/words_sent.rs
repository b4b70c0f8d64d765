//! How many users a player's words mailed today (the player's
//! `words_day` and `words_mails`, the `words_sent` table before version
//! 27), for the daily cap on `message` and `chat`.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;

/// Users `player`'s words mailed on `day` (`YYYY-MM-DD`).
pub fn on_day(conn: &Connection, player: i64, day: &str) -> Result<u32, StoreError> {
    let row: Option<(Option<String>, u32)> = conn
        .query_row(
            "SELECT words_day, words_mails FROM players WHERE id = ?1",
            [player],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(row
        .filter(|(d, _)| d.as_deref() == Some(day))
        .map_or(0, |(_, n)| n))
}

/// Records that `player`'s words mailed `mails` more users on `day`.
pub fn add(conn: &Connection, player: i64, day: &str, mails: u32) -> Result<(), StoreError> {
    let total = on_day(conn, player, day)? + mails;
    conn.execute(
        "UPDATE players SET words_day = ?2, words_mails = ?3 WHERE id = ?1",
        params![player, day, total],
    )?;
    Ok(())
}
