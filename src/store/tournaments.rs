//! Tournaments as stored: the tournament, its entrants and its games.
//!
//! The schema is `tournaments.sql`. What the rows mean (who meets whom,
//! how a table is ordered) is the pure core's ([`crate::tournament`]); the
//! service reads and writes through these functions. A ladder's rank moves
//! are in `ladder.rs`.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use super::games::{Status, options_from_json, options_to_json};
use crate::ids::GameId;
use crate::rules::GameOption;
use crate::tournament::Format;

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Taking entrants.
    Open,
    /// Its games are being played.
    Running,
    /// Over, its winner named.
    Done,
    /// Called off by its organiser.
    Cancelled,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Open => "open",
            State::Running => "running",
            State::Done => "done",
            State::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Result<State, StoreError> {
        Ok(match text {
            "open" => State::Open,
            "running" => State::Running,
            "done" => State::Done,
            "cancelled" => State::Cancelled,
            other => return Err(StoreError::Damaged(format!("tournament state {other}"))),
        })
    }
}

/// What a tournament game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A round robin's game, or one of a knockout match's two.
    Pairing,
    /// The third game of a knockout match level after two.
    Decider,
    /// A ladder challenge's game.
    Ladder,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Pairing => "pairing",
            Kind::Decider => "decider",
            Kind::Ladder => "ladder",
        }
    }

    fn parse(text: &str) -> Result<Kind, StoreError> {
        Ok(match text {
            "pairing" => Kind::Pairing,
            "decider" => Kind::Decider,
            "ladder" => Kind::Ladder,
            other => return Err(StoreError::Damaged(format!("tournament game kind {other}"))),
        })
    }
}

/// A tournament row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub format: Format,
    /// The userid of its creator.
    pub organiser: String,
    pub state: State,
    /// Entrants wanted (`--players=N`): it starts when that many joined.
    pub players: Option<u32>,
    pub rated: bool,
    /// The options of every game, as challenge reads them.
    pub options: Vec<GameOption>,
    /// Ladder: how many places above a player may challenge.
    pub reach: u32,
    /// Ladder: the most ladder games a player has at once.
    pub max_games: u32,
    pub created: String,
    pub started: Option<String>,
    pub ended: Option<String>,
    pub winner: Option<String>,
}

/// What [`create`] stores.
pub struct NewTournament<'a> {
    pub name: &'a str,
    pub variant: &'a str,
    pub format: Format,
    pub organiser: &'a str,
    pub players: Option<u32>,
    pub rated: bool,
    pub options: &'a [GameOption],
    pub reach: u32,
    pub max_games: u32,
    pub now: &'a str,
}

/// Stores a new, open tournament; returns its id.
pub fn create(conn: &Connection, t: &NewTournament<'_>) -> Result<i64, StoreError> {
    super::exec(
        conn,
        "INSERT INTO tournaments (name, variant, format, organiser, state, players, rated, \
         options, reach, max_games, created) VALUES (?1, ?2, ?3, ?4, 'open', ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            t.name,
            t.variant,
            t.format.name(),
            t.organiser,
            t.players,
            t.rated,
            options_to_json(t.options),
            t.reach,
            t.max_games,
            t.now,
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

const COLUMNS: &str = "id, name, variant, format, organiser, state, players, rated, options, \
                       reach, max_games, created, started, ended, winner";

fn from_row(r: &Row<'_>) -> rusqlite::Result<[Option<String>; 3]> {
    Ok([r.get(3)?, r.get(5)?, r.get(8)?])
}

fn read(r: &Row<'_>) -> rusqlite::Result<(Tournament, [Option<String>; 3])> {
    Ok((
        Tournament {
            id: r.get(0)?,
            name: r.get(1)?,
            variant: r.get(2)?,
            format: Format::RoundRobin,
            organiser: r.get(4)?,
            state: State::Open,
            players: r.get(6)?,
            rated: r.get(7)?,
            options: Vec::new(),
            reach: r.get(9)?,
            max_games: r.get(10)?,
            created: r.get(11)?,
            started: r.get(12)?,
            ended: r.get(13)?,
            winner: r.get(14)?,
        },
        from_row(r)?,
    ))
}

fn complete(
    (mut t, [format, state, options]): (Tournament, [Option<String>; 3]),
) -> Result<Tournament, StoreError> {
    let format = format.unwrap_or_default();
    t.format = format
        .parse()
        .map_err(|_| StoreError::Damaged(format!("tournament format {format}")))?;
    t.state = State::parse(state.as_deref().unwrap_or_default())?;
    t.options = options_from_json(options.as_deref().unwrap_or("[]"))?;
    Ok(t)
}

/// The tournament called `name` (any case).
pub fn find(conn: &Connection, name: &str) -> Result<Option<Tournament>, StoreError> {
    let row = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM tournaments WHERE name = ?1"
        ))?
        .query_row([name], read)
        .optional()?;
    row.map(complete).transpose()
}

/// How many tournaments `userid` organises that are open or running
/// (`tournaments_by_organiser`).
pub fn organised_count(conn: &Connection, userid: &str) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM tournaments WHERE organiser = ?1 COLLATE NOCASE \
             AND state IN ('open', 'running')",
        )?
        .query_row([userid], |r| r.get(0))?)
}

/// The tournaments `userid` organises that are open or running, by id.
pub fn organised_by(conn: &Connection, userid: &str) -> Result<Vec<Tournament>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE organiser = ?1 COLLATE NOCASE \
         AND state IN ('open', 'running') ORDER BY id"
    ))?;
    let rows = q
        .query_map([userid], read)?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(complete).collect()
}

/// The tournament with row id `id`.
pub fn by_id(conn: &Connection, id: i64) -> Result<Option<Tournament>, StoreError> {
    let row = conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"))?
        .query_row([id], read)
        .optional()?;
    row.map(complete).transpose()
}

/// The tournaments in one of `states`, oldest first.
pub fn list(conn: &Connection, states: &[State]) -> Result<Vec<Tournament>, StoreError> {
    let wanted: Vec<&str> = states.iter().map(|s| s.as_str()).collect();
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE state IN (SELECT value FROM json_each(?1)) \
         ORDER BY id"
    ))?;
    let rows = q
        .query_map(
            [serde_json::to_string(&wanted).expect("states serialize")],
            read,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(complete).collect()
}

/// The running tournaments `userid` plays in and has not left.
pub fn running_for(conn: &Connection, userid: &str) -> Result<Vec<Tournament>, StoreError> {
    entered(conn, userid, State::Running)
}

/// The open tournaments `userid` has entered (through
/// `tournament_entrants_by_user`, never every open tournament).
pub fn open_for(conn: &Connection, userid: &str) -> Result<Vec<Tournament>, StoreError> {
    entered(conn, userid, State::Open)
}

/// The tournaments in `state` that `userid` plays in and has not left.
fn entered(conn: &Connection, userid: &str, state: State) -> Result<Vec<Tournament>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM tournaments WHERE state = ?2 AND id IN \
         (SELECT tournament FROM tournament_entrants WHERE userid = ?1 AND left_at IS NULL) \
         ORDER BY id"
    ))?;
    let rows = q
        .query_map(rusqlite::params![userid, state.as_str()], read)?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(complete).collect()
}

/// Starts tournament `id` at `now`.
pub fn start(conn: &Connection, id: i64, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE tournaments SET state = 'running', started = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

/// Ends tournament `id` at `now`: done with `winner`, or cancelled
/// (`winner` None and `state` Cancelled).
pub fn end(
    conn: &Connection,
    id: i64,
    state: State,
    winner: Option<&str>,
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE tournaments SET state = ?2, winner = ?3, ended = ?4 WHERE id = ?1",
        params![id, state.as_str(), winner, now],
    )?;
    Ok(())
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub userid: String,
    /// Entry order while open; by rating (1 the strongest) once started.
    pub seed: u32,
    /// A ladder's place (1 the top).
    pub rank: Option<u32>,
    /// When the entrant left or signed off.
    pub left_at: Option<String>,
}

/// Adds `userid` to tournament `id` with `seed` (and a ladder `rank`).
pub fn add_entrant(
    conn: &Connection,
    id: i64,
    userid: &str,
    seed: u32,
    rank: Option<u32>,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO tournament_entrants (tournament, userid, seed, rank) VALUES (?1, ?2, ?3, ?4)",
        params![id, userid, seed, rank],
    )?;
    Ok(())
}

/// Takes `userid` out of an open tournament.
pub fn remove_entrant(conn: &Connection, id: i64, userid: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM tournament_entrants WHERE tournament = ?1 AND userid = ?2",
        params![id, userid],
    )?;
    Ok(())
}

/// Gives `userid` its seed (at the start: the rating order).
pub fn set_seed(conn: &Connection, id: i64, userid: &str, seed: u32) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE tournament_entrants SET seed = ?3 WHERE tournament = ?1 AND userid = ?2",
        params![id, userid, seed],
    )?;
    Ok(())
}

/// Marks `userid` as having left tournament `id` at `now`.
pub fn set_left(conn: &Connection, id: i64, userid: &str, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE tournament_entrants SET left_at = ?3 WHERE tournament = ?1 AND userid = ?2",
        params![id, userid, now],
    )?;
    Ok(())
}

/// The entrants of tournament `id`, by seed.
pub fn entrants(conn: &Connection, id: i64) -> Result<Vec<Entrant>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT userid, seed, rank, left_at FROM tournament_entrants WHERE tournament = ?1 \
         ORDER BY seed, userid",
    )?;
    let rows = q
        .query_map([id], |r| {
            Ok(Entrant {
                userid: r.get(0)?,
                seed: r.get(1)?,
                rank: r.get(2)?,
                left_at: r.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// A game of a tournament, with what its row in `games` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    pub game: GameId,
    pub round: u32,
    pub kind: Kind,
    /// Userids in seat order (White first).
    pub players: Vec<String>,
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` once over.
    pub result: Option<String>,
    pub reason: Option<String>,
}

/// Records game `game` as one of tournament `id`'s.
pub fn add_game(
    conn: &Connection,
    id: i64,
    game: GameId,
    round: u32,
    kind: Kind,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO tournament_games (game, tournament, round, kind) VALUES (?1, ?2, ?3, ?4)",
        params![game.0 as i64, id, round, kind.as_str()],
    )?;
    Ok(())
}

/// The games of tournament `id`, by round then game number.
pub fn games(conn: &Connection, id: i64) -> Result<Vec<TournamentGame>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT t.game, t.round, t.kind, g.status, g.result, g.reason, \
         (SELECT group_concat(userid, ' ') FROM \
            (SELECT p.userid FROM seats s JOIN players p ON p.id = s.player \
             WHERE s.game = t.game ORDER BY s.seat)) \
         FROM tournament_games t JOIN games g ON g.id = t.game \
         WHERE t.tournament = ?1 ORDER BY t.round, t.game",
    )?;
    let rows = q
        .query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter()
        .map(|(game, round, kind, status, result, reason, players)| {
            Ok(TournamentGame {
                game: GameId(game as u64),
                round,
                kind: Kind::parse(&kind)?,
                players: players
                    .unwrap_or_default()
                    .split(' ')
                    .filter(|p| !p.is_empty())
                    .map(str::to_string)
                    .collect(),
                status: status.parse()?,
                result,
                reason,
            })
        })
        .collect()
}

/// The tournament game `game` belongs to: the tournament's id, the round
/// and the kind.
pub fn of_game(conn: &Connection, game: GameId) -> Result<Option<(i64, u32, Kind)>, StoreError> {
    let row = conn
        .prepare_cached("SELECT tournament, round, kind FROM tournament_games WHERE game = ?1")?
        .query_row([game.0 as i64], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
            ))
        })
        .optional()?;
    row.map(|(id, round, kind)| Ok((id, round, Kind::parse(&kind)?)))
        .transpose()
}

/// Cancels game `game` of a cancelled tournament: no result, the reason
/// saying why.
pub fn cancel_game(conn: &Connection, game: GameId, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET status = 'cancelled', result = NULL, reason = 'tournament cancelled', \
         draw_votes = NULL, undo_votes = NULL, updated = ?2 WHERE id = ?1",
        params![game.0 as i64, now],
    )?;
    Ok(())
}
