//! Ouk Chatrang's initial moves from a definition (Fairy-Stockfish's
//! `cambodianMoves` with `gating`): the gates named by the start
//! position's castling field (`DEde`: files of each side's castling
//! rank, White's upper case), the king, met and rook kinds the moves
//! and the rook's aim concern. The core plays them
//! (`chesslike/initial_moves.rs`); the gate letters become the game's
//! castling letters, so that its FEN reads and writes them.

use super::DefinitionError;
use super::definition::Definition;
use crate::rules::chesslike::InitialMoves;
use crate::rules::geometry::{Geometry, file_letter};

/// The initial moves of `def` and the FEN letters of their gates, in
/// the order of their rights (White's files, then Black's, each from the
/// a-file as Fairy-Stockfish writes them); `None` without them.
pub fn initial_moves(
    def: &Definition,
    geometry: &Geometry,
    kind_of: &dyn Fn(char) -> Option<u8>,
) -> Result<Option<(InitialMoves, String)>, DefinitionError> {
    let refuse = |why: &str| DefinitionError::Game {
        name: def.name.clone(),
        why: why.to_string(),
    };
    if def.gating && !def.cambodian_moves {
        return Err(refuse(
            "gating: boserv plays gates only as cambodianMoves' rights",
        ));
    }
    if !def.cambodian_moves || !def.gating {
        return Ok(None);
    }
    if def.castling {
        return Err(refuse(
            "cambodianMoves: boserv plays them only with castling = false",
        ));
    }
    let kind = |keys: &[&str]| {
        keys.iter()
            .filter_map(|k| def.piece_by_key(k))
            .filter_map(|p| kind_of(p.letter))
            .collect::<Vec<u8>>()
    };
    let Some(&king) = kind(&["king"]).first() else {
        return Err(refuse("cambodianMoves: the game has no king"));
    };
    let field = def.start_fen.split_whitespace().nth(2).unwrap_or("-");
    let mut gates: Vec<(u8, u8)> = Vec::new();
    for c in field.chars().filter(|&c| c != '-') {
        let seat = u8::from(c.is_ascii_lowercase());
        let file = (c.to_ascii_lowercase() as u8).wrapping_sub(b'a');
        if file >= def.files || matches!(c, 'K' | 'Q' | 'k' | 'q') {
            return Err(refuse(&format!(
                "startFen: boserv reads gates as files of the back rank (DEde), not {c}"
            )));
        }
        if !gates.contains(&(seat, file)) {
            gates.push((seat, file));
        }
    }
    gates.sort();
    if gates.len() > 8 {
        return Err(refuse("startFen: boserv plays at most 8 gates"));
    }
    let rank = |seat: u8| match seat {
        0 => i32::from(def.castling_rank) - 1,
        _ => i32::from(def.ranks) - i32::from(def.castling_rank),
    };
    let mut letters = String::new();
    let mut squares = Vec::new();
    for &(seat, file) in &gates {
        let letter = file_letter(file as i8);
        letters.push(if seat == 0 {
            letter.to_ascii_uppercase()
        } else {
            letter
        });
        let sq = geometry
            .at(i32::from(file), rank(seat))
            .ok_or_else(|| refuse("startFen: a gate off the board"))?;
        squares.push((seat, sq));
    }
    let rule = InitialMoves {
        gates: squares,
        king,
        mets: kind(&["fers", "met"]),
        rook: kind(&["rook"]).first().copied(),
    };
    Ok(Some((rule, letters)))
}
