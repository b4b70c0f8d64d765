//! The operator's own games: a variants file of their own (the
//! `variants-file` setting), read with the library's games as possible
//! parents, offered after them. The file is read by the front end (rules
//! read no files) once per process, before the list of games is first
//! used; a section that cannot be played is refused with its reason and
//! the file's other sections are still offered.

use std::sync::OnceLock;

use super::{DefinedGame, LIBRARY, Loaded, Refusal, load};
use crate::rules::registry::SEEDS;

static OFFERED: OnceLock<Loaded> = OnceLock::new();

/// What an operator's file gives, ready to offer.
#[derive(Debug, Default)]
pub struct OperatorGames(Loaded);

impl OperatorGames {
    /// The games it defines, in the file's order.
    pub fn games(&self) -> &[DefinedGame] {
        &self.0.games
    }

    /// Its sections that are not played, with their reasons.
    pub fn refused(&self) -> &[Refusal] {
        &self.0.refused
    }
}

/// Reads the text of an operator's variants file: a section may name a
/// library game as its parent; one named as a seed or library game is
/// refused (`is already a game of this server`).
pub fn read_operator_file(text: &str) -> OperatorGames {
    let taken = |name: &str| {
        SEEDS.iter().any(|s| s.name().eq_ignore_ascii_case(name))
            || LIBRARY.iter().any(|g| g.name.eq_ignore_ascii_case(name))
    };
    let mut loaded = load(text, &LIBRARY, &taken);
    // A name twice in the file: the first section is the game.
    let mut seen: Vec<String> = Vec::new();
    let mut games = Vec::new();
    for game in std::mem::take(&mut loaded.games) {
        let name = game.name.to_ascii_lowercase();
        if let Err(e) = game.check_start() {
            loaded.refused.push(Refusal {
                name: game.name.to_string(),
                error: super::DefinitionError::Game {
                    name: game.name.to_string(),
                    why: format!("startFen: {e}"),
                },
            });
        } else if seen.contains(&name) {
            loaded.refused.push(Refusal {
                name: game.name.to_string(),
                error: super::DefinitionError::Taken(game.name.to_string()),
            });
        } else {
            seen.push(name);
            games.push(game);
        }
    }
    loaded.games = games;
    OperatorGames(loaded)
}

/// Offers the operator's games for the rest of the process. `false`
/// when it is too late (the list of games was used before, which offers
/// none, or this was called twice), and nothing changes.
pub fn offer_operator_games(games: OperatorGames) -> bool {
    OFFERED.set(games.0).is_ok()
}

/// The operator's games offered in this process (none without a file).
pub fn operator_games() -> &'static [DefinedGame] {
    OFFERED.get_or_init(Loaded::default).games.as_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_section_is_refused_naming_its_key_and_the_rest_is_read() {
        let text = "[club:capablanca]\nmaxRank = 10\npromotionRegionWhite = *10\ndoubleStepRegionBlack = *9\npromotionRegionBlack = *1\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
                    [hill:chess]\nflyingGeneral = true\n\
                    [broken:chess]\nmaxRank 9\n\
                    [capablanca:chess]\n\
                    [amazons:chess]\nqueen = -\namazon = q\n\
                    [amazons:chess]\n";
        let games = read_operator_file(text);
        let names: Vec<&str> = games.games().iter().map(|g| g.name).collect();
        assert_eq!(names, ["club", "amazons"]);
        let refused: Vec<String> = games.refused().iter().map(|r| r.to_string()).collect();
        assert_eq!(
            refused,
            [
                "[hill] line 8: boserv does not support the key flyingGeneral",
                "[broken] line 10: expected key = value, not \"maxRank 9\"",
                "[capablanca] capablanca is already a game of this server",
                "[amazons] amazons is already a game of this server",
            ]
        );
        // A child of a library game keeps its parent's text with its own.
        let club = &games.games()[0];
        assert!(
            club.source.starts_with("[capablanca:chess]"),
            "{}",
            club.source
        );
        assert!(club.source.contains("[club:capablanca]"), "{}", club.source);
        assert_eq!((club.definition.files, club.definition.ranks), (10, 10));
    }

    #[test]
    fn a_start_position_that_cannot_be_read_refuses_its_section() {
        // Black, not to move, stands in check: no game starts so.
        let text = "[checked:chess]\nstartFen = 4k3/8/8/8/8/8/8/4RK2 w - - 0 1\n\
                    [fine:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
        let games = read_operator_file(text);
        let names: Vec<&str> = games.games().iter().map(|g| g.name).collect();
        assert_eq!(names, ["fine"]);
        let refused: Vec<String> = games.refused().iter().map(|r| r.to_string()).collect();
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(
            refused[0].starts_with("[checked] ") && refused[0].contains("startFen: "),
            "{refused:?}"
        );
    }
}
