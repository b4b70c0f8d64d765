//! The schema's version history, kept in `PRAGMA user_version`.
//!
//! A hand-rolled migrator: [`STEPS`] lists the SQL that takes the database
//! from version n to n+1. Opening a database checks one pragma; only an old
//! database takes the write lock and runs the missing steps.

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

/// Step n (0-based) takes the schema from version n to n+1.
pub const STEPS: &[&str] = &[
    include_str!("../../schema.sql"),
    include_str!("time.sql"),
    include_str!("intake.sql"),
];

/// The version a database has after every step.
pub const LATEST: i64 = STEPS.len() as i64;

/// The schema version written in the database file.
pub fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Brings the database up to [`LATEST`]; a no-op (one read) when it is.
pub fn to_latest(conn: &mut Connection) -> Result<(), StoreError> {
    match version(conn)? {
        v if v == LATEST => return Ok(()),
        v if v > LATEST => return Err(StoreError::TooNew(v)),
        _ => {}
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // Another process may have migrated while we waited for the lock.
    let current = version(&tx)?;
    for (n, step) in STEPS.iter().enumerate().skip(current.max(0) as usize) {
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", n as i64 + 1)?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_changes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        to_latest(&mut conn).unwrap();
        assert_eq!(version(&conn).unwrap(), LATEST);
        let tables: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' \
                 AND name IN ('players', 'player_emails', 'games', 'seats', 'turns')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 5);
    }

    #[test]
    fn a_newer_database_is_refused() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "user_version", LATEST + 1)
            .unwrap();
        assert!(matches!(to_latest(&mut conn), Err(StoreError::TooNew(_))));
    }
}
