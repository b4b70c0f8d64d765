//! The common command line read without building clap's parser.
//!
//! Every move is its own process, and building clap's whole command tree
//! (every subcommand and option of `boserv`), parsing with it and dropping
//! it again was a twentieth of a `boserv move`'s CPU, for a line that is
//! almost always `[--as USER] [--db PATH] ... VERB WORD...`. This reads
//! exactly that shape: the global options with a value (`--db`, `--as`,
//! `--now`, `--templates`, `--busy-timeout-ms`, as `--x VALUE` or
//! `--x=VALUE`, each at most once, their environment variables otherwise),
//! then a verb of the game language and its words, as clap hands them
//! over. Anything else (help, a flag it does not know, a tool subcommand,
//! an empty, repeated or unreadable value, a bad time) goes to clap, which
//! parses it or says what is wrong in its own words: for every line read
//! here, clap reads the same (tests below).

use std::ffi::OsString;
use std::path::PathBuf;

use super::{Cli, Cmd, parse_now};

/// The subcommands clap knows besides the verbs (`Cmd`'s other variants):
/// a line naming one goes to clap.
const TOOLS: &[&str] = &[
    "moves",
    "perft",
    "bot-move",
    "bot-turns",
    "replay",
    "demo",
    "remind",
    "run",
    "mail",
    "deliver",
    "outbox",
    "spool",
    "backup",
    "publish",
    "config",
    "fetch",
    "serve",
];

/// The default of `--busy-timeout-ms` (as declared on [`Cli`]).
const BUSY_TIMEOUT_MS: u64 = 5000;

/// The global options with a value and their environment variables.
pub const OPTIONS: [(&str, &str); 5] = [
    ("--db", "BOSERV_DB"),
    ("--as", "BOSERV_USER"),
    ("--now", "BOSERV_NOW"),
    ("--templates", "BOSERV_TEMPLATES"),
    ("--busy-timeout-ms", "BOSERV_BUSY_TIMEOUT_MS"),
];

/// `args` (without the program name) as clap would read them, when they
/// are a verb's line; `None` leaves them to clap. `env` reads an
/// environment variable.
pub fn verb_line(args: &[OsString], env: impl Fn(&str) -> Option<OsString>) -> Option<Cli> {
    let mut values: [Option<String>; 5] = Default::default();
    let mut rest = args.iter();
    let verb = loop {
        let word = rest.next()?.to_str()?;
        if !word.starts_with('-') {
            break word;
        }
        let (flag, inline) = match word.split_once('=') {
            Some((flag, value)) => (flag, Some(value)),
            None => (word, None),
        };
        let slot = OPTIONS.iter().position(|&(name, _)| name == flag)?;
        let value = match inline {
            Some(value) => value,
            None => rest.next()?.to_str()?,
        };
        if values[slot].is_some() || value.is_empty() || value.starts_with('-') {
            return None;
        }
        values[slot] = Some(value.to_string());
    };
    if TOOLS.contains(&verb) {
        return None;
    }
    for (slot, &(_, var)) in values.iter_mut().zip(OPTIONS.iter()) {
        if slot.is_none() {
            match env(var) {
                Some(value) if value.is_empty() => return None,
                Some(value) => *slot = Some(value.into_string().ok()?),
                None => {}
            }
        }
    }
    let [db, user, now, templates, busy] = values;
    let mut words = vec![verb.to_string()];
    for word in rest {
        words.push(word.to_str()?.to_string());
    }
    Some(Cli {
        db_named: db.map(PathBuf::from),
        db: PathBuf::new(),
        user,
        now: match now {
            Some(text) => Some(parse_now(&text).ok()?),
            None => None,
        },
        busy_timeout_ms: match busy {
            Some(text) => text.parse().ok()?,
            None => BUSY_TIMEOUT_MS,
        },
        templates: templates.map(PathBuf::from),
        cmd: Cmd::Verb(words),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser};

    fn args(line: &[&str]) -> Vec<OsString> {
        line.iter().map(OsString::from).collect()
    }

    /// What both readers made of a line, as text.
    fn summary(cli: &Cli) -> String {
        let words = match &cli.cmd {
            Cmd::Verb(words) => words.join(" "),
            _ => "(a tool)".to_string(),
        };
        format!(
            "db={:?} as={:?} now={:?} busy={} templates={:?} verb={words}",
            cli.db_named, cli.user, cli.now, cli.busy_timeout_ms, cli.templates
        )
    }

    /// The environment clap reads too, for the lines compared with it.
    fn real_env(var: &str) -> Option<OsString> {
        std::env::var_os(var)
    }

    #[test]
    fn the_tools_are_clap_s_subcommands() {
        let mut names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        names.sort();
        let mut tools: Vec<&str> = TOOLS.to_vec();
        tools.sort();
        assert_eq!(names, tools);
    }

    #[test]
    fn a_verb_s_line_reads_as_clap_reads_it() {
        let lines: &[&[&str]] = &[
            &["--as", "black", "move", "game1", "Ng8-f6"],
            &[
                "--as=white",
                "--db",
                "x.db",
                "move",
                "game1",
                "e2-e4",
                "--as",
                "bob",
            ],
            &["--now", "2026-01-01T00:00:00Z", "signup", "alice", "pw"],
            &[
                "--busy-timeout-ms=50",
                "--templates",
                "t",
                "show",
                "game2",
                "--format",
                "json",
            ],
            &["help", "move"],
            &["games", "--", "--as"],
            &["move", "game1", "-h"],
        ];
        for line in lines {
            let mut argv = args(&["boserv"]);
            argv.extend(args(line));
            let quick = verb_line(&argv[1..], real_env).expect("read without clap");
            let clap = Cli::try_parse_from(&argv).expect("clap reads it");
            assert_eq!(summary(&quick), summary(&clap), "{line:?}");
        }
    }

    #[test]
    fn anything_else_is_left_to_clap() {
        let no_env = |_: &str| None;
        let lines: &[&[&str]] = &[
            &[],
            &["--help"],
            &["-h"],
            &["--version"],
            &["--as"],
            &["--as", "bob"],
            &["--as", "-x", "move"],
            &["--as=", "move"],
            &["--as", "a", "--as", "b", "move"],
            &["--bogus", "move"],
            &["--now", "yesterday", "move"],
            &["--busy-timeout-ms", "soon", "move"],
            &["perft", "chess", "3"],
            &["--as", "bob", "config", "show"],
            &["mail"],
        ];
        for line in lines {
            assert!(verb_line(&args(line), no_env).is_none(), "{line:?}");
        }
        let empty = |var: &str| (var == "BOSERV_DB").then(OsString::new);
        assert!(verb_line(&args(&["move", "game1", "e4"]), empty).is_none());
    }

    #[test]
    fn the_environment_fills_what_the_line_leaves_out() {
        let env = |var: &str| match var {
            "BOSERV_DB" => Some(OsString::from("env.db")),
            "BOSERV_USER" => Some(OsString::from("carol")),
            "BOSERV_BUSY_TIMEOUT_MS" => Some(OsString::from("70")),
            _ => None,
        };
        let cli = verb_line(&args(&["--as", "dave", "games"]), env).unwrap();
        assert_eq!(
            summary(&cli),
            "db=Some(\"env.db\") as=Some(\"dave\") now=None busy=70 templates=None verb=games"
        );
    }
}
