//! Tournament letters (issue 27): the start (the reader's own pairings),
//! a round's end (the crosstable), the winner, a cancellation. The
//! service (`service::tournament::letters`) fills in every fact;
//! `templates/tournament.txt` words them.

use serde::Serialize;

/// One tournament letter to one player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TournamentLetter {
    pub name: String,
    pub variant: String,
    pub format: String,
    /// `start`, `round`, `won` or `cancelled`.
    pub news: String,
    /// The round that ended (`round`).
    pub round: Option<u32>,
    /// The winner (`won`).
    pub winner: Option<String>,
    pub reader: String,
    pub organiser: String,
    /// Whether the reader plays in it (the organiser may not).
    pub plays: bool,
    /// The crosstable, best first.
    pub table: Vec<TableLine>,
    /// Every game of the tournament so far.
    pub games: Vec<GameLine>,
    /// The reader's own games (the start's pairings).
    pub mine: Vec<YourGame>,
    /// The position every game begins from, from the first seat's side
    /// (the start, to a reader who moves first somewhere).
    pub first_board: Option<String>,
    /// The line that shows the tournament, as a mail writes it.
    pub show: String,
    /// The start's Reply-To takes the reader's first moves (`7 e2-e4`).
    pub by_reply: bool,
}

/// One of the reader's games at the start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct YourGame {
    pub round: u32,
    pub board: u64,
    /// The reader's seat (`White`).
    pub seat: String,
    pub opponent: String,
    /// Where the reader moves first: the Subject that makes their move.
    pub answer: Option<String>,
}

/// One player's line of a crosstable, as written (`1½`, `2.25`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TableLine {
    pub place: usize,
    pub userid: String,
    pub points: String,
    pub games: u32,
    pub wins: u32,
    pub sb: String,
}

/// One game of a tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameLine {
    pub round: u32,
    pub board: u64,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*` while played, `cancelled`.
    pub result: String,
    /// `decider` for a knockout match's third game.
    pub kind: String,
}
