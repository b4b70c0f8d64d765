//! Perft by playing turns in place. [`ChessLike::after`] makes a whole new
//! position per turn (its board, its copy of the game's repetition keys,
//! its key hashed and its ends decided); a search needs none of that
//! between two lists of moves. Here one position is played forward and
//! taken back ([`ChessLike::play_in_place`]), each ply fills a list kept
//! from the last time, and the draw rules are judged only where a count
//! goes on below a position, exactly as [`ChessLike::perft`] counts: a
//! position where a draw rule ends the game counts nothing below it. The
//! last ply's turns are counted without listing them where that can be
//! done (`count.rs`), and the last ply's positions are not keyed while no
//! key of the game and the path repeats (none of them can then be a third
//! repetition, and nothing below reads their keys).

use super::Rebels;
use super::movegen::Scratch;
use super::position::{Act, ChessLike};
use crate::rules::ends::{self, DrawFacts};

/// A squirm of a Squirm game's ply and where its follow-ups lie in the
/// ply's list of them (nowhere when the ply's turns were counted).
#[derive(Clone, Copy)]
struct Squirm {
    act: Act,
    start: usize,
    end: usize,
    /// True when some action is legal after it (it begins a legal turn).
    followed: bool,
}

/// One ply's lists, kept between the positions of that ply.
#[derive(Default)]
struct Ply {
    /// The legal single actions.
    acts: Vec<Act>,
    /// Squirm games: the squirms open (before the check test) ...
    squirms: Vec<Squirm>,
    /// ... and the actions legal after each, one run per squirm.
    follow_ups: Vec<Act>,
    /// Gating games: the legal actions with a gate after them.
    gated: Vec<(Act, Act)>,
}

/// A perft search from one position.
pub(super) struct Search {
    pos: ChessLike,
    /// The game's repetition keys, then those of the positions on the
    /// path to the current one (which the path includes).
    keys: Vec<u64>,
    /// Per key of `keys`: whether an earlier key of `keys` equals it.
    repeat_flags: Vec<bool>,
    /// How many keys of `keys` equal an earlier one. While none does, no
    /// position can be a third repetition (its key would have to equal
    /// two earlier keys, which would then equal each other), so a
    /// position whose key nothing below it reads (the last ply's) needs
    /// none.
    repeats: usize,
    /// Indexed by the depth still to go.
    plies: Vec<Ply>,
    scratch: Scratch,
    /// The actions after a squirm, where they are listed to be counted.
    mid_acts: Vec<Act>,
    /// The walls that may follow a move, in walling games.
    walls: Vec<Act>,
}

/// What judging the draw rules in a position found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Judged {
    /// A draw rule ends the game there.
    Drawn,
    /// Not drawn; its key joined the path (to be taken off after).
    Keyed,
    /// Not drawn; no key was needed.
    Unkeyed,
}

impl Search {
    /// A search from `root` (a position whose game has not ended) that
    /// goes `depth` turns deep.
    pub(super) fn new(root: &ChessLike, depth: u32) -> Self {
        let mut keys = Vec::with_capacity(root.history.len() + depth as usize);
        keys.extend_from_slice(&root.history);
        let repeat_flags: Vec<bool> = (0..keys.len())
            .map(|i| keys[..i].contains(&keys[i]))
            .collect();
        let repeats = repeat_flags.iter().filter(|&&r| r).count();
        Search {
            pos: root.clone(),
            keys,
            repeat_flags,
            repeats,
            plies: (0..=depth).map(|_| Ply::default()).collect(),
            scratch: Scratch::new(&root.board),
            mid_acts: Vec::new(),
            walls: Vec::new(),
        }
    }

    /// The leaves `depth` (at least 1) turns below the root.
    pub(super) fn perft(&mut self, depth: u32) -> u64 {
        self.node(depth, true)
    }

    /// The leaves `depth` (at least 1) turns below the current position:
    /// none where it has no legal turn or (below the root, whose end is
    /// decided) a draw rule ends the game there.
    fn node(&mut self, depth: u32, root: bool) -> u64 {
        let mut ply = std::mem::take(&mut self.plies[depth as usize]);
        // At the last ply the turns are counted, not listed, where that
        // can be done alone (with the legal en passant captures the repetition
        // key reads).
        let counted = match depth {
            1 => self.count_turns(&mut ply),
            _ => None,
        };
        // (In walling games only whether there is a turn matters here
        // below the last ply: a legal move is followed by a wall, at
        // least onto the square it left.)
        let turns = match counted {
            Some(count) => count as usize,
            None => {
                self.generate(&mut ply);
                ply.acts.len() + ply.follow_ups.len() + ply.gated.len()
            }
        };
        let mut leaves = 0;
        let judged = match (turns, root) {
            (0, _) => Judged::Drawn,
            (_, true) => Judged::Unkeyed,
            _ => self.judge(&ply, depth),
        };
        if judged != Judged::Drawn {
            if depth == 1 {
                leaves = turns as u64;
            } else {
                leaves = self.below(&ply, depth - 1);
            }
            if judged == Judged::Keyed {
                self.keys.pop();
                if self.repeat_flags.pop() == Some(true) {
                    self.repeats -= 1;
                }
            }
        }
        self.plies[depth as usize] = ply;
        leaves
    }

    /// The leaves `depth` turns below each turn of `ply`.
    fn below(&mut self, ply: &Ply, depth: u32) -> u64 {
        let mut leaves = 0;
        if let Some(walling) = self.pos.walling() {
            // Each move, then each wall that may follow it.
            let from = self.pos.wall_square();
            let mut walls = std::mem::take(&mut self.walls);
            for act in &ply.acts {
                walls.clear();
                self.pos
                    .each_wall_after(walling, from, act, &mut self.scratch.board, |wall| {
                        walls.push(wall)
                    });
                for &wall in &walls {
                    leaves += self.after_turn(&[*act, wall], depth);
                }
            }
            self.walls = walls;
            return leaves;
        }
        for act in &ply.acts {
            leaves += self.after_turn(std::slice::from_ref(act), depth);
        }
        for squirm in &ply.squirms {
            for &act in &ply.follow_ups[squirm.start..squirm.end] {
                leaves += self.after_turn(&[squirm.act, act], depth);
            }
        }
        for &(act, gate) in &ply.gated {
            leaves += self.after_turn(&[act, gate], depth);
        }
        leaves
    }

    fn after_turn(&mut self, acts: &[Act], depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let undo = self.pos.play_in_place(acts);
        let leaves = self.node(depth, false);
        self.pos.undo(&undo);
        leaves
    }

    /// The current position's legal turns counted without listing them,
    /// where the count can say (`count.rs`): its single actions and, in
    /// Squirm games, the actions legal after each squirm (each counted,
    /// or listed where only the list can say). `ply` gets the legal en
    /// passant captures and the squirms with whether each begins a turn
    /// (what the repetition key reads), no follow-ups.
    fn count_turns(&mut self, ply: &mut Ply) -> Option<u64> {
        ply.squirms.clear();
        ply.follow_ups.clear();
        if self.pos.walling().is_some() {
            return Some(
                self.pos
                    .count_walled_turns(&mut ply.acts, &mut self.scratch),
            );
        }
        // Gating games list their turns: a gate follows listed actions.
        if self.pos.rules.hooks.gating().is_some() {
            return None;
        }
        let mut count = self
            .pos
            .count_legal_acts(&mut self.scratch, &mut ply.acts)?;
        let Some(last) = self.pos.last_moved else {
            return Some(count);
        };
        if self.pos.rules.rebels != Rebels::SquirmFirst {
            return Some(count);
        }
        let mut squirms = std::mem::take(&mut self.scratch.squirms);
        squirms.clear();
        self.pos
            .rebel_acts_into(Some(last), &mut squirms, &mut self.scratch.rebel_steps);
        for &act in &squirms {
            let undo = self.pos.squirm_in_place(&act);
            let after = match self
                .pos
                .count_legal_acts(&mut self.scratch, &mut self.mid_acts)
            {
                Some(n) => n,
                None => {
                    self.pos
                        .legal_acts_into(&mut self.mid_acts, &mut self.scratch);
                    self.mid_acts.len() as u64
                }
            };
            self.pos.undo_squirm(&undo);
            count += after;
            ply.squirms.push(Squirm {
                act,
                start: 0,
                end: 0,
                followed: after > 0,
            });
        }
        self.scratch.squirms = squirms;
        Some(count)
    }

    /// Fills `ply` with the current position's legal turns: its legal
    /// actions and, in Squirm games, each squirm with the actions legal
    /// after it.
    fn generate(&mut self, ply: &mut Ply) {
        // In words on a board of at most 64 squares where that can be
        // done (`count_narrow.rs`), else as the game lists them.
        if self.pos.rules.backend.is_some()
            || !self.pos.list_narrow(&mut self.scratch, &mut ply.acts)
        {
            self.pos.legal_acts_into(&mut ply.acts, &mut self.scratch);
        }
        self.pos.gated_turns_into(&ply.acts, &mut ply.gated);
        ply.squirms.clear();
        ply.follow_ups.clear();
        let Some(last) = self.pos.last_moved else {
            return;
        };
        if self.pos.rules.rebels != Rebels::SquirmFirst {
            return;
        }
        let mut squirms = std::mem::take(&mut self.scratch.squirms);
        squirms.clear();
        self.pos
            .rebel_acts_into(Some(last), &mut squirms, &mut self.scratch.rebel_steps);
        let mut follow = std::mem::take(&mut self.scratch.follow);
        for &act in &squirms {
            let undo = self.pos.squirm_in_place(&act);
            self.pos.legal_acts_into(&mut follow, &mut self.scratch);
            self.pos.undo_squirm(&undo);
            let start = ply.follow_ups.len();
            ply.follow_ups.extend_from_slice(&follow);
            let end = ply.follow_ups.len();
            ply.squirms.push(Squirm {
                act,
                start,
                end,
                followed: end > start,
            });
        }
        self.scratch.squirms = squirms;
        self.scratch.follow = follow;
    }

    /// Whether a draw rule ends the game in the current position (which
    /// has a legal turn, listed in `ply`, and `depth` turns to count
    /// below it); if not, its repetition key joins the path unless nothing
    /// below reads it and it cannot be a third repetition.
    fn judge(&mut self, ply: &Ply, depth: u32) -> Judged {
        let pos = &self.pos;
        let keyed = depth > 1 || self.repeats > 0;
        let (key, repetitions) = if keyed {
            let open_squirms = ply.squirms.iter().filter(|s| s.followed).map(|s| s.act);
            let key = pos.key_given(&ply.acts, open_squirms);
            (key, 1 + self.keys.iter().filter(|&&k| k == key).count())
        } else {
            (0, 1)
        };
        let facts = DrawFacts {
            repetitions,
            halfmoves: pos.halfmoves,
            dead: pos.is_dead(),
            to_move: usize::from(pos.side),
        };
        let limits = pos.rules.hooks.draw_limits();
        if ends::draw_within(&facts, &limits).is_some() || pos.rules.hooks.extra_end(pos).is_some()
        {
            return Judged::Drawn;
        }
        if !keyed {
            return Judged::Unkeyed;
        }
        self.keys.push(key);
        self.repeat_flags.push(repetitions > 1);
        self.repeats += usize::from(repetitions > 1);
        Judged::Keyed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;
    use crate::rules::chesslike::{Rules, from_fen};

    /// Perft by whole positions ([`ChessLike::after`]), as the game plays
    /// its turns: what the search must count.
    fn by_positions(pos: &ChessLike, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.ended.is_some() {
            return 0;
        }
        let turns = pos.legal_turn_acts();
        turns
            .iter()
            .map(|t| by_positions(&pos.after(t, String::new()), depth - 1))
            .sum()
    }

    fn played(rules: &'static Rules, fen: &str, turns: &[&str]) -> ChessLike {
        let mut pos = from_fen(rules, fen).unwrap();
        for text in turns {
            let next = pos.play(text, None).unwrap().position;
            pos = ChessLike::decode(rules, &next.encode()).unwrap();
        }
        pos
    }

    fn agrees(rules: &'static Rules, fen: &str, turns: &[&str], depth: u32) -> u64 {
        let pos = played(rules, fen, turns);
        let count = pos.perft(depth);
        assert_eq!(count, by_positions(&pos, depth), "{fen} after {turns:?}");
        count
    }

    /// Every draw rule ends counting where the game ends: a third
    /// repetition (with the game's turns before the root), the 100-ply
    /// count, a dead position; squirms, drops and en passant keys too.
    #[test]
    fn the_search_counts_what_whole_positions_count() {
        use crate::rules::{orphic, orthodia, rebellion};
        let start = rebellion::START;
        let knights = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"];
        let repeated = agrees(&rebellion::REBELLION, start, &knights, 3);
        let fresh = agrees(&rebellion::REBELLION, start, &knights[..2], 3);
        assert!(repeated < fresh, "the third repetition ends a line");
        agrees(&rebellion::SQUIRM, start, &["e4", "Nc6"], 2);
        agrees(&rebellion::SQUIRM, start, &knights, 2);
        let counted = "4k3/4p3/8/8/8/8/8/R3K3 b - - 98 60";
        assert!(agrees(&orthodia::RULES, counted, &[], 3) > 0);
        agrees(
            &rebellion::REBELLION,
            "4k3/8/8/8/8/8/3p4/4K2N w - - 0 1",
            &[],
            3,
        );
        let ep = "rgbtkbgr/2pppppw/8/8/pwW5/8/1PPPPPPW/RGBTKBGR b - a2-c4 0 1";
        agrees(&orthodia::RULES, ep, &[], 2);
        let hand = "r7/8/pp1p1ppp/2p5/3pP3/P1P2PPP/1P6/2Q1K3[k] b - - 0 12";
        agrees(&orphic::RULES, hand, &[], 2);
    }
}
