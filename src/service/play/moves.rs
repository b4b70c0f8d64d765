//! `move`: playing a turn.
//!
//! Only the player whose turn it is may move. A trailing `#N` is the
//! number of the move being made (moves so far + 1): a repeated or stale
//! mail then gets a clear refusal instead of a surprise. A bare `#` (as in
//! `Qh7#`) belongs to the move.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::due::Limit;
use crate::command::GameId;
use crate::rules::{Outcome, RulesError, Seat};
use crate::service::error::ServiceError;
use crate::service::game::{LoadedGame, Step};
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, dice, play::notify, play::turn_arrival, time::thinking};
use crate::store::{self, players::Player, turns::EntryKind};

/// Splits `e2-e4#5` into the turn and the move number it claims.
pub fn split_move_number(text: &str) -> (String, Option<u32>) {
    let text = text.trim();
    if let Some((turn, digits)) = text.rsplit_once('#')
        && !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && let Ok(n) = digits.parse()
    {
        return (turn.trim_end().to_string(), Some(n));
    }
    (text.to_string(), None)
}

/// The seat a player moves from now, or why they may not.
fn mover_seat(game: &LoadedGame, player_id: i64, userid: &str) -> Result<Seat, ServiceError> {
    let seats = game.seats_of(player_id);
    if seats.is_empty() {
        return Err(ServiceError::NotPlaying {
            user: userid.to_string(),
            game: game.id(),
        });
    }
    game.ensure_active()?;
    let Some(to_move) = game.position.to_move() else {
        return Err(ServiceError::GameOver {
            game: game.id(),
            result: game.result_line(),
        });
    };
    if !seats.contains(&to_move) {
        return Err(ServiceError::NotYourTurn(game.player_at(to_move)));
    }
    Ok(to_move)
}

/// Plays `turn` for `seat` (held by `player_id`) against the rules and
/// the roll of the turn, and writes it to the log. Returns the turn's
/// canonical text and the outcome if it ended the game. A refusal writes
/// nothing. Used by `move`, `confirm` and the queued turns of
/// [`turn_arrival`].
pub(in crate::service) fn play_turn(
    tx: &Connection,
    game: &mut LoadedGame,
    seat: Seat,
    player_id: i64,
    turn: &str,
    comment: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(String, Option<Outcome>), ServiceError> {
    let roll = dice::current_roll(game)?;
    let turn = crate::service::play::analysis::strip_current_roll(turn, game.variant.dice(), roll)?;
    let played = game.position.play(&turn, roll).map_err(|e| {
        // `c3-d4 e2-e3`: two moves without the comma a turn needs.
        let words: Vec<&str> = turn.split_whitespace().collect();
        let with_comma = words.join(", ");
        if words.len() > 1 && !turn.contains(',') && game.position.play(&with_comma, roll).is_ok() {
            RulesError::Other(format!(
                "{turn}: separate the moves of a turn with a comma: {with_comma}"
            ))
        } else {
            e.reason
        }
    })?;
    let votes: Vec<Seat> = if game.row.draw_votes.contains(&seat) {
        game.row.draw_votes.clone()
    } else {
        Vec::new()
    };
    let step = Step {
        kind: EntryKind::Turn,
        seat: Some(seat),
        player_id: Some(player_id),
        text: &played.canonical,
        roll,
        comment,
        draw_votes: &votes,
    };
    let outcome = game.record(tx, step, played.position, now)?;
    Ok((played.canonical, outcome))
}

/// `move GAME TURN[#N]`.
pub fn play(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    turn: &str,
    expect: Option<u32>,
) -> Result<Reply, ServiceError> {
    let (tx, game, player) = seated(conn, req, id)?;
    let seat = turn_checked(&game, &player, expect)?;
    commit_turn(tx, game, seat, &player, turn, req)
}

/// Game `id` (still being played) and the player asking, who must hold a
/// seat in it, in the command's write transaction.
pub(in crate::service) fn seated<'c>(
    conn: &'c mut Connection,
    req: &Request<'_>,
    id: GameId,
) -> Result<(store::Tx<'c>, LoadedGame, Player), ServiceError> {
    let tx = store::write(conn)?;
    let game = LoadedGame::load(&tx, req.catalog, id)?;
    game.ensure_active()?;
    let player = acting_player(&tx, req.actor)?;
    if game.seats_of(player.id).is_empty() {
        return Err(ServiceError::NotPlaying {
            user: player.userid,
            game: id,
        });
    }
    Ok((tx, game, player))
}

/// The seat `player` moves from now, if it is their turn and `#N` (if
/// given) names the move being made: its turn count, or its full move
/// where that is unambiguous ([`crate::rules::numbering::guard`]).
pub(in crate::service) fn turn_checked(
    game: &LoadedGame,
    player: &Player,
    expect: Option<u32>,
) -> Result<Seat, ServiceError> {
    let seat = mover_seat(game, player.id, &player.userid)?;
    if let Some(got) = expect {
        crate::rules::numbering::guard(game.variant, game.row.ply + 1, got)?;
    }
    Ok(seat)
}

/// Plays a checked player's turn ([`play_turn`]), lets the turn arrive at
/// the next player ([`turn_arrival::advance`]), queues the mail and
/// commits: the end of `move` and `confirm`.
pub(in crate::service) fn commit_turn(
    tx: store::Tx<'_>,
    mut game: LoadedGame,
    seat: Seat,
    player: &Player,
    turn: &str,
    req: &Request<'_>,
) -> Result<Reply, ServiceError> {
    let (comment, now) = (req.comment, req.now);
    // A turn from a player who has used up the game's thinking time
    // (`totaltime`) comes too late: they are out of time as `remind` would
    // judge it (lose, or a draw offer they left unanswered is accepted),
    // and it is not played.
    if let Some(clock) = thinking::out_of_time(&tx, &game, now)? {
        let days = game.row.total_days.unwrap_or_default();
        let (action, notices) = crate::service::play::out_of_time::time_up(
            &tx,
            &mut game,
            &clock,
            Limit::ThinkingTime,
            now,
        )?;
        notify::queue(&tx, &notices, now, req.game_ended)?;
        crate::service::time::due::settle_with(&tx, req.catalog, now, &game)?;
        tx.commit()?;
        let what = match action {
            crate::service::play::out_of_time::Action::Drawn => {
                "so the draw offer they left unanswered is accepted"
            }
            _ => "and loses on time",
        };
        return Ok(Reply::Noted {
            line: format!(
                "{}: too late: {} has used up the {} of thinking time {what}; {turn} was \
                 not played",
                game.id(),
                player.userid,
                crate::service::reply::days_text(days)
            ),
            view: game.current_view(),
        });
    }
    // A turn after the bank of the game's time control ran out: the same.
    if let Some(clock) = crate::service::time::deadline::out_of_bank(&tx, &game, now)? {
        let (action, notices) =
            crate::service::play::out_of_time::time_up(&tx, &mut game, &clock, Limit::Bank, now)?;
        notify::queue(&tx, &notices, now, req.game_ended)?;
        crate::service::time::due::settle_with(&tx, req.catalog, now, &game)?;
        tx.commit()?;
        let what = match action {
            crate::service::play::out_of_time::Action::Drawn => {
                "so the draw offer they left unanswered is accepted"
            }
            _ => "and loses on time",
        };
        return Ok(Reply::Noted {
            line: format!(
                "{}: too late: {}'s clock has run out {what}; {turn} was not played",
                game.id(),
                player.userid,
            ),
            view: game.current_view(),
        });
    }
    let ply = game.row.ply + 1;
    let (canonical, outcome) = play_turn(&tx, &mut game, seat, player.id, turn, comment, now)?;
    let passes = turn_arrival::advance(&tx, &mut game, now)?;
    // The mover's answer shows the board from their side, as their mail does.
    let view = game.current_view_for(seat);
    let moved = Notice::Moved {
        game: game.id(),
        ply,
        turn: canonical.clone(),
        mover: player.userid.clone(),
        to_move: view.to_move.clone(),
        comment: comment.map(str::to_string),
    };
    let game_over = outcome.map(|outcome| Notice::game_over(&game, outcome));
    let passed = notify::queue_change(&tx, moved, game_over, passes, now, req.game_ended)?;
    crate::service::time::due::settle_with(&tx, req.catalog, now, &game)?;
    tx.commit()?;
    Ok(Reply::Moved {
        turn: canonical,
        passes: passed,
        view,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_are_split_off() {
        assert_eq!(split_move_number("e2-e4#5"), ("e2-e4".to_string(), Some(5)));
        assert_eq!(split_move_number("Qh7#"), ("Qh7#".to_string(), None));
        assert_eq!(split_move_number("Qh7##12"), ("Qh7#".to_string(), Some(12)));
        assert_eq!(
            split_move_number("c3-d4, pass #3"),
            ("c3-d4, pass".to_string(), Some(3))
        );
        assert_eq!(split_move_number("e4"), ("e4".to_string(), None));
    }
}

#[cfg(test)]
mod play_tests {
    use crate::command::{Actor, Command};
    use crate::service::testing::{db, dump, race, run_as};

    fn mv(
        conn: &mut rusqlite::Connection,
        user: &str,
        turn: &str,
        expect: Option<u32>,
    ) -> Result<String, String> {
        let game = "game1".parse().unwrap();
        let command = Command::Move {
            game,
            turn: turn.into(),
            expect,
        };
        run_as(conn, &Actor::Trusted(user.into()), &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn refusals_change_nothing() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob", "carol"]);
        mv(&mut conn, "alice", "2", Some(1)).unwrap();
        let before = dump(&conn);
        assert_eq!(
            mv(&mut conn, "alice", "1", None).unwrap_err(),
            "it is bob's turn"
        );
        assert_eq!(
            mv(&mut conn, "carol", "1", None).unwrap_err(),
            "carol is not playing game1"
        );
        assert_eq!(
            mv(&mut conn, "dave", "1", None).unwrap_err(),
            "no such user: dave"
        );
        assert_eq!(
            mv(&mut conn, "bob", "1", Some(3)).unwrap_err(),
            "move #3 received but this is turn 2, move 1... by full moves: write #2 or #1"
        );
        assert_eq!(
            mv(&mut conn, "bob", "3", None).unwrap_err(),
            "3: add 1 or 2"
        );
        let command = Command::Move {
            game: "game9".parse().unwrap(),
            turn: "1".into(),
            expect: None,
        };
        let err = run_as(&mut conn, &Actor::Trusted("bob".into()), &command).unwrap_err();
        assert_eq!(err.to_string(), "no such game: game9");
        assert_eq!(dump(&conn), before);
        mv(&mut conn, "bob", "1", Some(2)).unwrap();
        assert_ne!(dump(&conn), before);
    }

    #[test]
    fn a_finished_game_takes_no_more_turns() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        for (n, turn) in ["2", "2", "2", "2", "2"].iter().enumerate() {
            let user = ["alice", "bob"][n % 2];
            mv(&mut conn, user, turn, Some(n as u32 + 1)).unwrap();
        }
        assert_eq!(
            mv(&mut conn, "bob", "1", None).unwrap_err(),
            "game1 is over: 1-0 (checkmate)"
        );
    }

    #[test]
    fn a_mailed_move_needs_the_password() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let game = "game1".parse().unwrap();
        let command = Command::Move {
            game,
            turn: "1".into(),
            expect: Some(1),
        };
        let wrong = Actor::Claimed {
            user: "alice".into(),
            password: "guess".into(),
        };
        let before = dump(&conn);
        let err = run_as(&mut conn, &wrong, &command).unwrap_err();
        assert_eq!(
            err.to_string(),
            "login refused for alice: unknown userid or wrong password"
        );
        assert_eq!(dump(&conn), before);
        let right = Actor::Claimed {
            user: "ALICE".into(),
            password: "secret".into(),
        };
        run_as(&mut conn, &right, &command).unwrap();
        assert_ne!(dump(&conn), before);
    }
}
