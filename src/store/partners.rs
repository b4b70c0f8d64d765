//! The other players of one player's games being played, each once with
//! the games they share: who a change of that player's (a vacation) is
//! told to, one letter each (issue 43). Read through the seats index on
//! the player, so its cost grows with the player's active games, never
//! with the server's.

use rusqlite::{Connection, params};

use super::StoreError;
use crate::ids::GameId;

/// One other player and the active games they share with the player,
/// by board number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partner {
    pub userid: String,
    /// (board, variant).
    pub games: Vec<(GameId, String)>,
}

/// The partners of `player` in their active games after `after` (by
/// userid), at most `readers` of them: the tidings tell them a page at a
/// time (src/service/accounts/tidings.rs).
pub fn in_active_games(
    conn: &Connection,
    player: i64,
    after: Option<&str>,
    readers: usize,
) -> Result<Vec<Partner>, StoreError> {
    let mut q = conn.prepare_cached(
        "SELECT p.userid, g.id, g.variant FROM seats s \
         JOIN games g ON g.id = s.game AND g.status = 'active' \
         JOIN seats o ON o.game = s.game AND o.player <> s.player \
         JOIN players p ON p.id = o.player \
         WHERE s.player = ?1 AND p.userid > ?2 ORDER BY p.userid, g.id",
    )?;
    let rows = q.query_map(params![player, after.unwrap_or("")], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get(2)?))
    })?;
    let mut partners: Vec<Partner> = Vec::new();
    for row in rows {
        let (userid, game, variant) = row?;
        let game = (GameId(game as u64), variant);
        let full = partners.len() == readers;
        match partners.last_mut() {
            Some(last) if last.userid == userid => {
                if !last.games.iter().any(|(g, _)| *g == game.0) {
                    last.games.push(game);
                }
            }
            _ if full => break,
            _ => partners.push(Partner {
                userid,
                games: vec![game],
            }),
        }
    }
    Ok(partners)
}
