//! The mail settings a whole run shares: who mail comes from, which
//! templates word it, and how much of the received mail is kept.
//!
//! The service layer queues mail from deep inside a command
//! (`service::notify::queue`), where no front-end option can reach; the
//! front end installs the settings once at start, and everything else
//! reads them here. Without an install, `BOSERV_FROM`, `BOSERV_TEMPLATES`
//! and the built-in templates apply; `BOSERV_MAX_MESSAGE_SIZE` and
//! `BOSERV_INBOX_KEEP_DAYS` set the [`Storage`] limits, the variables
//! of [`super::rates::RATES`] the daily rates, and those of
//! [`super::bounds::BOUNDS`] the bounds per mail. The binary reads
//! them all from the settings in force ([`super::config`]: environment
//! over database over defaults).

use std::path::PathBuf;
use std::sync::OnceLock;

use super::bounds::Bounds;
use super::identity::{Identity, IdentityError};
use super::quotas::Quotas;
use super::rates::Rates;
use crate::letters::templates::Templates;

/// What a run's mail is made with.
pub struct Settings {
    pub identity: Identity,
    pub templates: Templates,
    pub storage: Storage,
    /// The daily rates per sender ([`super::rates`]).
    pub rates: Rates,
    /// Commands per mail and the life of a reply token ([`super::bounds`]).
    pub bounds: Bounds,
    /// What one player may hold at once ([`super::quotas`]).
    pub quotas: Quotas,
}

/// How much received mail is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Storage {
    /// The largest message taken in (bytes); a larger one is refused
    /// with a short answer and stored truncated.
    /// `BOSERV_MAX_MESSAGE_SIZE`: bytes, or with a `K` or `M` suffix.
    pub max_message_bytes: usize,
    /// Days the raw text of a finished message is kept; after that only
    /// its record stays (sender, Message-ID, Subject, dates, what became
    /// of it and of each command). 0: kept for ever.
    /// `BOSERV_INBOX_KEEP_DAYS`.
    pub keep_days: u32,
}

impl Default for Storage {
    fn default() -> Self {
        Storage {
            max_message_bytes: 256 * 1024,
            keep_days: 90,
        }
    }
}

impl Storage {
    /// The defaults, overridden by the environment.
    pub fn from_env() -> Result<Storage, SettingsError> {
        Storage::from_values(
            setting("BOSERV_MAX_MESSAGE_SIZE").as_deref(),
            setting("BOSERV_INBOX_KEEP_DAYS").as_deref(),
        )
    }

    /// From the `max-message-size` and `inbox-keep-days` settings in
    /// force ([`super::config`]); `None` keeps the default.
    pub fn from_values(
        max_message_size: Option<&str>,
        keep_days: Option<&str>,
    ) -> Result<Storage, SettingsError> {
        let mut storage = Storage::default();
        if let Some(text) = max_message_size.map(str::trim) {
            storage.max_message_bytes = parse_size(text)
                .ok_or_else(|| SettingsError::Number("max-message-size", text.to_string()))?;
        }
        if let Some(text) = keep_days.map(str::trim) {
            storage.keep_days = text
                .parse()
                .map_err(|_| SettingsError::Number("inbox-keep-days", text.to_string()))?;
        }
        Ok(storage)
    }
}

/// A setting that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error(transparent)]
    Identity(#[from] IdentityError),
    #[error("reply-tokens: {0}")]
    TokensIn(#[from] super::identity::TokensInError),
    #[error("{0}: not a usable number: {1}")]
    Number(&'static str, String),
    #[error("{0}: {1}")]
    Rate(&'static str, String),
}

fn setting(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// `262144`, `256K`, `1M` -> bytes (at least 1 KB).
pub fn parse_size(text: &str) -> Option<usize> {
    let upper = text.to_ascii_uppercase();
    let (digits, unit) = match upper.strip_suffix(['K', 'M']) {
        Some(digits) if upper.ends_with('K') => (digits, 1024),
        Some(digits) => (digits, 1024 * 1024),
        None => (upper.as_str(), 1),
    };
    let bytes = digits.trim().parse::<usize>().ok()?.checked_mul(unit)?;
    (bytes >= 1024).then_some(bytes)
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

impl Settings {
    /// Settings from a `From` and an optional template directory.
    pub fn new(from: Option<&str>, templates: Option<PathBuf>) -> Result<Settings, SettingsError> {
        let mut identity = match from {
            Some(from) => Identity::parse(from)?,
            None => Identity::from_env()?,
        };
        if let Some(tokens) = setting("BOSERV_REPLY_TOKENS") {
            identity.tokens = tokens.parse()?;
        }
        let dir = templates.or_else(|| std::env::var_os("BOSERV_TEMPLATES").map(PathBuf::from));
        let templates = match dir {
            Some(dir) => Templates::with_dir(dir),
            None => Templates::built_in(),
        };
        Ok(Settings {
            identity,
            templates,
            storage: Storage::from_env()?,
            rates: Rates::from_env()?,
            bounds: Bounds::from_env()?,
            quotas: Quotas::from_env()?,
        })
    }

    /// Makes `settings` the run's settings; false if some were already in
    /// use (the first ones stay).
    pub fn install(settings: Settings) -> bool {
        SETTINGS.set(settings).is_ok()
    }

    /// The run's settings (installing the defaults on first use).
    pub fn current() -> Result<&'static Settings, SettingsError> {
        if let Some(settings) = SETTINGS.get() {
            return Ok(settings);
        }
        let settings = Settings::new(None, None)?;
        Ok(SETTINGS.get_or_init(|| settings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_units() {
        assert_eq!(parse_size("262144"), Some(262_144));
        assert_eq!(parse_size("256K"), Some(262_144));
        assert_eq!(parse_size("2m"), Some(2 * 1024 * 1024));
        assert_eq!(parse_size("12"), None, "too small to hold a command");
        assert_eq!(parse_size("lots"), None);
    }
}
