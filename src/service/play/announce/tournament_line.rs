//! The line a board mail of a tournament game adds.

use rusqlite::Connection;

use crate::command::GameId;
use crate::store::StoreError;
use crate::store::tournaments::{self, Kind};

/// The line a board mail of a tournament game adds: `Tournament spring
/// (round-robin), round 2.` (a knockout's decider says so); none for a
/// game of no tournament.
pub fn board_line(conn: &Connection, game: GameId) -> Result<Option<String>, StoreError> {
    let Some((id, round, kind)) = tournaments::of_game(conn, game)? else {
        return Ok(None);
    };
    let Some(t) = tournaments::by_id(conn, id)? else {
        return Ok(None);
    };
    let at = match kind {
        Kind::Pairing => format!("round {round}"),
        Kind::Decider => format!("round {round}, the match's decider"),
        Kind::Ladder => "a ladder game".to_string(),
    };
    Ok(Some(format!("Tournament {} ({}), {at}.", t.name, t.format)))
}
