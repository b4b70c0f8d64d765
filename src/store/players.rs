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
    Ok(super::row(
        conn,
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

/// The userid of player `id`.
pub fn userid_of(conn: &Connection, id: i64) -> Result<String, StoreError> {
    Ok(super::row(
        conn,
        "SELECT userid FROM players WHERE id = ?1",
        [id],
        |r| r.get(0),
    )?)
}

/// Adds a user with its addresses; returns its row id.
pub fn insert(
    conn: &Connection,
    userid: &str,
    password_hash: &str,
    emails: &[String],
    now: &str,
) -> Result<i64, StoreError> {
    super::exec(
        conn,
        "INSERT INTO players (userid, password_hash, created) VALUES (?1, ?2, ?3)",
        params![userid, password_hash, now],
    )?;
    let id = conn.last_insert_rowid();
    set_emails(conn, id, emails)?;
    Ok(id)
}

/// Replaces a user's password hash.
pub fn set_password(conn: &Connection, player: i64, password_hash: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE players SET password_hash = ?2 WHERE id = ?1",
        params![player, password_hash],
    )?;
    Ok(())
}

/// Replaces a user's addresses. An address the user already had keeps
/// its state; a new one is confirmed (the caller puts it on
/// [`await_confirmation`] when it came by mail). Returns the new ones.
pub fn set_emails(
    conn: &Connection,
    player: i64,
    emails: &[String],
) -> Result<Vec<String>, StoreError> {
    let before = self::emails(conn, player)?;
    let mut drop =
        conn.prepare_cached("DELETE FROM player_emails WHERE player = ?1 AND email = ?2")?;
    for old in &before {
        if !emails.iter().any(|e| e.eq_ignore_ascii_case(old)) {
            drop.execute(params![player, old])?;
        }
    }
    let mut add =
        conn.prepare_cached("INSERT OR IGNORE INTO player_emails (player, email) VALUES (?1, ?2)")?;
    let mut added = Vec::new();
    for email in emails {
        if add.execute(params![player, email])? == 1 {
            added.push(email.clone());
        }
    }
    Ok(added)
}

/// Marks an address unconfirmed until the code hashed as `code_hash`
/// comes back.
pub fn await_confirmation(
    conn: &Connection,
    player: i64,
    email: &str,
    code_hash: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE player_emails SET confirmed = 0, code_hash = ?3 WHERE player = ?1 AND email = ?2",
        params![player, email, code_hash],
    )?;
    Ok(())
}

/// Confirms the address whose code hashes to `code_hash`; returns it.
pub fn confirm(
    conn: &Connection,
    player: i64,
    code_hash: &str,
) -> Result<Option<String>, StoreError> {
    Ok(conn
        .query_row(
            "UPDATE player_emails SET confirmed = 1, code_hash = NULL
             WHERE player = ?1 AND code_hash = ?2 RETURNING email",
            params![player, code_hash],
            |r| r.get(0),
        )
        .optional()?)
}

/// A user's confirmed addresses: the only ones game mail goes to, in the
/// column's order (NOCASE: ASCII letters folded; no two differ only so),
/// sorted here: an `ORDER BY` cost every move 7 K instructions to
/// prepare.
pub fn confirmed_emails(conn: &Connection, player: i64) -> Result<Vec<String>, StoreError> {
    let mut q =
        conn.prepare_cached("SELECT email FROM player_emails WHERE player = ?1 AND confirmed")?;
    let rows = q.query_map([player], |r| r.get(0))?;
    let mut emails: Vec<String> = rows.collect::<Result<_, _>>()?;
    emails.sort_by(|a, b| nocase(a).cmp(nocase(b)));
    Ok(emails)
}

/// SQLite's NOCASE order: the bytes with ASCII upper case folded.
fn nocase(s: &str) -> impl Iterator<Item = u8> + '_ {
    s.bytes().map(|b| b.to_ascii_lowercase())
}

/// True when `email` is one of player `player`'s confirmed addresses
/// (ASCII case aside, as addresses are compared everywhere).
pub fn is_confirmed(conn: &Connection, player: i64, email: &str) -> Result<bool, StoreError> {
    Ok(super::row(
        conn,
        "SELECT EXISTS (SELECT 1 FROM player_emails
         WHERE player = ?1 AND confirmed AND email = ?2 COLLATE NOCASE)",
        params![player, email],
        |r| r.get(0),
    )?)
}

/// Every user with at least one confirmed address, as (id, userid), by
/// userid.
pub fn reachable(conn: &Connection) -> Result<Vec<(i64, String)>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT id, userid FROM players p
         WHERE EXISTS (SELECT 1 FROM player_emails e WHERE e.player = p.id AND e.confirmed)
         ORDER BY userid",
    )?;
    let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A user's addresses, in the order they sort.
pub fn emails(conn: &Connection, player: i64) -> Result<Vec<String>, StoreError> {
    let mut q =
        conn.prepare_cached("SELECT email FROM player_emails WHERE player = ?1 ORDER BY email")?;
    let rows = q.query_map([player], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// True when `email` is a confirmed address of some player.
pub fn is_confirmed_anywhere(conn: &Connection, email: &str) -> Result<bool, StoreError> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM player_emails WHERE email = ?1 COLLATE NOCASE
                        AND confirmed = 1)",
        [email],
        |r| r.get(0),
    )?)
}

/// Every userid, lowercased (to tell a userid from a password in a line
/// that does not parse: mail/suspects.rs).
pub fn userids(conn: &Connection) -> Result<std::collections::HashSet<String>, StoreError> {
    let mut q = conn.prepare_cached("SELECT lower(userid) FROM players")?;
    let rows = q.query_map([], |r| r.get::<_, String>(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::open_in_memory;

    #[test]
    fn an_address_is_confirmed_whatever_its_case_and_only_once_confirmed() {
        let conn = open_in_memory().unwrap();
        let emails = ["a@example.test".to_string(), "b@example.test".to_string()];
        let id = insert(&conn, "alice", "hash", &emails, "2026-01-01T00:00:00Z").unwrap();
        await_confirmation(&conn, id, "b@example.test", "code").unwrap();
        assert!(is_confirmed(&conn, id, "A@Example.TEST").unwrap());
        assert!(!is_confirmed(&conn, id, "b@example.test").unwrap());
        assert!(!is_confirmed(&conn, id, "c@example.test").unwrap());
        assert!(!is_confirmed(&conn, id + 1, "a@example.test").unwrap());
        confirm(&conn, id, "code").unwrap();
        assert!(is_confirmed(&conn, id, "b@example.test").unwrap());
    }

    #[test]
    fn confirmed_addresses_come_in_the_columns_order() {
        let conn = open_in_memory().unwrap();
        let emails: Vec<String> = [
            "b@example.test",
            "A@example.test",
            "_x@example.test",
            "Z@example.test",
            "\u{e9}@example.test",
            "a2@example.test",
            "[@example.test",
        ]
        .map(String::from)
        .into();
        let id = insert(&conn, "alice", "hash", &emails, "2026-01-01T00:00:00Z").unwrap();
        let by_sqlite: Vec<String> = conn
            .prepare("SELECT email FROM player_emails WHERE player = ?1 ORDER BY email")
            .unwrap()
            .query_map([id], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(confirmed_emails(&conn, id).unwrap(), by_sqlite);
        assert_eq!(by_sqlite[0], "[@example.test", "{by_sqlite:?}");
    }

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
