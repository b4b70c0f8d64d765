//! A queued mail -> the RFC 5322 message lettre sends.
//!
//! Every mail carries the headers that make it behave in a player's mail
//! program and among robots: Date, a Message-ID with In-Reply-To and
//! References threading it into its game, MIME-Version with a plain UTF-8
//! text part, and `Auto-Submitted` (RFC 3834) so that autoresponders do
//! not answer it: `auto-replied` on an answer to a player's message,
//! `auto-generated` on every notice (board mails, reminders).

use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox, SinglePart};

use super::identity::Identity;
use super::outbox::Queued;

/// Why a queued mail cannot become a message (it never will).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComposeError {
    #[error("not a mail address: {0}")]
    BadRecipient(String),
    #[error("no recipients")]
    NoRecipients,
    #[error("cannot build the message: {0}")]
    Build(String),
}

/// Builds the message for a queued mail.
pub fn message(mail: &Queued, identity: &Identity) -> Result<Message, ComposeError> {
    let draft = &mail.draft;
    if draft.to.is_empty() {
        return Err(ComposeError::NoRecipients);
    }
    let mut builder = Message::builder()
        .from(identity.from.clone())
        .subject(draft.subject.as_str())
        .date(mail.created_at.into())
        .message_id(Some(draft.message_id.clone()))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            if identity.is_answer(&draft.message_id) {
                "auto-replied"
            } else {
                "auto-generated"
            }
            .to_string(),
        ));
    for address in &draft.to {
        let mailbox: Mailbox = address.parse().map_err(|_| {
            ComposeError::BadRecipient(address.chars().filter(|c| !c.is_control()).collect())
        })?;
        builder = builder.to(mailbox);
    }
    if let Some(parent) = &draft.in_reply_to {
        builder = builder.in_reply_to(parent.clone());
    }
    if !draft.references.is_empty() {
        builder = builder.references(draft.references.join(" "));
    }
    builder
        .singlepart(text_part(&draft.body))
        .map_err(|e| ComposeError::Build(e.to_string()))
}

/// The body as plain UTF-8 text: 7bit when it is ASCII, 8bit when it is
/// not (its lines are short, so a reader's raw view shows the text, not
/// quoted-printable); quoted-printable or base64 only for a body with
/// lines too long for either.
fn text_part(body: &str) -> SinglePart {
    match Body::new_with_encoding(body.to_string(), ContentTransferEncoding::EightBit) {
        Ok(body) => SinglePart::builder()
            .header(ContentType::TEXT_PLAIN)
            .body(body),
        Err(_) => SinglePart::plain(body.to_string()),
    }
}
