//! The real [`Folder`]: one logged-in IMAP session (the `imap` crate)
//! over TLS, with the folder of the `mailbox` setting selected.

use std::time::Duration;

use imap::extensions::idle::{WaitOutcome, stop_on_any};

use super::folder::{Folder, FolderError, Waited};
use super::tls::TlsStream;
use crate::mail::mailbox_url::MailboxUrl;

/// A session on the mailbox's folder.
pub struct ImapFolder {
    session: imap::Session<TlsStream>,
    folder: String,
    idle: bool,
}

impl ImapFolder {
    /// Connects, logs in and selects the folder of `url`.
    pub fn connect(url: &MailboxUrl) -> Result<ImapFolder, FolderError> {
        let server = format!("{}:{}", url.host, url.port);
        let password = url
            .password()
            .map_err(|e| FolderError::Setup(e.to_string()))?;
        let stream = TlsStream::connect(&url.host, url.port, url.ca().map(|p| p.as_path()))
            .map_err(|reason| FolderError::Connect {
                server: server.clone(),
                reason,
            })?;
        let mut client = imap::Client::new(stream);
        client.read_greeting().map_err(|e| FolderError::Connect {
            server: server.clone(),
            reason: one_line(&e),
        })?;
        let mut session =
            client
                .login(&url.user, &password)
                .map_err(|(e, _)| FolderError::Login {
                    server: server.clone(),
                    user: url.user.clone(),
                    reason: one_line(&e),
                })?;
        let idle = session
            .capabilities()
            .map(|caps| caps.has_str("IDLE"))
            .map_err(protocol)?;
        let mut folder = ImapFolder {
            session,
            folder: url.folder.clone(),
            idle,
        };
        folder.open()?;
        Ok(folder)
    }

    /// Says goodbye to the server (a failure only means it is gone).
    pub fn logout(mut self) {
        let _ = self.session.logout();
    }
}

impl Folder for ImapFolder {
    fn open(&mut self) -> Result<u32, FolderError> {
        let mailbox = self.session.select(&self.folder).map_err(protocol)?;
        mailbox
            .uid_validity
            .ok_or_else(|| FolderError::Protocol(format!("{} has no UIDVALIDITY", self.folder)))
    }

    fn uids_after(&mut self, after: u32) -> Result<Vec<u32>, FolderError> {
        // `N:*` always names the last message, even below N: filtered.
        let found = self
            .session
            .uid_search(format!("UID {}:*", after.saturating_add(1)))
            .map_err(protocol)?;
        let mut uids: Vec<u32> = found.into_iter().filter(|&uid| uid > after).collect();
        uids.sort_unstable();
        Ok(uids)
    }

    fn fetch(&mut self, uid: u32) -> Result<Option<Vec<u8>>, FolderError> {
        let fetches = self
            .session
            .uid_fetch(uid.to_string(), "BODY.PEEK[]")
            .map_err(protocol)?;
        Ok(fetches
            .iter()
            .find(|f| f.uid == Some(uid))
            .and_then(|f| f.body())
            .map(<[u8]>::to_vec))
    }

    fn mark_taken(&mut self, uid: u32) -> Result<(), FolderError> {
        self.session
            .uid_store(uid.to_string(), "+FLAGS.SILENT (\\Seen)")
            .map(drop)
            .map_err(protocol)
    }

    fn wait(&mut self, timeout: Duration) -> Option<Result<Waited, FolderError>> {
        if !self.idle {
            return None;
        }
        let outcome = self
            .session
            .idle()
            .timeout(timeout)
            .keepalive(false)
            .wait_while(stop_on_any);
        Some(match outcome {
            Ok(WaitOutcome::MailboxChanged) => Ok(Waited::Changed),
            Ok(WaitOutcome::TimedOut) => Ok(Waited::TimedOut),
            Err(e) => Err(protocol(e)),
        })
    }
}

fn protocol(e: imap::Error) -> FolderError {
    FolderError::Protocol(one_line(&e))
}

fn one_line(error: &dyn std::fmt::Display) -> String {
    error
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
