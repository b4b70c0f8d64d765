//! The commands of a received message that are done.
//!
//! A letter's commands each commit on their own, and the MTA may hand the
//! message over again at any moment (after a crash, a busy database, a
//! full disk). Each command's row here is written in the same transaction
//! as the command, its mail and its answer to the sender, so a retry skips
//! exactly the commands already done and resumes at the first that is not.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::stamp;

/// What became of one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Carried out.
    Done,
    /// Refused, and the refusal answered.
    Refused,
}

impl Outcome {
    fn as_str(self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Refused => "refused",
        }
    }
}

/// True when command `step` of the message in inbox row `row` is done.
pub fn is_done(conn: &Connection, row: i64, step: usize) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM inbox_steps WHERE inbox = ?1 AND step = ?2)",
        params![row, step as i64],
        |r| r.get(0),
    )
}

/// Records command `step` as done; part of the command's transaction.
pub fn record(
    conn: &Connection,
    row: i64,
    step: usize,
    outcome: Outcome,
    now: DateTime<Utc>,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO inbox_steps (inbox, step, outcome, at) VALUES (?1, ?2, ?3, ?4)",
        params![row, step as i64, outcome.as_str(), stamp(now)],
    )?;
    Ok(())
}

/// (carried out, refused) over the whole message, earlier runs included.
pub fn tally(conn: &Connection, row: i64) -> rusqlite::Result<(usize, usize)> {
    conn.query_row(
        "SELECT COALESCE(SUM(outcome = 'done'), 0), COALESCE(SUM(outcome = 'refused'), 0)
         FROM inbox_steps WHERE inbox = ?1",
        [row],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, i64>(1)? as usize)),
    )
}
