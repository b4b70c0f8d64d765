//! What happens when a player's turn comes: the one hook run after every
//! change that hands the move to someone (a move, a confirmed submission,
//! a resignation, a forfeit, an automatic pass), inside that command's
//! transaction, so whatever it does commits with the change that caused it.
//!
//! For the player whose turn it now is, in this order:
//!
//! 1. signed off ([`crate::service::accounts::signoff`]): they forfeit, and the game's
//!    ending says so ([`Conclusion::SignOff`], "player signed off"), not
//!    "time forfeit";
//! 2. a resignation sent out of turn is pending ([`crate::service::play::resign`]): it
//!    takes effect;
//! 3. turns queued in advance ([`crate::service::play::queue`]): the first is played if
//!    it is still legal (with the roll of this turn in dice games, and
//!    only at the move number its `#N` names, if it names one), marked
//!    `(Auto)`. If it is not, it is dropped together with the rest of that
//!    player's queue (the later turns were planned after it), and the
//!    player is told which turn and why, in their copy of the board mail,
//!    which also says it is their turn.
//!
//! Each of these hands the move on, so the hook runs again for the next
//! player (forced passes first, [`autopass::advance`]). It ends when the
//! player to move has nothing waiting. Queues are bounded
//! ([`crate::service::play::queue::MAX_QUEUED`]), so a cascade is too; [`MAX_ARRIVALS`]
//! guards against a bug. When the game is over every queue, pending
//! resignation and submission of it is dropped; a submission is dropped
//! too once the position it was made in has changed.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::rules::{Conclusion, Seat};
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, Step};
use crate::service::notice::Notice;
use crate::service::play::autopass;
use crate::service::play::moves::play_turn;
use crate::service::play::resign::resign_seat;
use crate::store::games::{Game, Status};
use crate::store::players::Player;
use crate::store::queued::{self, Queued};
use crate::store::turns::{self, EntryKind};
use crate::store::{resignations, signoffs, submissions, waiting};

/// More arrivals than any bounded queue can cause: a rules or store bug.
const MAX_ARRIVALS: usize = 10_000;

/// Forced passes, then whatever waits for each player whose turn comes.
/// Returns the notices, in the order things happened.
pub fn advance(
    conn: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let mut notices = autopass::advance(conn, game, now)?;
    let mut arrivals = 0;
    while let Some(more) = arrive(conn, game, now)? {
        notices.extend(more);
        notices.extend(autopass::advance(conn, game, now)?);
        arrivals += 1;
        if arrivals > MAX_ARRIVALS {
            return Err(ServiceError::Internal(format!(
                "{}: more than {MAX_ARRIVALS} turns played on arrival",
                game.id()
            )));
        }
    }
    if game.row.status == Status::Active {
        if waiting::of_game(conn, game.id())?.submissions {
            submissions::drop_stale(conn, game.id(), game.row.ply, &game.position.encode())?;
        }
    } else {
        forget(conn, game.id())?;
    }
    Ok(notices)
}

/// Drops every queue, pending resignation and submission of a game that
/// takes no more turns: from the tables that have rows of it (one look
/// for the four; most games have none, and each delete was a statement).
pub fn forget(conn: &Connection, game: GameId) -> Result<(), ServiceError> {
    let waiting = waiting::of_game(conn, game)?;
    if waiting.queued {
        queued::clear_game(conn, game)?;
    }
    if waiting.conditional {
        crate::store::conditional::clear_game(conn, game)?;
    }
    if waiting.resignations {
        resignations::clear_game(conn, game)?;
    }
    if waiting.submissions {
        submissions::clear_game(conn, game)?;
    }
    Ok(())
}

/// Makes the pending resignations of the players not to move take effect
/// now: the player to move is about to lose on time, and a player who gave
/// up must not win the game by that silence. Returns the notices.
pub fn resign_waiting(
    conn: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let to_move = game.position.to_move();
    let mut notices = Vec::new();
    for player_id in resignations::of_game(conn, game.id())? {
        if game.row.status != Status::Active {
            break;
        }
        let seats = game.seats_of(player_id);
        let Some(&seat) = seats
            .iter()
            .find(|&&s| Some(s) != to_move && !game.position.has_left(s))
        else {
            continue;
        };
        resignations::take(conn, game.id(), player_id)?;
        let player = Player {
            id: player_id,
            userid: game.player_at(seat),
            password_hash: String::new(),
        };
        let (resigned, game_over) = resign_seat(conn, game, seat, &player, None, now)?;
        notices.push(resigned);
        notices.extend(game_over);
    }
    Ok(notices)
}

/// Acts for the player to move, if something waits for them; `None` when
/// nothing does (or nobody is to move).
fn arrive(
    conn: &Connection,
    game: &mut LoadedGame,
    now: DateTime<Utc>,
) -> Result<Option<Vec<Notice>>, ServiceError> {
    if game.row.status != Status::Active {
        return Ok(None);
    }
    let Some(seat) = game.position.to_move() else {
        return Ok(None);
    };
    // A seat that has left a game of three is passed by the server.
    if game.position.has_left(seat) {
        return Ok(None);
    }
    let Some(&player_id) = game.row.player_ids.get(seat) else {
        return Ok(None);
    };
    let player = Player {
        id: player_id,
        userid: game.player_at(seat),
        password_hash: String::new(),
    };
    if signoffs::is_signed_off(conn, player_id)? {
        return signed_off(conn, game, seat, &player, now).map(Some);
    }
    // Most games have nothing waiting: one statement says which tables to
    // read (store::waiting).
    let waiting = waiting::of_game(conn, game.id())?;
    if waiting.resignations && resignations::take(conn, game.id(), player_id)? {
        let (resigned, game_over) = resign_seat(conn, game, seat, &player, None, now)?;
        return Ok(Some(std::iter::once(resigned).chain(game_over).collect()));
    }
    if waiting.conditional
        && let Some(notices) =
            crate::service::play::conditional::arrive(conn, game, seat, &player, now)?
    {
        return Ok(Some(notices));
    }
    if !waiting.queued {
        return Ok(None);
    }
    let queue = queued::list(conn, game.id(), player_id)?;
    let Some(first) = queue.first() else {
        return Ok(None);
    };
    queued::remove(conn, game.id(), player_id, first.pos)?;
    play_queued(conn, game, seat, &player, first, queue.len() - 1, now).map(Some)
}

/// The forfeit of a signed-off player whose turn came.
fn signed_off(
    conn: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    player: &Player,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let position = game.position.conclude(&Conclusion::SignOff(seat))?;
    let votes = game.row.draw_votes.clone();
    let step = Step {
        kind: EntryKind::SignOff,
        seat: Some(seat),
        player_id: Some(player.id),
        text: "signs off",
        roll: None,
        comment: None,
        draw_votes: &votes,
    };
    let outcome = game.record(conn, step, position, now)?;
    let mut notices = vec![Notice::SignedOff {
        game: game.id(),
        player: player.userid.clone(),
        to_move: game.to_move_in(game.position.as_ref()),
    }];
    notices.extend(outcome.map(|outcome| Notice::game_over(game, outcome)));
    Ok(notices)
}

/// Plays the first queued turn of the player to move, or drops it and the
/// `behind` turns queued after it when it cannot be played now.
fn play_queued(
    conn: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    player: &Player,
    queued: &Queued,
    behind: usize,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let ply = game.row.ply + 1;
    let why = match queued.expect {
        Some(meant) if meant != ply => {
            format!("it was queued for move {meant}, but your turn came at move {ply}")
        }
        _ => match play_turn(
            conn,
            game,
            seat,
            player.id,
            &queued.turn,
            queued.comment.as_deref(),
            now,
        ) {
            Ok((turn, outcome)) => {
                turns::mark_last_auto(conn, game.id())?;
                let mut notices = vec![Notice::AutoPlayed {
                    game: game.id(),
                    ply,
                    turn,
                    mover: player.userid.clone(),
                    to_move: game.to_move_in(game.position.as_ref()),
                    comment: queued.comment.clone(),
                }];
                notices.extend(outcome.map(|outcome| Notice::game_over(game, outcome)));
                return Ok(notices);
            }
            Err(e) if e.is_refusal() => e.to_string(),
            Err(e) => return Err(e),
        },
    };
    queued::clear(conn, game.id(), player.id)?;
    Ok(vec![Notice::QueueDropped {
        game: game.id(),
        player: player.userid.clone(),
        turn: queued.turn.clone(),
        why,
        dropped: behind,
    }])
}

/// What every reader of a game's board mail is told of what waits for a
/// turn: `bob has a resignation pending: ...`. `row` is the game as it
/// stands in the caller's transaction.
pub fn public_notes(conn: &Connection, row: &Game) -> Result<Vec<String>, ServiceError> {
    let game = row.id;
    // A game that ended by agreement leaves its waits behind: they are moot.
    if row.status != Status::Active {
        return Ok(Vec::new());
    }
    let pending = resignations::of_game(conn, game)?;
    Ok(row
        .player_ids
        .iter()
        .zip(&row.players)
        .filter(|(id, _)| pending.contains(id))
        .map(|(_, user)| user.clone())
        .fold(Vec::<String>::new(), |mut seen, user| {
            if !seen.contains(&user) {
                seen.push(user);
            }
            seen
        })
        .into_iter()
        .map(|user| {
            format!("{user} has a resignation pending: it takes effect when {user}'s turn comes.")
        })
        .collect())
}

/// What only `player` is told in their copy of a game's board mail: the
/// turns they have queued, or their conditional lines (`row`: the game as
/// it stands).
pub fn own_notes(conn: &Connection, row: &Game, player: i64) -> Result<Vec<String>, ServiceError> {
    let game = row.id;
    if row.status != Status::Active {
        return Ok(Vec::new());
    }
    if let Some(note) = crate::service::play::conditional::own_note(conn, game, player)? {
        return Ok(vec![note]);
    }
    let queue = queued::list(conn, game, player)?;
    if queue.is_empty() {
        return Ok(Vec::new());
    }
    Ok(vec![format!(
        "You have the following {} queued: {}",
        if queue.len() == 1 { "move" } else { "moves" },
        crate::service::play::queue::queue_lines(&queue).join(", ")
    )])
}

#[cfg(test)]
mod tests;
