//! Shatar's mate rule (`shatarMateRule`) against Fairy-Stockfish: each
//! position, its moves and the result are pyffish 0.0.90's (`game_result`
//! after the moves, where `legal_moves` is empty: the side to move is
//! mated), written here as data; boserv must reach the same mate and
//! judge it the same.

use super::library::LIBRARY;
use crate::rules::chesslike::{CheckRun, ChessLike, Walk, from_fen};
use crate::rules::{Ending, Outcome, Position, Variant};

fn shatar() -> &'static super::DefinedGame {
    LIBRARY.iter().find(|g| g.name == "shatar").unwrap()
}

fn played(fen: &str, moves: &[&str]) -> Box<dyn Position> {
    let mut pos = shatar().from_fen(&[], fen).unwrap();
    for m in moves {
        pos = pos
            .play(m, None)
            .unwrap_or_else(|e| panic!("{fen} {m}: {e}"))
            .position;
    }
    pos
}

/// pyffish's value for the side to move: -32000 lost, 0 drawn, +32000 won.
const LOST: i32 = -32000;
const DRAWN: i32 = 0;
const WON: i32 = 32000;

/// (FEN, moves, pyffish's result, what boserv calls the ending).
const MATES: &[(&str, &[&str], i32, Ending)] = &[
    // A rook's mate and a bers' are shaks.
    (
        "7k/8/6K1/8/8/8/p7/1R6 w - - 0 1",
        &["Rb1-b8"],
        LOST,
        Ending::Checkmate,
    ),
    (
        "7k/8/6K1/8/8/8/p7/1J6 w - - 0 1",
        &["Jb1-b8"],
        LOST,
        Ending::Checkmate,
    ),
    // A bishop's mate out of the blue: no shak in the series.
    (
        "7k/5K1p/8/8/8/8/8/2B5 w - - 0 1",
        &["Bc1-b2"],
        DRAWN,
        Ending::Niol,
    ),
    // A knight's mate alone is won by the side mated; with a bishop's
    // check beside it, it is a mate (the knight's check a shak).
    (
        "7k/5K1n/8/4N3/8/8/8/8 w - - 0 1",
        &["Ne5-g6"],
        WON,
        Ending::KnightsMate,
    ),
    (
        "7k/5K1n/8/4N3/8/8/8/B7 w - - 0 1",
        &["Ne5-g6"],
        LOST,
        Ending::Checkmate,
    ),
    // A rook's or a knight's check earlier in the series.
    (
        "6k1/4K2p/4N3/8/8/8/2R5/2B5 w - - 0 1",
        &["Rc2-g2", "Kg8-h8", "Bc1-b2"],
        LOST,
        Ending::Checkmate,
    ),
    (
        "6k1/7p/4N3/8/6N1/8/8/K1B5 w - - 0 1",
        &["Ng4-h6", "Kg8-h8", "Bc1-b2"],
        LOST,
        Ending::Checkmate,
    ),
    // The same, Black to move in the FEN.
    (
        "6k1/p6p/4N3/8/6N1/8/8/K1B5 b - - 0 1",
        &["a7-a6", "Ng4-h6", "Kg8-h8", "Bc1-b2"],
        LOST,
        Ending::Checkmate,
    ),
    // A pawn's check is no shak.
    (
        "6k1/7p/4NP2/8/8/8/8/K1B2R2 w - - 0 1",
        &["f6-f7", "Kg8-h8", "Bc1-b2"],
        DRAWN,
        Ending::Niol,
    ),
    // A rook's check, then a quiet move: the series starts again.
    (
        "6k1/p3K2p/4N3/8/8/8/2R5/2B5 w - - 0 1",
        &["Rc2-g2", "Kg8-h8", "Rg2-g3", "a7-a6", "Bc1-b2"],
        DRAWN,
        Ending::Niol,
    ),
    // The checkers count, not the piece moved: a pawn's move that
    // uncovers a rook's check is a shak, a knight's that uncovers a
    // bishop's is none.
    (
        "6k1/7p/8/5p2/6P1/8/8/K1B3R1 w - - 0 1",
        &["g4xf5", "Kg8-h8", "Bc1-b2"],
        LOST,
        Ending::Checkmate,
    ),
    (
        "6k1/7p/8/3N4/8/8/B7/K1B5 w - - 0 1",
        &["Nd5-b4", "Kg8-h8", "Bc1-b2"],
        DRAWN,
        Ending::Niol,
    ),
];

/// pyffish's value for the side to move, from boserv's outcome.
fn value_for_mover(outcome: &Outcome, mover: usize) -> i32 {
    match outcome.points[mover] {
        2 => WON,
        1 => DRAWN,
        _ => LOST,
    }
}

#[test]
fn mates_are_judged_as_fairy_stockfish_judges_them() {
    for &(fen, moves, result, ending) in MATES {
        let pos = played(fen, moves);
        assert!(pos.legal(None).is_empty(), "{fen} {moves:?}: not mate");
        let mated = pos.encode().split_whitespace().nth(1) == Some("b");
        let outcome = pos.outcome().expect("mate ends the game");
        assert_eq!(
            (
                value_for_mover(&outcome, usize::from(mated)),
                outcome.ending
            ),
            (result, ending),
            "{fen} {moves:?}"
        );
    }
}

/// The stored text keeps each side's series of checks: a game read back
/// between a shak and the mate still judges the mate a mate. A text
/// without it (a FEN alone) knows no series.
#[test]
fn the_series_of_checks_is_kept_in_the_stored_text() {
    let fen = "6k1/7p/4N3/8/6N1/8/8/K1B5 w - - 0 1";
    let before = played(fen, &["Ng4-h6", "Kg8-h8"]);
    let text = before.encode();
    assert!(text.ends_with(" | s-"), "{text}");
    let read = shatar().decode(&[], &text).unwrap();
    assert_eq!(read.encode(), text);
    let mate = read.play("Bc1-b2", None).unwrap().position;
    assert_eq!(mate.outcome().unwrap().ending, Ending::Checkmate);
    let bare = text.split(" | ").next().unwrap();
    let forgotten = shatar().decode(&[], bare).unwrap();
    let niol = forgotten.play("Bc1-b2", None).unwrap().position;
    assert_eq!(niol.outcome().unwrap().ending, Ending::Niol);
    for bad in ["s", "sx", "s--"] {
        let text = format!("{} | {bad}", text.rsplit_once(" | ").unwrap().0);
        assert!(shatar().decode(&[], &text).is_err(), "{text}");
    }
}

/// A search plays turns in place and takes them back: the series comes
/// back with them.
#[test]
fn taking_a_turn_back_restores_the_series() {
    let start: ChessLike = from_fen(shatar().rules, "6k1/7p/4N3/8/6N1/8/8/K1B5 w - - 0 1").unwrap();
    let mut walk = Walk::new(&start);
    let mut steps = Vec::new();
    walk.turns(&mut steps);
    let shak = steps
        .iter()
        .find(|s| start.turn_text(&s.turn()) == "Ng4-h6")
        .unwrap();
    walk.play(shak);
    assert_eq!(walk.position().check_run(0), Some(CheckRun::Shak));
    walk.back();
    assert_eq!(walk.position().check_run(0), Some(CheckRun::Quiet));
}

#[test]
fn the_help_page_says_the_mate_rule() {
    let help = shatar().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("A check given by a rook, bers or knight is a shak")
            && help.contains("drawn (niol)")
            && help.contains("given by knights alone is won by the side mated"),
        "{help}"
    );
}
