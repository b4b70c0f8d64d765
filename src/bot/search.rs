//! Alpha-beta search for the two-seat games: negamax with iterative
//! deepening, a transposition table, captures first, and a short capture
//! search at the leaves so a piece left hanging at the horizon is seen.
//!
//! Its budget is counted in nodes (positions reached), never in time, so
//! the same position, level and seed give the same turn on any machine at
//! any load. An iteration cut short by the budget is thrown away: the turn
//! is the best of the last complete iteration. The one use of the clock is
//! a safety cap ([`Budget::cap`]): when a position is so slow that the node
//! budget would take longer than the cap, the search stops there as if the
//! budget were spent (the only case where the machine's speed can change
//! the turn chosen).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::rules::{Position, Turn};

use super::rng::SplitMix;
use super::two_seat::TwoSeat;

/// A win, less the plies it takes.
pub const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
/// The most plies of captures searched beyond the nominal depth.
const CAPTURE_PLIES: u32 = 4;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Positions the search may reach (each one is a legal-turn
    /// generation and a play of a turn).
    pub nodes: u64,
    /// The safety cap on the clock (see the module comment).
    pub cap: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Found {
    pub turn: Turn,
    /// In centipawns, for the side to move; near [`MATE`] for a forced win.
    pub score: i32,
    /// The depth of the last complete iteration.
    pub depth: u32,
    pub nodes: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

struct Entry {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<Turn>,
}

/// Out of budget: the search unwinds.
struct Stop;

struct Search<'a> {
    judge: &'a TwoSeat,
    budget: Budget,
    nodes: u64,
    started: Instant,
    table: HashMap<u64, Entry>,
}

/// Searches `pos` (a two-seat game with `turns` legal, at least one) for
/// the best turn within `budget`; `seed` orders equal turns.
pub fn best_turn(
    judge: &TwoSeat,
    pos: &dyn Position,
    mut turns: Vec<Turn>,
    budget: Budget,
    seed: u64,
) -> Found {
    SplitMix::new(seed).shuffle(&mut turns);
    // Captures first; equal turns keep the seed's order.
    turns.sort_by_key(|t| std::cmp::Reverse(judge.gain(pos, t)));
    let mut search = Search {
        judge,
        budget,
        nodes: 0,
        started: Instant::now(),
        table: HashMap::new(),
    };
    let mut found = Found {
        turn: turns[0].clone(),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if turns.len() == 1 {
        return found;
    }
    for depth in 1..=budget.depth.max(1) {
        match search.root(pos, &turns, depth) {
            Ok((index, score)) => {
                let best = turns.remove(index);
                turns.insert(0, best);
                found.turn = turns[0].clone();
                found.score = score;
                found.depth = depth;
                if score.abs() >= MATE - 1000 {
                    break;
                }
            }
            Err(Stop) => break,
        }
    }
    found.nodes = search.nodes;
    found
}

impl Search<'_> {
    fn root(
        &mut self,
        pos: &dyn Position,
        turns: &[Turn],
        depth: u32,
    ) -> Result<(usize, i32), Stop> {
        let mut alpha = -INFINITY;
        let mut best = 0;
        for (i, turn) in turns.iter().enumerate() {
            let Ok(child) = pos.apply(turn, None) else {
                continue;
            };
            self.count()?;
            let score = -self.node(child.as_ref(), depth - 1, 1, -INFINITY, -alpha)?;
            if score > alpha {
                alpha = score;
                best = i;
            }
        }
        Ok((best, alpha))
    }

    /// Counts a node; stops when the budget (or the safety cap) is spent.
    fn count(&mut self) -> Result<(), Stop> {
        if self.nodes >= self.budget.nodes {
            return Err(Stop);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(64)
            && let Some(cap) = self.budget.cap
            && self.started.elapsed() > cap
        {
            return Err(Stop);
        }
        Ok(())
    }

    /// The score of the game's end for the side that would move.
    fn ended(&self, pos: &dyn Position, ply: u32) -> i32 {
        let me = self.judge.side(pos);
        match pos
            .outcome()
            .map(|o| o.points.get(me).copied().unwrap_or(1))
        {
            Some(2) => MATE - ply as i32,
            Some(0) => -(MATE - ply as i32),
            _ => 0,
        }
    }

    fn node(
        &mut self,
        pos: &dyn Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        let turns = pos.legal(None);
        if turns.is_empty() {
            return Ok(self.ended(pos, ply));
        }
        if depth == 0 {
            return self.captures(pos, turns, ply, alpha, beta, CAPTURE_PLIES);
        }
        let key = self.judge.key(pos);
        let mut first = None;
        if let Some(e) = self.table.get(&key) {
            if e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return Ok(e.score);
                }
            }
            first = e.best.clone();
        }
        let ordered = self.order(pos, turns, first.as_ref());
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        let mut best = None;
        for (turn, _) in ordered {
            let Ok(child) = pos.apply(&turn, None) else {
                continue;
            };
            self.count()?;
            let score = -self.node(child.as_ref(), depth - 1, ply + 1, -beta, -alpha)?;
            if score > best_score {
                best_score = score;
                best = Some(turn);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= alpha0 {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                depth,
                score: best_score,
                bound,
                best,
            },
        );
        Ok(best_score)
    }

    /// The table's turn first, then captures by what they take.
    fn order(
        &self,
        pos: &dyn Position,
        turns: Vec<Turn>,
        first: Option<&Turn>,
    ) -> Vec<(Turn, i32)> {
        let mut scored: Vec<(Turn, i32)> = turns
            .into_iter()
            .map(|t| {
                let g = if Some(&t) == first {
                    INFINITY
                } else {
                    self.judge.gain(pos, &t)
                };
                (t, g)
            })
            .collect();
        scored.sort_by_key(|(_, g)| std::cmp::Reverse(*g));
        scored
    }

    /// The capture search: the side to move may stand on the position's
    /// worth or take; only captures are tried.
    fn captures(
        &mut self,
        pos: &dyn Position,
        turns: Vec<Turn>,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        left: u32,
    ) -> Result<i32, Stop> {
        let stand = self.judge.eval(pos, self.judge.side(pos));
        if left == 0 || stand >= beta {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut takes: Vec<(Turn, i32)> = turns
            .into_iter()
            .map(|t| {
                let g = self.judge.gain(pos, &t);
                (t, g)
            })
            .filter(|(_, g)| *g > 0)
            .collect();
        takes.sort_by_key(|(_, g)| std::cmp::Reverse(*g));
        for (turn, _) in takes {
            let Ok(child) = pos.apply(&turn, None) else {
                continue;
            };
            self.count()?;
            let child_turns = child.legal(None);
            let score = if child_turns.is_empty() {
                -self.ended(child.as_ref(), ply + 1)
            } else {
                -self.captures(
                    child.as_ref(),
                    child_turns,
                    ply + 1,
                    -beta,
                    -alpha,
                    left - 1,
                )?
            };
            if score >= beta {
                return Ok(score);
            }
            alpha = alpha.max(score);
        }
        Ok(alpha)
    }
}
