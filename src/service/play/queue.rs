//! `queue`: turns sent in advance (pbmserv's pre-moves).
//!
//! A player who is not to move queues one or more turns, in order; when
//! their turn comes the first is played for them if it is still legal
//! ([`crate::service::play::turn_arrival`]), marked `(Auto)`. A turn that is not legal
//! then is dropped with the rest of the queue, and the player is told why.
//! `#N` on a queued turn names the move number it is meant for. Queuing on
//! one's own turn is refused (use `move`): a queued turn waits for a turn
//! to come, and this one is already here. In dice games a queued turn is
//! checked against the roll of the turn it is played in.

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::play::moves::seated;
use crate::service::reply::Reply;
use crate::store::queued::{self, Queued};

/// The most turns one player may have queued in one game.
pub const MAX_QUEUED: usize = 10;

/// The longest queued turn (the longest real turn is far shorter).
const MAX_TURN_LEN: usize = 200;

/// `queue GAME TURN[#N]`.
pub fn queue(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    turn: &str,
    expect: Option<u32>,
) -> Result<Reply, ServiceError> {
    let turn = turn.trim();
    if turn.is_empty() || turn.len() > MAX_TURN_LEN {
        return Err(ServiceError::BadQueuedTurn { max: MAX_TURN_LEN });
    }
    let (tx, game, player) = seated(conn, req, id)?;
    let mine = game.seats_of(player.id);
    if game.position.to_move().is_some_and(|s| mine.contains(&s)) {
        return Err(ServiceError::QueueOnYourTurn(id));
    }
    let next = game.row.ply + 1;
    if let Some(got) = expect
        && got <= game.row.ply
    {
        return Err(ServiceError::QueuedForPast { got, next });
    }
    if !crate::store::conditional::list(&tx, id, player.id)?.is_empty() {
        return Err(
            crate::service::play::conditional::ConditionalError::ConditionalsQueued(id).into(),
        );
    }
    if queued::list(&tx, id, player.id)?.len() >= MAX_QUEUED {
        return Err(ServiceError::QueueFull {
            game: id,
            max: MAX_QUEUED,
        });
    }
    let entry = Queued {
        pos: 0,
        turn: turn.to_string(),
        expect,
        comment: req.comment.map(str::to_string),
    };
    queued::push(&tx, id, player.id, &entry, &timestamp(req.now))?;
    let lines = queue_lines(&queued::list(&tx, id, player.id)?);
    tx.commit()?;
    Ok(Reply::Done(format!(
        "queued in {id}: {turn}; it is played when your turn comes, if it is legal then.\n\
         {} has queued in {id}: {}",
        player.userid,
        lines.join(", ")
    )))
}

/// `queue GAME clear`: empties the player's queue in a game.
pub fn clear(conn: &mut Connection, req: &Request<'_>, id: GameId) -> Result<Reply, ServiceError> {
    let (tx, _, player) = seated(conn, req, id)?;
    let lines = crate::service::play::conditional::lines(&crate::store::conditional::list(
        &tx, id, player.id,
    )?);
    if !lines.is_empty() {
        crate::store::conditional::clear(&tx, id, player.id)?;
        tx.commit()?;
        return Ok(Reply::Done(format!(
            "cleared {}'s conditional lines in {id} ({} {})",
            player.userid,
            lines.len(),
            if lines.len() == 1 { "line" } else { "lines" }
        )));
    }
    let cleared = queued::clear(&tx, id, player.id)?;
    if cleared == 0 {
        return Err(ServiceError::NothingQueued(id));
    }
    tx.commit()?;
    Ok(Reply::Done(format!(
        "cleared {}'s queue in {id} ({cleared} {})",
        player.userid,
        if cleared == 1 { "turn" } else { "turns" }
    )))
}

/// A queue as its player reads it: `e7-e5`, `Ng8-f6 (#4)`.
pub fn queue_lines(queue: &[Queued]) -> Vec<String> {
    queue
        .iter()
        .map(|q| match q.expect {
            Some(n) => format!("{} (#{n})", q.turn),
            None => q.turn.clone(),
        })
        .collect()
}
