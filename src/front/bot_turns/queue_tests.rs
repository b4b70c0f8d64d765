use super::*;
use crate::command::{Actor, Command};
use crate::rules::{GameOption, VARIANTS};
use crate::service::testing::{at, db, signup};
use crate::service::{Request, execute};

fn as_user(conn: &mut Connection, user: &str, command: &Command) {
    let actor = Actor::Trusted(user.into());
    execute(conn, &Request::new(&actor, command, at(0))).unwrap();
}

/// alice (White) against the bot at level 1 in chess; alice has moved.
fn handed_over() -> Connection {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    let challenge = Command::Challenge {
        variant: "chess".into(),
        players: vec!["alice".into(), crate::service::bot::DEFAULT_USERID.into()],
        options: vec![GameOption {
            name: "level".into(),
            value: Some("1".into()),
        }],
    };
    as_user(&mut conn, "alice", &challenge);
    let e4 = Command::Move {
        game: GameId(1),
        turn: "e2-e4".into(),
        expect: Some(1),
    };
    as_user(&mut conn, "alice", &e4);
    conn
}

fn ply(conn: &Connection) -> i64 {
    conn.query_row("SELECT ply FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap()
}

fn queue(conn: &Connection) -> Vec<Option<u32>> {
    bot_queue::all(conn)
        .unwrap()
        .into_iter()
        .map(|q| q.claimed_by)
        .collect()
}

/// A process id no process has (Linux's largest is 4194304).
const GONE: u32 = 4_000_000_000;
/// A process that lives as long as the machine: init.
const INIT: u32 = 1;

#[test]
fn the_move_that_hands_the_bot_its_turn_queues_it_in_its_own_transaction() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    assert!(bot_queue::all(&conn).unwrap().is_empty());
    let conn = {
        drop(conn);
        handed_over()
    };
    // One row, unclaimed: the challenge and the move re-armed the same one.
    assert_eq!(queue(&conn), vec![None]);
    assert!(ready(&conn).unwrap());
}

#[test]
fn one_worker_thinks_at_a_time_and_a_claim_dies_with_its_process() {
    let mut conn = handed_over();
    assert_eq!(
        claim_next(&mut conn, &VARIANTS, at(0), Utc::now(), INIT).unwrap(),
        Next::Turn(GameId(1))
    );
    assert_eq!(queue(&conn), vec![Some(INIT)]);
    assert!(!ready(&conn).unwrap(), "claimed by a live process");
    // A second worker leaves the queue to the live one, writing nothing.
    let summary = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert!(summary.busy && summary.played.is_empty());
    assert_eq!((ply(&conn), queue(&conn)), (1, vec![Some(INIT)]));
    // The same claim by a process that is gone (killed while thinking)
    // holds nothing: the next worker plays the turn, once.
    bot_queue::claim(
        &conn,
        GameId(1),
        GONE,
        &timestamp(Utc::now() + chrono::Duration::from_std(LEASE).unwrap()),
    )
    .unwrap();
    assert!(ready(&conn).unwrap());
    let summary = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert_eq!(summary.played.len(), 1, "{summary:?}");
    assert_eq!(ply(&conn), 2);
    // Its own move re-queued the game; the look found alice to move and
    // dropped it.
    assert!(queue(&conn).is_empty());
    let again = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert!(again.played.is_empty());
    assert_eq!(ply(&conn), 2);
}

#[test]
fn a_lapsed_claim_is_taken_over() {
    let mut conn = handed_over();
    let past = timestamp(Utc::now() - chrono::Duration::seconds(1));
    bot_queue::claim(&conn, GameId(1), INIT, &past).unwrap();
    let summary = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert_eq!(summary.played.len(), 1);
}

#[test]
fn past_the_hours_cpu_budget_the_turn_waits_for_the_next_hour() {
    let mut conn = handed_over();
    crate::store::settings::set(&conn, "bot-cpu-per-hour", "2").unwrap();
    assert_eq!(cpu_budget(&conn).unwrap(), 2.0);
    bot_queue::add_cpu(&conn, &hour(at(0)), 2.0, "").unwrap();
    let summary = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert!(summary.spent && summary.played.is_empty(), "{summary:?}");
    assert_eq!((summary.left, ply(&conn)), (1, 1));
    assert_eq!(queue(&conn), vec![None], "still queued, unclaimed");
    // Later in the same hour: still spent.
    let summary = work(&mut conn, &VARIANTS, at(3599), FROM).unwrap();
    assert!(summary.spent);
    // The next hour plays it, and counts what it spent there.
    let summary = work(&mut conn, &VARIANTS, at(3600), FROM).unwrap();
    assert_eq!(summary.played.len(), 1);
    assert_eq!(ply(&conn), 2);
    let hours: Vec<String> = conn
        .prepare("SELECT hour FROM bot_cpu ORDER BY hour")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(hours, vec![hour(at(0)), hour(at(3600))]);
}

#[test]
fn a_game_over_leaves_the_queue() {
    let mut conn = handed_over();
    // Out of turn, alice's resignation waits for her turn: the bot's turn
    // stays queued.
    let resign = Command::Resign { game: GameId(1) };
    as_user(&mut conn, "alice", &resign);
    assert_eq!(queue(&conn), vec![None]);
    // The bot's move hands her the turn, her resignation ends the game,
    // and the game leaves the queue in that transaction (no look needed).
    let summary = work(&mut conn, &VARIANTS, at(0), FROM).unwrap();
    assert_eq!(summary.played.len(), 1, "{summary:?}");
    let status: String = conn
        .query_row("SELECT status FROM games WHERE id = 1", [], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "over");
    assert!(queue(&conn).is_empty());
    assert_eq!(
        claim_next(&mut conn, &VARIANTS, at(0), Utc::now(), INIT).unwrap(),
        Next::Empty
    );
}

#[test]
fn no_time_given_starts_no_turn() {
    let mut conn = handed_over();
    let summary = work(&mut conn, &VARIANTS, at(0), Duration::ZERO).unwrap();
    assert_eq!((summary.played.len(), summary.left), (0, 1));
    assert_eq!(ply(&conn), 1);
}

const FROM: Duration = crate::front::bot_turns::FROM_CRON;
