//! Passwords for the mailbox and the SMTP submission server, kept out of
//! the database.
//!
//! A copy of the game database (a backup, a replica, a file sent along
//! with a bug report) must not carry the club's mail password. So the
//! `mailbox` and `transport` settings name where the password is, never
//! the password: an environment variable (`BOSERV_MAILBOX_PASSWORD`,
//! `BOSERV_TRANSPORT_PASSWORD`), or a file given in the setting as
//! `?password-file=PATH`, readable by its owner only (like ssh's keys, a
//! file others may read is refused). The password is read when the
//! connection is made, and no message ever shows it.
//!
//! The same query part carries `ca=PATH`: a PEM file of certificates
//! trusted besides the public ones, for a server of the club's own with
//! a self-signed certificate.

use std::path::{Path, PathBuf};

/// Why a password cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecretError {
    #[error("no password for {what}: set {env} or add ?password-file=PATH to the setting")]
    Missing { what: String, env: &'static str },
    #[error("password file {0}: cannot be read ({1})")]
    Unreadable(String, String),
    #[error("password file {0}: others may read it; chmod 600 {0}")]
    Open(String),
    #[error("password file {0} is empty")]
    Empty(String),
}

/// The `?name=value&…` options of a setting, and the setting before them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub password_file: Option<PathBuf>,
    pub ca: Option<PathBuf>,
}

/// Splits `setting` at its `?`: the part before and the options after.
/// An option boserv does not know is an error naming it.
pub fn split_options(setting: &str) -> Result<(&str, Options), String> {
    let Some((base, query)) = setting.split_once('?') else {
        return Ok((setting, Options::default()));
    };
    let mut options = Options::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("password-file", path)) if !path.is_empty() => {
                options.password_file = Some(PathBuf::from(path));
            }
            Some(("ca", path)) if !path.is_empty() => options.ca = Some(PathBuf::from(path)),
            _ => {
                return Err(format!(
                    "unknown option {pair}: use ?password-file=PATH and &ca=PATH"
                ));
            }
        }
    }
    Ok((base, options))
}

/// The password of `what`: the variable `env` when it is set, else the
/// file of `options`; trailing line ends are not part of it.
pub fn password(what: &str, env: &'static str, options: &Options) -> Result<String, SecretError> {
    if let Some(value) = std::env::var(env).ok().filter(|v| !v.is_empty()) {
        return Ok(value);
    }
    let Some(path) = &options.password_file else {
        return Err(SecretError::Missing {
            what: what.to_string(),
            env,
        });
    };
    read_private(path)
}

/// A password file's first line, refused when its group or others may
/// read it.
fn read_private(path: &Path) -> Result<String, SecretError> {
    use std::os::unix::fs::PermissionsExt;
    let shown = path.display().to_string();
    let unreadable = |e: std::io::Error| SecretError::Unreadable(shown.clone(), e.to_string());
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    if meta.permissions().mode() & 0o077 != 0 {
        return Err(SecretError::Open(shown));
    }
    let text = std::fs::read_to_string(path).map_err(unreadable)?;
    let line = text.lines().next().unwrap_or("").to_string();
    if line.is_empty() {
        return Err(SecretError::Empty(shown));
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn options_are_read_and_unknown_ones_refused() {
        let (base, options) =
            split_options("imaps://a@h/INBOX?password-file=/etc/boserv/pw&ca=/etc/ca.pem").unwrap();
        assert_eq!(base, "imaps://a@h/INBOX");
        assert_eq!(options.password_file, Some(PathBuf::from("/etc/boserv/pw")));
        assert_eq!(options.ca, Some(PathBuf::from("/etc/ca.pem")));
        assert_eq!(split_options("x").unwrap(), ("x", Options::default()));
        assert!(
            split_options("x?password=hunter2")
                .unwrap_err()
                .starts_with("unknown option password=hunter2")
        );
    }

    #[test]
    fn a_password_file_others_may_read_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pw");
        std::fs::write(&path, "s3cret\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let options = Options {
            password_file: Some(path.clone()),
            ca: None,
        };
        let env = "BOSERV_TEST_SECRET_UNSET";
        let error = password("the mailbox", env, &options).unwrap_err();
        assert!(matches!(error, SecretError::Open(_)), "{error}");
        assert!(!error.to_string().contains("s3cret"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(password("the mailbox", env, &options).unwrap(), "s3cret");
        assert_eq!(
            password("the mailbox", env, &Options::default())
                .unwrap_err()
                .to_string(),
            "no password for the mailbox: set BOSERV_TEST_SECRET_UNSET or add ?password-file=PATH to the setting"
        );
    }
}
