//! `vacation on|off`: a player's clocks stand still while they are away.
//!
//! Only for [`ALLOWANCE_DAYS`] days of each calendar year: past that the
//! clocks run again, vacation or not (the arithmetic is in
//! [`crate::clock`]). Going away and coming back are mailed to everyone in
//! the player's games being played, one letter each naming the games
//! they share, written from a tiding after the command
//! ([`crate::service::accounts::tidings`]); while the clocks of a game's
//! player stand still, that game's boards say so ([`vacation_notes`]).
//!
//! The command touches none of the player's games (issue 43: thousands of
//! them cost a second). Going away only moves their due moments later, so
//! the stored ones stay safe: `remind` looks at such a game then, finds
//! nothing due and stores the later moment. Coming back can bring them
//! earlier: the tiding asks the next `remind` to judge every game the
//! player is to move in again before anything else.

use chrono::TimeDelta;
use rusqlite::Connection;

use crate::clock::{ALLOWANCE_DAYS, Pauses};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::service::time::vacation_notes::date;
use crate::store::tidings::{self, Kind};
use crate::store::{self, vacations};

/// `vacation on` / `vacation off`.
pub fn vacation(conn: &mut Connection, req: &Request<'_>, on: bool) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let now = timestamp(req.now);
    let away = vacations::open_since(&tx, player.id)?.is_some();
    match (on, away) {
        (true, true) => return Err(ServiceError::AlreadyOnVacation(player.userid)),
        (false, false) => return Err(ServiceError::NotOnVacation(player.userid)),
        (true, false) => vacations::start(&tx, player.id, &now)?,
        (false, true) => {
            vacations::end(&tx, player.id, &now)?;
        }
    }
    let taken = vacations::of_player(&tx, player.id)?;
    // Spent so far; a vacation starting now spends nothing yet.
    let left = Pauses::new(&taken, req.now).allowance_left(req.now);
    let until = (on && left > TimeDelta::zero()).then(|| {
        let until = Pauses::new(&taken, req.now + TimeDelta::days(2 * 366)).paused_until(req.now);
        until.unwrap_or(req.now + left)
    });
    // Everyone in the player's games learns it: one letter each, naming
    // the games they share (issue 43: never one mail per game), written
    // from this tiding after the command.
    let kind = if on { Kind::Away } else { Kind::Back };
    let day = until.map(date);
    tidings::add(&tx, kind, player.id, day.as_deref(), &now, !on)?;
    tx.commit()?;
    let line = match until {
        None if on => format!(
            "{} is on vacation, but this year's {ALLOWANCE_DAYS} days are used up: the clocks keep running",
            player.userid
        ),
        Some(until) => format!(
            "{} is on vacation: the clocks stand still for up to {} (until {})",
            player.userid,
            days_text(left),
            date(until)
        ),
        None => format!(
            "{} is back: {} of this year's vacation left",
            player.userid,
            days_text(left)
        ),
    };
    Ok(Reply::Done(line))
}

/// `12 days`, `1 day`, `2.5 days` (whole hours are kept when not whole days).
fn days_text(d: TimeDelta) -> String {
    let hours = d.num_hours().max(0);
    if hours % 24 == 0 {
        let days = hours / 24;
        format!("{days} {}", if days == 1 { "day" } else { "days" })
    } else {
        format!("{:.1} days", hours as f64 / 24.0)
    }
}
