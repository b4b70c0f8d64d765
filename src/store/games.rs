//! Queries on games and their seats.

use std::fmt;
use std::str::FromStr;

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use crate::ids::GameId;
use crate::rules::{Ending, GameOption, Seat};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Over,
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Over => "over",
            Status::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "active" => Status::Active,
            "over" => Status::Over,
            "cancelled" => Status::Cancelled,
            other => return Err(StoreError::Damaged(format!("unknown game status {other}"))),
        })
    }
}

/// A game row with its players in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub id: GameId,
    pub variant: String,
    pub options: Vec<GameOption>,
    pub status: Status,
    pub result: Option<String>,
    pub reason: Option<String>,
    /// Position::encode after the whole turn log.
    pub position: String,
    /// Board turns played.
    pub ply: u32,
    pub created: String,
    pub updated: String,
    /// Seats that agree to a draw; empty when no draw is offered.
    pub draw_votes: Vec<Seat>,
    pub dice_commitment: Option<String>,
    pub dice_seed: Option<String>,
    pub nag_days: u32,
    pub forfeit_days: u32,
    /// Seats that agree to take back the last turn; empty when no takeback
    /// is proposed.
    pub undo_votes: Vec<Seat>,
    /// Days each player may think in all (pbmserv's totaltime), if limited.
    pub total_days: Option<u32>,
    /// The correspondence time control (`--clock=`, as written), if any.
    pub clock: Option<String>,
    /// False for a game challenged `--unrated`: its end changes no rating.
    pub rated: bool,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// Player row ids in seat order.
    pub player_ids: Vec<i64>,
}

impl Game {
    /// Each seat's player: row id and userid, in seat order.
    pub fn players_by_id(&self) -> Vec<(i64, String)> {
        self.player_ids
            .iter()
            .copied()
            .zip(self.players.iter().cloned())
            .collect()
    }
}

/// What `insert` needs to start a game.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    pub variant: &'a str,
    pub options: &'a [GameOption],
    pub position: &'a str,
    pub player_ids: &'a [i64],
    pub nag_days: u32,
    pub forfeit_days: u32,
    pub total_days: Option<u32>,
    /// The correspondence time control (`--clock=`, as written), if any.
    pub clock: Option<&'a str>,
    pub dice_commitment: Option<&'a str>,
    pub dice_seed: Option<&'a str>,
    pub now: &'a str,
}

/// The state a turn or an event leaves a game in.
#[derive(Clone, Debug)]
pub struct NewState<'a> {
    pub position: &'a str,
    pub ply: u32,
    pub status: Status,
    pub result: Option<&'a str>,
    pub reason: Option<&'a str>,
    pub draw_votes: &'a [Seat],
    pub now: &'a str,
}

/// Options as stored: `[["nag","3"],["fischer",null]]`.
pub fn options_to_json(options: &[GameOption]) -> String {
    let list: Vec<(&str, Option<&str>)> = options
        .iter()
        .map(|o| (o.name.as_str(), o.value.as_deref()))
        .collect();
    serde_json::to_string(&list).expect("options serialize")
}

pub(crate) fn options_from_json(text: &str) -> Result<Vec<GameOption>, StoreError> {
    let list: Vec<(String, Option<String>)> = serde_json::from_str(text)
        .map_err(|e| StoreError::Damaged(format!("game options {text}: {e}")))?;
    Ok(list
        .into_iter()
        .map(|(name, value)| GameOption { name, value })
        .collect())
}

fn votes_to_text(votes: &[Seat]) -> Option<String> {
    if votes.is_empty() {
        return None;
    }
    Some(
        votes
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(","),
    )
}

fn votes_from_text(text: Option<String>) -> Result<Vec<Seat>, StoreError> {
    let Some(text) = text else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|s| {
            s.parse()
                .map_err(|_| StoreError::Damaged(format!("draw votes {text}")))
        })
        .collect()
}

/// Creates a game and its seats; returns its number.
pub fn insert(conn: &Connection, game: &NewGame<'_>) -> Result<GameId, StoreError> {
    super::exec(
        conn,
        "INSERT INTO games (variant, options, position, created, updated, nag_days, forfeit_days, \
         dice_commitment, dice_seed, total_days, clock) VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            game.variant,
            options_to_json(game.options),
            game.position,
            game.now,
            game.nag_days,
            game.forfeit_days,
            game.dice_commitment,
            game.dice_seed,
            game.total_days,
            game.clock,
        ],
    )?;
    let id = conn.last_insert_rowid();
    let mut seat =
        conn.prepare_cached("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)")?;
    for (n, player) in game.player_ids.iter().enumerate() {
        seat.execute(params![id, n as i64, player])?;
    }
    Ok(GameId(id as u64))
}

const COLUMNS: &str = "id, variant, options, status, result, reason, position, ply, created, updated, \
     draw_votes, dice_commitment, dice_seed, nag_days, forfeit_days, undo_votes, total_days, clock, rated";

type RawGame = (Game, String, String, Option<String>, Option<String>);

fn from_row(r: &Row<'_>) -> rusqlite::Result<RawGame> {
    Ok((
        Game {
            id: GameId(r.get::<_, i64>(0)? as u64),
            variant: r.get(1)?,
            options: Vec::new(),
            status: Status::Active,
            result: r.get(4)?,
            reason: r.get(5)?,
            position: r.get(6)?,
            ply: r.get(7)?,
            created: r.get(8)?,
            updated: r.get(9)?,
            draw_votes: Vec::new(),
            dice_commitment: r.get(11)?,
            dice_seed: r.get(12)?,
            nag_days: r.get(13)?,
            forfeit_days: r.get(14)?,
            undo_votes: Vec::new(),
            total_days: r.get(16)?,
            clock: r.get(17)?,
            rated: r.get(18)?,
            players: Vec::new(),
            player_ids: Vec::new(),
        },
        r.get(2)?,
        r.get(3)?,
        r.get(10)?,
        r.get(15)?,
    ))
}

fn complete(conn: &Connection, raw: RawGame) -> Result<Game, StoreError> {
    let (mut game, options, status, votes, undo_votes) = raw;
    game.options = options_from_json(&options)?;
    game.status = status.parse()?;
    game.draw_votes = votes_from_text(votes)?;
    game.undo_votes = votes_from_text(undo_votes)?;
    // Each seat's userid by a subquery on the player's key, not a join:
    // a fifth cheaper to prepare (41 K instructions against 51 K), and
    // the same rows (the foreign key leaves no seat without its player).
    let mut q = conn.prepare_cached(
        "SELECT player, (SELECT userid FROM players WHERE id = player) \
         FROM seats WHERE game = ?1 ORDER BY seat",
    )?;
    let seats = q.query_map([game.id.0 as i64], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
    })?;
    for seat in seats {
        let (id, userid) = seat?;
        game.player_ids.push(id);
        game.players.push(userid);
    }
    Ok(game)
}

/// Marks a game just inserted as unrated (games are rated by default).
pub fn set_unrated(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET rated = 0 WHERE id = ?1",
        [id.0 as i64],
    )?;
    Ok(())
}

/// The game with this number.
pub fn find(conn: &Connection, id: GameId) -> Result<Option<Game>, StoreError> {
    let raw = conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id.0 as i64], from_row)
        .optional()?;
    raw.map(|raw| complete(conn, raw)).transpose()
}

/// True when game `id` exists and is active.
pub fn is_active(conn: &Connection, id: GameId) -> Result<bool, StoreError> {
    Ok(super::row(
        conn,
        "SELECT EXISTS (SELECT 1 FROM games WHERE id = ?1 AND status = 'active')",
        [id.0 as i64],
        |r| r.get(0),
    )?)
}

/// Every game (only active ones unless `all`), by id: `boserv publish`'s
/// whole site. A command reads a player's games through [`of_players`].
pub fn list(conn: &Connection, player_ids: &[i64], all: bool) -> Result<Vec<Game>, StoreError> {
    if !player_ids.is_empty() {
        let which = if all { Which::Any } else { Which::Active };
        return of_players(conn, player_ids, which, None, usize::MAX).map(|mut games| {
            games.reverse();
            games
        });
    }
    let mut sql = format!("SELECT {COLUMNS} FROM games g");
    if !all {
        sql.push_str(" WHERE status = 'active'");
    }
    sql.push_str(" ORDER BY id");
    let mut q = conn.prepare(&sql)?;
    let raws = q.query_map([], from_row)?.collect::<Result<Vec<_>, _>>()?;
    raws.into_iter().map(|raw| complete(conn, raw)).collect()
}

/// The read of one player's games, newest first, through the seats index
/// `seats_by_player_game` (player, game): it visits that player's seats
/// from the newest game down and stops after `?4` of them, never the
/// games table as a whole. (A player seated twice in one game, playing
/// themselves, is one game: [`of_players`] keeps it once.)
pub(crate) const OF_PLAYER: &str = "SELECT g.id, g.variant, g.options, g.status, g.result, g.reason, g.position, \
     g.ply, g.created, g.updated, g.draw_votes, g.dice_commitment, g.dice_seed, g.nag_days, \
     g.forfeit_days, g.undo_votes, g.total_days, g.clock, g.rated \
     FROM seats s JOIN games g ON g.id = s.game \
     WHERE s.player = ?1 AND (?2 = 'any' OR (g.status = 'active') = (?2 = 'active')) \
     AND (?3 IS NULL OR g.variant = ?3 COLLATE NOCASE) AND (?5 IS NULL OR s.game < ?5) \
     ORDER BY s.game DESC LIMIT ?4";

/// Which games a list takes by their status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Being played (an invitation waiting for its players included).
    Active,
    /// Over or cancelled.
    Finished,
    Any,
}

impl Which {
    fn as_str(self) -> &'static str {
        match self {
            Which::Active => "active",
            Which::Finished => "finished",
            Which::Any => "any",
        }
    }
}

/// The newest `limit` games where one of `player_ids` has a seat, newest
/// first; those `which` takes, only of `variant` when named.
/// Its cost grows with the games it returns (and, per player, the seats
/// it passes over that the filters leave out), never with the server's
/// games.
pub fn of_players(
    conn: &Connection,
    player_ids: &[i64],
    which: Which,
    variant: Option<&str>,
    limit: usize,
) -> Result<Vec<Game>, StoreError> {
    of_players_before(conn, player_ids, which, variant, None, limit)
}

/// [`of_players`] from the game before `before` down (the next page of a
/// list read newest first; `None`: from the newest).
pub fn of_players_before(
    conn: &Connection,
    player_ids: &[i64],
    which: Which,
    variant: Option<&str>,
    before: Option<GameId>,
    limit: usize,
) -> Result<Vec<Game>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let before = before.map(|g| g.0 as i64);
    let mut raws = Vec::new();
    let mut q = conn.prepare_cached(OF_PLAYER)?;
    for &player in player_ids {
        let rows = q.query_map(
            rusqlite::params![player, which.as_str(), variant, limit, before],
            from_row,
        )?;
        for raw in rows {
            raws.push(raw?);
        }
    }
    raws.sort_by_key(|r: &RawGame| std::cmp::Reverse(r.0.id));
    raws.dedup_by_key(|raw| raw.0.id);
    raws.truncate(limit as usize);
    raws.into_iter().map(|raw| complete(conn, raw)).collect()
}

/// The server's newest `limit` games (those `which` takes, only of
/// `variant` when named), newest first: the operator's `games`, the
/// index page. Read backwards by id, never the whole table.
pub fn newest(
    conn: &Connection,
    which: Which,
    variant: Option<&str>,
    limit: usize,
) -> Result<Vec<Game>, StoreError> {
    newest_before(conn, which, variant, None, limit)
}

/// [`newest`] from the game before `before` down (`None`: the newest).
pub fn newest_before(
    conn: &Connection,
    which: Which,
    variant: Option<&str>,
    before: Option<GameId>,
    limit: usize,
) -> Result<Vec<Game>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let before = before.map(|g| g.0 as i64);
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM games \
         WHERE (?1 = 'any' OR (status = 'active') = (?1 = 'active')) \
         AND (?2 IS NULL OR variant = ?2 COLLATE NOCASE) AND (?4 IS NULL OR id < ?4) \
         ORDER BY id DESC LIMIT ?3"
    ))?;
    let raws = q
        .query_map(
            rusqlite::params![which.as_str(), variant, limit, before],
            from_row,
        )?
        .collect::<Result<Vec<_>, _>>()?;
    raws.into_iter().map(|raw| complete(conn, raw)).collect()
}

/// The games of `player` that ended (over) at or after `since`, by id.
/// Each of the player's seats is looked at through the index, only the
/// matches read whole.
pub fn ended_since(conn: &Connection, player: i64, since: &str) -> Result<Vec<Game>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT g.id, g.variant, g.options, g.status, g.result, g.reason, g.position, \
         g.ply, g.created, g.updated, g.draw_votes, g.dice_commitment, g.dice_seed, g.nag_days, \
         g.forfeit_days, g.undo_votes, g.total_days, g.clock, g.rated \
         FROM seats s JOIN games g ON g.id = s.game \
         WHERE s.player = ?1 AND g.status = 'over' AND g.updated >= ?2 \
         GROUP BY s.game ORDER BY s.game",
    )?;
    let raws = q
        .query_map(rusqlite::params![player, since], from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    raws.into_iter().map(|raw| complete(conn, raw)).collect()
}

/// Who has played `variant` here: (userid, games of it being played,
/// games of it in all), by userid, the first `limit` (issue 43: read from
/// `variant_players`, kept by triggers, src/store/bounded.sql; never every
/// seat of the type).
pub fn players_of(
    conn: &Connection,
    variant: &str,
    limit: usize,
) -> Result<Vec<(String, u32, u32)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT userid, active, total FROM variant_players WHERE variant = ?1 \
         ORDER BY userid LIMIT ?2",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = q.query_map(rusqlite::params![variant, limit], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
    })?;
    Ok(rows.collect::<Result<Vec<_>, _>>()?)
}

/// Writes the state a turn or an event leaves the game in. Any new log
/// entry ends a proposed takeback: "the last turn" it named is no longer
/// the last.
pub fn update(conn: &Connection, id: GameId, state: &NewState<'_>) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET position = ?2, ply = ?3, status = ?4, result = ?5, reason = ?6, \
         draw_votes = ?7, updated = ?8, undo_votes = NULL WHERE id = ?1",
        params![
            id.0 as i64,
            state.position,
            state.ply,
            state.status.as_str(),
            state.result,
            state.reason,
            votes_to_text(state.draw_votes),
            state.now,
        ],
    )?;
    Ok(())
}

/// Cancels a game that a player declined before their first move: no
/// result, and as reason the ending's key (`declined:1`), the game's one
/// record of who declined.
pub fn cancel(conn: &Connection, id: GameId, why: &Ending, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET status = 'cancelled', result = NULL, reason = ?2, \
         draw_votes = NULL, undo_votes = NULL, updated = ?3 WHERE id = ?1",
        params![id.0 as i64, why.key(), now],
    )?;
    Ok(())
}

/// Records who agrees to a draw (empty: no offer stands).
pub fn set_draw_votes(
    conn: &Connection,
    id: GameId,
    votes: &[Seat],
    now: &str,
) -> Result<(), StoreError> {
    set_votes(conn, "draw_votes", id, votes, now)
}

/// Writes one of the vote columns (`draw_votes`, `undo_votes`).
fn set_votes(
    conn: &Connection,
    column: &str,
    id: GameId,
    votes: &[Seat],
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        &format!("UPDATE games SET {column} = ?2, updated = ?3 WHERE id = ?1"),
        params![id.0 as i64, votes_to_text(votes), now],
    )?;
    Ok(())
}

/// Records who agrees to take back the last turn (empty: no takeback
/// proposed).
pub fn set_undo_votes(
    conn: &Connection,
    id: GameId,
    votes: &[Seat],
    now: &str,
) -> Result<(), StoreError> {
    set_votes(conn, "undo_votes", id, votes, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{open_in_memory, players};

    #[test]
    fn a_game_round_trips() {
        let conn = open_in_memory().unwrap();
        let now = "2026-01-01T00:00:00Z";
        let a = players::insert(&conn, "alice", "h", &[], now).unwrap();
        let b = players::insert(&conn, "bob", "h", &[], now).unwrap();
        let options = vec![GameOption {
            name: "nag".into(),
            value: Some("3".into()),
        }];
        let id = insert(
            &conn,
            &NewGame {
                variant: "chess",
                options: &options,
                position: "start",
                player_ids: &[a, b],
                nag_days: 3,
                forfeit_days: 21,
                total_days: None,
                clock: None,
                dice_commitment: None,
                dice_seed: None,
                now,
            },
        )
        .unwrap();
        assert_eq!(id, GameId(1));
        let game = find(&conn, id).unwrap().unwrap();
        assert_eq!(game.players, vec!["alice", "bob"]);
        assert_eq!(game.options, options);
        assert_eq!(
            (game.status, game.ply, game.nag_days),
            (Status::Active, 0, 3)
        );
        set_draw_votes(&conn, id, &[1], now).unwrap();
        assert_eq!(find(&conn, id).unwrap().unwrap().draw_votes, vec![1]);
        assert_eq!(list(&conn, &[b], false).unwrap().len(), 1);
        assert!(find(&conn, GameId(2)).unwrap().is_none());

        let declined = Ending::Declined {
            seat: 1,
            name: "Black",
        };
        cancel(&conn, id, &declined, now).unwrap();
        let game = find(&conn, id).unwrap().unwrap();
        assert_eq!(game.status, Status::Cancelled);
        assert_eq!(game.result, None);
        assert_eq!(game.reason.as_deref(), Some("declined:1"));
        assert!(game.draw_votes.is_empty());
    }
}
