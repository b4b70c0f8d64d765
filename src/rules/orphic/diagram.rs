//! The Orphic board: the house-style 8x8 drawing with each side's reserve
//! written beside its own edge of the board (the opponent's beside the top
//! ranks, the reader's beside the bottom ones), then whose turn it is.

use crate::rules::chess::pieces::SPEC;
use crate::rules::chesslike::ChessLike;
use crate::rules::geometry::Square;
use crate::rules::render::{Drawing, status_lines};

use super::RULES;

const SEATS: [&str; 2] = ["White", "Black"];

/// `White's reserve: Q R R B B N N K` (a bound bishop with the colour it
/// must go on), or `none`.
fn reserve_lines(pos: &ChessLike, seat: u8) -> [String; 2] {
    let order = RULES.drops.as_ref().map_or("", |d| d.hand_order);
    let mut pieces: Vec<String> = Vec::new();
    let mut note = String::new();
    for letter in order.chars() {
        let kind = SPEC.kind_index(letter).expect("a chess letter");
        let n = pos.in_reserve(seat, kind);
        pieces.extend((0..n).map(|_| letter.to_string()));
        let bound = RULES.drops.as_ref().and_then(|d| d.unlike_colours) == Some(kind);
        if bound && n > 0 {
            note = match pos.drop_colours(seat) {
                1 => format!(" ({letter} on dark)"),
                2 => format!(" ({letter} on light)"),
                _ => String::new(),
            };
        }
    }
    let held = if pieces.is_empty() {
        "none".to_string()
    } else {
        pieces.join(" ")
    };
    [
        format!("{}'s reserve:", SEATS[seat as usize]),
        format!("{held}{note}"),
    ]
}

/// The board lines, reserves beside them; from Black's side when `flipped`.
pub fn board_lines(pos: &ChessLike, flipped: bool) -> Vec<String> {
    let drawing = Drawing {
        flipped,
        ..Drawing::new(&SPEC.geometry)
    };
    let glyph = |sq: Square| {
        pos.board()
            .get(sq)
            .map(|p| (SPEC.kinds[p.kind as usize].letter, p.owner))
    };
    let mut lines = drawing.board_lines(&glyph);
    let (top, bottom) = if flipped { (0, 1) } else { (1, 0) };
    let n = lines.len();
    // Lines 2, 3: the top rank and the grid under it; n-3, n-2: the bottom.
    for (at, text) in [2, 3].into_iter().zip(reserve_lines(pos, top)) {
        lines[at].push_str("   ");
        lines[at].push_str(&text);
    }
    for (at, text) in [n - 3, n - 2].into_iter().zip(reserve_lines(pos, bottom)) {
        lines[at].push_str("   ");
        lines[at].push_str(&text);
    }
    lines
}

/// The whole text: the board with the reserves, then whose turn it is
/// (nothing once the game is over) and the last move.
pub fn render(pos: &ChessLike, flipped: bool) -> String {
    let mut lines = board_lines(pos, flipped);
    let to_move = pos.result().is_none().then(|| SEATS[pos.side() as usize]);
    lines.extend(status_lines(to_move, pos.last_move()));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reserve_is_beside_its_own_edge() {
        let start = super::super::start_position();
        let white = board_lines(&start, false);
        assert!(white[2].starts_with("  8 |"), "{}", white[2]);
        assert!(white[2].ends_with("| 8   Black's reserve:"), "{}", white[2]);
        assert!(white[3].ends_with("+   Q R R B B N N K"), "{}", white[3]);
        assert!(
            white[16].ends_with("| 1   White's reserve:"),
            "{}",
            white[16]
        );
        let black = board_lines(&start, true);
        assert!(black[2].ends_with("| 1   White's reserve:"), "{}", black[2]);
        assert!(
            black[16].ends_with("| 8   Black's reserve:"),
            "{}",
            black[16]
        );
    }
}
