//! Alpha-beta search for the two-seat games: negamax by principal
//! variation (the first turn with the full window, the others with a null
//! window and searched again only when they beat it), deepened one ply at
//! a time, with a transposition table keyed by the game's own repetition
//! key, a capture search at the leaves (so a piece left hanging at the
//! horizon is seen), check extensions, late quiet turns searched a ply
//! shallower first, and turns tried in the order that makes cut-offs come
//! early: the table's turn, captures by most valuable victim and least
//! valuable attacker, the two killer turns of the ply, then quiet turns by
//! their history of cut-offs.
//!
//! The top level searches selectively ([`Budget::selective`]): a node
//! that a null window asks about is cut when its worth standing beats
//! beta by a margin near the leaves, or when it still beats beta after
//! its side passes (the null move); late quiet turns near the leaves are
//! not searched at all, and the others are searched shallower the later
//! they come; and a side with one legal turn plays it without using up
//! a ply (in Losers, where a capture must be made, a line of forced
//! captures is followed to its end: level 5 so against itself without
//! it 21-4-7 of 32, docs/bot.md, "A forced turn costs no depth"). On as
//! many positions it reaches three to four plies deeper (8 or 9 to 12
//! or 13 in the middle games of `examples/bot_depth.rs`). Its capture
//! search asks the rules for the turns that take alone ([`Budget::takes`]):
//! the same search, a quarter faster in the drop games, whose quiet
//! turns are mostly drops; and it leaves out the captures that lose the
//! exchange on their square ([`Budget::exchanges`]). The levels below
//! search every turn, as their published strength was measured.
//!
//! The turns are played in place on one position ([`Walk`]) rather than
//! through [`crate::rules::Position::apply`], which checks each turn
//! against a fresh legal list and builds a whole new position: that is
//! what makes millions of positions in a few seconds possible.
//!
//! Its budget is counted in nodes (positions reached), and where a level
//! sets one, in time ([`Budget::cap`]). Without a time cap the same
//! position, level and seed give the same turn on any machine at any load
//! (what the tests use). An iteration cut short keeps what it found: the
//! turn it searched first is the last iteration's best, so any turn that
//! beat it within the cut iteration is better by a deeper look.

use std::time::{Duration, Instant};

use crate::rules::chesslike::{ChessLike, Rebels, Step, Walk};
use crate::rules::turn::Turn;

use super::rng::SplitMix;
use super::two_seat::{InPlay, TwoSeat};

/// A win, less the plies it takes.
pub const MATE: i32 = 1_000_000;
const INFINITY: i32 = 2 * MATE;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1000;
/// The deepest line the search follows (captures and extensions included).
const MAX_PLY: usize = 64;
/// Capture search: a capture that cannot bring the score near alpha even
/// with this margin is not tried.
const DELTA: i32 = 200;
/// Near the leaves, a position whose worth beats beta by this much per
/// ply left is not searched further.
const FUTILE_MARGIN: i32 = 120;
const FUTILE_DEPTH: i32 = 3;
/// Near the leaves (this many plies or fewer), a null-window node whose
/// worth stands this much per ply below alpha searches no quiet turn but
/// its first, nor, at any worth, its late quiet turns.
const FRONTIER_MARGIN: i32 = 150;
const FRONTIER_DEPTH: i32 = 3;

/// How much a search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: u32,
    /// Positions the search may reach.
    pub nodes: u64,
    /// The time it may take, if any (see the module comment).
    pub cap: Option<Duration>,
    /// Whether it may leave turns unsearched or search them shallower by
    /// judging the position on its own (the null move, futility, late
    /// turns; the module comment has them): deeper in
    /// the same time, at the risk of missing what a full search would
    /// see. It also plays a side's only legal turn without using up a
    /// ply.
    pub selective: bool,
    /// Whether its evaluation judges the pieces in play, not by their
    /// measured values alone ([`TwoSeat::in_play`]): how many squares
    /// they reach (their mobility), at the cost of counting them in
    /// every position it judges (about a tenth fewer positions a second
    /// in chess: `examples/bot_depth.rs`); nothing more in a game whose
    /// wall moves every turn, where the reach does not pay; in a game
    /// won by losing every piece, how many are left to lose.
    pub in_play: bool,
    /// Whether its capture search lists only the turns that take or
    /// promote, where the game lets them be listed apart
    /// ([`Walk::takes`]: not for a side in check, nor where a capture
    /// must be made): the same search, faster in the games whose quiet
    /// turns are many (drops, 10x8), at the cost of not seeing a
    /// stalemate, a repetition or a single legal turn below the horizon.
    pub takes: bool,
    /// Whether its capture search leaves out the captures that lose
    /// material in the exchange on their square, two captures deep
    /// ([`TwoSeat::loses_exchange`]: a queen taking a pawn that a pawn
    /// defends; not a capture that gives check, nor where taken pieces
    /// come back as drops), which a search without it plays out, only to
    /// find them bad: fewer positions for the same depth, at the cost of
    /// counting who attacks the square.
    pub exchanges: bool,
}

impl Budget {
    /// A full-width search to `depth` plies within `nodes` positions, with
    /// no clock and none of level 5's features: what a test or a quick
    /// look (`analysis`) asks for; a feature is then named on top of it
    /// (`Budget { selective: true, ..Budget::plain(6, 10_000) }`).
    pub const fn plain(depth: u32, nodes: u64) -> Budget {
        Budget {
            depth,
            nodes,
            cap: None,
            selective: false,
            in_play: false,
            takes: false,
            exchanges: false,
        }
    }
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

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    depth: i32,
    score: i32,
    bound: Bound,
    best: Option<Step>,
}

/// The transposition table: one slot per key's low bits, the deeper
/// search kept.
struct Table {
    slots: Vec<Option<Slot>>,
    mask: usize,
}

impl Table {
    /// A table for a search of about `nodes` positions.
    fn new(nodes: u64) -> Table {
        let size = nodes.saturating_mul(2).clamp(1 << 10, 1 << 20) as usize;
        let size = size.next_power_of_two();
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    fn index(&self, key: u64) -> usize {
        // The key is FNV over the board: its high bits mixed down.
        (key ^ (key >> 29) ^ (key >> 43)) as usize & self.mask
    }

    fn get(&self, key: u64) -> Option<&Slot> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|s| s.key == key)
    }

    fn put(&mut self, slot: Slot) {
        let i = self.index(slot.key);
        let keep = self.slots[i]
            .as_ref()
            .is_some_and(|old| old.key == slot.key && old.depth > slot.depth);
        if !keep {
            self.slots[i] = Some(slot);
        }
    }
}

/// Out of budget: the search unwinds.
struct Stop;

struct Search<'a> {
    judge: &'a TwoSeat,
    walk: Walk,
    budget: Budget,
    nodes: u64,
    started: Instant,
    table: Table,
    killers: Vec<[Option<Step>; 2]>,
    /// Per (from, to): how often a quiet turn cut off, weighted by depth.
    history: Vec<i32>,
    squares: usize,
    /// Per ply: its turns with their order.
    lists: Vec<Vec<(Step, i32)>>,
    steps: Vec<Vec<Step>>,
    /// The ply of the pass on the current line, if any.
    passed: Option<usize>,
}

/// Searches `root` (a two-seat position with a legal turn) for the best
/// turn within `budget`; `seed` orders equal turns, and at the weakest
/// levels gives each turn a fixed random bonus of up to `noise`
/// centipawns either way (a beginner's misjudgements).
pub fn best_turn(
    judge: &TwoSeat,
    root: &ChessLike,
    budget: Budget,
    seed: u64,
    noise: i32,
) -> Option<Found> {
    let squares = root.board().cells.len();
    let mut search = Search {
        judge,
        walk: Walk::new(root),
        budget,
        nodes: 0,
        started: Instant::now(),
        table: Table::new(budget.nodes),
        killers: vec![[None; 2]; MAX_PLY + 1],
        history: vec![0; (squares + 1) * squares],
        squares,
        lists: vec![Vec::new(); MAX_PLY + 2],
        steps: vec![Vec::new(); MAX_PLY + 2],
        passed: None,
    };
    let mut turns = Vec::new();
    search.walk.turns(&mut turns);
    if turns.is_empty() {
        return None;
    }
    let mut rng = SplitMix::new(seed);
    rng.shuffle(&mut turns);
    let pos = search.walk.position();
    // Captures first; equal turns keep the seed's order.
    turns.sort_by_key(|t| std::cmp::Reverse(judge.trade(pos, t).0));
    let mut root_turns: Vec<(Step, i32)> = turns
        .into_iter()
        .map(|t| {
            let bonus = if noise > 0 {
                rng.below(2 * noise as usize + 1) as i32 - noise
            } else {
                0
            };
            (t, bonus)
        })
        .collect();
    let mut found = Found {
        turn: root_turns[0].0.turn(),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    if root_turns.len() > 1 {
        for depth in 1..=budget.depth.max(1) {
            let (best, score, complete) = search.root(&root_turns, depth as i32);
            if let Some(best) = best {
                let chosen = root_turns.remove(best);
                root_turns.insert(0, chosen);
                found.turn = root_turns[0].0.turn();
                found.score = score;
            }
            if !complete {
                break;
            }
            found.depth = depth;
            // The selective search spends all its time: a cut iteration
            // keeps what it found, so one begun late still may find a
            // better turn (the full search stops at half its time, as the
            // levels below were measured).
            if score.abs() >= MATE_BOUND || (!budget.selective && search.past_half_time()) {
                break;
            }
        }
    }
    found.nodes = search.nodes;
    Some(found)
}

impl Search<'_> {
    /// One iteration at the root: the best turn's index and score, and
    /// whether the iteration ran to its end (if not, the best is what beat
    /// the first turn before the budget ran out, if anything did).
    fn root(&mut self, turns: &[(Step, i32)], depth: i32) -> (Option<usize>, i32, bool) {
        let mut alpha = -INFINITY;
        let mut best = None;
        for (i, &(step, bonus)) in turns.iter().enumerate() {
            self.walk.play(&step);
            // The bonus shifts the window: the child is judged as if worth
            // `bonus` more.
            let a = alpha - bonus;
            let result = if i == 0 {
                self.node(depth - 1, 1, -INFINITY, -a).map(|s| -s)
            } else {
                match self.node(depth - 1, 1, -a - 1, -a) {
                    Ok(s) if -s > a => self.node(depth - 1, 1, -INFINITY, -a).map(|s| -s),
                    other => other.map(|s| -s),
                }
            };
            self.walk.back();
            match result {
                Ok(score) => {
                    let score = score + bonus;
                    if score > alpha {
                        alpha = score;
                        best = Some(i);
                    }
                }
                // Cut short: what beat the rest so far (nothing when the
                // first turn was not finished).
                Err(Stop) => return (best, alpha, false),
            }
        }
        (best, alpha, true)
    }

    /// Whether more than half the time is spent (a new iteration would
    /// not finish).
    fn past_half_time(&self) -> bool {
        self.budget
            .cap
            .is_some_and(|cap| self.started.elapsed() * 2 > cap)
    }

    /// Counts a node; stops when the budget is spent.
    fn count(&mut self) -> Result<(), Stop> {
        if self.nodes >= self.budget.nodes {
            return Err(Stop);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(512)
            && let Some(cap) = self.budget.cap
            && self.started.elapsed() > cap
        {
            return Err(Stop);
        }
        Ok(())
    }

    /// The score for the side to move of a position without a legal turn
    /// (mate and stalemate as the game values them).
    fn no_turn(&self, ply: usize) -> i32 {
        let pos = self.walk.position();
        let outcome = pos.rules().hooks.no_legal_move(pos);
        match outcome.points.get(usize::from(pos.side())).copied() {
            Some(2) => MATE - ply as i32,
            Some(0) => -(MATE - ply as i32),
            _ => 0,
        }
    }

    /// The game's own end on reaching the current position, judged
    /// before mate and stalemate (a flag reached, a piece type extinct).
    fn own_end(&self) -> Option<i32> {
        let pos = self.walk.position();
        let outcome = pos.rules().hooks.extra_end(pos)?;
        let me = usize::from(pos.side());
        Some(match outcome.points.get(me).copied() {
            Some(2) => MATE_BOUND,
            Some(0) => -MATE_BOUND,
            _ => 0,
        })
    }

    /// A draw the rules impose on reaching the current position (which
    /// has a legal turn): repetition, the 100-ply count.
    fn ended_by_rule(&self) -> Option<i32> {
        let pos = self.walk.position();
        let limits = pos.rules().hooks.draw_limits();
        let repeated = limits.repetitions > 0 && self.walk.repetitions() >= 2;
        let counted = limits.plies > 0 && pos.counters().0 >= limits.plies;
        (repeated || counted).then_some(0)
    }

    fn node(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.count()?;
        let mut steps = std::mem::take(&mut self.steps[ply]);
        let result = if self.list(&mut steps, depth <= 0) {
            self.takes_only(&steps, ply, alpha, beta)
        } else {
            self.node_with(&mut steps, depth, ply, &mut alpha, beta)
        };
        self.steps[ply] = steps;
        result
    }

    /// Lists the current position's turns into `steps`: below the
    /// horizon, with [`Budget::takes`], only those that take where the
    /// game allows (true), else every legal turn (false).
    fn list(&mut self, steps: &mut Vec<Step>, below_horizon: bool) -> bool {
        if below_horizon && self.budget.takes {
            return self.walk.takes(steps);
        }
        self.walk.turns(steps);
        false
    }

    /// The capture search of a position whose turns that take are
    /// `takes` (none perhaps), the side to move not in check.
    fn takes_only(
        &mut self,
        takes: &[Step],
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        match self.own_end() {
            Some(score) => Ok(score),
            None => self.captures(takes, Listed::Takes, ply, alpha, beta),
        }
    }

    fn node_with(
        &mut self,
        steps: &mut [Step],
        mut depth: i32,
        ply: usize,
        alpha: &mut i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        if let Some(score) = self.own_end() {
            return Ok(score);
        }
        if steps.is_empty() {
            return Ok(self.no_turn(ply));
        }
        if let Some(score) = self.ended_by_rule() {
            return Ok(score);
        }
        if ply >= MAX_PLY {
            return Ok(self.eval());
        }
        let in_check = self.walk.in_check();
        // At the top level a side's only legal turn (most often a capture
        // that must be made) costs no depth, as a turn out of check does
        // at every level.
        let forced = self.budget.selective && steps.len() == 1;
        if in_check || forced {
            depth += 1;
        }
        if depth <= 0 {
            return self.captures(steps, Listed::Every, ply, *alpha, beta);
        }
        let key = self.walk.key().unwrap_or(0);
        let mut first = None;
        if let Some(slot) = self.table.get(key) {
            let score = from_table(slot.score, ply);
            if slot.depth >= depth && beta - *alpha == 1 {
                let cut = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= *alpha,
                };
                if cut {
                    return Ok(score);
                }
            }
            first = slot.best;
        }
        // A null-window node out of check: its worth standing, for pruning.
        let stand = (self.budget.selective && beta - *alpha == 1 && !in_check).then(|| self.eval());
        if let Some(stand) = stand
            && let Some(score) = self.prune(steps, stand, depth, ply, beta)?
        {
            return Ok(score);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.order(steps, first, ply, &mut list);
        let here = Here {
            depth,
            ply,
            in_check,
            stand,
            key,
        };
        let result = self.turns(&list, here, alpha, beta);
        self.lists[ply] = list;
        result
    }

    /// A null-window node's verdict without searching its turns, when the
    /// position is so good for the side to move that the turns need not be
    /// looked at: near the leaves, its worth beats beta by a margin per
    /// ply left; further up, it still beats beta after the side to move
    /// passes and the other side gets a shallower search (the null move).
    /// Not where passing would misjudge the position ([`fair_to_pass`]),
    /// nor twice in a row.
    fn prune(
        &mut self,
        steps: &[Step],
        stand: i32,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Result<Option<i32>, Stop> {
        if beta.abs() >= MATE_BOUND {
            return Ok(None);
        }
        if depth <= FUTILE_DEPTH && stand - FUTILE_MARGIN * depth >= beta {
            return Ok(Some(stand));
        }
        let may_pass = depth >= 2
            && stand >= beta
            && self.passed != Some(ply - 1)
            && fair_to_pass(self.judge, self.walk.position(), steps);
        if !may_pass {
            return Ok(None);
        }
        let reduce = if depth >= 6 { 3 } else { 2 };
        let before = self.passed.replace(ply);
        self.walk.pass();
        let score = self.node(depth - 1 - reduce, ply + 1, -beta, -beta + 1);
        self.walk.back_pass();
        self.passed = before;
        Ok((-score? >= beta).then_some(beta))
    }

    /// The turns of a node in `list`'s order, the first with the full
    /// window. In a null-window node near the leaves, late quiet turns
    /// that give no check are not searched at all: those past a count
    /// that grows with the depth left, and, when the position's worth
    /// stands too far below alpha for a quiet turn to make it up, all of
    /// them. The other late quiet turns are searched shallower first, the
    /// more so the later they come and the deeper the node.
    fn turns(
        &mut self,
        list: &[(Step, i32)],
        here: Here,
        alpha: &mut i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        let Here {
            depth,
            ply,
            in_check,
            stand,
            key,
        } = here;
        let alpha0 = *alpha;
        let mut best_score = -INFINITY;
        let mut best = None;
        let futile = stand.is_some_and(|stand| {
            depth <= FRONTIER_DEPTH && stand + FRONTIER_MARGIN * depth <= *alpha
        });
        let late = |i: usize| stand.is_some() && depth <= FRONTIER_DEPTH && i >= late_count(depth);
        for (i, &(step, order)) in list.iter().enumerate() {
            let quiet = order < TACTICAL;
            self.walk.play(&step);
            if i > 0
                && quiet
                && (futile || late(i))
                && best_score > -MATE_BOUND
                && !self.walk.in_check()
            {
                self.walk.back();
                continue;
            }
            let score = if i == 0 {
                -self.node(depth - 1, ply + 1, -beta, -*alpha)?
            } else {
                let reduce = if !quiet || in_check {
                    0
                } else if self.budget.selective {
                    reduction(depth, i, stand.is_none(), order >= KILLER - 1)
                } else if depth >= 3 && i >= 3 {
                    1 + i32::from(i >= 10 && depth >= 5)
                } else {
                    0
                };
                let mut s = -self.node(depth - 1 - reduce, ply + 1, -*alpha - 1, -*alpha)?;
                if s > *alpha && reduce > 0 {
                    s = -self.node(depth - 1, ply + 1, -*alpha - 1, -*alpha)?;
                }
                if s > *alpha && s < beta {
                    s = -self.node(depth - 1, ply + 1, -beta, -*alpha)?;
                }
                s
            };
            self.walk.back();
            if score > best_score {
                best_score = score;
                best = Some(step);
            }
            if score > *alpha {
                *alpha = score;
            }
            if *alpha >= beta {
                if quiet {
                    self.remember_cut(step, depth, ply);
                }
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
        self.table.put(Slot {
            key,
            depth,
            score: to_table(best_score, ply),
            bound,
            best,
        });
        Ok(best_score)
    }

    /// A quiet turn that cut off: a killer of its ply, and its history.
    fn remember_cut(&mut self, step: Step, depth: i32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(step) {
            killers[1] = killers[0];
            killers[0] = Some(step);
        }
        let h = self.history_index(&step);
        self.history[h] = (self.history[h] + depth * depth).min(HISTORY_MAX);
    }

    fn history_index(&self, step: &Step) -> usize {
        let from = step.act.action.from().map_or(self.squares, usize::from);
        let to = step.act.action.to().map_or(0, usize::from);
        from * self.squares + to
    }

    /// `steps` in the order to try them, into `out`.
    fn order(&self, steps: &[Step], first: Option<Step>, ply: usize, out: &mut Vec<(Step, i32)>) {
        out.clear();
        let pos = self.walk.position();
        let killers = self.killers[ply];
        out.extend(steps.iter().map(|&step| {
            let order = if Some(step) == first {
                FIRST
            } else {
                let (gain, attacker) = self.judge.trade(pos, &step);
                if gain > 0 {
                    TACTICAL + gain * 16 - attacker / 8
                } else if Some(step) == killers[0] {
                    KILLER
                } else if Some(step) == killers[1] {
                    KILLER - 1
                } else {
                    self.history[self.history_index(&step)]
                }
            };
            (step, order)
        }));
        out.sort_by_key(|&(_, order)| std::cmp::Reverse(order));
    }

    fn eval(&mut self) -> i32 {
        let in_play = if self.budget.in_play {
            self.judge.in_play(&mut self.walk)
        } else {
            InPlay::Values
        };
        let pos = self.walk.position();
        self.judge
            .eval_in_play(pos, usize::from(pos.side()), in_play)
    }

    /// The capture search: the side to move may stand on the position's
    /// worth or take (or promote); `steps` are its legal turns. Where
    /// every legal turn takes (a game whose captures are compulsory,
    /// Antichess and Losers, once a capture is there), standing is no
    /// choice: every capture is searched, and the best of them is the
    /// position's worth.
    fn captures(
        &mut self,
        steps: &[Step],
        listed: Listed,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        if ply >= MAX_PLY {
            return Ok(self.eval());
        }
        let forced = listed == Listed::Every && steps.iter().all(|s| s.acts().any(|a| a.capture));
        let stand = if forced { -INFINITY } else { self.eval() };
        if stand >= beta {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut takes = std::mem::take(&mut self.lists[ply]);
        takes.clear();
        let pos = self.walk.position();
        for &step in steps {
            let (gain, attacker) = self.judge.trade(pos, &step);
            if forced || (gain > 0 && stand + gain + DELTA > alpha) {
                takes.push((step, gain * 16 - attacker / 8));
            }
        }
        takes.sort_by_key(|&(_, order)| std::cmp::Reverse(order));
        let mut result = Ok(alpha);
        for &(step, _) in takes.iter() {
            let trade = (self.budget.exchanges && !forced)
                .then(|| self.judge.trade(self.walk.position(), &step));
            self.walk.play(&step);
            if let Some((gain, attacker)) = trade
                && self
                    .judge
                    .loses_exchange(self.walk.position(), &step, gain, attacker)
            {
                self.walk.back();
                continue;
            }
            let score = self.capture_reply(ply + 1, -beta, -alpha).map(|s| -s);
            self.walk.back();
            match score {
                Ok(score) if score >= beta => {
                    result = Ok(score);
                    break;
                }
                Ok(score) => {
                    alpha = alpha.max(score);
                    result = Ok(alpha);
                }
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        self.lists[ply] = takes;
        result
    }

    /// The capture search one ply on.
    fn capture_reply(&mut self, ply: usize, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.count()?;
        let mut steps = std::mem::take(&mut self.steps[ply]);
        let result = if self.list(&mut steps, true) {
            self.takes_only(&steps, ply, alpha, beta)
        } else if let Some(score) = self.own_end() {
            Ok(score)
        } else if steps.is_empty() {
            Ok(self.no_turn(ply))
        } else {
            self.captures(&steps, Listed::Every, ply, alpha, beta)
        };
        self.steps[ply] = steps;
        result
    }
}

/// Whether a pass in `pos` (whose legal turns are `steps`) judges it
/// fairly for the null move: not for a side with only pawns (a pawn
/// ending is full of zugzwang), not in a game won by losing pieces, not
/// where every turn captures (a capture that must be made), and not in
/// Squirm, where a pass moves no piece and so takes from the other side
/// its squirm of the piece that moved last.
pub(super) fn fair_to_pass(judge: &TwoSeat, pos: &ChessLike, steps: &[Step]) -> bool {
    let rules = pos.rules();
    rules.hooks.material_sign() > 0
        && rules.rebels != Rebels::SquirmFirst
        && judge.has_pieces(pos, pos.side())
        && !steps.iter().all(Step::captures)
}

/// What a list of turns handed to the capture search holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listed {
    /// Every legal turn (none: the position has none).
    Every,
    /// The turns that take or promote, the others not listed.
    Takes,
}

/// Where a node is and what it knows, for [`Search::turns`].
#[derive(Clone, Copy)]
struct Here {
    depth: i32,
    ply: usize,
    in_check: bool,
    /// The position's worth standing, in a null-window node out of check.
    stand: Option<i32>,
    key: u64,
}

/// How many plies shallower the `i`-th turn (from 0) of a node `depth`
/// plies from the leaves is searched first: none for the first three,
/// then growing with the logarithms of both; a ply less in a node of the
/// principal variation (`pv`) and for a killer turn; always leaving at
/// least one ply.
fn reduction(depth: i32, i: usize, pv: bool, killer: bool) -> i32 {
    if depth < 3 || i < 3 {
        return 0;
    }
    let r = (0.5 + f64::from(depth).ln() * (i as f64).ln() / 2.0) as i32;
    (r - i32::from(pv) - i32::from(killer)).clamp(0, depth - 2)
}

/// In a null-window node this near the leaves, quiet turns past
/// [`late_count`] are not searched.
fn late_count(depth: i32) -> usize {
    3 + 2 * (depth * depth) as usize
}

/// Move order: the table's turn, then captures and promotions, then the
/// killers, then quiet turns by history (below [`KILLER`]).
const FIRST: i32 = 1 << 30;
const TACTICAL: i32 = 1 << 24;
const KILLER: i32 = 1 << 20;
const HISTORY_MAX: i32 = KILLER - 2;

/// A mate score as the table keeps it: counted from the position, not
/// the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
