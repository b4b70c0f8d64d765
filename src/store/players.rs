//! Queries on signed-up users and their mail addresses.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;

/// A signed-up user as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: i64,
    /// The userid as the user wrote it at signup.
    pub userid: String,
    pub password_hash: String,
}

/// The user with this userid (case-insensitive).
pub fn find(conn: &Connection, userid: &str) -> Result<Option<Player>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT id, userid, password_hash FROM players WHERE userid = ?1",
            [userid],
            |r| {
                Ok(Player {
                    id: r.get(0)?,
                    userid: r.get(1)?,
                    password_hash: r.get(2)?,
                })
            },
        )
        .optional()?)
}

/// Adds a user with its addresses; returns its row id.
pub fn insert(
    conn: &Connection,
    userid: &str,
    password_hash: &str,
    emails: &[String],
    now: &str,
) -> Result<i64, StoreError> {
    conn.execute(
        "INSERT INTO players (userid, password_hash, created) VALUES (?1, ?2, ?3)",
        params![userid, password_hash, now],
    )?;
    let id = conn.last_insert_rowid();
    set_emails(conn, id, emails)?;
    Ok(id)
}

/// Replaces a user's password hash.
pub fn set_password(conn: &Connection, player: i64, password_hash: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE players SET password_hash = ?2 WHERE id = ?1",
        params![player, password_hash],
    )?;
    Ok(())
}

/// Replaces a user's addresses.
pub fn set_emails(conn: &Connection, player: i64, emails: &[String]) -> Result<(), StoreError> {
    conn.execute("DELETE FROM player_emails WHERE player = ?1", [player])?;
    let mut add =
        conn.prepare("INSERT OR IGNORE INTO player_emails (player, email) VALUES (?1, ?2)")?;
    for email in emails {
        add.execute(params![player, email])?;
    }
    Ok(())
}

/// A user's addresses, in the order they sort.
pub fn emails(conn: &Connection, player: i64) -> Result<Vec<String>, StoreError> {
    let mut q = conn.prepare("SELECT email FROM player_emails WHERE player = ?1 ORDER BY email")?;
    let rows = q.query_map([player], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::open_in_memory;

    #[test]
    fn userids_match_whatever_the_case() {
        let conn = open_in_memory().unwrap();
        let id = insert(
            &conn,
            "Alice",
            "hash",
            &["a@example.test".into()],
            "2026-01-01T00:00:00Z",
        )
        .unwrap();
        let found = find(&conn, "alice").unwrap().unwrap();
        assert_eq!((found.id, found.userid.as_str()), (id, "Alice"));
        assert!(insert(&conn, "ALICE", "h", &[], "2026-01-01T00:00:00Z").is_err());
        assert_eq!(
            emails(&conn, id).unwrap(),
            vec!["a@example.test".to_string()]
        );
        assert!(find(&conn, "bob").unwrap().is_none());
    }
}
