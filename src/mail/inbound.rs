//! Intake: one RFC 5322 message, as the MTA hands it over, -> what boserv
//! acts on.
//!
//! Only four things of a player's mail matter: who sent it, its
//! Message-ID (a mail seen before is not run again), the command (in the
//! Subject; in a reply to a token address, on the body's first line,
//! the Subject never read as one), and the comment in the body.
//! Everything else, and anything
//! mail-parser cannot make sense of, is reduced to an [`Intake`] the caller
//! can store and answer without ever panicking or echoing raw bytes.

use std::panic::{AssertUnwindSafe, catch_unwind};

use mail_parser::{Message, MessageParser};

use super::body;
use super::notice;
use super::robot::{self, Robot};
use super::subject;
use super::token;

/// The largest mail read by default; larger ones are refused unread (the
/// operator's setting: [`super::settings::Storage`]).
pub const SIZE_LIMIT: usize = 256 * 1024;

/// What a mail amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intake {
    /// A player's mail: commands to run.
    Letter(Letter),
    /// A bounce or an autoresponder: stored, never answered.
    Robot {
        robot: Robot,
        sender: Option<String>,
        message_id: Option<String>,
    },
    /// A mail that cannot be acted on: answered when `sender` is known.
    Refused {
        reason: Refusal,
        sender: Option<String>,
        message_id: Option<String>,
    },
}

/// A readable mail from a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The address replies go to.
    pub sender: String,
    /// The Message-ID without angle brackets, when it looks like one.
    pub message_id: Option<String>,
    /// The Subject made safe: no control characters.
    pub subject: String,
    /// The command lines: the Subject's, or the body's for `multiple`.
    pub commands: Vec<String>,
    /// The comment for the other players, if the body holds one.
    pub comment: Option<String>,
    /// The digest of the reply token the mail was sent to
    /// (`chess+TOKEN@...`, [`token::find`]): its one command is the body's
    /// first line, for the token's player and game.
    pub token: Option<String>,
}

/// Why a mail cannot be acted on. Each message is one line for the
/// error mail.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("your mail is {size} bytes; the limit is {limit} bytes")]
    TooLarge { size: usize, limit: usize },
    #[error("your mail could not be read as an Internet message")]
    Unreadable,
    #[error("your mail could not be read (the mail reader failed on it)")]
    ReaderFailed,
    #[error("no sender address found in From, Reply-To or Return-Path")]
    NoSender,
    #[error(
        "no command found: write the command in the Subject, or `multiple` and one command per line, \
         or reply to a board mail with your move on the first line"
    )]
    NoCommand,
    /// A reply to a mail that expects none ([`notice`]); its answer
    /// ([`notice::Notice::answer`]) names the server's address.
    #[error("your mail answers {0}, which needs no answer: nothing was done")]
    AnswersNotice(notice::Notice),
}

impl Intake {
    /// The sender, when one was found.
    pub fn sender(&self) -> Option<&str> {
        match self {
            Intake::Letter(letter) => Some(&letter.sender),
            Intake::Robot { sender, .. } | Intake::Refused { sender, .. } => sender.as_deref(),
        }
    }

    /// The Message-ID, when one was found.
    pub fn message_id(&self) -> Option<&str> {
        match self {
            Intake::Letter(letter) => letter.message_id.as_deref(),
            Intake::Robot { message_id, .. } | Intake::Refused { message_id, .. } => {
                message_id.as_deref()
            }
        }
    }
}

/// Reads one message with the default size limit, its reply token
/// looked for in its headers.
pub fn read(raw: &[u8]) -> Intake {
    let delivered = token::Recipient::Delivered { extension: None };
    read_with(raw, raw.len() as u64, SIZE_LIMIT, &delivered)
}

/// Reads one message of `size` bytes, of which `raw` are at hand, with
/// the size limit `limit`, its reply token looked for as `recipient`
/// says: a larger message is refused from its headers. Never panics: a
/// panic inside mail-parser becomes [`Refusal::ReaderFailed`].
pub fn read_with(raw: &[u8], size: u64, limit: usize, recipient: &token::Recipient) -> Intake {
    if size > limit as u64 {
        let headers = catch_unwind(|| {
            let message = MessageParser::default().parse_headers(raw)?;
            let (sender, message_id) = (sender(&message), message_id(&message));
            Some((
                robot::detect(&message, sender.as_deref()),
                sender,
                message_id,
            ))
        });
        let (robot, sender, message_id) = headers.ok().flatten().unwrap_or((None, None, None));
        if let Some(robot) = robot {
            return Intake::Robot {
                robot,
                sender,
                message_id,
            };
        }
        let reason = Refusal::TooLarge {
            size: usize::try_from(size).unwrap_or(usize::MAX),
            limit,
        };
        return Intake::Refused {
            reason,
            sender,
            message_id,
        };
    }
    let read = catch_unwind(AssertUnwindSafe(|| {
        MessageParser::default()
            .parse(raw)
            .map(|message| interpret(&message, recipient))
    }));
    match read {
        Ok(Some(intake)) => intake,
        Ok(None) => Intake::Refused {
            reason: Refusal::Unreadable,
            sender: None,
            message_id: None,
        },
        Err(_) => Intake::Refused {
            reason: Refusal::ReaderFailed,
            sender: None,
            message_id: None,
        },
    }
}

/// A parsed message -> [`Intake`].
fn interpret(message: &Message<'_>, recipient: &token::Recipient) -> Intake {
    let sender = sender(message);
    let message_id = message_id(message);
    if let Some(robot) = robot::detect(message, sender.as_deref()) {
        return Intake::Robot {
            robot,
            sender,
            message_id,
        };
    }
    let Some(sender) = sender else {
        return Intake::Refused {
            reason: Refusal::NoSender,
            sender: None,
            message_id,
        };
    };
    let subject = subject::command_line(message.subject().unwrap_or(""));
    let text = body_text(message);
    // A reply to a token address is read from its body alone: its
    // Subject is the mail it answers (`Re: Chess Invitation 1 bob`,
    // `AW: Digest ...`), never a command, whatever its words look like.
    let token = token::find(message, recipient);
    // A reply to a mail that expects none (`Re: Chess Board 3 expired`,
    // `Re: Re: seek chess`) at the plain address: nothing is run, and
    // the answer says what that mail was and how to send a command.
    if token.is_none()
        && let Some(notice) = notice::answered(&printable(message.subject().unwrap_or("")))
    {
        return Intake::Refused {
            reason: Refusal::AnswersNotice(notice),
            sender: Some(sender),
            message_id,
        };
    }
    let (commands, comment) = if token.is_some() {
        let (line, comment) = body::reply(&text);
        (line.into_iter().collect(), comment)
    } else if subject::is_multiple(&subject) {
        body::commands(&text)
    } else if subject.is_empty() {
        (Vec::new(), None)
    } else {
        (vec![subject.clone()], body::comment(&text))
    };
    // A reply to a board mail without a command is answered only when it
    // comes from its player (mail/plan.rs): nothing goes to a stranger.
    if commands.is_empty() && token.is_none() {
        return Intake::Refused {
            reason: Refusal::NoCommand,
            sender: Some(sender),
            message_id,
        };
    }
    Intake::Letter(Letter {
        sender,
        message_id,
        subject,
        commands,
        comment,
        token,
    })
}

/// `text` with its control characters blanked (a decoded Subject may
/// hold CR/LF).
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The first text part of the body; an HTML-only mail without what its
/// mail program quoted ([`body::html_text`]).
pub(crate) fn body_text(message: &Message<'_>) -> String {
    match message.text_part(0).map(|part| &part.body) {
        Some(mail_parser::PartType::Html(html)) => body::html_text(html),
        _ => message.body_text(0).unwrap_or_default().into_owned(),
    }
}

/// The reply address: From, else Reply-To, else Return-Path.
fn sender(message: &Message<'_>) -> Option<String> {
    let first = |address: Option<&mail_parser::Address<'_>>| {
        address
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .and_then(plausible_address)
    };
    first(message.from())
        .or_else(|| first(message.reply_to()))
        .or_else(|| {
            message
                .header_raw("Return-Path")
                .and_then(plausible_address)
        })
}

/// `local@domain` with nothing that could break a header, or `None`.
fn plausible_address(text: &str) -> Option<String> {
    let address = text
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    let (local, domain) = address.rsplit_once('@')?;
    let forbidden = |c: char| c.is_whitespace() || c.is_control() || "<>,;\"()[]\\".contains(c);
    (!local.is_empty()
        && !domain.is_empty()
        && !address.contains(forbidden)
        && address.len() <= 254)
        .then(|| address.to_string())
}

/// The Message-ID, when it has the shape `local@domain`.
fn message_id(message: &Message<'_>) -> Option<String> {
    let id = message.message_id()?.trim();
    let (local, domain) = id.split_once('@')?;
    let forbidden = |c: char| c.is_whitespace() || c.is_control() || c == '<' || c == '>';
    (!local.is_empty() && !domain.is_empty() && !id.contains(forbidden) && id.len() <= 250)
        .then(|| id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn letter(raw: &str) -> Letter {
        match read(raw.as_bytes()) {
            Intake::Letter(letter) => letter,
            other => panic!("not a letter: {other:?}"),
        }
    }

    #[test]
    fn subject_command_and_body_comment() {
        let l = letter(
            "From: Alice <alice@example.org>\r\nMessage-ID: <a1@example.org>\r\n\
             Subject: Re: chess move 1 alice pw e4 **\r\n\r\nYour turn!\r\n-- \r\nA\r\n",
        );
        assert_eq!(l.sender, "alice@example.org");
        assert_eq!(l.message_id.as_deref(), Some("a1@example.org"));
        assert_eq!(l.commands, vec!["chess move 1 alice pw e4"]);
        assert_eq!(l.comment.as_deref(), Some("Your turn!"));
    }

    #[test]
    fn sender_falls_back_to_reply_to_then_return_path() {
        let l = letter("Reply-To: r@example.org\r\nSubject: help\r\n\r\n");
        assert_eq!(l.sender, "r@example.org");
        let l = letter("Return-Path: <p@example.org>\r\nSubject: help\r\n\r\n");
        assert_eq!(l.sender, "p@example.org");
        let refused = read(b"Subject: help\r\n\r\nhi\r\n");
        assert!(matches!(
            refused,
            Intake::Refused {
                reason: Refusal::NoSender,
                ..
            }
        ));
    }

    #[test]
    fn no_subject_is_no_command_but_is_answered() {
        let intake = read(b"From: a@example.org\r\nSubject: Re: \r\n\r\nhello\r\n");
        assert_eq!(intake.sender(), Some("a@example.org"));
        assert!(matches!(
            intake,
            Intake::Refused {
                reason: Refusal::NoCommand,
                ..
            }
        ));
    }

    #[test]
    fn robots_are_recognised() {
        let cases = [
            (
                "Return-Path: <>\r\nFrom: x@example.org\r\n",
                Robot::NullReturnPath,
            ),
            (
                "From: x@example.org\r\nAuto-Submitted: auto-replied\r\n",
                Robot::AutoSubmitted("auto-replied".into()),
            ),
            (
                "From: x@example.org\r\nPrecedence: Bulk\r\n",
                Robot::Precedence("Bulk".into()),
            ),
            (
                "From: MAILER-DAEMON@example.org\r\n",
                Robot::MailerDaemon("MAILER-DAEMON@example.org".into()),
            ),
            (
                "From: x@example.org\r\nX-Autoreply: yes\r\n",
                Robot::AutoReply("X-Autoreply: yes".into()),
            ),
            (
                "From: x@example.org\r\nX-Autorespond: Out of office\r\n",
                Robot::AutoReply("X-Autorespond: Out of office".into()),
            ),
            (
                "From: x@example.org\r\nPrecedence: auto_reply\r\n",
                Robot::AutoReply("Precedence: auto_reply".into()),
            ),
            (
                "From: x@example.org\r\nX-Auto-Response-Suppress: All\r\n",
                Robot::AutoReply("X-Auto-Response-Suppress: All".into()),
            ),
            (
                "From: x@example.org\r\nList-Id: <chess.lists.example.org>\r\n",
                Robot::List("List-Id".into()),
            ),
            (
                "From: x@example.org\r\nList-Unsubscribe: <mailto:u@example.org>\r\n",
                Robot::List("List-Unsubscribe".into()),
            ),
            (
                "From: postmaster@example.org\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n",
                Robot::Report("a delivery status notification".into()),
            ),
        ];
        for (headers, expected) in cases {
            let raw = format!("{headers}Subject: chess show 1\r\n\r\n");
            match read(raw.as_bytes()) {
                Intake::Robot { robot, .. } => assert_eq!(robot, expected),
                other => panic!("{headers}: {other:?}"),
            }
        }
        let human = "From: x@example.org\r\nAuto-Submitted: no\r\nSubject: help\r\n\r\n";
        assert!(matches!(read(human.as_bytes()), Intake::Letter(_)));
    }

    #[test]
    fn oversized_mail_is_refused_with_its_sender() {
        let mut raw = b"From: big@example.org\r\nSubject: help\r\n\r\n".to_vec();
        raw.resize(SIZE_LIMIT + 1, b'x');
        let intake = read(&raw);
        assert_eq!(intake.sender(), Some("big@example.org"));
        assert!(matches!(
            intake,
            Intake::Refused {
                reason: Refusal::TooLarge { .. },
                ..
            }
        ));
    }

    #[test]
    fn odd_message_ids_are_not_kept() {
        let l = letter("From: a@example.org\r\nMessage-ID: <no-at-sign>\r\nSubject: help\r\n\r\n");
        assert_eq!(l.message_id, None);
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(raw in proptest::collection::vec(any::<u8>(), 0..2048)) {
            let _ = read(&raw);
        }

        #[test]
        fn header_like_bytes_never_panic(
            headers in proptest::collection::vec("[A-Za-z-]{1,12}: [ -~]{0,40}", 0..6),
            body in "[ -~\r\n]{0,200}",
        ) {
            let raw = format!("{}\r\n\r\n{body}", headers.join("\r\n"));
            if let Intake::Letter(letter) = read(raw.as_bytes()) {
                prop_assert!(!letter.subject.chars().any(char::is_control));
            }
        }
    }

    #[test]
    fn a_mail_of_exactly_the_limit_is_read_and_the_default_is_256_kib() {
        let mut raw = b"From: long@example.org\r\nSubject: help\r\n\r\n".to_vec();
        raw.resize(1000, b'x');
        let delivered = token::Recipient::Delivered { extension: None };
        assert!(matches!(
            read_with(&raw, 1000, 1000, &delivered),
            Intake::Letter(_)
        ));
        assert!(matches!(
            read_with(&raw, 1001, 1000, &delivered),
            Intake::Refused {
                reason: Refusal::TooLarge {
                    size: 1001,
                    limit: 1000
                },
                ..
            }
        ));
        // The default is 256 KiB: a long game record pasted in is read.
        raw.resize(200 * 1024, b'x');
        assert!(matches!(read(&raw), Intake::Letter(_)));
        raw.resize(300 * 1024, b'x');
        assert!(matches!(
            read(&raw),
            Intake::Refused {
                reason: Refusal::TooLarge { .. },
                ..
            }
        ));
    }

    #[test]
    fn the_message_id_of_any_intake_is_the_one_it_came_with() {
        let with =
            read(b"From: a@example.org\r\nMessage-ID: <m1@example.org>\r\nSubject: help\r\n\r\n");
        assert_eq!(with.message_id(), Some("m1@example.org"));
        let without = read(b"From: a@example.org\r\nSubject: help\r\n\r\n");
        assert_eq!(without.message_id(), None);
        let refused = read(b"From: a@example.org\r\nMessage-ID: <m2@example.org>\r\n\r\nhi\r\n");
        assert_eq!(refused.message_id(), Some("m2@example.org"));
    }

    #[test]
    fn an_address_that_could_break_a_header_is_no_sender() {
        for address in [
            "x;y@example.org",
            "x,y@example.org",
            "x\"y@example.org",
            "x y@example.org",
        ] {
            let raw = format!("Return-Path: <{address}>\r\nSubject: help\r\n\r\n");
            assert!(
                matches!(
                    read(raw.as_bytes()),
                    Intake::Refused {
                        reason: Refusal::NoSender,
                        sender: None,
                        ..
                    }
                ),
                "{address}"
            );
        }
    }

    #[test]
    fn a_message_id_that_could_break_a_header_is_not_kept() {
        for id in [
            "<a b@example.org>",
            "<a<b@example.org>",
            "<a>b@example.org>",
        ] {
            let l = letter(&format!(
                "From: a@example.org\r\nMessage-ID: {id}\r\nSubject: help\r\n\r\n"
            ));
            assert_eq!(l.message_id, None, "{id}");
        }
    }

    #[test]
    fn a_reply_to_a_notice_at_the_plain_address_is_refused_naming_it() {
        let intake =
            read(b"From: a@example.org\r\nSubject: Re: Chess Board 3 expired\r\n\r\nok then\r\n");
        assert!(
            matches!(
                &intake,
                Intake::Refused {
                    reason: Refusal::AnswersNotice(notice::Notice::Expired(board)),
                    ..
                } if board == "3"
            ),
            "{intake:?}"
        );
    }

    #[test]
    fn an_html_only_mail_loses_what_its_mail_program_quoted() {
        let l = letter(
            "From: a@example.org\r\nSubject: chess show 1\r\nContent-Type: text/html\r\n\r\n\
             <div>Thanks.</div><blockquote>old board</blockquote>\r\n",
        );
        assert_eq!(l.comment.as_deref(), Some("Thanks."));
    }
}
