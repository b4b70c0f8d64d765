//! Duck chess (`wallingRule = duck`) against Fairy-Stockfish: a game of
//! pyffish 0.0.90's random moves (its notation `g2g3,g3f5`: the move,
//! then the duck from the square the piece landed on to where it goes),
//! played in boserv's reading of the same turn, with pyffish's count of
//! legal turns before each and its FEN after each, to the king taken;
//! the stalemated side's win; the refusals of a wall where none may go,
//! in words; the walking search's turns and their taking back; the
//! other walling rules refused by name.

use super::build::rules_of_text;
use super::library::LIBRARY;
use crate::rules::chesslike::{ChessLike, Walk, from_fen};
use crate::rules::{Ending, Outcome, Position, Variant};

fn duck() -> &'static super::DefinedGame {
    LIBRARY.iter().find(|g| g.name == "duck").unwrap()
}

fn fen_of(pos: &dyn Position) -> String {
    pos.encode().split(" | ").next().unwrap().to_string()
}

/// A FEN without its en passant field: boserv writes every double step
/// there (`g7-g5`), Fairy-Stockfish only one that may be taken.
fn without_en_passant(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields.remove(3);
    fields.join(" ")
}

/// (pyffish's turn, its count of legal turns before it, its FEN after
/// it): `random.Random(17)`'s choices among the sorted legal moves, the
/// last one a bishop taking Black's king.
const GAME: &[(&str, usize, &str)] = &[
    (
        "g2g3,g3f5",
        640,
        "rnbqkbnr/pppppppp/8/5*2/8/6P1/PPPPPP1P/RNBQKBNR b KQkq - 0 1",
    ),
    (
        "g7g5,g5f4",
        589,
        "rnbqkbnr/pppppp1p/8/6p1/5*2/6P1/PPPPPP1P/RNBQKBNR w KQkq - 0 2",
    ),
    (
        "e2e3,e3a3",
        620,
        "rnbqkbnr/pppppp1p/8/6p1/8/*3P1P1/PPPP1P1P/RNBQKBNR b KQkq - 0 2",
    ),
    (
        "f7f5,f5a6",
        651,
        "rnbqkbnr/ppppp2p/*7/5pp1/8/4P1P1/PPPP1P1P/RNBQKBNR w KQkq - 0 3",
    ),
    (
        "d1f3,f3e4",
        930,
        "rnbqkbnr/ppppp2p/8/5pp1/4*3/4PQP1/PPPP1P1P/RNB1KBNR b KQkq - 1 3",
    ),
    (
        "b8c6,c6g2",
        651,
        "r1bqkbnr/ppppp2p/2n5/5pp1/8/4PQP1/PPPP1P*P/RNB1KBNR w KQkq - 2 4",
    ),
    (
        "f3g4,g4b6",
        994,
        "r1bqkbnr/ppppp2p/1*n5/5pp1/6Q1/4P1P1/PPPP1P1P/RNB1KBNR b KQkq - 3 4",
    ),
    (
        "g8f6,f6g7",
        652,
        "r1bqkb1r/ppppp1*p/2n2n2/5pp1/6Q1/4P1P1/PPPP1P1P/RNB1KBNR w KQkq - 4 5",
    ),
    (
        "f1g2,g2c5",
        1273,
        "r1bqkb1r/ppppp2p/2n2n2/2*2pp1/6Q1/4P1P1/PPPP1PBP/RNB1K1NR b KQkq - 5 5",
    ),
    (
        "b7b5,b5e6",
        839,
        "r1bqkb1r/p1ppp2p/2n1*n2/1p3pp1/6Q1/4P1P1/PPPP1PBP/RNB1K1NR w KQkq - 0 6",
    ),
    (
        "a2a4,a4g6",
        1274,
        "r1bqkb1r/p1ppp2p/2n2n*1/1p3pp1/P5Q1/4P1P1/1PPP1PBP/RNB1K1NR b KQkq - 0 6",
    ),
    (
        "c6d4,d4b4",
        902,
        "r1bqkb1r/p1ppp2p/5n2/1p3pp1/P*1n2Q1/4P1P1/1PPP1PBP/RNB1K1NR w KQkq - 1 7",
    ),
    (
        "g2f1,f1c3",
        1277,
        "r1bqkb1r/p1ppp2p/5n2/1p3pp1/P2n2Q1/2*1P1P1/1PPP1P1P/RNB1KBNR b KQkq - 2 7",
    ),
    (
        "f6h5,h5g2",
        996,
        "r1bqkb1r/p1ppp2p/8/1p3ppn/P2n2Q1/4P1P1/1PPP1P*P/RNB1KBNR w KQkq - 3 8",
    ),
    (
        "g4e4,e4e5",
        1154,
        "r1bqkb1r/p1ppp2p/8/1p2*ppn/P2nQ3/4P1P1/1PPP1P1P/RNB1KBNR b KQkq - 4 8",
    ),
    (
        "c8b7,b7c4",
        934,
        "r2qkb1r/pbppp2p/8/1p3ppn/P1*nQ3/4P1P1/1PPP1P1P/RNB1KBNR w KQkq - 5 9",
    ),
    (
        "f2f4,f4h4",
        1215,
        "r2qkb1r/pbppp2p/8/1p3ppn/P2nQP1*/4P1P1/1PPP3P/RNB1KBNR b KQkq - 0 9",
    ),
    (
        "d7d6,d6g7",
        1154,
        "r2qkb1r/pbp1p1*p/3p4/1p3ppn/P2nQP2/4P1P1/1PPP3P/RNB1KBNR w KQkq - 0 10",
    ),
    (
        "f1b5,b5c5",
        1217,
        "r2qkb1r/pbp1p2p/3p4/1B*2ppn/P2nQP2/4P1P1/1PPP3P/RNB1K1NR b KQkq - 0 10",
    ),
    (
        "b7e4,e4g2",
        1159,
        "r2qkb1r/p1p1p2p/3p4/1B3ppn/P2nbP2/4P1P1/1PPP2*P/RNB1K1NR w KQkq - 0 11",
    ),
    (
        "d2d3,d3a5",
        993,
        "r2qkb1r/p1p1p2p/3p4/*B3ppn/P2nbP2/3PP1P1/1PP4P/RNB1K1NR b KQkq - 0 11",
    ),
    (
        "c7c5,c5g7",
        1228,
        "r2qkb1r/p3p1*p/3p4/1Bp2ppn/P2nbP2/3PP1P1/1PP4P/RNB1K1NR w KQkq - 0 12",
    ),
    (
        "b1c3,c3c6",
        994,
        "r2qkb1r/p3p2p/2*p4/1Bp2ppn/P2nbP2/2NPP1P1/1PP4P/R1B1K1NR b KQkq - 1 12",
    ),
    (
        "d8a5,a5b3",
        1228,
        "r3kb1r/p3p2p/3p4/qBp2ppn/P2nbP2/1*NPP1P1/1PP4P/R1B1K1NR w KQkq - 2 13",
    ),
    (
        "b5c4,c4f3",
        962,
        "r3kb1r/p3p2p/3p4/q1p2ppn/P1BnbP2/2NPP*P1/1PP4P/R1B1K1NR b KQkq - 3 13",
    ),
    (
        "g5g4,g4h3",
        1294,
        "r3kb1r/p3p2p/3p4/q1p2p1n/P1BnbPp1/2NPP1P*/1PP4P/R1B1K1NR w KQkq - 0 14",
    ),
    (
        "c4d5,d5c4",
        993,
        "r3kb1r/p3p2p/3p4/q1pB1p1n/P1*nbPp1/2NPP1P1/1PP4P/R1B1K1NR b KQkq - 1 14",
    ),
    (
        "d4b3,b3h6",
        1262,
        "r3kb1r/p3p2p/3p3*/q1pB1p1n/P3bPp1/1nNPP1P1/1PP4P/R1B1K1NR w KQkq - 2 15",
    ),
    (
        "d5f7,f7c7",
        1062,
        "r3kb1r/p1*1pB1p/3p4/q1p2p1n/P3bPp1/1nNPP1P1/1PP4P/R1B1K1NR b KQkq - 3 15",
    ),
    (
        "h5g3,g3b8",
        1230,
        "r*2kb1r/p3pB1p/3p4/q1p2p2/P3bPp1/1nNPP1n1/1PP4P/R1B1K1NR w KQkq - 0 16",
    ),
    (
        "c3b5,b5d2",
        1128,
        "r3kb1r/p3pB1p/3p4/qNp2p2/P3bPp1/1n1PP1n1/1PP*3P/R1B1K1NR b KQkq - 1 16",
    ),
    (
        "h8g8,g8c3",
        1334,
        "r3kbr1/p3pB1p/3p4/qNp2p2/P3bPp1/1n*PP1n1/1PP4P/R1B1K1NR w KQq - 2 17",
    ),
    (
        "b5a7,a7b5",
        1062,
        "r3kbr1/N3pB1p/3p4/q*p2p2/P3bPp1/1n1PP1n1/1PP4P/R1B1K1NR b KQq - 0 17",
    ),
    (
        "b3d4,d4h5",
        1585,
        "r3kbr1/N3pB1p/3p4/q1p2p1*/P2nbPp1/3PP1n1/1PP4P/R1B1K1NR w KQq - 1 18",
    ),
    (
        "f7e8,e8h3",
        1125,
        "r3Bbr1/N3p2p/3p4/q1p2p2/P2nbPp1/3PP1n*/1PP4P/R1B1K1NR b KQ - 0 18",
    ),
];

/// A pyffish turn in one of boserv's readings: `g2g3, @f5`, `g2-g3 @f5`,
/// `g2g3 *f5` in turn.
fn written(fsf: &str, i: usize) -> String {
    let (mv, duck) = fsf.split_once(',').unwrap();
    let to = &duck[2..];
    match i % 3 {
        0 => format!("{mv}, @{to}"),
        1 => format!("{}-{} @{to}", &mv[..2], &mv[2..]),
        _ => format!("{mv} *{to}"),
    }
}

#[test]
fn a_game_of_fairy_stockfish_is_played_turn_by_turn_to_the_king_taken() {
    let mut pos = duck().start(&[]).unwrap();
    for (i, &(turn, count, fen)) in GAME.iter().enumerate() {
        assert_eq!(pos.legal(None).len(), count, "before {turn}");
        assert_eq!(pos.outcome(), None, "before {turn}");
        let played = pos
            .play(&written(turn, i), None)
            .unwrap_or_else(|e| panic!("{turn}: {e}"));
        let (mv, wall) = played.canonical.split_once(", @").unwrap();
        assert_eq!(
            (mv.replace(['-', 'x'], "").ends_with(&turn[..4]), wall),
            (true, &turn[turn.len() - 2..]),
            "{turn}: {}",
            played.canonical
        );
        pos = played.position;
        assert_eq!(
            without_en_passant(&fen_of(&*pos)),
            without_en_passant(fen),
            "after {turn}"
        );
    }
    // Fairy-Stockfish's `game_result`: -32000, Black (to move) lost.
    assert_eq!(pos.outcome(), Some(Outcome::win(0, 2, Ending::Extinction)));
    assert!(pos.legal(None).is_empty());
}

/// Black has no legal move (the king hemmed in by its own bishop and
/// pawn and the duck, the pawns blocked): Black wins, as pyffish says
/// (`legal_moves` empty, `game_result` 32000 for the side to move).
#[test]
fn the_side_without_a_move_wins() {
    let pos = duck()
        .from_fen(&[], "6bk/5p*p/5P1P/8/8/8/8/K7 b - - 0 1")
        .unwrap();
    assert!(pos.legal(None).is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::win(1, 2, Ending::Stalemate)));
}

/// A FEN holds the duck as Fairy-Stockfish writes it (`*`), one at most.
#[test]
fn a_fen_holds_one_duck_at_most() {
    let one = "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let pos = duck().from_fen(&[], one).unwrap();
    assert_eq!(fen_of(&*pos), one);
    let two = "rnbqkbnr/pppppppp/8/3**3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let why = duck().from_fen(&[], two).unwrap_err().to_string();
    assert!(why.contains("one duck at most, not 2"), "{why}");
    // No other game has a duck.
    let chess = LIBRARY.iter().find(|g| g.name == "normal").unwrap();
    let why = chess.from_fen(&[], one).unwrap_err().to_string();
    assert!(why.contains("no piece has the letter *"), "{why}");
}

#[test]
fn a_wall_where_none_may_go_is_refused_in_words() {
    let start = duck().start(&[]).unwrap();
    let after = |text: &str| start.play(text, None).map(|p| p.position);
    let error =
        |pos: &dyn Position, text: &str| pos.play(text, None).unwrap_err().reason.to_string();
    let why = error(&*start, "e2-e4");
    assert!(
        why.contains("say where the duck goes after your move"),
        "{why}"
    );
    let why = error(&*start, "@d5");
    assert!(why.contains("first your move, then the duck"), "{why}");
    let why = error(&*start, "e2-e4 @e7");
    assert!(
        why.contains("e7 holds Black's pawn: the duck goes to an empty square"),
        "{why}"
    );
    let why = error(&*start, "e2-e4 @d5 @d6");
    assert!(why.contains("a turn is one move, then the duck's"), "{why}");
    // The square the pawn left is empty once it has moved.
    let pos = after("e2-e4 @e2").unwrap();
    assert_eq!(
        fen_of(&*pos).split(' ').next().unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR"
    );
    let why = error(&*pos, "d7-d5 @e2");
    assert!(
        why.contains("the duck stands on e2: it must move to another empty square"),
        "{why}"
    );
    let why = error(&*pos, "e2-e3 @d4");
    assert!(why.contains("the duck on e2 is nobody's"), "{why}");
    let pos = pos.play("e7-e5 @f3", None).unwrap().position;
    let why = error(&*pos, "Ng1-f3 @d4");
    assert!(
        why.contains("f3 holds the duck, which no piece may take or pass"),
        "{why}"
    );
    let why = error(&*pos, "f3-f4 @d4");
    assert!(why.contains("the duck on f3 is nobody's"), "{why}");
}

/// The computer player's walk lists each move with each wall, plays one
/// and takes it back to the same position.
#[test]
fn the_walk_plays_a_move_and_its_wall_and_takes_them_back() {
    let start: ChessLike = from_fen(
        duck().rules,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap();
    let mut walk = Walk::new(&start);
    let mut steps = Vec::new();
    walk.turns(&mut steps);
    assert_eq!(steps.len(), 640);
    let step = steps
        .iter()
        .find(|s| start.turn_text(&s.turn()) == "e2-e4, @d5")
        .unwrap();
    walk.play(step);
    assert_eq!(
        walk.position().wall_square(),
        start.rules().spec.geometry.parse("d5")
    );
    walk.turns(&mut steps);
    assert_eq!(steps.len(), 589);
    walk.back();
    assert_eq!(
        crate::rules::chesslike::to_fen(walk.position()),
        crate::rules::chesslike::to_fen(&start)
    );
}

#[test]
fn other_walling_rules_and_a_royal_king_are_refused_naming_the_key() {
    let arrow = rules_of_text("[a:chess]\nwallingRule = arrow\n").unwrap_err();
    assert!(
        arrow.contains("wallingRule: boserv plays the duck's walling rule (a wall moved after each move), not arrow"),
        "{arrow}"
    );
    let royal = rules_of_text("[d:chess]\nwallingRule = duck\n").unwrap_err();
    assert!(
        royal.contains("wallingRule: the duck is played without a royal king"),
        "{royal}"
    );
    let atomic = rules_of_text(
        "[d:chess]\nking = -\ncommoner = k\nblastOnCapture = true\nwallingRule = duck\n",
    )
    .unwrap_err();
    assert!(atomic.contains("blastOnCapture"), "{atomic}");
}

#[test]
fn the_help_page_says_where_the_duck_goes() {
    let help = duck().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("After each move the side that moved puts the duck"),
        "{help}"
    );
}
