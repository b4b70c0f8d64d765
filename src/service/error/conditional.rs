//! The refusals of moves queued on a condition: each becomes the player's one-line answer
//! through [`super::ServiceError`]. They live here, under the service's
//! error, so that the error type names no topic above it.

use crate::ids::GameId;

/// A conditional line that cannot be queued.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConditionalError {
    #[error("conditional moves are for games of two: {game} has {seats} seats")]
    NotTwoSeats { game: GameId, seats: usize },
    #[error(
        "{0} is a dice game: conditional moves are refused, as the roll a move would be \
         played with is not known when it is queued"
    )]
    Dice(GameId),
    #[error("if {reply}: not a legal reply: {why}")]
    IllegalReply { reply: String, why: String },
    #[error("if {reply} then {answer}: not legal after {reply}: {why}")]
    IllegalAnswer {
        reply: String,
        answer: String,
        why: String,
    },
    #[error("the game is over after {0}: nothing can follow it on the line")]
    OverAfter(String),
    #[error("you already answer {reply} with {have} here: `queue {game} clear` first to change it")]
    Conflict {
        game: GameId,
        reply: String,
        have: String,
    },
    #[error("at most {MAX_LINES} conditional lines per game: `queue {0} clear` first")]
    TooManyLines(GameId),
    #[error("at most {MAX_PAIRS} `if ... then ...` pairs in a line")]
    TooLong,
    #[error(
        "you have turns queued in {0}: clear them (`queue {0} clear`) before conditional lines"
    )]
    LinearQueued(GameId),
    #[error(
        "you have conditional lines in {0}: clear them (`queue {0} clear`) before queuing turns"
    )]
    ConditionalsQueued(GameId),
}

/// The most lines (leaves of the tree) one player may have in one game.
pub const MAX_LINES: usize = 10;

/// The most (reply, move) pairs in one line.
pub const MAX_PAIRS: usize = 10;
