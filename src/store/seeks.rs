//! Open challenges (`seek`): posted by one player, taken by another's
//! `accept seekN`, or expired by `remind`.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use super::games::options_to_json;
use crate::rules::GameOption;

/// An open challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    pub id: u64,
    pub variant: String,
    pub player: i64,
    pub userid: String,
    /// Every option, the server's too, as written.
    pub options: Vec<GameOption>,
    /// The seeker's seat; `None`: drawn at random when taken.
    pub seat: Option<usize>,
    pub rating: Option<(u32, u32)>,
    pub created: String,
    pub expires: String,
    /// The seeker's words, for the player who takes it.
    pub comment: Option<String>,
}

/// What `post` stores.
pub struct NewSeek<'a> {
    pub variant: &'a str,
    pub player: i64,
    pub options: &'a [GameOption],
    pub seat: Option<usize>,
    pub rating: Option<(u32, u32)>,
    pub now: &'a str,
    pub expires: &'a str,
    pub comment: Option<&'a str>,
}

/// Stores an open challenge; returns its number.
pub fn post(conn: &Connection, seek: &NewSeek<'_>) -> Result<u64, StoreError> {
    super::exec(
        conn,
        "INSERT INTO seeks (variant, player, options, seat, rating_min, rating_max, created, \
         expires, comment) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            seek.variant,
            seek.player,
            options_to_json(seek.options),
            seek.seat.map(|s| s as i64),
            seek.rating.map(|r| r.0),
            seek.rating.map(|r| r.1),
            seek.now,
            seek.expires,
            seek.comment,
        ],
    )?;
    Ok(conn.last_insert_rowid() as u64)
}

const COLUMNS: &str = "s.id, s.variant, s.player, p.userid, s.options, s.seat, s.rating_min, \
                       s.rating_max, s.created, s.expires, s.comment";

fn from_row(r: &Row<'_>) -> rusqlite::Result<(Seek, String)> {
    let min: Option<u32> = r.get(6)?;
    let max: Option<u32> = r.get(7)?;
    Ok((
        Seek {
            id: r.get::<_, i64>(0)? as u64,
            variant: r.get(1)?,
            player: r.get(2)?,
            userid: r.get(3)?,
            options: Vec::new(),
            seat: r.get::<_, Option<i64>>(5)?.map(|s| s as usize),
            rating: min.zip(max),
            created: r.get(8)?,
            expires: r.get(9)?,
            comment: r.get(10)?,
        },
        r.get(4)?,
    ))
}

fn complete((mut seek, options): (Seek, String)) -> Result<Seek, StoreError> {
    seek.options = super::games::options_from_json(&options)?;
    Ok(seek)
}

/// The open challenge `id` that has not expired by `now`.
pub fn open(conn: &Connection, id: u64, now: &str) -> Result<Option<Seek>, StoreError> {
    let row = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM seeks s JOIN players p ON p.id = s.player \
             WHERE s.id = ?1 AND s.status = 'open' AND s.expires > ?2"
        ))?
        .query_row(params![id as i64, now], from_row)
        .optional()?;
    row.map(complete).transpose()
}

/// How many open challenges `player` has standing at `now`
/// (`seeks_by_player`).
pub fn open_count(conn: &Connection, player: i64, now: &str) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM seeks WHERE player = ?1 AND status = 'open' AND expires > ?2",
        )?
        .query_row(rusqlite::params![player, now], |r| r.get(0))?)
}

/// Closes every open challenge of `player` (they signed off): none can
/// be taken any more. How many were closed.
pub fn withdraw_all(conn: &Connection, player: i64) -> Result<usize, StoreError> {
    Ok(conn.execute(
        "UPDATE seeks SET status = 'expired' WHERE player = ?1 AND status = 'open'",
        [player],
    )?)
}

/// The open challenges at `now` (of `variant` when given), oldest first,
/// at most `limit` of them.
pub fn list(
    conn: &Connection,
    variant: Option<&str>,
    now: &str,
    limit: usize,
) -> Result<Vec<Seek>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM seeks s JOIN players p ON p.id = s.player \
         WHERE s.status = 'open' AND s.expires > ?1 AND (?2 IS NULL OR s.variant = ?2) \
         ORDER BY s.id LIMIT ?3"
    ))?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = q
        .query_map(params![now, variant, limit], from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter().map(complete).collect()
}

/// Marks seek `id` taken by `game`.
pub fn taken(conn: &Connection, id: u64, game: crate::ids::GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE seeks SET status = 'taken', game = ?2 WHERE id = ?1",
        params![id as i64, game.0 as i64],
    )?;
    Ok(())
}

/// The open challenges not yet warned of that expire by `by` (a day
/// after `remind`'s now), by the `seeks_open (status, expires)` index.
pub fn to_warn_by(conn: &Connection, by: &str) -> Result<Vec<Seek>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM seeks s JOIN players p ON p.id = s.player \
         WHERE s.status = 'open' AND s.expires <= ?1 AND s.warned IS NULL ORDER BY s.id"
    ))?;
    let rows = q.query_map([by], from_row)?;
    rows.map(|r| complete(r?)).collect()
}

/// The seeker of open challenge `id` was warned at `now` that it expires.
pub fn warned(conn: &Connection, id: u64, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE seeks SET warned = ?2 WHERE id = ?1",
        params![id as i64, now],
    )?;
    Ok(())
}

/// Marks every open challenge whose time has come expired; returns how
/// many (an indexed query: `remind` runs it each time).
pub fn expire(conn: &Connection, now: &str) -> Result<usize, StoreError> {
    Ok(super::exec(
        conn,
        "UPDATE seeks SET status = 'expired' WHERE status = 'open' AND expires <= ?1",
        [now],
    )?)
}
