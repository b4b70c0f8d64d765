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

mod help;
pub mod pieces;
mod render;

use std::sync::LazyLock;

use crate::rules::board::Board;
use crate::rules::chess::pieces::{BISHOP, KING, KNIGHT, ROOK, SPEC};
use crate::rules::chess::rules::castlings;
use crate::rules::chesslike::{self, ChessLike, Hooks, Rebels, Rules};
use crate::rules::{GameOption, Position, RulesError, Variant};

/// The start position; Squirm FEN adds the square of the piece moved last.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The option that gives both sides Berolina pawns.
pub const BEROLINA: &str = "berolina";

/// What these games add to the core: the drawing with its squirm line.
struct RebelHooks;

impl Hooks for RebelHooks {
    fn render(&self, pos: &ChessLike, flipped: bool) -> String {
        render::render(pos, flipped)
    }
}

/// Dead positions: K v K, K+B v K, K+N v K. Two bishops on one colour are
/// not dead here: a rebel move can take one onto the other colour.
pub fn lone_minor(board: &Board) -> bool {
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
        hooks: &RebelHooks,
    }
}

pub static REBELLION: LazyLock<Rules> =
    LazyLock::new(|| rules("rebellion", Rebels::InsteadOfMove, false));
pub static REBELLION_BEROLINA: LazyLock<Rules> =
    LazyLock::new(|| rules("rebellion", Rebels::InsteadOfMove, true));
pub static SQUIRM: LazyLock<Rules> = LazyLock::new(|| rules("squirm", Rebels::SquirmFirst, false));
pub static SQUIRM_BEROLINA: LazyLock<Rules> =
    LazyLock::new(|| rules("squirm", Rebels::SquirmFirst, true));

/// One of the two games as the registry lists it.
pub struct RebelGame {
    name: &'static str,
    title: &'static str,
    full_name: &'static str,
    help: &'static str,
    plain: &'static LazyLock<Rules>,
    berolina: &'static LazyLock<Rules>,
}

/// Rebellion Chess: a normal move or a rebel move of an enemy piece.
pub static REBELLION_GAME: RebelGame = RebelGame {
    name: "rebellion",
    title: "Rebellion",
    full_name: "Rebellion Chess",
    help: help::REBELLION,
    plain: &REBELLION,
    berolina: &REBELLION_BEROLINA,
};

/// Squirm Chess: an optional squirm of the piece that moved last, then a
/// normal move.
pub static SQUIRM_GAME: RebelGame = RebelGame {
    name: "squirm",
    title: "Squirm",
    full_name: "Squirm Chess",
    help: help::SQUIRM,
    plain: &SQUIRM,
    berolina: &SQUIRM_BEROLINA,
};

impl RebelGame {
    /// The rules the options choose: `berolina` or none.
    pub fn rules(&self, options: &[GameOption]) -> Result<&'static Rules, RulesError> {
        let mut berolina = false;
        for o in options {
            if !o.name.eq_ignore_ascii_case(BEROLINA) {
                return Err(RulesError::UnknownOption {
                    variant: self.name.into(),
                    option: o.name.clone(),
                });
            }
            if let Some(v) = &o.value {
                return Err(RulesError::Other(format!(
                    "the option {BEROLINA} takes no value (write --opt {BEROLINA}, not {BEROLINA}={v})"
                )));
            }
            berolina = true;
        }
        Ok(if berolina { self.berolina } else { self.plain })
    }

    /// The start position under these options.
    pub fn start_position(&self, options: &[GameOption]) -> Result<ChessLike, RulesError> {
        chesslike::from_fen(self.rules(options)?, START)
    }
}

impl Variant for RebelGame {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn full_name(&self) -> &'static str {
        self.full_name
    }

    fn seats(&self) -> &'static [&'static str] {
        &["White", "Black"]
    }

    fn option_words(&self) -> &'static str {
        "its option: berolina (Berolina pawns)"
    }

    fn help(&self) -> &'static str {
        self.help
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(self.start_position(options)?))
    }

    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(ChessLike::decode(self.rules(options)?, text)?))
    }

    fn from_fen(&self, options: &[GameOption], fen: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(chesslike::from_fen(self.rules(options)?, fen)?))
    }
}

#[cfg(test)]
mod tests;
