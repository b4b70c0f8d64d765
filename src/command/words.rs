//! Reading the words of a command line: userids, boards, addresses,
//! options and the `#N` guard.
//!
//! The verb table ([`super::verbs`]) says what each verb takes; these are
//! the readers its entries use, the same in every world (shell, mail,
//! reply). Each failure is a [`LanguageError`] a player can act on.

use super::language::LanguageError;
use super::{Actor, GameId, GamesFilter};
use crate::rules::GameOption;

/// The words of a line not read yet.
pub struct Words<'a> {
    pub(crate) rest: &'a [&'a str],
    /// The last word read, for "too many words after X".
    pub(crate) last: String,
    /// The verb's usage in the world being read, for "missing X: write
    /// `usage`".
    pub(crate) usage: &'a str,
    /// What a board is called where the line came from (`GAME` in the
    /// shell, `BOARD` by mail).
    pub(crate) board_word: &'static str,
}

impl<'a> Words<'a> {
    pub fn new(rest: &'a [&'a str], last: &str, usage: &'a str) -> Self {
        Words {
            rest,
            last: last.to_string(),
            usage,
            board_word: "BOARD",
        }
    }

    pub fn take(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.rest.split_first()?;
        self.rest = rest;
        self.last = first.to_string();
        Some(first)
    }

    /// The next word without reading it.
    pub fn peek(&self) -> Option<&'a str> {
        self.rest.first().copied()
    }

    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    pub fn next(&mut self, what: &'static str) -> Result<&'a str, LanguageError> {
        self.take().ok_or_else(|| self.missing(what))
    }

    pub fn missing(&self, what: &'static str) -> LanguageError {
        LanguageError::Missing {
            missing: what,
            usage: self.usage.to_string(),
        }
    }

    pub fn user(&mut self) -> Result<String, LanguageError> {
        user_name(self.next("USERID")?)
    }

    pub fn password(&mut self) -> Result<String, LanguageError> {
        Ok(self.next("PASSWORD")?.to_string())
    }

    /// `USERID PASSWORD`: a user who must prove who they are.
    pub fn claimed(&mut self) -> Result<Actor, LanguageError> {
        let user = self.user()?;
        let password = self.password()?;
        Ok(Actor::Claimed { user, password })
    }

    pub fn board(&mut self) -> Result<GameId, LanguageError> {
        board_number(self.next(self.board_word)?)
    }

    /// Mail addresses to the end of the line (`<a@b.c>` taken as `a@b.c`);
    /// the service checks each (one wording in every world).
    pub fn addresses(&mut self) -> Result<Vec<String>, LanguageError> {
        let mut emails = Vec::new();
        while let Some(word) = self.take() {
            emails.push(
                word.trim_start_matches('<')
                    .trim_end_matches('>')
                    .to_string(),
            );
        }
        Ok(emails)
    }

    /// `on` or `off`.
    pub fn switch(&mut self) -> Result<bool, LanguageError> {
        let word = self.next("on or off")?;
        match word.to_ascii_lowercase().as_str() {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(LanguageError::BadSwitch(clean(word))),
        }
    }

    /// The rest of the line as one string (a turn may be several words).
    pub fn remaining(&mut self) -> String {
        let text = self.rest.join(" ");
        self.rest = &[];
        text
    }

    /// Users and a selector (`all|active|inactive|next`, or `--all`...)
    /// to the end of the line; the selector may stand anywhere.
    pub fn users_and_selector(&mut self) -> Result<(Vec<String>, GamesFilter), LanguageError> {
        let mut users = Vec::new();
        let mut filter = GamesFilter::default();
        while let Some(word) = self.take() {
            match selector(word) {
                Some(chosen) => filter = chosen,
                None => {
                    let user = user_name(word)?;
                    if users.iter().any(|u: &String| u.eq_ignore_ascii_case(&user)) {
                        continue;
                    }
                    if users.len() == MAX_USERS {
                        return Err(LanguageError::TooManyUsers { max: MAX_USERS });
                    }
                    users.push(user);
                }
            }
        }
        Ok((users, filter))
    }

    pub fn end(&self) -> Result<(), LanguageError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(LanguageError::TooMany {
                last: clean(&self.last),
                usage: self.usage.to_string(),
            })
        }
    }
}

/// The most players one `games`/`show USERID...` line names (each once,
/// however often it is repeated; issue 48).
pub const MAX_USERS: usize = 20;

/// `all`, `active`, `inactive`, `next` (or the shell's `--all`, ...).
pub fn selector(word: &str) -> Option<GamesFilter> {
    match word.trim_start_matches("--").to_ascii_lowercase().as_str() {
        "all" => Some(GamesFilter::All),
        "active" => Some(GamesFilter::Active),
        "inactive" => Some(GamesFilter::Inactive),
        "next" => Some(GamesFilter::Next),
        _ => None,
    }
}

/// `--login=USERID:PASSWORD` (a challenger's proof by mail) -> (USERID,
/// PASSWORD). Passwords hold no colon, userids neither.
pub fn login_word(word: &str) -> Option<(&str, &str)> {
    word.strip_prefix("--login=")?.split_once(':')
}

/// Splits the `#N` guard off a turn; a bare `#` (checkmate) stays.
pub fn split_move_number(turn: &str) -> Result<(&str, Option<u32>), LanguageError> {
    match turn.rsplit_once('#') {
        Some((head, digits)) if !digits.is_empty() && !head.trim().is_empty() => {
            Ok((head.trim_end(), Some(move_number(digits)?)))
        }
        _ => Ok((turn, None)),
    }
}

pub fn move_number(digits: &str) -> Result<u32, LanguageError> {
    digits
        .parse::<u32>()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| LanguageError::BadMoveNumber(clean(digits)))
}

pub fn board_number(word: &str) -> Result<GameId, LanguageError> {
    word.parse::<GameId>()
        .map_err(|_| LanguageError::BadBoard(clean(word)))
}

/// `BOARD[#N]` -> the board and the move number after which to show it.
pub fn board_at(word: &str) -> Result<(GameId, Option<u32>), LanguageError> {
    match word.split_once('#') {
        Some((board, n)) => Ok((board_number(board)?, Some(move_number(n)?))),
        None => Ok((board_number(word)?, None)),
    }
}

/// A userid: letters, digits, `.`, `-`, `_`, lowercased.
pub fn user_name(word: &str) -> Result<String, LanguageError> {
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
pub fn is_game_word(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.len() <= 32
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `-param`, `--option[=value]`, or the shell's `NAME[=VALUE]` after
/// `--opt`.
pub fn game_option(word: &str) -> Result<GameOption, LanguageError> {
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

/// A word quoted back in an error: printable, at most 40 characters.
pub fn clean(word: &str) -> String {
    let printable: String = word.chars().filter(|c| !c.is_control()).collect();
    match printable.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &printable[..cut]),
        None => printable,
    }
}

/// Reads `if REPLY then MOVE [if REPLY then MOVE]...` (the words `if` and
/// `then` in any case) into its (reply, move) pairs.
pub fn conditional_line(text: &str) -> Result<Vec<(String, String)>, LanguageError> {
    let bad = |why: &str| LanguageError::BadConditional(why.to_string());
    let mut pairs = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if !word.eq_ignore_ascii_case("if") {
            return Err(bad(&format!("`{}` where `if` was expected", clean(word))));
        }
        let mut reply = Vec::new();
        let mut then = false;
        for w in words.by_ref() {
            if w.eq_ignore_ascii_case("then") {
                then = true;
                break;
            }
            reply.push(w);
        }
        if reply.is_empty() {
            return Err(bad("a REPLY is missing after `if`"));
        }
        if !then {
            return Err(bad("`then MOVE` is missing"));
        }
        let mut answer = Vec::new();
        while let Some(w) = words.next_if(|w| !w.eq_ignore_ascii_case("if")) {
            answer.push(w);
        }
        if answer.is_empty() {
            return Err(bad("a MOVE is missing after `then`"));
        }
        pairs.push((reply.join(" "), answer.join(" ")));
    }
    Ok(pairs)
}
