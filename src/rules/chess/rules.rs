//! Orthodox chess as data for the shared chess-like core: the FIDE pieces
//! (`pieces.rs`), the pawn (one step, two from its first rank, en passant,
//! promotion to Q, R, B or N), the four castlings (FIDE guards only the
//! king's path), and the dead positions by insufficient material. The core
//! reads and explains every turn from these; the bitboard generator
//! (`movegen.rs`) plays them fast, and the tests hold the two to the same
//! legal moves.

use std::sync::LazyLock;

use super::bits::Bits;
use super::pieces::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, SPEC};
use crate::rules::board::Board;
use crate::rules::castling::CastlingRule;
use crate::rules::chesslike::{ChessLike, Hooks, PawnRule, Rebels, Rules};

/// Chess adds nothing to the core but its drawing, which [`super::ChessPosition`]
/// makes itself; the core's positions of chess draw plainly.
struct Orthodox;

impl Hooks for Orthodox {
    fn render(&self, pos: &ChessLike, _flipped: bool) -> String {
        crate::rules::chesslike::to_fen(pos)
    }
}

/// K v K, K+B v K, K+N v K, and positions whose only other pieces are
/// bishops all on one colour.
pub fn insufficient_material(board: &Board) -> bool {
    let geo = board.geometry();
    let mut minors = 0;
    let mut knights = 0;
    let mut colours = [false; 2];
    for (sq, p) in board.pieces_of(0).chain(board.pieces_of(1)) {
        match p.kind as usize {
            KING => {}
            KNIGHT => {
                minors += 1;
                knights += 1;
            }
            BISHOP => {
                minors += 1;
                colours[usize::from(geo.is_dark(sq))] = true;
            }
            _ => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(colours[0] && colours[1]))
}

/// The four castlings, indexed like the FEN letters `KQkq`.
pub fn castlings() -> Vec<CastlingRule> {
    let g = &SPEC.geometry;
    [
        (0, false, "1", ['e', 'g', 'h', 'f']),
        (0, true, "1", ['e', 'c', 'a', 'd']),
        (1, false, "8", ['e', 'g', 'h', 'f']),
        (1, true, "8", ['e', 'c', 'a', 'd']),
    ]
    .into_iter()
    .enumerate()
    .map(|(right, (seat, long, rank, files))| {
        CastlingRule::on_rank(g, right, seat, long, rank, files, false)
    })
    .collect()
}

/// Chess as data for the core.
pub static RULES: LazyLock<Rules> = LazyLock::new(|| Rules {
    name: "chess",
    spec: &SPEC,
    seats: ["White", "Black"],
    pawns: vec![PawnRule {
        kind: PAWN as u8,
        steps: vec![(0, 1)],
        home_rank: [1, 6],
        first_range: 2,
        range: 1,
        last_by_one_step: false,
        promotion_rank: [7, 0],
        promotions: [QUEEN, ROOK, BISHOP, KNIGHT].map(|k| k as u8).to_vec(),
        taken_by: vec![PAWN as u8],
        captures: "diagonally",
        how: "moves straight ahead and captures one square diagonally forward",
    }],
    castlings: castlings(),
    castling_pieces: (KING as u8, ROOK as u8),
    castling_letters: "KQkq",
    drops: None,
    rebels: Rebels::No,
    own_legality: false,
    king_may_be_absent: false,
    dead: insufficient_material,
    hooks: &Orthodox,
});

/// The bitboard position as the core sees it (its history aside).
pub fn core_position(b: &Bits) -> ChessLike {
    let mut pos = ChessLike::empty(&RULES);
    for sq in 0..64u8 {
        if let Some((colour, kind)) = b.piece_at(sq) {
            pos.put(sq, Some(ChessLike::piece(colour as u8, kind as u8)));
        }
    }
    // The bitboards' right bits are the core's castlings in the same order.
    let en_passant = b.ep.map(|ep| {
        let up: i8 = if b.side == 0 { 8 } else { -8 };
        let mover_from = (ep as i8 + up) as u8;
        let mover_to = (ep as i8 - up) as u8;
        (mover_from, mover_to)
    });
    pos.set_state(b.side as u8, b.castling, en_passant, b.halfmove, b.fullmove);
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Action;
    use crate::rules::chess::fen::parse_fen;
    use crate::rules::chess::movegen::legal_moves;
    use crate::rules::chess::position::action;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    fn core_moves(b: &Bits) -> Vec<Action> {
        let mut v: Vec<Action> = core_position(b)
            .legal_acts()
            .into_iter()
            .map(|a| a.action)
            .collect();
        v.sort();
        v
    }

    fn bit_moves(b: &Bits) -> Vec<Action> {
        let mut v: Vec<Action> = legal_moves(b).into_iter().map(action).collect();
        v.sort();
        v
    }

    /// The core and the bitboards offer the same legal moves in thousands
    /// of positions of random games from the start and from the CPW
    /// positions (castling, en passant, promotion, pins and checks).
    #[test]
    fn the_core_and_the_bitboards_agree_on_every_legal_move() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut positions = 0;
        for start in starts {
            for _ in 0..12 {
                let mut b = parse_fen(start).unwrap();
                for _ in 0..60 {
                    let ours = bit_moves(&b);
                    assert_eq!(core_moves(&b), ours, "{}", super::super::fen::to_fen(&b));
                    positions += 1;
                    let moves = legal_moves(&b);
                    if moves.is_empty() {
                        break;
                    }
                    b = b.make(moves[rng.next_u32() as usize % moves.len()]);
                }
            }
        }
        assert!(positions > 3000, "{positions}");
    }

    #[test]
    fn dead_positions() {
        let dead =
            |fen: &str| insufficient_material(core_position(&parse_fen(fen).unwrap()).board());
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    }
}
