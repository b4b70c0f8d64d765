//! The inbox table: every mail received, with what became of it. Nothing
//! a player sends is lost, and a message is run once: it is claimed by its
//! key ([`super::fingerprint`]); a key whose row is still `received` is
//! resumed, a finished one makes the delivery a duplicate, recorded
//! without a second copy of the text. The raw text of finished mail is
//! pruned after the operator's retention period ([`prune`]).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

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
    /// A copy of a message already handled: not run again.
    Duplicate,
}

impl Disposition {
    const ALL: [Disposition; 6] = [
        Disposition::Received,
        Disposition::Handled,
        Disposition::Refused,
        Disposition::Unreadable,
        Disposition::Ignored,
        Disposition::Duplicate,
    ];

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
    /// What the message is recognised by ([`super::fingerprint::key`]).
    pub key: &'a str,
    pub message_id: Option<&'a str>,
    pub sender: Option<&'a str>,
    pub subject: Option<&'a str>,
    /// The bytes kept: the whole message, or its start when it was over
    /// the size limit.
    pub raw: &'a [u8],
    /// The bytes received.
    pub size: u64,
}

/// Where a message stands when it comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Never seen: a new row, `received`.
    Fresh(i64),
    /// Seen, not finished (the process handling it died, or is still at
    /// work): its row, to be resumed.
    Unfinished(i64),
    /// Seen and finished: this delivery is a duplicate.
    Finished(i64),
}

impl Claim {
    pub fn row(self) -> i64 {
        match self {
            Claim::Fresh(row) | Claim::Unfinished(row) | Claim::Finished(row) => row,
        }
    }
}

/// Finds the message by its key, or records it as `received`. Run it in
/// a write transaction, so two copies arriving at once find one row.
pub fn claim(
    conn: &Connection,
    mail: &Received<'_>,
    now: DateTime<Utc>,
) -> rusqlite::Result<Claim> {
    let found: Option<(i64, String)> = conn
        .query_row(
            "SELECT id, status FROM inbox WHERE key = ?1 AND status <> 'duplicate'",
            [mail.key],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()?;
    Ok(match found {
        Some((row, status)) if status == Disposition::Received.as_str() => Claim::Unfinished(row),
        Some((row, _)) => Claim::Finished(row),
        None => Claim::Fresh(insert(
            conn,
            mail,
            mail.raw,
            Disposition::Received,
            None,
            now,
        )?),
    })
}

/// Whether the message known by `key` was handled to the end. The
/// `status <> 'duplicate'` term is written out as the index on keys
/// (`inbox_key`, partial) says it: SQLite uses a partial index only for a
/// query that repeats its condition, and `NOT IN ('received',
/// 'duplicate')` alone read the whole inbox for every message.
const IS_FINISHED: &str = "SELECT EXISTS (SELECT 1 FROM inbox WHERE key = ?1 \
     AND status <> 'duplicate' AND status <> 'received')";

/// True when the message known by `key` was handled to the end (a look
/// without a lock: [`claim`] decides).
pub fn is_finished(conn: &Connection, key: &str) -> rusqlite::Result<bool> {
    conn.query_row(IS_FINISHED, [key], |r| r.get(0))
}

/// Records a later copy of the finished message in row `of`: a row
/// without the raw text, which is stored once.
pub fn record_copy(
    conn: &Connection,
    of: i64,
    mail: &Received<'_>,
    now: DateTime<Utc>,
) -> rusqlite::Result<i64> {
    let reason = format!("a copy of inbox row {of}");
    insert(conn, mail, b"", Disposition::Duplicate, Some(&reason), now)
}

fn insert(
    conn: &Connection,
    mail: &Received<'_>,
    raw: &[u8],
    disposition: Disposition,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO inbox (received_at, key, message_id, sender, subject, raw, size, status, reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            stamp(now),
            mail.key,
            mail.message_id,
            mail.sender,
            mail.subject,
            raw,
            mail.size as i64,
            disposition.as_str(),
            reason,
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Records what became of a mail claimed as [`Disposition::Received`]
/// (a no-op when another copy finished it first).
pub fn finish(
    conn: &Connection,
    row: i64,
    disposition: Disposition,
    reason: Option<&str>,
) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE inbox SET status = ?2, reason = ?3 WHERE id = ?1 AND status = 'received'",
        params![row, disposition.as_str(), reason],
    )?;
    Ok(())
}

/// What became of a finished mail.
pub fn disposition(conn: &Connection, row: i64) -> rusqlite::Result<Option<Disposition>> {
    let status: Option<String> = conn
        .query_row("SELECT status FROM inbox WHERE id = ?1", [row], |r| {
            r.get(0)
        })
        .optional()?;
    Ok(status.and_then(|s| Disposition::ALL.into_iter().find(|d| d.as_str() == s)))
}

/// Empties the raw text of at most `limit` finished mails received before
/// `before`; their rows (who sent what, when, and what became of it and of
/// each command) stay for the games' audit. Returns how many were pruned.
pub fn prune(
    conn: &Connection,
    before: DateTime<Utc>,
    now: DateTime<Utc>,
    limit: usize,
) -> rusqlite::Result<usize> {
    // A look first: most runs find nothing, and need no write lock.
    let due: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM inbox WHERE pruned_at IS NULL AND received_at < ?1
                        AND status <> 'received')",
        [stamp(before)],
        |r| r.get(0),
    )?;
    if !due {
        return Ok(0);
    }
    conn.execute(
        "UPDATE inbox SET raw = X'', pruned_at = ?2 WHERE id IN (
             SELECT id FROM inbox WHERE pruned_at IS NULL AND received_at < ?1
             AND status <> 'received' ORDER BY received_at LIMIT ?3)",
        params![stamp(before), stamp(now), limit as i64],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every incoming message asks whether its key was handled: by the
    /// index on keys, never by reading the inbox through.
    #[test]
    fn a_key_is_looked_up_by_its_index() {
        let conn = crate::store::open_in_memory().unwrap();
        let plan = crate::store::query_plan(&conn, IS_FINISHED, ["m1@example.org"]);
        assert!(
            plan.iter()
                .any(|step| step.contains("USING INDEX inbox_key")),
            "{plan:?}"
        );
        assert!(!plan.iter().any(|step| step == "SCAN inbox"), "{plan:?}");
    }

    #[test]
    fn a_key_is_claimed_once_resumed_until_finished_and_copies_are_kept_bare() {
        let conn = crate::store::open_in_memory().unwrap();
        let now = Utc::now();
        let mail = Received {
            key: "m1@example.org",
            message_id: Some("m1@example.org"),
            sender: Some("a@example.org"),
            subject: Some("help"),
            raw: b"raw",
            size: 3,
        };
        let Claim::Fresh(row) = claim(&conn, &mail, now).unwrap() else {
            panic!("first claim")
        };
        assert_eq!(claim(&conn, &mail, now).unwrap(), Claim::Unfinished(row));
        finish(&conn, row, Disposition::Handled, None).unwrap();
        assert_eq!(claim(&conn, &mail, now).unwrap(), Claim::Finished(row));
        let copy = record_copy(&conn, row, &mail, now).unwrap();
        let raw: Vec<u8> = conn
            .query_row("SELECT raw FROM inbox WHERE id = ?1", [copy], |r| r.get(0))
            .unwrap();
        assert!(raw.is_empty(), "a duplicate keeps no second copy");
        assert_eq!(claim(&conn, &mail, now).unwrap(), Claim::Finished(row));
        assert_eq!(disposition(&conn, row).unwrap(), Some(Disposition::Handled));
    }

    #[test]
    fn pruning_keeps_the_record_and_unfinished_mail() {
        let conn = crate::store::open_in_memory().unwrap();
        let then = Utc::now() - chrono::Duration::days(100);
        let mail = |key| Received {
            key,
            message_id: None,
            sender: Some("a@example.org"),
            subject: Some("help"),
            raw: b"the whole message",
            size: 17,
        };
        let done = claim(&conn, &mail("a"), then).unwrap().row();
        finish(&conn, done, Disposition::Handled, None).unwrap();
        let open = claim(&conn, &mail("b"), then).unwrap().row();
        assert_eq!(prune(&conn, Utc::now(), Utc::now(), 100).unwrap(), 1);
        let raw = |row: i64| -> Vec<u8> {
            conn.query_row("SELECT raw FROM inbox WHERE id = ?1", [row], |r| r.get(0))
                .unwrap()
        };
        assert!(raw(done).is_empty());
        assert_eq!(raw(open), b"the whole message");
        let sender: String = conn
            .query_row("SELECT sender FROM inbox WHERE id = ?1", [done], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(sender, "a@example.org");
    }
}
