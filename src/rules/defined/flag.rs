//! The flag rule (Fairy-Stockfish's `flagPiece`, `flagRegionWhite` and
//! `flagRegionBlack`): a side wins as soon as its flag piece stands on a
//! square of its region, King of the Hill's king on the four centre
//! squares. It is judged when a position is reached, for the side that
//! has just moved, as Fairy-Stockfish's immediate game end: no turn is
//! played after it (its perft counts none there, and so does boserv's).

use super::DefinitionError;
use super::definition::{Definition, Region};
use crate::rules::chess::rules::ORTHODOX;
use crate::rules::chesslike::{ChessLike, Hooks};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Ending, Outcome};

/// A game's flag rule: the kind that wins, and where, for each side.
pub struct FlagRule {
    kind: u8,
    goal: [Vec<Square>; 2],
}

impl FlagRule {
    /// The flag rule of `def` (whose piece kinds are indexed by
    /// `kind_of`), if it has one.
    pub fn of(
        def: &Definition,
        geometry: &Geometry,
        kind_of: &dyn Fn(char) -> Option<u8>,
    ) -> Result<Option<FlagRule>, DefinitionError> {
        let Some(letter) = def.flag_piece else {
            return Ok(None);
        };
        let kind = kind_of(letter).ok_or_else(|| DefinitionError::Game {
            name: def.name.clone(),
            why: format!("flagPiece: no piece has the letter {letter}"),
        })?;
        let squares = |region: &Region| -> Vec<Square> {
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
        };
        Ok(Some(FlagRule {
            kind,
            goal: [squares(&def.flag_region[0]), squares(&def.flag_region[1])],
        }))
    }
}

impl Hooks for FlagRule {
    fn extra_end(&self, pos: &ChessLike) -> Option<Outcome> {
        let mover = 1 - pos.side();
        let board = pos.board();
        self.goal[usize::from(mover)]
            .iter()
            .any(|&sq| {
                board
                    .get(sq)
                    .is_some_and(|p| p.owner == mover && p.kind == self.kind)
            })
            .then(|| Outcome::win(usize::from(mover), 2, Ending::FlagReached))
    }

    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        ORTHODOX.render(pos, flipped)
    }
}
