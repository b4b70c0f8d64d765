//! Level 5's turns judged by the yardstick at full strength: an A/B of a
//! search feature that asks Fairy-Stockfish what each side's choice is
//! worth, where `bot_ladder` asks level 5 itself (a self-play A/B can
//! reward what the yardstick punishes) and `bot_elo` needs ten to forty
//! minutes for six games.
//!
//! It replays the games of a `bot_elo --moves` log and, in each position
//! where the bot was to move, lets level 5 choose on a node budget (so the
//! load of the machine does not matter), once as it plays and once
//! `--without` a feature. Where the two choose differently, Fairy-Stockfish
//! (no `UCI_Elo` limit, `--fsf-ms` a position) scores the position after
//! each choice; it prints each such position and at the end the mean of
//! the differences (centipawns, each clamped to ±`CLAMP`, for level 5 as
//! it plays) and how many went each way by more than `MARGIN`.
//!
//! `--against-nodes N` is the same A/B against level 5 as it plays on
//! another node budget (with `--without`, that one without the feature
//! too): what a search twice as long is worth by the same measure, the
//! scale on which to read a feature's A/B.
//!
//! Without either it judges level 5 alone: Fairy-Stockfish's score
//! before the turn (its best) and after level 5's, and the mean loss:
//! where level 5 loses the most (the openings of the drop games, docs/bot.md).
//!
//! usage: bot_judge --variant NAME --log FILE [--nodes N] [--fsf-ms MS]
//!                  [--without FEATURE] [--against-nodes N] [--plies N]
//!                  [--engine PATH]
//! `--plies` judges only each game's first N plies.

#[path = "common/feature.rs"]
mod feature;
#[path = "common/fsf.rs"]
mod fsf;

use boserv::bot::{self, Budget, Level};
use boserv::rules::{Position, find_variant};

use feature::Feature;
use fsf::{Engine, play_uci, uci};

/// A score beyond this many centipawns counts as this many (a mate would
/// outweigh every other position).
const CLAMP: i32 = 1500;
/// A difference of more than this many centipawns goes one way.
const MARGIN: i32 = 30;

/// One game of the log: its number (bot_elo's, from 1) and its moves.
fn games(log: &str) -> Vec<(u32, Vec<String>)> {
    log.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix("game ")?;
            let (number, rest) = rest.split_once(' ')?;
            let (_, moves) = rest.split_once("): ")?;
            let moves = moves.split_whitespace().map(str::to_string).collect();
            Some((number.parse().ok()?, moves))
        })
        .collect()
}

fn main() {
    let mut variant = String::from("chess");
    let mut log = None;
    let mut nodes = 1_000_000u64;
    let mut fsf_ms = 1000u64;
    let mut without = None;
    let mut against_nodes = None;
    let mut plies = usize::MAX;
    let mut engine = String::from("/usr/games/fairy-stockfish");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--variant" => variant = value(),
            "--log" => log = Some(value()),
            "--nodes" => nodes = value().parse().expect("--nodes N"),
            "--fsf-ms" => fsf_ms = value().parse().expect("--fsf-ms MS"),
            "--without" => without = Some(Feature::parse(&value())),
            "--against-nodes" => against_nodes = Some(value().parse().expect("--against-nodes N")),
            "--plies" => plies = value().parse().expect("--plies N"),
            "--engine" => engine = value(),
            other => panic!("unknown argument {other}"),
        }
    }
    let log = std::fs::read_to_string(log.expect("--log FILE")).expect("the log reads");
    let game = find_variant(&variant).unwrap_or_else(|| panic!("no game called {variant}"));
    let level = Level::new(5).expect("level 5");
    let with = Budget {
        nodes,
        cap: None,
        ..level.budget()
    };
    // The other side of an A/B, and its name.
    let other = match (without, against_nodes) {
        (None, None) => None,
        (feature, n) => {
            let budget = feature.map_or(with, |f: Feature| f.take_from(with));
            let nodes = n.unwrap_or(nodes);
            let mut name = format!("on {nodes} positions");
            if let Some(f) = feature {
                name += &format!(" without {}", f.name());
            }
            Some((Budget { nodes, ..budget }, name))
        }
    };
    let mut judge = Engine::start(&engine, None, &variant);
    // The score after `moves`, for the side that just moved.
    let after = |judge: &mut Engine, moves: &[String]| -> i32 {
        let (_, score) = judge.best(moves, fsf_ms);
        -score.unwrap_or(0).clamp(-CLAMP, CLAMP)
    };
    let (mut judged, mut differ, mut sum, mut better, mut worse) = (0u32, 0u32, 0i64, 0u32, 0u32);
    for (number, moves) in games(&log) {
        let bot_seat = ((number - 1) % 2) as usize;
        let mut pos: Box<dyn Position> = game.start(&[]).expect("the start");
        for (ply, m) in moves.iter().enumerate().take(plies) {
            if pos.to_move() == Some(bot_seat) {
                let seed = u64::from(number) << 16 ^ ply as u64;
                let choose = |budget| {
                    let choice = bot::choose_within(game, pos.as_ref(), None, level, budget, seed)
                        .expect("a turn");
                    uci(pos.as_ref(), &choice.turn)
                };
                let played = |turn: &str| {
                    let mut line = moves[..ply].to_vec();
                    line.push(turn.to_string());
                    line
                };
                let a = choose(with);
                judged += 1;
                match &other {
                    Some((budget, name)) => {
                        let b = choose(*budget);
                        if a != b {
                            let (sa, sb) = (
                                after(&mut judge, &played(&a)),
                                after(&mut judge, &played(&b)),
                            );
                            differ += 1;
                            sum += i64::from(sa - sb);
                            better += u32::from(sa - sb > MARGIN);
                            worse += u32::from(sb - sa > MARGIN);
                            println!(
                                "game {number} ply {}: {a} {sa:+} against {b} {sb:+} {name}",
                                ply + 1,
                            );
                        }
                    }
                    None => {
                        let (best, score) = judge.best(&moves[..ply], fsf_ms);
                        let best_score = score.unwrap_or(0).clamp(-CLAMP, CLAMP);
                        let sa = after(&mut judge, &played(&a));
                        differ += u32::from(a != best);
                        sum += i64::from(best_score - sa);
                        worse += u32::from(best_score - sa > MARGIN);
                        println!(
                            "game {number} ply {}: {a} {sa:+}, best {best} {best_score:+}",
                            ply + 1
                        );
                    }
                }
            }
            pos = play_uci(pos.as_ref(), m).expect("the log's moves are legal");
        }
    }
    match other {
        Some((_, name)) => println!(
            "{judged} positions, {differ} chosen differently {name}: level 5 as it plays on {nodes} {:+.1} cp a differing position (±{CLAMP}), better in {better}, worse in {worse} (by more than {MARGIN})",
            sum as f64 / f64::from(differ.max(1)),
        ),
        None => println!(
            "{judged} positions, level 5 chose other than Fairy-Stockfish in {differ}: mean loss {:.1} cp (±{CLAMP}), more than {MARGIN} in {worse}",
            sum as f64 / f64::from(judged.max(1)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::games;

    /// The games of a `bot_elo --moves` log are read with their numbers;
    /// its other lines (the results, the CPU, a void game) are not games.
    #[test]
    fn a_bot_elo_log_gives_its_games() {
        let log = "\
  game 14 (adjudicated, Fairy-Stockfish's score -1307 cp for the bot): g1f3 c7c5 b1c3
level 5 vs 2000: game 14 0
  bot CPU 22.3 s
game 15 void: Fairy-Stockfish played e1g1, which boserv's rules refuse in 8/8 w - - 0 1
  game 16 (drawn by the rules): e2e4
";
        let read = games(log);
        assert_eq!(read.len(), 2);
        assert_eq!(
            read[0],
            (14, vec!["g1f3".into(), "c7c5".into(), "b1c3".into()])
        );
        assert_eq!(read[1], (16, vec!["e2e4".to_string()]));
    }
}
