//! The reply address of a mail that lists several games: one Reply-To for
//! several boards.
//!
//! A daily digest lists every game where it is its reader's move, and a
//! tournament's start every game where its reader moves first; a mail has
//! one Reply-To. So such a mail carries a token of its own
//! (`chess+TOKEN@example.net`, 128 random bits, only its SHA-256 kept in
//! `digest_tokens`), bound to its reader and to the boards it listed, not
//! to one game; a reply to it names the board on its first line:
//! `7 e2-e4`, `board 7 e2-e4`, `game 7 e2-e4`, `#7 e2-e4` or `move 7
//! e2-e4` (the board number after the verb, as pbmserv writes it), the
//! rest being what a reply to that game's board mail says. A digest of one
//! game needs no board named. As a board mail's token, it works from one of
//! its reader's confirmed addresses, and only for their latest
//! `reply-token-mails` digests.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::identity::Identity;
use super::stamp;
use super::token::{address, digest, fresh};
use crate::command::GameId;
use crate::store::StoreError;

/// What a digest's token stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub player: i64,
    pub userid: String,
    /// The boards the digest listed.
    pub boards: Vec<GameId>,
    /// True when it is older than its reader's latest digests.
    pub stale: bool,
}

/// A fresh token for `player`'s digest listing `boards`, its hash
/// stored; returns the Reply-To address that carries it.
pub fn issue(
    conn: &Connection,
    identity: &Identity,
    player: i64,
    boards: &[GameId],
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let token = fresh()?;
    let boards: Vec<String> = boards.iter().map(|b| b.0.to_string()).collect();
    crate::store::exec(
        conn,
        "INSERT INTO digest_tokens (hash, player, issued, boards) VALUES (?1, ?2, ?3, ?4)",
        params![digest(&token), player, stamp(now), boards.join(" ")],
    )?;
    Ok(address(identity, &token))
}

/// What the digest token with digest `token_digest` stands for, a token
/// being good for its reader's latest `keep` digests; `None` for no
/// digest's token.
pub fn redeem(
    conn: &Connection,
    token_digest: &str,
    keep: u32,
) -> Result<Option<Holder>, StoreError> {
    let found = conn
        .query_row(
            "SELECT d.rowid, d.player, p.userid, d.boards
             FROM digest_tokens d JOIN players p ON p.id = d.player
             WHERE d.hash = ?1",
            [token_digest],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                ))
            },
        )
        .optional()?;
    let Some((row, player, userid, boards)) = found else {
        return Ok(None);
    };
    // The oldest of the reader's latest `keep` digests.
    let oldest: Option<i64> = conn
        .query_row(
            "SELECT rowid FROM digest_tokens WHERE player = ?1
             ORDER BY rowid DESC LIMIT 1 OFFSET ?2",
            params![player, i64::from(keep.max(1)) - 1],
            |r| r.get(0),
        )
        .optional()?;
    Ok(Some(Holder {
        player,
        userid,
        boards: boards
            .split_whitespace()
            .filter_map(|b| b.parse().ok())
            .map(GameId)
            .collect(),
        stale: oldest.is_some_and(|oldest| row < oldest),
    }))
}

/// Why the first line of a reply to a mail of several boards names none of them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unnamed {
    #[error(
        "name the board on the first line of your reply, then your move: \
         `{example} e2-e4` (the boards of the mail you answered: {boards})"
    )]
    NoBoard { example: u64, boards: String },
    #[error("board {board} is not one of the mail you answered (its boards: {boards})")]
    NotListed { board: u64, boards: String },
}

/// The board a digest reply's `line` names among `boards`, and the rest
/// of the line: what a reply to that board's own mail would say.
pub fn board_named<'a>(
    line: &'a str,
    boards: &[GameId],
) -> Result<(GameId, std::borrow::Cow<'a, str>), Unnamed> {
    let listed = || {
        boards
            .iter()
            .map(|b| b.0.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let named = split_board(line).filter(|(board, _, after_verb)| {
        // `history 5`: a verb's number that is no board of the digest is
        // the verb's own.
        !after_verb || boards.contains(&GameId(*board))
    });
    let Some((board, rest, _)) = named else {
        return match boards {
            [only] => Ok((*only, line.into())),
            _ => Err(Unnamed::NoBoard {
                example: boards.first().map_or(1, |b| b.0),
                boards: listed(),
            }),
        };
    };
    if !boards.contains(&GameId(board)) {
        return Err(Unnamed::NotListed {
            board,
            boards: listed(),
        });
    }
    Ok((GameId(board), rest))
}

/// `(board, rest, after a verb)` of a line that names a board: `7 …`,
/// `#7 …`, `7: …`, `board 7 …`, `game 7 …`, `game7 …`, or `VERB 7 …`
/// (read as `VERB …`). A number alone (`5254`, ICCF's e2-e4) names none.
fn split_board(line: &str) -> Option<(u64, std::borrow::Cow<'_, str>, bool)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |word: &str| -> Option<u64> {
        let word = word
            .trim_start_matches('#')
            .trim_end_matches([':', ',', '.']);
        let word = ["board", "game"]
            .iter()
            .find_map(|p| {
                word.get(..p.len())
                    .filter(|head| head.eq_ignore_ascii_case(p))
                    .map(|_| &word[p.len()..])
            })
            .unwrap_or(word);
        (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()))
            .then(|| word.parse().ok())
            .flatten()
    };
    match words.as_slice() {
        [first, rest @ ..] if !rest.is_empty() && number(first).is_some() => {
            Some((number(first)?, rest.join(" ").into(), false))
        }
        [word, n, rest @ ..]
            if (word.eq_ignore_ascii_case("board") || word.eq_ignore_ascii_case("game"))
                && number(n).is_some() =>
        {
            Some((number(n)?, rest.join(" ").into(), false))
        }
        [verb, n, rest @ ..]
            if verb.chars().all(|c| c.is_ascii_alphabetic()) && number(n).is_some() =>
        {
            let mut line = vec![*verb];
            line.extend(rest);
            Some((number(n)?, line.join(" ").into(), true))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(line: &str, boards: &[u64]) -> Result<(u64, String), Unnamed> {
        let boards: Vec<GameId> = boards.iter().copied().map(GameId).collect();
        board_named(line, &boards).map(|(b, rest)| (b.0, rest.into_owned()))
    }

    #[test]
    fn a_board_is_named_the_ways_players_write_it() {
        let boards = [7, 12];
        for line in [
            "7 e2-e4",
            "#7 e2-e4",
            "7: e2-e4",
            "board 7 e2-e4",
            "Game 7 e2-e4",
            "game7 e2-e4",
        ] {
            assert_eq!(named(line, &boards), Ok((7, "e2-e4".into())), "{line}");
        }
        assert_eq!(
            named("move 12 e7-e5#4", &boards),
            Ok((12, "move e7-e5#4".into()))
        );
        assert_eq!(
            named("draw 12 offer", &boards),
            Ok((12, "draw offer".into()))
        );
        assert_eq!(named("resign 7", &boards), Ok((7, "resign".into())));
    }

    #[test]
    fn one_board_needs_no_name_and_an_unlisted_one_is_refused() {
        assert_eq!(named("e2-e4", &[7]), Ok((7, "e2-e4".into())));
        assert_eq!(
            named("e2-e4", &[7, 12]).unwrap_err().to_string(),
            "name the board on the first line of your reply, then your move: \
             `7 e2-e4` (the boards of the mail you answered: 7, 12)"
        );
        assert_eq!(
            named("9 e2-e4", &[7, 12]),
            Err(Unnamed::NotListed {
                board: 9,
                boards: "7, 12".into()
            })
        );
        // A turn that begins with digits is no board, nor a verb's number.
        assert_eq!(named("1,3: c3-d4", &[7]), Ok((7, "1,3: c3-d4".into())));
        assert_eq!(named("5254", &[7]), Ok((7, "5254".into())));
        assert_eq!(named("history 5", &[7]), Ok((7, "history 5".into())));
    }
}
