//! The Big Outer board as the pbmserv help page draws it: the house-style
//! 12x12 box from the shared renderer, the corner squares z4/z3 in a frame
//! above it and z1/z2 below, and `#` at grid corners on zone boundaries.

use super::pieces::SET;
use crate::rules::chesslike::ChessLike;
use crate::rules::geometry::Square;
use crate::rules::render::{Drawing, Glyph, cell};

/// Width of the whole drawing: corner box, board box, corner box.
const WIDTH: usize = 57;

fn glyph(pos: &ChessLike, sq: Square) -> Glyph {
    pos.board()
        .get(sq)
        .map(|p| (SET.kinds[p.kind as usize].letter, p.owner))
}

/// `#` where the grid corner touches squares of more than one zone.
fn zone_corner(f: usize, r: usize) -> char {
    let g = &SET.geometry;
    let mut zones: Vec<u8> = Vec::new();
    for (df, dr) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let (file, rank) = (f as i32 - df, r as i32 - dr);
        if (0..12).contains(&file) && (0..12).contains(&rank) {
            zones.extend(g.at(file, rank).map(|s| g.zone(s)));
        }
    }
    if zones.iter().any(|&z| z != zones[0]) {
        '#'
    } else {
        '+'
    }
}

/// The corner boxes' row: `|*N*| a   b ... l |*N*|` (`l ... a` flipped).
fn letters_row(pos: &ChessLike, left: &str, right: &str, flipped: bool) -> String {
    let g = &SET.geometry;
    let corner = |name: &str| {
        let sq = g.parse(name).expect("corner square");
        cell(glyph(pos, sq), g.is_dark(sq))
    };
    let files: Vec<u8> = if flipped {
        (0..12).rev().collect()
    } else {
        (0..12).collect()
    };
    let mut letters: String = files
        .into_iter()
        .map(|f| format!(" {}  ", (b'a' + f) as char))
        .collect();
    letters.pop();
    format!("|{}|{letters}|{}|", corner(left), corner(right))
}

/// `+---+` under or over a corner box, the space between left open.
fn corner_edges() -> String {
    format!("+---+{}+---+", " ".repeat(WIDTH - 10))
}

fn labels(left: &str, right: &str) -> String {
    format!(" {left}{}{right}", " ".repeat(WIDTH - 6))
}

/// The board drawing, without the lines about the turn; turned half round
/// (Black's side at the bottom, z2/z1 above and z3/z4 below) when `flipped`.
pub fn board_lines(pos: &ChessLike, flipped: bool) -> Vec<String> {
    let mut drawing = Drawing::new(&SET.geometry);
    drawing.corner = Box::new(zone_corner);
    drawing.flipped = flipped;
    let glyph = |sq: Square| glyph(pos, sq);
    // The shared drawing: letters, then top edge, ranks, bottom edge, letters.
    let mut box_lines = drawing.board_lines(&glyph);
    box_lines.remove(0);
    box_lines.pop();
    let join_edge = |edge: &str| format!("+---{}---+", edge.trim_start());
    let last = box_lines.len() - 1;
    box_lines[0] = join_edge(&box_lines[0]);
    box_lines[last] = join_edge(&box_lines[last]);
    let ([top_left, top_right], [bottom_left, bottom_right]) = if flipped {
        (["z2", "z1"], ["z3", "z4"])
    } else {
        (["z4", "z3"], ["z1", "z2"])
    };
    let upper = |name: &str| name.to_ascii_uppercase();
    let mut lines = vec![
        labels(&upper(top_left), &upper(top_right)),
        corner_edges(),
        letters_row(pos, top_left, top_right, flipped),
    ];
    lines.extend(box_lines);
    lines.extend([
        letters_row(pos, bottom_left, bottom_right, flipped),
        corner_edges(),
        labels(&upper(bottom_left), &upper(bottom_right)),
    ]);
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// The whole text: the board (from Black's side when `flipped`), then whose
/// turn it is (nothing once the game is over) and the last move.
pub fn render(pos: &ChessLike, flipped: bool) -> String {
    pos.with_status(board_lines(pos, flipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_marks_sit_on_zone_borders() {
        // The line under rank 11: corners c..k border the mid zone.
        let line: String = (0..=12).map(|f| zone_corner(f, 10)).collect();
        assert_eq!(line, "++#########++");
        // Between ranks 8 and 9: the mid zone's sides and the central top.
        let line: String = (0..=12).map(|f| zone_corner(f, 8)).collect();
        assert_eq!(line, "++#+#####+#++");
        assert_eq!(zone_corner(0, 0), '+');
    }

    #[test]
    fn corner_rows_frame_the_letters() {
        let start = super::super::start_position();
        assert_eq!(letters_row(&start, "z1", "z2", false).len(), WIDTH);
        assert!(letters_row(&start, "z1", "z2", false).starts_with("|:N:| a   b"));
        assert_eq!(labels("Z1", "Z2").len(), WIDTH - 1);
        assert_eq!(corner_edges().len(), WIDTH);
    }

    #[test]
    fn black_sees_the_board_turned_half_round() {
        let start = super::super::start_position();
        let white = board_lines(&start, false);
        let black = board_lines(&start, true);
        assert_eq!(black.len(), white.len());
        assert_eq!(black[0], labels("Z2", "Z1").trim_end());
        assert_eq!(black[black.len() - 1], labels("Z3", "Z4").trim_end());
        assert!(black[2].contains("| l   k   j"), "{}", black[2]);
        // Every rank row holds the same cells in the opposite order, and the
        // rows come in the opposite order.
        let cells = |line: &str| -> Vec<String> {
            line.split('|').map(str::to_string).collect::<Vec<_>>()[1..13].to_vec()
        };
        let rows = |lines: &[String]| -> Vec<Vec<String>> {
            lines
                .iter()
                .filter(|l| l.len() > 3 && l[..4].trim().parse::<u8>().is_ok())
                .map(|l| cells(l))
                .collect()
        };
        let (w, b) = (rows(&white), rows(&black));
        assert_eq!(w.len(), 12);
        for (wr, br) in w.iter().zip(b.iter().rev()) {
            let reversed: Vec<String> = wr.iter().rev().cloned().collect();
            assert_eq!(&reversed, br);
        }
        assert!(black[4].starts_with("  1 | J |:R:|"), "{}", black[4]);
    }
}
