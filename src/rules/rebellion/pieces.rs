//! The armies of Rebellion and Squirm Chess: the FIDE pieces of chess
//! (chess's own movement data, [`SPEC`]), and for the option `berolina` the same set with
//! the Berolina pawn: it moves one square diagonally forward (two from its
//! first rank, the square between empty), captures one square straight
//! forward, and may be taken en passant on the square it passed over.

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::chess::pieces::{BISHOP, KNIGHT, PAWN, QUEEN, ROOK, SPEC};
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

const PROMOTIONS: [usize; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// The FIDE pawn: one step straight ahead, two from its first rank.
pub fn fide_pawn() -> PawnRule {
    PawnRule {
        kind: PAWN as u8,
        steps: vec![(0, 1)],
        home_rank: [1, 6],
        first_range: 2,
        range: 1,
        last_by_one_step: false,
        promotion_rank: [7, 0],
        promotions: PROMOTIONS.map(|k| k as u8).to_vec(),
        taken_by: vec![PAWN as u8],
        captures: "diagonally",
        how: "moves straight ahead and captures one square diagonally forward",
    }
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
