//! The ratings a board mail shows (issue 26): whether the game is rated,
//! each player's rating in the game type's pool, and in the game-over mail
//! what the game changed (`bob 1500? → 1662?`). Carried as numbers in the
//! letter; `templates/ratings.txt` writes them.

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Serialize;

use crate::service::ratings::{PROVISIONAL_RD, current};
use crate::store::StoreError;
use crate::store::games::{Game, Status};
use crate::store::ratings::changes_of;

/// The ratings block of a board letter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RatingsLetter {
    /// False for a game challenged `--unrated`.
    pub rated: bool,
    /// In seat order; empty for an unrated game.
    pub players: Vec<PlayerRating>,
}

/// One player's rating, rounded, as the game found it; after a rated
/// game's end, also as it left it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerRating {
    pub userid: String,
    pub rating: i64,
    /// Deviation of 110 or more: shown with `?`.
    pub provisional: bool,
    pub after: Option<i64>,
    pub after_provisional: bool,
}

/// The ratings block of `game`'s mail at `now`: while it goes on, each
/// player's rating now; once it has ended rated, before and after.
pub fn for_game(
    conn: &Connection,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<RatingsLetter, StoreError> {
    if !game.rated {
        return Ok(RatingsLetter::default());
    }
    let changes = match game.status {
        Status::Over => changes_of(conn, game.id)?,
        _ => Vec::new(),
    };
    let mut players = Vec::new();
    for userid in &game.players {
        let player = match changes
            .iter()
            .find(|c| c.userid.eq_ignore_ascii_case(userid))
        {
            Some(change) => PlayerRating {
                userid: userid.clone(),
                rating: change.before.0.round() as i64,
                provisional: change.before.1 >= PROVISIONAL_RD,
                after: Some(change.after.0.round() as i64),
                after_provisional: change.after.1 >= PROVISIONAL_RD,
            },
            None => {
                let rating = current(conn, userid, &game.variant)?.as_of(now);
                PlayerRating {
                    userid: userid.clone(),
                    rating: rating.rating.round() as i64,
                    provisional: rating.provisional(),
                    after: None,
                    after_provisional: false,
                }
            }
        };
        players.push(player);
    }
    Ok(RatingsLetter {
        rated: true,
        players,
    })
}
