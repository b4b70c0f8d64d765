//! Tournaments run by the server (issue 27): round robins, double round
//! robins and knockouts (ladders: `ladder.rs`).
//!
//! A tournament is created open by its organiser, takes entrants, and
//! starts (by the organiser, or by itself when the number wanted have
//! joined): the entrants are seeded by rating and its games are created
//! through the same path as a challenge that needs no consent
//! ([`crate::service::community::challenge::Setup::create`] and [`crate::service::community::challenge::begin`]),
//! so a tournament game cannot be declined. Every game's ending passes
//! through [`result::game_ended`], called by the ending's notice after the
//! game's mails ([`crate::service::play::notify`]), in the ending's transaction:
//! rounds are closed, crosstables mailed, a knockout's next round created,
//! the winner named. Who meets whom and how a table is ordered is the pure
//! core's ([`crate::tournament`]).

pub mod cancel;
pub mod consent;
pub mod create;
pub mod join;
pub mod ladder;
pub mod leave;
pub mod letters;
pub mod result;
pub mod show;
pub mod start;
pub mod table;

use rusqlite::Connection;

use crate::command::TournamentAction;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::reply::Reply;
use crate::store::tournaments::{self, Tournament};

pub use crate::service::error::tournament::{MAX_ENTRANTS, TournamentError};

/// Runs `tournament VERB NAME ...`.
pub fn run(
    conn: &mut Connection,
    req: &Request<'_>,
    name: &str,
    action: &TournamentAction,
) -> Result<Reply, ServiceError> {
    match action {
        TournamentAction::Create {
            variant,
            format,
            players,
            reach,
            max_games,
            options,
        } => create::create(
            conn,
            req,
            name,
            &create::Asked {
                variant,
                format,
                players: *players,
                reach: *reach,
                max_games: *max_games,
                options,
            },
        ),
        TournamentAction::Join => join::join(conn, req, name),
        TournamentAction::Start => start::start_command(conn, req, name),
        TournamentAction::Show => show::show(conn, req, name),
        TournamentAction::Leave => leave::leave(conn, req, name),
        TournamentAction::Cancel => cancel::cancel(conn, req, name),
    }
}

/// The tournament called `name`, or "no tournament NAME".
pub fn find(conn: &Connection, name: &str) -> Result<Tournament, ServiceError> {
    Ok(tournaments::find(conn, name)?.ok_or_else(|| TournamentError::NotFound(name.into()))?)
}

/// Refuses unless `tournament` is in `state`; `what` says what was asked.
fn must_be(
    t: &Tournament,
    state: tournaments::State,
    what: &'static str,
) -> Result<(), TournamentError> {
    if t.state == state {
        Ok(())
    } else {
        Err(TournamentError::State {
            name: t.name.clone(),
            state: t.state.as_str(),
            what,
        })
    }
}

/// Refuses unless the asker organises `t`, or is the operator's shell
/// (no `--as`), which may always start or cancel a tournament: one whose
/// organiser signed off is never left without someone who can.
fn may_direct(
    tx: &rusqlite::Connection,
    req: &crate::service::Request<'_>,
    t: &Tournament,
    what: &'static str,
) -> Result<(), ServiceError> {
    if *req.actor == crate::command::Actor::Anonymous && !req.by_mail {
        return Ok(());
    }
    let player = crate::service::login::acting_player(tx, req.actor)?;
    Ok(must_organise(t, &player.userid, what)?)
}

/// Refuses unless `userid` organises `t`.
fn must_organise(t: &Tournament, userid: &str, what: &'static str) -> Result<(), TournamentError> {
    if t.organiser.eq_ignore_ascii_case(userid) {
        Ok(())
    } else {
        Err(TournamentError::NotOrganiser {
            name: t.name.clone(),
            organiser: t.organiser.clone(),
            what,
        })
    }
}
