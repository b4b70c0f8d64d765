//! One game played in-process on the rules core, shared by the bot's
//! benchmarks (`bot_strength`, `bot_ladder`): the dice rolled from the
//! game's seed, a roll that can only pass passed, every other turn chosen
//! by the caller; at most `cap` plies (a capped game has no outcome).

use boserv::bot::SplitMix;
use boserv::rules::{Outcome, Position, Roll, Turn, Variant};

/// What the caller is asked for each turn: the position, its roll, the
/// seat to move, the ply (from 1) and the game's random numbers.
pub struct Asked<'a> {
    pub position: &'a dyn Position,
    pub roll: Option<Roll>,
    pub seat: usize,
    pub ply: u32,
    pub rng: &'a mut SplitMix,
}

/// Plays `variant` from its start with `choose` until it ends or `cap`
/// plies pass; its outcome, `None` for a capped game.
pub fn play_out(
    variant: &dyn Variant,
    cap: u32,
    seed: u64,
    mut choose: impl FnMut(Asked<'_>) -> Turn,
) -> Option<Outcome> {
    let mut rng = SplitMix::new(seed);
    let mut pos: Box<dyn Position> = variant.start(&[]).expect("the start position");
    let mut plies = 0;
    while let Some(seat) = pos.to_move() {
        if plies >= cap {
            return None;
        }
        plies += 1;
        let roll = variant
            .dice()
            .map(|_| Roll::from([rng.below(6) as u8 + 1, rng.below(6) as u8 + 1]));
        if let (Some(dice), Some(r)) = (variant.dice(), roll)
            && pos.must_pass(r)
        {
            pos = pos
                .play(dice.forced_turn, roll)
                .expect("a forced pass")
                .position;
            continue;
        }
        let turn = choose(Asked {
            position: pos.as_ref(),
            roll,
            seat,
            ply: plies,
            rng: &mut rng,
        });
        pos = pos.apply(&turn, roll).expect("a legal turn");
    }
    pos.outcome()
}

/// A turn drawn at random from the legal ones.
pub fn random_turn(asked: &mut Asked<'_>) -> Turn {
    let turns = asked.position.legal(asked.roll);
    turns[asked.rng.below(turns.len())].clone()
}
