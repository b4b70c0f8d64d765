//! Rebellion Chess (`rebellion`) and Squirm Chess (`squirm`), Ralph Betza's
//! games in which a player may move the opponent's pieces: FIDE chess on
//! the shared chess-like core ([`crate::rules::chesslike`]) with the core's
//! rebel moves switched on ([`Rebels::InsteadOfMove`]: a turn is a normal
//! move or one rebel move; [`Rebels::SquirmFirst`]: an optional squirm of
//! the piece that moved last, then a normal move).
//!
//! The rebel squares come from each piece's own movement (the core judges
//! them on an empty board), so the option `berolina` (Berolina pawns,
//! `pieces.rs`) needs nothing but its pawn. What is these games' own: the
//! dead positions (only K v K, K+B v K, K+N v K: a rebel move can put a
//! bishop on the other colour), the help pages (`help.rs`) and the board
//! line that says what may be squirmed (`render.rs`).

mod count;
mod help;
pub mod pieces;
mod render;

use crate::rules::chesslike::{Started, Switch, TwoSeatGame};
use std::sync::LazyLock;

use crate::rules::board::Board;
use crate::rules::chess::pieces::{BISHOP, KING, KNIGHT, ROOK, SPEC};
use crate::rules::chess::rules::castlings;
use crate::rules::chesslike::{Act, ChessLike, Hooks, Rebels, Rules};

/// The start position; Squirm FEN adds the square of the piece moved last.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The option that gives both sides Berolina pawns.
pub const BEROLINA: &str = "berolina";

/// What these games add to the core: the drawing with its squirm line,
/// and with the FIDE pawns (`bits`) the last ply of a perft counted on
/// chess's bitboards (`count.rs`).
struct RebelHooks {
    bits: bool,
}

impl Hooks for RebelHooks {
    fn count_acts(&self, pos: &ChessLike, en_passant: &mut Vec<Act>) -> Option<u64> {
        self.bits.then(|| count::count(pos, en_passant))
    }

    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        render::render(pos, flipped)
    }

    fn notes(&self, pos: &ChessLike) -> Vec<String> {
        let mut lines = pos.status();
        if pos.result().is_none() && pos.rules().rebels == Rebels::SquirmFirst {
            lines.push(render::squirm_line(pos));
        }
        lines
    }
}

/// Dead positions: K v K, K+B v K, K+N v K. Two bishops on one colour are
/// not dead here: a rebel move can take one onto the other colour.
pub fn lone_minor(board: &Board) -> bool {
    if board.occupancy().len() > 3 {
        return false;
    }
    let mut others = board
        .cells
        .iter()
        .flatten()
        .filter(|p| p.kind as usize != KING);
    match (others.next(), others.next()) {
        (None, _) => true,
        (Some(p), None) => [KNIGHT, BISHOP].contains(&(p.kind as usize)),
        _ => false,
    }
}

fn rules(name: &'static str, rebels: Rebels, berolina: bool) -> Rules {
    let (spec, pawn) = if berolina {
        (&*pieces::BEROLINA_SPEC, pieces::berolina_pawn())
    } else {
        (&*SPEC, pieces::fide_pawn())
    };
    Rules {
        name,
        spec,
        seats: ["White", "Black"],
        pawns: vec![pawn],
        castlings: castlings(),
        castling_pieces: (KING as u8, ROOK as u8),
        castling_letters: "KQkq",
        drops: None,
        rebels,
        own_legality: false,
        king_may_be_absent: false,
        dead: lone_minor,
        hooks: match berolina {
            true => &RebelHooks { bits: false },
            false => &RebelHooks { bits: true },
        },
        backend: None,
    }
}

pub static REBELLION: LazyLock<Rules> =
    LazyLock::new(|| rules("rebellion", Rebels::InsteadOfMove, false));
pub static REBELLION_BEROLINA: LazyLock<Rules> =
    LazyLock::new(|| rules("rebellion", Rebels::InsteadOfMove, true));
pub static SQUIRM: LazyLock<Rules> = LazyLock::new(|| rules("squirm", Rebels::SquirmFirst, false));
pub static SQUIRM_BEROLINA: LazyLock<Rules> =
    LazyLock::new(|| rules("squirm", Rebels::SquirmFirst, true));

/// Rebellion Chess: a normal move or one rebel move.
pub static REBELLION_GAME: TwoSeatGame = TwoSeatGame {
    name: "rebellion",
    title: "Rebellion",
    full_name: "Rebellion Chess",
    start: START,
    rules: || &REBELLION,
    help: || help::REBELLION,
    writing: include_str!("writing-rebellion.txt"),
    switch: Some(Switch {
        name: BEROLINA,
        words: WORDS,
        rules: || &REBELLION_BEROLINA,
    }),
    started: Started::new(),
};

/// Squirm Chess: an optional squirm of the piece that moved last, then a
/// normal move.
pub static SQUIRM_GAME: TwoSeatGame = TwoSeatGame {
    name: "squirm",
    title: "Squirm",
    full_name: "Squirm Chess",
    start: START,
    rules: || &SQUIRM,
    help: || help::SQUIRM,
    writing: include_str!("writing-squirm.txt"),
    switch: Some(Switch {
        name: BEROLINA,
        words: WORDS,
        rules: || &SQUIRM_BEROLINA,
    }),
    started: Started::new(),
};

/// What `moves`/`perft` say these games take.
const WORDS: &str = "its option: berolina (Berolina pawns)";

#[cfg(test)]
mod tests;
