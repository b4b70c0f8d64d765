//! Mail written by machines, which boserv never answers.
//!
//! Answering a bounce or an autoresponder with an error mail starts a loop
//! between two robots. RFC 3834 and long practice give the signs: a null
//! Return-Path (bounces), `Auto-Submitted` other than `no`, the older
//! vacation headers (`X-Autoreply`, `X-Autorespond`, `Precedence:
//! auto_reply`), a `Precedence` of bulk, junk or list, mailing-list
//! headers (`List-Id`, `List-Unsubscribe`), Exchange's
//! `X-Auto-Response-Suppress`, delivery reports (RFC 3464
//! `multipart/report`), and the MAILER-DAEMON sender.

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
    #[error("an automatic reply ({0})")]
    AutoReply(String),
    #[error("a mailing-list mail ({0})")]
    List(String),
    #[error("a delivery report ({0})")]
    Report(String),
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
    if let Some(value) = header("Precedence") {
        let lower = value.to_ascii_lowercase();
        if ["bulk", "junk", "list"].contains(&lower.as_str()) {
            return Some(Robot::Precedence(value));
        }
        if lower == "auto_reply" {
            return Some(Robot::AutoReply(format!("Precedence: {value}")));
        }
    }
    for name in ["X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress"] {
        if let Some(value) = header(name) {
            return Some(Robot::AutoReply(format!("{name}: {value}")));
        }
    }
    for name in ["List-Id", "List-Unsubscribe"] {
        if header(name).is_some() {
            return Some(Robot::List(name.to_string()));
        }
    }
    if let Some(value) = header("Content-Type") {
        let lower = value.to_ascii_lowercase();
        if lower.starts_with("multipart/report") {
            let kind = if lower.contains("disposition-notification") {
                "a read receipt"
            } else {
                "a delivery status notification"
            };
            return Some(Robot::Report(kind.to_string()));
        }
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
