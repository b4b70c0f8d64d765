//! A player out of time: the game is drawn when their silence accepts a
//! standing draw offer, else they forfeit (on their thinking time, their
//! clock's bank, or days without a move). `remind` finds them; a move that
//! comes too late ends here too.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::due::Limit;
use crate::rules::{Conclusion, Seat};
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, Step};
use crate::service::notice::Notice;
use crate::service::play::turn_arrival;
use crate::service::reply::days_text;
use crate::service::time::deadline::GameClock;
use crate::store::games;
use crate::store::turns::EntryKind;

/// What was done to one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Nothing,
    Reminded,
    VotersReminded,
    Forfeited,
    Drawn,
    /// The player to move had signed off: they left the game (`remind`,
    /// src/service/remind/farewells.rs).
    SignedOff,
}

/// The player to move of `game` is out of time (`limit`, read on `clock`):
/// when their silence accepts a standing draw offer (they have not agreed,
/// everyone else has) the game is drawn by agreement; otherwise they lose
/// on time, whether or not they offered a draw themselves. Returns what was
/// done and the notices, for the caller's transaction. `remind` and a move
/// that comes too late both end here.
pub fn time_up(
    tx: &Connection,
    game: &mut LoadedGame,
    clock: &GameClock,
    limit: Limit,
    now: DateTime<Utc>,
) -> Result<(Action, Vec<Notice>), ServiceError> {
    let seat = clock.seat;
    let player = game.player_at(seat);
    if clock.silence_accepts {
        let comment = format!(
            "{player} neither moved nor answered the draw offer by the deadline: \
             the silence accepts it"
        );
        let position = game.position.conclude(&Conclusion::DrawAgreed)?;
        let step = Step {
            kind: EntryKind::Draw,
            seat: None,
            player_id: None,
            text: "draw agreed",
            roll: None,
            comment: Some(&comment),
            draw_votes: &[],
        };
        let mut notices = Vec::new();
        if let Some(outcome) = game.record(tx, step, position, now)? {
            notices.push(Notice::game_over(game, outcome));
        }
        return Ok((Action::Drawn, notices));
    }
    if limit == Limit::ThinkingTime {
        let days = game.row.total_days.unwrap_or_default();
        let notices = lose_thinking_time(tx, game, seat, days, now)?;
        return Ok((Action::Forfeited, notices));
    }
    let days = clock.pauses.running_between(clock.started, now).num_days();
    let id = game.id();
    // A resignation waiting for its player's turn goes first: who gave up
    // does not win by the silence of the player to move.
    let resigned = turn_arrival::resign_waiting(tx, game, now)?;
    if game.row.status != games::Status::Active {
        turn_arrival::forget(tx, id)?;
        return Ok((Action::Nothing, resigned));
    }
    let control =
        crate::service::time::deadline::control_of(game)?.filter(|_| limit == Limit::Bank);
    let comment = match control {
        Some(c) => format!("{player}'s clock ({}) has run out", c.describe()),
        None => format!("{player} has not moved in {days} days"),
    };
    let position = game.position.conclude(&Conclusion::Forfeit(seat))?;
    let step = Step {
        kind: EntryKind::Forfeit,
        seat: Some(seat),
        player_id: Some(clock.player_id),
        text: "forfeits on time",
        roll: None,
        comment: Some(&comment),
        draw_votes: &[],
    };
    let outcome = game.record(tx, step, position, now)?;
    // In a game of three the seat is out: its turns pass from now on (in
    // dice games the server records those passes with their rolls).
    let passes = turn_arrival::advance(tx, game, now)?;
    let mut notices = resigned;
    let to_move = game.to_move_in(game.position.as_ref());
    notices.push(match control {
        Some(c) => Notice::ClockRanOut {
            game: id,
            player,
            control: c.describe(),
            to_move,
        },
        None => Notice::Forfeited {
            game: id,
            player,
            days,
            to_move,
        },
    });
    if let Some(outcome) = outcome {
        notices.push(Notice::game_over(game, outcome));
    }
    notices.extend(passes);
    Ok((Action::Forfeited, notices))
}

/// `seat` has used up the `days` of thinking time of `game`: it loses on
/// time (in a game of three the others play on; the passes the server then
/// records follow). Returns the notices, for the caller's transaction.
pub fn lose_thinking_time(
    conn: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    days: u32,
    now: DateTime<Utc>,
) -> Result<Vec<Notice>, ServiceError> {
    let player = game.player_at(seat);
    let comment = format!(
        "{player} has used up the {} of thinking time",
        days_text(days)
    );
    let position = game.position.conclude(&Conclusion::Forfeit(seat))?;
    let step = Step {
        kind: EntryKind::Forfeit,
        seat: Some(seat),
        player_id: game.row.player_ids.get(seat).copied(),
        text: "forfeits on time",
        roll: None,
        comment: Some(&comment),
        draw_votes: &[],
    };
    let outcome = game.record(conn, step, position, now)?;
    // The turn passes on: forced passes, queued turns (as after a forfeit).
    let passes = turn_arrival::advance(conn, game, now)?;
    let mut notices = vec![Notice::OutOfTime {
        game: game.id(),
        player,
        days,
        to_move: game.to_move_in(game.position.as_ref()),
    }];
    if let Some(outcome) = outcome {
        notices.push(Notice::game_over(game, outcome));
    }
    notices.extend(passes);
    Ok(notices)
}
