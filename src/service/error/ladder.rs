//! The refusals of ladders: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

use crate::ids::GameId;
use crate::tournament::Format;
use crate::tournament::ladder::LadderRefusal;

/// Why a ladder challenge was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    #[error("there is no tournament called {0}")]
    NoSuchTournament(String),
    #[error("{name} is a {format} tournament, not a ladder: only a ladder takes challenges")]
    NotALadder { name: String, format: Format },
    #[error("the ladder {0} was cancelled")]
    Cancelled(String),
    #[error("the ladder {0} is over")]
    Over(String),
    #[error("the ladder {0} runs from its creation: there is nothing to start")]
    NoStart(String),
    #[error(transparent)]
    Refused(#[from] LadderRefusal),
    #[error("you play {opponent} in {game} already: finish that game first")]
    AlreadyPlaying { opponent: String, game: GameId },
    #[error(
        "you play {} of {ladder} already, the most at once: finish one first",
        ladder_games(*.games)
    )]
    TooManyGames { ladder: String, games: u32 },
    #[error(
        "{opponent} plays {} of {ladder} already, the most at once: challenge them when one ends",
        ladder_games(*.games)
    )]
    OpponentBusy {
        opponent: String,
        ladder: String,
        games: u32,
    },
}

/// `1 ladder game`, `2 ladder games`.
pub(crate) fn ladder_games(n: u32) -> String {
    match n {
        1 => "1 ladder game".to_string(),
        n => format!("{n} ladder games"),
    }
}
