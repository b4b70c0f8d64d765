//! The bot's level ladder in the games Fairy-Stockfish does not play
//! (issue 47, item 1): each level against the level below it, in-process on
//! the rules core. In a two-seat game the higher level takes each seat in
//! turn; in Orwell Chess it plays against two of the level below, taking
//! each of the three seats in turn, and a win is finishing first (placings:
//! with three equal players one game in three).
//!
//! Every game starts with `--opening` random turns a side (drawn from the
//! game's seed), so that the deterministic node-budget levels (1 to 3) do
//! not replay one game; a game that reaches the cap counts as a draw.
//! Levels 4 and 5 think on the clock, so their results depend on the
//! machine's load: give them `--nodes N` to play them on a node budget
//! instead, level 4 at N positions a turn and level 5 at 3N (the ratio of
//! their clocks, 4.5 s to 1.5 s). `--ms MS` keeps them on the clock but
//! shorter: level 5 at MS milliseconds a turn, level 4 at a third (for
//! a feature whose cost a node count does not see, such as a faster
//! way to list turns).
//!
//! `--without FEATURE` (`in-play`, `selective`, `takes` or `exchanges`) takes a feature of
//! the search from the lower level of each pair: with `--levels 5,5` an
//! A/B of the feature, the same search with and without it on the same
//! openings (`5>5` then reads "level 5 against itself without it").
//! `--higher-without FEATURE` takes it from the higher level instead:
//! `--levels 4,5 --higher-without in-play` is the ladder's pair as it
//! stood before the feature. `in-play` is level 5's judgement of the
//! pieces in play (`Budget::in_play`: their reach, or in a game won by
//! losing every piece their number); `mobility`, its name when it was
//! the reach alone, is read as `in-play`. `takes` is level 5's capture
//! search listing only the turns that take (`Budget::takes`);
//! `exchanges`, its capture search leaving out the captures that lose
//! the exchange on their square (`Budget::exchanges`).
//!
//! usage: bot_ladder [--games N] [--levels 1,2,3] [--cap PLIES]
//!                   [--opening TURNS] [--nodes N | --ms MS] [--seed S]
//!                   [--verbose] [--without in-play|selective|takes|exchanges]
//!                   [--higher-without in-play|selective|takes|exchanges] [GAME...]
//! Prints one line per game and pair of levels: games, the higher
//! level's wins, draws and losses, its score, and the mean milliseconds a
//! turn of each level; then one line `ladder: GAME L>L-1 W-D-L ...`, with
//! `(N capped)` after a pair where N of the draws were games cut at the
//! cap rather than ended by the rules. `--verbose` prints each game's
//! ending too (a draw by repetition, by the move count, ...).

use std::time::{Duration, Instant};

use boserv::bot::{self, Budget, Level};
use boserv::rules::{VARIANTS, Variant};

#[path = "common/feature.rs"]
mod feature;
#[path = "common/self_play.rs"]
mod self_play;

use feature::Feature;

/// The games of the ladder table: those without the Fairy-Stockfish
/// yardstick (chess has it; simplified Orthodia can be given by name).
const LADDER_GAMES: &[&str] = &[
    "bochess",
    "orphic",
    "rebellion",
    "squirm",
    "orthodia",
    "orwell",
];

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    /// Draws that are games cut at the cap, not ended by the rules.
    capped: u32,
    turns: [u64; 2],
    ms: [f64; 2],
}

struct Match {
    high: Level,
    low: Level,
    nodes: Option<u64>,
    /// Level 5's clock a turn in milliseconds (`--ms`), level 4's a third.
    ms: Option<u64>,
    cap: u32,
    opening: u32,
    verbose: bool,
    /// The search feature the lower level plays without (`--without`).
    without: Option<Feature>,
    /// The search feature the higher level plays without (`--higher-without`).
    higher_without: Option<Feature>,
}

fn main() {
    let mut games = 10u32;
    let mut levels: Vec<Level> = ["1", "2", "3"].iter().map(|l| l.parse().unwrap()).collect();
    let mut cap = 300u32;
    let mut opening = 2u32;
    let mut nodes = None;
    let mut ms = None;
    let mut seed = 1u64;
    let mut verbose = false;
    let mut without = None;
    let mut higher_without = None;
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match a.as_str() {
            "--games" => games = value().parse().expect("--games N"),
            "--levels" => {
                levels = value()
                    .split(',')
                    .map(|l| l.parse().expect("--levels 1,2,3 (1 to 5)"))
                    .collect()
            }
            "--cap" => cap = value().parse().expect("--cap PLIES"),
            "--opening" => opening = value().parse().expect("--opening TURNS"),
            "--nodes" => nodes = Some(value().parse().expect("--nodes N")),
            "--ms" => ms = Some(value().parse().expect("--ms MS")),
            "--seed" => seed = value().parse().expect("--seed S"),
            "--verbose" => verbose = true,
            "--without" => without = Some(Feature::parse(&value())),
            "--higher-without" => higher_without = Some(Feature::parse(&value())),
            name => only.push(name.to_string()),
        }
    }
    levels.sort_by_key(|l| l.get());
    let names: Vec<String> = if only.is_empty() {
        LADDER_GAMES.iter().map(|s| s.to_string()).collect()
    } else {
        only
    };
    println!(
        "{games} games a pair, {opening} random opening turns a side, cap {cap} plies \
         (a capped game is a draw){}{}{}{}",
        nodes.map_or(String::new(), |n| format!(
            ", level 4 at {n} nodes, level 5 at {}",
            3 * n
        )),
        ms.map_or(String::new(), |ms| format!(
            ", level 5 at {ms} ms a turn, level 4 at {}",
            ms / 3
        )),
        without.map_or(String::new(), |f| format!(
            ", the lower level without {}",
            f.name()
        )),
        higher_without.map_or(String::new(), |f| format!(
            ", the higher level without {}",
            f.name()
        ))
    );
    println!(
        "{:<16} {:>7} {:>5} {:>5} {:>5} {:>6} {:>6} {:>9} {:>9}",
        "game", "levels", "games", "wins", "draws", "losses", "score", "ms high", "ms low"
    );
    let mut summary = Vec::new();
    for name in &names {
        let variant = *VARIANTS
            .iter()
            .find(|v| v.name() == name)
            .unwrap_or_else(|| panic!("no game called {name}"));
        for pair in levels.windows(2) {
            let game = Match {
                high: pair[1],
                low: pair[0],
                nodes,
                ms,
                cap,
                opening,
                verbose,
                without,
                higher_without,
            };
            let mut tally = Tally::default();
            for g in 0..games {
                let high_seat = g as usize % variant.seats().len();
                let game_seed = seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(u64::from(g) * 7919);
                play(variant, &game, high_seat, game_seed, &mut tally);
            }
            let score = (f64::from(tally.wins) + f64::from(tally.draws) / 2.0)
                / f64::from(tally.games.max(1));
            println!(
                "{:<16} {:>7} {:>5} {:>5} {:>5} {:>6} {:>5.0}% {:>9.1} {:>9.1}",
                variant.name(),
                format!("{}>{}", game.high.get(), game.low.get()),
                tally.games,
                tally.wins,
                tally.draws,
                tally.losses,
                score * 100.0,
                tally.ms[0] / tally.turns[0].max(1) as f64,
                tally.ms[1] / tally.turns[1].max(1) as f64,
            );
            let capped = match tally.capped {
                0 => String::new(),
                n => format!(" ({n} capped)"),
            };
            summary.push(format!(
                "{}>{} {}-{}-{}{capped}",
                game.high.get(),
                game.low.get(),
                tally.wins,
                tally.draws,
                tally.losses
            ));
        }
        println!("ladder: {} {}", variant.name(), summary.join(", "));
        summary.clear();
    }
}

/// One game; the higher level on `high_seat`, the lower on the others.
fn play(variant: &dyn Variant, game: &Match, high_seat: usize, seed: u64, tally: &mut Tally) {
    let seats = variant.seats().len() as u32;
    let outcome = self_play::play_out(variant, game.cap, seed, |mut asked| {
        if asked.ply <= game.opening * seats {
            return self_play::random_turn(&mut asked);
        }
        let (level, side) = if asked.seat == high_seat {
            (game.high, 0)
        } else {
            (game.low, 1)
        };
        let budget = match game.nodes {
            Some(n) if level.get() >= 4 => Budget {
                nodes: if level.get() == 5 { 3 * n } else { n },
                cap: None,
                ..level.budget()
            },
            _ => match game.ms {
                Some(ms) if level.get() >= 4 => Budget {
                    cap: Some(Duration::from_millis(if level.get() == 5 {
                        ms
                    } else {
                        ms / 3
                    })),
                    ..level.budget()
                },
                _ => level.budget(),
            },
        };
        let taken = if side == 0 {
            game.higher_without
        } else {
            game.without
        };
        let budget = match taken {
            Some(feature) => feature.take_from(budget),
            None => budget,
        };
        let started = Instant::now();
        let choice = bot::choose_within(
            variant,
            asked.position,
            asked.roll,
            level,
            budget,
            asked.rng.next_u64(),
        )
        .expect("the bot moves");
        tally.turns[side] += 1;
        tally.ms[side] += started.elapsed().as_secs_f64() * 1000.0;
        choice.turn
    });
    tally.games += 1;
    if game.verbose {
        let ending = outcome
            .as_ref()
            .map_or("capped".to_string(), |o| format!("{:?}", o.ending));
        let result = match outcome.as_ref().map(|o| o.winner()) {
            Some(Some(seat)) if seat == high_seat => "won",
            Some(Some(_)) => "lost",
            _ => "drew",
        };
        println!(
            "  {} level {} in seat {high_seat} {result}: {ending} (seed {seed})",
            variant.name(),
            game.high.get()
        );
    }
    match outcome {
        Some(o) if o.winner() == Some(high_seat) => tally.wins += 1,
        Some(o) if o.winner().is_some() => tally.losses += 1,
        Some(_) => tally.draws += 1,
        None => {
            tally.draws += 1;
            tally.capped += 1;
        }
    }
}
