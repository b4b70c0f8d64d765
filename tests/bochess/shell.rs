//! Big Outer Chess through the binary, as a player uses it: a game started
//! from the shell, a B.O. pawn's four-square first move, the answer, the
//! new board; and the analysis commands (`help`, `moves`, `perft`,
//! `export` / `replay`) for `bochess`.

use crate::util::Env;

#[test]
fn a_game_from_the_shell_opens_with_a_four_square_pawn_move() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let game = env.challenge("bochess", "alice", "bob");
    env.ok(Some("alice"), &["move", &game, "e2-e6"]);
    let reason = env.refused(Some("bob"), &["move", &game, "d11-d6"]);
    assert!(reason.contains("1 to 4 squares"), "{reason}");
    env.ok(Some("bob"), &["move", &game, "e11-e7"]);
    let board = env.ok(None, &["show", &game]);
    let rank = |n: &str| {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_else(|| panic!("no rank {n} in\n{board}"))
            .to_string()
    };
    // Files a..l are cells 1..12 between the bars; e is the fifth.
    let cell = |line: String, file: usize| line.split('|').nth(file).unwrap().to_string();
    assert_eq!(cell(rank("6 |"), 5), " P ", "{board}");
    assert_eq!(cell(rank("7 |"), 5), "*P*", "{board}");
    assert_eq!(cell(rank("2 |"), 5).trim(), "", "{board}");
    assert!(board.contains("Last move: e11-e7"), "{board}");
    assert!(board.contains(" Z4 ") && board.contains(" Z1 "), "{board}");
    let json = env.json(&game);
    assert_eq!(json["ply"], 2);
    assert_eq!(json["to_move"], "alice");

    // The record replays to the same board.
    let record = env.ok(None, &["export", &game]);
    let path = env.dir.path().join("game.txt");
    std::fs::write(&path, &record).unwrap();
    let replayed = env.ok(None, &["replay", "bochess", path.to_str().unwrap()]);
    assert!(replayed.contains("Last move: e11-e7"), "{replayed}");
    assert_eq!(replayed.lines().last(), Some("result: *"));
}

#[test]
fn help_moves_and_perft_know_bochess() {
    let env = Env::new();
    let help = env.ok(None, &["help", "bochess"]);
    assert!(help.contains("Matriarch") && help.contains("z1"), "{help}");
    let moves = env.ok(None, &["moves", "bochess"]);
    assert_eq!(moves.lines().count(), 60, "{moves}");
    assert!(moves.lines().any(|l| l == "e2-e6"), "{moves}");
    let perft = env.ok(None, &["perft", "bochess", "2"]);
    assert_eq!(perft.lines().last(), Some("3600"));
    let after = env.ok(None, &["moves", "bochess", "e2-e6", "e11-e7"]);
    assert!(
        !after.lines().any(|l| l == "e6-e7"),
        "e7 blocks e6:\n{after}"
    );
    assert!(after.lines().any(|l| l == "f2-f6"), "{after}");
    let reason = env.refused(None, &["moves", "bochess", "e2-e7"]);
    assert!(reason.contains("e2-e7"), "{reason}");
}
