//! Counting the turns a roll allows without building them. Perft asks this
//! at every leaf of the turn tree, and building each turn's position and
//! text only to count them was nearly all of its cost. Here the first step
//! is played and taken back on one scratch position and the second steps
//! are only counted; the answer is `turns(roll).len()`.

use crate::rules::Roll;

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
            && kinds_for_die(a).iter().any(|k| kinds_for_die(b).contains(k))
        {
            // A kind moved by both dice could write one turn in both
            // orders; only the texts tell the turns apart.
            return self.turns(roll).len() as u64;
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

    /// On a copy of the position `s1` is legal in: plays `s1`, counts the
    /// turns it begins when the other die is `second` (one when the step
    /// ends the game or the die must be passed), and takes `s1` back.
    fn turns_beginning(&mut self, s1: Step, second: u8) -> u64 {
        let moving = self.board.get(s1.from);
        let victim = self.board.get(s1.to);
        let mut piece = moving.expect("a moving piece");
        let owner = piece.owner as usize;
        let last_victim = self.last_victim[owner];
        if let Some(kind) = s1.becomes {
            // As `apply_step`: only a pawn has a facing.
            piece.kind = kind;
            piece.facing = 1;
        }
        self.board.set(s1.from, None);
        self.board.set(s1.to, Some(piece));
        let ends = victim.is_some_and(|v| {
            self.last_victim[owner] = Some(v.owner);
            self.winner_after_capture(piece.owner, v.owner).is_some()
        });
        let count = if ends {
            1
        } else {
            let mut n = 0;
            self.each_step(second, |_| {
                n += 1;
                false
            });
            n.max(1)
        };
        self.board.set(s1.to, victim);
        self.board.set(s1.from, moving);
        self.last_victim[owner] = last_victim;
        count
    }
}
