//! Perft speed of the move generators (`cargo bench --bench perft`):
//! chess perft 4 from the start and from Kiwipete, Big Outer Chess perft 3
//! from its start.

use boserv::rules::chess::backend::bits_of_fen;
use boserv::rules::chess::movegen::perft;
use boserv::rules::find_variant;

fn main() {
    divan::main();
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

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

/// Big Outer Chess: perft 3 from the start.
#[divan::bench(sample_count = 3)]
fn bochess_perft3_start() -> u64 {
    let p = find_variant("bochess").unwrap().start(&[]).unwrap();
    divan::black_box(p.as_ref()).perft(3)
}
