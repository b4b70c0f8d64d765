//! How many batches of spooled mail the game database has taken in.
//!
//! The spool (`boserv.db.spool`) and the game database are two files,
//! and a replica copies each on its own schedule: restored together, the
//! spool may have let go of messages whose batch the restored game
//! database never committed. Each batch's number is counted here, in the
//! batch's own transaction, and the spool marks what it lets go of with
//! it ([`crate::mail::spool::Spool::settle`]); a mark past this count
//! names a message to take in again (`front/drain.rs`).

use rusqlite::Connection;

/// Counts one more batch, inside the batch's transaction; its number.
pub fn next(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row(
        "UPDATE spool_batches SET taken = taken + 1 WHERE id = 1 RETURNING taken",
        [],
        |r| r.get(0),
    )
}

/// The number of the last batch this database committed.
pub fn last(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT taken FROM spool_batches WHERE id = 1", [], |r| {
        r.get(0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_are_counted_and_undone_with_their_transaction() {
        let mut conn = crate::store::open_in_memory().unwrap();
        assert_eq!(last(&conn).unwrap(), 0);
        let tx = conn.transaction().unwrap();
        assert_eq!(next(&tx).unwrap(), 1);
        tx.rollback().unwrap();
        assert_eq!(last(&conn).unwrap(), 0);
        assert_eq!(next(&conn).unwrap(), 1);
        assert_eq!(next(&conn).unwrap(), 2);
        assert_eq!(last(&conn).unwrap(), 2);
    }
}
