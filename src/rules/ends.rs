//! How a chess-like game ends by itself, for games on the shared core:
//! checkmate and stalemate when the side to move has no legal move, else the
//! draw rules (threefold repetition, 100 plies without a capture or pawn
//! move, a dead position). The order is the rule: a mate made on the move
//! that also completes a repetition or the 100-ply count stands (RULES.md).
//! The endings are the shared [`Ending`]s.

use super::board::Board;
use super::{Ending, Outcome, Seat};

/// What the draw rules look at in the position just reached.
#[derive(Clone, Copy, Debug)]
pub struct DrawFacts {
    /// How often this position has stood on the board, this time included.
    pub repetitions: usize,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// No mate is possible any more (the game's dead positions: bare
    /// kings, insufficient material).
    pub dead: bool,
}

/// The end when the side to move (`to_move`, of two seats) has no legal move.
pub fn no_legal_move(in_check: bool, to_move: Seat) -> Outcome {
    if in_check {
        Outcome::win(1 - to_move, 2, Ending::Checkmate)
    } else {
        Outcome::draw(2, Ending::Stalemate)
    }
}

/// The draw the rules impose, if any. Call it only when the side to move
/// has a legal move (else [`no_legal_move`] decides).
pub fn draw_by_rule(facts: &DrawFacts) -> Option<Outcome> {
    let ending = if facts.repetitions >= 3 {
        Ending::Repetition
    } else if facts.halfmoves >= 100 {
        Ending::MoveCount
    } else if facts.dead {
        Ending::DeadPosition
    } else {
        return None;
    };
    Some(Outcome::draw(2, ending))
}

/// A repetition key: the pieces on the board plus `extra` (side to move,
/// rights, legal en passant captures: whatever the game's FIDE 9.2 reading
/// needs). FNV-1a, so the value is the same in every build and may be
/// stored with the game.
pub fn position_key(board: &Board, extra: &[u8]) -> u64 {
    let cells = board
        .cells
        .iter()
        .map(|c| c.map_or(0, |p| 1 + p.owner * 16 + p.kind));
    cells
        .chain(extra.iter().copied())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_of_the_draw_rules() {
        let facts = |repetitions, halfmoves, dead| DrawFacts {
            repetitions,
            halfmoves,
            dead,
        };
        let ending = |f| draw_by_rule(&f).map(|o| o.ending);
        assert_eq!(ending(facts(2, 99, false)), None);
        assert_eq!(ending(facts(3, 100, false)), Some(Ending::Repetition));
        assert_eq!(ending(facts(1, 100, true)), Some(Ending::MoveCount));
        assert_eq!(ending(facts(1, 0, true)), Some(Ending::DeadPosition));
        assert_eq!(no_legal_move(true, 1).result_text(), "1-0");
        assert_eq!(no_legal_move(false, 0).ending, Ending::Stalemate);
    }
}
