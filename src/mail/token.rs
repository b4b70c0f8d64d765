//! Reply tokens: answering a board mail without a password.
//!
//! Each board mail (and reminder) to a player carries `Reply-To:
//! chess+TOKEN@example.net`, the server's address with a plus part. TOKEN
//! is 128 random bits, fresh for each mail, bound to that player and that
//! game; only its SHA-256 is kept (in `reply_tokens`, with the game's
//! ply when it was mailed), so a copy of the database names no valid
//! token. A reply to it, from one of the player's confirmed addresses, is
//! that player's command in that game while the game is active and the
//! mail is one of the player's latest board mails of the game (setting
//! `reply-token-mails`, by default the current one and the one before,
//! counted by ply): whoever once saw a board mail cannot move for its
//! player for the rest of the game. The outbox row keeps the Reply-To
//! until the mail is sent, then only its masked form.
//!
//! Where the server reads a mailbox at a provider that drops plus
//! addresses (setting `reply-tokens thread`), the token travels in the
//! mail's Message-ID instead ([`thread_id`]: `<TOKEN.game7.ply12.board.
//! alice@example.net>`, the Reply-To the plain address), and a reply
//! names it in In-Reply-To, as every mail program writes it. It is
//! redeemed exactly as the plus address is: only from one of its
//! player's confirmed addresses. Replies are read both ways whatever the
//! setting, so mails sent before a change still work.

use chrono::{DateTime, Utc};
use mail_parser::{HeaderValue, Message};
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::identity::Identity;
use super::stamp;
use crate::command::GameId;
use crate::store::StoreError;

/// Hex digits in a token (128 bits).
pub const TOKEN_HEX: usize = 32;

/// What a valid token stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bearer {
    pub game: GameId,
    pub player: i64,
    pub userid: String,
}

/// A fresh token for `player` in `game`, its hash stored; returns the
/// Reply-To address that carries it.
pub fn issue(
    conn: &Connection,
    identity: &Identity,
    game: GameId,
    player: i64,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let token = fresh()?;
    crate::store::exec(
        conn,
        "INSERT INTO reply_tokens (hash, game, player, issued, ply)
         VALUES (?1, ?2, ?3, ?4, (SELECT ply FROM games WHERE id = ?2))",
        params![digest(&token), game.0 as i64, player, stamp(now)],
    )?;
    Ok(address(identity, &token))
}

/// 128 fresh random bits, hex: a new token.
pub(super) fn fresh() -> Result<String, StoreError> {
    let mut bytes = [0u8; TOKEN_HEX / 2];
    getrandom::fill(&mut bytes)
        .map_err(|e| StoreError::Damaged(format!("no randomness for a reply token: {e}")))?;
    Ok(hex::encode(bytes))
}

/// `local+TOKEN@domain` for the server's address.
pub fn address(identity: &Identity, token: &str) -> String {
    let email = &identity.from.email;
    format!("{}+{token}@{}", email.user(), email.domain())
}

/// Where the reply token of a message is looked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// A message as the MTA hands it over: the plus part of the address
    /// it was delivered to (`$EXTENSION`, as Postfix's local delivery
    /// sets it), else its recipient headers.
    Delivered { extension: Option<String> },
    /// A message read again from the spool, where its reply tokens are
    /// masked: the digest of the token found when it was spooled, if any.
    Known(Option<String>),
}

impl Recipient {
    /// As delivered to this process (`$EXTENSION` from its environment).
    pub fn from_env() -> Recipient {
        Recipient::Delivered {
            extension: std::env::var("EXTENSION").ok(),
        }
    }
}

/// The digest ([`digest`]) of the token a message was sent to, if any:
/// the plus part of a recipient (`$EXTENSION`, Delivered-To,
/// X-Original-To, To, Cc) that has a token's shape. The address around it
/// does not matter (the server may have several names): the token alone
/// is the secret, and past this point only its digest is handled.
pub fn find(message: &Message<'_>, recipient: &Recipient) -> Option<String> {
    let extension = match recipient {
        Recipient::Known(found) => return found.clone(),
        Recipient::Delivered { extension } => extension.as_deref(),
    };
    if let Some(token) = extension.and_then(as_token) {
        return Some(digest(&token));
    }
    let mut candidates: Vec<String> = Vec::new();
    for name in ["Delivered-To", "X-Original-To"] {
        for value in message.header_values(name) {
            if let HeaderValue::Text(text) = value {
                candidates.push(text.to_string());
            }
        }
    }
    for list in [message.to(), message.cc()].into_iter().flatten() {
        for addr in list.iter() {
            if let Some(a) = addr.address() {
                candidates.push(a.to_string());
            }
        }
    }
    candidates
        .iter()
        .find_map(|candidate| {
            let candidate = candidate.trim().trim_matches(['<', '>']);
            let (user, _domain) = candidate.rsplit_once('@')?;
            let (_base, plus) = user.split_once('+')?;
            as_token(plus)
        })
        .or_else(|| in_thread(message))
        .map(|token| digest(&token))
}

/// The token of the mail a message answers, when that mail carried it in
/// its Message-ID ([`thread_id`]): In-Reply-To names the mail answered;
/// only without it, the last of References (some programs write only
/// that). Older mails of the thread named in References are not read: a
/// reply to an answer is not a reply to the board mail before it.
fn in_thread(message: &Message<'_>) -> Option<String> {
    let ids = |value: &HeaderValue<'_>| -> Vec<String> {
        match value {
            HeaderValue::Text(id) => vec![id.to_string()],
            HeaderValue::TextList(ids) => ids.iter().map(|id| id.to_string()).collect(),
            _ => Vec::new(),
        }
    };
    let parent = ids(message.in_reply_to())
        .into_iter()
        .next()
        .or_else(|| ids(message.references()).pop())?;
    let (left, _domain) = parent.trim().trim_matches(['<', '>']).rsplit_once('@')?;
    let (token, _rest) = left.split_once('.')?;
    as_token(token)
}

/// The Message-ID and Reply-To of a mail whose token travels in its
/// thread (`reply-tokens thread`): `message_id` (`<game7...@domain>`)
/// with the token of `reply_to` (`chess+TOKEN@domain`) in front, and the
/// plain address. `None` when `reply_to` carries no token.
pub fn thread_id(message_id: &str, reply_to: &str) -> Option<(String, String)> {
    let (user, domain) = reply_to.trim().rsplit_once('@')?;
    let (base, plus) = user.split_once('+')?;
    let token = as_token(plus)?;
    let inner = message_id.trim().strip_prefix('<')?;
    Some((format!("<{token}.{inner}"), format!("{base}@{domain}")))
}

/// A plus part that has the shape of a token, lowercased.
fn as_token(text: &str) -> Option<String> {
    let text = text.trim();
    (text.len() == TOKEN_HEX && text.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| text.to_ascii_lowercase())
}

/// What a token found in a reply stands for now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Redeemed {
    /// Good: its player's command in its game.
    Valid(Bearer),
    /// The token of a board mail older than its player's latest
    /// `reply-token-mails` of the game.
    Stale(Bearer),
    /// Its game is over.
    Over(Bearer),
    /// No token of this server.
    Unknown,
}

/// What the token with digest `token_digest` ([`find`]) stands for, a
/// token being good for its player's latest `keep` board mails of the
/// game (by ply: every mail of one ply is one board mail) while the game
/// is active. A token of a ply taken back (`undo`) is stale.
pub fn redeem(conn: &Connection, token_digest: &str, keep: u32) -> Result<Redeemed, StoreError> {
    let found = conn
        .query_row(
            "SELECT t.game, t.player, p.userid, coalesce(t.ply, g.ply), g.ply,
                    g.status = 'active'
             FROM reply_tokens t
             JOIN games g ON g.id = t.game JOIN players p ON p.id = t.player
             WHERE t.hash = ?1",
            [token_digest],
            |r| {
                let bearer = Bearer {
                    game: GameId(r.get::<_, i64>(0)? as u64),
                    player: r.get(1)?,
                    userid: r.get(2)?,
                };
                Ok((
                    bearer,
                    r.get::<_, i64>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, bool>(5)?,
                ))
            },
        )
        .optional()?;
    let Some((bearer, ply, now_ply, active)) = found else {
        return Ok(Redeemed::Unknown);
    };
    if !active {
        return Ok(Redeemed::Over(bearer));
    }
    // The oldest ply of the player's latest `keep` board mails.
    let oldest: Option<i64> = conn
        .query_row(
            "SELECT DISTINCT ply FROM reply_tokens
             WHERE game = ?1 AND player = ?2 AND ply <= ?3
             ORDER BY ply DESC LIMIT 1 OFFSET ?4",
            params![
                bearer.game.0 as i64,
                bearer.player,
                now_ply,
                i64::from(keep.max(1)) - 1
            ],
            |r| r.get(0),
        )
        .optional()?;
    let fresh = ply <= now_ply && oldest.is_none_or(|oldest| ply >= oldest);
    Ok(if fresh {
        Redeemed::Valid(bearer)
    } else {
        Redeemed::Stale(bearer)
    })
}

/// The stored form of a token or code: SHA-256, hex.
pub fn digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_found_in_the_recipients() {
        let identity = Identity::parse("Chess <chess@example.net>").unwrap();
        let token = "00112233445566778899aabbccddeeff";
        let raw = format!(
            "From: b@example.org\r\nTo: \"Chess\" <chess+{token}@Example.NET>\r\nSubject: Re: x\r\n\r\ne5\r\n"
        );
        let message = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap();
        let delivered = Recipient::Delivered { extension: None };
        assert_eq!(find(&message, &delivered), Some(digest(token)));
        let by_extension = Recipient::Delivered {
            extension: Some(token.to_ascii_uppercase()),
        };
        let headless = mail_parser::MessageParser::default()
            .parse(b"From: b@example.org\r\nSubject: x\r\n\r\ne5\r\n".as_slice())
            .unwrap();
        assert_eq!(find(&headless, &by_extension), Some(digest(token)));
        let known = Recipient::Known(None);
        assert_eq!(find(&message, &known), None, "a spooled copy says itself");
        let other = raw.replace(token, "short");
        let message = mail_parser::MessageParser::default()
            .parse(other.as_bytes())
            .unwrap();
        assert_eq!(find(&message, &delivered), None);
        assert_eq!(
            address(&identity, token),
            format!("chess+{token}@example.net")
        );
    }

    #[test]
    fn a_token_in_the_thread_is_found_in_the_mail_answered() {
        let token = "00112233445566778899aabbccddeeff";
        let (id, plain) = thread_id(
            "<game7.ply2.board.bob@example.net>",
            &format!("chess+{token}@example.net"),
        )
        .unwrap();
        assert_eq!(id, format!("<{token}.game7.ply2.board.bob@example.net>"));
        assert_eq!(plain, "chess@example.net");
        assert_eq!(thread_id("<x@example.net>", "chess@example.net"), None);
        let parse = |raw: String| {
            let message = mail_parser::MessageParser::default()
                .parse(raw.as_bytes())
                .unwrap();
            find(&message, &Recipient::Delivered { extension: None })
        };
        let root = "<game7.ply0.new.bob@example.net>";
        let head = "From: b@example.org\r\nTo: chess@example.net\r\nSubject: Re: x\r\n";
        assert_eq!(
            parse(format!(
                "{head}In-Reply-To: {id}\r\nReferences: {root} {id}\r\n\r\ne5\r\n"
            )),
            Some(digest(token))
        );
        assert_eq!(
            parse(format!("{head}References: {root} {id}\r\n\r\ne5\r\n")),
            Some(digest(token)),
            "References alone: its last id"
        );
        // A reply to an answer whose thread once held a board mail.
        assert_eq!(
            parse(format!(
                "{head}In-Reply-To: <inbox3.answer0@example.net>\r\nReferences: {id} <inbox3.answer0@example.net>\r\n\r\ne5\r\n"
            )),
            None
        );
        assert_eq!(
            parse(format!("{head}In-Reply-To: {root}\r\n\r\ne5\r\n")),
            None
        );
    }
}
