//! Walls: a piece of nobody's that closes its square to every piece,
//! put on the board as the last action of a turn (Fairy-Stockfish's
//! `wallingRule`). boserv plays its `duck` rule: one wall, the duck,
//! which the side that has just moved must then move to any empty square
//! (it may not stay where it stands; on the first turn it is placed).
//!
//! The duck stands on the board as a piece of no seat
//! ([`NEUTRAL`]): it blocks riders and pawns as any piece does, it is
//! in the position's repetition key, and the board's captures never take
//! it (a capture takes a piece of the other seat only). So a turn is two
//! actions, the move and the [`Action::Wall`], and every list of turns
//! (the game's, perft's in `search.rs`, the computer player's in
//! `walk.rs`) is each legal move followed by each square empty after it.

use super::movegen::Scratch;
use super::position::{Act, ChessLike};
use crate::rules::Action;
use crate::rules::board::{Board, NEUTRAL, Piece};
use crate::rules::geometry::Square;

/// A game's walling rule: the duck's (one wall, moved after every move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walling {
    /// The piece kind of the wall (its letter, `*`, is Fairy-Stockfish's
    /// in a FEN).
    pub kind: u8,
}

/// The wall of `kind` as it stands on a board.
pub fn wall(kind: u8) -> Piece {
    Piece {
        owner: NEUTRAL,
        kind,
        facing: 1,
    }
}

impl ChessLike {
    /// The game's walling rule, if a turn ends by moving a wall.
    pub fn walling(&self) -> Option<&'static Walling> {
        self.rules.hooks.walling()
    }

    /// Where the wall stands (`None` before the first turn put it on the
    /// board).
    pub fn wall_square(&self) -> Option<Square> {
        let kind = self.walling()?.kind;
        self.board
            .pieces_of(NEUTRAL)
            .find(|(_, p)| p.kind == kind)
            .map(|(sq, _)| sq)
    }

    /// Why a set-up position's walls are none the rules could reach: the
    /// duck rule moves one wall.
    pub(super) fn walls_refused(&self) -> Option<String> {
        let walling = self.walling()?;
        let walls = self.board.pieces_of(NEUTRAL).count();
        (walls > 1).then(|| {
            let name = self.rules.spec.kinds[walling.kind as usize].name;
            format!("one {name} at most, not {walls}")
        })
    }

    /// `board` (of this game) made the board after the move `act`.
    fn board_after_into(&self, act: &Act, board: &mut Board) {
        board.copy_from(&self.board);
        Self::make(board, act, self.side);
    }

    /// Calls `f` with each wall action that may follow the move `act`:
    /// the wall to each square empty after it (`from`: where the wall
    /// stands now). `board` is working space.
    pub(super) fn each_wall_after(
        &self,
        walling: &Walling,
        from: Option<Square>,
        act: &Act,
        board: &mut Board,
        mut f: impl FnMut(Act),
    ) {
        self.board_after_into(act, board);
        for to in board.geometry().squares() {
            if board.get(to).is_none() {
                let action = Action::Wall {
                    kind: walling.kind,
                    from,
                    to,
                };
                f(Act::plain(action, false));
            }
        }
    }

    /// How many walls may follow the move `act` (the squares empty after
    /// it). `board` is working space.
    pub(super) fn walls_after(&self, act: &Act, board: &mut Board) -> u64 {
        self.board_after_into(act, board);
        let squares = board.geometry().squares().count() as u64;
        squares - u64::from(board.occupancy().len())
    }

    /// The legal turns of a walling game: each legal move `acts` lists,
    /// then each wall that may follow it.
    pub(super) fn walled_turns(&self, walling: &Walling, acts: &[Act]) -> Vec<Vec<Act>> {
        let from = self.wall_square();
        let mut board = self.board.clone();
        let mut turns = Vec::new();
        for act in acts {
            self.each_wall_after(walling, from, act, &mut board, |wall| {
                turns.push(vec![*act, wall])
            });
        }
        turns
    }

    /// The legal turns of a walling game counted (perft's last ply): the
    /// legal moves, listed into `acts`, each with the squares empty after
    /// it.
    pub(super) fn count_walled_turns(&self, acts: &mut Vec<Act>, scratch: &mut Scratch) -> u64 {
        self.legal_acts_into(acts, scratch);
        let mut count = 0;
        for act in acts.iter() {
            count += self.walls_after(act, &mut scratch.board);
        }
        count
    }
}

/// Why a wall cannot go where a player wrote it, in their words.
impl ChessLike {
    /// The wall's name in this game (`duck`).
    fn wall_name(&self) -> &'static str {
        match self.walling() {
            Some(w) => self.rules.spec.kinds[w.kind as usize].name,
            None => "wall",
        }
    }

    /// Why the wall may not go to `to` after the turn's actions `done`.
    pub(super) fn why_no_wall_after(&self, done: &[Action], to: Square) -> String {
        if self.walling().is_none() {
            return "a drop is a piece letter, @ and a square: N@e4".into();
        }
        let name = self.wall_name();
        if done.is_empty() {
            return format!("first your move, then the {name}: e2-e4 @d5");
        }
        let at = self.within(done);
        let geo = self.board.geometry();
        match at.board.get(to) {
            Some(p) if p.owner == NEUTRAL => format!(
                "the {name} stands on {}: it must move to another empty square",
                geo.name(to)
            ),
            Some(p) => format!(
                "{} holds {}'s {}: the {name} goes to an empty square",
                geo.name(to),
                self.rules.seats[usize::from(p.owner)],
                at.board.kind(p).name
            ),
            None => format!("the {name} may not go to {}", geo.name(to)),
        }
    }

    /// What a turn read without its wall lacks.
    pub(super) fn wall_wanted(&self) -> String {
        let name = self.wall_name();
        format!("say where the {name} goes after your move, as in e2-e4 @d5 (any empty square)")
    }
}
