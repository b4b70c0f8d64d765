//! Ouk Chatrang's initial moves (Cambodian chess, Fairy-Stockfish's
//! `cambodianMoves`): the king's first move may leap as a knight to the
//! rank in front of it (b2 or f2 from d1) when it is not in check, and
//! the met's first move may step two squares straight forward, over a
//! piece; neither captures. A rook move onto the file or rank of an enemy
//! king that still has its leap takes that leap away (whatever stands
//! between), as Fairy-Stockfish's `do_move` does.
//!
//! The rights are data: a "gate" per piece that still has its first
//! move, a square on its side's back rank, kept as rights of the position
//! after its castlings' (bit `castlings.len() + i` for gate `i`) and
//! written in the FEN's castling field as Fairy-Stockfish writes gates
//! (`DEde`: the files, White's upper case). A gate is lost when its piece
//! moves or is taken there; a FEN's gate with no piece of its side on it
//! is no right (Fairy-Stockfish reads only gates on occupied squares).
//! Gates are not part of the repetition key, as in Fairy-Stockfish. Games
//! without initial moves hold no such rights, so the generator's one
//! question (`initial_rights`) is a shift of an integer.

use super::position::{Act, ChessLike};
use crate::rules::Action;
use crate::rules::board::Board;
use crate::rules::geometry::Square;

/// A game's initial moves as data (see the module's comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitialMoves {
    /// The gates, in the order of their rights: (seat, square).
    pub gates: Vec<(u8, Square)>,
    /// The king's kind: on a gate it may leap.
    pub king: u8,
    /// The met's kinds (Fairy-Stockfish's fers type): on a gate, a
    /// piece of one steps two squares forward.
    pub mets: Vec<u8>,
    /// The rook's kind, whose moves aiming at a king take its leap away.
    pub rook: Option<u8>,
}

impl InitialMoves {
    /// The rights (as bits from 0, gate `i` bit `i`) whose gate holds a
    /// piece of its own side on `board`: the others are no right.
    pub fn standing(&self, board: &Board) -> u8 {
        self.gates
            .iter()
            .enumerate()
            .filter(|&(_, &(seat, sq))| board.get(sq).is_some_and(|p| p.owner == seat))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }
}

impl ChessLike {
    /// The initial-move rights still held (gate `i` bit `i`): 0 in every
    /// game without initial moves.
    #[inline]
    pub(super) fn initial_rights(&self) -> u8 {
        self.rights
            .checked_shr(self.rules.castlings.len() as u32)
            .unwrap_or(0)
    }

    /// The side's initial moves open now (of the piece on `only`, if
    /// given), before the check test: the king's leaps only out of check.
    pub(super) fn initial_acts_into(&self, only: Option<Square>, out: &mut Vec<Act>) {
        let held = self.initial_rights();
        if held == 0 {
            return;
        }
        let Some(rule) = self.rules.hooks.initial_moves() else {
            return;
        };
        let geo = self.board.geometry();
        let side = self.side;
        let up = super::pawns::facing(side);
        for (i, &(seat, from)) in rule.gates.iter().enumerate() {
            if held & 1 << i == 0 || seat != side || only.is_some_and(|s| s != from) {
                continue;
            }
            let Some(piece) = self.board.get(from).filter(|p| p.owner == side) else {
                continue;
            };
            let mut push = |to: Option<Square>| {
                if let Some(to) = to.filter(|&to| self.board.get(to).is_none()) {
                    out.push(Act::plain(Action::step(from, to), false));
                }
            };
            if piece.kind == rule.king {
                if !self.in_check() {
                    push(geo.offset(from, -2, up));
                    push(geo.offset(from, 2, up));
                }
            } else if rule.mets.contains(&piece.kind) {
                push(geo.offset(from, 0, 2 * up));
            }
        }
    }

    /// The rights after the move `from`-`to` by the side to move (played
    /// on this position's board, not yet made): its own gate left, the
    /// other side's gate entered, and the other side's king leap taken
    /// away by a rook that now stands on its file or rank.
    pub(super) fn initial_rights_after(&self, from: Square, to: Square, rights: u8) -> u8 {
        let Some(rule) = self.rules.hooks.initial_moves() else {
            return rights;
        };
        let first = self.rules.castlings.len();
        let side = self.side;
        let geo = self.board.geometry();
        let rook_move = rule.rook.is_some() && self.board.get(from).map(|p| p.kind) == rule.rook;
        let (tf, tr) = geo.coords(to);
        let mut out = rights;
        for (i, &(seat, sq)) in rule.gates.iter().enumerate() {
            let bit = 1u8 << (first + i);
            if out & bit == 0 {
                continue;
            }
            let lost = if seat == side {
                sq == from
            } else {
                sq == to
                    || (rook_move && self.board.get(sq).is_some_and(|p| p.kind == rule.king) && {
                        let (f, r) = geo.coords(sq);
                        f == tf || r == tr
                    })
            };
            if lost {
                out &= !bit;
            }
        }
        out
    }
}
