//! `remind` across games' lives, on the test games (two-player race, and a
//! three-player relay that goes on when a player drops out).

use chrono::{DateTime, TimeDelta, Utc};
use rusqlite::Connection;

use super::{Summary, remind};
use crate::command::{Actor, Command, DrawAction, GameId};
use crate::rules::{
    Conclusion, Ending, GameOption, Outcome, PlayError, Played, Position, Roll, RulesError, Seat,
    Variant,
};
use crate::service::testing::{RACE, at, db};
use crate::service::{Reply, Request, ServiceError, execute};

/// "Relay": three players in turn say `go`; a player who resigns or
/// forfeits is skipped from then on and cannot win; the last one left wins.
/// In "stay", a player who leaves keeps the move until it is passed for
/// them (as in a dice game, where the pass needs the next roll).
struct RelayGame {
    stay: bool,
}
static RELAY: RelayGame = RelayGame { stay: false };
static STAY: RelayGame = RelayGame { stay: true };
static GAMES: &[&dyn Variant] = &[&RACE, &RELAY, &STAY];

#[derive(Clone, Debug)]
struct Relay {
    to_move: Seat,
    out: [bool; 3],
    stay: bool,
}

impl Variant for RelayGame {
    fn name(&self) -> &'static str {
        if self.stay { "stay" } else { "relay" }
    }
    fn title(&self) -> &'static str {
        "Relay"
    }
    fn full_name(&self) -> &'static str {
        "Relay"
    }
    fn seats(&self) -> &'static [&'static str] {
        &["Red", "Green", "Blue"]
    }
    fn help(&self) -> &'static str {
        "say go"
    }
    fn start(&self, _: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(Relay {
            to_move: 0,
            out: [false; 3],
            stay: self.stay,
        }))
    }
    fn decode(&self, _: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        let b: Vec<char> = text.chars().collect();
        let bad = || RulesError::BadPosition(text.to_string());
        let seat = b.first().and_then(|c| c.to_digit(10)).ok_or_else(bad)? as Seat;
        let out = [
            b.get(1) == Some(&'x'),
            b.get(2) == Some(&'x'),
            b.get(3) == Some(&'x'),
        ];
        Ok(Box::new(Relay {
            to_move: seat,
            out,
            stay: self.stay,
        }))
    }
}

impl Relay {
    fn left(&self) -> Vec<Seat> {
        (0..3).filter(|&s| !self.out[s]).collect()
    }
    fn next_after(&self, seat: Seat) -> Seat {
        (1..=3)
            .map(|k| (seat + k) % 3)
            .find(|&s| !self.out[s])
            .unwrap_or(seat)
    }
}

impl Position for Relay {
    crate::service::testing::text_only_turns!();
    fn to_move(&self) -> Option<Seat> {
        (self.left().len() > 1).then_some(self.to_move)
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.left().as_slice() {
            [winner] => Some(Outcome::win(*winner, 3, Ending::TimeForfeit)),
            [] => Some(Outcome::draw(3, Ending::Agreement)),
            _ => None,
        }
    }
    fn legal_turns(&self, _: Option<Roll>) -> Vec<String> {
        vec!["go".into()]
    }
    fn play(&self, turn: &str, _: Option<Roll>) -> Result<Played, PlayError> {
        if turn != "go" {
            return Err(PlayError {
                reason: RulesError::Illegal {
                    turn: turn.into(),
                    why: "say go".into(),
                },
            });
        }
        let next = Relay {
            to_move: self.next_after(self.to_move),
            ..self.clone()
        };
        Ok(Played {
            position: Box::new(next),
            canonical: "go".into(),
        })
    }
    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        let mut next = self.clone();
        match event {
            Conclusion::Resign(s) | Conclusion::Forfeit(s) | Conclusion::SignOff(s) => {
                next.out[*s] = true;
                if next.to_move == *s && !self.stay {
                    next.to_move = next.next_after(*s);
                }
            }
            Conclusion::DrawAgreed => next.out = [true; 3],
        }
        Ok(Box::new(next))
    }
    fn render(&self) -> String {
        format!("{} to go", self.to_move)
    }
    fn encode(&self) -> String {
        let marks: String = self
            .out
            .iter()
            .map(|&o| if o { 'x' } else { '.' })
            .collect();
        format!("{}{marks}", self.to_move)
    }
    fn perft(&self, _: u32) -> u64 {
        1
    }
    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}

fn days(d: i64) -> TimeDelta {
    TimeDelta::days(d)
}

fn exec(
    conn: &mut Connection,
    user: Option<&str>,
    command: Command,
    now: DateTime<Utc>,
) -> Result<Reply, ServiceError> {
    let actor = user.map_or(Actor::Anonymous, |u| Actor::Trusted(u.to_string()));
    execute(
        conn,
        &Request {
            actor: &actor,
            command: &command,
            now,
            comment: None,
            catalog: GAMES,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        },
    )
}

/// A game of `variant` between `users` (signed up here), started at `at(0)`.
fn game(conn: &mut Connection, variant: &str, users: &[&str], options: &[(&str, &str)]) -> GameId {
    for user in users {
        let signup = Command::Signup {
            user: user.to_string(),
            password: "secret".into(),
            emails: vec![],
        };
        exec(conn, None, signup, at(0)).unwrap();
    }
    let options = options
        .iter()
        .map(|(n, v)| GameOption {
            name: n.to_string(),
            value: Some(v.to_string()),
        })
        .collect();
    let challenge = Command::Challenge {
        variant: variant.into(),
        players: users.iter().map(|u| u.to_string()).collect(),
        options,
    };
    exec(conn, None, challenge, at(0))
        .unwrap()
        .view()
        .unwrap()
        .game
        .parse()
        .unwrap()
}

fn run(conn: &mut Connection, now: DateTime<Utc>) -> Summary {
    let summary = remind(conn, GAMES, now, &mut |_, _| {}).unwrap();
    assert!(summary.problems.is_empty(), "{:?}", summary.problems);
    // Its batches were synced by the folder; the connection's next
    // commits are synced each again (store::wal::sync_in_batches).
    let synchronous: i64 = conn
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .unwrap();
    assert_eq!(synchronous, 2, "FULL again after the run");
    summary
}

fn counts(s: &Summary) -> (usize, usize, usize) {
    (s.reminders, s.forfeits, s.draws)
}

fn play(conn: &mut Connection, user: &str, id: GameId, turn: &str, now: DateTime<Utc>) {
    exec(
        conn,
        Some(user),
        Command::Move {
            game: id,
            turn: turn.into(),
            expect: None,
        },
        now,
    )
    .unwrap();
}

fn show(conn: &mut Connection, id: GameId) -> crate::service::GameView {
    exec(conn, None, Command::Show { game: id, at: None }, at(0))
        .unwrap()
        .view()
        .unwrap()
        .clone()
}

fn vacation(conn: &mut Connection, user: &str, on: bool, now: DateTime<Utc>) -> String {
    exec(conn, Some(user), Command::Vacation { on }, now)
        .unwrap()
        .text()
}

fn log_kinds(conn: &Connection, id: GameId) -> Vec<String> {
    let mut q = conn
        .prepare(
            "SELECT kind || ' ' || coalesce(comment, '') FROM turns WHERE game = ?1 ORDER BY seq",
        )
        .unwrap();
    q.query_map([id.0 as i64], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_games_life_reminders_then_forfeit() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    let t0 = at(0);
    assert_eq!(
        counts(&run(&mut conn, t0 + days(7) - TimeDelta::seconds(1))),
        (0, 0, 0)
    );
    assert_eq!(counts(&run(&mut conn, t0 + days(7))), (1, 0, 0));
    assert_eq!(
        counts(&run(&mut conn, t0 + days(7))),
        (0, 0, 0),
        "a rerun sends nothing"
    );
    assert_eq!(counts(&run(&mut conn, t0 + days(10))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, t0 + days(14))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, t0 + days(20))), (0, 0, 0));
    let s = run(&mut conn, t0 + days(21));
    assert_eq!(counts(&s), (0, 1, 0));
    assert_eq!(
        s.to_string(),
        "remind: 1 game looked at, 0 reminders queued, 1 forfeit"
    );
    let view = show(&mut conn, id);
    assert_eq!(
        (view.status.as_str(), view.result.as_deref()),
        ("over", Some("0-1"))
    );
    assert_eq!(view.reason.as_deref(), Some("time forfeit"));
    assert_eq!(
        log_kinds(&conn, id),
        vec!["forfeit alice has not moved in 21 days"]
    );
    let after = run(&mut conn, t0 + days(60));
    assert_eq!(
        (after.games, counts(&after)),
        (0, (0, 0, 0)),
        "a finished game is not looked at"
    );
}

#[test]
fn the_reminder_records_the_period_and_forfeit_date() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    run(&mut conn, at(0) + days(8));
    let row: (u32, u32, String) = conn
        .query_row(
            "SELECT since_seq, period, sent FROM reminders WHERE game = ?1",
            [id.0 as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(row, (0, 1, "2026-01-09T00:00:00Z".to_string()));
}

#[test]
fn a_move_restarts_the_clock() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    assert_eq!(counts(&run(&mut conn, at(0) + days(7))), (1, 0, 0));
    play(&mut conn, "alice", id, "1", at(0) + days(8));
    // Bob's clock started on day 8.
    assert_eq!(counts(&run(&mut conn, at(0) + days(14))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(15))), (1, 0, 0));
    play(&mut conn, "bob", id, "2", at(0) + days(16));
    // Alice's new clock: her reminder of the first turn does not count.
    assert_eq!(counts(&run(&mut conn, at(0) + days(23))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(29))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(30))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(36))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(37))), (0, 1, 0));
    assert_eq!(show(&mut conn, id).result.as_deref(), Some("0-1"));
}

#[test]
fn a_skipped_run_sends_one_reminder_not_two() {
    let mut conn = db();
    game(&mut conn, "race", &["alice", "bob"], &[]);
    assert_eq!(counts(&run(&mut conn, at(0) + days(15))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(16))), (0, 0, 0));
}

#[test]
fn per_game_limits_are_honoured() {
    let mut conn = db();
    let id = game(
        &mut conn,
        "race",
        &["alice", "bob"],
        &[("nag", "2"), ("forfeit", "5")],
    );
    assert_eq!(counts(&run(&mut conn, at(0) + days(1))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(2))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(4))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(5))), (0, 1, 0));
    assert_eq!(
        log_kinds(&conn, id),
        vec!["forfeit alice has not moved in 5 days"]
    );
}

fn offer_draw(conn: &mut Connection, user: &str, id: GameId, now: DateTime<Utc>) {
    exec(
        conn,
        Some(user),
        Command::Draw {
            game: id,
            action: DrawAction::Offer,
        },
        now,
    )
    .unwrap();
}

/// Issue 23: alice, to move, offers a draw and never moves. Her offer
/// does not stop her clock: she loses on time, she is not given a draw.
#[test]
fn the_player_to_move_who_offered_a_draw_still_loses_on_time() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    offer_draw(&mut conn, "alice", id, at(0) + days(1));
    let s = run(&mut conn, at(0) + days(21));
    assert_eq!((s.forfeits, s.draws), (1, 0));
    let view = show(&mut conn, id);
    assert_eq!(
        (view.result.as_deref(), view.reason.as_deref()),
        (Some("0-1"), Some("time forfeit"))
    );
}

/// Bob must answer alice's offer: `remind` tells him once, a reminder
/// period after the offer; a new offer is reminded anew.
#[test]
fn whoever_must_answer_a_draw_offer_is_reminded_once() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[("nag", "10")]);
    play(&mut conn, "alice", id, "1", at(0));
    offer_draw(&mut conn, "alice", id, at(0) + days(1));
    let early = run(&mut conn, at(0) + days(11) - TimeDelta::seconds(1));
    assert_eq!((early.voter_reminders, early.reminders), (0, 1));
    let s = run(&mut conn, at(0) + days(11));
    assert_eq!(s.voter_reminders, 1);
    assert!(s.to_string().ends_with(", 1 draw offer reminder"), "{s}");
    assert_eq!(run(&mut conn, at(0) + days(12)).voter_reminders, 0);
    assert_eq!(run(&mut conn, at(0) + days(19)).voter_reminders, 0);
    // Declined, offered again: a new offer, a new reminder.
    exec(
        &mut conn,
        Some("bob"),
        Command::Draw {
            game: id,
            action: DrawAction::Decline,
        },
        at(0) + days(19),
    )
    .unwrap();
    play(&mut conn, "bob", id, "1", at(0) + days(19));
    offer_draw(&mut conn, "bob", id, at(0) + days(19));
    // Alice's first reminder falls at the same moment: both go out.
    let both = run(&mut conn, at(0) + days(29));
    assert_eq!((both.voter_reminders, both.reminders), (1, 1));
}

/// In a game of three, the silence of the player to move accepts a draw
/// only when everyone else agrees; otherwise they lose on time.
#[test]
fn silence_accepts_a_draw_only_when_everyone_else_agrees() {
    let mut conn = db();
    let id = game(&mut conn, "relay", &["red", "green", "blue"], &[]);
    play(&mut conn, "red", id, "go", at(0));
    offer_draw(&mut conn, "red", id, at(0));
    // Green is to move; blue has not agreed: green forfeits.
    let s = run(&mut conn, at(0) + days(21));
    assert_eq!((s.forfeits, s.draws), (1, 0));
    let mut conn = db();
    let id = game(&mut conn, "relay", &["red", "green", "blue"], &[]);
    play(&mut conn, "red", id, "go", at(0));
    offer_draw(&mut conn, "red", id, at(0));
    offer_draw(&mut conn, "blue", id, at(0));
    let s = run(&mut conn, at(0) + days(21));
    assert_eq!((s.forfeits, s.draws), (0, 1));
    assert_eq!(show(&mut conn, id).reason.as_deref(), Some("agreement"));
}

#[test]
fn an_unanswered_draw_offer_is_accepted_at_forfeit_time() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    play(&mut conn, "alice", id, "1", at(0));
    exec(
        &mut conn,
        Some("alice"),
        Command::Draw {
            game: id,
            action: DrawAction::Offer,
        },
        at(0) + days(1),
    )
    .unwrap();
    // The offer does not restart bob's clock.
    assert_eq!(counts(&run(&mut conn, at(0) + days(7))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(21))), (0, 0, 1));
    let view = show(&mut conn, id);
    assert_eq!(
        (view.result.as_deref(), view.reason.as_deref()),
        (Some("1/2-1/2"), Some("agreement"))
    );
    assert_eq!(
        log_kinds(&conn, id),
        vec![
            "turn ",
            "draw bob neither moved nor answered the draw offer by the deadline: the silence accepts it"
        ]
    );
}

#[test]
fn a_vacation_stops_the_clock() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    let line = vacation(&mut conn, "alice", true, at(0) + days(3));
    assert_eq!(
        line,
        "alice is on vacation: the clocks stand still for up to 30 days (until 2026-02-03)"
    );
    assert_eq!(counts(&run(&mut conn, at(0) + days(7))), (0, 0, 0));
    let back = vacation(&mut conn, "alice", false, at(0) + days(13));
    assert_eq!(back, "alice is back: 20 days of this year's vacation left");
    // Three days before, ten away: reminded on day 17, forfeit on day 31.
    assert_eq!(counts(&run(&mut conn, at(0) + days(16))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(17))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(30))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(31))), (0, 1, 0));
    assert_eq!(show(&mut conn, id).result.as_deref(), Some("0-1"));
}

#[test]
fn the_vacation_allowance_runs_out() {
    let mut conn = db();
    game(&mut conn, "race", &["alice", "bob"], &[]);
    vacation(&mut conn, "alice", true, at(0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(30))), (0, 0, 0));
    // Allowance over on day 30: the clock runs from there.
    assert_eq!(counts(&run(&mut conn, at(0) + days(37))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(44))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(50))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(51))), (0, 1, 0));
    // A second vacation the same year stops nothing.
    let mut other = db();
    game(&mut other, "race", &["alice", "bob"], &[]);
    vacation(&mut other, "alice", true, at(0));
    vacation(&mut other, "alice", false, at(0) + days(30));
    let line = vacation(&mut other, "alice", true, at(0) + days(30));
    assert_eq!(
        line,
        "alice is on vacation, but this year's 30 days are used up: the clocks keep running"
    );
}

#[test]
fn vacation_on_twice_or_off_when_home_is_refused() {
    let mut conn = db();
    game(&mut conn, "race", &["alice", "bob"], &[]);
    let off = exec(
        &mut conn,
        Some("alice"),
        Command::Vacation { on: false },
        at(0),
    )
    .unwrap_err();
    assert_eq!(off.to_string(), "alice is not on vacation");
    vacation(&mut conn, "alice", true, at(0));
    let again = exec(
        &mut conn,
        Some("alice"),
        Command::Vacation { on: true },
        at(0),
    )
    .unwrap_err();
    assert_eq!(again.to_string(), "alice is already on vacation");
}

#[test]
fn only_the_player_to_moves_vacation_counts() {
    let mut conn = db();
    game(&mut conn, "race", &["alice", "bob"], &[]);
    vacation(&mut conn, "bob", true, at(0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(7))), (1, 0, 0));
}

#[test]
fn three_players_go_on_after_a_forfeit() {
    let mut conn = db();
    let id = game(&mut conn, "relay", &["red", "green", "blue"], &[]);
    play(&mut conn, "red", id, "go", at(0));
    // Green forfeits on day 21; the game goes on and blue's clock starts.
    assert_eq!(counts(&run(&mut conn, at(0) + days(21))), (0, 1, 0));
    let view = show(&mut conn, id);
    assert_eq!(
        (view.status.as_str(), view.to_move.as_deref()),
        ("active", Some("blue"))
    );
    assert_eq!(counts(&run(&mut conn, at(0) + days(27))), (0, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(28))), (1, 0, 0));
    play(&mut conn, "blue", id, "go", at(0) + days(29));
    // Green's turns are passed: red is next, then blue.
    assert_eq!(show(&mut conn, id).to_move.as_deref(), Some("red"));
    play(&mut conn, "red", id, "go", at(0) + days(30));
    assert_eq!(show(&mut conn, id).to_move.as_deref(), Some("blue"));
    // Blue forfeits too: red wins, green cannot.
    assert_eq!(counts(&run(&mut conn, at(0) + days(51))), (0, 1, 0));
    let view = show(&mut conn, id);
    assert_eq!(view.result.as_deref(), Some("[1:0:0]"));
}

#[test]
fn many_games_in_one_run_and_batches() {
    let mut conn = db();
    let first = game(&mut conn, "race", &["alice", "bob"], &[]);
    let n = super::BATCH + 10;
    for _ in 1..n {
        let challenge = Command::Challenge {
            variant: "race".into(),
            players: vec!["bob".into(), "alice".into()],
            options: vec![],
        };
        exec(&mut conn, None, challenge, at(0)).unwrap();
    }
    play(&mut conn, "alice", first, "1", at(0) + days(1));
    let s = run(&mut conn, at(0) + days(7));
    // The first game's clock restarted on day 1: not due, not looked at.
    assert_eq!((s.games, counts(&s)), (n - 1, (n - 1, 0, 0)));
    assert_eq!(counts(&run(&mut conn, at(0) + days(7))), (0, 0, 0));
    // Day 21: the first game's second reminder (bob has waited 20 days)
    // and every other game's forfeit, over two batches.
    let mut seen = Vec::new();
    let s = remind(&mut conn, GAMES, at(0) + days(21), &mut |done, total| {
        seen.push((done, total))
    })
    .unwrap();
    assert_eq!(counts(&s), (1, n - 1, 0));
    assert_eq!(seen.first(), Some(&(0, n)));
    assert_eq!(seen.last(), Some(&(n, n)));
    assert_eq!(seen.len(), n + 1);
}

/// A run on a database file reads each next batch's games on the other
/// core (`super::ahead`) and takes them, all but a batch that another
/// connection committed before: a move played by mail between two batches
/// is seen, and its player is not reminded of a turn already played.
#[test]
fn a_long_run_reads_ahead_and_sees_a_move_made_between_batches() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.db");
    let mut conn = crate::store::open(&path, crate::store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let first = game(&mut conn, "race", &["alice", "bob"], &[]);
    let n = 2 * super::BATCH + 10;
    let mut ids = vec![first];
    for _ in 1..n {
        let challenge = Command::Challenge {
            variant: "race".into(),
            players: vec!["alice".into(), "bob".into()],
            options: vec![],
        };
        let reply = exec(&mut conn, None, challenge, at(0)).unwrap();
        ids.push(reply.view().unwrap().game.parse().unwrap());
    }
    // A game of the second batch, moved in by another connection once the
    // first batch has committed.
    let moved = ids[super::BATCH + 3];
    let mut other = crate::store::open(&path, crate::store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let before = super::ahead::taken();
    let s = remind(&mut conn, GAMES, at(0) + days(7), &mut |done, _| {
        if done == super::BATCH {
            play(&mut other, "alice", moved, "1", at(0) + days(7));
        }
    })
    .unwrap();
    assert_eq!(
        counts(&s),
        (n - 1, 0, 0),
        "everyone reminded but alice in {moved}"
    );
    assert_eq!(show(&mut conn, moved).to_move.as_deref(), Some("bob"));
    // The first batch was read ahead while the run began, the last while
    // the second was written; the second's reads, made before the move,
    // were thrown away.
    assert_eq!(super::ahead::taken() - before, super::BATCH + 10);
}

#[test]
fn a_game_that_cannot_be_loaded_is_skipped_and_named() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    game(&mut conn, "race", &["carol", "dave"], &[]);
    conn.execute(
        "UPDATE games SET variant = 'gone' WHERE id = ?1",
        [id.0 as i64],
    )
    .unwrap();
    let s = remind(&mut conn, GAMES, at(0) + days(7), &mut |_, _| {}).unwrap();
    assert_eq!(counts(&s), (1, 0, 0));
    assert_eq!(s.problems.len(), 1);
    assert!(
        s.problems[0].starts_with("game1: unknown variant: gone"),
        "{:?}",
        s.problems
    );
    assert!(s.to_string().ends_with(", 1 game skipped"), "{s}");
}

/// A command line in pbmserv's language, as mail and `boserv run` give it.
fn mailed(conn: &mut Connection, line: &str, now: DateTime<Utc>) -> Result<Reply, ServiceError> {
    let mut parsed = crate::command::language::parse(line).unwrap();
    let request = parsed.remove(0);
    execute(
        conn,
        &Request {
            actor: &request.actor,
            command: &request.command,
            now,
            comment: None,
            catalog: GAMES,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        },
    )
}

#[test]
fn vacation_and_limits_by_mail() {
    let mut conn = db();
    for user in ["alice", "bob"] {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: vec![],
        };
        exec(&mut conn, None, signup, at(0)).unwrap();
    }
    let reply = mailed(
        &mut conn,
        "race challenge alice bob --nagtime=3 --forfeittime=9",
        at(0),
    )
    .unwrap();
    let id: GameId = reply.view().unwrap().game.parse().unwrap();
    let view = show(&mut conn, id);
    assert_eq!((view.nag_days, view.forfeit_days), (3, 9));
    let wrong = mailed(&mut conn, "vacation alice guess on", at(0)).unwrap_err();
    assert_eq!(
        wrong.to_string(),
        "login refused for alice: unknown userid or wrong password"
    );
    let on = mailed(&mut conn, "vacation alice secret on", at(0) + days(1)).unwrap();
    assert!(
        on.text().starts_with("alice is on vacation"),
        "{}",
        on.text()
    );
    assert_eq!(counts(&run(&mut conn, at(0) + days(3))), (0, 0, 0));
    mailed(&mut conn, "vacation alice secret off", at(0) + days(4)).unwrap();
    // One day run before, three away: reminded on day 6, forfeit on day 12.
    assert_eq!(counts(&run(&mut conn, at(0) + days(6))), (1, 0, 0));
    assert_eq!(counts(&run(&mut conn, at(0) + days(12))), (0, 1, 0));
}

#[test]
fn a_seat_that_left_but_keeps_the_move_is_neither_reminded_nor_forfeited_again() {
    let mut conn = db();
    let id = game(&mut conn, "stay", &["red", "green", "blue"], &[]);
    assert_eq!(counts(&run(&mut conn, at(0) + days(21))), (0, 1, 0));
    assert_eq!(show(&mut conn, id).to_move.as_deref(), Some("red"));
    let s = remind(&mut conn, GAMES, at(0) + days(30), &mut |_, _| {}).unwrap();
    assert_eq!(counts(&s), (0, 0, 0));
    assert_eq!(
        s.problems,
        vec!["game1: red has left the game; their turn waits to be passed"]
    );
    assert_eq!(
        log_kinds(&conn, id),
        vec!["forfeit red has not moved in 21 days"]
    );
}

/// bob resigned out of turn; alice then never moves. At forfeit time
/// bob's resignation goes first: he does not win by her silence.
#[test]
fn a_pending_resignation_goes_before_a_forfeit_on_time() {
    let mut conn = db();
    let id = game(&mut conn, "race", &["alice", "bob"], &[]);
    play(&mut conn, "alice", id, "1", at(0));
    play(&mut conn, "bob", id, "1", at(0));
    exec(&mut conn, Some("bob"), Command::Resign { game: id }, at(0)).unwrap();
    assert_eq!(show(&mut conn, id).status, "active");
    run(&mut conn, at(0) + days(21));
    let view = show(&mut conn, id);
    assert_eq!(
        (view.result.as_deref(), view.reason.as_deref()),
        (Some("1-0"), Some("resignation"))
    );
    assert_eq!(log_kinds(&conn, id), ["turn ", "turn ", "resign "]);
}

/// The pages a batch's games change are marked once each, in the batch's
/// transaction (held to its end: src/service/publish/held.rs), and a batch
/// sent round again game by game marks them as it goes.
#[test]
fn the_pages_of_a_batch_are_marked_once_each_when_it_commits() {
    let marked = crate::service::pages::marked_pages;
    for skipped in [false, true] {
        let mut conn = db();
        let first = game(&mut conn, "race", &["alice", "bob"], &[]);
        game(&mut conn, "race", &["carol", "dave"], &[]);
        let challenge = Command::Challenge {
            variant: "race".into(),
            players: vec!["bob".into(), "carol".into()],
            options: vec![],
        };
        exec(&mut conn, None, challenge, at(0)).unwrap();
        if skipped {
            conn.execute(
                "UPDATE games SET variant = 'gone' WHERE id = ?1",
                [first.0 as i64],
            )
            .unwrap();
        }
        conn.execute("DELETE FROM publish", []).unwrap();
        let s = remind(&mut conn, GAMES, at(0) + days(21), &mut |_, _| {}).unwrap();
        let players = if skipped {
            vec!["bob", "carol", "dave"]
        } else {
            vec!["alice", "bob", "carol", "dave"]
        };
        let games = if skipped { vec![2, 3] } else { vec![1, 2, 3] };
        assert_eq!(
            (s.forfeits, s.problems.len()),
            (games.len(), usize::from(skipped))
        );
        let mut expected: Vec<String> = games.iter().map(|g| format!("game:{g}")).collect();
        expected.extend(players.iter().map(|p| format!("player:{p}")));
        expected.extend(["index".to_string(), "standings:race".to_string()]);
        expected.sort();
        assert_eq!(marked(&conn), expected, "skipped: {skipped}");
    }
}
