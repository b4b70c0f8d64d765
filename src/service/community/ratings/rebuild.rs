//! `ratings --rebuild`: every rating worked out again from the finished
//! rated games, in the order they ended. Ratings are a function of those
//! games alone, so a rebuild of a database whose ratings were kept game by
//! game changes nothing; after a restore, or a database older than
//! ratings, it fills them in.

use rusqlite::Connection;

use super::{RatingsError, points_of};
use crate::service::rating::rate;
use crate::service::{Reply, Request, ServiceError};
use crate::store::ratings as stored;
use crate::store::{self, StoreError};

/// Forgets every rating and rates each finished rated game again, in the
/// order they ended; returns how many games were rated.
pub fn rebuild(conn: &Connection) -> Result<usize, StoreError> {
    // The order first: games of the same second keep the order their
    // ratings were first written in.
    let games = stored::ended_rated(conn)?;
    stored::clear(conn)?;
    for game in &games {
        let points = points_of(&game.result).ok_or_else(|| {
            StoreError::Damaged(format!(
                "{}: unreadable result {:?}",
                game.game, game.result
            ))
        })?;
        rate(
            conn,
            game.game,
            &game.variant,
            &game.players,
            &points,
            &game.at,
        )?;
    }
    Ok(games.len())
}

/// The operator's `ratings --rebuild`, from the shell only.
pub fn rebuild_command(conn: &mut Connection, req: &Request<'_>) -> Result<Reply, ServiceError> {
    if req.by_mail {
        return Err(RatingsError::OperatorOnly.into());
    }
    let tx = store::write(conn)?;
    let games = rebuild(&tx)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "ratings rebuilt from {games} rated game{}",
        if games == 1 { "" } else { "s" }
    )))
}
