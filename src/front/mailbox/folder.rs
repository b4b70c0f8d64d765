//! What reading a mailbox needs of an IMAP server, and nothing more.
//!
//! [`super::session::ImapFolder`] is the real one; the tests play the
//! server with a folder in memory (renumbering it, failing a flag, two
//! readers at once) to prove the rounds' promises without a network.

use std::time::Duration;

/// Why the mailbox could not be read: one line for the operator's log.
/// Every one of these leaves the messages on the server to be taken in
/// by a later round.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error("cannot connect to {server}: {reason}")]
    Connect { server: String, reason: String },
    #[error("{server} refused the login of {user}: {reason}")]
    Login {
        server: String,
        user: String,
        reason: String,
    },
    #[error("{0}")]
    Setup(String),
    #[error("the IMAP server: {0}")]
    Protocol(String),
}

/// How a wait for new mail ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// The server said the folder changed.
    Changed,
    /// Nothing came within the time given.
    TimedOut,
}

/// One selected folder of one mailbox.
pub trait Folder {
    /// Selects the folder again (its state may have changed) and returns
    /// its UIDVALIDITY.
    fn open(&mut self) -> Result<u32, FolderError>;
    /// The UIDs above `after`, in ascending order.
    fn uids_after(&mut self, after: u32) -> Result<Vec<u32>, FolderError>;
    /// The message with `uid`, whole, without marking it read; `None`
    /// when it is gone (expunged by someone else meanwhile).
    fn fetch(&mut self, uid: u32) -> Result<Option<Vec<u8>>, FolderError>;
    /// Marks the message taken in (`\Seen`).
    fn mark_taken(&mut self, uid: u32) -> Result<(), FolderError>;
    /// Waits at most `timeout` for the server to say the folder changed
    /// (IDLE); `None` when the server cannot (then the caller polls).
    fn wait(&mut self, timeout: Duration) -> Option<Result<Waited, FolderError>>;
}
