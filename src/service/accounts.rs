//! Accounts: signing up, changing a password or an address, and finding
//! out who is asking.
//!
//! Passwords are stored as argon2 hashes. A [`Actor::Claimed`] user (mail,
//! `boserv run`) is checked against the hash; the shell's
//! [`Actor::Trusted`] user is not (shell access to the database is trust),
//! which also keeps argon2 off the shell's move path.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rusqlite::Connection;

use super::error::ServiceError;
use super::game::timestamp;
use super::notice::Notice;
use super::reply::Reply;
use super::{Request, notify};
use crate::command::Actor;
use crate::store;
use crate::store::players::{self, Player};

/// The signed-up user behind `actor`, checked; Anonymous is refused.
pub fn acting_player(conn: &Connection, actor: &Actor) -> Result<Player, ServiceError> {
    match actor {
        Actor::Anonymous => Err(ServiceError::NeedUser),
        Actor::Trusted(user) => {
            players::find(conn, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))
        }
        Actor::Claimed { user, password } => {
            let player =
                players::find(conn, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))?;
            if Argon2::default()
                .verify_password(password.as_bytes(), player.password_hash.as_str())
                .is_err()
            {
                return Err(ServiceError::WrongPassword(player.userid));
            }
            Ok(player)
        }
    }
}

/// A userid: 1 to 32 letters, digits, `_`, `-` or `.`, starting with a
/// letter (so it never reads as a game number).
pub fn check_userid(userid: &str) -> Result<(), ServiceError> {
    let bad = |why| {
        Err(ServiceError::BadUserid {
            userid: userid.to_string(),
            why,
        })
    };
    if userid.is_empty() || userid.len() > 32 {
        return bad("1 to 32 characters");
    }
    if !userid.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return bad("it must start with a letter");
    }
    if !userid
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
    {
        return bad("letters, digits, _ - . only");
    }
    Ok(())
}

/// A password: no spaces, quotes or colons (they would break the mail
/// command line), at least 4 characters.
pub fn check_password(password: &str) -> Result<(), ServiceError> {
    if password.chars().count() < 4 {
        return Err(ServiceError::BadPassword("at least 4 characters"));
    }
    if password
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || "\"':".contains(c))
    {
        return Err(ServiceError::BadPassword("no spaces, quotes or colons"));
    }
    Ok(())
}

fn hash(password: &str) -> Result<String, ServiceError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| ServiceError::Internal(format!("cannot hash the password: {e}")))
}

/// Every address must be one mail can be sent to.
fn check_addresses(emails: &[String]) -> Result<(), ServiceError> {
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
    players::insert(&tx, user, &hashed, emails, &timestamp(req.now))?;
    let notices = [Notice::SignedUp {
        user: user.to_string(),
        emails: emails.to_vec(),
    }];
    notify::queue(&tx, &notices, req.now)?;
    tx.commit()?;
    Ok(Reply::Done(format!("signed up {user}")))
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

/// `change address`: the actor's new addresses.
pub fn change_address(
    conn: &mut Connection,
    req: &Request<'_>,
    emails: &[String],
) -> Result<Reply, ServiceError> {
    check_addresses(emails)?;
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    players::set_emails(&tx, player.id, emails)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "{} now gets mail at {}",
        player.userid,
        emails.join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Command;
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
            "wrong password for alice"
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
    fn userids_and_passwords_are_checked() {
        assert!(check_userid("alice_2").is_ok());
        assert!(check_userid("7up").is_err());
        assert!(check_userid("a b").is_err());
        assert!(check_password("pass word").is_err());
        assert!(check_password("a:bc").is_err());
        assert!(check_password("fine!").is_ok());
    }
}
