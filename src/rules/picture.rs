//! A board as a value: every square with its piece, seen from one side,
//! with the marks a reader looks for (the last move's squares, a royal
//! piece in check, the reserves, a seam). The house-style text drawing is
//! [`super::render`]; a picture is for every other drawing (the HTML board
//! of mails and web pages), which reads it and knows no game.
//!
//! A game fills its picture ([`super::Position::picture`]); what a
//! position alone does not know (which squares the last turn changed) the
//! caller adds with [`Picture::mark_changes_from`], given the position
//! before that turn.

/// One board, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The box of files x ranks; extra squares lie outside it.
    pub files: u8,
    pub ranks: u8,
    /// Every square of the game, the extra ones (Big Outer's corners)
    /// included, each once.
    pub squares: Vec<Spot>,
    /// The seats' names in seat order (`White`, `Red`, `Black`).
    pub seats: Vec<String>,
    /// Every piece letter the game draws, with its name, in the piece
    /// set's order (a key for the letters).
    pub kinds: Vec<KindKey>,
    /// Drawn from the second seat's side: the last rank on top, the files
    /// from right to left.
    pub flipped: bool,
    /// The squares the last turn changed, by name.
    pub last_move: Vec<String>,
    /// The squares of royal pieces in check, by name.
    pub check: Vec<String>,
    /// The pieces in hand per seat, for games that drop them (Orphic).
    pub reserves: Vec<Reserve>,
    /// The ranks wrap round (Orwell's cylinder): the top edge joins the
    /// bottom one.
    pub seam: bool,
    /// The lines the game writes under its board: whose turn it is, the
    /// last move, and what is the game's own (Orwell's alliances, what
    /// Squirm may move).
    pub notes: Vec<String>,
}

/// One square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// `e4`, `z1`.
    pub name: String,
    /// Coordinates: 0-based inside the box; extra squares outside it
    /// (`-1` or `files`, `ranks`).
    pub file: i8,
    pub rank: i8,
    pub dark: bool,
    /// The board zone (Big Outer's zones, Orwell's Minipax squares); 0
    /// where a game has none.
    pub zone: u8,
    pub piece: Option<Man>,
}

/// A piece as drawn: its board letter and its owner's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub letter: char,
    pub owner: u8,
}

/// A board letter and what it stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindKey {
    pub letter: char,
    /// `knight`, `Berlinpeono (moving up)`.
    pub name: String,
}

/// What one seat holds in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reserve {
    pub seat: u8,
    /// Letters with how many of each, in the game's order; none held: empty.
    pub pieces: Vec<(char, u8)>,
    /// A rule about the pieces held, in a player's words (`B on dark`).
    pub note: Option<String>,
}

impl Picture {
    /// The square called `name`.
    pub fn spot(&self, name: &str) -> Option<&Spot> {
        self.squares.iter().find(|s| s.name == name)
    }

    /// The name of each square whose content differs from `before`'s
    /// (a picture of the same game before the last turn).
    pub fn changes_from(&self, before: &Picture) -> Vec<String> {
        self.squares
            .iter()
            .filter(|spot| before.spot(&spot.name).map(|b| b.piece) != Some(spot.piece))
            .map(|spot| spot.name.clone())
            .collect()
    }

    /// Marks the squares the last turn changed, given the picture before it.
    pub fn mark_changes_from(&mut self, before: &Picture) {
        self.last_move = self.changes_from(before);
    }

    /// The pieces' letters standing on the board or held in hand, in the
    /// key's order: the key a reader needs for this board.
    pub fn kinds_shown(&self) -> Vec<&KindKey> {
        self.kinds
            .iter()
            .filter(|k| {
                self.squares
                    .iter()
                    .any(|s| s.piece.is_some_and(|m| m.letter == k.letter))
                    || self
                        .reserves
                        .iter()
                        .any(|r| r.pieces.iter().any(|&(l, n)| l == k.letter && n > 0))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(name: &str, piece: Option<Man>) -> Spot {
        Spot {
            name: name.into(),
            file: 0,
            rank: 0,
            dark: false,
            zone: 0,
            piece,
        }
    }

    #[test]
    fn the_last_move_is_the_squares_that_changed() {
        let knight = Man {
            letter: 'N',
            owner: 0,
        };
        let picture = |g1, f3| Picture {
            files: 8,
            ranks: 8,
            squares: vec![spot("g1", g1), spot("f3", f3), spot("a1", None)],
            seats: vec![],
            kinds: vec![KindKey {
                letter: 'N',
                name: "knight".into(),
            }],
            flipped: false,
            last_move: vec![],
            check: vec![],
            reserves: vec![],
            seam: false,
            notes: vec![],
        };
        let before = picture(Some(knight), None);
        let mut after = picture(None, Some(knight));
        after.mark_changes_from(&before);
        assert_eq!(after.last_move, ["g1", "f3"]);
        assert_eq!(after.kinds_shown().len(), 1);
        let empty = picture(None, None);
        assert!(empty.kinds_shown().is_empty());
    }
}
