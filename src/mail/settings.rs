//! The mail settings a whole run shares: who mail comes from and which
//! templates word it.
//!
//! The service layer queues mail from deep inside a command
//! (`service::notify::queue`), where no front-end option can reach; the
//! front end installs the settings once at start, and everything else
//! reads them here. Without an install, `BOSERV_FROM`, `BOSERV_TEMPLATES`
//! and the built-in templates apply.

use std::path::PathBuf;
use std::sync::OnceLock;

use super::identity::{Identity, IdentityError};
use super::templates::Templates;

/// What a run's mail is made with.
pub struct Settings {
    pub identity: Identity,
    pub templates: Templates,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

impl Settings {
    /// Settings from a `From` and an optional template directory.
    pub fn new(from: Option<&str>, templates: Option<PathBuf>) -> Result<Settings, IdentityError> {
        let identity = match from {
            Some(from) => Identity::parse(from)?,
            None => Identity::from_env()?,
        };
        let dir = templates.or_else(|| std::env::var_os("BOSERV_TEMPLATES").map(PathBuf::from));
        let templates = match dir {
            Some(dir) => Templates::with_dir(dir),
            None => Templates::built_in(),
        };
        Ok(Settings {
            identity,
            templates,
        })
    }

    /// Makes `settings` the run's settings; false if some were already in
    /// use (the first ones stay).
    pub fn install(settings: Settings) -> bool {
        SETTINGS.set(settings).is_ok()
    }

    /// The run's settings (installing the defaults on first use).
    pub fn current() -> Result<&'static Settings, IdentityError> {
        if let Some(settings) = SETTINGS.get() {
            return Ok(settings);
        }
        let settings = Settings::new(None, None)?;
        Ok(SETTINGS.get_or_init(|| settings))
    }
}
