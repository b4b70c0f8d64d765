//! A defined game as the registry lists it. Its rules are built when the
//! file is read, so it cannot be one of the seed games' static
//! [`crate::rules::chesslike::TwoSeatGame`] values (whose rules are
//! functions known at compile time); it answers the same interface over
//! the same core, with its help and its key to the board made from the
//! definition.

use super::definition::Definition;
use crate::rules::chesslike::{ChessLike, Rules, from_fen};
use crate::rules::{GameOption, Position, RulesError, Variant};

/// One game defined as data.
pub struct DefinedGame {
    pub name: &'static str,
    pub title: &'static str,
    pub full_name: &'static str,
    pub rules: &'static Rules,
    pub definition: Definition,
    help: &'static str,
    writing: &'static str,
    start: ChessLike,
    /// The definition's text as the file wrote it (its own section and
    /// its parents'), kept with every game started from it.
    pub source: String,
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

impl DefinedGame {
    /// The game of a definition whose rules are built: its start position
    /// read now, so a bad one refuses the section.
    pub fn new(
        definition: Definition,
        rules: &'static Rules,
        source: String,
    ) -> Result<Self, RulesError> {
        let start = from_fen(rules, &definition.start_fen)?;
        let name = leak(definition.name.clone());
        let mut title = name.to_string();
        if let Some(first) = title.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let help = leak(super::help::help(&definition, rules));
        let writing = leak(super::help::writing(&definition, rules));
        Ok(DefinedGame {
            name,
            title: leak(title.clone()),
            full_name: leak(title),
            rules,
            definition,
            help,
            writing,
            start,
            source,
        })
    }

    fn refuse_options(&self, options: &[GameOption]) -> Result<(), RulesError> {
        match options.first() {
            None => Ok(()),
            Some(o) => Err(RulesError::UnknownOption {
                variant: self.name.into(),
                option: o.name.clone(),
            }),
        }
    }
}

impl std::fmt::Debug for DefinedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DefinedGame({})", self.name)
    }
}

impl Variant for DefinedGame {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn full_name(&self) -> &'static str {
        self.full_name
    }

    fn seats(&self) -> &'static [&'static str] {
        &["White", "Black"]
    }

    fn help(&self) -> &'static str {
        self.help
    }

    fn writing(&self) -> &'static str {
        self.writing
    }

    fn definition(&self) -> Option<&str> {
        Some(&self.source)
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        Ok(Box::new(self.start.clone()))
    }

    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        Ok(Box::new(ChessLike::decode(self.rules, text)?))
    }

    fn from_fen(&self, options: &[GameOption], fen: &str) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        Ok(Box::new(from_fen(self.rules, fen)?))
    }
}
