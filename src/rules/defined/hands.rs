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
