//! `undo GAME offer|accept|decline`: taking back the last turn by vote
//! (pbmserv's `move … undo`), and `answer`, pbmserv's `accept`/`reject`
//! on whatever stands.
//!
//! Any player may propose to take back the last turn; the proposer counts
//! as agreeing, and so does a seat that has left the game; every other
//! player must accept. One decline ends the proposal, and so does any new
//! entry in the game's log (a move, a resignation, a forfeit): the turn it
//! named is no longer the last. Only one proposal stands at a time: a
//! takeback is not proposed while a draw offer stands, nor a draw while a
//! takeback is proposed, so `accept` and `reject` always answer one thing.
//!
//! "The last turn" is the last turn a player made, with the automatic
//! passes the server recorded after it (dice games); a game whose last
//! entry is a resignation or a forfeit has no turn to take back, nor has a
//! game before its first turn or a finished one.
//!
//! An agreed takeback keeps the audit trail: the turns it takes back stay
//! in the log, marked as taken back by an `undo` entry (see
//! `store/votes.sql`), and `history` shows them. The game is rebuilt from
//! the log without them. Dice are never rolled again: roll n belongs to
//! move n, so the turn played in place of a taken-back one gets the same
//! roll, and `audit` checks the live turns as ever. The `undo` entry is the
//! log's last, so the reminder clock of the player to move starts again at
//! the takeback; their thinking time (`totaltime`, [`crate::service::time::thinking`])
//! still counts the time before it.

use rusqlite::Connection;

use crate::command::{DrawAction, GameId};
use crate::service::error::ServiceError;
use crate::service::game::AUTO_PASS;
use crate::service::game::{LoadedGame, rebuild, timestamp};
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, play::draw, play::votes};
use crate::store::games::{self, NewState, Status};
use crate::store::turns::{self, Entry, EntryKind};
use crate::store::{self, Tx};

/// `accept`/`reject` (pbmserv): a vote on the draw offer or the takeback
/// that stands.
pub fn answer(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    accept: bool,
) -> Result<Reply, ServiceError> {
    let action = if accept {
        DrawAction::Accept
    } else {
        DrawAction::Decline
    };
    let row = games::find(conn, id)?.ok_or(ServiceError::NoSuchGame(id))?;
    if !row.undo_votes.is_empty() {
        undo(conn, req, id, action)
    } else if !row.draw_votes.is_empty() {
        draw::draw(conn, req, id, action)
    } else {
        // Judged as a vote would be (a finished game, a non-player) first.
        let tx = store::read(conn)?;
        votes::voter(&tx, req, id)?;
        Err(ServiceError::NothingProposed(id))
    }
}

/// The turn a takeback would undo: the index in the live `log` of the last
/// turn a player made; every entry after it is an automatic pass.
fn last_turn(id: GameId, log: &[Entry]) -> Result<usize, ServiceError> {
    let automatic =
        |e: &Entry| e.kind == EntryKind::Turn && e.comment.as_deref() == Some(AUTO_PASS);
    let index = log
        .iter()
        .rposition(|e| !automatic(e))
        .ok_or(ServiceError::NothingToTakeBack {
            game: id,
            why: " yet",
        })?;
    if log[index].kind != EntryKind::Turn {
        return Err(ServiceError::NothingToTakeBack {
            game: id,
            why: ": a resignation or a forfeit is not taken back",
        });
    }
    Ok(index)
}

/// `undo GAME offer|accept|decline`.
pub fn undo(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    action: DrawAction,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let (mut game, player, mine) = votes::voter(&tx, req, id)?;
    if !game.row.draw_votes.is_empty() {
        return Err(ServiceError::OtherProposal {
            game: id,
            pending: "a draw offer",
        });
    }
    let log = turns::log(&tx, id)?;
    let index = last_turn(id, &log)?;
    let taken = &log[index];
    let mover = taken.player.clone().unwrap_or_default();
    let votes_so_far = game.row.undo_votes.clone();
    let standing = !votes_so_far.is_empty();
    let all_mine = mine.iter().all(|s| votes_so_far.contains(s));
    let mut notices = Vec::new();
    let line = match action {
        DrawAction::Offer if standing && all_mine => {
            return Err(ServiceError::TakebackAlreadyProposed(id));
        }
        DrawAction::Accept | DrawAction::Decline if !standing => {
            return Err(ServiceError::NoTakeback(id));
        }
        DrawAction::Accept if all_mine => {
            return Err(ServiceError::OwnTakeback {
                game: id,
                waiting: votes::waiting_for(&game, &votes_so_far).join(" and "),
            });
        }
        DrawAction::Decline => {
            games::set_undo_votes(&tx, id, &[], &timestamp(req.now))?;
            game.row.undo_votes.clear();
            notices.push(Notice::TakebackDeclined {
                game: id,
                by: player.userid.clone(),
            });
            format!("{id}: {} declined the takeback", player.userid)
        }
        DrawAction::Offer | DrawAction::Accept => {
            let votes = crate::service::game::agreeing(&game, &votes_so_far, &mine);
            if votes.len() == game.row.players.len() {
                take_back(&tx, &mut game, &log, index, player.id, req)?;
                notices.push(Notice::TakenBack {
                    game: id,
                    mover: mover.clone(),
                    turn: taken.text.clone(),
                    ply: taken.ply,
                    to_move: game.to_move_in(game.position.as_ref()),
                });
                format!(
                    "{id}: takeback accepted: {mover}'s {} (move {}) is undone",
                    taken.text,
                    crate::rules::numbering::name(game.variant, taken.ply)
                )
            } else {
                games::set_undo_votes(&tx, id, &votes, &timestamp(req.now))?;
                let waiting_for = votes::waiting_for(&game, &votes);
                let line = format!(
                    "{id}: takeback of {mover}'s {} (move {}) proposed; waiting for {}",
                    taken.text,
                    crate::rules::numbering::name(game.variant, taken.ply),
                    waiting_for.join(" and ")
                );
                notices.push(Notice::TakebackProposed {
                    game: id,
                    by: player.userid.clone(),
                    mover: mover.clone(),
                    turn: taken.text.clone(),
                    ply: taken.ply,
                    waiting_for,
                });
                game.row.undo_votes = votes;
                line
            }
        }
    };
    votes::close(tx, notices, req, id, &player.userid)?;
    let view = match mine.first() {
        Some(&seat) => game.current_view_for(seat),
        None => game.current_view(),
    };
    Ok(Reply::Noted { line, view })
}

/// Undoes `log[index..]`: an `undo` entry is appended, the turns are marked
/// as taken back by it, and the game is rebuilt from the turns before.
fn take_back(
    tx: &Tx<'_>,
    game: &mut LoadedGame,
    log: &[Entry],
    index: usize,
    player_id: i64,
    req: &Request<'_>,
) -> Result<(), ServiceError> {
    let id = game.id();
    let at = timestamp(req.now);
    let ply = log[index].ply - 1;
    let entry = Entry {
        seq: turns::count(tx, id)? + 1,
        ply,
        kind: EntryKind::Undo,
        seat: None,
        player: None,
        text: format!("takes back {}", log[index].text),
        roll: None,
        comment: req.comment.map(str::to_string),
        at: at.clone(),
        auto: false,
    };
    turns::append(tx, id, &entry, Some(player_id))?;
    turns::take_back(tx, id, log[index].seq, entry.seq)?;
    let position = rebuild(game.variant, &game.row.options, &log[..index])?;
    games::update(
        tx,
        id,
        &NewState {
            position: &position.encode(),
            ply,
            status: Status::Active,
            result: None,
            reason: None,
            draw_votes: &[],
            now: &at,
        },
    )?;
    game.row.ply = ply;
    game.row.draw_votes.clear();
    game.row.undo_votes.clear();
    game.row.updated = at;
    game.position = position;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::command::{Actor, Command, DrawAction, GameId};
    use crate::service::testing::{db, dump, race, run_as};
    use crate::store::turns;

    fn game() -> GameId {
        "game1".parse().unwrap()
    }

    fn undo(
        conn: &mut rusqlite::Connection,
        user: &str,
        action: DrawAction,
    ) -> Result<String, String> {
        let command = Command::Undo {
            game: game(),
            action,
        };
        run_as(conn, &Actor::Trusted(user.into()), &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    fn answer(conn: &mut rusqlite::Connection, user: &str, accept: bool) -> Result<String, String> {
        let command = Command::Answer {
            game: game(),
            accept,
        };
        run_as(conn, &Actor::Trusted(user.into()), &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    fn mv(conn: &mut rusqlite::Connection, user: &str, turn: &str) -> Result<String, String> {
        let command = Command::Move {
            game: game(),
            turn: turn.into(),
            expect: None,
        };
        run_as(conn, &Actor::Trusted(user.into()), &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn nothing_to_take_back_before_the_first_turn() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob", "carol"]);
        let before = dump(&conn);
        assert_eq!(
            undo(&mut conn, "alice", DrawAction::Offer).unwrap_err(),
            "game1 has no turn to take back yet"
        );
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Accept).unwrap_err(),
            "game1 has no turn to take back yet"
        );
        assert_eq!(
            answer(&mut conn, "bob", true).unwrap_err(),
            "nothing has been proposed in game1: no draw offer or takeback to answer"
        );
        assert_eq!(
            answer(&mut conn, "carol", true).unwrap_err(),
            "carol is not playing game1"
        );
        assert_eq!(dump(&conn), before);
    }

    #[test]
    fn an_agreed_takeback_undoes_the_last_turn_and_keeps_it_in_the_trail() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        mv(&mut conn, "alice", "2").unwrap();
        mv(&mut conn, "bob", "2").unwrap();
        let proposed = undo(&mut conn, "bob", DrawAction::Offer).unwrap();
        assert!(
            proposed
                .starts_with("game1: takeback of bob's 2 (move 1...) proposed; waiting for alice"),
            "{proposed}"
        );
        assert!(
            proposed.contains("\ntakeback of the last turn proposed by bob\n"),
            "{proposed}"
        );
        let before = dump(&conn);
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Offer).unwrap_err(),
            "you have already proposed a takeback in game1"
        );
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Accept).unwrap_err(),
            "you proposed the takeback in game1 yourself; it waits for alice"
        );
        let draw = Command::Draw {
            game: game(),
            action: DrawAction::Offer,
        };
        let err = run_as(&mut conn, &Actor::Trusted("alice".into()), &draw).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a takeback stands in game1: accept or decline it first"
        );
        assert_eq!(dump(&conn), before);
        let done = answer(&mut conn, "alice", true).unwrap();
        assert!(
            done.contains("takeback accepted: bob's 2 (move 1...) is undone"),
            "{done}"
        );
        assert!(done.contains("total 2"), "{done}");
        assert!(done.contains("it is bob's turn (move 2)"), "{done}");
        // The log keeps the undone turn, marked; the live log does not.
        let trail = turns::trail(&conn, game()).unwrap();
        assert_eq!(trail.len(), 3);
        assert_eq!(trail[1].1, Some(3));
        assert_eq!(trail[2].0.kind, turns::EntryKind::Undo);
        assert_eq!(turns::log(&conn, game()).unwrap().len(), 1);
        // bob plays move 2 again, differently.
        mv(&mut conn, "bob", "1").unwrap();
        let history = run_as(
            &mut conn,
            &Actor::Anonymous,
            &Command::History { game: game() },
        )
        .unwrap()
        .text();
        assert!(history.contains("(taken back)"), "{history}");
        assert!(history.contains("takeback"), "{history}");
    }

    #[test]
    fn a_decline_or_a_move_ends_the_proposal() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        mv(&mut conn, "alice", "1").unwrap();
        undo(&mut conn, "alice", DrawAction::Offer).unwrap();
        let declined = answer(&mut conn, "bob", false).unwrap();
        assert!(
            declined.starts_with("game1: bob declined the takeback"),
            "{declined}"
        );
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Accept).unwrap_err(),
            "nobody has proposed a takeback in game1"
        );
        undo(&mut conn, "alice", DrawAction::Offer).unwrap();
        mv(&mut conn, "bob", "1").unwrap();
        assert_eq!(
            undo(&mut conn, "alice", DrawAction::Accept).unwrap_err(),
            "nobody has proposed a takeback in game1"
        );
        // A draw offer stands: no takeback until it is answered.
        let draw = Command::Draw {
            game: game(),
            action: DrawAction::Offer,
        };
        run_as(&mut conn, &Actor::Trusted("alice".into()), &draw).unwrap();
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Offer).unwrap_err(),
            "a draw offer stands in game1: accept or decline it first"
        );
        // `reject` answers the draw.
        assert!(
            answer(&mut conn, "bob", false)
                .unwrap()
                .contains("declined the draw")
        );
    }

    #[test]
    fn a_finished_game_takes_nothing_back() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        for (n, turn) in ["2", "2", "2", "2", "2"].iter().enumerate() {
            mv(&mut conn, ["alice", "bob"][n % 2], turn).unwrap();
        }
        assert_eq!(
            undo(&mut conn, "bob", DrawAction::Offer).unwrap_err(),
            "game1 is over: 1-0 (checkmate)"
        );
    }
}
