//! Mail: the edge where boserv meets the Internet.
//!
//! [`inbound`] turns a player's message into command lines and a comment;
//! [`outbox`] keeps every outgoing mail as a row written in the same
//! transaction as the change it reports, and [`outbox::deliver`] sends the
//! rows through a [`transport`]. A received message is read with a bound
//! ([`raw`]), known by its [`fingerprint`], kept in the [`inbox`], and
//! each of its commands is recorded in [`steps`] as it commits. While one
//! `boserv mail` works, a message without a password waits in the
//! [`spool`] for it.
//!
//! This is the edge: it parses, stores, queues and sends, and never runs a
//! command. Running the commands a message asks for is the front end's
//! (`crate::front::handle`, `crate::front::drain`); deciding who is told
//! what is the service's (`crate::service::play::announce`); the words are the
//! letters layer's (`crate::letters`).

pub mod admission;
pub mod ahead;
pub mod answers;
pub mod body;
pub mod bounds;
pub mod compose;
pub mod config;
pub mod digest_token;
pub mod fingerprint;
pub mod finish;
pub mod identity;
pub mod inbound;
pub mod inbox;
pub mod limits;
pub mod mailbox_url;
pub mod mask;
pub mod notice;
pub mod occurrences;
pub mod outbox;
pub mod plan;
pub mod post;
pub mod quotas;
pub mod rates;
pub mod raw;
pub mod robot;
pub mod secret;
pub mod settings;
pub mod spool;
pub mod steps;
pub mod subject;
pub mod suspects;
pub mod token;
pub mod transport;

/// A time as the mail tables store it: RFC 3339, UTC, whole seconds.
pub fn stamp(time: chrono::DateTime<chrono::Utc>) -> String {
    time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
