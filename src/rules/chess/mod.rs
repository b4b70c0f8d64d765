//! Orthodox chess (FIDE Laws): the `chess` game, a game of the shared
//! chess-like core like every two-seat game: its data (`pieces.rs`,
//! `rules.rs`) decides castling, en passant, promotion, the ends, the
//! notation and the refusals. A bitboard generator (`bits.rs`,
//! `tables.rs`, `movegen.rs`, tables derived from the same piece data)
//! lists and counts its legal moves fast (`backend.rs`).

pub mod backend;
pub mod bits;
pub mod movegen;
pub mod pieces;
pub mod rules;
pub mod tables;

#[cfg(test)]
mod tests;

use super::chesslike::{Started, TwoSeatGame};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const HELP: &str = "\
Chess: the FIDE Laws of Chess.

Moves are written with the piece letter (none for pawns), the from and to
squares joined by - (or x for a capture), and =Q, =R, =B or =N for a
promotion: Ng1-f3, e2-e4, e4xd5, e7-e8=Q. Castling is the king's move:
Ke1-g1, Ke1-c1 (O-O and O-O-O are accepted too). e2e4, E2-E4, e7e8q and
SAN such as Nf3 or exd5 are also understood. An uppercase piece letter
always names the piece (Bb4, Bxc5 and BC4 are bishop moves, as in SAN);
a lowercase one may also be a pawn's file, so bc4 reads two ways (the
b-pawn takes on c4, or a bishop goes there): when both are legal the move
is refused as ambiguous, naming both; when one is, it is played. bxc4 (a
lowercase file and x, SAN's pawn capture) is the pawn's when it can take.

A game ends at once on checkmate, stalemate (draw), the third occurrence of
a position (draw), 100 plies without a capture or pawn move (draw), or when
neither side can mate (K v K, K+B v K, K+N v K, only bishops on one colour).
A mate on the move that also makes a repetition or the 100th ply stands.
Draws by agreement and resignation are commands.
";

/// The `chess` game.
pub static CHESS: TwoSeatGame = TwoSeatGame {
    name: "chess",
    title: "Chess",
    full_name: "Chess",
    start: START_FEN,
    rules: || &rules::RULES,
    help: || HELP,
    writing: include_str!("writing.txt"),
    switch: None,
    started: Started::new(),
};
