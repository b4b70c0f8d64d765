//! One board as an HTML table, drawn from a [`Picture`]: a caption, file
//! letters above and below and rank numbers on both sides as header cells
//! (`<th>`), a cell per square carrying `data-square="e4"` (`z1`..`z4`
//! for Big Outer's corners, which sit in the corners of the coordinate
//! frame), the reader's side at the bottom. Each piece is a chip
//! ([`super::piece`]) whose shape tells its owner and whose accessible
//! name says owner, piece and square. Under the board: the reserves, the
//! game's lines, the piece list ([`crate::letters::piece_list`]) and a
//! key to the chips, letters and marks.
//!
//! Made for every client that shows it:
//!
//! - **Without the `<style>`** (clients that drop it): every cell's size
//!   is its `width`/`height` attributes, its colour a `bgcolor`, every
//!   chip styled inline, so squares stay square and the files aligned.
//!   The `<style>` ([`style`]) only makes the board bigger on a wide
//!   screen.
//! - **At 320 px**: the table is at most [`BOARD_PX`] wide (a 320-px phone
//!   less the body's margins): 21-px cells for Big Outer Chess's fourteen
//!   columns, at most [`MAX_CELL`].
//! - **In a dark mode that repaints** (the Gmail and Outlook apps;
//!   Chromium's forced dark mode): every square's colour is one such a
//!   mode keeps (a perceived brightness under about 205 of 255), so the
//!   board, the last move's squares and check look the same in both;
//!   the last move is also framed (an inset ring), for readers who do not
//!   tell its colour.

use std::fmt::Write;

use super::escape;
use super::piece::{self, Shape};
use crate::letters::piece_list;
use crate::rules::picture::{Man, Picture, Reserve, Spot};

/// The widest a board table is, in CSS pixels: a 320-px screen less the
/// body's padding.
pub const BOARD_PX: u32 = super::MAX_WIDTH - 16;
/// The largest cell, for boards of few columns.
const MAX_CELL: u32 = 36;
/// On a wide screen (the `<style>`'s media query): the board's width and
/// its largest cell.
const WIDE_BOARD_PX: u32 = 600;
const WIDE_MAX_CELL: u32 = 60;
/// From this width of screen up, the board is drawn wide.
pub const WIDE_SCREEN: u32 = 660;

/// Ink and paper: the colours of everything that is not a square.
pub const INK: &str = "#111111";
pub const PAPER: &str = "#ffffff";
/// Labels: dark enough on paper, and a dark mode lightens them.
const LABEL: &str = "#4a4a4a";
/// Light and dark squares per zone (zone 0 first), each dark enough for
/// a repainting dark mode to keep.
const ZONES: [(&str, &str); 3] = [
    ("#dbc6a0", "#b08862"),
    ("#c4cfa2", "#8fa363"),
    ("#bcc8dc", "#8aa0bc"),
];
/// Light and dark squares of the last move, and its frame.
const LAST: (&str, &str) = ("#e2cb62", "#c9a93a");
const LAST_FRAME: &str = "#1e4fa3";
/// A royal piece in check: orange, apart from Red's chips.
const CHECK: &str = "#ef8a2e";
/// The seam of a cylinder, a line along the edge of its squares.
const SEAM: &str = "#c62828";
const FONT: &str = "Arial,Helvetica,sans-serif";

/// The extent of the drawing: files and ranks from the coordinate frame
/// (one outside the box on each side) and every square.
fn extent(picture: &Picture) -> (i8, i8, i8, i8) {
    let files = picture.files as i8;
    let ranks = picture.ranks as i8;
    let mut e = (-1, files, -1, ranks);
    for s in &picture.squares {
        e = (
            e.0.min(s.file),
            e.1.max(s.file),
            e.2.min(s.rank),
            e.3.max(s.rank),
        );
    }
    e
}

/// The side of one cell in CSS pixels for this board: on a phone, and
/// (`wide`) on a wide screen.
pub fn cell_px(picture: &Picture) -> u32 {
    (BOARD_PX / columns(picture)).min(MAX_CELL)
}

fn wide_cell_px(picture: &Picture) -> u32 {
    (WIDE_BOARD_PX / columns(picture)).min(WIDE_MAX_CELL)
}

fn columns(picture: &Picture) -> u32 {
    let (f0, f1, _, _) = extent(picture);
    (f1 - f0 + 1) as u32
}

/// A label's font size for a cell of side `cell`.
fn label_px(cell: u32) -> u32 {
    (cell / 2).clamp(10, 15)
}

/// The style sheet of `picture`'s board, for the document's head: on a
/// wide screen, bigger cells, labels and chips. Everything else is inline.
pub fn style(picture: &Picture) -> String {
    let cell = wide_cell_px(picture);
    let side = piece::chip_px(cell);
    let rim = piece::rim_px(side);
    let width = cell * columns(picture);
    format!(
        "@media screen and (min-width:{WIDE_SCREEN}px){{\n\
         table.b{{width:{width}px!important}}\n\
         table.b td,table.b th{{width:{cell}px!important;height:{cell}px!important}}\n\
         table.b th{{font-size:{}px!important;line-height:{cell}px!important}}\n\
         table.b span.p{{width:{side}px!important;height:{side}px!important;font-size:{}px!important;line-height:{side}px!important}}\n\
         table.b span.p span.i{{line-height:{}px!important}}\n\
         table.b span.p[data-owner=\"0\"]{{padding:{rim}px!important}}\n\
         }}\n",
        label_px(cell),
        side * 3 / 5,
        side - 2 * rim
    )
}

/// `White rook, a1`: a piece's accessible name.
pub fn piece_label(picture: &Picture, man: Man, square: &str) -> String {
    format!(
        "{} {}, {square}",
        piece::seat_name(picture, man.owner),
        piece::kind_name(picture, man.letter)
    )
}

/// The caption: whose side is at the bottom, and the marks on the board.
fn caption(picture: &Picture) -> String {
    let bottom = piece::seat_name(picture, u8::from(picture.flipped));
    let mut words = format!("The board, {bottom} at the bottom");
    if !picture.last_move.is_empty() {
        let _ = write!(words, "; last move on {}", picture.last_move.join(", "));
    }
    if !picture.check.is_empty() {
        let _ = write!(words, "; in check on {}", picture.check.join(", "));
    }
    words.push('.');
    words
}

/// A header cell: a file letter (`col`) or rank number (`row`); empty
/// in the frame's corners.
fn write_label(out: &mut String, cell: u32, scope: &str, text: &str) {
    let _ = write!(
        out,
        "<th scope=\"{scope}\" width=\"{cell}\" height=\"{cell}\" style=\"width:{cell}px;height:{cell}px;padding:0;font:normal {}px/{cell}px {FONT};color:{LABEL};background:{PAPER};text-align:center\">{text}</th>",
        label_px(cell)
    );
}

/// The table of the board. Written onto one string with a grid from
/// coordinates to squares: it is drawn for every reader of every board
/// mail (`remind` draws thousands in a run).
pub fn table(picture: &Picture) -> String {
    let cell = cell_px(picture);
    let side = piece::chip_px(cell);
    let (f0, f1, r0, r1) = extent(picture);
    let columns = (f1 - f0 + 1) as usize;
    let rows = (r1 - r0 + 1) as usize;
    // Each cell's square, the first one listed at its coordinates.
    let mut grid: Vec<Option<&Spot>> = vec![None; columns * rows];
    for spot in &picture.squares {
        let at = (spot.rank - r0) as usize * columns + (spot.file - f0) as usize;
        grid[at].get_or_insert(spot);
    }
    let files: Vec<i8> = if picture.flipped {
        (f0..=f1).rev().collect()
    } else {
        (f0..=f1).collect()
    };
    let ranks: Vec<i8> = if picture.flipped {
        (r0..=r1).collect()
    } else {
        (r0..=r1).rev().collect()
    };
    let (box_files, box_ranks) = (picture.files as i8, picture.ranks as i8);
    let top_rank = if picture.flipped { 0 } else { box_ranks - 1 };
    let width = cell * files.len() as u32;
    let mut out = String::with_capacity(columns * rows * 90);
    let _ = writeln!(
        out,
        "<table class=\"b\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" width=\"{width}\" style=\"border-collapse:collapse;table-layout:fixed;width:{width}px;background:{PAPER};color:{INK};margin:0\">\n\
         <caption style=\"caption-side:top;text-align:left;font:13px/18px {FONT};color:{INK};padding:0 0 4px\">{}</caption>",
        escape(&caption(picture))
    );
    let mut label = [0; 4];
    for &rank in &ranks {
        out.push_str("<tr>");
        let in_box_rank = (0..box_ranks).contains(&rank);
        for &file in &files {
            let spot = grid[(rank - r0) as usize * columns + (file - f0) as usize];
            let in_box_file = (0..box_files).contains(&file);
            let Some(spot) = spot else {
                if in_box_rank && (file == -1 || file == box_files) {
                    write_label(&mut out, cell, "row", &(rank + 1).to_string());
                } else if in_box_file && (rank == -1 || rank == box_ranks) {
                    let letter = ((b'a' + file as u8) as char).encode_utf8(&mut label);
                    write_label(&mut out, cell, "col", letter);
                } else {
                    out.push_str("<td");
                    let _ = write!(
                        out,
                        " width=\"{cell}\" height=\"{cell}\" style=\"width:{cell}px;height:{cell}px;padding:0\"></td>"
                    );
                }
                continue;
            };
            let last = picture.last_move.contains(&spot.name);
            let check = picture.check.contains(&spot.name);
            let zone = ZONES[spot.zone as usize % ZONES.len()];
            let background = match (check, last, spot.dark) {
                (true, _, _) => CHECK,
                (false, true, false) => LAST.0,
                (false, true, true) => LAST.1,
                (false, false, false) => zone.0,
                (false, false, true) => zone.1,
            };
            let _ = write!(out, "<td data-square=\"{}\"", escape(&spot.name));
            if last {
                out.push_str(" data-last=\"1\"");
            }
            if check {
                out.push_str(" data-check=\"1\"");
            }
            let _ = write!(
                out,
                " width=\"{cell}\" height=\"{cell}\" align=\"center\" bgcolor=\"{background}\" style=\"width:{cell}px;height:{cell}px;padding:0;text-align:center;vertical-align:middle;background:{background}"
            );
            // Marks drawn inside the square (a border would make it taller).
            let mut marks: Vec<String> = Vec::new();
            if last {
                marks.push(format!("inset 0 0 0 2px {LAST_FRAME}"));
            }
            if picture.seam && in_box_rank && rank == top_rank {
                marks.push(format!("inset 0 3px 0 {SEAM}"));
            }
            if picture.seam && in_box_rank && rank == box_ranks - 1 - top_rank {
                marks.push(format!("inset 0 -3px 0 {SEAM}"));
            }
            if !marks.is_empty() {
                let _ = write!(out, ";box-shadow:{}", marks.join(","));
            }
            out.push_str("\">");
            if let Some(man) = spot.piece {
                let label = piece_label(picture, man, &spot.name);
                piece::write_chip(&mut out, picture, man, side, &label);
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// `Black's reserve: ♛ ♜ ♜ (B on dark)`, in the seat's own chips.
fn reserve_line(picture: &Picture, reserve: &Reserve) -> String {
    let seat = piece::seat_name(picture, reserve.seat);
    let mut held = String::new();
    for &(letter, n) in &reserve.pieces {
        let man = Man {
            letter,
            owner: reserve.seat,
        };
        let label = format!("{seat} {} in reserve", piece::kind_name(picture, letter));
        for _ in 0..n {
            piece::write_chip(&mut held, picture, man, 22, &label);
            held.push(' ');
        }
    }
    if held.is_empty() {
        held.push_str("none");
    }
    let note = reserve
        .note
        .as_ref()
        .map_or(String::new(), |n| format!(" ({})", escape(n)));
    format!(
        "<div data-reserve=\"{}\" style=\"font:14px/26px {FONT};color:{INK};background:{PAPER}\">{}'s reserve: {}{note}</div>\n",
        reserve.seat,
        escape(seat),
        held.trim_end()
    )
}

/// The key: each army's chips, each letter shown and what it stands for,
/// and what the marks on the squares mean; the letters alone (`drawn`
/// false) under a piece list without the board.
fn key(picture: &Picture, drawn: bool) -> String {
    let mut items: Vec<String> = Vec::new();
    for seat in (0..picture.seats.len() as u8).filter(|_| drawn) {
        let mut sample = String::new();
        piece::write_sample(&mut sample, picture, seat, 18);
        items.push(format!(
            "{sample} {}: {}",
            escape(piece::seat_name(picture, seat)),
            Shape::of(picture, seat).words()
        ));
    }
    let letters: Vec<String> = picture
        .kinds_shown()
        .iter()
        .map(|kind| {
            format!(
                "<b>{}</b>&nbsp;{}",
                escape(&kind.letter.to_string()),
                escape(&kind.name)
            )
        })
        .collect();
    let mut marks: Vec<String> = Vec::new();
    if !picture.last_move.is_empty() {
        marks.push("yellow, framed in blue: the last move".into());
    }
    if !picture.check.is_empty() {
        marks.push("orange: in check".into());
    }
    if picture.squares.iter().any(|s| s.zone > 0) {
        marks.push("green or blue squares: the board's zones".into());
    }
    if picture.seam {
        marks.push(format!(
            "red line: the seam, rank {} continues past rank 1",
            picture.ranks
        ));
    }
    let mut out = String::new();
    if !items.is_empty() {
        out.push_str(&format!(
            "<p style=\"font:13px/22px {FONT};color:{INK};background:{PAPER};margin:6px 0 0\">{}</p>\n",
            items.join("<br>\n")
        ));
    }
    out.push_str(&format!(
        "<p style=\"font:13px/18px {FONT};color:{INK};background:{PAPER};margin:4px 0 0\">Letters: {}.",
        letters.join(", ")
    ));
    if !marks.is_empty() && drawn {
        out.push_str(&format!(" Squares: {}.", escape(&marks.join("; "))));
    }
    out.push_str("</p>\n");
    out
}

/// The piece list under the board, one paragraph per army.
fn list(picture: &Picture) -> String {
    let lines: Vec<String> = piece_list::lines(picture)
        .iter()
        .map(|line| escape(line))
        .collect();
    format!(
        "<p data-pieces=\"1\" style=\"font:14px/20px {FONT};color:{INK};background:{PAPER};margin:6px 0 0;overflow-wrap:anywhere\">{}</p>\n",
        lines.join("<br>\n")
    )
}

/// What a board block shows: the drawn board, the piece list, or both
/// (a player's `board` setting; the text part shows the same, the ASCII
/// board for the drawn one).
pub use crate::ids::BoardShow as Show;

/// The board block: the opponent's reserve above, the table, the
/// reader's reserve below, the game's lines under the board, the piece
/// list and the key. `notes` replaces the picture's own lines when given
/// (a mail may say more of the last move than the game does).
pub fn block(picture: &Picture, notes: Option<&[String]>) -> String {
    block_showing(picture, notes, Show::Both)
}

/// [`block`], showing what `show` asks for.
pub fn block_showing(picture: &Picture, notes: Option<&[String]>, show: Show) -> String {
    let bottom_seat = u8::from(picture.flipped);
    let mut out = format!("<div data-board=\"1\" style=\"background:{PAPER};color:{INK}\">\n");
    if show != Show::List {
        for reserve in picture.reserves.iter().filter(|r| r.seat != bottom_seat) {
            out.push_str(&reserve_line(picture, reserve));
        }
        out.push_str(&table(picture));
        for reserve in picture.reserves.iter().filter(|r| r.seat == bottom_seat) {
            out.push_str(&reserve_line(picture, reserve));
        }
    }
    for line in notes.unwrap_or(&picture.notes) {
        out.push_str(&format!(
            "<div style=\"font:14px/20px {FONT};color:{INK};white-space:pre-wrap;overflow-wrap:anywhere\">{}</div>\n",
            escape(line)
        ));
    }
    if show != Show::Picture {
        out.push_str(&list(picture));
    }
    out.push_str(&key(picture, show != Show::List));
    out.push_str("</div>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::VARIANTS;

    /// Every game's board has one cell per square and fits the width.
    #[test]
    fn every_game_has_a_cell_per_square_and_fits_a_phone() {
        for variant in VARIANTS.iter() {
            let start = variant.start(&[]).unwrap();
            let picture = start.picture(0).expect("every game has a picture");
            let html = table(&picture);
            let cells = html.matches("data-square=").count();
            assert_eq!(cells, picture.squares.len(), "{}", variant.name());
            let (f0, f1, _, _) = extent(&picture);
            assert!(
                cell_px(&picture) * (f1 - f0 + 1) as u32 <= BOARD_PX,
                "{}",
                variant.name()
            );
            assert!(!html.contains("<script") && !html.contains("<img"));
        }
    }

    #[test]
    fn glyphs_never_take_emoji_presentation() {
        let start = crate::rules::find_variant("chess")
            .unwrap()
            .start(&[])
            .unwrap();
        let html = block(&start.picture(1).unwrap(), None);
        assert!(html.contains("\u{265F}\u{FE0E}"), "black pawn");
        for glyph in '\u{2654}'..='\u{265F}' {
            for (at, _) in html.match_indices(glyph) {
                let next = html[at + glyph.len_utf8()..].chars().next();
                assert_eq!(next, Some('\u{FE0E}'), "{glyph} at {at}");
            }
        }
    }

    #[test]
    fn the_second_seat_sees_its_side_at_the_bottom() {
        let start = crate::rules::find_variant("chess")
            .unwrap()
            .start(&[])
            .unwrap();
        let white = table(&start.picture(0).unwrap());
        let black = table(&start.picture(1).unwrap());
        let first = |html: &str| {
            let at = html.find("data-square=\"").unwrap() + 13;
            html[at..at + 2].to_string()
        };
        assert_eq!(first(&white), "a8");
        assert_eq!(first(&black), "h1");
    }
}
