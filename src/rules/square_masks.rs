//! A board's squares grouped by colour and by rank, built once per board
//! on first use: counting the drops of a position (perft's last ply in
//! Orphic Chess) reads how many empty squares of a colour, or of the ranks
//! a pawn may be moved to, by a few set operations instead of a walk over
//! every square per kind in hand.

use super::geometry::Geometry;
use super::reach::SquareSet;

/// The squares of one geometry by colour and by rank.
#[derive(Debug)]
pub struct SquareMasks {
    /// Every square of the board.
    pub all: SquareSet,
    /// Light squares, dark squares (colour bits 1 and 2, as
    /// `ChessLike::colour_bit` gives them).
    colours: [SquareSet; 2],
    /// (rank, its squares), one entry per rank that holds a square.
    ranks: Vec<(i8, SquareSet)>,
}

impl SquareMasks {
    pub fn new(geo: &Geometry) -> Self {
        let mut masks = SquareMasks {
            all: SquareSet::default(),
            colours: [SquareSet::default(); 2],
            ranks: Vec::new(),
        };
        for sq in geo.squares() {
            masks.all.insert(sq);
            masks.colours[usize::from(geo.is_dark(sq))].insert(sq);
            let rank = geo.coords(sq).1;
            match masks.ranks.iter_mut().find(|(r, _)| *r == rank) {
                Some((_, set)) => set.insert(sq),
                None => {
                    let mut set = SquareSet::default();
                    set.insert(sq);
                    masks.ranks.push((rank, set));
                }
            }
        }
        masks
    }

    /// The squares of the colours in `bits` (1 light, 2 dark).
    pub fn of_colours(&self, bits: u8) -> SquareSet {
        let mut set = SquareSet::default();
        for (i, colour) in self.colours.iter().enumerate() {
            if bits & (1 << i) != 0 {
                set.add(colour);
            }
        }
        set
    }

    /// The squares on the ranks `lo..=hi`.
    pub fn of_ranks(&self, lo: i8, hi: i8) -> SquareSet {
        self.of_ranks_where(|rank| (lo..=hi).contains(&rank))
    }

    /// The squares on the ranks `rank` says yes to (a pawn's barred
    /// ranks).
    pub fn of_ranks_where(&self, rank: impl Fn(i8) -> bool) -> SquareSet {
        let mut set = SquareSet::default();
        for (r, squares) in &self.ranks {
            if rank(*r) {
                set.add(squares);
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_ranks_cover_the_board() {
        let geo = Geometry::rect(8, 8);
        let masks = SquareMasks::new(&geo);
        assert_eq!(masks.all.len(), 64);
        assert_eq!(masks.of_colours(1).len(), 32);
        assert_eq!(masks.of_colours(3), masks.all);
        assert!(masks.of_colours(2).contains(geo.parse("a1").unwrap()));
        let middle = masks.of_ranks(1, 3);
        assert_eq!(middle.len(), 24);
        assert!(middle.contains(geo.parse("h4").unwrap()));
        assert!(!middle.contains(geo.parse("a5").unwrap()));
    }
}
