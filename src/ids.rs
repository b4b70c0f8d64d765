//! Names shared by every layer: a game's number, and what a player sees
//! of a board ([`BoardShow`]).
//!
//! The store keeps games by it, dice are keyed by it, commands and mails
//! name it; it lives here, below all of them, so none of those has to
//! import another for it.

/// A game's number: `game7` and `7` both name game 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u64);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game{}", self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits = s
            .strip_prefix("game")
            .or_else(|| s.strip_prefix("Game"))
            .or_else(|| s.strip_prefix("GAME"))
            .unwrap_or(s);
        digits
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .map(GameId)
            .ok_or_else(|| format!("not a game number: {s} (write game7 or 7)"))
    }
}
/// What a player sees of a board in their mail (`board list|picture|both`):
/// the drawn boards (the ASCII board of the text part, the HTML board),
/// the piece list, or both (the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardShow {
    /// The piece list alone.
    List,
    /// The drawn boards alone.
    Picture,
    #[default]
    Both,
}

impl BoardShow {
    /// The word for it, as `board` takes it and the store keeps it.
    pub fn word(self) -> &'static str {
        match self {
            BoardShow::List => "list",
            BoardShow::Picture => "picture",
            BoardShow::Both => "both",
        }
    }

    /// `word` back; `None` for any other word.
    pub fn from_word(word: &str) -> Option<BoardShow> {
        [BoardShow::List, BoardShow::Picture, BoardShow::Both]
            .into_iter()
            .find(|show| show.word().eq_ignore_ascii_case(word))
    }
}
