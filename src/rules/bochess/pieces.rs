//! The Big Outer Chess board and piece set, as data for the shared core.
//!
//! The board is the core's 12x12 geometry plus four extra squares (the
//! corners z1–z4) and a zone map; every piece is a table of movement
//! primitives per zone. Nothing here is code that moves a piece: the core's
//! generator reads these tables, and the zone of the FROM square picks the
//! row (RULES.md: "a piece's power depends on the zone of the square it
//! moves FROM").

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::geometry::Geometry;
use crate::rules::movement::{
    PieceKind, Primitive, Range, all_eight, diagonal, forward_only, queen_lines,
};

/// Zone indices of the geometry's zone map (also the row index of zoned
/// piece tables).
pub const OUTER: u8 = 0;
pub const MID: u8 = 1;
pub const CENTRAL: u8 = 2;

/// Zone names as the help text and the refusals say them.
pub fn zone_name(zone: u8) -> &'static str {
    match zone {
        CENTRAL => "central",
        MID => "mid",
        _ => "outer",
    }
}

/// Piece-set indices (the `kind` of a core `Piece`).
pub const PAWN: u8 = 0;
pub const KING: u8 = 1;
pub const QUEEN: u8 = 2;
pub const ROOK: u8 = 3;
pub const BISHOP: u8 = 4;
pub const GUARD: u8 = 5;
pub const MATRIARCH: u8 = 6;
pub const JUMPER: u8 = 7;
pub const KNIGHT: u8 = 8;

/// What a pawn may promote to, in the order `moves` lists them.
pub const PROMOTIONS: [u8; 7] = [ROOK, BISHOP, QUEEN, GUARD, MATRIARCH, JUMPER, KNIGHT];

/// The corner squares: name and (file, rank) with a1 = (0, 0).
pub const CORNERS: [(&str, i8, i8); 4] = [
    ("z1", -1, -1),
    ("z2", 12, -1),
    ("z3", 12, 12),
    ("z4", -1, 12),
];

/// The zone of (file, rank): central e5–h8, mid within two squares of it
/// (c3–j10), outer the rest (the corners too).
pub fn zone_of(file: i8, rank: i8) -> u8 {
    let df = (4 - file).max(file - 7).max(0);
    let dr = (4 - rank).max(rank - 7).max(0);
    match df.max(dr) {
        0 => CENTRAL,
        1 | 2 => MID,
        _ => OUTER,
    }
}

fn geometry() -> Geometry {
    CORNERS
        .iter()
        .fold(Geometry::rect(12, 12), |g, &(name, f, r)| {
            g.with_extra(name, f, r)
        })
        .with_zones(zone_of)
}

fn leaps(shapes: &[(i8, i8)]) -> Primitive {
    Primitive::Leap(shapes.iter().flat_map(|&(a, b)| all_eight(a, b)).collect())
}

fn king_step() -> Primitive {
    leaps(&[(1, 0), (1, 1)])
}

/// Rows for zoned pieces, in zone-index order: outer, mid, central.
fn kinds() -> Vec<PieceKind> {
    let queen = |range| vec![Primitive::Ride(queen_lines(), range)];
    vec![
        // The pawn's captures are data; its pushes (1–4, then 1–2, one step
        // onto the last rank) and en passant are rules in `pawns.rs`.
        PieceKind::simple('P', "pawn", "moves straight ahead", vec![])
            .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
            .unlettered(),
        PieceKind::simple('K', "King", "moves one square", vec![king_step()]).royal(),
        PieceKind::simple('Q', "Queen", "moves along lines", queen(Range::Unlimited)),
        PieceKind::simple(
            'R',
            "Rook",
            "moves along files and ranks",
            vec![Primitive::Ride(all_eight(1, 0), Range::Unlimited)],
        ),
        PieceKind::simple(
            'B',
            "Bishop",
            "moves along diagonals",
            vec![Primitive::Ride(diagonal(), Range::Unlimited)],
        ),
        PieceKind::simple(
            'G',
            "Guard",
            "moves one square diagonally or leaps 3 and 1",
            vec![Primitive::Leap(diagonal()), leaps(&[(3, 1)])],
        ),
        PieceKind::simple(
            'M',
            "Matriarch",
            "moves as a queen, its range set by its zone",
            vec![],
        )
        .zoned(vec![
            queen(Range::Unlimited),
            queen(Range::Max(6)),
            queen(Range::Max(3)),
        ]),
        PieceKind::simple(
            'J',
            "Jumper",
            "moves one square or leaps by its zone",
            vec![],
        )
        .zoned(vec![
            vec![king_step(), leaps(&[(3, 0), (3, 3)])],
            vec![king_step(), leaps(&[(2, 0), (2, 2)])],
            vec![king_step()],
        ]),
        PieceKind::simple('N', "Knight", "leaps by its zone", vec![]).zoned(vec![
            vec![leaps(&[(4, 1), (3, 2)])],
            vec![leaps(&[(3, 1), (2, 2)])],
            vec![leaps(&[(2, 1)])],
        ]),
    ]
}

/// How a zoned piece moves from a zone, for refusals: "from the mid zone a
/// Matriarch moves at most 6 squares". `None` for pieces without zones.
pub fn zoned_power(kind: u8, zone: u8) -> Option<&'static str> {
    Some(match (kind, zone) {
        (MATRIARCH, OUTER) => "moves as a queen, any distance",
        (MATRIARCH, MID) => "moves at most 6 squares",
        (MATRIARCH, _) => "moves at most 3 squares",
        (JUMPER, OUTER) => "moves one square or leaps exactly 3 in a line",
        (JUMPER, MID) => "moves one square or leaps exactly 2 in a line",
        (JUMPER, _) => "moves only one square",
        (KNIGHT, OUTER) => "leaps 4 and 1 or 3 and 2",
        (KNIGHT, MID) => "leaps 3 and 1 or 2 and 2",
        (KNIGHT, _) => "leaps 2 and 1",
        _ => return None,
    })
}

/// The board and pieces every Big Outer position refers to.
pub static SET: LazyLock<BoardSpec> = LazyLock::new(|| BoardSpec::new(geometry(), kinds()));

/// The piece kind with this letter (upper or lower case), pawn included.
pub fn kind_of_letter(letter: char) -> Option<u8> {
    SET.kinds
        .iter()
        .position(|k| k.letter == letter.to_ascii_uppercase())
        .map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_hold_16_48_84_squares() {
        let g = &SET.geometry;
        let mut count = [0; 3];
        for sq in g.squares() {
            count[g.zone(sq) as usize] += 1;
        }
        assert_eq!(count[CENTRAL as usize], 16);
        assert_eq!(count[MID as usize], 48);
        assert_eq!(count[OUTER as usize], 84);
        for (name, zone) in [
            ("e5", CENTRAL),
            ("h8", CENTRAL),
            ("c3", MID),
            ("j10", MID),
            ("b2", OUTER),
            ("z3", OUTER),
        ] {
            assert_eq!(g.zone(g.parse(name).unwrap()), zone, "{name}");
        }
    }

    #[test]
    fn corners_touch_only_their_board_corner() {
        let g = &SET.geometry;
        let z1 = g.parse("Z1").unwrap();
        let around: Vec<&str> = (0..8)
            .filter_map(|d| g.neighbour(z1, d))
            .map(|s| g.name(s))
            .collect();
        assert_eq!(around, ["a1"]);
        assert!(g.is_dark(z1));
    }

    #[test]
    fn letters() {
        assert_eq!(kind_of_letter('m'), Some(MATRIARCH));
        assert_eq!(kind_of_letter('P'), Some(PAWN));
        assert_eq!(kind_of_letter('X'), None);
    }
}
