//! On a board of at most 64 squares, each kind's way to give check from
//! each square to each square, as one word: the squares on the way and
//! how many of them must be occupied (see [`Reach::lines_to`]). The
//! royal guard looks a way up by scanning every way of the piece's square
//! and keeps square sets of four words; the narrow count
//! (`count_narrow.rs`) asks a few ways per position, and one look-up and
//! one population count answer each. Filled per (kind, facing, square)
//! on first use, with the check sources per square as words too. A
//! grasshopper's square has no table: its way needs one square of it
//! occupied (the hurdle), which a count cannot say.
//!
//! [`Reach::lines_to`]: crate::rules::reach::Reach::lines_to

use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::reach::Use;

/// What a table entry says of one (kind, facing, from, target).
const NONE: u8 = 0;
const ONE: u8 = 1;
/// More than one way: the table cannot say.
const MANY: u8 = 2;

/// Per (kind, facing, from): not yet built, built, or no table.
const UNBUILT: u8 = 0;
const BUILT: u8 = 1;
const MISSING: u8 = 2;

/// The check ways of every (kind, facing, from, target) of one board
/// spec, filled on first use.
#[derive(Default)]
pub(super) struct CheckWays {
    /// Per (kind, facing, from).
    built: Vec<u8>,
    /// Per (kind, facing, from, target): the squares on the way ...
    squares: Vec<u64>,
    /// ... and (screens << 2 | NONE, ONE or MANY).
    meta: Vec<u8>,
    /// Per square, the squares a piece facing +1 or -1 could check it
    /// from (`Reach::check_sources`).
    sources: Vec<u64>,
}

/// The index of (kind, facing) among a spec's tables.
#[inline]
fn kind_facing(kind: u8, facing: i8) -> usize {
    usize::from(kind) * 2 + usize::from(facing < 0)
}

impl CheckWays {
    /// Makes the table ready for `board`'s spec (of at most 64 squares).
    pub(super) fn prepare(&mut self, board: &Board) {
        if !self.sources.is_empty() {
            return;
        }
        let kinds = board.kinds().len();
        self.built = vec![UNBUILT; kinds * 2 * 64];
        self.squares = vec![0; kinds * 2 * 64 * 64];
        self.meta = vec![0; kinds * 2 * 64 * 64];
        let sources = board.spec().reach().check_sources();
        self.sources = sources.iter().map(|s| s.low_bits()).collect();
    }

    /// The squares a piece facing +1 or -1 could check `sq` from.
    #[inline(always)]
    pub(super) fn sources(&self, sq: Square) -> u64 {
        self.sources[sq as usize]
    }

    /// The way a piece of `kind` facing `facing` (+1 or -1) on `from`
    /// checks `to`: `Some(None)` where it never does, `Some((squares,
    /// screens))` where it does exactly when `screens` of the squares are
    /// occupied, `None` where the table cannot say (no table, more than
    /// one way).
    #[inline(always)]
    pub(super) fn way(
        &mut self,
        board: &Board,
        kind: u8,
        facing: i8,
        from: Square,
        to: Square,
    ) -> Option<Option<(u64, u32)>> {
        let at = kind_facing(kind, facing) * 64 + from as usize;
        match self.built[at] {
            BUILT => {}
            UNBUILT => {
                self.build(board, kind, facing, from, at);
                if self.built[at] != BUILT {
                    return None;
                }
            }
            _ => return None,
        }
        let i = at * 64 + to as usize;
        let meta = self.meta[i];
        match meta & 3 {
            NONE => Some(None),
            ONE => Some(Some((self.squares[i], u32::from(meta >> 2)))),
            _ => None,
        }
    }

    /// Whether the royal piece of `side` on `board` (of two seats, at most
    /// 64 squares, prepared for) is attacked: a look-up and a count per
    /// enemy piece on its check sources. `None` where the table cannot
    /// say: not one royal piece, a piece facing other than +1 or -1, a
    /// way the table lacks.
    pub(super) fn royal_attacked(&mut self, board: &Board, side: u8) -> Option<bool> {
        if !board.odd_facing().is_empty() || side > 1 {
            return None;
        }
        let kings = board.owned(side)?.intersection(board.royal_squares());
        let king = kings.lowest().filter(|_| kings.len() == 1)?;
        let occupied = board.occupancy().low_bits();
        let mut watchers = board.owned(1 - side)?.low_bits() & self.sources(king);
        while watchers != 0 {
            let from = watchers.trailing_zeros() as Square;
            watchers &= watchers - 1;
            let p = board.get(from)?;
            if let Some((way, screens)) = self.way(board, p.kind, p.facing, from, king)?
                && (way & occupied).count_ones() == screens
            {
                return Some(true);
            }
        }
        Some(false)
    }

    #[cold]
    #[inline(never)]
    fn build(&mut self, board: &Board, kind: u8, facing: i8, from: Square, at: usize) {
        let Some(reach) = board.spec().reach().at(kind, Use::Check, facing, from) else {
            self.built[at] = MISSING;
            return;
        };
        let mut fits = true;
        reach.each_way(|target, way| {
            let i = at * 64 + target as usize;
            if self.meta[i] & 3 != NONE || way.screens > 63 {
                self.meta[i] = MANY;
            } else {
                self.squares[i] = way.squares.low_bits();
                self.meta[i] = (way.screens as u8) << 2 | ONE;
            }
            // A grasshopper's way needs its hurdle occupied, which a
            // count of the squares on the way cannot say: no table (the
            // narrow count leaves such a position to the general one).
            fits &= (target as usize) < 64 && way.hurdle.is_none();
        });
        self.built[at] = if fits { BUILT } else { MISSING };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{BoardSpec, Piece};

    /// Every way the table gives holds exactly where the piece checks the
    /// square, on a scattered board, for every kind of Orthodia's and
    /// chess's sets from every square to every square.
    #[test]
    fn the_ways_check_where_the_board_checks() {
        fn check(spec: &'static BoardSpec) -> usize {
            let mut board = super::super::scattered_board(spec);
            let mut table = CheckWays::default();
            table.prepare(&board);
            let mut checks = 0;
            for kind in 0..spec.kinds.len() as u8 {
                for facing in [1, -1] {
                    for from in board.geometry().squares() {
                        let before = board.get(from);
                        let piece = Piece {
                            owner: 0,
                            kind,
                            facing,
                        };
                        board.set(from, Some(piece));
                        let occupied = board.occupancy().low_bits();
                        for to in board.geometry().squares() {
                            if to == from {
                                continue;
                            }
                            let way = table.way(&board, kind, facing, from, to).unwrap();
                            let by_table = way.is_some_and(|(squares, screens)| {
                                (squares & occupied).count_ones() == screens
                            });
                            assert_eq!(
                                by_table,
                                board.checks_square(from, to),
                                "kind {kind} facing {facing} from {from} to {to}"
                            );
                            if way.is_some() {
                                assert!(table.sources(to) & 1 << from != 0);
                            }
                            checks += usize::from(by_table);
                        }
                        board.set(from, before);
                    }
                }
            }
            checks
        }
        assert!(check(&crate::rules::orthodia::pieces::SET) > 1000);
        assert!(check(&crate::rules::orthodia::pieces::SIMPLE_SET) > 1000);
        assert!(check(&crate::rules::chess::pieces::SPEC) > 1000);
        assert!(check(&crate::rules::rebellion::pieces::BEROLINA_SPEC) > 1000);
    }
}
