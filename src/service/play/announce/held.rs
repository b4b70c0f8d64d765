//! Which board mails wait for the daily digest (`crate::service::remind::digest`):
//! a move's board mail to a reader who takes the digest, unless the game's
//! deadline is within [`URGENT`]. A game's start and end, invitations,
//! reminders and news without a move are never held back.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::service::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::time::deadline::deadline;
use crate::store::{StoreError, digests, players};

/// A deadline this close makes a move's board mail come at once.
pub const URGENT: TimeDelta = TimeDelta::hours(48);

/// True when a move's board mail in `game` may wait for a digest: its
/// deadline is not within [`URGENT`] of `now`. A game whose rules this
/// build lacks (`None`) is never held back.
pub fn may_wait(
    conn: &Connection,
    game: Option<&LoadedGame>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let Some(game) = game else {
        return Ok(false);
    };
    let due = deadline(conn, game, now).map_err(|e| match e {
        ServiceError::Store(e) => e,
        other => StoreError::Damaged(format!("{}: {other}", game.id())),
    })?;
    Ok(due.is_none_or(|due| due - now > URGENT))
}

/// True when `user` takes the daily digest.
pub fn takes_digest(conn: &Connection, user: &str) -> Result<bool, StoreError> {
    match players::find(conn, user)? {
        Some(player) => Ok(digests::hour_of(conn, player.id)?.is_some()),
        None => Ok(false),
    }
}
