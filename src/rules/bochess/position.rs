//! One moment of a Big Outer Chess game: the board, whose turn, castling
//! rights, the en passant chance, the counters for the draw rules, and the
//! positions seen since the last capture or pawn move (for repetition).
//!
//! Playing a move returns a new position; the game's end is decided here
//! (mate and stalemate on demand, the draw rules when the move is made).

use std::sync::LazyLock;

use super::pieces::{KING, PAWN, ROOK, SET};
use crate::rules::Outcome;
use crate::rules::board::{Board, Piece};
use crate::rules::castling::CastlingRule;
use crate::rules::ends::{self, DrawFacts};
use crate::rules::geometry::Square;

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    Plain,
    /// En passant: the pawn taken stands on `taken`, not on the target.
    EnPassant {
        taken: Square,
    },
    /// Castling: the rook goes too.
    Castle {
        rook_from: Square,
        rook_to: Square,
        long: bool,
    },
}

/// A move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// True for captures, en passant included.
    pub capture: bool,
    /// The kind a pawn becomes.
    pub promotion: Option<u8>,
    pub special: Special,
}

/// The castling rules, right index = position in this list: White short,
/// White long, Black short, Black long. King g->j with rook k->i, king g->d
/// with rook b->e; every square between must be empty AND unattacked (the
/// rule text's reading, RULES.md: c1 counts on the long side).
pub static CASTLINGS: LazyLock<Vec<CastlingRule>> = LazyLock::new(|| {
    let g = &SET.geometry;
    let mut rules = Vec::new();
    for (seat, rank) in [(0u8, "1"), (1, "12")] {
        let base = seat as usize * 2;
        rules.push(CastlingRule::on_rank(
            g,
            base,
            seat,
            false,
            rank,
            ['g', 'j', 'k', 'i'],
            true,
        ));
        rules.push(CastlingRule::on_rank(
            g,
            base + 1,
            seat,
            true,
            rank,
            ['g', 'd', 'b', 'e'],
            true,
        ));
    }
    rules
});

/// A position of Big Outer Chess.
#[derive(Clone, Debug)]
pub struct BoPosition {
    pub(super) board: Board,
    /// Seat to move: 0 White, 1 Black.
    pub(super) side: u8,
    /// Castling rights, indexed like [`CASTLINGS`].
    pub(super) rights: [bool; 4],
    /// The last move when it was a pawn move of two or more squares:
    /// (from, to). Its passed-over squares may be taken en passant.
    pub(super) en_passant: Option<(Square, Square)>,
    /// Plies since the last capture or pawn move.
    pub(super) halfmoves: u32,
    pub(super) fullmove: u32,
    /// Repetition keys of the positions since the last capture or pawn
    /// move, this one last.
    pub(super) history: Vec<u64>,
    pub(super) last_move: Option<String>,
    /// An end decided when the position was reached (draw rules) or from
    /// outside (resignation, agreement, forfeit). Mate and stalemate are
    /// found from the moves instead.
    pub(super) ended: Option<Outcome>,
}

impl BoPosition {
    /// The start position (the seed's diagram).
    pub fn start() -> Self {
        super::setup::from_fen(super::setup::START).expect("start position")
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn side(&self) -> u8 {
        self.side
    }

    /// A piece of `seat` of `kind`.
    pub fn piece(seat: u8, kind: u8) -> Piece {
        Piece {
            owner: seat,
            kind,
            facing: super::pawns::facing(seat),
        }
    }

    /// The board after `m`, nothing else updated.
    pub fn board_after(&self, m: &Move) -> Board {
        let mut b = self.board.clone();
        self.make(&mut b, m);
        b
    }

    /// Plays `m` on `b`, a copy of this position's board.
    pub fn make(&self, b: &mut Board, m: &Move) {
        b.shift(m.from, m.to);
        if let Some(k) = m.promotion {
            b.set(m.to, Some(Self::piece(self.side, k)));
        }
        match m.special {
            Special::EnPassant { taken } => b.set(taken, None),
            Special::Castle {
                rook_from, rook_to, ..
            } => {
                b.shift(rook_from, rook_to);
            }
            Special::Plain => {}
        }
    }

    /// Undoes [`BoPosition::make`]: every square `m` touched gets back what
    /// this position's board holds there.
    pub fn unmake(&self, b: &mut Board, m: &Move) {
        let restore = |b: &mut Board, sq: Square| b.set(sq, self.board.get(sq));
        restore(b, m.from);
        restore(b, m.to);
        match m.special {
            Special::EnPassant { taken } => restore(b, taken),
            Special::Castle {
                rook_from, rook_to, ..
            } => {
                restore(b, rook_from);
                restore(b, rook_to);
            }
            Special::Plain => {}
        }
    }

    /// True when `seat`'s king is attacked on `board` (the core's check test).
    pub fn king_attacked(board: &Board, seat: u8) -> bool {
        board.royal_attacked(seat, 2)
    }

    pub fn in_check(&self) -> bool {
        Self::king_attacked(&self.board, self.side)
    }

    /// The position after a legal move `m` written as `text`, with the
    /// draw rules applied.
    pub fn after(&self, m: &Move, text: String) -> BoPosition {
        let moving = self.board.get(m.from).expect("a piece moves");
        let irreversible = m.capture || moving.kind == PAWN;
        let mut rights = self.rights;
        for rule in CASTLINGS.iter() {
            if rule.touched_by(m.from, m.to) {
                rights[rule.right] = false;
            }
        }
        let geo = &SET.geometry;
        let run = (geo.coords(m.to).1 - geo.coords(m.from).1).abs();
        let mut next = BoPosition {
            board: self.board_after(m),
            side: 1 - self.side,
            rights,
            en_passant: (moving.kind == PAWN && run >= 2).then_some((m.from, m.to)),
            halfmoves: if irreversible { 0 } else { self.halfmoves + 1 },
            fullmove: self.fullmove + u32::from(self.side == 1),
            history: if irreversible {
                Vec::new()
            } else {
                self.history.clone()
            },
            last_move: Some(text),
            ended: None,
        };
        next.history.push(next.repetition_key());
        next.ended = next.draw_by_rule();
        next
    }

    /// A draw the rules impose here, unless the side to move is mated or
    /// stalemated (mate made on the move that completes a draw rule stands).
    pub(super) fn draw_by_rule(&self) -> Option<Outcome> {
        let bare = self.board.cells.iter().flatten().all(|p| p.kind == KING);
        let facts = DrawFacts {
            repetitions: self.repetitions(),
            halfmoves: self.halfmoves,
            dead: bare,
        };
        ends::draw_by_rule(&facts).filter(|_| !self.generate_legal().is_empty())
    }

    /// How often this position has stood on the board (this time included).
    pub fn repetitions(&self) -> usize {
        let key = self.repetition_key();
        self.history.iter().filter(|&&k| k == key).count()
    }

    /// Identifies the position for repetition (FIDE 9.2): pieces, side to
    /// move, castling rights and the en passant captures actually legal.
    pub fn repetition_key(&self) -> u64 {
        let mut bytes = vec![self.side];
        bytes.extend(self.rights.map(u8::from));
        if self.en_passant.is_some() {
            let mut ep: Vec<(Square, Square)> = self
                .en_passant_moves()
                .into_iter()
                .filter(|m| self.is_safe(m))
                .map(|m| (m.from, m.to))
                .collect();
            ep.sort();
            for (f, t) in ep {
                bytes.extend([f, t]);
            }
        }
        ends::position_key(&self.board, &bytes)
    }

    /// The result: a stored end, or mate / stalemate when no move is legal.
    pub fn result(&self) -> Option<Outcome> {
        if let Some(o) = &self.ended {
            return Some(o.clone());
        }
        if !self.generate_legal().is_empty() {
            return None;
        }
        Some(ends::no_legal_move(self.in_check(), self.side as usize))
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.ended.is_some() {
            Vec::new()
        } else {
            self.generate_legal()
        }
    }

    /// True when the side to move holds castling right `right` and king and
    /// rook stand at home.
    pub fn unmoved(&self, rule: &CastlingRule) -> bool {
        let own = |sq, kind| self.board.get(sq) == Some(Self::piece(rule.seat, kind));
        self.rights[rule.right] && own(rule.king_from, KING) && own(rule.rook_from, ROOK)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.after(m, String::new()).perft(depth - 1))
            .sum()
    }
}
