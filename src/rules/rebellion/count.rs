//! A perft's last ply of Rebellion and Squirm (FIDE pieces) counted on
//! chess's bitboards ([`crate::rules::chess::bits`]) instead of the core's
//! listing (`chesslike/count.rs`), through [`Hooks::count_acts`]. A
//! normal move of these games is legal exactly when it is in chess (the
//! castling rights, the en passant chance and a pawn's double step are
//! the position's; the core keeps them by these games' rules), with two
//! additions, counted here by sets too:
//!
//! * Rebellion: the rebel moves. Out of check, a rebel move of an enemy
//!   piece that shields no line onto the king is legal unless the piece
//!   checks the king where it lands; the others are played and tested.
//! * Squirm: a normal move is illegal where the opponent could then squirm
//!   the moved piece so as to check the mover's king. Only a move onto a
//!   line between the king and an enemy rider that holds at most two
//!   pieces can be that; those are played and tested, every other target
//!   is counted as chess counts it.
//!
//! A king is never captured (the core's rule): after a squirm the enemy
//! king may stand attacked, and no move takes it. The rebel squares come
//! from the core ([`ChessLike::rebel_pattern`]), once. The differential
//! test (`tests.rs`) holds this count to the core's list.
//!
//! [`Hooks::count_acts`]: crate::rules::chesslike::Hooks::count_acts

use std::sync::OnceLock;

use crate::rules::Action;
use crate::rules::board::Piece;
use crate::rules::chess::bits::{Bits, Move, Special as BitSpecial};
use crate::rules::chess::movegen::{MoveList, pawn_targets, pseudo_legal};
use crate::rules::chess::pieces::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use crate::rules::chess::tables::{TABLES, Tables};
use crate::rules::chesslike::pawns::facing;
use crate::rules::chesslike::{Act, ChessLike, Rebels, Special};
use crate::rules::geometry::Square;

/// Per kind, owner and square: the piece's rebel squares as a bitboard.
type RebelMasks = [[[u64; 64]; 2]; 6];

static MASKS: OnceLock<Box<RebelMasks>> = OnceLock::new();

/// The rebel squares of the FIDE pieces, from the core's judgement.
fn masks(pos: &ChessLike) -> &'static RebelMasks {
    MASKS.get_or_init(|| {
        let mut masks = Box::new([[[0u64; 64]; 2]; 6]);
        for (kind, by_owner) in masks.iter_mut().enumerate() {
            for (owner, by_square) in by_owner.iter_mut().enumerate() {
                let owner = owner as u8;
                let piece = Piece {
                    owner,
                    kind: kind as u8,
                    facing: facing(owner),
                };
                for (from, mask) in by_square.iter_mut().enumerate() {
                    for to in pos.rebel_pattern(piece, from as Square) {
                        *mask |= 1 << to;
                    }
                }
            }
        }
        masks
    })
}

/// One position's bitboards and what every test in it reads.
struct Counter {
    b: Bits,
    t: &'static Tables,
    masks: &'static RebelMasks,
    us: usize,
    them: usize,
    king: Square,
    /// The enemy king's square as a set: never a target.
    their_king: u64,
    squirm: bool,
}

/// The lines between the king and the enemy riders that could reach it.
#[derive(Default)]
struct Lines {
    /// Own pieces alone on such a line (pinned).
    pinned: u64,
    /// Enemy pieces alone on such a line: a rebel move of one may open it.
    shields: u64,
    /// The squares of the lines holding at most two pieces: a piece moved
    /// there and squirmed away again may open one.
    near: u64,
}

/// The kind of the piece on `sq` of `b`.
fn kind_at(b: &Bits, sq: Square) -> usize {
    (0..6)
        .find(|&k| b.kind[k] & (1u64 << sq) != 0)
        .unwrap_or(PAWN)
}

impl Counter {
    fn lines(&self) -> Lines {
        let (t, b) = (self.t, &self.b);
        let enemy = b.colour[self.them];
        let occ = b.occupied();
        let riders = (t.rook(self.king, 0) & (b.kind[ROOK] | b.kind[QUEEN]) & enemy)
            | (t.bishop(self.king, 0) & (b.kind[BISHOP] | b.kind[QUEEN]) & enemy);
        let mut lines = Lines::default();
        let mut rest = riders;
        while rest != 0 {
            let rider = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let between = t.between[self.king as usize][rider];
            let held = between & occ;
            match held.count_ones() {
                1 if held & enemy != 0 => lines.shields |= held,
                1 => lines.pinned |= held,
                _ => {}
            }
            if held.count_ones() <= 2 {
                lines.near |= between;
            }
        }
        lines
    }

    /// True when the opponent could squirm the piece `m` moved (`after`:
    /// the legal position after it) so as to check the mover's king.
    fn exposed(&self, after: &Bits, m: Move) -> bool {
        if m.special == BitSpecial::Castle || m.from == self.king {
            return false;
        }
        let kind = m
            .promotion
            .map_or_else(|| kind_at(after, m.to), usize::from);
        // Only a line the piece shuts can open.
        let lifted = after.occupied() & !(1u64 << m.to);
        if after.attackers(self.t, self.king, self.them, lifted) == 0 {
            return false;
        }
        let mut squares = self.masks[kind][self.us][m.to as usize] & !after.occupied();
        while squares != 0 {
            let r = squares.trailing_zeros();
            squares &= squares - 1;
            if after.attackers(self.t, self.king, self.them, lifted | 1 << r) != 0 {
                return true;
            }
        }
        false
    }

    /// True when the normal move `m` (pseudo-legal) is legal.
    fn legal(&self, m: Move) -> bool {
        if self.their_king & (1u64 << m.to) != 0 {
            return false;
        }
        let after = self.b.make(m);
        if after.attacked(after.king_square(self.us), self.them) {
            return false;
        }
        !(self.squirm && self.exposed(&after, m))
    }

    /// True when the rebel move of the enemy piece of `kind` from `from`
    /// to `to` leaves the king unattacked.
    fn rebel_legal(&self, kind: usize, from: Square, to: Square) -> bool {
        let mut after = self.b;
        let moved = (1u64 << from) | (1u64 << to);
        after.colour[self.them] ^= moved;
        after.kind[kind] ^= moved;
        !after.attacked(self.king, self.them)
    }

    /// The moves of the piece on `from` to each of `targets` (no pawn),
    /// those onto `near` tested one by one.
    fn count_targets(&self, from: Square, targets: u64, near: u64) -> u64 {
        let mut n = u64::from((targets & !near).count_ones());
        let mut risky = targets & near;
        while risky != 0 {
            let to = risky.trailing_zeros() as Square;
            risky &= risky - 1;
            n += u64::from(self.legal(plain(from, to, None)));
        }
        n
    }

    /// The legal en passant captures of the side, each tested, counted
    /// and put in `out`.
    fn en_passant(&self, pos: &ChessLike, out: &mut Vec<Act>) -> u64 {
        let (Some(ep), Some((_, taken))) = (self.b.ep, pos.en_passant()) else {
            return 0;
        };
        let mut takers =
            self.t.pawn[self.them][ep as usize] & self.b.kind[PAWN] & self.b.colour[self.us];
        let mut n = 0;
        while takers != 0 {
            let from = takers.trailing_zeros() as Square;
            takers &= takers - 1;
            let m = Move {
                from,
                to: ep,
                promotion: None,
                special: BitSpecial::EnPassant,
            };
            if self.legal(m) {
                n += 1;
                out.push(Act {
                    action: Action::step(from, ep),
                    capture: true,
                    special: Special::EnPassant { taken },
                });
            }
        }
        n
    }

    /// In check: every pseudo-legal move tested (en passant put in
    /// `out`), and every rebel move.
    fn count_in_check(&self, pos: &ChessLike, out: &mut Vec<Act>) -> u64 {
        let mut list = MoveList::new();
        pseudo_legal(&self.b, &mut list);
        let mut n = 0;
        for &m in list.as_slice() {
            if m.special == BitSpecial::EnPassant {
                continue;
            }
            n += u64::from(self.legal(m));
        }
        n += self.en_passant(pos, out);
        if pos.rules().rebels == Rebels::InsteadOfMove {
            n += self.rebels(u64::MAX);
        }
        n
    }

    /// The legal rebel moves, those of the pieces on `tested` played and
    /// tested one by one (out of check, the others are legal unless the
    /// piece checks the king where it lands).
    fn rebels(&self, tested: u64) -> u64 {
        let (t, b) = (self.t, &self.b);
        let occ = b.occupied();
        let enemy = b.colour[self.them];
        let king = self.king as usize;
        let mut n = 0;
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
            let mut pieces = b.kind[kind] & enemy;
            while pieces != 0 {
                let from = pieces.trailing_zeros() as Square;
                pieces &= pieces - 1;
                let targets = self.masks[kind][self.them][from as usize] & !occ;
                if targets == 0 {
                    continue;
                }
                if tested & (1u64 << from) != 0 {
                    let mut rest = targets;
                    while rest != 0 {
                        let to = rest.trailing_zeros() as Square;
                        rest &= rest - 1;
                        n += u64::from(self.rebel_legal(kind, from, to));
                    }
                    continue;
                }
                let lifted = occ & !(1u64 << from);
                let checks = match kind {
                    PAWN => t.pawn[self.us][king],
                    KNIGHT => t.knight[king],
                    BISHOP => t.bishop(self.king, lifted),
                    ROOK => t.rook(self.king, lifted),
                    QUEEN => t.bishop(self.king, lifted) | t.rook(self.king, lifted),
                    _ => t.king[king],
                };
                n += u64::from((targets & !checks).count_ones());
            }
        }
        n
    }

    /// Out of check: the targets of every piece counted as chess counts
    /// them, those onto the near lines (Squirm) tested one by one.
    fn count_free(&self, pos: &ChessLike, out: &mut Vec<Act>) -> u64 {
        let (t, b) = (self.t, &self.b);
        let us = self.us;
        let own = b.colour[us];
        let enemy = b.colour[self.them];
        let occ = own | enemy;
        let king = self.king;
        let lines = self.lines();
        let near = if self.squirm { lines.near } else { 0 };
        let pinned = lines.pinned;
        let allowed = |from: Square| {
            if pinned & (1u64 << from) != 0 {
                t.line[king as usize][from as usize]
            } else {
                !0
            }
        };
        let not_own = !own & !self.their_king;
        let mut n = 0u64;
        let mut knights = b.kind[KNIGHT] & own & !pinned;
        while knights != 0 {
            let from = knights.trailing_zeros() as Square;
            knights &= knights - 1;
            n += self.count_targets(from, t.knight[from as usize] & not_own, near);
        }
        let mut diag = (b.kind[BISHOP] | b.kind[QUEEN]) & own;
        while diag != 0 {
            let from = diag.trailing_zeros() as Square;
            diag &= diag - 1;
            let targets = t.bishop(from, occ) & not_own & allowed(from);
            n += self.count_targets(from, targets, near);
        }
        let mut line = (b.kind[ROOK] | b.kind[QUEEN]) & own;
        while line != 0 {
            let from = line.trailing_zeros() as Square;
            line &= line - 1;
            let targets = t.rook(from, occ) & not_own & allowed(from);
            n += self.count_targets(from, targets, near);
        }
        n += self.count_pawns(occ, allowed, near);
        n += self.en_passant(pos, out);
        let without_king = occ ^ (1u64 << king);
        let mut steps = t.king[king as usize] & not_own;
        while steps != 0 {
            let to = steps.trailing_zeros() as Square;
            steps &= steps - 1;
            n += u64::from(b.attackers(t, to, self.them, without_king) == 0);
        }
        n += self.castlings(occ);
        if pos.rules().rebels == Rebels::InsteadOfMove {
            n += self.rebels(lines.shields);
        }
        n
    }

    /// The pawns' steps and captures (en passant aside), promotions once
    /// per kind.
    fn count_pawns(&self, occ: u64, allowed: impl Fn(Square) -> u64, near: u64) -> u64 {
        let (t, b) = (self.t, &self.b);
        let us = self.us;
        let own = b.colour[us];
        let takeable = b.colour[self.them] & !self.their_king;
        let choices = t.promotions.len() as u64;
        let mut n = 0;
        let mut pawns = b.kind[PAWN] & own;
        while pawns != 0 {
            let from = pawns.trailing_zeros() as Square;
            pawns &= pawns - 1;
            let targets = pawn_targets(t, us, from, occ, takeable) & allowed(from);
            let safe = targets & !near;
            let promoting = safe & t.promotion_squares;
            n += u64::from((safe ^ promoting).count_ones())
                + u64::from(promoting.count_ones()) * choices;
            let mut risky = targets & near;
            while risky != 0 {
                let to = risky.trailing_zeros() as Square;
                risky &= risky - 1;
                if t.promotion_squares & (1u64 << to) != 0 {
                    for &k in t.promotions {
                        n += u64::from(self.legal(plain(from, to, Some(k))));
                    }
                } else {
                    n += u64::from(self.legal(plain(from, to, None)));
                }
            }
        }
        n
    }

    /// The castlings whose conditions hold (out of check): the right kept
    /// with king and rook at home, the squares between empty, the king's
    /// path not attacked. Nothing squirms after one.
    fn castlings(&self, occ: u64) -> u64 {
        let b = &self.b;
        if b.castling == 0 {
            return 0;
        }
        let own = b.colour[self.us];
        let (kings, rooks) = (b.kind[KING] & own, b.kind[ROOK] & own);
        let mut n = 0;
        for c in self.t.castles[self.us] {
            if b.castling & c.right != 0
                && kings & (1u64 << c.king_from) != 0
                && rooks & (1u64 << c.rook_from) != 0
                && occ & c.empty == 0
                && !self.attacked_any(c.safe)
            {
                n += 1;
            }
        }
        n
    }

    /// True when the enemy attacks a square of `squares`.
    fn attacked_any(&self, mut squares: u64) -> bool {
        while squares != 0 {
            let sq = squares.trailing_zeros() as Square;
            squares &= squares - 1;
            if self.b.attacked(sq, self.them) {
                return true;
            }
        }
        false
    }
}

/// A move of one piece, no special effect (a double step's chance of en
/// passant is not read by the tests here).
fn plain(from: Square, to: Square, promotion: Option<u8>) -> Move {
    Move {
        from,
        to,
        promotion,
        special: BitSpecial::None,
    }
}

/// The bitboards of `pos` for counting: [`crate::rules::chess::backend::bits_of`] without the move
/// counters (nothing here reads them), from the board's sets of squares.
fn bits(pos: &ChessLike) -> Bits {
    let board = pos.board();
    let mut b = Bits::empty();
    let mut occupied = board.occupancy().low_bits();
    while occupied != 0 {
        let sq = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        if let Some(p) = board.cells[sq] {
            b.colour[usize::from(p.owner)] |= 1u64 << sq;
            b.kind[usize::from(p.kind)] |= 1u64 << sq;
        }
    }
    b.side = usize::from(pos.side());
    let rights = pos.rights();
    if rights != 0 {
        for rule in &pos.rules().castlings {
            let own = b.colour[usize::from(rule.seat)];
            if rights & (1 << rule.right) != 0
                && b.kind[KING] & own & (1u64 << rule.king_from) != 0
                && b.kind[ROOK] & own & (1u64 << rule.rook_from) != 0
            {
                b.castling |= 1 << rule.right;
            }
        }
    }
    b.ep = pos.en_passant().map(|(from, to)| (from + to) / 2);
    b
}

/// The legal single actions of `pos`, a Rebellion or Squirm position with
/// the FIDE pieces (the length of [`ChessLike::legal_acts`]); its legal en
/// passant captures are put in `en_passant`.
pub fn count(pos: &ChessLike, en_passant: &mut Vec<Act>) -> u64 {
    let b = bits(pos);
    let us = b.side;
    let them = us ^ 1;
    let counter = Counter {
        b,
        t: &TABLES,
        masks: masks(pos),
        us,
        them,
        king: b.king_square(us),
        their_king: b.kind[KING] & b.colour[them],
        squirm: pos.rules().rebels == Rebels::SquirmFirst,
    };
    if b.attackers(counter.t, counter.king, them, b.occupied()) != 0 {
        counter.count_in_check(pos, en_passant)
    } else {
        counter.count_free(pos, en_passant)
    }
}

#[cfg(test)]
#[path = "count_tests.rs"]
mod tests;
