//! Queries for `remind`: a game's clock at a glance, and the record of
//! reminders sent.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::games::{Game, Status};
use crate::ids::GameId;

/// An active game's clock as stored: enough to tell, without loading the
/// game, whether anything could be due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockRow {
    pub game: GameId,
    pub nag_days: u32,
    pub forfeit_days: u32,
    /// The last log entry (0: none yet): the running clock started with it.
    pub since_seq: u32,
    /// When that entry was written (the game's creation when there is none).
    pub since: String,
    /// The last reminder sent for this clock (0: none).
    pub period_sent: u32,
    /// The seat that resigned, forfeited or signed off in that entry, if it
    /// was one.
    pub left_seat: Option<usize>,
    /// The game's thinking-time limit in days (`totaltime`), if any.
    pub total_days: Option<u32>,
    /// A draw offer stands.
    pub draw_offered: bool,
}

/// One game's clock; `None` when the game is no longer active. `game`
/// is its row as the caller read it in the transaction under way (the
/// limits, the creation time and the draw offer come from it); the last
/// log entry and the reminder sent for it are each looked up by their
/// key. One statement joining the game, its last entry (a correlated
/// `max(seq)`) and its reminder took SQLite 0.14 M instructions to
/// prepare, more than the two lookups together (README,
/// "scripts/bench-move.sh").
pub fn clock(conn: &Connection, game: &Game) -> Result<Option<ClockRow>, StoreError> {
    if game.status != Status::Active {
        return Ok(None);
    }
    let last = super::row(conn, super::turns::LAST_ENTRY, [game.id.0 as i64], |r| {
        // The seat that resigned, forfeited or signed off in it.
        let kind: String = r.get(2)?;
        let left = matches!(kind.as_str(), "resign" | "forfeit" | "signoff");
        let seat = if left {
            r.get::<_, Option<i64>>(3)?
        } else {
            None
        };
        Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?, seat))
    })
    .optional()?;
    let (since_seq, since, left_seat) = match last {
        Some((seq, at, seat)) => (seq, at, seat.map(|s| s as usize)),
        None => (0, game.created.clone(), None),
    };
    // The game's one reminder row, its log number compared here (a
    // second key term cost every move 6 K instructions to prepare).
    let period_sent = super::row(
        conn,
        "SELECT since_seq, period FROM reminders WHERE game = ?1",
        [game.id.0 as i64],
        |r| Ok((r.get::<_, u32>(0)?, r.get::<_, u32>(1)?)),
    )
    .optional()?
    .filter(|&(seq, _)| seq == since_seq)
    .map_or(0, |(_, period)| period);
    Ok(Some(ClockRow {
        game: game.id,
        nag_days: game.nag_days,
        forfeit_days: game.forfeit_days,
        since_seq,
        since,
        period_sent,
        left_seat,
        total_days: game.total_days,
        draw_offered: !game.draw_votes.is_empty(),
    }))
}

/// Records that reminder `period` went out for the clock started by log
/// entry `since_seq`.
pub fn record(
    conn: &Connection,
    game: GameId,
    since_seq: u32,
    period: u32,
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO reminders (game, since_seq, period, sent) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (game) DO UPDATE SET since_seq = excluded.since_seq, period = excluded.period, \
         sent = excluded.sent",
        params![game.0 as i64, since_seq, period, now],
    )?;
    Ok(())
}
