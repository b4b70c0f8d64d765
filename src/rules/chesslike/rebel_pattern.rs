//! The rebel squares of a piece as its game defines them (one square
//! ahead or aside by its owner's forward, outside the piece's own
//! movement, by geometry alone), for a game that keeps them in its own
//! tables (Rebellion's and Squirm's bitboard count): the same squares the
//! core's generator finds, from the same judgement.

use super::movegen::REBEL_STEPS;
use super::pawns::facing;
use super::position::ChessLike;
use crate::rules::board::Piece;
use crate::rules::geometry::Square;

impl ChessLike {
    /// The squares a rebel move could take `piece` (facing its owner's
    /// forward) on `from` to on an empty board.
    pub fn rebel_pattern(&self, piece: Piece, from: Square) -> Vec<Square> {
        let geo = self.board().geometry();
        let up = facing(piece.owner);
        REBEL_STEPS
            .iter()
            .filter_map(|&(df, dr)| geo.step(from, df, dr * up))
            .filter(|&to| !self.in_own_pattern(piece, from, to))
            .collect()
    }
}
