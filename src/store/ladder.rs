//! A ladder's ranks (issue 27), as stored in the tournament tables
//! (`tournaments.sql`): an entrant's `rank` is their place, 1 at the top
//! (the games are `tournaments::games` of kind `ladder`). The service
//! works on the ranks as a list ([`crate::tournament::ladder`] moves
//! players within it) and writes the whole list back, so the places stay
//! 1, 2, 3 ... without gaps; a player who left keeps no rank.

use rusqlite::{Connection, params};

use super::StoreError;

/// The ladder of `tournament`, top first: the entrants still in it.
pub fn ranks(conn: &Connection, tournament: i64) -> Result<Vec<String>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT userid FROM tournament_entrants \
         WHERE tournament = ?1 AND left_at IS NULL AND rank IS NOT NULL ORDER BY rank",
    )?;
    let rows = q.query_map([tournament], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The place a newcomer takes: below everyone.
pub fn bottom(conn: &Connection, tournament: i64) -> Result<u32, StoreError> {
    Ok(super::row(
        conn,
        "SELECT coalesce(max(rank), 0) + 1 FROM tournament_entrants \
         WHERE tournament = ?1 AND left_at IS NULL",
        [tournament],
        |r| r.get(0),
    )?)
}

/// Writes `ranks` (top first) as the ladder of `tournament`: place n to
/// the n-th userid.
pub fn set_ranks(conn: &Connection, tournament: i64, ranks: &[String]) -> Result<(), StoreError> {
    for (i, userid) in ranks.iter().enumerate() {
        super::exec(
            conn,
            "UPDATE tournament_entrants SET rank = ?3 WHERE tournament = ?1 AND userid = ?2",
            params![tournament, userid, i as i64 + 1],
        )?;
    }
    Ok(())
}

/// Takes `userid` off the ranking (they left): their rank is cleared.
pub fn clear_rank(conn: &Connection, tournament: i64, userid: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE tournament_entrants SET rank = NULL WHERE tournament = ?1 AND userid = ?2",
        params![tournament, userid],
    )?;
    Ok(())
}
