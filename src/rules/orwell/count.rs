//! Counting the turns a roll allows without building them. Perft asks this
//! at every leaf of the turn tree, and building each turn's position and
//! text only to count them was nearly all of its cost. Here the first step
//! is played and taken back on one scratch position and the second steps
//! are only counted; the answer is `turns(roll).len()`. For all 36 rolls at
//! once, each first step is played once and its second steps are counted
//! for every die at the same time.

use super::TwoDice as Roll;

use super::pieces::kinds_for_die;
use super::position::OrwellPosition;
use super::step::Step;

impl OrwellPosition {
    /// How many distinct turns the mover has with `roll`: the length of
    /// [`OrwellPosition::turns`].
    pub fn count_turns(&self, roll: Roll) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        if self.must_pass_roll(roll) {
            return 1;
        }
        let orders = Self::orders(roll);
        if let [[a, b], _] = orders[..]
            && kinds_for_die(a)
                .iter()
                .any(|k| kinds_for_die(b).contains(k))
        {
            // A kind moved by both dice could write one turn in both
            // orders; only the texts tell the turns apart.
            return self.turn_map(roll, false).len() as u64;
        }
        // Dice of disjoint kinds: a turn's first step names a piece that
        // only its own order moves, so no turn is found twice.
        let mut scratch = self.clone();
        let mut total = 0;
        for [first, second] in orders {
            self.each_step(first, |s1| {
                total += scratch.turns_beginning(s1, second);
                false
            });
        }
        total
    }

    /// On a copy of the position `s1` is legal in: plays `s1` (as
    /// `apply_step` does), asks `then` with whether the step ends the game,
    /// and takes `s1` back.
    fn with_first_step<R>(&mut self, s1: Step, then: impl FnOnce(&Self, bool) -> R) -> R {
        let moving = self.board.get(s1.from);
        let victim = self.board.get(s1.to);
        let mut piece = moving.expect("a moving piece");
        let owner = piece.owner as usize;
        let last_victim = self.last_victim[owner];
        if let Some(kind) = s1.becomes {
            // Only a pawn has a facing.
            piece.kind = kind;
            piece.facing = 1;
        }
        self.board.set(s1.from, None);
        self.board.set(s1.to, Some(piece));
        let ends = victim.is_some_and(|v| {
            self.last_victim[owner] = Some(v.owner);
            self.winner_after_capture(piece.owner, v.owner).is_some()
        });
        let answer = then(self, ends);
        self.board.set(s1.to, victim);
        self.board.set(s1.from, moving);
        self.last_victim[owner] = last_victim;
        answer
    }

    /// The turns beginning with `s1` when the other die is `second`: one
    /// when the step ends the game or the die must be passed.
    fn turns_beginning(&mut self, s1: Step, second: u8) -> u64 {
        self.with_first_step(s1, |mid, ends| {
            if ends {
                return 1;
            }
            let mut n = 0;
            mid.each_step(second, |_| {
                n += 1;
                false
            });
            n.max(1)
        })
    }

    /// The turns of all 36 ordered rolls, summed: `perft_dice(1)`.
    pub fn count_turns_all_rolls(&self) -> u64 {
        let rolls = || (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| [a, b]));
        // Faces that move the same kinds form one class.
        let mut classes: Vec<&'static [u8]> = Vec::new();
        let mut class_of_face = [0; 7];
        for face in 1..=6u8 {
            let kinds = kinds_for_die(face);
            class_of_face[face as usize] =
                classes.iter().position(|&c| c == kinds).unwrap_or_else(|| {
                    classes.push(kinds);
                    classes.len() - 1
                });
        }
        let mut class_of_kind = [None; 256];
        for (c, kinds) in classes.iter().enumerate() {
            for &k in kinds.iter() {
                if class_of_kind[k as usize].replace(c).is_some() {
                    // A kind moved by two classes of dice: count roll by roll.
                    return rolls().map(|roll| self.count_turns(roll)).sum();
                }
            }
        }
        if self.outcome.is_some() {
            return 0;
        }
        // by_first[c1][c2]: the turns whose first step uses a die of class
        // c1 when the other die is of class c2.
        let mut by_first = vec![vec![0u64; classes.len()]; classes.len()];
        let mut usable = vec![false; classes.len()];
        let mut scratch = self.clone();
        let every_kind: Vec<u8> = classes.concat();
        for (c1, kinds) in classes.iter().enumerate() {
            self.each_step_of(kinds, |s1| {
                usable[c1] = true;
                let counts = scratch.turns_beginning_by_class(s1, &every_kind, &class_of_kind);
                for (total, n) in by_first[c1].iter_mut().zip(counts) {
                    *total += n;
                }
                false
            });
        }
        rolls()
            .map(|[a, b]| {
                let (ca, cb) = (class_of_face[a as usize], class_of_face[b as usize]);
                if self.out[self.mover as usize] || !(usable[ca] || usable[cb]) {
                    1
                } else if ca == cb {
                    by_first[ca][ca]
                } else {
                    by_first[ca][cb] + by_first[cb][ca]
                }
            })
            .sum()
    }

    /// [`Self::turns_beginning`] for a second die of every class at once
    /// (classes of disjoint kinds, `every_kind` all of theirs).
    fn turns_beginning_by_class(
        &mut self,
        s1: Step,
        every_kind: &[u8],
        class_of_kind: &[Option<usize>; 256],
    ) -> [u64; 6] {
        self.with_first_step(s1, |mid, ends| {
            if ends {
                return [1; 6];
            }
            let mut n = [0u64; 6];
            mid.each_step_of(every_kind, |s2| {
                let kind = mid.board.get(s2.from).expect("a moving piece").kind;
                if let Some(c) = class_of_kind[kind as usize] {
                    n[c] += 1;
                }
                false
            });
            n.map(|k| k.max(1))
        })
    }
}
