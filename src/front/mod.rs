//! Front ends inside the library: input turned into commands and run.
//!
//! [`handle`] takes one received message from start to finish (`boserv
//! mail`), exactly once however often the MTA hands it over, and runs its
//! commands through [`perform`], the one dispatch of a [`Command`] to the
//! service; [`drain`] takes in the messages that waited in the spool;
//! [`mailbox`] takes messages in from an IMAP mailbox (`boserv fetch`,
//! `serve`) through the same [`handle`]; [`batch`] runs command lines from stdin (`boserv run`); [`refusal`]
//! says why a message's command was refused. This is the top
//! layer: it may use the service, the mail edge and everything below, and
//! nothing below imports it.
//!
//! [`Command`]: crate::command::Command

pub mod batch;
pub mod bot_turns;
pub mod demo;
pub mod drain;
pub mod handle;
pub mod mailbox;
pub mod perform;
pub mod refusal;
