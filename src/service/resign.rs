//! `resign`: giving up a game.
//!
//! The rules decide what a resignation does ([`Conclusion::Resign`]): with
//! two players the opponent wins; with three, the game may go on without
//! the seat. The resignation is an entry in the turn log, so replaying the
//! log reaches the same result.
//!
//! A player who resigns before making a move of their own declines the
//! game, as in pbmserv: it is cancelled, and nobody wins or loses. Once a
//! seat has left a game of three, the game was accepted: a resignation
//! then takes the seat out like any other, and the last seat in wins.

use rusqlite::Connection;

use super::accounts::acting_player;
use super::error::ServiceError;
use super::game::{LoadedGame, Step};
use super::notice::Notice;
use super::reply::Reply;
use super::{Request, autopass, notify};
use crate::command::GameId;
use crate::rules::{Conclusion, Ending};
use crate::store::{self, games, turns, turns::EntryKind};

/// `resign GAME`.
pub fn resign(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let mut game = LoadedGame::load(&tx, req.catalog, id)?;
    game.ensure_active()?;
    let player = acting_player(&tx, req.actor)?;
    let mine = game.seats_of(player.id);
    // Someone playing both sides resigns the side to move.
    let seat = match game.position.to_move() {
        Some(s) if mine.contains(&s) => s,
        _ => *mine.first().ok_or_else(|| ServiceError::NotPlaying {
            user: player.userid.clone(),
            game: id,
        })?,
    };
    let someone_left = (0..game.row.players.len()).any(|s| game.position.has_left(s));
    if !someone_left && !has_moved(&tx, id, seat)? {
        let declined = Ending::Declined {
            seat,
            name: game.variant.seats()[seat],
        };
        games::cancel(&tx, id, &declined, &super::game::timestamp(req.now))?;
        game.row.status = games::Status::Cancelled;
        game.row.reason = Some(declined.key());
        let notices = [Notice::GameOver {
            game: id,
            result: "*".to_string(),
            reason: declined.to_string(),
            players: game.row.players.clone(),
        }];
        notify::queue(&tx, &notices, req.now)?;
        tx.commit()?;
        return Ok(Reply::Board(game.current_view()));
    }
    let position = game.position.conclude(&Conclusion::Resign(seat))?;
    let votes = game.row.draw_votes.clone();
    let step = Step {
        kind: EntryKind::Resign,
        seat: Some(seat),
        player_id: Some(player.id),
        text: "resigns",
        roll: None,
        comment: req.comment,
        draw_votes: &votes,
    };
    let outcome = game.record(&tx, step, position, req.now)?;
    // In a game of three the seat is out: its turns pass from now on.
    let passes = autopass::advance(&tx, &mut game, req.now)?;
    let resigned = Notice::Resigned {
        game: id,
        player: player.userid.clone(),
        comment: req.comment.map(str::to_string),
    };
    let game_over = outcome.map(|outcome| Notice::game_over(&game, outcome));
    let passed = notify::queue_change(&tx, resigned, game_over, passes, req.now)?;
    tx.commit()?;
    Ok(Reply::Resigned {
        passes: passed,
        view: game.current_view(),
    })
}

/// True once `seat` has made a turn of its own (passes the server made for
/// it do not count).
fn has_moved(tx: &Connection, id: GameId, seat: crate::rules::Seat) -> Result<bool, ServiceError> {
    Ok(turns::log(tx, id)?.iter().any(|e| {
        e.kind == EntryKind::Turn
            && e.seat == Some(seat)
            && e.comment.as_deref() != Some(autopass::AUTO_PASS)
    }))
}
