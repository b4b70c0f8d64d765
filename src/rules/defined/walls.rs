//! Walls as data: Fairy-Stockfish's `wallingRule`. boserv plays its
//! `duck` rule (Duck chess): after each move the side that moved puts
//! the duck, a piece of nobody's that blocks every piece and that no
//! piece takes, on any empty square other than the one it stands on
//! (the core plays it: `chesslike/walling.rs`). The other rules (an
//! arrow shot by the piece that moved, a wall on the board's edge, on
//! the square left, or in a fixed region) are refused by name.
//!
//! The duck is a piece kind of its own, after the definition's: its
//! letter is Fairy-Stockfish's `*` in a FEN, its name `duck`.

use super::DefinitionError;
use super::definition::Definition;
use crate::rules::chesslike::{MAX_KINDS, Walling};
use crate::rules::movement::PieceKind;

/// The letter of the wall in a FEN and on the board.
pub const LETTER: char = '*';

/// Reads the value of `wallingRule`: whether it is the duck's.
pub fn rule(value: &str) -> Result<bool, String> {
    match value {
        "none" => Ok(false),
        "duck" => Ok(true),
        "arrow" | "edge" | "past" | "static" => Err(format!(
            "boserv plays the duck's walling rule (a wall moved after each move), not {value}"
        )),
        v => Err(format!(
            "expected none, duck, arrow, edge, past or static, not {v:?}"
        )),
    }
}

/// The walling rule of `def` (its wall the kind after the definition's
/// pieces), if it has one, or why boserv does not play it with the rest
/// of the definition. `royal`: whether the game has a royal king.
pub fn walling(def: &Definition, royal: bool) -> Result<Option<Walling>, DefinitionError> {
    if !def.duck_walling {
        return Ok(None);
    }
    let refuse = |why: &str| DefinitionError::Game {
        name: def.name.clone(),
        why: format!("wallingRule: {why}"),
    };
    // Fairy-Stockfish refuses these too.
    if royal {
        return Err(refuse(
            "the duck is played without a royal king (king = -, a commoner as in duck chess)",
        ));
    }
    if def.piece_drops {
        return Err(refuse("the duck is played without drops"));
    }
    // Boserv's own limit: an explosion would blow the duck away.
    if def.blast_on_capture {
        return Err(refuse(
            "boserv does not play the duck with blastOnCapture (atomic duck)",
        ));
    }
    if def.pieces.len() >= MAX_KINDS {
        return Err(refuse(&format!(
            "the duck is a piece type too, and boserv plays at most {MAX_KINDS}"
        )));
    }
    if def.pieces.iter().any(|p| p.letter == LETTER) {
        return Err(refuse("the letter * is the duck's"));
    }
    Ok(Some(Walling {
        kind: def.pieces.len() as u8,
    }))
}

/// The duck as a piece kind: it has no move of its own.
pub fn kind() -> PieceKind {
    PieceKind::simple(
        LETTER,
        "duck",
        "does not move by itself: the side that has just moved puts it on an empty square",
        Vec::new(),
    )
}

/// The duck's rule in a sentence, for the help page.
pub fn words() -> String {
    format!(
        "After each move the side that moved puts the duck ({LETTER}), a piece of nobody's that no piece may take or pass, on any empty square other than the one it stands on (on the first turn anywhere empty): a turn is written as the move, then @ and the duck's square, as in e2-e4 @d5."
    )
}
