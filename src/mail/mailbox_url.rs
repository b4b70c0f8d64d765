//! The `mailbox` setting: where `boserv fetch` and `boserv serve` read
//! mail, as `imaps://USER@HOST[:PORT]/FOLDER[?password-file=PATH&ca=PATH]`.
//!
//! Only IMAP over TLS from the first byte (port 993) is offered: every
//! provider has it, and nothing is ever sent in clear. The user may hold
//! an `@` written `%40` (`chess%40club.example`). The password is never
//! part of the setting ([`super::secret`]): one written in the URL is
//! refused, so that it is not stored in the database.

use std::path::PathBuf;
use std::str::FromStr;

use super::secret::{self, Options, SecretError};
use super::transport::percent_decode;

/// The variable that holds the mailbox's password, when no file does.
pub const PASSWORD_ENV: &str = "BOSERV_MAILBOX_PASSWORD";

/// A parsed `mailbox` setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailboxUrl {
    pub user: String,
    pub host: String,
    pub port: u16,
    /// The folder read (INBOX when none is named).
    pub folder: String,
    pub options: Options,
}

/// Why a `mailbox` setting cannot be used.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum MailboxUrlError {
    #[error("write the mailbox as imaps://USER@HOST[:PORT]/FOLDER")]
    Shape,
    #[error(
        "no password in the setting (it would be stored in the database): put it in a file readable by boserv only (?password-file=PATH) or in {PASSWORD_ENV}"
    )]
    PasswordInUrl,
    #[error("{0}: not a port number")]
    BadPort(String),
    #[error("{0}")]
    Option(String),
}

impl FromStr for MailboxUrl {
    type Err = MailboxUrlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (base, options) =
            secret::split_options(text.trim()).map_err(MailboxUrlError::Option)?;
        let rest = base
            .strip_prefix("imaps://")
            .ok_or(MailboxUrlError::Shape)?;
        let (authority, folder) = rest.split_once('/').unwrap_or((rest, ""));
        let (user, server) = authority.rsplit_once('@').ok_or(MailboxUrlError::Shape)?;
        if user.contains(':') {
            return Err(MailboxUrlError::PasswordInUrl);
        }
        let (host, port) = match server.rsplit_once(':') {
            Some((host, port)) => (
                host,
                port.parse::<u16>()
                    .map_err(|_| MailboxUrlError::BadPort(port.to_string()))?,
            ),
            None => (server, 993),
        };
        if user.is_empty() || host.is_empty() {
            return Err(MailboxUrlError::Shape);
        }
        let folder = percent_decode(folder.trim_end_matches('/'));
        Ok(MailboxUrl {
            user: percent_decode(user),
            host: host.to_string(),
            port,
            folder: if folder.is_empty() {
                "INBOX".to_string()
            } else {
                folder
            },
            options,
        })
    }
}

impl MailboxUrl {
    /// The mailbox's name where its high-water mark is kept: the same
    /// folder of the same account on the same server, however the setting
    /// was spelled.
    pub fn key(&self) -> String {
        format!(
            "imaps://{}@{}:{}/{}",
            self.user,
            self.host.to_ascii_lowercase(),
            self.port,
            self.folder
        )
    }

    /// The password, from the environment or the password file.
    pub fn password(&self) -> Result<String, SecretError> {
        secret::password(&self.key(), PASSWORD_ENV, &self.options)
    }

    /// The extra certificates to trust (`?ca=PATH`), if any.
    pub fn ca(&self) -> Option<&PathBuf> {
        self.options.ca.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_the_setting() {
        let url: MailboxUrl = "imaps://chess%40club.example@imap.example.net/Boserv?password-file=/etc/boserv/mailbox.pw"
            .parse()
            .unwrap();
        assert_eq!(url.user, "chess@club.example");
        assert_eq!(url.host, "imap.example.net");
        assert_eq!(url.port, 993);
        assert_eq!(url.folder, "Boserv");
        assert_eq!(
            url.options.password_file,
            Some(PathBuf::from("/etc/boserv/mailbox.pw"))
        );
        assert_eq!(
            url.key(),
            "imaps://chess@club.example@imap.example.net:993/Boserv"
        );
        let plain: MailboxUrl = "imaps://bo@127.0.0.1:10993".parse().unwrap();
        assert_eq!((plain.port, plain.folder.as_str()), (10993, "INBOX"));
    }

    #[test]
    fn a_password_in_the_setting_is_refused_and_not_shown() {
        let error = "imaps://bo:hunter2@h/INBOX"
            .parse::<MailboxUrl>()
            .unwrap_err();
        assert_eq!(error, MailboxUrlError::PasswordInUrl);
        assert!(!error.to_string().contains("hunter2"));
        for bad in [
            "imap://bo@h",
            "imaps://h/INBOX",
            "imaps://bo@:993",
            "imaps://bo@h:x",
        ] {
            assert!(bad.parse::<MailboxUrl>().is_err(), "{bad}");
        }
    }
}
