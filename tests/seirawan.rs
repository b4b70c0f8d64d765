//! Seirawan chess (Fairy-Stockfish's `seirawan`: `gating` with
//! `seirawanGating`, the hawk and the elephant in hand): turns of a move
//! and a gate, read in boserv's notation and in Fairy-Stockfish's, the
//! gates kept in the FEN as Fairy-Stockfish writes them, refusals in
//! words, the help page, and a game by mail to a mate.

use crate::util::reply_to;
use boserv::rules::{Position, find_variant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQkq - 0 1";

fn start(fen: &str) -> Box<dyn Position> {
    find_variant("seirawan")
        .unwrap()
        .from_fen(&[], fen)
        .unwrap()
}

fn fen_of(pos: &dyn Position) -> String {
    let text = pos.encode();
    text.split(" | ").next().unwrap().to_string()
}

/// A FEN without its en passant field: boserv writes the double step
/// just made (`h7-h5`), Fairy-Stockfish a square only where a capture
/// may go to it.
fn but_en_passant(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields.remove(3);
    fields.join(" ")
}

/// A turn as boserv writes it (`Nb1-c3/H`, `Ke1-g1/Hh1`, `b7-b8=E`) in
/// Fairy-Stockfish's UCI (`b1c3h`, `h1e1h`: a gate on another square
/// than the one left is written from it, `b7b8e`).
fn uci(turn: &str) -> String {
    let (mv, gate) = match turn.split_once('/') {
        Some((mv, gate)) => (mv, Some(gate)),
        None => (turn, None),
    };
    let out = crate::defined::uci(mv);
    match gate {
        None => out,
        Some(gate) => {
            let letter = gate[..1].to_ascii_lowercase();
            match &gate[1..] {
                "" => format!("{out}{letter}"),
                square => {
                    let from = mv.split(['-', 'x']).next().unwrap_or(mv);
                    let from = from.trim_start_matches(|c: char| c.is_ascii_uppercase());
                    format!("{square}{from}{letter}")
                }
            }
        }
    }
}

/// boserv's legal turns in `fen`, in UCI, sorted.
fn legal(fen: &str) -> Vec<String> {
    crate::defined::legal_as("seirawan", fen, uci)
}

/// `fen` after `turns` played one by one (any notation), and each
/// turn's canonical text.
fn after(fen: &str, turns: &[&str]) -> (String, Vec<String>) {
    let mut pos = start(fen);
    let mut texts = Vec::new();
    for turn in turns {
        let played = pos
            .play(turn, None)
            .unwrap_or_else(|e| panic!("{turn}: {e}"));
        texts.push(played.canonical);
        pos = played.position;
    }
    (fen_of(pos.as_ref()), texts)
}

/// Each position's legal moves are pyffish 0.0.90's (`legal_moves`), in
/// its notation, sorted.
#[test]
fn seirawan_gates_as_fairy_stockfish() {
    let cases = [
        // Each knight move three times: plain, gating the hawk, the
        // elephant.
        (
            START,
            "a2a3 a2a4 b1a3 b1a3e b1a3h b1c3 b1c3e b1c3h b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1f3e g1f3h g1h3 g1h3e g1h3h g2g3 g2g4 h2h3 h2h4",
        ),
        // The knight on d1 is pinned: a gate behind it would shield the
        // king, but Fairy-Stockfish does not count it. Castling gates on
        // the king's square (e1g1h) or the rook's (h1e1h).
        (
            "4k3/8/8/8/8/8/8/q2NK2R[HE] w KD - 0 1",
            "e1d2 e1d2e e1d2h e1e2 e1e2e e1e2h e1f1 e1f1e e1f1h e1f2 e1f2e e1f2h e1g1 e1g1e e1g1h h1e1e h1e1h h1f1 h1f1e h1f1h h1g1 h1g1e h1g1h h1h2 h1h2e h1h2h h1h3 h1h3e h1h3h h1h4 h1h4e h1h4h h1h5 h1h5e h1h5h h1h6 h1h6e h1h6h h1h7 h1h7e h1h7h h1h8 h1h8e h1h8h",
        ),
        // In check along the first rank: the king may not step along
        // the line behind the piece it would gate.
        (
            "4k3/8/8/8/8/8/8/4K2r[HE] w E - 0 1",
            "e1d2 e1d2e e1d2h e1e2 e1e2e e1e2h e1f2 e1f2e e1f2h",
        ),
    ];
    for (fen, moves) in cases {
        assert_eq!(legal(fen), moves.split(' ').collect::<Vec<_>>(), "{fen}");
    }
    // The castlings and rook moves of a king and two rooks at home.
    let castlings: Vec<String> = legal(CASTLE)
        .into_iter()
        .filter(|m| ["e1", "a1", "h1"].contains(&&m[..2]) && ["c1", "g1", "e1"].contains(&&m[2..4]))
        .collect();
    assert_eq!(
        castlings.join(" "),
        "a1c1 a1c1e a1c1h a1e1e a1e1h e1c1 e1c1e e1c1h e1g1 e1g1e e1g1h h1e1e h1e1h h1g1 h1g1e h1g1h"
    );
    // White's king steps off the a1 rook's line to h1: the gate on e1
    // blocks the check it would uncover; without it Black is in check.
    let discovered = "8/8/8/8/8/8/8/R3K2k[He] w QE - 0 1";
    let black = |turn: &str| {
        let mut turns: Vec<String> = start(discovered)
            .play(turn, None)
            .unwrap()
            .position
            .legal_turns(None)
            .iter()
            .map(|t| uci(t))
            .collect();
        turns.sort();
        turns.join(" ")
    };
    assert_eq!(black("e1e2h"), "h1g1 h1h2");
    assert_eq!(black("e1e2"), "h1g2 h1h2");
}

/// The FEN after gated turns is pyffish's `get_fen` after the same moves:
/// the hand, the gates left (a castling letter holds its king's and
/// rook's gates; a side with an empty hand writes none but its castling
/// letters), the move count a gate does not reset.
#[test]
fn gates_are_kept_in_the_fen_as_fairy_stockfish_keeps_them() {
    let cases = [
        (
            START,
            "b1c3h",
            "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1",
        ),
        (
            CASTLE,
            "e1g1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1",
        ),
        (
            CASTLE,
            "h1e1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1",
        ),
        (
            CASTLE,
            "e1c1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRE2R[Heh] b Hkq - 1 1",
        ),
        (
            CASTLE,
            "a1e1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b Hkq - 1 1",
        ),
        (
            CASTLE,
            "e1g1",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1[EHeh] b Akq - 1 1",
        ),
    ];
    for (fen, turn, theirs) in cases {
        assert_eq!(after(fen, &[turn]).0, theirs, "{turn}");
    }
    // A game of seeded random moves, half of them gating where a gate is
    // open (pyffish's game 0 of scripts' kind), after 10 and 30 plies.
    let game = "g2g3 a7a6 g1f3e g8f6e d2d4 b8c6h c1h6 b8a7 h6f4 h7h5 f1h3h g7g5 d1c1 f6e4 b2b4 a7c5 f3d2 f7f5 c1a3 e4c3 g1g2 c5d6 f4e3 h8h6 a3c3 h6h8 d4d5 g8g6 g3g4 d6e5";
    let moves: Vec<&str> = game.split(' ').collect();
    let (ten, _) = after(START, &moves[..10]);
    assert_eq!(
        but_en_passant(&ten),
        but_en_passant(
            "r1bqkber/hpppppp1/p1n2n2/7p/3P1B2/5NP1/PPP1PP1P/RN1QKBER[H] w KQBDFkq - 0 6"
        )
    );
    let (thirty, texts) = after(START, &moves);
    assert_eq!(
        thirty,
        "r1bqkb1r/1pppp3/p1n3e1/3Phppp/1P4P1/2Q1B2B/P1PNPPEP/RN2KH1R[] w KQq - 1 16"
    );
    // boserv's canonical texts read back to the same game.
    assert_eq!(texts[2], "Ng1-f3/E");
    let canonical: Vec<&str> = texts.iter().map(String::as_str).collect();
    assert_eq!(after(START, &canonical).0, thirty);
    assert_eq!(
        texts.iter().map(|t| uci(t)).collect::<Vec<_>>(),
        moves,
        "the canonical texts are the same moves"
    );
}

/// A gated turn is read in boserv's notation (`Nb1-c3/H`, SAN `Nc3/H`,
/// a lowercase letter), in Fairy-Stockfish's (`b1c3h`, `h1e1h`) and as
/// two actions (`Nb1-c3, H@b1`); it is written `Nb1-c3/H`, a castling
/// that gates on the rook's square `Ke1-g1/Hh1`. What cannot be gated is
/// refused in one line, naming why.
#[test]
fn gated_turns_are_read_leniently_and_written_one_way() {
    for text in [
        "Nb1-c3/H",
        "Nc3/H",
        "nb1c3/h",
        "b1c3h",
        "Nb1-c3, H@b1",
        "Nc3/Hb1",
    ] {
        let (fen, canonical) = after(START, &[text]);
        assert_eq!(
            fen, "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1",
            "{text}"
        );
        assert_eq!(canonical, ["Nb1-c3/H"], "{text}");
    }
    for (text, canonical) in [
        ("O-O/H", "Ke1-g1/H"),
        ("O-O/He1", "Ke1-g1/H"),
        ("e1g1h", "Ke1-g1/H"),
        ("O-O/Hh1", "Ke1-g1/Hh1"),
        ("h1e1h", "Ke1-g1/Hh1"),
        ("0-0-0/Ea1", "Ke1-c1/Ea1"),
        ("a1e1e", "Ke1-c1/Ea1"),
    ] {
        assert_eq!(after(CASTLE, &[text]).1, [canonical], "{text}");
    }
    let refused = |fen: &str, text: &str| start(fen).play(text, None).unwrap_err().to_string();
    let why = refused(START, "e2-e4/H");
    assert!(why.contains("no gate opens there"), "{why}");
    assert!(why.contains("open gates: a1 b1 c1 d1 e1 f1 g1 h1"), "{why}");
    let why = refused(START, "Nb1-c3/Q");
    assert!(why.contains("you have no Q in hand"), "{why}");
    let why = refused(CASTLE, "O-O/Hd1");
    assert!(why.contains("the gate is Ke1-g1/H or Ke1-g1/Hh1"), "{why}");
    let why = refused(START, "H@e4");
    assert!(why.contains("only by gating"), "{why}");
    let why = refused("4k3/8/8/8/8/8/8/q2NK2R[HE] w KD - 0 1", "Nd1-c3/H");
    assert!(why.contains("check"), "{why}");
}

#[test]
fn the_help_page_says_how_pieces_are_gated() {
    let help = find_variant("seirawan").unwrap().help();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "Gating: The archbishop (H) and chancellor (E) in hand enter the board only by gating"
        ),
        "{help}"
    );
    assert!(words.contains("Ke1-g1/H, Ke1-g1/Hh1"), "{help}");
    assert!(words.contains("to one of HEQRBN"), "{help}");
    // The key under every board mail says how a gate is written.
    let writing = find_variant("seirawan").unwrap().writing();
    assert!(
        writing.contains("gate a piece in hand after the move, Nb1-c3/H"),
        "{writing}"
    );
}

/// A game of Seirawan chess by Reply to the board mails to Legal's mate,
/// with gates in boserv's notation, SAN and Fairy-Stockfish's (the hawk
/// on g1, the elephant on f1, Black's hawk on c8): a gate where none
/// opens is refused first and changes nothing. The stored position is
/// pyffish's FEN after the same moves.
#[test]
fn seirawan_is_played_by_mail_to_a_mate() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("seirawan", "alice", "bob");
    let board = env.delivered_to("alice@", "Board 1");
    assert!(
        board.text().contains("White's hand: H E"),
        "{}",
        board.text()
    );
    let error = env.mail_refused(&reply_to(&board, "e2-e4/H"));
    assert!(error.contains("no gate opens there"), "{error}");
    assert!(env.query::<String>("SELECT text FROM turns").is_empty());
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves = [
        "e2-e4", "e7-e5", "Nf3/H", "d7-d6", "Bf1-c4/e", "c8g4h", "Nb1-c3", "g7-g6", "Nf3xe5",
        "Bg4xd1", "Bc4xf7", "Ke8-e7",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
    }
    let turns = env.query::<String>("SELECT text FROM turns");
    assert_eq!(turns[2], "Ng1-f3/H", "{turns:?}");
    assert_eq!(turns[5], "Bc8-g4/H", "{turns:?}");
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("alice@", "Board 1").text();
    assert!(board.contains("White's hand: none"), "{board}");
    reply("alice", "Nc3-d5");
    crate::defined::assert_game_over(
        &env,
        "1-0",
        None,
        "rnhq1bnr/ppp1kB1p/3p2p1/3NN3/4P3/8/PPPP1PPP/R1BbKEHR[e] b KQabdfgh - 2 7",
    );
}

/// The computer player plays Seirawan at every level (its search walks
/// turns of a move and a gate), and finds the mate only a gate gives:
/// the knight leaves h1 and the elephant gated there mates along the
/// h-file (pyffish: h1f2e and h1g3e mate).
#[test]
fn the_bot_plays_seirawan_and_mates_with_a_gate() {
    use boserv::bot::{Level, choose_within};
    crate::defined::bot_plays_every_level("seirawan", 3, 12);
    let seirawan = find_variant("seirawan").unwrap();
    let mate = start("6rk/6p1/8/8/8/8/8/K6N[E] w H - 0 1");
    let level = Level::new(3).unwrap();
    let choice = choose_within(seirawan, &*mate, None, level, level.budget(), 0).unwrap();
    let text = mate.turn_text(&choice.turn);
    assert!(["Nh1-f2/E", "Nh1-g3/E"].contains(&text.as_str()), "{text}");
    let over = mate.apply(&choice.turn, None).unwrap().outcome().unwrap();
    assert_eq!(
        (over.result_text(), over.ending),
        ("1-0".to_string(), boserv::rules::Ending::Checkmate)
    );
}
