//! The seam between a command and its mail.
//!
//! Every command that changes a game calls [`queue`] once, inside its
//! transaction, with the notices it produced; [`crate::service::play::announce`]
//! decides who is told what and builds one letter per reader, which
//! `mail::post` renders and writes as an outbox row, so a mail exists
//! exactly when the change it reports was committed, and
//! [`crate::service::pages::mark`] queues the web pages it changes.

use chrono::{DateTime, Utc};

use crate::service::game::LoadedGame;
use crate::service::notice::Notice;
use crate::service::play::autopass;
use crate::service::request::GameEnded;
use rusqlite::Connection;

use crate::store::StoreError;

/// Queues the mail for `notices` in the command's own transaction.
pub fn queue(
    tx: &Connection,
    notices: &[Notice],
    now: DateTime<Utc>,
    game_ended: GameEnded,
) -> Result<(), StoreError> {
    // The web pages the change touches are written after commit.
    crate::service::pages::mark(tx, notices)?;
    crate::service::play::announce::queue(tx, notices, now)?;
    after_games(tx, notices, now, game_ended)
}

/// [`queue`] but for the mail, given the rows of the games as they stand
/// (not read again): the pages the notices change and the
/// tournaments of the games they end, for a command that tells the
/// players in letters of its own, one per player however many games
/// changed (`signoff`: [`super::announce::farewell`]).
pub fn queue_unmailed(
    tx: &Connection,
    notices: &[Notice],
    rows: &std::collections::HashMap<crate::ids::GameId, crate::store::games::Game>,
    now: DateTime<Utc>,
    game_ended: GameEnded,
) -> Result<(), StoreError> {
    crate::service::pages::mark_loaded(tx, notices, rows)?;
    after_games(tx, notices, now, game_ended)
}

/// [`queue`], given the game as the caller has it loaded now, after the
/// change the notices tell of (its letters are built from it, not from
/// the game loaded again).
pub fn queue_loaded(
    tx: &Connection,
    notices: &[Notice],
    loaded: &LoadedGame,
    now: DateTime<Utc>,
    game_ended: GameEnded,
) -> Result<(), StoreError> {
    crate::service::pages::mark_given(tx, notices, Some(&loaded.row))?;
    crate::service::play::announce::queue_loaded(tx, notices, Some(loaded), now)?;
    after_games(tx, notices, now, game_ended)
}

/// What follows each game `notices` end, once per game (`game_ended`: a
/// tournament's round closed, its crosstable mailed, its next games begun,
/// as the dispatch wires it), after the mails of the game that ended it,
/// so that its players read the last board before the round's table.
fn after_games(
    tx: &Connection,
    notices: &[Notice],
    now: DateTime<Utc>,
    game_ended: GameEnded,
) -> Result<(), StoreError> {
    let mut ended: Vec<crate::ids::GameId> = Vec::new();
    for notice in notices {
        if let Notice::GameOver { game, .. } = notice
            && !ended.contains(game)
        {
            ended.push(*game);
            game_ended(tx, *game, now).map_err(|e| match e {
                crate::service::ServiceError::Store(e) => e,
                other => StoreError::Damaged(other.to_string()),
            })?;
        }
    }
    Ok(())
}

/// Queues what a change to a game tells its players, in this order: the
/// change itself (`first`), the game's end if the change ended it, then
/// the automatic passes that followed it. Returns those passes as the
/// answer to the player lists them ([`autopass::lines`]).
pub fn queue_change(
    tx: &Connection,
    first: Notice,
    game_over: Option<Notice>,
    passes: Vec<Notice>,
    now: DateTime<Utc>,
    game_ended: GameEnded,
) -> Result<Vec<String>, StoreError> {
    let passed = autopass::lines(&passes);
    let notices: Vec<Notice> = std::iter::once(first)
        .chain(game_over)
        .chain(passes)
        .collect();
    queue(tx, &notices, now, game_ended)?;
    Ok(passed)
}
