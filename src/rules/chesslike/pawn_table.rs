//! Each pawn-like piece's squares from each square, worked out once per
//! search: the squares its steps go to (nearest first, cut where the rule
//! stops a step whatever stands there: the longest step from that rank,
//! the last rank entered by one step only) and the squares its captures
//! leap to. A count of a free pawn's moves (perft's last ply, where pawns
//! were a quarter of the time) then reads a few squares and one set
//! instead of recomputing coordinates, ranks and patterns per pawn.

use super::PawnRule;
use super::pawns::facing;
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::movement::{Mode, Primitive};
use crate::rules::reach::SquareSet;

/// The most step directions and squares per direction a table holds
/// (more: the pawn is walked as before).
const DIRECTIONS: usize = 4;
const PER_DIRECTION: usize = 4;

/// One pawn-like kind of one seat on one square.
#[derive(Clone, Copy, Debug)]
pub(super) struct PawnSquares {
    steps: [[Square; PER_DIRECTION]; DIRECTIONS],
    lengths: [u8; DIRECTIONS],
    /// The squares its captures leap to (its capture pattern is leaps).
    pub(super) captures: SquareSet,
    /// The squares of the seat's promotion rank.
    pub(super) promotion: SquareSet,
}

impl PawnSquares {
    /// The squares of each step direction, nearest first.
    pub(super) fn steps(&self) -> impl Iterator<Item = &[Square]> {
        self.steps
            .iter()
            .zip(self.lengths)
            .map(|(squares, n)| &squares[..n as usize])
    }
}

/// Per (pawn rule, seat, square): its squares, or `None` where they do
/// not fit the table or its captures are more than leaps; filled on
/// first use.
#[derive(Default)]
pub(super) struct PawnTable(Vec<Option<Option<PawnSquares>>>);

impl PawnTable {
    /// The squares of the pawn of `rule` (the `index`th of the game's
    /// rules, of `count`) of `seat`, facing as its seat does, on `from`.
    #[inline(always)]
    pub(super) fn get(
        &mut self,
        board: &Board,
        (index, count): (usize, usize),
        rule: &PawnRule,
        seat: u8,
        from: Square,
    ) -> Option<&PawnSquares> {
        let len = board.geometry().len();
        let at = (index * 2 + usize::from(seat)) * len + from as usize;
        if self.0.len() <= at {
            self.0.resize(count * 2 * len, None);
        }
        self.0[at]
            .get_or_insert_with(|| build(board, rule, seat, from))
            .as_ref()
    }
}

#[cold]
#[inline(never)]
fn build(board: &Board, rule: &PawnRule, seat: u8, from: Square) -> Option<PawnSquares> {
    let geo = board.geometry();
    let up = facing(seat);
    // A leaping first step is walked, not read from the table (whose
    // steps stop at the first occupied square).
    if rule.steps.len() > DIRECTIONS || rule.leaps_first {
        return None;
    }
    let mut squares = PawnSquares {
        steps: [[0; PER_DIRECTION]; DIRECTIONS],
        lengths: [0; DIRECTIONS],
        captures: SquareSet::default(),
        promotion: SquareSet::default(),
    };
    // As `PawnRule::each_step` walks them on an empty board.
    let coords = geo.coords(from);
    for (d, &(df, dr)) in rule.steps.iter().enumerate() {
        let longest = rule.longest(seat, coords, d);
        let mut at = from;
        for n in 1..=longest {
            let Some(to) = geo.step(at, df, dr * up) else {
                break;
            };
            if n > 1 && rule.last_by_one_step && rule.promotes_on(geo, seat, to) {
                break;
            }
            let len = &mut squares.lengths[d];
            if usize::from(*len) == PER_DIRECTION {
                return None;
            }
            squares.steps[d][usize::from(*len)] = to;
            *len += 1;
            at = to;
        }
    }
    // As the capture pattern's leaps are unrolled (`Reach`).
    let kind = &board.kinds()[rule.kind as usize];
    for prim in kind.pattern(Mode::Capture, geo.zone(from)) {
        let Primitive::Leap(vectors) = prim else {
            return None;
        };
        for &(df, dr) in vectors {
            if let Some(to) = geo.offset(from, df, dr * up).filter(|&s| s != from) {
                squares.captures.insert(to);
            }
        }
    }
    for sq in geo.squares() {
        if rule.promotes_on(geo, seat, sq) {
            squares.promotion.insert(sq);
        }
    }
    Some(squares)
}
