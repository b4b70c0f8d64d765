//! A two-seat chess-like game as the registry lists it: its names, help,
//! start FEN and [`Rules`], and at most one switch option that picks
//! another set of rules (Rebellion's `berolina`). Every game built on the
//! core is one value of [`TwoSeatGame`], so none writes the `Variant`
//! interface again.

use std::sync::OnceLock;

use super::{ChessLike, Rules, from_fen};
use crate::rules::{GameOption, Position, RulesError, Variant};

/// An option without a value that swaps the game's rules.
pub struct Switch {
    /// The option's word: `berolina`.
    pub name: &'static str,
    /// What `moves`/`perft` say the game takes.
    pub words: &'static str,
    /// The rules with the option on.
    pub rules: fn() -> &'static Rules,
}

/// One game on the chess-like core.
pub struct TwoSeatGame {
    pub name: &'static str,
    pub title: &'static str,
    pub full_name: &'static str,
    pub start: &'static str,
    pub rules: fn() -> &'static Rules,
    pub help: fn() -> &'static str,
    /// [`Variant::writing`].
    pub writing: &'static str,
    pub switch: Option<Switch>,
    /// The start position, read from `start` once per process (without
    /// and with the switch): every replay of a game's log begins there.
    pub started: Started,
}

/// The start positions a [`TwoSeatGame`] has read: the first under the
/// game's rules, the second under its switch's.
pub struct Started([OnceLock<ChessLike>; 2]);

impl Started {
    pub const fn new() -> Self {
        Started([OnceLock::new(), OnceLock::new()])
    }
}

impl Default for Started {
    fn default() -> Self {
        Self::new()
    }
}

impl TwoSeatGame {
    /// The rules the options choose; an unknown option is refused.
    pub fn rules(&self, options: &[GameOption]) -> Result<&'static Rules, RulesError> {
        let mut rules = (self.rules)();
        for o in options {
            let switch = self
                .switch
                .as_ref()
                .filter(|s| o.name.eq_ignore_ascii_case(s.name))
                .ok_or_else(|| RulesError::UnknownOption {
                    variant: self.name.into(),
                    option: o.name.clone(),
                })?;
            if let Some(v) = &o.value {
                let n = switch.name;
                return Err(RulesError::Other(format!(
                    "the option {n} takes no value (write --opt {n}, not {n}={v})"
                )));
            }
            rules = (switch.rules)();
        }
        Ok(rules)
    }

    /// The start position under these options (read once, then copied).
    pub fn start_position(&self, options: &[GameOption]) -> Result<ChessLike, RulesError> {
        let rules = self.rules(options)?;
        let slot = &self.started.0[usize::from(!std::ptr::eq(rules, (self.rules)()))];
        if let Some(start) = slot.get().filter(|s| std::ptr::eq(s.rules, rules)) {
            return Ok(start.clone());
        }
        let start = from_fen(rules, self.start)?;
        let _ = slot.set(start.clone());
        Ok(start)
    }
}

impl Variant for TwoSeatGame {
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

    fn option_words(&self) -> &'static str {
        self.switch.as_ref().map_or("it takes none", |s| s.words)
    }

    fn writing(&self) -> &'static str {
        self.writing
    }

    fn help(&self) -> &'static str {
        (self.help)()
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(self.start_position(options)?))
    }

    /// Reads [`Position::encode`]'s text, or a plain FEN.
    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(ChessLike::decode(self.rules(options)?, text)?))
    }

    /// A position from FEN (see the game's help).
    fn from_fen(&self, options: &[GameOption], fen: &str) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(from_fen(self.rules(options)?, fen)?))
    }
}
