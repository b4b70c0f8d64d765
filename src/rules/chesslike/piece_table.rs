//! Each piece kind's reach from each square of a board of at most 64
//! squares as bit masks, worked out once per search: its leaps as one
//! mask, each of its rides as a mask whose squares run one way along the
//! square numbers. What a ride reaches on a board is then its mask cut at
//! the nearest occupied square (the lowest or highest bit of the mask's
//! occupied squares), so a count of a free piece's moves (perft's last
//! ply, where walking each piece square by square was a third of the
//! time) reads a few masks instead of walking. Kinds that hop or bend, and
//! rides whose squares do not run one way (round a cylinder), are walked
//! as before.

use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::movement::{Mode, Pattern, Primitive, Range};

/// The most rides a pattern may have here (more: walked as before).
const RIDES: usize = 8;

/// One pattern of one kind, facing one way, from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Masks {
    leaps: u64,
    /// (the ride's squares, true when their numbers rise along it).
    rides: [(u64, bool); RIDES],
    len: u8,
}

impl Masks {
    /// The squares reached given the occupied squares: (the empty ones,
    /// the occupied ones).
    #[inline]
    pub(super) fn reached(&self, occupied: u64) -> (u64, u64) {
        let mut all = self.leaps;
        for &(ride, rising) in &self.rides[..self.len as usize] {
            let blockers = ride & occupied;
            all |= if blockers == 0 {
                ride
            } else if rising {
                // Up to and including the lowest occupied square.
                let lowest = blockers & blockers.wrapping_neg();
                ride & (lowest | (lowest - 1))
            } else {
                // From the highest occupied square up.
                let highest = 1u64 << (63 - blockers.leading_zeros());
                ride & !(highest - 1)
            };
        }
        (all & !occupied, all & occupied)
    }

    fn of(board: &Board, pattern: &Pattern, facing: i8, from: Square) -> Option<Masks> {
        let geo = board.geometry();
        let mut masks = Masks::default();
        let bit = |s: Square| 1u64 << s;
        // As `Reach` unrolls the pattern.
        for prim in pattern {
            let (vectors, rides) = match prim {
                Primitive::Leap(vs) => {
                    for &(df, dr) in vs {
                        if let Some(sq) = geo.offset(from, df, dr * facing).filter(|&s| s != from) {
                            masks.leaps |= bit(sq);
                        }
                    }
                    continue;
                }
                Primitive::Ride(vs, range) => (vs, *range),
                Primitive::OddRide(vs) => (vs, Range::Unlimited),
                Primitive::Hop(_) | Primitive::Bent(_) => return None,
            };
            for &(df, dr) in vectors {
                let ray = geo.ray_along(from, df, dr * facing);
                let squares: Vec<Square> = match prim {
                    Primitive::OddRide(_) => ray.into_iter().step_by(2).collect(),
                    _ => match rides {
                        Range::Unlimited => ray,
                        Range::Max(n) => ray.into_iter().take(n as usize).collect(),
                    },
                };
                match squares[..] {
                    [] => continue,
                    [sq] => {
                        masks.leaps |= bit(sq);
                        continue;
                    }
                    _ => {}
                }
                let rising = squares.windows(2).all(|w| w[0] < w[1]);
                let falling = squares.windows(2).all(|w| w[0] > w[1]);
                if !(rising || falling) || usize::from(masks.len) == RIDES {
                    return None;
                }
                let ride = squares.iter().fold(0, |m, &s| m | bit(s));
                masks.rides[usize::from(masks.len)] = (ride, rising);
                masks.len += 1;
            }
        }
        Some(masks)
    }
}

/// One kind facing one way on one square: its moves' masks and, for a
/// kind that captures otherwise than it moves, its captures'.
#[derive(Clone, Copy, Debug)]
pub(super) struct PieceMasks {
    pub(super) moves: Masks,
    pub(super) captures: Option<Masks>,
}

/// Per (kind, facing, square) of a board of at most 64 squares: the masks,
/// or `None` where the piece is walked; filled on first use.
#[derive(Default)]
pub(super) struct PieceTable(Vec<Option<Option<PieceMasks>>>);

impl PieceTable {
    /// The masks of a piece of `kind` facing `facing` (+1 or -1) on `from`.
    #[inline]
    pub(super) fn get(
        &mut self,
        board: &Board,
        kind: u8,
        facing: i8,
        from: Square,
    ) -> Option<&PieceMasks> {
        let len = board.geometry().len();
        if len > 64 || facing.abs() != 1 {
            return None;
        }
        let at = (usize::from(kind) * 2 + usize::from(facing < 0)) * len + from as usize;
        if self.0.len() <= at {
            self.0.resize(board.kinds().len() * 2 * len, None);
        }
        self.0[at]
            .get_or_insert_with(|| build(board, kind, facing, from))
            .as_ref()
    }
}

fn build(board: &Board, kind: u8, facing: i8, from: Square) -> Option<PieceMasks> {
    let k = &board.kinds()[kind as usize];
    let zone = board.geometry().zone(from);
    let (moves, captures) = (k.pattern(Mode::Move, zone), k.pattern(Mode::Capture, zone));
    Some(PieceMasks {
        moves: Masks::of(board, moves, facing, from)?,
        captures: match moves == captures {
            true => None,
            false => Some(Masks::of(board, captures, facing, from)?),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Piece;

    /// On Orthodia's board (Bisroos and Roobis capture otherwise than
    /// they move, the Torch rides odd distances) the masks reach what the
    /// walk reaches, for every kind on every square of a scattered board.
    #[test]
    fn the_masks_reach_what_the_walk_reaches() {
        let spec = &crate::rules::orthodia::pieces::SET;
        let mut board = Board::empty(spec);
        for sq in board.geometry().squares() {
            if (sq as usize * 7 + sq as usize / 3) % 5 < 2 {
                board.set(
                    sq,
                    Some(Piece {
                        owner: 1,
                        kind: 0,
                        facing: -1,
                    }),
                );
            }
        }
        let occupied = board.occupancy().iter().fold(0u64, |m, s| m | 1 << s);
        let mut table = PieceTable::default();
        let mut checked = 0;
        for kind in 0..spec.kinds.len() as u8 {
            for from in board.geometry().squares() {
                let before = board.get(from);
                let piece = Piece {
                    owner: 0,
                    kind,
                    facing: 1,
                };
                board.set(from, Some(piece));
                let (mut quiet, mut taken) = (0u64, 0u64);
                board.each_quiet(from, |s| quiet |= 1 << s);
                board.each_capture(from, |s| taken |= 1 << s);
                let occupied = occupied | 1 << from;
                if let Some(masks) = table.get(&board, kind, 1, from) {
                    let (empty, reached) = masks.moves.reached(occupied);
                    let captured = match &masks.captures {
                        Some(captures) => captures.reached(occupied).1,
                        None => reached,
                    };
                    assert_eq!(empty, quiet, "kind {kind} from {from}");
                    assert_eq!(captured, taken, "kind {kind} from {from}");
                    checked += 1;
                }
                board.set(from, before);
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
