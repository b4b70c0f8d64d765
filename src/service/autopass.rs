//! Automatic passes in dice games: a seat that can use neither die (or has
//! left the game) does not write; the server records its `pass, pass` with
//! the roll and moves on to the next seat, as many times as need be.
//!
//! Called after every change that hands the turn to someone (a challenge, a
//! move, a resignation, a forfeit), inside the same transaction, so the
//! passes commit with the change that caused them.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::dice::current_roll;
use super::error::ServiceError;
use super::game::{LoadedGame, Step};
use super::notice::Notice;
use crate::rules::orwell::FULL_PASS;
use crate::store::turns::EntryKind;

/// The comment stored with an automatic pass (shown in `history`).
pub const AUTO_PASS: &str = "passed automatically";

/// No game of three seats needs this many passes in a row: `finish_turn`
/// draws a game where nobody can move, so more means a rules bug.
const MAX_PASSES: usize = 1000;

/// Records every forced pass from the current turn on. Returns the notices
/// (a `Moved` per pass and a `GameOver` if the passes ended the game).
pub fn advance(
    conn: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let mut notices = Vec::new();
    for _ in 0..MAX_PASSES {
        let Some(roll) = current_roll(game)? else {
            return Ok(notices);
        };
        let Some(seat) = game.position.to_move() else {
            return Ok(notices);
        };
        if !game.position.must_pass(roll) {
            return Ok(notices);
        }
        let played = game
            .position
            .play(FULL_PASS, Some(roll))
            .map_err(|e| ServiceError::Internal(format!("a forced pass was refused: {e}")))?;
        let votes = game.row.draw_votes.clone();
        let step = Step {
            kind: EntryKind::Turn,
            seat: Some(seat),
            player_id: game.row.player_ids.get(seat).copied(),
            text: &played.canonical,
            roll: Some(roll),
            comment: Some(AUTO_PASS),
            draw_votes: &votes,
        };
        let outcome = game.record(conn, step, played.position, now)?;
        notices.push(Notice::Moved {
            game: game.id(),
            ply: game.row.ply,
            turn: played.canonical,
            mover: game.player_at(seat),
            to_move: game.to_move_in(game.position.as_ref()),
            comment: Some(AUTO_PASS.to_string()),
        });
        if let Some(outcome) = outcome {
            notices.push(Notice::GameOver {
                game: game.id(),
                result: outcome.result_text(),
                reason: outcome.reason,
                players: game.row.players.clone(),
            });
            return Ok(notices);
        }
    }
    Err(ServiceError::Internal(format!(
        "{}: more than {MAX_PASSES} passes in a row",
        game.id()
    )))
}
