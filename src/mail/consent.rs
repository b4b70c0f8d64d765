//! The mails of consent to a game (`service::consent`): the invitation
//! to each player asked, which says how to accept and decline by reply
//! and by Subject; the news that one declined, with their words; and the
//! expiry of an invitation nobody completed. Each letter carries every
//! fact it shows, built by the service; this module renders it from its
//! own template and queues it to the reader's confirmed addresses, in the
//! game's thread.

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::outbox::{self, Draft};
use super::settings::Settings;
use super::token;
use crate::command::GameId;
use crate::store::{StoreError, players};

/// `invitation.txt`: a challenge that waits for the reader's consent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InvitationLetter {
    /// `Chess`: the game's short title, as in board Subjects.
    pub title: String,
    /// `Big Outer Chess`.
    pub name: String,
    /// `chess`: the game's command word.
    pub variant: String,
    pub board: u64,
    /// `alice (White)`, in seat order.
    pub sides: Vec<String>,
    /// Who challenged; `None`: the server's operator.
    pub challenger: Option<String>,
    /// The challenger's words.
    pub comment: Option<String>,
    /// The game's options as written (`--nagtime=3`).
    pub options: Vec<String>,
    /// Every player still to accept (the reader among them).
    pub waiting: Vec<String>,
    /// When the invitation expires: `Mon 14 Dec 2026 13:00 UTC`.
    pub expires: String,
    pub reader: String,
}

/// `declined.txt`: a player declined; the game is cancelled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeclinedLetter {
    pub title: String,
    pub name: String,
    pub board: u64,
    pub sides: Vec<String>,
    /// Who declined, and their words.
    pub by: String,
    pub words: Option<String>,
    pub reader: String,
}

/// `expired.txt`: nobody completed the invitation in time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExpiredLetter {
    pub title: String,
    pub name: String,
    pub board: u64,
    pub sides: Vec<String>,
    /// Who never accepted.
    pub silent: Vec<String>,
    /// When the challenge was made: `Mon 14 Dec 2026 13:00 UTC`.
    pub since: String,
    pub reader: String,
}

/// One mail of consent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Letter {
    Invitation(InvitationLetter),
    Declined(DeclinedLetter),
    Expired(ExpiredLetter),
}

/// Queues `letter` to its reader's confirmed addresses (nothing when they
/// have none). An invitation carries a reply token, so that a reply of
/// `accept` or `decline` answers it.
pub fn queue(conn: &Connection, letter: &Letter, now: DateTime<Utc>) -> Result<(), StoreError> {
    let settings = Settings::current().map_err(|e| StoreError::Setup(e.to_string()))?;
    let (template, board, reader) = match letter {
        Letter::Invitation(l) => ("invitation.txt", l.board, &l.reader),
        Letter::Declined(l) => ("declined.txt", l.board, &l.reader),
        Letter::Expired(l) => ("expired.txt", l.board, &l.reader),
    };
    let Some(player) = players::find(conn, reader)? else {
        return Ok(());
    };
    let to = players::confirmed_emails(conn, player.id)?;
    if to.is_empty() {
        return Ok(());
    }
    let mail = match letter {
        Letter::Invitation(l) => settings.templates.render(template, l),
        Letter::Declined(l) => settings.templates.render(template, l),
        Letter::Expired(l) => settings.templates.render(template, l),
    }
    .map_err(|e| StoreError::Setup(e.to_string()))?;
    let game = GameId(board);
    let identity = &settings.identity;
    let root = identity.game_root_id(game, reader);
    let reply_to = match letter {
        Letter::Invitation(_) => Some(token::issue(conn, identity, game, player.id, now)?),
        _ => None,
    };
    let draft = Draft {
        game: Some(game),
        to,
        subject: mail.subject,
        body: mail.body,
        message_id: identity.unique_id(now),
        in_reply_to: Some(root.clone()),
        references: vec![root],
        reply_to,
    };
    outbox::queue(conn, &draft, now)?;
    Ok(())
}
