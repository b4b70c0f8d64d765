//! Mail: the edge where boserv meets the Internet.
//!
//! [`inbound`] turns a player's message into command lines and a comment;
//! [`outbox`] keeps every outgoing mail as a row written in the same
//! transaction as the change it reports, and [`outbox::deliver`] sends the
//! rows through a [`transport`]. [`templates`] words the mails,
//! [`announce`] decides who is told what after a command, and [`handle`]
//! takes one received message from start to finish (`boserv mail`),
//! exactly once however often the MTA hands it over: it is read with a
//! bound ([`raw`]), known by its [`fingerprint`], kept in the [`inbox`],
//! and each of its commands is recorded in [`steps`] as it commits. While
//! one `boserv mail` works, a message without a password waits in the
//! [`spool`] for it, which takes the spool in ([`drain`]).

pub mod admission;
pub mod announce;
pub mod answers;
pub mod body;
pub mod bounds;
pub mod compose;
pub mod config;
pub mod drain;
pub mod fingerprint;
pub mod handle;
pub mod html_part;
pub mod identity;
pub mod inbound;
pub mod inbox;
pub mod letters;
pub mod limits;
pub mod mask;
pub mod nag;
pub mod outbox;
pub mod plan;
pub mod rates;
pub mod raw;
pub mod refusal;
pub mod robot;
pub mod settings;
pub mod social;
pub mod spectators;
pub mod spool;
pub mod steps;
pub mod subject;
pub mod suspects;
pub mod templates;
pub mod token;
pub mod transport;
pub mod vote;

/// A time as the mail tables store it: RFC 3339, UTC, whole seconds.
pub fn stamp(time: chrono::DateTime<chrono::Utc>) -> String {
    time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
