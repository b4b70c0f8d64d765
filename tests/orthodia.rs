//! Orthodia (`orthodia`) and simplified Orthodia (`orthodia-simple`): a
//! scenario test for every ruling in RULES.md with its illegal twin
//! (`rulings.rs`), perft tables and legal-move lists cross-checked by an
//! independent generator (`brute.rs`, `cross_check.rs`), random games
//! (`random_games.rs`) and the games through the binary, by shell and by
//! mail (`shell.rs`).

mod brute;
mod cross_check;
mod random_games;
mod rulings;
mod shell;

use boserv::rules::{Position, find_variant};

pub use crate::positions::{moves_from, play, refusal};

/// The command word of the game: `orthodia`, or `orthodia-simple`.
pub fn game(simple: bool) -> &'static str {
    if simple {
        "orthodia-simple"
    } else {
        "orthodia"
    }
}

/// The start position.
pub fn start(simple: bool) -> Box<dyn Position> {
    find_variant(game(simple)).unwrap().start(&[]).unwrap()
}

/// A position from FEN.
pub fn setup(simple: bool, fen: &str) -> Box<dyn Position> {
    find_variant(game(simple))
        .unwrap()
        .from_fen(&[], fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal turns, canonical and sorted.
pub fn turns(p: &dyn Position) -> Vec<String> {
    let mut v = p.legal_turns(None);
    v.sort();
    v
}
