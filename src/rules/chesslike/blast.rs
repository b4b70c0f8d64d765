//! Explosions on capture (Atomic chess, Fairy-Stockfish's
//! `blastOnCapture`): a capture removes the captured piece, the piece
//! that captured, and every piece of either side on the eight squares
//! around the target but the kinds the blast spares (the pawns). A game
//! says so through [`super::Hooks::blast`]; in every other game the
//! capture removes the captured piece alone, and nothing here is asked.

use super::position::{Act, ChessLike};
use crate::rules::Action;
use crate::rules::board::{Board, Piece};
use crate::rules::geometry::Square;

/// The king's eight steps, the squares around a blast's centre.
const AROUND: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A game's explosions: which kinds survive a blast beside them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blast {
    /// The kinds the blast spares on the squares around its centre, a
    /// bit per kind (Atomic's pawns); the centre is never spared.
    pub spared: u64,
}

impl Blast {
    /// The square a capturing action explodes on (its target: for en
    /// passant the square the pawn lands on), `None` for an action that
    /// captures nothing.
    pub fn centre(act: &Act) -> Option<Square> {
        match act.action {
            Action::Move { to, .. } | Action::Rebel { to, .. } if act.capture => Some(to),
            _ => None,
        }
    }

    /// Calls `f` with each square the blast on `centre` empties on
    /// `board` (the capture played on it) and the piece standing there:
    /// the centre, then the pieces around it that are not spared.
    pub fn each_blown(&self, board: &Board, centre: Square, mut f: impl FnMut(Square, Piece)) {
        if let Some(p) = board.get(centre) {
            f(centre, p);
        }
        let geo = board.geometry();
        for (df, dr) in AROUND {
            if let Some(sq) = geo.step(centre, df, dr)
                && let Some(p) = board.get(sq)
                && self.spared & (1 << p.kind) == 0
            {
                f(sq, p);
            }
        }
    }

    /// Whether `a` and `b` are neighbours (a king's step apart): pieces
    /// that one blast would both reach.
    pub fn touching(board: &Board, a: Square, b: Square) -> bool {
        let geo = board.geometry();
        AROUND
            .iter()
            .any(|&(df, dr)| geo.step(a, df, dr) == Some(b))
    }
}

impl ChessLike {
    /// The blast of `act` (played on `board`) in a game whose captures
    /// explode: its squares emptied.
    pub(super) fn explode_on(&self, board: &mut Board, act: &Act) {
        if let (Some(blast), Some(centre)) = (self.rules.hooks.blast(), Blast::centre(act)) {
            let mut blown = [0 as Square; 9];
            let mut n = 0;
            blast.each_blown(board, centre, |sq, _| {
                blown[n] = sq;
                n += 1;
            });
            for &sq in &blown[..n] {
                board.set(sq, None);
            }
        }
    }
}
