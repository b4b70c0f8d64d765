//! Replaying a game's turn log (`cargo bench --bench replay`), as the
//! letters' move lists and clocks and every rebuilt position do: 40 plies
//! of each game of the chess-like core, each turn played as recorded
//! ([`boserv::rules::Position::play`] finds a canonical text among the
//! legal turns) beside the same log read by the notation layer as players'
//! texts ([`boserv::rules::chesslike::ChessLike::play_read`]), the way
//! replays went before. Instruction counts per turn:
//! `examples/replay_cost.rs`.

#[path = "replay_log.rs"]
mod replay_log;

fn main() {
    divan::main();
}

const GAMES: [&str; 6] = [
    "chess",
    "bochess",
    "orthodia",
    "orthodia-simple",
    "rebellion",
    "squirm",
];

#[divan::bench(args = GAMES, sample_count = 20)]
fn recorded(bencher: divan::Bencher, game: &str) {
    let (variant, log) = replay_log::log(game, 40);
    bencher.bench_local(|| replay_log::replay(variant, divan::black_box(&log), false));
}

#[divan::bench(args = GAMES, sample_count = 20)]
fn read(bencher: divan::Bencher, game: &str) {
    let (variant, log) = replay_log::log(game, 40);
    bencher.bench_local(|| replay_log::replay(variant, divan::black_box(&log), true));
}
