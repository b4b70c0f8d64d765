//! Fairy-Stockfish's `mobilityRegionWhite<Piece>` and
//! `mobilityRegionBlack<Piece>` keys (`mobilityRegionWhiteKing = b1 c1
//! d1`, `mobilityRegionBlackCustomPiece2 = *2 *3`): the piece type of that
//! side reaches only the region's squares, as the core's
//! [`crate::rules::mobility`] applies it. Here the key is read, the region
//! made squares of the board and put in words for the help page and the
//! refusals. A key naming a type the variant lacks confines nothing, as
//! in Fairy-Stockfish.

use super::build::piece_name;
use super::definition::{Definition, PieceType, Region, predefined};
use crate::rules::geometry::Geometry;
use crate::rules::mobility::{MobilityRegion, MobilityRegions};
use crate::rules::reach::SquareSet;

const SEATS: [(&str, u8); 2] = [("mobilityRegionWhite", 0), ("mobilityRegionBlack", 1)];

/// The piece type's key and the seat a mobility region key names
/// (`mobilityRegionWhiteCustomPiece2` -> `customPiece2`, 0), if it is one.
pub fn region_key(key: &str) -> Option<(String, u8)> {
    let (name, seat) = SEATS
        .iter()
        .find_map(|(prefix, seat)| key.strip_prefix(prefix).map(|n| (n, *seat)))?;
    let mut chars = name.chars();
    let first = chars.next().filter(char::is_ascii_uppercase)?;
    let piece = format!("{}{}", first.to_ascii_lowercase(), chars.as_str());
    let custom = piece
        .strip_prefix("customPiece")
        .is_some_and(|n| n.parse::<u8>().is_ok_and(|n| (1..=25).contains(&n)));
    (custom || predefined(&piece).is_some()).then_some((piece, seat))
}

/// The confined piece types of `def` that it has, with their seat and
/// region.
fn confined(def: &Definition) -> impl Iterator<Item = (usize, &PieceType, u8, &Region)> {
    def.mobility_regions
        .iter()
        .filter_map(|(key, seat, region)| {
            let kind = def.pieces.iter().position(|p| p.key == *key)?;
            Some((kind, &def.pieces[kind], *seat, region))
        })
}

/// The core's regions of `def` (kinds in the definition's order).
pub fn regions(def: &Definition, geometry: &Geometry) -> MobilityRegions {
    let mut out = MobilityRegions::new(def.pieces.len());
    for (kind, _, seat, region) in confined(def) {
        let mut squares = SquareSet::default();
        super::region::squares(def, geometry, region)
            .into_iter()
            .for_each(|s| squares.insert(s));
        let words: &'static str = Box::leak(super::region::words(region).into_boxed_str());
        out.set(kind as u8, seat, MobilityRegion { squares, words });
    }
    out
}

/// The regions in sentences, for the help page.
pub fn describe(def: &Definition) -> Vec<String> {
    confined(def)
        .map(|(_, piece, seat, region)| {
            let dropped = match def.piece_drops {
                true => ", is dropped",
                false => "",
            };
            format!(
                "{}'s {} moves, captures{dropped} and attacks only on {}.",
                ["White", "Black"][seat as usize],
                piece_name(&piece.key, piece.letter),
                super::region::words(region)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_name_a_piece_type_and_a_side() {
        assert_eq!(
            region_key("mobilityRegionWhiteKing"),
            Some(("king".into(), 0))
        );
        assert_eq!(
            region_key("mobilityRegionBlackCustomPiece2"),
            Some(("customPiece2".into(), 1))
        );
        assert_eq!(
            region_key("mobilityRegionWhiteFersAlfil"),
            Some(("fersAlfil".into(), 0))
        );
        // Fairy-Stockfish has no form without the side, nor these types.
        assert_eq!(region_key("mobilityRegionKing"), None);
        assert_eq!(region_key("mobilityRegionWhiteDuke"), None);
        assert_eq!(region_key("mobilityRegionWhiteCustomPiece26"), None);
        assert_eq!(region_key("mobilityRegionWhiteking"), None);
    }

    #[test]
    fn regions_in_words() {
        assert_eq!(
            super::super::region::words(&vec![
                (Some(1), Some(0)),
                (None, Some(2)),
                (Some(0), None)
            ]),
            "b1, rank 3, the a-file"
        );
    }
}
