//! Games as data: chess variants defined in a file in Fairy-Stockfish's
//! `variants.ini` syntax, played over the same chess-like core as the seed
//! games, and proven against Fairy-Stockfish (perft, `tests/defined.rs`,
//! `scripts/fsf_perft.py`).
//!
//! - `ini.rs`: the file's sections and keys.
//! - `betza.rs`: Betza notation into the core's movement primitives.
//! - `definition.rs`: the keys' meaning, inheritance, refusals by key.
//! - `build.rs`: a definition into the core's [`crate::rules::chesslike::Rules`];
//!   `end_rules.rs` the game's own rules of its end and of captures and
//!   checks (`flag.rs` the flag rule of King of the Hill, `initial.rs`
//!   Ouk Chatrang's initial moves, `promotion.rs` Grand chess's choice
//!   of promotion).
//! - `game.rs`: the game as the registry lists it; `help.rs` its help.
//! - `library.rs`: the games shipped with boserv (`variants/library.ini`).
//! - `operator.rs`: the operator's own games (the `variants-file` setting).
//! - `kept.rs`: a game's definition as it started, kept with the game.
//! - `walls.rs`: the duck's walling rule (`wallingRule = duck`).

mod betza;
mod betza_pawn;
mod build;
mod definition;
#[cfg(test)]
mod duck_tests;
mod end_rules;
mod flag;
mod game;
mod gating;
mod hands;
mod help;
mod ini;
mod initial;
mod kept;
mod library;
mod mobility;
#[cfg(test)]
mod mobility_tests;
mod operator;
mod promotion;
mod pseudo_royal;
mod region;
#[cfg(test)]
mod shatar_tests;
mod side_words;
mod walls;

pub use betza::{BetzaError, Moves};
pub use definition::Definition;
pub use game::DefinedGame;
pub use kept::kept;
pub use library::{LIBRARY, library_refusals};
pub use operator::{OperatorGames, offer_operator_games, operator_games, read_operator_file};

/// Why a section of a variants file is not played, in one line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DefinitionError {
    #[error("line {line}: {why}")]
    Syntax { line: usize, why: String },
    #[error("line {line}: boserv does not support the key {key}")]
    Unsupported { key: String, line: usize },
    #[error("line {line}: {key}: {why}")]
    Key {
        key: String,
        line: usize,
        why: String,
    },
    #[error("the parent {0} is not defined before it")]
    NoParent(String),
    #[error("{name}: {why}")]
    Game { name: String, why: String },
    #[error("{0} is already a game of this server")]
    Taken(String),
}

/// A section that was not loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub name: String,
    pub error: DefinitionError,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.name, self.error)
    }
}

/// What a variants file gives: the games it defines, and the sections
/// refused with their reasons.
#[derive(Debug, Default)]
pub struct Loaded {
    pub games: Vec<DefinedGame>,
    pub refused: Vec<Refusal>,
}

/// Reads a variants file. A parent is a section read before (in this
/// file, or among the `known` games), or Fairy-Stockfish's `chess`.
/// `taken` says which names are games already (the seed games): a
/// section of such a name is refused. A section whose parent was refused
/// is refused too; a section with a line that cannot be read is refused
/// alone, the file's other sections are read.
pub fn load(text: &str, known: &[DefinedGame], taken: &dyn Fn(&str) -> bool) -> Loaded {
    let mut loaded = Loaded::default();
    let sections = ini::sections(text);
    // Every definition read, refused or not as a game (a child of a
    // section whose game is refused for its rules is refused by its own).
    let mut defined: Vec<(Definition, String)> = Vec::new();
    for section in &sections {
        let refuse = |error| Refusal {
            name: section.name.clone(),
            error,
        };
        if let Some(error) = &section.error {
            loaded.refused.push(refuse(error.clone()));
            continue;
        }
        let parent = match &section.parent {
            None => Some((Definition::template(&section.name), String::new())),
            Some(p) => defined
                .iter()
                .rev()
                .find(|(d, _)| d.name == *p)
                .cloned()
                .or_else(|| {
                    known
                        .iter()
                        .find(|g| g.name == *p)
                        .map(|g| (g.definition.clone(), g.source.clone()))
                })
                .or_else(|| (p == "chess").then(|| (Definition::chess(), String::new()))),
        };
        let Some((parent, parent_source)) = parent else {
            let name = section.parent.clone().unwrap_or_default();
            loaded.refused.push(refuse(DefinitionError::NoParent(name)));
            continue;
        };
        let definition = match parent.apply(section) {
            Ok(d) => d,
            Err(e) => {
                loaded.refused.push(refuse(e));
                continue;
            }
        };
        let source = parent_source + &section_text(text, section);
        defined.push((definition.clone(), source.clone()));
        if taken(&section.name) {
            loaded
                .refused
                .push(refuse(DefinitionError::Taken(section.name.clone())));
            continue;
        }
        let game = build::rules(&definition).and_then(|rules| {
            DefinedGame::new(definition.clone(), rules, source).map_err(|e| DefinitionError::Game {
                name: section.name.clone(),
                why: format!("startFen: {e}"),
            })
        });
        match game {
            Ok(g) => loaded.games.push(g),
            Err(e) => loaded.refused.push(refuse(e)),
        }
    }
    loaded
}

/// The lines of `section` in `text`: its header to the next header.
fn section_text(text: &str, section: &ini::Section) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate().skip(section.line - 1) {
        if i + 1 > section.line && line.trim_start().starts_with('[') {
            break;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
