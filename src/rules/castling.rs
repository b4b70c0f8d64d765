//! Castling as data, for any game on the shared core: where king and rook
//! stand and go, which squares must be empty and which must not be
//! attacked. The conditions (rights kept, path empty, king not in check,
//! guarded squares safe) are the same in every game; only the squares
//! differ (Big Outer: g1-j1 with k1-i1; FIDE chess would be e1-g1 with
//! h1-f1 and `guard_between` false).

use crate::rules::board::Board;
use crate::rules::geometry::{Geometry, Square};

/// What stands in the way of a castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// The right is gone, or king or rook is not at home.
    Moved,
    /// A square between king and rook is occupied.
    Occupied(Square),
    InCheck,
    /// A square the king crosses or lands on is attacked.
    Attacked(Square),
}

/// One castling move of one seat.
#[derive(Clone, Debug)]
pub struct CastlingRule {
    /// Index of the castling right that allows it.
    pub right: usize,
    pub seat: u8,
    /// True for the long side (`O-O-O`).
    pub long: bool,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// Squares that must be empty (every square between king and rook).
    pub empty: Vec<Square>,
    /// Squares no enemy piece may attack (besides the king's own square).
    pub safe: Vec<Square>,
}

impl CastlingRule {
    /// A rule on one rank given by file letters: king `king_from`->`king_to`,
    /// rook `rook_from`->`rook_to`; every square strictly between king and
    /// rook must be empty, and also unattacked when `guard_between` (else
    /// only the king's path and target, as in FIDE chess).
    #[allow(clippy::too_many_arguments)]
    pub fn on_rank(
        geo: &Geometry,
        right: usize,
        seat: u8,
        long: bool,
        rank: &str,
        [king_from, king_to, rook_from, rook_to]: [char; 4],
        guard_between: bool,
    ) -> Self {
        let sq = |f: char| {
            let mut name = String::with_capacity(1 + rank.len());
            name.push(f);
            name.push_str(rank);
            geo.parse(&name).expect("castling square")
        };
        let (k, r) = (king_from as u8, rook_from as u8);
        let between: Vec<Square> = (k.min(r) + 1..k.max(r)).map(|f| sq(f as char)).collect();
        let (lo, hi) = (k.min(king_to as u8), k.max(king_to as u8));
        let path: Vec<Square> = (lo..=hi)
            .filter(|&f| f != k)
            .map(|f| sq(f as char))
            .collect();
        CastlingRule {
            right,
            seat,
            long,
            king_from: sq(king_from),
            king_to: sq(king_to),
            rook_from: sq(rook_from),
            rook_to: sq(rook_to),
            safe: if guard_between { between.clone() } else { path },
            empty: between,
        }
    }

    /// Why this castling is not possible now, or `None` when it is.
    /// `unmoved`: the right is still held and king and rook stand at home;
    /// `attacked(sq)` says whether the enemy attacks a square.
    pub fn refusal(
        &self,
        board: &Board,
        unmoved: bool,
        attacked: &dyn Fn(Square) -> bool,
    ) -> Option<String> {
        let geo = board.geometry();
        Some(match self.obstacle(board, unmoved, attacked)? {
            Obstacle::Moved => "castling: the king or that rook has moved".into(),
            Obstacle::Occupied(s) => format!("castling: {} is not empty", geo.name(s)),
            Obstacle::InCheck => "castling: the king is in check".into(),
            Obstacle::Attacked(s) => format!("castling: {} is attacked", geo.name(s)),
        })
    }

    /// What stands in the way of this castling now (the first thing
    /// [`CastlingRule::refusal`] names), without words: a generator asks
    /// at every position.
    pub fn obstacle(
        &self,
        board: &Board,
        unmoved: bool,
        attacked: &dyn Fn(Square) -> bool,
    ) -> Option<Obstacle> {
        if !unmoved {
            return Some(Obstacle::Moved);
        }
        if let Some(&s) = self.empty.iter().find(|&&s| board.get(s).is_some()) {
            return Some(Obstacle::Occupied(s));
        }
        if attacked(self.king_from) {
            return Some(Obstacle::InCheck);
        }
        if let Some(&s) = self.safe.iter().find(|&&s| attacked(s)) {
            return Some(Obstacle::Attacked(s));
        }
        None
    }

    /// True when a move from `from` to `to` takes this right away (it moves
    /// the king or the rook, or captures on their squares).
    pub fn touched_by(&self, from: Square, to: Square) -> bool {
        [self.king_from, self.rook_from]
            .iter()
            .any(|&s| s == from || s == to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_between_and_guarded() {
        let g = Geometry::rect(12, 12);
        let names = |v: &[Square]| v.iter().map(|&s| g.name(s).to_string()).collect::<Vec<_>>();
        let long = CastlingRule::on_rank(&g, 1, 0, true, "1", ['g', 'd', 'b', 'e'], true);
        assert_eq!(names(&long.empty), ["c1", "d1", "e1", "f1"]);
        assert_eq!(names(&long.safe), ["c1", "d1", "e1", "f1"]);
        // FIDE-style: only the king's path and target are guarded.
        let chess = CastlingRule::on_rank(
            &Geometry::rect(8, 8),
            1,
            0,
            true,
            "1",
            ['e', 'c', 'a', 'd'],
            false,
        );
        let g8 = Geometry::rect(8, 8);
        let n8 = |v: &[Square]| {
            v.iter()
                .map(|&s| g8.name(s).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(n8(&chess.empty), ["b1", "c1", "d1"]);
        assert_eq!(n8(&chess.safe), ["c1", "d1"]);
        assert!(long.touched_by(g.parse("b1").unwrap(), g.parse("b5").unwrap()));
        assert!(!long.touched_by(g.parse("k1").unwrap(), g.parse("k5").unwrap()));
    }
}
