//! The commands of a received message that are done.
//!
//! A letter's commands each commit on their own, and the MTA may hand the
//! message over again at any moment (after a crash, a busy database, a
//! full disk). Each command's row here is written in the same transaction
//! as the command, its mail and its answer to the sender, so a retry skips
//! exactly the commands already done and resumes at the first that is not.
//! Each row keeps its command's answer (masked like everything stored)
//! until the message is finished: its sender then gets them in one mail.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::answers::Answer;
use super::limits::{MAX_ANSWER_BYTES, cut};
use super::stamp;
use crate::command::GameId;
use crate::letters::{Parts, Rendered};

/// What became of one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Carried out.
    Done,
    /// Refused, and the refusal answered (unless nobody may be: a reply
    /// token's from an address that is not its player's).
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

/// Records command `step` as done, with the answer its sender gets (in
/// the message's one combined answer); part of the command's transaction.
pub fn record(
    conn: &Connection,
    row: i64,
    step: usize,
    outcome: Outcome,
    answer: Option<&Answer>,
    now: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let thread = answer.and_then(|a| a.thread.as_ref());
    conn.execute(
        "INSERT INTO inbox_steps
             (inbox, step, outcome, at, answer_subject, answer_body, answer_game, answer_user)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            row,
            step as i64,
            outcome.as_str(),
            stamp(now),
            answer.map(|a| &a.mail.subject),
            // Bounded, whatever the command answered.
            answer.map(|a| cut(&a.mail.parts.text, MAX_ANSWER_BYTES)),
            thread.map(|(game, _)| game.0 as i64),
            thread.map(|(_, user)| user),
        ],
    )?;
    Ok(())
}

/// The answers of the message's commands, in order.
pub fn answers(conn: &Connection, row: i64) -> rusqlite::Result<Vec<Answer>> {
    let mut q = conn.prepare(
        "SELECT answer_subject, answer_body, answer_game, answer_user FROM inbox_steps
         WHERE inbox = ?1 AND answer_body IS NOT NULL ORDER BY step",
    )?;
    let rows = q.query_map([row], |r| {
        let game: Option<i64> = r.get(2)?;
        let user: Option<String> = r.get(3)?;
        Ok(Answer {
            mail: Rendered {
                subject: r.get(0)?,
                parts: Parts::text(r.get::<_, String>(1)?),
            },
            thread: game
                .zip(user)
                .map(|(game, user)| (GameId(game as u64), user)),
        })
    })?;
    rows.collect()
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
