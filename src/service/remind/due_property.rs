//! Property (issue 23): the deadline a player reads is the moment `remind`
//! acts. Over random time limits (nag, forfeit, `totaltime`), random move
//! histories and random vacations of either player, the date `show` prints
//! (the same function the mails use) is the first moment at which `remind`
//! ends the game: a run one second before leaves it going, a run at that
//! moment ends it. And the next due moment (what an index of due games
//! stores) is the first moment `remind` does anything at all.

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use proptest::prelude::*;
use rusqlite::Connection;

use super::remind;
use crate::command::{Actor, Command, GameId};
use crate::rules::GameOption;
use crate::service::game::LoadedGame;
use crate::service::testing::{CATALOG, at, db};
use crate::service::time::deadline::GameClock;
use crate::service::{Request, execute};

/// One step of a random history.
#[derive(Clone, Debug)]
enum Event {
    /// The player to move moves, `secs` after the last event.
    Move { secs: i64 },
    /// Player `who` (0 or 1) goes on vacation or comes back.
    Vacation { who: usize, secs: i64 },
}

fn event() -> impl Strategy<Value = Event> {
    // Up to 12 days between events, to the second.
    let gap = 0i64..12 * 86_400;
    prop_oneof![
        gap.clone().prop_map(|secs| Event::Move { secs }),
        (0usize..2, gap).prop_map(|(who, secs)| Event::Vacation { who, secs }),
    ]
}

const USERS: [&str; 2] = ["alice", "bob"];

fn exec(conn: &mut Connection, user: Option<&str>, command: Command, now: DateTime<Utc>) -> bool {
    let actor = user.map_or(Actor::Anonymous, |u| Actor::Trusted(u.into()));
    let req = Request {
        actor: &actor,
        command: &command,
        now,
        comment: None,
        catalog: CATALOG,
        by_mail: false,
        game_ended: crate::service::GAME_ENDED,
    };
    execute(conn, &req).is_ok()
}

fn status(conn: &Connection, id: GameId) -> String {
    LoadedGame::load(conn, CATALOG, id)
        .unwrap()
        .current_view()
        .status
}

/// `Thu 22 Jan 2026 00:00 UTC` back to an instant.
fn parse_printed(text: &str) -> DateTime<Utc> {
    NaiveDateTime::parse_from_str(text, "%a %d %b %Y %H:%M UTC")
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .and_utc()
}

/// Builds the game and plays the history; returns the database, the game
/// and the moment the history ended.
fn history(
    nag: u32,
    forfeit: u32,
    total: Option<u32>,
    events: &[Event],
) -> (Connection, GameId, DateTime<Utc>) {
    let mut conn = db();
    for user in USERS {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: vec![],
        };
        assert!(exec(&mut conn, None, signup, at(0)));
    }
    let mut options = vec![
        GameOption {
            name: "nag".into(),
            value: Some(nag.to_string()),
        },
        GameOption {
            name: "forfeit".into(),
            value: Some(forfeit.to_string()),
        },
    ];
    if let Some(days) = total {
        options.push(GameOption {
            name: "totaltime".into(),
            value: Some(days.to_string()),
        });
    }
    let challenge = Command::Challenge {
        variant: "race".into(),
        players: USERS.iter().map(|u| u.to_string()).collect(),
        options,
    };
    assert!(exec(&mut conn, None, challenge, at(0)));
    let id = GameId(1);
    let mut now = at(0);
    let mut away = [false, false];
    for event in events {
        if status(&conn, id) != "active" {
            break;
        }
        match *event {
            Event::Move { secs } => {
                now += TimeDelta::seconds(secs);
                let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
                let Some(seat) = game.position.to_move() else {
                    break;
                };
                let mover = game.player_at(seat);
                // A move after the thinking time is refused as too late
                // (the game then ends): both are fine here.
                let command = Command::Move {
                    game: id,
                    turn: "1".into(),
                    expect: None,
                };
                exec(&mut conn, Some(&mover), command, now);
            }
            Event::Vacation { who, secs } => {
                now += TimeDelta::seconds(secs);
                away[who] = !away[who];
                let command = Command::Vacation { on: away[who] };
                assert!(exec(&mut conn, Some(USERS[who]), command, now));
            }
        }
    }
    (conn, id, now)
}

fn run(conn: &mut Connection, now: DateTime<Utc>) -> super::Summary {
    let summary = remind(conn, CATALOG, now, &mut |_, _| {}).unwrap();
    assert!(summary.problems.is_empty(), "{:?}", summary.problems);
    summary
}

fn acted(s: &super::Summary) -> bool {
    s.reminders + s.voter_reminders + s.forfeits + s.draws > 0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_printed_deadline_is_when_remind_acts(
        nag in 1u32..12,
        extra in 0u32..20,
        total in proptest::option::of(1u32..25),
        events in proptest::collection::vec(event(), 0..8),
    ) {
        let forfeit = nag + 1 + extra;
        let (mut conn, id, now) = history(nag, forfeit, total, &events);
        prop_assume!(status(&conn, id) == "active");
        let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
        let view = crate::service::records::show::view_with_deadline(&conn, &game, now).unwrap();
        let printed = parse_printed(view.deadline.as_deref().expect("a deadline is printed"));
        // The next due moment: nothing happens before it, something at it.
        let clock = GameClock::read(&conn, &game, None, now).unwrap().unwrap();
        let next = clock.due().next();
        drop(game);
        prop_assert!(next <= printed, "next {} after the deadline {}", next, printed);
        if printed <= now {
            // Already out of time when the history ended: the next run ends it.
            let s = run(&mut conn, now);
            prop_assert_eq!(status(&conn, id), "over", "still going at {}: {}", now, s);
            return Ok(());
        }
        if next > now {
            let before = run(&mut conn, next - TimeDelta::seconds(1));
            prop_assert!(!acted(&before), "{} before {}", before, next);
        }
        if next < printed {
            // A reminder first; the game goes on until the printed date.
            let at_next = run(&mut conn, next.max(now));
            prop_assert!(acted(&at_next), "nothing at {}", next);
            run(&mut conn, printed - TimeDelta::seconds(1));
            prop_assert_eq!(status(&conn, id), "active", "ended before {}", printed);
        }
        let s = run(&mut conn, printed.max(now));
        prop_assert_eq!(status(&conn, id), "over", "still going at {}: {}", printed, s);
    }
}

/// The case of issue 23: `totaltime=10` printed the 21-day forfeit date,
/// and `remind` forfeited on thinking time nine days before it.
#[test]
fn with_totaltime_the_printed_date_is_the_thinking_time_deadline() {
    let (conn, id, now) = history(7, 21, Some(10), &[]);
    let game = LoadedGame::load(&conn, CATALOG, id).unwrap();
    let view = crate::service::records::show::view_with_deadline(&conn, &game, now).unwrap();
    assert_eq!(view.deadline.as_deref(), Some("Sun 11 Jan 2026 00:00 UTC"));
}
