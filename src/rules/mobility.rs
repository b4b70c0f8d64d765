//! Mobility regions (Fairy-Stockfish's `mobilityRegionWhiteKing`,
//! `mobilityRegionBlackCustomPiece2`, ...): a piece of one kind and one
//! side reaches only the squares of its region. Fairy-Stockfish cuts the
//! piece's whole reach to the region, so it bounds where the piece moves,
//! captures and is dropped, and also what it attacks: a king may stand
//! next to an enemy king whose region leaves that square out, and a knight
//! gives no check onto a square outside its own region. A rider still
//! passes over squares outside the region; only where it stops counts. A
//! piece standing outside its region may go into it; castling moves the
//! king wherever the castling puts it, and a pawn promotes where its own
//! region lets it step, whatever the region of the kind it becomes.
//! The board applies the regions where a piece's squares are walked
//! ([`crate::rules::board::Board`]), so games without regions pay one
//! emptiness test per walk.

use super::reach::SquareSet;

/// The squares one kind of one side may reach, and those squares in a
/// player's words (for a refusal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MobilityRegion {
    pub squares: SquareSet,
    pub words: &'static str,
}

/// The regions of a game, per kind and seat; empty in most games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MobilityRegions(Vec<[Option<MobilityRegion>; 2]>);

impl MobilityRegions {
    /// Regions for `kinds` piece kinds, none set yet.
    pub fn new(kinds: usize) -> Self {
        MobilityRegions(vec![[None, None]; kinds])
    }

    /// Confines the pieces of `kind` owned by `seat` to `region`.
    pub fn set(&mut self, kind: u8, seat: u8, region: MobilityRegion) {
        self.0[kind as usize][seat as usize] = Some(region);
    }

    /// True when no kind of any seat is confined.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|r| r.iter().all(Option::is_none))
    }

    /// True when no region was ever set (the regions of most games):
    /// one length test.
    #[inline]
    pub fn is_unset(&self) -> bool {
        self.0.is_empty()
    }

    /// The region of the pieces of `kind` owned by `seat`, if confined.
    #[inline]
    pub fn of(&self, seat: u8, kind: u8) -> Option<&MobilityRegion> {
        self.0.get(kind as usize)?.get(seat as usize)?.as_ref()
    }
}
