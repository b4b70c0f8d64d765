//! Orwell Chess: three seats, two dice a turn. A full expectimax would
//! branch over the 21 different rolls of each of the two players who move
//! before the bot's next turn, times their turns (often a hundred or more
//! for two dice): some 10^8 positions two turns deep, far beyond two
//! seconds on the rules core. So the bot looks one turn deep over its own
//! roll, and the dice come into the evaluation as odds: a piece can move
//! next turn with the chance that one of two dice shows one of its faces
//! (11/36 for a face of its own, 20/36 for the Berlinpeono and the royals'
//! 1 or 6). With those odds the evaluation weighs
//!
//! - material (measured values, as in the two-seat games) and every royal
//!   piece held, which is how Orwell is won (all three royals);
//! - the hunt: enemy royals (and pieces, where Shifting Alliances lets it
//!   take them: not the owner of its last capture) its pieces attack;
//! - the danger: its own pieces, royals first, that each opponent attacks
//!   and may take (by that opponent's alliance), before the bot moves again.
//!
//! At level 5 the best few turns are then tried against the replies
//! over every roll (expectimax): each of the 21 different rolls of two
//! dice, weighed by its chance (1/36 a double, 2/36 the others), answered
//! by the seat to move with its best turn by the same evaluation, for
//! both other seats (21 rolls of the first, and for each its best reply,
//! 21 rolls of the second: the bot's next turn comes only after both). (Three rolls
//! sampled from the seed, as before, judged a turn by luck: the look
//! ahead then lost 9 games of 12 to a player one turn deep.) The level's
//! node budget ends the expectation (a turn competes only when weighed in
//! full, so a position with very many replies is judged one turn deep),
//! and the clock's safety cap ends it at half the cap. Levels 2 to 4
//! misjudge each turn by a seeded random amount on this evaluation's scale
//! (a royal is worth 2000; level 2 by up to a hundred royals, level 3 ten,
//! level 4 one), and level 1 moves at random ([`super::Level::dice_plan`]):
//! in a game of dice, those errors, not the look ahead, are what tell the
//! levels apart.

use std::time::Instant;

use crate::rules::board::Board;
use crate::rules::orwell::OrwellPosition;
use crate::rules::orwell::pieces::{self, ORWELL, PAWN};
use crate::rules::{Position, Roll, Turn};

use super::rng::SplitMix;
use super::search::{Budget, MATE};
use super::values::Values;

/// What holding one royal piece is worth, beyond the piece.
pub(super) const ROYAL: i32 = 2000;
/// Weight (in hundredths) of a chance to take next turn.
const HUNT: i32 = 30;
/// Weight (in hundredths) of an opponent's chance to take before then.
const DANGER: i32 = 70;

/// Every roll of two dice once, with its chance in 36ths (a double 1, the
/// others 2: the 21 outcomes make 36).
fn every_roll() -> Vec<(Roll, i64)> {
    let mut rolls = Vec::with_capacity(21);
    for a in 1..=6u8 {
        for b in a..=6u8 {
            rolls.push((Roll::from([a, b]), if a == b { 1 } else { 2 }));
        }
    }
    rolls
}

/// The chance, in 36ths, that a roll of two dice moves `kind`.
fn odds(kind: u8) -> i32 {
    let faces = (1..=6u8)
        .filter(|&d| pieces::kinds_for_die(d).contains(&kind))
        .count() as i32;
    36 - (6 - faces) * (6 - faces)
}

/// Every turn of the seat to move with `roll`, with the position after
/// it, made in one pass of the rules core: playing each turn with
/// [`Position::apply`] would generate all the turns again for each one
/// (a roll with thousands of turns took minutes that way).
fn children(pos: &dyn Position, roll: Roll) -> Vec<(Turn, Box<dyn Position>)> {
    match (orwell(pos), <[u8; 2]>::try_from(roll.dice())) {
        (Some(orwell), Ok(dice)) => orwell
            .typed_turns(dice)
            .into_values()
            .map(|(turn, next)| (turn, Box::new(next) as Box<dyn Position>))
            .collect(),
        _ => pos
            .legal(Some(roll))
            .into_iter()
            .filter_map(|turn| {
                let next = pos.apply(&turn, Some(roll)).ok()?;
                Some((turn, next))
            })
            .collect(),
    }
}

/// Orwell's evaluation, measured once per call of [`super::choose`].
pub struct DiceJudge {
    values: Values,
}

/// The concrete position behind a trait object, when it is Orwell's.
pub fn orwell(pos: &dyn Position) -> Option<&OrwellPosition> {
    let any: &dyn std::any::Any = pos;
    any.downcast_ref::<OrwellPosition>()
}

impl DiceJudge {
    pub fn new() -> DiceJudge {
        DiceJudge {
            values: Values::measure(&ORWELL, |k| k == PAWN),
        }
    }

    fn worth(&self, kind: u8, sq: u8) -> i32 {
        let royal = if pieces::is_royal(kind) { ROYAL } else { 0 };
        royal + self.values.on(kind, sq)
    }

    /// The position's worth to seat `me`: its own holdings against the
    /// stronger of the two opponents', with the hunt and the danger.
    pub fn eval(&self, pos: &dyn Position, me: usize) -> i32 {
        if let Some(outcome) = pos.outcome() {
            return match outcome.points.get(me) {
                Some(2) => MATE,
                Some(0) => -MATE,
                _ => 0,
            };
        }
        let Some(pos) = orwell(pos) else { return 0 };
        let seats = pieces::SEATS.len();
        let mut board = Board::empty(&ORWELL);
        let mut held = vec![0i32; seats];
        for sq in ORWELL.geometry.squares() {
            if let Some(p) = pos.piece_at(sq) {
                board.set(sq, Some(p));
                held[p.owner as usize] += self.worth(p.kind, sq);
            }
        }
        let mut hunt = 0;
        let mut danger = vec![0i32; seats];
        for sq in ORWELL.geometry.squares() {
            let Some(p) = board.get(sq) else { continue };
            let seat = p.owner as usize;
            if pos.is_out(seat) {
                continue;
            }
            let mut best = 0;
            board.each_capture(sq, |t| {
                let Some(victim) = board.get(t) else { return };
                let royal = pieces::is_royal(victim.kind);
                // Royals never take royals; alliances bar the last victim.
                if royal && pieces::is_royal(p.kind) {
                    return;
                }
                if !royal && pos.last_victim(seat) == Some(victim.owner as usize) {
                    return;
                }
                if seat == me || victim.owner as usize == me {
                    best = best.max(self.worth(victim.kind, t) * odds(p.kind) / 36);
                }
            });
            if seat == me {
                hunt = hunt.max(best);
            } else {
                danger[seat] = danger[seat].max(best);
            }
        }
        let rival = (0..seats)
            .filter(|&s| s != me)
            .map(|s| held[s])
            .max()
            .unwrap_or(0);
        let threats: i32 = danger.iter().sum();
        held[me] - rival + hunt * HUNT / 100 - threats * DANGER / 100
    }

    /// The best turn for the seat to move with `roll` (which has one):
    /// the `plan`'s candidates best by the evaluation one turn deep (each
    /// misjudged by up to its noise), tried against the replies of the
    /// next seats over every roll when it has candidates.
    pub fn best_turn(
        &self,
        pos: &dyn Position,
        roll: Roll,
        plan: Plan,
        budget: Budget,
        seed: u64,
    ) -> (Turn, i32, u64) {
        let started = Instant::now();
        let me = pos.to_move().unwrap_or(0);
        let mut rng = SplitMix::new(seed);
        let mut turns = children(pos, roll);
        rng.shuffle(&mut turns);
        if plan.at_random
            && let Some((turn, child)) = turns.pop()
        {
            return (turn, self.eval(child.as_ref(), me), 1);
        }
        let mut nodes = 0u64;
        let mut scored: Vec<(Turn, i32, Box<dyn Position>)> = Vec::new();
        for (turn, child) in turns {
            nodes += 1;
            let noise = plan.noise;
            let bonus = if noise > 0 {
                rng.below(2 * noise as usize + 1) as i32 - noise
            } else {
                0
            };
            let score = self.eval(child.as_ref(), me).saturating_add(bonus);
            scored.push((turn, score, child));
        }
        // Stable: equal scores keep the seed's order.
        scored.sort_by_key(|(_, s, _)| std::cmp::Reverse(*s));
        if plan.candidates > 0 && scored.len() > 1 {
            let ahead = Ahead {
                me,
                deadline: budget.cap.map(|cap| started + cap / 2),
            };
            let mut refined: Vec<(usize, i32)> = Vec::new();
            for (i, (_, _, child)) in scored.iter().take(plan.candidates).enumerate() {
                // The budget (and the safety cap) end the expectation; only
                // turns weighed in full against every roll compete.
                let left = budget.nodes.saturating_sub(nodes);
                let (score, n, whole) = self.expected(child.as_ref(), &ahead, plan.replies, left);
                nodes += n;
                if !whole {
                    break;
                }
                refined.push((i, score));
            }
            if let Some((best, score)) = refined
                .iter()
                .copied()
                .reduce(|b, c| if c.1 > b.1 { c } else { b })
            {
                let turn = scored.swap_remove(best).0;
                return (turn, score, nodes);
            }
        }
        let (turn, score, _) = scored.swap_remove(0);
        (turn, score, nodes)
    }

    /// The position's expected worth to the bot when the next `replies`
    /// seats (not the bot's own) each answer every roll, weighed by its
    /// chance, with their best turn by this evaluation; at most `limit`
    /// positions. The last value is false when the limit or the deadline
    /// cut it short.
    fn expected(
        &self,
        pos: &dyn Position,
        ahead: &Ahead,
        replies: u32,
        limit: u64,
    ) -> (i32, u64, bool) {
        match pos.to_move() {
            Some(next) if replies > 0 && next != ahead.me => {}
            _ => return (self.eval(pos, ahead.me), 0, true),
        }
        let mut total = 0i64;
        let mut nodes = 0u64;
        for (roll, chance) in every_roll() {
            if nodes >= limit || ahead.deadline.is_some_and(|d| Instant::now() > d) {
                return (0, nodes, false);
            }
            let (score, n, whole) = self.reply(pos, roll, ahead, replies, limit - nodes);
            nodes += n;
            if !whole {
                return (0, nodes, false);
            }
            total += i64::from(score) * chance;
        }
        ((total / 36) as i32, nodes, true)
    }

    /// The worth to the bot after the seat to move answers `roll` with its
    /// own best turn by this evaluation, and the seats after it (while
    /// `replies` lasts) answer in turn.
    fn reply(
        &self,
        pos: &dyn Position,
        roll: Roll,
        ahead: &Ahead,
        replies: u32,
        limit: u64,
    ) -> (i32, u64, bool) {
        let Some(next) = pos.to_move() else {
            return (self.eval(pos, ahead.me), 0, true);
        };
        let turns = children(pos, roll);
        let nodes = turns.len() as u64;
        if nodes > limit {
            return (0, 0, false);
        }
        let best = turns
            .iter()
            .map(|(_, child)| (self.eval(child.as_ref(), next), child))
            .reduce(|b, c| if c.0 > b.0 { c } else { b });
        let Some((_, child)) = best else {
            return (self.eval(pos, ahead.me), nodes, true);
        };
        let (score, n, whole) = self.expected(child.as_ref(), ahead, replies - 1, limit - nodes);
        (score, nodes + n, whole)
    }
}

/// How a level plays a turn of a dice game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The best turns (one turn deep) weighed against the replies; none at
    /// the lowest levels.
    pub candidates: usize,
    /// The most a turn's worth is misjudged by (seeded, per turn).
    pub noise: i32,
    /// How many of the next seats' replies over every roll are weighed.
    pub replies: u32,
    /// Whether a turn is drawn at random from the legal ones, unjudged.
    pub at_random: bool,
}

impl Plan {
    /// The weakest play: any legal turn, drawn from the seed.
    pub const AT_RANDOM: Plan = Plan {
        candidates: 0,
        noise: 0,
        replies: 0,
        at_random: true,
    };
}

/// What the look ahead keeps fixed: whose worth, and when to stop.
struct Ahead {
    me: usize,
    deadline: Option<Instant>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::find_variant;

    /// Level 5 weighs the replies of both other seats: for each of
    /// the next seat's 21 rolls, its best reply, then the third seat's 21
    /// rolls (each at least a pass), where one reply stops after the first.
    #[test]
    fn two_replies_weigh_the_third_seat_over_every_roll_too() {
        let orwell = find_variant("orwell").unwrap();
        let start = orwell.start(&[]).unwrap();
        let judge = DiceJudge::new();
        let budget = Budget::plain(1, u64::MAX);
        let roll = Roll::from([1, 3]);
        let plan = |replies| Plan {
            candidates: 1,
            noise: 0,
            replies,
            at_random: false,
        };
        let (one, _, one_nodes) = judge.best_turn(start.as_ref(), roll, plan(1), budget, 7);
        let (two, _, two_nodes) = judge.best_turn(start.as_ref(), roll, plan(2), budget, 7);
        // One candidate: the same turn, weighed further.
        assert_eq!(one, two);
        assert!(two_nodes >= one_nodes + 21 * 21, "{one_nodes} {two_nodes}");
        // A budget too small for the second seat's replies leaves the turn
        // judged one turn deep, within the budget.
        let small = Budget {
            nodes: one_nodes,
            ..budget
        };
        let (_, _, spent) = judge.best_turn(start.as_ref(), roll, plan(2), small, 7);
        assert!(spent <= one_nodes + 1000, "{spent}");
    }
}
