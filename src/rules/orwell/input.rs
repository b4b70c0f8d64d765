//! Reading a turn a player sent: its moves are matched one by one against
//! the steps the dice still allow, in the order written; passes are
//! checked to be forced and may be left out. A refusal says what is wrong
//! with the first move that does not fit.

use crate::rules::RulesError;
use crate::rules::geometry::Square;
use crate::rules::notation::{MoveText, a_name, parse_move, resolve};

use super::TwoDice as Roll;

use super::pieces::{self, MAHARAJA, SEATS};
use super::position::OrwellPosition;
use super::step::{CaptureBar, Step};
use super::turn::{FULL_PASS, PASS};

fn illegal(turn: &str, why: impl Into<String>) -> RulesError {
    RulesError::Illegal {
        turn: turn.to_string(),
        why: why.into(),
    }
}

/// `1,3` as a player reads it.
pub fn roll_text(roll: Roll) -> String {
    format!("{},{}", roll[0], roll[1])
}

impl OrwellPosition {
    /// Plays a turn written in any accepted notation: the position after it
    /// (the next seat to move) and the turn in canonical notation.
    pub fn play_turn(
        &self,
        text: &str,
        roll: Roll,
    ) -> Result<(OrwellPosition, String), RulesError> {
        if let Some(outcome) = &self.outcome {
            return Err(RulesError::GameOver(outcome.to_string()));
        }
        if roll.iter().any(|d| !(1..=6).contains(d)) {
            return Err(RulesError::Other(format!(
                "{}: dice show 1 to 6",
                roll_text(roll)
            )));
        }
        let items: Vec<&str> = text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if items.is_empty() {
            return Err(RulesError::Unreadable {
                turn: text.to_string(),
                why: "write the moves, such as c3-d4, pass".into(),
            });
        }
        if items.len() > 2 {
            return Err(illegal(
                text,
                "a turn has two dice: at most two moves or passes",
            ));
        }
        let moves: Vec<&str> = items
            .into_iter()
            .filter(|s| !s.eq_ignore_ascii_case(PASS))
            .collect();
        if self.out[self.mover as usize] {
            if !moves.is_empty() {
                let who = SEATS[self.mover as usize];
                return Err(illegal(
                    text,
                    format!("{who} has left the game: the turn passes"),
                ));
            }
            let canonical = FULL_PASS.to_string();
            return Ok((self.finish_turn(self.clone(), canonical.clone()), canonical));
        }
        let mut state = self.clone();
        let mut dice: Vec<u8> = roll.to_vec();
        let mut texts = Vec::new();
        for &written in &moves {
            if state.outcome.is_some() {
                let last = texts.last().cloned().unwrap_or_default();
                return Err(illegal(written, format!("the game ended with {last}")));
            }
            let step = state.read_step(written, &dice, roll)?;
            let kind = state.board.get(step.from).expect("a moving piece").kind;
            let used = dice
                .iter()
                .position(|&d| pieces::kinds_for_die(d).contains(&kind));
            dice.remove(used.expect("a step fits a die"));
            texts.push(state.step_text(step));
            state = state.apply_step(step);
        }
        if state.outcome.is_none() {
            for &die in &dice {
                let usable = state.steps_for_die(die);
                if !usable.is_empty() {
                    let some: Vec<String> =
                        usable.iter().take(3).map(|&s| state.step_text(s)).collect();
                    let more = if usable.len() > 3 { ", ..." } else { "" };
                    let why = format!("the {die} must be used: {}{more}", some.join(", "));
                    return Err(illegal(text, why));
                }
                texts.push(PASS.to_string());
            }
        }
        let canonical = texts.join(", ");
        Ok((self.finish_turn(state, canonical.clone()), canonical))
    }

    /// The step a written move means, among those the dice left allow.
    fn read_step(&self, written: &str, dice: &[u8], roll: Roll) -> Result<Step, RulesError> {
        let geo = pieces::geometry();
        let mut input = parse_move(written, geo)?;
        let mut candidates: Vec<Step> = Vec::new();
        for &die in dice {
            for step in self.steps_for_die(die) {
                if !candidates.contains(&step) {
                    candidates.push(step);
                }
            }
        }
        let (to, promotion) = match &mut input {
            MoveText::Castle { .. } => {
                return Err(illegal(written, "there is no castling in Orwell Chess"));
            }
            MoveText::Coord { to, promotion, .. } | MoveText::San { to, promotion, .. } => {
                (*to, promotion)
            }
            MoveText::Drop { .. } | MoveText::Rebel(_) | MoveText::Wall { .. } | MoveText::Pass => {
                return Err(illegal(written, "a turn here is moves of your own pieces"));
            }
        };
        // A royal capture may be written without its `=M`.
        let royal_capture = candidates
            .iter()
            .any(|s| s.to == to && s.becomes == Some(MAHARAJA));
        if promotion.is_none() && royal_capture && self.board.get(to).is_some() {
            *promotion = Some('M');
        }
        let offered: Vec<_> = candidates.iter().map(|&s| self.candidate(s)).collect();
        let piece_on = |sq: Square| self.board.get(sq).map(|p| self.board.kind(p));
        match resolve(written, &input, geo, &offered, &piece_on)? {
            Some(i) => Ok(candidates[i]),
            None => {
                let MoveText::Coord { from, to, .. } = input else {
                    return Err(illegal(written, "no piece can make this move now"));
                };
                Err(illegal(written, self.why_not(from, to, dice, roll)))
            }
        }
    }

    /// Why the piece on `from` may not go to `to` with the dice left.
    fn why_not(&self, from: Square, to: Square, dice: &[u8], roll: Roll) -> String {
        let geo = pieces::geometry();
        let piece = match self.board.own_piece(from, self.mover, &SEATS) {
            Ok(piece) => piece,
            Err(why) => return why,
        };
        let kind = self.board.kind(piece);
        if !dice
            .iter()
            .any(|&d| pieces::kinds_for_die(d).contains(&piece.kind))
        {
            let dice_text = match dice {
                [d] => format!("the {d} left"),
                _ => format!("the roll {}", roll_text(roll)),
            };
            return format!("{dice_text} does not move {}", a_name(kind.name));
        }
        let target = self.board.get(to);
        if target.is_some_and(|t| t.owner == piece.owner) {
            return format!("{} holds your own piece", geo.name(to));
        }
        if let Some(why) = self.board.explain_unreachable(from, to, target.is_some()) {
            return why;
        }
        match self.capture_bar(from, to) {
            Some(CaptureBar::RoyalTakesRoyal) => {
                "a Raja or Maharaja never captures a Raja or Maharaja".to_string()
            }
            Some(CaptureBar::Alliance) => {
                let last = self.last_victim[self.mover as usize].map_or("", |v| SEATS[v as usize]);
                format!(
                    "captures alternate between your opponents: your last capture took a {last} piece, so this one must take the other player's (or a royal piece)"
                )
            }
            None => "this move is not possible now".to_string(),
        }
    }
}
