//! One piece as drawn on the HTML board: a chip whose shape says whose it
//! is, so that no reader depends on colour (a grey-scale screen, a
//! colour-blind player, a mail app's dark mode).
//!
//! - White: a round chip, light with dark ink, in a grey rim.
//! - Black: a square chip, dark with light ink.
//! - Red (Orwell's third army), the duck of Duck chess (nobody's, gold)
//!   and any further seat: a leaf (two round corners, two square), in the
//!   seat's colour, with white ink where it reads at 3:1 and black ink
//!   on a light leaf (the duck's gold).
//!
//! The colours are chosen for the dark modes of mail apps, which repaint
//! a page rather than leave it alone: they darken every light background
//! and lighten every dark text (Chromium's forced dark mode, which the
//! Gmail and Outlook apps resemble, keeps backgrounds darker than a
//! perceived brightness of about 205 of 255 and repaints the rest). So
//! everything that tells the armies apart is a background kept as it is:
//! the rim of White's chip (mid grey), Black's chip (black), Red's (red).
//! White's light core turns dark there, but its grey rim stays, and the
//! ink (light in dark mode) stays readable on the core's dark.
//!
//! Orthodox pieces (king, queen, rook, bishop, knight, pawn) of White and
//! Black are the filled Unicode chess glyph on the chip, each followed by
//! U+FE0E so that phones draw the text glyph and not a colour emoji;
//! every other piece is its own letter. Each chip is an image to a screen
//! reader, named by owner, piece and square: `White rook, a1`.
//!
//! Everything a chip needs is inline: a mail client that drops the
//! `<style>` still draws it. The `<style>` only makes it bigger on a
//! wide screen (classes `p`, the chip, and `i`, White's core).

use std::fmt::Write;

use super::escape;
use crate::rules::picture::{Man, Picture};

const FONT: &str = "Arial,Helvetica,sans-serif";
pub const GLYPH_FONT: &str = "'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',serif";

/// The rim of White's chip: mid grey, kept by a dark mode.
pub const WHITE_RIM: &str = "#7a7a7a";
/// Red's chips: a red light enough to stay apart from Black's in a dark
/// mode, which keeps it, and from White's there (grey rim, dark core):
/// sampled in Chromium's forced dark, White/Red 2.3:1 at 320 px (at
/// `#e04a4a`, with White's wider rim, 1.7:1), Red/Black 6.7:1; its white
/// letters stay at 3:1.
pub const RED: &str = "#f06a6a";

/// The chips of nobody's pieces (Duck chess's duck): a gold light
/// enough to stay apart from White's chip in a dark mode, which keeps it
/// (a perceived brightness of 187, under the repainting's 205): sampled
/// in Chromium's forced dark, White/duck 2.7:1 and duck/Black 8.3:1 at
/// 320 px (Red's `#f06a6a` came to 1.7:1 against White there, under the
/// check's 1.8:1).
pub const NEUTRAL: &str = "#f5b82e";
/// The chips of any further seat.
const FURTHER: &str = "#1e4fa3";

/// WCAG's relative luminance of a `#rrggbb` colour (0 black, 1 white).
fn luminance(colour: &str) -> f64 {
    let channel = |i: usize| {
        let c = colour
            .get(i..i + 2)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .map_or(0.0, |c| f64::from(c) / 255.0);
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// WCAG's contrast of two `#rrggbb` colours (1 to 21).
fn contrast(a: &str, b: &str) -> f64 {
    let (a, b) = (luminance(a) + 0.05, luminance(b) + 0.05);
    a.max(b) / a.min(b)
}

/// The ink of a letter on a leaf of `colour`: white where it reads at
/// 3:1 or more, else black. (A dark mode that repaints dark text light
/// makes both light on a kept gold; black still serves the light mode.)
fn ink_on(colour: &str) -> &'static str {
    if contrast(colour, "#ffffff") >= 3.0 {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// How a seat's chips look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Round, light, in a rim (White).
    Round,
    /// Square, dark (Black).
    Square,
    /// A leaf in the seat's colour (Red, and any further seat).
    Leaf(&'static str),
}

impl Shape {
    /// The seat's shape: by its name, else by its place.
    pub fn of(picture: &Picture, seat: u8) -> Shape {
        match (picture.seats.get(seat as usize).map(String::as_str), seat) {
            (Some("White"), _) | (None, 0) => Shape::Round,
            (Some("Black"), _) | (None, 1) => Shape::Square,
            (Some("Red"), _) => Shape::Leaf(RED),
            (Some("Neutral"), _) => Shape::Leaf(NEUTRAL),
            _ => Shape::Leaf(FURTHER),
        }
    }

    /// The shape in words, for the key.
    pub fn words(self) -> &'static str {
        match self {
            Shape::Round => "round light chips with a grey rim",
            Shape::Square => "square dark chips",
            Shape::Leaf(_) => "leaf-shaped coloured chips",
        }
    }
}

/// The seat's name, `?` for one the picture does not name.
pub fn seat_name(picture: &Picture, seat: u8) -> &str {
    picture.seats.get(seat as usize).map_or("?", String::as_str)
}

/// What a letter stands for in this game (`rook`); the letter itself when
/// the game does not say.
pub fn kind_name(picture: &Picture, letter: char) -> String {
    picture
        .kinds
        .iter()
        .find(|k| k.letter == letter)
        .map_or_else(|| letter.to_string(), |k| k.name.clone())
}

/// The filled Unicode glyph of an orthodox piece name.
pub fn chess_glyph(name: &str) -> Option<char> {
    const GLYPHS: [(&str, char); 6] = [
        ("king", '\u{265A}'),
        ("queen", '\u{265B}'),
        ("rook", '\u{265C}'),
        ("bishop", '\u{265D}'),
        ("knight", '\u{265E}'),
        ("pawn", '\u{265F}'),
    ];
    GLYPHS
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|&(_, glyph)| glyph)
}

/// A chip's side for a cell of side `cell`.
pub fn chip_px(cell: u32) -> u32 {
    cell.saturating_sub(4).max(12)
}

/// The rim of White's chip for a chip of side `side`: a seventh of it
/// (3 px on a phone's 21-px chip, 5 px on a desktop's 46-px one). In a
/// repainting dark mode the rim is what keeps White's chip lighter than
/// Black's (its core darkens): at an eighth (2 px on 21) a White piece
/// on a last-move square sampled at 1.7:1 against a Black one.
pub fn rim_px(side: u32) -> u32 {
    (side / 7).clamp(2, 5)
}

/// `man` drawn as a chip of side `side` onto `out`; `label` is its
/// accessible name (`White rook, a1`).
pub fn write_chip(out: &mut String, picture: &Picture, man: Man, side: u32, label: &str) {
    let shape = Shape::of(picture, man.owner);
    let name = kind_name(picture, man.letter);
    // A glyph for orthodox pieces of White and Black, the letter otherwise.
    let (text, glyph) = match (chess_glyph(&name), shape) {
        (Some(glyph), Shape::Round | Shape::Square) => (format!("{glyph}\u{FE0E}"), true),
        _ => (escape(&man.letter.to_string()), false),
    };
    let (family, size) = if glyph {
        (GLYPH_FONT, side * 3 / 4)
    } else {
        (FONT, side * 3 / 5)
    };
    let _ = write!(
        out,
        "<span class=\"p\" role=\"img\" aria-label=\"{}\" title=\"{}\" data-owner=\"{}\" style=\"display:inline-block;box-sizing:border-box;width:{side}px;height:{side}px;vertical-align:middle;text-align:center;font:bold {size}px/{side}px {family};",
        escape(label),
        escape(label),
        man.owner
    );
    match shape {
        Shape::Round => {
            let rim = rim_px(side);
            let core = side - 2 * rim;
            let _ = write!(
                out,
                "padding:{rim}px;border-radius:50%;background:{WHITE_RIM}\"><span class=\"i\" style=\"display:block;width:100%;height:100%;border-radius:50%;background:#ffffff;color:#000000;line-height:{core}px\">{text}</span></span>"
            );
        }
        Shape::Square => {
            let _ = write!(
                out,
                "border-radius:{}px;background:#000000;color:#ffffff\">{text}</span>",
                side / 8
            );
        }
        Shape::Leaf(colour) => {
            let ink = ink_on(colour);
            let _ = write!(
                out,
                "border-radius:50% 0;background:{colour};color:{ink}\">{text}</span>"
            );
        }
    }
}

/// A chip of `seat`'s shape with no piece on it, for the key.
pub fn write_sample(out: &mut String, picture: &Picture, seat: u8, side: u32) {
    let name = seat_name(picture, seat).to_string();
    let mut chip = String::new();
    write_chip(
        &mut chip,
        picture,
        Man {
            letter: ' ',
            owner: seat,
        },
        side,
        &format!("{name}'s chip"),
    );
    out.push_str(&chip.replace("> </span>", ">&nbsp;</span>"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Picture {
        crate::rules::find_variant("chess")
            .unwrap()
            .start(&[])
            .unwrap()
            .picture(0)
            .unwrap()
    }

    #[test]
    fn each_army_has_its_own_shape_and_a_name() {
        let picture = chess();
        let mut white = String::new();
        let man = Man {
            letter: 'R',
            owner: 0,
        };
        write_chip(&mut white, &picture, man, 26, "White rook, a1");
        let mut black = String::new();
        let man = Man {
            letter: 'R',
            owner: 1,
        };
        write_chip(&mut black, &picture, man, 26, "Black rook, a8");
        assert!(white.contains("aria-label=\"White rook, a1\""), "{white}");
        assert!(white.contains("border-radius:50%;background:#7a7a7a"));
        assert!(black.contains("border-radius:3px;background:#000000"));
        assert!(white.contains("\u{265C}\u{FE0E}") && black.contains("\u{265C}\u{FE0E}"));
    }

    #[test]
    fn other_pieces_are_letters_and_a_third_army_is_a_leaf() {
        let picture = crate::rules::find_variant("orwell")
            .unwrap()
            .start(&[])
            .unwrap()
            .picture(1)
            .unwrap();
        assert_eq!(Shape::of(&picture, 1), Shape::Leaf(RED));
        assert_eq!(Shape::of(&picture, 2), Shape::Square, "Black");
        let mut red = String::new();
        let man = Man {
            letter: 'D',
            owner: 1,
        };
        write_chip(&mut red, &picture, man, 20, "Red Dabbabah, c1");
        assert!(red.contains(">D</span>") && red.contains("50% 0"), "{red}");
    }

    /// Every leaf's letter reads at 3:1 or more on it: Red's and a
    /// further seat's white, the duck's gold black (white on it: 1.8:1).
    #[test]
    fn every_leaf_letter_reads_at_three_to_one() {
        for colour in [RED, NEUTRAL, FURTHER] {
            let ratio = contrast(colour, ink_on(colour));
            assert!(ratio >= 3.0, "{colour}: {ratio:.2}:1");
        }
        assert_eq!(ink_on(RED), "#ffffff");
        assert_eq!(ink_on(NEUTRAL), "#000000");
        assert!(contrast(NEUTRAL, "#ffffff") < 2.0);
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
    }
}
