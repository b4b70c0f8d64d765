//! A queued mail -> the RFC 5322 message lettre sends.
//!
//! Every mail carries the headers that make it behave in a player's mail
//! program and among robots: Date, a Message-ID with In-Reply-To and
//! References threading it into its game, a Reply-To with the player's
//! reply token on board mails (`super::token`), MIME-Version with a plain
//! UTF-8 text part (board mails: multipart/alternative, the text part and
//! an HTML part with the board as a table, `crate::letters::html`), and `Auto-Submitted` (RFC 3834) so that autoresponders
//! do not answer it: `auto-replied` on an answer to a player's message,
//! `auto-generated` on every notice (board mails, reminders). A mail
//! without a Reply-To of its own ends with the foot that says where
//! commands go instead (`super::notice`).
//!
//! No header line may exceed RFC 5322's 998 characters. lettre folds
//! headers between words and encodes non-ASCII text as RFC 2047 words,
//! but cannot fold one long word; a Subject (which may repeat a player's
//! command line) is therefore cut to [`SUBJECT_CHARS`] characters.

use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};

use super::identity::{Identity, TokensIn};
use super::outbox::Queued;

/// The longest Subject sent, in characters; longer ones are cut with `...`.
pub const SUBJECT_CHARS: usize = 200;

/// The longest To line written (RFC 5322 allows 998).
const TO_LINE: usize = 900;

/// The Subject as sent: on one line, at most [`SUBJECT_CHARS`] characters.
pub fn subject_line(subject: &str) -> String {
    let one_line: String = subject
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if one_line.chars().count() <= SUBJECT_CHARS {
        return one_line;
    }
    let mut cut: String = one_line.chars().take(SUBJECT_CHARS - 3).collect();
    cut.truncate(cut.trim_end().len());
    cut.push_str("...");
    cut
}

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
    // `reply-tokens thread`: the token moves from the Reply-To into the
    // Message-ID, which the reply names (`super::token::thread_id`).
    let threaded = match (identity.tokens, &draft.reply_to) {
        (TokensIn::Thread, Some(reply_to)) => super::token::thread_id(&draft.message_id, reply_to),
        _ => None,
    };
    let (message_id, reply_to) = match &threaded {
        Some((id, plain)) => (id, Some(plain)),
        None => (&draft.message_id, draft.reply_to.as_ref()),
    };
    let mut builder = Message::builder()
        .from(identity.from.clone())
        .subject(subject_line(&draft.subject))
        .date(mail.created_at.into())
        .message_id(Some(message_id.clone()))
        .raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            if identity.is_answer(&draft.message_id) {
                "auto-replied"
            } else {
                "auto-generated"
            }
            .to_string(),
        ));
    // lettre writes To on one line: the addresses that do not fit in it
    // receive the mail as Bcc (they are in the envelope all the same).
    let mut to_line = "To: ".len();
    // Undisclosed recipients (super::outbox::UNDISCLOSED): all Bcc.
    let hidden = draft.to.first().map(String::as_str) == Some(super::outbox::UNDISCLOSED);
    if hidden {
        to_line = usize::MAX;
        if draft.to.len() == 1 {
            return Err(ComposeError::NoRecipients);
        }
    }
    for address in draft.to.iter().skip(usize::from(hidden)) {
        let mailbox: Mailbox = address.parse().map_err(|_| {
            ComposeError::BadRecipient(address.chars().filter(|c| !c.is_control()).collect())
        })?;
        to_line = to_line.saturating_add(address.len() + 2);
        builder = if to_line <= TO_LINE {
            builder.to(mailbox)
        } else {
            builder.bcc(mailbox)
        };
    }
    if let Some(reply_to) = reply_to {
        let mailbox: Mailbox = reply_to
            .parse()
            .map_err(|_| ComposeError::BadRecipient(super::mask::tokens(reply_to)))?;
        builder = builder.reply_to(mailbox);
    }
    if let Some(parent) = &draft.in_reply_to {
        builder = builder.in_reply_to(parent.clone());
    }
    if !draft.references.is_empty() {
        builder = builder.references(draft.references.join(" "));
    }
    // A mail without a Reply-To of its own expects no answer: its foot
    // says where commands go instead, in each of its parts.
    let (body, html) = match reply_to {
        Some(_) => (draft.body.clone(), draft.html.clone()),
        None => {
            let server = identity.from.email.to_string();
            (
                format!("{}{}", draft.body, super::notice::footer_text(&server)),
                draft
                    .html
                    .as_deref()
                    .map(|html| super::notice::with_html_footer(html, &server)),
            )
        }
    };
    match html {
        // A board mail: the text part first, the HTML board second (a
        // reader's program shows the last part it can).
        Some(html) => builder.multipart(
            MultiPart::alternative()
                .singlepart(text_part(&body))
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(html),
                ),
        ),
        None => builder.singlepart(text_part(&body)),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::outbox::{Draft, Status};

    fn queued(subject: &str, body: &str, to: Vec<String>) -> Queued {
        let now = chrono::Utc::now();
        Queued {
            id: 1,
            created_at: now,
            draft: Draft {
                game: None,
                to,
                subject: subject.to_string(),
                body: body.to_string(),
                message_id: "<x@example.org>".into(),
                in_reply_to: None,
                references: vec![],
                reply_to: None,
                html: None,
            },
            status: Status::Pending,
            attempts: 0,
            next_attempt_at: now,
            last_error: None,
            sent_at: None,
        }
    }

    #[test]
    fn undisclosed_recipients_are_all_hidden() {
        use crate::mail::outbox::UNDISCLOSED;
        let identity = Identity::parse("Chess <chess@example.org>").unwrap();
        let to = vec![
            UNDISCLOSED.to_string(),
            "c@example.org".to_string(),
            "d@example.org".to_string(),
        ];
        let message = message(&queued("x", "x", to), &identity).unwrap();
        assert_eq!(message.envelope().to().len(), 2);
        let text = String::from_utf8(message.formatted()).unwrap();
        assert!(!text.contains("c@example.org"), "{text}");
        assert!(!text.contains("d@example.org"), "{text}");
        let nobody = message_error(vec![UNDISCLOSED.to_string()], &identity);
        assert_eq!(nobody, ComposeError::NoRecipients);
    }

    fn message_error(to: Vec<String>, identity: &Identity) -> ComposeError {
        message(&queued("x", "x", to), identity).unwrap_err()
    }

    #[test]
    fn every_line_of_every_message_fits_rfc_5322() {
        let identity = Identity::parse("Bochess Server <bochess@example.org>").unwrap();
        let word = "x".repeat(5000);
        let words = "chess move 1 alice *** e2-e4 ".repeat(200);
        let accented = "é".repeat(3000);
        let many: Vec<String> = (0..60).map(|n| format!("player{n}@example.org")).collect();
        let everyone = message(&queued("x", "x", many.clone()), &identity).unwrap();
        assert_eq!(
            everyone.envelope().to().len(),
            60,
            "every address is a recipient"
        );
        for (subject, body, to) in [
            (
                word.as_str(),
                word.as_str(),
                vec!["a@example.org".to_string()],
            ),
            (words.as_str(), words.as_str(), many.clone()),
            (
                accented.as_str(),
                accented.as_str(),
                vec!["a@example.org".into()],
            ),
        ] {
            let message = message(&queued(subject, body, to), &identity).unwrap();
            let text = String::from_utf8(message.formatted()).unwrap();
            for line in text.split("\r\n") {
                assert!(
                    line.len() <= 998,
                    "{} characters: {}",
                    line.len(),
                    &line[..80]
                );
            }
        }
    }
}
