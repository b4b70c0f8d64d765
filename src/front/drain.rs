//! Taking the spooled messages in ([`crate::mail::spool`]), oldest first.
//!
//! Only the process holding the drain lock runs this, with the game
//! database open. Each message is taken in exactly as it would have been
//! in its own process ([`handle::take_in_spooled`]), its commands, their
//! mails and the record of them together, but up to [`BATCH`] messages
//! share one transaction of the game database (each is a savepoint of
//! it): one commit, one sync, for all of them. Only then are they deleted
//! from the spool. Killed before the commit, the batch is undone and
//! taken in again; killed after it, before the deletion, each message is
//! taken in again and recorded as a duplicate.
//!
//! A busy database or a full disk stops the drain (every message would
//! meet it; they wait for the next drain). Any other failure is reported
//! and left for the next drain, and does not stop the others. Each try
//! is counted before the batch begins; a message tried before is taken in
//! alone, so one that panics or kills its process keeps failing on its
//! own and is set aside after [`crate::mail::spool::MAX_TRIES`].
//!
//! Each batch is numbered in its own transaction
//! ([`crate::store::spool_batches`]) and the spool marks what it lets go
//! of with that number. A drain first looks for marks past the game
//! database's count: the two files were restored from replicas copied at
//! different moments, and a message the spool let go of that the game
//! database lacks waits again (one the database has is only re-marked).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use rusqlite::Connection;

use super::handle::{self, HandleError, Handled};
use crate::mail::inbox;
use crate::mail::spool::{Entry, Spool};
use crate::store::{StoreError, spool_batches};

/// The most messages taken in with one commit of the game database.
pub const BATCH: usize = 32;

/// Takes in every spooled message after `after`, oldest first, until none
/// is left, a busy database or full disk stops it (returned), or `until`
/// passes; `after` ends at the last one tried (one that failed is tried
/// again by the next drain). `report` gets one line per message.
pub fn drain(
    spool: &Spool,
    conn: &mut Connection,
    after: &mut i64,
    until: Instant,
    report: &mut dyn FnMut(String),
) -> Result<Option<StoreError>, StoreError> {
    take_back_what_the_database_lacks(spool, conn, after, report)?;
    while Instant::now() < until {
        let mut batch = spool.batch(*after, BATCH)?;
        // A message tried before goes alone; the others up to it together.
        match batch.iter().position(|entry| entry.tries > 0) {
            Some(0) => batch.truncate(1),
            Some(first_tried) => batch.truncate(first_tried),
            None => {}
        }
        let (Some(first), Some(last)) = (batch.first(), batch.last()) else {
            break;
        };
        let span = format!("spooled mail {}..{}", first.id, last.id);
        *after = last.id;
        let ids: Vec<i64> = batch.iter().map(|entry| entry.id).collect();
        spool.tried(&ids)?;
        let Ok(outcome) = catch_unwind(AssertUnwindSafe(|| take_in_batch(conn, &batch))) else {
            // The tries stay counted: a message that keeps failing this
            // way is set aside.
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            report(format!(
                "{span}: taking them in failed; each is tried again alone"
            ));
            continue;
        };
        let (number, results, stopped) = match outcome {
            Ok(batch) => batch,
            Err(e) => {
                report(format!("{span}: not taken in: {e}"));
                (0, Vec::new(), e.is_temporary().then_some(e))
            }
        };
        let mut taken = Vec::with_capacity(results.len());
        for (entry, result) in batch.iter().zip(&results) {
            report(line(entry, result));
            if result.is_ok() {
                taken.push(entry.id);
            }
        }
        let untried: Vec<i64> = ids.into_iter().filter(|id| !taken.contains(id)).collect();
        spool.settle(&taken, &untried, number, unix_now())?;
        if stopped.is_some() {
            return Ok(stopped);
        }
    }
    Ok(None)
}

/// The messages the spool let go of in batches the game database never
/// committed (a restore of both from replicas copied at different
/// moments) wait again, unless the database has them after all; `after`
/// goes back before the first.
fn take_back_what_the_database_lacks(
    spool: &Spool,
    conn: &Connection,
    after: &mut i64,
    report: &mut dyn FnMut(String),
) -> Result<(), StoreError> {
    let last = spool_batches::last(conn)?;
    for (id, key) in spool.taken_after(last)? {
        let missing = !inbox::is_finished(conn, &key)?;
        spool.reconcile(id, missing, last)?;
        if missing {
            *after = (*after).min(id - 1);
            report(format!(
                "spooled mail {id}: let go of by a batch the database does not have \
                 (restored from an older copy?); taken in again"
            ));
        }
    }
    Ok(())
}

/// Now, in seconds since 1970: when the spool let go of a message.
fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The batch's number, what became of each message of it, in order, and
/// the busy database or full disk that ended it early, if one did.
type Batch = (i64, Vec<Result<Handled, HandleError>>, Option<StoreError>);

/// Takes the batch in with one transaction of the game database: each
/// message a savepoint of it ([`crate::store::atomically`]); what was
/// done before a busy database or full disk ended it commits.
fn take_in_batch(conn: &mut Connection, batch: &[Entry]) -> Result<Batch, StoreError> {
    // Each message is read and masked before the lock is taken (the work
    // that grows with its size): the other writers wait only for the
    // commands (issue 48).
    let prepared: Vec<_> = batch
        .iter()
        .map(|entry| handle::prepare_spooled(conn, &entry.message))
        .collect();
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let mut results = Vec::with_capacity(batch.len());
    let mut stopped = None;
    for prepared in prepared {
        match prepared.and_then(|message| message.take_in(conn)) {
            Err(HandleError::Store(e)) if e.is_temporary() => {
                stopped = Some(e);
                break;
            }
            result => results.push(result),
        }
    }
    let number =
        spool_batches::next(conn).and_then(|number| conn.execute_batch("COMMIT").map(|()| number));
    match number {
        Ok(number) => Ok((number, results, stopped)),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e.into())
        }
    }
}

fn line(entry: &Entry, result: &Result<Handled, HandleError>) -> String {
    match result {
        Ok(handled) => format!(
            "spooled mail {}: {} ({} done, {} refused)",
            entry.id,
            handled.disposition.as_str(),
            handled.done,
            handled.refused
        ),
        Err(e) => format!("spooled mail {}: not taken in: {e}", entry.id),
    }
}
