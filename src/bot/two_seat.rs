//! The evaluation of a two-seat chess-like game (chess, Big Outer Chess,
//! Orphic, Orthodia, Rebellion, Squirm), read from the position's pieces
//! through the core's public accessors:
//!
//! - material and place: each piece's measured value on its square
//!   ([`Values`]), so Big Outer's zones change a piece's worth as it moves;
//! - pawns: a pawn plus a bonus growing with the square of how far it has
//!   come toward its promotion rank;
//! - reserves (Orphic): a piece in hand is worth nine tenths of its value
//!   (it can go almost anywhere, but it is not yet doing anything);
//! - the finish: with a winning material lead, the enemy king driven to
//!   the edge and the own king brought near, so a won game is mated
//!   before the 100-ply count draws it.
//!
//! It also gives the search what it needs besides a score: a key of the
//! position for the transposition table and the material a turn takes,
//! for ordering captures first.

use crate::rules::Position;
use crate::rules::chesslike::ChessLike;
use crate::rules::geometry::Geometry;
use crate::rules::turn::{Action, Turn};

use super::values::{PAWN, Values};

/// Tenths of its value a piece in hand is worth.
const IN_HAND_TENTHS: i32 = 9;
/// The most a pawn's advance adds, at the rank before promotion.
const ADVANCE: f64 = 240.0;
/// A material lead (beyond pawns) from which the finish terms count.
const WINNING_LEAD: i32 = 250;

/// One game's evaluation, measured once per [`super::choose`] call.
pub struct TwoSeat {
    values: Values,
    /// Per kind: for pawn-like kinds, (home rank, promotion rank) per seat.
    pawn_ranks: Vec<Option<[(i8, i8); 2]>>,
    geometry: &'static Geometry,
}

/// The concrete position behind a trait object, when it is chess-like.
pub fn chesslike(pos: &dyn Position) -> Option<&ChessLike> {
    let any: &dyn std::any::Any = pos;
    any.downcast_ref::<ChessLike>()
}

impl TwoSeat {
    pub fn new(pos: &ChessLike) -> TwoSeat {
        let rules = pos.rules();
        let spec = rules.spec;
        let values = Values::measure(spec, |k| rules.pawn(k).is_some());
        let pawn_ranks = (0..spec.kinds.len() as u8)
            .map(|k| {
                rules.pawn(k).map(|p| {
                    [
                        (p.home_rank[0], p.promotion_rank[0]),
                        (p.home_rank[1], p.promotion_rank[1]),
                    ]
                })
            })
            .collect();
        TwoSeat {
            values,
            pawn_ranks,
            geometry: &spec.geometry,
        }
    }

    /// The seat whose turn it is (also once the game is over: the seat
    /// that would move).
    pub fn side(&self, pos: &dyn Position) -> usize {
        chesslike(pos).map_or(0, |p| usize::from(p.side()))
    }

    /// The position's worth to `me`, in centipawns.
    pub fn eval(&self, pos: &dyn Position, me: usize) -> i32 {
        let Some(pos) = chesslike(pos) else {
            return 0;
        };
        let board = pos.board();
        let mut score = [0i32; 2];
        let mut pieces = [0i32; 2];
        let mut royal = [None; 2];
        for (sq, cell) in board.cells.iter().enumerate() {
            let Some(p) = cell else { continue };
            let sq = sq as u8;
            let seat = usize::from(p.owner & 1);
            if self.values.royal[p.kind as usize] {
                royal[seat] = Some(sq);
                continue;
            }
            let v = match self.pawn_ranks[p.kind as usize] {
                Some(ranks) => PAWN + self.advance(ranks[seat], seat, sq),
                None => {
                    pieces[seat] += self.values.base[p.kind as usize];
                    self.values.on(p.kind, sq)
                }
            };
            score[seat] += v;
        }
        for seat in 0..2u8 {
            for kind in 0..self.values.base.len() as u8 {
                let n = i32::from(pos.in_reserve(seat, kind));
                if n > 0 && !self.values.royal[kind as usize] {
                    let v = self.values.base[kind as usize] * IN_HAND_TENTHS / 10;
                    score[seat as usize] += n * v;
                    pieces[seat as usize] += n * v;
                }
            }
        }
        for seat in 0..2 {
            let other = 1 - seat;
            if pieces[seat] - pieces[other] >= WINNING_LEAD
                && let (Some(mine), Some(theirs)) = (royal[seat], royal[other])
            {
                score[seat] += self.finish(mine, theirs);
            }
        }
        score[me] - score[1 - me]
    }

    /// A pawn's bonus for how far it has come from its home rank toward
    /// its promotion rank.
    fn advance(&self, (home, promotion): (i8, i8), _seat: usize, sq: u8) -> i32 {
        let (_, rank) = self.geometry.coords(sq);
        let span = f64::from(promotion - home);
        if span == 0.0 {
            return 0;
        }
        let done = (f64::from(rank - home) / span).clamp(0.0, 1.0);
        (ADVANCE * done * done).round() as i32
    }

    /// With a winning lead: the enemy king's distance from the centre and
    /// the kings' nearness.
    fn finish(&self, mine: u8, theirs: u8) -> i32 {
        let g = self.geometry;
        let (tf, tr) = g.coords(theirs);
        let (mf, mr) = g.coords(mine);
        let (files, ranks) = (i32::from(g.files()), i32::from(g.ranks()));
        let off_centre = (2 * i32::from(tf) - (files - 1))
            .abs()
            .max((2 * i32::from(tr) - (ranks - 1)).abs());
        let apart = (i32::from(tf) - i32::from(mf))
            .abs()
            .max((i32::from(tr) - i32::from(mr)).abs());
        10 * off_centre + 8 * (files.max(ranks) - apart)
    }

    /// The material `turn` takes (with what a promotion adds), for move
    /// ordering: captures of the most valuable pieces first.
    pub fn gain(&self, pos: &dyn Position, turn: &Turn) -> i32 {
        let Some(pos) = chesslike(pos) else {
            return 0;
        };
        let board = pos.board();
        let mut gain = 0;
        for action in turn.actions() {
            if let Action::Move { to, promotion, .. } = *action {
                if let Some(victim) = board.get(to)
                    && victim.owner != pos.side()
                {
                    gain += self.values.base[victim.kind as usize];
                }
                if let Some(kind) = promotion {
                    gain += self.values.base[kind as usize] - PAWN;
                }
            }
        }
        gain
    }

    /// A key of the position for the transposition table: pieces, side to
    /// move, reserves, castling rights, the en passant chance and the
    /// piece that may be squirmed.
    pub fn key(&self, pos: &dyn Position) -> u64 {
        let Some(pos) = chesslike(pos) else {
            return 0;
        };
        let mut h = Fnv::new();
        for cell in &pos.board().cells {
            match cell {
                Some(p) => h.add(&[1, p.owner, p.kind, p.facing as u8]),
                None => h.add(&[0]),
            }
        }
        h.add(&[pos.side(), pos.rights()]);
        if let Some((from, to)) = pos.en_passant() {
            h.add(&[from, to]);
        }
        if let Some(sq) = pos.last_moved() {
            h.add(&[0xFE, sq]);
        }
        for seat in 0..2u8 {
            for kind in 0..self.values.base.len() as u8 {
                h.add(&[pos.in_reserve(seat, kind)]);
            }
        }
        h.finish()
    }
}

/// FNV-1a, 64 bits: a plain, stable hash (the std hasher's keys may
/// change between releases; the search must not).
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}
