//! Property: random Orwell games, played to their end or 400 turns, never
//! panic; every listed turn text plays back to the same canonical text and
//! position; the stored form decodes to the same position at every step;
//! there are always three royal pieces; perft's turn count (which does not
//! build the turns) equals the number of turns listed.
//!
//! `BOSERV_ORWELL_GAMES` sets the number of games (default 1000 in a
//! release build, 25 in a debug build).

use boserv::rules::orwell::{Orwell, OrwellPosition};
use boserv::rules::{Position, Variant};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

const MAX_TURNS: usize = 400;

fn games() -> u64 {
    let default = if cfg!(debug_assertions) { 25 } else { 1000 };
    std::env::var("BOSERV_ORWELL_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn die(rng: &mut ChaCha8Rng) -> u8 {
    (rng.next_u32() % 6) as u8 + 1
}

fn royals(p: &OrwellPosition) -> usize {
    (0..3).map(|s| p.royals(s)).sum()
}

/// Plays one game; returns how many turns it lasted and whether it ended.
fn play_one(seed: u64) -> (usize, bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut p = OrwellPosition::start();
    for n in 0..MAX_TURNS {
        if p.result().is_some() {
            return (n, true);
        }
        let roll = [die(&mut rng), die(&mut rng)];
        let turns = p.turns(roll);
        assert!(
            !turns.is_empty(),
            "seed {seed}: no turn at all for {roll:?} in {p:?}"
        );
        assert_eq!(
            p.must_pass(roll.into()),
            turns.keys().eq(["pass, pass"]),
            "seed {seed}"
        );
        assert_eq!(
            p.count_turns(roll),
            turns.len() as u64,
            "seed {seed}: perft's count for {roll:?} in {p:?}"
        );
        if n % 50 == 0 {
            let each: u64 = (1..=6u8)
                .flat_map(|a| (1..=6u8).map(move |b| [a, b]))
                .map(|r| p.turns(r).len() as u64)
                .sum();
            assert_eq!(p.count_turns_all_rolls(), each, "seed {seed}: {p:?}");
        }
        let pick = rng.next_u32() as usize % turns.len();
        let (text, next) = turns.iter().nth(pick).unwrap();
        let (played, canonical) = p
            .play_turn(text, roll)
            .unwrap_or_else(|e| panic!("seed {seed}: listed turn {text} refused: {e} in {p:?}"));
        assert_eq!(&canonical, text, "seed {seed}");
        assert_eq!(&played, next, "seed {seed}: {text}");
        let stored = next.encode();
        let decoded = OrwellPosition::decode_text(&stored).unwrap();
        assert_eq!(&decoded, next, "seed {seed}: {stored}");
        assert_eq!(Orwell.decode(&[], &stored).unwrap().encode(), stored);
        assert_eq!(
            royals(next),
            3,
            "seed {seed}: Perpetual Power keeps three royals"
        );
        p = played;
    }
    (MAX_TURNS, p.result().is_some())
}

#[test]
fn random_games_never_panic_and_round_trip() {
    let n = games();
    let mut ended = 0;
    let mut longest = 0;
    for seed in 0..n {
        let (turns, over) = play_one(seed);
        ended += usize::from(over);
        longest = longest.max(turns);
    }
    eprintln!("{n} random games: {ended} ended, the longest took {longest} turns");
    assert!(n == 0 || ended > 0, "random play should end some games");
}
