//! How deep the two-seat search gets on a node budget, with and without
//! the top level's selective search (`Budget::selective`), and with its
//! evaluation's count of the squares the pieces reach as well
//! (`Budget::in_play`), and with its capture search listing only the turns
//! that take (`Budget::takes`), and leaving out the captures that lose
//! the exchange (`Budget::exchanges`: level 5 as it plays), in a few chess
//! middle games and endings or in `--fen` positions of `--game`: the depth
//! of the last complete iteration, the turn, its score and the time.
//! `--nodes` is the budget (2 000 000 by default, about what level 5's
//! 4.5 s buys on this machine in chess).
//!
//! usage: bot_depth [--nodes N] [--game NAME] [--fen FEN]...

use std::time::Instant;

use boserv::bot::{self, Budget, Level};
use boserv::rules::find_variant;

const POSITIONS: &[&str] = &[
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 11",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PBPN2/P1Q2PPP/R1B2RK1 w - - 0 14",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/5pk1/6p1/p2R4/5P2/1r4P1/5K2/8 w - - 0 40",
    "6k1/1p3ppp/p1n5/3p4/3P4/2N2N2/PP3PPP/6K1 w - - 0 25",
];

fn main() {
    let mut nodes: u64 = 2_000_000;
    let mut game = "chess".to_string();
    let mut fens: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--nodes" => nodes = args.next().and_then(|n| n.parse().ok()).expect("--nodes N"),
            "--game" => game = args.next().expect("--game NAME"),
            "--fen" => fens.push(args.next().expect("--fen FEN")),
            other => panic!("unknown argument {other}"),
        }
    }
    if fens.is_empty() {
        fens = POSITIONS.iter().map(|f| f.to_string()).collect();
    }
    let variant = find_variant(&game).unwrap_or_else(|| panic!("no game called {game}"));
    println!("{nodes} positions a search; depth, turn, score (centipawns) and seconds");
    println!(
        "{:<72} {:>24} {:>24} {:>24} {:>24} {:>24}",
        "position", "full", "selective", "and mobility", "and takes", "and exchanges (level 5)"
    );
    for fen in &fens {
        let pos = variant.from_fen(&[], fen).expect("a FEN of the game");
        let mut cells = Vec::new();
        for (selective, mobility, takes, exchanges) in [
            (false, false, false, false),
            (true, false, false, false),
            (true, true, false, false),
            (true, true, true, false),
            (true, true, true, true),
        ] {
            let budget = Budget {
                selective,
                in_play: mobility,
                takes,
                exchanges,
                ..Budget::plain(40, nodes)
            };
            let started = Instant::now();
            let level = Level::new(5).expect("level 5");
            let choice =
                bot::choose_within(variant, pos.as_ref(), None, level, budget, 7).expect("a turn");
            cells.push(format!(
                "{:>2} {:<8} {:>5} {:>5.2}",
                choice.depth,
                choice.text,
                choice.score,
                started.elapsed().as_secs_f64()
            ));
        }
        println!(
            "{fen:<72} {:>24} {:>24} {:>24} {:>24} {:>24}",
            cells[0], cells[1], cells[2], cells[3], cells[4]
        );
    }
}
