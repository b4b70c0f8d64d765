//! The ratings block of a game's mail, as data for the letter: read here,
//! in the service, from the pools and the changes a rated ending wrote.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::letters::ratings::{PlayerRating, RatingsLetter};
use crate::service::rating::{PROVISIONAL_RD, current};
use crate::store::StoreError;
use crate::store::games::{Game, Status};
use crate::store::ratings::changes_of;

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
