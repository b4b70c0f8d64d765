//! `tournament cancel NAME`: the organiser calls it off. Games still
//! being played are cancelled (no result, no rating change); finished
//! games keep theirs; every player gets the final table.

use rusqlite::Connection;

use super::letters::{self, News};
use super::table::Table;
use super::{TournamentError, find, may_direct};
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::reply::Reply;
use crate::service::{play::turn_arrival, time::due};
use crate::store::games::Status;
use crate::store::tournaments::{self, State, Tournament};
use crate::store::{self};

/// `tournament cancel NAME`.
pub fn cancel(conn: &mut Connection, req: &Request<'_>, name: &str) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let t = find(&tx, name)?;
    may_direct(&tx, req, &t, "cancel")?;
    let cancelled = call_off(&tx, req, &t)?;
    tx.commit()?;
    Ok(Reply::Done(format!(
        "{} cancelled; games cancelled: {}",
        t.name,
        if cancelled.is_empty() {
            "none".to_string()
        } else {
            cancelled.join(" ")
        }
    )))
}

/// Calls `t` off in the caller's transaction: its games still being
/// played are cancelled, every player gets the final table. The games
/// cancelled, by number. Refused when `t` is over already.
pub fn call_off(
    tx: &Connection,
    req: &Request<'_>,
    t: &Tournament,
) -> Result<Vec<String>, ServiceError> {
    if matches!(t.state, State::Done | State::Cancelled) {
        return Err(TournamentError::State {
            name: t.name.clone(),
            state: t.state.as_str(),
            what: "it cannot be cancelled",
        }
        .into());
    }
    let now = timestamp(req.now);
    let mut cancelled = Vec::new();
    for g in tournaments::games(tx, t.id)? {
        if g.status == Status::Active {
            tournaments::cancel_game(tx, g.game, &now)?;
            turn_arrival::forget(tx, g.game)?;
            crate::store::due::set(tx, g.game, None, None)?;
            cancelled.push(g.game.to_string());
        }
    }
    tournaments::end(tx, t.id, State::Cancelled, None, &now)?;
    let table = Table::read(tx, t)?;
    letters::news(tx, t, &table, News::Cancelled, req.now)?;
    crate::service::pages::tournament_changed(tx, &t.name)?;
    due::settle(tx, req.catalog, req.now)?;
    Ok(cancelled)
}
