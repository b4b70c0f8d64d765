//! When `remind` must next look at a game, kept in the `due` index
//! (src/store/due.sql) so that a run touches only the games due.
//!
//! The moment is the earliest at which `remind` acts on the game: the
//! next reminder of the player to move, or the deadline the mails print
//! ([`deadline::deadline`], the one function that says when a player
//! loses on time). It is worked out in the transaction of every change it
//! depends on: the triggers of the `due` table mark each game a write
//! touches (a turn, a vacation, a reminder sent, a draw offer...), and the
//! command calls [`settle`] before it commits.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use super::deadline;
use super::error::ServiceError;
use super::game::{Catalog, LoadedGame, timestamp};
use crate::clock::{Limits, Pauses};
use crate::command::GameId;
use crate::store::games::Status;
use crate::store::{self, StoreError, reminders, vacations};

/// How far ahead a vacation still going is followed (as [`crate::clock::Reading`] does).
const PROJECTION_DAYS: i64 = 3 * 366;

/// The earliest moment `remind` acts on `game`, or `None` when it never
/// will as things stand (the game is over, or nobody is to move).
pub fn next_due(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    if game.row.status != Status::Active {
        return Ok(None);
    }
    let Some(deadline) = deadline::deadline(conn, game, now)? else {
        return Ok(None);
    };
    // Until `deadline` knows the thinking-time limit (`totaltime`, issue
    // 23), such a game is looked at on every run, as before the index:
    // due since its clock started.
    if game.row.total_days.is_some() {
        return Ok(Some(clock_started(conn, game)?.unwrap_or(deadline)));
    }
    Ok(Some(match next_reminder(conn, game, now)? {
        Some(reminder) => reminder.min(deadline),
        None => deadline,
    }))
}

/// When the clock of the player to move started (the last log entry).
fn clock_started(
    conn: &Connection,
    game: &LoadedGame,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    reminders::clock(conn, game.id())?
        .map(|row| instant(&row.since))
        .transpose()
}

/// When the player to move is owed their next reminder, if any is left
/// before the forfeit: the clock has run one more nag period than the
/// last reminder sent for it (vacation pauses skipped, as `remind` reads it).
fn next_reminder(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    let Some(row) = reminders::clock(conn, game.id())? else {
        return Ok(None);
    };
    let limits = Limits {
        nag_days: row.nag_days,
        forfeit_days: row.forfeit_days,
    };
    let period = row.period_sent + 1;
    if period > limits.last_nag_period() {
        return Ok(None);
    }
    let started = instant(&row.since)?;
    let away = match game
        .position
        .to_move()
        .and_then(|seat| game.row.player_ids.get(seat))
    {
        Some(&player) => vacations::of_player(conn, player)?,
        None => Vec::new(),
    };
    let pauses = if away.is_empty() {
        Pauses::none()
    } else {
        Pauses::new(&away, now.max(started) + TimeDelta::days(PROJECTION_DAYS))
    };
    Ok(Some(pauses.advance(started, limits.nag() * period as i32)))
}

fn instant(text: &str) -> Result<DateTime<Utc>, ServiceError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("bad time {text} ({e})")).into())
}

/// Works out again when game `id` is due and stores it. A game that
/// cannot be judged (damaged, of an unknown variant) is stored as due at
/// once: `remind` then names it among its problems, as it did before.
pub fn work_out(
    conn: &Connection,
    catalog: Catalog<'_>,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let due = LoadedGame::load(conn, catalog, id).and_then(|game| next_due(conn, &game, now));
    match due {
        Ok(at) => store::due::set(conn, id, at.map(timestamp).as_deref())?,
        Err(ServiceError::Store(e)) if e.is_temporary() => return Err(e.into()),
        Err(_) => store::due::set(conn, id, Some(""))?,
    }
    Ok(())
}

/// Works out every game the transaction under way changed: called by
/// each command that writes, just before it commits.
pub fn settle(
    conn: &Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    for id in store::due::marked(conn)? {
        work_out(conn, catalog, id, now)?;
    }
    Ok(())
}

/// [`settle`], with the game the command has loaded and changed: it is
/// not loaded again.
pub fn settle_with(
    conn: &Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    game: &LoadedGame,
) -> Result<(), ServiceError> {
    for id in store::due::marked(conn)? {
        if id == game.id() {
            let at = next_due(conn, game, now)?;
            store::due::set(conn, id, at.map(timestamp).as_deref())?;
        } else {
            work_out(conn, catalog, id, now)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
