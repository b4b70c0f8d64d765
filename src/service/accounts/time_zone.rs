//! `timezone [ZONE]`: the zone a player's dates are written in, kept per
//! player (`store::zones`) and read by every mail and answer that shows
//! them a date ([`readable_for`]); the digest's hour is an hour of that
//! zone ([`crate::service::remind::digest`]).

use rusqlite::Connection;

use crate::clock::Zone;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::login::acting_player;
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
