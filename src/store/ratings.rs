//! Ratings as stored: each player's Glicko-2 rating in each pool (a game
//! type), what each rated game did to its players, and the finished rated
//! games a rebuild replays. The arithmetic is in `service::ratings`.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use crate::ids::GameId;

/// One player's rating in one pool, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub userid: String,
    pub variant: String,
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// When the player's last rated game of the type ended (RFC 3339).
    pub last_period: Option<String>,
}

pub(crate) const COLUMNS: &str =
    "userid, variant, rating, rd, volatility, games, wins, losses, draws, last_period";

fn from_row(r: &Row<'_>) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        userid: r.get(0)?,
        variant: r.get(1)?,
        rating: r.get(2)?,
        rd: r.get(3)?,
        volatility: r.get(4)?,
        games: r.get(5)?,
        wins: r.get(6)?,
        losses: r.get(7)?,
        draws: r.get(8)?,
        last_period: r.get(9)?,
    })
}

/// The stored rating of `userid` (any case) in `variant`'s pool.
pub fn find(
    conn: &Connection,
    userid: &str,
    variant: &str,
) -> Result<Option<RatingRow>, StoreError> {
    Ok(conn
        .prepare_cached(FIND)?
        .query_row(params![userid, variant], from_row)
        .optional()?)
}

/// [`find`]'s query: one probe of the `ratings_by_userid` index
/// (src/store/ratings_nocase.sql), not a scan of every rating.
const FIND: &str = "SELECT userid, variant, rating, rd, volatility, games, wins, losses, draws, \
     last_period FROM ratings WHERE userid = ?1 COLLATE NOCASE AND variant = ?2";

/// Writes a rating (a new row or over the old one).
pub fn save(conn: &Connection, row: &RatingRow) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO ratings (userid, variant, rating, rd, volatility, games, wins, losses, \
         draws, last_period) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
         ON CONFLICT (userid, variant) DO UPDATE SET rating = ?3, rd = ?4, volatility = ?5, \
         games = ?6, wins = ?7, losses = ?8, draws = ?9, last_period = ?10",
        params![
            row.userid,
            row.variant,
            row.rating,
            row.rd,
            row.volatility,
            row.games,
            row.wins,
            row.losses,
            row.draws,
            row.last_period,
        ],
    )?;
    Ok(())
}

/// The `limit` best ratings of `variant`'s pool, best first (then by
/// userid), read through the index `ratings_by_pool` (src/store/bounded.sql):
/// the standings' page, never the whole pool.
pub fn best(conn: &Connection, variant: &str, limit: usize) -> Result<Vec<RatingRow>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM ratings WHERE variant = ?1 ORDER BY rating DESC LIMIT ?2"
    ))?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = q.query_map(rusqlite::params![variant, limit], from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every rating of `variant`'s pool, by userid.
pub fn pool(conn: &Connection, variant: &str) -> Result<Vec<RatingRow>, StoreError> {
    let mut q = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM ratings WHERE variant = ?1 ORDER BY userid"
    ))?;
    let rows = q.query_map([variant], from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every rating of `userid` (any case), by pool.
pub fn of_player(conn: &Connection, userid: &str) -> Result<Vec<RatingRow>, StoreError> {
    let mut q = conn.prepare_cached(OF_PLAYER)?;
    let rows = q.query_map([userid], from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// [`of_player`]'s query, by the same index as [`find`]'s.
const OF_PLAYER: &str = "SELECT userid, variant, rating, rd, volatility, games, wins, losses, \
     draws, last_period FROM ratings WHERE userid = ?1 COLLATE NOCASE ORDER BY variant";

/// A rating as three numbers: rating, deviation, volatility.
pub type Triple = (f64, f64, f64);

/// What one rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub game: GameId,
    pub variant: String,
    pub userid: String,
    /// As the game found it (its deviation grown by inactivity).
    pub before: Triple,
    pub after: Triple,
    /// When the game ended.
    pub at: String,
}

/// Records one change.
pub fn add_change(conn: &Connection, change: &Change) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO rating_changes (game, variant, userid, before_rating, before_rd, \
         before_volatility, rating, rd, volatility, at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            change.game.0 as i64,
            change.variant,
            change.userid,
            change.before.0,
            change.before.1,
            change.before.2,
            change.after.0,
            change.after.1,
            change.after.2,
            change.at,
        ],
    )?;
    Ok(())
}

/// The changes `game` made, in the order they were written (seat order).
pub fn changes_of(conn: &Connection, game: GameId) -> Result<Vec<Change>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT game, variant, userid, before_rating, before_rd, before_volatility, rating, rd, \
         volatility, at FROM rating_changes WHERE game = ?1 ORDER BY seq",
    )?;
    let rows = q.query_map([game.0 as i64], |r| {
        Ok(Change {
            game: GameId(r.get::<_, i64>(0)? as u64),
            variant: r.get(1)?,
            userid: r.get(2)?,
            before: (r.get(3)?, r.get(4)?, r.get(5)?),
            after: (r.get(6)?, r.get(7)?, r.get(8)?),
            at: r.get(9)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Forgets every rating and change (a rebuild writes them again).
pub fn clear(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch("DELETE FROM ratings; DELETE FROM rating_changes;")?;
    Ok(())
}

/// A finished rated game as a rebuild reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    pub game: GameId,
    pub variant: String,
    /// `1-0`, `[1:0:0]`, ...
    pub result: String,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// When it ended: its last log entry's time.
    pub at: String,
}

/// Every finished rated game, in the order the games ended: by the time
/// of their last log entry, games of the same second in the order their
/// ratings were first written, then by number.
pub fn ended_rated(conn: &Connection) -> Result<Vec<Ended>, StoreError> {
    let mut q = conn.prepare(
        "SELECT g.id, g.variant, g.result, \
                (SELECT max(t.at) FROM turns t WHERE t.game = g.id) AS ended, \
                (SELECT min(c.seq) FROM rating_changes c WHERE c.game = g.id) AS first \
         FROM games g WHERE g.status = 'over' AND g.rated = 1 AND g.result IS NOT NULL \
         ORDER BY ended, first IS NULL, first, g.id",
    )?;
    let rows = q.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, Option<String>>(3)?,
        ))
    })?;
    let mut seats = conn.prepare_cached(
        "SELECT p.userid FROM seats s JOIN players p ON p.id = s.player \
         WHERE s.game = ?1 ORDER BY s.seat",
    )?;
    let mut out = Vec::new();
    for row in rows {
        let (id, variant, result, at) = row?;
        let players = seats
            .query_map([id], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        out.push(Ended {
            game: GameId(id as u64),
            variant,
            result,
            players,
            at: at.unwrap_or_default(),
        });
    }
    Ok(out)
}

/// One finished game of a type, as `history VARIANT` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    pub game: GameId,
    pub result: String,
    pub reason: Option<String>,
    pub rated: bool,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// When it ended: its last log entry's time.
    pub at: String,
}

/// The finished games of `variant` (over, with a result; not cancelled),
/// newest first: `limit` of them after the first `skip`; and how many
/// there are in all. Read in the order of `games_finished_by_type`
/// (a finished game's row last changed when it ended), so a page costs
/// its games, not every game of the type.
pub fn finished(
    conn: &Connection,
    variant: &str,
    limit: u32,
    skip: u32,
) -> Result<(Vec<Finished>, u32), StoreError> {
    let total: u32 = super::row(
        conn,
        "SELECT count(*) FROM games WHERE variant = ?1 COLLATE NOCASE AND status = 'over' \
         AND result IS NOT NULL",
        [variant],
        |r| r.get(0),
    )?;
    let mut q = conn.prepare_cached(
        "SELECT g.id, g.result, g.reason, g.rated, \
                coalesce((SELECT max(t.at) FROM turns t WHERE t.game = g.id), g.updated) AS ended \
         FROM games g WHERE g.variant = ?1 COLLATE NOCASE AND g.status = 'over' \
         AND g.result IS NOT NULL ORDER BY g.updated DESC, g.id DESC LIMIT ?2 OFFSET ?3",
    )?;
    let rows = q
        .query_map(params![variant, limit, skip], |r| {
            Ok(Finished {
                game: GameId(r.get::<_, i64>(0)? as u64),
                result: r.get(1)?,
                reason: r.get(2)?,
                rated: r.get(3)?,
                players: Vec::new(),
                at: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut seats = conn.prepare_cached(
        "SELECT p.userid FROM seats s JOIN players p ON p.id = s.player \
         WHERE s.game = ?1 ORDER BY s.seat",
    )?;
    let mut out = Vec::new();
    for mut game in rows {
        game.players = seats
            .query_map([game.game.0 as i64], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        out.push(game);
    }
    Ok((out, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(userid: &str, variant: &str) -> RatingRow {
        RatingRow {
            userid: userid.into(),
            variant: variant.into(),
            rating: 1600.0,
            rd: 200.0,
            volatility: 0.06,
            games: 1,
            wins: 1,
            losses: 0,
            draws: 0,
            last_period: None,
        }
    }

    /// Every game-over and reminder letter reads its players' ratings:
    /// whatever the case of the userid asked for, that is an index probe,
    /// not a scan of every player's rating in every pool (issue 25).
    #[test]
    fn a_rating_is_found_in_any_case_through_an_index() {
        let conn = crate::store::open_in_memory().unwrap();
        save(&conn, &rating("Alice", "chess")).unwrap();
        save(&conn, &rating("alice", "orwell")).unwrap();
        save(&conn, &rating("bob", "chess")).unwrap();
        let found = find(&conn, "ALICE", "chess").unwrap().unwrap();
        assert_eq!(
            (found.userid.as_str(), found.variant.as_str()),
            ("Alice", "chess")
        );
        let pools: Vec<String> = of_player(&conn, "aLiCe")
            .unwrap()
            .into_iter()
            .map(|r| r.variant)
            .collect();
        assert_eq!(pools, ["chess", "orwell"]);
        for plan in [
            crate::store::query_plan(&conn, FIND, ["alice", "chess"]),
            crate::store::query_plan(&conn, OF_PLAYER, ["alice"]),
        ] {
            assert!(
                plan.iter()
                    .any(|step| step.contains("USING INDEX ratings_by_userid")),
                "{plan:?}"
            );
        }
    }
}
