//! Each piece kind's reach from each square as sets of squares, worked
//! out once per search: its leaps as one set, each of its rides as a set
//! whose squares run one way along the square numbers. What a ride
//! reaches on a board is then its set cut at the nearest occupied square
//! (the lowest or highest of its occupied squares), so a count of a free
//! piece's moves (perft's last ply, where walking each piece square by
//! square was a third of the time) reads a few sets instead of walking.
//! On a board of at most 64 squares the sets are one word each. Kinds that
//! hop or bend, and rides whose squares do not run one way (round a
//! cylinder), are walked as before.

use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::movement::{Mode, Pattern, Primitive, Range};
use crate::rules::reach::SquareSet;

/// The most rides a pattern may have here (more: walked as before).
const RIDES: usize = 8;

/// A set of squares as the masks hold it: one word for a board of at most
/// 64 squares, a [`SquareSet`] for a larger one.
pub(super) trait Bits: Copy + Default {
    fn insert(&mut self, sq: Square);
    fn or(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn without(self, other: Self) -> Self;
    fn is_empty(self) -> bool;
    fn len(self) -> u32;
    /// The squares of `self` up to the lowest of `cut` (not empty), that
    /// one included.
    fn up_to_lowest(self, cut: Self) -> Self;
    /// The squares of `self` from the highest of `cut` (not empty) on, that
    /// one included.
    fn beyond_highest(self, cut: Self) -> Self;
    fn each(self, f: impl FnMut(Square));
    /// What a ride of the squares `self` reaches given its occupied
    /// squares `blockers` (perhaps none): all of it, or up to the first
    /// occupied one along it, that one included (`rising`: along rising
    /// square numbers).
    #[inline(always)]
    fn ride_cut(self, blockers: Self, rising: bool) -> Self {
        if blockers.is_empty() {
            self
        } else if rising {
            self.up_to_lowest(blockers)
        } else {
            self.beyond_highest(blockers)
        }
    }
}

impl Bits for u64 {
    #[inline]
    fn insert(&mut self, sq: Square) {
        *self |= 1 << sq;
    }
    #[inline]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline]
    fn without(self, other: Self) -> Self {
        self & !other
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline]
    fn len(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn up_to_lowest(self, cut: Self) -> Self {
        let lowest = cut & cut.wrapping_neg();
        self & (lowest | lowest.wrapping_sub(1))
    }
    #[inline]
    fn beyond_highest(self, cut: Self) -> Self {
        let highest = 1u64 << (63 - cut.leading_zeros());
        self & !(highest - 1)
    }
    #[inline]
    fn each(self, mut f: impl FnMut(Square)) {
        let mut bits = self;
        while bits != 0 {
            f(bits.trailing_zeros() as Square);
            bits &= bits - 1;
        }
    }
    /// Without a branch on the blockers: with none, the lowest is 0 and
    /// `0 ^ (0 - 1)` keeps every square; the shift past the highest
    /// keeps every square too.
    #[inline(always)]
    fn ride_cut(self, blockers: Self, rising: bool) -> Self {
        if rising {
            let lowest = blockers & blockers.wrapping_neg();
            self & (lowest ^ lowest.wrapping_sub(1))
        } else {
            let below = u64::MAX
                .checked_shr(blockers.leading_zeros() + 1)
                .unwrap_or(0);
            self & !below
        }
    }
}

impl Bits for SquareSet {
    #[inline]
    fn insert(&mut self, sq: Square) {
        SquareSet::insert(self, sq);
    }
    #[inline]
    fn or(mut self, other: Self) -> Self {
        self.add(&other);
        self
    }
    #[inline]
    fn and(self, other: Self) -> Self {
        self.intersection(&other)
    }
    #[inline]
    fn without(self, other: Self) -> Self {
        SquareSet::without(&self, &other)
    }
    #[inline]
    fn is_empty(self) -> bool {
        SquareSet::is_empty(&self)
    }
    #[inline]
    fn len(self) -> u32 {
        SquareSet::len(&self)
    }
    #[inline(always)]
    fn up_to_lowest(self, cut: Self) -> Self {
        match cut.lowest() {
            Some(sq) => self.intersection(&SquareSet::below(usize::from(sq) + 1)),
            None => self,
        }
    }
    #[inline(always)]
    fn beyond_highest(self, cut: Self) -> Self {
        match cut.highest() {
            Some(sq) => SquareSet::without(&self, &SquareSet::below(usize::from(sq))),
            None => self,
        }
    }
    #[inline]
    fn each(self, f: impl FnMut(Square)) {
        self.iter().for_each(f);
    }
}

/// One pattern of one kind, facing one way, from one square.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Masks<B> {
    leaps: B,
    /// The rides' squares ...
    rides: [B; RIDES],
    /// ... bit `i` set when those of ride `i` rise along it.
    rising: u8,
    len: u8,
}

impl<B: Bits> Masks<B> {
    /// The squares reached given the occupied squares: (the empty ones,
    /// the occupied ones). (Always inlined: a pair of wide sets handed
    /// back through memory stalled the processor.)
    #[inline(always)]
    pub(super) fn reached(&self, occupied: B) -> (B, B) {
        let mut all = self.leaps;
        for (i, &ride) in self.rides[..self.len as usize].iter().enumerate() {
            let rising = self.rising >> i & 1 != 0;
            all = all.or(ride.ride_cut(ride.and(occupied), rising));
        }
        (all.without(occupied), all.and(occupied))
    }

    fn of(board: &Board, pattern: &Pattern, facing: i8, from: Square) -> Option<Self> {
        let geo = board.geometry();
        let mut masks = Masks::<B>::default();
        // As `Reach` unrolls the pattern.
        for prim in pattern {
            let (vectors, rides) = match prim {
                Primitive::Leap(vs) => {
                    for &(df, dr) in vs {
                        if let Some(sq) = geo.offset(from, df, dr * facing).filter(|&s| s != from) {
                            masks.leaps.insert(sq);
                        }
                    }
                    continue;
                }
                Primitive::Ride(vs, range) => (vs, *range),
                Primitive::OddRide(vs) => (vs, Range::Unlimited),
                Primitive::Hop(_) | Primitive::Grasshop(_) | Primitive::Bent(_) => return None,
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
                        masks.leaps.insert(sq);
                        continue;
                    }
                    _ => {}
                }
                let rising = squares.windows(2).all(|w| w[0] < w[1]);
                let falling = squares.windows(2).all(|w| w[0] > w[1]);
                if !(rising || falling) || usize::from(masks.len) == RIDES {
                    return None;
                }
                let mut ride = B::default();
                squares.iter().for_each(|&s| ride.insert(s));
                masks.rides[usize::from(masks.len)] = ride;
                masks.rising |= u8::from(rising) << masks.len;
                masks.len += 1;
            }
        }
        Some(masks)
    }
}

/// One kind facing one way on one square: its moves' masks and, for a
/// kind that captures otherwise than it moves, its captures'.
#[derive(Clone, Copy, Debug)]
pub(super) struct PieceMasks<B> {
    moves: Masks<B>,
    captures: Option<Masks<B>>,
}

impl<B: Bits> PieceMasks<B> {
    /// (the empty squares it may move to, the occupied squares it may
    /// capture on, whoever stands there).
    #[inline(always)]
    pub(super) fn reached(&self, occupied: B) -> (B, B) {
        let (empty, reached) = self.moves.reached(occupied);
        match &self.captures {
            Some(captures) => (empty, captures.reached(occupied).1),
            None => (empty, reached),
        }
    }
}

/// Per (kind, facing, square): the masks, or `None` where the piece is
/// walked; filled on first use.
pub(super) struct Table<B>(Vec<Option<Option<PieceMasks<B>>>>);

impl<B> Default for Table<B> {
    fn default() -> Self {
        Table(Vec::new())
    }
}

impl<B: Bits> Table<B> {
    /// The masks of a piece of `kind` facing `facing` (+1 or -1) on `from`.
    #[inline(always)]
    pub(super) fn get(
        &mut self,
        board: &Board,
        kind: u8,
        facing: i8,
        from: Square,
    ) -> Option<&PieceMasks<B>> {
        if facing.abs() != 1 {
            return None;
        }
        let len = board.geometry().len();
        let at = (usize::from(kind) * 2 + usize::from(facing < 0)) * len + from as usize;
        if self.0.len() <= at {
            self.0.resize(board.kinds().len() * 2 * len, None);
        }
        self.0[at]
            .get_or_insert_with(|| build(board, kind, facing, from))
            .as_ref()
    }
}

#[cold]
#[inline(never)]
fn build<B: Bits>(board: &Board, kind: u8, facing: i8, from: Square) -> Option<PieceMasks<B>> {
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

/// The masks of both sizes of board: one word per set where the board
/// has at most 64 squares.
#[derive(Default)]
pub(super) struct PieceTable {
    pub(super) narrow: Table<u64>,
    pub(super) wide: Table<SquareSet>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{BoardSpec, Piece};

    /// The masks reach what the walk reaches, for every kind on every
    /// square of a scattered board, in both sizes: on Orthodia's board
    /// (Bisroos and Roobis capture otherwise than they move, the Torch
    /// rides odd distances) and on Big Outer Chess's (148 squares).
    #[test]
    fn the_masks_reach_what_the_walk_reaches() {
        fn check<B: Bits>(spec: &'static BoardSpec, bits: impl Fn(&SquareSet) -> B) -> usize {
            let mut board = super::super::scattered_board(spec);
            let mut table = Table::<B>::default();
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
                    let (mut quiet, mut taken) = (SquareSet::default(), SquareSet::default());
                    board.each_quiet(from, |s| quiet.insert(s));
                    board.each_capture(from, |s| taken.insert(s));
                    let occupied = bits(board.occupancy());
                    if let Some(masks) = table.get(&board, kind, 1, from) {
                        let (empty, reached) = masks.reached(occupied);
                        let (mut e, mut r) = (SquareSet::default(), SquareSet::default());
                        empty.each(|s| e.insert(s));
                        reached.each(|s| r.insert(s));
                        assert_eq!(e, quiet, "kind {kind} from {from}");
                        assert_eq!(r, taken, "kind {kind} from {from}");
                        checked += 1;
                    }
                    board.set(from, before);
                }
            }
            checked
        }
        let orthodia = check(&crate::rules::orthodia::pieces::SET, |s| s.low_bits());
        assert!(orthodia > 300, "{orthodia}");
        let big = check(&crate::rules::bochess::pieces::SET, |s| *s);
        assert!(big > 500, "{big}");
    }
}
