//! The board drawing: the core's house-style grid, 7 files by 12 ranks,
//! with the seam between rank 12 and rank 1 drawn `===` on both edges,
//! each Berlinpeono shown by its facing (`^` up, `v` down), a legend, and
//! whose turn it is. The service adds the roll and the dice commitment.

use crate::rules::geometry::Square;
use crate::rules::picture::{KindKey, Man, Picture, Spot};
use crate::rules::render::{Drawing, Glyph, status_lines};

use super::pieces::{self, SEATS};
use super::position::OrwellPosition;

/// The house style marks its second seat `*X*` and its third `(X)`; the
/// ruling gives Red `(X)` and Black `*X*`.
const STYLE: [u8; 3] = [0, 2, 1];

impl OrwellPosition {
    /// The ASCII board with the legend and the status lines.
    pub fn drawing(&self) -> String {
        let geo = pieces::geometry();
        let drawing = Drawing::new(geo);
        let glyph = |sq: Square| -> Glyph {
            self.board
                .get(sq)
                .map(|p| (pieces::letter(p.kind, p.facing), STYLE[p.owner as usize]))
        };
        let mut lines = drawing.board_lines(&glyph);
        let seam = |line: &str, note: &str| format!("{}   {note}", line.replace('-', "="));
        let last = lines.len() - 2;
        lines[1] = seam(&lines[1], "seam: rank 1 continues above rank 12");
        lines[last] = seam(&lines[last], "seam: rank 12 continues below rank 1");
        lines.push(String::new());
        lines.push("White  X  :X:   Red (X)   Black *X*   Berlinpeono ^ up, v down".into());
        lines.push(String::new());
        lines.extend(self.status_notes());
        lines.join("\n") + "\n"
    }

    /// The lines under the board and its legend: whose turn it is, the
    /// last turn, who is out of the game, and whose pieces each seat
    /// must capture next.
    pub fn status_notes(&self) -> Vec<String> {
        let to_move = self.outcome.is_none().then(|| SEATS[self.mover as usize]);
        let mut lines = status_lines(to_move, self.last_turn.as_deref());
        let left: Vec<&str> = (0..3).filter(|&s| self.out[s]).map(|s| SEATS[s]).collect();
        if !left.is_empty() && self.outcome.is_none() {
            lines.push(format!("Out of the game (turns pass): {}", left.join(", ")));
        }
        if self.outcome.is_none() {
            lines.extend(self.alliance_lines());
        }
        lines
    }

    /// The board as a value: three colours, the Berlinpeonos by facing,
    /// the Minipax squares as zone 1, and the seam of the cylinder.
    pub fn picture(&self) -> Picture {
        let geo = pieces::geometry();
        let squares = geo
            .squares()
            .map(|sq| {
                let (file, rank) = geo.coords(sq);
                Spot {
                    name: geo.name(sq).to_string(),
                    file,
                    rank,
                    dark: geo.is_dark(sq),
                    zone: geo.zone(sq),
                    piece: self.board.get(sq).map(|p| Man {
                        letter: pieces::letter(p.kind, p.facing),
                        owner: p.owner,
                    }),
                }
            })
            .collect();
        let mut kinds: Vec<KindKey> = Vec::new();
        for (index, kind) in pieces::ORWELL.kinds.iter().enumerate() {
            let index = index as u8;
            if index == pieces::PAWN {
                for (facing, way) in [(1, "up"), (-1, "down")] {
                    kinds.push(KindKey {
                        letter: pieces::letter(index, facing),
                        name: format!("{} (moving {way})", kind.name),
                    });
                }
            } else {
                kinds.push(KindKey {
                    letter: kind.letter,
                    name: kind.name.to_string(),
                });
            }
        }
        Picture {
            files: geo.files(),
            ranks: geo.ranks(),
            squares,
            seats: SEATS.iter().map(|s| s.to_string()).collect(),
            kinds,
            flipped: false,
            last_move: Vec::new(),
            check: Vec::new(),
            reserves: Vec::new(),
            seam: geo.wraps(),
            notes: self.status_notes(),
        }
    }

    /// Whose pieces each seat still in must capture next (captures
    /// alternate between one's opponents; a royal piece may always be
    /// taken), once someone has captured.
    fn alliance_lines(&self) -> Vec<String> {
        let bound: Vec<String> = (0..3)
            .filter(|&s| !self.out[s])
            .filter_map(|s| {
                let victim = self.last_victim[s]? as usize;
                let other = 3 - s - victim;
                Some(format!(
                    "  {:<6} a {} piece (it last took {}'s)",
                    format!("{}:", SEATS[s]),
                    SEATS[other],
                    SEATS[victim]
                ))
            })
            .collect();
        if bound.is_empty() {
            return bound;
        }
        let mut lines =
            vec!["Next capture (alliances shift; a royal piece may always be taken):".into()];
        lines.extend(bound);
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawing_says_whose_pieces_each_seat_must_capture_next() {
        let mut p = OrwellPosition::start();
        assert!(!p.drawing().contains("Next capture"));
        p.set_last_victim(0, Some(1));
        p.set_last_victim(2, Some(0));
        let text = p.drawing();
        assert!(
            text.ends_with(
                "Next capture (alliances shift; a royal piece may always be taken):\n\
                 \x20 White: a Black piece (it last took Red's)\n\
                 \x20 Black: a Red piece (it last took White's)\n"
            ),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 76), "{text}");
    }

    #[test]
    fn start_board_drawing() {
        let text = OrwellPosition::start().drawing();
        let want = "      a   b   c   d   e   f   g
    +===+===+===+===+===+===+===+   seam: rank 1 continues above rank 12
 12 |:::|   |:::|   |:::|   |:::|12
    +---+---+---+---+---+---+---+
 11 |   |*^*|*^*|*D*|*^*|*^*|   |11
    +---+---+---+---+---+---+---+
 10 |*G*|*J*|*P*|*R*|*P*|*J*|*G*|10
    +---+---+---+---+---+---+---+
  9 |   |*v*|*v*|*D*|*v*|*v*|   | 9
    +---+---+---+---+---+---+---+
  8 |:::|   |:::|   |:::|   |:::| 8
    +---+---+---+---+---+---+---+
  7 |   |(^)|(^)|(D)|(^)|(^)|   | 7
    +---+---+---+---+---+---+---+
  6 |(G)|(J)|(P)|(R)|(P)|(J)|(G)| 6
    +---+---+---+---+---+---+---+
  5 |   |(v)|(v)|(D)|(v)|(v)|   | 5
    +---+---+---+---+---+---+---+
  4 |:::|   |:::|   |:::|   |:::| 4
    +---+---+---+---+---+---+---+
  3 |   |:^:| ^ |:D:| ^ |:^:|   | 3
    +---+---+---+---+---+---+---+
  2 |:G:| J |:P:| R |:P:| J |:G:| 2
    +---+---+---+---+---+---+---+
  1 |   |:v:| v |:D:| v |:v:|   | 1
    +===+===+===+===+===+===+===+   seam: rank 12 continues below rank 1
      a   b   c   d   e   f   g

White  X  :X:   Red (X)   Black *X*   Berlinpeono ^ up, v down

White to move
";
        assert_eq!(text, want);
    }
}
