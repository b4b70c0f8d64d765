//! The ladder's mail (issue 27): when a ladder game moves its winner up,
//! everyone whose place changes (the winner, the loser and every player
//! between them, each moved down one) gets a letter with their new place
//! and the ladder's order, in the game's thread (posted as the letters of consent are,
//! [`super::consent::queue`]: to confirmed addresses only).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::ladder::LadderLetter;
use crate::rules::Variant;
use crate::store::StoreError;

/// A climb on a ladder: `winner` beat `loser` in `game` and moved from
/// place `from` to `place`; `ranks` is the ladder after it, top first.
pub struct Climb<'a> {
    pub ladder: &'a str,
    pub variant: &'a dyn Variant,
    pub game: GameId,
    pub winner: &'a str,
    pub loser: &'a str,
    pub from: usize,
    pub place: usize,
    pub ranks: &'a [String],
}

/// Tells everyone whose place `climb` changed their new place: the
/// places from the winner's new one down to the one they left.
pub fn climbed(conn: &Connection, climb: &Climb<'_>, now: DateTime<Utc>) -> Result<(), StoreError> {
    let ranks: Vec<String> = climb
        .ranks
        .iter()
        .enumerate()
        .map(|(i, userid)| format!("{}. {userid}", i + 1))
        .collect();
    let moved = climb
        .ranks
        .iter()
        .enumerate()
        .take(climb.from)
        .skip(climb.place.saturating_sub(1));
    for (index, reader) in moved {
        let letter = Letter::Ladder(LadderLetter {
            ladder: climb.ladder.to_string(),
            title: climb.variant.title().to_string(),
            name: climb.variant.full_name().to_string(),
            board: climb.game.0,
            winner: climb.winner.to_string(),
            place: climb.place,
            loser: climb.loser.to_string(),
            from: climb.from,
            yours: index + 1,
            ranks: ranks.clone(),
            reader: reader.to_string(),
        });
        super::consent::queue(conn, climb.game.0, reader, &letter, now)?;
    }
    Ok(())
}
