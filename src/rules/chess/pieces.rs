//! The six FIDE pieces as movement data on the 8x8 geometry. Everything
//! else in the chess module (attack tables, refusals, notation) reads them.

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::geometry::Geometry;
use crate::rules::movement::{
    PieceKind, Primitive, Range, all_eight, diagonal, forward_only, orthogonal, queen_lines,
};

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;

/// Board letters by kind index.
pub const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// The chess board and its pieces, indexed PAWN..KING.
pub static SPEC: LazyLock<BoardSpec> = LazyLock::new(|| {
    let king_steps = || vec![Primitive::Leap(queen_lines())];
    let kinds = vec![
        PieceKind::simple(
            'P',
            "pawn",
            "moves one square straight ahead (two from its first rank) and captures one square diagonally forward",
            vec![Primitive::Leap(vec![(0, 1)])],
        )
        .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
        .unlettered(),
        PieceKind::simple('N', "knight", "moves in an L shape", vec![Primitive::Leap(all_eight(2, 1))]),
        PieceKind::simple('B', "bishop", "moves diagonally", vec![Primitive::Ride(diagonal(), Range::Unlimited)]),
        PieceKind::simple('R', "rook", "moves along files and ranks", vec![Primitive::Ride(orthogonal(), Range::Unlimited)]),
        PieceKind::simple(
            'Q',
            "queen",
            "moves along files, ranks and diagonals",
            vec![Primitive::Ride(queen_lines(), Range::Unlimited)],
        ),
        PieceKind::simple('K', "king", "moves one square in any direction", king_steps()).royal(),
    ];
    BoardSpec::new(Geometry::rect(8, 8), kinds)
});

/// The kind index of a piece letter (any case).
pub fn kind_of_letter(c: char) -> Option<usize> {
    LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())
}
