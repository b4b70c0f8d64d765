//! Thinking time: how long each player has had the move, in all (pbmserv's
//! "Time used by players"), and the `totaltime` limit on it.
//!
//! The game's whole trail is walked in order (taken-back turns included),
//! with the position replayed along the live turns: each span between two
//! entries (from the game's creation on, and the running one up to `now`
//! while the game goes on) is charged to the seat that had the move during
//! it. While a takeback is voted on, the position still stands after the
//! turn it takes back, so that time is the next player's, as it was their
//! turn. A player's vacations (within the yearly allowance) are left out,
//! as they are for the forfeit time.

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use crate::clock::Pauses;
use crate::rules::{Position, Seat};
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, apply, parse_roll};
use crate::service::time::deadline::GameClock;
use crate::store::games::Status;
use crate::store::turns::{self, EntryKind};
use crate::store::{StoreError, vacations};

/// A game's clocks at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// When the game was created.
    pub started: DateTime<Utc>,
    /// When the last entry of its log was written, if any.
    pub last_entry: Option<DateTime<Utc>>,
    /// When the last turn was played (not a resignation, a forfeit or a
    /// draw that ended the game after it).
    pub last_turn: Option<DateTime<Utc>>,
    /// When it ended, if it did: its last entry, or for a game that ended
    /// before any (declined, cancelled) when its row last changed.
    pub ended: Option<DateTime<Utc>>,
    /// Thinking time used, per seat.
    pub used: Vec<TimeDelta>,
    /// When the running span began (the last entry, or the creation), and
    /// the thinking time each seat had used by then.
    pub since: DateTime<Utc>,
    pub used_at_since: Vec<TimeDelta>,
    /// Per seat, the running time each of its completed turns took, in
    /// order (the bank of a time control is worked out from them).
    pub turn_spans: Vec<Vec<TimeDelta>>,
    /// Per seat, the running time of its turn still going, at `since`.
    pub partial_at_since: Vec<TimeDelta>,
}

fn instant(text: &str) -> Result<DateTime<Utc>, ServiceError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("bad time {text} ({e})")).into())
}

/// The clocks of `game` at `now`.
pub fn clocks(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Clocks, ServiceError> {
    clocks_of_trail(conn, game, turns::trail(conn, game.id())?, None, now)
}

/// [`clocks`] from the game's `trail` ([`turns::trail`]), read by the
/// caller; `seats`, when the caller has replayed the game already: the
/// seat to move before each entry and after the last
/// ([`crate::service::score::score_and_seats`]). They are used only for a trail
/// without takebacks, which is the live log that replay walked.
pub fn clocks_of_trail(
    conn: &Connection,
    game: &LoadedGame,
    trail: Vec<(turns::Entry, Option<u32>)>,
    seats: Option<&[Option<Seat>]>,
    now: DateTime<Utc>,
) -> Result<Clocks, ServiceError> {
    let pauses = pauses_of_seats(conn, game, now)?;
    clocks_with_pauses(game, &pauses, &trail, seats, now)
}

/// The pauses of each seat's player of `game` (their vacations) as
/// [`clocks_with_pauses`] wants them: read here, so that the rest is
/// pure work, done wherever the caller likes (`remind`'s letters: on the
/// rendering thread).
pub fn pauses_of_seats(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Vec<Pauses>, ServiceError> {
    game.row
        .player_ids
        .iter()
        .map(|&p| {
            let away = vacations::of_player(conn, p)?;
            Ok(if away.is_empty() {
                Pauses::none()
            } else {
                Pauses::new(&away, now)
            })
        })
        .collect()
}

/// [`clocks_of_trail`] given the seats' pauses ([`pauses_of_seats`]).
pub fn clocks_with_pauses(
    game: &LoadedGame,
    pauses: &[Pauses],
    trail: &[(turns::Entry, Option<u32>)],
    seats: Option<&[Option<Seat>]>,
    now: DateTime<Utc>,
) -> Result<Clocks, ServiceError> {
    let replayed = seats.filter(|s| {
        s.len() == trail.len() + 1
            && trail
                .iter()
                .all(|(e, undone)| undone.is_none() && e.kind != EntryKind::Undo)
    });
    let started = instant(&game.row.created)?;
    let seats = game.row.players.len();
    let mut used = vec![TimeDelta::zero(); seats];
    let mut partial = vec![TimeDelta::zero(); seats];
    let mut turn_spans = vec![Vec::new(); seats];
    let charge = |used: &mut [TimeDelta],
                  partial: &mut [TimeDelta],
                  seat: Option<Seat>,
                  from: DateTime<Utc>,
                  to| {
        if let Some(seat) = seat.filter(|&s| s < seats)
            && to > from
        {
            let running = pauses[seat].running_between(from, to);
            used[seat] += running;
            partial[seat] += running;
        }
    };
    let movers = match replayed {
        Some(seats) => Cow::Borrowed(seats),
        None => Cow::Owned(movers_along(game, trail)?),
    };
    let mut since = started;
    let mut last_entry = None;
    let mut last_turn = None;
    for (i, (entry, _)) in trail.iter().enumerate() {
        let at = instant(&entry.at)?;
        charge(&mut used, &mut partial, movers[i], since, at);
        since = at;
        // A turn played ends its player's turn (an undone one too: its
        // time was spent).
        if entry.kind == EntryKind::Turn
            && let Some(seat) = entry.seat.filter(|&s| s < seats)
        {
            turn_spans[seat].push(std::mem::take(&mut partial[seat]));
        }
        if entry.kind == EntryKind::Turn {
            last_turn = Some(at);
        }
        last_entry = Some(at);
    }
    let over = game.row.status != Status::Active;
    let used_at_since = used.clone();
    let partial_at_since = partial.clone();
    if !over {
        charge(
            &mut used,
            &mut partial,
            movers[movers.len() - 1],
            since,
            now,
        );
    }
    Ok(Clocks {
        started,
        last_entry,
        last_turn,
        // A game declined or cancelled before any entry ended when its
        // row last changed.
        ended: match (over, last_entry) {
            (false, _) => None,
            (true, Some(last)) => Some(last),
            (true, None) => Some(instant(&game.row.updated)?),
        },
        used,
        since,
        used_at_since,
        turn_spans,
        partial_at_since,
    })
}

/// The seat to move before each entry of `trail` and after the last,
/// from a replay of the whole trail, takebacks included: a takeback puts
/// back the position before the first turn it undid.
fn movers_along(
    game: &LoadedGame,
    trail: &[(turns::Entry, Option<u32>)],
) -> Result<Vec<Option<Seat>>, ServiceError> {
    let mut position = game.variant.start(&game.row.options)?;
    // The position before the first turn each takeback (by its seq) undid.
    let mut before_undone: HashMap<u32, Box<dyn Position>> = HashMap::new();
    let mut movers = Vec::with_capacity(trail.len() + 1);
    for (entry, undone) in trail {
        movers.push(position.to_move());
        if entry.kind == EntryKind::Undo {
            if let Some(before) = before_undone.remove(&entry.seq) {
                position = before;
            }
            continue;
        }
        if let Some(undo) = undone {
            before_undone
                .entry(*undo)
                .or_insert_with(|| position.boxed_clone());
        }
        let roll = entry.roll.as_deref().and_then(parse_roll);
        position = apply(position.as_ref(), entry.kind, entry.seat, &entry.text, roll)?;
    }
    movers.push(position.to_move());
    Ok(movers)
}

/// What is left in each seat's bank of the time control `control`, at the
/// moment `clocks` were read (never below zero).
pub fn banks(clocks: &Clocks, control: crate::clock::Control) -> Vec<TimeDelta> {
    clocks
        .turn_spans
        .iter()
        .enumerate()
        .map(|(seat, spans)| {
            let running =
                clocks.partial_at_since[seat] + clocks.used[seat] - clocks.used_at_since[seat];
            (control.bank_after(spans) - running).max(TimeDelta::zero())
        })
        .collect()
}

pub use crate::service::reply::days_text;

/// A span as pbmserv wrote thinking time: `2 days 03:04:05`.
pub fn span_text(span: TimeDelta) -> String {
    let secs = span.num_seconds().max(0);
    let days = secs / 86_400;
    let rest = secs % 86_400;
    format!(
        "{days} day{} {:02}:{:02}:{:02}",
        if days == 1 { "" } else { "s" },
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The clock of the player to move in `game` when they have used up the
/// game's thinking time (`totaltime`) at `now`: the moment is the one
/// [`crate::clock::Due`] gives, as printed.
pub fn out_of_time(
    conn: &Connection,
    game: &LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<GameClock>, ServiceError> {
    if game.row.total_days.is_none() {
        return Ok(None);
    }
    let Some(clock) = GameClock::read(conn, game, None, now)? else {
        return Ok(None);
    };
    let out = clock.due().out_of_thinking.is_some_and(|at| now >= at);
    Ok(out.then_some(clock))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command, GameId};
    use crate::service::testing::{CATALOG, at, db, race};
    use crate::service::{Request, execute};

    fn mv(conn: &mut Connection, user: &str, turn: &str, secs: i64) {
        let command = Command::Move {
            game: GameId(1),
            turn: turn.into(),
            expect: None,
        };
        let actor = Actor::Trusted(user.into());
        let mut req = Request::new(&actor, &command, at(secs));
        req.catalog = CATALOG;
        execute(conn, &req).unwrap();
    }

    /// A game declined before its first move (no log entry) has ended
    /// when it was declined: its clock block says so, not "It is now"
    /// with no date.
    #[test]
    fn a_game_declined_before_any_move_ended_when_declined() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let command = Command::Resign { game: GameId(1) };
        let actor = Actor::Trusted("alice".into());
        let mut req = Request::new(&actor, &command, at(3_600));
        req.catalog = CATALOG;
        execute(&mut conn, &req).unwrap();
        let game = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        assert_ne!(game.row.status, Status::Active);
        assert!(turns::trail(&conn, game.id()).unwrap().is_empty());
        let clocks = clocks(&conn, &game, at(7_200)).unwrap();
        assert_eq!(clocks.ended, Some(at(3_600)));
    }

    /// The seats to move from the letter's own replay of the log give the
    /// clocks that replaying the trail again gives; and they are used.
    #[test]
    fn the_seats_of_one_replay_give_the_same_clocks() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        mv(&mut conn, "alice", "1", 100);
        mv(&mut conn, "bob", "1", 400);
        mv(&mut conn, "alice", "1", 86_400 + 500);
        let game = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        let log = turns::log(&conn, game.id()).unwrap();
        let (_, seats) =
            crate::service::score::score_and_seats(game.variant, &game.row.options, &log, true)
                .unwrap();
        let seats = seats.unwrap();
        assert_eq!(seats.len(), log.len() + 1);
        let now = at(86_400 + 600);
        let trail = || turns::trail(&conn, game.id()).unwrap();
        let replayed = clocks(&conn, &game, now).unwrap();
        assert_eq!(
            clocks_of_trail(&conn, &game, trail(), Some(&seats), now).unwrap(),
            replayed
        );
        let swapped: Vec<Option<Seat>> = seats.iter().map(|s| s.map(|s| 1 - s)).collect();
        assert_ne!(
            clocks_of_trail(&conn, &game, trail(), Some(&swapped), now).unwrap(),
            replayed,
            "the seats given are the ones charged"
        );
        // Seats that cannot be the trail's are left aside.
        assert_eq!(
            clocks_of_trail(&conn, &game, trail(), Some(&swapped[1..]), now).unwrap(),
            replayed
        );
    }

    #[test]
    fn each_span_is_charged_to_the_player_to_move() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        mv(&mut conn, "alice", "1", 100);
        mv(&mut conn, "bob", "1", 400);
        mv(&mut conn, "alice", "1", 86_400 + 500);
        let game = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        let clocks = clocks(&conn, &game, at(86_400 + 600)).unwrap();
        assert_eq!(
            clocks.used,
            vec![TimeDelta::seconds(86_600), TimeDelta::seconds(400)]
        );
        assert_eq!(clocks.last_entry, Some(at(86_900)));
        assert_eq!(clocks.ended, None);
        assert_eq!(span_text(clocks.used[0]), "1 day 00:03:20");
        assert_eq!(span_text(clocks.used[1]), "0 days 00:06:40");
        assert_eq!(span_text(TimeDelta::seconds(90_061)), "1 day 01:01:01");
    }

    /// A race with a thinking-time limit of one day each.
    fn limited(conn: &mut Connection) {
        race(conn, &["alice", "bob"]);
        let challenge = Command::Challenge {
            variant: "race".into(),
            players: vec!["alice".into(), "bob".into()],
            options: vec![crate::rules::GameOption {
                name: "totaltime".into(),
                value: Some("1".into()),
            }],
        };
        execute(
            conn,
            &Request {
                catalog: CATALOG,
                ..Request::new(&Actor::Anonymous, &challenge, at(0))
            },
        )
        .unwrap();
    }

    #[test]
    fn a_move_after_the_thinking_time_is_used_up_loses_on_time() {
        let mut conn = db();
        limited(&mut conn);
        let id = GameId(2);
        let play = |conn: &mut Connection, user: &str, secs: i64| {
            let command = Command::Move {
                game: id,
                turn: "1".into(),
                expect: None,
            };
            let actor = Actor::Trusted(user.into());
            execute(
                conn,
                &Request {
                    catalog: CATALOG,
                    ..Request::new(&actor, &command, at(secs))
                },
            )
            .unwrap()
            .text()
        };
        // alice thinks 20 hours, bob an hour: both within their day.
        play(&mut conn, "alice", 20 * 3600);
        play(&mut conn, "bob", 21 * 3600);
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        assert!(out_of_time(&conn, &game, at(24 * 3600)).unwrap().is_none());
        let out = out_of_time(&conn, &game, at(25 * 3600)).unwrap().unwrap();
        assert_eq!(out.seat, 0);
        assert!(
            game.current_view()
                .time_line()
                .ends_with(", 1 day of thinking time each")
        );
        // alice's next move comes after 4 more hours: 24 in all.
        let late = play(&mut conn, "alice", 25 * 3600);
        assert!(
            late.starts_with(
                "game2: too late: alice has used up the 1 day of thinking time and loses on time; 1 was not played"
            ),
            "{late}"
        );
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        assert_eq!(game.result_line(), "0-1 (time forfeit)");
        assert_eq!(game.row.ply, 2);
    }

    /// Bob runs out of thinking time with alice's draw offer unanswered:
    /// his late move finds the offer accepted by his silence, as `remind`
    /// would have judged it at the deadline.
    #[test]
    fn a_late_move_with_an_unanswered_draw_offer_is_a_draw() {
        let mut conn = db();
        limited(&mut conn);
        let id = GameId(2);
        let run = |conn: &mut Connection, user: &str, command: Command, secs: i64| {
            let actor = Actor::Trusted(user.into());
            execute(
                conn,
                &Request {
                    catalog: CATALOG,
                    ..Request::new(&actor, &command, at(secs))
                },
            )
            .unwrap()
            .text()
        };
        let one = Command::Move {
            game: id,
            turn: "1".into(),
            expect: None,
        };
        run(&mut conn, "alice", one.clone(), 3600);
        let offer = Command::Draw {
            game: id,
            action: crate::command::DrawAction::Offer,
        };
        run(&mut conn, "alice", offer, 3600);
        let late = run(&mut conn, "bob", one, 26 * 3600);
        assert!(
            late.starts_with(
                "game2: too late: bob has used up the 1 day of thinking time so the draw \
                 offer they left unanswered is accepted; 1 was not played"
            ),
            "{late}"
        );
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        assert_eq!(game.result_line(), "1/2-1/2 (agreement)");
    }

    #[test]
    fn remind_forfeits_a_player_out_of_thinking_time() {
        let mut conn = db();
        limited(&mut conn);
        let mut quiet = |_: usize, _: usize| {};
        let early =
            crate::service::remind::remind(&mut conn, CATALOG, at(23 * 3600), &mut quiet).unwrap();
        assert_eq!(early.forfeits, 0);
        let due =
            crate::service::remind::remind(&mut conn, CATALOG, at(24 * 3600), &mut quiet).unwrap();
        assert_eq!(due.forfeits, 1);
        let game = LoadedGame::load(&conn, CATALOG, GameId(2)).unwrap();
        assert_eq!(game.result_line(), "0-1 (time forfeit)");
        let race_one = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        assert_eq!(race_one.result_line(), "*");
    }

    #[test]
    fn vacation_time_is_not_thinking_time() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let alice = Actor::Trusted("alice".into());
        for (on, secs) in [(true, 100), (false, 86_400 + 100)] {
            let command = Command::Vacation { on };
            let mut req = Request::new(&alice, &command, at(secs));
            req.catalog = CATALOG;
            execute(&mut conn, &req).unwrap();
        }
        mv(&mut conn, "alice", "1", 86_400 + 200);
        let game = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        let clocks = clocks(&conn, &game, at(86_400 + 500)).unwrap();
        assert_eq!(
            clocks.used,
            vec![TimeDelta::seconds(200), TimeDelta::seconds(300)]
        );
    }

    #[test]
    fn no_limit_no_forfeit() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let game = LoadedGame::load(&conn, CATALOG, GameId(1)).unwrap();
        assert!(
            out_of_time(&conn, &game, at(86_400 * 400))
                .unwrap()
                .is_none()
        );
    }
}
