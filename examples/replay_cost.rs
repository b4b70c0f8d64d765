//! One game's log replayed `TIMES` times, for instruction counts per
//! replayed turn under callgrind (the benchmark is `benches/replay.rs`):
//!
//!     cargo build --release --example replay_cost
//!     valgrind --tool=callgrind target/release/examples/replay_cost GAME PLIES TIMES [read]
//!
//! Run it at two `TIMES` and divide the difference by the turns between
//! them (the program prints how many turns one replay plays). `read`
//! plays each turn as a player's text, the way replays went before.

#[path = "../benches/replay_log.rs"]
mod replay_log;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(plies), Some(times)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: replay_cost GAME PLIES TIMES [read]");
        std::process::exit(2);
    };
    let (Ok(plies), Ok(times)) = (plies.parse::<usize>(), times.parse::<usize>()) else {
        eprintln!("PLIES and TIMES are numbers");
        std::process::exit(2);
    };
    let read = args.get(3).is_some_and(|a| a == "read");
    let (variant, log) = replay_log::log(game, plies);
    for _ in 0..times {
        std::hint::black_box(replay_log::replay(variant, &log, read));
    }
    println!("{} turns a replay", log.len());
}
