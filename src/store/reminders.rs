//! Queries for `remind`: a game's clock at a glance, and the record of
//! reminders sent.

use rusqlite::{Connection, Row, params};

use super::StoreError;
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

/// The clock of an active game: the last log entry is found through the
/// turns primary key (game, seq), one index probe.
const SELECT: &str = "SELECT g.id, g.nag_days, g.forfeit_days, coalesce(t.seq, 0), coalesce(t.at, g.created), \
            CASE WHEN r.since_seq = coalesce(t.seq, 0) THEN r.period ELSE 0 END, \
            CASE WHEN t.kind IN ('resign', 'forfeit', 'signoff') THEN t.seat END, g.total_days, \
            g.draw_votes IS NOT NULL \
     FROM games g \
     LEFT JOIN turns t ON t.game = g.id AND t.seq = (SELECT max(seq) FROM turns WHERE game = g.id) \
     LEFT JOIN reminders r ON r.game = g.id \
     WHERE g.status = 'active'";

fn clock_row(r: &Row<'_>) -> rusqlite::Result<ClockRow> {
    Ok(ClockRow {
        game: GameId(r.get::<_, i64>(0)? as u64),
        nag_days: r.get(1)?,
        forfeit_days: r.get(2)?,
        since_seq: r.get(3)?,
        since: r.get(4)?,
        period_sent: r.get::<_, Option<u32>>(5)?.unwrap_or(0),
        left_seat: r.get::<_, Option<i64>>(6)?.map(|s| s as usize),
        total_days: r.get(7)?,
        draw_offered: r.get(8)?,
    })
}

/// One game's clock; `None` when the game is no longer active.
pub fn clock(conn: &Connection, game: GameId) -> Result<Option<ClockRow>, StoreError> {
    let mut q = conn.prepare_cached(&format!("{SELECT} AND g.id = ?1"))?;
    let mut rows = q.query_map([game.0 as i64], clock_row)?;
    Ok(rows.next().transpose()?)
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
