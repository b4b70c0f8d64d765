//! Mobility regions (`mobilityRegionWhite<Piece>`,
//! `mobilityRegionBlack<Piece>`) against Fairy-Stockfish: each position's
//! legal moves are pyffish 0.0.90's (`legal_moves` with these sections
//! loaded), written here as data in its notation. They show what the
//! region bounds: moves and captures, drops, and the piece's attacks (a
//! king may step next to a confined enemy king, a knight gives no check
//! outside its region), but neither castling nor where a pawn promotes.

use super::read_operator_file;
use crate::rules::Variant;

const SECTIONS: &str = "\
[kbox:chess]
mobilityRegionWhiteKing = b1 c1 d1 e1 d2 e2
[nbox:chess]
mobilityRegionWhiteKnight = *1 *2 *3
mobilityRegionWhiteQueen = *1 *2 *3 *4
mobilityRegionWhiteKing = e1 d1 f1
[pbox:chess]
mobilityRegionWhiteKnight = *1 *2 *3
mobilityRegionWhitePawn = *2 *3
[zbox:crazyhouse]
mobilityRegionWhiteKnight = *1 *2 *3
mobilityRegionBlackKnight = a* b*
[cbox:chess]
customPiece2 = z:WF
mobilityRegionWhiteCustomPiece2 = *2 *3 *4 *5 *6
startFen = 4k3/8/8/8/8/8/3Z4/4K3 w - - 0 1
";

/// (section, FEN, pyffish's legal moves; `None`: the section's start).
const CASES: &[(&str, Option<&str>, &[&str])] = &[
    // Castling puts the king on g1, outside its region.
    (
        "kbox",
        Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        &[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "e1c1",
            "e1d1", "e1d2", "e1e2", "e1g1", "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6",
            "h1h7", "h1h8",
        ],
    ),
    // A king outside its region, no square of it in reach: stalemate.
    ("kbox", Some("4k3/8/8/8/8/8/8/7K w - - 0 1"), &[]),
    // The capture on f2 leaves the region.
    (
        "kbox",
        Some("4k3/8/8/8/8/8/5p2/4K3 w - - 0 1"),
        &["e1d1", "e1d2", "e1e2"],
    ),
    // The knight on d3 attacks nothing on rank 4 or 5: no check on e5,
    // f4 free.
    (
        "nbox",
        Some("8/8/8/4k3/8/3N4/8/4K3 b - - 0 1"),
        &[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6",
        ],
    ),
    // White's king attacks only e1, d1, f1: Black's king steps next to it.
    (
        "nbox",
        Some("8/8/8/8/8/4k3/8/4K3 b - - 0 1"),
        &[
            "e3d2", "e3d3", "e3d4", "e3e2", "e3e4", "e3f2", "e3f3", "e3f4",
        ],
    ),
    // A pawn promotes to a queen outside the queen's region.
    (
        "nbox",
        Some("8/3P4/8/8/8/8/8/k3K3 w - - 0 1"),
        &["d7d8b", "d7d8n", "d7d8q", "d7d8r", "e1d1", "e1f1"],
    ),
    // A queen outside her region rides across it into it; she attacks
    // nothing on rank 8 (no check on h8, g8 and g7 free).
    (
        "nbox",
        Some("Q6k/8/8/8/8/8/8/4K3 b - - 0 1"),
        &["h8g7", "h8g8", "h8h7"],
    ),
    (
        "nbox",
        Some("Q6k/8/8/8/8/8/8/4K3 w - - 0 1"),
        &[
            "a8a1", "a8a2", "a8a3", "a8a4", "a8e4", "a8f3", "a8g2", "a8h1", "e1d1", "e1f1",
        ],
    ),
    // The knight's attacks inside its region still count (f2, e1).
    (
        "pbox",
        Some("8/8/8/8/8/3N4/4k3/K7 b - - 0 1"),
        &["e2d1", "e2d2", "e2d3", "e2e3", "e2f1", "e2f3"],
    ),
    // A pawn confined to ranks 2 and 3 steps once, then no more.
    (
        "pbox",
        Some("k7/8/8/8/8/8/4P3/K7 w - - 0 1"),
        &["a1a2", "a1b1", "a1b2", "e2e3"],
    ),
    (
        "pbox",
        Some("k7/8/8/8/8/4P3/8/K7 w - - 0 1"),
        &["a1a2", "a1b1", "a1b2"],
    ),
    // Drops only on the region.
    (
        "zbox",
        Some("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"),
        &[
            "N@a1", "N@a2", "N@a3", "N@b1", "N@b2", "N@b3", "N@c1", "N@c2", "N@c3", "N@d1", "N@d2",
            "N@d3", "N@e2", "N@e3", "N@f1", "N@f2", "N@f3", "N@g1", "N@g2", "N@g3", "N@h1", "N@h2",
            "N@h3", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2",
        ],
    ),
    (
        "zbox",
        Some("4k3/8/8/8/8/8/8/4K3[n] b - - 0 1"),
        &[
            "N@a1", "N@a2", "N@a3", "N@a4", "N@a5", "N@a6", "N@a7", "N@a8", "N@b1", "N@b2", "N@b3",
            "N@b4", "N@b5", "N@b6", "N@b7", "N@b8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8",
        ],
    ),
    // A custom piece confined to ranks 2 to 6.
    (
        "cbox",
        None,
        &[
            "d2c2", "d2c3", "d2d3", "d2e2", "d2e3", "e1d1", "e1e2", "e1f1", "e1f2",
        ],
    ),
];

/// A boserv turn in Fairy-Stockfish's notation: `Ke1-d2` -> `e1d2`,
/// `d7-d8=Q` -> `d7d8q`, `N@e4` as it is, castling as the king's move.
fn uci(turn: &str) -> String {
    if let Some((piece, to)) = turn.split_once('@') {
        return format!("{}@{to}", piece.to_ascii_uppercase());
    }
    let body = turn.trim_start_matches(|c: char| c.is_ascii_uppercase());
    let (squares, promotion) = match body.split_once('=') {
        Some((s, p)) => (s, p.to_ascii_lowercase()),
        None => (body, String::new()),
    };
    let squares: String = squares.chars().filter(|c| *c != '-' && *c != 'x').collect();
    format!("{squares}{promotion}")
}

#[test]
fn regions_bound_moves_drops_and_attacks_as_fairy_stockfish() {
    let games = read_operator_file(SECTIONS);
    assert!(games.refused().is_empty(), "{:?}", games.refused());
    for (name, fen, expected) in CASES {
        let game = games.games().iter().find(|g| g.name == *name).unwrap();
        let pos = match fen {
            Some(fen) => game.from_fen(&[], fen).unwrap(),
            None => game.start(&[]).unwrap(),
        };
        let mut got: Vec<String> = pos.legal_turns(None).iter().map(|t| uci(t)).collect();
        got.sort();
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "{name} {fen:?}");
    }
}

#[test]
fn a_move_out_of_the_region_is_refused_in_one_line() {
    let games = read_operator_file(SECTIONS);
    let kbox = games.games().iter().find(|g| g.name == "kbox").unwrap();
    let pos = kbox
        .from_fen(&[], "4k3/8/8/8/8/8/5p2/4K3 w - - 0 1")
        .unwrap();
    let why = pos.play("Ke1xf2", None).unwrap_err().to_string();
    assert!(
        why.contains("your king moves only to b1, c1, d1, e1, d2, e2"),
        "{why}"
    );
    assert!(!why.contains('\n'));
    let zbox = games.games().iter().find(|g| g.name == "zbox").unwrap();
    let pos = zbox
        .from_fen(&[], "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
        .unwrap();
    let why = pos.play("N@e4", None).unwrap_err().to_string();
    assert!(
        why.contains("your knight is dropped only on rank 1, rank 2, rank 3"),
        "{why}"
    );
}

#[test]
fn help_says_where_a_piece_is_confined() {
    let games = read_operator_file(SECTIONS);
    let kbox = games.games().iter().find(|g| g.name == "kbox").unwrap();
    let help = kbox.help();
    assert!(
        help.replace('\n', " ")
            .contains("White's king moves, captures and attacks only on b1, c1, d1, e1, d2, e2."),
        "{help}"
    );
}

#[test]
fn a_key_without_the_side_is_refused_naming_it() {
    let games = read_operator_file("[unsided:chess]\nmobilityRegionKing = e1 e8\n");
    let refused: Vec<String> = games.refused().iter().map(|r| r.to_string()).collect();
    assert_eq!(refused.len(), 1);
    assert!(refused[0].contains("mobilityRegionKing"), "{refused:?}");
}

/// Perft 3 from each section's start: pyffish 0.0.90's (`perft` of
/// `scripts/fsf_perft.py` with these sections loaded; chess has 8902).
#[test]
fn perft_from_the_start_agrees_with_fairy_stockfish() {
    let games = read_operator_file(SECTIONS);
    for (name, nodes) in [
        ("kbox", 8862),
        ("nbox", 8502),
        ("pbox", 3138),
        ("zbox", 7363),
        ("cbox", 505),
    ] {
        let game = games.games().iter().find(|g| g.name == name).unwrap();
        assert_eq!(game.start(&[]).unwrap().perft(3), nodes, "{name}");
    }
}
