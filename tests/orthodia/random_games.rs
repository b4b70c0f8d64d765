//! Property: random games of both versions, played to their end or 300
//! plies, never panic; every listed turn plays back to its own canonical
//! text; the stored form decodes to the same position at every ply; and
//! the record, replayed from the start, reaches the cached position.
//!
//! `BOSERV_ORTHODIA_GAMES` sets the number of games per version (default
//! 1000 in a release build, 10 in a debug build).

use boserv::rules::find_variant;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

const MAX_PLIES: usize = 300;

fn games() -> u64 {
    let default = if cfg!(debug_assertions) { 10 } else { 1000 };
    std::env::var("BOSERV_ORTHODIA_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Plays one game; returns whether it ended.
fn play_one(name: &str, seed: u64) -> bool {
    let variant = find_variant(name).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut p = variant.start(&[]).unwrap();
    let mut record: Vec<String> = Vec::new();
    for _ in 0..MAX_PLIES {
        if p.outcome().is_some() {
            break;
        }
        let turns = p.legal_turns(None);
        assert!(!turns.is_empty(), "{name} {seed}: no turn but no end");
        let text = &turns[rng.next_u32() as usize % turns.len()];
        let played = p.play(text, None).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(&played.canonical, text);
        let stored = played.position.encode();
        let back = variant.decode(&[], &stored).unwrap();
        assert_eq!(back.encode(), stored);
        record.push(played.canonical);
        p = back;
    }
    let mut replayed = variant.start(&[]).unwrap();
    for t in &record {
        replayed = replayed.play(t, None).unwrap().position;
    }
    assert_eq!(replayed.encode(), p.encode(), "{name} {seed}");
    p.outcome().is_some()
}

#[test]
fn random_games_never_panic_and_replay_to_the_cached_position() {
    for name in ["orthodia", "orthodia-simple"] {
        let ended = (0..games()).filter(|&seed| play_one(name, seed)).count();
        assert!(games() < 10 || ended > 0, "{name}: no game ended");
    }
}
