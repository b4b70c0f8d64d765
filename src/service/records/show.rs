//! `show`: a game's board now, or after its first N moves, drawn from the
//! asker's side when they play in the game (as their mails are).

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::asker_seat;
use crate::service::game::{LoadedGame, rebuild};
use crate::service::reply::Reply;
use crate::service::time::vacation_notes::vacation_notes;
use crate::store::{self, turns};

/// The game as it stands, with the vacations that stop a clock and the
/// deadline of the player to move (as the mails print it).
pub fn view_with_deadline(
    conn: &Connection,
    game: &LoadedGame,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<crate::service::GameView, ServiceError> {
    let mut view = game.current_view();
    view.vacations = vacation_notes(conn, &game.players_by_id(), now)?;
    if let Some(clock) = crate::service::time::deadline::GameClock::read(conn, game, None, now)? {
        view.deadline = Some(crate::service::time::deadline::readable(
            clock.due().deadline,
        ));
        view.silence_accepts = clock.silence_accepts;
    }
    Ok(view)
}

/// `show GAME [--at N]`.
pub fn show(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    at: Option<u32>,
) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    let seat = asker_seat(req.actor, &game);
    let Some(at) = at else {
        let mut view = view_with_deadline(&tx, &game, req.now)?;
        // The deadline as the asker reads dates (a player's own zone).
        if let Some(clock) =
            crate::service::time::deadline::GameClock::read(&tx, &game, None, req.now)?
        {
            let zone = crate::service::time::zone::of_actor(&tx, req.actor)?;
            view.deadline = Some(zone.readable(clock.due().deadline));
        }
        if let Some(seat) = seat {
            view.board = game.position.render_for(seat);
        }
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
    let mut view = game.view(position.as_ref(), at);
    if let Some(seat) = seat {
        view.board = position.render_for(seat);
    }
    Ok(Reply::Board(view))
}
