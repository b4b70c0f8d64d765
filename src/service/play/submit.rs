//! `submit` and `confirm`: a move in two steps (pbmserv's submit).
//!
//! `submit` checks a turn on a copy of the game and answers with the board
//! it would leave, stored but not played; `confirm` plays it. A new
//! `submit` replaces the last one. A submission is dropped when the
//! position changes under it (another move, a takeback, the game's end):
//! it was judged on a board that is gone.

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::Request;
use crate::service::dice::current_roll;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::play::analysis::strip_current_roll;
use crate::service::play::moves::{commit_turn, seated, turn_checked};
use crate::service::reply::Reply;
use crate::store::submissions::{self, Submission};

/// The line every preview starts with (pbmserv's words).
pub const PREVIEW: &str =
    "This is a preview of a submitted move. It must be confirmed to take effect.";

/// `submit GAME TURN[#N]`.
pub fn submit(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    turn: &str,
    expect: Option<u32>,
) -> Result<Reply, ServiceError> {
    let (tx, game, player) = seated(conn, req, id)?;
    let seat = turn_checked(&game, &player, expect)?;
    let expected = crate::rules::numbering::name(game.variant, game.row.ply + 1);
    let roll = current_roll(&game)?;
    let text = strip_current_roll(turn, game.variant.dice(), roll)?;
    let played = game.position.play(&text, roll).map_err(|e| e.reason)?;
    let submission = Submission {
        turn: played.canonical.clone(),
        comment: req.comment.map(str::to_string),
        ply: game.row.ply,
        position: game.position.encode(),
    };
    submissions::put(&tx, id, player.id, &submission, &timestamp(req.now))?;
    tx.commit()?;
    let board = played.position.render_for(seat);
    Ok(Reply::Text(format!(
        "{PREVIEW}\n\n{id}, move {expected}: {} would play {}\n\n{}\n\n\
         Nothing is played until you confirm it (confirm {id}); a new submit replaces it.",
        player.userid,
        played.canonical,
        board.trim_end()
    )))
}

/// `confirm GAME` (`GAME confirm BOARD USERID PASSWORD` by mail): plays
/// the submitted turn.
pub fn confirm(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
) -> Result<Reply, ServiceError> {
    let (tx, game, player) = seated(conn, req, id)?;
    let submission =
        submissions::take(&tx, id, player.id)?.ok_or(ServiceError::NoSubmission(id))?;
    let seat = turn_checked(&game, &player, None)?;
    if submission.ply != game.row.ply || submission.position != game.position.encode() {
        return Err(ServiceError::SubmissionStale(id));
    }
    let comment = req.comment.or(submission.comment.as_deref());
    commit_turn(
        tx,
        game,
        seat,
        &player,
        &submission.turn,
        &req.clone().with_comment(comment),
    )
}
