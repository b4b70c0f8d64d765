//! `boserv serve`: rounds ([`super::round`]) for as long as the process
//! lives, each started as soon as the server says mail came.
//!
//! Between rounds the session waits with IDLE, renewed every
//! [`Pace::idle_for`] (8 minutes: providers drop a connection idle for
//! 10 to 29 minutes, some without a word, and RFC 2177 asks for 29 at
//! most); a server without IDLE is polled every [`Pace::poll_every`].
//! A renewal is a round too, so mail whose news was lost is still taken
//! in. Any failure of the connection (the server restarted, the network
//! dropped, a login refused) ends the session; a new one is made after a
//! wait that doubles from [`Pace::first_retry`] up to
//! [`Pace::last_retry`] and starts again at the first success. A message
//! that cannot be taken in now (a busy database) is retried on the same
//! session after the same waits. Nothing is lost to a kill at any
//! moment: the round's order of commit, flag and mark sees to that.

use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::folder::{Folder, FolderError};
use super::round::{self, Round, RoundError};

/// How often and how long `serve` waits.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    pub idle_for: Duration,
    pub poll_every: Duration,
    pub first_retry: Duration,
    pub last_retry: Duration,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            idle_for: Duration::from_secs(8 * 60),
            poll_every: Duration::from_secs(60),
            first_retry: Duration::from_secs(1),
            last_retry: Duration::from_secs(5 * 60),
        }
    }
}

/// What `serve` is given to work with.
pub struct Serve<'a> {
    /// Makes a new session (connects, logs in, selects the folder).
    pub connect: &'a mut dyn FnMut() -> Result<Box<dyn Folder>, FolderError>,
    /// The mailbox's name for its mark.
    pub mailbox: &'a str,
    pub pace: Pace,
    pub now: &'a dyn Fn() -> DateTime<Utc>,
    /// Runs after every round that went through: the computer player's
    /// turns, and the outbox delivered at once.
    pub after_round: &'a mut dyn FnMut(&mut Connection, &Round),
    pub report: &'a mut dyn FnMut(String),
    /// Asked between steps: true ends the loop (tests; the binary runs
    /// until it is stopped).
    pub stop: &'a dyn Fn() -> bool,
    pub sleep: &'a dyn Fn(Duration),
}

/// Takes mail in until `stop` says so.
pub fn serve(conn: &mut Connection, serve: &mut Serve<'_>) {
    let mut retry = serve.pace.first_retry;
    while !(serve.stop)() {
        let mut folder = match (serve.connect)() {
            Ok(folder) => folder,
            Err(e) => {
                (serve.report)(format!("{e}; trying again in {}s", retry.as_secs()));
                (serve.sleep)(retry);
                retry = (retry * 2).min(serve.pace.last_retry);
                continue;
            }
        };
        match session(conn, folder.as_mut(), serve, &mut retry) {
            Ok(()) => return,
            Err(e) => {
                (serve.report)(format!("{e}; connecting again in {}s", retry.as_secs()));
                drop(folder);
                (serve.sleep)(retry);
                retry = (retry * 2).min(serve.pace.last_retry);
            }
        }
    }
}

/// Rounds and waits on one session until it fails (returned) or `stop`.
fn session(
    conn: &mut Connection,
    folder: &mut dyn Folder,
    serve: &mut Serve<'_>,
    retry: &mut Duration,
) -> Result<(), FolderError> {
    loop {
        match round::take_new(folder, conn, serve.mailbox, serve.now, serve.report) {
            Ok(done) => {
                *retry = serve.pace.first_retry;
                (serve.after_round)(conn, &done);
            }
            Err(RoundError::Folder(e)) => return Err(e),
            Err(e) => {
                // The database or the intake, not the connection: the
                // same session tries again after a wait.
                (serve.report)(format!("{e}; trying again in {}s", retry.as_secs()));
                (serve.sleep)(*retry);
                *retry = (*retry * 2).min(serve.pace.last_retry);
                if (serve.stop)() {
                    return Ok(());
                }
                continue;
            }
        }
        if (serve.stop)() {
            return Ok(());
        }
        match folder.wait(serve.pace.idle_for) {
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e),
            None => (serve.sleep)(serve.pace.poll_every),
        }
    }
}
