//! `draw GAME offer|accept|decline`: a draw by agreement.
//!
//! An offer stands until every seat has agreed (the game is then drawn),
//! someone declines, or a player who has not agreed makes a move. Offering
//! when another player's offer stands is agreeing to it. Accepting or
//! declining needs an offer. A seat that has left a game that goes on
//! without it ([`crate::rules::Position::has_left`]) counts as agreeing,
//! as in pbmserv.
//!
//! Silence (see [`crate::service::remind`]): a player to move who neither moves nor
//! answers by their deadline accepts an offer everyone else agrees to, as
//! pbmserv auto-accepted for those who did not vote; but offering a draw
//! does not stop the offerer's own clock: a player to move who offered and
//! does not move loses on time. Whoever must answer is reminded once.

use rusqlite::Connection;

use crate::command::{DrawAction, GameId};
use crate::rules::Conclusion;
use crate::service::error::ServiceError;
use crate::service::game::Step;
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, play::votes};
use crate::store::{self, draw_offers, games, turns::EntryKind};

/// `draw GAME offer|accept|decline`.
pub fn draw(
    conn: &mut Connection,
    req: &Request<'_>,
    id: GameId,
    action: DrawAction,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let (mut game, player, mine) = votes::voter(&tx, req, id)?;
    let standing = !game.row.draw_votes.is_empty();
    // One proposal at a time (see crate::service::play::undo).
    if !game.row.undo_votes.is_empty() {
        return Err(ServiceError::OtherProposal {
            game: id,
            pending: "a takeback",
        });
    }
    let mut notices = Vec::new();
    match action {
        DrawAction::Offer if standing && mine.iter().all(|s| game.row.draw_votes.contains(s)) => {
            return Err(ServiceError::DrawAlreadyOffered(id));
        }
        DrawAction::Accept | DrawAction::Decline if !standing => {
            return Err(ServiceError::NoDrawOffer(id));
        }
        // Accepting one's own offer would change nothing: say so.
        DrawAction::Accept if mine.iter().all(|s| game.row.draw_votes.contains(s)) => {
            return Err(ServiceError::OwnDrawOffer {
                game: id,
                waiting: votes::waiting_for(&game, &game.row.draw_votes).join(" and "),
            });
        }
        DrawAction::Decline => {
            games::set_draw_votes(&tx, id, &[], &crate::service::game::timestamp(req.now))?;
            game.row.draw_votes.clear();
            notices.push(Notice::DrawDeclined {
                game: id,
                by: player.userid.clone(),
            });
        }
        DrawAction::Offer | DrawAction::Accept => {
            let votes = crate::service::game::agreeing(&game, &game.row.draw_votes, &mine);
            if votes.len() == game.row.players.len() {
                let position = game.position.conclude(&Conclusion::DrawAgreed)?;
                let step = Step {
                    kind: EntryKind::Draw,
                    seat: None,
                    player_id: Some(player.id),
                    text: "draw agreed",
                    roll: None,
                    comment: req.comment,
                    draw_votes: &[],
                };
                if let Some(outcome) = game.record(&tx, step, position, req.now)? {
                    notices.push(Notice::game_over(&game, outcome));
                }
            } else {
                let now = crate::service::game::timestamp(req.now);
                games::set_draw_votes(&tx, id, &votes, &now)?;
                // A new offer: its time, for the reminder to those who
                // must answer it (see crate::service::remind).
                if !standing {
                    draw_offers::made(&tx, id, &now)?;
                }
                let waiting_for = votes::waiting_for(&game, &votes);
                game.row.draw_votes = votes;
                notices.push(Notice::DrawOffered {
                    game: id,
                    by: player.userid.clone(),
                    waiting_for,
                });
            }
        }
    }
    votes::close(tx, notices, req, id, &player.userid)?;
    let view = game.current_view();
    Ok(match action {
        DrawAction::Decline => Reply::Noted {
            line: format!("{}: {} declined the draw offer", id, player.userid),
            view,
        },
        _ => Reply::Board(view),
    })
}

#[cfg(test)]
mod tests {
    use crate::command::{Actor, Command, DrawAction};
    use crate::service::testing::{db, dump, race, run_as};

    fn draw(
        conn: &mut rusqlite::Connection,
        user: &str,
        action: DrawAction,
    ) -> Result<String, String> {
        let command = Command::Draw {
            game: "game1".parse().unwrap(),
            action,
        };
        run_as(conn, &Actor::Trusted(user.into()), &command)
            .map(|r| r.text())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn accepting_needs_an_offer() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        let before = dump(&conn);
        assert_eq!(
            draw(&mut conn, "bob", DrawAction::Accept).unwrap_err(),
            "nobody has offered a draw in game1"
        );
        assert_eq!(
            draw(&mut conn, "bob", DrawAction::Decline).unwrap_err(),
            "nobody has offered a draw in game1"
        );
        assert_eq!(dump(&conn), before);
        assert!(
            draw(&mut conn, "alice", DrawAction::Offer)
                .unwrap()
                .contains("draw offered by alice")
        );
        assert_eq!(
            draw(&mut conn, "alice", DrawAction::Offer).unwrap_err(),
            "you have already offered a draw in game1"
        );
        let offered = dump(&conn);
        assert_eq!(
            draw(&mut conn, "alice", DrawAction::Accept).unwrap_err(),
            "you offered the draw in game1 yourself; it waits for bob"
        );
        assert_eq!(dump(&conn), offered);
        assert!(
            draw(&mut conn, "bob", DrawAction::Decline)
                .unwrap()
                .starts_with("game1: bob declined the draw offer\n")
        );
        assert_eq!(
            draw(&mut conn, "bob", DrawAction::Accept).unwrap_err(),
            "nobody has offered a draw in game1"
        );
    }

    #[test]
    fn a_move_by_the_other_side_lapses_the_offer() {
        let mut conn = db();
        race(&mut conn, &["alice", "bob"]);
        draw(&mut conn, "bob", DrawAction::Offer).unwrap();
        let game = "game1".parse().unwrap();
        run_as(
            &mut conn,
            &Actor::Trusted("alice".into()),
            &Command::Move {
                game,
                turn: "1".into(),
                expect: None,
            },
        )
        .unwrap();
        assert_eq!(
            draw(&mut conn, "alice", DrawAction::Accept).unwrap_err(),
            "nobody has offered a draw in game1"
        );
        draw(&mut conn, "alice", DrawAction::Offer).unwrap();
        run_as(
            &mut conn,
            &Actor::Trusted("bob".into()),
            &Command::Move {
                game,
                turn: "1".into(),
                expect: None,
            },
        )
        .unwrap();
        draw(&mut conn, "alice", DrawAction::Accept).unwrap_err();
    }
}
