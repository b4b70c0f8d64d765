//! A player's move and what answers it: moves, queued, conditional and
//! submitted turns, draws, resignations, takebacks, and the notices,
//! letters and pages that follow a change.

pub mod analysis;
pub mod announce;
pub mod autopass;
pub mod conditional;
pub mod draw;
pub mod moves;
pub mod notify;
pub mod out_of_time;
pub mod preview;
pub mod queue;
pub mod resign;
pub mod submit;
pub mod turn_arrival;
pub mod undo;
pub mod votes;
