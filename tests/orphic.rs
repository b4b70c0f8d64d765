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

/// The start position.
pub fn start() -> Box<dyn Position> {
    find_variant("orphic").unwrap().start(&[]).unwrap()
}

/// A position from Orphic FEN (reserves in brackets).
pub fn setup(fen: &str) -> Box<dyn Position> {
    find_variant("orphic")
        .unwrap()
        .from_fen(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal turns, canonical and sorted.
pub fn turns(p: &dyn Position) -> Vec<String> {
    p.legal_turns(None)
}

/// Plays `turn`, panicking with the refusal if it is illegal.
pub fn play(p: &dyn Position, turn: &str) -> Box<dyn Position> {
    p.play(turn, None)
        .unwrap_or_else(|e| panic!("{turn}: {e}"))
        .position
}

/// Plays several turns.
pub fn play_all(p: &dyn Position, list: &str) -> Box<dyn Position> {
    list.split_whitespace()
        .fold(p.boxed_clone(), |p, t| play(p.as_ref(), t))
}

/// The refusal message for an illegal `turn`.
pub fn refusal(p: &dyn Position, turn: &str) -> String {
    match p.play(turn, None) {
        Ok(played) => panic!("{turn} was accepted as {}", played.canonical),
        Err(e) => e.to_string(),
    }
}

/// The FEN part of the position's encoding.
pub fn fen_of(p: &dyn Position) -> String {
    p.encode().split(" | ").next().unwrap().to_string()
}
