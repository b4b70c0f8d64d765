//! `tournament create NAME VARIANT FORMAT [--players=N] [options]`: a new
//! open tournament, organised by its creator. The game options are read
//! by the one reader of a challenge's options ([`Setup::read`]), so a
//! tournament's games take exactly what a challenge takes; they are
//! stored as written and read again when each game is created.

use rusqlite::Connection;

use super::{MAX_ENTRANTS, TournamentError, find};
use crate::command::verbs::{World, spelled};
use crate::rules::GameOption;
use crate::service::Request;
use crate::service::community::challenge::Setup;
use crate::service::error::ServiceError;
use crate::service::game::timestamp;
use crate::service::login::acting_player;
use crate::service::reply::Reply;
use crate::store::tournaments::{self, NewTournament};
use crate::store::{self};
use crate::tournament::Format;

/// A ladder's reach when `--reach` is not given.
pub const DEFAULT_REACH: u32 = 3;
/// A ladder's games per player at once when `--max-games` is not given.
pub const DEFAULT_MAX_GAMES: u32 = 2;

/// What `tournament create` asked for.
pub struct Asked<'a> {
    pub variant: &'a str,
    pub format: &'a str,
    pub players: Option<u32>,
    pub reach: Option<u32>,
    pub max_games: Option<u32>,
    pub options: &'a [GameOption],
}

/// `tournament create`.
pub fn create(
    conn: &mut Connection,
    req: &Request<'_>,
    name: &str,
    asked: &Asked<'_>,
) -> Result<Reply, ServiceError> {
    let format: Format = asked.format.parse().map_err(TournamentError::from)?;
    let setup = Setup::read(req.catalog, asked.variant, asked.options)?;
    let seats = setup.variant.seats().len();
    if seats != 2 {
        return Err(TournamentError::Seats {
            variant: setup.variant.name().to_string(),
            seats,
        }
        .into());
    }
    if setup.level.is_some() {
        return Err(TournamentError::Level.into());
    }
    if let Some(n) = asked
        .players
        .filter(|&n| n > MAX_ENTRANTS && format != Format::Ladder)
    {
        return Err(TournamentError::TooMany(n).into());
    }
    let tx = store::write(conn)?;
    let organiser = acting_player(&tx, req.actor)?;
    crate::mail::quotas::Quotas::check(
        &organiser.userid,
        tournaments::organised_count(&tx, &organiser.userid)?,
        crate::service::community::seek::quotas()?.tournaments,
        1,
        "tournaments open or running that they organise",
    )?;
    if find(&tx, name).is_ok() {
        return Err(TournamentError::NameTaken(name.to_string()).into());
    }
    let id = tournaments::create(
        &tx,
        &NewTournament {
            name,
            variant: setup.variant.name(),
            format,
            organiser: &organiser.userid,
            players: asked.players,
            rated: setup.rated,
            options: asked.options,
            reach: asked.reach.unwrap_or(DEFAULT_REACH),
            max_games: asked.max_games.unwrap_or(DEFAULT_MAX_GAMES),
            now: &timestamp(req.now),
        },
    )?;
    crate::service::pages::tournament_changed(&tx, name)?;
    if format == Format::Ladder {
        // A ladder runs from its creation: no start, players join any time.
        tournaments::start(&tx, id, &timestamp(req.now))?;
    }
    tx.commit()?;
    // Told in the words of the world it is read in (by mail: a login).
    let world = if req.by_mail {
        World::Mail
    } else {
        World::Shell
    };
    let starts = match (format, asked.players) {
        (Format::Ladder, _) => super::ladder::runs_now(name, world),
        (_, Some(n)) => format!("it starts when {n} have joined"),
        (_, None) => format!(
            "{} starts it (`{}`)",
            organiser.userid,
            spelled("tournament start", world, &organiser.userid, name)
        ),
    };
    let join = spelled("tournament join", world, "USERID", name);
    Ok(Reply::Done(format!(
        "tournament {name}: {} {format}{}, organised by {}; join with `{join}`; {starts}",
        setup.variant.name(),
        if setup.rated { "" } else { ", unrated" },
        organiser.userid
    )))
}
