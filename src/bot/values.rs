//! Piece values from the game's own piece definitions. No game carries a
//! table of values, so they are measured: a piece is worth what it can
//! reach. For every kind and every square, the squares it reaches from
//! there on an otherwise empty board (moves and captures averaged, its
//! pattern for that square's zone) give its mobility; the kind's base
//! value grows with its mobility averaged over the board, and a square
//! adds or takes away by how much more or less the piece reaches from it.
//! Big Outer Chess's zones come in by themselves: a Matriarch in the
//! centre reaches three squares a line and is worth less there than on
//! the outer ring. Pawn-like kinds are worth a pawn (their value is in how
//! far they have come); royal pieces have no material value in a game
//! of mate (they are never taken) and are counted by the game's own
//! evaluation where they can be taken (Orwell).
//!
//! In centipawns: a chess knight comes out near 300, a rook near 590, a
//! queen near 920, the usual proportions.

use crate::rules::board::{Board, BoardSpec, Piece};

/// A pawn, and the unit of every score.
pub const PAWN: i32 = 100;
/// What one reachable square is worth in a piece's base value.
const PER_SQUARE: f64 = 38.0;
/// A piece's worth beyond its reach (it can be traded, it blocks).
const FLOOR: f64 = 60.0;
/// What one square more or less of reach from a square is worth there.
const PER_SQUARE_HERE: f64 = 6.0;

/// The measured values of one game's pieces.
#[derive(Clone, Debug)]
pub struct Values {
    /// Per kind: the value averaged over the board.
    pub base: Vec<i32>,
    /// Per kind, per square: the value of that kind standing there.
    pub at: Vec<Vec<i32>>,
    pub royal: Vec<bool>,
}

impl Values {
    /// Measures `spec`'s kinds; `pawn_like(kind)` names the kinds worth a
    /// pawn whatever they reach.
    pub fn measure(spec: &'static BoardSpec, pawn_like: impl Fn(u8) -> bool) -> Values {
        let squares: Vec<u8> = spec.geometry.squares().collect();
        let mut base = Vec::new();
        let mut at = Vec::new();
        let mut royal = Vec::new();
        for (k, kind) in spec.kinds.iter().enumerate() {
            let k = k as u8;
            royal.push(kind.royal);
            if pawn_like(k) {
                base.push(PAWN);
                at.push(vec![PAWN; spec.geometry.len()]);
                continue;
            }
            let mut reach = vec![0.0f64; spec.geometry.len()];
            for &sq in &squares {
                reach[sq as usize] = mobility(spec, k, sq);
            }
            let mean = squares.iter().map(|&s| reach[s as usize]).sum::<f64>()
                / squares.len().max(1) as f64;
            let b = FLOOR + PER_SQUARE * mean;
            base.push(b.round() as i32);
            at.push(
                reach
                    .iter()
                    .map(|r| (b + PER_SQUARE_HERE * (r - mean)).round() as i32)
                    .collect(),
            );
        }
        Values { base, at, royal }
    }

    /// The value of `kind` on `sq`.
    pub fn on(&self, kind: u8, sq: u8) -> i32 {
        self.at[kind as usize][sq as usize]
    }
}

/// The squares a lone piece of `kind` reaches from `sq`: its moves and its
/// captures (every square its capture pattern covers), averaged.
fn mobility(spec: &'static BoardSpec, kind: u8, sq: u8) -> f64 {
    let mut board = Board::empty(spec);
    board.set(
        sq,
        Some(Piece {
            owner: 0,
            kind,
            facing: 1,
        }),
    );
    let moves = board.quiet_targets(sq).len();
    let mut captures = 0usize;
    let all: Vec<u8> = spec.geometry.squares().collect();
    board.each_empty_in_capture_reach(sq, &all, |_| captures += 1);
    (moves + captures) as f64 / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::pieces::SPEC;

    #[test]
    fn chess_values_come_out_in_the_usual_proportions() {
        let spec: &'static BoardSpec = &SPEC;
        let v = Values::measure(spec, |k| spec.kinds[k as usize].letter == 'P');
        let of = |letter: char| {
            let k = spec.kinds.iter().position(|p| p.letter == letter).unwrap();
            v.base[k]
        };
        let (n, b, r, q) = (of('N'), of('B'), of('R'), of('Q'));
        assert!((250..350).contains(&n), "knight {n}");
        assert!(n <= b && b < r && r < q, "{n} {b} {r} {q}");
        assert!((850..1000).contains(&q), "queen {q}");
        assert_eq!(of('P'), PAWN);
    }
}
