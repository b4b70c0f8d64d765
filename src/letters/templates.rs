//! The words of every mail boserv writes, as minijinja templates.
//!
//! The texts live in `templates/*.txt`, built into the binary; an operator
//! may reword them by pointing `--templates DIR` at a directory holding
//! files of the same names (any file missing there falls back to the
//! built-in one). A template's first line is `Subject: ...`; the rest is
//! the body. Undefined variables are errors, so a typo in an edited
//! template fails loudly instead of mailing a blank.

use std::path::PathBuf;
use std::sync::OnceLock;

use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, TemplateSource, UndefinedBehavior};
use serde::Serialize;

use super::Letter;
use super::html::later::Later;
use super::html::part::{Draw, board_parts};

/// The built-in templates, by file name.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("act.txt", include_str!("../../templates/act.txt")),
    ("away.txt", include_str!("../../templates/away.txt")),
    ("board.txt", include_str!("../../templates/board.txt")),
    (
        "broadcast.txt",
        include_str!("../../templates/broadcast.txt"),
    ),
    ("chat.txt", include_str!("../../templates/chat.txt")),
    ("clock.txt", include_str!("../../templates/clock.txt")),
    ("confirm.txt", include_str!("../../templates/confirm.txt")),
    ("declined.txt", include_str!("../../templates/declined.txt")),
    ("digest.txt", include_str!("../../templates/digest.txt")),
    ("error.txt", include_str!("../../templates/error.txt")),
    ("expired.txt", include_str!("../../templates/expired.txt")),
    ("farewell.txt", include_str!("../../templates/farewell.txt")),
    (
        "game_over.txt",
        include_str!("../../templates/game_over.txt"),
    ),
    ("help.txt", include_str!("../../templates/help.txt")),
    ("ladder.txt", include_str!("../../templates/ladder.txt")),
    (
        "invitation.txt",
        include_str!("../../templates/invitation.txt"),
    ),
    ("message.txt", include_str!("../../templates/message.txt")),
    ("nag.txt", include_str!("../../templates/nag.txt")),
    ("new_game.txt", include_str!("../../templates/new_game.txt")),
    ("ratings.txt", include_str!("../../templates/ratings.txt")),
    ("reply.txt", include_str!("../../templates/reply.txt")),
    ("score.txt", include_str!("../../templates/score.txt")),
    ("status.txt", include_str!("../../templates/status.txt")),
    (
        "tournament.txt",
        include_str!("../../templates/tournament.txt"),
    ),
    ("vote.txt", include_str!("../../templates/vote.txt")),
    ("watchers.txt", include_str!("../../templates/watchers.txt")),
    ("welcome.txt", include_str!("../../templates/welcome.txt")),
];

/// The widest line of a mail body; longer lines are wrapped at spaces.
pub const MAX_COLUMNS: usize = 76;

/// A rendered mail: its Subject and its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub parts: Parts,
}

/// The parts of a mail's body, one field per kind of part: the text part
/// always, and an HTML part of the same letter when it shows a board that
/// has a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The `text/plain` part: wrapped at [`MAX_COLUMNS`], one final newline.
    pub text: String,
    /// The `text/html` part ([`super::html::part`]), if the letter has one.
    pub html: Option<String>,
}

impl Parts {
    /// A mail of a text part alone.
    pub fn text(text: impl Into<String>) -> Parts {
        Parts {
            text: text.into(),
            html: None,
        }
    }
}

/// A template that cannot be rendered.
#[derive(Debug, thiserror::Error)]
pub enum TemplateError {
    #[error("template {name}: {message}")]
    Render { name: String, message: String },
    #[error("template {0}: the first line must be `Subject: ...`")]
    NoSubject(String),
}

/// The templates in use. The template engine is made when the first
/// letter is rendered: a command that writes no mail (a move between
/// players without addresses) does not pay for it.
pub struct Templates {
    dir: Option<PathBuf>,
    env: OnceLock<Environment<'static>>,
}

impl Templates {
    /// The built-in texts only.
    pub fn built_in() -> Templates {
        Templates::new(None)
    }

    /// Texts from `dir` where it has them, else the built-in ones.
    pub fn with_dir(dir: impl Into<PathBuf>) -> Templates {
        Templates::new(Some(dir.into()))
    }

    fn new(dir: Option<PathBuf>) -> Templates {
        Templates {
            dir,
            env: OnceLock::new(),
        }
    }

    /// The engine, made on first use.
    fn env(&self) -> &Environment<'static> {
        self.env.get_or_init(|| Self::environment(self.dir.clone()))
    }

    /// The engine: strict about undefined names, reading `dir` first.
    fn environment(dir: Option<PathBuf>) -> Environment<'static> {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        let syntax = SyntaxConfig::builder()
            .keep_trailing_newline(true)
            .trim_blocks(true)
            .build()
            .expect("the default delimiters are valid");
        env.set_syntax(syntax);
        let from_dir = dir.map(minijinja::path_loader);
        env.set_loader(move |name| {
            if let Some(load) = &from_dir
                && let Some(source) = load(name)?
            {
                return Ok(Some(source));
            }
            Ok(BUILT_IN
                .iter()
                .find(|(built_in, _)| *built_in == name)
                .map(|(_, text)| TemplateSource::new(text.to_string())))
        });
        env
    }

    /// Renders `name` (`board.txt`, ...) with `context`.
    pub fn render(&self, name: &str, context: impl Serialize) -> Result<Rendered, TemplateError> {
        let error = |e: minijinja::Error| TemplateError::Render {
            name: name.to_string(),
            message: one_line(&format!("{e:#}")),
        };
        let text = self
            .env()
            .get_template(name)
            .and_then(|t| t.render(minijinja::value::Serde(&context)))
            .map_err(error)?;
        let (first, body) = text.split_once('\n').unwrap_or((&text, ""));
        let subject = first
            .strip_prefix("Subject:")
            .ok_or_else(|| TemplateError::NoSubject(name.to_string()))?;
        let subject: String = subject
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        // A phone shows 76 columns; a longer line would also make the
        // mail quoted-printable.
        let body = super::wrap(body.trim_start_matches('\n').trim_end(), MAX_COLUMNS);
        Ok(Rendered {
            subject: subject.split_whitespace().collect::<Vec<_>>().join(" "),
            parts: Parts::text(format!("{body}\n")),
        })
    }

    /// Renders `letter` with the template of its kind: the text part, and
    /// for a letter that shows a board with a picture, the HTML part drawn
    /// from the same letter.
    pub fn letter(&self, letter: &Letter) -> Result<Rendered, TemplateError> {
        Ok(self.letter_drawn(letter, Draw::Now)?.0)
    }

    /// [`Self::letter`] for the outbox: a board mail's HTML part comes as
    /// the data that draws it when the mail is sent ([`Later`]), in
    /// place of the part, whenever it can.
    pub fn letter_to_queue(
        &self,
        letter: &Letter,
    ) -> Result<(Rendered, Option<Later>), TemplateError> {
        self.letter_drawn(letter, Draw::Later)
    }

    fn letter_drawn(
        &self,
        letter: &Letter,
        draw: Draw,
    ) -> Result<(Rendered, Option<Later>), TemplateError> {
        let name = letter.template();
        let (mut rendered, html) = match letter {
            Letter::NewGame(l) | Letter::Board(l) | Letter::GameOver(l) => {
                return board_parts(self, name, l, |l| l, draw);
            }
            Letter::Vote(l) => (self.render(name, l)?, None),
            Letter::Nag(l) => return board_parts(self, name, l, |l| &mut l.board, draw),
            Letter::Confirm(l) => (self.render(name, l)?, None),
            Letter::Chat(l) => (self.render(name, l)?, None),
            Letter::Message(l) => (self.render(name, l)?, None),
            Letter::Broadcast(l) => (self.render(name, l)?, None),
            Letter::Error(l) => (self.render(name, l)?, None),
            Letter::Help(l) => (self.render(name, l)?, None),
            Letter::Welcome(l) => (self.render(name, l)?, None),
            Letter::Reply(l) => (self.render(name, l)?, None),
            Letter::Invitation(l) => (self.render(name, l)?, None),
            Letter::Declined(l) => (self.render(name, l)?, None),
            Letter::Expired(l) => (self.render(name, l)?, None),
            Letter::Digest(l) => (self.render(name, l)?, None),
            Letter::Ladder(l) => (self.render(name, l)?, None),
            Letter::Tournament(l) => (self.render(name, l)?, None),
            Letter::Away(l) => (self.render(name, l)?, None),
            Letter::Farewell(l) => (self.render(name, l)?, None),
        };
        rendered.parts.html = html;
        Ok((rendered, None))
    }
}

fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
