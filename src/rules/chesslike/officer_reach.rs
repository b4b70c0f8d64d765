//! How many squares each side's pieces reach: for every piece that is
//! neither pawn-like nor royal, the empty squares it may move to and the
//! squares of the other side's pieces it may take on. The computer
//! player weighs it as a piece's worth in play (a bishop shut in by its
//! own pawns does less than one on an open diagonal), which the values
//! measured on an empty board cannot say. Counted from the pieces' masks
//! (`piece_table.rs`) where the tables hold the piece, else by walking
//! its moves; pins and checks are not asked about (a reach, not a list of
//! legal moves), so it costs a few set operations a piece.

use super::movegen::Scratch;
use super::piece_table::{Bits, PieceMasks};
use super::position::ChessLike;

impl ChessLike {
    /// The squares the pieces of seats 0 and 1 reach, pawns and royal
    /// pieces aside (see the module comment).
    pub(super) fn officer_reach(&self, scratch: &mut Scratch) -> [u32; 2] {
        // Masks do not know a region a piece is confined to.
        self.reach_counted(scratch, !self.rules.spec.has_regions())
    }

    /// [`ChessLike::officer_reach`], from the masks where `masks_hold`
    /// and the tables hold the piece, else by walking every piece.
    fn reach_counted(&self, scratch: &mut Scratch, masks_hold: bool) -> [u32; 2] {
        let board = &self.board;
        let occupied = *board.occupancy();
        let narrow = board.geometry().len() <= 64;
        let table = &mut scratch.piece_table;
        let mut reach = [0u32; 2];
        for seat in 0..2u8 {
            let Some(theirs) = board.owned(1 - seat).copied() else {
                continue;
            };
            for (from, p) in board.pieces_of(seat) {
                if board.is_royal_kind(p.kind) || self.rules.pawn(p.kind).is_some() {
                    continue;
                }
                let counted = match (masks_hold, narrow) {
                    (false, _) => None,
                    (true, true) => table
                        .narrow
                        .get(board, p.kind, p.facing, from)
                        .map(|m| reached(m, occupied.low_bits(), theirs.low_bits())),
                    (true, false) => table
                        .wide
                        .get(board, p.kind, p.facing, from)
                        .map(|m| reached(m, occupied, theirs)),
                };
                reach[usize::from(seat)] += counted.unwrap_or_else(|| {
                    let mut n = 0;
                    board.each_quiet_then_capture(from, |to, capture| {
                        if !capture || theirs.contains(to) {
                            n += 1;
                        }
                    });
                    n
                });
            }
        }
        reach
    }
}

/// The empty squares `masks` reach and the squares of `theirs` they take
/// on.
#[inline(always)]
fn reached<B: Bits>(masks: &PieceMasks<B>, occupied: B, theirs: B) -> u32 {
    let (empty, occupied_reached) = masks.reached(occupied);
    empty.len() + occupied_reached.and(theirs).len()
}

#[cfg(test)]
mod tests {
    use super::super::movegen::Scratch;
    use crate::rules::chesslike::{Rules, Walk, from_fen};
    use crate::rules::{bochess, orphic, orthodia};

    /// In the start position a side's knights reach four squares and its
    /// other pieces none; after 1. e4 e5 the king's bishop and the queen
    /// are out too.
    #[test]
    fn the_reach_counts_the_squares_the_pieces_reach() {
        let rules = &crate::rules::chess::rules::RULES;
        let start = from_fen(
            rules,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(Walk::new(&start).officer_reach(), [4, 4]);
        // Nb1: a3 c3; Ng1: f3 h3 e2; Bf1: e2 d3 c4 b5 a6; Qd1: e2 f3 g4 h5.
        let open = from_fen(
            rules,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        )
        .unwrap();
        assert_eq!(Walk::new(&open).officer_reach(), [14, 14]);
        // A rook takes on the enemy's squares, not its own side's.
        let rook = from_fen(rules, "4k3/8/8/8/r2R3P/8/8/4K3 w - - 0 1").unwrap();
        // Rd4: a4 (takes) b4 c4 e4 f4 g4, d1..d3, d5..d8 = 6 + 3 + 4.
        // ra4: b4 c4 d4 (takes), a1..a3, a5..a8 = 3 + 3 + 4.
        assert_eq!(Walk::new(&rook).officer_reach(), [13, 10]);
    }

    /// Along pseudo-random games of chess, Big Outer Chess (148 squares,
    /// zones: the wide masks), Orthodia (the Torch's odd rides, pieces
    /// that capture otherwise than they move) and Orphic (drops), the
    /// masks' count is the count of walking every piece's moves.
    #[test]
    fn the_masks_count_what_the_walk_counts() {
        let games: [(&'static Rules, &str); 4] = [
            (
                &crate::rules::chess::rules::RULES,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            ),
            (&bochess::RULES, bochess::START),
            (&orthodia::RULES, orthodia::START),
            (&orphic::RULES, orphic::START),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut compared = 0;
        for (rules, start) in games {
            for _game in 0..6 {
                let mut pos = from_fen(rules, start).unwrap();
                let mut scratch = Scratch::new(&pos.board);
                for _ply in 0..60 {
                    let masked = pos.reach_counted(&mut scratch, true);
                    let walked = pos.reach_counted(&mut scratch, false);
                    let fen = super::super::to_fen(&pos);
                    assert_eq!(masked, walked, "{fen}");
                    compared += 1;
                    let list = pos.core_legal_acts();
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let act = list[(seed % list.len() as u64) as usize];
                    pos.play_in_place(&[act]);
                }
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
    }
}
