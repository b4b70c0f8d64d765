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

use crate::rules::{
    Conclusion, Dice, Ending, GameOption, Outcome, PlayError, Played, Position, Roll, RulesError,
    Seat, Variant,
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
        let (seat, how) = match *event {
            Conclusion::DrawAgreed => {
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
            Conclusion::Resign(seat) => (seat, Ending::Resignation),
            Conclusion::Forfeit(seat) => (seat, Ending::TimeForfeit),
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

    fn legal_turns(&self, roll: Option<Roll>) -> Vec<String> {
        match roll.filter(|roll| DICE.fits(roll)).and_then(two_dice) {
            Some(roll) => self.turns(roll).into_keys().collect(),
            None => Vec::new(),
        }
    }

    fn play(&self, turn: &str, roll: Option<Roll>) -> Result<Played, PlayError> {
        let roll = roll.ok_or(PlayError {
            reason: RulesError::RollNeeded,
        })?;
        let roll = two_dice(roll).ok_or_else(|| PlayError {
            reason: RulesError::Other(format!("{roll}: {}", DICE.what_a_roll_is())),
        })?;
        let (position, canonical) = self
            .play_turn(turn, roll)
            .map_err(|reason| PlayError { reason })?;
        Ok(Played {
            position: Box::new(position),
            canonical,
        })
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
