//! The bot's levels, 1 (weakest) to 5: each a search depth and a budget in
//! nodes (positions reached), so a level plays the same turn on any machine.
//! The budgets are set so that level 5 stays under two seconds a turn on
//! the project's machine in the slowest games (Big Outer Chess, Orphic):
//! a node there costs about a quarter of a millisecond, most of it the
//! rules core generating the legal turns again to play one. `boserv
//! bot-move` prints the time a turn took on stderr.

use std::time::Duration;

use super::BotError;
use super::search::Budget;

/// The level a game uses when none is set.
pub const DEFAULT_LEVEL: u8 = 3;

/// The safety cap on one turn's thinking (see [`super::search`]).
pub const TIME_CAP: Duration = Duration::from_millis(1900);

/// A level of play, 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    pub fn new(level: u8) -> Result<Level, BotError> {
        if (1..=5).contains(&level) {
            Ok(Level(level))
        } else {
            Err(BotError::Level(level.to_string()))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// The two-seat search's budget.
    pub fn budget(self) -> Budget {
        let (depth, nodes) = match self.0 {
            1 => (1, 150),
            2 => (2, 600),
            3 => (3, 2_000),
            4 => (4, 4_000),
            _ => (6, 6_000),
        };
        Budget {
            depth,
            nodes,
            cap: Some(TIME_CAP),
        }
    }

    /// Orwell: how many rolls of the next seat each of how many of the
    /// best turns is tried against (none at the lowest levels).
    pub fn samples(self) -> (usize, usize) {
        match self.0 {
            1 | 2 => (0, 0),
            3 => (3, 4),
            4 => (6, 6),
            _ => (10, 8),
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(DEFAULT_LEVEL)
    }
}

impl std::str::FromStr for Level {
    type Err = BotError;
    fn from_str(text: &str) -> Result<Level, BotError> {
        text.trim()
            .parse::<u8>()
            .map_err(|_| BotError::Level(text.to_string()))
            .and_then(Level::new)
    }
}
