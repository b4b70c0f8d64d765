//! What each player sees of a board in their mail (`board_shows`): the
//! piece list, the drawn boards, or (no row) both.

use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use crate::ids::BoardShow;

/// What the player called `userid` sees; both for one with no setting
/// (or no account).
pub fn show_of(conn: &Connection, userid: &str) -> Result<BoardShow, StoreError> {
    let word: Option<String> = conn
        .prepare_cached(
            "SELECT b.show FROM board_shows b JOIN players p ON p.id = b.player
             WHERE p.userid = ?1",
        )?
        .query_row([userid], |r| r.get(0))
        .optional()?;
    Ok(word
        .as_deref()
        .and_then(BoardShow::from_word)
        .unwrap_or_default())
}

/// Sets what `player` sees.
pub fn set(conn: &Connection, player: i64, show: BoardShow) -> Result<(), StoreError> {
    match show {
        BoardShow::Both => conn.execute("DELETE FROM board_shows WHERE player = ?1", [player])?,
        show => conn.execute(
            "INSERT INTO board_shows (player, show) VALUES (?1, ?2)
             ON CONFLICT (player) DO UPDATE SET show = ?2",
            params![player, show.word()],
        )?,
    };
    Ok(())
}
