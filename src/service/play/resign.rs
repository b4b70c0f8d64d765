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
//!
//! On one's own turn a resignation takes effect at once. Out of turn (and
//! not a refusal to play) it is pbmserv's pending resignation: it takes
//! effect when the player's turn comes ([`turn_arrival`]), and the same
//! command sent again withdraws it. Until then the board mails say that
//! it is pending.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Conclusion, Ending, Seat};
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, Step};
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, play::notify, play::turn_arrival};
use crate::store::players::Player;
use crate::store::{self, games, resignations, turns, turns::EntryKind};

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
    // A tournament game cannot be declined: resigning it early loses it.
    let tournament = crate::store::tournaments::of_game(&tx, id)?.is_some();
    if !someone_left && !tournament && !has_moved(&tx, id, seat)? {
        let declined = Ending::Declined {
            seat,
            name: game.variant.seats()[seat],
        };
        games::cancel(
            &tx,
            id,
            &declined,
            &crate::service::game::timestamp(req.now),
        )?;
        game.row.status = games::Status::Cancelled;
        game.row.reason = Some(declined.key());
        turn_arrival::forget(&tx, id)?;
        let notices = [
            Notice::Declined {
                game: id,
                player: player.userid.clone(),
                comment: req.comment.map(str::to_string),
            },
            Notice::GameOver {
                game: id,
                result: "*".to_string(),
                reason: declined.to_string(),
                players: game.row.players.clone(),
            },
        ];
        notify::queue(&tx, &notices, req.now, req.game_ended)?;
        crate::service::time::due::settle(&tx, req.catalog, req.now)?;
        tx.commit()?;
        return Ok(Reply::Board(game.current_view()));
    }
    // Out of turn, a resignation waits for the player's turn (pbmserv's
    // pending toggle); sending it again withdraws it.
    let in_turn = game.position.to_move().is_some_and(|s| mine.contains(&s));
    if !in_turn {
        let now = crate::service::game::timestamp(req.now);
        let pending = resignations::toggle(&tx, id, player.id, &now)?;
        tx.commit()?;
        let line = if pending {
            format!(
                "{} will resign {id} when their turn comes; send resign again to withdraw it",
                player.userid
            )
        } else {
            format!("{} withdrew the pending resignation in {id}", player.userid)
        };
        return Ok(Reply::Noted {
            line,
            view: game.current_view(),
        });
    }
    resignations::take(&tx, id, player.id)?;
    let (resigned, game_over) = resign_seat(&tx, &mut game, seat, &player, req.comment, req.now)?;
    // In a game of three the seat is out: its turns pass from now on.
    let passes = turn_arrival::advance(&tx, &mut game, req.now)?;
    let passed = notify::queue_change(&tx, resigned, game_over, passes, req.now, req.game_ended)?;
    crate::service::time::due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(Reply::Resigned {
        passes: passed,
        view: game.current_view(),
    })
}

/// Records `player`'s resignation of `seat` (the seat to move). Returns
/// the notice of it, and the game's end if it ended the game.
pub(in crate::service) fn resign_seat(
    tx: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    player: &Player,
    comment: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(Notice, Option<Notice>), ServiceError> {
    let position = game.position.conclude(&Conclusion::Resign(seat))?;
    let votes = game.row.draw_votes.clone();
    let step = Step {
        kind: EntryKind::Resign,
        seat: Some(seat),
        player_id: Some(player.id),
        text: "resigns",
        roll: None,
        comment,
        draw_votes: &votes,
    };
    let outcome = game.record(tx, step, position, now)?;
    let resigned = Notice::Resigned {
        game: game.id(),
        player: player.userid.clone(),
        comment: comment.map(str::to_string),
    };
    let game_over = outcome.map(|outcome| Notice::game_over(game, outcome));
    Ok((resigned, game_over))
}

/// True once `seat` has made a turn of its own (passes the server made for
/// it do not count).
fn has_moved(tx: &Connection, id: GameId, seat: Seat) -> Result<bool, ServiceError> {
    Ok(turns::log(tx, id)?.iter().any(|e| {
        e.kind == EntryKind::Turn
            && e.seat == Some(seat)
            && e.comment.as_deref() != Some(crate::service::game::AUTO_PASS)
    }))
}
