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
//! - [`queue`]: its turns wait in a queue written, by trigger, in the
//!   transaction of the command that handed it the turn, and are worked
//!   off after that command, never inside it (a detached worker after a
//!   mail, `serve`'s thread, cron), one claimed turn at a time, within the
//!   hourly `bot-cpu-per-hour`;
//! - [`turn`]: one turn, chosen with no transaction open and played as a
//!   `move` of the bot's with the `#N` guard of the move number it was
//!   chosen for: a process killed at any moment leaves the turn queued for
//!   the next one, and two that race play it once;
//! - [`cpu`]: the thinking thread's CPU time, for the budget.

pub mod account;
pub mod advice;
pub mod analysis;
pub mod cpu;
pub mod level;
pub mod queue;
pub mod turn;

pub use account::{DEFAULT_USERID, NO_PASSWORD};
pub use queue::{Summary, work};
pub use turn::{FROM_CRON, IN_PROCESS, Played};

pub use crate::service::error::bot::BotRefusal;
