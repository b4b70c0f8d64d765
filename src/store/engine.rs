//! SQLite's process-wide settings, made once before the first connection.
//!
//! By default SQLite counts every block it allocates (`SQLITE_CONFIG_MEMSTATUS`),
//! under a global mutex, for `sqlite3_memory_used` and a soft heap limit:
//! boserv reads neither, and in a long `remind` run that lock and count were
//! 2.6% of the run's thread (`perf record`, one million games). These
//! settings can only be made before SQLite initializes, so [`configure`] runs
//! at the top of every way this store opens a connection; when something
//! else opened one first (a test's own `Connection`), SQLite refuses the
//! change and keeps its defaults, which are as correct, only slower.

use std::sync::Once;

use rusqlite::ffi;

static CONFIGURED: Once = Once::new();

/// Makes the settings, once per process.
pub fn configure() {
    CONFIGURED.call_once(|| {
        // SAFETY: `sqlite3_config` with MEMSTATUS takes one int; before
        // initialization it only sets a global flag, after it returns
        // SQLITE_MISUSE and changes nothing. `Once` keeps this to one
        // thread at a time, before any connection of this store.
        unsafe {
            ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as std::ffi::c_int);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_opens_after_the_settings_whatever_came_first() {
        configure();
        configure();
        let conn = crate::store::open_in_memory().unwrap();
        let one: i64 = conn.query_row("SELECT 1", [], |r| r.get(0)).unwrap();
        assert_eq!(one, 1);
    }
}
