//! What a board says of a player on vacation: whether their clock stands
//! still, and until when (the vacation itself is `service::accounts::vacation`).

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::clock::Pauses;
use crate::service::error::ServiceError;
use crate::store::vacations;

/// One line per player of a game whose clocks stand still at `now`:
/// `bob is on vacation: the clock stands still until 2026-03-01`; or whose
/// vacation goes on with the allowance used up.
pub fn vacation_notes(
    conn: &Connection,
    players: &[(i64, String)],
    now: DateTime<Utc>,
) -> Result<Vec<String>, ServiceError> {
    let mut notes = Vec::new();
    for (id, userid) in players {
        if vacations::open_since(conn, *id)?.is_none() {
            continue;
        }
        let taken = vacations::of_player(conn, *id)?;
        let horizon = now + TimeDelta::days(2 * 366);
        let line = match Pauses::new(&taken, horizon).paused_until(now) {
            Some(until) => format!(
                "{userid} is on vacation: the clock stands still until {}",
                date(until)
            ),
            None => format!(
                "{userid} is on vacation, but the vacation allowance is used up: the clock runs"
            ),
        };
        if !notes.contains(&line) {
            notes.push(line);
        }
    }
    Ok(notes)
}

/// A day as players read it: `2026-03-01`.
pub fn date(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d").to_string()
}
