//! What one address was sent, and did, on one UTC day: the counts the
//! daily rates of mail/rates.rs are checked against (answers, refused
//! mails answered, accounts created by mail from it, confirmation mails
//! to it). One row per address; the first count of a new day starts
//! every count afresh.

use rusqlite::{Connection, OptionalExtension, params};

/// The counts of one address on one day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Day {
    pub answers: i64,
    pub refusals: i64,
    pub signups: i64,
    pub confirmations: i64,
}

/// The counts of `address` on `day` (`YYYY-MM-DD`): zero for a day not
/// yet counted.
pub fn on_day(conn: &Connection, address: &str, day: &str) -> rusqlite::Result<Day> {
    let row: Option<(String, Day)> = conn
        .query_row(
            "SELECT day, answers, refusals, signups, confirmations FROM senders
             WHERE address = ?1",
            [address],
            |r| {
                Ok((
                    r.get(0)?,
                    Day {
                        answers: r.get(1)?,
                        refusals: r.get(2)?,
                        signups: r.get(3)?,
                        confirmations: r.get(4)?,
                    },
                ))
            },
        )
        .optional()?;
    Ok(match row {
        Some((d, counts)) if d == day => counts,
        _ => Day::default(),
    })
}

/// Stores the counts of `address` on `day`, over whatever day it had.
pub fn save(conn: &Connection, address: &str, day: &str, counts: &Day) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO senders (address, day, answers, refusals, signups, confirmations)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (address) DO UPDATE SET day = ?2, answers = ?3, refusals = ?4,
             signups = ?5, confirmations = ?6",
        params![
            address,
            day,
            counts.answers,
            counts.refusals,
            counts.signups,
            counts.confirmations
        ],
    )?;
    Ok(())
}
