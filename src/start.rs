//! The process's entry point: the C `main`, without std's runtime start-up.
//!
//! Every command is a process of two or three milliseconds, and std's
//! `lang_start`, which runs before a Rust `main`, cost a move 0.1 M of its
//! 4.3 M instructions and a dozen system calls for one thing boserv never
//! uses: the stack overflow handler. It asks glibc where the main thread's
//! stack ends (`pthread_getattr_np`, which opens `/proc/self/maps` and
//! reads it line by line with `sscanf`), then maps an alternate signal
//! stack with a guard page and installs SIGSEGV and SIGBUS handlers, only
//! to print "has overflowed its stack" before aborting.
//!
//! So the binary defines the C `main` itself (`#![no_main]` in main.rs)
//! and does what the rest of std's start-up and exit did that matters:
//! - file descriptors 0, 1 and 2 are opened on `/dev/null` when closed, so
//!   that a file opened later (the database, a spool) never becomes a
//!   process's standard output or error;
//! - SIGPIPE is ignored, so a write to a closed pipe is an error (EPIPE)
//!   that the command reports, as under std's start-up;
//! - a panic that leaves `main` exits 101, as std's did;
//! - `std::process::exit` flushes standard output, as std's exit did.
//!
//! The arguments need nothing: on Linux with glibc std takes argc and argv
//! from `.init_array`, before any `main`, so `std::env::args` is unchanged.
//! What is lost: a stack overflow still ends the process at the guard page
//! below the stack, but by SIGSEGV, without the message; and a panic's
//! message names the thread `<unnamed>` rather than `main`.

// The binary's unit tests run under the test harness's `main`.
#![cfg_attr(test, allow(dead_code))]

use std::process::ExitCode;

/// Runs `main` as the whole process: the set-up above, then `main`, then
/// exit with its code (101 if it panicked).
pub fn run(main: fn() -> ExitCode) -> ! {
    open_standard_fds();
    // SAFETY: setting a signal's disposition to "ignore" before any other
    // thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let code = match std::panic::catch_unwind(main) {
        Ok(code) => exit_status(code),
        Err(_) => 101,
    };
    std::process::exit(code)
}

/// The number an [`ExitCode`] stands for (std keeps it private; every code
/// boserv makes is `ExitCode::from(u8)`, SUCCESS and FAILURE included).
fn exit_status(code: ExitCode) -> i32 {
    (0..=u8::MAX)
        .find(|&n| ExitCode::from(n) == code)
        .map_or(1, i32::from)
}

/// Opens `/dev/null` on each of fds 0, 1 and 2 that is closed (std's
/// start-up does the same): `open` takes the lowest free descriptor.
fn open_standard_fds() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `fds` is three valid pollfd records; a zero timeout.
    let polled = loop {
        match unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } {
            -1 if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
            n => break n,
        }
    };
    for pfd in fds {
        let closed = if polled == -1 {
            // poll refused (a resource limit): ask each descriptor.
            // SAFETY: F_GETFD on a number only reads its flags.
            unsafe { libc::fcntl(pfd.fd, libc::F_GETFD) == -1 }
        } else {
            pfd.revents & libc::POLLNVAL != 0
        };
        // SAFETY: a constant NUL-terminated path; the descriptor is kept
        // open for the process's life on purpose.
        if closed && unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) } == -1 {
            std::process::abort();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_keep_their_numbers() {
        assert_eq!(exit_status(ExitCode::SUCCESS), 0);
        assert_eq!(exit_status(ExitCode::FAILURE), 1);
        for n in [2u8, 75, 101, 255] {
            assert_eq!(exit_status(ExitCode::from(n)), i32::from(n));
        }
    }
}
