//! A region of Fairy-Stockfish's bitboard syntax (`*1 *2 d4 a*`: whole
//! ranks, single squares, whole files), read by `definition.rs` as
//! (file, rank) pairs, made the board's squares (the flag rule's goals,
//! the drop regions, the mobility regions) and put in a player's words.

use super::definition::{Definition, Region};
use crate::rules::geometry::{Geometry, Square, file_letter};
use crate::rules::reach::SquareSet;

/// The squares of `region` on `def`'s board, in board order.
pub fn squares(def: &Definition, geometry: &Geometry, region: &Region) -> Vec<Square> {
    let mut out = Vec::new();
    for file in 0..def.files {
        for rank in 0..def.ranks {
            let wanted = region
                .iter()
                .any(|&(f, r)| f.is_none_or(|f| f == file) && r.is_none_or(|r| r == rank));
            if let Some(sq) = geometry
                .at(i32::from(file), i32::from(rank))
                .filter(|_| wanted)
            {
                out.push(sq);
            }
        }
    }
    out
}

/// [`squares`] as a set.
pub fn square_set(def: &Definition, geometry: &Geometry, region: &Region) -> SquareSet {
    let mut set = SquareSet::default();
    for sq in squares(def, geometry, region) {
        set.insert(sq);
    }
    set
}

/// A region in a player's words: `b1, c1, rank 3, the a-file`.
pub fn words(region: &Region) -> String {
    let words: Vec<String> = region
        .iter()
        .map(|&(f, r)| match (f, r) {
            (Some(f), Some(r)) => format!("{}{}", file_letter(f as i8), r + 1),
            (None, Some(r)) => format!("rank {}", r + 1),
            (Some(f), None) => format!("the {}-file", file_letter(f as i8)),
            (None, None) => "any square".to_string(),
        })
        .collect();
    match words.len() {
        0 => "no square".to_string(),
        _ => words.join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_files_and_squares() {
        let def = Definition::chess();
        let geo = Geometry::rect(8, 8);
        let names = |region: &Region| -> Vec<String> {
            squares(&def, &geo, region)
                .into_iter()
                .map(|sq| geo.name(sq).to_string())
                .collect()
        };
        assert_eq!(names(&vec![(Some(3), Some(4))]), ["d5"]);
        assert_eq!(names(&vec![(None, Some(0))]).len(), 8);
        assert_eq!(names(&vec![(Some(0), None), (None, Some(7))]).len(), 15);
        assert_eq!(square_set(&def, &geo, &vec![(Some(7), None)]).len(), 8);
    }
}
