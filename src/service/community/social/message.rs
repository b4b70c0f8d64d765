//! `message`: words from one user to others (pbmserv's `message userid
//! password to1 [to2 ...]`, the text in the body). Each recipient must be
//! a user with a confirmed address; at most [`MAX_RECIPIENTS`] of them,
//! one mail each, and each counts towards the sender's daily cap
//! ([`super::spend`]).

use rusqlite::Connection;

use super::{MAX_RECIPIENTS, SocialError, Words, text};
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::{Reply, Request, ServiceError, play::notify};
use crate::store::{self, players};

/// `message USERID... TEXT` (by mail: the body is the text).
pub fn message(
    conn: &mut Connection,
    req: &Request<'_>,
    to: &[String],
    words: &str,
) -> Result<Reply, ServiceError> {
    let mut names: Vec<&String> = Vec::new();
    for user in to {
        if !names.iter().any(|n| n.eq_ignore_ascii_case(user)) {
            names.push(user);
        }
    }
    if names.is_empty() {
        return Err(SocialError::NoRecipients.into());
    }
    if names.len() > MAX_RECIPIENTS {
        return Err(SocialError::TooManyRecipients {
            max: MAX_RECIPIENTS,
            given: names.len(),
        }
        .into());
    }
    let text = text(req, words, "message")?;
    let tx = store::write(conn)?;
    let author = acting_player(&tx, req.actor)?;
    let mut recipients = Vec::new();
    for user in names {
        let player =
            players::find(&tx, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))?;
        if players::confirmed_emails(&tx, player.id)?.is_empty() {
            return Err(SocialError::Unreachable(player.userid).into());
        }
        recipients.push(player.userid);
    }
    super::spend(&tx, &author, recipients.len(), "message", req.now)?;
    let list = recipients.join(", ");
    let words = Words::Message {
        from: author.userid,
        to: recipients,
        text,
    };
    notify::queue(&tx, &[Notice::Words(words)], req.now, req.game_ended)?;
    tx.commit()?;
    Ok(Reply::Done(format!("message sent to {list}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::mail::outbox;
    use crate::service::testing::{db, dump, run_as, signup};

    #[test]
    fn a_message_goes_to_each_named_user_once_and_only_to_real_ones() {
        let mut conn = db();
        signup(&mut conn, "alice", Some("a@example.org"));
        signup(&mut conn, "bob", Some("b@example.org"));
        signup(&mut conn, "carol", None);
        let alice = Actor::Trusted("alice".into());
        let message = |to: &[&str]| Command::Message {
            to: to.iter().map(|s| s.to_string()).collect(),
            text: "Round 2 starts Monday.".into(),
        };
        let reply = run_as(&mut conn, &alice, &message(&["bob", "BOB"])).unwrap();
        assert_eq!(reply.text(), "message sent to bob");
        let mails = outbox::list(&conn, outbox::Status::Pending).unwrap();
        assert_eq!(mails.len(), 1);
        assert_eq!(mails[0].draft.to, vec!["b@example.org"]);
        assert_eq!(mails[0].draft.subject, "Message from alice");
        assert!(mails[0].draft.body.contains("Round 2 starts Monday."));
        let before = dump(&conn);
        let refused = |conn: &mut Connection, to: &[&str]| {
            run_as(conn, &alice, &message(to)).unwrap_err().to_string()
        };
        assert_eq!(refused(&mut conn, &["bob", "zed"]), "no such user: zed");
        assert_eq!(
            refused(&mut conn, &["carol"]),
            "carol has no confirmed address: nothing can reach them"
        );
        let many: Vec<String> = (0..10).map(|n| format!("u{n}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(
            refused(&mut conn, &many),
            "a message goes to at most 9 users, not 10"
        );
        assert_eq!(dump(&conn), before);
        assert_eq!(
            outbox::list(&conn, outbox::Status::Pending).unwrap().len(),
            1
        );
    }
}
