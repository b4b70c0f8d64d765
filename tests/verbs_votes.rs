//! Takebacks by vote, previews, the thinking-time limit and the clock
//! block (issue 15): in Orwell Chess (dice) through the library, and
//! through the shell and mail as players use them.

use boserv::command::{Actor, Command, DrawAction, GameId};
use boserv::rules::VARIANTS;
use boserv::service::dice::{current_roll, roll_at};
use boserv::service::game::{LoadedGame, roll_text};
use boserv::service::{self, ServiceError};
use boserv::store::{self, turns};
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::util::Env;

fn now() -> DateTime<Utc> {
    "2026-03-01T12:00:00Z".parse().unwrap()
}

fn run(conn: &mut Connection, user: &str, command: Command) -> Result<String, ServiceError> {
    let actor = if user.is_empty() {
        Actor::Anonymous
    } else {
        Actor::Trusted(user.into())
    };
    service::run(conn, &actor, &command, now()).map(|r| r.text())
}

/// An Orwell game of alice, bob and carol, in a fresh database.
fn orwell() -> (Connection, GameId) {
    let mut conn = store::open_in_memory().unwrap();
    for user in ["alice", "bob", "carol"] {
        let signup = Command::Signup {
            user: user.into(),
            password: "secret".into(),
            emails: vec![],
        };
        run(&mut conn, "", signup).unwrap();
    }
    let challenge = Command::Challenge {
        variant: "orwell".into(),
        players: vec!["alice".into(), "bob".into(), "carol".into()],
        options: vec![],
    };
    run(&mut conn, "", challenge).unwrap();
    (conn, GameId(1))
}

fn load(conn: &Connection, id: GameId) -> LoadedGame {
    LoadedGame::load(conn, &VARIANTS, id).unwrap()
}

/// The player to move plays their `nth` legal turn (sorted as the rules
/// list them). Returns (player, turn).
fn play(conn: &mut Connection, id: GameId, nth: usize) -> (String, String) {
    let game = load(conn, id);
    let seat = game.position.to_move().expect("someone to move");
    let roll = current_roll(&game).unwrap();
    let legal = game.position.legal_turns(roll);
    let turn = legal[nth % legal.len()].clone();
    let player = game.player_at(seat);
    let command = Command::Move {
        game: id,
        turn: turn.clone(),
        expect: None,
    };
    run(conn, &player, command).unwrap();
    (player, turn)
}

#[test]
fn a_takeback_in_orwell_keeps_the_roll_and_the_audit_checks() {
    let (mut conn, id) = orwell();
    play(&mut conn, id, 0);
    let before = load(&conn, id);
    let ply = before.row.ply;
    let seat = before.position.to_move().unwrap();
    let roll = current_roll(&before).unwrap().unwrap();
    let (mover, turn) = play(&mut conn, id, 1);
    // The next player rolls something else, with the next roll number.
    let after = load(&conn, id);
    assert!(after.row.ply > ply);
    // Any player proposes; each of the others must accept.
    let others: Vec<String> = ["alice", "bob", "carol"]
        .iter()
        .filter(|p| **p != mover)
        .map(|p| p.to_string())
        .collect();
    let proposed = run(
        &mut conn,
        &others[0],
        Command::Undo {
            game: id,
            action: DrawAction::Offer,
        },
    )
    .unwrap();
    assert!(proposed.contains("proposed; waiting for"), "{proposed}");
    run(
        &mut conn,
        &others[1],
        Command::Answer {
            game: id,
            accept: true,
        },
    )
    .unwrap();
    // Two have agreed; the mover's vote is still needed.
    assert_eq!(load(&conn, id).row.ply, after.row.ply);
    let done = run(
        &mut conn,
        &mover,
        Command::Undo {
            game: id,
            action: DrawAction::Accept,
        },
    )
    .unwrap();
    assert!(done.contains("takeback accepted"), "{done}");
    let back = load(&conn, id);
    assert_eq!(back.row.ply, ply, "the turn and its passes are undone");
    assert_eq!(back.position.to_move(), Some(seat));
    assert_eq!(back.position.encode(), before.position.encode());
    // The same player, the same roll: the dice are not rolled again.
    assert_eq!(current_roll(&back).unwrap(), Some(roll));
    let shown = run(&mut conn, "", Command::Roll { game: id }).unwrap();
    assert!(
        shown.ends_with(&format!("roll: {}", roll_text(roll))),
        "{shown}"
    );
    // The taken-back turn stays in the trail, marked; history shows it.
    let trail = turns::trail(&conn, id).unwrap();
    assert!(
        trail
            .iter()
            .any(|(e, undone)| e.text == turn && undone.is_some())
    );
    let history = run(&mut conn, "", Command::History { game: id }).unwrap();
    assert!(
        history.contains(&format!("{turn} (taken back)")),
        "{history}"
    );
    // The turn is played again (differently) with that roll, the game ends,
    // and the audit checks every live roll against the revealed seed.
    let (again, _) = play(&mut conn, id, 2);
    assert_eq!(again, mover);
    let replayed = &turns::log(&conn, id).unwrap()[ply as usize];
    assert_eq!(replayed.roll.as_deref(), Some(roll_text(roll).as_str()));
    // (A player resigning before their first turn cancels the game: ended
    // all the same, its seed revealed.)
    for _ in 0..2 {
        let game = load(&conn, id);
        let Some(seat) = game.position.to_move() else {
            break;
        };
        if game.row.status != boserv::store::games::Status::Active {
            break;
        }
        let player = game.player_at(seat);
        run(&mut conn, &player, Command::Resign { game: id }).unwrap();
    }
    let audit = run(&mut conn, "", Command::Audit { game: id }).unwrap();
    assert_eq!(audit.lines().last(), Some("rolls: ok"), "{audit}");
}

#[test]
fn a_preview_of_an_orwell_turn_never_shows_the_next_roll() {
    let (mut conn, id) = orwell();
    let game = load(&conn, id);
    let dice = game.variant.dice().unwrap();
    let ply = game.row.ply;
    let roll = current_roll(&game).unwrap().unwrap();
    let next = roll_at(&game.row, dice, ply + 1).unwrap().unwrap();
    let legal = game.position.legal_turns(Some(roll));
    let before = boserv_dump(&conn);
    let preview = |conn: &mut Connection, turns: &[&str]| {
        run(
            conn,
            "",
            Command::Preview {
                game: id,
                at: None,
                turns: turns.iter().map(|t| t.to_string()).collect(),
            },
        )
    };
    let one = preview(&mut conn, &[&legal[0]]).unwrap();
    // The current roll is public and used; the next player's is not shown.
    assert!(one.contains(&format!("{}: ", roll_text(roll))), "{one}");
    assert!(one.ends_with("with a roll not yet known"), "{one}");
    assert!(!one.contains(&format!("roll {}", roll_text(next))), "{one}");
    // A second turn would need the next roll: the preview stops before it.
    let two = preview(&mut conn, &[&legal[0], "pass, pass"]).unwrap();
    assert!(
        two.contains("The preview stops before turn 2 (pass, pass): it needs the roll of move"),
        "{two}"
    );
    assert!(two.ends_with("with a roll not yet known"), "{two}");
    // An illegal turn is one line naming it.
    let err = preview(&mut conn, &["z99-z98"]).unwrap_err().to_string();
    assert!(err.starts_with("turn 1 (z99-z98): "), "{err}");
    assert!(!err.contains('\n'));
    assert_eq!(boserv_dump(&conn), before, "a preview stores nothing");
}

/// Every row of the game tables.
fn boserv_dump(conn: &Connection) -> String {
    let mut out = String::new();
    for table in ["games", "turns", "outbox"] {
        let mut q = conn.prepare(&format!("SELECT * FROM {table}")).unwrap();
        let n = q.column_count();
        let rows = q
            .query_map([], |r| {
                Ok((0..n)
                    .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                    .collect::<Vec<_>>()
                    .join("|"))
            })
            .unwrap();
        for row in rows {
            out.push_str(&format!("{table}: {}\n", row.unwrap()));
        }
    }
    out
}

/// A mail from `user` with `subject`.
fn mail(env: &Env, user: &str, subject: &str, id: &str) {
    env.mail(&format!(
        "From: {user} <{user}@example.test>\nTo: chess@example.net\nSubject: {subject}\n\
         Message-ID: <{id}@example.test>\nDate: Sun, 1 Mar 2026 12:00:00 +0000\n\n"
    ));
}

/// The bodies of the mails queued since `from` to `user`.
fn mails_to(env: &Env, user: &str, from: usize) -> Vec<String> {
    env.queued()[from..]
        .iter()
        .filter(|(to, _, _)| to.contains(&format!("{user}@example.test")))
        .map(|(_, subject, body)| format!("Subject: {subject}\n{body}"))
        .collect()
}

#[test]
fn everyone_is_told_of_a_takeback_by_mail_and_the_move_is_mailed_again() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    let start = env.queued().len();
    env.ok(Some("bob"), &["undo", &game]);
    let alice = mails_to(&env, "alice", start);
    assert_eq!(alice.len(), 1, "{alice:#?}");
    assert!(
        alice[0].contains(
            "bob proposes to take back the last turn (alice's e2-e4, move 1); alice is to\naccept or decline it."
        ),
        "{}",
        alice[0]
    );
    assert!(
        alice[0].contains("  chess move 1 alice PASSWORD accept\n"),
        "{}",
        alice[0]
    );
    assert!(
        alice[0].starts_with("Subject: Chess Board 1 alice"),
        "{}",
        alice[0]
    );
    let bob = mails_to(&env, "bob", start);
    assert!(
        bob[0].contains("Waiting for alice to accept or decline it."),
        "{}",
        bob[0]
    );
    // By mail, pbmserv's `accept` answers the takeback (not a draw).
    let voted = env.queued().len();
    mail(&env, "alice", "chess move 1 alice secret accept", "vote");
    for user in ["alice", "bob"] {
        let mails = mails_to(&env, user, voted);
        assert!(
            mails.iter().any(|m| m
                .contains("Takeback accepted: the last turn (alice's e2-e4, move 1) is undone.")
                && m.contains("move 1")),
            "{user}: {mails:#?}"
        );
    }
    let json = env.json(&game);
    assert_eq!(json["ply"], 0);
    assert_eq!(json["to_move"], "alice");
    // Move 1 comes round again: its board mail is a new mail, not taken
    // for the first move 1's (same number, same player).
    let again = env.queued().len();
    env.ok(Some("alice"), &["move", &game, "d2-d4#1"]);
    let bob = mails_to(&env, "bob", again);
    assert!(
        bob.iter()
            .any(|m| m.contains("alice played d2-d4 (move 1).")),
        "{bob:#?}"
    );
    // Nothing stands now: accept and reject are refused.
    assert_eq!(
        env.refused(Some("bob"), &["move", &game, "accept"]),
        "nothing has been proposed in game1: no draw offer or takeback to answer"
    );
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("e2-e4 (taken back)"), "{history}");
    // A preview by mail is answered to the asker alone, by any game word.
    let asked = env.queued().len();
    mail(&env, "bob", "all preview 1 e7-e5", "preview");
    let answers = &env.queued()[asked..];
    assert_eq!(answers.len(), 1, "{answers:#?}");
    assert!(answers[0].0.contains("bob@example.test"));
    assert!(
        answers[0]
            .2
            .contains("in the preview it is alice's turn (move 2)"),
        "{answers:#?}"
    );
    assert!(
        history.contains("takeback agreed (alice): takes back e2-e4"),
        "{history}"
    );
}

#[test]
fn a_decline_by_mail_ends_the_takeback() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    mail(&env, "alice", "chess move 1 alice secret undo", "undo");
    let start = env.queued().len();
    mail(&env, "bob", "chess move 1 bob secret reject", "reject");
    let alice = mails_to(&env, "alice", start);
    assert!(
        alice
            .iter()
            .any(|m| m.contains("bob declined the takeback.")),
        "{alice:#?}"
    );
    assert_eq!(env.json(&game)["ply"], 1);
    assert_eq!(
        env.refused(Some("bob"), &["undo", &game, "accept"]),
        "nobody has proposed a takeback in game1"
    );
}

#[test]
fn the_clock_block_and_the_thinking_time_limit() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(Some("bob"), &["challenges", "chess", "accept"]);
    let start = env.queued().len();
    mail(
        &env,
        "alice",
        "chess challenge alice bob --totaltime=30 --login=alice:secret",
        "challenge",
    );
    let game = "game1";
    let shown = env.ok(None, &["show", game]);
    assert!(
        shown.contains(
            "time: reminder after 7 days, forfeit after 21 days, 30 days of thinking time each"
        ),
        "{shown}"
    );
    env.ok(Some("alice"), &["move", game, "e2-e4#1"]);
    let bob = mails_to(&env, "bob", start);
    let board = bob.last().unwrap();
    for line in [
        "Game started...... Sun 1 Mar 2026 12:00 UTC",
        "Last move made.... Sun 1 Mar 2026 12:00 UTC",
        "It is now......... Sun 1 Mar 2026 12:00 UTC",
        "Thinking time allowed: 30 days per player in all; a warning",
        "Time used by players:",
        "  alice (White): 0 days 00:00:00",
        "  Total: 0 days 00:00:00",
    ] {
        assert!(board.contains(line), "{line}: {board}");
    }
    // A game with the default limits has no clock block until it ends.
    let plain = env.challenge("chess", "bob", "alice");
    let before = env.queued().len();
    env.ok(Some("bob"), &["move", &plain, "e2-e4#1"]);
    let alice = mails_to(&env, "alice", before);
    assert!(!alice[0].contains("Time used by players"), "{}", alice[0]);
    let before = env.queued().len();
    env.ok(Some("alice"), &["resign", &plain]);
    let over = mails_to(&env, "bob", before);
    assert!(
        over.iter()
            .any(|m| m.contains("Game ended........") && m.contains("Time used by players:")),
        "{over:#?}"
    );
    // A bad limit is refused, naming it.
    assert_eq!(
        env.refused(
            Some("alice"),
            &["challenge", "chess", "alice", "bob", "--opt", "totaltime=0"]
        ),
        "totaltime=0: the thinking time is a whole number of days from 1 to 365"
    );
}

#[test]
fn a_move_after_the_thinking_time_is_used_up_is_too_late() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.ok(
        None,
        &["challenge", "chess", "alice", "bob", "--opt", "totaltime=2"],
    );
    // Three days later (the fixed clock is 2026-03-01 12:00).
    let out = env
        .cmd(Some("alice"))
        .env("BOSERV_NOW", "2026-03-04T12:00:00Z")
        .args(["move", "game1", "e2-e4#1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("game1: too late: alice has used up the 2 days of thinking time and loses on time; e2-e4 was not played"),
        "{text}"
    );
    let json = env.json("game1");
    assert_eq!(json["ply"], 0);
    assert_eq!(json["result"], "0-1");
    assert_eq!(json["reason"], "time forfeit");
    // `remind` forfeits a player out of thinking time without their move.
    env.ok(
        None,
        &["challenge", "chess", "bob", "alice", "--opt", "totaltime=1"],
    );
    let out = env
        .cmd(None)
        .env("BOSERV_NOW", "2026-03-03T12:00:00Z")
        .arg("remind")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json = env.json("game2");
    assert_eq!(json["result"], "0-1");
    assert_eq!(json["reason"], "time forfeit");
}

/// The first test seed under which, in game 1, the first turn a player
/// makes (their first legal turn) is followed by a forced pass; with that
/// turn and the ply it is made at.
fn seed_with_a_pass_after_the_first_turn() -> (boserv::dice::Seed, String) {
    let variant = boserv::service::game::find_variant(&VARIANTS, "orwell").unwrap();
    let dice = variant.dice().unwrap();
    for b in 0u8..=255 {
        let seed = boserv::dice::Seed([b; 32]);
        let roll = |n: u32| boserv::dice::roll(&seed, GameId(1), u64::from(n), dice);
        let mut position = variant.start(&[]).unwrap();
        let mut ply = 0;
        while position.must_pass(roll(ply)) {
            position = position
                .play(dice.forced_turn, Some(roll(ply)))
                .unwrap()
                .position;
            ply += 1;
        }
        let turn = position.legal_turns(Some(roll(ply)))[0].clone();
        let after = position.play(&turn, Some(roll(ply))).unwrap().position;
        if after.to_move().is_some() && after.must_pass(roll(ply + 1)) {
            return (seed, turn);
        }
    }
    panic!("no test seed passes after the first turn");
}

#[test]
fn a_takeback_undoes_the_turn_with_the_passes_that_followed_it() {
    let (seed, turn) = seed_with_a_pass_after_the_first_turn();
    let mut conn = store::open_in_memory().unwrap();
    let at = "2026-03-01T12:00:00Z";
    let ids: Vec<i64> = ["alice", "bob", "carol"]
        .iter()
        .map(|u| boserv::store::players::insert(&conn, u, "h", &[], at).unwrap())
        .collect();
    let start = boserv::service::game::find_variant(&VARIANTS, "orwell")
        .unwrap()
        .start(&[])
        .unwrap();
    let id = boserv::store::games::insert(
        &conn,
        &boserv::store::games::NewGame {
            variant: "orwell",
            options: &[],
            position: &start.encode(),
            player_ids: &ids,
            nag_days: 7,
            forfeit_days: 21,
            total_days: None,
            clock: None,
            dice_commitment: Some(&seed.commitment()),
            dice_seed: Some(&seed.to_hex()),
            now: at,
        },
    )
    .unwrap();
    let mut game = load(&conn, id);
    boserv::service::play::autopass::advance(&conn, &mut game, now()).unwrap();
    let before = load(&conn, id);
    let roll = current_roll(&before).unwrap();
    let mover = before.player_at(before.position.to_move().unwrap());
    let command = Command::Move {
        game: id,
        turn: turn.clone(),
        expect: None,
    };
    let reply = run(&mut conn, &mover, command).unwrap();
    assert!(reply.contains("(passed automatically)"), "{reply}");
    let moved = load(&conn, id);
    assert!(moved.row.ply >= before.row.ply + 2, "the turn and a pass");
    for user in ["alice", "bob", "carol"] {
        let command = Command::Undo {
            game: id,
            action: if user == "alice" {
                DrawAction::Offer
            } else {
                DrawAction::Accept
            },
        };
        run(&mut conn, user, command).unwrap();
    }
    let back = load(&conn, id);
    assert_eq!(back.row.ply, before.row.ply);
    assert_eq!(back.position.encode(), before.position.encode());
    assert_eq!(current_roll(&back).unwrap(), roll);
    let undone = turns::trail(&conn, id)
        .unwrap()
        .iter()
        .filter(|(_, undone)| undone.is_some())
        .count();
    assert_eq!(undone as u32, moved.row.ply - before.row.ply);
}
