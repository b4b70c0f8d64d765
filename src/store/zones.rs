//! Each player's time zone (`players.timezone`, an IANA name; NULL: UTC),
//! as `timezone ZONE` sets it and every mail to the player reads it.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::clock::Zone;

/// The zone of player `player` (row id); UTC for one with none set.
pub fn of_player(conn: &Connection, player: i64) -> Result<Zone, StoreError> {
    let name: Option<Option<String>> = conn
        .prepare_cached("SELECT timezone FROM players WHERE id = ?1")?
        .query_row([player], |r| r.get(0))
        .optional()?;
    Ok(Zone::stored(name.flatten().as_deref()))
}

/// The zone of the player called `userid`; UTC for one with none set, or
/// no account (a spectator's address, the computer player).
pub fn of_user(conn: &Connection, userid: &str) -> Result<Zone, StoreError> {
    let name: Option<Option<String>> = conn
        .prepare_cached("SELECT timezone FROM players WHERE userid = ?1")?
        .query_row([userid], |r| r.get(0))
        .optional()?;
    Ok(Zone::stored(name.flatten().as_deref()))
}

/// Sets `player`'s zone (UTC is kept as no zone).
pub fn set(conn: &Connection, player: i64, zone: Zone) -> Result<(), StoreError> {
    let name = (!zone.is_utc()).then(|| zone.name());
    conn.execute(
        "UPDATE players SET timezone = ?2 WHERE id = ?1",
        params![player, name],
    )?;
    Ok(())
}
