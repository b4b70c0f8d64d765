//! Who watches a game without playing in it: spectators (`subscribe`) and
//! those told of its result (`notify`), per board and per game type.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::ids::GameId;

/// What a watcher asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A spectator's copy of every board mail.
    Subscribe,
    /// One mail when the game ends.
    Notify,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Subscribe => "subscribe",
            Kind::Notify => "notify",
        }
    }
}

/// Adds `player` to the `kind` watchers of `game`; false if already there.
pub fn add(
    conn: &Connection,
    game: GameId,
    player: i64,
    kind: Kind,
    now: &str,
) -> Result<bool, StoreError> {
    Ok(super::exec(
        conn,
        "INSERT OR IGNORE INTO watchers (game, player, kind, since) VALUES (?1, ?2, ?3, ?4)",
        params![game.0 as i64, player, kind.as_str(), now],
    )? == 1)
}

/// Removes `player` from the `kind` watchers of `game`; false if not there.
pub fn remove(
    conn: &Connection,
    game: GameId,
    player: i64,
    kind: Kind,
) -> Result<bool, StoreError> {
    Ok(super::exec(
        conn,
        "DELETE FROM watchers WHERE game = ?1 AND player = ?2 AND kind = ?3",
        params![game.0 as i64, player, kind.as_str()],
    )? == 1)
}

/// How many `kind` watchers `game` has (the game's watchers' kinds read
/// by the key and counted here: asking SQLite to filter on the kind cost
/// every move's letters 10 K instructions more to prepare).
pub fn count(conn: &Connection, game: GameId, kind: Kind) -> Result<usize, StoreError> {
    let mut q = conn.prepare_cached("SELECT kind FROM watchers WHERE game = ?1")?;
    let mut rows = q.query([game.0 as i64])?;
    let mut n = 0;
    while let Some(row) = rows.next()? {
        if row.get::<_, String>(0)? == kind.as_str() {
            n += 1;
        }
    }
    Ok(n)
}

/// The `kind` watchers of `game` as (player id, userid), longest-standing
/// first.
pub fn of_game(
    conn: &Connection,
    game: GameId,
    kind: Kind,
) -> Result<Vec<(i64, String)>, StoreError> {
    users(
        conn,
        "SELECT p.id, p.userid FROM watchers w JOIN players p ON p.id = w.player
         WHERE w.game = ?1 AND w.kind = ?2 ORDER BY w.since, p.userid",
        params![game.0 as i64, kind.as_str()],
    )
}

/// Turns `player`'s standing `kind` order for `variant` on or off; true
/// when that changed something.
pub fn set_standing(
    conn: &Connection,
    variant: &str,
    player: i64,
    kind: Kind,
    on: bool,
    now: &str,
) -> Result<bool, StoreError> {
    let changed = if on {
        super::exec(
            conn,
            "INSERT OR IGNORE INTO standing_watchers (variant, player, kind, since)
             VALUES (?1, ?2, ?3, ?4)",
            params![variant, player, kind.as_str(), now],
        )?
    } else {
        super::exec(
            conn,
            "DELETE FROM standing_watchers WHERE variant = ?1 AND player = ?2 AND kind = ?3",
            params![variant, player, kind.as_str()],
        )?
    };
    Ok(changed == 1)
}

/// True when `player` has a standing `kind` order for `variant`.
pub fn is_standing(
    conn: &Connection,
    variant: &str,
    player: i64,
    kind: Kind,
) -> Result<bool, StoreError> {
    Ok(super::row(
        conn,
        "SELECT EXISTS (SELECT 1 FROM standing_watchers
                        WHERE variant = ?1 AND player = ?2 AND kind = ?3)",
        params![variant, player, kind.as_str()],
        |r| r.get(0),
    )?)
}

/// The users with a standing `kind` order for `variant`, as (player id,
/// userid), longest-standing first.
pub fn standing(
    conn: &Connection,
    variant: &str,
    kind: Kind,
) -> Result<Vec<(i64, String)>, StoreError> {
    users(
        conn,
        "SELECT p.id, p.userid FROM standing_watchers s JOIN players p ON p.id = s.player
         WHERE s.variant = ?1 AND s.kind = ?2 ORDER BY s.since, p.userid",
        params![variant, kind.as_str()],
    )
}

/// The (player id, userid) rows `sql` selects.
fn users(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<(i64, String)>, StoreError> {
    let mut q = conn.prepare_cached(sql)?;
    let rows = q.query_map(params, |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{open_in_memory, players};

    #[test]
    fn watchers_are_added_once_and_removed() {
        let conn = open_in_memory().unwrap();
        let now = "2026-01-01T00:00:00Z";
        let carol = players::insert(&conn, "carol", "h", &[], now).unwrap();
        conn.execute(
            "INSERT INTO games (id, variant, position, created, updated)
             VALUES (5, 'chess', 'x', ?1, ?1)",
            [now],
        )
        .unwrap();
        let game = GameId(5);
        assert!(add(&conn, game, carol, Kind::Subscribe, now).unwrap());
        assert!(!add(&conn, game, carol, Kind::Subscribe, now).unwrap());
        assert_eq!(count(&conn, game, Kind::Subscribe).unwrap(), 1);
        assert_eq!(count(&conn, game, Kind::Notify).unwrap(), 0);
        assert_eq!(
            of_game(&conn, game, Kind::Subscribe).unwrap(),
            vec![(carol, "carol".to_string())]
        );
        assert!(remove(&conn, game, carol, Kind::Subscribe).unwrap());
        assert!(!remove(&conn, game, carol, Kind::Subscribe).unwrap());
        assert!(set_standing(&conn, "Chess", carol, Kind::Notify, true, now).unwrap());
        assert!(!set_standing(&conn, "chess", carol, Kind::Notify, true, now).unwrap());
        assert!(is_standing(&conn, "CHESS", carol, Kind::Notify).unwrap());
        assert_eq!(standing(&conn, "chess", Kind::Notify).unwrap().len(), 1);
        assert!(set_standing(&conn, "chess", carol, Kind::Notify, false, now).unwrap());
        assert!(!is_standing(&conn, "chess", carol, Kind::Notify).unwrap());
    }
}
