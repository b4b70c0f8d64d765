//! A seek's expiry announced: the seeker of an open challenge nobody has
//! taken is told, once, a day before it expires ([`WARNING_AHEAD`]), when
//! it expires and how long that is from now, in their own time zone, and
//! how to post it again. A seek that stood less than a day in all was told
//! its expiry when it was posted, and gets no warning. `remind` finds the
//! seeks to warn by the `seeks_open (status, expires)` index, as it finds
//! the ones to expire: no scan of the open seeks per run.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::due::WARNING_AHEAD;
use crate::letters::{Letter, ReplyLetter};
use crate::mail::post::{Envelope, post};
use crate::mail::settings::Settings;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::time::thinking::span_text;
use crate::store::{StoreError, players, seeks, zones};

fn parse_time(text: &str) -> Result<DateTime<Utc>, ServiceError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Damaged(format!("bad time {text} ({e})")).into())
}

/// Warns the seeker of each open challenge that expires within
/// [`WARNING_AHEAD`] of `now`, once; returns how many were warned.
pub fn warn_expiring(tx: &Connection, now: DateTime<Utc>) -> Result<usize, ServiceError> {
    let due = seeks::to_warn_by(tx, &timestamp(now + WARNING_AHEAD))?;
    let mut warned = 0;
    for seek in &due {
        seeks::warned(tx, seek.id, &timestamp(now))?;
        let (created, expires) = (parse_time(&seek.created)?, parse_time(&seek.expires)?);
        if expires - created <= WARNING_AHEAD || expires <= now {
            continue;
        }
        let to = players::confirmed_emails(tx, seek.player)?;
        if to.is_empty() {
            continue;
        }
        let zone = zones::of_player(tx, seek.player)?;
        let again = format!("{} seek {} PASSWORD", seek.variant, seek.userid);
        let text = format!(
            "Nobody has taken your open challenge seek{id} ({variant}) yet, and it \
             expires on {at} ({left} from now).\n\n\
             To keep looking for an opponent after that, post it again: send a mail \
             with the Subject\n\n    {again}\n\n\
             (and the options you want), or take an open challenge of someone \
             else's: the Subject `{variant} seeks` lists them.",
            id = seek.id,
            variant = seek.variant,
            at = zone.readable(expires),
            left = span_text(expires - now),
        );
        let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
        let envelope = Envelope::notice(to, settings.identity.unique_id(now));
        let letter = Letter::Reply(ReplyLetter {
            request: format!("seek{} expires", seek.id),
            text,
        });
        post(tx, &settings.templates, envelope, letter, now)?;
        warned += 1;
    }
    Ok(warned)
}
