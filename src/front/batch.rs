//! `boserv run`: pbmserv command lines, one per line, as a mail would
//! carry them, without the mail. Passwords are checked as for mail.

use std::io::Write;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::perform::{PerformError, perform};
use crate::command::language;

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub done: usize,
    pub refused: usize,
}

/// Runs every non-blank line of `input` (lines starting with `#` are
/// comments), writing each answer to `out` and each refusal, prefixed
/// with its line number, to `err`. Stops at database trouble.
pub fn run_lines(
    conn: &mut Connection,
    input: &str,
    now: DateTime<Utc>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Tally, PerformError> {
    let mut tally = Tally::default();
    for (n, line) in input.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let requests = match language::parse(line) {
            Ok(requests) => requests,
            Err(e) => {
                tally.refused += 1;
                let _ = writeln!(err, "line {}: {e}", n + 1);
                continue;
            }
        };
        for request in requests {
            match perform(conn, &request, None, now, false) {
                Ok(reply) => {
                    tally.done += 1;
                    let _ = writeln!(out, "{}", reply.text());
                }
                Err(e) if e.is_trouble() => return Err(e),
                Err(e) => {
                    tally.refused += 1;
                    let _ = writeln!(err, "line {}: {e}", n + 1);
                }
            }
        }
    }
    Ok(tally)
}
