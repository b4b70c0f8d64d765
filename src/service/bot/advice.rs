//! The computer player's view of a game of the server (`boserv bot-move
//! GAME --at N`): which turn it would play after the game's first N
//! moves. Only for a finished game: a game still being played gets no
//! hints or analysis, whoever asks (the shell's `--as` proves nothing of
//! who sits at the terminal).

use rusqlite::Connection;

use super::BotRefusal;
use crate::bot::{Choice, Level};
use crate::command::GameId;
use crate::rules::{Roll, RulesError};
use crate::service::game::{LoadedGame, parse_roll, rebuild};
use crate::service::{Catalog, ServiceError};
use crate::store;
use crate::store::turns::{self, EntryKind};

/// The bot's turn after the first `at` moves of finished game `id` (all
/// of them when `at` is none), with the roll of that turn in a dice game.
pub fn advice(
    conn: &mut Connection,
    catalog: Catalog<'_>,
    id: GameId,
    at: Option<u32>,
    level: Level,
    seed: u64,
) -> Result<(Option<Roll>, Choice), ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, catalog, id)?;
    if game.ensure_active().is_ok() {
        return Err(BotRefusal::NoHints(id).into());
    }
    let at = at.unwrap_or(game.row.ply);
    if at > game.row.ply {
        return Err(ServiceError::NoSuchMove {
            game: id,
            at,
            ply: game.row.ply,
        });
    }
    let log = turns::log(&tx, id)?;
    drop(tx);
    // The roll of the turn after move `at`, as it was played.
    let roll = log
        .iter()
        .find(|e| e.ply == at + 1)
        .and_then(|e| e.roll.as_deref())
        .and_then(parse_roll);
    if game.variant.uses_dice() && roll.is_none() {
        return Err(RulesError::Other(format!(
            "{id} has no turn after move {at}: give --at a smaller number"
        ))
        .into());
    }
    // Board turns only: an ending (a resignation) is no part of the position.
    let upto: Vec<_> = log
        .into_iter()
        .filter(|e| e.ply <= at && e.kind == EntryKind::Turn)
        .collect();
    let position = rebuild(game.variant, &game.row.options, &upto)?;
    let choice =
        crate::bot::choose(game.variant, position.as_ref(), roll, level, seed).map_err(|e| {
            RulesError::Other(format!(
                "{id} after move {at}: {e}; give --at a smaller number"
            ))
        })?;
    Ok((roll, choice))
}
