//! `broadcast`: the operator's words to every user with a confirmed
//! address. The shell is the operator; by mail (or `boserv run`) only the
//! users the `operators` setting names may broadcast, with their password.
//! It is the one command whose mail is not bounded per incoming message
//! (it is one mail per [`crate::service::play::announce::social::BCC_BATCH`] addresses).

use rusqlite::Connection;

use super::{SocialError, Words, text};
use crate::command::Actor;
use crate::mail::config::{Config, operator_list};
use crate::service::login::acting_player;
use crate::service::notice::Notice;
use crate::service::{Reply, Request, ServiceError, play::notify};
use crate::store::{self, players, settings};

/// `broadcast TEXT` (by mail: the body is the text).
pub fn broadcast(
    conn: &mut Connection,
    req: &Request<'_>,
    words: &str,
) -> Result<Reply, ServiceError> {
    let text = text(req, words, "broadcast")?;
    let tx = store::write(conn)?;
    let from = match req.actor {
        // The shell is trusted: its user, or the operator without --as.
        Actor::Anonymous if !req.by_mail => "the operator".to_string(),
        Actor::Trusted(_) if !req.by_mail => acting_player(&tx, req.actor)?.userid,
        actor => {
            let user = acting_player(&tx, actor)?.userid;
            let config = Config::new(settings::all(&tx)?);
            let operators = config.get("operators").unwrap_or_default();
            if !operator_list(&operators)
                .iter()
                .any(|o| o.eq_ignore_ascii_case(&user))
            {
                return Err(SocialError::NotOperator(user).into());
            }
            user
        }
    };
    let users = players::reachable(&tx)?;
    let words = Words::Broadcast {
        from: from.clone(),
        text,
    };
    notify::queue(&tx, &[Notice::Words(words)], req.now, req.game_ended)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "broadcast from {from} sent to {} user{}",
        users.len(),
        if users.len() == 1 { "" } else { "s" }
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Command;
    use crate::mail::outbox;
    use crate::service::execute;
    use crate::service::testing::{at, db, run_as, signup};

    #[test]
    fn only_the_shell_and_named_operators_broadcast() {
        let mut conn = db();
        signup(&mut conn, "alice", Some("a@example.org"));
        signup(&mut conn, "bob", Some("b@example.org"));
        let command = Command::Broadcast {
            text: "The server moves on Sunday.".into(),
        };
        let reply = run_as(&mut conn, &Actor::Anonymous, &command).unwrap();
        assert_eq!(reply.text(), "broadcast from the operator sent to 2 users");
        let mails = outbox::list(&conn, outbox::Status::Pending).unwrap();
        assert_eq!(mails.len(), 1, "one mail, every address hidden");
        assert_eq!(
            mails[0].draft.to,
            vec![outbox::UNDISCLOSED, "a@example.org", "b@example.org"]
        );
        let bob = Actor::Claimed {
            user: "bob".into(),
            password: "secret".into(),
        };
        let by_mail = |conn: &mut Connection| {
            execute(conn, &Request::new(&bob, &command, at(0)).by_mail(true))
        };
        assert_eq!(
            by_mail(&mut conn).unwrap_err().to_string(),
            "broadcast is for the server's operators, and bob is not one"
        );
        settings::set(&conn, "operators", "alice, bob").unwrap();
        by_mail(&mut conn).unwrap();
        assert_eq!(
            outbox::list(&conn, outbox::Status::Pending).unwrap().len(),
            2
        );
        assert_eq!(operator_list("a, b c,,d"), vec!["a", "b", "c", "d"]);
    }
}
