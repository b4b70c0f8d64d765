//! Answering the mail the server sent, as a player's mail program does.
//!
//! Every test of a mail conversation goes through here (issue 49): the
//! server's mail is taken from what the `file:` transport delivered, and
//! the reply is written from it the way a client writes one: `Re: ` and
//! its Subject, to its Reply-To (else its From), from the address it was
//! sent to, threaded by In-Reply-To and References, the player's lines
//! first, then an attribution line and the original quoted with `> `.
//! Nothing of the reply is made up by the test but the player's lines.

use std::sync::atomic::{AtomicUsize, Ordering};

use mail_parser::{Address, MessageParser};

/// One mail as the server delivered it (a `file:` transport's .eml).
#[derive(Clone, Debug)]
pub struct Delivered {
    /// The outbox row it was written from (`outbox-ROW.eml`).
    pub row: i64,
    pub raw: String,
}

impl Delivered {
    fn parsed(&self) -> mail_parser::Message<'_> {
        MessageParser::default()
            .parse(self.raw.as_bytes())
            .expect("a delivered mail parses")
    }

    pub fn subject(&self) -> String {
        self.parsed().subject().unwrap_or_default().to_string()
    }

    /// The decoded text of its body.
    pub fn text(&self) -> String {
        self.parsed().body_text(0).unwrap_or_default().into_owned()
    }

    /// Its Message-ID, with angle brackets.
    pub fn message_id(&self) -> String {
        format!("<{}>", self.parsed().message_id().expect("a Message-ID"))
    }

    /// The Reply-To, if it names one.
    pub fn reply_to(&self) -> Option<String> {
        first(self.parsed().reply_to())
    }

    /// The address it came from.
    pub fn from(&self) -> String {
        first(self.parsed().from()).expect("a From")
    }

    /// The addresses it went to.
    pub fn to(&self) -> Vec<String> {
        let message = self.parsed();
        message
            .to()
            .map(|list| {
                list.iter()
                    .filter_map(|a| a.address())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Its References, with angle brackets.
    fn references(&self) -> Vec<String> {
        let message = self.parsed();
        let ids = match message.references() {
            mail_parser::HeaderValue::Text(id) => vec![id.to_string()],
            mail_parser::HeaderValue::TextList(ids) => {
                ids.iter().map(|id| id.to_string()).collect()
            }
            _ => Vec::new(),
        };
        ids.into_iter().map(|id| format!("<{id}>")).collect()
    }
}

fn first(address: Option<&Address<'_>>) -> Option<String> {
    address
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(str::to_string)
}

/// How a mail program writes a reply.
#[derive(Clone, Copy, Debug)]
pub struct Client {
    /// What it puts before the Subject: `Re: `, `AW: `, `SV: `.
    pub prefix: &'static str,
    /// Reply-All: the original's From and other recipients in Cc.
    pub all: bool,
    /// The original quoted under the reply.
    pub quote: bool,
    /// An HTML-only reply (the original in a `<blockquote>`).
    pub html: bool,
}

impl Client {
    /// Reply, with `Re: ` and the quoted original, in plain text.
    pub const REPLY: Client = Client {
        prefix: "Re: ",
        all: false,
        quote: true,
        html: false,
    };
}

/// The reply a player writes to `mail` by pressing Reply, with `body`
/// (one line or more) above the quoted original.
pub fn reply_to(mail: &Delivered, body: &str) -> String {
    reply_with(mail, body, Client::REPLY)
}

/// The reply `client` writes to `mail` with `body`.
pub fn reply_with(mail: &Delivered, body: &str, client: Client) -> String {
    static REPLIES: AtomicUsize = AtomicUsize::new(0);
    let n = REPLIES.fetch_add(1, Ordering::Relaxed);
    let from = mail
        .to()
        .into_iter()
        .next()
        .expect("the mail went somewhere");
    let to = mail.reply_to().unwrap_or_else(|| mail.from());
    let parent = mail.message_id();
    let mut references = mail.references();
    references.push(parent.clone());
    let mut head = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {}{}\r\n\
         Message-ID: <reply{n}.{}@client.example.test>\r\n\
         In-Reply-To: {parent}\r\nReferences: {}\r\n\
         Date: Sun, 1 Mar 2026 12:00:00 +0000\r\nMIME-Version: 1.0\r\n",
        client.prefix,
        mail.subject(),
        std::process::id(),
        references.join(" "),
    );
    if client.all {
        let mut cc: Vec<String> = mail.to().into_iter().filter(|a| *a != from).collect();
        if mail.from() != to {
            cc.push(mail.from());
        }
        if !cc.is_empty() {
            head.push_str(&format!("Cc: {}\r\n", cc.join(", ")));
        }
    }
    let original = mail.text();
    let attribution = format!("On Sun, 1 Mar 2026 at 11:00, {} wrote:", mail.from());
    let text = if client.html {
        let quoted = match client.quote {
            true => format!(
                "<div>{attribution}</div><blockquote type=\"cite\">{}</blockquote>",
                html_lines(&original)
            ),
            false => String::new(),
        };
        head.push_str("Content-Type: text/html; charset=utf-8\r\n");
        format!(
            "<html><body><div>{}</div>{quoted}</body></html>",
            html_lines(body)
        )
    } else {
        head.push_str("Content-Type: text/plain; charset=utf-8\r\n");
        let mut text = body.replace('\n', "\r\n");
        if client.quote {
            text.push_str(&format!("\r\n\r\n{attribution}\r\n"));
            for line in original.lines() {
                text.push_str(&format!("> {line}\r\n"));
            }
        }
        text
    };
    format!("{head}\r\n{text}\r\n")
}

/// Text as HTML lines.
fn html_lines(text: &str) -> String {
    text.lines()
        .map(|line| {
            line.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        })
        .collect::<Vec<_>>()
        .join("<br>\r\n")
}
