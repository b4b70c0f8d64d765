//! The mails of the social verbs (`service::social`): a chat to a game's
//! players (each in their own thread of the game) and one Bcc copy to its
//! spectators; a message, one mail per named user; a broadcast, one mail
//! per [`BCC_BATCH`] addresses, every address hidden. Only confirmed
//! addresses are written to.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::spectators::WATCH;
use crate::command::GameId;
use crate::letters::Letter;
use crate::letters::social::{BroadcastLetter, ChatLetter, MessageLetter};
use crate::mail::outbox::UNDISCLOSED;
use crate::mail::post::{Envelope, post};
use crate::mail::settings::Settings;
use crate::rules::VARIANTS;
use crate::service::notice::Words;
use crate::store::{StoreError, games, players};

/// A broadcast goes out in mails of at most this many addresses each.
pub const BCC_BATCH: usize = 50;

/// Queues the mails of `words`.
pub fn queue(
    conn: &Connection,
    settings: &Settings,
    words: &Words,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    match words {
        Words::Chat {
            game,
            by,
            players,
            spectators,
            text,
        } => chat(conn, settings, *game, by, players, spectators, text, now),
        Words::Message { from, to, text } => {
            for reader in to {
                let letter = MessageLetter {
                    from: from.clone(),
                    others: to.iter().filter(|u| *u != reader).cloned().collect(),
                    text: text.clone(),
                    reader: reader.clone(),
                };
                let addresses = confirmed(conn, reader)?;
                send(
                    conn,
                    settings,
                    &Letter::Message(letter),
                    addresses,
                    None,
                    now,
                )?;
            }
            Ok(())
        }
        Words::Broadcast { from, text } => {
            let letter = Letter::Broadcast(BroadcastLetter {
                from: from.clone(),
                text: text.clone(),
            });
            let mut addresses = Vec::new();
            for (id, _) in players::reachable(conn)? {
                addresses.extend(players::confirmed_emails(conn, id)?);
            }
            for batch in addresses.chunks(BCC_BATCH) {
                let to = std::iter::once(UNDISCLOSED.to_string())
                    .chain(batch.iter().cloned())
                    .collect();
                send(conn, settings, &letter, to, None, now)?;
            }
            Ok(())
        }
    }
}

/// A chat: each player in their own thread of the game, the spectators
/// in theirs, all hidden from one another.
#[allow(clippy::too_many_arguments)]
fn chat(
    conn: &Connection,
    settings: &Settings,
    game: GameId,
    by: &str,
    to_players: &[String],
    spectators: &[String],
    text: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let row = games::find(conn, game)?
        .ok_or_else(|| StoreError::Damaged(format!("chat on missing {game}")))?;
    let variant = VARIANTS
        .iter()
        .find(|v| v.name().eq_ignore_ascii_case(&row.variant));
    let title = match variant {
        Some(v) => v.title().to_string(),
        None => super::row_letter(&row).title,
    };
    let seats: Vec<String> = match variant {
        Some(v) => v.seats().iter().map(|s| s.to_string()).collect(),
        None => Vec::new(),
    };
    let letter = ChatLetter {
        name: variant.map_or_else(|| title.clone(), |v| v.full_name().to_string()),
        title,
        variant: row.variant.clone(),
        board: game.0,
        sides: row
            .players
            .iter()
            .enumerate()
            .map(|(n, p)| match seats.get(n) {
                Some(seat) => format!("{p} ({seat})"),
                None => p.clone(),
            })
            .collect(),
        author: by.to_string(),
        text: text.to_string(),
        reader: String::new(),
    };
    let identity = &settings.identity;
    for reader in to_players {
        let letter = ChatLetter {
            reader: reader.clone(),
            ..letter.clone()
        };
        let thread = (game, identity.game_root_id(game, reader));
        let addresses = confirmed(conn, reader)?;
        send(
            conn,
            settings,
            &Letter::Chat(letter),
            addresses,
            Some(thread),
            now,
        )?;
    }
    let mut hidden = vec![UNDISCLOSED.to_string()];
    for spectator in spectators {
        hidden.extend(confirmed(conn, spectator)?);
    }
    let letter = ChatLetter {
        reader: "USERID".to_string(),
        ..letter
    };
    let thread = (game, identity.game_root_id(game, WATCH));
    send(
        conn,
        settings,
        &Letter::Chat(letter),
        hidden,
        Some(thread),
        now,
    )
}

/// A user's confirmed addresses.
fn confirmed(conn: &Connection, user: &str) -> Result<Vec<String>, StoreError> {
    match players::find(conn, user)? {
        Some(player) => players::confirmed_emails(conn, player.id),
        None => Ok(Vec::new()),
    }
}

/// Queues `letter` to `to` (nothing when it names nobody),
/// in the game thread `thread` (its game and root id) when given.
fn send(
    conn: &Connection,
    settings: &Settings,
    letter: &Letter,
    to: Vec<String>,
    thread: Option<(GameId, String)>,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if to.iter().all(|a| a == UNDISCLOSED) {
        return Ok(());
    }
    let (game, root) = thread.unzip();
    let envelope = Envelope {
        game,
        to,
        message_id: settings.identity.unique_id(now),
        in_reply_to: root.clone(),
        references: root.into_iter().collect(),
        reply_to: None,
    };
    post(conn, &settings.templates, envelope, letter.clone(), now)?;
    Ok(())
}
