//! Accounts: signing up, changing a password or an address, and finding
//! out who is asking.
//!
//! Passwords are stored as argon2 hashes. A [`Actor::Claimed`] user (mail,
//! `boserv run`) is checked against the hash; the shell's
//! [`Actor::Trusted`] user is not (shell access to the database is trust),
//! which also keeps argon2 off the shell's move path.

pub mod board_show;
pub mod showas;
pub mod signoff;
pub mod tidings;
pub mod time_zone;
pub mod vacation;

use rusqlite::Connection;

use crate::mail::limits;
use crate::mail::settings::Settings;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::notice::Notice;
use crate::service::reply::Reply;
use crate::service::{Request, play::notify};
use crate::store::players;

use crate::service::login::acting_player;
use crate::service::login::hash;
use crate::store::{self, StoreError};

/// A userid: 1 to 32 letters, digits, `_`, `-` or `.`, starting with a
/// letter (so it never reads as a game number).
pub fn check_userid(userid: &str) -> Result<(), ServiceError> {
    match crate::command::names::userid_problem(userid) {
        Some(why) => Err(ServiceError::BadUserid {
            userid: userid.to_string(),
            why,
        }),
        None => Ok(()),
    }
}

/// A password: no spaces, quotes or colons (they would break the mail
/// command line), at least 4 characters.
pub fn check_password(password: &str) -> Result<(), ServiceError> {
    match crate::command::names::password_problem(password) {
        Some(why) => Err(ServiceError::BadPassword(why)),
        None => Ok(()),
    }
}

/// The most addresses one player may have (so one mail can ask for at
/// most this many confirmation mails).
pub const MAX_ADDRESSES: usize = 4;

/// At most [`MAX_ADDRESSES`], each one mail can be sent to.
fn check_addresses(emails: &[String]) -> Result<(), ServiceError> {
    if emails.len() > MAX_ADDRESSES {
        return Err(ServiceError::TooManyAddresses {
            max: MAX_ADDRESSES,
            given: emails.len(),
        });
    }
    match emails.iter().find(|e| !crate::command::is_mail_address(e)) {
        Some(bad) => Err(ServiceError::BadAddress(bad.clone())),
        None => Ok(()),
    }
}

/// `signup USERID PASSWORD [EMAIL...]`.
pub fn signup(
    conn: &mut Connection,
    req: &Request<'_>,
    user: &str,
    password: &str,
    emails: &[String],
) -> Result<Reply, ServiceError> {
    check_userid(user)?;
    check_password(password)?;
    check_addresses(emails)?;
    let hashed = hash(password)?;
    let tx = store::write(conn)?;
    if players::find(&tx, user)?.is_some() {
        return Err(ServiceError::UserTaken(user.to_string()));
    }
    crate::service::bot::account::check_signup(&tx, user)?;
    let id = players::insert(&tx, user, &hashed, emails, &timestamp(req.now))?;
    let mut notices = vec![Notice::SignedUp {
        user: user.to_string(),
        emails: emails.to_vec(),
    }];
    let pending = ask_confirmation(&tx, req, id, user, emails, &mut notices)?;
    notify::queue(&tx, &notices, req.now, req.game_ended)?;
    tx.commit()?;
    Ok(Reply::Done(match pending.is_empty() {
        true => format!("signed up {user}"),
        false => format!(
            "signed up {user}; a confirmation code was mailed to {}: no other mail goes there until it comes back",
            pending.join(", ")
        ),
    }))
}

/// By mail, each address in `added` must be confirmed: a fresh code for
/// each (only its hash kept), and one confirmation mail, within the
/// address's daily bound (`confirmations-per-day`, counted with its
/// answers: mail/limits.rs). Returns them.
fn ask_confirmation(
    tx: &Connection,
    req: &Request<'_>,
    player: i64,
    user: &str,
    added: &[String],
    notices: &mut Vec<Notice>,
) -> Result<Vec<String>, ServiceError> {
    if !req.by_mail {
        return Ok(Vec::new());
    }
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    for email in added {
        // Each confirmation mail is one of the few mails an address may
        // get a day: a signup naming someone else cannot flood them.
        limits::may_confirm(tx, email, req.now, &settings.rates)??;
        let code = confirmation_code()?;
        players::await_confirmation(tx, player, email, &code_digest(&code))?;
        notices.push(Notice::ConfirmAddress {
            user: user.to_string(),
            email: email.clone(),
            code,
        });
    }
    Ok(added.to_vec())
}

/// A confirmation code: 64 random bits in hex, written without links.
fn confirmation_code() -> Result<String, ServiceError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServiceError::Internal(format!("no randomness for a code: {e}")))?;
    Ok(hex::encode(bytes))
}

/// The stored form of a code: SHA-256 of its lowercase form, hex.
fn code_digest(code: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(code.trim().to_ascii_lowercase().as_bytes()))
}

/// `confirm USERID CODE`: the address the code was mailed to is confirmed.
pub fn confirm(
    conn: &mut Connection,
    req: &Request<'_>,
    user: &str,
    code: &str,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = players::find(&tx, user)?.ok_or_else(|| ServiceError::BadCode(user.into()))?;
    let email = players::confirm(&tx, player.id, &code_digest(code))?
        .ok_or_else(|| ServiceError::BadCode(player.userid.clone()))?;
    tx.commit()?;
    let _ = req;
    Ok(Reply::Done(format!(
        "confirmed {email} for {}: game mail goes there now",
        player.userid
    )))
}

/// `change password`: the actor's new password.
pub fn change_password(
    conn: &mut Connection,
    req: &Request<'_>,
    new_password: &str,
) -> Result<Reply, ServiceError> {
    check_password(new_password)?;
    let hashed = hash(new_password)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    players::set_password(&tx, player.id, &hashed)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "changed the password of {}",
        player.userid
    )))
}

/// `change address`: the actor's new addresses (by mail, each new one
/// waits for its confirmation).
pub fn change_address(
    conn: &mut Connection,
    req: &Request<'_>,
    emails: &[String],
) -> Result<Reply, ServiceError> {
    check_addresses(emails)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let added = players::set_emails(&tx, player.id, emails)?;
    let mut notices = Vec::new();
    let pending = ask_confirmation(&tx, req, player.id, &player.userid, &added, &mut notices)?;
    notify::queue(&tx, &notices, req.now, req.game_ended)?;
    tx.commit()?;
    let mut text = format!("{} now gets mail at {}", player.userid, emails.join(", "));
    if !pending.is_empty() {
        text.push_str(&format!(
            "; a confirmation code was mailed to {}: no other mail goes there until it comes back",
            pending.join(", ")
        ));
    }
    Ok(Reply::Done(text))
}

/// `add`: more addresses for the actor, kept beside the ones they have
/// (at most [`MAX_ADDRESSES`] in all); by mail each new one waits for
/// its confirmation, as for `change address`.
pub fn add_address(
    conn: &mut Connection,
    req: &Request<'_>,
    emails: &[String],
) -> Result<Reply, ServiceError> {
    if emails.is_empty() {
        return Err(ServiceError::BadAddress("(none given)".into()));
    }
    check_addresses(emails)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let mut all = players::emails(&tx, player.id)?;
    for email in emails {
        if !all.iter().any(|e| e.eq_ignore_ascii_case(email)) {
            all.push(email.clone());
        }
    }
    check_addresses(&all)?;
    let added = players::set_emails(&tx, player.id, &all)?;
    let mut notices = Vec::new();
    let pending = ask_confirmation(&tx, req, player.id, &player.userid, &added, &mut notices)?;
    notify::queue(&tx, &notices, req.now, req.game_ended)?;
    tx.commit()?;
    let mut text = match added.is_empty() {
        true => format!("{} has those addresses already", player.userid),
        false => format!("added {} for {}", added.join(", "), player.userid),
    };
    if !pending.is_empty() {
        text.push_str(&format!(
            "; a confirmation code was mailed to {}: no other mail goes there until it comes back",
            pending.join(", ")
        ));
    }
    Ok(Reply::Done(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{Actor, Command};
    use crate::service::login::authenticate;
    use crate::service::testing::{at, db, run_as};

    #[test]
    fn a_claimed_user_needs_the_right_password() {
        let mut conn = db();
        let signup = Command::Signup {
            user: "alice".into(),
            password: "s3cret".into(),
            emails: vec![],
        };
        run_as(&mut conn, &Actor::Anonymous, &signup).unwrap();
        let good = Actor::Claimed {
            user: "Alice".into(),
            password: "s3cret".into(),
        };
        assert_eq!(acting_player(&conn, &good).unwrap().userid, "alice");
        let bad = Actor::Claimed {
            user: "alice".into(),
            password: "nope".into(),
        };
        assert_eq!(
            acting_player(&conn, &bad).unwrap_err().to_string(),
            "login refused for alice: unknown userid or wrong password"
        );
        assert_eq!(
            acting_player(&conn, &Actor::Trusted("carol".into()))
                .unwrap_err()
                .to_string(),
            "no such user: carol"
        );
        let again = run_as(&mut conn, &Actor::Anonymous, &signup).unwrap_err();
        assert_eq!(again.to_string(), "the userid alice is taken");
        let _ = at(0);
    }

    #[test]
    fn a_password_changed_between_the_check_and_the_lock_is_checked_again() {
        let mut conn = db();
        let signup = Command::Signup {
            user: "alice".into(),
            password: "old-pw".into(),
            emails: vec![],
        };
        run_as(&mut conn, &Actor::Anonymous, &signup).unwrap();
        let claimed = |password: &str| Actor::Claimed {
            user: "alice".into(),
            password: password.into(),
        };
        // Checked outside any transaction: the actor comes back Verified.
        let verified = authenticate(&conn, &claimed("old-pw")).unwrap();
        assert!(matches!(verified, Actor::Verified { .. }));
        assert_eq!(acting_player(&conn, &verified).unwrap().userid, "alice");
        // The password changes before the command takes the lock: the old
        // one no longer speaks for alice.
        let change = Command::ChangePassword {
            new_password: "new-pw".into(),
        };
        run_as(&mut conn, &Actor::Trusted("alice".into()), &change).unwrap();
        assert!(matches!(
            acting_player(&conn, &verified),
            Err(ServiceError::BadLogin(_))
        ));
        // Verified with the new password before a change back to it (a new
        // salt, so a new hash): still alice.
        let again = authenticate(&conn, &claimed("new-pw")).unwrap();
        run_as(&mut conn, &Actor::Trusted("alice".into()), &change).unwrap();
        assert_eq!(acting_player(&conn, &again).unwrap().userid, "alice");
        // One wording for an unknown userid and a wrong password.
        let unknown = authenticate(
            &conn,
            &Actor::Claimed {
                user: "nobody".into(),
                password: "x".into(),
            },
        )
        .unwrap_err()
        .to_string();
        let wrong = authenticate(&conn, &claimed("x")).unwrap_err().to_string();
        assert_eq!(unknown.replace("nobody", "U"), wrong.replace("alice", "U"));
    }

    #[test]
    fn userids_and_passwords_are_checked() {
        assert!(check_userid("alice_2").is_ok());
        assert!(check_userid("7up").is_err());
        assert!(check_userid("a b").is_err());
        assert!(check_password("pass word").is_err());
        assert!(check_password("a:bc").is_err());
        assert!(check_password("fine!").is_ok());
    }
}
