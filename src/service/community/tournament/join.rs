//! `tournament join NAME`: entering an open tournament. The entrant is
//! numbered in entry order until the start seeds by rating. When the
//! number wanted (`--players=N`) have joined, it starts at once.

use rusqlite::Connection;

use super::{MAX_ENTRANTS, TournamentError, find, must_be};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::store::tournaments::{self, State};
use crate::store::{self};
use crate::tournament::Format;

/// `tournament join NAME`.
pub fn join(conn: &mut Connection, req: &Request<'_>, name: &str) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let t = find(&tx, name)?;
    let entrants = tournaments::entrants(&tx, t.id)?;
    if let Some(e) = entrants
        .iter()
        .find(|e| e.userid.eq_ignore_ascii_case(&player.userid))
    {
        return Err(match e.left_at {
            Some(_) => TournamentError::Left(t.name.clone()),
            None => TournamentError::AlreadyIn(t.name.clone()),
        }
        .into());
    }
    super::consent::may_join(&tx, &t, &player)?;
    let text = match t.format {
        Format::RoundRobin | Format::DoubleRoundRobin | Format::Knockout => {
            must_be(&t, State::Open, "no one may join it now")?;
            let wanted = t.players.unwrap_or(MAX_ENTRANTS).min(MAX_ENTRANTS);
            if entrants.len() >= wanted as usize {
                return Err(TournamentError::Full(t.name.clone()).into());
            }
            let seed = entrants.len() as u32 + 1;
            tournaments::add_entrant(&tx, t.id, &player.userid, seed, None)?;
            let joined = entrants.len() + 1;
            let mut text = format!(
                "{} joined {}: {joined} player(s){}",
                player.userid,
                t.name,
                t.players.map_or(String::new(), |n| format!(" of {n}"))
            );
            if t.players.is_some_and(|n| joined == n as usize) {
                let started = super::start::start(&tx, req, &t)?;
                text = format!("{text}\n{started}");
            }
            text
        }
        Format::Ladder => super::ladder::join(&tx, &t, &player.userid, entrants.len())?,
    };
    crate::service::pages::tournament_changed(&tx, &t.name)?;
    crate::service::time::due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(Reply::Done(text))
}
