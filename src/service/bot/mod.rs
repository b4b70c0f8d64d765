//! The computer player as one of the server's players (issue 31).
//!
//! `crate::bot` chooses a turn for a position; this module gives it an
//! account and plays its turns in the server's games:
//!
//! - [`account`]: the bot's userid (the `bot-userid` setting, default
//!   `boserv-bot`), its account made on first use with no password and no
//!   address, so nothing logs in as it and its mails go nowhere;
//! - [`advice`]: `bot-move GAME`, for finished games only (no hints);
//! - [`level`]: `--opt level=1..5` on a challenge, stored with the game;
//! - [`turn`]: its turn, played after the command that handed it over has
//!   committed. Which turns wait is read from the games themselves (the
//!   bot holds the seat to move), the search runs with no transaction
//!   open, and the turn is then played as a `move` of the bot's with the
//!   `#N` guard of the move number it was chosen for: a process killed at
//!   any moment leaves the turn waiting for the next one, and two that
//!   race play it once.

pub mod account;
pub mod advice;
pub mod level;
pub mod turn;

pub use account::{DEFAULT_USERID, NO_PASSWORD};
pub use turn::{FROM_CRON, IN_MAIL, IN_PROCESS, Played, Summary, play_waiting, play_waiting_since};

use crate::command::GameId;

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
