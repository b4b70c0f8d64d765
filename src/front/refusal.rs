//! The error mail: why a command was refused, what to send instead, and
//! the player's own message quoted back as they wrote it.
//!
//! The reason comes first, in one line; then how to answer: the way the
//! player just did ([`Way`]), so a player who replied to a board mail
//! without a password is not sent to the password Subject first; the
//! Subject that would have worked follows, with the password (and the
//! move) left for the player to put in;
//! the board as it stands, from the player's side; last, their message:
//! only From, Subject and Date of its headers and the text they wrote,
//! decoded (never MIME, base64 or RFC 2047 words), with the password they
//! used masked.

use mail_parser::MessageParser;
use rusqlite::Connection;

use crate::command::GameId;
use crate::letters::{ErrorLetter, quoted_lines, wrap};
use crate::mail::inbound;
use crate::rules::VARIANTS;
use crate::service::dice::current_roll;
use crate::service::game::{LoadedGame, roll_text};

/// How many lines of the original an error mail quotes.
pub const QUOTED_LINES: usize = 200;

/// How the refused mail was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// The command in the Subject (pbmserv's form, with a password).
    Subject,
    /// A reply to a board mail: the command on the first line, no
    /// password (the Reply-To token speaks for the player).
    Reply,
}

/// The error letter for a command refused with `reason`, sent the `way`
/// given. `game` is the board the command named and the userid it spoke
/// for; `secret` the password it carried, masked wherever it appears in
/// the quote; `reply_here` says the letter carries a Reply-To token of
/// its own for that player and board.
pub fn letter(
    conn: &Connection,
    game: Option<(GameId, Option<&str>)>,
    reason: &str,
    raw: &[u8],
    secret: Option<&str>,
    way: Way,
    reply_here: bool,
) -> ErrorLetter {
    let loaded = game.and_then(|(g, _)| LoadedGame::load(conn, &VARIANTS, g).ok());
    let user = game.and_then(|(_, user)| user);
    let seat = user.and_then(|user| {
        let players = &loaded.as_ref()?.row.players;
        players.iter().position(|p| p.eq_ignore_ascii_case(user))
    });
    let mover = loaded
        .as_ref()
        .and_then(|game| seat.filter(|&s| Some(s) == game.position.to_move()));
    let instead = loaded.as_ref().map(|game| {
        let board = game.id().0;
        let variant = game.variant.name();
        match mover {
            Some(seat) => format!(
                "{variant} move {board} {} PASSWORD MOVE#{}",
                game.player_at(seat),
                game.row.ply + 1
            ),
            None => format!("{variant} show {board}"),
        }
    });
    // A reply to a board mail is answered by another reply: the line to
    // write first (the token of the board mail stays valid while the game
    // goes on, and this letter may carry one of its own).
    let reply = loaded
        .as_ref()
        .filter(|_| (way == Way::Reply || reply_here) && seat.is_some())
        .map(|game| match mover {
            Some(_) => format!("MOVE#{}", game.row.ply + 1),
            None => "show".to_string(),
        });
    // The player to move needs their roll to write the turn again.
    let roll = loaded
        .as_ref()
        .filter(|game| seat.is_some() && seat == game.position.to_move())
        .and_then(|game| current_roll(game).ok().flatten())
        .map(roll_text);
    ErrorLetter {
        roll,
        title: loaded.as_ref().map(|l| l.variant.title().to_string()),
        name: loaded.as_ref().map(|l| l.variant.full_name().to_string()),
        board: loaded.as_ref().map(|l| l.id().0),
        reason: wrap(reason, 76),
        instead,
        reply_here: reply_here && reply.is_some(),
        reply,
        diagram: loaded.as_ref().map(|l| {
            l.position
                .render_for(seat.unwrap_or(0))
                .trim_end()
                .to_string()
        }),
        original: original(raw, secret),
    }
}

/// The player's message as quoted: `From:`, `Subject:` and `Date:`, a
/// blank line, then the text of the body, decoded, with `secret` masked.
pub fn original(raw: &[u8], secret: Option<&str>) -> Vec<String> {
    let parsed = MessageParser::default().parse(raw);
    let text = match &parsed {
        Some(message) => {
            let mut text = String::new();
            for name in ["From", "Subject", "Date"] {
                let value = match name {
                    "From" => message.from().and_then(|a| a.first()).map(|a| {
                        match (a.name(), a.address()) {
                            (Some(n), Some(e)) => format!("{n} <{e}>"),
                            (_, Some(e)) => e.to_string(),
                            (Some(n), None) => n.to_string(),
                            (None, None) => String::new(),
                        }
                    }),
                    "Subject" => message.subject().map(str::to_string),
                    _ => message.date().map(|d| d.to_rfc822()),
                };
                if let Some(value) = value.filter(|v| !v.is_empty()) {
                    text.push_str(&format!("{name}: {value}\n"));
                }
            }
            text.push('\n');
            text.push_str(&inbound::body_text(message));
            text
        }
        None => String::from_utf8_lossy(raw).into_owned(),
    };
    let masked = match secret.filter(|s| !s.is_empty()) {
        Some(secret) => mask(&text, secret),
        None => text,
    };
    quoted_lines(masked.trim_end(), QUOTED_LINES)
}

/// `text` with every whole-word `secret` replaced by `***`.
fn mask(text: &str, secret: &str) -> String {
    text.lines()
        .map(|line| {
            line.split(' ')
                .map(|word| if word == secret { "***" } else { word })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quote_is_decoded_with_three_headers_and_no_password() {
        let raw = b"From mbox-line Mon Dec  7 10:00:00 2026\r\n\
Received: from x by y\r\n\
DKIM-Signature: v=1; a=rsa-sha256\r\n\
From: =?utf-8?q?Bob_M=C3=BCller?= <bob@example.org>\r\n\
Subject: =?utf-8?b?Y2hlc3MgbW92ZSA0MiBib2Igc2VjcmV0IGU1?=\r\n\
Date: Mon, 07 Dec 2026 10:00:00 +0000\r\n\
MIME-Version: 1.0\r\n\
Content-Type: text/plain; charset=utf-8\r\n\
Content-Transfer-Encoding: base64\r\n\r\n\
w4dhIHZhLCBzZWNyZXQ/Cg==\r\n";
        let lines = original(raw, Some("secret"));
        assert_eq!(
            lines,
            [
                "From: Bob Müller <bob@example.org>",
                "Subject: chess move 42 bob *** e5",
                "Date: Mon, 7 Dec 2026 10:00:00 +0000",
                "",
                "Ça va, secret?",
            ]
        );
    }
}
