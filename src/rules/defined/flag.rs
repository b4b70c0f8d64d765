//! The flag rule (Fairy-Stockfish's `flagPiece`, `flagRegionWhite`,
//! `flagRegionBlack` and `flagMove`): a side wins as soon as its flag
//! piece stands on a square of its region, King of the Hill's king on the
//! four centre squares. It is judged when a position is reached, before
//! mate and stalemate, as Fairy-Stockfish's immediate game end: no turn
//! is played after it (its perft counts none there, and so does
//! boserv's). With `flagMove` (Racing Kings) Black answers White's
//! arrival: when Black's king could reach its own goal the game goes on,
//! and Black reaching it then makes the game a draw.

use super::DefinitionError;
use super::definition::{Definition, Region};
use super::mobility::region_squares;
use crate::rules::chesslike::ChessLike;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{Action, Ending, Outcome};

/// A game's flag rule: the kind that wins, and where, for each side.
pub struct FlagRule {
    kind: u8,
    /// True when the flag piece is the game's king (the royal piece).
    royal: bool,
    /// `flagMove`: the second player may answer the first's arrival.
    answered: bool,
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
        let squares = |region: &Region| region_squares(def, geometry, region);
        Ok(Some(FlagRule {
            kind,
            royal: def.piece(letter).is_some_and(|p| p.key == "king"),
            answered: def.flag_move,
            goal: [squares(&def.flag_region[0]), squares(&def.flag_region[1])],
        }))
    }

    /// The flag piece's kind and `seat`'s goal squares.
    pub fn goal_of(&self, seat: u8) -> (u8, &[Square]) {
        (self.kind, &self.goal[usize::from(seat)])
    }

    /// Whether `seat`'s flag piece stands on its goal.
    fn arrived(&self, pos: &ChessLike, seat: u8) -> bool {
        let board = pos.board();
        self.goal[usize::from(seat)].iter().any(|&sq| {
            board
                .get(sq)
                .is_some_and(|p| p.owner == seat && p.kind == self.kind)
        })
    }

    /// The end the flag rule makes of `pos`, if any.
    pub fn end(&self, pos: &ChessLike) -> Option<Outcome> {
        let to_move = pos.side();
        let mover = 1 - to_move;
        let reached = |seat: u8| Outcome::win(usize::from(seat), 2, Ending::FlagReached);
        // Arrived on the move before last and not caught up: a win, or a
        // draw when Black has just reached its goal too.
        if self.answered && self.arrived(pos, to_move) {
            return Some(if to_move == 0 && self.arrived(pos, mover) {
                Outcome::draw(2, Ending::FlagReached)
            } else {
                reached(to_move)
            });
        }
        if (self.answered && !self.royal) || !self.arrived(pos, mover) {
            return None;
        }
        // White has just arrived: Black plays on if its king can follow.
        if self.answered && to_move == 1 && !pos.in_check() && self.can_follow(pos) {
            return None;
        }
        Some(reached(mover))
    }

    /// Whether the side to move has a legal move of its flag piece onto
    /// its goal.
    fn can_follow(&self, pos: &ChessLike) -> bool {
        let goal = &self.goal[usize::from(pos.side())];
        pos.legal_acts().iter().any(|a| match a.action {
            Action::Move { from, to, .. } => {
                goal.contains(&to) && pos.board().get(from).is_some_and(|p| p.kind == self.kind)
            }
            _ => false,
        })
    }
}
