//! Orphic Chess (`orphic`): a scenario test for every ruling in RULES.md
//! "Orphic Chess" with its illegal twin (`rulings.rs`), perft and
//! legal-move lists cross-checked by an independent generator
//! (`brute.rs`, `cross_check.rs`), random games replayed from their turn
//! log (`property.rs`), and a game through the binary (`shell.rs`).

mod brute;
mod cross_check;
mod property;
mod rulings;
mod shell;

use boserv::rules::{Position, find_variant};

pub use crate::positions::{play, play_all, refusal};

/// The start position.
pub fn start() -> Box<dyn Position> {
    find_variant("orphic").unwrap().start(&[]).unwrap()
}

/// A position from Orphic FEN (reserves in brackets).
pub fn setup(fen: &str) -> Box<dyn Position> {
    find_variant("orphic")
        .unwrap()
        .from_fen(&[], fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal turns, canonical and sorted.
pub fn turns(p: &dyn Position) -> Vec<String> {
    p.legal_turns(None)
}

/// The FEN part of the position's encoding.
pub fn fen_of(p: &dyn Position) -> String {
    p.encode().split(" | ").next().unwrap().to_string()
}
