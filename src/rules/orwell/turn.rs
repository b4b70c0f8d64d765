//! A whole turn: two dice, used in either order, each die passed only when
//! no matching piece can move at the point where it would be used (after
//! the other die's move). A step that ends the game ends the turn. Turns
//! are written as their steps in play order, then their passes:
//! `c3-d4, pass`.

use std::collections::BTreeMap;

use crate::rules::{Action, Ending, Outcome, Taken, Turn};

use super::TwoDice as Roll;

use super::pieces::SEATS;

use super::position::OrwellPosition;

/// The word for a passed die.
pub const PASS: &str = "pass";

/// The turn of a player who can use neither die.
pub const FULL_PASS: &str = "pass, pass";

impl OrwellPosition {
    /// The dice orders worth trying: both, or one when the faces move the
    /// same kinds.
    pub(super) fn orders(roll: Roll) -> Vec<[u8; 2]> {
        let [a, b] = roll;
        if super::pieces::same_class(a, b) {
            vec![[a, b]]
        } else {
            vec![[a, b], [b, a]]
        }
    }

    /// True when the mover passes the whole turn with this roll: out of the
    /// game, or no piece can use either die.
    pub fn must_pass_roll(&self, roll: Roll) -> bool {
        self.outcome.is_none()
            && (self.out[self.mover as usize] || roll.iter().all(|&d| !self.die_usable(d)))
    }

    /// Every legal turn with its position after it (the turn passed on),
    /// keyed by canonical text. Empty once the game is over.
    pub fn turns(&self, roll: Roll) -> BTreeMap<String, OrwellPosition> {
        self.turn_map(roll, false)
            .into_iter()
            .map(|(text, (_, p))| (text, p))
            .collect()
    }

    /// [`OrwellPosition::turns`] with each turn as a value too.
    pub fn typed_turns(&self, roll: Roll) -> BTreeMap<String, (Turn, OrwellPosition)> {
        self.turn_map(roll, true)
    }

    /// The turns keyed by text; their values only `with_values` (perft
    /// needs none).
    pub(super) fn turn_map(
        &self,
        roll: Roll,
        with_values: bool,
    ) -> BTreeMap<String, (Turn, OrwellPosition)> {
        let mut out = BTreeMap::new();
        if self.outcome.is_some() {
            return out;
        }
        let mut add = |actions: &[Action], text: String, end: OrwellPosition| {
            let end = self.finish_turn(end, text.clone());
            let turn = Turn(if with_values {
                actions.to_vec()
            } else {
                Vec::new()
            });
            out.insert(text, (turn, end));
        };
        if self.must_pass_roll(roll) {
            add(
                &[Action::Pass, Action::Pass],
                FULL_PASS.to_string(),
                self.clone(),
            );
            return out;
        }
        for [first, second] in Self::orders(roll) {
            for s1 in self.steps_for_die(first) {
                let mid = self.apply_step(s1);
                let first_text = self.step_text(s1);
                if mid.outcome.is_some() {
                    add(&[s1.action()], first_text, mid);
                    continue;
                }
                let after = mid.steps_for_die(second);
                if after.is_empty() {
                    let text = format!("{first_text}, {PASS}");
                    add(&[s1.action(), Action::Pass], text, mid.clone());
                }
                for s2 in after {
                    let text = format!("{first_text}, {}", mid.step_text(s2));
                    add(&[s1.action(), s2.action()], text, mid.apply_step(s2));
                }
            }
        }
        out
    }

    /// A turn's canonical text, its steps written on the board each is
    /// played on; `None` when an action is no step of the mover.
    pub fn text_of(&self, turn: &Turn) -> Option<String> {
        let mut state = self.clone();
        let mut parts = Vec::new();
        for &a in turn.actions() {
            if a == Action::Pass {
                parts.push(PASS.to_string());
                continue;
            }
            let step = state.step_of(a)?;
            state.board.get(step.from)?;
            parts.push(state.step_text(step));
            state = state.apply_step(step);
        }
        Some(parts.join(", "))
    }

    /// What each capturing step of `turn` (legal here) takes: the piece on
    /// its target square on the board that step is played on.
    pub fn captures_of(&self, turn: &Turn) -> Vec<Taken> {
        let mut state = self.clone();
        let mut out = Vec::new();
        for &action in turn.actions() {
            let Some(step) = state.step_of(action) else {
                continue;
            };
            if state.board.get(step.from).is_none() {
                break;
            }
            if let Some(victim) = state.board.get(step.to) {
                out.push(Taken {
                    step: state.step_text(step),
                    owner: victim.owner as usize,
                    piece: state.board.kind(victim).name,
                });
            }
            state = state.apply_step(step);
        }
        out
    }

    /// Passes the turn on after its last step: the next seat moves (the
    /// mover stays recorded once the game is over).
    /// A turn of two passes that leaves every seat unable to move ends the
    /// game drawn: nothing can ever change again (the rule text is silent;
    /// without this the automatic passes would go round for ever).
    pub(super) fn finish_turn(&self, mut end: OrwellPosition, text: String) -> OrwellPosition {
        if text == FULL_PASS && end.outcome.is_none() && end.frozen() {
            end.outcome = Some(Outcome::draw(SEATS.len(), Ending::NoMoveLeft));
        }
        end.last_turn = Some(text);
        if end.outcome.is_none() {
            end.mover = Self::next_seat(self.mover);
        }
        end
    }

    /// True when no seat still in the game has a move for any die.
    pub fn frozen(&self) -> bool {
        (0..SEATS.len() as u8)
            .filter(|&s| !self.out[s as usize])
            .all(|seat| {
                let mut as_seat = self.clone();
                as_seat.mover = seat;
                (1..=5).all(|die| !as_seat.die_usable(die))
            })
    }

    /// Counts the leaves of the turn tree `depth` turns deep, summed over
    /// all 36 ordered rolls at every turn (a roll a,b and its mirror b,a
    /// count separately; a turn counts once per distinct text).
    pub fn perft_dice(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_turns_all_rolls();
        }
        let mut total = 0;
        for a in 1..=6u8 {
            for b in a..=6u8 {
                let weight = if a == b { 1 } else { 2 };
                let turns = self.turn_map([a, b], false);
                let count: u64 = turns.values().map(|(_, p)| p.perft_dice(depth - 1)).sum();
                total += weight * count;
            }
        }
        total
    }
}
