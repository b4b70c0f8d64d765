//! The `due` index against the clocks themselves: after any mix of
//! commands and `remind` runs, every active game's stored moment is at or
//! before the one [`next_due`] works out (exact but where a vacation began
//! after it was stored: going away only moves moments later), unless the
//! game's player to move came back from vacation since (the next `remind`
//! judges those games first, src/store/tidings.sql); and `remind` reading
//! the index does what it does looking at every game.

use chrono::{DateTime, TimeDelta, Utc};
use proptest::prelude::*;
use rusqlite::Connection;

use super::next_due;
use crate::command::{Actor, Command, DrawAction, GameId};
use crate::rules::GameOption;
use crate::service::game::{LoadedGame, timestamp};
use crate::service::remind::{Summary, remind};
use crate::service::testing::{CATALOG, at, db};
use crate::service::{Request, execute};
use crate::store;

const USERS: [&str; 3] = ["alice", "bob", "carol"];

#[derive(Clone, Debug)]
enum Op {
    Challenge {
        first: usize,
        second: usize,
        nag: Option<u32>,
        forfeit: Option<u32>,
        total: Option<u32>,
    },
    /// The player to move in the game (by index among those started) adds 1 or 2.
    Move {
        game: usize,
        add: u8,
    },
    Vacation {
        user: usize,
        on: bool,
    },
    Draw {
        game: usize,
        user: usize,
        action: u8,
    },
    Undo {
        game: usize,
        user: usize,
        action: u8,
    },
    Resign {
        game: usize,
        user: usize,
    },
    Remind,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        1 => (
            0..3usize,
            0..3usize,
            proptest::option::of(1..6u32),
            proptest::option::of(3..12u32),
            proptest::option::weighted(0.2, 2..9u32),
        )
            .prop_map(|(first, second, nag, forfeit, total)| Op::Challenge {
                first,
                second,
                nag,
                forfeit,
                total
            }),
        4 => (0..6usize, 1..3u8).prop_map(|(game, add)| Op::Move { game, add }),
        1 => (0..3usize, any::<bool>()).prop_map(|(user, on)| Op::Vacation { user, on }),
        1 => (0..6usize, 0..3usize, 0..3u8).prop_map(|(game, user, action)| Op::Draw {
            game,
            user,
            action
        }),
        1 => (0..6usize, 0..3usize, 0..3u8).prop_map(|(game, user, action)| Op::Undo {
            game,
            user,
            action
        }),
        1 => (0..6usize, 0..3usize).prop_map(|(game, user)| Op::Resign { game, user }),
        3 => Just(Op::Remind),
    ]
}

fn action(n: u8) -> DrawAction {
    [DrawAction::Offer, DrawAction::Accept, DrawAction::Decline][n as usize % 3]
}

fn exec(conn: &mut Connection, user: Option<&str>, command: Command, now: DateTime<Utc>) {
    let actor = user.map_or(Actor::Anonymous, |u| Actor::Trusted(u.to_string()));
    // Refusals (not your turn, nothing to accept...) are part of the mix.
    let _ = execute(
        conn,
        &Request {
            actor: &actor,
            command: &command,
            now,
            comment: None,
            catalog: CATALOG,
            by_mail: false,
            game_ended: crate::service::GAME_ENDED,
        },
    );
}

/// Plays `op` at `now`; `games` are the games started so far.
fn apply(conn: &mut Connection, games: &mut Vec<GameId>, op: &Op, now: DateTime<Utc>) {
    let pick = |games: &[GameId], n: usize| games.get(n % games.len().max(1)).copied();
    match op {
        Op::Challenge {
            first,
            second,
            nag,
            forfeit,
            total,
        } => {
            let option = |name: &str, days: Option<u32>| {
                days.map(|d| GameOption {
                    name: name.into(),
                    value: Some(d.to_string()),
                })
            };
            let options = [
                option("nag", *nag),
                option("forfeit", *forfeit),
                option("totaltime", *total),
            ]
            .into_iter()
            .flatten()
            .collect();
            let challenge = Command::Challenge {
                variant: "race".into(),
                players: vec![USERS[*first].into(), USERS[*second].into()],
                options,
            };
            exec(conn, None, challenge, now);
            let last: Option<i64> = conn
                .query_row("SELECT max(id) FROM games", [], |r| r.get(0))
                .unwrap();
            if let Some(id) = last.map(|id| GameId(id as u64))
                && !games.contains(&id)
            {
                games.push(id);
            }
        }
        Op::Move { game, add } => {
            let Some(id) = pick(games, *game) else { return };
            let loaded = LoadedGame::load(conn, CATALOG, id).unwrap();
            let Some(seat) = loaded.position.to_move() else {
                return;
            };
            let user = loaded.player_at(seat);
            let command = Command::Move {
                game: id,
                turn: add.to_string(),
                expect: None,
            };
            exec(conn, Some(&user), command, now);
        }
        Op::Vacation { user, on } => {
            exec(conn, Some(USERS[*user]), Command::Vacation { on: *on }, now);
        }
        Op::Draw {
            game,
            user,
            action: a,
        } => {
            let Some(id) = pick(games, *game) else { return };
            let command = Command::Draw {
                game: id,
                action: action(*a),
            };
            exec(conn, Some(USERS[*user]), command, now);
        }
        Op::Undo {
            game,
            user,
            action: a,
        } => {
            let Some(id) = pick(games, *game) else { return };
            let command = Command::Undo {
                game: id,
                action: action(*a),
            };
            exec(conn, Some(USERS[*user]), command, now);
        }
        Op::Resign { game, user } => {
            let Some(id) = pick(games, *game) else { return };
            exec(conn, Some(USERS[*user]), Command::Resign { game: id }, now);
        }
        Op::Remind => {}
    }
}

/// Every game's stored moment against the one worked out now: never
/// later, but for the games `remind` is asked to judge again first.
fn index_agrees(conn: &Connection, now: DateTime<Utc>) -> Result<(), TestCaseError> {
    let mut q = conn.prepare("SELECT id FROM games ORDER BY id").unwrap();
    let ids: Vec<i64> = q
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let rechecked: Vec<i64> = store::tidings::rechecks(conn)
        .unwrap()
        .into_iter()
        .map(|(_, player)| player)
        .collect();
    for id in ids.into_iter().map(|id| GameId(id as u64)) {
        let game = LoadedGame::load(conn, CATALOG, id).unwrap();
        if super::mover(&game).is_some_and(|m| rechecked.contains(&m)) {
            continue;
        }
        let worked_out = next_due(conn, &game, now).unwrap().map(timestamp);
        let stored = store::due::of(conn, id).unwrap().flatten();
        if let Some(due) = &worked_out {
            prop_assert!(
                stored.as_ref().is_some_and(|at| at <= due),
                "{}: stored {:?}, due {}",
                id,
                stored,
                due
            );
        }
    }
    Ok(())
}

/// What a run did, without the count of games it looked at.
fn acted(s: &Summary) -> (usize, usize, usize, usize, Vec<String>) {
    (
        s.reminders,
        s.voter_reminders,
        s.forfeits,
        s.draws,
        s.problems.clone(),
    )
}

/// The games, their logs, the reminders sent, the draw offers and the
/// mail queued.
fn state(conn: &Connection) -> String {
    let mut out = String::new();
    for query in [
        "SELECT * FROM games ORDER BY id",
        "SELECT * FROM turns ORDER BY game, seq",
        "SELECT game, since_seq, period, sent FROM reminders ORDER BY game",
        "SELECT id, draw_made, draw_reminded FROM games WHERE draw_made IS NOT NULL ORDER BY id",
        "SELECT recipients, subject, body FROM outbox ORDER BY id",
    ] {
        let mut q = conn.prepare(query).unwrap();
        let n = q.column_count();
        let rows = q
            .query_map([], |r| {
                let cells: Vec<String> = (0..n)
                    .map(|i| match r.get_ref(i).unwrap() {
                        rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into(),
                        other => format!("{other:?}"),
                    })
                    .collect();
                Ok(cells.join("|"))
            })
            .unwrap();
        for row in rows {
            out.push_str(&row.unwrap());
            out.push('\n');
        }
    }
    out
}

fn signed_up() -> Connection {
    let mut conn = db();
    for user in USERS {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: vec![format!("{user}@example.test")],
        };
        exec(&mut conn, None, signup, at(0));
    }
    conn
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Two databases take the same commands at the same moments; `remind`
    /// reads the index in one and looks at every active game in the other
    /// (each of its games marked as never worked out). The index always
    /// holds what [`next_due`] works out, and both runs do the same.
    #[test]
    fn the_index_agrees_with_a_full_scan(
        steps in proptest::collection::vec((0..4 * 86_400i64, op()), 1..40)
    ) {
        let mut indexed = signed_up();
        let mut scanned = signed_up();
        let (mut games, mut twins) = (Vec::new(), Vec::new());
        let mut now = at(0);
        for (wait, op) in &steps {
            now += TimeDelta::seconds(*wait);
            apply(&mut indexed, &mut games, op, now);
            apply(&mut scanned, &mut twins, op, now);
            if matches!(op, Op::Remind) {
                let by_index = remind(&mut indexed, CATALOG, now, &mut |_, _| {}).unwrap();
                store::due::forget_all(&scanned).unwrap();
                let by_scan = remind(&mut scanned, CATALOG, now, &mut |_, _| {}).unwrap();
                prop_assert_eq!(acted(&by_index), acted(&by_scan));
                prop_assert!(by_index.games <= by_scan.games);
            }
            index_agrees(&indexed, now)?;
            prop_assert_eq!(state(&indexed), state(&scanned));
        }
        // Whatever comes due later is found by the index too.
        for days in [7, 21, 60] {
            let later = now + TimeDelta::days(days);
            let by_index = remind(&mut indexed, CATALOG, later, &mut |_, _| {}).unwrap();
            store::due::forget_all(&scanned).unwrap();
            let by_scan = remind(&mut scanned, CATALOG, later, &mut |_, _| {}).unwrap();
            prop_assert_eq!(acted(&by_index), acted(&by_scan));
            index_agrees(&indexed, later)?;
            prop_assert_eq!(state(&indexed), state(&scanned));
        }
    }
}

#[test]
fn a_run_looks_only_at_the_games_due() {
    let mut conn = signed_up();
    let mut games = Vec::new();
    for (first, second) in [(0, 1), (1, 2), (2, 0)] {
        let op = Op::Challenge {
            first,
            second,
            nag: None,
            forfeit: None,
            total: None,
        };
        apply(&mut conn, &mut games, &op, at(0));
    }
    // The first game's player moves on day 3: its clock restarts.
    apply(
        &mut conn,
        &mut games,
        &Op::Move { game: 0, add: 1 },
        at(0) + TimeDelta::days(3),
    );
    let due_at = |conn: &Connection, g: GameId| store::due::of(conn, g).unwrap().flatten();
    assert_eq!(
        due_at(&conn, games[0]).as_deref(),
        Some("2026-01-11T00:00:00Z")
    );
    assert_eq!(
        due_at(&conn, games[1]).as_deref(),
        Some("2026-01-08T00:00:00Z")
    );
    let s = remind(
        &mut conn,
        CATALOG,
        at(0) + TimeDelta::days(7),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!((s.games, s.reminders), (2, 2));
    // Reminded: due again at the second reminder.
    assert_eq!(
        due_at(&conn, games[1]).as_deref(),
        Some("2026-01-15T00:00:00Z")
    );
    let s = remind(
        &mut conn,
        CATALOG,
        at(0) + TimeDelta::days(7),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(
        (s.games, s.reminders),
        (0, 0),
        "nothing due: nothing looked at"
    );
}

#[test]
fn a_database_from_before_the_index_is_looked_at_whole_once() {
    let mut conn = signed_up();
    let mut games = Vec::new();
    let op = Op::Challenge {
        first: 0,
        second: 1,
        nag: None,
        forfeit: None,
        total: None,
    };
    apply(&mut conn, &mut games, &op, at(0));
    // As the migration leaves an older database: every game not worked out.
    store::due::forget_all(&conn).unwrap();
    assert_eq!(
        store::due::of(&conn, games[0]).unwrap(),
        Some(Some(String::new()))
    );
    let s = remind(&mut conn, CATALOG, at(3600), &mut |_, _| {}).unwrap();
    assert_eq!((s.games, s.reminders), (1, 0));
    assert_eq!(
        store::due::of(&conn, games[0]).unwrap(),
        Some(Some("2026-01-08T00:00:00Z".to_string()))
    );
}
