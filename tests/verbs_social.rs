//! The social verbs of issue 15: chat, message, broadcast, spectators
//! (subscribe/unsubscribe, per board and for every game of a type),
//! notify, showas and add — each with what it mails, to whom, and a
//! refusal that changes nothing.

use boserv::command::{Actor, Command, GameId, ShowAsBoards, Watch};
use boserv::mail::outbox::{self, UNDISCLOSED};
use boserv::service;
use chrono::{TimeZone, Utc};
use rusqlite::Connection;

use crate::util::Env;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()
}

fn run(conn: &mut Connection, user: &str, command: Command) -> Result<String, String> {
    let actor = match user {
        "" => Actor::Anonymous,
        user => Actor::Trusted(user.into()),
    };
    service::run(conn, &actor, &command, now())
        .map(|reply| reply.text())
        .map_err(|e| e.to_string())
}

/// alice v bob at chess (game1); carol and eve watch nothing yet; dave
/// has no address. All signed up by the operator (confirmed).
fn table() -> Connection {
    let mut conn = boserv::store::open_in_memory().unwrap();
    for (user, email) in [
        ("alice", vec!["alice@example.test"]),
        ("bob", vec!["bob@example.test"]),
        ("carol", vec!["carol@example.test"]),
        ("eve", vec!["eve@example.test"]),
        ("dave", vec![]),
    ] {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: email.into_iter().map(String::from).collect(),
        };
        run(&mut conn, "", signup).unwrap();
    }
    let challenge = Command::Challenge {
        variant: "chess".into(),
        players: vec!["alice".into(), "bob".into()],
        options: vec![],
    };
    run(&mut conn, "", challenge).unwrap();
    conn
}

fn pending(conn: &Connection) -> Vec<outbox::Draft> {
    outbox::list(conn, outbox::Status::Pending)
        .unwrap()
        .into_iter()
        .map(|q| q.draft)
        .collect()
}

fn subscribe(game: u64, on: bool) -> Command {
    Command::Subscribe {
        variant: "chess".into(),
        target: Watch::Board(GameId(game)),
        on,
    }
}

fn play(conn: &mut Connection, user: &str, turn: &str) {
    let command = Command::Move {
        game: GameId(1),
        turn: turn.into(),
        expect: None,
    };
    run(conn, user, command).unwrap();
}

#[test]
fn a_spectator_gets_every_board_mail_from_white_s_side_without_a_player_s_lines() {
    let mut conn = table();
    run(&mut conn, "carol", subscribe(1, true)).unwrap();
    let before = pending(&conn).len();
    play(&mut conn, "alice", "e2-e4");
    let mails = pending(&conn);
    let new = &mails[before..];
    assert_eq!(new.len(), 3, "alice, bob and one spectators' copy");
    let copy = new
        .iter()
        .find(|d| d.to.first().map(String::as_str) == Some(UNDISCLOSED))
        .expect("a spectators' copy");
    assert_eq!(copy.to[1..], ["carol@example.test".to_string()]);
    assert_eq!(copy.reply_to, None, "no reply token for a spectator");
    assert!(
        copy.subject.starts_with("Chess Board 1 bob"),
        "{}",
        copy.subject
    );
    assert!(copy.body.contains("It is bob's turn"), "{}", copy.body);
    assert!(!copy.body.contains("your turn"), "{}", copy.body);
    assert!(!copy.body.contains("To move, reply"), "{}", copy.body);
    assert!(copy.body.contains("Spectators: carol"), "{}", copy.body);
    assert!(
        copy.body.contains("chess unsubscribe 1 USERID PASSWORD"),
        "{}",
        copy.body
    );
    // White's side: rank 8 on top, as alice sees it.
    let top = copy
        .body
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(['1', '8']) && l.contains('|'));
    assert!(top.is_some_and(|l| l.starts_with('8')), "{}", copy.body);
    // The players' mails list the spectator too.
    let bob = new.iter().find(|d| d.to == ["bob@example.test"]).unwrap();
    assert!(bob.body.contains("Spectators: carol"), "{}", bob.body);
    // Unsubscribed: no more copies.
    run(&mut conn, "carol", subscribe(1, false)).unwrap();
    let before = pending(&conn).len();
    play(&mut conn, "bob", "e7-e5");
    assert_eq!(pending(&conn).len() - before, 2);
}

#[test]
fn subscribe_refusals_change_nothing() {
    let mut conn = table();
    let dump = |conn: &Connection| format!("{:?}", pending(conn).len());
    let before = dump(&conn);
    assert_eq!(
        run(&mut conn, "alice", subscribe(1, true)).unwrap_err(),
        "alice plays in game1 and gets its mail already"
    );
    assert_eq!(
        run(&mut conn, "dave", subscribe(1, true)).unwrap_err(),
        "dave has no confirmed address to send it to: confirm one first"
    );
    assert_eq!(
        run(&mut conn, "carol", subscribe(7, true)).unwrap_err(),
        "no such game: game7"
    );
    assert_eq!(
        run(&mut conn, "carol", subscribe(1, false)).unwrap_err(),
        "carol does not watch game1"
    );
    let other_game = Command::Subscribe {
        variant: "bochess".into(),
        target: Watch::Board(GameId(1)),
        on: true,
    };
    assert_eq!(
        run(&mut conn, "carol", other_game).unwrap_err(),
        "game1 is a game of chess, not bochess"
    );
    assert_eq!(dump(&conn), before);
}

#[test]
fn every_future_game_of_a_type_is_watched_after_subscribe_all() {
    let mut conn = table();
    let all = Command::Subscribe {
        variant: "chess".into(),
        target: Watch::Every,
        on: true,
    };
    run(&mut conn, "carol", all).unwrap();
    let challenge = Command::Challenge {
        variant: "chess".into(),
        players: vec!["bob".into(), "alice".into()],
        options: vec![],
    };
    let before = pending(&conn).len();
    run(&mut conn, "", challenge).unwrap();
    let new = &pending(&conn)[before..];
    assert_eq!(new.len(), 3, "{new:#?}");
    assert!(
        new[2].subject.starts_with("New Chess Board 2"),
        "{}",
        new[2].subject
    );
    assert_eq!(new[2].to, [UNDISCLOSED, "carol@example.test"]);
}

#[test]
fn the_end_of_a_game_notifies_who_asked_once() {
    let mut conn = table();
    let notify = |games: Vec<u64>| Command::Notify {
        variant: "chess".into(),
        games: games.into_iter().map(GameId).collect(),
    };
    run(&mut conn, "carol", notify(vec![1])).unwrap();
    run(&mut conn, "eve", notify(vec![])).unwrap();
    let before = pending(&conn).len();
    play(&mut conn, "alice", "e2-e4");
    play(&mut conn, "bob", "e7-e5");
    play(&mut conn, "alice", "d2-d4");
    assert_eq!(pending(&conn).len() - before, 6, "no copy before the end");
    let last = pending(&conn).pop().unwrap();
    assert!(
        last.body.contains("Told when it ends: carol"),
        "{}",
        last.body
    );
    // On bob's turn (out of turn a resignation only waits for it).
    run(&mut conn, "bob", Command::Resign { game: GameId(1) }).unwrap();
    let new = &pending(&conn)[before + 6..];
    let copy = new
        .iter()
        .find(|d| d.to.first().map(String::as_str) == Some(UNDISCLOSED))
        .expect("the notification");
    assert_eq!(copy.to[1..], ["carol@example.test", "eve@example.test"]);
    assert!(copy.subject.contains("over"), "{}", copy.subject);
    assert!(copy.body.contains("Game won by alice"), "{}", copy.body);
    assert_eq!(
        run(&mut conn, "carol", notify(vec![1])).unwrap_err(),
        "game1 is over: 1-0"
    );
}

#[test]
fn chat_message_and_broadcast_reach_confirmed_addresses_only() {
    let mut conn = table();
    run(&mut conn, "carol", subscribe(1, true)).unwrap();
    let before = pending(&conn).len();
    let chat = Command::Chat {
        game: GameId(1),
        text: "Good luck both!".into(),
    };
    assert_eq!(
        run(&mut conn, "eve", chat).unwrap(),
        "chat on game1 sent to alice, bob and 1 spectator"
    );
    let new = pending(&conn)[before..].to_vec();
    assert_eq!(new.len(), 3);
    assert!(new.iter().all(|d| d.subject == "Chess chat 1 eve"));
    assert!(new.iter().all(|d| d.body.contains("Good luck both!")));
    assert_eq!(new[2].to, [UNDISCLOSED, "carol@example.test"]);
    // Threaded with the game: each player's copy under their first mail.
    assert!(
        new[0]
            .in_reply_to
            .as_deref()
            .is_some_and(|id| id.contains("game1.ply0.new.alice"))
    );

    let message = Command::Message {
        to: vec!["bob".into(), "dave".into()],
        text: "hello".into(),
    };
    let before = pending(&conn).len();
    assert_eq!(
        run(&mut conn, "alice", message).unwrap_err(),
        "dave has no confirmed address: nothing can reach them"
    );
    assert_eq!(pending(&conn).len(), before);

    let broadcast = Command::Broadcast {
        text: "Maintenance on Sunday.".into(),
    };
    assert_eq!(
        run(&mut conn, "", broadcast).unwrap(),
        "broadcast from the operator sent to 4 users"
    );
    let last = pending(&conn).pop().unwrap();
    assert_eq!(last.subject, "Broadcast from the operator via boserv");
    assert_eq!(
        last.to.len(),
        5,
        "four addresses and the Bcc mark: {:?}",
        last.to
    );
}

#[test]
fn showas_draws_the_board_from_the_asker_s_side() {
    let mut conn = table();
    let showas = Command::ShowAs {
        variant: Some("chess".into()),
        boards: ShowAsBoards::Boards(vec![GameId(1)]),
    };
    let bob = run(&mut conn, "bob", showas.clone()).unwrap();
    let first_rank = bob
        .lines()
        .map(str::trim_start)
        .find(|l| l.starts_with(['1', '8']) && l.contains('|'))
        .unwrap();
    assert!(
        first_rank.starts_with('1'),
        "Black's side has rank 1 on top: {bob}"
    );
    assert_eq!(
        run(&mut conn, "carol", showas).unwrap_err(),
        "carol is not playing game1"
    );
}

#[test]
fn add_keeps_the_old_addresses_and_by_mail_asks_for_confirmation() {
    let mut conn = table();
    let add = Command::AddAddress {
        emails: vec!["bob@work.example".into()],
    };
    let bob = Actor::Claimed {
        user: "bob".into(),
        password: "secret".into(),
    };
    let req = service::Request::new(&bob, &add, now()).by_mail(true);
    let text = service::execute(&mut conn, &req).unwrap().text();
    assert!(
        text.starts_with("added bob@work.example for bob; a confirmation code"),
        "{text}"
    );
    let confirm = pending(&conn).pop().unwrap();
    assert_eq!(confirm.to, ["bob@work.example"]);
    assert!(
        confirm.subject.starts_with("confirm bob "),
        "{}",
        confirm.subject
    );
    // Game mail still goes to the old address alone until then.
    let before = pending(&conn).len();
    play(&mut conn, "alice", "e2-e4");
    let to_bob: Vec<_> = pending(&conn)[before..]
        .iter()
        .filter(|d| d.to.iter().any(|a| a.starts_with("bob@")))
        .map(|d| d.to.clone())
        .collect();
    assert_eq!(to_bob, [["bob@example.test".to_string()]]);
    let too_many = Command::AddAddress {
        emails: (0..4).map(|n| format!("b{n}@example.test")).collect(),
    };
    assert_eq!(
        run(&mut conn, "bob", too_many).unwrap_err(),
        "at most 4 addresses per player, not 6"
    );
}

/// A move by mail with a spectator watching: one mail per player and one
/// spectators' copy, within the bound of issue 10.
#[test]
fn a_move_by_mail_mails_the_players_and_one_spectators_copy() {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.test\nsignup bob secret bob@example.test\n\
          signup carol secret carol@example.test\nchess challenge alice bob\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    {
        let mut conn = boserv::store::open(&env.db, boserv::store::DEFAULT_BUSY_TIMEOUT).unwrap();
        run(&mut conn, "carol", subscribe(1, true)).unwrap();
    }
    let before = env.queued().len();
    env.mail(
        "From: alice@example.test\r\nTo: bochess@example.net\r\nSubject: chess move 1 alice secret e2-e4\r\n\
         Message-ID: <social-move-1@example.test>\r\n\r\n",
    );
    let new = &env.queued()[before..];
    assert_eq!(new.len(), 3, "{new:#?}");
    assert!(new[2].0.contains("undisclosed-recipients") && new[2].0.contains("carol@example.test"));
}

/// Issue 10's bound holds with spectators: a `multiple` of four moves in
/// four watched chess games runs three (two players and one spectators'
/// copy each: 9 mails) and answers once; the fourth is not run.
#[test]
fn spectators_keep_a_letter_within_ten_mails() {
    let env = Env::new();
    let mut setup = String::from(
        "signup alice secret alice@example.test\nsignup bob secret bob@example.test\n\
         signup carol secret carol@example.test\n",
    );
    for _ in 0..4 {
        setup.push_str("chess challenge alice bob\n");
    }
    setup.push_str("chess subscribe carol secret 1 2 3 4\n");
    let out = env.stdin(&["run"], setup.as_bytes());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let before = env.queued().len();
    let moves: String = (1..=4)
        .map(|game| format!("chess move {game} alice secret e2-e4\r\n"))
        .collect();
    env.mail(&format!(
        "From: alice@example.test\r\nSubject: multiple\r\nMessage-ID: <social-multiple@example.test>\r\n\r\n{moves}"
    ));
    let new = &env.queued()[before..];
    assert_eq!(new.len(), 10, "{new:#?}");
    assert_eq!(
        new.iter()
            .filter(|(to, _, _)| to.contains("undisclosed-recipients"))
            .count(),
        3
    );
    let plies: Vec<u64> = (1..=4)
        .map(|game| env.json(&format!("game{game}"))["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(plies, [1, 1, 1, 0]);
}
