//! Taking the spooled messages in ([`super::spool`]), oldest first.
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
//! own and is set aside after [`super::spool::MAX_TRIES`].

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use rusqlite::Connection;

use super::handle::{self, HandleError, Handled};
use super::spool::{Entry, Spool};
use crate::store::StoreError;

/// The most messages taken in with one commit of the game database.
pub const BATCH: usize = 32;

/// What one drain did.
#[derive(Debug, Default)]
pub struct Drained {
    /// Messages taken in.
    pub taken: usize,
    /// Messages that failed and wait for the next drain.
    pub failed: usize,
    /// The busy database or full disk that stopped the drain, if one did.
    pub stopped: Option<StoreError>,
}

/// Takes in every spooled message after `after`, oldest first, until none
/// is left, a temporary trouble stops it, or `until` passes; `after` ends
/// at the last one tried (one that failed is tried again by the next
/// drain). `report` gets one line per message.
pub fn drain(
    spool: &Spool,
    conn: &mut Connection,
    after: &mut i64,
    until: Instant,
    report: &mut dyn FnMut(String),
) -> Result<Drained, StoreError> {
    let mut drained = Drained::default();
    while Instant::now() < until && drained.stopped.is_none() {
        let mut batch = spool.batch(*after, BATCH)?;
        // A message tried before goes alone; the others up to it together.
        match batch.iter().position(|entry| entry.tries > 0) {
            Some(0) => batch.truncate(1),
            Some(first_tried) => batch.truncate(first_tried),
            None => {}
        }
        let Some(last) = batch.last() else {
            break;
        };
        *after = last.id;
        let ids: Vec<i64> = batch.iter().map(|entry| entry.id).collect();
        spool.tried(&ids)?;
        let outcome = catch_unwind(AssertUnwindSafe(|| take_in_batch(conn, &batch)));
        let Ok(outcome) = outcome else {
            // The tries stay counted: a message that keeps failing this
            // way is set aside.
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            drained.failed += batch.len();
            report(format!(
                "spooled mail {}..{}: taking them in failed; each is tried again alone",
                ids[0], *after
            ));
            continue;
        };
        let (taken, untried) = match outcome {
            Ok(outcome) => {
                for (entry, result) in batch.iter().zip(&outcome.results) {
                    report(line(entry, result));
                }
                if outcome.stopped.is_some() {
                    // The drain starts with the first message not done.
                    *after = ids[0] - 1;
                }
                let taken: Vec<i64> = outcome.taken().collect();
                drained.stopped = outcome.stopped;
                let untried = ids
                    .iter()
                    .copied()
                    .filter(|id| !taken.contains(id))
                    .collect();
                (taken, untried)
            }
            Err(e) => {
                report(format!(
                    "spooled mail {}..{}: not taken in: {e}",
                    ids[0], *after
                ));
                if e.is_temporary() {
                    *after = ids[0] - 1;
                    drained.stopped = Some(e);
                }
                (Vec::new(), ids)
            }
        };
        drained.taken += taken.len();
        drained.failed += untried.len();
        spool.settle(&taken, &untried)?;
    }
    Ok(drained)
}

/// What became of each message of a batch.
struct Outcome {
    results: Vec<Result<Handled, HandleError>>,
    ids: Vec<i64>,
    /// The temporary trouble that ended the batch early, if any.
    stopped: Option<StoreError>,
}

impl Outcome {
    /// The messages the game database now has.
    fn taken(&self) -> impl Iterator<Item = i64> + '_ {
        self.ids
            .iter()
            .zip(&self.results)
            .filter(|(_, result)| result.is_ok())
            .map(|(id, _)| *id)
    }
}

/// Takes the batch in with one transaction of the game database: each
/// message a savepoint of it ([`crate::store::atomically`]). A busy
/// database or full disk ends the batch (what was done commits).
fn take_in_batch(conn: &mut Connection, batch: &[Entry]) -> Result<Outcome, StoreError> {
    conn.execute_batch("BEGIN IMMEDIATE")?;
    let mut outcome = Outcome {
        results: Vec::with_capacity(batch.len()),
        ids: Vec::with_capacity(batch.len()),
        stopped: None,
    };
    for entry in batch {
        match handle::take_in_spooled(conn, &entry.message) {
            Err(HandleError::Store(e)) if e.is_temporary() => {
                outcome.stopped = Some(e);
                break;
            }
            result => {
                outcome.ids.push(entry.id);
                outcome.results.push(result);
            }
        }
    }
    if let Err(e) = conn.execute_batch("COMMIT") {
        let _ = conn.execute_batch("ROLLBACK");
        return Err(e.into());
    }
    Ok(outcome)
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
