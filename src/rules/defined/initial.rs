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
    if def.gating && !def.cambodian_moves && !def.seirawan_gating {
        return Err(refuse(
            "gating: boserv plays gates only as cambodianMoves' rights or with seirawanGating",
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
    if gates.is_empty() {
        return Ok(None);
    }
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

#[cfg(test)]
mod tests {
    use super::super::build::rules_of_text as built;

    const CAMBODIAN: &str = "[o:chess]\nbishop = -\nqueen = -\nkhon = s\nmet = m\nstartFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w eDdE - 0 1\ncastling = false\ngating = true\ncambodianMoves = true\n";

    #[test]
    fn gates_become_the_castling_letters_in_fairy_stockfish_order() {
        let r = built(CAMBODIAN).unwrap();
        assert_eq!(r.castling_letters, "DEde");
        let rule = r.hooks.initial_moves().unwrap();
        let g = &r.spec.geometry;
        let names: Vec<&str> = rule.gates.iter().map(|&(_, sq)| g.name(sq)).collect();
        assert_eq!(names, ["d1", "e1", "d8", "e8"]);
        assert_eq!(rule.mets.len(), 1);
        assert!(rule.rook.is_some());
        // Without gates in the castling field there are no initial moves.
        let none = CAMBODIAN.replace("w eDdE", "w -");
        assert!(built(&none).unwrap().hooks.initial_moves().is_none());
    }

    #[test]
    fn gating_other_than_cambodian_is_refused_naming_the_key() {
        let e = built(&CAMBODIAN.replace("cambodianMoves = true\n", "")).unwrap_err();
        assert!(e.contains("gating:"), "{e}");
        let e = built(&CAMBODIAN.replace("castling = false\n", "")).unwrap_err();
        assert!(
            e.contains("cambodianMoves: boserv plays them only with castling = false"),
            "{e}"
        );
        let e = built(&CAMBODIAN.replace("w eDdE", "w KQkq")).unwrap_err();
        assert!(e.contains("not K"), "{e}");
    }
}
