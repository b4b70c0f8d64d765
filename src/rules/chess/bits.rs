//! The chess position as bitboards: pieces, side to move, castling rights,
//! en passant square, move counters; with copy-make. This is the hot data
//! for the generator and perft, so it is small and `Copy`.

use super::pieces::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::tables::{TABLES, Tables};
use crate::rules::geometry::Square;

pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

/// Castling right bits (the core's castlings in order): White short,
/// White long, Black short, Black long.
pub const WK: u8 = 1;
pub const WQ: u8 = 2;
pub const BK: u8 = 4;
pub const BQ: u8 = 8;

/// What a move does beyond moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    None,
    DoublePush,
    EnPassant,
    Castle,
}

/// One move, small enough to copy around freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// Kind index of the promotion piece, if any.
    pub promotion: Option<u8>,
    pub special: Special,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    pub colour: [u64; 2],
    pub kind: [u64; 6],
    pub side: usize,
    pub castling: u8,
    /// The square passed over by a double push on the last move.
    pub ep: Option<Square>,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl Bits {
    pub fn empty() -> Self {
        Bits {
            colour: [0; 2],
            kind: [0; 6],
            side: WHITE,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
        }
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.colour[0] | self.colour[1]
    }

    /// (colour, kind) of the piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(usize, usize)> {
        let b = 1u64 << sq;
        if self.occupied() & b == 0 {
            return None;
        }
        let colour = usize::from(self.colour[BLACK] & b != 0);
        let kind = (0..6).find(|&k| self.kind[k] & b != 0)?;
        Some((colour, kind))
    }

    pub fn put(&mut self, sq: Square, colour: usize, kind: usize) {
        self.colour[colour] |= 1 << sq;
        self.kind[kind] |= 1 << sq;
    }

    #[inline]
    fn remove(&mut self, sq: Square, colour: usize, kind: usize) {
        let b = !(1u64 << sq);
        self.colour[colour] &= b;
        self.kind[kind] &= b;
    }

    #[inline]
    pub fn king_square(&self, colour: usize) -> Square {
        (self.kind[KING] & self.colour[colour]).trailing_zeros() as Square
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`.
    #[inline]
    pub fn attackers(&self, t: &Tables, sq: Square, by: usize, occ: u64) -> u64 {
        let them = self.colour[by];
        let s = sq as usize;
        let diag = (self.kind[BISHOP] | self.kind[QUEEN]) & them;
        let line = (self.kind[ROOK] | self.kind[QUEEN]) & them;
        (t.knight[s] & self.kind[KNIGHT] & them)
            | (t.king[s] & self.kind[KING] & them)
            | (t.pawn[by ^ 1][s] & self.kind[PAWN] & them)
            | (if diag != 0 {
                t.bishop(sq, occ) & diag
            } else {
                0
            })
            | (if line != 0 { t.rook(sq, occ) & line } else { 0 })
    }

    /// Is `sq` attacked by side `by`?
    #[inline]
    pub fn attacked(&self, sq: Square, by: usize) -> bool {
        self.attackers(&TABLES, sq, by, self.occupied()) != 0
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.attacked(self.king_square(self.side), self.side ^ 1)
    }

    /// The position after `m` (pseudo-legal input; the mover's king may be left attacked).
    #[inline]
    pub fn make(&self, m: Move) -> Bits {
        let mut b = *self;
        let us = self.side;
        let them = us ^ 1;
        let (from, to) = (m.from, m.to);
        let to_bit = 1u64 << to;
        let moving = (0..6)
            .find(|&k| self.kind[k] & (1u64 << from) != 0)
            .unwrap_or(PAWN);
        let mut irreversible = moving == PAWN;
        if self.colour[them] & to_bit != 0 {
            let captured = (0..6).find(|&k| self.kind[k] & to_bit != 0).unwrap_or(PAWN);
            b.remove(to, them, captured);
            irreversible = true;
        }
        b.remove(from, us, moving);
        b.put(to, us, m.promotion.map_or(moving, usize::from));
        match m.special {
            Special::EnPassant => {
                let victim = if us == WHITE { to - 8 } else { to + 8 };
                b.remove(victim, them, PAWN);
            }
            Special::Castle => {
                let castle = TABLES.castles[us]
                    .iter()
                    .find(|c| c.king_from == from && c.king_to == to)
                    .expect("a castling of the rules");
                b.remove(castle.rook_from, us, ROOK);
                b.put(castle.rook_to, us, ROOK);
            }
            _ => {}
        }
        b.ep = match m.special {
            Special::DoublePush => Some((from + to) / 2),
            _ => None,
        };
        let keeps = &TABLES.keeps;
        b.castling &= keeps[from as usize] & keeps[to as usize];
        b.halfmove = if irreversible { 0 } else { self.halfmove + 1 };
        if us == BLACK {
            b.fullmove += 1;
        }
        b.side = them;
        b
    }

    /// Does moving (pseudo-legal) `m` leave the mover's king safe?
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        let after = self.make(m);
        !after.attacked(after.king_square(self.side), after.side)
    }
}
