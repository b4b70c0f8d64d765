//! Mail read from a mailbox over IMAP: `boserv fetch` and `boserv serve`.
//!
//! A club without a mail server of its own has a mailbox at a provider.
//! boserv reads it as an IMAP client: each new message is taken in
//! exactly as `boserv mail` takes a message the MTA pipes to it
//! ([`super::handle::take_in`]: the same claim, the same answers), and
//! only then flagged `\Seen` on the server. [`round`] is one pass over
//! the folder, kept exactly-once by the intake's claim and a high-water
//! mark per mailbox ([`crate::store::mailbox_marks`]); [`watch`] is
//! `serve`'s loop around it (IDLE, polling, reconnecting). The IMAP
//! conversation itself is the `imap` crate's ([`session`]), over rustls
//! ([`tls`]); [`folder::Folder`] is what the rounds need of it, so that
//! the tests can play the server.

pub mod folder;
pub mod round;
pub mod session;
pub mod tls;
pub mod watch;
