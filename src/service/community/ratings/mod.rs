//! Ratings as players ask for them: a pool's standings, a player's
//! ratings and history, and the operator's rebuild. The Glicko-2 rating
//! itself, changed by every rated game's end, is the common ground's
//! (`service::rating`): a game ends in every topic.

mod rebuild;
mod standings;

pub use crate::service::rating::*;
pub use rebuild::{rebuild, rebuild_command};
pub use standings::{Standing, Standings, history, player_ratings, pool, standings};

#[cfg(test)]
mod tests;
