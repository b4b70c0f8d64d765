//! pbmserv's command language: one line of words -> [`Request`]s.
//!
//! Mail subjects and `boserv run` lines speak the language players of
//! Richard's PBeM Server already know: `bochess move 42 alice secret
//! e2-e4#1`, `signup alice secret alice@example.org`, ... This module only
//! reads the words; whether the game exists, the password is right or the
//! move is legal is the service's business. Every malformed line is a
//! [`LanguageError`] whose message is one line a player can act on.

use super::{Actor, Command, DrawAction, GameId, GamesFilter};
use crate::rules::GameOption;

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
    #[error("missing {missing}: write `{usage}`")]
    Missing {
        missing: &'static str,
        usage: &'static str,
    },
    #[error("too many words after `{last}`: write `{usage}`")]
    TooMany { last: String, usage: &'static str },
    #[error("not a board number: {0}")]
    BadBoard(String),
    #[error("not a move number: #{0}")]
    BadMoveNumber(String),
    #[error("not a user name: {0} (letters, digits, `.`, `-`, `_`; at most 32)")]
    BadUser(String),
    #[error("not a mail address: {0}")]
    BadAddress(String),
    #[error("not a game option: {0} (write -name or --name=value)")]
    BadOption(String),
    #[error("vacation: write on or off, not {0}")]
    BadSwitch(String),
    #[error("change: write `change password ...` or `change address ...`, not {0}")]
    BadChange(String),
}

const SIGNUP: &str = "signup USERID PASSWORD [EMAIL...]";
const CHANGE_PASSWORD: &str = "change password USERID OLD NEW";
const CHANGE_ADDRESS: &str = "change address USERID PASSWORD EMAIL...";
const SIGNOFF: &str = "signoff USERID PASSWORD";
const VACATION: &str = "vacation USERID PASSWORD on|off";
const CHALLENGE: &str = "GAME challenge USERID... [-param] [--option=value]";
const MOVE: &str = "GAME move BOARD USERID PASSWORD TURN[#N]";
const ROLL: &str = "GAME roll BOARD";
const SHOW: &str = "GAME show BOARD[#N]...";
const HISTORY: &str = "GAME history BOARD";
const RESIGN: &str = "GAME resign BOARD USERID PASSWORD";

/// Reads one command line. A line yields several requests only for
/// `show` with several boards.
pub fn parse(line: &str) -> Result<Vec<Request>, LanguageError> {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "**").collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(LanguageError::Empty);
    };
    let verb = first.to_ascii_lowercase();
    let mut words = Words {
        rest,
        last: first.to_string(),
    };
    let global = |actor, command| {
        Ok(vec![Request {
            game_word: None,
            actor,
            command,
        }])
    };
    match verb.as_str() {
        "signup" => {
            let user = words.user(SIGNUP)?;
            let password = words.password(SIGNUP)?;
            let emails = words.addresses()?;
            global(
                Actor::Anonymous,
                Command::Signup {
                    user,
                    password,
                    emails,
                },
            )
        }
        "change" => change(&mut words),
        "signoff" | "delete" => {
            let actor = words.claimed(SIGNOFF)?;
            words.end(SIGNOFF)?;
            global(actor, Command::Signoff)
        }
        "vacation" => {
            let actor = words.claimed(VACATION)?;
            let switch = words.next("on or off", VACATION)?;
            let on = match switch.to_ascii_lowercase().as_str() {
                "on" => true,
                "off" => false,
                _ => return Err(LanguageError::BadSwitch(switch.to_string())),
            };
            words.end(VACATION)?;
            global(actor, Command::Vacation { on })
        }
        "help" => global(
            Actor::Anonymous,
            Command::Help {
                topic: words.topic(),
            },
        ),
        "variants" => global(Actor::Anonymous, Command::Variants),
        _ if is_game_word(&verb) => game_command(verb, &mut words),
        _ => Err(LanguageError::UnknownCommand(clean(first))),
    }
}

/// `change password ...` and `change address ...`.
fn change(words: &mut Words) -> Result<Vec<Request>, LanguageError> {
    let what = words.next("password or address", CHANGE_PASSWORD)?;
    let (actor, command) = match what.to_ascii_lowercase().as_str() {
        "password" => {
            let actor = words.claimed(CHANGE_PASSWORD)?;
            let new_password = words.password(CHANGE_PASSWORD)?;
            words.end(CHANGE_PASSWORD)?;
            (actor, Command::ChangePassword { new_password })
        }
        "address" => {
            let actor = words.claimed(CHANGE_ADDRESS)?;
            let emails = words.addresses()?;
            if emails.is_empty() {
                return Err(missing("EMAIL", CHANGE_ADDRESS));
            }
            (actor, Command::ChangeAddress { emails })
        }
        _ => return Err(LanguageError::BadChange(clean(what))),
    };
    Ok(vec![Request {
        game_word: None,
        actor,
        command,
    }])
}

/// `GAME VERB ...`: the commands about one kind of game or one board.
fn game_command(game: String, words: &mut Words) -> Result<Vec<Request>, LanguageError> {
    let Some(verb) = words.take() else {
        return Err(LanguageError::UnknownCommand(game));
    };
    let verb = verb.to_ascii_lowercase();
    let request = |actor, command| Request {
        game_word: Some(game.clone()),
        actor,
        command,
    };
    let one = |actor, command| Ok(vec![request(actor, command)]);
    match verb.as_str() {
        "move" | "board" | "mvoe" => {
            let board = words.board(MOVE)?;
            // A reply to an error mail (`Re: Bochess Board 42 Error`) with
            // the userid, password and move added after its Subject.
            if verb == "board"
                && words
                    .rest
                    .first()
                    .is_some_and(|w| w.eq_ignore_ascii_case("error"))
            {
                words.take();
            }
            let actor = words.claimed(MOVE)?;
            let turn = words.remaining();
            if turn.is_empty() {
                return Err(missing("TURN", MOVE));
            }
            let (turn, expect) = split_move_number(&turn)?;
            let command = match turn.to_ascii_lowercase().as_str() {
                "propose" => Command::Draw {
                    game: board,
                    action: DrawAction::Offer,
                },
                "accept" => Command::Draw {
                    game: board,
                    action: DrawAction::Accept,
                },
                "reject" => Command::Draw {
                    game: board,
                    action: DrawAction::Decline,
                },
                "resign" => Command::Resign { game: board },
                _ => Command::Move {
                    game: board,
                    turn: turn.to_string(),
                    expect,
                },
            };
            one(actor, command)
        }
        "roll" => {
            let board = words.board(ROLL)?;
            words.end(ROLL)?;
            one(Actor::Anonymous, Command::Roll { game: board })
        }
        "history" => {
            let board = words.board(HISTORY)?;
            words.end(HISTORY)?;
            one(Actor::Anonymous, Command::History { game: board })
        }
        "resign" => {
            let board = words.board(RESIGN)?;
            let actor = words.claimed(RESIGN)?;
            words.end(RESIGN)?;
            one(actor, Command::Resign { game: board })
        }
        "show" => show(words).map(|commands| {
            commands
                .into_iter()
                .map(|c| request(Actor::Anonymous, c))
                .collect()
        }),
        "games" => one(Actor::Anonymous, games(words)?),
        "help" => one(
            Actor::Anonymous,
            Command::Help {
                topic: Some(game.clone()),
            },
        ),
        _ if verb.len() >= 5 && "challenge".starts_with(verb.as_str()) => {
            let mut players = Vec::new();
            let mut options = Vec::new();
            while let Some(word) = words.take() {
                if word.starts_with('-') {
                    options.push(game_option(word)?);
                } else {
                    players.push(user_name(word)?);
                }
            }
            if players.is_empty() {
                return Err(missing("USERID", CHALLENGE));
            }
            one(
                Actor::Anonymous,
                Command::Challenge {
                    variant: game.clone(),
                    players,
                    options,
                },
            )
        }
        _ => Err(LanguageError::UnknownVerb {
            game: game.clone(),
            verb: clean(&verb),
        }),
    }
}

/// `show BOARD[#N]...` (one request per board; the word `board` is
/// skipped) or `show USERID... [active|all|next]` (their games).
fn show(words: &mut Words) -> Result<Vec<Command>, LanguageError> {
    let args: Vec<&str> = words
        .rest
        .iter()
        .copied()
        .filter(|w| !w.eq_ignore_ascii_case("board"))
        .collect();
    words.rest = &[];
    let Some(first) = args.first() else {
        return Err(missing("BOARD", SHOW));
    };
    if !first.starts_with(|c: char| c.is_ascii_digit()) && first.parse::<GameId>().is_err() {
        let mut users = Words {
            rest: &args,
            last: "show".into(),
        };
        return games(&mut users).map(|command| vec![command]);
    }
    args.iter()
        .map(|word| {
            let (board, at) = match word.split_once('#') {
                Some((board, n)) => (board, Some(move_number(n)?)),
                None => (*word, None),
            };
            Ok(Command::Show {
                game: board_number(board)?,
                at,
            })
        })
        .collect()
}

/// `games [USERID...] [active|all|next]`.
fn games(words: &mut Words) -> Result<Command, LanguageError> {
    let mut users = Vec::new();
    let mut filter = GamesFilter::default();
    while let Some(word) = words.take() {
        match word.to_ascii_lowercase().as_str() {
            "active" if words.rest.is_empty() => filter = GamesFilter::Active,
            "all" if words.rest.is_empty() => filter = GamesFilter::All,
            "next" if words.rest.is_empty() => filter = GamesFilter::Next,
            _ => users.push(user_name(word)?),
        }
    }
    Ok(Command::Games { users, filter })
}

/// Splits the `#N` guard off a turn; a bare `#` (checkmate) stays.
fn split_move_number(turn: &str) -> Result<(&str, Option<u32>), LanguageError> {
    match turn.rsplit_once('#') {
        Some((head, digits)) if !digits.is_empty() && !head.trim().is_empty() => {
            Ok((head.trim_end(), Some(move_number(digits)?)))
        }
        _ => Ok((turn, None)),
    }
}

fn move_number(digits: &str) -> Result<u32, LanguageError> {
    digits
        .parse::<u32>()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| LanguageError::BadMoveNumber(clean(digits)))
}

fn board_number(word: &str) -> Result<GameId, LanguageError> {
    word.parse::<GameId>()
        .map_err(|_| LanguageError::BadBoard(clean(word)))
}

/// A userid: letters, digits, `.`, `-`, `_`, lowercased.
fn user_name(word: &str) -> Result<String, LanguageError> {
    let ok = (1..=32).contains(&word.len())
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b))
        && !word.starts_with('-');
    if ok {
        Ok(word.to_ascii_lowercase())
    } else {
        Err(LanguageError::BadUser(clean(word)))
    }
}

/// A game word looks like a userid but starts with a letter.
fn is_game_word(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.len() <= 32
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `-param` or `--option[=value]`.
fn game_option(word: &str) -> Result<GameOption, LanguageError> {
    let body = word
        .strip_prefix("--")
        .or_else(|| word.strip_prefix('-'))
        .unwrap_or(word);
    let (name, value) = match body.split_once('=') {
        Some((name, value)) => (name, Some(value.to_string())),
        None => (body, None),
    };
    let name_ok = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !name_ok || value.as_deref() == Some("") {
        return Err(LanguageError::BadOption(clean(word)));
    }
    Ok(GameOption {
        name: name.to_ascii_lowercase(),
        value,
    })
}

fn missing(missing: &'static str, usage: &'static str) -> LanguageError {
    LanguageError::Missing { missing, usage }
}

/// A word quoted back in an error: printable, at most 40 characters.
fn clean(word: &str) -> String {
    let printable: String = word.chars().filter(|c| !c.is_control()).collect();
    match printable.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &printable[..cut]),
        None => printable,
    }
}

/// The words of a line not read yet.
struct Words<'a> {
    rest: &'a [&'a str],
    /// The last word read, for "too many words after X".
    last: String,
}

impl<'a> Words<'a> {
    fn take(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        self.last = first.to_string();
        Some(first)
    }

    fn next(&mut self, what: &'static str, usage: &'static str) -> Result<&'a str, LanguageError> {
        self.take().ok_or(LanguageError::Missing {
            missing: what,
            usage,
        })
    }

    fn user(&mut self, usage: &'static str) -> Result<String, LanguageError> {
        user_name(self.next("USERID", usage)?)
    }

    fn password(&mut self, usage: &'static str) -> Result<String, LanguageError> {
        Ok(self.next("PASSWORD", usage)?.to_string())
    }

    /// `USERID PASSWORD`: a user who must prove who they are.
    fn claimed(&mut self, usage: &'static str) -> Result<Actor, LanguageError> {
        let user = self.user(usage)?;
        let password = self.password(usage)?;
        Ok(Actor::Claimed { user, password })
    }

    fn board(&mut self, usage: &'static str) -> Result<GameId, LanguageError> {
        board_number(self.next("BOARD", usage)?)
    }

    fn addresses(&mut self) -> Result<Vec<String>, LanguageError> {
        let mut emails = Vec::new();
        while let Some(word) = self.take() {
            let address = word.trim_start_matches('<').trim_end_matches('>');
            if !super::is_mail_address(address) {
                return Err(LanguageError::BadAddress(clean(word)));
            }
            emails.push(address.to_string());
        }
        Ok(emails)
    }

    /// The rest of the line as one string (a turn may be several words).
    fn remaining(&mut self) -> String {
        let text = self.rest.join(" ");
        self.rest = &[];
        text
    }

    fn topic(&mut self) -> Option<String> {
        let topic = self.remaining().to_ascii_lowercase();
        (!topic.is_empty()).then_some(topic)
    }

    fn end(&self, usage: &'static str) -> Result<(), LanguageError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(LanguageError::TooMany {
                last: clean(&self.last),
                usage,
            })
        }
    }
}

#[cfg(test)]
mod tests;
