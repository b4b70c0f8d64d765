//! `remind`'s part in a signoff (and a return from vacation): the games of
//! a player whose tiding asks for it are judged again first, and in each
//! where the player to move has signed off, that player leaves the game
//! as they would at their turn's arrival ([`turn_arrival::advance`]):
//! the game ends "player signed off", or a game of three goes on without
//! them. Each such game is recorded in the player's farewell, which tells
//! the other players in one letter each once the run has judged them all
//! (src/service/accounts/signoff.rs says why the command does not).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::service::community::tournament::result::game_ended as tournament_round;
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::play::out_of_time::Action;
use crate::service::play::{notify, turn_arrival};
use crate::store::games::Status;
use crate::store::{self, signoffs, tidings};

/// The games the rechecked players are to move in, theirs in the order of
/// the tidings: read through the index of whose turn it is.
pub fn rechecked_games(
    conn: &Connection,
    rechecks: &[(i64, i64)],
) -> Result<Vec<GameId>, ServiceError> {
    let mut games = Vec::new();
    for &(_, player) in rechecks {
        games.extend(store::due::to_move(conn, player, usize::MAX)?);
    }
    Ok(games)
}

/// When the player to move in `game` has signed off: they leave it, its
/// pages, ratings and tournament follow as for any ending, and the game is
/// recorded in their farewell (its players are told there, not here).
pub fn leave(
    tx: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<Action>, ServiceError> {
    let Some(seat) = game.position.to_move() else {
        return Ok(None);
    };
    let Some(&player) = game.row.player_ids.get(seat) else {
        return Ok(None);
    };
    if game.position.has_left(seat) || !signoffs::is_signed_off(tx, player)? {
        return Ok(None);
    }
    let notices = turn_arrival::advance(tx, game, now)?;
    let rows = HashMap::from([(game.id(), game.row.clone())]);
    notify::queue_unmailed(tx, &notices, &rows, now, tournament_round)?;
    if let Some(farewell) = tidings::farewell_untold(tx, player)? {
        let result = match &game.row.result {
            Some(result) if game.row.status != Status::Active => Some(result.as_str()),
            _ => None,
        };
        tidings::farewell_game(tx, farewell, game.id(), result)?;
    }
    Ok(Some(Action::SignedOff))
}
