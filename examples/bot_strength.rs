//! The bot's strength table (`scripts/bot-strength.sh` runs it in release
//! mode): the bot at a level against a random mover and a one-ply greedy
//! player (takes the most valuable piece, else a random turn) in every
//! two-seat game, and against two random movers in Orwell Chess. The bot
//! plays each seat in turn; games are played in-process on the rules core.
//! A game that reaches the move cap counts as a draw.
//!
//! usage: bot_strength [--games N] [--level L] [--cap PLIES] [--seed S] [GAME...]
//! Prints one line per game and opponent: games, wins, draws, losses,
//! milliseconds per bot turn (mean and most).

use std::time::Instant;

use boserv::bot::{self, Level};
use boserv::rules::{VARIANTS, Variant};

#[path = "common/self_play.rs"]
#[allow(dead_code, reason = "the ply it tells is bot_ladder's to read")]
mod self_play;

#[derive(Clone, Copy, PartialEq)]
enum Rival {
    Random,
    Greedy,
}

#[derive(Default)]
struct Tally {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    bot_turns: u64,
    bot_ms: f64,
    most_ms: f64,
}

fn main() {
    let mut games = 10u32;
    let mut level = Level::default();
    let mut cap = 400u32;
    let mut seed = 1u64;
    let mut only: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match a.as_str() {
            "--games" => games = value().parse().expect("--games N"),
            "--level" => level = value().parse().expect("--level 1..5"),
            "--cap" => cap = value().parse().expect("--cap PLIES"),
            "--seed" => seed = value().parse().expect("--seed S"),
            name => only.push(name.to_string()),
        }
    }
    println!(
        "level {}, {games} games each, cap {cap} plies (a capped game is a draw)",
        level.get()
    );
    println!(
        "{:<16} {:<10} {:>5} {:>5} {:>5} {:>6} {:>9} {:>8}",
        "game", "opponent", "games", "wins", "draws", "losses", "ms/turn", "most ms"
    );
    for variant in VARIANTS.iter().copied() {
        if !only.is_empty() && !only.iter().any(|o| o == variant.name()) {
            continue;
        }
        let rivals: &[Rival] = if variant.seats().len() == 2 {
            &[Rival::Random, Rival::Greedy]
        } else {
            &[Rival::Random]
        };
        for &rival in rivals {
            let mut tally = Tally::default();
            for g in 0..games {
                let bot_seat = g as usize % variant.seats().len();
                let game_seed = seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(u64::from(g) * 7919);
                play(variant, bot_seat, rival, level, cap, game_seed, &mut tally);
            }
            let name = match rival {
                Rival::Random if variant.seats().len() > 2 => "2 random",
                Rival::Random => "random",
                Rival::Greedy => "greedy",
            };
            println!(
                "{:<16} {:<10} {:>5} {:>5} {:>5} {:>6} {:>9.1} {:>8.0}",
                variant.name(),
                name,
                tally.games,
                tally.wins,
                tally.draws,
                tally.losses,
                tally.bot_ms / tally.bot_turns.max(1) as f64,
                tally.most_ms
            );
        }
    }
}

/// One game; the bot on `bot_seat`. In Orwell a win is finishing first.
fn play(
    variant: &dyn Variant,
    bot_seat: usize,
    rival: Rival,
    level: Level,
    cap: u32,
    seed: u64,
    tally: &mut Tally,
) {
    let outcome = self_play::play_out(variant, cap, seed, |mut asked| {
        if asked.seat == bot_seat {
            let started = Instant::now();
            let choice = bot::choose(
                variant,
                asked.position,
                asked.roll,
                level,
                asked.rng.next_u64(),
            )
            .expect("the bot moves");
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            tally.bot_turns += 1;
            tally.bot_ms += ms;
            tally.most_ms = tally.most_ms.max(ms);
            return choice.turn;
        }
        let greedy = match rival {
            Rival::Greedy => bot::greedy(asked.position, asked.rng),
            Rival::Random => None,
        };
        greedy.unwrap_or_else(|| self_play::random_turn(&mut asked))
    });
    tally.games += 1;
    match outcome {
        Some(o) if o.winner() == Some(bot_seat) => tally.wins += 1,
        Some(o) if o.winner().is_some() => tally.losses += 1,
        _ => tally.draws += 1,
    }
}
