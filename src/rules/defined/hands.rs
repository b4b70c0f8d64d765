//! The pieces in hand of a drop game (Crazyhouse, Pocket Knight), written
//! under its board: a player drops what the mail says they hold.

use crate::rules::chesslike::ChessLike;

/// `White's hand: Q P P` and `Black's hand: none`.
pub fn hand_lines(pos: &ChessLike) -> Vec<String> {
    let kinds = &pos.board().spec().kinds;
    ["White", "Black"]
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let held: Vec<String> = kinds
                .iter()
                .enumerate()
                .flat_map(|(k, kind)| {
                    let n = pos.in_reserve(seat as u8, k as u8);
                    (0..n).map(move |_| kind.letter.to_string())
                })
                .collect();
            let held = if held.is_empty() {
                "none".to_string()
            } else {
                held.join(" ")
            };
            format!("{name}'s hand: {held}")
        })
        .collect()
}

/// The order Fairy-Stockfish writes a hand in (`[QRBNP]`, Seirawan's
/// `[EH]`): its piece types from the last to the first, the king last of
/// all, custom pieces after the predefined ones (`PREDEFINED`'s order is
/// Fairy-Stockfish's).
pub fn hand_order(def: &super::definition::Definition) -> String {
    use super::definition::PREDEFINED;
    let rank = |key: &str| -> usize {
        if key == "king" {
            return usize::MAX;
        }
        if let Some(n) = key.strip_prefix("customPiece") {
            return PREDEFINED.len() + n.parse::<usize>().unwrap_or(0);
        }
        PREDEFINED.iter().position(|(k, _)| *k == key).unwrap_or(0)
    };
    let mut pieces: Vec<_> = def.pieces.iter().collect();
    pieces.sort_by_key(|p| std::cmp::Reverse(rank(&p.key)));
    pieces
        .iter()
        .map(|p| p.letter.to_ascii_uppercase())
        .collect()
}
