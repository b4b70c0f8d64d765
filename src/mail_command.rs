//! The mail and operator subcommands of the `boserv` binary: `mail`,
//! `run`, `deliver`, `outbox` and `config`. Each calls the library and
//! turns the outcome into output and an exit code.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};

use boserv::command::batch;
use boserv::mail::outbox::{self, Status};
use boserv::mail::raw::RawMail;
use boserv::mail::settings::Settings;
use boserv::mail::transport::{Transport, TransportSpec};
use boserv::mail::{config, handle};
use boserv::store;

use crate::out::{errln, outln};

/// EX_TEMPFAIL: the MTA keeps the mail and tries again later.
pub const TEMPFAIL: u8 = 75;

fn open(db: &Path, busy_ms: u64) -> anyhow::Result<rusqlite::Connection> {
    store::open(db, Duration::from_millis(busy_ms))
        .with_context(|| format!("cannot open {}", db.display()))
}

/// `boserv mail`: exits 0 when the mail was handled (whatever it held),
/// 75 when it could not be taken in now. Never anything else: the MTA
/// must not bounce a player's mail because of boserv.
pub fn take_in(
    mut conn: rusqlite::Connection,
    now: Option<DateTime<Utc>>,
    deliver_after: bool,
    transport: &str,
) -> ExitCode {
    let now = now.unwrap_or_else(Utc::now);
    let limit = match Settings::current() {
        Ok(settings) => settings.storage.max_message_bytes,
        Err(e) => {
            errln!("boserv mail: {e}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    let raw = match RawMail::read(std::io::stdin().lock(), limit) {
        Ok(raw) => raw,
        Err(e) => {
            errln!("boserv mail: cannot read standard input: {e}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    match handle::take_in(&mut conn, &raw, now) {
        Ok(handled) => {
            errln!(
                "boserv mail: {} ({} done, {} refused)",
                handled.disposition.as_str(),
                handled.done,
                handled.refused
            );
        }
        Err(e) => {
            let kind = if e.is_temporary() {
                "try again later"
            } else {
                "not taken in"
            };
            errln!("boserv mail: {kind}: {e}");
            return ExitCode::from(TEMPFAIL);
        }
    }
    // Housekeeping: old raw text goes (the message itself is done).
    if let Err(e) = handle::prune(&conn, now) {
        errln!("boserv mail: pruning the inbox: {e}");
    }
    // The mail is handled; answers not sent wait in the outbox (the
    // reasons go to the MTA's log).
    if deliver_after && let Err(e) = send(&conn, now, transport) {
        errln!("boserv mail: delivery: {e:#}");
    }
    ExitCode::SUCCESS
}

/// `boserv run`: exits 1 when any line was refused.
pub fn run_lines(db: &Path, busy_ms: u64, now: DateTime<Utc>) -> anyhow::Result<()> {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("cannot read standard input")?;
    let mut conn = open(db, busy_ms)?;
    let tally = batch::run_lines(
        &mut conn,
        &input,
        now,
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    )?;
    if tally.refused > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// `boserv deliver`: a summary line on stdout, one line per mail not
/// sent on stderr; exits 1 when any mail was not sent, 2 (by the error)
/// when the transport cannot work at all.
pub fn deliver(
    conn: &rusqlite::Connection,
    now: DateTime<Utc>,
    transport: &str,
) -> anyhow::Result<ExitCode> {
    let all_sent = send(conn, now, transport)?;
    Ok(if all_sent {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Sends what is due; true when nothing failed.
fn send(conn: &rusqlite::Connection, now: DateTime<Utc>, transport: &str) -> anyhow::Result<bool> {
    let spec: TransportSpec = transport.parse()?;
    let transport = Transport::open(&spec)?;
    let due = outbox::list(conn, Status::Pending)?
        .iter()
        .any(|mail| mail.next_attempt_at <= now);
    // A transport that cannot work at all is one error, not a failure per
    // mail; the mails stay as they were.
    if due {
        Transport::check(&spec, &transport)?;
    }
    let settings = Settings::current()?;
    let delivery = outbox::deliver(conn, &transport, &settings.identity, now)?;
    for problem in &delivery.problems {
        errln!("boserv deliver: {problem}");
    }
    outln!(
        "sent {}, deferred {}, failed {}",
        delivery.sent,
        delivery.deferred,
        delivery.failed
    );
    Ok(delivery.problems.is_empty())
}

/// `boserv outbox`: one line per waiting or failed mail, with the last
/// error of each that has been tried.
pub fn outbox(conn: &rusqlite::Connection) -> anyhow::Result<()> {
    for status in [Status::Pending, Status::Failed] {
        for mail in outbox::list(conn, status)? {
            let state = match (status, mail.last_error.as_deref()) {
                (Status::Pending, None) => format!(
                    "pending, next try {}",
                    mail.next_attempt_at.format("%Y-%m-%d %H:%M")
                ),
                (Status::Pending, Some(error)) => format!(
                    "pending, next try {}, last error: {error}",
                    mail.next_attempt_at.format("%Y-%m-%d %H:%M")
                ),
                (_, error) => format!("failed: {}", error.unwrap_or("?")),
            };
            outln!(
                "{:>5} {} to {}: {} ({state}, {} attempts)",
                mail.id,
                mail.created_at.format("%Y-%m-%d %H:%M"),
                mail.draft.to.join(", "),
                mail.draft.subject,
                mail.attempts
            );
        }
    }
    Ok(())
}

/// `boserv config set NAME VALUE`: checked, then stored (creating the
/// database: setting up a server may be the first thing done with it).
pub fn config_set(db: &Path, busy_ms: u64, name: &str, value: &str) -> anyhow::Result<()> {
    let setting = config::check(name, value)?;
    let conn = open(db, busy_ms)?;
    store::settings::set(&conn, setting.name, value.trim())?;
    outln!("{} = {}", setting.name, value.trim());
    if std::env::var_os(setting.env).is_some() {
        errln!(
            "boserv: note: {} is set in this environment and overrides the stored value",
            setting.env
        );
    }
    Ok(())
}

/// `boserv config unset NAME`.
pub fn config_unset(conn: &rusqlite::Connection, name: &str) -> anyhow::Result<()> {
    let setting = config::find(name)?;
    if store::settings::unset(conn, setting.name)? {
        outln!("{} unset", setting.name);
    } else {
        outln!("{} was not set", setting.name);
    }
    Ok(())
}
