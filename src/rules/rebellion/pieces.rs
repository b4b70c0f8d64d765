//! The armies of Rebellion and Squirm Chess: the FIDE pieces of chess
//! (chess's own movement data, [`SPEC`]), and for the option `berolina` the same set with
//! the Berolina pawn: it moves one square diagonally forward (two from its
//! first rank, the square between empty), captures one square straight
//! forward, and may be taken en passant on the square it passed over.

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::chess::pieces::{PAWN, SPEC};
use crate::rules::chesslike::PawnRule;
use crate::rules::movement::{PieceKind, Primitive, diagonal, forward_only};

/// The FIDE pieces with the Berolina pawn in the pawn's place.
pub static BEROLINA_SPEC: LazyLock<BoardSpec> = LazyLock::new(|| {
    let mut kinds = SPEC.kinds.clone();
    kinds[PAWN] = PieceKind::simple(
        'P',
        "Berolina pawn",
        "moves one square diagonally forward (two from its first rank) and captures one square straight forward",
        vec![Primitive::Leap(forward_only(diagonal()))],
    )
    .capturing(vec![Primitive::Leap(vec![(0, 1)])])
    .unlettered();
    BoardSpec::new(SPEC.geometry.clone(), kinds)
});

/// The FIDE pawn, as chess has it: one step straight ahead, two from its
/// first rank, promotion to Q, R, B or N.
pub fn fide_pawn() -> PawnRule {
    crate::rules::chess::rules::RULES.pawns[0].clone()
}

/// The Berolina pawn: one step diagonally forward, two from its first rank.
pub fn berolina_pawn() -> PawnRule {
    PawnRule {
        steps: vec![(-1, 1), (1, 1)],
        captures: "straight ahead",
        how: "moves diagonally forward and captures one square straight ahead",
        ..fide_pawn()
    }
}
