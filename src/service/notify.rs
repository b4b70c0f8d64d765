//! The seam between a command and its mail: the mail layer writes outbox
//! rows here.
//!
//! Every command that changes a game calls [`queue`] once, inside its
//! transaction, with the notices it produced. Today nothing is written; the
//! mail layer fills this in (one outbox row per recipient and notice), so a
//! mail exists exactly when the change it reports was committed.

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
    let _ = (tx, notices, now);
    Ok(())
}
