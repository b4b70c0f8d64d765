//! Orphic Chess through the binary, as players use it: a game from the
//! shell with drops and a relocation, the board with both reserves from
//! each side, history, export and replay, the analysis commands, a game by
//! mail, a reminder, a draw and a resignation.

use chrono::{DateTime, TimeDelta, Utc};

use crate::util::{Env, NOW};

/// The queued mails to `address`: (subject, body), oldest first.
fn mails_to(env: &Env, address: &str) -> Vec<(String, String)> {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let mut q = conn
        .prepare("SELECT recipients, subject, body FROM outbox ORDER BY id")
        .unwrap();
    let rows = q
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
            ))
        })
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    rows.into_iter()
        .filter(|(to, _, _)| to.contains(address))
        .map(|(_, s, b)| (s, b))
        .collect()
}

#[test]
fn a_game_from_the_shell_with_drops_and_a_relocation() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("orphic", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "N@e3/c4"]);
    let reason = env.refused(Some("bob"), &["move", &game, "K@e7"]);
    assert_eq!(
        reason,
        "K@e7: your king goes on rank 8 while other pieces remain in your reserve"
    );
    let reason = env.refused(Some("bob"), &["move", &game, "b6-b5"]);
    assert!(reason.contains("may only capture"), "{reason}");
    env.ok(Some("bob"), &["move", &game, "n@d5"]);
    env.ok(Some("alice"), &["move", &game, "c4xd5"]);
    let board = env.ok(None, &["show", &game]);
    assert!(board.contains("White's reserve:"), "{board}");
    assert_eq!(board.matches("Q R R B B N K").count(), 2, "{board}");
    assert!(board.contains("Last move: c4xd5"), "{board}");
    // Bob sees the board from Black's side: rank 1 on top, his reserve
    // beside his own edge (the bottom).
    let bobs = env.ok(Some("bob"), &["show", &game]);
    let top = bobs.lines().find(|l| l.contains(" |")).unwrap();
    assert!(
        top.starts_with("  1 |") && top.ends_with("White's reserve:"),
        "{bobs}"
    );
    let json = env.json(&game);
    assert_eq!(json["ply"], 3);
    assert_eq!(json["to_move"], "bob");
    let history = env.ok(None, &["history", &game]);
    assert!(
        history.contains("N@e3/c4") && history.contains("N@d5"),
        "{history}"
    );

    // The record replays to the same board.
    let record = env.ok(None, &["export", &game]);
    let path = env.dir.path().join("game.txt");
    std::fs::write(&path, &record).unwrap();
    let replayed = env.ok(None, &["replay", "orphic", path.to_str().unwrap()]);
    assert!(replayed.contains("Last move: c4xd5"), "{replayed}");

    // A draw offered and accepted ends it.
    env.ok(Some("bob"), &["draw", &game, "offer"]);
    let agreed = env.ok(Some("alice"), &["draw", &game, "accept"]);
    assert!(agreed.contains("game over: 1/2-1/2"), "{agreed}");
}

#[test]
fn help_moves_perft_and_fen_know_orphic() {
    let env = Env::new();
    let help = env.ok(None, &["help", "orphic"]);
    for needle in ["N@e4", "N@e3/c4", "[QRRBBNNKqrrbbnnk]", "first rank"] {
        assert!(help.contains(needle), "{needle} in {help}");
    }
    let moves = env.ok(None, &["moves", "orphic"]);
    assert_eq!(moves.lines().count(), 712, "{moves}");
    assert!(moves.lines().any(|l| l == "N@e3/c4"), "{moves}");
    let perft = env.ok(None, &["perft", "orphic", "2"]);
    assert_eq!(perft.lines().last(), Some("501904"));
    let after = env.ok(None, &["moves", "orphic", "N@e5"]);
    assert!(after.lines().any(|l| l == "d6xe5"), "{after}");
    let fen = "4r2k/8/pppp1ppp/8/8/PPPP1PPP/8/4K3[QRNqn] w - - 0 10";
    let checked = env.ok(None, &["moves", "orphic", "--fen", fen]);
    assert_eq!(checked.lines().count(), 22, "{checked}");
    assert!(!checked.contains('/'), "no relocation in check: {checked}");
    let reason = env.refused(
        None,
        &["moves", "orphic", "--fen", "8/8/8/8/8/8/8/8[X] w - - 0 1"],
    );
    assert!(reason.contains("no piece has the letter X"), "{reason}");
}

#[test]
fn a_game_by_mail_a_reminder_and_a_resignation() {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw bob@example.org\n\
          orphic challenge alice bob\norphic move 1 alice secret N@e3/c4\n\
          orphic move 1 bob bobpw N@e6/c5\n",
    );
    assert!(out.status.success(), "{out:?}");
    let raw = "From: alice@example.org\r\nSubject: orphic move 1 alice secret K@e1\r\n\r\n";
    let out = env.stdin(&["mail"], raw.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    let (subject, body) = mails_to(&env, "bob@example.org").pop().unwrap();
    assert_eq!(subject, "Orphic Board 1 bob");
    assert!(body.contains("K@e1"), "{body}");
    // Bob's mail: from Black's side, both reserves beside the board.
    assert!(
        body.contains("      h   g   f   e   d   c   b   a"),
        "{body}"
    );
    assert!(
        body.contains("Black's reserve:") && body.contains("White's reserve:"),
        "{body}"
    );
    let (_, alices) = mails_to(&env, "alice@example.org").pop().unwrap();
    assert!(
        alices.contains("      a   b   c   d   e   f   g   h"),
        "{alices}"
    );

    // A week without Bob's move: he is reminded, with the board.
    let t: DateTime<Utc> = NOW.parse().unwrap();
    let week = (t + TimeDelta::days(7)).to_rfc3339();
    let out = env
        .cmd(None)
        .args(["--now", &week, "remind"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (subject, body) = mails_to(&env, "bob@example.org").pop().unwrap();
    assert_eq!(subject, "Nag: Orphic Board 1 bob");
    assert!(body.contains("Black's reserve:"), "{body}");

    let raw = "From: bob@example.org\r\nSubject: orphic resign 1 bob bobpw\r\n\r\n";
    assert_eq!(env.stdin(&["mail"], raw.as_bytes()).status.code(), Some(0));
    let json = env.json("game1");
    assert_eq!(json["result"], "1-0");
    assert_eq!(json["status"], "over");
}
