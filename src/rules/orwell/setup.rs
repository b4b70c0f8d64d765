//! The start: three identical armies four ranks apart round the cylinder,
//! each with four Berlinpeonos facing each opponent.

use crate::rules::board::Piece;

use super::pieces::{self, DABBABAH, GRYPHON, JUGYO, PAO, PAWN, RAJA};
use super::position::OrwellPosition;

/// White's army, relative to its first rank: (file, rank offset, kind,
/// facing). Red's and Black's are the same, 4 and 8 ranks up. The first
/// rank's pawns face down (across the seam for White), the third's up.
const ARMY: [(i32, i32, u8, i8); 17] = [
    (1, 0, PAWN, -1),
    (2, 0, PAWN, -1),
    (3, 0, DABBABAH, 1),
    (4, 0, PAWN, -1),
    (5, 0, PAWN, -1),
    (0, 1, GRYPHON, 1),
    (1, 1, JUGYO, 1),
    (2, 1, PAO, 1),
    (3, 1, RAJA, 1),
    (4, 1, PAO, 1),
    (5, 1, JUGYO, 1),
    (6, 1, GRYPHON, 1),
    (1, 2, PAWN, 1),
    (2, 2, PAWN, 1),
    (3, 2, DABBABAH, 1),
    (4, 2, PAWN, 1),
    (5, 2, PAWN, 1),
];

impl OrwellPosition {
    /// The start position, White to move.
    pub fn start() -> OrwellPosition {
        let geo = pieces::geometry();
        let mut p = OrwellPosition::empty();
        for owner in 0..3u8 {
            for (file, rank, kind, facing) in ARMY {
                let sq = geo
                    .at(file, rank + 4 * owner as i32)
                    .expect("a board square");
                p.put(
                    sq,
                    Some(Piece {
                        owner,
                        kind,
                        facing,
                    }),
                );
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_stand_where_the_rules_say() {
        let p = OrwellPosition::start();
        assert_eq!(
            p.encode_text(),
            "7/1b^b^bDb^b^1/bGbJbPbRbPbJbG/1bvbvbDbvbv1/\
             7/1r^r^rDr^r^1/rGrJrPrRrPrJrG/1rvrvrDrvrv1/\
             7/1w^w^wDw^w^1/wGwJwPwRwPwJwG/1wvwvwDwvwv1;w;---;---;-;;"
        );
        for seat in 0..3 {
            assert_eq!(p.count(seat), 17);
            assert_eq!(p.royals(seat), 1);
        }
    }
}
