//! A command as the service receives it: who acts, what, when, with which
//! comment and games. Every topic reads it; it names none of them (a
//! request is made by the dispatch, `Request::new` in `service/mod.rs`,
//! which wires in what follows a game's end).

use chrono::{DateTime, Utc};

use rusqlite::Connection;

use crate::command::{Actor, Command, GameId};
use crate::service::error::ServiceError;
use crate::service::game::Catalog;

/// One command with everything around it.
#[derive(Clone)]
pub struct Request<'a> {
    pub actor: &'a Actor,
    pub command: &'a Command,
    /// The clock for this command (`--now`, or the time the mail arrived).
    pub now: DateTime<Utc>,
    /// A comment for the other players (a mail's body), stored with a turn.
    pub comment: Option<&'a str>,
    /// The games on offer.
    pub catalog: Catalog<'a>,
    /// The command came by mail: addresses it names must be confirmed
    /// before they get mail (the shell's are confirmed by the operator).
    pub by_mail: bool,
    /// What follows a game's end beyond its own letters and pages (a
    /// tournament's round closed, its next games begun), as the dispatch
    /// wires it ([`crate::service::GAME_ENDED`]).
    pub game_ended: GameEnded,
}

/// A follow-up of a game's end, called in the transaction that ends it,
/// after the game's own letters (`play::notify`).
pub type GameEnded = fn(&Connection, GameId, DateTime<Utc>) -> Result<(), ServiceError>;

impl<'a> Request<'a> {
    /// The same request carrying a comment.
    pub fn with_comment(self, comment: Option<&'a str>) -> Self {
        Request { comment, ..self }
    }

    /// The same request, as sent by mail.
    pub fn by_mail(self, by_mail: bool) -> Self {
        Request { by_mail, ..self }
    }
}
