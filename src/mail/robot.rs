//! Mail written by machines, which boserv never answers.
//!
//! Answering a bounce or an autoresponder with an error mail starts a loop
//! between two robots. RFC 3834 and long practice give the signs: a null
//! Return-Path (bounces), `Auto-Submitted` other than `no`, a `Precedence`
//! of bulk, junk or list, and the MAILER-DAEMON sender.

use mail_parser::Message;

/// Why a mail is taken to come from a robot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Robot {
    #[error("a bounce (empty Return-Path)")]
    NullReturnPath,
    #[error("an automatic mail (Auto-Submitted: {0})")]
    AutoSubmitted(String),
    #[error("a bulk or list mail (Precedence: {0})")]
    Precedence(String),
    #[error("a mail from the mail system ({0})")]
    MailerDaemon(String),
}

/// The sign that `message` comes from a robot, if there is one.
pub fn detect(message: &Message<'_>, sender: Option<&str>) -> Option<Robot> {
    let header = |name: &str| message.header_raw(name).map(|v| printable(v.trim()));
    if header("Return-Path").is_some_and(|path| path.trim() == "<>") {
        return Some(Robot::NullReturnPath);
    }
    if let Some(value) = header("Auto-Submitted") {
        let keyword = value
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if keyword != "no" {
            return Some(Robot::AutoSubmitted(value));
        }
    }
    if let Some(value) = header("Precedence")
        && ["bulk", "junk", "list"].contains(&value.to_ascii_lowercase().as_str())
    {
        return Some(Robot::Precedence(value));
    }
    let local = sender.and_then(|s| s.split('@').next()).unwrap_or("");
    if local.eq_ignore_ascii_case("mailer-daemon") {
        return Some(Robot::MailerDaemon(sender.unwrap_or("").to_string()));
    }
    None
}

/// A header value fit to echo: control characters blanked, at most 60
/// characters.
fn printable(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(60)
        .collect()
}
