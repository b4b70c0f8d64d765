//! Mail: the edge where boserv meets the Internet.
//!
//! [`inbound`] turns a player's message into command lines and a comment;
//! [`outbox`] keeps every outgoing mail as a row written in the same
//! transaction as the change it reports, and [`outbox::deliver`] sends the
//! rows through a [`transport`]. [`templates`] words the mails.

pub mod body;
pub mod inbound;
pub mod robot;
pub mod subject;
