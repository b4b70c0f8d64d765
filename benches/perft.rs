//! Perft speed of the chess generator: perft 4 from the start and from
//! Kiwipete (`cargo bench --bench perft`).

use boserv::rules::chess::ChessPosition;
use boserv::rules::chess::movegen::perft;

fn main() {
    divan::main();
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[divan::bench(sample_count = 5)]
fn perft4_start() -> u64 {
    let p = ChessPosition::from_fen(START).unwrap();
    perft(divan::black_box(&p.bits), 4)
}

#[divan::bench(sample_count = 5)]
fn perft4_kiwipete() -> u64 {
    let p = ChessPosition::from_fen(KIWIPETE).unwrap();
    perft(divan::black_box(&p.bits), 4)
}
