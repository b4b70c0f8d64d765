//! The reminder about a draw offer (`vote.txt`): `remind` sends it once per
//! offer, a reminder period after it was made, to each player who must
//! still answer it, with what their silence means and the board from
//! their side.
//!
//! It threads under the game's first mail; its Message-ID names the game,
//! ply, reader and moment.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{address_to, addresses, board_letter};
use crate::command::GameId;
use crate::letters::Letter;
use crate::mail::post::{Envelope, post};
use crate::mail::settings::Settings;
use crate::rules::VARIANTS;
use crate::service::ServiceError;
use crate::service::game::LoadedGame;
use crate::store::StoreError;

/// Queues the reminder to `voter` about the draw offer in `game`, in the
/// caller's transaction.
pub fn queue(
    conn: &Connection,
    settings: &Settings,
    game: GameId,
    voter: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let to = addresses(conn, voter)?;
    if to.is_empty() {
        return Ok(());
    }
    let loaded = match LoadedGame::load(conn, &VARIANTS, game) {
        Ok(loaded) => loaded,
        // A game of a variant this build does not offer (test catalogs):
        // nothing to draw the board with; the board mails said it all.
        Err(ServiceError::UnknownVariant { .. }) => return Ok(()),
        Err(ServiceError::Store(e)) => return Err(e),
        Err(other) => return Err(StoreError::Damaged(format!("{game}: {other}"))),
    };
    let Some(seat) = loaded.row.players.iter().position(|p| p == voter) else {
        return Ok(());
    };
    let mut letter = board_letter(conn, &loaded, false, now)?;
    letter.show = crate::store::board_shows::show_of(conn, &loaded.player_at(seat))?;
    super::in_zone_of(conn, &mut letter, &loaded.player_at(seat))?;
    address_to(&mut letter, &loaded, seat).map_err(|e| StoreError::Damaged(e.to_string()))?;
    let identity = &settings.identity;
    let root = identity.game_root_id(game, voter);
    let player = crate::store::players::find(conn, voter)?;
    let reply_to = match player {
        Some(player) => Some(crate::mail::token::issue(
            conn, identity, game, player.id, now,
        )?),
        None => None,
    };
    let envelope = Envelope {
        game: Some(game),
        to,
        in_reply_to: Some(root.clone()),
        references: vec![root],
        // Once per offer (`remind` records it in the same transaction); a
        // second offer at the same ply gets its own id.
        message_id: identity.game_mail_id(
            game,
            loaded.row.ply,
            &format!("vote{}", now.timestamp()),
            voter,
        ),
        reply_to,
    };
    post(
        conn,
        &settings.templates,
        envelope,
        Letter::Vote(letter),
        now,
    )?;
    Ok(())
}
