//! Random games of both games (with and without Berolina pawns) never
//! panic, and the position rebuilt from the stored text after every turn
//! (what the server caches) is the position reached by play: same stored
//! text, same legal turns, same drawing; replaying the turn texts from the
//! start gives it again. A few games by default; REBELLION_GAMES=1000 runs
//! a thousand of each.

use super::{options, start};
use boserv::rules::{Position, find_variant};

use crate::positions::Lcg;

fn games() -> u64 {
    std::env::var("REBELLION_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

#[test]
fn random_games_replay_to_the_cached_position() {
    let mut ended = 0;
    for game in ["rebellion", "squirm"] {
        let variant = find_variant(game).unwrap();
        for berolina in [false, true] {
            let opts = options(berolina);
            for seed in 0..games() {
                let mut rng = Lcg(seed * 31 + u64::from(berolina));
                let mut p: Box<dyn Position> = start(game, berolina);
                let mut record: Vec<String> = Vec::new();
                for _ in 0..150 {
                    let turns = p.legal_turns(None);
                    if turns.is_empty() {
                        assert!(p.outcome().is_some(), "{game}: no turn, no end");
                        ended += 1;
                        break;
                    }
                    let played = p.play(&turns[rng.pick(turns.len())], None).unwrap();
                    record.push(played.canonical);
                    p = played.position;
                    let cached = variant.decode(&opts, &p.encode()).unwrap();
                    assert_eq!(cached.encode(), p.encode());
                    assert_eq!(cached.legal_turns(None), p.legal_turns(None));
                    assert_eq!(cached.render(), p.render());
                }
                let mut replayed = start(game, berolina);
                for turn in &record {
                    replayed = replayed.play(turn, None).unwrap().position;
                }
                assert_eq!(replayed.encode(), p.encode(), "{game} {record:?}");
            }
        }
    }
    assert!(games() < 20 || ended > 0, "some random game should end");
}
