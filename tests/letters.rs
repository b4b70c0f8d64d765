//! Every kind of letter a player can receive, as its reader gets it
//! (issue 49, item 4): the invitation and its decline, a seek taken, a
//! tournament's start (player and organiser), a round's table, a ladder's
//! new places, the warnings before a deadline, the computer player's
//! answer and the digest. Each is made by the flow that makes it in
//! production and snapshotted as delivered — the headers a Reply reads and
//! the decoded text — so a change of wording is reviewed as a player
//! would read it, not found by chance.

use crate::util::{Delivered, Env};

/// The mail as its reader sees it; tokens put as placeholders (the rest
/// is fixed by the tests' clock).
fn letter(name: &str, mail: &Delivered) {
    let shown = format!(
        "From: {}\nTo: {}\nReply-To: {}\nSubject: {}\n\n{}",
        mail.from(),
        mail.to().join(", "),
        mail.reply_to().unwrap_or_default(),
        mail.subject(),
        mail.text().replace("\r\n", "\n"),
    );
    insta::with_settings!({filters => vec![
        (r"\+[0-9a-f]{32}@", "+[token]@"),
    ]}, {
        insta::assert_snapshot!(name, shown);
    });
}

fn env(players: &[&str]) -> Env {
    let env = Env::new();
    env.signup(players);
    env
}

/// `remind` at `now`, and what it queued delivered then (into the
/// directory [`Env::delivered`] reads).
fn remind(env: &Env, now: &str) {
    env.ok(None, &["--now", now, "remind"]);
    let sent = env.dir.path().join("sent");
    std::fs::create_dir_all(&sent).unwrap();
    let transport = format!("file:{}", sent.display());
    env.ok(None, &["--now", now, "deliver", "--transport", &transport]);
}

#[test]
fn the_invitation_and_the_digest() {
    let env = env(&["alice", "bob"]);
    env.ok(Some("bob"), &["digest", "on", "12"]);
    env.ok(
        Some("alice"),
        &["challenge", "chess", "alice", "bob", "--clock=30+1"],
    );
    letter("invitation", &env.delivered_to("bob@", "Invitation"));
    env.answer(&env.delivered_to("bob@", "Invitation"), "accept");
    env.challenge("chess", "alice", "bob");
    for game in ["1", "2"] {
        env.ok(Some("alice"), &["move", game, "e2-e4"]);
    }
    env.ok(None, &["remind"]);
    letter("digest", &env.delivered_to("bob@", "Digest"));
}

#[test]
fn a_declined_invitation() {
    let env = env(&["alice", "bob"]);
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    let invitation = env.delivered_to("bob@", "Invitation");
    env.answer(&invitation, "decline Not this month, sorry.");
    let told = env
        .delivered()
        .into_iter()
        .rev()
        .find(|m| m.to().iter().any(|a| a.contains("alice@")))
        .expect("alice is told");
    letter("declined", &told);
}

#[test]
fn a_seek_taken() {
    let env = env(&["alice", "bob"]);
    let send = |user: &str, id: &str, subject: &str, words: &str| {
        env.mail_done(&format!(
            "From: {user}@example.test\r\nTo: bochess@example.net\r\n\
             Message-ID: <{id}@example.test>\r\nSubject: {subject}\r\n\r\n{words}\r\n"
        ))
    };
    send(
        "alice",
        "s1",
        "chess seek alice secret --color=white",
        "Looking for a slow game.",
    );
    send("bob", "t1", "accept bob secret seek1", "Count me in.");
    letter("seek_taken_seeker", &env.delivered_to("alice@", "Board 1"));
    letter("seek_taken_taker", &env.delivered_to("bob@", "Board 1"));
}

/// A four-player round robin organised by `org`, who does not play.
fn round_robin(env: &Env) {
    env.ok(
        Some("org"),
        &[
            "tournament",
            "create",
            "four",
            "chess",
            "round-robin",
            "--players=4",
        ],
    );
    for p in ["p1", "p2", "p3", "p4"] {
        env.ok(Some(p), &["tournament", "join", "four"]);
    }
}

#[test]
fn a_tournament_starts_and_its_round_ends() {
    let env = env(&["p1", "p2", "p3", "p4", "org"]);
    round_robin(&env);
    letter(
        "tournament_started_player",
        &env.delivered_to("p1@", "started"),
    );
    letter(
        "tournament_started_organiser",
        &env.delivered_to("org@", "started"),
    );
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["tournament", "show", "four", "--format", "json"]))
            .unwrap();
    for game in json["games"].as_array().unwrap() {
        if game["round"] == 1 {
            let white = game["white"].as_str().unwrap();
            env.ok(Some(white), &["resign", game["game"].as_str().unwrap()]);
        }
    }
    letter("round_over", &env.delivered_to("p1@", "round 1 over"));
}

#[test]
fn a_ladders_new_places() {
    let env = env(&["ann", "bob", "cy"]);
    env.ok(
        Some("ann"),
        &[
            "tournament",
            "create",
            "steps",
            "chess",
            "ladder",
            "--reach=2",
        ],
    );
    for p in ["ann", "bob", "cy"] {
        env.ok(Some(p), &["tournament", "join", "steps"]);
    }
    let out = env.ok(Some("cy"), &["tournament", "challenge", "steps", "ann"]);
    let game = out.lines().last().unwrap().to_string();
    env.ok(Some("cy"), &["move", &game, "e2-e4#1"]);
    env.ok(Some("ann"), &["resign", &game]);
    letter("ladder_climbed", &env.delivered_to("cy@", "Ladder steps"));
    letter("ladder_passed", &env.delivered_to("bob@", "Ladder steps"));
}

#[test]
fn the_warnings_before_a_deadline() {
    let env = env(&["alice", "bob", "cy"]);
    env.ok(None, &["challenge", "chess", "alice", "bob", "--clock=3+1"]);
    remind(&env, "2026-03-03T12:01:00Z");
    letter("clock_warning", &env.delivered_to("alice@", "Board 1"));
    env.ok(Some("alice"), &["challenge", "chess", "alice", "cy"]);
    remind(&env, "2026-03-14T12:01:00Z");
    letter("invitation_warning", &env.delivered_to("cy@", "Invitation"));
}

#[test]
fn the_computer_players_answer() {
    let env = env(&["alice"]);
    env.ok(
        Some("alice"),
        &[
            "challenge",
            "chess",
            "alice",
            "boserv-bot",
            "--opt",
            "level=1",
        ],
    );
    let board = env.delivered_to("alice@", "Board 1");
    env.answer(&board, "e2-e4");
    letter("bot_answer", &env.delivered_to("alice@", "Board 1"));
}
