//! Random Orphic games never panic, and every position rebuilt from the
//! turn log (replayed from the start by its canonical texts, as the server
//! rebuilds a game) equals the cached one (the encoding the server stores,
//! decoded). 30 games by default; `BOSERV_ORPHIC_GAMES=1000` for the full run.

use super::start;
use boserv::rules::find_variant;

struct Lcg(u64);

impl Lcg {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

fn games() -> u64 {
    std::env::var("BOSERV_ORPHIC_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30)
}

#[test]
fn random_games_replay_to_the_cached_position() {
    let variant = find_variant("orphic").unwrap();
    let mut ended = 0;
    for game in 0..games() {
        let mut rng = Lcg(game);
        let mut pos = start();
        let mut log: Vec<String> = Vec::new();
        for _ply in 0..300 {
            let legal = pos.legal(None);
            if legal.is_empty() {
                assert!(
                    pos.outcome().is_some(),
                    "no turn but no end: {}",
                    pos.encode()
                );
                ended += 1;
                break;
            }
            let turn = &legal[rng.pick(legal.len())];
            let text = pos.turn_text(turn);
            let next = pos
                .apply(turn, None)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            log.push(text);
            // The cached position: stored and read back.
            let cached = variant.decode(&[], &next.encode()).unwrap();
            assert_eq!(cached.encode(), next.encode());
            pos = next;
        }
        // The turn log replayed from the start by its texts.
        let replayed = log.iter().fold(start(), |p, t| {
            p.play(t, None)
                .unwrap_or_else(|e| panic!("{t}: {e}"))
                .position
        });
        assert_eq!(replayed.encode(), pos.encode(), "game {game}: {log:?}");
        assert_eq!(replayed.outcome(), pos.outcome());
    }
    assert!(ended > 0 || games() < 5, "no random game reached an end");
}
