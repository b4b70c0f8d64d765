//! The check filter's shortcut for games with check: does a move leave one
//! of the mover's royal pieces attacked? Asking every enemy piece after
//! every move is the cost of move generation, so the question is prepared
//! once per position: a move that does not move a royal piece leaves the
//! royals where they are, and only enemy pieces that could reach a royal
//! square on some board (by their check pattern, from where they stand) can
//! attack it afterwards. The answer is exactly [`Board::royal_attacked`]'s.
//!
//! The shortcut holds after any action that leaves the royal pieces and the
//! enemy's pieces where they were (captures aside): a move of one's own
//! piece that is not royal, a drop of a piece that is not royal (with its
//! relocation of a pawn too). After a move of an enemy piece, of a royal
//! piece, or a royal drop, [`RoyalGuard::safe_after_action`] falls back to
//! the full attack test.

use super::board::Board;
use super::geometry::Square;
use super::turn::Action;

/// The royal pieces of one seat and the enemy pieces within reach of them.
pub struct RoyalGuard {
    side: u8,
    seats: u8,
    royals: Vec<Square>,
    /// (royal square, enemy piece that might attack it).
    watchers: Vec<(Square, Square)>,
}

impl RoyalGuard {
    /// Prepares the test for `side` (of `seats` seats) on `board`.
    pub fn new(board: &Board, side: u8, seats: u8) -> Self {
        let royals: Vec<Square> = board
            .pieces_of(side)
            .filter(|&(_, p)| board.kind(p).royal)
            .map(|(s, _)| s)
            .collect();
        let mut watchers = Vec::new();
        let mut near = Vec::new();
        for &royal in &royals {
            board.attackers_in_reach(royal, side, seats, &mut near);
            watchers.extend(near.iter().map(|&w| (royal, w)));
        }
        RoyalGuard {
            side,
            seats,
            royals,
            watchers,
        }
    }

    /// True when no royal piece of the side is attacked on `after`, the
    /// board `before` (the one the guard was prepared on) after a move of
    /// one piece from `from` to `to` (captures, en passant and promotion
    /// included; not castling).
    pub fn safe_after(&self, before: &Board, after: &Board, from: Square, to: Square) -> bool {
        let royal = |b: &Board, s: Square| b.get(s).is_some_and(|p| b.kind(p).royal);
        if self.royals.contains(&from) || royal(after, to) {
            return !after.royal_attacked(self.side, self.seats);
        }
        !self
            .watchers
            .iter()
            .any(|&(r, w)| after.get(w) == before.get(w) && after.checks_square(w, r))
    }

    /// True when no royal piece of the side is attacked on `after`, the
    /// board `before` after `action` (any kind of action, see the module
    /// comment for when the shortcut applies).
    #[inline]
    pub fn safe_after_action(&self, before: &Board, after: &Board, action: &Action) -> bool {
        match *action {
            Action::Move { from, to, .. } => self.safe_after(before, after, from, to),
            Action::Drop { kind, .. } if !before.kinds()[kind as usize].royal => !self
                .watchers
                .iter()
                .any(|&(r, w)| after.get(w) == before.get(w) && after.checks_square(w, r)),
            _ => !after.royal_attacked(self.side, self.seats),
        }
    }
}
