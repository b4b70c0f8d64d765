//! Seirawan's gating from a definition (Fairy-Stockfish's `gating` with
//! `seirawanGating`): the pieces in hand of the start position enter the
//! board only by gating, onto the square a piece of the back rank (the
//! castling rank) has just left. The core plays it
//! (`chesslike/gating.rs`); here the keys are checked and turned into its
//! data. What boserv does not play is refused, naming the key.

use super::DefinitionError;
use super::definition::Definition;
use crate::rules::chesslike::{Drops, Gating};
use crate::rules::reach::SquareSet;

/// The gating of `def`, `None` without `seirawanGating`.
pub fn gating(def: &Definition) -> Result<Option<Gating>, DefinitionError> {
    let refuse = |why: &str| DefinitionError::Game {
        name: def.name.clone(),
        why: why.to_string(),
    };
    if !def.seirawan_gating {
        return Ok(None);
    }
    if !def.gating {
        return Err(refuse("seirawanGating: needs gating = true"));
    }
    if def.cambodian_moves {
        return Err(refuse(
            "seirawanGating: boserv does not play it with cambodianMoves",
        ));
    }
    if def.piece_drops || def.captures_to_hand {
        return Err(refuse(
            "seirawanGating: boserv gates only the pieces a game starts with in hand (no pieceDrops, no capturesToHand)",
        ));
    }
    let rank = i8::try_from(def.castling_rank).unwrap_or(1) - 1;
    Ok(Some(Gating {
        ranks: [rank, def.ranks as i8 - 1 - rank],
    }))
}

/// The hands of a gating game: pieces held, dropped on no square (they
/// enter only by gating).
pub fn gated_hands() -> Drops {
    Drops {
        regions: Some([SquareSet::default(); 2]),
        ..Drops::default()
    }
}

/// The start position's hand (`HEhe`).
fn start_hand(def: &Definition) -> &str {
    def.start_fen
        .split_whitespace()
        .next()
        .and_then(|placement| placement.split_once('['))
        .map_or("", |(_, hand)| hand.trim_end_matches(']'))
}

/// How a gate is written, for the key under every board mail:
/// `; gate after the move, Nb1-c3/H`.
pub fn writing_words(def: &Definition) -> Option<String> {
    if !def.seirawan_gating {
        return None;
    }
    let letter = start_hand(def)
        .chars()
        .find(char::is_ascii_uppercase)
        .unwrap_or('H');
    Some(format!(
        "; gate a piece in hand after the move, Nb1-c3/{letter}"
    ))
}

/// Gating in words, for the help page: the pieces in hand, where and
/// how they enter, how a gated turn is written.
pub fn help_words(def: &Definition) -> Option<String> {
    if !def.seirawan_gating {
        return None;
    }
    let hand = start_hand(def);
    let mut names: Vec<String> = Vec::new();
    for c in hand.chars().filter(char::is_ascii_uppercase) {
        let name = def
            .piece(c.to_ascii_lowercase())
            .map_or(c.to_string(), |p| {
                format!("{} ({c})", super::build::piece_name(&p.key, p.letter))
            });
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let held = match names.as_slice() {
        [] => "Pieces in hand".to_string(),
        [one] => format!("The {one} in hand"),
        [rest @ .., last] => format!("The {} and {last} in hand", rest.join(", ")),
    };
    Some(format!(
        "Gating: {held} enter the board only by gating. When a piece leaves a square of its side's rank {} (rank {} for Black) for the first time, a piece in hand may be placed on that square in the same turn, written after the move: Nb1-c3/H. Castling may gate on the king's square or the rook's: Ke1-g1/H, Ke1-g1/Hh1. A square's gate is lost once its piece has moved or been taken. The gated piece does not shield its king: a move that leaves the king in check is not made legal by a gate.",
        def.castling_rank,
        def.ranks + 1 - def.castling_rank
    ))
}

#[cfg(test)]
mod tests {
    use super::super::build::rules_of_text as built;

    const GATING: &str = "[g:chess]\narchbishop = h\nchancellor = e\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\ngating = true\nseirawanGating = true\n";

    #[test]
    fn gating_keys_are_read_and_what_is_not_played_is_refused() {
        let r = built(GATING).unwrap();
        assert_eq!(r.hooks.gating().unwrap().ranks, [0, 7]);
        assert!(r.drops.is_some(), "the hands are kept");
        let e = built(&GATING.replace("gating = true\nseirawan", "seirawan")).unwrap_err();
        assert!(e.contains("seirawanGating: needs gating = true"), "{e}");
        let e = built(&format!("{GATING}pieceDrops = true\n")).unwrap_err();
        assert!(e.contains("seirawanGating: boserv gates only"), "{e}");
        let e = built(&GATING.replace("seirawanGating = true\n", "")).unwrap_err();
        assert!(e.contains("gating:"), "{e}");
    }
}
