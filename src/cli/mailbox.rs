//! `boserv fetch` and `boserv serve`: the `mailbox` setting's IMAP folder
//! read into the game database (`boserv::front::mailbox`) and, for
//! `serve` (and `fetch --deliver`), the outbox sent through the
//! `transport` setting. The computer player's turns never hold a round:
//! `fetch` leaves them to a detached worker, as `mail` does (`detach.rs`);
//! `serve` works its queue on a thread of its own, woken after each round
//! and once a minute, which sends what the bot mailed.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::Context;
use chrono::{DateTime, Utc};

use boserv::front::bot_turns as bot;
use boserv::front::handle;
use boserv::front::mailbox::folder::Folder;
use boserv::front::mailbox::round::{self, Round};
use boserv::front::mailbox::session::ImapFolder;
use boserv::front::mailbox::watch::{self, Pace, Serve};
use boserv::mail::config::Config;
use boserv::mail::mailbox_url::MailboxUrl;
use boserv::store;

use super::Cli;
use super::mta;
use super::out::errln;

/// The `mailbox` setting, parsed; an error says how to set it.
fn mailbox(config: &Config) -> anyhow::Result<MailboxUrl> {
    let text = config.get("mailbox").context(
        "no mailbox: boserv config set mailbox 'imaps://USER@HOST/INBOX?password-file=PATH'",
    )?;
    text.parse::<MailboxUrl>()
        .map_err(|e| anyhow::anyhow!("mailbox: {e}"))
}

fn open(cli: &Cli) -> anyhow::Result<rusqlite::Connection> {
    store::open_existing(&cli.db, Duration::from_millis(cli.busy_timeout_ms))
        .with_context(|| format!("cannot open {}", cli.db.display()))
}

/// `boserv fetch`: one round; exits 0 when every new message was taken
/// in, 1 when the round stopped early (the rest waits on the server for
/// the next run; the reason is on stderr).
pub fn fetch(
    cli: &Cli,
    config: &Config,
    deliver: bool,
    transport: Option<String>,
) -> anyhow::Result<ExitCode> {
    let url = mailbox(config)?;
    let mut conn = open(cli)?;
    let fixed = cli.now;
    let now = move || fixed.unwrap_or_else(Utc::now);
    let mut folder = ImapFolder::connect(&url)?;
    let mut report = |line: String| errln!("boserv fetch: {line}");
    let outcome = round::take_new(&mut folder, &mut conn, &url.key(), &now, &mut report);
    folder.logout();
    let code = match &outcome {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            errln!("boserv fetch: {e}");
            ExitCode::from(1)
        }
    };
    let transport = transport.or_else(|| config.get("transport"));
    let deliver = deliver.then(|| transport.as_deref().unwrap_or("sendmail"));
    after(&mut conn, now(), deliver);
    super::detach::after_mail(&conn, &cli.db, deliver);
    Ok(code)
}

/// `boserv serve`: rounds as mail comes, until the process is stopped.
pub fn serve(cli: &Cli, config: &Config, transport: Option<String>) -> anyhow::Result<ExitCode> {
    let url = mailbox(config)?;
    let mut conn = open(cli)?;
    let transport = transport
        .or_else(|| config.get("transport"))
        .unwrap_or_else(|| "sendmail".into());
    let fixed = cli.now;
    let now = move || fixed.unwrap_or_else(Utc::now);
    let key = url.key();
    errln!("boserv serve: reading {key}");
    let mut connect = || -> Result<Box<dyn Folder>, _> {
        ImapFolder::connect(&url).map(|folder| Box::new(folder) as Box<dyn Folder>)
    };
    let (wake, woken) = mpsc::channel();
    let thinker = Thinker {
        db: cli.db.clone(),
        busy_ms: cli.busy_timeout_ms,
        fixed,
        transport: transport.clone(),
    };
    std::thread::Builder::new()
        .name("bot".into())
        .spawn(move || thinker.run(woken))
        .context("cannot start the computer player's thread")?;
    let mut after_round = |conn: &mut rusqlite::Connection, _: &Round| {
        after(conn, now(), Some(&transport));
        // The thread may be gone (its database broke): the queue waits
        // for cron then.
        let _ = wake.send(());
    };
    let mut report = |line: String| errln!("boserv serve: {line}");
    let mut pace = Pace::default();
    if let Some(seconds) = std::env::var("BOSERV_IDLE_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&s| s > 0)
    {
        pace.idle_for = Duration::from_secs(seconds);
        pace.poll_every = pace.idle_for;
    }
    watch::serve(
        &mut conn,
        &mut Serve {
            connect: &mut connect,
            mailbox: &key,
            pace,
            now: &now,
            after_round: &mut after_round,
            report: &mut report,
            stop: &|| false,
            sleep: &std::thread::sleep,
        },
    );
    Ok(ExitCode::SUCCESS)
}

/// After a round: old raw text pruned, and the outbox sent when
/// `transport` is given (a failure is a line on stderr; the mail waits in
/// the outbox).
fn after(conn: &mut rusqlite::Connection, now: DateTime<Utc>, transport: Option<&str>) {
    if let Err(e) = handle::prune(conn, now) {
        errln!("boserv: pruning the inbox: {e}");
    }
    mta::spread_tidings(conn, now);
    if let Some(transport) = transport
        && let Err(e) = mta::deliver(conn, now, transport)
    {
        errln!("boserv: delivery: {e:#}");
    }
}

/// `serve`'s thinking thread: works the computer player's queue on a
/// connection of its own, after each round of mail and once a minute
/// (the turns an hour's spent budget held back), and sends what the bot
/// mailed; mail keeps being taken in meanwhile.
struct Thinker {
    db: PathBuf,
    busy_ms: u64,
    fixed: Option<DateTime<Utc>>,
    transport: String,
}

/// How long the thread waits for a round before looking at the queue
/// again.
const LOOK_EVERY: Duration = Duration::from_secs(60);

impl Thinker {
    fn run(self, woken: Receiver<()>) {
        let mut conn = match store::open_existing(&self.db, Duration::from_millis(self.busy_ms)) {
            Ok(conn) => conn,
            Err(e) => {
                errln!("boserv serve: the computer player's thread stops: {e}");
                return;
            }
        };
        loop {
            let now = self.fixed.unwrap_or_else(Utc::now);
            if mta::bot_turns(&mut conn, now, bot::FROM_CRON) {
                if let Err(e) = mta::deliver(&conn, now, &self.transport) {
                    errln!("boserv serve: delivery: {e:#}");
                }
                // It played: more may wait (a budget of time ran out).
                continue;
            }
            match woken.recv_timeout(LOOK_EVERY) {
                Ok(()) | Err(RecvTimeoutError::Timeout) => {
                    // Rounds that came meanwhile are one look.
                    while woken.try_recv().is_ok() {}
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }
}
