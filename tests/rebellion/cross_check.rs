//! The engine against the independent generator in `brute.rs`: the perft
//! tables of tests/data/rebellion/perft.txt (every count produced by both),
//! and the full legal-turn lists at every ply of seeded random games of
//! both games, with and without Berolina pawns.

use super::brute::{Brute, Game};
use super::{at, start};
use boserv::rules::{Ending, Position};

use crate::positions::Lcg;

/// One table entry: name, game word, Berolina pawns, FEN, (depth, nodes).
struct Case {
    name: String,
    game: String,
    berolina: bool,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn game_of(word: &str) -> Game {
    match word {
        "rebellion" => Game::Rebellion,
        "squirm" => Game::Squirm,
        other => panic!("not a game here: {other}"),
    }
}

fn table() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in include_str!("../data/rebellion/perft.txt")
        .lines()
        .map(str::trim)
    {
        let last = out.last_mut();
        match (line.split_once(' '), last) {
            (Some(("id", name)), _) => out.push(Case {
                name: name.to_string(),
                game: String::new(),
                berolina: false,
                fen: String::new(),
                counts: Vec::new(),
            }),
            (Some(("game", rest)), Some(case)) => {
                let mut words = rest.split_whitespace();
                case.game = words.next().unwrap().to_string();
                case.berolina = words.next() == Some("berolina");
            }
            (Some(("fen", text)), Some(case)) => case.fen = text.to_string(),
            (Some(("perft", rest)), Some(case)) => {
                let (d, n) = rest.split_once(' ').unwrap();
                case.counts.push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => assert!(line.is_empty() || line.starts_with('#'), "bad line {line}"),
        }
    }
    out
}

/// Checks every count up to `largest` against the engine, and (when
/// `brute` is set) against the independent generator too.
fn run_table(largest: u64, brute: bool) -> usize {
    let mut checked = 0;
    for case in table() {
        let engine = at(&case.game, case.berolina, &case.fen);
        let other = Brute::from_fen(game_of(&case.game), case.berolina, &case.fen);
        for &(depth, nodes) in case.counts.iter().filter(|&&(_, n)| n <= largest) {
            let what = format!("{} {} depth {depth}", case.game, case.name);
            assert_eq!(engine.perft(depth), nodes, "engine: {what}");
            if brute {
                assert_eq!(other.perft(depth), nodes, "brute: {what}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_table_covers_both_games_with_and_without_berolina() {
    let cases = table();
    for game in ["rebellion", "squirm"] {
        for berolina in [false, true] {
            let of: Vec<&Case> = cases
                .iter()
                .filter(|c| c.game == game && c.berolina == berolina)
                .collect();
            assert!(of.len() >= 4, "{game} {berolina}: {} positions", of.len());
            assert!(of.iter().any(|c| c.name == "start"));
            assert!(
                of.iter().all(|c| c.counts.iter().any(|&(d, _)| d >= 3)),
                "{game} {berolina}: depth 3 everywhere"
            );
        }
    }
}

#[test]
fn perft_table_small_counts_by_both_generators() {
    assert!(run_table(500_000, true) >= 60);
}

/// Every count of the table by the engine; the brute-force generator
/// checks the large ones only with REBELLION_PERFT_FULL=1 (they take
/// minutes in a debug build).
#[test]
fn perft_table_all() {
    let full = std::env::var("REBELLION_PERFT_FULL").is_ok_and(|v| v == "1");
    let n = run_table(u64::MAX, full);
    assert_eq!(n, table().iter().map(|c| c.counts.len()).sum::<usize>());
}

#[test]
fn legal_turns_agree_along_random_games() {
    let mut rng = Lcg(13);
    let mut plies = 0;
    let mut ends = 0;
    for case in table() {
        for _game in 0..3 {
            let mut engine: Box<dyn Position> = if case.name == "start" {
                start(&case.game, case.berolina)
            } else {
                at(&case.game, case.berolina, &case.fen)
            };
            let mut brute = Brute::from_fen(game_of(&case.game), case.berolina, &case.fen);
            for _ply in 0..60 {
                let mine = engine.legal_turns(None);
                let theirs = brute.moves();
                if let Some(o) = engine.outcome() {
                    // Repetition is the engine's alone; every other end
                    // leaves the brute force nothing to play either.
                    if o.ending != Ending::Repetition {
                        assert!(theirs.is_empty(), "{} {}: {o}", case.game, engine.encode());
                    }
                    ends += 1;
                    break;
                }
                let texts: Vec<&String> = theirs.iter().map(|(t, _)| t).collect();
                assert_eq!(
                    mine.iter().collect::<Vec<_>>(),
                    texts,
                    "{} after {}",
                    case.game,
                    engine.encode()
                );
                let (turn, next) = theirs.into_iter().nth(rng.pick(mine.len())).unwrap();
                engine = engine.play(&turn, None).unwrap().position;
                brute = next;
                plies += 1;
            }
        }
    }
    assert!(
        plies > 2000,
        "only {plies} plies compared ({ends} games ended)"
    );
}
