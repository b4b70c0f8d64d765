//! Orphic Chess (`orphic`, Mats Winther 2006): the pawns start on the third
//! and sixth ranks, every other piece in reserve; a turn drops a piece or
//! moves one. The game is data for the shared chess-like core
//! ([`crate::rules::chesslike`]): the FIDE pieces and pawn of `chess`, no
//! castling, and [`Drops`] that say what Orphic's drops allow (onto one's
//! own pawn, which is relocated to ranks 2–4 but not while in check; the
//! bishops on unlike colours; the king on the first rank until it is the
//! last piece in hand). What is Orphic's own: until a side's king is on the
//! board its board moves must be captures ([`Hooks::forbids`]), and the
//! board drawn with each side's reserve beside it (`diagram.rs`).

mod diagram;
mod help;

use crate::rules::chesslike::{Started, TwoSeatGame};
use std::sync::LazyLock;

use crate::rules::Action;
use crate::rules::chess::pieces::{BISHOP, KING, ROOK, SPEC};
use crate::rules::chess::rules::{RULES as CHESS, insufficient_material};
use crate::rules::chesslike::{self, Act, ChessLike, Drops, Hooks, Rebels, Rules};

/// The start: pawns on the third and sixth ranks, each side's K, Q, R, R,
/// B, B, N, N in reserve (Crazyhouse-style reserve after the placement).
pub const START: &str = "8/8/pppppppp/8/8/PPPPPPPP/8/8[QRRBBNNKqrrbbnnk] w - - 0 1";

/// What Orphic adds to the core: captures only until the king is dropped,
/// and its drawing.
struct Orphic;

impl Hooks for Orphic {
    fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        if act.capture || !matches!(act.action, Action::Move { .. }) {
            return None;
        }
        if pos.board().royal_square(pos.side()).is_some() {
            return None;
        }
        Some("until your king is on the board, your pieces and pawns may only capture".into())
    }

    /// Board moves but captures are forbidden while the side's king is
    /// in hand; nothing else is.
    fn quiet_moves_forbidden(&self, pos: &ChessLike) -> Option<bool> {
        Some(pos.board().royal_square(pos.side()).is_none())
    }

    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        diagram::render(pos, flipped)
    }
}

/// Orphic Chess as data for the core.
pub static RULES: LazyLock<Rules> = LazyLock::new(|| Rules {
    name: "orphic",
    spec: &SPEC,
    seats: ["White", "Black"],
    pawns: CHESS.pawns.clone(),
    castlings: Vec::new(),
    castling_pieces: (KING as u8, ROOK as u8),
    castling_letters: "",
    drops: Some(Drops {
        onto_own_pawn: Some([(1, 3), (4, 6)]),
        no_relocation_in_check: true,
        unlike_colours: Some(BISHOP as u8),
        royal_rank_until_last: Some([0, 7]),
        hand_order: "QRBNK",
        captures_to_hand: false,
        promoted_back_as: None,
        regions: None,
        no_doubled: None,
    }),
    rebels: Rebels::No,
    king_may_be_absent: true,
    own_legality: true,
    dead: insufficient_material,
    hooks: &Orphic,
    backend: None,
});

/// The start position.
pub fn start_position() -> ChessLike {
    chesslike::from_fen(&RULES, START).expect("start position")
}

/// The game as the registry lists it.
pub static ORPHIC: TwoSeatGame = TwoSeatGame {
    name: "orphic",
    title: "Orphic",
    full_name: "Orphic Chess",
    start: START,
    rules: || &RULES,
    help: || help::TEXT,
    writing: include_str!("writing.txt"),
    switch: None,
    started: Started::new(),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use crate::rules::chesslike::to_fen;

    #[test]
    fn start_round_trips() {
        let p = start_position();
        assert_eq!(to_fen(&p), START);
        assert_eq!(p.in_reserve(0, ROOK as u8), 2);
        assert_eq!(p.in_reserve(1, KING as u8), 1);
    }

    #[test]
    fn a_bound_bishop_is_marked_in_the_reserve() {
        let p = start_position();
        let q = p.play("B@c1", None).unwrap().position;
        let fen = q.encode();
        assert!(
            fen.starts_with("8/8/pppppppp/8/8/PPPPPPPP/8/2B5[QRRB:lNNKqrrbbnnk] b"),
            "{fen}"
        );
        let back = ChessLike::decode(&RULES, &fen).unwrap();
        assert_eq!(back.encode(), fen);
        assert_eq!(back.drop_colours(0), 2);
    }
}
