//! `tournament leave NAME`, and the same for every tournament of a player
//! who signs off: before the start the entrant is taken off the list;
//! once it runs, every tournament game of theirs still being played is
//! resigned at once (in turn or not: the resign path, so the opponent
//! wins and the table counts it), and a knockout gives their later
//! matches to their opponents unplayed.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{TournamentError, find};
use crate::ids::GameId;
use crate::service::Request;
use crate::service::error::ServiceError;
use crate::service::game::{Catalog, LoadedGame, timestamp};
use crate::service::login::acting_player;
use crate::service::play::resign::resign_seat;
use crate::service::reply::Reply;
use crate::service::{play::notify, time::due};
use crate::store::games::Status;
use crate::store::players::Player;
use crate::store::tournaments::{self, State, Tournament};
use crate::store::{self, resignations};

/// `tournament leave NAME`.
pub fn leave(conn: &mut Connection, req: &Request<'_>, name: &str) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let player = acting_player(&tx, req.actor)?;
    let t = find(&tx, name)?;
    let inside = tournaments::entrants(&tx, t.id)?
        .into_iter()
        .any(|e| e.userid.eq_ignore_ascii_case(&player.userid) && e.left_at.is_none());
    if !inside {
        return Err(TournamentError::NotIn(t.name.clone()).into());
    }
    let text = match t.state {
        State::Open => {
            tournaments::remove_entrant(&tx, t.id, &player.userid)?;
            format!("{} left {}", player.userid, t.name)
        }
        State::Running => {
            let lost = forfeit(&tx, req.catalog, &t, &player, req.now)?;
            let list: Vec<String> = lost.iter().map(|g| g.to_string()).collect();
            format!(
                "{} left {}; resigned: {}",
                player.userid,
                t.name,
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(" ")
                }
            )
        }
        State::Done | State::Cancelled => {
            return Err(TournamentError::State {
                name: t.name.clone(),
                state: t.state.as_str(),
                what: "there is nothing to leave",
            }
            .into());
        }
    };
    crate::service::pages::tournament_changed(&tx, &t.name)?;
    due::settle(&tx, req.catalog, req.now)?;
    tx.commit()?;
    Ok(Reply::Done(text))
}

/// `player` signs off: out of every open tournament, and out of every
/// running one with its games resigned. Returns the games resigned.
pub fn sign_off(
    conn: &Connection,
    catalog: Catalog<'_>,
    player: &Player,
    now: DateTime<Utc>,
) -> Result<Vec<GameId>, ServiceError> {
    for t in tournaments::open_for(conn, &player.userid)? {
        tournaments::remove_entrant(conn, t.id, &player.userid)?;
        crate::service::pages::tournament_changed(conn, &t.name)?;
    }
    let mut lost = Vec::new();
    for t in tournaments::running_for(conn, &player.userid)? {
        lost.extend(forfeit(conn, catalog, &t, player, now)?);
    }
    Ok(lost)
}

/// Marks `player` as having left running tournament `t` and resigns their
/// games of it still being played.
fn forfeit(
    conn: &Connection,
    catalog: Catalog<'_>,
    t: &Tournament,
    player: &Player,
    now: DateTime<Utc>,
) -> Result<Vec<GameId>, ServiceError> {
    tournaments::set_left(conn, t.id, &player.userid, &timestamp(now))?;
    crate::service::pages::tournament_changed(conn, &t.name)?;
    if t.format == crate::tournament::Format::Ladder {
        super::ladder::left(conn, t, &player.userid)?;
    }
    let mut lost = Vec::new();
    for g in tournaments::games(conn, t.id)? {
        if g.status != Status::Active
            || !g
                .players
                .iter()
                .any(|p| p.eq_ignore_ascii_case(&player.userid))
        {
            continue;
        }
        let mut game = LoadedGame::load(conn, catalog, g.game)?;
        let Some(&seat) = game.seats_of(player.id).first() else {
            continue;
        };
        resignations::take(conn, g.game, player.id)?;
        let (resigned, over) = resign_seat(conn, &mut game, seat, player, None, now)?;
        notify::queue_change(
            conn,
            resigned,
            over,
            Vec::new(),
            now,
            super::result::game_ended,
        )?;
        lost.push(g.game);
    }
    Ok(lost)
}
