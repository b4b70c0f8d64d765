//! Orwell Chess (Glenn Overby, 2002): three players on a 7 x 12 cylinder,
//! two dice a turn, Shifting Alliances and Perpetual Power.
//!
//! The game is composed from the shared core: the cylinder is a geometry
//! with a vertical wrap, the pieces are movement primitives (a bent rider
//! for the Gryphon, a hopper for the Pao), and this module adds only what
//! is Orwell's own: dice, alliances, promotion, royal capture, the wins.
//! The rulings followed are RULES.md "Orwell Chess"; `help.txt` says them
//! to the players.

mod codec;
mod count;
mod input;
pub mod pieces;
mod position;
pub mod record;
mod render;
mod setup;
mod step;
mod turn;

#[cfg(test)]
mod tests;

pub use input::roll_text;
pub use position::OrwellPosition;
pub use record::{RecordError, record_line, replay_record};
pub use step::Step;
pub use turn::{FULL_PASS, PASS};

/// Orwell's roll inside its own rules: two dice, in the order rolled.
pub type TwoDice = [u8; 2];

/// Orwell's dice: two six-faced dice a turn; a seat that can use neither
/// passes both.
pub static DICE: Dice = Dice {
    count: 2,
    faces: 6,
    forced_turn: FULL_PASS,
};

/// A roll as the two dice the rules use; `None` when it has another count
/// (the faces are checked where the roll is used).
fn two_dice(roll: Roll) -> Option<TwoDice> {
    roll.dice().try_into().ok()
}

use crate::rules::notation;
use crate::rules::{
    Conclusion, Dice, Ending, GameOption, Outcome, PlayError, Played, Position, Roll, RulesError,
    Seat, Taken, Turn, Variant,
};

use pieces::SEATS;

/// The game as the registry lists it.
pub struct Orwell;

/// The text of `boserv help orwell`.
pub const HELP: &str = include_str!("help.txt");

fn no_options(options: &[GameOption]) -> Result<(), RulesError> {
    match options.first() {
        None => Ok(()),
        Some(o) => Err(RulesError::UnknownOption {
            variant: "orwell".into(),
            option: o.name.clone(),
        }),
    }
}

impl Variant for Orwell {
    fn name(&self) -> &'static str {
        "orwell"
    }

    fn title(&self) -> &'static str {
        "Orwell"
    }
    fn full_name(&self) -> &'static str {
        "Orwell Chess"
    }

    fn seats(&self) -> &'static [&'static str] {
        &SEATS
    }

    fn dice(&self) -> Option<&'static Dice> {
        Some(&DICE)
    }

    fn help(&self) -> &'static str {
        HELP
    }

    fn writing(&self) -> &'static str {
        include_str!("writing.txt")
    }

    fn start(&self, options: &[GameOption]) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(OrwellPosition::start()))
    }

    fn decode(&self, options: &[GameOption], text: &str) -> Result<Box<dyn Position>, RulesError> {
        no_options(options)?;
        Ok(Box::new(OrwellPosition::decode_text(text)?))
    }
}

impl OrwellPosition {
    /// Takes a seat out of the game (resignation, forfeit) or ends it by
    /// agreement of all three.
    pub fn conclude_with(&self, event: &Conclusion) -> Result<OrwellPosition, RulesError> {
        if let Some(outcome) = &self.outcome {
            return Err(RulesError::GameOver(outcome.to_string()));
        }
        let mut next = self.clone();
        let (seat, how) = match event.leaver() {
            Some(leaver) => leaver,
            None => {
                // Seats that have left cannot win, so they share nothing.
                let points = (0..SEATS.len())
                    .map(|s| u8::from(!self.is_out(s)))
                    .collect::<Vec<_>>();
                next.outcome = Some(Outcome {
                    points,
                    ending: Ending::Agreement,
                });
                return Ok(next);
            }
        };
        if seat >= SEATS.len() {
            return Err(RulesError::Other(format!("there is no seat {seat}")));
        }
        if next.out[seat] {
            return Err(RulesError::Other(format!(
                "{} is already out of the game",
                SEATS[seat]
            )));
        }
        next.out[seat] = true;
        let left: Vec<Seat> = (0..SEATS.len()).filter(|&s| !next.out[s]).collect();
        if let [winner] = left[..] {
            next.outcome = Some(Outcome::win(winner, SEATS.len(), how));
        }
        Ok(next)
    }
}

/// The roll a turn needs, as the two dice the rules use.
fn rules_roll(roll: Option<Roll>) -> Result<TwoDice, RulesError> {
    let roll = roll.ok_or(RulesError::RollNeeded)?;
    two_dice(roll).ok_or_else(|| RulesError::Other(format!("{roll}: {}", DICE.what_a_roll_is())))
}

impl Position for OrwellPosition {
    fn has_left(&self, seat: Seat) -> bool {
        self.is_out(seat)
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.mover as Seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn legal(&self, roll: Option<Roll>) -> Vec<Turn> {
        match roll.filter(|roll| DICE.fits(roll)).and_then(two_dice) {
            Some(roll) => self
                .typed_turns(roll)
                .into_values()
                .map(|(turn, _)| turn)
                .collect(),
            None => Vec::new(),
        }
    }

    fn read_turn(&self, text: &str, roll: Option<Roll>) -> Result<Turn, RulesError> {
        let roll = rules_roll(roll)?;
        let (_, canonical) = self.play_turn(text, roll)?;
        self.typed_turns(roll)
            .remove(&canonical)
            .map(|(turn, _)| turn)
            .ok_or_else(|| RulesError::Illegal {
                turn: text.to_string(),
                why: "not a legal turn here".into(),
            })
    }

    fn turn_text(&self, turn: &Turn) -> String {
        self.text_of(turn)
            .unwrap_or_else(|| notation::plain_turn(pieces::geometry(), turn))
    }

    fn apply(&self, turn: &Turn, roll: Option<Roll>) -> Result<Box<dyn Position>, PlayError> {
        let roll = rules_roll(roll).map_err(|reason| PlayError { reason })?;
        if let Some(outcome) = &self.outcome {
            return Err(PlayError {
                reason: RulesError::GameOver(outcome.to_string()),
            });
        }
        self.typed_turns(roll)
            .into_values()
            .find(|(t, _)| t == turn)
            .map(|(_, p)| Box::new(p) as Box<dyn Position>)
            .ok_or_else(|| PlayError::not_legal(pieces::geometry(), turn))
    }

    fn play(&self, turn: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
        let roll = rules_roll(roll).map_err(|reason| PlayError { reason })?;
        let (position, canonical) = self
            .play_turn(turn, roll)
            .map_err(|reason| PlayError { reason })?;
        Ok(Played {
            position: Box::new(position),
            canonical,
        })
    }

    fn taken(&self, text: &str, roll: Option<Roll>) -> Vec<Taken> {
        self.read_turn(text, roll)
            .map(|turn| self.captures_of(&turn))
            .unwrap_or_default()
    }

    fn must_pass(&self, roll: Roll) -> bool {
        two_dice(roll).is_some_and(|roll| self.must_pass_roll(roll))
    }

    fn conclude(&self, event: &Conclusion) -> Result<Box<dyn Position>, RulesError> {
        Ok(Box::new(self.conclude_with(event)?))
    }

    fn render(&self) -> String {
        self.drawing()
    }

    fn picture(&self, _seat: Seat) -> Option<crate::rules::picture::Picture> {
        Some(OrwellPosition::picture(self))
    }

    fn encode(&self) -> String {
        self.encode_text()
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_dice(depth)
    }

    fn boxed_clone(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
}
