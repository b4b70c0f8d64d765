//! A defined game as the registry lists it. Its rules are built when the
//! file is read, so it cannot be one of the seed games' static
//! [`crate::rules::chesslike::TwoSeatGame`] values (whose rules are
//! functions known at compile time); it answers the same interface over
//! the same core, with its help and its key to the board made from the
//! definition.

use std::sync::OnceLock;

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
    /// Written from the definition when first asked for, not when the
    /// file is read: every process builds the library's games, and most
    /// never show a help page (it cost a move a third of its CPU).
    help: OnceLock<&'static str>,
    writing: OnceLock<&'static str>,
    /// Read from the definition's FEN when first asked for: every process
    /// builds the library's games, and reading a start position asks
    /// whether a king stands attacked, which unrolls every piece's reach
    /// (a third of a move's CPU for eighteen games). An operator's file
    /// has its start positions read when it is loaded
    /// ([`DefinedGame::check_start`]), so a bad one refuses its section.
    start: OnceLock<ChessLike>,
    /// The definition's text as the file wrote it (its own section and
    /// its parents'), kept with every game started from it.
    pub source: String,
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

impl DefinedGame {
    /// The game of a definition whose rules are built (its start position
    /// is read when first used, or by [`DefinedGame::check_start`]).
    pub fn new(
        definition: Definition,
        rules: &'static Rules,
        source: String,
    ) -> Result<Self, RulesError> {
        let name = leak(definition.name.clone());
        let mut title = name.to_string();
        if let Some(first) = title.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        Ok(DefinedGame {
            name,
            title: leak(title.clone()),
            full_name: leak(title),
            rules,
            definition,
            help: OnceLock::new(),
            writing: OnceLock::new(),
            start: OnceLock::new(),
            source,
        })
    }

    /// The start position, read from the definition the first time.
    fn start_position(&self) -> Result<&ChessLike, RulesError> {
        if let Some(start) = self.start.get() {
            return Ok(start);
        }
        let start = from_fen(self.rules, &self.definition.start_fen)?;
        Ok(self.start.get_or_init(|| start))
    }

    /// Reads the start position now: an error refuses the definition.
    pub fn check_start(&self) -> Result<(), RulesError> {
        self.start_position().map(|_| ())
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
            .get_or_init(|| leak(super::help::help(&self.definition, self.rules)))
    }

    fn writing(&self) -> &'static str {
        self.writing
            .get_or_init(|| leak(super::help::writing(&self.definition, self.rules)))
    }

    fn definition(&self) -> Option<&str> {
        Some(&self.source)
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        Ok(Box::new(self.start_position()?.clone()))
    }

    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        Ok(Box::new(ChessLike::decode(self.rules, text)?))
    }

    fn from_fen(&self, options: &[GameOption], fen: &str) -> Result<Box<dyn Position>, RulesError> {
        self.refuse_options(options)?;
        // Fairy-Stockfish lets a FEN end after the side to move, and
        // writes a parent's rights into a game without castling (and
        // reads none of them): so does boserv. A gating game's field
        // holds its gates.
        let fen = super::definition::complete_fen(fen);
        let fen = match self.definition.castling || self.definition.gating {
            true => fen,
            false => super::definition::without_castling_rights(&fen),
        };
        Ok(Box::new(from_fen(self.rules, &fen)?))
    }
}
