//! The computer player's worker after a mail (issue 47): `mail` and
//! `fetch`, once the mail's commands have committed and their answers are
//! out, start `boserv bot-turns` as a detached process when the bot's
//! queue holds a turn, and exit. The MTA's delivery of the mail is never
//! held by the search, and the bot still answers within seconds when the
//! server is idle.
//!
//! Detached: its own process group (a signal to the MTA's command does
//! not reach it), no standard input or output (the MTA waits for nothing
//! of it). What goes wrong in it stays in the queue (a game set aside with
//! its problem, a claim that dies with the process) for `deliver` and
//! `remind` to report and play. With the `bot-after-mail queue` setting
//! no worker is started: `serve`, `deliver` and `remind` work the queue.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

use boserv::front::bot_turns as bot;
use boserv::mail::config::Config;
use boserv::store;

use super::out::errln;

/// Starts the detached worker when a turn waits and the setting wants it;
/// `deliver` is the transport it sends the bot's mails through, if any.
pub fn after_mail(conn: &rusqlite::Connection, db: &Path, deliver: Option<&str>) {
    let wanted = store::settings::all(conn)
        .map(|stored| Config::new(stored).get("bot-after-mail").as_deref() != Some("queue"));
    match (wanted, bot::queue::ready(conn)) {
        (Ok(true), Ok(true)) => {}
        (Ok(_), Ok(_)) => return,
        (Err(e), _) => return errln!("boserv: the computer player's queue: {e}"),
        (_, Err(e)) => return errln!("boserv: the computer player's queue: {e}"),
    }
    if let Err(e) = start(db, deliver) {
        errln!("boserv: cannot start the computer player's worker ({e}); cron plays its turns");
    }
}

fn start(db: &Path, deliver: Option<&str>) -> std::io::Result<()> {
    let mut worker = Command::new(std::env::current_exe()?);
    worker.arg("--db").arg(db).arg("bot-turns");
    if let Some(transport) = deliver {
        worker.args(["--deliver", "--transport", transport]);
    }
    worker
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map(drop)
}
