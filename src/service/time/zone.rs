//! The zone a player reads dates in (`timezone ZONE`, kept per player in
//! `store::zones`): every mail and answer that shows a player a date
//! writes it here, in their zone, named.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::clock::Zone;
use crate::command::Actor;
use crate::store::{StoreError, zones};

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
