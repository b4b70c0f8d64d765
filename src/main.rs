//! The `boserv` shell front end: argv in, one library call, text out.
//!
//! Nothing here knows the rules or SQL. clap turns argv into a
//! [`Command`] (or a stateless tool call such as `moves`), the library does
//! the work, and this file prints the reply.
//!
//! Every error is one line on stderr starting `boserv: `. Exit codes:
//!   0  done
//!   1  refused: the command was judged and said no; nothing changed
//!   2  not judged: a usage error (a bad flag, no `--as`, no database at
//!      the path), the server's setup (a setting, a template), or the
//!      database could not be used (busy, damaged)
//! `mail` has its own (0 or 75, for the MTA), and `deliver` exits 1 when a
//! mail could not be sent this time.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, Utc};
use clap::{Parser, Subcommand, ValueEnum};

use boserv::command::{Actor, Command, DrawAction, GameId, GamesFilter};
use boserv::mail::config::Config;
use boserv::rules::{GameOption, VARIANTS, Variant};
use boserv::service::{self, ServiceError, analysis, challenge::parse_option, demo, help, record};
use boserv::store;

mod mail_command;

/// A play-by-mail server for chess variants.
#[derive(Parser)]
#[command(name = "boserv", version, disable_help_subcommand = true)]
struct Cli {
    /// The database (created on first use).
    #[arg(long, env = "BOSERV_DB", default_value = "boserv.db", global = true)]
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

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum DrawArg {
    Offer,
    Accept,
    Decline,
}

#[derive(Clone, Copy, ValueEnum)]
enum OnOff {
    On,
    Off,
}

#[derive(Subcommand)]
enum Cmd {
    /// Create an account.
    Signup {
        userid: String,
        password: String,
        emails: Vec<String>,
    },
    /// Start a game; the first player named is White. Prints the game id last.
    Challenge {
        variant: String,
        #[arg(required = true)]
        players: Vec<String>,
        /// A game option NAME[=VALUE] (nag=DAYS, forfeit=DAYS, or the variant's).
        #[arg(long = "opt", value_name = "NAME[=VALUE]")]
        opts: Vec<String>,
    },
    /// Play a turn. A trailing #N is the number of this move; a turn
    /// copied from `history` or `moves GAME` (`4,5: c3-d4, pass`) is taken
    /// when its roll is the current one.
    Move {
        game: GameId,
        #[arg(required = true)]
        turn: Vec<String>,
    },
    /// The dice of the current turn (dice games).
    Roll { game: GameId },
    /// A game's board, now or after N moves.
    Show {
        game: GameId,
        #[arg(long)]
        at: Option<u32>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Every turn of a game.
    History { game: GameId },
    /// Your games (with --as), the users' named, or everyone's.
    Games {
        users: Vec<String>,
        /// Finished games too.
        #[arg(long, conflicts_with = "next")]
        all: bool,
        /// Only games where one of the users is to move.
        #[arg(long)]
        next: bool,
    },
    /// Give up a game.
    Resign { game: GameId },
    /// Offer, accept or decline a draw.
    Draw {
        game: GameId,
        #[arg(value_enum)]
        action: DrawArg,
    },
    /// The game record: [Tag "value"] lines, then one turn per line.
    Export { game: GameId },
    /// Check a game's dice (dice games).
    Audit { game: GameId },
    /// Help on a topic: commands, notation, or a game.
    Help { topic: Option<String> },
    /// The games on offer.
    Variants,
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
    /// Go on vacation (your clocks stand still, 30 days a year) or come back.
    Vacation {
        #[arg(value_enum)]
        state: OnOff,
    },
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
    /// List the mails waiting in the outbox, and those that failed, with
    /// the last error of each.
    Outbox,
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

/// What went wrong: a service error knows its exit code; anything else
/// is a 2.
enum Failure {
    Service(ServiceError),
    Broken(anyhow::Error),
}

impl From<ServiceError> for Failure {
    fn from(e: ServiceError) -> Self {
        Failure::Service(e)
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::Broken(e)
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print as clap writes them.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            eprintln!("boserv: {}", usage_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let config = match mail_settings(&cli) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("boserv: {e:#}");
            return ExitCode::from(if matches!(cli.cmd, Cmd::Mail { .. }) {
                75
            } else {
                2
            });
        }
    };
    if let Cmd::Mail { deliver, transport } = &cli.cmd {
        let transport = transport.clone().or_else(|| config.get("transport"));
        return mail_command::take_in(
            &cli.db,
            cli.busy_timeout_ms,
            cli.now,
            *deliver,
            transport.as_deref().unwrap_or("sendmail"),
        );
    }
    match run(cli, &config) {
        Ok(code) => code,
        Err(Failure::Service(e)) => {
            eprintln!("boserv: {e}");
            ExitCode::from(e.exit_code())
        }
        Err(Failure::Broken(e)) => {
            eprintln!("boserv: {e:#}");
            ExitCode::from(2)
        }
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

/// Reads the server settings (the database's, under the environment's)
/// and installs the mail settings (From, templates) for this run.
fn mail_settings(cli: &Cli) -> anyhow::Result<Config> {
    let stored = store::settings::peek(&cli.db, Duration::from_millis(cli.busy_timeout_ms))
        .with_context(|| format!("cannot read the settings in {}", cli.db.display()))?;
    let config = Config::new(stored);
    let templates = cli
        .templates
        .clone()
        .or_else(|| config.get("templates").map(PathBuf::from));
    let settings = boserv::mail::settings::Settings::new(config.get("from").as_deref(), templates)?;
    boserv::mail::settings::Settings::install(settings);
    Ok(config)
}

fn options(opts: &[String]) -> Vec<GameOption> {
    opts.iter().map(|o| parse_option(o)).collect()
}

fn variant(name: &str) -> Result<&'static dyn Variant, ServiceError> {
    service::game::find_variant(VARIANTS, name)
}

fn run(cli: Cli, config: &Config) -> Result<ExitCode, Failure> {
    let now = cli.now.unwrap_or_else(Utc::now);
    let actor = match &cli.user {
        Some(user) => Actor::Trusted(user.clone()),
        None => Actor::Anonymous,
    };
    let command = match cli.cmd {
        // Tools that need no database.
        Cmd::Help { topic } => return print(help::help(VARIANTS, topic.as_deref())?.text()),
        Cmd::Variants => return print(help::variants(VARIANTS).text()),
        Cmd::Moves {
            variant: name,
            opts,
            fen: None,
            roll: None,
            turns,
        } if opts.is_empty() && turns.is_empty() && name.parse::<GameId>().is_ok() => {
            let game = name.parse::<GameId>().map_err(anyhow::Error::msg)?;
            let mut conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            return print_lines(analysis::game_turns(&mut conn, VARIANTS, game)?);
        }
        Cmd::Moves {
            variant: name,
            opts,
            fen,
            roll,
            turns,
        } => {
            let variant = variant(&name)?;
            let roll = analysis::roll_for(variant, roll.as_deref())?;
            let legal =
                analysis::legal_turns(variant, &options(&opts), fen.as_deref(), &turns, roll)?;
            return print_lines(legal);
        }
        Cmd::Perft {
            variant: name,
            depth,
            opts,
            fen,
            turns,
        } => {
            let started = Instant::now();
            let count = analysis::perft(
                variant(&name)?,
                &options(&opts),
                fen.as_deref(),
                &turns,
                depth,
            )?;
            let seconds = started.elapsed().as_secs_f64();
            eprintln!(
                "{:.0} nodes per second ({seconds:.3} s)",
                count as f64 / seconds.max(1e-9)
            );
            return print(count.to_string());
        }
        Cmd::Replay {
            variant: name,
            file,
        } => {
            let variant = variant(&name)?;
            let text = read_input(file)?;
            let replayed = record::replay(variant, &text)?;
            println!("{}", replayed.position.render().trim_end());
            return print(format!("result: {}", replayed.result()));
        }
        Cmd::Demo => return run_demo(now),
        Cmd::Remind => return run_remind(&cli.db, cli.busy_timeout_ms, now),
        Cmd::Run => {
            mail_command::run_lines(&cli.db, cli.busy_timeout_ms, now)?;
            return Ok(ExitCode::SUCCESS);
        }
        Cmd::Deliver { transport } => {
            let transport = transport.or_else(|| config.get("transport"));
            let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            return Ok(mail_command::deliver(
                &conn,
                now,
                transport.as_deref().unwrap_or("sendmail"),
            )?);
        }
        Cmd::Outbox => {
            let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            mail_command::outbox(&conn)?;
            return Ok(ExitCode::SUCCESS);
        }
        Cmd::Config { action } => {
            match action.unwrap_or(ConfigCmd::Show) {
                ConfigCmd::Show => {
                    open_existing(&cli.db, cli.busy_timeout_ms)?;
                    println!("database   {}", cli.db.display());
                    println!("{}", config.show());
                }
                ConfigCmd::Set { name, value } => {
                    mail_command::config_set(&cli.db, cli.busy_timeout_ms, &name, &value)?;
                }
                ConfigCmd::Unset { name } => {
                    let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
                    mail_command::config_unset(&conn, &name)?;
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        Cmd::Mail { .. } => unreachable!("handled in main"),
        // Commands on the database.
        Cmd::Signup {
            userid,
            password,
            emails,
        } => Command::Signup {
            user: userid,
            password,
            emails,
        },
        Cmd::Challenge {
            variant,
            players,
            opts,
        } => Command::Challenge {
            variant,
            players,
            options: options(&opts),
        },
        Cmd::Move { game, turn } => {
            let (turn, expect) = service::moves::split_move_number(&turn.join(" "));
            Command::Move { game, turn, expect }
        }
        Cmd::Roll { game } => Command::Roll { game },
        Cmd::Audit { game } => Command::Audit { game },
        Cmd::Show {
            game,
            at,
            format: Format::Json,
        } => {
            let reply = open_and_run(
                &cli.db,
                cli.busy_timeout_ms,
                &actor,
                &Command::Show { game, at },
                now,
            )?;
            let view = reply.view().context("show gave no board")?;
            return print(serde_json::to_string_pretty(view).context("cannot write JSON")?);
        }
        Cmd::Show {
            game,
            at,
            format: Format::Text,
        } => Command::Show { game, at },
        Cmd::History { game } => Command::History { game },
        Cmd::Games { users, all, next } => {
            let filter = match (all, next) {
                (true, _) => GamesFilter::All,
                (_, true) => GamesFilter::Next,
                _ => GamesFilter::Active,
            };
            Command::Games { users, filter }
        }
        Cmd::Resign { game } => Command::Resign { game },
        Cmd::Draw { game, action } => Command::Draw {
            game,
            action: match action {
                DrawArg::Offer => DrawAction::Offer,
                DrawArg::Accept => DrawAction::Accept,
                DrawArg::Decline => DrawAction::Decline,
            },
        },
        Cmd::Export { game } => Command::Export { game },
        Cmd::Vacation { state } => Command::Vacation {
            on: matches!(state, OnOff::On),
        },
    };
    let reply = open_and_run(&cli.db, cli.busy_timeout_ms, &actor, &command, now)?;
    print(reply.text())
}

/// Runs a command on the database. Only `signup` may create the
/// database; every other command needs it to exist, so a mistyped path
/// names the file instead of answering from an empty new one.
fn open_and_run(
    db: &std::path::Path,
    busy_ms: u64,
    actor: &Actor,
    command: &Command,
    now: DateTime<Utc>,
) -> Result<service::Reply, Failure> {
    let mut conn = match command {
        Command::Signup { .. } => {
            store::open(db, Duration::from_millis(busy_ms)).map_err(ServiceError::from)?
        }
        _ => open_existing(db, busy_ms)?,
    };
    Ok(service::run(&mut conn, actor, command, now)?)
}

fn open_existing(db: &std::path::Path, busy_ms: u64) -> Result<rusqlite::Connection, Failure> {
    Ok(store::open_existing(db, Duration::from_millis(busy_ms)).map_err(ServiceError::from)?)
}

/// `remind`: one pass over every active game; a progress bar on a
/// terminal, and the one-line summary on stdout for cron's log.
fn run_remind(db: &std::path::Path, busy_ms: u64, now: DateTime<Utc>) -> Result<ExitCode, Failure> {
    use std::io::IsTerminal;
    let mut conn = open_existing(db, busy_ms)?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_message("games due");
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = service::remind::remind(&mut conn, VARIANTS, now, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    for problem in &summary.problems {
        eprintln!("remind: {problem}");
    }
    print(summary.to_string())
}

fn print(text: String) -> Result<ExitCode, Failure> {
    println!("{text}");
    Ok(ExitCode::SUCCESS)
}

/// One line per item; a reader that stops early (`| head`) is no error.
fn print_lines(lines: Vec<String>) -> Result<ExitCode, Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for line in lines {
        match writeln!(out, "{line}") {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => break,
            Err(e) => return Err(anyhow::Error::from(e).context("cannot write").into()),
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn read_input(file: Option<PathBuf>) -> Result<String, Failure> {
    let mut text = String::new();
    match file {
        Some(path) if path.as_os_str() != "-" => {
            text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
        }
        _ => {
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
        }
    }
    Ok(text)
}

/// `demo`: a throwaway database in the temp directory, removed afterwards.
fn run_demo(now: DateTime<Utc>) -> Result<ExitCode, Failure> {
    let stamp = now.timestamp_nanos_opt().unwrap_or_default();
    let path = std::env::temp_dir().join(format!("boserv-demo-{}-{stamp}.db", std::process::id()));
    let result = (|| -> Result<(), Failure> {
        let mut conn =
            store::open(&path, store::DEFAULT_BUSY_TIMEOUT).map_err(ServiceError::from)?;
        println!("A demo game on a throwaway database: {}\n", path.display());
        demo::run(&mut conn, now, &mut |text| println!("{text}"))?;
        Ok(())
    })();
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.clone().into_os_string();
        name.push(suffix);
        let _ = std::fs::remove_file(name);
    }
    result.map(|()| ExitCode::SUCCESS)
}
