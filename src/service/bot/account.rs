//! The computer player's account: an ordinary `players` row, so it sits in
//! seats, is to move, wins, loses and is rated like anyone.
//!
//! Its userid is the `bot-userid` setting (default [`DEFAULT_USERID`]). The
//! account is made on first use, when a challenge names that userid, and
//! nobody may sign up under it. It has no password: its hash is
//! [`NO_PASSWORD`], which is not a PHC string, so every password checked
//! against it fails (no login by mail or reply token), and it has no mail
//! address, so the announcer finds no recipient for it and its mails are
//! never written to the outbox. An existing account of that name whose
//! hash is a real one is a person's: it is never played by the bot.

use rusqlite::Connection;

use super::BotRefusal;
use crate::mail::config::Config;
use crate::service::ServiceError;
use crate::store::players::{self, Player};
use crate::store::{StoreError, settings};

/// The bot's userid when the `bot-userid` setting is not set.
pub use crate::bot::DEFAULT_USERID;

/// The bot's password hash: matches no password.
pub const NO_PASSWORD: &str = "!computer-player";

/// The bot's userid as the settings (and `BOSERV_BOT_USERID`) have it.
pub fn userid(conn: &Connection) -> Result<String, StoreError> {
    Ok(Config::new(settings::all(conn)?)
        .get("bot-userid")
        .unwrap_or_else(|| DEFAULT_USERID.to_string()))
}

/// True when the operator has the bot take open challenges (`bot-seeks
/// on`).
pub fn takes_seeks(conn: &Connection) -> Result<bool, StoreError> {
    Ok(Config::new(settings::all(conn)?)
        .get("bot-seeks")
        .as_deref()
        == Some("on"))
}

/// The bot's account, if it has been made.
pub fn find(conn: &Connection) -> Result<Option<Player>, StoreError> {
    Ok(players::find(conn, &userid(conn)?)?.filter(|p| p.password_hash == NO_PASSWORD))
}

/// Makes the bot's account if `userids` name the bot and it has none yet
/// (in the challenge's transaction). Returns the bot's account when it
/// plays.
pub fn ensure(
    conn: &Connection,
    userids: &[String],
    now: &str,
) -> Result<Option<Player>, ServiceError> {
    let bot = userid(conn)?;
    if !userids.iter().any(|u| u.eq_ignore_ascii_case(&bot)) {
        return Ok(None);
    }
    if players::find(conn, &bot)?.is_none() {
        players::insert(conn, &bot, NO_PASSWORD, &[], now)?;
    }
    Ok(find(conn)?)
}

/// Refuses a signup under the bot's userid.
pub fn check_signup(conn: &Connection, userid: &str) -> Result<(), ServiceError> {
    if userid.eq_ignore_ascii_case(&self::userid(conn)?) {
        return Err(BotRefusal::Reserved(userid.to_string()).into());
    }
    Ok(())
}
