//! The one table of the command language.
//!
//! Every verb a player or the operator may use is one [`Verb`] here: its
//! name and aliases, where it stands on a line, whether it needs a login,
//! its arguments, its help, and the function that reads them. Three
//! worlds read lines from this table and nothing else:
//!
//! - the shell: `boserv [--as USERID] VERB [GAME] ARGS` (the shell is
//!   trusted: `--as` names the user, no password);
//! - mail and `boserv run`, in pbmserv's order: `[GAME] VERB [BOARD]
//!   [USERID PASSWORD] ARGS`;
//! - a reply to a board mail, whose token already names the game and the
//!   player: `VERB ARGS`, or a turn alone.
//!
//! The arguments after that prefix are read by the same function in every
//! world, so a verb exists in all of them or in none, and `help` shows each
//! world its own syntax ([`usage`]).

mod build;
pub mod consent;
mod ladder;
mod rating;
mod social;
mod table;
mod tournament;

pub use table::VERBS;

use super::language::LanguageError;
use super::words::Words;
use super::{Actor, Command, GameId};

/// Where a verb stands on a line, and what comes before its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `VERB ARGS` in every world (accounts, help).
    Global,
    /// About a kind of game: mail `GAME VERB ARGS`, shell `VERB GAME ARGS`.
    Kind,
    /// About one board: mail `GAME VERB BOARD ARGS`, shell `VERB GAME ARGS`
    /// (the game named `game7` or `7`), a reply `VERB ARGS`.
    Board,
    /// Lists: mail `[GAME] VERB ARGS` (the game word `all`, a game's name,
    /// or none), shell `VERB ARGS`.
    Listing,
}

/// Which front end a line came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum World {
    /// `boserv VERB ...` in a shell.
    #[default]
    Shell,
    /// A mail's Subject or body line, or a `boserv run` line.
    Mail,
    /// The first line of a reply to a board mail.
    Reply,
}

/// What a verb's reader sees: the words after the prefix, and what the
/// prefix named.
pub struct Parse<'a> {
    pub words: Words<'a>,
    /// The game word (mail) or the variant named after the verb (shell),
    /// lowercased.
    pub game: Option<String>,
    pub board: Option<GameId>,
    /// Who asks: the login read from the line, `--as`, or a reply's
    /// player. A reader may replace it (`--login=` on a challenge).
    pub actor: Actor,
    pub world: World,
}

impl Parse<'_> {
    /// The board the prefix named (every [`Place::Board`] verb has one).
    pub fn board(&self) -> GameId {
        self.board.expect("a board verb's prefix names its board")
    }

    /// The game word or variant the prefix named ([`Place::Kind`]).
    pub fn game(&self) -> String {
        self.game.clone().unwrap_or_default()
    }
}

/// Reads a verb's arguments into the commands it asks for (several only
/// for `show` with several boards).
pub type Build = fn(&mut Parse<'_>) -> Result<Vec<Command>, LanguageError>;

/// One verb of the language.
pub struct Verb {
    /// The verb; two words for `change password` and `change address`.
    pub name: &'static str,
    /// Other spellings (`delete` for `signoff`, pbmserv's typo `mvoe`).
    pub aliases: &'static [&'static str],
    pub place: Place,
    /// By mail it needs `USERID PASSWORD` right after its prefix (the
    /// shell names the user with `--as`; a reply's token names them).
    pub login: bool,
    /// The arguments after the prefix and login, the same in every world.
    pub args: &'static str,
    /// Which argument word (0-based, after the login) is a password that
    /// must be masked wherever the line is stored or quoted.
    pub secret: Option<usize>,
    /// One line for `help commands`.
    pub summary: &'static str,
    /// The page `help VERB` adds under the syntax.
    pub page: &'static str,
    /// Arguments that make a valid line (for the table's own tests).
    pub example: &'static str,
    pub build: Build,
}

impl Verb {
    /// True when `word` (lowercased) names this verb.
    pub fn is_called(&self, words: &[&str]) -> bool {
        // Compared in place, never lowercased whole: a first word of
        // 100 KB costs nothing against a name of a few letters.
        let Some(first) = words.first() else {
            return false;
        };
        if let Some((one, two)) = self.name.split_once(' ') {
            return first.eq_ignore_ascii_case(one)
                && words.get(1).is_some_and(|w| w.eq_ignore_ascii_case(two));
        }
        first.eq_ignore_ascii_case(self.name)
            || self.aliases.iter().any(|a| first.eq_ignore_ascii_case(a))
    }

    /// How many words the name takes.
    pub fn name_words(&self) -> usize {
        self.name.split(' ').count()
    }

    /// The syntax of this verb in `world`.
    pub fn usage(&self, world: World) -> String {
        let mut parts: Vec<&str> = Vec::new();
        match (world, self.place) {
            (World::Mail, Place::Kind | Place::Board) => parts.extend(["GAME", self.name]),
            (World::Mail, Place::Listing) => parts.extend(["[GAME|all]", self.name]),
            (World::Shell, Place::Kind) => parts.extend([self.name, "VARIANT"]),
            (World::Shell, Place::Board) => parts.extend([self.name, "GAME"]),
            (World::Reply, _) | (_, Place::Global | Place::Listing) => parts.push(self.name),
        }
        if world == World::Mail {
            if self.place == Place::Board {
                parts.push("BOARD");
            }
            if self.login {
                parts.extend(["USERID", "PASSWORD"]);
            }
        }
        let args = match world {
            // The shell names a game by its number (`game7` or `7`), a
            // kind of game by its VARIANT name.
            World::Shell => self
                .args
                .replace("GAME", "VARIANT")
                .replace("BOARD", "GAME"),
            World::Mail | World::Reply => self.args.to_string(),
        };
        if !args.is_empty() {
            parts.push(&args);
        }
        parts.join(" ")
    }

    /// Whether `world` can use this verb at all: a reply speaks of its own
    /// board (and lists: `show`, `games`), or asks what anyone may ask
    /// (`help`, `variants`, `list`: no login, no secret).
    pub fn is_in(&self, world: World) -> bool {
        world != World::Reply
            || matches!(self.place, Place::Board | Place::Listing)
            || (self.place == Place::Global && !self.login && self.secret.is_none())
    }
}

/// The verbs a line's first words may name in `world`, at `place`.
fn named<'v>(words: &[&str], place: impl Fn(Place) -> bool) -> Vec<&'v Verb> {
    VERBS
        .iter()
        .filter(|v| place(v.place) && v.is_called(words))
        .collect()
}

/// True when the line names a verb of the table (a global one, or one
/// after a game type).
pub fn names_verb(words: &[&str]) -> bool {
    !named(words, |p| p == Place::Global).is_empty()
        || words
            .get(1..)
            .is_some_and(|rest| !named(rest, |p| p != Place::Global).is_empty())
}

/// A line of the global verb `name` with its arguments `args` as a player
/// of `world` writes it: `tournament join spring` in a shell,
/// `tournament join alice PASSWORD spring` by mail (a verb that needs a
/// login), so that what the server tells a player works where they read it.
pub fn spelled(name: &str, world: World, user: &str, args: &str) -> String {
    let login = world == World::Mail
        && VERBS
            .iter()
            .any(|v| v.name == name && v.place == Place::Global && v.login);
    let mut parts = vec![name];
    if login {
        parts.extend([user, "PASSWORD"]);
    }
    if !args.is_empty() {
        parts.push(args);
    }
    parts.join(" ")
}

/// A verb by its name, for `help VERB`.
pub fn find(name: &str) -> Option<&'static Verb> {
    let words: Vec<&str> = name.split_whitespace().collect();
    VERBS.iter().find(|v| v.is_called(&words))
}

/// Reads one line of the mail language (a Subject, a `multiple` line, a
/// `boserv run` line).
pub fn parse_mail(line: &str) -> Result<Vec<super::language::Request>, LanguageError> {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "**").collect();
    let Some(&first) = words.first() else {
        return Err(LanguageError::Empty);
    };
    let (verb, game, rest) = if let Some(verb) = named(&words, |p| p == Place::Global).first() {
        (*verb, None, &words[verb.name_words()..])
    } else if let Some(sub) = two_word_start(first) {
        let got = words.get(1).copied().unwrap_or("");
        return Err(LanguageError::BadSubcommand {
            verb: first.to_ascii_lowercase(),
            choices: sub,
            got: super::words::clean(got),
        });
    } else if super::words::is_game_word(first) {
        let Some(second) = words.get(1) else {
            return Err(LanguageError::UnknownCommand(super::words::clean(first)));
        };
        let verbs = named(&words[1..], |p| p != Place::Global);
        // One name at two places (`history` of a board and of a game
        // type, `accept`): a board number after it names the board's.
        let verb = board_or_kind(&verbs, &words);
        let Some(verb) = verb else {
            return Err(LanguageError::UnknownVerb {
                game: super::words::clean(first),
                verb: super::words::clean(&second.to_ascii_lowercase()),
            });
        };
        (*verb, Some(first.to_ascii_lowercase()), &words[2..])
    } else {
        return Err(LanguageError::UnknownCommand(super::words::clean(first)));
    };
    let usage = verb.usage(World::Mail);
    let mut words = Words::new(rest, verb.name, &usage);
    let board = if verb.place == Place::Board {
        let board = words.board()?;
        // A reply to an error mail (`Re: Bochess Board 42 Error`) with the
        // userid, password and move added after its Subject.
        if words
            .peek()
            .is_some_and(|w| w.eq_ignore_ascii_case("error"))
        {
            words.take();
        }
        Some(board)
    } else if kind_board_first(verb, words.peek()) {
        // pbmserv's `GAME subscribe BOARD USERID PASSWORD`: a board
        // before the login (no userid is all digits).
        Some(words.board()?)
    } else {
        None
    };
    let actor = if verb.login {
        words.claimed()?
    } else {
        Actor::Anonymous
    };
    let game_word = game.clone().filter(|_| verb.place != Place::Global);
    let mut parse = Parse {
        words,
        game,
        board,
        actor,
        world: World::Mail,
    };
    let commands = (verb.build)(&mut parse)?;
    Ok(commands
        .into_iter()
        .map(|command| super::language::Request {
            game_word: game_word.clone(),
            actor: parse.actor.clone(),
            command,
        })
        .collect())
}

/// Reads the words after `boserv` (global options taken out) for the
/// shell's `actor`.
pub fn parse_shell(words: &[&str], actor: &Actor) -> Result<Vec<Command>, LanguageError> {
    let Some(&first) = words.first() else {
        return Err(LanguageError::Empty);
    };
    let candidates = named(words, |_| true);
    let next_is_game = |verb: &Verb| {
        words
            .get(verb.name_words())
            .is_some_and(|w| w.parse::<GameId>().is_ok())
    };
    let verb = candidates
        .iter()
        .find(|v| v.place == Place::Board && next_is_game(v))
        .or_else(|| candidates.iter().find(|v| v.place != Place::Board))
        .or_else(|| candidates.first());
    let Some(verb) = verb else {
        if let Some(sub) = two_word_start(first) {
            return Err(LanguageError::BadSubcommand {
                verb: first.to_ascii_lowercase(),
                choices: sub,
                got: super::words::clean(words.get(1).copied().unwrap_or("")),
            });
        }
        return Err(LanguageError::UnknownShellCommand(super::words::clean(
            first,
        )));
    };
    let usage = verb.usage(World::Shell);
    let mut words = Words::new(&words[verb.name_words()..], verb.name, &usage);
    words.board_word = "GAME";
    let (game, board) = match verb.place {
        Place::Kind => (Some(words.next("VARIANT")?.to_ascii_lowercase()), None),
        Place::Board => (None, Some(words.board()?)),
        Place::Global | Place::Listing => (None, None),
    };
    let mut parse = Parse {
        words,
        game,
        board,
        actor: actor.clone(),
        world: World::Shell,
    };
    (verb.build)(&mut parse)
}

/// Reads the command line of a reply about `game` from `user`: a verb of
/// the board, or else a turn.
pub fn parse_reply(line: &str, game: GameId, user: &str) -> Result<Command, LanguageError> {
    let words: Vec<&str> = line.split_whitespace().filter(|w| *w != "**").collect();
    if words.is_empty() {
        return Err(LanguageError::Missing {
            missing: "a command on the first line",
            usage: "TURN[#N] | resign | draw offer|accept|decline | undo | show | ...".to_string(),
        });
    }
    let board_verbs: Vec<&Verb> = named(&words, |_| true)
        .into_iter()
        .filter(|v| v.is_in(World::Reply))
        .collect();
    let (verb, rest) = match board_verbs.first() {
        Some(verb) => (*verb, &words[verb.name_words()..]),
        // A turn alone is a move.
        None => (
            VERBS.iter().find(|v| v.name == "move").expect("move"),
            &words[..],
        ),
    };
    let usage = verb.usage(World::Reply);
    let mut parse = Parse {
        words: Words::new(rest, verb.name, &usage),
        game: None,
        board: Some(game),
        actor: Actor::Trusted(user.to_string()),
        world: World::Reply,
    };
    let mut commands = (verb.build)(&mut parse)?;
    match commands.len() {
        1 => Ok(commands.remove(0)),
        _ => Err(LanguageError::Missing {
            missing: "one board",
            usage,
        }),
    }
}

/// Of the verbs a mail line's second word names (after its game word),
/// the one to read: a verb both of a board and of a kind of game
/// (`accept`) is the board's when a board number follows, as in the
/// shell. The same choice places the login, so its password is masked.
fn board_or_kind<'v>(verbs: &'v [&'static Verb], words: &[&str]) -> Option<&'v &'static Verb> {
    let board_next = |v: &Verb| {
        words
            .get(1 + v.name_words())
            .is_some_and(|w| w.parse::<GameId>().is_ok())
    };
    verbs
        .iter()
        .find(|v| (v.place == Place::Board) == board_next(v))
        .or(verbs.first())
}

/// True when a kind verb with a login is written with a board before the
/// login (pbmserv's `GAME subscribe BOARD USERID PASSWORD`): `word` is all
/// digits, which no userid is.
fn kind_board_first(verb: &Verb, word: Option<&str>) -> bool {
    verb.place == Place::Kind
        && verb.login
        && word.is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()))
}

/// For a word that starts two-word verbs (`change`), their second words.
fn two_word_start(first: &str) -> Option<String> {
    let first = first.to_ascii_lowercase();
    let seconds: Vec<&str> = VERBS
        .iter()
        .filter_map(|v| v.name.split_once(' '))
        .filter(|(a, _)| *a == first)
        .map(|(_, b)| b)
        .collect();
    (!seconds.is_empty()).then(|| seconds.join(" or "))
}

/// The places of the secrets in a mail line (for masking): the password
/// of its login and any password among its arguments. Works on lines that
/// do not parse too, by the verb's place alone.
pub fn secret_places(words: &[&str]) -> Vec<usize> {
    let Some((verb, mut at)) = login_start(words) else {
        return Vec::new();
    };
    let mut places = Vec::new();
    if verb.login {
        places.push(at + 1);
        at += 2;
    }
    if let Some(n) = verb.secret {
        places.push(at + n);
    }
    places
}

/// The place of the userid in a mail line whose verb needs a login (by
/// the verb's place alone: the line need not parse).
pub fn user_place(words: &[&str]) -> Option<usize> {
    login_start(words)
        .filter(|(verb, _)| verb.login)
        .map(|(_, at)| at)
}

/// Every word that names a verb (or one word of a two-word verb), as
/// written in the table: a word no password is taken for.
pub fn is_verb_word(word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    VERBS
        .iter()
        .any(|v| v.name.split(' ').any(|w| w == word) || v.aliases.contains(&word.as_str()))
}

/// The verb a mail line names and where its login (or, for a verb
/// without one, its arguments) would start.
fn login_start(words: &[&str]) -> Option<(&'static Verb, usize)> {
    let (verb, start) = match named(words, |p| p == Place::Global).first() {
        Some(verb) => (*verb, verb.name_words()),
        None => match words
            .get(1..)
            .map(|rest| named(rest, |p| p != Place::Global))
        {
            Some(verbs) if !verbs.is_empty() => (*board_or_kind(&verbs, words).expect("one"), 2),
            _ => return None,
        },
    };
    let mut at = start + usize::from(verb.place == Place::Board);
    // `Board 42 Error alice PW ...`: the word after the board was skipped.
    if verb.place == Place::Board
        && words
            .get(at)
            .is_some_and(|w| w.eq_ignore_ascii_case("error"))
    {
        at += 1;
    }
    if kind_board_first(verb, words.get(at).copied()) {
        at += 1;
    }
    Some((verb, at))
}

#[cfg(test)]
mod tests;
