//! Turn clocks: how long the player to move has kept the others waiting.
//!
//! `boserv remind` (run by cron) asks one question of every active game:
//! has the player to move waited long enough to be reminded (pbmserv's
//! "nag"), or to forfeit on time? The answer depends on the game's limits,
//! when the player's clock started (the last move, or the start of the
//! game), and the player's vacations, which stop the clock for up to
//! [`ALLOWANCE_DAYS`] days a calendar year. This module answers it as pure
//! arithmetic on instants ([`Due`]: the moment each rule acts): no SQL, no
//! mail, and `now` is always passed in, so every case is a unit test.

mod control;
pub mod due;
mod limits;
mod pause;
mod zone;

pub use control::{Control, ControlError, take_control};
pub use due::{Due, to_the_minute};
pub use limits::{
    DEFAULT_FORFEIT_DAYS, DEFAULT_NAG_DAYS, Limits, LimitsError, MAX_DAYS, thinking_days,
};
pub use pause::{ALLOWANCE_DAYS, Pauses, Vacation};
pub use zone::{UnknownZone, Zone};
