//! Where a side may drop, beyond an empty square: the game's drop region
//! of each side (Fairy-Stockfish's `whiteDropRegion`: Full Moon's
//! archbishops and chancellors come in on the back rank) and a kind that
//! may not be dropped on a file already holding some of the side's own of
//! it (`dropNoDoubled`, Shogi's two pawns on a file; Dragonfly's count of
//! none forbids every pawn drop). One set of barred squares serves the
//! generator, the drop counter and the refusal alike.

use super::Drops;
use super::position::ChessLike;
use crate::rules::reach::SquareSet;

/// A kind that may not be dropped on a file holding `count` (or more) of
/// the dropping side's own pieces of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoDoubled {
    pub kind: u8,
    pub count: u8,
}

impl ChessLike {
    /// The squares a drop of `kind` by the side to move may not go to by
    /// the game's drop region and its no-doubling rule; `None` when
    /// neither applies (every empty square, as far as they care).
    pub(super) fn drop_barred(&self, drops: &Drops, kind: u8) -> Option<SquareSet> {
        let side = self.side as usize;
        let doubled = drops.no_doubled.filter(|rule| rule.kind == kind);
        if drops.regions.is_none() && doubled.is_none() {
            return None;
        }
        let masks = self.board.spec().masks();
        let mut barred = match &drops.regions {
            Some(regions) => masks.all.without(&regions[side]),
            None => SquareSet::default(),
        };
        if let Some(rule) = doubled {
            let geo = self.board.geometry();
            let mut on_file = vec![0u8; usize::from(geo.files())];
            for (sq, p) in self.board.pieces_of(self.side) {
                if let Some(n) = on_file.get_mut(geo.coords(sq).0 as usize) {
                    *n += u8::from(p.kind == kind);
                }
            }
            for sq in geo.squares() {
                if on_file
                    .get(geo.coords(sq).0 as usize)
                    .is_some_and(|&n| n >= rule.count)
                {
                    barred.insert(sq);
                }
            }
        }
        Some(barred)
    }

    /// The empty squares a drop of `kind` (not a royal kind, with no pawn
    /// relocated) by the side to move may go to by the game's rules: the
    /// colours it may go to now, the barred squares above, a pawn-like
    /// kind's barred ranks and the kind's mobility region. The check rule
    /// aside: what [`ChessLike::drops_of_kind_into`] lists onto empty
    /// squares, as one set, for the drop counter and lister.
    pub(super) fn empty_drop_squares(&self, drops: &Drops, kind: u8) -> SquareSet {
        let masks = self.board.spec().masks();
        let colours = masks.of_colours(self.drop_colour_bits(drops, kind));
        let mut onto = colours.without(self.board.occupancy());
        if let Some(barred) = self.drop_barred(drops, kind) {
            onto = onto.without(&barred);
        }
        if let Some(rule) = self.rules.pawn(kind) {
            onto = onto.without(&masks.of_ranks_where(|r| rule.barred_rank(self.side, r)));
        }
        if let Some(region) = self.rules.spec.region(self.side, kind) {
            onto = onto.intersection(&region.squares);
        }
        onto
    }
}
