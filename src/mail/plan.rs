//! The steps of a letter, worked out before any lock is taken.
//!
//! A letter's commands become numbered steps: each command line that
//! parses is a step to run, a line that does not is a step refused, and
//! the commands over the limits (`commands-per-mail`, [`MAIL_BUDGET`])
//! are one last refused step; a letter of more command lines than one
//! mail may hold is refused whole, as one step, before any line is read.
//! The plan depends only on the message and the settings (and, for a
//! reply to a board mail, on whose token it carries), so every run of
//! the same message numbers its steps the same way: that is what lets an
//! interrupted `multiple` letter resume at its first step not yet done
//! ([`super::steps`]), and a letter of one step be taken in with one
//! transaction ([`super::handle`]).

use rusqlite::Connection;

use super::bounds::Bounds;
use super::digest_token;
use super::inbound::Letter;
use super::limits::{self, MAIL_BUDGET};
use super::token::{self, Redeemed};
use crate::command::language::{self, Request};
use crate::command::{Actor, Command, GameId};
use crate::store::{StoreError, players};

/// A board and the user it is seen by, for an error mail.
pub type Board = Option<(GameId, Option<String>)>;

/// One step of a letter.
pub enum Step {
    /// A request to run, with the line it came from.
    Run(String, Request),
    /// A step refused before it could run, and why.
    Refuse(Board, String),
    /// A step refused that nobody is told of (a reply token's from an
    /// address that is not its player's).
    Ignore,
}

/// Why a reply to an unknown token, or one of a game that ended, is
/// refused.
const NOT_VALID: &str = "this reply address is not valid (the game is over, or the address was \
     changed): write the full command in the Subject instead (send `help`)";

impl Step {
    /// True when running the step checks a password (argon2).
    pub fn needs_password(&self) -> bool {
        matches!(self, Step::Run(_, request) if matches!(request.actor, Actor::Claimed { .. }))
    }
}

/// The steps of `letter`, in order: step `n` is the `n`th of the list.
/// A letter of more command lines than `bounds` allow is one step: its
/// refusal (nothing of it runs, nothing is stored per line).
pub fn steps(conn: &Connection, letter: &Letter, bounds: &Bounds) -> Result<Vec<Step>, StoreError> {
    let max = bounds.commands_per_mail as usize;
    if letter.token.is_none() && letter.commands.len() > max {
        let why = TooMany {
            lines: letter.commands.len(),
            max,
        };
        return Ok(vec![Step::Refuse(None, why.to_string())]);
    }
    let (items, not_kept) = match &letter.token {
        Some(token) => (reply(conn, letter, token, bounds)?, 0),
        None => parse(letter, max),
    };
    let (mut run, mut mails, mut skipped) = (0, 0, not_kept);
    let mut steps = Vec::with_capacity(items.len());
    for item in items {
        if let Step::Run(_, request) = &item {
            let cost = limits::mail_cost(request);
            if run >= max || mails + cost > MAIL_BUDGET {
                skipped += 1;
                continue;
            }
            run += 1;
            mails += cost;
        }
        steps.push(item);
    }
    if skipped > 0 {
        let why = format!(
            "{skipped} more command(s) not run: one mail runs at most {max} \
             commands, and only as many moves, challenges or new addresses as can \
             cause {MAIL_BUDGET} mails (send the rest in another mail)"
        );
        steps.push(Step::Refuse(None, why));
    }
    Ok(steps)
}

/// A letter of more command lines than one mail may hold.
#[derive(Debug, thiserror::Error)]
#[error(
    "your mail holds {lines} command lines and one mail may hold at most {max}: \
     none of them was run; send them in mails of {max} lines or fewer"
)]
pub struct TooMany {
    pub lines: usize,
    pub max: usize,
}

/// The items of a letter's command lines, one more request than may
/// run at most (so that [`steps`] knows some were left), and how many
/// requests past those were not kept: a line of many requests is
/// counted, never copied once per request (issue 48). A line that does
/// not parse is refused.
fn parse(letter: &Letter, max: usize) -> (Vec<Step>, usize) {
    let mut items = Vec::new();
    let (mut requests, mut not_kept) = (0, 0);
    for line in &letter.commands {
        match language::parse(line) {
            Ok(parsed) => {
                for mut request in parsed {
                    if requests > max {
                        not_kept += 1;
                        continue;
                    }
                    if let Command::Signup { emails, .. } = &mut request.command
                        && emails.is_empty()
                    {
                        emails.push(letter.sender.clone());
                    }
                    requests += 1;
                    items.push(Step::Run(line.clone(), request));
                }
            }
            Err(e) if requests <= max => items.push(Step::Refuse(None, e.to_string())),
            Err(_) => {}
        }
    }
    (items, not_kept)
}

/// A reply to a board mail: its token names the player and the game,
/// and the sender must be one of that player's confirmed addresses. A
/// reply from any other address is never answered (From is easily
/// forged: nothing goes to an address nobody confirmed); a token of an
/// older board mail, or of a game that ended, is refused to the player.
fn reply(
    conn: &Connection,
    letter: &Letter,
    token: &str,
    bounds: &Bounds,
) -> Result<Vec<Step>, StoreError> {
    let confirmed = |player| players::is_confirmed(conn, player, &letter.sender);
    let bearer = match token::redeem(conn, token, bounds.reply_token_mails)? {
        Redeemed::Valid(bearer) if confirmed(bearer.player)? => bearer,
        Redeemed::Stale(bearer) if confirmed(bearer.player)? => {
            let why = format!(
                "this reply address belongs to an older board mail of game {}: reply to \
                 your latest board mail of the game (or write the full command in the Subject)",
                bearer.game.0
            );
            return Ok(vec![Step::Refuse(
                Some((bearer.game, Some(bearer.userid))),
                why,
            )]);
        }
        Redeemed::Over(bearer) if confirmed(bearer.player)? => {
            return Ok(vec![Step::Refuse(None, NOT_VALID.to_string())]);
        }
        Redeemed::Unknown => return digest_reply(conn, letter, token, bounds),
        _ => return Ok(vec![Step::Ignore]),
    };
    let Some(line) = letter.commands.first() else {
        let board = Some((bearer.game, Some(bearer.userid.clone())));
        return Ok(vec![Step::Refuse(board, NO_LINE.to_string())]);
    };
    Ok(vec![board_reply(line, line, bearer.game, &bearer.userid)])
}

/// Why a reply without a first line is refused.
const NO_LINE: &str = "no command found: write your move (or resign, draw offer, show) on the \
     first line of your reply";

/// The step of a reply's `line` (as the player wrote it) saying `said`
/// to board `game` for `userid`, its token's player.
fn board_reply(line: &str, said: &str, game: GameId, userid: &str) -> Step {
    match language::parse_reply(said, game, userid) {
        Ok(command) => Step::Run(
            line.to_string(),
            Request {
                game_word: None,
                actor: Actor::Trusted(userid.to_string()),
                command,
            },
        ),
        Err(e) => Step::Refuse(Some((game, Some(userid.to_string()))), e.to_string()),
    }
}

/// A reply to a mail of several boards, a daily digest or a tournament's
/// start ([`digest_token`]): its token names the
/// player, its first line the board (`7 e2-e4`); from any address but the
/// player's confirmed ones it is never answered.
fn digest_reply(
    conn: &Connection,
    letter: &Letter,
    token: &str,
    bounds: &Bounds,
) -> Result<Vec<Step>, StoreError> {
    let holder = match digest_token::redeem(conn, token, bounds.reply_token_mails)? {
        Some(holder) if players::is_confirmed(conn, holder.player, &letter.sender)? => holder,
        None if players::is_confirmed_anywhere(conn, &letter.sender)? => {
            return Ok(vec![Step::Refuse(None, NOT_VALID.to_string())]);
        }
        _ => return Ok(vec![Step::Ignore]),
    };
    if holder.stale {
        let why = "this reply address belongs to an older mail: reply to the game's \
                   latest board mail (or to your latest digest)";
        return Ok(vec![Step::Refuse(None, why.to_string())]);
    }
    let Some(line) = letter.commands.first() else {
        return Ok(vec![Step::Refuse(None, NO_LINE.to_string())]);
    };
    Ok(vec![
        match digest_token::board_named(line, &holder.boards) {
            Ok((game, said)) => board_reply(line, &said, game, &holder.userid),
            Err(e) => Step::Refuse(None, e.to_string()),
        },
    ])
}
