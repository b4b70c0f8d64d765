//! Issue 43: what one player may hold at once (`mail::quotas`, each
//! refusal naming its setting), the challenger's words counted against
//! `messages-per-day`, and nothing left open in the name of an account
//! that signed off (the operator's shell may always start or cancel a
//! tournament). The quotas are the defaults here: 5 seeks, 3 tournaments,
//! 5 games against the computer player, 20 invitations.

use rusqlite::Connection;

use crate::command::{Actor, Command, TournamentAction};
use crate::mail::quotas::Quotas;
use crate::service::testing::{at, db, signup};
use crate::service::{Request, ServiceError, execute};
use crate::store::{self, seeks, tournaments};

fn run(conn: &mut Connection, user: &str, command: Command) -> Result<String, ServiceError> {
    let actor = match user {
        "" => Actor::Anonymous,
        user => Actor::Trusted(user.to_string()),
    };
    execute(conn, &Request::new(&actor, &command, at(0))).map(|r| r.text())
}

fn seek() -> Command {
    Command::Seek {
        variant: "chess".into(),
        options: vec![],
        color: None,
        rating: None,
    }
}

fn challenge(players: &[&str]) -> Command {
    Command::Challenge {
        variant: "chess".into(),
        players: players.iter().map(|p| p.to_string()).collect(),
        options: vec![],
    }
}

fn tournament(name: &str, action: TournamentAction) -> Command {
    Command::Tournament {
        name: name.into(),
        action: Box::new(action),
    }
}

fn create() -> TournamentAction {
    TournamentAction::Create {
        variant: "chess".into(),
        format: "round-robin".into(),
        players: None,
        reach: None,
        max_games: None,
        options: vec![],
    }
}

fn quotas() -> Quotas {
    crate::service::community::seek::quotas().unwrap()
}

#[test]
fn open_seeks_past_the_quota_are_refused_naming_the_setting() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    for _ in 0..quotas().seeks {
        run(&mut conn, "alice", seek()).unwrap();
    }
    let e = run(&mut conn, "alice", seek()).unwrap_err();
    assert!(e.to_string().contains("`seeks-per-player`"), "{e}");
    assert!(matches!(e, ServiceError::Quota(_)));
    let tx = store::read(&mut conn).unwrap();
    let open = seeks::open_count(&tx, 1, "2026-01-01T00:00:00Z").unwrap();
    assert_eq!(open, quotas().seeks, "the refused one changed nothing");
}

#[test]
fn tournaments_organised_past_the_quota_are_refused_naming_the_setting() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    for n in 0..quotas().tournaments {
        run(&mut conn, "alice", tournament(&format!("t{n}"), create())).unwrap();
    }
    let e = run(&mut conn, "alice", tournament("one-more", create())).unwrap_err();
    assert!(e.to_string().contains("`tournaments-per-player`"), "{e}");
    // One called off makes room again.
    run(
        &mut conn,
        "alice",
        tournament("t0", TournamentAction::Cancel),
    )
    .unwrap();
    run(&mut conn, "alice", tournament("one-more", create())).unwrap();
}

#[test]
fn invitations_past_the_quota_are_refused_naming_the_setting() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    signup(&mut conn, "bob", None);
    for _ in 0..quotas().invitations {
        run(&mut conn, "alice", challenge(&["alice", "bob"])).unwrap();
    }
    let e = run(&mut conn, "alice", challenge(&["alice", "bob"])).unwrap_err();
    assert!(e.to_string().contains("`invitations-per-player`"), "{e}");
}

#[test]
fn games_against_the_computer_player_past_the_quota_are_refused_and_its_seeks_left() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    let bot = crate::bot::DEFAULT_USERID;
    for _ in 0..quotas().bot_games {
        run(&mut conn, "alice", challenge(&["alice", bot])).unwrap();
    }
    let e = run(&mut conn, "alice", challenge(&["alice", bot])).unwrap_err();
    assert!(e.to_string().contains("`bot-games-per-player`"), "{e}");
    // With `bot-seeks on` the bot takes no seek of a player at the quota:
    // one mail of many seeks cannot start more games against it.
    crate::store::settings::set(&conn, "bot-seeks", "on").unwrap();
    let text = run(&mut conn, "alice", seek()).unwrap();
    assert!(!text.contains("taken"), "{text}");
    let tx = store::read(&mut conn).unwrap();
    assert_eq!(
        seeks::open_count(&tx, 1, "2026-01-01T00:00:00Z").unwrap(),
        1
    );
}

#[test]
fn a_players_seeks_past_their_bot_quota_start_no_game() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    crate::store::settings::set(&conn, "bot-seeks", "on").unwrap();
    for _ in 0..quotas().seeks {
        let _ = run(&mut conn, "alice", seek());
    }
    let tx = store::read(&mut conn).unwrap();
    let against_bot = crate::store::bot_games::active_count_of(&tx, 1).unwrap();
    assert!(against_bot <= quotas().bot_games);
    assert!(against_bot >= 1, "the bot took seeks while under the quota");
}

#[test]
fn the_words_of_a_challenge_count_against_messages_per_day() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    signup(&mut conn, "bob", None);
    let cap = crate::mail::settings::Settings::current()
        .unwrap()
        .rates
        .messages_per_day;
    {
        let tx = store::write(&mut conn).unwrap();
        let alice = store::players::find(&tx, "alice").unwrap().unwrap();
        crate::service::community::social::spend(&tx, &alice, cap as usize, "message", at(0))
            .unwrap();
        tx.commit().unwrap();
    }
    let command = challenge(&["alice", "bob"]);
    let actor = Actor::Trusted("alice".into());
    let words = Request::new(&actor, &command, at(0)).with_comment(Some("Fancy a game?"));
    let e = execute(&mut conn, &words).unwrap_err();
    assert!(
        e.to_string()
            .starts_with(&format!("challenge: alice may write to {cap} users a day")),
        "{e}"
    );
    // Without words the challenge goes through.
    run(&mut conn, "alice", challenge(&["alice", "bob"])).unwrap();
}

#[test]
fn signoff_withdraws_seeks_and_calls_off_tournaments_not_started() {
    let mut conn = db();
    signup(&mut conn, "alice", None);
    signup(&mut conn, "bob", None);
    run(&mut conn, "alice", seek()).unwrap();
    run(&mut conn, "alice", tournament("spring", create())).unwrap();
    run(
        &mut conn,
        "bob",
        tournament("spring", TournamentAction::Join),
    )
    .unwrap();
    let text = run(&mut conn, "alice", Command::Signoff).unwrap();
    assert!(text.contains("open challenges withdrawn: 1"), "{text}");
    assert!(
        text.contains("tournaments called off (not started): spring"),
        "{text}"
    );
    let tx = store::read(&mut conn).unwrap();
    assert_eq!(
        seeks::open_count(&tx, 1, "2026-01-01T00:00:00Z").unwrap(),
        0
    );
    let spring = tournaments::find(&tx, "spring").unwrap().unwrap();
    assert_eq!(spring.state, tournaments::State::Cancelled);
}

#[test]
fn the_operators_shell_starts_and_cancels_any_tournament() {
    let mut conn = db();
    for user in ["alice", "bob", "carol"] {
        signup(&mut conn, user, None);
    }
    run(&mut conn, "alice", tournament("spring", create())).unwrap();
    run(&mut conn, "alice", tournament("summer", create())).unwrap();
    for user in ["bob", "carol"] {
        run(
            &mut conn,
            user,
            tournament("spring", TournamentAction::Join),
        )
        .unwrap();
    }
    // Not bob's to start; the operator's (no `--as`) always.
    let e = run(
        &mut conn,
        "bob",
        tournament("spring", TournamentAction::Start),
    )
    .unwrap_err();
    assert!(e.to_string().contains("alice"), "{e}");
    run(&mut conn, "", tournament("spring", TournamentAction::Start)).unwrap();
    run(
        &mut conn,
        "",
        tournament("summer", TournamentAction::Cancel),
    )
    .unwrap();
    let tx = store::read(&mut conn).unwrap();
    let state = |name| tournaments::find(&tx, name).unwrap().unwrap().state;
    assert_eq!(state("spring"), tournaments::State::Running);
    assert_eq!(state("summer"), tournaments::State::Cancelled);
}
