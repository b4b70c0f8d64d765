//! Both games through the binary, as players use them: a Squirm game with
//! Berolina pawns from the shell (challenge --opt berolina, a squirm turn,
//! show, history, export, replay), a Rebellion game by mail with a rebel
//! move and the board mail's squirm line, and the analysis commands
//! (`help`, `moves`, `perft`) for both.

use crate::util::Env;

#[test]
fn a_squirm_game_with_berolina_pawns_from_the_shell() {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    let out = env.ok(
        None,
        &["challenge", "squirm", "alice", "bob", "--opt", "berolina"],
    );
    let game = out.lines().last().unwrap().to_string();
    // A Berolina pawn steps diagonally; straight ahead is refused.
    let reason = env.refused(Some("alice"), &["move", &game, "e2-e4"]);
    assert!(reason.contains("Berolina pawn"), "{reason}");
    env.ok(Some("alice"), &["move", &game, "e2-d3#1"]);
    let board = env.ok(None, &["show", &game]);
    assert!(
        board.contains(
            "Squirm: Black may first move White's Berolina pawn on d3: ~d3-c3 or ~d3-e3."
        ),
        "{board}"
    );
    // Black squirms White's pawn, then moves.
    env.ok(Some("bob"), &["move", &game, "~d3-c3, g7-f6#2"]);
    let board = env.ok(None, &["show", &game]);
    assert!(board.contains("Last move: ~d3-c3, g7-f6"), "{board}");
    assert!(
        board.contains(
            "Squirm: White may first move Black's Berolina pawn on f6: ~f6-e6 or ~f6-g6."
        ),
        "{board}"
    );
    // Only the piece that moved last may squirm.
    let reason = env.refused(Some("alice"), &["move", &game, "~b7-b6, Ng1-f3"]);
    assert!(reason.contains("~b7"), "{reason}");
    env.ok(Some("alice"), &["move", &game, "Ng1-h3#3"]);
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("~d3-c3, g7-f6"), "{history}");

    // The record replays to the same board, option and all.
    let record = env.ok(None, &["export", &game]);
    assert!(record.contains("berolina"), "{record}");
    let path = env.dir.path().join("game.txt");
    std::fs::write(&path, &record).unwrap();
    let replayed = env.ok(None, &["replay", "squirm", path.to_str().unwrap()]);
    assert!(replayed.contains("Last move: Ng1-h3"), "{replayed}");
    assert_eq!(replayed.lines().last(), Some("result: *"));
}

#[test]
fn a_rebellion_game_by_mail_with_a_rebel_move() {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.org\nsignup bob bobpw bob@example.org\n\
          rebellion challenge alice bob\nrebellion move 1 alice secret Ng1-f3\n\
          rebellion move 1 bob bobpw ~Nf3-f4\n",
    );
    assert!(out.status.success(), "{out:?}");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let bodies: Vec<(String, String)> = conn
        .prepare("SELECT recipients, body FROM outbox ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let last_to = |who: &str| {
        bodies
            .iter()
            .rev()
            .find(|(to, _)| to.contains(who))
            .map(|(_, b)| b.clone())
            .unwrap()
    };
    let alice = last_to("alice@example.org");
    assert!(alice.contains("Last move: ~Nf3-f4"), "{alice}");
    assert!(
        alice.contains("It is your turn, alice (move 2)."),
        "{alice}"
    );
    // White's knight stands on f4, seen from White's side.
    assert!(
        alice.contains("\n  4 |   |:::|   |:::|   |:N:|   |:::| 4\n"),
        "{alice}"
    );
    // A squirm game's mail says what may squirm.
    let out = env.stdin(
        &["run"],
        b"squirm challenge alice bob\nsquirm move 2 alice secret e2-e4\n",
    );
    assert!(out.status.success(), "{out:?}");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let body: String = conn
        .query_row(
            "SELECT body FROM outbox WHERE recipients LIKE '%bob%' ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        body.contains("Squirm: Black may first move White's pawn on e4: ~e4-d4 or ~e4-f4."),
        "{body}"
    );
    let mv = "From: bob@example.org\r\nSubject: squirm move 2 bob bobpw ~e4-d4, e7-e5\r\n\r\n";
    assert_eq!(env.stdin(&["mail"], mv.as_bytes()).status.code(), Some(0));
    let board = env.ok(None, &["show", "2"]);
    assert!(board.contains("Last move: ~e4-d4, e7-e5"), "{board}");
}

#[test]
fn help_moves_and_perft_know_both_games() {
    let env = Env::new();
    let help = env.ok(None, &["help", "rebellion"]);
    assert!(help.contains("Black knight on d5:  ~Nd5-c4"), "{help}");
    let help = env.ok(None, &["help", "squirm"]);
    assert!(help.contains("~Nf6-f5, e2-e4"), "{help}");
    let variants = env.ok(None, &["variants"]);
    assert!(
        variants.contains("Rebellion Chess") && variants.contains("Squirm Chess"),
        "{variants}"
    );

    assert_eq!(env.ok(None, &["moves", "rebellion"]).lines().count(), 20);
    let moves = env.ok(None, &["moves", "rebellion", "Nb1-c3"]);
    assert!(moves.lines().any(|l| l == "~Nc3-b4"), "{moves}");
    let moves = env.ok(None, &["moves", "squirm", "--opt", "berolina", "e2-d3"]);
    assert!(moves.lines().any(|l| l == "~d3-e3, b7-c6"), "{moves}");
    let after = env.ok(None, &["moves", "squirm", "Ng1-f3", "~Nf3-f4, d7-d5"]);
    assert!(
        after.lines().any(|l| l == "~d5-c5, Nf4xd5") || after.lines().any(|l| l == "Nf4xd5"),
        "{after}"
    );
    assert_eq!(
        env.ok(None, &["perft", "rebellion", "2"]).lines().last(),
        Some("496")
    );
    assert_eq!(
        env.ok(None, &["perft", "squirm", "2", "--opt", "berolina"])
            .lines()
            .last(),
        Some("2820")
    );
    let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5 f6";
    assert_eq!(
        env.ok(None, &["perft", "squirm", "1", "--fen", fen])
            .lines()
            .last(),
        Some("180")
    );
    let reason = env.refused(None, &["moves", "squirm", "--opt", "progressive"]);
    assert_eq!(
        reason,
        "progressive: not an option of squirm; its option: berolina (Berolina pawns)"
    );
}
