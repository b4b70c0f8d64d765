//! The automatic ends of a chess game after a move (RULES.md "Orthodox
//! chess"): checkmate, stalemate, threefold repetition, 100 plies without a
//! capture or pawn move, and dead positions by insufficient material.
//! The material test and the order of the rules are the core's, shared
//! with every game on it; chess supplies the facts of its bitboards.

use super::bits::Bits;
use crate::rules::Outcome;
use crate::rules::ends::{self, DrawFacts};

/// No sequence of legal moves can mate (the core's chess data decides:
/// [`super::rules::insufficient_material`]).
pub fn insufficient_material(b: &Bits) -> bool {
    super::rules::insufficient_material(super::rules::core_position(b).board())
}

/// The result of the position `b` reached by a move, if the game ends:
/// `has_moves` says whether the side to move has a legal move, `seen`
/// how often this position occurred before (repetition). The order of the
/// rules is the shared core's ([`ends`]); chess only supplies its facts.
pub fn ending(b: &Bits, has_moves: bool, seen: usize) -> Option<Outcome> {
    if !has_moves {
        return Some(ends::no_legal_move(b.in_check(), b.side));
    }
    ends::draw_by_rule(&DrawFacts {
        repetitions: seen + 1,
        halfmoves: b.halfmove,
        dead: insufficient_material(b),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::fen::parse_fen;

    fn dead(fen: &str) -> bool {
        insufficient_material(&parse_fen(fen).unwrap())
    }

    #[test]
    fn insufficient_material_cases() {
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

    #[test]
    fn mate_and_stalemate() {
        let mate = parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(ending(&mate, false, 0).unwrap().reason(), "checkmate");
        assert_eq!(ending(&mate, false, 0).unwrap().result_text(), "1-0");
        let stale = parse_fen("7k/5Q2/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(ending(&stale, false, 0).unwrap().reason(), "stalemate");
        // Mate stands on the 100th ply and on a third occurrence.
        let late = parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80").unwrap();
        assert_eq!(ending(&late, false, 2).unwrap().reason(), "checkmate");
        assert_eq!(ending(&late, true, 0).unwrap().reason(), "50-move rule");
        assert_eq!(
            ending(&late, true, 2).unwrap().reason(),
            "threefold repetition"
        );
    }
}
