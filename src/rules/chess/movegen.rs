//! The fast chess move generator: pseudo-legal moves from bitboards, kept
//! when the mover's king is safe after copy-make. Also perft and divide.

use super::bits::{Bits, Move, Special, WHITE};
use super::pieces::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::tables::{Castle, TABLES, Tables};
use crate::rules::geometry::Square;

/// A fixed-capacity move list (no allocation in perft).
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl MoveList {
    pub fn new() -> Self {
        MoveList {
            moves: [Move {
                from: 0,
                to: 0,
                promotion: None,
                special: Special::None,
            }; 256],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn add_targets(list: &mut MoveList, from: Square, mut targets: u64) {
    while targets != 0 {
        let to = targets.trailing_zeros() as Square;
        targets &= targets - 1;
        list.push(Move {
            from,
            to,
            promotion: None,
            special: Special::None,
        });
    }
}

#[inline]
fn add_pawn(t: &Tables, list: &mut MoveList, from: Square, to: Square, special: Special) {
    if t.promotion_squares & (1 << to) != 0 {
        for &k in t.promotions {
            list.push(Move {
                from,
                to,
                promotion: Some(k),
                special,
            });
        }
    } else {
        list.push(Move {
            from,
            to,
            promotion: None,
            special,
        });
    }
}

/// Every pseudo-legal move of the side to move.
pub fn pseudo_legal(b: &Bits, list: &mut MoveList) {
    let t: &Tables = &TABLES;
    let us = b.side;
    let own = b.colour[us];
    let enemy = b.colour[us ^ 1];
    let occ = own | enemy;
    let not_own = !own;

    let mut pawns = b.kind[PAWN] & own;
    while pawns != 0 {
        let from = pawns.trailing_zeros() as Square;
        pawns &= pawns - 1;
        let (step, start_rank): (i8, u8) = if us == WHITE { (8, 1) } else { (-8, 6) };
        let one = (from as i8 + step) as Square;
        if occ & (1 << one) == 0 {
            add_pawn(t, list, from, one, Special::None);
            let two = (one as i8 + step) as Square;
            if from / 8 == start_rank && occ & (1 << two) == 0 {
                list.push(Move {
                    from,
                    to: two,
                    promotion: None,
                    special: Special::DoublePush,
                });
            }
        }
        let mut caps = t.pawn[us][from as usize] & enemy;
        while caps != 0 {
            let to = caps.trailing_zeros() as Square;
            caps &= caps - 1;
            add_pawn(t, list, from, to, Special::None);
        }
        if let Some(ep) = b.ep
            && t.pawn[us][from as usize] & (1 << ep) != 0
        {
            list.push(Move {
                from,
                to: ep,
                promotion: None,
                special: Special::EnPassant,
            });
        }
    }
    let mut knights = b.kind[KNIGHT] & own;
    while knights != 0 {
        let from = knights.trailing_zeros() as Square;
        knights &= knights - 1;
        add_targets(list, from, t.knight[from as usize] & not_own);
    }
    let mut diag = (b.kind[BISHOP] | b.kind[QUEEN]) & own;
    while diag != 0 {
        let from = diag.trailing_zeros() as Square;
        diag &= diag - 1;
        add_targets(list, from, t.bishop(from, occ) & not_own);
    }
    let mut line = (b.kind[ROOK] | b.kind[QUEEN]) & own;
    while line != 0 {
        let from = line.trailing_zeros() as Square;
        line &= line - 1;
        add_targets(list, from, t.rook(from, occ) & not_own);
    }
    let king = b.king_square(us);
    add_targets(list, king, t.king[king as usize] & not_own);
    castling(b, t, list, occ);
}

/// The castlings of the rules' data whose conditions hold: the right
/// kept, king and rook at home, the squares between empty, the king and
/// its path not attacked.
fn castling(b: &Bits, t: &Tables, list: &mut MoveList, occ: u64) {
    for c in castles(b, t, occ) {
        list.push(Move {
            from: c.king_from,
            to: c.king_to,
            promotion: None,
            special: Special::Castle,
        });
    }
}

/// The castlings whose conditions hold (see [`castling`]).
fn castles<'t>(b: &Bits, t: &'t Tables, occ: u64) -> impl Iterator<Item = &'t Castle> {
    let us = b.side;
    let own = b.colour[us];
    let rights = b.castling;
    let kings = b.kind[KING] & own;
    let rooks = b.kind[ROOK] & own;
    let held = if rights == 0 { &[][..] } else { t.castles[us] };
    held.iter().filter(move |c| {
        rights & c.right != 0
            && kings & (1 << c.king_from) != 0
            && rooks & (1 << c.rook_from) != 0
            && occ & c.empty == 0
            && !attacked_any(b, c.safe, us ^ 1)
    })
}

/// True when `by` attacks any square of `squares`.
fn attacked_any(b: &Bits, mut squares: u64, by: usize) -> bool {
    while squares != 0 {
        let sq = squares.trailing_zeros() as Square;
        squares &= squares - 1;
        if b.attacked(sq, by) {
            return true;
        }
    }
    false
}

/// Our pieces pinned to our king (they may still move along the pin line,
/// so their moves get the full test).
fn pinned(b: &Bits, t: &Tables, king: Square) -> u64 {
    let us = b.side;
    let enemy = b.colour[us ^ 1];
    let occ = b.occupied();
    let snipers = (t.rook(king, enemy) & (b.kind[ROOK] | b.kind[QUEEN]) & enemy)
        | (t.bishop(king, enemy) & (b.kind[BISHOP] | b.kind[QUEEN]) & enemy);
    let mut pinned = 0;
    let mut s = snipers;
    while s != 0 {
        let sniper = s.trailing_zeros() as usize;
        s &= s - 1;
        let between = t.between[king as usize][sniper] & occ;
        if between.count_ones() == 1 {
            pinned |= between & b.colour[us];
        }
    }
    pinned
}

/// Moves that need the full copy-make test: all when in check; else king
/// moves, en passant and moves of pinned pieces. `None` = test every move.
fn needs_test(b: &Bits) -> Option<(Square, u64)> {
    let t: &Tables = &TABLES;
    let king = b.king_square(b.side);
    if b.attackers(t, king, b.side ^ 1, b.occupied()) != 0 {
        return None;
    }
    Some((king, pinned(b, t, king)))
}

#[inline]
fn is_legal_given(b: &Bits, m: Move, test: Option<(Square, u64)>) -> bool {
    match test {
        Some((king, pinned))
            if m.from != king && m.special != Special::EnPassant && pinned & (1 << m.from) == 0 =>
        {
            true
        }
        _ => b.is_legal(m),
    }
}

/// Every legal move of the side to move.
pub fn legal_moves(b: &Bits) -> Vec<Move> {
    let mut list = MoveList::new();
    pseudo_legal(b, &mut list);
    let test = needs_test(b);
    // Room for every pseudo-legal move at once: a filtered collect grew
    // the list four or five times.
    let mut legal = Vec::with_capacity(list.as_slice().len());
    legal.extend(
        list.as_slice()
            .iter()
            .copied()
            .filter(|&m| is_legal_given(b, m, test)),
    );
    legal
}

/// Whether the side to move has a legal move ([`legal_moves`] not empty),
/// stopping at the first.
pub fn any_legal(b: &Bits) -> bool {
    let mut list = MoveList::new();
    pseudo_legal(b, &mut list);
    let test = needs_test(b);
    list.as_slice().iter().any(|&m| is_legal_given(b, m, test))
}

/// Leaf nodes of the legal move tree to `depth` (leaves counted in bulk).
pub fn perft(b: &Bits, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_legal(b, &TABLES);
    }
    let mut list = MoveList::new();
    pseudo_legal(b, &mut list);
    let test = needs_test(b);
    let us = b.side;
    let mut nodes = 0;
    for &m in list.as_slice() {
        let after = b.make(m);
        let free = matches!(test, Some((king, pinned)) if m.from != king && m.special != Special::EnPassant && pinned & (1 << m.from) == 0);
        if !free && after.attacked(after.king_square(us), us ^ 1) {
            continue;
        }
        nodes += perft(&after, depth - 1);
    }
    nodes
}

/// How many legal moves the side to move has, without listing them (the
/// leaves of perft): out of check, a piece that is not pinned counts its
/// targets at once, a pinned one those on its pin line, the king those no
/// enemy piece attacks; en passant and castling are tested one by one.
/// In check, every pseudo-legal move is tested.
/// The squares a pawn of `us` on `from` may go to, en passant aside: its
/// captures of `takeable` and its steps to empty squares (two from its
/// first rank). For the counts, which never list the moves.
#[inline]
pub fn pawn_targets(t: &Tables, us: usize, from: Square, occ: u64, takeable: u64) -> u64 {
    let (step, start_rank): (i8, u8) = if us == WHITE { (8, 1) } else { (-8, 6) };
    let mut targets = t.pawn[us][from as usize] & takeable;
    let one = (from as i8 + step) as Square;
    if occ & (1 << one) == 0 {
        targets |= 1 << one;
        let two = (one as i8 + step) as Square;
        if from / 8 == start_rank && occ & (1 << two) == 0 {
            targets |= 1 << two;
        }
    }
    targets
}

pub fn count_legal(b: &Bits, t: &Tables) -> u64 {
    let us = b.side;
    let them = us ^ 1;
    let own = b.colour[us];
    let enemy = b.colour[them];
    let occ = own | enemy;
    let king = b.king_square(us);
    if b.attackers(t, king, them, occ) != 0 {
        let mut list = MoveList::new();
        pseudo_legal(b, &mut list);
        return list.as_slice().iter().filter(|&&m| b.is_legal(m)).count() as u64;
    }
    let pinned = pinned(b, t, king);
    let allowed = |from: Square| {
        if pinned & (1 << from) != 0 {
            t.line[king as usize][from as usize]
        } else {
            !0
        }
    };
    let not_own = !own;
    let mut n = 0u64;
    let mut knights = b.kind[KNIGHT] & own & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros() as usize;
        knights &= knights - 1;
        n += u64::from((t.knight[from] & not_own).count_ones());
    }
    let mut diag = (b.kind[BISHOP] | b.kind[QUEEN]) & own;
    while diag != 0 {
        let from = diag.trailing_zeros() as Square;
        diag &= diag - 1;
        n += u64::from((t.bishop(from, occ) & not_own & allowed(from)).count_ones());
    }
    let mut line = (b.kind[ROOK] | b.kind[QUEEN]) & own;
    while line != 0 {
        let from = line.trailing_zeros() as Square;
        line &= line - 1;
        n += u64::from((t.rook(from, occ) & not_own & allowed(from)).count_ones());
    }
    let choices = t.promotions.len() as u64;
    let mut pawns = b.kind[PAWN] & own;
    while pawns != 0 {
        let from = pawns.trailing_zeros() as Square;
        pawns &= pawns - 1;
        let targets = pawn_targets(t, us, from, occ, enemy) & allowed(from);
        let promoting = targets & t.promotion_squares;
        n += u64::from((targets ^ promoting).count_ones())
            + u64::from(promoting.count_ones()) * choices;
        if let Some(ep) = b.ep
            && t.pawn[us][from as usize] & (1 << ep) != 0
        {
            let m = Move {
                from,
                to: ep,
                promotion: None,
                special: Special::EnPassant,
            };
            n += u64::from(b.is_legal(m));
        }
    }
    let without_king = occ ^ (1 << king);
    let mut steps = t.king[king as usize] & not_own;
    while steps != 0 {
        let to = steps.trailing_zeros() as Square;
        steps &= steps - 1;
        n += u64::from(b.attackers(t, to, them, without_king) == 0);
    }
    n + castles(b, t, occ).count() as u64
}

/// Per-move leaf counts at `depth` (for debugging against other engines).
pub fn divide(b: &Bits, depth: u32) -> Vec<(Move, u64)> {
    legal_moves(b)
        .into_iter()
        .map(|m| (m, perft(&b.make(m), depth.saturating_sub(1))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::backend::bits_of_fen;

    #[test]
    fn start_position_counts() {
        let b = bits_of_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(perft(&b, 1), 20);
        assert_eq!(perft(&b, 2), 400);
        assert_eq!(perft(&b, 3), 8902);
        assert_eq!(divide(&b, 2).len(), 20);
        assert!(divide(&b, 2).iter().all(|&(_, n)| n == 20));
    }
}
