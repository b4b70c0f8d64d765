//! boserv plays: a computer player on the rules core's public interface.
//!
//! It sits beside `rules` and is as pure: a position in, a turn out, no
//! store, mail or clock (the clock only as a documented safety cap). It
//! asks the position for its legal turns and plays them with
//! [`Position::apply`], so every turn it returns is one the rules accept;
//! it reads the pieces (for its evaluation) through the concrete games'
//! public accessors, reached by downcasting the position.
//!
//! Two searches, chosen by what the game is:
//!
//! - Two-seat games (chess, Big Outer Chess, Orphic, both Orthodias,
//!   Rebellion, Squirm): alpha-beta ([`search`]). These are games of
//!   perfect information and forcing tactics (mates, captures, squirms
//!   that give check), where a few plies of exact search beat any amount
//!   of sampling. The search plays turns in place on the core's own
//!   position ([`crate::rules::chesslike::Walk`]), so the legal lists are
//!   the core's and cost no copy of the position.
//! - Orwell Chess: one turn deep over its own roll, with the dice as odds
//!   in the evaluation, misjudged by a seeded amount below the top level;
//!   at level 5 the best few turns weighed against the other seats'
//!   replies over all 21 rolls (an expectimax two replies deep:
//!   [`dice_game`] says why no deeper); level 1 moves at random.
//!
//! The evaluations come from each game's own data ([`values`]: piece
//! values measured from the pieces' movement, per square and zone).
//! Levels 1 to 3 are deterministic given the position, roll, level and
//! seed; levels 4 and 5 think for a time ([`Level::budget`]), and so are
//! deterministic only under a node budget ([`choose_within`]).

mod dice_game;
mod level;
mod rng;
mod search;
mod two_seat;
mod values;

#[cfg(test)]
mod tests;

pub use level::{DEFAULT_LEVEL, Level, TIME_CAP};
pub use rng::SplitMix;
pub use search::{Budget, MATE};

/// The computer player's userid when the server's `bot-userid` setting is
/// not set.
pub const DEFAULT_USERID: &str = "boserv-bot";
pub use values::{PAWN, Values};

use crate::rules::{Position, Roll, Turn, Variant};

/// Why the bot cannot move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    #[error("the game is over: there is no turn to play")]
    GameOver,
    #[error("{0} needs the roll of the dice for the bot's turn")]
    RollNeeded(String),
    #[error("{0}: a bot level is a number from 1 to 5")]
    Level(String),
    #[error("the bot does not play {0}")]
    NotPlayed(String),
}

/// The turn the bot chose, and what it saw.
#[derive(Clone, Debug)]
pub struct Choice {
    pub turn: Turn,
    /// The turn in canonical notation (what `move` takes).
    pub text: String,
    /// Its score for the bot, in centipawns (near [`MATE`]: a forced win).
    pub score: i32,
    /// Positions searched.
    pub nodes: u64,
    /// Two-seat games: the depth of the last complete iteration.
    pub depth: u32,
}

/// The bot's turn in `position` of `variant` at `level`; `roll` is the
/// dice of the turn in a dice game; `seed` decides between equal turns.
pub fn choose(
    variant: &dyn Variant,
    position: &dyn Position,
    roll: Option<Roll>,
    level: Level,
    seed: u64,
) -> Result<Choice, BotError> {
    choose_within(variant, position, roll, level, level.budget(), seed)
}

/// [`choose`] with a two-seat budget of the caller's (tests, tools).
pub fn choose_within(
    variant: &dyn Variant,
    position: &dyn Position,
    roll: Option<Roll>,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Result<Choice, BotError> {
    if position.to_move().is_none() {
        return Err(BotError::GameOver);
    }
    if let Some(dice) = variant.dice() {
        let roll = roll.ok_or_else(|| BotError::RollNeeded(variant.name().into()))?;
        let turns = position.legal(Some(roll));
        if turns.is_empty() {
            let turn = position
                .read_turn(dice.forced_turn, Some(roll))
                .map_err(|_| BotError::GameOver)?;
            return Ok(done(position, turn, 0, 0, 0));
        }
        if dice_game::orwell(position).is_none() {
            return Err(BotError::NotPlayed(variant.name().into()));
        }
        let judge = dice_game::DiceJudge::new();
        let (turn, score, nodes) = judge.best_turn(position, roll, level.dice_plan(), budget, seed);
        return Ok(done(position, turn, score, nodes, 1));
    }
    let Some(concrete) = two_seat::chesslike(position) else {
        return Err(BotError::NotPlayed(variant.name().into()));
    };
    let start = variant.start(&[]).ok();
    let start = start.as_deref().and_then(two_seat::chesslike);
    let judge = two_seat::TwoSeat::new(concrete, start);
    let found = search::best_turn(&judge, concrete, budget, seed, level.noise())
        .ok_or(BotError::GameOver)?;
    Ok(done(
        position,
        found.turn,
        found.score,
        found.nodes,
        found.depth,
    ))
}

fn done(position: &dyn Position, turn: Turn, score: i32, nodes: u64, depth: u32) -> Choice {
    Choice {
        text: position.turn_text(&turn),
        turn,
        score,
        nodes,
        depth,
    }
}

/// A one-ply greedy player, the yardstick of the strength table: it takes
/// the most valuable piece it can (by the measured values), else plays a
/// turn drawn by `rng`. Two-seat games only.
pub fn greedy(position: &dyn Position, rng: &mut SplitMix) -> Option<Turn> {
    let concrete = two_seat::chesslike(position)?;
    let judge = two_seat::TwoSeat::new(concrete, None);
    let turns = position.legal(None);
    if turns.is_empty() {
        return None;
    }
    let gains: Vec<i32> = turns.iter().map(|t| judge.gain(position, t)).collect();
    let top = *gains.iter().max()?;
    let best: Vec<&Turn> = turns
        .iter()
        .zip(&gains)
        .filter(|(_, g)| **g == top)
        .map(|(t, _)| t)
        .collect();
    Some(best[rng.below(best.len())].clone())
}
