//! The seam between a command and its mail: the mail layer writes outbox
//! rows here.
//!
//! Every command that changes a game calls [`queue`] once, inside its
//! transaction, with the notices it produced; [`crate::mail::announce`]
//! turns them into one outbox row per player and mail, so a mail exists
//! exactly when the change it reports was committed.

use chrono::{DateTime, Utc};
use rusqlite::Transaction;

use super::notice::Notice;
use crate::store::StoreError;

/// Queues the mail for `notices` in the command's own transaction.
pub fn queue(
    tx: &Transaction<'_>,
    notices: &[Notice],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    crate::mail::announce::queue(tx, notices, now)
}
