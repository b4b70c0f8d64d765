//! The house-style ASCII board (pbmserv's chess drawing): a `+---+` grid,
//! file letters above and below, rank numbers on both sides, dark squares
//! `:::`, seat 0's pieces ` X ` / `:X:`, seat 1's `*X*`, seat 2's `(X)`.
//!
//! The drawing is built from parts a game can rearrange: Big Outer Chess
//! adds its corner squares above and below and marks zone boundaries with
//! `#` through [`Drawing::corner`]. Only the files x ranks box is drawn here.

use super::geometry::{Geometry, Square, file_letter};

/// What one square shows: nothing, or a piece letter and its owner seat.
pub type Glyph = Option<(char, u8)>;

/// A drawing of one board in the house style.
pub struct Drawing<'a> {
    pub geometry: &'a Geometry,
    /// Spaces before everything (Big Outer uses 4 to make room for corners).
    pub margin: usize,
    /// The character at the grid corner between files f-1|f and ranks r-1|r
    /// (`f` in 0..=files, `r` in 0..=ranks); `+` by default.
    pub corner: Box<dyn Fn(usize, usize) -> char + 'a>,
    /// Turned half round, as the second seat sees the board: the last rank
    /// on top, the files from right to left (pbmserv drew each player's
    /// mail from their own side).
    pub flipped: bool,
}

/// A square's three characters: ` X `, `:X:`, `*X*`, `(X)`, `   `, `:::`.
pub fn cell(glyph: Glyph, dark: bool) -> String {
    let mut s = String::with_capacity(3);
    push_cell(&mut s, glyph, dark);
    s
}

/// [`cell`], written at the end of `s` (a board's 64 cells are drawn
/// into their lines without a string each: every reply and letter draws
/// one).
pub fn push_cell(s: &mut String, glyph: Glyph, dark: bool) {
    let (open, c, close) = match glyph {
        None if dark => (':', ':', ':'),
        None => (' ', ' ', ' '),
        Some((c, 0)) if dark => (':', c, ':'),
        Some((c, 0)) => (' ', c, ' '),
        Some((c, 1)) => ('*', c, '*'),
        Some((c, _)) => ('(', c, ')'),
    };
    s.push(open);
    s.push(c);
    s.push(close);
}

/// `n` right-aligned in `width` columns, as `format!("{n:>width$}")`.
fn push_right(s: &mut String, n: usize, width: usize) {
    let mut digits = [0u8; 20];
    let mut len = 0;
    let mut n = n;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for _ in len..width {
        s.push(' ');
    }
    for &d in digits[..len].iter().rev() {
        s.push(d as char);
    }
}

impl<'a> Drawing<'a> {
    pub fn new(geometry: &'a Geometry) -> Self {
        Drawing {
            geometry,
            margin: 0,
            corner: Box::new(|_, _| '+'),
            flipped: false,
        }
    }

    /// The file index drawn `i`-th from the left.
    fn file_drawn(&self, i: i8) -> i8 {
        if self.flipped {
            self.geometry.files() as i8 - 1 - i
        } else {
            i
        }
    }

    /// The width of a line of cells, margin and numbers included.
    fn width(&self) -> usize {
        self.margin + 4 + 4 * self.geometry.files() as usize + 3
    }

    /// `      a   b   c ...`, letters centred over the cells.
    pub fn file_letters(&self) -> String {
        let mut s = String::with_capacity(self.width());
        s.extend(std::iter::repeat_n(' ', self.margin + 4));
        for i in 0..self.geometry.files() as i8 {
            s.push_str("  ");
            s.push(file_letter(self.file_drawn(i)));
            s.push(' ');
        }
        s.truncate(s.trim_end().len());
        s
    }

    /// The grid line below rank `r` (r = 0 is the bottom edge, r = ranks the
    /// top, whichever way up the board is drawn).
    pub fn grid_line(&self, r: usize) -> String {
        let files = self.geometry.files() as usize;
        let mut s = String::with_capacity(self.width());
        s.extend(std::iter::repeat_n(' ', self.margin + 4));
        let corner = |i: usize| {
            let f = if self.flipped { files - i } else { i };
            (self.corner)(f, r)
        };
        for i in 0..files {
            s.push(corner(i));
            s.push_str("---");
        }
        s.push(corner(files));
        s
    }

    /// ` 12 |*R*|:::| ... |12`: one rank of cells with its numbers.
    pub fn rank_line(&self, rank: i8, glyph: &dyn Fn(Square) -> Glyph) -> String {
        let g = self.geometry;
        let mut s = String::with_capacity(self.width());
        s.extend(std::iter::repeat_n(' ', self.margin));
        let number = rank as usize + 1;
        push_right(&mut s, number, 3);
        s.push_str(" |");
        for i in 0..g.files() as i8 {
            let f = self.file_drawn(i);
            let sq = g.at(f as i32, rank as i32).expect("box square");
            push_cell(&mut s, glyph(sq), g.is_dark(sq));
            s.push('|');
        }
        push_right(&mut s, number, 2);
        s
    }

    /// The whole box, letters above and below: the top rank first, or the
    /// first rank first when flipped.
    pub fn board_lines(&self, glyph: &dyn Fn(Square) -> Glyph) -> Vec<String> {
        let ranks = self.geometry.ranks() as usize;
        let mut lines = Vec::with_capacity(2 * ranks + 3);
        let letters = self.file_letters();
        lines.push(letters.clone());
        if self.flipped {
            lines.push(self.grid_line(0));
            for r in 0..ranks {
                lines.push(self.rank_line(r as i8, glyph));
                lines.push(self.grid_line(r + 1));
            }
        } else {
            lines.push(self.grid_line(ranks));
            for r in (0..ranks).rev() {
                lines.push(self.rank_line(r as i8, glyph));
                lines.push(self.grid_line(r));
            }
        }
        lines.push(letters);
        lines
    }
}

/// The lines under a board: whose turn it is (`to_move`: none once the
/// game is over) and the last move. How a game ended is not drawn here:
/// every page that shows a board states the ending once in its own words
/// (the shell's `game over: 0-1 (checkmate)`, the mail's `Game won by
/// bob`), and a second line under the board said it twice.
pub fn status_lines(to_move: Option<&str>, last_move: Option<&str>) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(side) = to_move {
        lines.push(format!("{side} to move"));
    }
    if let Some(m) = last_move {
        lines.push(format!("Last move: {m}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_house_style() {
        let g = Geometry::rect(3, 2);
        let d = Drawing::new(&g);
        let a1 = g.parse("a1").unwrap();
        let b2 = g.parse("b2").unwrap();
        let c1 = g.parse("c1").unwrap();
        let glyph = |s: Square| match s {
            s if s == a1 => Some(('R', 0)),
            s if s == b2 => Some(('K', 1)),
            s if s == c1 => Some(('P', 2)),
            _ => None,
        };
        let text = d.board_lines(&glyph).join("\n");
        let want = "      a   b   c
    +---+---+---+
  2 |   |*K*|   | 2
    +---+---+---+
  1 |:R:|   |(P)| 1
    +---+---+---+
      a   b   c";
        assert_eq!(text, want);
        let flipped = Drawing {
            flipped: true,
            ..Drawing::new(&g)
        };
        let want = "      c   b   a
    +---+---+---+
  1 |(P)|   |:R:| 1
    +---+---+---+
  2 |   |*K*|   | 2
    +---+---+---+
      c   b   a";
        assert_eq!(flipped.board_lines(&glyph).join("\n"), want);
    }

    #[test]
    fn cells_and_numbers_are_drawn_as_formatted() {
        for glyph in [None, Some(('K', 0)), Some(('q', 1)), Some(('P', 2))] {
            for dark in [false, true] {
                let want = match glyph {
                    None if dark => ":::".to_string(),
                    None => "   ".to_string(),
                    Some((c, 0)) if dark => format!(":{c}:"),
                    Some((c, 0)) => format!(" {c} "),
                    Some((c, 1)) => format!("*{c}*"),
                    Some((c, _)) => format!("({c})"),
                };
                assert_eq!(cell(glyph, dark), want);
            }
        }
        for n in [0, 1, 9, 10, 12, 99, 100, 1234] {
            for width in [0, 2, 3] {
                let mut s = String::new();
                push_right(&mut s, n, width);
                assert_eq!(s, format!("{n:>width$}"));
            }
        }
    }

    #[test]
    fn corner_hook_and_margin() {
        let g = Geometry::rect(2, 2);
        let mut d = Drawing::new(&g);
        d.margin = 4;
        d.corner = Box::new(|f, r| if f == 1 && r == 1 { '#' } else { '+' });
        assert_eq!(d.grid_line(1), "        +---#---+");
        assert_eq!(d.rank_line(1, &|_| None), "      2 |   |:::| 2");
        assert_eq!(
            status_lines(Some("White"), Some("e2-e4")),
            ["White to move", "Last move: e2-e4"]
        );
    }
}
