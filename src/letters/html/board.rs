//! One board as an HTML table, drawn from a [`Picture`]: a cell per square
//! carrying `data-square="e4"` (`z1`..`z4` for Big Outer's corners, which
//! sit in the corners of the coordinate frame), file letters above and
//! below, rank numbers on both sides, the reader's side at the bottom.
//!
//! Pieces whose names are orthodox (king, queen, rook, bishop, knight,
//! pawn) of a White or Black seat are the Unicode chess glyphs, each
//! followed by U+FE0E so that phones draw the text glyph and not a colour
//! emoji; every other piece is its own letter on a disc in its seat's
//! colours (Orwell's Red included). The last move's squares are yellow, a
//! royal piece in check red, a game's zones tinted, Orwell's seam a double
//! red line. A key under the board names every letter shown.
//!
//! Every colour is given explicitly (squares, ink, paper), so a mail
//! client's dark mode has nothing to invert into unreadable contrast. The
//! table is at most [`BOARD_PX`] wide: cells shrink with the number of
//! columns (24 px for Big Outer Chess's fourteen).
//!
//! What every cell of the table shares (its size and alignment, the labels'
//! font, a glyph's font, a disc's shape) is named once, by class, in the
//! document's `<style>` ([`style`]): written on each of a board's hundred
//! cells it made a board mail 22 KB, and `remind` writes thousands of them.
//! Inline, on each cell, stays only what reading the board needs where a
//! mail client drops the `<style>`: each square's colour (light, dark, the
//! last move, check), the seam, and a disc's seat colours. Without the
//! sheet the board is still every square in its colour with its piece, at
//! the client's own font size. The reserves and the key, drawn once a
//! board, keep their inline styles.

use std::fmt::Write;

use super::escape;
use crate::rules::picture::{Man, Picture, Reserve, Spot};

/// The widest a board table is, in CSS pixels: 360 less a margin.
pub const BOARD_PX: u32 = 336;
/// The largest cell, for boards of few columns.
const MAX_CELL: u32 = 36;

/// Ink and paper: the colours of everything that is not a square.
pub const INK: &str = "#111111";
pub const PAPER: &str = "#ffffff";
const LABEL: &str = "#555555";
/// Light and dark squares per zone (zone 0 first).
const ZONES: [(&str, &str); 3] = [
    ("#f0d9b5", "#b58863"),
    ("#dde6c0", "#98ad69"),
    ("#d3dfec", "#8ea5c0"),
];
/// Light and dark squares of the last move.
const LAST: (&str, &str) = ("#f4e36c", "#cdb33a");
/// A royal piece in check.
const CHECK: &str = "#e4574c";
/// The seam of a cylinder.
const SEAM: &str = "#c62828";
const FONT: &str = "Arial,Helvetica,sans-serif";
const GLYPH_FONT: &str = "'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',serif";

/// How a seat's pieces look: disc colours, and whether orthodox pieces
/// are the outline (White) or filled (Black) glyphs.
struct SeatLook {
    paper: &'static str,
    ink: &'static str,
    rim: &'static str,
    glyphs: Option<Glyphs>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Glyphs {
    Outline,
    Filled,
}

fn seat_look(picture: &Picture, seat: u8) -> SeatLook {
    let name = picture.seats.get(seat as usize).map(String::as_str);
    match (name, seat) {
        (Some("White"), _) | (None, 0) => SeatLook {
            paper: "#ffffff",
            ink: "#000000",
            rim: "#000000",
            glyphs: Some(Glyphs::Outline),
        },
        (Some("Black"), _) | (None, 1) => SeatLook {
            paper: "#000000",
            ink: "#ffffff",
            rim: "#000000",
            glyphs: Some(Glyphs::Filled),
        },
        (Some("Red"), _) => SeatLook {
            paper: "#c62828",
            ink: "#ffffff",
            rim: "#6d0d0d",
            glyphs: None,
        },
        _ => SeatLook {
            paper: "#1e4fa3",
            ink: "#ffffff",
            rim: "#0b2350",
            glyphs: None,
        },
    }
}

/// The Unicode glyphs of an orthodox piece name: (outline, filled).
pub fn chess_glyphs(name: &str) -> Option<(char, char)> {
    const GLYPHS: [(&str, (char, char)); 6] = [
        ("king", ('\u{2654}', '\u{265A}')),
        ("queen", ('\u{2655}', '\u{265B}')),
        ("rook", ('\u{2656}', '\u{265C}')),
        ("bishop", ('\u{2657}', '\u{265D}')),
        ("knight", ('\u{2658}', '\u{265E}')),
        ("pawn", ('\u{2659}', '\u{265F}')),
    ];
    GLYPHS
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|&(_, glyphs)| glyphs)
}

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

/// The side of one cell in CSS pixels for this board.
pub fn cell_px(picture: &Picture) -> u32 {
    let (f0, f1, _, _) = extent(picture);
    let columns = (f1 - f0 + 1) as u32;
    (BOARD_PX / columns).min(MAX_CELL)
}

/// A piece as drawn in a cell of side `cell`.
fn man(picture: &Picture, man: Man, cell: u32) -> String {
    let mut out = String::new();
    write_man(&mut out, picture, man, Some(cell));
    out
}

/// [`man`], written onto `out`: styled inline for a cell of side `cell`,
/// or (`None`) by the classes of the board's [`style`].
fn write_man(out: &mut String, picture: &Picture, man: Man, cell: Option<u32>) {
    let look = seat_look(picture, man.owner);
    let name = picture
        .kinds
        .iter()
        .find(|k| k.letter == man.letter)
        .map_or("", |k| k.name.as_str());
    if let (Some((outline, filled)), Some(glyphs)) = (chess_glyphs(name), look.glyphs) {
        let glyph = if glyphs == Glyphs::Outline {
            outline
        } else {
            filled
        };
        match cell {
            Some(cell) => {
                let _ = write!(
                    out,
                    "<span style=\"font-family:{GLYPH_FONT};font-size:{}px;line-height:{cell}px;color:#000000\">{glyph}\u{FE0E}</span>",
                    cell * 4 / 5
                );
            }
            None => {
                let _ = write!(out, "<span class=\"g\">{glyph}\u{FE0E}</span>");
            }
        }
        return;
    }
    let mut letter = [0; 4];
    let letter = man.letter.encode_utf8(&mut letter);
    match cell {
        Some(cell) => write_disc(out, &look, letter, cell),
        None => {
            let _ = write!(
                out,
                "<span class=\"d\" style=\"border-color:{};background:{};color:{}\">{}</span>",
                look.rim,
                look.paper,
                look.ink,
                escape(letter)
            );
        }
    }
}

/// A letter on a disc of the seat's colours.
fn disc(look: &SeatLook, letter: &str, cell: u32) -> String {
    let mut out = String::new();
    write_disc(&mut out, look, letter, cell);
    out
}

/// [`disc`], written onto `out`.
fn write_disc(out: &mut String, look: &SeatLook, letter: &str, cell: u32) {
    let side = cell.saturating_sub(6).max(10);
    let _ = write!(
        out,
        "<span style=\"display:inline-block;width:{side}px;height:{side}px;border:1px solid {};border-radius:50%;background:{};color:{};font:bold {}px/{side}px {FONT};text-align:center;vertical-align:middle\">{}</span>",
        look.rim,
        look.paper,
        look.ink,
        side * 2 / 3,
        escape(letter)
    );
}

/// The style sheet of `picture`'s table, for the document's head: a
/// square's size and alignment (`td.q`), a label's font (`td.l`), a glyph
/// (`span.g`) and a disc (`span.d`) for its cell size.
pub fn style(picture: &Picture) -> String {
    let cell = cell_px(picture);
    let label_font = (cell / 2).clamp(10, 13);
    let side = cell.saturating_sub(6).max(10);
    format!(
        "td.q{{width:{cell}px;height:{cell}px;padding:0;text-align:center;vertical-align:middle}}\n\
         td.l{{font:{label_font}px/{cell}px {FONT};color:{LABEL};background:{PAPER}}}\n\
         span.g{{font-family:{GLYPH_FONT};font-size:{}px;line-height:{cell}px;color:#000000}}\n\
         span.d{{display:inline-block;width:{side}px;height:{side}px;border:1px solid;border-radius:50%;font:bold {}px/{side}px {FONT};text-align:center;vertical-align:middle}}\n",
        cell * 4 / 5,
        side * 2 / 3
    )
}

/// The table of the board, its cells styled by the classes of [`style`]. Written onto one string with a grid from
/// coordinates to squares: it is drawn for every reader of every board
/// mail (`remind` draws thousands in a run).
pub fn table(picture: &Picture) -> String {
    let cell = cell_px(picture);
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
    let mut out = String::with_capacity(columns * rows * 80);
    let _ = writeln!(
        out,
        "<table cellpadding=\"0\" cellspacing=\"0\" role=\"grid\" style=\"border-collapse:collapse;table-layout:fixed;width:{width}px;background:{PAPER};color:{INK};margin:0\">"
    );
    for &rank in &ranks {
        out.push_str("<tr>");
        for &file in &files {
            let spot = grid[(rank - r0) as usize * columns + (file - f0) as usize];
            let in_box_file = (0..box_files).contains(&file);
            let in_box_rank = (0..box_ranks).contains(&rank);
            match spot {
                Some(spot) => {
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
                    let _ = write!(out, " class=\"q\" style=\"background:{background}");
                    if picture.seam && in_box_rank && rank == top_rank {
                        let _ = write!(out, ";border-top:4px double {SEAM}");
                    }
                    if picture.seam && in_box_rank && rank == box_ranks - 1 - top_rank {
                        let _ = write!(out, ";border-bottom:4px double {SEAM}");
                    }
                    out.push_str("\">");
                    if let Some(m) = spot.piece {
                        write_man(&mut out, picture, m, None);
                    }
                    out.push_str("</td>");
                }
                None => {
                    out.push_str("<td class=\"q l\">");
                    if in_box_rank && (file == -1 || file == box_files) {
                        let _ = write!(out, "{}", rank + 1);
                    } else if in_box_file && (rank == -1 || rank == box_ranks) {
                        out.push((b'a' + file as u8) as char);
                    }
                    out.push_str("</td>");
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// `Black's reserve: ♛ ♜×2 (B on dark)`, in the seat's own pieces.
fn reserve_line(picture: &Picture, reserve: &Reserve) -> String {
    let seat = picture
        .seats
        .get(reserve.seat as usize)
        .map_or("?", String::as_str);
    let pieces: Vec<String> = reserve
        .pieces
        .iter()
        .map(|&(letter, n)| {
            let drawn = man(
                picture,
                Man {
                    letter,
                    owner: reserve.seat,
                },
                28,
            );
            if n > 1 {
                format!("{drawn}&times;{n}")
            } else {
                drawn
            }
        })
        .collect();
    let held = if pieces.is_empty() {
        "none".to_string()
    } else {
        pieces.join(" ")
    };
    let note = reserve
        .note
        .as_ref()
        .map_or(String::new(), |n| format!(" ({})", escape(n)));
    format!(
        "<div data-reserve=\"{}\" style=\"font:14px/28px {FONT};color:{INK};background:{PAPER}\">{}'s reserve: {held}{note}</div>\n",
        reserve.seat,
        escape(seat)
    )
}

/// The key: each seat's colours where pieces are discs, each letter on
/// the board (or in hand) and what it is, and what the marks mean.
fn key(picture: &Picture) -> String {
    let mut items: Vec<String> = Vec::new();
    let discs = picture.squares.iter().filter_map(|s| s.piece).any(|m| {
        seat_look(picture, m.owner).glyphs.is_none()
            || picture
                .kinds
                .iter()
                .find(|k| k.letter == m.letter)
                .is_none_or(|k| chess_glyphs(&k.name).is_none())
    });
    if discs {
        for (seat, name) in picture.seats.iter().enumerate() {
            let look = seat_look(picture, seat as u8);
            items.push(format!("{} {}", disc(&look, "", 20), escape(name)));
        }
    }
    for kind in picture.kinds_shown() {
        let drawn = match chess_glyphs(&kind.name) {
            Some((outline, filled)) => format!(
                "<span style=\"font-family:{GLYPH_FONT};font-size:18px\">{outline}\u{FE0E}{filled}\u{FE0E}</span> "
            ),
            None => String::new(),
        };
        items.push(format!(
            "{drawn}<b>{}</b>&nbsp;{}",
            escape(&kind.letter.to_string()),
            escape(&kind.name)
        ));
    }
    let mut marks: Vec<String> = Vec::new();
    if !picture.last_move.is_empty() {
        marks.push("yellow: the last move".into());
    }
    if !picture.check.is_empty() {
        marks.push("red: in check".into());
    }
    if picture.squares.iter().any(|s| s.zone > 0) {
        marks.push("tinted squares: the board's zones".into());
    }
    if picture.seam {
        marks.push(format!(
            "red double line: the seam, rank {} continues past rank 1",
            picture.ranks
        ));
    }
    let mut out = format!(
        "<div style=\"font:13px/20px {FONT};color:{INK};background:{PAPER};margin-top:6px\">{}</div>\n",
        items.join(" &middot; ")
    );
    if !marks.is_empty() {
        out.push_str(&format!(
            "<div style=\"font:13px/18px {FONT};color:{INK};background:{PAPER}\">Squares: {}.</div>\n",
            escape(&marks.join("; "))
        ));
    }
    out
}

/// The board block: the opponent's reserve above, the table, the
/// reader's reserve below, the game's lines under the board, and the key.
/// `notes` replaces the picture's own lines when given (a mail may say
/// more of the last move than the game does).
pub fn block(picture: &Picture, notes: Option<&[String]>) -> String {
    let bottom_seat = u8::from(picture.flipped);
    let mut out = format!("<div data-board=\"1\" style=\"background:{PAPER};color:{INK}\">\n");
    for reserve in picture.reserves.iter().filter(|r| r.seat != bottom_seat) {
        out.push_str(&reserve_line(picture, reserve));
    }
    out.push_str(&table(picture));
    for reserve in picture.reserves.iter().filter(|r| r.seat == bottom_seat) {
        out.push_str(&reserve_line(picture, reserve));
    }
    for line in notes.unwrap_or(&picture.notes) {
        out.push_str(&format!(
            "<div style=\"font:14px/20px {FONT};color:{INK}\">{}</div>\n",
            escape(line)
        ));
    }
    out.push_str(&key(picture));
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
