//! The dice of a game as the service sees them: the seed drawn at the
//! challenge, and the roll of the turn to come.
//!
//! Roll n is for the game's n-th board turn (auto-passed turns count), so
//! the current roll is roll `ply`: a pure function of the stored seed, the
//! game number and the turns played. Asking again never re-rolls; the roll
//! is stored with the turn when the turn is played.

use rusqlite::Connection;

use super::Request;
use super::error::ServiceError;
use super::game::{LoadedGame, roll_text};
use super::reply::Reply;
use crate::command::GameId;
use crate::dice::{self, Seed};
use crate::rules::Roll;
use crate::store;
use crate::store::games::Game;

/// The seed of a new dice game: from the OS, or fixed by
/// [`dice::TEST_SEED_ENV`] (tests and replays only).
pub fn new_seed() -> Result<Seed, ServiceError> {
    let fixed = std::env::var(dice::TEST_SEED_ENV).ok();
    Seed::for_new_game(fixed.as_deref()).map_err(|e| match fixed {
        Some(_) => ServiceError::Setup(format!("{}: {e}", dice::TEST_SEED_ENV)),
        None => ServiceError::Internal(e.to_string()),
    })
}

/// A game's seed, read back from its row (`None`: not a dice game).
pub fn seed_of(row: &Game) -> Result<Option<Seed>, ServiceError> {
    row.dice_seed
        .as_deref()
        .map(|hex| {
            Seed::from_hex(hex).map_err(|e| ServiceError::Internal(format!("{}: {e}", row.id)))
        })
        .transpose()
}

/// The roll for board turn `ply + 1` (roll number `ply`), in a dice game.
pub fn roll_at(row: &Game, ply: u32) -> Result<Option<Roll>, ServiceError> {
    Ok(seed_of(row)?.map(|seed| dice::roll(&seed, row.id, u64::from(ply))))
}

/// The roll of the turn to come; `None` when the game has no dice.
pub fn current_roll(game: &LoadedGame) -> Result<Option<Roll>, ServiceError> {
    if !game.variant.uses_dice() {
        return Ok(None);
    }
    let roll = roll_at(&game.row, game.row.ply)?;
    roll.map(Some)
        .ok_or_else(|| ServiceError::Internal(format!("{} has no dice seed", game.id())))
}

/// `roll GAME`: the dice of the turn to come, the same however often asked.
pub fn roll(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    if !game.variant.uses_dice() {
        return Err(ServiceError::NoDice(id));
    }
    game.ensure_active()?;
    let roll = current_roll(&game)?.expect("a dice game has a roll");
    let view = game.current_view();
    Ok(Reply::Text(format!(
        "{}: {}\nroll: {}",
        view.game,
        view.status_line(),
        roll_text(roll)
    )))
}
