//! pbmserv's command language: one line of words -> [`Request`]s.
//!
//! Mail subjects and `boserv run` lines speak the language players of
//! Richard's PBeM Server already know: `bochess move 42 alice secret
//! e2-e4#1`, `signup alice secret alice@example.org`, ... The verbs and
//! their arguments are the one table in [`super::verbs`], which the shell
//! and replies to board mails read too. This module only reads the words;
//! whether the game exists, the password is right or the move is legal is
//! the service's business. Every malformed line is a [`LanguageError`]
//! whose message is one line a player can act on.

use super::verbs;
use super::{Actor, Command, GameId};

pub use super::words::{login_word, split_move_number};

/// One parsed command, with the game word it was written under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The leading game word (`bochess` in `bochess move 42 ...`),
    /// lowercased; `None` for account and global commands. The service
    /// checks it against the board's game.
    pub game_word: Option<String>,
    pub actor: Actor,
    pub command: Command,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LanguageError {
    #[error("empty command: write a command such as `help`")]
    Empty,
    #[error("unknown command: {0} (send `help` for the list)")]
    UnknownCommand(String),
    #[error("{game} {verb}: no such command (send `help` for the list)")]
    UnknownVerb { game: String, verb: String },
    #[error("unknown command: {0} (see `boserv help commands`)")]
    UnknownShellCommand(String),
    #[error("missing {missing}: write `{usage}`")]
    Missing {
        missing: &'static str,
        usage: String,
    },
    #[error("too many words after `{last}`: write `{usage}`")]
    TooMany { last: String, usage: String },
    #[error("not a board number: {0}")]
    BadBoard(String),
    #[error(
        "show: {named} boards named, and one `show` shows at most {max}: \
         name at most {max} boards a line"
    )]
    TooManyBoards { named: usize, max: usize },
    #[error("not a move number: #{0}")]
    BadMoveNumber(String),
    #[error("more than {max} players named: name at most {max} a line")]
    TooManyUsers { max: usize },
    #[error("not a user name: {0} (letters, digits, `.`, `-`, `_`; at most 32)")]
    BadUser(String),
    #[error("not a game option: {0} (write -name or --name=value)")]
    BadOption(String),
    #[error("vacation: write on or off, not {0}")]
    BadSwitch(String),
    #[error("{verb}: write `{verb} {choices} ...`, not `{got}`")]
    BadSubcommand {
        verb: String,
        choices: String,
        got: String,
    },
    #[error("{what}: write {choices}, not {got}")]
    BadChoice {
        what: &'static str,
        choices: &'static str,
        got: String,
    },
    #[error("not a game's name: {0} (send `variants` for the list)")]
    BadGame(String),
    #[error("queue: {0}: write `queue GAME if REPLY then MOVE [if REPLY then MOVE]...`")]
    BadConditional(String),
}

/// The most boards one `show` line names (each is a board mail's worth
/// of text in the answer; a line of thousands is refused whole, without
/// reading past its count, issue 48).
pub const MAX_SHOW_BOARDS: usize = 20;

/// Reads one command line of the mail language. A line yields several
/// requests only for `show` with several boards (at most
/// [`MAX_SHOW_BOARDS`]).
pub fn parse(line: &str) -> Result<Vec<Request>, LanguageError> {
    verbs::parse_mail(line)
}

/// Reads the command line of a reply about `game`, from its `user`.
pub fn parse_reply(line: &str, game: GameId, user: &str) -> Result<Command, LanguageError> {
    verbs::parse_reply(line, game, user)
}

#[cfg(test)]
mod tests;
