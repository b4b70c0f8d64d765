//! The `settings` table: server settings as name/value text, written by
//! `boserv config set` and read at the start of every run. Which names
//! exist and what their values mean is `mail::config`'s business.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, params};

use super::StoreError;

/// Every stored setting, by name. Through the statement cache: a
/// command reads them at its start and the computer player's look after
/// it reads them again. (The map orders them: an `ORDER BY` cost every
/// command 7 K instructions to prepare.)
pub fn all(conn: &Connection) -> Result<BTreeMap<String, String>, StoreError> {
    let mut statement = conn.prepare_cached("SELECT name, value FROM settings")?;
    let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Stores `value` under `name`, replacing what was there.
pub fn set(conn: &Connection, name: &str, value: &str) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO settings (name, value) VALUES (?1, ?2)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        params![name, value],
    )?;
    Ok(())
}

/// Removes a setting; true if there was one.
pub fn unset(conn: &Connection, name: &str) -> Result<bool, StoreError> {
    Ok(conn.execute("DELETE FROM settings WHERE name = ?1", [name])? == 1)
}

/// The settings of the database at `path`, read without creating,
/// migrating or locking anything: empty when there is no database yet or
/// it predates the table.
pub fn peek(path: &Path, busy_timeout: Duration) -> Result<BTreeMap<String, String>, StoreError> {
    if !path.exists() {
        return Ok(BTreeMap::new());
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    super::wait_when_busy(&conn, busy_timeout)?;
    // As every connection (super::prepare): closing this one, often the
    // only one open, must not checkpoint the WAL (syncing the database
    // file) and delete it, only for the command's own connection to make
    // it again a moment later. With 4 mails at once this alone moved the
    // token replies from 0.39x to 0.50x the floor (scripts/bench-mail.sh).
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)?;
    let has_table: bool = conn.query_row(
        "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'settings'",
        [],
        |row| row.get(0),
    )?;
    if !has_table {
        return Ok(BTreeMap::new());
    }
    all(&conn)
}
