//! How far a mailbox has been taken in: its high-water mark.
//!
//! IMAP numbers a folder's messages with UIDs that only grow, within one
//! UIDVALIDITY; a server that renumbers the folder (rebuilt, restored,
//! moved) announces a new UIDVALIDITY, and every old UID means nothing.
//! So a mark is the pair (UIDVALIDITY, highest UID taken in), and a mark
//! of another UIDVALIDITY is no mark at all. The mark moves only after a
//! message was taken in (committed), and never backwards, so two
//! fetchers at once, or one killed between its commit and its mark, can
//! only take a message twice at the IMAP level, where the intake's claim
//! (`mail::inbox`) records the second as a duplicate.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;

/// Where a mailbox's intake stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub uidvalidity: u32,
    /// The highest UID taken in (0: none yet).
    pub last_uid: u32,
}

/// The mark of `mailbox` (its URL without a password), if it has one.
pub fn get(conn: &Connection, mailbox: &str) -> Result<Option<Mark>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT uidvalidity, last_uid FROM mailbox_marks WHERE mailbox = ?1",
            [mailbox],
            |r| {
                Ok(Mark {
                    uidvalidity: r.get(0)?,
                    last_uid: r.get(1)?,
                })
            },
        )
        .optional()?)
}

/// Moves the mark of `mailbox` to `uid` under `uidvalidity`: up only
/// within one UIDVALIDITY; a new UIDVALIDITY replaces the old mark.
pub fn advance(
    conn: &Connection,
    mailbox: &str,
    uidvalidity: u32,
    uid: u32,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO mailbox_marks (mailbox, uidvalidity, last_uid, updated)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (mailbox) DO UPDATE SET
             last_uid = CASE WHEN uidvalidity = excluded.uidvalidity
                             THEN max(last_uid, excluded.last_uid)
                             ELSE excluded.last_uid END,
             uidvalidity = excluded.uidvalidity,
             updated = excluded.updated",
        params![
            mailbox,
            uidvalidity,
            uid,
            now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        ],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_only_rises_within_its_uidvalidity_and_restarts_with_a_new_one() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = Utc::now();
        let inbox = "imaps://chess@mail.example.net:993/INBOX";
        assert_eq!(get(&conn, inbox).unwrap(), None);
        advance(&conn, inbox, 7, 12, now).unwrap();
        advance(&conn, inbox, 7, 9, now).unwrap();
        let mark = |uidvalidity, last_uid| {
            Some(Mark {
                uidvalidity,
                last_uid,
            })
        };
        assert_eq!(get(&conn, inbox).unwrap(), mark(7, 12), "never backwards");
        advance(&conn, inbox, 8, 3, now).unwrap();
        assert_eq!(get(&conn, inbox).unwrap(), mark(8, 3), "a new numbering");
        assert_eq!(get(&conn, "imaps://other@h/INBOX").unwrap(), None);
    }
}
