//! The social verbs: words between users (`chat`, `message`, `broadcast`)
//! and watching games without playing them (`subscribe`, `notify`).
//!
//! Every one of them names users and, at most, one game; who gets mail is
//! decided here, how it reads in [`crate::service::play::announce::social`], and the mail is
//! queued through [`crate::service::play::notify::queue`] in the command's transaction.
//! Only confirmed addresses are ever written to, and each verb's mail is
//! bounded (see the constants): `broadcast`, the operator's alone, is the
//! one exception to the per-message bound of issue 10. A bound per message
//! still lets one sender mail a player once per message sent, so the
//! users one player's `message` and `chat` reach are also capped per UTC
//! day ([`spend`], the operator's `messages-per-day`).

pub mod broadcast;
pub mod chat;
pub mod message;
pub mod watch;

use chrono::{DateTime, Days, Utc};
use rusqlite::Connection;

use crate::command::Actor;
use crate::mail::settings::Settings;
use crate::service::time::deadline::readable;
use crate::service::{Request, ServiceError};
use crate::store::players::Player;
use crate::store::{StoreError, words_sent, zones};

/// The longest text chat, message or broadcast passes on, in bytes.
pub const MAX_TEXT_BYTES: usize = 8 * 1024;
/// The most users one `message` goes to (each gets one mail, so a letter
/// stays within the 9 mails its commands may cause to others).
pub const MAX_RECIPIENTS: usize = 9;

pub use crate::service::error::social::SocialError;
pub use crate::service::notice::{MAX_WATCHERS, Words};

/// Counts `mails` more users reached by `author`'s words today (one per
/// user mailed), inside the command's transaction; refused, changing
/// nothing, when that passes the daily cap.
pub fn spend(
    tx: &Connection,
    author: &Player,
    mails: usize,
    verb: &'static str,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    let cap = settings.rates.messages_per_day;
    let day = now.format("%Y-%m-%d").to_string();
    let sent = words_sent::on_day(tx, author.id, &day)?;
    let wanted = u32::try_from(mails).unwrap_or(u32::MAX);
    if sent.saturating_add(wanted) > cap {
        let midnight = now.date_naive().and_time(chrono::NaiveTime::MIN).and_utc();
        let resets = midnight.checked_add_days(Days::new(1)).map_or_else(
            || "tomorrow".to_string(),
            |at| {
                format!(
                    "on {}",
                    zones::of_player(tx, author.id)
                        .map_or_else(|_| readable(at), |z| z.readable(at))
                )
            },
        );
        return Err(SocialError::DailyCap {
            verb,
            user: author.userid.clone(),
            cap,
            sent,
            wanted,
            resets,
        }
        .into());
    }
    words_sent::add(tx, author.id, &day, wanted)?;
    Ok(())
}

/// The text a verb passes on: its words, then the request's comment (a
/// mail's body); refused when both are empty or it is too long.
pub fn text(req: &Request<'_>, words: &str, verb: &'static str) -> Result<String, SocialError> {
    let words = words.trim();
    let comment = req.comment.map(str::trim).unwrap_or("");
    let text = match (words.is_empty(), comment.is_empty()) {
        (true, true) => return Err(SocialError::NoText(verb)),
        (true, false) => comment.to_string(),
        (false, true) => words.to_string(),
        (false, false) => format!("{words}\n\n{comment}"),
    };
    if text.len() > MAX_TEXT_BYTES {
        return Err(SocialError::TooLong {
            verb,
            given: text.len(),
            max: MAX_TEXT_BYTES,
        });
    }
    Ok(text)
}

/// The userid an actor names, if any.
pub fn actor_name(actor: &Actor) -> Option<&str> {
    match actor {
        Actor::Trusted(user) | Actor::Claimed { user, .. } | Actor::Verified { user, .. } => {
            Some(user)
        }
        Actor::Anonymous => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Command;

    #[test]
    fn the_text_is_the_words_then_the_body() {
        let command = Command::Variants;
        let actor = Actor::Anonymous;
        let req = Request::new(&actor, &command, chrono::Utc::now());
        assert_eq!(text(&req, "  hi ", "chat").unwrap(), "hi");
        assert_eq!(text(&req, "", "chat"), Err(SocialError::NoText("chat")));
        let body = req.clone().with_comment(Some("long body\n"));
        assert_eq!(text(&body, "", "chat").unwrap(), "long body");
        assert_eq!(text(&body, "hi", "chat").unwrap(), "hi\n\nlong body");
        let big = "x".repeat(MAX_TEXT_BYTES + 1);
        assert!(matches!(
            text(&req, &big, "chat"),
            Err(SocialError::TooLong { .. })
        ));
        const { assert!(MAX_RECIPIENTS <= crate::mail::limits::MAIL_BUDGET) };
    }
}
