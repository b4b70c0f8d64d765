//! Server settings in one place: the database's `settings` table.
//!
//! The MTA pipe (`boserv mail`), cron (`deliver`, `remind`) and the shell
//! all name the same database, so keeping the sender address, the
//! transport and the template directory there means an operator sets each
//! once (`boserv config set NAME VALUE`) and no environment variable has
//! to be repeated in an alias, a crontab and a login shell. Each setting
//! still has its environment variable, which overrides the stored value
//! (tests, one-off runs); a command-line flag overrides both.
//!
//! A new setting is one more row of [`SETTINGS`] with its check.

use std::collections::BTreeMap;

use super::bounds::{self, BOUNDS};
use super::identity::{DEFAULT_FROM, Identity};
use super::quotas::QUOTAS;
use super::rates::{self, RATES};
use super::settings::parse_size;
use super::transport::TransportSpec;

/// One server setting.
#[derive(Debug)]
pub struct Setting {
    pub name: &'static str,
    /// The environment variable that overrides the stored value.
    pub env: &'static str,
    /// The value when neither is set (`None`: unset means "built in").
    pub default: Option<&'static str>,
    pub about: &'static str,
    check: fn(&str) -> Result<(), String>,
}

/// Every setting boserv knows.
pub const SETTINGS: &[Setting] = &[
    Setting {
        name: "from",
        env: "BOSERV_FROM",
        default: Some(DEFAULT_FROM),
        about: "the server's address, as `Name <user@domain>`; its domain names the Message-IDs",
        check: |value| Identity::parse(value).map(drop).map_err(|e| e.to_string()),
    },
    Setting {
        name: "transport",
        env: "BOSERV_TRANSPORT",
        default: Some("sendmail"),
        about: "how mail leaves: sendmail[:PATH], smtp://HOST:PORT, smtps://USER@HOST…, smtp+starttls://USER@HOST… (password: BOSERV_TRANSPORT_PASSWORD or ?password-file=PATH) or file:DIR",
        check: |value| {
            value
                .parse::<TransportSpec>()
                .map(drop)
                .map_err(|e| e.to_string())
        },
    },
    Setting {
        name: "mailbox",
        env: "BOSERV_MAILBOX",
        default: None,
        about: "where `boserv fetch` and `serve` read mail: imaps://USER@HOST[:PORT]/FOLDER (password: BOSERV_MAILBOX_PASSWORD or ?password-file=PATH, never here)",
        check: |value| {
            value
                .parse::<super::mailbox_url::MailboxUrl>()
                .map(drop)
                .map_err(|e| e.to_string())
        },
    },
    Setting {
        name: "templates",
        env: "BOSERV_TEMPLATES",
        default: None,
        about: "a directory of mail templates that replace the built-in ones",
        check: |value| {
            if std::path::Path::new(value).is_dir() {
                Ok(())
            } else {
                Err(format!("{value} is not a directory"))
            }
        },
    },
    Setting {
        name: "variants-file",
        env: "BOSERV_VARIANTS_FILE",
        default: None,
        about: "the operator's own games, in Fairy-Stockfish's variants.ini syntax, offered after the library's (a game keeps the definition it started with)",
        check: |value| {
            std::fs::read_to_string(value)
                .map(drop)
                .map_err(|e| format!("cannot read {value}: {e}"))
        },
    },
    Setting {
        name: "max-message-size",
        env: "BOSERV_MAX_MESSAGE_SIZE",
        default: Some("256K"),
        about: "the largest mail taken in (bytes, or with K or M); a larger one is answered short and stored truncated",
        check: |value| {
            parse_size(value)
                .map(drop)
                .ok_or_else(|| "not a size of at least 1K (262144, 256K, 1M)".to_string())
        },
    },
    Setting {
        name: "inbox-keep-days",
        env: "BOSERV_INBOX_KEEP_DAYS",
        default: Some("90"),
        about: "days the text of a handled mail is kept (0: for ever); its record stays",
        check: |value| {
            value
                .parse::<u32>()
                .map(drop)
                .map_err(|_| "not a number of days".to_string())
        },
    },
    Setting {
        name: "answers-per-day",
        env: "BOSERV_ANSWERS_PER_DAY",
        default: Some("30"),
        about: "answers one sender address gets in one UTC day, at most (1 to 100000)",
        check: |value| rates::parse(value, RATES[0].min).map(drop),
    },
    Setting {
        name: "free-refusals",
        env: "BOSERV_FREE_REFUSALS",
        default: Some("10"),
        about: "refused mails of one address answered each UTC day before backing off to the 16th, 32nd, ...",
        check: |value| rates::parse(value, RATES[1].min).map(drop),
    },
    Setting {
        name: "invitation-days",
        env: "BOSERV_INVITATION_DAYS",
        default: Some("14"),
        about: "days a challenge waits for its players to accept, and an open challenge (seek) stands (1 to 365)",
        check: |value| {
            invitation_days(value)
                .map(drop)
                .ok_or_else(|| "not a number of days from 1 to 365".to_string())
        },
    },
    Setting {
        name: "messages-per-day",
        env: "BOSERV_MESSAGES_PER_DAY",
        default: Some("30"),
        about: "users one player's `message` and `chat` may mail in one UTC day (each user counts one; 0: none)",
        check: |value| rates::parse(value, RATES[2].min).map(drop),
    },
    Setting {
        name: "signups-per-day",
        env: "BOSERV_SIGNUPS_PER_DAY",
        default: Some("3"),
        about: "accounts one sender address may create by mail in one UTC day; more signups are refused (0: none by mail)",
        check: |value| rates::parse(value, RATES[3].min).map(drop),
    },
    Setting {
        name: "confirmations-per-day",
        env: "BOSERV_CONFIRMATIONS_PER_DAY",
        default: Some("3"),
        about: "confirmation mails one address gets in one UTC day (each counts as an answer too); a signup or address change past it is refused",
        check: |value| rates::parse(value, RATES[4].min).map(drop),
    },
    Setting {
        name: "commands-per-mail",
        env: "BOSERV_COMMANDS_PER_MAIL",
        default: Some("20"),
        about: "command lines one mail may hold (1 to 1000); a `multiple` with more is refused whole, in one line, none of it run",
        check: |value| bounds::parse(value, BOUNDS[0].min).map(drop),
    },
    Setting {
        name: "reply-token-mails",
        env: "BOSERV_REPLY_TOKEN_MAILS",
        default: Some("2"),
        about: "a board mail's reply address works while it is one of its player's latest this many board mails of the game (1 to 1000)",
        check: |value| bounds::parse(value, BOUNDS[1].min).map(drop),
    },
    Setting {
        name: "reply-tokens",
        env: "BOSERV_REPLY_TOKENS",
        default: Some("address"),
        about: "where a mail that asks for an answer carries its reply token: address (Reply-To chess+TOKEN@…) or thread (its Message-ID, named by the reply's In-Reply-To; Reply-To the plain address), for a mailbox whose provider drops plus addresses",
        check: |value| {
            value
                .parse::<super::identity::TokensIn>()
                .map(drop)
                .map_err(|e| e.to_string())
        },
    },
    Setting {
        name: "seeks-per-player",
        env: "BOSERV_SEEKS_PER_PLAYER",
        default: Some("5"),
        about: "open challenges (seek) one player may have standing at once (0 to 1000)",
        check: |value| bounds::parse(value, QUOTAS[0].min).map(drop),
    },
    Setting {
        name: "tournaments-per-player",
        env: "BOSERV_TOURNAMENTS_PER_PLAYER",
        default: Some("3"),
        about: "tournaments one player may organise that are open or running (0 to 1000)",
        check: |value| bounds::parse(value, QUOTAS[1].min).map(drop),
    },
    Setting {
        name: "bot-games-per-player",
        env: "BOSERV_BOT_GAMES_PER_PLAYER",
        default: Some("5"),
        about: "games one player may play against the computer player at once (0 to 1000)",
        check: |value| bounds::parse(value, QUOTAS[2].min).map(drop),
    },
    Setting {
        name: "invitations-per-player",
        env: "BOSERV_INVITATIONS_PER_PLAYER",
        default: Some("20"),
        about: "challenges one player may have waiting for an answer at once (0 to 1000)",
        check: |value| bounds::parse(value, QUOTAS[3].min).map(drop),
    },
    Setting {
        name: "operators",
        env: "BOSERV_OPERATORS",
        default: None,
        about: "userids (separated by commas) who may `broadcast` by mail, with their password; the shell always may",
        check: |value| {
            let names = operator_list(value);
            if names.is_empty() {
                return Err("name at least one userid".to_string());
            }
            names
                .iter()
                .try_for_each(|name| match crate::command::names::userid_problem(name) {
                    Some(why) => Err(format!("{name}: not a usable userid ({why})")),
                    None => Ok(()),
                })
        },
    },
    Setting {
        name: "bot-userid",
        env: "BOSERV_BOT_USERID",
        default: Some(crate::bot::DEFAULT_USERID),
        about: "the computer player's userid: challenge it to play it; its account is made on first use, with no password and no address",
        check: |value| match crate::command::names::userid_problem(value) {
            Some(why) => Err(format!("{value}: not a usable userid ({why})")),
            None => Ok(()),
        },
    },
    Setting {
        name: "bot-seeks",
        env: "BOSERV_BOT_SEEKS",
        default: Some("off"),
        about: "on: the computer player takes every open challenge (seek) at once that its rating may take, at level 3",
        check: |value| match value {
            "on" | "off" => Ok(()),
            _ => Err("write on or off".to_string()),
        },
    },
    Setting {
        name: "bot-cpu-per-hour",
        env: "BOSERV_BOT_CPU_PER_HOUR",
        default: Some("600"),
        about: "seconds of CPU the computer player may think each hour (1 to 36000); past them its turns wait for the next hour",
        check: |value| match cpu_seconds(value) {
            Some(_) => Ok(()),
            None => Err("a whole number of seconds from 1 to 36000".to_string()),
        },
    },
    Setting {
        name: "bot-after-mail",
        env: "BOSERV_BOT_AFTER_MAIL",
        default: Some("detach"),
        about: "detach: after a mail's commands commit, `mail` and `fetch` start a detached `boserv bot-turns` for the computer player's turns; queue: they leave them to `serve`, `deliver` and `remind`",
        check: |value| match value {
            "detach" | "queue" => Ok(()),
            _ => Err("write detach or queue".to_string()),
        },
    },
    Setting {
        name: "web_dir",
        env: "BOSERV_WEB_DIR",
        default: None,
        about: "a directory where boserv keeps static web pages of its games (index.html, games/, players/); unset: none",
        check: |value| {
            if std::path::Path::new(value).is_dir() {
                Ok(())
            } else {
                Err(format!("{value} is not a directory"))
            }
        },
    },
];

/// `text` as a number of days an invitation or a seek may stand (1 to
/// 365): the `invitation-days` setting.
pub fn invitation_days(text: &str) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=365).contains(d))
}

/// `text` as the `bot-cpu-per-hour` setting: whole seconds, 1 to 36000.
pub fn cpu_seconds(text: &str) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|s| (1..=36_000).contains(s))
}

/// The userids of the `operators` setting (separated by commas or spaces).
pub fn operator_list(setting: &str) -> Vec<&str> {
    setting
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Why a setting cannot be stored.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("no setting {name}; settings: {known}")]
    Unknown { name: String, known: String },
    #[error("{name}: {why}")]
    Bad { name: &'static str, why: String },
}

/// Where a value in force comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Environment,
    Database,
    Default,
}

/// The setting called `name`.
pub fn find(name: &str) -> Result<&'static Setting, ConfigError> {
    SETTINGS
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| ConfigError::Unknown {
            name: name.to_string(),
            known: SETTINGS
                .iter()
                .map(|s| s.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Checks `value` for `name` before it is stored.
pub fn check(name: &str, value: &str) -> Result<&'static Setting, ConfigError> {
    let setting = find(name)?;
    (setting.check)(value.trim()).map_err(|why| ConfigError::Bad {
        name: setting.name,
        why,
    })?;
    Ok(setting)
}

/// The settings in force: the environment over the stored values over
/// the defaults.
#[derive(Clone, Debug, Default)]
pub struct Config {
    stored: BTreeMap<String, String>,
}

impl Config {
    /// The settings of a database (as read by `store::settings`).
    pub fn new(stored: BTreeMap<String, String>) -> Config {
        Config { stored }
    }

    /// The value of `setting` and where it comes from.
    pub fn value(&self, setting: &Setting) -> Option<(String, Source)> {
        if let Some(value) = std::env::var(setting.env)
            .ok()
            .filter(|v| !v.trim().is_empty())
        {
            return Some((value, Source::Environment));
        }
        if let Some(value) = self.stored.get(setting.name) {
            return Some((value.clone(), Source::Database));
        }
        setting.default.map(|d| (d.to_string(), Source::Default))
    }

    /// The value of the setting called `name` (one of [`SETTINGS`]).
    pub fn get(&self, name: &str) -> Option<String> {
        let setting = find(name).expect("a known setting");
        self.value(setting).map(|(value, _)| value)
    }

    /// `config show`: one line per setting, with where its value comes
    /// from.
    pub fn show(&self) -> String {
        SETTINGS
            .iter()
            .map(|setting| {
                let (value, source) = match self.value(setting) {
                    Some((value, Source::Environment)) => (value, format!("from {}", setting.env)),
                    Some((value, Source::Database)) => (value, "set".to_string()),
                    Some((value, Source::Default)) => (value, "default".to_string()),
                    None => ("(built in)".to_string(), "default".to_string()),
                };
                format!(
                    "{:<10} {}  ({source}; {})",
                    setting.name,
                    shown(setting.name, &value),
                    setting.about
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A value as it may be printed: an SMTP password masked.
fn shown(name: &str, value: &str) -> String {
    match (name, value.split_once("://"), value.rsplit_once('@')) {
        ("transport", Some((scheme, rest)), Some((_, server))) if rest.contains('@') => {
            let user = rest.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{server}")
        }
        _ => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_and_bad_values_are_refused_with_the_reason() {
        assert_eq!(
            check("colour", "red").unwrap_err().to_string(),
            "no setting colour; settings: from, transport, mailbox, templates, variants-file, max-message-size, inbox-keep-days, answers-per-day, free-refusals, invitation-days, messages-per-day, signups-per-day, confirmations-per-day, commands-per-mail, reply-token-mails, reply-tokens, seeks-per-player, tournaments-per-player, bot-games-per-player, invitations-per-player, operators, bot-userid, bot-seeks, bot-cpu-per-hour, bot-after-mail, web_dir"
        );
        assert!(
            check("transport", "pigeon")
                .unwrap_err()
                .to_string()
                .starts_with("transport: unknown transport pigeon")
        );
        assert!(check("from", "Chess <chess@example.net>").is_ok());
        assert!(check("from", "not an address").is_err());
        assert_eq!(
            check("answers-per-day", "many").unwrap_err().to_string(),
            "answers-per-day: not a whole number from 1 to 100000: many"
        );
        assert!(check("messages-per-day", "0").is_ok());
        // Each rate's row names the setting its RATES entry does.
        for rate in RATES.iter().chain(&BOUNDS).chain(&QUOTAS) {
            assert_eq!(find(rate.name).unwrap().env, rate.env);
        }
    }

    #[test]
    fn stored_values_beat_defaults_and_passwords_are_masked() {
        let stored = BTreeMap::from([(
            "transport".to_string(),
            "smtps://bo:secret@mail.example.net".to_string(),
        )]);
        let config = Config::new(stored);
        let show = config.show();
        assert!(show.contains("bo:***@mail.example.net  (set;"), "{show}");
        assert!(!show.contains("secret"), "{show}");
    }
}
