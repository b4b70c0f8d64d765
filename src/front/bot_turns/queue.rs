//! The computer player's turns, worked off a queue (issue 47): its
//! thinking never holds the mail, nor the process, that handed it a turn.
//!
//! Every change to a game against the bot queues the game, by trigger, in
//! the transaction of the change (`store/bot_queue.sql`): nothing can hand
//! the bot a turn without queueing it, and a killed process loses nothing.
//! A worker ([`work`]) takes the queue's oldest game in a write
//! transaction ([`claim_next`]): a game where the bot is not to move is
//! dropped there and then; one where it is, is claimed for the worker's
//! process, and the claim committed. The worker then thinks with no
//! transaction open, plays its turn as the bot's own `move GAME TURN#N`
//! ([`super::turn::play`]) and, in a last transaction, adds the CPU it
//! spent to the hour's and releases the game (its own move re-queued it;
//! the next look finds the player to move and drops it).
//!
//! Never twice for one turn: one worker thinks at a time on a server (a
//! live claim makes the others leave the queue to it, and it works the
//! queue until it is empty), and the `#N` guard refuses a turn chosen for
//! a move number already played. A claim lapses when its process is gone
//! (a killed worker holds nothing) or after [`LEASE`] on the wall clock.
//!
//! The `bot-cpu-per-hour` setting bounds the CPU the bot thinks each hour
//! of the server's clock: past it, no game is claimed until the next hour.
//!
//! Who works the queue: after a mail's commands commit, a detached
//! `boserv bot-turns` (so the MTA's delivery is not held); `serve`'s
//! thinking thread; `deliver` and `remind` (cron); the shell and `run`
//! after printing their answers.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::cpu;
use super::turn::{Played, play, think};
use crate::command::GameId;
use crate::mail::config::{Config, cpu_seconds};
use crate::service::bot::account;
use crate::service::game::{LoadedGame, timestamp};
use crate::service::{Catalog, ServiceError};
use crate::store::{self, bot_queue, settings};

/// How long a worker's claim stands on the wall clock when its process
/// lives on (a level 5 turn thinks for at most `bot::TIME_CAP`).
pub const LEASE: Duration = Duration::from_secs(60);

/// How long a game where the bot could not move is set aside (a change
/// to the game re-arms it at once).
pub const RETRY: Duration = Duration::from_secs(3600);

/// What [`claim_next`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The bot is to move in this game, now claimed by this process.
    Turn(GameId),
    /// Another live process is thinking: it works the queue.
    Busy,
    /// The hour's CPU budget is spent.
    Spent,
    /// No turn waits (games set aside with a problem wait for their time).
    Empty,
}

/// What one [`work`] did.
#[derive(Debug, Default)]
pub struct Summary {
    pub played: Vec<Played>,
    /// Turns found played by another process.
    pub raced: usize,
    /// Games still queued when the time given was up or the budget spent.
    pub left: usize,
    /// The hour's `bot-cpu-per-hour` was spent.
    pub spent: bool,
    /// Another process was thinking (it works the queue).
    pub busy: bool,
    /// Games where the bot could not move, with why (one line each).
    pub problems: Vec<String>,
}

/// The hour of the server's clock a budget counts in: `2026-11-28T23`.
pub fn hour(now: DateTime<Utc>) -> String {
    now.format("%Y-%m-%dT%H").to_string()
}

/// The `bot-cpu-per-hour` setting, in seconds.
pub fn cpu_budget(conn: &Connection) -> Result<f64, ServiceError> {
    let config = Config::new(settings::all(conn)?);
    let text = config.get("bot-cpu-per-hour").unwrap_or_default();
    Ok(f64::from(cpu_seconds(&text).unwrap_or(600)))
}

/// True while process `pid` exists (where `/proc` tells; elsewhere a
/// claim stands until its lease lapses).
fn alive(pid: u32) -> bool {
    let proc = std::path::Path::new("/proc");
    !proc.is_dir() || pid == std::process::id() || proc.join(pid.to_string()).exists()
}

/// Takes the queue's next turn for process `pid`, in one write
/// transaction: drops the games where the bot is not to move, claims the
/// first where it is. `now` is the server's clock (the budget's hour),
/// `wall` the real one (claims).
pub fn claim_next(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    wall: DateTime<Utc>,
    pid: u32,
) -> Result<Next, ServiceError> {
    let tx = store::write(conn)?;
    let rows = bot_queue::all(&tx)?;
    if rows.is_empty() {
        return Ok(Next::Empty);
    }
    let wall_text = timestamp(wall);
    let live = |by: Option<u32>, until: Option<&str>| {
        by.is_some_and(alive) && until.is_some_and(|t| t > wall_text.as_str())
    };
    if rows
        .iter()
        .any(|q| live(q.claimed_by, q.not_before.as_deref()))
    {
        return Ok(Next::Busy);
    }
    if bot_queue::cpu_spent(&tx, &hour(now))? >= cpu_budget(&tx)? {
        return Ok(Next::Spent);
    }
    let bot = account::find(&tx)?;
    let until = timestamp(wall + chrono::Duration::from_std(LEASE).expect("a short lease"));
    for q in rows {
        let set_aside = q.claimed_by.is_none()
            && q.not_before
                .as_deref()
                .is_some_and(|t| t > wall_text.as_str());
        if set_aside {
            continue;
        }
        let game = LoadedGame::load(&tx, catalog, q.game)?;
        let bots_turn = bot.as_ref().is_some_and(|bot| {
            game.ensure_active().is_ok()
                && game
                    .position
                    .to_move()
                    .is_some_and(|seat| game.seats_of(bot.id).contains(&seat))
        });
        if bots_turn {
            bot_queue::claim(&tx, q.game, pid, &until)?;
            tx.commit()?;
            return Ok(Next::Turn(q.game));
        }
        bot_queue::drop_game(&tx, q.game)?;
    }
    tx.commit()?;
    Ok(Next::Empty)
}

/// After a claimed turn: its CPU counted in the hour's, the game released
/// (or set aside for [`RETRY`] with `problem`).
fn finish(
    conn: &mut Connection,
    game: GameId,
    now: DateTime<Utc>,
    seconds: f64,
    problem: Option<&str>,
) -> Result<(), ServiceError> {
    let tx = store::write(conn)?;
    let forget = hour(now - chrono::Duration::days(1));
    bot_queue::add_cpu(&tx, &hour(now), seconds, &forget)?;
    match problem {
        Some(problem) => {
            let retry = Utc::now() + chrono::Duration::from_std(RETRY).expect("an hour");
            bot_queue::set_aside(&tx, game, &timestamp(retry), problem)?;
        }
        None => bot_queue::release(&tx, game)?,
    }
    tx.commit()?;
    Ok(())
}

/// Works the queue: claims, thinks and plays the bot's turns one after
/// the other, until none waits, another process thinks, the hour's CPU
/// is spent, or `budget` (wall time) is up, starting no turn after it.
/// A game where the bot cannot move is set aside and reported; a busy or
/// broken database stops the round (the claim lapses with the process or
/// its lease).
pub fn work(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    now: DateTime<Utc>,
    budget: Duration,
) -> Result<Summary, ServiceError> {
    let until = Instant::now() + budget;
    let pid = std::process::id();
    let mut summary = Summary::default();
    loop {
        if Instant::now() >= until {
            summary.left = bot_queue::all(conn)?.len();
            return Ok(summary);
        }
        let id = match claim_next(conn, catalog, now, Utc::now(), pid)? {
            Next::Turn(id) => id,
            Next::Empty => return Ok(summary),
            Next::Busy => {
                summary.busy = true;
                return Ok(summary);
            }
            Next::Spent => {
                summary.spent = true;
                summary.left = bot_queue::all(conn)?.len();
                return Ok(summary);
            }
        };
        let meter = cpu::Meter::start();
        let outcome = think(conn, catalog, id).and_then(|thought| match thought {
            Some(thought) => play(conn, catalog, &thought, now),
            None => Ok(None),
        });
        let seconds = meter.seconds();
        match outcome {
            Ok(Some(played)) => {
                summary.played.push(played);
                finish(conn, id, now, seconds, None)?;
            }
            Ok(None) => {
                summary.raced += 1;
                finish(conn, id, now, seconds, None)?;
            }
            Err(e) if e.is_refusal() || matches!(e, ServiceError::Internal(_)) => {
                let problem = format!("{id}: {e}");
                finish(conn, id, now, seconds, Some(&problem))?;
                summary.problems.push(problem);
            }
            Err(e) => {
                // Best effort: the claim lapses with the lease anyway.
                let _ = finish(conn, id, now, seconds, None);
                return Err(e);
            }
        }
    }
}

/// True when some queued game is ready for a worker (not claimed by a
/// live process, not set aside): after a mail, whether a worker is worth
/// starting.
pub fn ready(conn: &Connection) -> Result<bool, ServiceError> {
    let wall = timestamp(Utc::now());
    Ok(bot_queue::all(conn)?.iter().any(|q| match &q.not_before {
        None => true,
        Some(t) => t <= &wall || q.claimed_by.is_some_and(|p| !alive(p)),
    }))
}

#[cfg(test)]
#[path = "queue_tests.rs"]
mod tests;
