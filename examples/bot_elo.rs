//! The bot's strength in Elo (`scripts/bot-strength.sh` runs it in release
//! mode): the bot at each level plays chess against Fairy-Stockfish limited
//! to a UCI_Elo (a separate process, spoken to in UCI; GPL, so only run,
//! never linked), alternating colours, each pair of games from one of a
//! few book openings. A game ends by the rules, at the move cap (a draw),
//! or by adjudication: when Fairy-Stockfish's own score has stayed beyond
//! `--adjudicate` centipawns for the same side over 6 plies in a row.
//!
//! The Elo of a level is the yardstick's Elo plus the logistic difference
//! of its score, E = Elo + 400 log10(s / (1 - s)), with a 95% interval
//! from the score's standard error over the games (draws counted as half
//! a point). A clean score (every game won, or every game lost) has no
//! interval, only a bound: n wins of n put the expected score above
//! 0.05^(1/n) at 95% (below 1 - 0.05^(1/n) for n losses), so the table
//! prints "above E" or "below E" for it.
//!
//! usage: bot_elo [--games N] [--levels 1,2,3] [--elo E[,E...]] [--fsf-ms MS]
//!                [--cap PLIES] [--adjudicate CP] [--engine PATH] [--seed S]
//!                [--from N] [--variant NAME] [--moves]
//! `--variant` plays a game of the library defined as data under
//! Fairy-Stockfish's name (its `UCI_Variant`) instead of chess, from its
//! start position (chess's book openings only in chess).
//! `--from` numbers the games from N (the openings go on from there).
//! `--elo` gives one UCI_Elo for every level, or one per level.
//! `--moves` prints each game's moves (UCI) and how it ended on stderr.
//! `--fsf-ms` is Fairy-Stockfish's time a move, 500 ms unless given: the
//! limited engine is stronger the longer it thinks (its transposition
//! table keeps what its deeper search found), and at 100 ms it is markedly
//! weaker than at 500 (docs/bot.md, "Fairy-Stockfish's time a move").

#[path = "common/fsf.rs"]
mod fsf;

use boserv::bot::{self, Level};
use boserv::rules::find_variant;

use fsf::{Engine, play_uci, uci};

/// Book openings (UCI), each played once with each colour.
const BOOK: &[&str] = &[
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 c7c6 d2d4 d7d5",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "e2e4 e7e5 f1c4 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
];

struct Settings {
    games: u32,
    fsf_ms: u64,
    cap: u32,
    adjudicate: i32,
    engine: String,
    seed: u64,
    /// The first game's number (a later run goes on with other openings).
    from: u32,
    /// The game, by its name in boserv and in Fairy-Stockfish.
    variant: String,
    /// Each game's moves (UCI) and how it ended, on stderr.
    show_moves: bool,
}

#[derive(Default)]
struct Tally {
    points: Vec<f64>,
    bot_turns: u64,
    bot_cpu: f64,
    most: f64,
    /// The bot's CPU seconds per game.
    per_game: Vec<f64>,
}

/// One game: the bot's points (1, ½, 0); none when the yardstick plays a
/// move boserv's rules refuse (an older Fairy-Stockfish may differ from
/// the one the library is proven against: Debian's 11.1 lets Ouk
/// Chatrang's Met take with its first leap, out of check): the game is
/// void, and said on stderr.
fn game(s: &Settings, level: Level, fsf: &mut Engine, n: u32, tally: &mut Tally) -> Option<f64> {
    let mut moves: Vec<String> = Vec::new();
    let (points, end) = play(s, level, fsf, n, tally, &mut moves);
    if s.show_moves {
        eprintln!("  game {} ({end}): {}", n + 1, moves.join(" "));
    }
    points
}

/// Plays game `n` into `moves`: the bot's points, and how it ended.
fn play(
    s: &Settings,
    level: Level,
    fsf: &mut Engine,
    n: u32,
    tally: &mut Tally,
    moves: &mut Vec<String>,
) -> (Option<f64>, String) {
    let game = find_variant(&s.variant).expect("a game boserv plays");
    let mut pos = game.start(&[]).unwrap();
    let bot_seat = (n % 2) as usize;
    if s.variant == "chess" {
        for m in BOOK[(n / 2) as usize % BOOK.len()].split_whitespace() {
            pos = play_uci(pos.as_ref(), m).expect("the book's moves are legal");
            moves.push(m.to_string());
        }
    }
    fsf.send("ucinewgame");
    let mut streak: (i32, u32) = (0, 0);
    while moves.len() < s.cap as usize {
        let Some(seat) = pos.to_move() else { break };
        if seat == bot_seat {
            let cpu = cpu_seconds();
            let seed = s.seed ^ (u64::from(n) << 16) ^ moves.len() as u64;
            let choice = bot::choose(game, pos.as_ref(), None, level, seed).unwrap();
            let spent = (cpu_seconds() - cpu).max(0.0);
            tally.bot_turns += 1;
            tally.bot_cpu += spent;
            tally.most = tally.most.max(spent);
            moves.push(uci(pos.as_ref(), &choice.turn));
            pos = pos.apply(&choice.turn, None).unwrap();
        } else {
            let (m, score) = fsf.best(moves, s.fsf_ms);
            // Adjudication: the yardstick's own score, from the bot's side.
            if let Some(sc) = score {
                let for_bot = if seat == bot_seat { sc } else { -sc };
                let side = for_bot.signum();
                if for_bot.abs() >= s.adjudicate && side == streak.0 {
                    streak.1 += 1;
                } else if for_bot.abs() >= s.adjudicate {
                    streak = (side, 1);
                } else {
                    streak = (0, 0);
                }
                if streak.1 >= 3 {
                    let end =
                        format!("adjudicated, Fairy-Stockfish's score {for_bot} cp for the bot");
                    return (Some(if streak.0 > 0 { 1.0 } else { 0.0 }), end);
                }
            }
            let Some(next) = play_uci(pos.as_ref(), &m) else {
                eprintln!(
                    "game {} void: Fairy-Stockfish played {m}, which boserv's rules refuse in {}",
                    n + 1,
                    pos.encode()
                );
                return (None, "void".into());
            };
            pos = next;
            moves.push(m);
        }
    }
    match pos.outcome() {
        Some(o) => match o.winner() {
            Some(w) if w == bot_seat => (Some(1.0), "won by the rules".into()),
            Some(_) => (Some(0.0), "lost by the rules".into()),
            None => (Some(0.5), "drawn by the rules".into()),
        },
        None => (Some(0.5), "drawn at the move cap".into()),
    }
}

/// This process's CPU time (user and system), in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after ')'.
    (ticks(11) + ticks(12)) / 100.0
}

/// What the games say of a level's Elo against the yardstick.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Estimate {
    /// The estimate and the half width of its 95% interval.
    Interval(f64, f64),
    /// Every game won: the Elo is above this at 95%.
    Above(f64),
    /// Every game lost: the Elo is below this at 95%.
    Below(f64),
    /// No game counted (every one void): nothing to say.
    NoGame,
}

impl std::fmt::Display for Estimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Estimate::Interval(e, half) => write!(f, "{e:.0} ± {half:.0}"),
            Estimate::Above(e) => write!(f, "above {e:.0}"),
            Estimate::Below(e) => write!(f, "below {e:.0}"),
            Estimate::NoGame => write!(f, "no game"),
        }
    }
}

/// The Elo of the `points` (1, ½ or 0 a game) scored against `elo`.
fn rating(points: &[f64], elo: u32) -> Estimate {
    if points.is_empty() {
        return Estimate::NoGame;
    }
    let n = points.len() as f64;
    let to_elo = |x: f64| f64::from(elo) + 400.0 * (x / (1.0 - x)).log10();
    let bound = 0.05f64.powf(1.0 / n);
    if points.iter().all(|&p| p == 1.0) {
        return Estimate::Above(to_elo(bound));
    }
    if points.iter().all(|&p| p == 0.0) {
        return Estimate::Below(to_elo(1.0 - bound));
    }
    let s = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - s).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt().max(0.25 / n);
    let clip = |x: f64| x.clamp(0.25 / n, 1.0 - 0.25 / n);
    let lo = to_elo(clip(s - 1.96 * se));
    let hi = to_elo(clip(s + 1.96 * se));
    Estimate::Interval(to_elo(s), (hi - lo) / 2.0)
}

fn main() {
    let mut s = Settings {
        games: 20,
        fsf_ms: 500,
        cap: 300,
        adjudicate: 600,
        engine: "/usr/games/fairy-stockfish".into(),
        seed: 1,
        from: 0,
        variant: "chess".into(),
        show_moves: false,
    };
    let mut levels: Vec<u8> = vec![1, 2, 3, 4, 5];
    let mut elos: Vec<u32> = vec![2000];
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match a.as_str() {
            "--games" => s.games = value().parse().expect("--games N"),
            "--levels" => {
                levels = value()
                    .split(',')
                    .map(|l| l.parse().expect("--levels 1,2"))
                    .collect()
            }
            "--elo" => {
                elos = value()
                    .split(',')
                    .map(|e| e.parse().expect("--elo 1500,2000"))
                    .collect()
            }
            "--fsf-ms" => s.fsf_ms = value().parse().expect("--fsf-ms MS"),
            "--cap" => s.cap = value().parse().expect("--cap PLIES"),
            "--adjudicate" => s.adjudicate = value().parse().expect("--adjudicate CP"),
            "--engine" => s.engine = value(),
            "--seed" => s.seed = value().parse().expect("--seed S"),
            "--from" => s.from = value().parse().expect("--from N"),
            "--variant" => s.variant = value(),
            "--moves" => s.show_moves = true,
            other => panic!("unknown argument {other}"),
        }
    }
    println!(
        "{}, bot vs Fairy-Stockfish (UCI_LimitStrength, {} ms a move), {} games a level, \
         colours alternating, cap {} plies, adjudicated at {} cp",
        s.variant, s.fsf_ms, s.games, s.cap, s.adjudicate
    );
    println!(
        "{:<6} {:>8} {:>5} {:>5} {:>5} {:>6} {:>7} {:>13} {:>10} {:>10}",
        "level",
        "UCI_Elo",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "Elo",
        "CPU s/turn",
        "most s"
    );
    let mut last: Option<(u8, Estimate, u32, f64)> = None;
    for (i, &l) in levels.iter().enumerate() {
        let elo = *elos.get(i).or(elos.last()).unwrap();
        let level = Level::new(l).expect("a level 1 to 5");
        let mut fsf = Engine::start(&s.engine, Some(elo), &s.variant);
        let mut tally = Tally::default();
        for n in s.from..s.from + s.games {
            let before = tally.bot_cpu;
            let Some(p) = game(&s, level, &mut fsf, n, &mut tally) else {
                continue;
            };
            tally.per_game.push(tally.bot_cpu - before);
            tally.points.push(p);
            eprintln!("level {l} vs {elo}: game {} {}", n + 1, p);
            if let Some(cpu) = tally.per_game.last() {
                eprintln!("  bot CPU {cpu:.1} s");
            }
        }
        let wins = tally.points.iter().filter(|&&p| p == 1.0).count();
        let draws = tally.points.iter().filter(|&&p| p == 0.5).count();
        let played = tally.points.len() as u32;
        let losses = played as usize - wins - draws;
        let estimate = rating(&tally.points, elo);
        let cpu = tally.bot_cpu / tally.bot_turns.max(1) as f64;
        println!(
            "{:<6} {:>8} {:>5} {:>5} {:>5} {:>6} {:>6.1}% {:>13} {:>10.2} {:>10.2}",
            l,
            elo,
            played,
            wins,
            draws,
            losses,
            100.0 * tally.points.iter().sum::<f64>() / f64::from(played.max(1)),
            estimate.to_string(),
            cpu,
            tally.most
        );
        if last.is_none_or(|(top, ..)| l > top) {
            last = Some((l, estimate, played, tally.most));
        }
    }
    if let Some((l, estimate, n, most)) = last {
        println!("bot: level {l} ≈ Elo {estimate} ({n} games), top level CPU per move {most:.2} s");
    }
}

#[cfg(test)]
mod tests {
    use super::{Estimate, rating};

    #[test]
    fn a_mixed_score_gives_the_logistic_estimate_and_an_interval() {
        let Estimate::Interval(e, half) = rating(&[1.0, 1.0, 1.0, 0.0], 1800) else {
            panic!("three of four is no clean score");
        };
        assert_eq!(e.round(), 1991.0, "75% is 191 above the yardstick");
        assert!(
            half > 100.0 && half < 400.0,
            "four games, a wide interval: {half}"
        );
    }

    #[test]
    fn a_clean_sweep_is_a_bound_not_an_estimate() {
        // Six of six: the expected score is above 0.05^(1/6) = 0.607 at 95%.
        let above = rating(&[1.0; 6], 1350);
        assert_eq!(above.to_string(), "above 1425");
        assert_eq!(rating(&[0.0; 6], 2000).to_string(), "below 1925");
        // Every game void: no estimate, not a bound at minus infinity.
        assert_eq!(rating(&[], 1350), Estimate::NoGame);
        // A draw among them is no clean score.
        assert!(matches!(
            rating(&[1.0, 1.0, 0.5], 1350),
            Estimate::Interval(..)
        ));
    }
}
