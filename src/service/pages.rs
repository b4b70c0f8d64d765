//! The queue of web pages to write: a command marks the pages its change
//! touches, in its own transaction (the game's page, its players', its
//! tournament's, the index), and after commit the front end has them
//! written (`service::records::publish` builds each page). Every topic
//! marks pages; none needs to know how a page is made.

use rusqlite::Connection;

use crate::command::GameId;
use crate::service::notice::Notice;
use crate::store::StoreError;
use crate::store::games::{self, Game, Status};
use crate::store::tournaments;
use crate::web::data::PageKey;

mod held;

pub use held::Held;

/// Queues a page to be written after commit (once, however often marked;
/// held to the end of the batch while a [`Held`] is open on this thread).
pub fn queue(conn: &Connection, page: &PageKey) -> Result<(), StoreError> {
    if held::hold(|| page.key()) {
        return Ok(());
    }
    write_mark(conn, &page.key())
}

/// The pages marked to be written, by key in order (the tests').
#[cfg(test)]
pub(crate) fn marked_pages(conn: &Connection) -> Vec<String> {
    conn.prepare("SELECT page FROM publish ORDER BY page")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Marks the page with this key in `conn`'s transaction. A mark already
/// there is replaced (the table has no trigger and no foreign key, and is
/// read in page order): an upsert cost every move 13 K instructions more
/// to prepare.
fn write_mark(conn: &Connection, key: &str) -> Result<(), StoreError> {
    crate::store::exec(
        conn,
        "INSERT OR REPLACE INTO publish (page, marked) VALUES (?1, random())",
        [key],
    )?;
    Ok(())
}

/// Marks the pages `notices` change: each game's, its players', the index.
pub fn mark(conn: &Connection, notices: &[Notice]) -> Result<(), StoreError> {
    mark_given(conn, notices, None)
}

/// [`mark`], given a game's row as it stands (not read again).
pub fn mark_given(
    conn: &Connection,
    notices: &[Notice],
    given: Option<&Game>,
) -> Result<(), StoreError> {
    mark_rows(conn, notices, &|id| given.filter(|row| row.id == id))
}

/// [`mark`], given the rows of the games as they stand, by id (not read
/// again): a `signoff` that ends thousands of games at once.
pub fn mark_loaded(
    conn: &Connection,
    notices: &[Notice],
    rows: &std::collections::HashMap<GameId, Game>,
) -> Result<(), StoreError> {
    mark_rows(conn, notices, &|id| rows.get(&id))
}

/// Marks each page once, however many notices change it (a set, so that
/// thousands of games at once cost no more per game than one).
fn mark_rows<'a>(
    conn: &Connection,
    notices: &[Notice],
    given: &dyn Fn(GameId) -> Option<&'a Game>,
) -> Result<(), StoreError> {
    let mut pages: std::collections::BTreeSet<PageKey> = std::collections::BTreeSet::new();
    let mut seen: std::collections::HashSet<GameId> = std::collections::HashSet::new();
    for notice in notices {
        if let Notice::SignedUp { user, .. } = notice {
            pages.insert(PageKey::Player(user.clone()));
            pages.insert(PageKey::Index);
        }
        let Some(game) = changed_game(notice) else {
            continue;
        };
        if !seen.insert(game) {
            continue;
        }
        pages.insert(PageKey::Game(game.0));
        pages.insert(PageKey::Index);
        // A tournament's table and games list change with its games.
        if let Some((tournament, _, _)) = tournaments::of_game(conn, game)?
            && let Some(t) = tournaments::by_id(conn, tournament)?
        {
            pages.insert(PageKey::Tournament(t.name));
        }
        let found;
        let row = match given(game) {
            Some(row) => Some(row),
            None => {
                found = games::find(conn, game)?;
                found.as_ref()
            }
        };
        if let Some(row) = row {
            // A game's end moves its type's ratings.
            if row.status == Status::Over {
                pages.insert(PageKey::Standings(row.variant.clone()));
            }
            pages.extend(row.players.iter().cloned().map(PageKey::Player));
        }
    }
    for page in &pages {
        queue(conn, page)?;
    }
    Ok(())
}

/// Marks the pages a tournament's own change touches (created, joined,
/// left, started, cancelled): its page and the index that lists it.
pub fn tournament_changed(conn: &Connection, name: &str) -> Result<(), StoreError> {
    queue(conn, &PageKey::Tournament(name.to_string()))?;
    queue(conn, &PageKey::Index)
}

/// The game whose public page a notice changes (reminders, words and
/// what a player alone learns change none).
fn changed_game(notice: &Notice) -> Option<GameId> {
    match notice {
        Notice::Challenged { game, .. }
        | Notice::Moved { game, .. }
        | Notice::AutoPlayed { game, .. }
        | Notice::SignedOff { game, .. }
        | Notice::DrawOffered { game, .. }
        | Notice::DrawDeclined { game, .. }
        | Notice::TakebackProposed { game, .. }
        | Notice::TakebackDeclined { game, .. }
        | Notice::TakenBack { game, .. }
        | Notice::OutOfTime { game, .. }
        | Notice::Declined { game, .. }
        | Notice::Resigned { game, .. }
        | Notice::GameOver { game, .. }
        | Notice::Forfeited { game, .. }
        | Notice::ClockRanOut { game, .. } => Some(*game),
        Notice::SignedUp { .. }
        | Notice::ConfirmAddress { .. }
        | Notice::QueueDropped { .. }
        | Notice::ConditionalsDropped { .. }
        | Notice::Said { .. }
        | Notice::Reminder { .. }
        | Notice::DrawReminder { .. }
        | Notice::Words(_) => None,
    }
}
