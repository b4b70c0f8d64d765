//! Grasshopper chess (Fairy-Stockfish's `grasshopper`, the piece `gQ`):
//! the hop over the first piece in a line to the square just beyond it,
//! measured against Fairy-Stockfish where the royal guard's shortcuts
//! could go wrong (a check over a hurdle of either side, a block on the
//! empty line, the hurdle moved away, a piece pinned between the
//! grasshopper and the hurdle, the empty hurdle square next to the king,
//! a capture of the hurdle that keeps the check, a hurdle made by a
//! move), its help page, and a game by mail to a grasshopper's mate.

use crate::util::reply_to;
use boserv::rules::find_variant;

/// boserv's legal turns in `fen`, in UCI, sorted.
fn legal(fen: &str) -> Vec<String> {
    crate::defined::legal_as("grasshopper", fen, crate::defined::uci)
}

/// Each position's legal moves are pyffish 0.0.90's (`legal_moves`), in
/// its notation, sorted.
#[test]
fn grasshopper_checks_and_pins_as_fairy_stockfish() {
    let cases = [
        // Checked over Black's own pawn: moving the hurdle on (e7-e6)
        // ends the check; the king steps aside.
        (
            "4k3/4p3/8/8/8/8/8/4G1K1 b - - 0 1",
            "e7e6 e8d7 e8d8 e8f7 e8f8",
        ),
        // Checked over White's knight: the king may take the hurdle.
        (
            "4k3/4N3/8/8/8/8/8/4G1K1 b - - 0 1",
            "e8d7 e8d8 e8e7 e8f7 e8f8",
        ),
        // The knight on e5 is the first piece in the line: moving it
        // makes the pawn the hurdle before the king, so it may not move.
        (
            "4k3/4p3/8/4n3/8/8/8/4G1K1 b - - 0 1",
            "e7e6 e8d7 e8d8 e8f7 e8f8",
        ),
        // The bishop may go anywhere but g7, the empty square just
        // before the king on the grasshopper's diagonal.
        (
            "7k/8/8/8/8/2b5/8/G6K b - - 0 1",
            "c3a1 c3a5 c3b2 c3b4 c3d2 c3d4 c3e1 c3e5 c3f6 h8g7 h8g8 h8h7",
        ),
        // The rook taking the hurdle on g7 stands there as a hurdle: the
        // check holds; the king may take it (then nothing lies beyond).
        ("6rk/6N1/8/8/8/8/8/G6K b - - 0 1", "h8g7 h8h7"),
        // A block on the empty line (Ra2-d2) or the hurdle moved on.
        (
            "3k4/3p4/8/8/8/8/r7/3G2GK b - - 0 1",
            "a2d2 d7d6 d8c7 d8c8 d8e7 d8e8",
        ),
        // White's knight to e7 makes a hurdle before the king (a check);
        // the grasshopper on e1 hops over its own king to h1.
        (
            "4k3/8/2N5/8/8/8/8/4G1K1 w - - 0 1",
            "c6a5 c6a7 c6b4 c6b8 c6d4 c6d8 c6e5 c6e7 e1h1 g1f1 g1f2 g1g2 g1h1 g1h2",
        ),
        // A pawn promotes to a grasshopper (or a queen, rook, bishop,
        // knight).
        (
            "kr6/4P3/8/8/8/8/8/6K1 w - - 0 1",
            "e7e8b e7e8g e7e8n e7e8q e7e8r g1f1 g1f2 g1g2 g1h1 g1h2",
        ),
    ];
    for (fen, theirs) in cases {
        let mut theirs: Vec<&str> = theirs.split(' ').collect();
        theirs.sort();
        assert_eq!(legal(fen), theirs, "{fen}");
    }
}

#[test]
fn the_help_page_says_the_grasshoppers_hop_in_words() {
    let help = find_variant("grasshopper").unwrap().help();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("G G piece: gQ"), "{help}");
    assert!(
        words.contains(
            "it moves along queen lines over the first piece in the line, of either side, to the square just beyond it"
        ),
        "{help}"
    );
    assert!(
        words.contains("promote on rank 8 (White) and 1 (Black) to one of GQRBN"),
        "{help}"
    );
    assert!(words.contains("never twice"), "{help}");
}

/// A game of Grasshopper chess by Reply to the board mails, every move
/// but three pawn moves a grasshopper's (a capture among them), to the
/// mate: the grasshopper on d5 hops over e6 to f7, the hurdle before the
/// king for the grasshopper on g6. A hop past the square beyond the
/// hurdle is refused first, in words, and changes nothing. The stored
/// position is pyffish's FEN after the same moves.
#[test]
fn grasshopper_is_played_by_mail_to_a_mate() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("grasshopper", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    let error = env.mail_refused(&reply_to(&board, "Ge2-e6"));
    assert!(
        error.contains("moves along queen lines over the first piece in the line"),
        "{error}"
    );
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves = [
        "Ge2-g4", "Gd7-b5", "Gf2-d4", "a6-a5", "Gd4-d7", "h6-h5", "Ga2-c4", "g6-g5", "Gg4-g6",
        "Gf7-f5", "Gd7-d5", "Gb5xb2",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("alice@", "Board 1").text();
    assert!(board.contains("Gb5xb2"), "Black's last move: {board}");
    reply("alice", "Gd5-f7");
    crate::defined::assert_game_over(
        &env,
        "1-0",
        None,
        "rnbqkbnr/ggg1gGgg/1pppppG1/p4gpp/2G5/PPPPPPPP/1gGG2GG/RNBQKBNR b KQkq - 1 7",
    );
}
