//! A command as the service receives it: who acts, what, when, with which
//! comment and games. Every topic reads it; it names none of them.

use chrono::{DateTime, Utc};

use crate::command::{Actor, Command};
use crate::rules::VARIANTS;
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
}

impl<'a> Request<'a> {
    /// A request against the server's games, without a comment.
    pub fn new(actor: &'a Actor, command: &'a Command, now: DateTime<Utc>) -> Self {
        Request {
            actor,
            command,
            now,
            comment: None,
            catalog: &VARIANTS,
            by_mail: false,
        }
    }

    /// The same request carrying a comment.
    pub fn with_comment(self, comment: Option<&'a str>) -> Self {
        Request { comment, ..self }
    }

    /// The same request, as sent by mail.
    pub fn by_mail(self, by_mail: bool) -> Self {
        Request { by_mail, ..self }
    }
}
