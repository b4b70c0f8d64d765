//! One moment of an Orwell game: the pieces, whose turn it is, each
//! player's last victim (for Shifting Alliances), who has left the game,
//! and the result once there is one.

use crate::rules::board::{Board, Piece};
use crate::rules::geometry::Square;
use crate::rules::{Outcome, Seat};

use super::pieces::{self, ORWELL, SEATS};

/// An Orwell position. Values: playing returns a new one.
#[derive(Clone, PartialEq, Eq)]
pub struct OrwellPosition {
    pub(super) board: Board,
    /// The seat whose turn it is (kept after the end, for the record).
    pub(super) mover: u8,
    /// For each seat, the owner of the last piece it captured.
    pub(super) last_victim: [Option<u8>; 3],
    /// Seats that resigned or forfeited: their turns pass by themselves.
    pub(super) out: [bool; 3],
    pub(super) outcome: Option<Outcome>,
    /// The last turn played, in canonical notation, for the board mail.
    pub(super) last_turn: Option<String>,
}

impl OrwellPosition {
    /// An empty board, White to move: the base for setups and scenarios.
    pub fn empty() -> Self {
        OrwellPosition {
            board: Board::empty(&ORWELL),
            mover: 0,
            last_victim: [None; 3],
            out: [false; 3],
            outcome: None,
            last_turn: None,
        }
    }

    /// The piece on a square: its owner, kind and facing.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq)
    }

    /// Puts (or with `None` removes) a piece; for setups and scenarios.
    pub fn put(&mut self, sq: Square, piece: Option<Piece>) {
        self.board.set(sq, piece);
    }

    /// The seat to move, as stored (also after the end).
    pub fn mover(&self) -> Seat {
        self.mover as Seat
    }

    /// Sets the seat to move; for setups and scenarios.
    pub fn set_mover(&mut self, seat: Seat) {
        self.mover = seat as u8;
    }

    /// The owner of the last piece `seat` captured.
    pub fn last_victim(&self, seat: Seat) -> Option<Seat> {
        self.last_victim[seat].map(Seat::from)
    }

    /// Sets a seat's last victim; for setups and scenarios.
    pub fn set_last_victim(&mut self, seat: Seat, victim: Option<Seat>) {
        self.last_victim[seat] = victim.map(|v| v as u8);
    }

    /// True once `seat` has resigned or forfeited.
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out[seat]
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// How many pieces `seat` has on the board.
    pub fn count(&self, seat: u8) -> usize {
        self.board.pieces_of(seat).count()
    }

    /// How many royal pieces (Raja, Maharaja) `seat` holds.
    pub fn royals(&self, seat: u8) -> usize {
        self.board
            .pieces_of(seat)
            .filter(|(_, p)| pieces::is_royal(p.kind))
            .count()
    }

    /// The seat after `seat` in turn order.
    pub(super) fn next_seat(seat: u8) -> u8 {
        (seat + 1) % SEATS.len() as u8
    }
}

impl std::fmt::Debug for OrwellPosition {
    /// The position in its stored form: short, and complete.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Orwell({})", self.encode_text())
    }
}
