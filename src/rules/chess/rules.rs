//! Orthodox chess as data for the shared chess-like core: the FIDE pieces
//! (`pieces.rs`), the pawn (one step, two from its first rank, en passant,
//! promotion to Q, R, B or N), the four castlings (FIDE guards only the
//! king's path), and the dead positions by insufficient material. The core
//! plays, reads, explains and ends every game from these; the bitboard
//! generator (`backend.rs`) only lists and counts the legal moves fast, and
//! a differential test holds the two generators to the same actions.

use std::sync::LazyLock;

use super::backend::BITBOARDS;
use super::pieces::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, SPEC};
use crate::rules::board::Board;
use crate::rules::castling::CastlingRule;
use crate::rules::chesslike::{ChessLike, Hooks, PawnRule, Rebels, Rules};
use crate::rules::render::Drawing;

/// Chess adds to the core only its drawing: the board, then whose turn
/// it is (no blank line between, as chess has always been drawn). Games
/// defined as data (`rules::defined`) are drawn the same way.
pub struct Orthodox;

/// The hooks of orthodox chess, for any game that adds nothing else.
pub static ORTHODOX: Orthodox = Orthodox;

impl Hooks for Orthodox {
    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        let board = pos.board();
        let drawing = Drawing {
            flipped,
            ..Drawing::new(board.geometry())
        };
        let mut lines = drawing.board_lines(&|sq| board.glyph(sq));
        lines.extend(pos.status());
        let mut text = lines.join("\n");
        text.push('\n');
        text
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
        also_home: [0, 0],
        home_files: [[0; 12]; 2],
        single_steps: 0,
        promoted_as: None,
        en_passant_ranks: u32::MAX,
        on_first_rank: false,
        range: 1,
        last_by_one_step: false,
        promotion_rank: [7, 0],
        choice: None,
        promotions: [0, 1].map(|_| [QUEEN, ROOK, BISHOP, KNIGHT].map(|k| k as u8).to_vec()),
        leaps_first: false,
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
    backend: Some(&BITBOARDS),
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chesslike::from_fen;

    fn pos(fen: &str) -> ChessLike {
        from_fen(&RULES, fen).unwrap()
    }

    #[test]
    fn dead_positions() {
        let dead = |fen: &str| insufficient_material(pos(fen).board());
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1"));
        assert!(dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")); // f8 and c1: both dark
        assert!(!dead("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1")); // c8 light, c1 dark
        assert!(!dead("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert!(!dead("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
        assert!(!dead("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
    }

    /// FIDE 9.2: an en passant chance makes a position different only when
    /// the capture is legal.
    #[test]
    fn en_passant_counts_for_repetition_only_when_legal() {
        let key = |fen: &str| pos(fen).repetition_key();
        // After e2-e4 with no black pawn able to take: same as without.
        assert_eq!(
            key("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"),
            key("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")
        );
        // A black pawn on d4 can take: different.
        assert_ne!(
            key("4k3/8/8/8/3pP3/8/8/4K3 b - e2-e4 0 1"),
            key("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
        );
        // Pinned pawn: the capture is illegal, so no difference.
        assert_eq!(
            key("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"),
            key("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
        );
        assert_ne!(
            key("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"),
            key("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1")
        );
    }
}
