//! Invitations: games that wait for their players' consent, and each
//! player's standing answer to challenges (`challenge_settings`).
//!
//! A game under invitation has its `games` row (so its number is known
//! from the challenge on) and an `invitations` row; `invitees` lists the
//! players who have still to accept. The last acceptance deletes the
//! invitation and the game begins; a decline or the expiry cancels it.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::GameId;

/// A standing invitation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub game: GameId,
    /// Who challenged (`None`: the operator's shell).
    pub challenger: Option<String>,
    pub comment: Option<String>,
    pub created: String,
    pub expires: String,
    /// Userids still to accept, by userid.
    pub waiting: Vec<String>,
}

/// Records an invitation to `game` for the players `waiting` (row ids).
pub fn insert(
    conn: &Connection,
    game: GameId,
    challenger: Option<&str>,
    comment: Option<&str>,
    waiting: &[i64],
    now: &str,
    expires: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO invitations (game, challenger, comment, created, expires) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![game.0 as i64, challenger, comment, now, expires],
    )?;
    for player in waiting {
        super::exec(
            conn,
            "INSERT OR IGNORE INTO invitees (game, player) VALUES (?1, ?2)",
            params![game.0 as i64, player],
        )?;
    }
    Ok(())
}

/// How many challenges `userid` sent that wait for an answer
/// (`invitations_by_challenger`).
pub fn sent_count(conn: &Connection, userid: &str) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached("SELECT count(*) FROM invitations WHERE challenger = ?1 COLLATE NOCASE")?
        .query_row([userid], |r| r.get(0))?)
}

/// The invitation `game` waits on, if it does.
pub fn find(conn: &Connection, game: GameId) -> Result<Option<Invitation>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT challenger, comment, created, expires FROM invitations WHERE game = ?1",
        )?
        .query_row([game.0 as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .optional()?;
    let Some((challenger, comment, created, expires)) = row else {
        return Ok(None);
    };
    let mut q = conn.prepare_cached(
        "SELECT p.userid FROM invitees i JOIN players p ON p.id = i.player \
         WHERE i.game = ?1 ORDER BY p.userid",
    )?;
    let waiting = q
        .query_map([game.0 as i64], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(Some(Invitation {
        game,
        challenger,
        comment,
        created,
        expires,
        waiting,
    }))
}

/// `player` accepts: true when they were still to.
pub fn accept(conn: &Connection, game: GameId, player: i64) -> Result<bool, StoreError> {
    Ok(super::exec(
        conn,
        "DELETE FROM invitees WHERE game = ?1 AND player = ?2",
        params![game.0 as i64, player],
    )? == 1)
}

/// The invitation is over (the game began, or was cancelled).
pub fn close(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    super::exec(
        conn,
        "DELETE FROM invitations WHERE game = ?1",
        [game.0 as i64],
    )?;
    Ok(())
}

/// What a player does with challenges to a game type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Ask,
    Reject,
}

impl Answer {
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Ask => "ask",
            Answer::Reject => "reject",
        }
    }

    pub fn parse(word: &str) -> Option<Answer> {
        match word.to_ascii_lowercase().as_str() {
            "accept" => Some(Answer::Accept),
            "ask" => Some(Answer::Ask),
            "reject" => Some(Answer::Reject),
            _ => None,
        }
    }
}

/// The word that stands for every game type in `challenge_settings`.
pub const EVERY: &str = "all";

/// A player's settings for challenges to `variant`: its own row's value,
/// else the `all` row's, for each of the answer and the limit.
pub fn settings(
    conn: &Connection,
    player: i64,
    variant: &str,
) -> Result<(Option<Answer>, Option<u32>), StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT answer, max_games FROM challenge_settings \
         WHERE player = ?1 AND variant IN (?2, 'all') \
         ORDER BY variant = 'all'",
    )?;
    let rows = q
        .query_map(params![player, variant], |r| {
            Ok((r.get::<_, Option<String>>(0)?, r.get::<_, Option<u32>>(1)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let answer = rows
        .iter()
        .find_map(|(a, _)| a.as_deref().and_then(Answer::parse));
    let limit = rows.iter().find_map(|(_, m)| *m);
    Ok((answer, limit))
}

/// Sets a player's answer to challenges to `variant` (or `all`).
pub fn set_answer(
    conn: &Connection,
    player: i64,
    variant: &str,
    answer: Answer,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO challenge_settings (player, variant, answer) VALUES (?1, ?2, ?3) \
         ON CONFLICT (player, variant) DO UPDATE SET answer = excluded.answer",
        params![player, variant, answer.as_str()],
    )?;
    Ok(())
}

/// Sets (or, with `None`, lifts) a player's limit on games of `variant`.
pub fn set_limit(
    conn: &Connection,
    player: i64,
    variant: &str,
    limit: Option<u32>,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "INSERT INTO challenge_settings (player, variant, max_games) VALUES (?1, ?2, ?3) \
         ON CONFLICT (player, variant) DO UPDATE SET max_games = excluded.max_games",
        params![player, variant, limit],
    )?;
    Ok(())
}

/// Games of `variant` `player` has a seat in that are being played or
/// wait for consent.
pub fn active_games(conn: &Connection, player: i64, variant: &str) -> Result<u32, StoreError> {
    Ok(super::row(
        conn,
        "SELECT count(DISTINCT g.id) FROM seats s JOIN games g ON g.id = s.game \
         WHERE s.player = ?1 AND g.variant = ?2 AND g.status = 'active'",
        params![player, variant],
        |r| r.get(0),
    )?)
}

/// Game `id` begins now: its clocks start from `now` (its `created`) and
/// its dice seed, drawn now, is stored with its commitment.
pub fn begin(
    conn: &Connection,
    id: GameId,
    commitment: Option<&str>,
    seed: Option<&str>,
    now: &str,
) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE games SET created = ?2, updated = ?2, \
         dice_commitment = coalesce(?3, dice_commitment), dice_seed = coalesce(?4, dice_seed) \
         WHERE id = ?1",
        params![id.0 as i64, now, commitment, seed],
    )?;
    Ok(())
}

/// The invitations not yet warned of that expire by `by` (a day after
/// now), by game number: an indexed range, as [`expired_by`]'s.
pub fn to_warn_by(conn: &Connection, by: &str) -> Result<Vec<GameId>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT game FROM invitations WHERE expires <= ?1 AND warned IS NULL ORDER BY game",
    )?;
    let ids = q
        .query_map([by], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ids.into_iter().map(|id| GameId(id as u64)).collect())
}

/// The players still to answer invitation `game` were warned at `now`.
pub fn warned(conn: &Connection, game: GameId, now: &str) -> Result<(), StoreError> {
    super::exec(
        conn,
        "UPDATE invitations SET warned = ?2 WHERE game = ?1",
        params![game.0 as i64, now],
    )?;
    Ok(())
}

/// The invitations whose time has come by `now`, by game number.
pub fn expired_by(conn: &Connection, now: &str) -> Result<Vec<GameId>, StoreError> {
    let mut q =
        conn.prepare_cached("SELECT game FROM invitations WHERE expires <= ?1 ORDER BY game")?;
    let ids = q
        .query_map([now], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ids.into_iter().map(|id| GameId(id as u64)).collect())
}
