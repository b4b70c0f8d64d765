//! `tournaments` and `tournament show NAME`: the list, and one
//! tournament's crosstable and games.

use rusqlite::Connection;

use super::find;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::reply::Reply;
use crate::store::tournaments::{self, State};
use crate::store::{self};

/// `tournaments`: one line per open or running tournament.
pub fn list(conn: &mut Connection, _req: &Request<'_>) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let all = tournaments::list(&tx, &[State::Open, State::Running])?;
    if all.is_empty() {
        return Ok(Reply::Text("no tournaments open or running".into()));
    }
    let mut lines = Vec::new();
    for t in all {
        let joined = tournaments::entrants(&tx, t.id)?.len();
        lines.push(format!(
            "{} {} {} by {} {} {joined}{} player(s)",
            t.name,
            t.variant,
            t.format,
            t.organiser,
            t.state.as_str(),
            t.players.map_or(String::new(), |n| format!("/{n}")),
        ));
    }
    Ok(Reply::Text(lines.join("\n")))
}

/// `tournament show NAME`.
pub fn show(conn: &mut Connection, _req: &Request<'_>, name: &str) -> Result<Reply, ServiceError> {
    let tx = store::read(conn)?;
    let t = find(&tx, name)?;
    if t.format == crate::tournament::Format::Ladder {
        return Ok(Reply::Ladder(super::ladder::show(&tx, &t)?));
    }
    let entrants = tournaments::entrants(&tx, t.id)?;
    let names: Vec<String> = entrants.into_iter().map(|e| e.userid).collect();
    Ok(Reply::Text(format!(
        "{} {} {} {}: {}",
        t.name,
        t.variant,
        t.format,
        t.state.as_str(),
        names.join(", ")
    )))
}
