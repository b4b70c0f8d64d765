//! The engine against the independent generator in `brute.rs`: every count
//! of the perft table tests/data/orthodia.perft, counted by both, and the
//! full legal-move list at every ply of seeded random games.

use super::brute::Brute;
use super::{setup, start, turns};
use crate::positions::Lcg;
use boserv::rules::Ending;

/// One position of the table: game, name, FEN, (depth, nodes).
struct Case {
    simple: bool,
    name: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn table() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in include_str!("../data/orthodia.perft")
        .lines()
        .map(str::trim)
    {
        match line.split_once(' ') {
            Some(("game", name)) => out.push(Case {
                simple: name == "orthodia-simple",
                name: String::new(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            Some(("id", name)) => out.last_mut().unwrap().name = name.to_string(),
            Some(("fen", text)) => out.last_mut().unwrap().fen = text.to_string(),
            Some(("perft", rest)) => {
                let (d, n) = rest.split_once(' ').unwrap();
                let n = n.parse().unwrap();
                out.last_mut().unwrap().counts.push((d.parse().unwrap(), n));
            }
            _ => assert!(line.is_empty() || line.starts_with('#'), "bad line {line}"),
        }
    }
    out
}

/// Counts every case up to `largest` nodes, by the engine and (up to
/// `brute_depth`) by the brute force; returns how many counts were checked.
fn run_table(largest: u64, brute_depth: u32) -> usize {
    let mut checked = 0;
    for case in table() {
        let p = setup(case.simple, &case.fen);
        let b = Brute::from_fen(&case.fen, case.simple);
        for &(depth, nodes) in case.counts.iter().filter(|&&(_, n)| n <= largest) {
            let game = super::game(case.simple);
            assert_eq!(p.perft(depth), nodes, "{game} {} depth {depth}", case.name);
            if depth <= brute_depth {
                assert_eq!(
                    b.perft(depth),
                    nodes,
                    "brute {game} {} depth {depth}",
                    case.name
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_table_holds_four_positions_per_game_to_depth_three_or_more() {
    let cases = table();
    for simple in [false, true] {
        let mine: Vec<&Case> = cases.iter().filter(|c| c.simple == simple).collect();
        assert!(mine.len() >= 4);
        assert!(mine.iter().all(|c| c.counts.iter().any(|&(d, _)| d >= 3)));
    }
    assert_eq!(cases[0].fen, boserv::rules::orthodia::START);
}

#[test]
fn perft_table_small_counts_by_engine_and_brute_force() {
    assert!(run_table(30_000, 3) >= 16);
}

/// Every count of the table, by the engine and by the brute force (about
/// two seconds in a debug build).
#[test]
fn perft_table_all() {
    let total: usize = table().iter().map(|c| c.counts.len()).sum();
    assert_eq!(run_table(u64::MAX, u32::MAX), total);
}

#[test]
fn the_start_position_by_hand() {
    // Pawns b2-g2: one or two squares, 12; Warriors a2 -> b3 c4 and
    // h2 -> g3 f4, 4; Golds, Bisroos, Roobis, Torch and King are shut in.
    for simple in [false, true] {
        assert_eq!(start(simple).perft(1), 16);
        assert_eq!(start(simple).perft(2), 256);
    }
}

#[test]
fn legal_moves_agree_along_random_games() {
    let mut rng = Lcg(14);
    let mut plies = 0;
    for case in table() {
        for _game in 0..3 {
            let mut engine = setup(case.simple, &case.fen);
            let mut brute = Brute::from_fen(&case.fen, case.simple);
            for _ply in 0..100 {
                let mine = turns(engine.as_ref());
                if engine
                    .outcome()
                    .is_some_and(|o| !matches!(o.ending, Ending::Checkmate | Ending::Stalemate))
                {
                    break;
                }
                let theirs = brute.move_texts();
                assert_eq!(mine, theirs, "{} {}", case.name, engine.encode());
                plies += 1;
                if mine.is_empty() {
                    break;
                }
                let text = &mine[rng.pick(mine.len())];
                engine = super::play(engine.as_ref(), text);
                brute = brute.play(text);
            }
        }
    }
    assert!(plies > 1500, "{plies}");
}
