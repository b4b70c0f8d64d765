//! The computer player as one of the server's players (issue 31).
//!
//! `crate::bot` chooses a turn for a position; this module gives it an
//! account and plays its turns in the server's games:
//!
//! - [`account`]: the bot's userid (the `bot-userid` setting, default
//!   `boserv-bot`), its account made on first use with no password and no
//!   address, so nothing logs in as it and its mails go nowhere;
//! - [`advice`]: `bot-move GAME`, for finished games only (no hints);
//! - [`analysis`]: `analysis GAME`, a finished game's costliest turns;
//! - [`level`]: `--opt level=1..5` on a challenge, stored with the game;
//!
//! Its turns are taken by a client of the service, as a player's mail is:
//! `crate::front::bot_turns` chooses each and runs it as the bot's `move`.

pub mod account;
pub mod advice;
pub mod analysis;
pub mod level;

pub use account::{DEFAULT_USERID, NO_PASSWORD};

pub use crate::service::error::bot::BotRefusal;
