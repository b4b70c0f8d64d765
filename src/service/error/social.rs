//! The refusals of messages, chat and watching: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

use crate::ids::GameId;

/// Why a social verb was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SocialError {
    #[error("{0}: no text: write it after the command (by mail: in the body)")]
    NoText(&'static str),
    #[error("{verb}: the text is {given} bytes, at most {max}")]
    TooLong {
        verb: &'static str,
        given: usize,
        max: usize,
    },
    #[error("message: name at least one user to send it to")]
    NoRecipients,
    #[error("a message goes to at most {max} users, not {given}")]
    TooManyRecipients { max: usize, given: usize },
    #[error("{0} has no confirmed address: nothing can reach them")]
    Unreachable(String),
    #[error("{0} has no confirmed address to send it to: confirm one first")]
    NoAddress(String),
    #[error("broadcast is for the server's operators, and {0} is not one")]
    NotOperator(String),
    #[error("{user} plays in {game} and gets its mail already")]
    PlaysIn { user: String, game: GameId },
    #[error("{game} has {max} {what} already, the most a board may have")]
    Crowded {
        game: GameId,
        max: usize,
        what: &'static str,
    },
    #[error("{max} users already {what} every {variant} game, the most there may be")]
    CrowdedType {
        variant: String,
        max: usize,
        what: &'static str,
    },
    #[error("{user} does not watch {game}")]
    NotWatching { user: String, game: GameId },
    #[error("{user} does not watch every {variant} game")]
    NotWatchingType { user: String, variant: String },
    #[error("{game} is a game of {variant}, not {word}")]
    WrongGame {
        game: GameId,
        variant: String,
        word: String,
    },
    #[error("nobody but {user} follows {game} with a confirmed address: nobody to tell")]
    NobodyToTell { user: String, game: GameId },
    #[error(
        "{verb}: {user} may write to {cap} users a day and has written to {sent} today \
         (this one: {wanted}); the count starts again {resets}"
    )]
    DailyCap {
        verb: &'static str,
        user: String,
        cap: u32,
        sent: u32,
        wanted: u32,
        resets: String,
    },
}
