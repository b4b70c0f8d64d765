//! Orwell's board and pieces as data: the 7 x 12 cylinder, the seven piece
//! kinds composed from the core's movement primitives, the Minipax squares
//! and which die moves which kind. No piece has code of its own: the wrap
//! lives in the geometry and every primitive honours it.

use std::sync::LazyLock;

use crate::rules::board::BoardSpec;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::movement::{
    PieceKind, Primitive, Range, all_eight, diagonal, forward_only, orthogonal, queen_lines,
};

/// Indices into the piece set, as stored in [`crate::rules::board::Piece::kind`].
pub const PAWN: u8 = 0;
pub const DABBABAH: u8 = 1;
pub const GRYPHON: u8 = 2;
pub const JUGYO: u8 = 3;
pub const PAO: u8 = 4;
pub const RAJA: u8 = 5;
pub const MAHARAJA: u8 = 6;

/// The seats, in turn order.
pub const SEATS: [&str; 3] = ["White", "Red", "Black"];

/// What a Berlinpeono may become on a Minipax square (a royal capture
/// makes it a Maharaja instead).
pub const PROMOTIONS: [u8; 4] = [DABBABAH, GRYPHON, JUGYO, PAO];

/// The zone of the Minipax squares in [`ORWELL`]'s geometry (others are 0).
const MINIPAX_ZONE: u8 = 1;

/// The board and piece set every Orwell position refers to.
pub static ORWELL: LazyLock<BoardSpec> = LazyLock::new(|| {
    BoardSpec::new(
        Geometry::rect(7, 12)
            .with_vertical_wrap()
            .with_dark_parity(1)
            .with_zones(|f, r| u8::from((2..=4).contains(&f) && r % 4 == 1)),
        piece_set(),
    )
});

fn piece_set() -> Vec<PieceKind> {
    let file_ride = || Primitive::Ride(vec![(0, 1), (0, -1)], Range::Unlimited);
    vec![
        PieceKind::simple(
            '^',
            "Berlinpeono",
            "moves one square diagonally forward and captures one square straight forward",
            vec![Primitive::Leap(forward_only(diagonal()))],
        )
        .capturing(vec![Primitive::Leap(vec![(0, 1)])])
        .unlettered(),
        PieceKind::simple(
            'D',
            "Dabbabah",
            "moves diagonally",
            vec![Primitive::Ride(diagonal(), Range::Unlimited)],
        ),
        PieceKind::simple(
            'G',
            "Gryphon",
            "moves one square diagonally, then optionally straight on outward along the file or rank",
            vec![Primitive::Bent(diagonal())],
        ),
        PieceKind::simple(
            'J',
            "Jugyo",
            "moves along its file, or one square sideways",
            vec![file_ride(), Primitive::Leap(vec![(1, 0), (-1, 0)])],
        ),
        PieceKind::simple(
            'P',
            "Pao",
            "moves along files and ranks and captures by jumping exactly one piece",
            vec![Primitive::Ride(orthogonal(), Range::Unlimited)],
        )
        .capturing(vec![Primitive::Hop(orthogonal())]),
        PieceKind::simple(
            'R',
            "Raja",
            "moves one square in any direction",
            vec![
                Primitive::Leap(all_eight(1, 0)),
                Primitive::Leap(all_eight(1, 1)),
            ],
        )
        .royal(),
        PieceKind::simple(
            'M',
            "Maharaja",
            "moves as a queen or a knight",
            vec![
                Primitive::Ride(queen_lines(), Range::Unlimited),
                Primitive::Leap(all_eight(2, 1)),
            ],
        )
        .royal(),
    ]
}

/// The geometry of the cylinder.
pub fn geometry() -> &'static Geometry {
    &ORWELL.geometry
}

/// True on c2 d2 e2, c6 d6 e6, c10 d10 e10.
pub fn is_minipax(sq: Square) -> bool {
    geometry().zone(sq) == MINIPAX_ZONE
}

/// True for the Raja and the Maharaja.
pub fn is_royal(kind: u8) -> bool {
    ORWELL.kinds[kind as usize].royal
}

/// The kinds a die face moves: 1 or 6 the Berlinpeono, Raja or Maharaja;
/// 2 the Dabbabah; 3 the Gryphon; 4 the Jugyo; 5 the Pao.
pub fn kinds_for_die(die: u8) -> &'static [u8] {
    match die {
        1 | 6 => &[PAWN, RAJA, MAHARAJA],
        2 => &[DABBABAH],
        3 => &[GRYPHON],
        4 => &[JUGYO],
        5 => &[PAO],
        _ => &[],
    }
}

/// Two dice faces that move the same kinds (1 and 6 do).
pub fn same_class(a: u8, b: u8) -> bool {
    kinds_for_die(a) == kinds_for_die(b)
}

/// The kind with this letter (`D`, `G`, `J`, `P`, `R`, `M`).
pub fn kind_of_letter(letter: char) -> Option<u8> {
    (DABBABAH..=MAHARAJA).find(|&k| ORWELL.kinds[k as usize].letter == letter)
}

/// The kind's letter on the board and in notation; a pawn is drawn by its
/// facing.
pub fn letter(kind: u8, facing: i8) -> char {
    match kind {
        PAWN if facing > 0 => '^',
        PAWN => 'v',
        _ => ORWELL.kinds[kind as usize].letter,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::movement::{Mode, targets};

    fn sq(name: &str) -> Square {
        geometry().parse(name).unwrap()
    }

    fn reach(kind: u8, from: &str) -> usize {
        let k = &ORWELL.kinds[kind as usize];
        targets(
            geometry(),
            k.pattern(Mode::Move, 0),
            sq(from),
            1,
            Mode::Move,
            &|_| false,
        )
        .len()
    }

    #[test]
    fn minipax_squares() {
        let minipax: Vec<&str> = geometry()
            .squares()
            .filter(|&s| is_minipax(s))
            .map(|s| geometry().name(s))
            .collect();
        assert_eq!(
            minipax,
            ["c2", "d2", "e2", "c6", "d6", "e6", "c10", "d10", "e10"]
        );
    }

    #[test]
    fn colours_a1_light_d1_dark() {
        assert!(!geometry().is_dark(sq("a1")));
        assert!(geometry().is_dark(sq("d1")));
        assert!(geometry().is_dark(sq("d3")));
    }

    #[test]
    fn gryphon_and_maharaja_command_32_and_37_squares() {
        for file in ["b", "c", "d", "e", "f"] {
            for rank in 1..=12 {
                let from = format!("{file}{rank}");
                assert_eq!(reach(GRYPHON, &from), 32, "Gryphon on {from}");
            }
        }
        assert_eq!(reach(GRYPHON, "a5"), 22);
        assert_eq!(reach(MAHARAJA, "d7"), 37);
        assert_eq!(reach(MAHARAJA, "d12"), 37);
    }

    #[test]
    fn riders_on_an_empty_cylinder() {
        assert_eq!(reach(JUGYO, "d1"), 11 + 2);
        assert_eq!(reach(PAO, "a12"), 11 + 6);
        assert_eq!(reach(DABBABAH, "d1"), 12);
        assert_eq!(reach(RAJA, "a1"), 5);
    }

    #[test]
    fn dice_classes() {
        assert_eq!(kinds_for_die(1), kinds_for_die(6));
        assert!(same_class(1, 6) && !same_class(2, 3));
        assert_eq!(kinds_for_die(5), &[PAO]);
        assert_eq!(kind_of_letter('P'), Some(PAO));
        assert_eq!(kind_of_letter('^'), None);
    }
}
