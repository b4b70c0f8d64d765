//! How mail leaves the machine: the `--transport` / `BOSERV_TRANSPORT`
//! setting and the lettre transport it names.
//!
//! An operator writes one short string: `sendmail` (or `sendmail:PATH`)
//! hands mail to the local MTA, `smtp://HOST:PORT` talks plain SMTP (for a
//! relay on loopback), `smtps://HOST[:PORT]` and
//! `smtp+starttls://HOST[:PORT]` talk encrypted SMTP to a remote relay
//! (with `user:pass@` when it wants a login), and `file:DIR` writes one
//! `.eml` per mail for tests and dry runs.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::{FileTransport, Message, SendmailTransport, SmtpTransport, Transport as _};

/// How long one SMTP conversation may stall.
const SMTP_TIMEOUT: Duration = Duration::from_secs(60);

/// A parsed transport setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportSpec {
    Sendmail {
        command: Option<PathBuf>,
    },
    Smtp {
        security: Security,
        host: String,
        port: u16,
        login: Option<(String, String)>,
    },
    File {
        dir: PathBuf,
    },
}

/// How an SMTP connection is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// No TLS: only for a relay on the same machine.
    Plain,
    /// TLS from the first byte (`smtps://`, port 465).
    Implicit,
    /// Plain, then STARTTLS, required (`smtp+starttls://`, port 587).
    StartTls,
}

/// Why a transport setting cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransportError {
    #[error(
        "unknown transport {0}: use sendmail[:PATH], smtp://HOST:PORT, smtps://HOST[:PORT], smtp+starttls://HOST[:PORT] or file:DIR"
    )]
    Unknown(String),
    #[error("transport {0}: missing host")]
    MissingHost(String),
    #[error("transport {0}: smtp:// needs a port (smtp://HOST:PORT)")]
    MissingPort(String),
    #[error("transport {0}: not a port number")]
    BadPort(String),
    #[error("transport {0}: write the login as user:password@")]
    BadLogin(String),
    #[error("transport {0}: missing directory (file:DIR)")]
    MissingDir(String),
    #[error("transport {spec}: {reason}")]
    Tls { spec: String, reason: String },
    #[error(
        "transport sendmail: no sendmail program in PATH, /usr/sbin or /usr/lib: install an MTA, or give sendmail:/path/to/sendmail"
    )]
    NoSendmail,
    #[error("transport sendmail:{0}: no such program")]
    NoProgram(String),
    #[error("transport file:{0}: not a directory")]
    NoDirectory(String),
    #[error("transport {spec}: cannot connect: {reason}")]
    Unreachable { spec: String, reason: String },
}

/// Where `sendmail` is when no path is given: PATH first, then where
/// Debian, Ubuntu and most others put it (cron's PATH lacks /usr/sbin).
pub fn find_sendmail() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/usr/lib"].map(PathBuf::from))
        .map(|dir| dir.join("sendmail"))
        .find(|candidate| candidate.is_file())
}

/// Why one mail could not be handed over.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct SendError {
    pub reason: String,
    /// True when trying again cannot help (the relay refused for good).
    pub permanent: bool,
}

impl FromStr for TransportSpec {
    type Err = TransportError;

    fn from_str(spec: &str) -> Result<Self, Self::Err> {
        let spec = spec.trim();
        let shown = redact(spec);
        if spec == "sendmail" {
            return Ok(TransportSpec::Sendmail { command: None });
        }
        if let Some(path) = spec.strip_prefix("sendmail:") {
            let command = (!path.is_empty()).then(|| PathBuf::from(path));
            return Ok(TransportSpec::Sendmail { command });
        }
        if let Some(dir) = spec.strip_prefix("file:") {
            let dir = dir.strip_prefix("//").unwrap_or(dir);
            if dir.is_empty() {
                return Err(TransportError::MissingDir(shown.clone()));
            }
            return Ok(TransportSpec::File {
                dir: PathBuf::from(dir),
            });
        }
        let (security, rest, default_port) = if let Some(rest) = spec.strip_prefix("smtp://") {
            (Security::Plain, rest, None)
        } else if let Some(rest) = spec.strip_prefix("smtps://") {
            (Security::Implicit, rest, Some(465))
        } else if let Some(rest) = spec.strip_prefix("smtp+starttls://") {
            (Security::StartTls, rest, Some(587))
        } else {
            return Err(TransportError::Unknown(shown.clone()));
        };
        let rest = rest.trim_end_matches('/');
        let (login, server) = match rest.rsplit_once('@') {
            Some((login, server)) => {
                let (user, pass) = login
                    .split_once(':')
                    .filter(|(user, _)| !user.is_empty())
                    .ok_or_else(|| TransportError::BadLogin(shown.clone()))?;
                (Some((percent_decode(user), percent_decode(pass))), server)
            }
            None => (None, rest),
        };
        let (host, port) = match server.rsplit_once(':') {
            Some((host, port)) => (
                host,
                port.parse::<u16>()
                    .map_err(|_| TransportError::BadPort(shown.clone()))?,
            ),
            None => (
                server,
                default_port.ok_or_else(|| TransportError::MissingPort(shown.clone()))?,
            ),
        };
        if host.is_empty() {
            return Err(TransportError::MissingHost(shown.clone()));
        }
        Ok(TransportSpec::Smtp {
            security,
            host: host.into(),
            port,
            login,
        })
    }
}

/// The setting as it may be shown: the password replaced by `***`.
fn redact(spec: &str) -> String {
    match (spec.split_once("://"), spec.rsplit_once('@')) {
        (Some((scheme, rest)), Some(_)) => match rest.rsplit_once('@') {
            Some((login, server)) => {
                let user = login.split(':').next().unwrap_or("");
                format!("{scheme}://{user}:***@{server}")
            }
            None => spec.to_string(),
        },
        _ => spec.to_string(),
    }
}

/// `%40` -> `@` in a login, so passwords may hold any character.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A transport ready to send.
pub enum Transport {
    Sendmail(SendmailTransport),
    Smtp(SmtpTransport),
    File(FileTransport),
}

impl Transport {
    /// Builds the transport a setting names. Nothing is contacted yet.
    pub fn open(spec: &TransportSpec) -> Result<Transport, TransportError> {
        Ok(match spec {
            TransportSpec::Sendmail { command: None } => match find_sendmail() {
                Some(path) => Transport::Sendmail(SendmailTransport::new_with_command(path)),
                None => Transport::Sendmail(SendmailTransport::new()),
            },
            TransportSpec::Sendmail {
                command: Some(path),
            } => Transport::Sendmail(SendmailTransport::new_with_command(path.as_os_str())),
            TransportSpec::File { dir } => Transport::File(FileTransport::new(dir)),
            TransportSpec::Smtp {
                security,
                host,
                port,
                login,
            } => {
                let tls_error = |e: lettre::transport::smtp::Error| TransportError::Tls {
                    spec: format!("{host}:{port}"),
                    reason: e.to_string(),
                };
                let builder = match security {
                    Security::Plain => SmtpTransport::builder_dangerous(host.as_str()),
                    Security::Implicit => SmtpTransport::relay(host).map_err(tls_error)?,
                    Security::StartTls => SmtpTransport::starttls_relay(host).map_err(tls_error)?,
                };
                let builder = builder.port(*port).timeout(Some(SMTP_TIMEOUT));
                let builder = match login {
                    Some((user, pass)) => {
                        builder.credentials(Credentials::new(user.clone(), pass.clone()))
                    }
                    None => builder,
                };
                Transport::Smtp(builder.build())
            }
        })
    }

    /// Checks that the transport can work at all before mail is handed
    /// to it: the sendmail program exists, the directory is there, the
    /// SMTP server answers. One clear error instead of every mail failing
    /// with it.
    pub fn check(spec: &TransportSpec, transport: &Transport) -> Result<(), TransportError> {
        match (spec, transport) {
            (TransportSpec::Sendmail { command: None }, _) => {
                find_sendmail().map(drop).ok_or(TransportError::NoSendmail)
            }
            (
                TransportSpec::Sendmail {
                    command: Some(path),
                },
                _,
            ) => {
                // A bare name is looked up in PATH by the OS.
                let found = path.is_file()
                    || (path.components().count() == 1
                        && std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
                            .any(|dir| dir.join(path).is_file()));
                found
                    .then_some(())
                    .ok_or_else(|| TransportError::NoProgram(path.display().to_string()))
            }
            (TransportSpec::File { dir }, _) => dir
                .is_dir()
                .then_some(())
                .ok_or_else(|| TransportError::NoDirectory(dir.display().to_string())),
            (TransportSpec::Smtp { host, port, .. }, Transport::Smtp(smtp)) => {
                match smtp.test_connection() {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(TransportError::Unreachable {
                        spec: format!("{host}:{port}"),
                        reason: "the server did not answer".into(),
                    }),
                    Err(e) => Err(TransportError::Unreachable {
                        spec: format!("{host}:{port}"),
                        reason: one_line(&e),
                    }),
                }
            }
            _ => Ok(()),
        }
    }

    /// Hands one message over.
    pub fn send(&self, message: &Message) -> Result<(), SendError> {
        let transient = |e: &dyn std::fmt::Display| SendError {
            reason: one_line(e),
            permanent: false,
        };
        match self {
            Transport::Sendmail(t) => t.send(message).map(drop).map_err(|e| transient(&e)),
            Transport::File(t) => t.send(message).map(drop).map_err(|e| transient(&e)),
            Transport::Smtp(t) => t.send(message).map(drop).map_err(|e| SendError {
                reason: one_line(&e),
                permanent: e.is_permanent(),
            }),
        }
    }
}

fn one_line(error: &dyn std::fmt::Display) -> String {
    error
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> TransportSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn sendmail_and_file() {
        assert_eq!(spec("sendmail"), TransportSpec::Sendmail { command: None });
        assert_eq!(
            spec("sendmail:/usr/sbin/sendmail"),
            TransportSpec::Sendmail {
                command: Some("/usr/sbin/sendmail".into())
            }
        );
        assert_eq!(
            spec("file:/tmp/out"),
            TransportSpec::File {
                dir: "/tmp/out".into()
            }
        );
        assert_eq!(
            spec("file:///tmp/out"),
            TransportSpec::File {
                dir: "/tmp/out".into()
            }
        );
    }

    #[test]
    fn smtp_forms_with_ports_and_logins() {
        assert_eq!(
            spec("smtp://127.0.0.1:2525"),
            TransportSpec::Smtp {
                security: Security::Plain,
                host: "127.0.0.1".into(),
                port: 2525,
                login: None
            }
        );
        assert_eq!(
            spec("smtps://mail.example.org"),
            TransportSpec::Smtp {
                security: Security::Implicit,
                host: "mail.example.org".into(),
                port: 465,
                login: None
            }
        );
        assert_eq!(
            spec("smtp+starttls://bo:p%40ss:w@mail.example.org:2587/"),
            TransportSpec::Smtp {
                security: Security::StartTls,
                host: "mail.example.org".into(),
                port: 2587,
                login: Some(("bo".into(), "p@ss:w".into())),
            }
        );
    }

    #[test]
    fn bad_settings_are_one_line_errors() {
        let error = |text: &str| text.parse::<TransportSpec>().expect_err(text).to_string();
        assert!(error("pigeon").starts_with("unknown transport pigeon: use sendmail"));
        assert_eq!(
            error("smtp://localhost"),
            "transport smtp://localhost: smtp:// needs a port (smtp://HOST:PORT)"
        );
        assert_eq!(
            error("smtp://localhost:99999"),
            "transport smtp://localhost:99999: not a port number"
        );
        assert_eq!(
            error("smtps://:465"),
            "transport smtps://:465: missing host"
        );
        assert_eq!(
            error("smtps://nopass@host"),
            "transport smtps://nopass:***@host: write the login as user:password@"
        );
        assert_eq!(
            error("file:"),
            "transport file:: missing directory (file:DIR)"
        );
        assert_eq!(
            error("smtp://bo:secret@h:x"),
            "transport smtp://bo:***@h:x: not a port number"
        );
    }

    #[test]
    fn every_form_opens() {
        for text in [
            "sendmail",
            "sendmail:/bin/true",
            "file:/tmp",
            "smtp://127.0.0.1:25",
            "smtps://h",
            "smtp+starttls://h",
        ] {
            assert!(Transport::open(&spec(text)).is_ok(), "{text}");
        }
    }
}
