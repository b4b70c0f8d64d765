//! How mail leaves the machine: the `--transport` / `BOSERV_TRANSPORT`
//! setting and the lettre transport it names.
//!
//! An operator writes one short string: `sendmail` (or `sendmail:PATH`)
//! hands mail to the local MTA, `smtp://HOST:PORT` talks plain SMTP (for a
//! relay on loopback), `smtps://HOST[:PORT]` and
//! `smtp+starttls://HOST[:PORT]` talk encrypted SMTP to a remote relay
//! (with `user@` when it wants a login, the password in
//! `BOSERV_TRANSPORT_PASSWORD` or in a file named by `?password-file=PATH`,
//! as [`super::secret`] says; `user:pass@` still works but stores the
//! password in the database), and `file:DIR` writes one `.eml` per mail
//! for tests and dry runs. `?ca=PATH` trusts a self-signed server.
//!
//! A `deliver` killed at any point never doubles a `file:` mail: each is
//! written to a temporary name, synced and renamed to a name made from its
//! outbox row (`outbox-42.eml`), so a rerun replaces the file, whole,
//! instead of adding a second one. SMTP and sendmail cannot take a mail
//! back: a kill after the relay accepted a mail and before the outbox row
//! is marked sent means that mail is sent again on the next run (see
//! README, "Delivery").

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};

use super::secret::{self, Options, SecretError};

/// The variable that holds the SMTP password, when neither the setting
/// nor a password file does.
pub const PASSWORD_ENV: &str = "BOSERV_TRANSPORT_PASSWORD";
use lettre::{Message, SendmailTransport, SmtpTransport, Transport as _};

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
        /// The user, and the password when the setting holds it.
        login: Option<(String, Option<String>)>,
        /// Where the password is kept, and a CA to trust.
        options: Options,
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
    #[error("transport {0}: write the login as user@ (the password kept apart) or user:password@")]
    BadLogin(String),
    #[error("transport {spec}: {reason}")]
    BadOption { spec: String, reason: String },
    #[error("transport {spec}: {error}")]
    Secret { spec: String, error: SecretError },
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
        let (rest, options) =
            secret::split_options(rest).map_err(|reason| TransportError::BadOption {
                spec: shown.clone(),
                reason,
            })?;
        let rest = rest.trim_end_matches('/');
        let (login, server) = match rest.rsplit_once('@') {
            Some((login, server)) => {
                let (user, pass) = match login.split_once(':') {
                    Some((user, pass)) => (user, Some(percent_decode(pass))),
                    None => (login, None),
                };
                if user.is_empty() {
                    return Err(TransportError::BadLogin(shown.clone()));
                }
                (Some((percent_decode(user), pass)), server)
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
            options,
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
pub(crate) fn percent_decode(text: &str) -> String {
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
    File(PathBuf),
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
            TransportSpec::File { dir } => Transport::File(dir.clone()),
            TransportSpec::Smtp {
                security,
                host,
                port,
                login,
                options,
            } => {
                let tls_error = |reason: String| TransportError::Tls {
                    spec: format!("{host}:{port}"),
                    reason,
                };
                let builder = match security {
                    Security::Plain => SmtpTransport::builder_dangerous(host.as_str()),
                    Security::Implicit => {
                        let tls = tls_parameters(host, options).map_err(tls_error)?;
                        SmtpTransport::builder_dangerous(host.as_str()).tls(Tls::Wrapper(tls))
                    }
                    Security::StartTls => {
                        let tls = tls_parameters(host, options).map_err(tls_error)?;
                        SmtpTransport::builder_dangerous(host.as_str()).tls(Tls::Required(tls))
                    }
                };
                let builder = builder.port(*port).timeout(Some(SMTP_TIMEOUT));
                let builder = match login {
                    Some((user, pass)) => {
                        let pass = match pass {
                            Some(pass) => pass.clone(),
                            None => secret::password(
                                &format!("the SMTP login {user}@{host}"),
                                PASSWORD_ENV,
                                options,
                            )
                            .map_err(|error| {
                                TransportError::Secret {
                                    spec: format!("{host}:{port}"),
                                    error,
                                }
                            })?,
                        };
                        builder.credentials(Credentials::new(user.clone(), pass))
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

    /// Hands over one message, the mail of outbox row `row`.
    pub fn send(&self, row: i64, message: &Message) -> Result<(), SendError> {
        let transient = |e: &dyn std::fmt::Display| SendError {
            reason: one_line(e),
            permanent: false,
        };
        match self {
            Transport::Sendmail(t) => t.send(message).map(drop).map_err(|e| transient(&e)),
            Transport::File(dir) => write_file(dir, row, message).map_err(|e| transient(&e)),
            Transport::Smtp(t) => t.send(message).map(drop).map_err(|e| SendError {
                reason: one_line(&e),
                permanent: e.is_permanent(),
            }),
        }
    }
}

/// TLS for `host`: the public roots, and the certificates of `?ca=PATH`.
fn tls_parameters(host: &str, options: &Options) -> Result<TlsParameters, String> {
    let mut builder = TlsParameters::builder(host.to_string());
    if let Some(path) = &options.ca {
        let pem = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let cert = Certificate::from_pem(&pem).map_err(|e| format!("{}: {e}", path.display()))?;
        builder = builder.add_root_certificate(cert);
    }
    builder.build().map_err(|e| e.to_string())
}

/// Writes `outbox-ROW.eml` in `dir` whole or not at all: a temporary
/// file, synced, renamed over the final name, and the directory synced.
fn write_file(dir: &Path, row: i64, message: &Message) -> std::io::Result<()> {
    let name = dir.join(format!("outbox-{row}.eml"));
    // One `deliver` at a time holds a row (its lease), so the temporary
    // name is the row's own; a write cut short is redone under it.
    let temporary = dir.join(format!(".outbox-{row}.eml.tmp"));
    let written = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(&message.formatted())?;
        file.sync_all()?;
        std::fs::rename(&temporary, &name)?;
        File::open(dir)?.sync_all()
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
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
                login: None,
                options: Options::default(),
            }
        );
        assert_eq!(
            spec("smtps://mail.example.org"),
            TransportSpec::Smtp {
                security: Security::Implicit,
                host: "mail.example.org".into(),
                port: 465,
                login: None,
                options: Options::default(),
            }
        );
        assert_eq!(
            spec("smtp+starttls://bo:p%40ss:w@mail.example.org:2587/"),
            TransportSpec::Smtp {
                security: Security::StartTls,
                host: "mail.example.org".into(),
                port: 2587,
                login: Some(("bo".into(), Some("p@ss:w".into()))),
                options: Options::default(),
            }
        );
        assert_eq!(
            spec(
                "smtp+starttls://chess%40club.example@smtp.example.net?password-file=/etc/boserv/smtp.pw"
            ),
            TransportSpec::Smtp {
                security: Security::StartTls,
                host: "smtp.example.net".into(),
                port: 587,
                login: Some(("chess@club.example".into(), None)),
                options: Options {
                    password_file: Some("/etc/boserv/smtp.pw".into()),
                    ca: None,
                },
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
            error("smtps://:pw@host"),
            "transport smtps://:***@host: write the login as user@ (the password kept apart) or user:password@"
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
