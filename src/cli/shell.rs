//! What each `boserv` subcommand does once clap has read it: the shell's
//! verbs, the operator's tools (`remind`, `deliver`, `backup`, `publish`,
//! `config`, ...) and the rules tools (`moves`, `perft`, `replay`,
//! `bot-move`), each a few calls into the library and the lines it prints.
//! `main.rs` only parses argv and hands the parsed command here.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, Utc};

use boserv::command::{Actor, Command, GameId, World, verbs};
use boserv::front::demo;
use boserv::mail::config::Config;
use boserv::rules::{GameOption, RulesError, VARIANTS, Variant};
use boserv::service::{
    self, ServiceError, community::challenge::parse_option, play::analysis, records::help,
    records::record,
};
use boserv::store;

use super::out::{errln, outln};
use super::{Cli, Cmd, ConfigCmd, mailbox, mta, publish};

/// What went wrong: a service error knows its exit code; anything else
/// is a 2.
pub enum Failure {
    Service(ServiceError),
    Broken(anyhow::Error),
    /// A line the verb table could not read: a usage error (exit 2).
    Usage(String),
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

/// The settings stored in the database (none when there is none yet),
/// read without creating it.
pub fn stored_settings(cli: &Cli) -> anyhow::Result<BTreeMap<String, String>> {
    store::settings::peek(&cli.db, Duration::from_millis(cli.busy_timeout_ms))
        .with_context(|| format!("cannot read the settings in {}", cli.db.display()))
}

/// The one connection a verb of the game language runs on, opened
/// before the settings are read so that they are read on it too, and
/// kept for the command, the computer player's answer and the web pages
/// after it. Each further connection parsed the whole schema and read
/// the WAL back again: with the settings, the command and the bot each
/// on its own, that was a fifth of a `move` (README, "bench-move").
/// `None` when the database cannot be opened here: the command then
/// opens it itself, and says why it cannot.
pub fn open_for_verb(cli: &Cli) -> Option<rusqlite::Connection> {
    if !cli.db.exists() {
        return None;
    }
    store::open_existing(&cli.db, Duration::from_millis(cli.busy_timeout_ms)).ok()
}

/// The settings stored in the database open on `conn`.
pub fn settings_of(
    cli: &Cli,
    conn: &rusqlite::Connection,
) -> anyhow::Result<BTreeMap<String, String>> {
    store::settings::all(conn)
        .with_context(|| format!("cannot read the settings in {}", cli.db.display()))
}

/// `boserv mail`, for the MTA (cli/mta.rs): 0 or 75, never anything
/// else. The game database is opened only to take mail in, with ONE
/// connection for the settings and the mail (a second would read the WAL
/// back again).
pub fn take_mail(cli: &Cli, deliver: bool, transport: Option<String>) -> ExitCode {
    let web_dir = std::cell::RefCell::new(None);
    let open = || -> anyhow::Result<(rusqlite::Connection, Option<String>)> {
        let conn = store::open_existing(&cli.db, Duration::from_millis(cli.busy_timeout_ms))
            .with_context(|| format!("cannot open {}", cli.db.display()))?;
        let stored = store::settings::all(&conn)
            .with_context(|| format!("cannot read the settings in {}", cli.db.display()))?;
        let config = install_settings(cli, stored)?;
        *web_dir.borrow_mut() = config.get("web_dir");
        Ok((conn, config.get("transport")))
    };
    let code = mta::take_mail(&mta::MailRun {
        db: &cli.db,
        busy: Duration::from_millis(cli.busy_timeout_ms),
        now: cli.now.unwrap_or_else(Utc::now),
        deliver,
        transport,
        open: &open,
    });
    publish_after(
        &cli.db,
        cli.busy_timeout_ms,
        web_dir.take(),
        cli.now.unwrap_or_else(Utc::now),
    );
    code
}

/// Installs the mail settings (From, templates, storage, rates) for this run from
/// the stored ones, under the environment's.
pub fn install_settings(cli: &Cli, stored: BTreeMap<String, String>) -> anyhow::Result<Config> {
    let config = Config::new(stored);
    let templates = cli
        .templates
        .clone()
        .or_else(|| config.get("templates").map(PathBuf::from));
    let mut settings =
        boserv::mail::settings::Settings::new(config.get("from").as_deref(), templates)?;
    if let Some(tokens) = config.get("reply-tokens") {
        settings.identity.tokens = tokens
            .parse()
            .map_err(boserv::mail::settings::SettingsError::from)?;
    }
    settings.storage = boserv::mail::settings::Storage::from_values(
        config.get("max-message-size").as_deref(),
        config.get("inbox-keep-days").as_deref(),
    )?;
    let rates = boserv::mail::rates::RATES.map(|rate| config.get(rate.name));
    settings.rates =
        boserv::mail::rates::Rates::from_values(rates.each_ref().map(Option::as_deref))?;
    let bounds = boserv::mail::bounds::BOUNDS.map(|bound| config.get(bound.name));
    settings.bounds =
        boserv::mail::bounds::Bounds::from_values(bounds.each_ref().map(Option::as_deref))?;
    let quotas = boserv::mail::quotas::QUOTAS.map(|quota| config.get(quota.name));
    settings.quotas =
        boserv::mail::quotas::Quotas::from_values(quotas.each_ref().map(Option::as_deref))?;
    boserv::mail::settings::Settings::install(settings);
    offer_operator_games(config.get("variants-file"));
    Ok(config)
}

/// Offers the games of the operator's variants file (`variants-file`)
/// for this run. A file that cannot be read now offers none of them and
/// says so on stderr; the run goes on (games started from it keep their
/// definitions, and play on).
fn offer_operator_games(path: Option<String>) {
    let Some(path) = path else { return };
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            boserv::rules::defined::offer_operator_games(
                boserv::rules::defined::read_operator_file(&text),
            );
        }
        Err(e) => errln!("boserv: note: variants-file {path}: {e}; its games are not offered"),
    }
}

fn options(opts: &[String]) -> Vec<GameOption> {
    opts.iter().map(|o| parse_option(o)).collect()
}

fn variant(name: &str) -> Result<&'static dyn Variant, ServiceError> {
    service::game::find_variant(&VARIANTS, name)
}

/// Runs `cli`'s command; `conn` is a verb's connection ([`open_for_verb`]).
pub fn run(
    cli: Cli,
    config: &Config,
    mut conn: Option<rusqlite::Connection>,
) -> Result<ExitCode, Failure> {
    let now = cli.now.unwrap_or_else(Utc::now);
    let actor = match &cli.user {
        Some(user) => Actor::Trusted(user.clone()),
        None => Actor::Anonymous,
    };
    match cli.cmd {
        Cmd::Moves {
            variant: name,
            opts,
            fen: None,
            roll: None,
            turns,
        } if opts.is_empty() && turns.is_empty() && name.parse::<GameId>().is_ok() => {
            let game = name.parse::<GameId>().map_err(anyhow::Error::msg)?;
            let mut conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            print_lines(analysis::game_turns(&mut conn, &VARIANTS, game)?)
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
            print_lines(legal)
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
            errln!(
                "{:.0} nodes per second ({seconds:.3} s)",
                count as f64 / seconds.max(1e-9)
            );
            print(count.to_string())
        }
        Cmd::BotMove {
            variant: name,
            opts,
            fen: None,
            roll: None,
            level,
            seed,
            at,
            turns,
        } if opts.is_empty() && turns.is_empty() && name.parse::<GameId>().is_ok() => {
            let game = name.parse::<GameId>().map_err(anyhow::Error::msg)?;
            let level = boserv::bot::Level::new(level)
                .map_err(|e| ServiceError::from(RulesError::Other(e.to_string())))?;
            let mut conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            let (roll, choice) =
                service::bot::advice::advice(&mut conn, &VARIANTS, game, at, level, seed)?;
            match roll {
                Some(roll) => print(format!("{roll}: {}", choice.text)),
                None => print(choice.text),
            }
        }
        Cmd::BotMove { at: Some(_), .. } => Err(Failure::Usage(
            "--at is for a finished game: bot-move gameN --at N".into(),
        )),
        Cmd::BotMove {
            variant: name,
            opts,
            fen,
            roll,
            level,
            seed,
            at: None,
            turns,
        } => bot_move(
            &name,
            &opts,
            fen.as_deref(),
            roll.as_deref(),
            level,
            seed,
            &turns,
        ),
        Cmd::Replay {
            variant: name,
            file,
        } => {
            let variant = variant(&name)?;
            let text = read_input(file)?;
            let replayed = record::replay(variant, &text)?;
            outln!("{}", replayed.position.render().trim_end());
            if let Some(outcome) = replayed.position.outcome() {
                outln!("game over: {outcome}");
            }
            print(format!("result: {}", replayed.result()))
        }
        Cmd::Demo => run_demo(now),
        Cmd::Remind => {
            let code = run_remind(&cli.db, cli.busy_timeout_ms, now);
            publish_after(&cli.db, cli.busy_timeout_ms, config.get("web_dir"), now);
            code
        }
        Cmd::Run => {
            let ran = mta::run_lines(&cli.db, cli.busy_timeout_ms, now);
            publish_after(&cli.db, cli.busy_timeout_ms, config.get("web_dir"), now);
            ran?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Deliver { transport } => {
            let transport = transport.or_else(|| config.get("transport"));
            let mut conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            let waiting =
                mta::drain_left(&cli.db, &mut conn, cli.busy_timeout_ms, Duration::ZERO, now)?;
            // The players' answers first, then the computer player's
            // turns, and what they mailed.
            let transport = transport.as_deref().unwrap_or("sendmail");
            mta::spread_tidings(&mut conn, now);
            let mut code = mta::deliver(&conn, now, transport)?;
            if mta::bot_turns(&mut conn, now, boserv::front::bot_turns::FROM_CRON) {
                let again = mta::deliver(&conn, now, transport)?;
                if code == ExitCode::SUCCESS {
                    code = again;
                }
            }
            // The pages a crash left queued are written, as mail is sent.
            publish::after_command(&conn, config.get("web_dir").as_deref(), now);
            Ok(if waiting == 0 {
                code
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Fetch {
            deliver,
            ref transport,
        } => {
            let code = mailbox::fetch(&cli, config, deliver, transport.clone())?;
            publish_after(&cli.db, cli.busy_timeout_ms, config.get("web_dir"), now);
            Ok(code)
        }
        Cmd::BotTurns { deliver, transport } => {
            let transport = transport.or_else(|| config.get("transport"));
            let transport = transport.as_deref().unwrap_or("sendmail");
            let code = mta::bot_turns_command(
                &cli.db,
                cli.busy_timeout_ms,
                now,
                deliver.then_some(transport),
            );
            publish_after(&cli.db, cli.busy_timeout_ms, config.get("web_dir"), now);
            Ok(code?)
        }
        Cmd::Serve { ref transport } => Ok(mailbox::serve(&cli, config, transport.clone())?),
        Cmd::Outbox => {
            let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            mta::outbox(&conn)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Spool => {
            let mut conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            let busy = Duration::from_millis(cli.busy_timeout_ms);
            let waiting = mta::drain_left(&cli.db, &mut conn, cli.busy_timeout_ms, busy, now)?;
            outln!("spool: {waiting} waiting");
            Ok(if waiting == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Cmd::Config { action } => {
            match action.unwrap_or(ConfigCmd::Show) {
                ConfigCmd::Show => {
                    open_existing(&cli.db, cli.busy_timeout_ms)?;
                    outln!("database   {}", cli.db.display());
                    outln!("{}", config.show());
                }
                ConfigCmd::Set { name, value } => {
                    mta::config_set(&cli.db, cli.busy_timeout_ms, &name, &value)?;
                }
                ConfigCmd::Unset { name } => {
                    let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
                    mta::config_unset(&cli.db, &conn, cli.busy_timeout_ms, &name)?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Backup { path } => {
            // The spool first: a message taken from it into the database
            // meanwhile is in both copies (taken in again from the copy it
            // is a duplicate), never in neither.
            let spool = boserv::mail::spool::beside(&cli.db, ".spool");
            let spool_copy = boserv::mail::spool::beside(&path, ".spool");
            let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            store::backup::check_new(&[&path, &spool_copy]).map_err(ServiceError::from)?;
            if spool.exists() {
                store::backup::snapshot_file(&spool, &spool_copy).map_err(ServiceError::from)?;
            }
            store::backup::snapshot(&conn, &path).map_err(ServiceError::from)?;
            outln!("backup: {}", path.display());
            if spool.exists() {
                outln!("backup: {}", spool_copy.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Publish => {
            let dir = config.get("web_dir").ok_or_else(|| {
                Failure::Usage("no web_dir: boserv config set web_dir DIR".into())
            })?;
            let conn = open_existing(&cli.db, cli.busy_timeout_ms)?;
            let written = publish::all(&conn, std::path::Path::new(&dir), now)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            print(format!("published: {written} pages in {dir}"))
        }
        Cmd::Mail { .. } => unreachable!("handled in main"),
        Cmd::Verb(words) => {
            let code = run_verb(&cli.db, cli.busy_timeout_ms, &mut conn, &actor, &words, now);
            match &conn {
                Some(conn) => publish::after_command(conn, config.get("web_dir").as_deref(), now),
                None => publish_after(&cli.db, cli.busy_timeout_ms, config.get("web_dir"), now),
            }
            if let Some(conn) = conn.take() {
                store::leave_to_exit(conn);
            }
            code
        }
    }
}

/// After a command that may have changed games: the queued web pages,
/// when there is a web directory (a failure is only reported).
fn publish_after(db: &std::path::Path, busy_ms: u64, web_dir: Option<String>, now: DateTime<Utc>) {
    if web_dir.is_none() || !db.exists() {
        return;
    }
    if let Ok(conn) = store::open_existing(db, Duration::from_millis(busy_ms)) {
        publish::after_command(&conn, web_dir.as_deref(), now);
    }
}

/// A command of the game language, read by the verb table as the shell
/// writes it. `--format json` (show) is the shell's own: how to print.
fn run_verb(
    db: &std::path::Path,
    busy_ms: u64,
    conn: &mut Option<rusqlite::Connection>,
    actor: &Actor,
    words: &[String],
    now: DateTime<Utc>,
) -> Result<ExitCode, Failure> {
    let mut json = false;
    let mut kept: Vec<&str> = Vec::new();
    let mut iter = words.iter().map(String::as_str);
    while let Some(word) = iter.next() {
        match word {
            "--format" => json = parse_format(iter.next().unwrap_or(""))?,
            _ if word.starts_with("--format=") => json = parse_format(&word[9..])?,
            "--help" | "-h" => {
                let topic = words.first().map(String::as_str);
                let page = help::help(&VARIANTS, topic, World::Shell)?;
                return print(page.text());
            }
            _ => kept.push(word),
        }
    }
    let commands = verbs::parse_shell(&kept, actor).map_err(|e| Failure::Usage(e.to_string()))?;
    let mut texts = Vec::new();
    let mut hands_over = false;
    for command in &commands {
        // Help and the list of games need no database.
        match command {
            Command::Help { topic, world } => {
                texts.push(help::help(&VARIANTS, topic.as_deref(), *world)?.text());
                continue;
            }
            // `list` without games is `variants`.
            Command::Variants if !db.exists() => {
                texts.push(help::variants(&VARIANTS).text());
                continue;
            }
            Command::List { games } if games.is_empty() && !db.exists() => {
                texts.push(help::variants(&VARIANTS).text());
                continue;
            }
            _ => {}
        }
        let reply = open_and_run(db, busy_ms, conn, actor, command, now)?;
        hands_over |= boserv::front::bot_turns::turn::may_hand_over(command);
        if json {
            let text = reply.json().ok_or_else(|| {
                Failure::Usage(
                    "--format json is for show GAME, standings VARIANT and tournament show NAME"
                        .into(),
                )
            })?;
            texts.push(text.context("cannot write JSON")?);
        } else {
            texts.push(reply.text());
        }
    }
    let printed = print(texts.join("\n\n"));
    if hands_over && let Some(conn) = conn {
        play_bot(conn, now);
    }
    printed
}

/// After a shell command: the computer player's turns that wait (its
/// answer to the move just made, say), once the command has committed
/// and its answer is printed.
fn play_bot(conn: &mut rusqlite::Connection, now: DateTime<Utc>) {
    mta::bot_turns(conn, now, boserv::front::bot_turns::IN_PROCESS);
}

/// `--format text|json`: true for JSON.
fn parse_format(word: &str) -> Result<bool, Failure> {
    match word {
        "json" => Ok(true),
        "text" => Ok(false),
        other => Err(Failure::Usage(format!(
            "--format: write text or json, not {other}"
        ))),
    }
}

/// Runs a command on the run's connection, opening the database first
/// when it is not open yet. Only `signup` may create the database; every
/// other command needs it to exist, so a mistyped path names the file
/// instead of answering from an empty new one.
fn open_and_run(
    db: &std::path::Path,
    busy_ms: u64,
    conn: &mut Option<rusqlite::Connection>,
    actor: &Actor,
    command: &Command,
    now: DateTime<Utc>,
) -> Result<service::Reply, Failure> {
    let conn = match conn {
        Some(conn) => conn,
        None => conn.insert(match command {
            Command::Signup { .. } => {
                store::open(db, Duration::from_millis(busy_ms)).map_err(ServiceError::from)?
            }
            _ => open_existing(db, busy_ms)?,
        }),
    };
    Ok(service::run(conn, actor, command, now)?)
}

fn open_existing(db: &std::path::Path, busy_ms: u64) -> Result<rusqlite::Connection, Failure> {
    Ok(store::open_existing(db, Duration::from_millis(busy_ms)).map_err(ServiceError::from)?)
}

/// `remind`: one pass over every active game; a progress bar on a
/// terminal, and the one-line summary on stdout for cron's log.
fn run_remind(db: &std::path::Path, busy_ms: u64, now: DateTime<Utc>) -> Result<ExitCode, Failure> {
    use std::io::IsTerminal;
    let mut conn = open_existing(db, busy_ms)?;
    // A move waiting in the spool arrived before now: it is made before
    // anyone is reminded or loses on time (waiting for a process at work
    // on the spool to be done).
    let busy = Duration::from_millis(busy_ms);
    mta::drain_left(db, &mut conn, busy_ms, busy, now)?;
    // The computer player's turns that wait are played before anyone's
    // time is judged.
    mta::bot_turns(&mut conn, now, boserv::front::bot_turns::FROM_CRON);
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_message("games due");
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = service::remind::remind(&mut conn, &VARIANTS, now, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    for problem in &summary.problems {
        errln!("remind: {problem}");
    }
    print(summary.to_string())
}

/// `boserv bot-move`: the bot's turn, as `moves` would list it (with its
/// roll in a dice game, the form TURN and `move` take).
fn bot_move(
    name: &str,
    opts: &[String],
    fen: Option<&str>,
    roll: Option<&str>,
    level: u8,
    seed: u64,
    turns: &[String],
) -> Result<ExitCode, Failure> {
    let refused = |e: boserv::bot::BotError| ServiceError::from(RulesError::Other(e.to_string()));
    let variant = variant(name)?;
    let level = boserv::bot::Level::new(level).map_err(refused)?;
    let roll = analysis::roll_for(variant, roll)?;
    let position = analysis::position_after(variant, &options(opts), fen, turns)?;
    let started = Instant::now();
    let choice =
        boserv::bot::choose(variant, position.as_ref(), roll, level, seed).map_err(refused)?;
    errln!(
        "score {}, depth {}, {} positions, {:.3} s",
        choice.score,
        choice.depth,
        choice.nodes,
        started.elapsed().as_secs_f64()
    );
    match roll {
        Some(roll) => print(format!("{roll}: {}", choice.text)),
        None => print(choice.text),
    }
}

fn print(text: String) -> Result<ExitCode, Failure> {
    outln!("{text}");
    Ok(ExitCode::SUCCESS)
}

/// One line per item; a reader that stops early (`| head`) is no error.
fn print_lines(lines: Vec<String>) -> Result<ExitCode, Failure> {
    for line in lines {
        outln!("{line}");
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
        outln!("A demo game on a throwaway database: {}\n", path.display());
        demo::run(&mut conn, now, &mut |text| outln!("{text}"))?;
        Ok(())
    })();
    for suffix in ["", "-wal", "-shm"] {
        let mut name = path.clone().into_os_string();
        name.push(suffix);
        let _ = std::fs::remove_file(name);
    }
    result.map(|()| ExitCode::SUCCESS)
}
