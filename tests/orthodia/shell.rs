//! Orthodia through the binary, as players use it: a game by shell (a
//! Warrior's double step, the answer, the board, the record replayed), a
//! game by mail, and the analysis commands (`help`, `moves`, `perft`,
//! `--fen`) for both versions.

use std::process::Output;

use crate::util::Env;

#[test]
fn a_game_from_the_shell_with_warriors_and_en_passant() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("orthodia", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "Wa2-c4"]);
    let reason = env.refused(Some("bob"), &["move", &game, "Td8-d6"]);
    assert!(reason.starts_with("Td8-d6"), "{reason}");
    env.play(&game, ["alice", "bob"], 2, &["e7-e6", "Wc4-b5", "Wa7-c5"]);
    // The black Warrior passed b6: the white one takes it there, straight ahead.
    env.ok(Some("alice"), &["move", &game, "Wb5xb6"]);
    let board = env.ok(None, &["show", &game]);
    let rank = |n: &str| {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_else(|| panic!("no rank {n} in\n{board}"))
            .to_string()
    };
    let cell = |line: String, file: usize| line.split('|').nth(file).unwrap().to_string();
    let bare = |c: String| c.trim_matches([':', ' ']).to_string();
    assert_eq!(bare(cell(rank("6 |"), 2)), "W", "{board}");
    assert_eq!(bare(cell(rank("5 |"), 3)), "", "{board}");
    assert!(board.contains("Last move: Wb5xb6"), "{board}");
    let json = env.json(&game);
    assert_eq!(json["ply"], 5);
    assert_eq!(json["to_move"], "bob");
    let record = env.ok(None, &["export", &game]);
    let path = env.dir.path().join("game.txt");
    std::fs::write(&path, &record).unwrap();
    let replayed = env.ok(None, &["replay", "orthodia", path.to_str().unwrap()]);
    assert!(replayed.contains("Last move: Wb5xb6"), "{replayed}");
    assert_eq!(replayed.lines().last(), Some("result: *"));
    let history = env.ok(None, &["history", &game]);
    assert!(
        history.contains("Wa2-c4") && history.contains("Wb5xb6"),
        "{history}"
    );
}

#[test]
fn help_moves_and_perft_know_both_games() {
    let env = Env::new();
    let help = env.ok(None, &["help", "orthodia"]);
    assert!(help.contains("Bisroos") && help.contains("Torch"), "{help}");
    assert!(help.contains("WHY A KING MAY STAND"), "{help}");
    let simple = env.ok(None, &["help", "orthodia-simple"]);
    assert!(simple.contains("Blooming Rose"), "{simple}");
    for game in ["orthodia", "orthodia-simple"] {
        let moves = env.ok(None, &["moves", game]);
        assert_eq!(moves.lines().count(), 16, "{moves}");
        assert!(moves.lines().any(|l| l == "Wa2-c4"), "{moves}");
        let perft = env.ok(None, &["perft", game, "2"]);
        assert_eq!(perft.lines().last(), Some("256"));
    }
    let after = env.ok(None, &["moves", "orthodia", "Wa2-c4", "Wa7-c5"]);
    assert!(after.lines().any(|l| l == "Wc4xc5"), "{after}");
    let fen = "4k3/8/8/8/pw6/8/W7/4K3 w - - 0 1";
    let ep = env.ok(None, &["moves", "orthodia", "--fen", fen, "Wa2-c4"]);
    assert!(ep.lines().any(|l| l == "Wb4xb3"), "{ep}");
    let none = env.ok(None, &["moves", "orthodia-simple", "--fen", fen, "Wa2-c4"]);
    assert!(!none.lines().any(|l| l == "Wb4xb3"), "{none}");
}

fn mail(env: &Env, raw: &str) -> Output {
    env.stdin(&["mail"], raw.as_bytes())
}

#[test]
fn a_game_of_orthodia_by_mail() {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw bob@example.org\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env.ok(Some("bob"), &["challenges", "orthodia", "accept"]);
    let challenge = "From: alice@example.org\r\nMessage-ID: <c1@example.org>\r\nSubject: orthodia challenge alice bob --login=alice:secret\r\n\r\n";
    assert_eq!(mail(&env, challenge).status.code(), Some(0));
    let mv = "From: alice@example.org\r\nMessage-ID: <m1@example.org>\r\nSubject: orthodia move 1 alice secret Wh2-f4\r\n\r\n";
    assert_eq!(mail(&env, mv).status.code(), Some(0));
    let reply = "From: bob@example.org\r\nMessage-ID: <m2@example.org>\r\nSubject: orthodia move 1 bob bobpw e7-e5\r\n\r\n";
    assert_eq!(mail(&env, reply).status.code(), Some(0));
    let bad = "From: alice@example.org\r\nMessage-ID: <m3@example.org>\r\nSubject: orthodia move 1 alice secret Td1-d3\r\n\r\n";
    assert_eq!(mail(&env, bad).status.code(), Some(0));
    let outbox = env.ok(None, &["outbox"]);
    assert!(outbox.contains("Orthodia Board 1"), "{outbox}");
    assert!(outbox.contains("Orthodia Board 1 Error"), "{outbox}");
    let json = env.json("game1");
    assert_eq!(json["ply"], 2, "{json}");
    let history = env.ok(None, &["history", "game1"]);
    assert!(
        history.contains("Wh2-f4") && history.contains("e7-e5"),
        "{history}"
    );
}
