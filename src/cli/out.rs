//! Writing the answer without dying when nobody reads it.
//!
//! `boserv help chess | head -1` closes the pipe after one line; Rust's
//! `println!` then panics (exit 101), even after a move was committed. The
//! front end writes through [`stdout`] and [`stderr`] instead: once a
//! stream is closed (or fails), later writes to it are dropped quietly and
//! the process ends with the exit code its command earned.

use std::fmt::Arguments;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_GONE: AtomicBool = AtomicBool::new(false);
static STDERR_GONE: AtomicBool = AtomicBool::new(false);

/// One line on standard output.
pub fn stdout(line: Arguments<'_>) {
    write_line(&mut std::io::stdout().lock(), &STDOUT_GONE, line);
}

/// One line on standard error.
pub fn stderr(line: Arguments<'_>) {
    write_line(&mut std::io::stderr().lock(), &STDERR_GONE, line);
}

fn write_line(stream: &mut dyn Write, gone: &AtomicBool, line: Arguments<'_>) {
    if gone.load(Ordering::Relaxed) {
        return;
    }
    let written = stream
        .write_fmt(line)
        .and_then(|()| stream.write_all(b"\n"))
        .and_then(|()| stream.flush());
    if written.is_err() {
        gone.store(true, Ordering::Relaxed);
    }
}

/// `println!` that stops quietly when standard output is closed.
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::out::stdout(format_args!($($arg)*)) };
}

/// `eprintln!` that stops quietly when standard error is closed.
macro_rules! errln {
    ($($arg:tt)*) => { $crate::cli::out::stderr(format_args!($($arg)*)) };
}

pub(crate) use {errln, outln};
