//! Issue 42 item 4: one numbering everywhere. Chess counts full moves
//! (`12.`, `12...`) in every mail, list and history; the `#N` guard keeps
//! the turn count and takes a player's full-move number where it cannot
//! be an earlier turn of theirs. The replies answer the mails the server
//! actually sent.

use crate::util::{Env, reply_to};

fn env() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env
}

/// The text as a phone reads it: its lines joined.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The moves `1. e4 a6 2. Nf3 Nf6 3. Nc3 a5 4. Nd5 h6 5. a3`: Black's
/// fifth move next, turn 10, and the knight on f6 can take on d5.
const TO_BLACKS_FIFTH: &[&str] = &[
    "e2-e4", "a7-a6", "Ng1-f3", "Ng8-f6", "Nb1-c3", "a6-a5", "Nc3-d5", "h7-h6", "a2-a3",
];

#[test]
fn blacks_fifth_move_written_with_its_own_number_is_played_by_reply() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    env.play(&game, ["alice", "bob"], 1, TO_BLACKS_FIFTH);
    let board = env.delivered_to("bob@", "Board 1");
    assert!(
        flat(&board.text()).contains("It is your turn, bob (move 5...)."),
        "{}",
        board.text()
    );
    assert!(board.text().contains("MOVE#10"), "{}", board.text());
    env.answer(&board, "Nf6xd5#5");
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY ply DESC LIMIT 1"),
        ["Nf6xd5"]
    );
    let theirs = env.delivered_to("alice@", "Board 1");
    assert!(
        flat(&theirs.text()).contains("bob played Nf6xd5 (move 5...)."),
        "{}",
        theirs.text()
    );
}

#[test]
fn a_number_that_may_be_an_earlier_turn_is_refused_with_both_readings() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    env.play(
        &game,
        ["alice", "bob"],
        1,
        &["e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6"],
    );
    // White's third move is turn 5; #3 was White's own second move.
    let board = env.delivered_to("alice@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "Bf1-c4#3"));
    assert!(
        flat(&error).contains(
            "#3: turn 3 was your earlier move; this is move 3 (turn 5): write #5, \
             or leave the number out"
        ),
        "{error}"
    );
    assert_eq!(env.query::<u32>("SELECT count(*) FROM turns"), [4]);
    // A number that is neither reading is stale, both readings named.
    let said = env.refused(Some("alice"), &["move", &game, "Bf1-c4#4"]);
    assert_eq!(
        said.trim(),
        "move #4 received but this is turn 5, move 3 by full moves: write #5"
    );
    env.ok(Some("alice"), &["move", &game, "Bf1-c4#5"]);
    assert_eq!(env.query::<u32>("SELECT count(*) FROM turns"), [5]);
}

#[test]
fn a_game_resigned_on_blacks_twelfth_move_says_12_in_every_line() {
    let env = env();
    let game = env.challenge("chess", "alice", "bob");
    // Twelve pawn moves for White, eleven for Black: turn 24 is Black's
    // twelfth move.
    let turns = [
        "a2-a3", "a7-a6", "a3-a4", "a6-a5", "b2-b3", "b7-b6", "b3-b4", "b6-b5", "c2-c3", "c7-c6",
        "c3-c4", "c6-c5", "d2-d3", "d7-d6", "d3-d4", "d6-d5", "e2-e3", "e7-e6", "e3-e4", "e6-e5",
        "f2-f3", "f7-f6", "f3-f4",
    ];
    env.play(&game, ["alice", "bob"], 1, &turns);
    env.answer(&env.delivered_to("bob@", "Board 1"), "resign");
    for user in ["alice@", "bob@"] {
        let over = env.delivered_to(user, "Board 1 over");
        let text = over.text();
        assert!(
            flat(&text).contains("bob resigned (move 12...)."),
            "{user}: {text}"
        );
        assert!(
            flat(&text).contains("Result: 1-0 (after move 12)."),
            "{user}: {text}"
        );
        // The move list: the resignation in Black's column of move 12.
        let line = text
            .lines()
            .find(|l| l.contains("resigns"))
            .unwrap_or_else(|| panic!("{text}"));
        assert!(line.starts_with("  12. f3-f4"), "{line}");
        assert!(!text.contains("1. resigns"), "{text}");
    }
    let history = env.ok(None, &["history", &game]);
    assert!(history.contains("  12.   White  alice"), "{history}");
    let resigned = history
        .lines()
        .find(|l| l.contains("resigns"))
        .unwrap_or_else(|| panic!("{history}"));
    assert!(resigned.starts_with("  12... Black  bob"), "{history}");
}

#[test]
fn help_notation_says_which_games_count_full_moves() {
    let env = env();
    let help = flat(&env.ok(None, &["help", "notation"]));
    assert!(
        help.contains("12. for White's twelfth move and 12... for Black's"),
        "{help}"
    );
    assert!(
        help.contains("Dice games and games of three players or more"),
        "{help}"
    );
}
