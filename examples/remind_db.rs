//! Writes the database of the `remind` benchmark (scripts/bench-remind.sh):
//!
//!     cargo run --release --example remind_db -- PATH GAMES
//!
//! then prints the moment to run `boserv remind` at (`--now`).

#[path = "../benches/remind_db.rs"]
mod remind_db;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(games)) = (args.next(), args.next()) else {
        eprintln!("usage: remind_db PATH GAMES");
        std::process::exit(2);
    };
    let Ok(games) = games.replace(['_', ','], "").parse::<usize>() else {
        eprintln!("GAMES: a number of games, as 1000000");
        std::process::exit(2);
    };
    let path = std::path::Path::new(&path);
    if path.exists() {
        eprintln!("{}: exists; give a new path", path.display());
        std::process::exit(2);
    }
    remind_db::generate(path, games);
    println!("{}", remind_db::NOW);
}
