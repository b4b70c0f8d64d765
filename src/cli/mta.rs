//! The mail and operator subcommands of the `boserv` binary: `mail`,
//! `run`, `deliver`, `outbox` and `config`. Each calls the library and
//! turns the outcome into output and an exit code.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, Utc};

use boserv::front::batch;
use boserv::front::bot_turns as bot;
use boserv::front::{drain, handle};
use boserv::mail::admission;
use boserv::mail::config;
use boserv::mail::outbox::{self, Status};
use boserv::mail::raw::RawMail;
use boserv::mail::settings::{Settings, Storage};
use boserv::mail::spool::{self, DrainLock, Spool};
use boserv::mail::transport::{Transport, TransportSpec};
use boserv::store;

use super::out::{errln, outln};

/// EX_TEMPFAIL: the MTA keeps the mail and tries again later.
pub const TEMPFAIL: u8 = 75;

fn open(db: &Path, busy_ms: u64) -> anyhow::Result<rusqlite::Connection> {
    store::open(db, Duration::from_millis(busy_ms))
        .with_context(|| format!("cannot open {}", db.display()))
}

/// What `boserv mail` needs of the game database, opened only when a
/// message is taken in (not when it is spooled): the connection, with
/// the settings installed, and the transport setting.
pub type OpenGames<'a> = &'a dyn Fn() -> anyhow::Result<(rusqlite::Connection, Option<String>)>;

/// How long one process takes spooled messages in before it leaves the
/// rest to the next (an MTA limits how long its command may run).
const DRAIN_FOR: Duration = Duration::from_secs(60);

/// One `boserv mail` run.
pub struct MailRun<'a> {
    pub db: &'a Path,
    pub busy: Duration,
    pub now: DateTime<Utc>,
    pub deliver: bool,
    /// `--transport`, over the setting.
    pub transport: Option<String>,
    pub open: OpenGames<'a>,
}

/// `boserv mail`: exits 0 when the mail was handled (whatever it held)
/// or spooled durably, 75 when it could not be taken in now. Never
/// anything else: the MTA must not bounce a player's mail because of
/// boserv.
///
/// A message without a password goes through the spool (mail/spool.rs):
/// with the drain lock free this process takes the spooled messages and
/// its own in, then any spooled meanwhile; with the lock held it spools
/// the message and exits, and the holder takes it in. A message with a
/// password, or any message when the spool cannot be used, is taken in
/// here on its own (its argon2 check in parallel with the others).
pub fn take_mail(run: &MailRun<'_>) -> ExitCode {
    // `mail` never creates the game database: a message that came while
    // it is missing (moved, not yet restored, a mistyped --db) waits at the
    // MTA, which retries, and is taken in once the database is back. An
    // empty database made here would answer "login refused" and lose it.
    if let Err(e) = store::check_existing(run.db) {
        errln!("boserv mail: try again later: {e}");
        return ExitCode::from(TEMPFAIL);
    }
    let spool = match Spool::open(run.db, run.busy) {
        Ok(spool) => Some(spool),
        Err(e) => {
            errln!("boserv mail: the spool cannot be used ({e}); taking the mail in directly");
            None
        }
    };
    // The size limit as the game database has it (noted in the spool),
    // under the environment's: the game database is not opened to spool.
    let noted = spool
        .as_ref()
        .and_then(|s| s.message_limit().ok().flatten());
    let stored = noted.map(|value| (spool::LIMIT_SETTING.to_string(), value));
    let limit = config::Config::new(stored.into_iter().collect()).get(spool::LIMIT_SETTING);
    let limit = match Storage::from_values(limit.as_deref(), None) {
        Ok(storage) => storage.max_message_bytes,
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
    let spooled = spool
        .as_ref()
        .and_then(|spool| handle::for_spool(&raw, limit, run.now).map(|m| (spool, m)));
    let Some((spool, message)) = spooled else {
        return alone(run, &raw, spool.as_ref());
    };
    if let Some(lock) = DrainLock::try_take(run.db) {
        return work_spool(run, spool, lock, Some(&raw));
    }
    if let Err(e) = spool.put(&message) {
        errln!("boserv mail: try again later: {e}");
        return ExitCode::from(TEMPFAIL);
    }
    errln!("boserv mail: spooled (another boserv mail is taking mail in)");
    // The holder may have let go since: then nobody else would look.
    if let Some(lock) = DrainLock::try_take(run.db) {
        work_spool(run, spool, lock, None);
    }
    ExitCode::SUCCESS
}

/// A message taken in by this process alone (admission.rs: one process
/// per core at a time). Should mail wait in the spool (left by a drain
/// that stopped or was killed) and the drain lock be free, it arrived
/// earlier: it is taken in first.
fn alone(run: &MailRun<'_>, raw: &RawMail, spool: Option<&Spool>) -> ExitCode {
    // Held until the process exits (mail/admission.rs).
    let _slot = match admission::take(run.db, admission::per_core(), run.busy) {
        Ok(slot) => slot,
        Err(e) => {
            errln!("boserv mail: try again later: {e}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    if let Some(spool) = spool.filter(|spool| spool.after(0).unwrap_or(false))
        && let Some(lock) = DrainLock::try_take(run.db)
    {
        return work_spool(run, spool, lock, Some(raw));
    }
    let (mut conn, transport) = match (run.open)() {
        Ok(opened) => opened,
        Err(e) => {
            errln!("boserv mail: {e:#}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    let code = take_one(&mut conn, raw, run.now);
    after(run, &mut conn, transport);
    code
}

/// With the drain lock: the spooled messages, then `own` (this
/// process's message, not spooled), then those spooled meanwhile, then,
/// the lock let go, any spooled since. The exit code is `own`'s.
fn work_spool(
    run: &MailRun<'_>,
    spool: &Spool,
    lock: DrainLock,
    own: Option<&RawMail>,
) -> ExitCode {
    let (mut conn, transport) = match (run.open)() {
        Ok(opened) => opened,
        Err(e) => {
            errln!("boserv mail: {e:#}");
            return ExitCode::from(TEMPFAIL);
        }
    };
    let code = match drain_spool(run.db, spool, &mut conn, lock, own, run.now) {
        Ok(code) => code,
        Err(e) => {
            errln!("boserv mail: try again later: the spool: {e}");
            ExitCode::from(TEMPFAIL)
        }
    };
    after(run, &mut conn, transport);
    code
}

/// Takes the spooled messages in while this process holds the drain lock,
/// with `own` taken in after those already waiting; having let go of the
/// lock, looks again. Returns `own`'s exit code.
fn drain_spool(
    db: &Path,
    spool: &Spool,
    conn: &mut rusqlite::Connection,
    lock: DrainLock,
    own: Option<&RawMail>,
    now: DateTime<Utc>,
) -> Result<ExitCode, store::StoreError> {
    let until = Instant::now() + DRAIN_FOR;
    let mut code = ExitCode::SUCCESS;
    let mut lock = Some(lock);
    let mut own = own;
    let mut after = 0;
    spool.lightly()?;
    let stored = store::settings::all(conn)?;
    spool.note_limit(stored.get(spool::LIMIT_SETTING).map(String::as_str))?;
    while let Some(held) = lock.take() {
        let mut report = |line: String| errln!("boserv: {line}");
        let stopped = drain::drain(spool, conn, &mut after, until, &mut report)?;
        if let Some(raw) = own.take() {
            code = if stopped.is_some() {
                errln!("boserv mail: try again later: the spool could not be taken in");
                ExitCode::from(TEMPFAIL)
            } else {
                let code = take_one(conn, raw, now);
                // This process's mail is taken in whatever happens next:
                // its exit code stands.
                if let Err(e) = drain::drain(spool, conn, &mut after, until, &mut report) {
                    errln!("boserv mail: the spool: {e}");
                    return Ok(code);
                }
                code
            };
        }
        drop(held);
        if stopped.is_some() || Instant::now() >= until || !spool.after(after)? {
            break;
        }
        lock = DrainLock::try_take(db);
    }
    Ok(code)
}

/// `boserv spool`, and `boserv deliver` and `remind` first: takes in the
/// mail left in the spool (a drain stopped by a busy database, a process
/// killed while it drained), unless another process is at it after
/// `wait`. Returns how many messages still wait: set aside, or not taken
/// in (one line each on stderr).
pub fn drain_left(
    db: &Path,
    conn: &mut rusqlite::Connection,
    busy_ms: u64,
    wait: Duration,
    now: DateTime<Utc>,
) -> anyhow::Result<i64> {
    if !spool::beside(db, ".spool").exists() {
        return Ok(0);
    }
    let Some(lock) = DrainLock::take_within(db, wait) else {
        errln!("boserv: another process is taking the spool in");
        return Ok(0);
    };
    let spool = Spool::open(db, Duration::from_millis(busy_ms))?;
    drain_spool(db, &spool, conn, lock, None, now)?;
    let set_aside = spool.set_aside()?;
    for (id, received) in &set_aside {
        errln!(
            "boserv: spooled mail {id} (received {received}) failed {} times and is \
             set aside: see README, The spool",
            spool::MAX_TRIES
        );
    }
    let waiting = spool.waiting()?;
    if waiting > set_aside.len() as i64 {
        errln!(
            "boserv: {} spooled mail(s) not taken in (see the lines above)",
            waiting - set_aside.len() as i64
        );
    }
    Ok(waiting)
}

/// Takes in one message; 0 or 75.
fn take_one(conn: &mut rusqlite::Connection, raw: &RawMail, now: DateTime<Utc>) -> ExitCode {
    match handle::take_in(conn, raw, now) {
        Ok(handled) => {
            errln!(
                "boserv mail: {} ({} done, {} refused)",
                handled.disposition.as_str(),
                handled.done,
                handled.refused
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            let kind = if e.is_temporary() {
                "try again later"
            } else {
                "not taken in"
            };
            errln!("boserv mail: {kind}: {e}");
            ExitCode::from(TEMPFAIL)
        }
    }
}

/// Housekeeping after mail was taken in: old raw text goes, with
/// `--deliver` the outbox is sent (answers not sent wait in the outbox;
/// the reasons go to the MTA's log), and then, when the mail handed the
/// computer player a turn, a detached worker is started to play it
/// (`detach.rs`): this process never thinks for it.
fn after(run: &MailRun<'_>, conn: &mut rusqlite::Connection, transport: Option<String>) {
    if let Err(e) = handle::prune(conn, run.now) {
        errln!("boserv mail: pruning the inbox: {e}");
    }
    let transport = run.transport.clone().or(transport);
    let transport = transport.as_deref().unwrap_or("sendmail");
    if run.deliver
        && let Err(e) = send(conn, run.now, transport)
    {
        errln!("boserv mail: delivery: {e:#}");
    }
    super::detach::after_mail(conn, run.db, run.deliver.then_some(transport));
}

/// Works the computer player's queue (front/bot_turns/queue.rs), starting no
/// turn after `budget`; what goes wrong is one line on stderr each (the
/// turn waits for the next worker). True when it played a turn.
pub fn bot_turns(conn: &mut rusqlite::Connection, now: DateTime<Utc>, budget: Duration) -> bool {
    report_bot_turns(bot::work(conn, &boserv::rules::VARIANTS, now, budget))
        .is_some_and(|summary| !summary.played.is_empty())
}

/// One line on stderr per problem of a round of the bot's turns.
fn report_bot_turns(
    round: Result<bot::Summary, boserv::service::ServiceError>,
) -> Option<bot::Summary> {
    match round {
        Ok(summary) => {
            for problem in &summary.problems {
                errln!("boserv: the computer player: {problem}");
            }
            if summary.spent {
                errln!(
                    "boserv: the computer player: this hour's `bot-cpu-per-hour` is spent; \
                     {} game(s) wait for the next hour",
                    summary.left
                );
            } else if summary.left > 0 {
                errln!(
                    "boserv: the computer player: {} game(s) left for the next run",
                    summary.left
                );
            }
            Some(summary)
        }
        Err(e) => {
            errln!("boserv: the computer player: {e}");
            None
        }
    }
}

/// `boserv bot-turns`: works the computer player's queue for up to
/// `bot::FROM_CRON`, then with `send_by` sends what it mailed (the
/// detached worker a mail starts; an operator may run it too). One line
/// on stdout: `bot-turns: P played, R found played, L left` (and `,
/// another worker thinks` when one did).
pub fn bot_turns_command(
    db: &Path,
    busy_ms: u64,
    now: DateTime<Utc>,
    send_by: Option<&str>,
) -> anyhow::Result<ExitCode> {
    let mut conn = store::open_existing(db, Duration::from_millis(busy_ms))
        .with_context(|| format!("cannot open {}", db.display()))?;
    let round = bot::work(&mut conn, &boserv::rules::VARIANTS, now, bot::FROM_CRON);
    let Some(summary) = report_bot_turns(round) else {
        return Ok(ExitCode::from(1));
    };
    outln!(
        "bot-turns: {} played, {} found played, {} left{}",
        summary.played.len(),
        summary.raced,
        summary.left,
        if summary.busy {
            ", another worker thinks"
        } else {
            ""
        }
    );
    match send_by {
        Some(transport) if !summary.played.is_empty() => deliver(&conn, now, transport),
        _ => Ok(ExitCode::SUCCESS),
    }
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
    bot_turns(&mut conn, now, bot::IN_PROCESS);
    if tally.refused > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// The letters of vacations and signoffs still to be written
/// (src/service/accounts/tidings.rs), before the outbox is sent: by
/// `deliver` and the mailbox's rounds, never by the mail that made the
/// news (its cost stays its own). A failure is one line on stderr; the
/// tidings wait for the next run.
pub fn spread_tidings(conn: &mut rusqlite::Connection, now: DateTime<Utc>) {
    if let Err(e) = boserv::service::accounts::tidings::spread(conn, now) {
        errln!("boserv: vacation and signoff letters: {e}");
    }
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
    let due = outbox::any_due(conn, now)?;
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
        for mail in outbox::listing(conn, status)? {
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
    note_in_spool(db, busy_ms, setting.name, Some(value.trim()))?;
    outln!("{} = {}", setting.name, value.trim());
    if setting.name == "variants-file" {
        say_operator_games(value.trim())?;
    }
    if std::env::var_os(setting.env).is_some() {
        errln!(
            "boserv: note: {} is set in this environment and overrides the stored value",
            setting.env
        );
    }
    Ok(())
}

/// What an operator's variants file offers: its games, and each section
/// refused with its one-line reason (the others are offered).
fn say_operator_games(path: &str) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let games = boserv::rules::defined::read_operator_file(&text);
    let names: Vec<&str> = games.games().iter().map(|g| g.name).collect();
    outln!(
        "{path}: {} game{} offered: {}",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(" ")
        }
    );
    for refusal in games.refused() {
        outln!("refused {refusal}");
    }
    Ok(())
}

/// `boserv config unset NAME`.
pub fn config_unset(
    db: &Path,
    conn: &rusqlite::Connection,
    busy_ms: u64,
    name: &str,
) -> anyhow::Result<()> {
    let setting = config::find(name)?;
    note_in_spool(db, busy_ms, setting.name, None)?;
    if store::settings::unset(conn, setting.name)? {
        outln!("{} unset", setting.name);
    } else {
        outln!("{} was not set", setting.name);
    }
    Ok(())
}

/// The size limit is read from the spool by a process that only spools
/// (mail/spool.rs): a change of it is noted there at once.
fn note_in_spool(db: &Path, busy_ms: u64, name: &str, value: Option<&str>) -> anyhow::Result<()> {
    if name != spool::LIMIT_SETTING || !spool::beside(db, ".spool").exists() {
        return Ok(());
    }
    Spool::open(db, Duration::from_millis(busy_ms))?.note_limit(value)?;
    Ok(())
}
