//! Who is asking: the signed-up player behind a command, their password
//! checked with argon2 (a [`Actor::Claimed`] user, from mail or `boserv
//! run`) or trusted (the shell's [`Actor::Trusted`]: shell access to the
//! database is trust, which also keeps argon2 off the shell's move path).
//! Every topic asks it first; signing up and changing a password are the
//! accounts' (`service::accounts`).

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rusqlite::Connection;

use crate::command::Actor;
use crate::service::error::ServiceError;
use crate::store;
use crate::store::players::{self, Player};

/// The signed-up user behind `actor`, checked; Anonymous is refused.
///
/// Inside a command's transaction: a [`Actor::Verified`] user costs one
/// string comparison (the argon2 check ran before, in [`authenticate`]);
/// only a [`Actor::Claimed`] one, or a Verified one whose password was
/// changed since, is hashed here.
///
/// A signed-off account is refused, once its password is known right.
pub fn acting_player(conn: &Connection, actor: &Actor) -> Result<Player, ServiceError> {
    let player = logged_in(conn, actor)?;
    if store::signoffs::is_signed_off(conn, player.id)? {
        return Err(ServiceError::SignedOff(player.userid));
    }
    Ok(player)
}

fn logged_in(conn: &Connection, actor: &Actor) -> Result<Player, ServiceError> {
    match actor {
        Actor::Anonymous => Err(ServiceError::NeedUser),
        Actor::Trusted(user) => {
            players::find(conn, user)?.ok_or_else(|| ServiceError::NoSuchUser(user.clone()))
        }
        Actor::Claimed { user, password } => check_login(conn, user, password),
        Actor::Verified {
            user,
            password,
            hash,
        } => match players::find(conn, user)? {
            Some(player) if player.password_hash == *hash => Ok(player),
            // The password changed between the check and the lock.
            _ => check_login(conn, user, password),
        },
    }
}

/// Checks a claimed user's password before the command's write
/// transaction: argon2 runs here, on any core, holding no lock, and the
/// actor comes back [`Actor::Verified`]. Other actors come back as they
/// are. A refused login reads the same for an unknown userid and a wrong
/// password.
pub fn authenticate(conn: &Connection, actor: &Actor) -> Result<Actor, ServiceError> {
    match actor {
        Actor::Claimed { user, password } => {
            let player = check_login(conn, user, password)?;
            Ok(Actor::Verified {
                user: player.userid,
                password: password.clone(),
                hash: player.password_hash,
            })
        }
        other => Ok(other.clone()),
    }
}

/// The user `user` if `password` is theirs. An unknown userid is hashed
/// against a stand-in so that it takes as long as a wrong password.
fn check_login(conn: &Connection, user: &str, password: &str) -> Result<Player, ServiceError> {
    let player = players::find(conn, user)?;
    let stored = match &player {
        Some(player) => player.password_hash.clone(),
        None => stand_in_hash()?,
    };
    let matches = Argon2::default()
        .verify_password(password.as_bytes(), stored.as_str())
        .is_ok();
    match player {
        Some(player) if matches => Ok(player),
        _ => Err(ServiceError::BadLogin(user.to_string())),
    }
}

/// A hash no password matches in practice, for unknown userids.
fn stand_in_hash() -> Result<String, ServiceError> {
    static STAND_IN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(hash) = STAND_IN.get() {
        return Ok(hash.clone());
    }
    let hashed = hash("stand-in for an unknown userid")?;
    Ok(STAND_IN.get_or_init(|| hashed).clone())
}

pub(crate) fn hash(password: &str) -> Result<String, ServiceError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| ServiceError::Internal(format!("cannot hash the password: {e}")))
}
