//! The spool: mail taken in durably now and worked later, in order, by
//! one process with the database already open.
//!
//! An MTA starts one `boserv mail` per message. Most of such a process's
//! work is the same every time: start, open the database (parse its
//! schema), read the settings, compile the templates. While one process
//! works the game database, another `boserv mail` with a message that
//! needs no password (a reply to a board mail, `help`, a bounce) does not
//! wait for the lock: it stores the message here, in a small database of
//! its own beside the game database (`boserv.db.spool`), commits it
//! durably, and exits 0. The process at work (the one holding the drain
//! lock, `boserv.db.drain`) takes spooled messages in, oldest first, each
//! as if it had just arrived (super::handle), before it lets go of the
//! lock; and having let go, it looks again, so a message spooled while
//! it held the lock is never left behind (super::drain).
//!
//! A spooled message is the message as read, with its reply tokens
//! masked (only their digest is kept) and no password: a message with one
//! is never spooled, its argon2 check runs in its own process, in
//! parallel with the others. The Message key it is recognised by is
//! worked out before it is spooled, from the message as delivered.
//!
//! A message is let go of after the game database committed it; should a
//! process die in between, it is taken in again and recorded as a
//! duplicate, as when the MTA delivers a message twice. Let go of, it is
//! marked with the number of the batch that took it in
//! ([`crate::store::spool_batches`]) and kept [`KEEP_TAKEN_S`] more: the
//! two files are replicated each on its own schedule (Litestream), so a
//! restored spool may have let go of a message that the restored game
//! database, copied a moment earlier, never committed. Such a message
//! carries a batch number past the database's count, and is taken in
//! again ([`Spool::taken_after`], `front/drain.rs`).
//! Each try is counted first, so a message that kills every process that
//! takes it in ([`MAX_TRIES`]) is set aside for the operator instead of
//! stopping the spool (`boserv deliver` names it).

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::config::DbConfig;
use rusqlite::{Connection, OptionalExtension, params};

use crate::store::{self, StoreError};

/// How many times a spooled message is tried before it is set aside.
pub const MAX_TRIES: i64 = 10;

/// How long a message let go of is kept (seconds): far longer than one
/// file's replica can lag behind the other's.
pub const KEEP_TAKEN_S: i64 = 3600;

/// The setting the spooling process needs without opening the game
/// database: how much of a message to read ([`Spool::message_limit`]).
pub const LIMIT_SETTING: &str = "max-message-size";

/// One message waiting in the spool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spooled {
    /// When it arrived: it is taken in as of then.
    pub received: DateTime<Utc>,
    /// The key it is recognised by (super::fingerprint), from the
    /// message as delivered.
    pub key: String,
    /// The message as kept, reply tokens masked.
    pub kept: Vec<u8>,
    /// Its whole size, and whether `kept` is only its start.
    pub size: u64,
    pub truncated: bool,
    /// SHA-256 of the whole body (super::raw).
    pub body_digest: [u8; 32],
    /// The digest of the reply token it was sent to, if any.
    pub token: Option<String>,
}

/// A spooled message and its place in the spool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    pub tries: i64,
    pub message: Spooled,
}

/// The spool of the game database at `db`.
#[derive(Debug)]
pub struct Spool {
    conn: Connection,
}

/// `boserv.db.spool`, `boserv.db.drain`: files beside the database.
pub fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

const SCHEMA: &str = "
    -- AUTOINCREMENT: ids only grow, even past an emptied spool, so a
    -- drain that took everything up to an id looks for later ones only.
    CREATE TABLE IF NOT EXISTS spool (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        received TEXT NOT NULL,
        key TEXT NOT NULL,
        kept BLOB NOT NULL,
        size INTEGER NOT NULL,
        truncated INTEGER NOT NULL,
        body_digest BLOB NOT NULL,
        token TEXT,
        tries INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    PRAGMA user_version = 1;";

/// Version 2: a message let go of is kept a while, marked with when
/// (`taken_at`, Unix seconds) and by which batch (`taken_in`).
const LET_GO: &str = "
    ALTER TABLE spool ADD COLUMN taken_at INTEGER;
    ALTER TABLE spool ADD COLUMN taken_in INTEGER;
    CREATE INDEX IF NOT EXISTS spool_waiting ON spool (id) WHERE taken_at IS NULL;
    CREATE INDEX IF NOT EXISTS spool_taken_at ON spool (taken_at) WHERE taken_at IS NOT NULL;
    CREATE INDEX IF NOT EXISTS spool_taken_in ON spool (taken_in) WHERE taken_in IS NOT NULL;
    PRAGMA user_version = 2;";

/// The spool's schema version after every step.
const VERSION: i64 = 2;

impl Spool {
    /// Opens (creating if needed) the spool of the database at `db`.
    pub fn open(db: &Path, busy_timeout: Duration) -> Result<Spool, StoreError> {
        let conn = Connection::open(beside(db, ".spool"))?;
        store::wait_when_busy(&conn, busy_timeout)?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version < VERSION {
            if version == 0 {
                conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get::<_, String>(0))?;
            }
            // Another process may have done it meanwhile: read again
            // under the write lock.
            conn.execute_batch("BEGIN IMMEDIATE")?;
            let steps = conn
                .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
                .and_then(|now| {
                    if now == 0 {
                        conn.execute_batch(SCHEMA)?;
                    }
                    if now < 2 {
                        conn.execute_batch(LET_GO)?;
                    }
                    conn.execute_batch("COMMIT")
                });
            if let Err(e) = steps {
                let _ = conn.execute_batch("ROLLBACK");
                return Err(e.into());
            }
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        // As for the game database (store/wal.rs): no checkpoint per
        // process, the log folded every few hundred pages.
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
        store::wal::keep_short(&conn);
        Ok(Spool { conn })
    }

    /// For the draining process: its own writes (a try counted, a message
    /// deleted) need not reach the disk before it goes on; lost, they only
    /// make a message taken in again, which the game database records as
    /// a duplicate. (A spooling process's message does: [`Spool::put`].)
    pub fn lightly(&self) -> Result<(), StoreError> {
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        Ok(())
    }

    /// Stores `message` durably; returns its id.
    pub fn put(&self, message: &Spooled) -> Result<i64, StoreError> {
        self.conn.execute(
            "INSERT INTO spool (received, key, kept, size, truncated, body_digest, token)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                message.received.to_rfc3339(),
                message.key,
                message.kept,
                message.size as i64,
                message.truncated,
                message.body_digest.as_slice(),
                message.token,
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// The oldest `n` messages after `after` not set aside.
    pub fn batch(&self, after: i64, n: usize) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, tries, received, key, kept, size, truncated, body_digest, token
             FROM spool WHERE id > ?1 AND tries < ?2 AND taken_at IS NULL
             ORDER BY id LIMIT ?3",
        )?;
        let rows = stmt.query_map(params![after, MAX_TRIES, n as i64], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, Vec<u8>>(4)?,
                r.get::<_, i64>(5)?,
                r.get::<_, bool>(6)?,
                r.get::<_, Vec<u8>>(7)?,
                r.get::<_, Option<String>>(8)?,
            ))
        })?;
        let mut entries = Vec::new();
        for row in rows {
            let (id, tries, received, key, kept, size, truncated, digest, token) = row?;
            let damaged = |what: &str| StoreError::Damaged(format!("spooled message {id}: {what}"));
            let received = DateTime::parse_from_rfc3339(&received)
                .map_err(|_| damaged("bad time"))?
                .with_timezone(&Utc);
            let body_digest = digest.try_into().map_err(|_| damaged("bad digest"))?;
            entries.push(Entry {
                id,
                tries,
                message: Spooled {
                    received,
                    key,
                    kept,
                    size: u64::try_from(size).map_err(|_| damaged("bad size"))?,
                    truncated,
                    body_digest,
                    token,
                },
            });
        }
        Ok(entries)
    }

    /// Counts a try of messages `ids`, before they are taken in.
    pub fn tried(&self, ids: &[i64]) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        for id in ids {
            tx.execute("UPDATE spool SET tries = tries + 1 WHERE id = ?1", [id])?;
        }
        tx.commit()?;
        Ok(())
    }

    /// After batch number `batch`, at `now` (Unix seconds): lets go of
    /// the messages `taken` (the game database has them), marking them
    /// with the batch, and takes back the try of those `untried` (they
    /// failed cleanly: the database was busy, the setup is wrong, and are
    /// tried again later). Deletes what was let go of [`KEEP_TAKEN_S`]
    /// before.
    pub fn settle(
        &self,
        taken: &[i64],
        untried: &[i64],
        batch: i64,
        now: i64,
    ) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        for id in taken {
            tx.execute(
                "UPDATE spool SET taken_at = ?2, taken_in = ?3 WHERE id = ?1",
                params![id, now, batch],
            )?;
        }
        tx.execute(
            "DELETE FROM spool WHERE taken_at < ?1",
            [now - KEEP_TAKEN_S],
        )?;
        for id in untried {
            tx.execute(
                "UPDATE spool SET tries = max(tries - 1, 0) WHERE id = ?1",
                [id],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The messages let go of by a batch after number `batch` (id and
    /// key), oldest first: none, unless the game database is behind the
    /// spool (restored from a replica copied earlier than the spool's).
    pub fn taken_after(&self, batch: i64) -> Result<Vec<(i64, String)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT id, key FROM spool WHERE taken_in > ?1 ORDER BY id")?;
        let rows = stmt.query_map([batch], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Message `id`, let go of by a batch the game database does not
    /// have: waiting again when the database lacks it (`missing`), or
    /// else marked as let go of by the database's last batch `batch`.
    pub fn reconcile(&self, id: i64, missing: bool, batch: i64) -> Result<(), StoreError> {
        if missing {
            self.conn.execute(
                "UPDATE spool SET taken_at = NULL, taken_in = NULL, tries = 0 WHERE id = ?1",
                [id],
            )?;
        } else {
            self.conn.execute(
                "UPDATE spool SET taken_in = ?2 WHERE id = ?1",
                params![id, batch],
            )?;
        }
        Ok(())
    }

    /// True when a message after `after` waits (not set aside).
    pub fn after(&self, after: i64) -> Result<bool, StoreError> {
        Ok(self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM spool
             WHERE id > ?1 AND tries < ?2 AND taken_at IS NULL)",
            params![after, MAX_TRIES],
            |r| r.get(0),
        )?)
    }

    /// How many messages wait, those set aside included.
    pub fn waiting(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM spool WHERE taken_at IS NULL",
            [],
            |r| r.get(0),
        )?)
    }

    /// The ids and arrival times of the messages set aside.
    pub fn set_aside(&self) -> Result<Vec<(i64, String)>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, received FROM spool WHERE tries >= ?1 AND taken_at IS NULL ORDER BY id",
        )?;
        let rows = stmt.query_map([MAX_TRIES], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The stored value of the size-limit setting, as the game database
    /// last had it (a spooling process reads no other database).
    pub fn message_limit(&self) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .query_row(
                "SELECT value FROM settings WHERE name = ?1",
                [LIMIT_SETTING],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Records the game database's stored size limit (`None`: unset).
    pub fn note_limit(&self, value: Option<&str>) -> Result<(), StoreError> {
        if self.message_limit()?.as_deref() == value {
            return Ok(());
        }
        match value {
            Some(value) => self.conn.execute(
                "INSERT INTO settings (name, value) VALUES (?1, ?2)
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                params![LIMIT_SETTING, value],
            )?,
            None => self
                .conn
                .execute("DELETE FROM settings WHERE name = ?1", [LIMIT_SETTING])?,
        };
        Ok(())
    }
}

/// The right to take spooled messages in: one process at a time, so they
/// are taken in order. A `flock`ed file, freed by the kernel however the
/// process ends.
#[derive(Debug)]
pub struct DrainLock {
    _file: File,
}

impl DrainLock {
    /// The lock of the database at `db`, waiting up to `timeout` for the
    /// process that holds it to be done (`flock` has no timeout: it is
    /// tried every 10 ms).
    pub fn take_within(db: &Path, timeout: Duration) -> Option<DrainLock> {
        let until = std::time::Instant::now() + timeout;
        loop {
            if let Some(lock) = DrainLock::try_take(db) {
                return Some(lock);
            }
            if std::time::Instant::now() >= until {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The lock of the database at `db`, if no other process holds it
    /// (`None` too when the file cannot be had).
    pub fn try_take(db: &Path) -> Option<DrainLock> {
        let file = super::admission::lock_file(&beside(db, ".drain"))?;
        match file.try_lock() {
            Ok(()) => Some(DrainLock { _file: file }),
            Err(TryLockError::WouldBlock | TryLockError::Error(_)) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(key: &str) -> Spooled {
        Spooled {
            received: DateTime::parse_from_rfc3339("2026-11-24T10:00:00Z")
                .unwrap()
                .with_timezone(&Utc),
            key: key.to_string(),
            kept: b"From: a@example.org\r\nSubject: help\r\n\r\n".to_vec(),
            size: 38,
            truncated: false,
            body_digest: [7; 32],
            token: Some("ab".repeat(32)),
        }
    }

    #[test]
    fn messages_come_back_oldest_first_as_they_went_in() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("boserv.db");
        let spool = Spool::open(&db, store::DEFAULT_BUSY_TIMEOUT).unwrap();
        let first = spool.put(&message("one@x")).unwrap();
        let second = spool.put(&message("two@x")).unwrap();
        let batch = spool.batch(0, 10).unwrap();
        assert_eq!(batch.len(), 2);
        assert_eq!((batch[0].id, batch[0].tries), (first, 0));
        assert_eq!(batch[0].message, message("one@x"));
        assert_eq!(spool.batch(first, 10).unwrap()[0].id, second);
        assert_eq!(spool.batch(0, 1).unwrap().len(), 1);
        spool.tried(&[first, second]).unwrap();
        spool.settle(&[first], &[second], 1, 1_000).unwrap();
        let left = spool.batch(0, 10).unwrap();
        assert_eq!((left.len(), left[0].id, left[0].tries), (1, second, 0));
        assert_eq!(spool.waiting().unwrap(), 1);
        // Another process sees the same spool.
        let again = Spool::open(&db, store::DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(again.batch(0, 10).unwrap()[0].message.key, "two@x");
    }

    #[test]
    fn ids_keep_growing_after_the_spool_was_emptied() {
        let dir = tempfile::tempdir().unwrap();
        let spool = Spool::open(&dir.path().join("e.db"), store::DEFAULT_BUSY_TIMEOUT).unwrap();
        let first = spool.put(&message("one@x")).unwrap();
        spool.settle(&[first], &[], 1, 1_000).unwrap();
        let second = spool.put(&message("two@x")).unwrap();
        assert!(second > first, "a drain past {first} would miss {second}");
        assert!(spool.after(first).unwrap());
    }

    #[test]
    fn what_was_let_go_of_is_kept_an_hour_marked_with_its_batch() {
        let dir = tempfile::tempdir().unwrap();
        let spool = Spool::open(&dir.path().join("k.db"), store::DEFAULT_BUSY_TIMEOUT).unwrap();
        let first = spool.put(&message("one@x")).unwrap();
        let second = spool.put(&message("two@x")).unwrap();
        spool.settle(&[first], &[], 7, 1_000).unwrap();
        spool
            .settle(&[second], &[], 8, 1_000 + KEEP_TAKEN_S)
            .unwrap();
        assert_eq!(spool.waiting().unwrap(), 0);
        assert_eq!(spool.batch(0, 10).unwrap(), []);
        assert!(!spool.after(0).unwrap());
        // A database that committed batch 7 lacks what batch 8 took in.
        assert_eq!(spool.taken_after(7).unwrap(), [(second, "two@x".into())]);
        assert_eq!(spool.taken_after(8).unwrap(), []);
        // An hour on, the first is gone.
        spool.settle(&[], &[], 9, 1_001 + KEEP_TAKEN_S).unwrap();
        assert_eq!(spool.taken_after(0).unwrap(), [(second, "two@x".into())]);
        // Re-marked (the database has it), it is not taken back; taken
        // back (the database lacks it), it waits again.
        spool.reconcile(second, false, 7).unwrap();
        assert_eq!(spool.taken_after(7).unwrap(), []);
        spool.reconcile(second, true, 7).unwrap();
        assert_eq!(spool.batch(0, 10).unwrap()[0].id, second);
        assert_eq!(spool.waiting().unwrap(), 1);
    }

    #[test]
    fn a_spool_of_the_first_version_is_brought_up_to_date() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("v.db");
        let old = Connection::open(beside(&db, ".spool")).unwrap();
        old.execute_batch(SCHEMA).unwrap();
        old.execute(
            "INSERT INTO spool (received, key, kept, size, truncated, body_digest)
             VALUES ('2026-11-24T10:00:00+00:00', 'old@x', x'00', 1, 0, x'00')",
            [],
        )
        .unwrap();
        drop(old);
        let spool = Spool::open(&db, store::DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(spool.waiting().unwrap(), 1);
        let version: i64 = spool
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, VERSION);
    }

    #[test]
    fn a_message_tried_too_often_is_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let spool = Spool::open(&dir.path().join("b.db"), store::DEFAULT_BUSY_TIMEOUT).unwrap();
        let id = spool.put(&message("bad@x")).unwrap();
        for _ in 0..MAX_TRIES {
            assert_eq!(spool.batch(0, 10).unwrap()[0].id, id);
            spool.tried(&[id]).unwrap();
        }
        assert_eq!(spool.batch(0, 10).unwrap(), []);
        assert_eq!(spool.waiting().unwrap(), 1);
        assert_eq!(spool.set_aside().unwrap()[0].0, id);
    }

    #[test]
    fn the_size_limit_is_noted_and_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let spool = Spool::open(&dir.path().join("c.db"), store::DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(spool.message_limit().unwrap(), None);
        spool.note_limit(Some("64K")).unwrap();
        assert_eq!(spool.message_limit().unwrap().as_deref(), Some("64K"));
        spool.note_limit(None).unwrap();
        assert_eq!(spool.message_limit().unwrap(), None);
    }

    #[test]
    fn one_process_at_a_time_drains() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("d.db");
        let held = DrainLock::try_take(&db).unwrap();
        assert!(DrainLock::try_take(&db).is_none());
        drop(held);
        assert!(DrainLock::try_take(&db).is_some());
    }
}
