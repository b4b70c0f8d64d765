//! Statements prepared for a short process: SQLite's lookaside memory on.
//!
//! rusqlite prepares every statement of its cache (`prepare_cached`, all
//! of the store's) with `SQLITE_PREPARE_PERSISTENT`, a hint that the
//! statement will live long. SQLite then keeps the whole compilation off
//! its lookaside allocator (the connection's slab of small blocks), so
//! every node of the parse tree and of the plan is a `malloc` and a
//! `free`: a third of each statement's preparing. A `boserv` process runs
//! one command and exits; the statements it keeps live a few
//! milliseconds. The binary is linked with `--wrap=sqlite3_prepare_v3`
//! (build.rs), so rusqlite's calls come here, and the hint is dropped
//! before SQLite sees it. Nothing else about the statement changes: in
//! the bundled SQLite the flag does nothing but keep lookaside off
//! (`sqlite3Prepare`). A long process (`remind`) still works; once its
//! cached statements hold the lookaside slots, SQLite falls back to
//! `malloc` as before. README, "scripts/bench-move.sh".

use std::ffi::{c_char, c_int, c_uint, c_void};

/// SQLite's `SQLITE_PREPARE_PERSISTENT`.
const PERSISTENT: c_uint = 0x01;

unsafe extern "C" {
    /// SQLite's own `sqlite3_prepare_v3`, as the linker's `--wrap` names it.
    fn __real_sqlite3_prepare_v3(
        db: *mut c_void,
        sql: *const c_char,
        bytes: c_int,
        flags: c_uint,
        stmt: *mut *mut c_void,
        tail: *mut *const c_char,
    ) -> c_int;
}

/// `sqlite3_prepare_v3` without the persistent hint.
///
/// # Safety
///
/// As `sqlite3_prepare_v3`: the caller's arguments are passed on as they
/// are, the flags without one bit.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __wrap_sqlite3_prepare_v3(
    db: *mut c_void,
    sql: *const c_char,
    bytes: c_int,
    flags: c_uint,
    stmt: *mut *mut c_void,
    tail: *mut *const c_char,
) -> c_int {
    // SAFETY: the same call rusqlite made, with the hint bit cleared.
    unsafe { __real_sqlite3_prepare_v3(db, sql, bytes, flags & !PERSISTENT, stmt, tail) }
}
