//! Move generation for Big Outer Chess: the core's generator for every
//! piece described as data, plus the pawn pushes, en passant and castling,
//! then the check filter.

use super::pawns;
use super::pieces::{PAWN, PROMOTIONS};
use super::position::{BoPosition, CASTLINGS, Move, Special};
use crate::rules::geometry::Square;
use crate::rules::royal_guard::RoyalGuard;

impl BoPosition {
    /// Every legal move, whether or not the game has ended.
    pub fn generate_legal(&self) -> Vec<Move> {
        let mut moves = self.pseudo_moves();
        let mut scratch = self.board.clone();
        let guard = RoyalGuard::new(&self.board, self.side, 2);
        moves.retain(|m| {
            self.make(&mut scratch, m);
            let safe = guard.safe_after(&self.board, &scratch, m.from, m.to);
            self.unmake(&mut scratch, m);
            safe
        });
        moves.extend(self.castlings());
        moves
    }

    /// True when `m` does not leave the mover's king attacked.
    pub fn is_safe(&self, m: &Move) -> bool {
        !Self::king_attacked(&self.board_after(m), self.side)
    }

    /// Moves by the pieces' patterns and pawn rules, before the check test.
    pub fn pseudo_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        for (from, p) in self.board.pieces_of(self.side) {
            if p.kind == PAWN {
                self.pawn_moves(from, &mut out);
                continue;
            }
            let plain = |to, capture| Move {
                from,
                to,
                capture,
                promotion: None,
                special: Special::Plain,
            };
            self.board.each_quiet(from, |to| out.push(plain(to, false)));
            self.board
                .each_capture(from, |to| out.push(plain(to, true)));
        }
        out.extend(self.en_passant_moves());
        out
    }

    /// The en passant captures open now: onto any square the last pawn
    /// move passed over, by a pawn attacking that square.
    pub fn en_passant_moves(&self) -> Vec<Move> {
        let Some((ep_from, ep_to)) = self.en_passant else {
            return Vec::new();
        };
        let geo = self.board.geometry();
        let passed = pawns::passed_over(geo, ep_from, ep_to);
        let mut out = Vec::new();
        for (from, p) in self.board.pieces_of(self.side) {
            if p.kind != PAWN {
                continue;
            }
            // The pawn's capture pattern, looking at empty squares.
            self.board.each_empty_in_capture_reach(from, &passed, |to| {
                if passed.contains(&to) {
                    out.push(Move {
                        from,
                        to,
                        capture: true,
                        promotion: None,
                        special: Special::EnPassant { taken: ep_to },
                    });
                }
            });
        }
        out
    }

    fn pawn_moves(&self, from: Square, out: &mut Vec<Move>) {
        let geo = self.board.geometry();
        let last = pawns::last_rank(self.side);
        let push = |to: Square, capture: bool, out: &mut Vec<Move>| {
            if geo.coords(to).1 == last {
                for k in PROMOTIONS {
                    out.push(Move {
                        from,
                        to,
                        capture,
                        promotion: Some(k),
                        special: Special::Plain,
                    });
                }
            } else {
                out.push(Move {
                    from,
                    to,
                    capture,
                    promotion: None,
                    special: Special::Plain,
                });
            }
        };
        for to in pawns::pushes(geo, self.side, from, &|s| self.board.get(s).is_none()) {
            push(to, false, out);
        }
        self.board.each_capture(from, |to| push(to, true, out));
    }

    /// The castling moves allowed now.
    pub fn castlings(&self) -> Vec<Move> {
        CASTLINGS
            .iter()
            .filter(|rule| rule.seat == self.side)
            .filter(|rule| self.castling_refusal(rule).is_none())
            .map(|rule| Move {
                from: rule.king_from,
                to: rule.king_to,
                capture: false,
                promotion: None,
                special: Special::Castle {
                    rook_from: rule.rook_from,
                    rook_to: rule.rook_to,
                    long: rule.long,
                },
            })
            // The rook leaving may open a line onto the king's new square.
            .filter(|m| self.is_safe(m))
            .collect()
    }

    /// Why a castling is impossible now, or `None`.
    pub fn castling_refusal(&self, rule: &crate::rules::castling::CastlingRule) -> Option<String> {
        let attacked = |s: Square| self.board.attacked_by(s, 1 - rule.seat);
        rule.refusal(&self.board, self.unmoved(rule), &attacked)
    }
}
