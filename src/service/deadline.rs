//! When the player to move must have moved: the forfeit date of their
//! clock, as `remind` would judge it now (vacation pauses included), for
//! the mails and `show` to print as a date.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::error::ServiceError;
use super::game::LoadedGame;
use crate::clock::{Limits, Reading};
use crate::store::{StoreError, reminders, vacations};

/// The moment the player to move of `game` loses on time (or, with a draw
/// offer standing, the offer counts as accepted) if they do not move;
/// `None` when nobody is to move.
pub fn deadline(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    let Some(seat) = game.position.to_move() else {
        return Ok(None);
    };
    let Some(row) = reminders::clock(conn, game.id())? else {
        return Ok(None);
    };
    let started = DateTime::parse_from_rfc3339(&row.since)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("{}: bad time {} ({e})", row.game, row.since)))?;
    let limits = Limits {
        nag_days: row.nag_days,
        forfeit_days: row.forfeit_days,
    };
    let taken = match game.row.player_ids.get(seat) {
        Some(&player) => vacations::of_player(conn, player)?,
        None => Vec::new(),
    };
    Ok(Some(
        Reading::take(&limits, started, &taken, now).forfeit_at,
    ))
}

/// A deadline as players read it: `Mon 14 Dec 2026 13:00 UTC`.
pub fn readable(at: DateTime<Utc>) -> String {
    at.format("%a %-d %b %Y %H:%M UTC").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::testing::{CATALOG, at, db, race};

    #[test]
    fn a_new_game_is_due_at_the_forfeit_limit() {
        let mut conn = db();
        let id = race(&mut conn, &["alice", "bob"]);
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        let due = deadline(&conn, &game, at(3600)).unwrap().unwrap();
        assert_eq!(due, at(0) + chrono::TimeDelta::days(21));
        assert_eq!(readable(due), "Thu 22 Jan 2026 00:00 UTC");
    }
}
