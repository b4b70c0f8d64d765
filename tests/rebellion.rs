//! Rebellion Chess and Squirm Chess (`rebellion`, `squirm`, option
//! `berolina`): a scenario test for every ruling in RULES.md "Rebellion
//! Chess and Squirm Chess" with its illegal twin (`rulings.rs`), perft and
//! legal-turn lists cross-checked by an independent generator (`brute.rs`,
//! `cross_check.rs`, tables in tests/data/rebellion/), random games that
//! replay to the cached position (`property.rs`), and both games played
//! through the binary by shell and by mail (`shell.rs`).

mod brute;
mod cross_check;
mod property;
mod rulings;
mod shell;

use boserv::rules::{GameOption, Position, find_variant};

/// `berolina` as the option list, or none.
pub fn options(berolina: bool) -> Vec<GameOption> {
    if berolina {
        vec![GameOption {
            name: "berolina".into(),
            value: None,
        }]
    } else {
        Vec::new()
    }
}

/// A position of `game` (`rebellion` or `squirm`) from its FEN.
pub fn at(game: &str, berolina: bool, fen: &str) -> Box<dyn Position> {
    find_variant(game)
        .unwrap()
        .from_fen(&options(berolina), fen)
        .unwrap_or_else(|e| panic!("{game} {fen}: {e}"))
}

/// The start position of `game`.
pub fn start(game: &str, berolina: bool) -> Box<dyn Position> {
    find_variant(game)
        .unwrap()
        .start(&options(berolina))
        .unwrap()
}

/// Plays a turn that must be legal; returns the new position.
pub fn play(p: &dyn Position, turn: &str) -> Box<dyn Position> {
    p.play(turn, None)
        .unwrap_or_else(|e| panic!("{turn}: {e}\n{}", p.render()))
        .position
}

/// Plays several turns in order.
pub fn play_all(p: &dyn Position, turns: &[&str]) -> Box<dyn Position> {
    let mut p = p.boxed_clone();
    for t in turns {
        p = play(&*p, t);
    }
    p
}

/// The refusal of a turn that must be illegal.
pub fn refusal(p: &dyn Position, turn: &str) -> String {
    match p.play(turn, None) {
        Ok(played) => panic!("{turn} was accepted as {}", played.canonical),
        Err(e) => e.to_string(),
    }
}

/// The legal turns that start with `prefix`, canonical and sorted.
pub fn turns_from(p: &dyn Position, prefix: &str) -> Vec<String> {
    p.legal_turns(None)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}
