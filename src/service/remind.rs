//! `remind` (run by cron): reminders and time forfeits.
//!
//! Every active game's clock is read at `now`. The player to move is
//! reminded once per nag period (7, 14... days by default) and forfeits at
//! the forfeit time (21 days); a draw offer still standing then counts as
//! accepted. In a game with a thinking-time limit (`totaltime`), a player
//! to move who has used it up loses on time (see [`thinking`]). Vacations
//! stop a player's clocks (see [`crate::clock`]).
//!
//! Safe at any frequency: the `reminders` table records the last reminder
//! per clock, and a clock restarts with every log entry, so a rerun finds
//! nothing new to do. Work is written in batches of [`BATCH`] games, each
//! game's change and its mail together (one savepoint each): a crash loses
//! at most an uncommitted batch, which the next run redoes.
//!
//! A run touches only the games due: each active game's next due moment
//! (its next reminder or its deadline) is kept in the `due` index, worked
//! out in the transaction of every change that moves it ([`due`]); after
//! acting on a game, or finding nothing to do, `remind` works it out again.

use std::collections::{HashMap, HashSet};
use std::fmt;

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use super::error::ServiceError;
use super::game::{Catalog, LoadedGame, Step, timestamp};
use super::notice::Notice;
use super::{due, notify, thinking, turn_arrival};
use crate::clock::{Limits, Pauses, Reading};
use crate::command::GameId;
use crate::rules::Conclusion;
use crate::store::reminders::{self, ClockRow};
use crate::store::{self, StoreError, Tx, games, turns::EntryKind, vacations};

/// Games acted on per write transaction: short enough that a mail command
/// waiting for the lock is not kept long.
pub const BATCH: usize = 256;

/// How far ahead a vacation still going is followed when projecting a
/// forfeit date (see [`Reading`]).
const HORIZON_DAYS: i64 = 3 * 366;

/// What one run did, for the one-line summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games whose due moment had come (the others are not looked at).
    pub games: usize,
    /// Reminders queued.
    pub reminders: usize,
    /// Players who lost on time.
    pub forfeits: usize,
    /// Games drawn because a draw offer stood unanswered at forfeit time.
    pub draws: usize,
    /// Games that could not be judged (damaged, unknown variant), one line each.
    pub problems: Vec<String>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        write!(
            f,
            "remind: {} looked at, {} queued, {}",
            plural(self.games, "game", "games"),
            plural(self.reminders, "reminder", "reminders"),
            plural(self.forfeits, "forfeit", "forfeits"),
        )?;
        if self.draws > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.draws,
                    "draw offer accepted on time",
                    "draw offers accepted on time"
                )
            )?;
        }
        if !self.problems.is_empty() {
            write!(
                f,
                ", {}",
                plural(self.problems.len(), "game skipped", "games skipped")
            )?;
        }
        Ok(())
    }
}

/// Acts on the games due at `now` (the `due` index says which). `progress`
/// is told (done, total) as they are worked through.
pub fn remind(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, ServiceError> {
    let (due, travellers) = {
        let tx = store::read(conn)?;
        (
            store::due::due_by(&tx, &timestamp(now))?,
            vacations::players_with_any(&tx)?,
        )
    };
    let mut summary = Summary {
        games: due.len(),
        ..Summary::default()
    };
    let mut judge = Judge {
        catalog,
        now,
        travellers,
        pauses: HashMap::new(),
    };
    progress(0, due.len());
    let mut done = 0;
    for batch in due.chunks(BATCH) {
        let tx = store::write(conn)?;
        for &game in batch {
            tx.execute_batch("SAVEPOINT game")?;
            match judge.act(&tx, game) {
                Ok(action) => {
                    tx.execute_batch("RELEASE game")?;
                    match action {
                        Action::Nothing => {}
                        Action::Reminded => summary.reminders += 1,
                        Action::Forfeited => summary.forfeits += 1,
                        Action::Drawn => summary.draws += 1,
                    }
                }
                Err(e) if e.is_refusal() => {
                    tx.execute_batch("ROLLBACK TO game; RELEASE game")?;
                    summary.problems.push(format!("{game}: {e}"));
                }
                Err(e) => return Err(e),
            }
            // When to look again: after what was done, or (nothing due
            // after all) as things stand.
            due::work_out(&tx, catalog, game, now)?;
            done += 1;
            progress(done, due.len());
        }
        tx.commit()?;
    }
    Ok(summary)
}

/// When the player to move in `id` loses on time if they do not move
/// (their vacations taken into account); `None` for a game without a
/// running clock.
pub fn deadline(
    conn: &Connection,
    id: GameId,
    player_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, ServiceError> {
    let Some(row) = reminders::clock(conn, id)? else {
        return Ok(None);
    };
    let start = clock_start(&row).map_err(|why| ServiceError::Store(StoreError::Damaged(why)))?;
    let away = vacations::of_player(conn, player_id)?;
    Ok(Some(
        Reading::take(&limits(&row), start, &away, now).forfeit_at,
    ))
}

fn limits(row: &ClockRow) -> Limits {
    Limits {
        nag_days: row.nag_days,
        forfeit_days: row.forfeit_days,
    }
}

fn clock_start(row: &ClockRow) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(&row.since)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("{}: bad time {} in the database ({e})", row.game, row.since))
}

/// What was done to one game.
enum Action {
    Nothing,
    Reminded,
    Forfeited,
    Drawn,
}

/// The judging state of one run: the players' pauses, worked out once each.
struct Judge<'a> {
    catalog: Catalog<'a>,
    now: DateTime<Utc>,
    /// Players with any vacation on record; everyone else's clocks never stop.
    travellers: HashSet<i64>,
    pauses: HashMap<i64, Pauses>,
}

impl Judge<'_> {
    fn pauses_of(&mut self, conn: &Connection, player: i64) -> Result<&Pauses, ServiceError> {
        if !self.pauses.contains_key(&player) {
            let pauses = if self.travellers.contains(&player) {
                Pauses::new(
                    &vacations::of_player(conn, player)?,
                    self.now + TimeDelta::days(HORIZON_DAYS),
                )
            } else {
                Pauses::none()
            };
            self.pauses.insert(player, pauses);
        }
        Ok(&self.pauses[&player])
    }

    /// Reads one game's clock again inside the write transaction (a move
    /// may have come in since the scan) and acts on it.
    fn act(&mut self, tx: &Tx<'_>, id: GameId) -> Result<Action, ServiceError> {
        let Some(row) = reminders::clock(tx, id)? else {
            return Ok(Action::Nothing);
        };
        let start =
            clock_start(&row).map_err(|why| ServiceError::Store(StoreError::Damaged(why)))?;
        let mut game = LoadedGame::load(tx, self.catalog, id)?;
        let Some(seat) = game.position.to_move() else {
            return Ok(Action::Nothing);
        };
        // A seat that has just left a game of three keeps the move until
        // its turn is passed for it (dice games pass it with the next
        // roll); it is not reminded, and cannot lose twice.
        if row.left_seat == Some(seat) {
            return Err(ServiceError::SeatLeft(game.player_at(seat)));
        }
        let player_id = game
            .row
            .player_ids
            .get(seat)
            .copied()
            .ok_or(ServiceError::NoSuchGame(id))?;
        let now = self.now;
        let reading =
            Reading::with_pauses(&limits(&row), start, self.pauses_of(tx, player_id)?, now);
        let player = game.player_at(seat);
        if let Some((seat, days)) = thinking::out_of_time(tx, &game, now)? {
            let notices = thinking::lose_thinking_time(tx, &mut game, seat, days, now)?;
            notify::queue(tx, &notices, now)?;
            return Ok(Action::Forfeited);
        }
        if reading.forfeit_due {
            return lose_on_time(tx, &mut game, seat, player_id, &player, &reading, now);
        }
        let Some(period) = reading.reminder_due(row.period_sent) else {
            return Ok(Action::Nothing);
        };
        reminders::record(tx, id, row.since_seq, period, &timestamp(now))?;
        let notice = Notice::Reminder {
            game: id,
            player,
            clock: row.since_seq,
            period,
            days: reading.days_waited(),
            forfeit_at: timestamp(reading.forfeit_at),
        };
        notify::queue(tx, &[notice], now)?;
        Ok(Action::Reminded)
    }
}

/// The forfeit: the player to move loses on time, or, when a draw offer
/// stands, the silence accepts it.
fn lose_on_time(
    tx: &Tx<'_>,
    game: &mut LoadedGame,
    seat: usize,
    player_id: i64,
    player: &str,
    reading: &Reading,
    now: DateTime<Utc>,
) -> Result<Action, ServiceError> {
    let days = reading.days_waited();
    let id = game.id();
    let drawn = !game.row.draw_votes.is_empty();
    // A resignation waiting for its player's turn goes first: who gave up
    // does not win by the silence of the player to move.
    let resigned = if drawn {
        Vec::new()
    } else {
        turn_arrival::resign_waiting(tx, game, now)?
    };
    if game.row.status != games::Status::Active {
        turn_arrival::forget(tx, id)?;
        notify::queue(tx, &resigned, now)?;
        return Ok(Action::Nothing);
    }
    let (event, kind, text, comment, action) = if drawn {
        let comment = format!("the draw offer stood unanswered for {days} days: accepted");
        (
            Conclusion::DrawAgreed,
            EntryKind::Draw,
            "draw agreed",
            comment,
            Action::Drawn,
        )
    } else {
        let comment = format!("{player} has not moved in {days} days");
        (
            Conclusion::Forfeit(seat),
            EntryKind::Forfeit,
            "forfeits on time",
            comment,
            Action::Forfeited,
        )
    };
    let position = game.position.conclude(&event)?;
    let step = Step {
        kind,
        seat: (!drawn).then_some(seat),
        player_id: (!drawn).then_some(player_id),
        text,
        roll: None,
        comment: Some(&comment),
        draw_votes: &[],
    };
    let outcome = game.record(tx, step, position, now)?;
    // In a game of three the seat is out: its turns pass from now on (in
    // dice games the server records those passes with their rolls).
    let passes = turn_arrival::advance(tx, game, now)?;
    let mut notices = resigned;
    if !drawn {
        notices.push(Notice::Forfeited {
            game: id,
            player: player.to_string(),
            days,
            to_move: game.to_move_in(game.position.as_ref()),
        });
    }
    if let Some(outcome) = outcome {
        notices.push(Notice::game_over(game, outcome));
    }
    notices.extend(passes);
    notify::queue(tx, &notices, now)?;
    Ok(action)
}

#[cfg(test)]
mod tests;
