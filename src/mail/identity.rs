//! Who boserv's mail comes from, and the Message-IDs that thread a game.
//!
//! `BOSERV_FROM` (e.g. `Bochess Server <bochess@example.org>`) names the
//! server; its domain is the right-hand side of every Message-ID boserv
//! makes. A game's mails get deterministic ids, so each player's mail
//! program shows a game as one thread and a mail queued twice (a reminder
//! run twice) is one row: the id is the outbox's idempotency key.

use lettre::message::Mailbox;

use crate::command::GameId;

/// The `From` used when `BOSERV_FROM` is not set.
pub const DEFAULT_FROM: &str = "boserv <boserv@localhost>";

/// The server's mail identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub from: Mailbox,
    /// The domain of `from`, for Message-IDs.
    pub domain: String,
    /// Where a mail that asks for an answer carries its reply token
    /// (setting `reply-tokens`).
    pub tokens: TokensIn,
}

/// Where reply tokens travel (setting `reply-tokens`, see
/// `super::token`): in the Reply-To's plus address, which the reply is
/// sent to, or, for a mailbox at a provider that drops plus addresses,
/// in the mail's Message-ID, which the reply names in its In-Reply-To.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TokensIn {
    /// `Reply-To: chess+TOKEN@example.net` (the default).
    #[default]
    Address,
    /// `Message-ID: <TOKEN.game7.ply12.board.alice@example.net>`, the
    /// Reply-To the plain address.
    Thread,
}

/// A `reply-tokens` setting that is neither.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is neither `address` nor `thread`")]
pub struct TokensInError(String);

impl std::str::FromStr for TokensIn {
    type Err = TokensInError;

    fn from_str(text: &str) -> Result<TokensIn, TokensInError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "address" => Ok(TokensIn::Address),
            "thread" => Ok(TokensIn::Thread),
            _ => Err(TokensInError(
                text.chars().filter(|c| !c.is_control()).collect(),
            )),
        }
    }
}

/// A `From` setting that is not a mail address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("BOSERV_FROM: not a mail address: {0}")]
pub struct IdentityError(String);

impl Identity {
    /// Reads a `Name <user@domain>` or bare `user@domain` setting.
    pub fn parse(from: &str) -> Result<Identity, IdentityError> {
        let printable: String = from.chars().filter(|c| !c.is_control()).collect();
        let from: Mailbox = from
            .trim()
            .parse()
            .map_err(|_| IdentityError(printable.clone()))?;
        let domain = from.email.domain().to_ascii_lowercase();
        Ok(Identity {
            from,
            domain,
            tokens: TokensIn::Address,
        })
    }

    /// From `BOSERV_FROM`, else [`DEFAULT_FROM`].
    pub fn from_env() -> Result<Identity, IdentityError> {
        match std::env::var("BOSERV_FROM") {
            Ok(from) if !from.trim().is_empty() => Identity::parse(&from),
            _ => Identity::parse(DEFAULT_FROM),
        }
    }

    /// The id of one mail of a game thread: `<game7.ply12.board.alice@domain>`.
    /// `kind` says what the mail is (`new`, `board`, `draw`, `nag1`, ...) so
    /// two mails about the same ply never share an id.
    pub fn game_mail_id(&self, game: GameId, ply: u32, kind: &str, user: &str) -> String {
        use std::fmt::Write;
        // Written into one string (a `remind` run writes two per letter).
        let mut id = String::with_capacity(32 + kind.len() + user.len() + self.domain.len());
        let _ = write!(id, "<{game}.ply{ply}.");
        push_id_part(&mut id, kind);
        id.push('.');
        push_id_part(&mut id, user);
        id.push('@');
        id.push_str(&self.domain);
        id.push('>');
        id
    }

    /// The id of a game's first mail to `user`, which every later mail of
    /// the game to that user answers (In-Reply-To / References).
    pub fn game_root_id(&self, game: GameId, user: &str) -> String {
        self.game_mail_id(game, 0, "new", user)
    }

    /// The id of answer `n` to the message kept as inbox row `row`: an
    /// error, a list, help. See [`Identity::is_answer`].
    pub fn answer_id(&self, row: i64, n: usize) -> String {
        format!("<inbox{row}.answer{n}@{}>", self.domain)
    }

    /// True for the id of an answer to a received message (RFC 3834
    /// `auto-replied`); every other mail of boserv is a notice
    /// (`auto-generated`).
    pub fn is_answer(&self, message_id: &str) -> bool {
        message_id
            .strip_prefix("<inbox")
            .and_then(|rest| rest.strip_suffix(&format!("@{}>", self.domain)))
            .and_then(|rest| rest.split_once(".answer"))
            .is_some_and(|(row, n)| {
                !row.is_empty()
                    && !n.is_empty()
                    && row.bytes().chain(n.bytes()).all(|b| b.is_ascii_digit())
            })
    }

    /// A fresh id for a mail outside any thread (help, errors, lists).
    pub fn unique_id(&self, now: chrono::DateTime<chrono::Utc>) -> String {
        let mut bytes = [0u8; 8];
        // Without OS randomness the timestamp alone still keeps ids apart
        // in practice; uniqueness is enforced by the outbox anyway.
        let _ = getrandom::fill(&mut bytes);
        format!(
            "<boserv.{}.{}@{}>",
            now.format("%Y%m%d%H%M%S"),
            hex::encode(bytes),
            self.domain
        )
    }
}

/// Writes `text` at the end of `id`, keeping only characters (dot-atom
/// text) safe inside a Message-ID's left-hand side.
fn push_id_part(id: &mut String, text: &str) {
    id.extend(text.chars().map(|c| {
        if c.is_ascii_alphanumeric() || "-_.".contains(c) {
            c
        } else {
            '_'
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_names_the_domain() {
        let identity = Identity::parse("Bochess Server <Bo@Example.ORG>").unwrap();
        assert_eq!(identity.domain, "example.org");
        assert_eq!(identity.from.to_string(), "Bochess Server <Bo@Example.ORG>");
        assert!(Identity::parse("no address").is_err());
        assert!(Identity::parse("a@b.org\r\nBcc: x@y.org").is_err());
        assert!(Identity::parse(DEFAULT_FROM).is_ok());
    }

    #[test]
    fn game_ids_are_deterministic_and_distinct() {
        let identity = Identity::parse("bo@example.org").unwrap();
        let id = identity.game_mail_id(GameId(7), 12, "board", "alice");
        assert_eq!(id, "<game7.ply12.board.alice@example.org>");
        assert_eq!(id, identity.game_mail_id(GameId(7), 12, "board", "alice"));
        assert_ne!(id, identity.game_mail_id(GameId(7), 12, "draw", "alice"));
        assert_eq!(
            identity.game_root_id(GameId(7), "a.b"),
            "<game7.ply0.new.a.b@example.org>"
        );
        assert_eq!(
            identity.game_mail_id(GameId(1), 1, "x y", "<z>"),
            "<game1.ply1.x_y._z_@example.org>"
        );
        let now = chrono::Utc::now();
        assert_ne!(identity.unique_id(now), identity.unique_id(now));
        let answer = identity.answer_id(12, 0);
        assert_eq!(answer, "<inbox12.answer0@example.org>");
        assert!(identity.is_answer(&answer));
        assert!(!identity.is_answer(&id));
        assert!(!identity.is_answer(&identity.unique_id(now)));
        assert!(!identity.is_answer("<inbox12.answer0@elsewhere.org>"));
    }
}
