//! At most one `boserv mail` per core at work on a database: the others
//! wait their turn asleep.
//!
//! An MTA starts one `boserv mail` per message, as many at once as its
//! transport allows. Past one process per core they only take turns on
//! the cores, and the one holding the database's write lock (about 2 ms
//! for a move) loses its core to processes that will then wait for that
//! lock: with 4 mails at once on 2 cores a token reply cost 5.4 ms of CPU
//! against 4.7 ms 2 at a time, and the 4 moved fewer mails a second than
//! the 2 (scripts/bench-mail.sh). So a process first takes one of as
//! many slots as there are cores, `flock`ed files beside the database
//! (`boserv.db.slot-N`), and holds it until it exits (the kernel frees it
//! whatever happens to the process). Waiting counts against the busy
//! timeout; without the files (a read-only directory) a process goes
//! without a slot.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// A slot held until dropped (or the process ends).
#[derive(Debug)]
pub struct Slot {
    _file: Option<File>,
}

/// Why no slot was had in time.
#[derive(Debug, thiserror::Error)]
#[error("the server is busy; try again")]
pub struct Busy;

fn slot_path(db: &Path, n: usize) -> PathBuf {
    super::spool::beside(db, &format!(".slot-{n}"))
}

/// A file to `flock` (a slot, the spool's drain lock), created when
/// missing; `None` when it can be neither created nor read.
pub(super) fn lock_file(path: &Path) -> Option<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .or_else(|_| File::open(path))
        .ok()
}

/// Takes one of `slots` slots of the database at `db`, waiting at most
/// `timeout` when all are taken.
pub fn take(db: &Path, slots: usize, timeout: Duration) -> Result<Slot, Busy> {
    let slots = slots.max(1);
    let mut files = Vec::with_capacity(slots);
    for n in 0..slots {
        let Some(file) = lock_file(&slot_path(db, n)) else {
            return Ok(Slot { _file: None });
        };
        match file.try_lock() {
            Ok(()) => return Ok(Slot { _file: Some(file) }),
            Err(TryLockError::WouldBlock) => files.push(file),
            Err(TryLockError::Error(_)) => return Ok(Slot { _file: None }),
        }
    }
    // All taken: sleep on one of them (`flock` has no timeout, so a thread
    // does; it lets go at once if this process stopped waiting).
    let file = files.swap_remove(std::process::id() as usize % slots);
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        if file.lock().is_ok() {
            let _ = sender.send(file);
        }
    });
    match receiver.recv_timeout(timeout) {
        Ok(file) => Ok(Slot { _file: Some(file) }),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(Busy),
        Err(mpsc::RecvTimeoutError::Disconnected) => Ok(Slot { _file: None }),
    }
}

/// One slot per core this process may run on.
pub fn per_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_shared_out_and_a_full_house_waits_then_gives_up() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("boserv.db");
        let short = Duration::from_millis(50);
        let first = take(&db, 2, short).unwrap();
        let second = take(&db, 2, short).unwrap();
        assert!(first._file.is_some() && second._file.is_some());
        assert!(take(&db, 2, short).is_err(), "both slots are held");
        drop(first);
        let third = take(&db, 2, short).unwrap();
        assert!(third._file.is_some(), "a freed slot is taken again");
        // A waiter gets the slot as soon as its holder lets go.
        let waiter = {
            let db = db.clone();
            std::thread::spawn(move || {
                take(&db, 2, Duration::from_secs(5)).map(|s| s._file.is_some())
            })
        };
        std::thread::sleep(Duration::from_millis(50));
        drop(second);
        drop(third);
        assert!(waiter.join().unwrap().unwrap());
    }

    #[test]
    fn without_a_writable_place_a_process_goes_without() {
        let slot = take(Path::new("/nonexistent-dir/boserv.db"), 2, Duration::ZERO).unwrap();
        assert!(slot._file.is_none());
    }
}
