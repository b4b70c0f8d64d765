//! A game's clock read from the store, for [`crate::clock::Due`]: the one
//! computation of when the time rules act. The dates the mails, `show` and
//! `games` print and what `remind` does (reminders, the loss on time, the
//! reminder about a draw offer) all come from [`GameClock::due`], so a date
//! a player reads is the moment `remind` acts.

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::clock::due::{Clock, Offer, Thinking};
use crate::clock::{Control, Due, Limits, Pauses};
use crate::rules::Seat;
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::time::thinking;
use crate::store::reminders::{self, ClockRow};
use crate::store::{StoreError, draw_offers, vacations};

/// How far ahead a vacation still going is followed when projecting the
/// due moments: the longest limit plus every allowance it could cross.
const HORIZON_DAYS: i64 = 3 * 366;

/// The clock of the player to move in one game, as the store has it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    pub row: ClockRow,
    /// The seat to move and its player (row id).
    pub seat: Seat,
    pub player_id: i64,
    /// When their clock started (their turn began).
    pub started: DateTime<Utc>,
    /// When their clocks stand still (vacations), projected ahead.
    pub pauses: Pauses,
    pub thinking: Option<Thinking>,
    /// The bank of the game's time control, if it has one.
    pub bank: Option<Thinking>,
    /// The draw offer standing, if its time was recorded.
    pub offer: Option<Offer>,
    /// A draw offer stands that the player to move has not agreed to and
    /// every other seat has: if they stay silent until the deadline, their
    /// silence accepts it (pbmserv's rule for those who did not vote). The
    /// player to move who offered a draw themselves still loses on time.
    pub silence_accepts: bool,
}

/// The pauses of `player`'s vacations, projected ahead of `now` (a
/// vacation still going is taken to go on).
pub fn projected_pauses(
    conn: &Connection,
    player: i64,
    now: DateTime<Utc>,
) -> Result<Pauses, ServiceError> {
    let away = vacations::of_player(conn, player)?;
    Ok(if away.is_empty() {
        Pauses::none()
    } else {
        Pauses::new(&away, now + TimeDelta::days(HORIZON_DAYS))
    })
}

/// The time control of `game`, if it has one.
pub fn control_of(game: &LoadedGame) -> Result<Option<Control>, ServiceError> {
    game.row
        .clock
        .as_deref()
        .map(|spec| {
            Control::parse(spec).map_err(|e| {
                ServiceError::Store(StoreError::Damaged(format!("{}: {e}", game.id())))
            })
        })
        .transpose()
}

fn instant(game: &LoadedGame, text: &str) -> Result<DateTime<Utc>, ServiceError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| {
            ServiceError::Store(StoreError::Damaged(format!(
                "{}: bad time {text} in the database ({e})",
                game.id()
            )))
        })
}

impl GameClock {
    /// Reads the clock of the player to move in `game` (`None` when nobody
    /// is to move). `pauses` are that player's, when the caller already has
    /// them (`remind` works them out once per player); otherwise they are
    /// read. `now` only bounds what is read: the due moments do not depend
    /// on it.
    pub fn read(
        conn: &Connection,
        game: &LoadedGame,
        pauses: Option<Pauses>,
        now: DateTime<Utc>,
    ) -> Result<Option<GameClock>, ServiceError> {
        Self::read_from(conn, game, None, pauses, now)
    }

    /// [`GameClock::read`] with the clock's stored row
    /// ([`reminders::clock`]) when the caller has it, read in a snapshot
    /// with nothing of the game written since (`remind`'s read-ahead);
    /// `None` reads it here.
    pub fn read_from(
        conn: &Connection,
        game: &LoadedGame,
        known: Option<ClockRow>,
        pauses: Option<Pauses>,
        now: DateTime<Utc>,
    ) -> Result<Option<GameClock>, ServiceError> {
        // No clock runs before every player has accepted.
        if game.invitation.is_some() {
            return Ok(None);
        }
        let Some(seat) = game.position.to_move() else {
            return Ok(None);
        };
        let Some(&player_id) = game.row.player_ids.get(seat) else {
            return Ok(None);
        };
        let known = match known {
            Some(row) => Some(row),
            None => reminders::clock(conn, &game.row)?,
        };
        let Some(row) = known else {
            return Ok(None);
        };
        let started = instant(game, &row.since)?;
        let pauses = match pauses {
            Some(p) => p,
            None => projected_pauses(conn, player_id, now)?,
        };
        let control = control_of(game)?;
        let clocks = match (game.row.total_days, control) {
            (None, None) => None,
            _ => Some(thinking::clocks(conn, game, now)?),
        };
        let thinking = match (game.row.total_days, &clocks) {
            (Some(days), Some(clocks)) => Some(Thinking {
                limit: TimeDelta::days(i64::from(days)),
                used: clocks.used_at_since.get(seat).copied().unwrap_or_default(),
                since: clocks.since,
            }),
            _ => None,
        };
        let bank = match (control, &clocks) {
            (Some(control), Some(clocks)) => Some(Thinking {
                limit: control.bank_after(clocks.turn_spans.get(seat).map_or(&[], |v| v)),
                used: clocks
                    .partial_at_since
                    .get(seat)
                    .copied()
                    .unwrap_or_default(),
                since: clocks.since,
            }),
            _ => None,
        };
        let votes = &game.row.draw_votes;
        let offer = match votes.is_empty() {
            true => None,
            false => match draw_offers::find(conn, game.id())? {
                Some(o) => Some(Offer {
                    made: instant(game, &o.made)?,
                    reminded: o.reminded.is_some(),
                }),
                None => None,
            },
        };
        let mine = game.seats_of(player_id);
        let silence_accepts = !votes.is_empty()
            && !mine.iter().all(|s| votes.contains(s))
            && crate::service::game::agreeing(game, votes, &mine).len() == game.row.players.len();
        Ok(Some(GameClock {
            row,
            seat,
            player_id,
            started,
            pauses,
            thinking,
            bank,
            offer,
            silence_accepts,
        }))
    }

    /// The clock as [`Due`] reads it.
    pub fn clock(&self) -> Clock<'_> {
        Clock {
            limits: Limits {
                nag_days: self.row.nag_days,
                forfeit_days: self.row.forfeit_days,
            },
            started: self.started,
            period_sent: self.row.period_sent,
            pauses: &self.pauses,
            thinking: self.thinking,
            bank: self.bank,
            offer: self.offer,
        }
    }

    /// When each time rule acts on this game.
    pub fn due(&self) -> Due {
        Due::of(&self.clock())
    }
}

/// The moment the player to move of `game` is out of time (or, when their
/// silence accepts a draw offer, the game is drawn) if they do not move;
/// `None` when nobody is to move.
pub fn deadline(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    Ok(GameClock::read(conn, game, None, now)?.map(|c| c.due().deadline))
}

/// The clock of the player to move in `game` when the bank of its time
/// control is empty at `now` (the moment [`Due`] gives, as printed).
pub fn out_of_bank(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<GameClock>, ServiceError> {
    if game.row.clock.is_none() {
        return Ok(None);
    }
    let Some(clock) = GameClock::read(conn, game, None, now)? else {
        return Ok(None);
    };
    let out = clock.due().out_of_bank.is_some_and(|at| now >= at);
    Ok(out.then_some(clock))
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
