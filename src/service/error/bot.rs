//! The refusals of the computer player: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

use crate::ids::GameId;

/// What the bot's part of a command refuses.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotRefusal {
    #[error("{0} is the computer player's userid")]
    Reserved(String),
    #[error("level: only a game against the computer player ({0}) has a level")]
    LevelWithoutBot(String),
    #[error("level: a number from 1 to 5, not {0}")]
    BadLevel(String),
    #[error(
        "{0} is still being played: the computer player looks at finished games only \
         (no hints to a player)"
    )]
    NoHints(GameId),
}
