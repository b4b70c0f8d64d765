//! Precomputed tables for the fast chess generator: leaper tables for
//! knight, king and pawn captures, ray masks for the riders, the castlings,
//! the rights a move ends, and the promotion squares and choices. They are
//! built at compile time (the `const fn`s below) and live in the binary's
//! read-only data, so no process pays for them: a move by mail is one
//! short process, and building them at its start (with the chess rules and
//! geometry they were derived from) was a tenth of its instructions.
//! They must be what the piece data of [`super::pieces`] on the empty 8x8
//! geometry and the chess rules of [`super::rules`] make: the tests derive
//! them from that data, as they were once built here, and compare.

use super::pieces::{BISHOP, KNIGHT, QUEEN, ROOK};
use crate::rules::geometry::{KING_DIRECTIONS, Square};

pub struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// Pawn capture squares by colour (0 White, 1 Black).
    pub pawn: [[u64; 64]; 2],
    /// Ray masks by KING_DIRECTIONS index.
    pub rays: [[u64; 64]; 8],
    /// Squares strictly between two squares on a line, else 0.
    pub between: [[u64; 64]; 64],
    /// The whole line through two squares on a line (both included), else 0:
    /// where a piece pinned to its king may go.
    pub line: [[u64; 64]; 64],
    /// Each seat's castlings.
    pub castles: [&'static [Castle]; 2],
    /// The castling rights kept when a piece moves from or to a square.
    pub keeps: [u8; 64],
    /// The squares where a pawn promotes (either seat's last rank).
    pub promotion_squares: u64,
    /// The kinds a pawn may promote to.
    pub promotions: &'static [u8],
}

/// One castling of the core's rules as bitboard masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castle {
    /// Its right's bit.
    pub right: u8,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares that must be empty.
    pub empty: u64,
    /// Squares no enemy piece may attack, the king's own included.
    pub safe: u64,
}

/// Rays whose squares increase in index (N, E, NE, NW).
const POSITIVE: [bool; 8] = {
    let mut p = [false; 8];
    let mut i = 0;
    while i < 8 {
        let (df, dr) = KING_DIRECTIONS[i];
        p[i] = dr > 0 || (dr == 0 && df > 0);
        i += 1;
    }
    p
};

/// The knight's leaps (the piece data's `all_eight(2, 1)`).
const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
];

/// A White pawn's captures (the piece data's forward diagonals); Black's
/// are these with the rank reversed.
const PAWN_CAPTURES: [(i8, i8); 2] = [(1, 1), (-1, 1)];

/// The square (df, dr) away from `s` on the 8x8 board, if there is one.
const fn offset(s: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (s % 8) as i32 + df as i32;
    let r = (s / 8) as i32 + dr as i32;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// Each square's targets by one leap of `leaps`, ranks times `facing`.
const fn leap_table(leaps: &[(i8, i8)], facing: i8) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < leaps.len() {
            if let Some(to) = offset(s, leaps[i].0, leaps[i].1 * facing) {
                t[s] |= 1 << to;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Each square's ray in each of [`KING_DIRECTIONS`], the square itself
/// left out.
const fn ray_tables() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = KING_DIRECTIONS[d];
        let mut s = 0;
        while s < 64 {
            let mut at = s;
            while let Some(next) = offset(at, df, dr) {
                rays[d][s] |= 1 << next;
                at = next;
            }
            s += 1;
        }
        d += 1;
    }
    rays
}

/// `between` (`whole` false) or `line` (`whole` true) of [`Tables`].
const fn line_tables(rays: &[[u64; 64]; 8], whole: bool) -> [[u64; 64]; 64] {
    let mut out = [[0u64; 64]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = KING_DIRECTIONS[d];
            // KING_DIRECTIONS lists each direction four places from its
            // opposite: N S, E W, NE SW, SE NW.
            let back = (d + 2) % 4 + d / 4 * 4;
            let full = rays[d][s] | rays[back][s] | 1 << s;
            let mut passed = 0u64;
            let mut at = s;
            while let Some(t) = offset(at, df, dr) {
                out[s][t] = if whole { full } else { passed };
                passed |= 1 << t;
                at = t;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

const RAYS: [[u64; 64]; 8] = ray_tables();

/// A castling's masks: its right's bit, the king's and the rook's
/// squares, the squares between them (which must be empty) and the king's
/// path (which no enemy may attack, FIDE's only guard).
const fn castle(right: u8, king: (Square, Square), rook: (Square, Square)) -> Castle {
    let (low, high) = if king.0 < rook.0 {
        (king.0, rook.0)
    } else {
        (rook.0, king.0)
    };
    let empty = (1u64 << high) - (2u64 << low);
    let (low, high) = if king.0 < king.1 {
        (king.0, king.1)
    } else {
        (king.1, king.0)
    };
    let safe = (2u64 << high) - (1u64 << low);
    Castle {
        right,
        king_from: king.0,
        king_to: king.1,
        rook_from: rook.0,
        rook_to: rook.1,
        empty,
        safe,
    }
}

/// The castlings of [`super::rules::castlings`] (King and Queen side,
/// White's on rank 1, Black's on rank 8).
const CASTLES: [[Castle; 2]; 2] = [
    [castle(1, (4, 6), (7, 5)), castle(2, (4, 2), (0, 3))],
    [castle(4, (60, 62), (63, 61)), castle(8, (60, 58), (56, 59))],
];

/// The rights a castling's king or rook square ends when a piece moves
/// from or to it.
const fn keeps() -> [u8; 64] {
    let mut keeps = [0xFFu8; 64];
    let mut seat = 0;
    while seat < 2 {
        let mut i = 0;
        while i < 2 {
            let c = &CASTLES[seat][i];
            keeps[c.king_from as usize] &= !c.right;
            keeps[c.rook_from as usize] &= !c.right;
            i += 1;
        }
        seat += 1;
    }
    keeps
}

/// The tables, in the binary's read-only data.
pub static TABLES: Tables = Tables {
    knight: leap_table(&KNIGHT_LEAPS, 1),
    king: leap_table(&KING_DIRECTIONS, 1),
    pawn: [
        leap_table(&PAWN_CAPTURES, 1),
        leap_table(&PAWN_CAPTURES, -1),
    ],
    rays: RAYS,
    between: line_tables(&RAYS, false),
    line: line_tables(&RAYS, true),
    castles: [&CASTLES[0], &CASTLES[1]],
    keeps: keeps(),
    // The last rank of each seat.
    promotion_squares: 0xFF << 56 | 0xFF,
    promotions: &[QUEEN as u8, ROOK as u8, BISHOP as u8, KNIGHT as u8],
};

impl Tables {
    #[inline]
    fn ray_attacks(&self, dir: usize, sq: Square, occ: u64) -> u64 {
        let ray = self.rays[dir][sq as usize];
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        let first = if POSITIVE[dir] {
            blockers.trailing_zeros()
        } else {
            63 - blockers.leading_zeros()
        };
        ray ^ self.rays[dir][first as usize]
    }

    /// Rook attacks from `sq` with occupancy `occ`.
    #[inline]
    pub fn rook(&self, sq: Square, occ: u64) -> u64 {
        self.ray_attacks(0, sq, occ)
            | self.ray_attacks(1, sq, occ)
            | self.ray_attacks(2, sq, occ)
            | self.ray_attacks(3, sq, occ)
    }

    /// Bishop attacks from `sq` with occupancy `occ`.
    #[inline]
    pub fn bishop(&self, sq: Square, occ: u64) -> u64 {
        self.ray_attacks(4, sq, occ)
            | self.ray_attacks(5, sq, occ)
            | self.ray_attacks(6, sq, occ)
            | self.ray_attacks(7, sq, occ)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::pieces::{KING, PAWN, SPEC};
    use crate::rules::chess::rules::RULES;
    use crate::rules::movement::{Mode, targets};

    /// The tables as they were built at start-up before: from the piece
    /// data on the core's geometry, and from the core's chess rules.
    fn derived() -> Tables {
        let g = &SPEC.geometry;
        let leaps = |kind: usize, facing: i8| {
            let mut t = [0u64; 64];
            for s in 0..64u8 {
                let pat = SPEC.kinds[kind].pattern(Mode::Capture, 0);
                for to in targets(g, pat, s, facing, Mode::Capture, &|_| true) {
                    t[s as usize] |= 1 << to;
                }
            }
            t
        };
        let mut rays = [[0u64; 64]; 8];
        for (d, table) in rays.iter_mut().enumerate() {
            for s in 0..64u8 {
                table[s as usize] = g.ray(s, d).iter().fold(0, |m, &q| m | 1u64 << q);
            }
        }
        let mut between = [[0u64; 64]; 64];
        for s in 0..64u8 {
            for d in 0..8 {
                let ray = g.ray(s, d);
                for (i, &t) in ray.iter().enumerate() {
                    between[s as usize][t as usize] =
                        ray[..i].iter().fold(0, |m, &q| m | 1u64 << q);
                }
            }
        }
        let mut line = [[0u64; 64]; 64];
        for s in 0..64u8 {
            for d in 0..8 {
                let (df, dr) = KING_DIRECTIONS[d];
                let back = KING_DIRECTIONS
                    .iter()
                    .position(|&o| o == (-df, -dr))
                    .expect("every direction has its opposite");
                let whole = rays[d][s as usize] | rays[back][s as usize] | 1u64 << s;
                for &t in g.ray(s, d) {
                    line[s as usize][t as usize] = whole;
                }
            }
        }
        let mask = |squares: &[Square]| squares.iter().fold(0u64, |m, &q| m | 1 << q);
        let mut castles: [Vec<Castle>; 2] = [Vec::new(), Vec::new()];
        let mut keeps = [0xFFu8; 64];
        for rule in &RULES.castlings {
            let right = 1u8 << rule.right;
            castles[rule.seat as usize].push(Castle {
                right,
                king_from: rule.king_from,
                king_to: rule.king_to,
                rook_from: rule.rook_from,
                rook_to: rule.rook_to,
                empty: mask(&rule.empty),
                safe: mask(&rule.safe) | 1 << rule.king_from,
            });
            keeps[rule.king_from as usize] &= !right;
            keeps[rule.rook_from as usize] &= !right;
        }
        let pawn = &RULES.pawns[0];
        let promotion_squares = g
            .squares()
            .filter(|&q| pawn.promotion_rank.contains(&g.coords(q).1))
            .fold(0, |m, q| m | 1 << q);
        Tables {
            knight: leaps(KNIGHT, 1),
            king: leaps(KING, 1),
            pawn: [leaps(PAWN, 1), leaps(PAWN, -1)],
            rays,
            between,
            line,
            castles: castles.map(|c| &*Vec::leak(c)),
            keeps,
            promotion_squares,
            promotions: Vec::leak(pawn.promotions[0].clone()),
        }
    }

    #[test]
    fn compiled_tables_are_the_piece_data_and_rules() {
        let (t, d) = (&TABLES, derived());
        assert_eq!(t.knight, d.knight);
        assert_eq!(t.king, d.king);
        assert_eq!(t.pawn, d.pawn);
        assert_eq!(t.rays, d.rays);
        assert_eq!(t.between, d.between);
        assert_eq!(t.line, d.line);
        assert_eq!(t.castles, d.castles);
        assert_eq!(t.keeps, d.keeps);
        assert_eq!(t.promotion_squares, d.promotion_squares);
        assert_eq!(t.promotions, d.promotions);
    }

    #[test]
    fn tables_from_piece_data() {
        let t = &TABLES;
        assert_eq!(t.knight[0].count_ones(), 2);
        assert_eq!(t.knight[27].count_ones(), 8);
        assert_eq!(t.king[0].count_ones(), 3);
        // e2 (12) white pawn attacks d3 f3.
        assert_eq!(t.pawn[0][12], (1 << 19) | (1 << 21));
        assert_eq!(t.pawn[1][12], (1 << 3) | (1 << 5));
        assert_eq!(t.rook(0, 0).count_ones(), 14);
        assert_eq!(t.rook(0, 1 << 8 | 1 << 1), (1 << 8) | (1 << 1));
        assert_eq!(t.bishop(27, 0).count_ones(), 13);
        assert_eq!(t.between[4][7], (1 << 5) | (1 << 6));
        // e1-h4 diagonal: d0 is off the board, so it runs e1 f2 g3 h4.
        assert_eq!(t.line[4][22], (1 << 4) | (1 << 13) | (1 << 22) | (1 << 31));
        assert_eq!(t.line[4][5], 0xFF);
        assert_eq!(t.line[4][22], t.line[31][13]);
        assert_eq!(t.line[4][14], 0, "not on a line");
        // White's short castling: f1 g1 empty, e1 f1 g1 safe.
        assert_eq!(t.castles[0][0].empty, (1 << 5) | (1 << 6));
        assert_eq!(t.castles[0][0].safe, (1 << 4) | (1 << 5) | (1 << 6));
        assert_eq!(t.castles[1][1].empty, (1 << 57) | (1 << 58) | (1 << 59));
    }
}
