//! `remind` (run by cron): reminders and time forfeits.
//!
//! Every active game's clock is read at `now` and [`crate::clock::Due`]
//! says what is due, the same computation the printed dates come from
//! (see [`crate::service::time::deadline`]). The player to move is reminded once per nag
//! period (7, 14... days by default) and is out of time at the deadline:
//! the forfeit time (21 days), or sooner when the game's thinking time
//! (`totaltime`, see [`thinking`]) runs out. At the deadline a draw offer
//! the player to move has not answered, and everyone else agrees to, is
//! accepted by their silence; a player to move who offered the draw
//! themselves loses on time. Whoever must answer a draw offer is reminded
//! once, a reminder period after it was made. Vacations stop a player's
//! clocks (see [`crate::clock`]).
//!
//! Safe at any frequency: the `reminders` table records the last reminder
//! per clock, and a clock restarts with every log entry, so a rerun finds
//! nothing new to do. Work is written in batches of [`BATCH`] games, each
//! game's change, its mail and its next due moment in the batch's one
//! transaction: a crash loses at most an uncommitted batch, which the next
//! run redoes. A game that cannot be judged sends its batch round again,
//! each game then in a savepoint of its own ([`Care`]). A batch's letters
//! are rendered on the other core while the next games are judged
//! ([`crate::mail::ahead`]) and written before the batch commits, and the
//! next batch's games are read there meanwhile ([`ahead`]).
//!
//! A run touches only the games due: each active game's next due moment
//! ([`Due::next`](crate::clock::Due::next)) is kept in the `due` index, worked
//! out in the transaction of every change that moves it ([`crate::service::time::due`]); after
//! acting on a game, or finding nothing to do, `remind` works it out again.

pub mod digest;
pub mod seek_warning;

use std::collections::{HashMap, HashSet};
use std::fmt;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::Pauses;
use crate::clock::due::Offer;
use crate::clock::due::{self};
use crate::command::GameId;
use crate::mail::ahead::RenderAhead;
use crate::mail::settings::Settings;
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, timestamp};
use crate::service::notice::Notice;
use crate::service::play::out_of_time::Action;
// What follows a game's end here, as the dispatch wires it for a command
// (`service::GAME_ENDED`): its tournament's round.
use crate::service::community::tournament::result::game_ended as tournament_round;
use crate::service::play::out_of_time::time_up;
use crate::service::time::deadline::{GameClock, projected_pauses};
use crate::service::{play::notify, play::votes};
use crate::store::reminders::{self, ClockRow};
use crate::store::{self, Tx, draw_offers, games, tidings, vacations};
use ahead::{Known, ReadAhead};

/// Games acted on per write transaction: short enough that a mail command
/// waiting for the lock is not kept long.
pub const BATCH: usize = 256;

/// What one run did, for the one-line summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games whose due moment had come (the others are not looked at).
    pub games: usize,
    /// Reminders queued.
    pub reminders: usize,
    /// Reminders to those who must answer a draw offer.
    pub voter_reminders: usize,
    /// Players who lost on time.
    pub forfeits: usize,
    /// Games drawn because a draw offer stood unanswered at forfeit time.
    pub draws: usize,
    /// Invitations (challenges not accepted by all) that expired.
    pub invitations_expired: usize,
    /// Daily digests queued (`crate::service::remind::digest`).
    pub digests: usize,
    /// Games ended because their player to move had signed off.
    pub signed_off: usize,
    /// Letters of vacations and signoffs written (`crate::service::accounts::tidings`).
    pub letters: usize,
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
        if self.voter_reminders > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.voter_reminders,
                    "draw offer reminder",
                    "draw offer reminders"
                )
            )?;
        }
        if self.draws > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.draws,
                    "draw offer accepted by silence",
                    "draw offers accepted by silence"
                )
            )?;
        }
        if self.invitations_expired > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.invitations_expired,
                    "invitation expired",
                    "invitations expired"
                )
            )?;
        }
        if self.signed_off > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.signed_off,
                    "game left by a signoff",
                    "games left by signoffs"
                )
            )?;
        }
        if self.letters > 0 {
            write!(
                f,
                ", {}",
                plural(
                    self.letters,
                    "vacation or signoff letter",
                    "vacation or signoff letters"
                )
            )?;
        }
        if self.digests > 0 {
            write!(f, ", {}", plural(self.digests, "digest", "digests"))?;
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
    catalog: Catalog<'static>,
    now: DateTime<Utc>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, ServiceError> {
    // The batches' commits leave syncing the log to the folder below
    // (store::wal::sync_in_batches says why nothing is lost by it); the
    // connection syncs every commit again afterwards, whatever happened.
    store::wal::sync_in_batches(conn)?;
    let run = run(conn, catalog, now, progress);
    store::wal::sync_every_commit(conn)?;
    run
}

/// [`remind`] on a connection whose commits are synced in batches.
fn run(
    conn: &mut Connection,
    catalog: Catalog<'static>,
    now: DateTime<Utc>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, ServiceError> {
    store::widen_cache(conn)?;
    // The batches' commits fold the WAL seldom; the run folds it last.
    let long_run = store::wal::LongRun::start();
    // And the other core copies the log into the database meanwhile.
    let folder = store::wal::Folder::start(conn.path());
    // The batches' letters are rendered on the other core.
    let settings = Settings::current().map_err(|e| ServiceError::Setup(e.to_string()))?;
    let mut ahead = RenderAhead::start(&settings.templates);
    let (due, travellers, rechecks) = {
        let tx = store::read(conn)?;
        let mut due = store::due::due_by(&tx, &timestamp(now))?;
        // The games of a player back from vacation or signed off, judged
        // again whatever their stored moment (src/store/tidings.sql).
        let rechecks = tidings::rechecks(&tx)?;
        // In game order with the others, as a run that looked at every
        // game would take them.
        let again = farewells::rechecked_games(&tx, &rechecks)?;
        if !again.is_empty() {
            due.extend(again);
            due.sort_unstable();
            due.dedup();
        }
        (due, vacations::players_with_any(&tx)?, rechecks)
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
        // And the next batch's games are read on the other core too.
        read_ahead: ReadAhead::start(conn.path(), catalog),
    };
    let batches: Vec<&[GameId]> = due.chunks(BATCH).collect();
    // Invitations and open challenges whose time has come, each by its
    // own index; the first batch's games are read ahead meanwhile.
    {
        let tx = store::write(conn)?;
        judge.ask_ahead(&tx, batches.first().copied())?;
        summary.invitations_expired =
            crate::service::community::consent::expire(&tx, catalog, now)?;
        crate::service::community::consent::warn_expiring(&tx, catalog, now)?;
        crate::service::remind::seek_warning::warn_expiring(&tx, now)?;
        store::seeks::expire(&tx, &timestamp(now))?;
        tx.commit()?;
    }
    progress(0, due.len());
    let mut done = 0;
    for (i, &batch) in batches.iter().enumerate() {
        let next = batches.get(i + 1).copied();
        let tally = match judge.batch(conn, batch, Care::Together(&mut ahead), next)? {
            Some(tally) => tally,
            // A game of the batch could not be judged: the batch again,
            // each game in a savepoint of its own, so that the others go
            // on and that one is named.
            None => judge
                .batch(conn, batch, Care::EachAlone, None)?
                .ok_or_else(|| ServiceError::Internal("remind: a batch refused twice".into()))?,
        };
        summary.add(tally);
        if let Some(folder) = &folder {
            folder.nudge();
        }
        // Counted once committed.
        for _ in batch {
            done += 1;
            progress(done, due.len());
        }
    }
    // The rechecked players' turns are judged: their farewells can be told.
    if !rechecks.is_empty() {
        let tx = store::write(conn)?;
        let ids: Vec<i64> = rechecks.iter().map(|(id, _)| *id).collect();
        tidings::rechecked(&tx, &ids)?;
        tx.commit()?;
    }
    summary.letters = crate::service::accounts::tidings::spread(conn, now)?;
    // The digests of the day, after the games' news and forfeits.
    summary.digests = crate::service::remind::digest::send_due(conn, catalog, now)?;
    drop(folder);
    drop(long_run);
    store::wal::fold(conn)?;
    Ok(summary)
}

/// A game as `remind` left it (`None`: not loaded, no longer active),
/// with its clock when carried ([`Carried`]).
type After = Option<(LoadedGame, Option<GameClock>)>;

/// The judging state of one run: the players' pauses, worked out once each.
struct Judge<'a> {
    catalog: Catalog<'a>,
    now: DateTime<Utc>,
    /// Players with any vacation on record; everyone else's clocks never stop.
    travellers: HashSet<i64>,
    pauses: HashMap<i64, Pauses>,
    /// The thread reading the next batch's games ([`ahead`]); `None`
    /// for a database without a file.
    read_ahead: Option<ReadAhead>,
}

/// How one batch of games is written.
enum Care<'a> {
    /// All in the transaction's one journal: a game that cannot be judged
    /// gives up the whole batch (rolled back, nothing written). Its letters
    /// are rendered by the run's worker and queued before the commit.
    Together(&'a mut RenderAhead),
    /// Each game in a savepoint of its own: one that cannot be judged is
    /// rolled back alone and named among the problems. A savepoint journals
    /// every page a game touches again (a fifth of a run's writes), so it
    /// is kept for the rare batch with such a game.
    EachAlone,
}

impl Summary {
    /// Adds what one committed batch did.
    fn add(&mut self, tally: Summary) {
        self.reminders += tally.reminders;
        self.voter_reminders += tally.voter_reminders;
        self.forfeits += tally.forfeits;
        self.draws += tally.draws;
        self.signed_off += tally.signed_off;
        self.problems.extend(tally.problems);
    }

    fn count(&mut self, actions: &[Action]) {
        for action in actions {
            match action {
                Action::Nothing => {}
                Action::Reminded => self.reminders += 1,
                Action::VotersReminded => self.voter_reminders += 1,
                Action::Forfeited => self.forfeits += 1,
                Action::Drawn => self.draws += 1,
                Action::SignedOff => self.signed_off += 1,
            }
        }
    }
}

impl Judge<'_> {
    /// Asks for `games` to be read ahead, in a snapshot taken while `tx`,
    /// a write transaction, keeps anyone else from committing.
    fn ask_ahead(&mut self, tx: &Tx<'_>, games: Option<&[GameId]>) -> Result<(), ServiceError> {
        if let (Some(reader), Some(games)) = (&mut self.read_ahead, games) {
            reader.ask(games, store::data_version(tx)?);
        }
        Ok(())
    }

    /// Judges `games` in one write transaction, each game's change, its
    /// mail and its next due moment together. `None` (nothing written)
    /// when a game cannot be judged and `care` keeps the games together.
    /// With the games together, they are taken as read ahead where still
    /// valid, and the `next` batch's are asked for.
    fn batch(
        &mut self,
        conn: &mut Connection,
        games: &[GameId],
        care: Care<'_>,
        next: Option<&[GameId]>,
    ) -> Result<Option<Summary>, ServiceError> {
        let tx = store::write(conn)?;
        let alone = matches!(care, Care::EachAlone);
        let mut known = Known::default();
        if let (Some(reader), false) = (&mut self.read_ahead, alone) {
            let version = store::data_version(&tx)?;
            known = reader.take(version);
            if let Some(next) = next {
                reader.ask(next, version);
            }
        }
        // Dropped before the transaction (declared after it): a batch
        // given up throws its letters away.
        let ahead = match care {
            Care::Together(ahead) => Some(ahead.open()),
            Care::EachAlone => None,
        };
        // The web pages' marks too, each page once (crate::service::pages::Held).
        let marks = ahead.is_some().then(crate::service::pages::Held::open);
        let mut tally = Summary::default();
        for &game in games {
            if alone {
                tx.execute_batch("SAVEPOINT game")?;
            }
            match self.act_all(&tx, game, &mut known) {
                Ok((actions, after)) => {
                    if alone {
                        tx.execute_batch("RELEASE game")?;
                    }
                    tally.count(&actions);
                    // When to look again, after what was done.
                    match after {
                        Some((loaded, clock)) => {
                            let at = match clock {
                                Some(clock) if loaded.row.status == games::Status::Active => {
                                    let clock = Carried::checked(clock, &tx, &loaded, self.now);
                                    Some(clock.due().next())
                                }
                                _ => self.next_due(&tx, &loaded)?,
                            };
                            crate::service::time::due::record(&tx, &loaded, at)?;
                        }
                        None => {
                            crate::service::time::due::work_out(&tx, self.catalog, game, self.now)?
                        }
                    }
                }
                Err(e) if e.is_refusal() => {
                    if !alone {
                        return Ok(None);
                    }
                    tx.execute_batch("ROLLBACK TO game; RELEASE game")?;
                    tally.problems.push(format!("{game}: {e}"));
                    // Nothing due after all, as things stand.
                    crate::service::time::due::work_out(&tx, self.catalog, game, self.now)?;
                }
                Err(e) => return Err(e),
            }
        }
        if let Some(ahead) = ahead {
            ahead.queue(&tx)?;
        }
        if let Some(marks) = marks {
            marks.write(&tx)?;
        }
        tx.commit()?;
        Ok(Some(tally))
    }

    /// When `remind` must next look at `game` ([`crate::service::time::due::next_due`]),
    /// with the pauses of the player to move worked out once per run.
    fn next_due(
        &mut self,
        tx: &Tx<'_>,
        game: &LoadedGame,
    ) -> Result<Option<DateTime<Utc>>, ServiceError> {
        let to_move = game
            .position
            .to_move()
            .and_then(|seat| game.row.player_ids.get(seat).copied());
        let pauses = match to_move {
            Some(player) => Some(self.pauses_of(tx, player)?.clone()),
            None => None,
        };
        crate::service::time::due::next_due_paused(tx, game, pauses, self.now)
    }

    fn pauses_of(&mut self, conn: &Connection, player: i64) -> Result<&Pauses, ServiceError> {
        if !self.pauses.contains_key(&player) {
            let pauses = if self.travellers.contains(&player) {
                projected_pauses(conn, player, self.now)?
            } else {
                Pauses::none()
            };
            self.pauses.insert(player, pauses);
        }
        Ok(&self.pauses[&player])
    }

    /// Does everything due in one game at `now` (a reminder and the
    /// voters' reminder may fall together), one action at a time. Returns
    /// what was done and the game as it is after (`None` when it was not
    /// loaded: no longer active), with its clock as it stands, when the
    /// last action read it and changed nothing it reads but what it knows
    /// ([`Carried`]).
    /// `known` may hold the game and its clock's row as read ahead.
    fn act_all(
        &mut self,
        tx: &Tx<'_>,
        id: GameId,
        known: &mut Known,
    ) -> Result<(Vec<Action>, After), ServiceError> {
        let mut done = Vec::new();
        // Loaded once (its row read to see that it is still active): a
        // reminder changes only what the clock reads from the store; an
        // ending changes the game through `record`.
        let (mut game, mut clock_row) = match known.take(tx, id)? {
            Some(read) => (read.game, Some(read.clock)),
            None => match games::find(tx, id)? {
                Some(row) if row.status == games::Status::Active => {
                    (LoadedGame::from_row(tx, self.catalog, row)?, None)
                }
                _ => return Ok((done, None)),
            },
        };
        // A player to move who signed off leaves the game, as at the turn's
        // arrival: nothing else is due in it.
        if let Some(action) = farewells::leave(tx, &mut game, self.now)? {
            done.push(action);
            return Ok((done, Some((game, None))));
        }
        let mut clock = None;
        // At most: the voters' reminder, a reminder, the deadline.
        for _ in 0..3 {
            let (action, after) = self.act(tx, &mut game, clock.take(), clock_row.take())?;
            clock = after;
            match action {
                Action::Nothing => break,
                last @ (Action::Forfeited | Action::Drawn | Action::SignedOff) => {
                    done.push(last);
                    break;
                }
                reminder => done.push(reminder),
            }
        }
        Ok((done, Some((game, clock))))
    }

    /// Reads one game's clock again inside the write transaction (a move
    /// may have come in since the scan) and does the most pressing thing
    /// due. The clock's stored row is read once, by [`GameClock::read`]
    /// (or `known`, as read ahead); after a reminder it is `carried` from
    /// the action before, as that reminder left it. Returns what was done and the clock after it when
    /// known without reading it again (see [`Carried`]).
    fn act(
        &mut self,
        tx: &Tx<'_>,
        game: &mut LoadedGame,
        carried: Option<GameClock>,
        known: Option<ClockRow>,
    ) -> Result<(Action, Option<GameClock>), ServiceError> {
        let id = game.id();
        let Some(seat) = game.position.to_move() else {
            return Ok((Action::Nothing, None));
        };
        let player_id = game
            .row
            .player_ids
            .get(seat)
            .copied()
            .ok_or(ServiceError::NoSuchGame(id))?;
        let now = self.now;
        let clock = match carried {
            Some(clock) => Some(Carried::checked(clock, tx, game, now)),
            None => {
                let pauses = self.pauses_of(tx, player_id)?.clone();
                GameClock::read_from(tx, game, known, Some(pauses), now)?
            }
        };
        // `None`: no longer active, or not begun.
        let Some(mut clock) = clock else {
            return Ok((Action::Nothing, None));
        };
        let row = &clock.row;
        // A seat that has just left a game of three keeps the move until
        // its turn is passed for it (dice games pass it with the next
        // roll); it is not reminded, and cannot lose twice.
        if row.left_seat == Some(seat) {
            return Err(ServiceError::SeatLeft(game.player_at(seat)));
        }
        let due = clock.due();
        match due.action_at(&clock.clock(), now) {
            None => Ok((Action::Nothing, Some(clock))),
            Some(due::Action::TimeUp(limit)) => {
                let (action, notices) = time_up(tx, game, &clock, limit, now)?;
                // The game as `time_up` left it: the stored one.
                notify::queue_loaded(tx, &notices, game, now, tournament_round)?;
                Ok((action, None))
            }
            Some(due::Action::RemindVoters) => {
                draw_offers::reminded(tx, id, &timestamp(now))?;
                let voters = votes::waiting_for(game, &game.row.draw_votes);
                let notice = Notice::DrawReminder { game: id, voters };
                notify::queue(tx, &[notice], now, tournament_round)?;
                // The offer's reminder is the one thing of the clock it wrote.
                clock.offer = clock.offer.map(|o| Offer {
                    reminded: true,
                    ..o
                });
                Ok((Action::VotersReminded, Some(clock)))
            }
            Some(due::Action::Remind { period }) => {
                reminders::record(tx, id, row.since_seq, period, &timestamp(now))?;
                let notice = Notice::Reminder {
                    game: id,
                    player: game.player_at(seat),
                    clock: row.since_seq,
                    period,
                    days: clock.pauses.running_between(clock.started, now).num_days(),
                    forfeit_at: timestamp(due.deadline),
                };
                // A reminder leaves the game as it was loaded.
                notify::queue_loaded(tx, &[notice], game, now, tournament_round)?;
                // And its clock as read but for the period reminded.
                clock.row.period_sent = period;
                Ok((Action::Reminded, Some(clock)))
            }
        }
    }
}

/// A clock carried from one action of `remind` to the next on the same
/// game, instead of read again: after a reminder (the period sent) or the
/// voters' reminder (the offer reminded), each action writing only what it
/// changes in the carried copy, and after nothing done, for the game's
/// next due moment. Reading it was two statements and the clock's working
/// out, about 13 K instructions, up to four times for a reminded game.
struct Carried;

impl Carried {
    /// The carried clock; in a debug build (the tests) it is checked
    /// against the clock read afresh, so that an action that starts to
    /// change more of what the clock reads is caught.
    fn checked(clock: GameClock, tx: &Tx<'_>, game: &LoadedGame, now: DateTime<Utc>) -> GameClock {
        #[cfg(debug_assertions)]
        {
            let fresh = GameClock::read(tx, game, Some(clock.pauses.clone()), now)
                .expect("the clock reads again");
            assert_eq!(
                fresh.as_ref(),
                Some(&clock),
                "the carried clock is the stored one"
            );
        }
        #[cfg(not(debug_assertions))]
        let _ = (tx, game, now);
        clock
    }
}

mod ahead;
#[cfg(test)]
mod due_property;
mod farewells;
#[cfg(test)]
mod tests;
