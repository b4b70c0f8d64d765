//! The ladder (issue 27): a tournament that runs from its creation, with
//! no start and no end. Players are ranked, a newcomer at the bottom;
//! `tournament challenge NAME USERID` starts a game at once against a
//! player at most the ladder's `reach` places above (it is a tournament
//! game: nobody is asked to accept it); a win over a higher player takes
//! their place and moves those between down one
//! ([`crate::tournament::ladder`]); a draw or a loss changes nothing.
//!
//! Colours: the challenger, the lower player, has White. A player is in
//! at most `max_games` running ladder games of the ladder, both sides
//! counted, and never in two at once against the same opponent.
//!
//! The rest of a tournament's life (create, join, leave, cancel, show) is
//! the tournament's own ([`super`]); it calls in here where a ladder
//! differs: a newcomer's place ([`join`]), a leaver's place
//! ([`left`]), a game's end ([`game_ended`]) and the ranks it shows
//! ([`table`]).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::command::verbs::{World, spelled};
use crate::rules::VARIANTS;
use crate::service::Request;
use crate::service::community::challenge::{Setup, begin};
use crate::service::error::ServiceError;
use crate::service::game::find_variant;
use crate::service::login::acting_player;
use crate::service::play::announce::ladder::{Climb, climbed};
use crate::service::reply::Reply;
use crate::store::games::{self, Status};
use crate::store::tournaments::{self, Kind, State, Tournament, TournamentGame};
use crate::store::{self, StoreError, ladder as ranks_store, players, signoffs};
use crate::tournament::Format;
use crate::tournament::ladder::{self, LadderRefusal};

pub use crate::service::error::ladder::LadderError;
use crate::service::error::ladder::ladder_games;

impl From<LadderRefusal> for ServiceError {
    fn from(refusal: LadderRefusal) -> Self {
        ServiceError::Ladder(refusal.into())
    }
}

/// `tournament join NAME` of a ladder: `userid` (not in it yet; the
/// ladder has `entrants` so far, those who left included) takes the
/// bottom place. What the command answers.
pub fn join(
    conn: &Connection,
    t: &Tournament,
    userid: &str,
    entrants: usize,
) -> Result<String, ServiceError> {
    match t.state {
        State::Open | State::Running => {}
        State::Cancelled => return Err(LadderError::Cancelled(t.name.clone()).into()),
        State::Done => return Err(LadderError::Over(t.name.clone()).into()),
    }
    let place = ranks_store::bottom(conn, t.id)?;
    tournaments::add_entrant(conn, t.id, userid, entrants as u32 + 1, Some(place))?;
    Ok(format!(
        "{userid} joined the ladder {} at place {place}; challenge a player at most {} \
         above you with `tournament challenge {} USERID`",
        t.name,
        places(t.reach),
        t.name
    ))
}

/// What `tournament create` says of a new ladder: it needs no start.
pub fn runs_now(name: &str, world: World) -> String {
    format!(
        "a ladder runs from now: a player who joins takes the bottom place and \
         challenges with `{}`",
        spelled(
            "tournament challenge",
            world,
            "USERID",
            &format!("{name} OPPONENT")
        )
    )
}

/// `1 place`, `3 places`.
fn places(n: u32) -> String {
    match n {
        1 => "1 place".to_string(),
        n => format!("{n} places"),
    }
}

/// `userid` left the ladder (or signed off): off the ranking, and those
/// below move up one. Their running games are forfeited by the caller
/// (a win over a player who left moves nobody).
pub fn left(conn: &Connection, t: &Tournament, userid: &str) -> Result<(), StoreError> {
    // Off the ranking (userids compare without case), then the places
    // of those still on it written without the gap.
    ranks_store::clear_rank(conn, t.id, userid)?;
    let ranks = ranks_store::ranks(conn, t.id)?;
    ranks_store::set_ranks(conn, t.id, &ranks)
}

/// `tournament challenge NAME USERID`: a ladder game against USERID,
/// begun at once with the challenger as White.
pub fn challenge(
    conn: &mut Connection,
    req: &Request<'_>,
    name: &str,
    opponent: &str,
) -> Result<Reply, ServiceError> {
    let tx = store::write(conn)?;
    let me = acting_player(&tx, req.actor)?;
    let t = tournaments::find(&tx, name)?
        .ok_or_else(|| LadderError::NoSuchTournament(name.to_string()))?;
    match (t.format, t.state) {
        (Format::Ladder, State::Open | State::Running) => {}
        (Format::Ladder, State::Cancelled) => return Err(LadderError::Cancelled(t.name).into()),
        (Format::Ladder, State::Done) => return Err(LadderError::Over(t.name).into()),
        (format, _) => {
            return Err(LadderError::NotALadder {
                name: t.name,
                format,
            }
            .into());
        }
    }
    let them =
        players::find(&tx, opponent)?.ok_or_else(|| ServiceError::NoSuchUser(opponent.into()))?;
    let ranks = ranks_store::ranks(&tx, t.id)?;
    let (mine, theirs) = (
        same_name(&ranks, &me.userid),
        same_name(&ranks, &them.userid),
    );
    ladder::may_challenge(&ranks, &mine, &theirs, t.reach as usize)?;
    let running = running_games(&tx, &t)?;
    if let Some(game) = running
        .iter()
        .find(|g| plays(g, &mine) && plays(g, &theirs))
    {
        return Err(LadderError::AlreadyPlaying {
            opponent: theirs,
            game: game.game,
        }
        .into());
    }
    let count = |who: &str| running.iter().filter(|g| plays(g, who)).count() as u32;
    if count(&mine) >= t.max_games {
        return Err(LadderError::TooManyGames {
            ladder: t.name,
            games: count(&mine),
        }
        .into());
    }
    if count(&theirs) >= t.max_games {
        return Err(LadderError::OpponentBusy {
            opponent: theirs.clone(),
            ladder: t.name,
            games: count(&theirs),
        }
        .into());
    }
    if signoffs::is_signed_off(&tx, them.id)? {
        return Err(ServiceError::SignedOff(them.userid));
    }
    let mut setup = Setup::read(req.catalog, &t.variant, &t.options)?;
    setup.rated &= t.rated;
    let id = setup.create(&tx, &[me.id, them.id], req.now)?;
    tournaments::add_game(&tx, t.id, id, 0, Kind::Ladder)?;
    // Its mails name the ladder (`letters::board_line`); the challenger's
    // words go with the new board.
    let said = crate::service::community::challenge::words_of(&me.userid, req.comment);
    let reply = begin(&tx, req.catalog, id, &said, req.now)?;
    tx.commit()?;
    Ok(reply)
}

/// Ladder game `game` ended (`result`'s dispatch on the format): a win
/// from below moves the winner up, and both players are told their new
/// places; a draw, a loss, a cancelled game or a win over a player who
/// left changes nothing.
pub fn game_ended(
    conn: &Connection,
    t: &Tournament,
    game: GameId,
    now: DateTime<Utc>,
) -> Result<(), ServiceError> {
    let Some(row) = games::find(conn, game)? else {
        return Ok(());
    };
    let (winner, loser) = match (row.result.as_deref(), row.players.as_slice()) {
        (Some("1-0"), [white, black]) => (white, black),
        (Some("0-1"), [white, black]) => (black, white),
        _ => return Ok(()),
    };
    let mut ranks = ranks_store::ranks(conn, t.id)?;
    let (winner, loser) = (same_name(&ranks, winner), same_name(&ranks, loser));
    let Some(from) = ladder::place(&ranks, &winner) else {
        return Ok(());
    };
    if !ladder::record_win(&mut ranks, &winner, &loser) {
        return Ok(());
    }
    ranks_store::set_ranks(conn, t.id, &ranks)?;
    let place = ladder::place(&ranks, &winner).unwrap_or(from);
    let climb = Climb {
        ladder: &t.name,
        variant: find_variant(&VARIANTS, &row.variant)?,
        game,
        winner: &winner,
        loser: &loser,
        from,
        place,
        ranks: &ranks,
    };
    climbed(conn, &climb, now)?;
    Ok(())
}

/// `tournament show NAME` of a ladder: its ranks and games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct LadderShow {
    pub tournament: String,
    pub variant: String,
    pub format: &'static str,
    pub state: &'static str,
    pub reach: u32,
    pub max_games: u32,
    /// Top first.
    pub players: Vec<Rung>,
    pub games: Vec<ShownGame>,
}

/// A ladder game as `tournament show` lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ShownGame {
    /// `game7`.
    pub game: String,
    /// White (the challenger) first.
    pub players: Vec<String>,
    /// `active`, `over`, `cancelled`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2` once over.
    pub result: Option<String>,
}

impl LadderShow {
    /// As a player reads it.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}: {} ladder, {} (challenge at most {} up; at most {} at once)\n",
            self.tournament,
            self.variant,
            self.state,
            places(self.reach),
            ladder_games(self.max_games)
        );
        if self.players.is_empty() {
            out.push_str("nobody on the ladder yet\n");
        }
        let width = self
            .players
            .iter()
            .map(|r| r.userid.len())
            .max()
            .unwrap_or(0);
        for r in &self.players {
            out.push_str(&format!(
                "{:>3}. {:<width$}  games {}  points {}  playing {}\n",
                r.rank,
                r.userid,
                r.games,
                crate::tournament::crosstable::points((r.points * 2.0) as u32),
                r.playing
            ));
        }
        for g in &self.games {
            out.push_str(&format!(
                "{} {} {}\n",
                g.game,
                g.players.join("-"),
                g.result.as_deref().unwrap_or(&g.status)
            ));
        }
        out.trim_end().to_string()
    }
}

/// `tournament show NAME` of a ladder.
pub fn show(conn: &Connection, t: &Tournament) -> Result<LadderShow, StoreError> {
    let games = tournaments::games(conn, t.id)?
        .into_iter()
        .filter(|g| g.kind == Kind::Ladder)
        .map(|g| ShownGame {
            game: g.game.to_string(),
            players: g.players,
            status: g.status.as_str().to_string(),
            result: g.result,
        })
        .collect();
    Ok(LadderShow {
        tournament: t.name.clone(),
        variant: t.variant.clone(),
        format: t.format.name(),
        state: t.state.as_str(),
        reach: t.reach,
        max_games: t.max_games,
        players: table(conn, t)?,
        games,
    })
}

/// One line of a ladder's table: a player's place and ladder games.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Rung {
    pub rank: u32,
    pub userid: String,
    /// Finished ladder games.
    pub games: u32,
    /// Their points in them: a win 1, a draw ½ (`1.5`).
    pub points: f64,
    /// Ladder games being played.
    pub playing: u32,
}

/// The ladder's players, top first, with their games and points.
pub fn table(conn: &Connection, t: &Tournament) -> Result<Vec<Rung>, StoreError> {
    let ranks = ranks_store::ranks(conn, t.id)?;
    let games: Vec<TournamentGame> = tournaments::games(conn, t.id)?
        .into_iter()
        .filter(|g| g.kind == Kind::Ladder)
        .collect();
    Ok(ranks
        .iter()
        .enumerate()
        .map(|(i, userid)| {
            let mine = games.iter().filter(|g| plays(g, userid));
            let (mut played, mut halves, mut playing) = (0, 0, 0);
            for g in mine {
                match (g.status, g.result.as_deref()) {
                    (Status::Active, _) => playing += 1,
                    (Status::Over, Some(result)) => {
                        played += 1;
                        halves += half_points(result, g.players[0].eq_ignore_ascii_case(userid));
                    }
                    _ => {}
                }
            }
            Rung {
                rank: i as u32 + 1,
                userid: userid.clone(),
                games: played,
                points: f64::from(halves) / 2.0,
                playing,
            }
        })
        .collect())
}

/// A player's half points from a two-player result (`1-0`), as White or
/// Black.
fn half_points(result: &str, white: bool) -> u32 {
    match (result, white) {
        ("1-0", true) | ("0-1", false) => 2,
        ("1/2-1/2", _) => 1,
        _ => 0,
    }
}

/// The ladder's games being played.
fn running_games(conn: &Connection, t: &Tournament) -> Result<Vec<TournamentGame>, StoreError> {
    Ok(tournaments::games(conn, t.id)?
        .into_iter()
        .filter(|g| g.kind == Kind::Ladder && g.status == Status::Active)
        .collect())
}

/// True when `userid` plays in `game`.
fn plays(game: &TournamentGame, userid: &str) -> bool {
    game.players.iter().any(|p| p.eq_ignore_ascii_case(userid))
}

/// `userid` as the ladder spells it (userids compare without case).
fn same_name(ranks: &[String], userid: &str) -> String {
    ranks
        .iter()
        .find(|r| r.eq_ignore_ascii_case(userid))
        .cloned()
        .unwrap_or_else(|| userid.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_read_a_result_from_either_side() {
        assert_eq!(half_points("1-0", true), 2);
        assert_eq!(half_points("1-0", false), 0);
        assert_eq!(half_points("0-1", false), 2);
        assert_eq!(half_points("1/2-1/2", true), 1);
        assert_eq!(half_points("1/2-1/2", false), 1);
    }

    #[test]
    fn a_name_is_found_on_the_ladder_whatever_its_case() {
        let ranks = vec!["Ann".to_string(), "bob".to_string()];
        assert_eq!(same_name(&ranks, "ann"), "Ann");
        assert_eq!(same_name(&ranks, "zed"), "zed");
    }
}
