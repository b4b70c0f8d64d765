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
    /// The side to move (a repetition that is not a draw is judged for or
    /// against it).
    pub to_move: Seat,
}

/// The end when the side to move (`to_move`, of two seats) has no legal move.
pub fn no_legal_move(in_check: bool, to_move: Seat) -> Outcome {
    if in_check {
        Outcome::win(1 - to_move, 2, Ending::Checkmate)
    } else {
        Outcome::draw(2, Ending::Stalemate)
    }
}

/// The limits of the draw rules: the occurrence of a position that draws
/// and the plies without a capture or pawn move that draw (0: never).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawLimits {
    pub repetitions: usize,
    pub plies: u32,
    /// Who wins when the repetition ends the game (`None`: nobody, a
    /// draw; Fairy-Stockfish's `nFoldValue`, Knights Halma's loss for the
    /// side to move).
    pub repetition_winner: Option<RepetitionWinner>,
}

/// The winner of a game ended by repetition, where it is not a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionWinner {
    /// The side to move in the repeated position.
    ToMove,
    /// The side that has just made the repetition.
    Mover,
    /// This seat, whoever moved (`nFoldValueAbsolute`).
    Seat(Seat),
}

impl DrawLimits {
    /// Chess's: the third occurrence, 100 plies (50 moves of each side).
    pub const CHESS: DrawLimits = DrawLimits {
        repetitions: 3,
        plies: 100,
        repetition_winner: None,
    };
}

/// The draw the rules impose, if any. Call it only when the side to move
/// has a legal move (else [`no_legal_move`] decides).
pub fn draw_by_rule(facts: &DrawFacts) -> Option<Outcome> {
    draw_within(facts, &DrawLimits::CHESS)
}

/// [`draw_by_rule`] under a game's own limits.
pub fn draw_within(facts: &DrawFacts, limits: &DrawLimits) -> Option<Outcome> {
    let reached = |n: usize, limit: usize| limit > 0 && n >= limit;
    let ending = if reached(facts.repetitions, limits.repetitions) {
        let times = u8::try_from(limits.repetitions).unwrap_or(u8::MAX);
        let winner = match limits.repetition_winner {
            None => return Some(Outcome::draw(2, Ending::repeated(times))),
            Some(RepetitionWinner::ToMove) => facts.to_move,
            Some(RepetitionWinner::Mover) => 1 - facts.to_move,
            Some(RepetitionWinner::Seat(seat)) => seat,
        };
        return Some(Outcome::win(winner, 2, Ending::repeated(times)));
    } else if reached(facts.halfmoves as usize, limits.plies as usize) {
        Ending::moves_without_progress((limits.plies / 2) as u16)
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
    // FNV-1a over one byte per square, 0 for an empty one, then `extra`.
    // An empty square only multiplies by the prime: a run of `n` of them
    // is one multiplication by its `n`th power, so only the occupied
    // squares are visited (the same value as byte by byte).
    let mut h = FNV_OFFSET;
    let mut next = 0;
    for sq in board.occupancy().iter() {
        let p = board.get(sq).expect("an occupied square holds a piece");
        // Pieces stand side by side more often than not.
        if sq as usize != next {
            h = h.wrapping_mul(FNV_POWERS[sq as usize - next]);
        }
        h = (h ^ u64::from(1 + p.owner * 16 + p.kind)).wrapping_mul(FNV_PRIME);
        next = sq as usize + 1;
    }
    h = h.wrapping_mul(FNV_POWERS[board.cells.len() - next]);
    extra
        .iter()
        .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(FNV_PRIME))
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// `FNV_PRIME` to the power of each index (a board has at most 256 squares).
const FNV_POWERS: [u64; 257] = {
    let mut powers = [1u64; 257];
    let mut i = 1;
    while i < powers.len() {
        powers[i] = powers[i - 1].wrapping_mul(FNV_PRIME);
        i += 1;
    }
    powers
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The key skips runs of empty squares: the same value as FNV-1a byte
    /// by byte over every square (the keys stored with games).
    #[test]
    fn the_key_is_fnv_over_every_square() {
        use crate::rules::chesslike::from_fen;
        use crate::rules::{bochess, orthodia};
        let byte_by_byte = |board: &Board, extra: &[u8]| {
            let cells = board
                .cells
                .iter()
                .map(|c| c.map_or(0, |p| 1 + p.owner * 16 + p.kind));
            cells
                .chain(extra.iter().copied())
                .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
                })
        };
        let boards = [
            from_fen(&orthodia::RULES, orthodia::START).unwrap(),
            from_fen(&orthodia::RULES, "4k3/8/8/8/8/8/8/7K w - - 0 1").unwrap(),
            from_fen(
                &orthodia::RULES,
                "rgbtkbgr/wppppppw/8/8/8/8/WPPPPPPW/RGBTKBG1 w - - 0 1",
            )
            .unwrap(),
            from_fen(&bochess::RULES, bochess::START).unwrap(),
        ];
        for pos in &boards {
            for extra in [&[][..], &[1, 0, 1][..]] {
                assert_eq!(
                    position_key(pos.board(), extra),
                    byte_by_byte(pos.board(), extra)
                );
            }
        }
    }

    #[test]
    fn precedence_of_the_draw_rules() {
        let facts = |repetitions, halfmoves, dead| DrawFacts {
            repetitions,
            halfmoves,
            dead,
            to_move: 0,
        };
        let ending = |f| draw_by_rule(&f).map(|o| o.ending);
        assert_eq!(ending(facts(2, 99, false)), None);
        assert_eq!(ending(facts(3, 100, false)), Some(Ending::Repetition));
        assert_eq!(ending(facts(1, 100, true)), Some(Ending::MoveCount));
        assert_eq!(ending(facts(1, 0, true)), Some(Ending::DeadPosition));
        assert_eq!(no_legal_move(true, 1).result_text(), "1-0");
        assert_eq!(no_legal_move(false, 0).ending, Ending::Stalemate);
    }

    #[test]
    fn a_repetition_may_be_won() {
        let facts = DrawFacts {
            repetitions: 2,
            halfmoves: 4,
            dead: false,
            to_move: 1,
        };
        let limits = |repetition_winner| DrawLimits {
            repetitions: 2,
            plies: 0,
            repetition_winner,
        };
        let result = |w| draw_within(&facts, &limits(w)).map(|o| o.result_text());
        assert_eq!(result(None).as_deref(), Some("1/2-1/2"));
        // The reason names the game's count, not chess's third time.
        assert_eq!(
            draw_within(&facts, &limits(None)).map(|o| o.ending.to_string()),
            Some("twofold repetition".to_string())
        );
        assert_eq!(
            result(Some(RepetitionWinner::ToMove)).as_deref(),
            Some("0-1")
        );
        assert_eq!(
            result(Some(RepetitionWinner::Mover)).as_deref(),
            Some("1-0")
        );
        assert_eq!(
            result(Some(RepetitionWinner::Seat(0))).as_deref(),
            Some("1-0")
        );
        let once = DrawFacts {
            repetitions: 1,
            ..facts
        };
        assert_eq!(
            draw_within(&once, &limits(Some(RepetitionWinner::ToMove))),
            None
        );
    }
}
