//! Who is sending an outbox row, proved alive by a lock the kernel keeps.
//!
//! A `deliver` run leases each row it sends (so two runs at once never
//! both send it). A lease that only ends with time must outlast the
//! longest SMTP conversation, and then a run killed mid-send (a `serve`
//! restarted by systemd, an upgrade) leaves its row waiting that long. So
//! each run that sends holds an exclusive lock on a file of its own,
//! `DB.leases/PID-RANDOM`, for as long as it sends, and writes that name
//! into the rows it leases (`outbox.leased_by`). The kernel drops the lock
//! when the process ends, however it ends: a row whose holder's file can
//! be locked by another run (or is gone) belongs to a dead run and is
//! taken back at once; a row whose holder still holds its lock is never
//! taken, however long it has been leased. The database is one SQLite
//! file on one machine, so every run that can lease a row can test its
//! holder's lock.
//!
//! Where no lock file can be made (an in-memory database, a directory the
//! run may not write), the run leases with no holder and the lease ends
//! with time, as before.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// One run's proof of life: its file, locked while the value lives.
#[derive(Debug)]
pub struct Holder {
    name: String,
    path: PathBuf,
    _file: File,
}

/// What the lock of a holder named in a row says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// Its lock is held: the run is sending; the row is left alone.
    Alive,
    /// Its lock is free or its file gone: the run ended; the row is free.
    Dead,
    /// Its file cannot be tested (another user's, an odd name): the
    /// lease ends with time.
    Unknown,
}

impl Holder {
    /// A fresh holder for the database file `db`, locked; `None` when no
    /// lock file can be made there (the run then leases by time alone).
    pub fn take(db: &Path) -> Option<Holder> {
        let dir = dir(db)?;
        std::fs::create_dir_all(&dir).ok()?;
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).ok()?;
        let name = format!("{}-{}", std::process::id(), hex::encode(bytes));
        let path = dir.join(&name);
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .ok()?;
        if file.try_lock().is_err() {
            let _ = std::fs::remove_file(&path);
            return None;
        }
        Some(Holder {
            name,
            path,
            _file: file,
        })
    }

    /// The name written into the rows it leases.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for Holder {
    fn drop(&mut self) {
        // Removed while still locked; the lock goes with the file handle.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Whether the holder `name` of a row of the database `db` still runs.
/// A dead holder's file is removed.
pub fn life(db: &Path, name: &str) -> Life {
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b.is_ascii_digit() || b == b'-');
    let Some(dir) = dir(db).filter(|_| valid) else {
        return Life::Unknown;
    };
    let path = dir.join(name);
    let file = match OpenOptions::new().write(true).open(&path) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Life::Dead,
        Err(_) => return Life::Unknown,
    };
    match file.try_lock() {
        Ok(()) => {
            let _ = std::fs::remove_file(&path);
            Life::Dead
        }
        Err(TryLockError::WouldBlock) => Life::Alive,
        Err(TryLockError::Error(_)) => Life::Unknown,
    }
}

/// `DB.leases` beside the database file; none for an in-memory one.
fn dir(db: &Path) -> Option<PathBuf> {
    if db.as_os_str().is_empty() || db.to_str() == Some(":memory:") {
        return None;
    }
    let mut name = db.file_name()?.to_os_string();
    name.push(".leases");
    Some(db.with_file_name(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_holder_is_alive_while_it_lives_and_dead_after() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("boserv.db");
        let holder = Holder::take(&db).expect("a lock file beside the database");
        let name = holder.name().to_string();
        assert_eq!(life(&db, &name), Life::Alive);
        assert_eq!(life(&db, &name), Life::Alive, "testing takes nothing");
        drop(holder);
        assert_eq!(life(&db, &name), Life::Dead);
        // Killed: the file stays, nobody holds its lock.
        let killed = dir.path().join("boserv.db.leases").join("99-00ff");
        File::create(&killed).unwrap();
        assert_eq!(life(&db, "99-00ff"), Life::Dead);
        assert!(!killed.exists(), "a dead holder's file is cleared");
        assert_eq!(life(&db, "../boserv.db"), Life::Unknown);
        assert_eq!(life(Path::new(""), &name), Life::Unknown);
        assert!(Holder::take(Path::new("")).is_none());
    }
}
