//! Orthodox chess (FIDE Laws): the `chess` game. A fast bitboard generator
//! (tables derived from the piece data of the shared core) for perft and
//! legality, the core's notation and renderer for everything players see.

pub mod bits;
pub mod ending;
pub mod fen;
pub mod identity;
pub mod movegen;
pub mod pieces;
pub mod position;
pub mod rules;
pub mod tables;

#[cfg(test)]
mod tests;

pub use position::ChessPosition;

use super::{GameOption, Position, RulesError, Variant};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const HELP: &str = "\
Chess: the FIDE Laws of Chess.

Moves are written with the piece letter (none for pawns), the from and to
squares joined by - (or x for a capture), and =Q, =R, =B or =N for a
promotion: Ng1-f3, e2-e4, e4xd5, e7-e8=Q. Castling is the king's move:
Ke1-g1, Ke1-c1 (O-O and O-O-O are accepted too). e2e4, E2-E4, e7e8q and
SAN such as Nf3 or exd5 are also understood. Letters may be in either
case, so bc4 reads two ways (the b-pawn takes on c4, or a bishop goes
there): when both are legal the move is refused as ambiguous, naming both;
when one is, it is played.

A game ends at once on checkmate, stalemate (draw), the third occurrence of
a position (draw), 100 plies without a capture or pawn move (draw), or when
neither side can mate (K v K, K+B v K, K+N v K, only bishops on one colour).
A mate on the move that also makes a repetition or the 100th ply stands.
Draws by agreement and resignation are commands.
";

/// The `chess` game.
pub struct Chess;

fn no_options(options: &[GameOption]) -> Result<(), RulesError> {
    match options.first() {
        Some(o) => Err(RulesError::UnknownOption {
            variant: "chess".into(),
            option: o.name.clone(),
        }),
        None => Ok(()),
    }
}

impl Variant for Chess {
    fn name(&self) -> &'static str {
        "chess"
    }

    fn title(&self) -> &'static str {
        "Chess"
    }
    fn full_name(&self) -> &'static str {
        "Chess"
    }

    fn seats(&self) -> &'static [&'static str] {
        &position::SEATS
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(ChessPosition::from_fen(START_FEN)?))
    }

    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(ChessPosition::decode(text)?))
    }

    fn from_fen(&self, fen: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(ChessPosition::from_fen(fen)?))
    }
}
