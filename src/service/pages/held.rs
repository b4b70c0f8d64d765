//! The pages a long run's batch marks, held and written once each when
//! the batch is about to commit (`remind`'s batches, src/service/remind/mod.rs).
//!
//! Every game a batch ends marks the index and its type's standings, and
//! its players' pages, which other games of the batch mark again: in a run
//! that ended 495 games, 2,475 upserts of `publish` for about 1,500 pages.
//! Marking a page twice in one transaction is marking it once (the mark
//! is a random number read after the commit), so while [`Held`] is open
//! on a thread, [`super::queue`] on that thread adds the page to a set;
//! [`Held::write`] writes the set in the caller's transaction, before it
//! commits. Dropped without it (the batch given up, its transaction rolled
//! back) the set is thrown away with the transaction's other writes.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::marker::PhantomData;

use rusqlite::Connection;

use crate::store::StoreError;

thread_local! {
    /// The keys marked on this thread since [`Held::open`], if open.
    static MARKED: RefCell<Option<BTreeSet<String>>> = const { RefCell::new(None) };
}

/// The open hold of this thread's marks (not `Send`: the marks are the
/// thread's).
pub struct Held {
    _thread: PhantomData<*const ()>,
}

impl Held {
    /// Holds the marks of this thread from now until [`Held::write`] or
    /// the drop.
    pub fn open() -> Held {
        MARKED.with(|m| *m.borrow_mut() = Some(BTreeSet::new()));
        Held {
            _thread: PhantomData,
        }
    }

    /// Writes each page marked since [`Held::open`] once, in `conn`'s
    /// transaction, and stops holding.
    pub fn write(self, conn: &Connection) -> Result<(), StoreError> {
        let marked = MARKED.with(|m| m.borrow_mut().take()).unwrap_or_default();
        for key in &marked {
            super::write_mark(conn, key)?;
        }
        Ok(())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        MARKED.with(|m| m.borrow_mut().take());
    }
}

/// Adds `key` to the open hold: false when none is open (the caller
/// writes the mark itself).
pub(super) fn hold(key: impl FnOnce() -> String) -> bool {
    MARKED.with(|m| match m.borrow_mut().as_mut() {
        Some(marked) => {
            marked.insert(key());
            true
        }
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::pages::{marked_pages as marked, queue};
    use crate::web::data::PageKey;

    #[test]
    fn held_marks_are_written_once_each_and_dropped_ones_never() {
        let conn = crate::store::open_in_memory().unwrap();
        let held = Held::open();
        for page in [PageKey::Index, PageKey::Game(2), PageKey::Index] {
            queue(&conn, &page).unwrap();
        }
        assert!(marked(&conn).is_empty(), "held, not written");
        held.write(&conn).unwrap();
        assert_eq!(marked(&conn), ["game:2", "index"]);
        // Without a hold a mark is written at once.
        queue(&conn, &PageKey::Game(3)).unwrap();
        assert_eq!(marked(&conn), ["game:2", "game:3", "index"]);
        // A hold dropped unwritten (its batch rolled back) leaves nothing,
        // and the next mark is written again.
        let held = Held::open();
        queue(&conn, &PageKey::Game(4)).unwrap();
        drop(held);
        assert_eq!(marked(&conn), ["game:2", "game:3", "index"]);
        queue(&conn, &PageKey::Game(5)).unwrap();
        assert_eq!(marked(&conn), ["game:2", "game:3", "game:5", "index"]);
    }
}
