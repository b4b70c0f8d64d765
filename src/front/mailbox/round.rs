//! One pass over a mailbox's folder: every message past the mark taken
//! in, oldest first, each exactly once.
//!
//! For each UID above the mark (ascending): the message is fetched
//! without marking it read, taken in ([`handle::take_in`], which commits
//! it with its answers and the claim by its key), flagged `\Seen` on
//! the server, and only then does the mark move past it. So:
//! - killed before the commit, nothing happened: the next round takes it;
//! - killed after the commit, before the flag or the mark: the next round
//!   fetches it again and the claim records it as a duplicate (no second
//!   answer), then flags it and moves the mark;
//! - two readers at once: both may fetch it, one claim wins;
//! - a new UIDVALIDITY (the server renumbered the folder): the old mark
//!   counts for nothing and every message in the folder is read again,
//!   those taken in before being duplicates. Nothing is skipped because
//!   it was already flagged read (by a person, or another client).
//!
//! A message that cannot be taken in now (a busy database, a full disk,
//! a broken template) stops the round where it is: the mark stays before
//! it and the next round starts there, as the MTA retries `boserv mail`.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::folder::{Folder, FolderError};
use crate::front::handle::{self, HandleError};
use crate::mail::inbox::Disposition;
use crate::mail::raw::RawMail;
use crate::mail::settings::Settings;
use crate::store::{StoreError, mailbox_marks};

/// What one round did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// Messages taken in for the first time.
    pub taken: usize,
    /// Messages seen again that had been taken in (recorded as duplicates).
    pub duplicates: usize,
    /// True when the folder's UIDVALIDITY was not the mark's.
    pub renumbered: bool,
}

/// Why a round stopped early (what it took in before stays taken).
#[derive(Debug, thiserror::Error)]
pub enum RoundError {
    #[error("{0}")]
    Folder(#[from] FolderError),
    #[error("the game database: {0}")]
    Store(#[from] StoreError),
    #[error("message {uid}: not taken in, tried again next time: {error}")]
    Intake { uid: u32, error: HandleError },
}

/// Takes in every message of `folder` past the mark of `mailbox`,
/// oldest first; `now` gives the moment each is received; `report` gets
/// one line per message.
pub fn take_new(
    folder: &mut dyn Folder,
    conn: &mut Connection,
    mailbox: &str,
    now: &dyn Fn() -> DateTime<Utc>,
    report: &mut dyn FnMut(String),
) -> Result<Round, RoundError> {
    let uidvalidity = folder.open()?;
    let mark = mailbox_marks::get(conn, mailbox)?;
    let mut round = Round::default();
    let after = match mark {
        Some(mark) if mark.uidvalidity == uidvalidity => mark.last_uid,
        Some(mark) => {
            round.renumbered = true;
            report(format!(
                "{mailbox}: UIDVALIDITY {} is now {uidvalidity}: the folder is read again \
                 from the start (what was taken in is recognised)",
                mark.uidvalidity
            ));
            0
        }
        None => 0,
    };
    let limit = Settings::current()
        .map(|s| s.storage.max_message_bytes)
        .unwrap_or(usize::MAX);
    for uid in folder.uids_after(after)? {
        let Some(bytes) = folder.fetch(uid)? else {
            // Gone before it could be read: nothing to take in.
            mailbox_marks::advance(conn, mailbox, uidvalidity, uid, now())?;
            continue;
        };
        let raw = RawMail::from_bytes(&bytes, limit);
        let handled = handle::take_in(conn, &raw, now())
            .map_err(|error| RoundError::Intake { uid, error })?;
        if handled.disposition == Disposition::Duplicate {
            round.duplicates += 1;
        } else {
            round.taken += 1;
        }
        report(format!(
            "message {uid}: {} ({} done, {} refused)",
            handled.disposition.as_str(),
            handled.done,
            handled.refused
        ));
        folder.mark_taken(uid)?;
        mailbox_marks::advance(conn, mailbox, uidvalidity, uid, now())?;
    }
    Ok(round)
}
