//! Queries on the turn log: the board turns and the events of each game, in
//! the order they happened.

use std::fmt;
use std::str::FromStr;

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;
use crate::rules::Seat;

/// What a log entry records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A board turn.
    Turn,
    /// A seat resigned.
    Resign,
    /// A seat lost on time.
    Forfeit,
    /// A seat lost because its player signed off (closed the account).
    SignOff,
    /// The players agreed a draw.
    Draw,
    /// The players agreed to take back the last turn: the turns it took
    /// back stay in the log, marked with this entry's `seq`.
    Undo,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Turn => "turn",
            EntryKind::Resign => "resign",
            EntryKind::Forfeit => "forfeit",
            EntryKind::SignOff => "signoff",
            EntryKind::Draw => "draw",
            EntryKind::Undo => "undo",
        }
    }
}

impl fmt::Display for EntryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EntryKind {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<Self, StoreError> {
        Ok(match s {
            "turn" => EntryKind::Turn,
            "resign" => EntryKind::Resign,
            "forfeit" => EntryKind::Forfeit,
            "signoff" => EntryKind::SignOff,
            "draw" => EntryKind::Draw,
            "undo" => EntryKind::Undo,
            other => return Err(StoreError::Damaged(format!("unknown turn kind {other}"))),
        })
    }
}

/// One entry of a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1, 2, ... over the whole log.
    pub seq: u32,
    /// Board turns played once this entry is applied (a turn's move number).
    pub ply: u32,
    pub kind: EntryKind,
    pub seat: Option<Seat>,
    /// The userid of the player who made the entry.
    pub player: Option<String>,
    /// Canonical notation of the turn, or a word for the event.
    pub text: String,
    /// `A,B` in dice games.
    pub roll: Option<String>,
    pub comment: Option<String>,
    pub at: String,
    /// The server played this turn from the player's queue (`(Auto)`).
    pub auto: bool,
}

/// Appends an entry. The mover is stored by row id (`player_id`); the
/// userid in `entry.player` is only filled in when reading.
pub fn append(
    conn: &Connection,
    game: GameId,
    entry: &Entry,
    player_id: Option<i64>,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO turns (game, seq, ply, kind, seat, player, text, roll, comment, at, auto) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            game.0 as i64,
            entry.seq,
            entry.ply,
            entry.kind.as_str(),
            entry.seat.map(|s| s as i64),
            player_id,
            entry.text,
            entry.roll,
            entry.comment,
            entry.at,
            entry.auto,
        ],
    )?;
    Ok(())
}

/// A game's live log, oldest first: what replaying gives the game as it
/// stands (taken-back turns and the takebacks themselves left out; see
/// [`trail`] for everything).
pub fn log(conn: &Connection, game: GameId) -> Result<Vec<Entry>, StoreError> {
    Ok(read(conn, game, false)?
        .into_iter()
        .map(|(e, _)| e)
        .collect())
}

/// A game's whole log, oldest first, takebacks included: each entry with
/// the `seq` of the takeback that undid it, if one did.
pub fn trail(conn: &Connection, game: GameId) -> Result<Vec<(Entry, Option<u32>)>, StoreError> {
    read(conn, game, true)
}

fn read(
    conn: &Connection,
    game: GameId,
    all: bool,
) -> Result<Vec<(Entry, Option<u32>)>, StoreError> {
    let live = if all {
        ""
    } else {
        "AND t.undone IS NULL AND t.kind <> 'undo' "
    };
    let mut q = conn.prepare_cached(&format!(
        "SELECT t.seq, t.ply, t.kind, t.seat, p.userid, t.text, t.roll, t.comment, t.at, t.auto, t.undone \
         FROM turns t LEFT JOIN players p ON p.id = t.player WHERE t.game = ?1 {live}ORDER BY t.seq"
    ))?;
    // The kind is read as text and checked after the row, so a damaged
    // value becomes a StoreError rather than a conversion panic.
    let rows = q.query_map([game.0 as i64], |r| {
        let entry = Entry {
            seq: r.get(0)?,
            ply: r.get(1)?,
            kind: EntryKind::Turn,
            seat: r.get::<_, Option<i64>>(3)?.map(|s| s as Seat),
            player: r.get(4)?,
            text: r.get(5)?,
            roll: r.get(6)?,
            comment: r.get(7)?,
            at: r.get(8)?,
            auto: r.get(9)?,
        };
        Ok((entry, r.get::<_, String>(2)?, r.get::<_, Option<u32>>(10)?))
    })?;
    let mut entries = Vec::new();
    for row in rows {
        let (entry, kind, undone) = row?;
        let entry = Entry {
            kind: kind.parse()?,
            ..entry
        };
        entries.push((entry, undone));
    }
    Ok(entries)
}

/// Marks the live entries from `from_seq` on as taken back by the
/// takeback entry `undo_seq` (already appended).
pub fn take_back(
    conn: &Connection,
    game: GameId,
    from_seq: u32,
    undo_seq: u32,
) -> Result<usize, StoreError> {
    Ok(super::exec(
        conn,
        "UPDATE turns SET undone = ?3 WHERE game = ?1 AND seq >= ?2 AND seq < ?3 \
         AND undone IS NULL AND kind <> 'undo'",
        params![game.0 as i64, from_seq, undo_seq],
    )?)
}

/// How many takebacks a game has had (board mails of a move played again
/// after one need ids of their own).
pub fn takebacks(conn: &Connection, game: GameId) -> Result<u32, StoreError> {
    Ok(super::row(
        conn,
        "SELECT count(*) FROM turns WHERE game = ?1 AND kind = 'undo'",
        [game.0 as i64],
        |r| r.get(0),
    )?)
}

/// Marks the last entry of a game's log as played by the server from the
/// player's queue.
pub fn mark_last_auto(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE turns SET auto = 1 WHERE game = ?1 \
         AND seq = (SELECT max(seq) FROM turns WHERE game = ?1)",
        [game.0 as i64],
    )?;
    Ok(())
}

/// The text of the last entry of a game's log, if any.
pub fn last_turn_text(conn: &Connection, game: GameId) -> Result<Option<String>, StoreError> {
    let mut q =
        conn.prepare_cached("SELECT text FROM turns WHERE game = ?1 ORDER BY seq DESC LIMIT 1")?;
    let mut rows = q.query_map([game.0 as i64], |r| r.get::<_, String>(0))?;
    Ok(rows.next().transpose()?)
}

/// A game's last log entry: its `seq`, `at`, `kind` and `seat`. One
/// statement for [`count`] and the clock (`reminders::clock`), so that a
/// move, which asks both, prepares it once.
pub const LAST_ENTRY: &str =
    "SELECT seq, at, kind, seat FROM turns WHERE game = ?1 ORDER BY seq DESC LIMIT 1";

/// How many entries the log holds (the next entry's `seq` is this + 1):
/// the last entry's `seq`, as entries are numbered 1, 2, ... and never
/// deleted, read by the key rather than by counting the log.
pub fn count(conn: &Connection, game: GameId) -> Result<u32, StoreError> {
    Ok(super::row(conn, LAST_ENTRY, [game.0 as i64], |r| r.get(0))
        .optional()?
        .unwrap_or(0))
}
