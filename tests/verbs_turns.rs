//! The verbs that act when a player's turn comes (issue 15): `queue`
//! pre-moves, a resignation sent out of turn, `signoff`, and
//! `submit`/`confirm`, through the shell and by mail. The one-line cases
//! of each verb are in tests/data/verbs/shell.txt and
//! tests/data/mail/verbs/ (tests/verbs.rs); these follow a game along.

use crate::util::Env;

fn started() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let game = env.challenge("chess", "alice", "bob");
    (env, game)
}

fn mail(env: &Env, from: &str, subject: &str, body: &str, id: &str) {
    env.mail(&format!(
        "From: {from}@example.test\nTo: chess@example.net\nSubject: {subject}\n\
         Message-ID: <{id}@example.test>\n\n{body}\n"
    ));
}

#[test]
fn a_queued_move_is_played_when_the_turn_comes_and_marked_auto() {
    let (env, game) = started();
    let out = env.ok(Some("bob"), &["queue", &game, "e7-e5#2"]);
    assert!(out.contains("bob has queued in game1: e7-e5 (#2)"), "{out}");
    // Nobody is told of a queue but its player.
    assert_eq!(env.queued().len(), 2, "only the two new-game mails");
    let out = env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    assert!(
        out.contains("bob: e7-e5 (Auto, queued in advance)"),
        "{out}"
    );
    assert!(out.contains("it is alice's turn (move 2)"), "{out}");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("e7-e5 (Auto)"), "{history}");
    let (subject, body) = env.last_mail_to("alice@example.test");
    assert!(subject.contains("alice"), "{subject}");
    assert!(
        body.contains("bob played e7-e5 (move 1...) (Auto), queued in advance."),
        "{body}"
    );
    assert!(body.contains("e7-e5 (Auto)"), "the move list: {body}");
    // The export stays a record `replay` reads.
    let record = env.ok(None, &["export", &game]);
    assert!(!record.contains("Auto"), "{record}");
}

#[test]
fn a_queued_move_that_became_illegal_is_reported_to_its_player_and_not_played() {
    let (env, game) = started();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "d7-d5"]);
    // bob plans to take on e4, by mail, with a word for alice.
    mail(
        &env,
        "bob",
        "chess queue 1 bob secret d5xe4#4",
        "Your pawn is mine.",
        "q1",
    );
    let (_, answer) = env.last_mail_to("bob@example.test");
    assert!(answer.contains("queued in game1: d5xe4"), "{answer}");
    // alice pushes the pawn on instead: the capture is gone.
    env.ok(Some("alice"), &["move", &game, "e4-e5#3"]);
    let json = env.json(&game);
    assert_eq!(json["ply"], 3, "{json}");
    assert_eq!(json["to_move"], "bob", "{json}");
    let (subject, to_bob) = env.last_mail_to("bob@example.test");
    assert!(subject.ends_with("bob"), "{subject}");
    assert!(
        to_bob.contains("Your queued move d5xe4 was not played:"),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("It is your turn, bob (move 2...)."),
        "{to_bob}"
    );
    assert!(!to_bob.contains("Your pawn is mine."), "{to_bob}");
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(
        !to_alice.contains("d5xe4"),
        "alice never learns of it: {to_alice}"
    );
    // The queue is empty again: bob moves himself.
    env.ok(Some("bob"), &["move", &game, "d5-d4#4"]);
}

#[test]
fn queue_clear_and_its_refusals() {
    let (env, game) = started();
    assert_eq!(
        env.refused(Some("alice"), &["queue", &game, "e2-e4"]),
        "it is your turn in game1: use move, not queue"
    );
    assert_eq!(
        env.refused(Some("bob"), &["queue", &game, "clear"]),
        "you have no turns queued in game1"
    );
    env.ok(Some("bob"), &["queue", &game, "e7-e5"]);
    env.ok(Some("bob"), &["queue", &game, "Ng8-f6"]);
    let (_, to_bob) = {
        // Any board mail to bob now lists his queue: a draw offer makes one.
        env.ok(Some("alice"), &["draw", &game, "offer"]);
        env.last_mail_to("bob@example.test")
    };
    assert!(
        to_bob.contains("You have the following moves queued: e7-e5, Ng8-f6"),
        "{to_bob}"
    );
    let out = env.ok(Some("bob"), &["queue", &game, "clear"]);
    assert!(
        out.contains("cleared bob's queue in game1 (2 turns)"),
        "{out}"
    );
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    assert_eq!(env.json(&game)["to_move"], "bob");
    // By mail: clear, refused now that the queue is empty.
    mail(&env, "alice", "chess queue 1 alice secret clear", "", "q2");
    let (_, answer) = env.last_mail_to("alice@example.test");
    assert!(
        answer.contains("you have no turns queued in game1"),
        "{answer}"
    );
}

#[test]
fn a_resignation_out_of_turn_waits_for_the_turn() {
    let (env, game) = started();
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5"]);
    // By mail, out of turn: pending, answered to bob alone.
    mail(&env, "bob", "chess resign 1 bob secret", "", "r1");
    let (_, answer) = env.last_mail_to("bob@example.test");
    assert!(
        answer.contains("bob will resign game1 when their turn comes"),
        "{answer}"
    );
    assert_eq!(env.json(&game)["status"], "active");
    // The shell sends it again: withdrawn; and once more: pending.
    let out = env.ok(Some("bob"), &["resign", &game]);
    assert!(
        out.contains("bob withdrew the pending resignation"),
        "{out}"
    );
    env.ok(Some("bob"), &["resign", &game]);
    env.ok(Some("alice"), &["draw", &game, "offer"]);
    let (_, to_alice) = env.last_mail_to("alice@example.test");
    assert!(
        to_alice.contains("bob has a resignation pending"),
        "{to_alice}"
    );
    env.ok(Some("alice"), &["move", &game, "Ng1-f3#3"]);
    let json = env.json(&game);
    assert_eq!(json["result"], "1-0", "{json}");
    assert_eq!(json["reason"], "resignation", "{json}");
}

#[test]
fn signoff_forfeits_now_and_when_the_turn_comes() {
    let (env, game) = started();
    let second = env.challenge("chess", "bob", "alice");
    // By mail, with the password: bob closes his account.
    mail(&env, "bob", "signoff bob secret", "", "s1");
    let (_, answer) = env.last_mail_to("bob@example.test");
    assert!(answer.contains("bob signed off"), "{answer}");
    assert!(
        answer.contains(
            "forfeited (your turn; the games end at the server's next round of reminders): game2"
        ),
        "{answer}"
    );
    // The next `remind` ends it.
    assert_eq!(env.json(&second)["status"], "active");
    env.ok(None, &["remind"]);
    assert_eq!(env.json(&second)["result"], "0-1");
    assert_eq!(env.json(&game)["status"], "active");
    env.ok(Some("alice"), &["move", &game, "e2-e4#1"]);
    let json = env.json(&game);
    assert_eq!(json["result"], "1-0", "{json}");
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("player signed off"), "{history}");
    // No mail goes to bob any more.
    let sent_after = env.queued();
    let (to, _, _) = sent_after.last().unwrap();
    assert!(!to.contains("bob@"), "{to}");
    assert_eq!(
        env.refused(Some("alice"), &["challenge", "chess", "alice", "bob"]),
        "bob has signed off: the account is closed"
    );
    assert_eq!(
        env.refused(Some("bob"), &["vacation", "on"]),
        "bob has signed off: the account is closed"
    );
}

#[test]
fn submit_then_confirm_in_the_shell() {
    let (env, game) = started();
    let out = env.ok(Some("alice"), &["submit", &game, "e2-e4#1"]);
    assert!(
        out.starts_with(
            "This is a preview of a submitted move. It must be confirmed to take effect."
        ),
        "{out}"
    );
    assert_eq!(env.json(&game)["ply"], 0);
    assert_eq!(
        env.refused(Some("bob"), &["confirm", &game]),
        "no submission to confirm in game1"
    );
    let out = env.ok(Some("alice"), &["confirm", &game]);
    assert!(out.contains("game1 played e2-e4"), "{out}");
    assert_eq!(env.json(&game)["ply"], 1);
    let (_, to_bob) = env.last_mail_to("bob@example.test");
    assert!(to_bob.contains("alice played e2-e4 (move 1)"), "{to_bob}");
    assert_eq!(
        env.refused(Some("alice"), &["confirm", &game]),
        "no submission to confirm in game1"
    );
    // A submission the position moved away from is dropped.
    env.ok(Some("bob"), &["submit", &game, "e7-e5"]);
    env.ok(Some("bob"), &["move", &game, "d7-d5#2"]);
    env.ok(Some("alice"), &["move", &game, "e4xd5#3"]);
    assert_eq!(
        env.refused(Some("bob"), &["confirm", &game]),
        "no submission to confirm in game1"
    );
}

#[test]
fn an_orwell_queued_turn_is_checked_against_the_roll_of_its_turn() {
    let env = Env::new();
    let game = crate::orwell_cli::start(&env, &"11".repeat(32));
    // Whoever is to move, the next player queues a turn written for a
    // roll: it is played only if that is the roll their turn brings.
    let json = env.json(&game);
    let players: Vec<String> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let mover = json["to_move"].as_str().unwrap().to_string();
    let at = players.iter().position(|p| *p == mover).unwrap();
    let next = players[(at + 1) % 3].clone();
    env.ok(Some(&next), &["queue", &game, "6,6: pass, pass"]);
    crate::orwell_cli::play_one(&env, &game);
    let roll = env.json(&game)["roll"].clone();
    let now = env.json(&game)["to_move"].as_str().map(str::to_string);
    // This seed gives the next player a turn of their own, not a 6,6.
    assert_eq!(now.as_deref(), Some(next.as_str()));
    assert_ne!(roll, serde_json::json!([6, 6]));
    let (_, page) = env.last_mail_to(&format!("{next}@example.test"));
    assert!(
        page.contains(
            "Your queued move 6,6: pass, pass was not played: \
             6,6: pass, pass: written for the roll 6,6 but the roll now is"
        ),
        "{page}"
    );
    assert!(page.contains("Your roll:"), "{page}");
}
