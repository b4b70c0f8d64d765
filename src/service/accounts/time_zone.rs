//! `timezone [ZONE]`: the zone a player's dates are written in, kept per
//! player (`store::zones`) and read by every mail and answer that shows
//! them a date ([`readable_for`]); the digest's hour is an hour of that
//! zone ([`crate::service::remind::digest`]).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::Zone;
use crate::command::Actor;
use crate::service::Request;
use crate::service::accounts::acting_player;
use crate::service::error::ServiceError;
use crate::service::reply::Reply;
use crate::store::{self, StoreError, digests, zones};

/// Sets the acting player's zone (`Some`, a name the tz database knows),
/// or says which they have (`None`).
pub fn set(
    conn: &mut Connection,
    req: &Request<'_>,
    zone: Option<&str>,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let zone = match zone {
        Some(name) => {
            let zone = Zone::parse(name)
                .map_err(|e| ServiceError::Store(StoreError::Damaged(format!("timezone: {e}"))))?;
            zones::set(&tx, player.id, zone)?;
            zone
        }
        None => zones::of_player(&tx, player.id)?,
    };
    let digest = digests::hour_of(&tx, player.id)?;
    tx.commit()?;
    let mut said = format!(
        "{}: dates are written in {} (it is now {})",
        player.userid,
        zone.name(),
        zone.readable(req.now)
    );
    if let Some(hour) = digest {
        said.push_str(&format!(
            "; your digest comes at {hour:02}:00 {} time",
            zone.name()
        ));
    }
    Ok(Reply::Done(said))
}

/// The zone of whoever runs a command: a player's own, UTC for nobody in
/// particular (the operator's shell, a page).
pub fn of_actor(conn: &Connection, actor: &Actor) -> Result<Zone, StoreError> {
    match actor {
        Actor::Anonymous => Ok(Zone::UTC),
        Actor::Trusted(user) | Actor::Claimed { user, .. } | Actor::Verified { user, .. } => {
            zones::of_user(conn, user)
        }
    }
}

/// `at` as player `userid` reads dates: in their zone, named.
pub fn readable_for(
    conn: &Connection,
    userid: &str,
    at: DateTime<Utc>,
) -> Result<String, StoreError> {
    Ok(zones::of_user(conn, userid)?.readable(at))
}
