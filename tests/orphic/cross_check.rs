//! The engine against the independent generator in `brute.rs`: the perft
//! table (tests/data/orphic/perft.txt: the start, a mid-drop position, kings
//! dropped with en passant, the last-piece king drop, a check that forbids
//! relocations), and the full legal-move list at every ply of seeded random
//! games.

use super::brute::Brute;
use super::{setup, start};
use crate::positions::{Lcg, PerftCase, perft_table as read_table};
use boserv::rules::Position;

/// Depth 1 of the start counted by hand: Q, R, B, N onto the 48 empty
/// squares (4 x 48 = 192), onto each of the 8 pawns with the pawn going to
/// one of the 16 empty squares of ranks 2 and 4 (4 x 8 x 16 = 512), the
/// king onto the 8 squares of rank 1; no board move (nothing to capture).
/// 192 + 512 + 8 = 712. Depth 2 from both generators (every White turn
/// fills a square Black could have dropped on, and a piece on rank 5 gives
/// Black's pawns a capture).
const START_DEPTH_1: u64 = 712;

#[test]
fn perft_of_the_start_position() {
    assert_eq!(start().perft(1), START_DEPTH_1);
    assert_eq!(
        Brute::from_fen(boserv::rules::orphic::START).perft(1),
        START_DEPTH_1
    );
}

/// The positions and counts of tests/data/orphic/perft.txt.
fn perft_table() -> Vec<PerftCase> {
    read_table(include_str!("../data/orphic/perft.txt"))
}

/// Checks every count up to `largest` against the engine and the brute.
fn run_table(largest: u64) -> usize {
    let mut checked = 0;
    for (name, text, counts) in perft_table() {
        let p = setup(&text);
        let brute = Brute::from_fen(&text);
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= largest) {
            assert_eq!(p.perft(depth), nodes, "{name} depth {depth} (engine)");
            assert_eq!(brute.perft(depth), nodes, "{name} depth {depth} (brute)");
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_table_small_counts() {
    assert!(run_table(300_000) >= 10);
}

/// Every count of the table against the engine. The brute force (minutes
/// in a debug build) checks the counts up to 300,000 in every run
/// ([`perft_table_small_counts`]) and agreed on every count when the
/// table was written; `perft_table_all_with_the_brute` checks them all.
#[test]
fn perft_table_all_against_the_engine() {
    let mut checked = 0;
    for (name, text, counts) in perft_table() {
        let p = setup(&text);
        for (depth, nodes) in counts {
            assert_eq!(p.perft(depth), nodes, "{name} depth {depth} (engine)");
            checked += 1;
        }
    }
    assert!(checked >= 10);
}

/// Every count of the table against both generators: minutes in a debug
/// build. Its lighter form runs in every `cargo test` (the engine on every
/// count, the brute on those up to 300,000); this one by hand:
/// `cargo test --release --test integration -- --ignored perft_table_all_with_the_brute`.
#[test]
#[ignore = "minutes in a debug build; the engine checks every count in perft_table_all_against_the_engine"]
fn perft_table_all_with_the_brute() {
    run_table(u64::MAX);
}

/// Prints the counts of both generators for a new table entry:
/// `ORPHIC_PERFT='FEN' cargo test --release --test integration print_perft -- --ignored --nocapture`.
#[test]
#[ignore = "a tool, not a check: ORPHIC_PERFT='FEN' ... -- --ignored print_perft"]
fn print_perft() {
    let fen =
        std::env::var_os("ORPHIC_PERFT").expect("ORPHIC_PERFT names the position (an Orphic FEN)");
    let fen = fen.to_string_lossy();
    let p = setup(&fen);
    let brute = Brute::from_fen(&fen);
    for depth in 1..=3 {
        println!(
            "perft {depth} {} brute {}",
            p.perft(depth),
            brute.perft(depth)
        );
    }
}

#[test]
fn legal_moves_agree_along_random_games() {
    let mut rng = Lcg(2006);
    let mut plies = 0;
    let starts: Vec<String> = perft_table().into_iter().map(|(_, fen, _)| fen).collect();
    for text in &starts {
        for _game in 0..3 {
            let mut engine: Box<dyn Position> = setup(text);
            let mut brute = Brute::from_fen(text);
            for _ply in 0..60 {
                let theirs = brute.move_texts();
                if engine.outcome().is_some() {
                    break;
                }
                assert_eq!(
                    engine.legal_turns(None),
                    theirs,
                    "after {}",
                    engine.encode()
                );
                let (turn, next) = brute.moves().swap_remove(rng.pick(theirs.len()));
                engine = engine
                    .play(&turn, None)
                    .unwrap_or_else(|e| panic!("{turn}: {e}"))
                    .position;
                brute = next;
                plies += 1;
            }
        }
    }
    assert!(plies > 500, "only {plies} plies compared");
}
