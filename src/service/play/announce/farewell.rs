//! The mail of `signoff` (issue 43): one [`FarewellLetter`] to each other
//! player of the games the signoff ended or changed, naming them (the
//! first [`MAX_LISTED`] of each kind, the rest counted), to their
//! confirmed addresses; never one mail per game. A player who leaves
//! thousands of games sends one letter to each player concerned: the
//! bound is the players concerned (docs/guarantees.md).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::farewell::{EndedGame, FarewellLetter, MAX_LISTED, SharedGame};
use crate::mail::post::{self, Envelope};
use crate::mail::settings::Settings;
use crate::store::{StoreError, players};

/// What a signoff did to one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Over, with this result (`1-0`).
    Ended(String),
    /// Goes on without the player (a game of three or more).
    GoesOn,
    /// A challenge not begun, cancelled.
    Cancelled,
}

/// One game the signoff changed, and its other players.
#[derive(Clone, Debug)]
pub struct Left {
    pub game: GameId,
    /// `Chess`.
    pub title: String,
    /// `chess`.
    pub variant: String,
    pub change: Change,
    /// The other players (and a challenge's challenger), each once: row
    /// id when known, and userid.
    pub others: Vec<(Option<i64>, String)>,
}

/// Writes one letter to each player named in `left`, telling that
/// `player` signed off and what became of the games they share.
/// Returns how many letters were written.
pub fn queue(
    conn: &Connection,
    player: &str,
    left: &[Left],
    now: DateTime<Utc>,
) -> Result<usize, StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    // By userid: each reader once, in a fixed order.
    let mut letters: BTreeMap<String, (Option<i64>, FarewellLetter)> = BTreeMap::new();
    for game in left {
        for (id, reader) in &game.others {
            let (known, letter) = letters
                .entry(reader.to_ascii_lowercase())
                .or_insert_with(|| {
                    let letter = FarewellLetter {
                        player: player.to_string(),
                        reader: reader.clone(),
                        ..FarewellLetter::default()
                    };
                    (None, letter)
                });
            *known = known.or(*id);
            add(letter, game);
        }
    }
    let mut written = 0;
    for (id, letter) in letters.into_values() {
        let id = match id {
            Some(id) => id,
            None => match players::find(conn, &letter.reader)? {
                Some(reader) => reader.id,
                None => continue,
            },
        };
        let to = players::confirmed_emails(conn, id)?;
        if to.is_empty() {
            continue;
        }
        let envelope = Envelope::notice(to, settings.identity.unique_id(now));
        post::post(
            conn,
            &settings.templates,
            envelope,
            Letter::Farewell(letter),
            now,
        )?;
        written += 1;
    }
    Ok(written)
}

/// Names `game` in the reader's letter, or counts it past [`MAX_LISTED`].
fn add(letter: &mut FarewellLetter, game: &Left) {
    let shared = || SharedGame {
        title: game.title.clone(),
        variant: game.variant.clone(),
        board: game.game.0,
    };
    match &game.change {
        Change::Ended(result) if letter.ended.len() < MAX_LISTED => {
            letter.ended.push(EndedGame {
                title: game.title.clone(),
                variant: game.variant.clone(),
                board: game.game.0,
                result: result.clone(),
            });
        }
        Change::Ended(_) => letter.more_ended += 1,
        Change::GoesOn if letter.going_on.len() < MAX_LISTED => letter.going_on.push(shared()),
        Change::GoesOn => letter.more_going_on += 1,
        Change::Cancelled if letter.cancelled.len() < MAX_LISTED => {
            letter.cancelled.push(shared());
        }
        Change::Cancelled => letter.more_cancelled += 1,
    }
}
