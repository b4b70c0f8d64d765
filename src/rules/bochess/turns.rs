//! Reading a player's move and saying why a move is refused.
//!
//! Parsing and matching are the shared notation's (coordinates, SAN,
//! `O-O`); this file offers the legal moves to it as candidates and, when
//! nothing matches, explains in Big Outer terms: pawn step lengths, zone
//! power, castling conditions, check.

use super::pawns;
use super::pieces::{KING, PAWN, SET, zone_name, zoned_power};
use super::position::{BoPosition, CASTLINGS, Move, Special};
use crate::rules::geometry::Geometry;
use crate::rules::geometry::Square;
use crate::rules::movement::PieceKind;
use crate::rules::movement::{Mode, targets};
use crate::rules::notation::{Candidate, TurnReader, a_name, canonical};
use crate::rules::{Action, Turn};

/// A move as a turn's action.
pub fn action(m: &Move) -> Action {
    Action::Move {
        from: m.from,
        to: m.to,
        promotion: m.promotion,
    }
}

/// The notation layer reads Big Outer turns of one move through these.
impl TurnReader for BoPosition {
    fn geometry(&self) -> &Geometry {
        &SET.geometry
    }

    fn next_actions(&self, done: &[Action]) -> Vec<Candidate> {
        if !done.is_empty() {
            return Vec::new();
        }
        self.legal_moves()
            .iter()
            .map(|m| self.candidate(m))
            .collect()
    }

    fn unchecked_actions(&self, done: &[Action]) -> Vec<Candidate> {
        if !done.is_empty() {
            return Vec::new();
        }
        self.pseudo_moves()
            .iter()
            .map(|m| self.candidate(m))
            .collect()
    }

    fn piece_on(&self, _done: &[Action], sq: Square) -> Option<&'static PieceKind> {
        self.board.get(sq).map(|p| &SET.kinds[p.kind as usize])
    }

    fn why_not(&self, _done: &[Action], from: Square, to: Square, _rebel: bool) -> String {
        BoPosition::why_not(self, from, to)
    }

    fn why_no_castling(&self, _done: &[Action], long: bool) -> String {
        let rule = CASTLINGS
            .iter()
            .find(|r| r.seat == self.side && r.long == long)
            .expect("rule");
        self.castling_why(rule)
    }

    fn whole_turns(&self) -> Vec<Turn> {
        self.legal_moves()
            .iter()
            .map(|m| Turn::single(action(m)))
            .collect()
    }
}

const SEATS: [&str; 2] = ["White", "Black"];

impl BoPosition {
    /// The move as the shared notation sees it.
    pub fn candidate(&self, m: &Move) -> Candidate {
        let p = self.board.get(m.from).expect("a piece moves");
        Candidate {
            action: action(m),
            kind: &SET.kinds[p.kind as usize],
            capture: m.capture,
            promotion: m.promotion.map(|k| SET.kinds[k as usize].letter),
            castle: match m.special {
                Special::Castle { long, .. } => Some(long),
                _ => None,
            },
        }
    }

    /// Canonical notation: `Nz1-b3`, `e4xd5`, `e11-e12=M`, `Kg1-j1`.
    pub fn canonical(&self, m: &Move) -> String {
        canonical(&SET.geometry, &self.candidate(m))
    }

    fn castling_why(&self, rule: &crate::rules::castling::CastlingRule) -> String {
        self.castling_refusal(rule).unwrap_or_else(|| {
            format!(
                "castling: the King would be in check on {}",
                SET.geometry.name(rule.king_to)
            )
        })
    }

    /// Why the piece on `from` may not go to `to` (no legal move matches).
    pub fn why_not(&self, from: Square, to: Square) -> String {
        let geo = &SET.geometry;
        let p = match self.board.own_piece(from, self.side, &SEATS) {
            Ok(p) => p,
            Err(why) => return why,
        };
        if p.kind == KING
            && let Some(rule) = CASTLINGS
                .iter()
                .find(|r| r.seat == self.side && r.king_from == from && r.king_to == to)
        {
            return self.castling_why(rule);
        }
        if let Some(q) = self.board.get(to).filter(|q| q.owner == self.side) {
            return format!(
                "{} holds your own {}",
                geo.name(to),
                SET.kinds[q.kind as usize].name
            );
        }
        let pattern_says = if p.kind == PAWN {
            self.pawn_why_not(from, to)
        } else {
            self.pattern_why_not(from, to)
        };
        pattern_says.unwrap_or_else(|| {
            if self.in_check() {
                "your King is in check and this does not save it".into()
            } else {
                "this would leave your King in check".into()
            }
        })
    }

    /// The piece's pattern (zone included) refuses `to`; `None` if it allows it.
    fn pattern_why_not(&self, from: Square, to: Square) -> Option<String> {
        let geo = &SET.geometry;
        let p = self.board.get(from)?;
        let kind = &SET.kinds[p.kind as usize];
        let capture = self.board.get(to).is_some();
        let zone = geo.zone(from);
        let mode = if capture { Mode::Capture } else { Mode::Move };
        let on_empty_board = |s: Square| capture && s == to;
        let reachable = targets(
            geo,
            kind.pattern(mode, zone),
            from,
            p.facing,
            mode,
            &on_empty_board,
        )
        .contains(&to);
        if !reachable && let Some(power) = zoned_power(p.kind, zone) {
            return Some(format!(
                "from the {} zone {} {power}",
                zone_name(zone),
                a_name(kind.name)
            ));
        }
        self.board.explain_unreachable(from, to, capture)
    }

    fn pawn_why_not(&self, from: Square, to: Square) -> Option<String> {
        let geo = &SET.geometry;
        let ((ff, fr), (tf, tr)) = (geo.coords(from), geo.coords(to));
        let forward = (tr - fr) * pawns::facing(self.side);
        let target = self.board.get(to);
        if ff == tf && forward >= 1 {
            if let Some(why) = pawns::push_length_refusal(self.side, fr, forward) {
                return Some(why.into());
            }
            let path = pawns::passed_over(geo, from, to);
            if let Some(&b) = path.iter().find(|&&s| self.board.get(s).is_some()) {
                return Some(format!("the path is blocked at {}", geo.name(b)));
            }
            if target.is_some() {
                return Some(format!(
                    "{} is occupied: a pawn captures diagonally",
                    geo.name(to)
                ));
            }
            return None;
        }
        if (tf - ff).abs() == 1 && forward == 1 {
            if target.is_none()
                && !self
                    .en_passant_moves()
                    .iter()
                    .any(|m| m.from == from && m.to == to)
            {
                return Some(format!(
                    "{} is empty: a pawn moves diagonally only to capture (or en passant onto a square a pawn just passed over)",
                    geo.name(to)
                ));
            }
            return None;
        }
        Some("a pawn moves straight ahead and captures one square diagonally forward".into())
    }
}
