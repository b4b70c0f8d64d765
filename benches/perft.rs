//! Perft speed of the move generators (`cargo bench --bench perft`): one
//! perft per game from its start (Kiwipete too for chess), at a depth that
//! takes well under a second, so that a change to a generator shows here.
//! `scripts/bench-perft.sh` measures the deeper counts the README's table
//! gives, as nodes per CPU second, beside Fairy-Stockfish where it can.

use boserv::rules::chess::backend::bits_of_fen;
use boserv::rules::chess::movegen::perft;
use boserv::rules::{Position, find_variant};

fn main() {
    divan::main();
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Simplified Orthodia without the Torch: the position Fairy-Stockfish can
/// count too (scripts/fsf_orthodia_simple.py).
pub const ORTHODIA_SIMPLE_NO_TORCH: &str = "rgb1kbgr/wppppppw/8/8/8/8/WPPPPPPW/RGB1KBGR w - - 0 1";

#[divan::bench(sample_count = 5)]
fn perft4_start() -> u64 {
    let b = bits_of_fen(START).unwrap();
    perft(divan::black_box(&b), 4)
}

#[divan::bench(sample_count = 5)]
fn perft4_kiwipete() -> u64 {
    let b = bits_of_fen(KIWIPETE).unwrap();
    perft(divan::black_box(&b), 4)
}

/// Orwell Chess: every turn of every one of the 36 rolls from the start,
/// and each of those turns' 36 rolls again (perft 2 over dice).
#[divan::bench(sample_count = 3)]
fn orwell_perft2_start() -> u64 {
    use boserv::rules::orwell::OrwellPosition;
    divan::black_box(OrwellPosition::start()).perft_dice(2)
}

/// A game of the shared chess-like core from its start (or `fen`).
fn core_perft(game: &str, fen: Option<&str>, depth: u32) -> u64 {
    let variant = find_variant(game).unwrap();
    let p: Box<dyn Position> = match fen {
        Some(fen) => variant.from_fen(&[], fen).unwrap(),
        None => variant.start(&[]).unwrap(),
    };
    divan::black_box(p.as_ref()).perft(depth)
}

/// Big Outer Chess: perft 3 from the start.
#[divan::bench(sample_count = 3)]
fn bochess_perft3_start() -> u64 {
    core_perft("bochess", None, 3)
}

#[divan::bench(sample_count = 3)]
fn orthodia_perft4_start() -> u64 {
    core_perft("orthodia", None, 4)
}

#[divan::bench(sample_count = 3)]
fn orthodia_simple_perft4_no_torch() -> u64 {
    core_perft("orthodia-simple", Some(ORTHODIA_SIMPLE_NO_TORCH), 4)
}

#[divan::bench(sample_count = 3)]
fn orphic_perft2_start() -> u64 {
    core_perft("orphic", None, 2)
}

#[divan::bench(sample_count = 3)]
fn rebellion_perft4_start() -> u64 {
    core_perft("rebellion", None, 4)
}

#[divan::bench(sample_count = 3)]
fn squirm_perft3_start() -> u64 {
    core_perft("squirm", None, 3)
}
