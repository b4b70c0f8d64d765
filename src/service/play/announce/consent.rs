//! Posting the letters of consent: each to its reader's confirmed
//! addresses (nothing when they have none), in the game's thread; an
//! invitation carries a reply token, so that a reply of `accept` or
//! `decline` answers it.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::ids::GameId;
use crate::letters::Letter;
use crate::mail::post::{self, Envelope};
use crate::mail::settings::Settings;
use crate::mail::token;
use crate::store::{StoreError, players};

/// Queues `letter` (an invitation, a decline, an expiry, a ladder's
/// climb) about `board` to `reader`.
pub fn queue(
    conn: &Connection,
    board: u64,
    reader: &str,
    letter: &Letter,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    let Some(player) = players::find(conn, reader)? else {
        return Ok(());
    };
    let to = players::confirmed_emails(conn, player.id)?;
    if to.is_empty() {
        return Ok(());
    }
    let game = GameId(board);
    let identity = &settings.identity;
    let root = identity.game_root_id(game, reader);
    let reply_to = match letter {
        Letter::Invitation(_) => Some(token::issue(conn, identity, game, player.id, now)?),
        _ => None,
    };
    let envelope = Envelope {
        game: Some(game),
        to,
        message_id: identity.unique_id(now),
        in_reply_to: Some(root.clone()),
        references: vec![root],
        reply_to,
    };
    post::post(conn, &settings.templates, envelope, letter.clone(), now)?;
    Ok(())
}
