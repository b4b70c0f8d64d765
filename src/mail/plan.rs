//! The steps of a letter, worked out before any lock is taken.
//!
//! A letter's commands become numbered steps: each command line that
//! parses is a step to run, a line that does not is a step refused, and
//! the commands over the limits ([`MAX_REQUESTS`], [`MAIL_BUDGET`]) are
//! one last refused step. The plan depends only on the message (and, for
//! a reply to a board mail, on whose token it carries), so every run of
//! the same message numbers its steps the same way: that is what lets an
//! interrupted `multiple` letter resume at its first step not yet done
//! ([`super::steps`]), and a letter of one step be taken in with one
//! transaction ([`super::handle`]).

use rusqlite::Connection;

use super::inbound::Letter;
use super::limits::{self, MAIL_BUDGET, MAX_REQUESTS};
use super::token;
use crate::command::language::{self, Request};
use crate::command::{Actor, Command, GameId};
use crate::store::StoreError;

/// A board and the user it is seen by, for an error mail.
pub type Board = Option<(GameId, Option<String>)>;

/// One step of a letter.
pub enum Step {
    /// A request to run, with the line it came from.
    Run(String, Request),
    /// A step refused before it could run, and why.
    Refuse(Board, String),
}

impl Step {
    /// True when running the step checks a password (argon2).
    pub fn needs_password(&self) -> bool {
        matches!(self, Step::Run(_, request) if matches!(request.actor, Actor::Claimed { .. }))
    }
}

/// The steps of `letter`, in order: step `n` is the `n`th of the list.
pub fn steps(conn: &Connection, letter: &Letter) -> Result<Vec<Step>, StoreError> {
    let items = match &letter.token {
        Some(token) => reply(conn, letter, token)?,
        None => parse(letter),
    };
    let (mut run, mut mails, mut skipped) = (0, 0, 0);
    let mut steps = Vec::with_capacity(items.len());
    for item in items {
        if let Step::Run(_, request) = &item {
            let cost = limits::mail_cost(request);
            if run >= MAX_REQUESTS || mails + cost > MAIL_BUDGET {
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
            "{skipped} more command(s) not run: one mail runs at most {MAX_REQUESTS} \
             commands, and only as many moves, challenges or new addresses as can \
             cause {MAIL_BUDGET} mails (send the rest in another mail)"
        );
        steps.push(Step::Refuse(None, why));
    }
    Ok(steps)
}

/// The items of a letter's command lines (one more than may run, at
/// most); a line that does not parse is refused.
fn parse(letter: &Letter) -> Vec<Step> {
    let mut items = Vec::new();
    let mut requests = 0;
    for line in &letter.commands {
        if requests > MAX_REQUESTS {
            break;
        }
        match language::parse(line) {
            Ok(parsed) => {
                for mut request in parsed {
                    if let Command::Signup { emails, .. } = &mut request.command
                        && emails.is_empty()
                    {
                        emails.push(letter.sender.clone());
                    }
                    requests += 1;
                    items.push(Step::Run(line.clone(), request));
                }
            }
            Err(e) => items.push(Step::Refuse(None, e.to_string())),
        }
    }
    items
}

/// A reply to a board mail: its token names the player and the game,
/// and the sender must be one of that player's confirmed addresses.
fn reply(conn: &Connection, letter: &Letter, token: &str) -> Result<Vec<Step>, StoreError> {
    let Some(bearer) = token::redeem(conn, token)? else {
        return Ok(vec![Step::Refuse(
            None,
            "this reply address is not valid (the game is over, or the address was \
             changed): write the full command in the Subject instead (send `help`)"
                .to_string(),
        )]);
    };
    let board = Some((bearer.game, Some(bearer.userid.clone())));
    if !crate::store::players::is_confirmed(conn, bearer.player, &letter.sender)? {
        let why = format!(
            "this reply address belongs to a board mail of {user}, and {sender} is not a \
             confirmed address of {user}: reply from the address the board mail came to",
            user = bearer.userid,
            sender = letter.sender,
        );
        return Ok(vec![Step::Refuse(board, why)]);
    }
    let Some(line) = letter.commands.first() else {
        return Ok(vec![Step::Refuse(
            board,
            "no command found: write your move (or resign, draw offer, show) on the \
             first line of your reply"
                .to_string(),
        )]);
    };
    Ok(vec![
        match language::parse_reply(line, bearer.game, &bearer.userid) {
            Ok(command) => Step::Run(
                line.clone(),
                Request {
                    game_word: None,
                    actor: Actor::Trusted(bearer.userid.clone()),
                    command,
                },
            ),
            Err(e) => Step::Refuse(board, e.to_string()),
        },
    ])
}
