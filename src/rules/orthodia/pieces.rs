//! The Orthodia pieces, as data for the shared core: the same 8x8 board
//! and seven kinds in both versions, which differ only in the two divergent
//! pieces B and R (what they move, capture and check along).
//!
//! Nothing here moves a piece: the core's generator reads these patterns.
//! The pawn's and the Warrior's steps, first moves, en passant and
//! promotions are [`crate::rules::chesslike::PawnRule`]s in `mod.rs`.

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::geometry::Geometry;
use crate::rules::movement::{
    Pattern, PieceKind, Primitive, Range, diagonal, forward_only, orthogonal, queen_lines,
};

/// Piece-set indices (the `kind` of a core `Piece`), the same in both games.
pub const PAWN: u8 = 0;
pub const WARRIOR: u8 = 1;
pub const KING: u8 = 2;
pub const GOLD: u8 = 3;
pub const BISROOS: u8 = 4;
pub const ROOBIS: u8 = 5;
pub const TORCH: u8 = 6;

/// What pawns and Warriors may become, in the order `moves` lists them
/// (never a Torch).
pub const PROMOTIONS: [u8; 3] = [BISROOS, GOLD, ROOBIS];

fn ride(lines: Vec<(i8, i8)>) -> Pattern {
    vec![Primitive::Ride(lines, Range::Unlimited)]
}

/// The kinds both versions share (B and R aside), in index order around
/// the two given.
fn kinds(bisroos: PieceKind, roobis: PieceKind) -> Vec<PieceKind> {
    vec![
        PieceKind::simple('P', "pawn", "moves straight ahead", vec![])
            .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
            .unlettered(),
        PieceKind::simple(
            'W',
            "Warrior",
            "moves one square diagonally forward and captures one square straight ahead",
            vec![Primitive::Leap(forward_only(diagonal()))],
        )
        .capturing(vec![Primitive::Leap(vec![(0, 1)])]),
        PieceKind::simple(
            'K',
            "king",
            "moves one square",
            vec![Primitive::Leap(queen_lines())],
        )
        .royal(),
        PieceKind::simple(
            'G',
            "Gold",
            "moves one square orthogonally or diagonally forward",
            vec![
                Primitive::Leap(orthogonal()),
                Primitive::Leap(forward_only(diagonal())),
            ],
        ),
        bisroos,
        roobis,
        PieceKind::simple(
            'T',
            "Torch",
            "moves along queen lines an odd number of squares (1, 3, 5, 7), jumping pieces at even distances",
            vec![Primitive::OddRide(queen_lines())],
        ),
    ]
}

/// `orthodia`: the Bisroos moves as a bishop and captures as a rook, the
/// Roobis the other way round; each checks along the lines it MOVES on.
pub static SET: LazyLock<BoardSpec> = LazyLock::new(|| {
    let bisroos = PieceKind::simple(
        'B',
        "Bisroos",
        "moves as a bishop and captures as a rook",
        ride(diagonal()),
    )
    .capturing(ride(orthogonal()))
    .checking(ride(diagonal()));
    let roobis = PieceKind::simple(
        'R',
        "Roobis",
        "moves as a rook and captures as a bishop",
        ride(orthogonal()),
    )
    .capturing(ride(diagonal()))
    .checking(ride(orthogonal()));
    BoardSpec::new(Geometry::rect(8, 8), kinds(bisroos, roobis))
});

/// `orthodia-simple`: the Blooming Roses (B) move as rooks and capture as
/// bishops, the Ringing Bells (R) the other way round; both check along
/// their capture lines (the core's default).
pub static SIMPLE_SET: LazyLock<BoardSpec> = LazyLock::new(|| {
    let roses = PieceKind::simple(
        'B',
        "Blooming Rose",
        "moves as a rook and captures as a bishop",
        ride(orthogonal()),
    )
    .capturing(ride(diagonal()));
    let bells = PieceKind::simple(
        'R',
        "Ringing Bell",
        "moves as a bishop and captures as a rook",
        ride(diagonal()),
    )
    .capturing(ride(orthogonal()));
    BoardSpec::new(Geometry::rect(8, 8), kinds(roses, bells))
});
