//! Precomputed tables for the fast chess generator, derived from the data
//! of the shared core: leaper tables for knight, king and pawn captures and
//! ray masks for the riders from the piece data in [`super::pieces`] on the
//! empty 8x8 geometry; the castlings, the rights a move ends, and the
//! promotion squares and choices from the chess rules in [`super::rules`].

use std::sync::LazyLock;

use super::pieces::{KING, KNIGHT, PAWN, SPEC};
use super::rules::RULES;
use crate::rules::geometry::{KING_DIRECTIONS, Square};
use crate::rules::movement::{Mode, targets};

pub struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// Pawn capture squares by colour (0 White, 1 Black).
    pub pawn: [[u64; 64]; 2],
    /// Ray masks by KING_DIRECTIONS index.
    pub rays: [[u64; 64]; 8],
    /// Squares strictly between two squares on a line, else 0.
    pub between: Vec<[u64; 64]>,
    /// The whole line through two squares on a line (both included), else 0:
    /// where a piece pinned to its king may go.
    pub line: Vec<[u64; 64]>,
    /// Each seat's castlings.
    pub castles: [Vec<Castle>; 2],
    /// The castling rights kept when a piece moves from or to a square.
    pub keeps: [u8; 64],
    /// The squares where a pawn promotes (either seat's last rank).
    pub promotion_squares: u64,
    /// The kinds a pawn may promote to.
    pub promotions: Vec<u8>,
}

/// One castling of the core's rules as bitboard masks.
#[derive(Clone, Copy, Debug)]
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

pub static TABLES: LazyLock<Tables> = LazyLock::new(|| {
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
    let mut between = vec![[0u64; 64]; 64];
    for s in 0..64u8 {
        for d in 0..8 {
            let ray = g.ray(s, d);
            for (i, &t) in ray.iter().enumerate() {
                between[s as usize][t as usize] = ray[..i].iter().fold(0, |m, &q| m | 1u64 << q);
            }
        }
    }
    let mut line = vec![[0u64; 64]; 64];
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
    let mut castles = [Vec::new(), Vec::new()];
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
        castles,
        keeps,
        promotion_squares,
        promotions: pawn.promotions.clone(),
        knight: leaps(KNIGHT, 1),
        king: leaps(KING, 1),
        pawn: [leaps(PAWN, 1), leaps(PAWN, -1)],
        rays,
        between,
        line,
    }
});

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

    #[test]
    fn tables_from_piece_data() {
        let t = &*TABLES;
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
    }
}
