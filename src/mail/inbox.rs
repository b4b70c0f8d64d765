//! The inbox table: every mail received, kept whole, with what became of
//! it. Nothing a player sends is lost, and a Message-ID is run once.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::stamp;

/// What became of a received mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disposition {
    /// Taken in and claimed, its commands not yet all run: the state of a
    /// mail while it is being handled, and after a crash in the middle.
    Received,
    /// Its commands were run (each may have been refused and answered).
    Handled,
    /// It was refused as a whole and answered.
    Refused,
    /// It could not be read at all.
    Unreadable,
    /// It came from a robot: never answered.
    Ignored,
    /// Its Message-ID was seen before: not run again.
    Duplicate,
}

impl Disposition {
    pub fn as_str(self) -> &'static str {
        match self {
            Disposition::Received => "received",
            Disposition::Handled => "handled",
            Disposition::Refused => "refused",
            Disposition::Unreadable => "unreadable",
            Disposition::Ignored => "ignored",
            Disposition::Duplicate => "duplicate",
        }
    }
}

/// One received mail to record.
pub struct Received<'a> {
    pub message_id: Option<&'a str>,
    pub sender: Option<&'a str>,
    pub subject: Option<&'a str>,
    pub raw: &'a [u8],
    pub disposition: Disposition,
    pub reason: Option<&'a str>,
}

/// True when a mail with this Message-ID was already taken in.
pub fn seen(conn: &Connection, message_id: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM inbox WHERE message_id = ?1 AND status <> 'duplicate')",
        [message_id],
        |row| row.get(0),
    )
}

/// Records a received mail; returns its row id.
pub fn record(conn: &Connection, mail: &Received<'_>, now: DateTime<Utc>) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO inbox (received_at, message_id, sender, subject, raw, status, reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            stamp(now),
            mail.message_id,
            mail.sender,
            mail.subject,
            mail.raw,
            mail.disposition.as_str(),
            mail.reason,
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Records what became of a mail claimed as [`Disposition::Received`].
pub fn finish(
    conn: &Connection,
    row: i64,
    disposition: Disposition,
    reason: Option<&str>,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE inbox SET status = ?2, reason = ?3 WHERE id = ?1",
        params![row, disposition.as_str(), reason],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_id_is_seen_once_and_duplicates_are_kept() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("../../schema.sql"))
            .unwrap();
        let now = Utc::now();
        let mail = |disposition| Received {
            message_id: Some("m1@example.org"),
            sender: Some("a@example.org"),
            subject: Some("help"),
            raw: b"raw",
            disposition,
            reason: None,
        };
        assert!(!seen(&conn, "m1@example.org").unwrap());
        record(&conn, &mail(Disposition::Handled), now).unwrap();
        assert!(seen(&conn, "m1@example.org").unwrap());
        record(&conn, &mail(Disposition::Duplicate), now).unwrap();
        record(&conn, &mail(Disposition::Duplicate), now).unwrap();
        assert!(
            record(&conn, &mail(Disposition::Handled), now).is_err(),
            "one handled row per id"
        );
    }
}
