//! What makes two deliveries "the same message".
//!
//! An MTA retries a delivery that failed (exit 75, a crash, a timeout)
//! and sometimes delivers one message twice; boserv must run it once. A
//! message is known by its Message-ID when it has a usable one (`local@
//! domain`, at most 250 characters: see [`super::inbound`]). Without one
//! it is known by a digest of what a retry or a second delivery does not
//! change: the From, Sender, Reply-To, To, Cc, Subject, Date, Message-ID,
//! In-Reply-To and References headers as written (folding and spacing
//! aside), and the whole body (carriage returns aside). Headers the mail
//! system adds on the way (Received, Delivered-To, Return-Path, ...) are
//! left out. Two messages equal in all of these are one message.

use sha2::{Digest, Sha256};

use super::raw::RawMail;

/// The headers a digest covers, in the order it covers them.
const STABLE: &[&str] = &[
    "from",
    "sender",
    "reply-to",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
];

/// The key a message is stored and recognised by: its usable Message-ID,
/// else `sha256:HEX`.
pub fn key(raw: &RawMail, message_id: Option<&str>) -> String {
    match message_id {
        Some(id) => id.to_string(),
        None => format!("sha256:{}", hex::encode(digest(raw))),
    }
}

/// The digest of the stable headers and the body.
pub fn digest(raw: &RawMail) -> [u8; 32] {
    let fields = unfolded(raw.headers());
    let mut hasher = Sha256::new();
    hasher.update(b"boserv-message-v1\n");
    for name in STABLE {
        for (field, value) in &fields {
            if field.eq_ignore_ascii_case(name) {
                hasher.update(name.as_bytes());
                hasher.update(b":");
                hasher.update(value.as_bytes());
                hasher.update(b"\n");
            }
        }
    }
    hasher.update(b"\n");
    hasher.update(raw.body_digest);
    hasher.finalize().into()
}

/// The header fields as (name, value) with folds undone and runs of white
/// space made one space.
fn unfolded(headers: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(headers);
    let mut fields: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = fields.last_mut() {
                value.push(' ');
                value.push_str(line);
            }
        } else if let Some((name, value)) = line.split_once(':') {
            fields.push((name.trim().to_string(), value.to_string()));
        }
    }
    for (_, value) in &mut fields {
        *value = value.split_whitespace().collect::<Vec<_>>().join(" ");
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(text: &str) -> String {
        key(&RawMail::from_bytes(text.as_bytes(), 1 << 20), None)
    }

    #[test]
    fn a_message_id_is_the_key_when_usable() {
        let raw = RawMail::from_bytes(b"Subject: x\r\n\r\n", 100);
        assert_eq!(key(&raw, Some("a@b")), "a@b");
        assert!(key(&raw, None).starts_with("sha256:"));
    }

    #[test]
    fn what_the_mail_system_adds_does_not_change_the_digest() {
        let message = "From: a@example.org\r\nSubject: chess move 1 a pw e4\r\n\
                       Date: Mon, 2 Mar 2026 10:00:00 +0000\r\n\r\nhi\r\n";
        let relayed = format!(
            "Received: from mx by host; Mon, 2 Mar 2026 10:00:01 +0000\r\n\
             Delivered-To: chess@example.net\r\n{}",
            message.replace(
                "Subject: chess move 1 a pw e4",
                "Subject: chess move 1\r\n a  pw e4"
            )
        );
        assert_eq!(key_of(message), key_of(&relayed));
        assert_ne!(key_of(message), key_of(&message.replace("e4", "d4")));
        assert_ne!(key_of(message), key_of(&message.replace("hi", "ho")));
        assert_ne!(
            key_of(message),
            key_of(&message.replace("10:00:00", "10:00:09"))
        );
    }
}
