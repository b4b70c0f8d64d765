//! The process's edge: argv in, one library call, text out, an exit code.
//!
//! Everything between the operating system and the library lives in this
//! folder: argument parsing (clap, one reader of every line), the shell's commands
//! (`shell.rs`), the MTA's and cron's (`mta.rs`), the web pages after a
//! command (`publish.rs`), output that survives a closed pipe (`out.rs`),
//! which database and settings a run uses (`system_config.rs`) and the
//! process's allocator (`huge_pages.rs`). `main.rs` only
//! calls [`main`].
//!
//! Every error is one line on stderr starting `boserv: `. Exit codes:
//!   0  done
//!   1  refused: the command was judged and said no; nothing changed
//!   2  not judged: a usage error (a bad flag, no `--as`, no database at
//!      the path), the server's setup (a setting, a template), or the
//!      database could not be used (busy, damaged)
//! `mail` has its own (0 or 75, for the MTA), and `deliver` exits 1 when a
//! mail could not be sent this time.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use chrono::{DateTime, Utc};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use boserv::command::{GameId, World, verbs};

mod detach;
mod huge_pages;
mod mailbox;
mod mta;
mod out;
mod publish;
mod shell;
mod system_config;

use out::errln;
use shell::{Failure, install_settings, open_for_verb, run, stored_settings, take_mail};
use system_config::SystemConfig;

/// A play-by-mail server for chess variants.
#[derive(Parser)]
#[command(name = "boserv", version, disable_help_subcommand = true)]
struct Cli {
    /// The database (default: the one /etc/boserv/boserv.conf names, or
    /// ./boserv.db).
    #[arg(long = "db", env = "BOSERV_DB", value_name = "PATH", global = true)]
    db_named: Option<PathBuf>,
    /// The database this run uses (system_config::resolve).
    #[arg(skip)]
    db: PathBuf,
    /// The acting player (shell access is trusted: no password).
    #[arg(long = "as", env = "BOSERV_USER", value_name = "USERID", global = true)]
    user: Option<String>,
    /// A fixed clock (RFC 3339), for tests and replays.
    #[arg(long, env = "BOSERV_NOW", value_name = "RFC3339", global = true, value_parser = parse_now)]
    now: Option<DateTime<Utc>>,
    /// How long to wait for another writer before giving up.
    #[arg(
        long,
        env = "BOSERV_BUSY_TIMEOUT_MS",
        default_value_t = 5000,
        global = true,
        hide = true
    )]
    busy_timeout_ms: u64,
    /// A directory of mail templates that replace the built-in ones.
    #[arg(long, env = "BOSERV_TEMPLATES", value_name = "DIR", global = true)]
    templates: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// A command of the game language (`boserv help commands` lists them:
    /// signup, challenge, move, show, games, draw, resign, ...), read
    /// from the one verb table that mail reads too.
    #[command(external_subcommand)]
    Verb(Vec<String>),
    /// Every legal turn after the given turns, one per line, sorted; or,
    /// given a game, the turns its player to move may make now.
    Moves {
        /// A variant, or a game (game7 or 7) in progress.
        #[arg(value_name = "VARIANT|GAME")]
        variant: String,
        #[arg(long = "opt", value_name = "NAME[=VALUE]")]
        opts: Vec<String>,
        /// Start from this position text instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// The dice of the turn to list (dice games): A,B.
        #[arg(long, value_name = "A,B")]
        roll: Option<String>,
        turns: Vec<String>,
    },
    /// Count the leaf nodes of the move tree DEPTH plies deep.
    Perft {
        variant: String,
        depth: u32,
        #[arg(long = "opt", value_name = "NAME[=VALUE]")]
        opts: Vec<String>,
        #[arg(long)]
        fen: Option<String>,
        turns: Vec<String>,
    },
    /// The computer player's turn after TURN... (or in --fen's position):
    /// its canonical text on the last line; its score, depth, positions
    /// searched and time on stderr.
    BotMove {
        variant: String,
        #[arg(long = "opt", value_name = "NAME[=VALUE]")]
        opts: Vec<String>,
        /// Start from this position text instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// The dice of the bot's turn (dice games): A,B.
        #[arg(long, value_name = "A,B")]
        roll: Option<String>,
        /// 1 (weakest) to 5.
        #[arg(long, default_value_t = boserv::bot::DEFAULT_LEVEL)]
        level: u8,
        /// Decides between equal turns: the same seed, the same turn.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// With a finished game (gameN) in place of VARIANT: its position
        /// after this many moves (default: all).
        #[arg(long)]
        at: Option<u32>,
        turns: Vec<String>,
    },
    /// Check a game record turn by turn; prints the final board and result.
    Replay {
        variant: String,
        /// The record (`-` or nothing: standard input).
        file: Option<PathBuf>,
    },
    /// A scripted game of chess through the real command path.
    Demo,
    /// Reminders and time forfeits, for cron: safe to run at any frequency.
    Remind,
    /// Run pbmserv command lines from standard input (passwords checked).
    Run,
    /// Take in one mail (RFC 5322) from standard input; for the MTA.
    /// Exits 0 when the mail was handled, 75 to ask the MTA to retry.
    Mail {
        /// Send the outbox afterwards.
        #[arg(long)]
        deliver: bool,
        /// How mail leaves (with --deliver; default: the `transport`
        /// setting).
        #[arg(long)]
        transport: Option<String>,
    },
    /// Send the mails waiting in the outbox; each one not sent is a line
    /// with its reason.
    Deliver {
        /// sendmail[:PATH], smtp://HOST:PORT, smtps://HOST[:PORT],
        /// smtp+starttls://HOST[:PORT] (user:pass@ allowed) or file:DIR.
        /// Default: the `transport` setting (`boserv config`).
        #[arg(long)]
        transport: Option<String>,
    },
    /// Play the computer player's turns waiting in its queue (for up to
    /// 30 s), one worker at a time; `mail` and `fetch` start it detached
    /// after a mail hands it a turn.
    BotTurns {
        /// Send the outbox afterwards, when a turn was played.
        #[arg(long)]
        deliver: bool,
        /// How mail leaves (with --deliver; default: the `transport`
        /// setting).
        #[arg(long)]
        transport: Option<String>,
    },
    /// Take in the new mail of the `mailbox` setting's IMAP folder, once
    /// (for cron); exits 1 when some could not be taken in now.
    Fetch {
        /// Send the outbox afterwards.
        #[arg(long)]
        deliver: bool,
        /// How mail leaves (with --deliver; default: the `transport`
        /// setting).
        #[arg(long)]
        transport: Option<String>,
    },
    /// Take in the `mailbox` setting's mail as it comes (IMAP IDLE) and
    /// send the outbox after each; runs until stopped.
    Serve {
        /// How mail leaves (default: the `transport` setting).
        #[arg(long)]
        transport: Option<String>,
    },
    /// List the mails waiting in the outbox, and those that failed, with
    /// the last error of each.
    Outbox,
    /// Take in the mail left waiting in the spool (`deliver` does this
    /// first too); exits 1 when some still waits, each named on stderr.
    Spool,
    /// A consistent snapshot of the database (and of the spool, to
    /// PATH.spool), taken while the server runs; for a nightly cron line.
    Backup {
        /// The new file (it must not exist).
        path: PathBuf,
    },
    /// Write every web page anew into the `web_dir` setting's directory
    /// (index, games, players); commands keep them current afterwards.
    Publish,
    /// Server settings kept in the database (sender, transport,
    /// templates); environment variables override them.
    Config {
        #[command(subcommand)]
        action: Option<ConfigCmd>,
    },
}

#[derive(Subcommand)]
enum ConfigCmd {
    /// Every setting, its value and where the value comes from.
    Show,
    /// Store a setting (checked first): `config set from "Chess <chess@example.net>"`.
    Set { name: String, value: String },
    /// Forget a stored setting (its default applies again).
    Unset { name: String },
}

/// `--now`: an RFC 3339 time, with an example when it is not one.
fn parse_now(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| format!("not an RFC 3339 time: {text} (write e.g. 2026-03-01T12:00:00Z)"))
}

/// The command: argv in, one library call, text out, an exit code.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let parsed = parse_with_clap(&args);
    let cli = match parsed.map(|cli| take_trailing_globals(cli).and_then(choose_database)) {
        Ok(Ok(cli)) => cli,
        Ok(Err(e)) => {
            errln!("boserv: {e}");
            return ExitCode::from(2);
        }
        // --help and --version print as clap writes them.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            errln!("boserv: {}", usage_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    if let Cmd::Mail { deliver, transport } = &cli.cmd {
        return take_mail(&cli, *deliver, transport.clone());
    }
    // A verb's one connection, when the database is there: the settings
    // are read on it too (shell::open_for_verb).
    let conn = match &cli.cmd {
        Cmd::Verb(_) if uses_database(&cli.cmd) => open_for_verb(&cli),
        _ => None,
    };
    let stored = match &conn {
        Some(conn) => shell::settings_of(&cli, conn),
        None => stored_settings(&cli),
    };
    let config = match stored.and_then(|stored| install_settings(&cli, stored)) {
        Ok(config) => config,
        Err(e) => {
            errln!("boserv: {e:#}");
            return ExitCode::from(2);
        }
    };
    match run(cli, &config, conn) {
        Ok(code) => code,
        Err(Failure::Service(e)) => {
            errln!("boserv: {e}");
            ExitCode::from(e.exit_code())
        }
        Err(Failure::Broken(e)) => {
            errln!("boserv: {e:#}");
            ExitCode::from(2)
        }
        Err(Failure::Usage(e)) => {
            errln!("boserv: {e}");
            ExitCode::from(2)
        }
    }
}

/// The command line read by clap.
fn parse_with_clap(args: &[OsString]) -> Result<Cli, clap::Error> {
    // The verb list ends `--help` only: building it for every command
    // cost more than parsing the command.
    let mut command = Cli::command();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        command = command.after_help(verb_list());
    }
    let argv = std::iter::once(OsString::from("boserv")).chain(args.iter().cloned());
    command
        .try_get_matches_from(argv)
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m))
}

/// `boserv --help`'s list of the game language's verbs (the table's).
fn verb_list() -> String {
    let mut out = String::from("Commands of the game language (boserv help VERB for one):\n");
    for verb in verbs::VERBS.iter().filter(|v| v.is_in(World::Shell)) {
        out.push_str(&format!("  {}\n", verb.usage(World::Shell)));
    }
    out
}

/// Global options written after a verb (`boserv move game1 e2-e4 --as
/// alice`): clap hands the verb's words over unread, so they are taken
/// out here, before `--` only.
fn take_trailing_globals(mut cli: Cli) -> Result<Cli, String> {
    let Cmd::Verb(words) = &mut cli.cmd else {
        return Ok(cli);
    };
    let mut kept = Vec::new();
    let mut iter = std::mem::take(words).into_iter();
    while let Some(word) = iter.next() {
        if word == "--" {
            kept.extend(iter.by_ref());
            break;
        }
        let (flag, inline) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (word.clone(), None),
        };
        if !matches!(flag.as_str(), "--as" | "--db" | "--now" | "--templates") {
            kept.push(word);
            continue;
        }
        let value = match inline.or_else(|| iter.next()) {
            Some(value) => value,
            None => return Err(format!("{flag} needs a value (see `boserv help`)")),
        };
        match flag.as_str() {
            "--as" => cli.user = Some(value),
            "--db" => cli.db_named = Some(PathBuf::from(value)),
            "--now" => cli.now = Some(parse_now(&value)?),
            _ => cli.templates = Some(PathBuf::from(value)),
        }
    }
    cli.cmd = Cmd::Verb(kept);
    Ok(cli)
}

/// Which database this run uses (`--db`, `BOSERV_DB`, the system
/// configuration file, `./boserv.db`); a run that touches another
/// database than the configured one says so on stderr.
fn choose_database(mut cli: Cli) -> Result<Cli, String> {
    let env = std::env::var("BOSERV_CONFIG").ok();
    let config = SystemConfig::find(env.as_deref()).map_err(|e| e.to_string())?;
    let chosen = system_config::resolve(cli.db_named.take(), config.as_ref());
    if let Some(note) = chosen.elsewhere
        && uses_database(&cli.cmd)
    {
        errln!("boserv: {note}");
    }
    cli.db = chosen.db;
    Ok(cli)
}

/// Whether the command reads or writes the database (help pages, the
/// rules tools and the demo do not).
fn uses_database(cmd: &Cmd) -> bool {
    match cmd {
        Cmd::Verb(words) => !matches!(
            words.first().map(String::as_str),
            None | Some("help" | "variants" | "--help" | "-h")
        ),
        Cmd::Moves { variant, .. } => variant.parse::<GameId>().is_ok(),
        Cmd::Perft { .. } | Cmd::Replay { .. } | Cmd::Demo => false,
        _ => true,
    }
}

/// A clap error as one line in boserv's style: `error: ` dropped, the
/// usage kept, the pointer to --help shortened.
fn usage_line(text: &str) -> String {
    let mut words: Vec<&str> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        words.push(line.strip_prefix("error: ").unwrap_or(line));
    }
    format!("{} (see `boserv help`)", words.join(" "))
}
