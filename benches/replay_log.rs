//! The games the replay benchmark replays (`benches/replay.rs`, and
//! `examples/replay_cost.rs` for instruction counts): from each game's
//! start, a fixed choice among the legal turns each ply (no randomness:
//! the same log every run), as the turn log records them.

use boserv::rules::chesslike::ChessLike;
use boserv::rules::{Position, Variant, find_variant};

/// The game's first `plies` turns as recorded (canonical text), each the
/// legal turn at a fixed stride through the sorted list; shorter when the
/// game ends first.
pub fn log(game: &str, plies: usize) -> (&'static dyn Variant, Vec<String>) {
    let variant = find_variant(game).expect("a game of the registry");
    let mut position = variant.start(&[]).expect("its start");
    let mut log = Vec::with_capacity(plies);
    for ply in 0..plies {
        let turns = position.legal_turns(None);
        if turns.is_empty() {
            break;
        }
        let turn = turns[(ply * 7 + 3) % turns.len()].clone();
        position = position.play(&turn, None).expect("a legal turn").position;
        log.push(turn);
    }
    (variant, log)
}

/// The position after `log` from the start: each turn played
/// ([`Position::play`], which finds a canonical text among the legal
/// turns), or with `read` read by the notation layer as a player's text
/// ([`ChessLike::play_read`], the way every replay went before).
pub fn replay(variant: &dyn Variant, log: &[String], read: bool) -> Box<dyn Position> {
    let mut position = variant.start(&[]).expect("its start");
    for turn in log {
        let core = (position.as_ref() as &dyn std::any::Any).downcast_ref::<ChessLike>();
        position = match core {
            Some(core) if read => core.play_read(turn, None),
            _ => position.play(turn, None),
        }
        .expect("recorded")
        .position;
        // What the letters' replay asks of every position.
        std::hint::black_box((position.to_move(), position.in_check()));
    }
    position
}
