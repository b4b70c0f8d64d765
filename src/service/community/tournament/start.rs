//! Starting a tournament: the entrants seeded by rating, its first games
//! created and begun, each player told their pairings.
//!
//! Seeding: each entrant's rating in the tournament's game type as it
//! stands ([`crate::service::community::ratings::current`]; a newcomer's 1500), the
//! strongest first, entry order breaking ties. A round robin's games all
//! begin at once (the correspondence way: every round is played at the
//! same time); a knockout's first round begins, the next ones when a round
//! is decided ([`super::result`]).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::letters::{News, Opening};
use super::{TournamentError, find, may_direct, must_be};
use crate::ids::GameId;
use crate::letters::html::later::diagram;
use crate::service::Request;
use crate::service::community::challenge::{Setup, begin, begin_unannounced};
use crate::service::error::ServiceError;
use crate::service::game::LoadedGame;
use crate::service::game::{Catalog, timestamp};
use crate::service::reply::Reply;
use crate::service::{community::ratings, time::due};
use crate::store::tournaments::{self, Kind, State, Tournament};
use crate::store::{self, players};
use crate::tournament::{Format, Pairing, berger, knockout};

/// `tournament start NAME`: the organiser's.
pub fn start_command(
    conn: &mut Connection,
    req: &Request<'_>,
    name: &str,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let t = find(&tx, name)?;
    may_direct(&tx, req, &t, "start")?;
    must_be(&t, State::Open, "it cannot be started again")?;
    let text = start(&tx, req, &t)?;
    due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(Reply::Done(text))
}

/// Starts open tournament `t` in the command's transaction; what the
/// command answers.
pub fn start(conn: &Connection, req: &Request<'_>, t: &Tournament) -> Result<String, ServiceError> {
    let entrants = tournaments::entrants(conn, t.id)?;
    if entrants.len() < 2 {
        return Err(TournamentError::TooFew {
            name: t.name.clone(),
            players: entrants.len(),
        }
        .into());
    }
    let pairings: Vec<(u32, Pairing)> = match t.format {
        Format::RoundRobin => numbered(berger::rounds(entrants.len())),
        Format::DoubleRoundRobin => numbered(berger::double_rounds(entrants.len())),
        Format::Knockout => knockout::first_round(entrants.len())
            .into_iter()
            .filter_map(|(higher, lower)| Some(knockout::match_games(higher, lower?)))
            .flatten()
            .map(|p| (1, p))
            .collect(),
        Format::Ladder => return Err(super::ladder::LadderError::NoStart(t.name.clone()).into()),
    };
    let seeded = seed(conn, t)?;
    tournaments::start(conn, t.id, &timestamp(req.now))?;
    crate::service::pages::tournament_changed(conn, &t.name)?;
    // One letter to each player names all their games; no game's board
    // is mailed now (each follows when a move is made in it).
    let mut games = Vec::new();
    let mut openings = Vec::new();
    for (round, p) in pairings {
        let pair = [&seeded[p.white], &seeded[p.black]];
        let id = create_game(conn, req.catalog, t, pair, round, Kind::Pairing, req.now)?;
        let to_move = begin_unannounced(conn, req.catalog, id, req.now)?;
        games.push(id);
        openings.push(Opening { game: id, to_move });
    }
    // Every game of it begins from the same position: drawn once.
    let first_board = match games.first() {
        Some(&id) => {
            let game = LoadedGame::load(conn, req.catalog, id)?;
            Some(diagram(&*game.position, 0, None, Default::default()))
        }
        None => None,
    };
    let table = super::table::Table::read(conn, t)?;
    let start = News::Start {
        openings,
        first_board,
    };
    super::letters::news(conn, t, &table, start, req.now)?;
    let list: Vec<String> = games.iter().map(|g| g.to_string()).collect();
    Ok(format!(
        "{} started: {} players seeded by rating ({}); {} game(s): {}",
        t.name,
        seeded.len(),
        seeded.join(", "),
        games.len(),
        list.join(" ")
    ))
}

/// Rounds numbered from 1.
fn numbered(rounds: Vec<Vec<Pairing>>) -> Vec<(u32, Pairing)> {
    rounds
        .into_iter()
        .enumerate()
        .flat_map(|(r, round)| round.into_iter().map(move |p| (r as u32 + 1, p)))
        .collect()
}

/// Seeds `t`'s entrants by rating (1 the strongest); their userids in
/// seed order.
fn seed(conn: &Connection, t: &Tournament) -> Result<Vec<String>, ServiceError> {
    let mut rated = Vec::new();
    for e in tournaments::entrants(conn, t.id)? {
        let rating = ratings::current(conn, &e.userid, &t.variant)?.rating;
        rated.push((rating, e.seed, e.userid));
    }
    rated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    for (i, (_, _, userid)) in rated.iter().enumerate() {
        tournaments::set_seed(conn, t.id, userid, i as u32 + 1)?;
    }
    Ok(rated.into_iter().map(|(_, _, u)| u).collect())
}

/// Creates and begins one game of `t` between `pair` (White first): the
/// tournament's options, no invitation (a tournament game cannot be
/// declined), every player mailed the new board (a knockout's later
/// rounds; the start tells of its games in one letter per player).
pub fn create_and_begin(
    conn: &Connection,
    catalog: Catalog<'_>,
    t: &Tournament,
    pair: [&String; 2],
    round: u32,
    kind: Kind,
    now: DateTime<Utc>,
) -> Result<GameId, ServiceError> {
    let id = create_game(conn, catalog, t, pair, round, kind, now)?;
    begin(conn, catalog, id, &[], now)?;
    Ok(id)
}

/// Creates one game of `t` between `pair` (White first), not begun yet.
fn create_game(
    conn: &Connection,
    catalog: Catalog<'_>,
    t: &Tournament,
    pair: [&String; 2],
    round: u32,
    kind: Kind,
    now: DateTime<Utc>,
) -> Result<GameId, ServiceError> {
    let setup = Setup::read(catalog, &t.variant, &t.options)?;
    let mut ids = Vec::with_capacity(2);
    for userid in pair {
        let player = players::find(conn, userid)?
            .ok_or_else(|| ServiceError::NoSuchUser(userid.to_string()))?;
        ids.push(player.id);
    }
    let id = setup.create(conn, &ids, now)?;
    tournaments::add_game(conn, t.id, id, round, kind)?;
    Ok(id)
}
