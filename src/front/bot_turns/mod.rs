//! The computer player takes its turns: a client of the service, as a
//! player's mail is (the bot's choice becomes its `move`, run through
//! `service::execute` like any player's).
//!
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

pub mod cpu;
pub mod queue;
pub mod turn;

pub use queue::{Summary, work};
pub use turn::{FROM_CRON, IN_PROCESS, Played};
