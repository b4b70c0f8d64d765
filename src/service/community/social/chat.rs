//! `chat`: words to everyone who follows a game, its players and its
//! spectators (pbmserv's `game chat board userid password`). Anyone with
//! a login may chat, on a game going on or over; the chatter gets no copy
//! (their answer says who was told). Each user told counts towards the
//! chatter's daily cap ([`super::spend`]).

use rusqlite::Connection;

use super::{SocialError, Words, text};
use crate::command::GameId;
use crate::service::game::timestamp;
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::{Reply, Request, ServiceError, play::notify};
use crate::store::watchers::{self, Kind};
use crate::store::{self, games, players};

/// `chat GAME TEXT...` (by mail: the body is the text).
pub fn chat(
    conn: &mut Connection,
    req: &Request<'_>,
    game: GameId,
    words: &str,
) -> Result<Reply, ServiceError> {
    let text = text(req, words, "chat")?;
    let tx = store::write(conn)?;
    let author = acting_player(&tx, req.actor)?;
    let row = games::find(&tx, game)?.ok_or(ServiceError::NoSuchGame(game))?;
    let reachable = |user: &str| -> Result<bool, ServiceError> {
        Ok(match players::find(&tx, user)? {
            Some(p) => !players::confirmed_emails(&tx, p.id)?.is_empty(),
            None => false,
        })
    };
    let mut seen = vec![author.userid.to_lowercase()];
    let mut fresh = |user: &str| {
        let key = user.to_lowercase();
        let new = !seen.contains(&key);
        seen.push(key);
        new
    };
    let mut to_players = Vec::new();
    for user in &row.players {
        if fresh(user) && reachable(user)? {
            to_players.push(user.clone());
        }
    }
    let mut to_spectators = Vec::new();
    for (_, user) in watchers::of_game(&tx, game, Kind::Subscribe)? {
        if fresh(&user) && reachable(&user)? {
            to_spectators.push(user);
        }
    }
    if to_players.is_empty() && to_spectators.is_empty() {
        return Err(SocialError::NobodyToTell {
            user: author.userid,
            game,
        }
        .into());
    }
    let reached = to_players.len() + to_spectators.len();
    super::spend(&tx, &author, reached, "chat", req.now)?;
    let told = told(&to_players, to_spectators.len());
    // A player who takes the daily digest reads it there too.
    if store::digests::any_takes_digest(&tx, &row.player_ids)? {
        store::digests::add_chat(&tx, game, &author.userid, &text, &timestamp(req.now))?;
    }
    let words = Words::Chat {
        game,
        by: author.userid.clone(),
        players: to_players,
        spectators: to_spectators,
        text,
    };
    notify::queue(&tx, &[Notice::Words(words)], req.now, req.game_ended)?;
    tx.commit()?;
    Ok(Reply::Done(format!("chat on {game} sent to {told}")))
}

/// `bob and 2 spectators`.
fn told(players: &[String], spectators: usize) -> String {
    let mut parts = players.to_vec();
    match spectators {
        0 => {}
        1 => parts.push("1 spectator".to_string()),
        n => parts.push(format!("{n} spectators")),
    }
    match parts.as_slice() {
        [] => "nobody".to_string(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command, Watch};
    use crate::mail::outbox;
    use crate::service::testing::{db, four, run_as};

    #[test]
    fn chat_reaches_players_and_spectators_but_not_the_chatter() {
        let mut conn = db();
        let game = four(&mut conn);
        let carol = Actor::Trusted("carol".into());
        let watch = Command::Subscribe {
            variant: "race".into(),
            target: Watch::Board(game),
            on: true,
        };
        run_as(&mut conn, &carol, &watch).unwrap();
        let before = outbox::list(&conn, outbox::Status::Pending).unwrap().len();
        let chat = Command::Chat {
            game,
            text: "nice opening".into(),
        };
        let reply = run_as(&mut conn, &Actor::Trusted("alice".into()), &chat).unwrap();
        assert_eq!(
            reply.text(),
            format!("chat on {game} sent to bob and 1 spectator")
        );
        let mails = outbox::list(&conn, outbox::Status::Pending).unwrap();
        let new: Vec<_> = mails[before..].iter().map(|m| &m.draft).collect();
        assert_eq!(new.len(), 2, "{new:#?}");
        assert_eq!(new[0].to, vec!["b@example.org"]);
        assert_eq!(new[0].subject, format!("Race chat {} alice", game.0));
        assert!(new[0].body.contains("nice opening"), "{}", new[0].body);
        assert!(new[1].to.contains(&"c@example.org".to_string()));
        assert!(
            !new.iter()
                .any(|d| d.to.iter().any(|a| a == "a@example.org"))
        );
        // Anyone with a login may chat; an empty chat changes nothing.
        let dave = Actor::Trusted("dave".into());
        run_as(&mut conn, &dave, &chat).unwrap();
        let empty = Command::Chat {
            game,
            text: "  ".into(),
        };
        let count = outbox::list(&conn, outbox::Status::Pending).unwrap().len();
        assert_eq!(
            run_as(&mut conn, &dave, &empty).unwrap_err().to_string(),
            "chat: no text: write it after the command (by mail: in the body)"
        );
        assert_eq!(
            outbox::list(&conn, outbox::Status::Pending).unwrap().len(),
            count
        );
        let nobody = Command::Chat {
            game: GameId(99),
            text: "hi".into(),
        };
        assert_eq!(
            run_as(&mut conn, &dave, &nobody).unwrap_err().to_string(),
            "no such game: game99"
        );
    }

    #[test]
    fn told_lists_names_and_counts() {
        assert_eq!(told(&["bob".into()], 0), "bob");
        assert_eq!(
            told(&["bob".into(), "eve".into()], 3),
            "bob, eve and 3 spectators"
        );
        assert_eq!(told(&[], 2), "2 spectators");
    }
}
