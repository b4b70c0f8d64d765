//! The web pages as values: every fact a page shows, nothing more. The
//! service builds them from the store (`service::publish`); [`super::render`]
//! draws them.

use crate::rules::picture::Picture;

/// A page of the site, as queued and as a file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PageKey {
    /// `index.html`.
    Index,
    /// `games/N.html` and the pages of its positions.
    Game(u64),
    /// `players/USERID.html`.
    Player(String),
    /// `standings/VARIANT.html`: a game type's rating pool.
    Standings(String),
    /// `tournaments/NAME.html`: a tournament's table and games.
    Tournament(String),
}

impl PageKey {
    /// The key as the `publish` table stores it.
    pub fn key(&self) -> String {
        match self {
            PageKey::Index => "index".to_string(),
            PageKey::Game(n) => format!("game:{n}"),
            PageKey::Player(user) => format!("player:{user}"),
            PageKey::Standings(variant) => format!("standings:{variant}"),
            PageKey::Tournament(name) => format!("tournament:{name}"),
        }
    }

    /// A stored key back; `None` for one this build does not know.
    pub fn parse(key: &str) -> Option<PageKey> {
        match key.split_once(':') {
            None if key == "index" => Some(PageKey::Index),
            Some(("game", n)) => n.parse().ok().map(PageKey::Game),
            Some(("player", user)) if !user.is_empty() => Some(PageKey::Player(user.to_string())),
            Some(("standings", variant)) if !variant.is_empty() => {
                Some(PageKey::Standings(variant.to_string()))
            }
            Some(("tournament", name)) if !name.is_empty() => {
                Some(PageKey::Tournament(name.to_string()))
            }
            _ => None,
        }
    }
}

/// One game in a list: `game 7, Chess: alice (White) v bob (Black), bob to move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    pub id: u64,
    /// The game's own name (`Big Outer Chess`).
    pub name: String,
    /// (seat, userid) in seat order.
    pub sides: Vec<(String, String)>,
    /// `bob to move (move 6)`, `1-0 (checkmate)`.
    pub status: String,
    pub over: bool,
}

/// `index.html`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexPage {
    pub games: Vec<GameLine>,
    pub players: Vec<String>,
    /// (variant, its full name) of every game type, for the standings.
    pub types: Vec<(String, String)>,
    /// Every tournament, oldest first.
    pub tournaments: Vec<TournamentLine>,
}

/// A tournament in the index: `spring: Chess ladder, running`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentLine {
    pub name: String,
    /// `Chess ladder`, `Chess round-robin`.
    pub what: String,
    /// `open`, `running`, `done (won by alice)`, `cancelled`.
    pub state: String,
}

/// `tournaments/NAME.html`: the table (a crosstable, or a ladder's ranks)
/// and the games, each linked to its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPage {
    pub line: TournamentLine,
    /// The table's column heads (`#`, `Player`, ...).
    pub head: Vec<String>,
    /// One row per player, best (or top) first: the cells under `head`;
    /// the cell at `player_column` is a userid, linked to its page.
    pub rows: Vec<Vec<String>>,
    pub player_column: usize,
    /// What the table means (tie-breaks, the ladder's rules).
    pub note: String,
    /// The games, with the round each belongs to (0: none, a ladder's).
    pub games: Vec<(u32, GameLine)>,
}

/// One line of a standings page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingLine {
    pub rank: u32,
    pub userid: String,
    /// `1662?`: the rating as players read it.
    pub rating: String,
    pub rd: u32,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub provisional: bool,
}

/// `standings/VARIANT.html`: established players ranked, then provisional.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsPage {
    pub variant: String,
    /// `Big Outer Chess`.
    pub name: String,
    pub lines: Vec<StandingLine>,
}

/// `players/USERID.html`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPage {
    pub userid: String,
    pub games: Vec<GameLine>,
}

/// One position of a game: after move `number` (0: the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub number: u32,
    /// The turn that led here, as the move list writes it (`Qd1-h5+`,
    /// `alice resigns`); none at the start.
    pub turn: Option<String>,
    /// Who made it.
    pub by: Option<String>,
    /// The board, the squares of that turn marked; none for a game
    /// without a picture (then `text` is shown).
    pub picture: Option<Picture>,
    /// The house-style text board.
    pub text: String,
}

/// `games/N.html` and `games/N/P.html`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePage {
    pub line: GameLine,
    /// `bob must move by Mon 14 Dec 2026 13:00 UTC.`, while a game waits
    /// for a move with a deadline; as the board mails say it.
    pub deadline: Option<String>,
    /// `bob's roll: 3,5`: the dice of the turn to come in a dice game, as
    /// the mover's board mail shows them.
    pub roll: Option<String>,
    /// Every position from the start (index = move number).
    pub plies: Vec<Ply>,
    /// The game record as `export` writes it.
    pub record: String,
    /// True when the record is PGN (chess).
    pub pgn: bool,
}
