//! `analysis GAME` (issue 47): after a game, its costliest turns by the
//! computer player's evaluation, the same by mail and in the shell; a
//! running game gets no hints.

use crate::util::{Env, SERVER};

fn ask(id: &str, subject: &str) -> String {
    format!(
        "From: alice@example.test\r\nTo: {SERVER}\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: {subject}\r\n\r\n\r\n"
    )
}

#[test]
fn a_finished_game_shows_the_turn_that_lost_it() {
    let env = Env::new();
    let game = env.fools_mate();
    let shown = env.ok(Some("bob"), &["analysis", &game]);
    let lines: Vec<&str> = shown.lines().collect();
    assert!(lines[0].starts_with("Analysis of game1"), "{shown}");
    // 2. g4?? allowed mate in one: the costliest turn, listed first.
    assert!(
        lines[1].starts_with("  move 3: alice played g2-g4; the bot prefers ")
            && lines[1].ends_with("; lost a forced mate"),
        "{shown}"
    );
    // Black's own turns were the bot's choice or near it: none lost
    // more than 1. f3 did, and the list is short.
    assert!(lines.len() <= 4, "{shown}");
    assert!(
        !shown.contains("bob played Q"),
        "the mate was best: {shown}"
    );
    // The same words by mail.
    env.mail_done(&ask("a1", "chess analysis 1"));
    let (subject, body) = env.last_mail_to("alice@example.test");
    assert!(subject.contains("analysis"), "{subject}");
    assert!(
        body.contains("move 3: alice played g2-g4; the bot prefers"),
        "{body}"
    );
}

#[test]
fn a_running_game_gets_no_analysis() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, &["e2-e4", "e7-e5"]);
    let why = env.refused(Some("alice"), &["analysis", &game]);
    assert_eq!(
        why,
        "game1 is still being played: the computer player looks at finished games only \
         (no hints to a player)"
    );
    let by_mail = env.mail_refused(&ask("a2", "chess analysis 1"));
    assert!(by_mail.contains("game1 is still being played"), "{by_mail}");
    // A word more is a usage error (exit 2), not an analysis.
    let out = env.run(Some("alice"), &["analysis", &game, "now"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("write `analysis GAME`"), "{said}");
}
