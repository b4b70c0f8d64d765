//! `show`: a game's board now, or after its first N moves.

use rusqlite::Connection;

use super::Request;
use super::error::ServiceError;
use super::game::{LoadedGame, rebuild};
use super::reply::Reply;
use super::vacation::vacation_notes;
use crate::command::GameId;
use crate::store::{self, turns};

/// `show GAME [--at N]`.
pub fn show(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    at: Option<u32>,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    let Some(at) = at else {
        let mut view = game.current_view();
        view.vacations = vacation_notes(&tx, &game.players_by_id(), req.now)?;
        return Ok(Reply::Board(view));
    };
    if at > game.row.ply {
        return Err(ServiceError::NoSuchMove {
            game: id,
            at,
            ply: game.row.ply,
        });
    }
    let log = turns::log(&tx, id)?;
    let upto: Vec<_> = log.into_iter().filter(|e| e.ply <= at).collect();
    let position = rebuild(game.variant, &game.row.options, &upto)?;
    Ok(Reply::Board(game.view(position.as_ref(), at)))
}
