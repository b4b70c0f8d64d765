//! The bot's levels, 1 (weakest) to 5. Levels 1 to 3 are a search depth
//! and a budget in nodes (positions reached), so they play the same turn
//! on any machine; levels 1 and 2 also misjudge each turn by a seeded
//! random amount (a beginner's blunders). Levels 4 and 5 think for a time
//! (1.5 s and 4.5 s a turn, with a node budget only as a bound), so they
//! play stronger on a faster machine. Level 5 alone searches selectively
//! and spends all of its time ([`Budget::selective`]), and judges the
//! pieces in play ([`Budget::in_play`]: how many squares they reach; in a
//! game won by losing every piece, how many are left); the levels below
//! search every turn and judge by material and place, as their strength
//! was measured. `boserv bot-move`
//! prints the time a turn took on stderr; `scripts/bot-strength.sh`
//! measures each level in Elo against Fairy-Stockfish.

use std::time::Duration;

use super::BotError;
use super::dice_game::{Plan, ROYAL};
use super::search::Budget;

/// The level a game uses when none is set.
pub const DEFAULT_LEVEL: u8 = 3;

/// The top level's time for one turn (see [`super::search`]): within the
/// issue's five seconds of CPU a move.
pub const TIME_CAP: Duration = Duration::from_millis(4500);
/// Level 4's time for one turn.
const LEVEL_4_TIME: Duration = Duration::from_millis(1500);
/// The deepest iteration where time, not depth, ends the search.
const MAX_DEPTH: u32 = 40;

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

    /// The two-seat search's budget: the deepest iteration, the positions
    /// it may reach and, at the top levels, the time it may take.
    pub fn budget(self) -> Budget {
        let (depth, nodes, cap) = match self.0 {
            1 => (1, 400, None),
            2 => (3, 3_000, None),
            3 => (6, 30_000, None),
            4 => (MAX_DEPTH, 400_000, Some(LEVEL_4_TIME)),
            _ => (MAX_DEPTH, 100_000_000, Some(TIME_CAP)),
        };
        Budget {
            depth,
            nodes,
            cap,
            selective: self.0 == 5,
            in_play: self.0 == 5,
            takes: self.0 == 5,
            exchanges: self.0 == 5,
        }
    }

    /// The most centipawns either way a turn's worth is misjudged by at
    /// this level (fixed per turn by the seed): a beginner's blunders.
    pub fn noise(self) -> i32 {
        match self.0 {
            1 => 150,
            2 => 60,
            3 => 15,
            _ => 0,
        }
    }

    /// A dice game (Orwell), where the dice weigh more than looking
    /// ahead, and a turn's misjudgement, not the look ahead, tells
    /// players apart. Level 1 moves at random (it does not even see a
    /// capture that wins). Levels 2 to 4 play one turn deep, misjudging
    /// each turn by a seeded amount on the dice game's own scale, where a
    /// royal piece is worth 2000: level 2 by up to a hundred royals (it
    /// plays almost at random, but takes a win when it has one), level 3
    /// by up to ten (it sees almost nothing else), level 4 by up to one
    /// (it takes a royal more often than not, and misses much else).
    /// Level 5 makes no error and weighs its best eight turns against
    /// both other seats' replies over every roll. Each of these finishes
    /// first in about two games of three against two of the level below;
    /// smaller steps of error do not tell (with errors up to 250 a player
    /// finished first in 48% of 300 games against two with errors up to
    /// 1000, where one in three is chance), nor does looking further ahead
    /// without error (42% first; docs/bot.md has the ladder).
    pub fn dice_plan(self) -> Plan {
        if self.0 == 1 {
            return Plan::AT_RANDOM;
        }
        let (candidates, noise, replies) = match self.0 {
            2 => (0, 100 * ROYAL, 0),
            3 => (0, 10 * ROYAL, 0),
            4 => (0, ROYAL, 0),
            _ => (8, 0, 2),
        };
        Plan {
            candidates,
            noise,
            replies,
            at_random: false,
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
