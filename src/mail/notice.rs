//! Notices: the mails that expect no answer, and the replies they get
//! all the same.
//!
//! A mail sent without a `Reply-To` of its own (a command's answer, an
//! expired or declined challenge, a game's end, a chat line, a message,
//! a ladder's or tournament's news, the welcome, help) is answered by
//! Reply at the server's plain address, with `Re: <its Subject>`. Run as
//! a command, that Subject is nonsense ("no such command") or, worse, the
//! command it answered (`Re: Re: seek chess` is `seek chess` again). So
//! every such mail says, at its foot, where to write instead
//! ([`footer_text`], [`footer_html`], added when the mail is composed),
//! and a reply whose Subject is one of theirs ([`answered`]) is told what
//! that mail was and how to send a command, and nothing is run.

use std::fmt;

/// What a reply to a notice answered, read from its Subject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The server's answer to a command (`Re: seek chess`).
    Answer(String),
    /// A challenge nobody accepted in time: the game's number.
    Expired(String),
    /// A challenge declined: the game's number and who declined.
    Declined(String, String),
    /// A game's end: its number.
    Over(String),
    /// An error mail, about a game when it names one.
    Error(Option<String>),
    /// A chat line: the game's number and its author.
    Chat(String, String),
    /// A player's message: its author.
    Message(String),
    /// The operator's broadcast.
    Broadcast,
    /// A ladder's news.
    Ladder,
    /// A tournament's news: its name.
    Tournament(String),
    /// The welcome of a new account.
    Welcome,
    /// A help page.
    Help,
    /// An opponent's vacation: their userid.
    Away(String),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Answer(request) => write!(f, "the server's answer to your mail `{request}`"),
            Notice::Expired(board) => {
                write!(f, "the notice that the challenge of board {board} expired")
            }
            Notice::Declined(board, by) => {
                write!(f, "the notice that {by} declined board {board}")
            }
            Notice::Over(board) => write!(f, "the notice that board {board} is over"),
            Notice::Error(Some(board)) => write!(f, "an error mail about board {board}"),
            Notice::Error(None) => write!(f, "an error mail"),
            Notice::Chat(board, author) => write!(f, "{author}'s chat about board {board}"),
            Notice::Message(from) => write!(f, "a message from {from}"),
            Notice::Broadcast => write!(f, "the operator's broadcast"),
            Notice::Ladder => write!(f, "a ladder's news"),
            Notice::Tournament(name) => write!(f, "the news of tournament {name}"),
            Notice::Welcome => write!(f, "the welcome mail"),
            Notice::Help => write!(f, "a help page"),
            Notice::Away(player) => write!(f, "the notice of {player}'s vacation"),
        }
    }
}

impl Notice {
    /// The one-line answer to a reply to this notice, `server` the
    /// address commands go to.
    pub fn answer(&self, server: &str) -> String {
        let mut line = format!(
            "your mail answers {self}, which needs no answer: nothing was done. \
             To send a command, write a new mail to {server} with the command as its \
             Subject, for example `{EXAMPLE}`; the Subject `help` lists them"
        );
        match self {
            Notice::Chat(board, _) => line.push_str(&format!(
                ". To answer the chat, the Subject `VARIANT chat {board} USERID PASSWORD` \
                 and your words in the body"
            )),
            Notice::Message(from) => line.push_str(&format!(
                ". To answer {from}, the Subject `message USERID PASSWORD {from}` and your \
                 words in the body"
            )),
            Notice::Over(_) | Notice::Expired(_) | Notice::Declined(..) => line.push_str(
                ". A game still being played takes moves by Reply to its latest board mail",
            ),
            _ => {}
        }
        line.push('.');
        line
    }
}

/// The example command a notice names: a mail line that works on every
/// server (chess is always played; a listing names its game by mail).
pub const EXAMPLE: &str = "chess games USERID";

/// The foot of a mail that expects no answer, in its text part: after a
/// signature separator, so that a mail program leaves it out of a quote.
pub fn footer_text(server: &str) -> String {
    format!(
        "\n-- \nThis mail needs no answer. To send a command, write a new mail to\n\
         {server} with the command as its Subject, for example\n  {EXAMPLE}\n\
         (the Subject `help` lists the commands).\n"
    )
}

/// [`footer_text`] as HTML, for the HTML part of the same mail.
pub fn footer_html(server: &str) -> String {
    let server = server
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<p style=\"font-size:smaller\">This mail needs no answer. To send a command, write a \
         new mail to <a href=\"mailto:{server}\">{server}</a> with the command as its Subject, \
         for example <code>{EXAMPLE}</code> (the Subject <code>help</code> lists the \
         commands).</p>\n"
    )
}

/// `html` with [`footer_html`] at the end of its body.
pub fn with_html_footer(html: &str, server: &str) -> String {
    let footer = footer_html(server);
    match html.rfind("</body>") {
        Some(end) => format!("{}{footer}{}", &html[..end], &html[end..]),
        None => format!("{html}{footer}"),
    }
}

/// The notice a Subject replies to: a reply prefix (`Re:`, `AW:`, `SV:`)
/// before the Subject of a mail the server sends without a Reply-To of
/// its own. `None` for anything else, which is read as a command as
/// before (`Re: Chess Board 1 alice PASSWORD e2-e4`, `Re: confirm ...`).
pub fn answered(subject: &str) -> Option<Notice> {
    let words: Vec<&str> = subject.split_whitespace().collect();
    let (first, rest) = words.split_first()?;
    let after = reply_prefix(first, rest)?;
    // A reply to a command's answer: a second reply prefix.
    if let Some((next, tail)) = after.split_first()
        && let Some(request) = reply_prefix(next, tail)
    {
        let request = trimmed(request);
        return (!request.is_empty()).then(|| Notice::Answer(request.join(" ")));
    }
    shape(&trimmed(after))
}

/// The words after `first` when it is a reply prefix (`Re:`, `RE[2]:`,
/// `AW:`, `SV:`; or `Re` before a lone `:`), else `None`.
fn reply_prefix<'a, 'b>(first: &'a str, rest: &'b [&'a str]) -> Option<&'b [&'a str]> {
    let is_prefix = |word: &str| {
        let word = word.split('[').next().unwrap_or(word);
        ["re", "aw", "sv"]
            .iter()
            .any(|p| word.eq_ignore_ascii_case(p))
    };
    if let Some(word) = first.strip_suffix(':') {
        return is_prefix(word).then_some(rest);
    }
    match rest.split_first() {
        Some((&":", tail)) if is_prefix(first) => Some(tail),
        _ => None,
    }
}

/// The words without a trailing `**` (a mail that carried a comment).
fn trimmed<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut words = words.to_vec();
    while words.last() == Some(&"**") {
        words.pop();
    }
    words
}

/// The notice whose Subject is `words`, by the shapes of the templates'
/// Subject lines.
fn shape(words: &[&str]) -> Option<Notice> {
    let is = |word: &str, expected: &str| word.eq_ignore_ascii_case(expected);
    let number = |word: &str| !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    let s = |word: &str| word.to_string();
    // `TITLE Board N expired|over|Error`, `TITLE Board N declined by X`,
    // `TITLE chat N AUTHOR` (a title is one word: pbmserv's short titles).
    if let [_, kind, board, tail @ ..] = words
        && number(board)
    {
        let board = s(board);
        if is(kind, "board") {
            return match tail {
                [w] if is(w, "expired") => Some(Notice::Expired(board)),
                [w] if is(w, "over") => Some(Notice::Over(board)),
                [w] if is(w, "error") => Some(Notice::Error(Some(board))),
                [d, b, by] if is(d, "declined") && is(b, "by") => {
                    Some(Notice::Declined(board, s(by)))
                }
                _ => None,
            };
        }
        if is(kind, "chat")
            && let [author] = tail
        {
            return Some(Notice::Chat(board, s(author)));
        }
    }
    match words {
        [b, e] if is(b, "boserv") && is(e, "error") => Some(Notice::Error(None)),
        [b, h, ..] if is(b, "boserv") && (is(h, "help") || is(h, "help:")) => Some(Notice::Help),
        [m, f, from] if is(m, "message") && is(f, "from") => Some(Notice::Message(s(from))),
        [b, f, _, v, server] if is(b, "broadcast") && is(f, "from") && is(v, "via") => {
            (is(server, "boserv")).then_some(Notice::Broadcast)
        }
        [w, _] if is(w, "welcome,") => Some(Notice::Welcome),
        [l, name, ..] if is(l, "ladder") && name.ends_with(':') => Some(Notice::Ladder),
        [t, name, ..] if is(t, "tournament") && name.ends_with(':') => {
            Some(Notice::Tournament(name.trim_end_matches(':').to_string()))
        }
        [player, i, o, v] if is(i, "is") && is(o, "on") && is(v, "vacation") => {
            Some(Notice::Away(s(player)))
        }
        [player, i, b, f, v]
            if is(i, "is") && is(b, "back") && is(f, "from") && is(v, "vacation") =>
        {
            Some(Notice::Away(s(player)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_to_each_notice_are_known_by_their_subject() {
        let cases = [
            ("Re: Re: seek chess", Notice::Answer("seek chess".into())),
            (
                "AW: Re: seek5 expires",
                Notice::Answer("seek5 expires".into()),
            ),
            ("Re: Chess Board 3 expired", Notice::Expired("3".into())),
            (
                "RE: Chess Board 3 declined by bob",
                Notice::Declined("3".into(), "bob".into()),
            ),
            ("Re: Chess Board 3 over **", Notice::Over("3".into())),
            ("SV: Chess Board 3 Error", Notice::Error(Some("3".into()))),
            ("Re: boserv Error", Notice::Error(None)),
            (
                "Re: Chess chat 3 alice",
                Notice::Chat("3".into(), "alice".into()),
            ),
            ("Re: Message from alice", Notice::Message("alice".into())),
            ("Re: Broadcast from op via boserv", Notice::Broadcast),
            ("Re: Ladder club: bob takes place 1", Notice::Ladder),
            (
                "Re: Tournament spring: round 2 over",
                Notice::Tournament("spring".into()),
            ),
            ("Re: Welcome, bob", Notice::Welcome),
            ("Re: boserv help: notation", Notice::Help),
            ("Re: boserv help", Notice::Help),
            ("Re: bob is on vacation", Notice::Away("bob".into())),
            ("Re: bob is back from vacation", Notice::Away("bob".into())),
            ("Re : Welcome, bob", Notice::Welcome),
        ];
        for (subject, notice) in cases {
            assert_eq!(answered(subject), Some(notice), "{subject}");
        }
    }

    #[test]
    fn commands_and_replies_to_mails_that_take_answers_are_not_notices() {
        for subject in [
            "Chess Board 3 expired",
            "Re: Chess Board 1 alice secret e2-e4",
            "Re: Nag: Chess Board 1 bob pw e4",
            "Re: confirm bob 123456",
            "Re: Chess Board 3 bob",
            "Re: Chess Invitation 3 bob",
            "Re: seek chess",
            "Re: Re: ",
            "Re: Digest Mon 2 Mar bob: your move in 2 games",
            "Fwd: Chess Board 3 expired",
            "Rex: Chess Board 3 expired",
            "",
        ] {
            assert_eq!(answered(subject), None, "{subject}");
        }
    }

    #[test]
    fn the_answer_names_the_notice_the_server_and_an_example() {
        let line = Notice::Expired("3".into()).answer("chess@example.net");
        assert!(line.contains("challenge of board 3 expired"), "{line}");
        assert!(line.contains("chess@example.net"), "{line}");
        assert!(line.contains(EXAMPLE), "{line}");
        assert!(!line.contains('\n'));
    }

    #[test]
    fn the_html_footer_goes_inside_the_body() {
        let html = with_html_footer("<html><body><p>x</p></body></html>", "a&b@example.net");
        assert!(html.ends_with("</body></html>"), "{html}");
        assert!(html.contains("a&amp;b@example.net"), "{html}");
    }
}
