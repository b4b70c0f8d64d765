//! Dice as a game describes them: how many a turn rolls, how many faces
//! each has, and the turn the server records by itself when the seat to
//! move can use none of them. The service rolls, stores and audits from
//! this description alone, so it never names a game.

use std::fmt;
use std::ops::Deref;

use super::RulesError;

/// The most dice one roll may hold.
pub const MAX_DICE: usize = 8;

/// A variant's dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dice {
    /// Dice rolled for every turn (1 to [`MAX_DICE`]).
    pub count: u8,
    /// Faces of each die, numbered 1 to `faces` (2 to 255).
    pub faces: u8,
    /// The turn the server plays for a seat that can use none of its dice
    /// ([`super::Position::must_pass`]), in canonical notation.
    pub forced_turn: &'static str,
}

impl Dice {
    /// True when `roll` is a roll of these dice: the right count, every die
    /// showing a face.
    pub fn fits(&self, roll: &Roll) -> bool {
        roll.len() == usize::from(self.count) && roll.iter().all(|d| (1..=self.faces).contains(d))
    }

    /// Reads a roll as written in records and commands: `1,3`.
    pub fn parse(&self, text: &str) -> Result<Roll, RulesError> {
        let bad = || RulesError::Other(format!("{text}: {}", self.what_a_roll_is()));
        text.parse::<Roll>()
            .ok()
            .filter(|r| self.fits(r))
            .ok_or_else(bad)
    }

    /// A roll of these dice to show in a message: `1,3`.
    pub fn example(&self) -> Roll {
        let faces = [1u8, 3, 5, 2, 4, 6, 1, 3].map(|d| d.min(self.faces));
        Roll::new(&faces[..usize::from(self.count).clamp(1, MAX_DICE)]).expect("1 to MAX_DICE")
    }

    /// `a roll is two dice such as 1,3`: what [`Dice::parse`] expects.
    pub fn what_a_roll_is(&self) -> String {
        const WORDS: [&str; MAX_DICE] = [
            "one", "two", "three", "four", "five", "six", "seven", "eight",
        ];
        let count = usize::from(self.count);
        let word = WORDS.get(count.wrapping_sub(1)).copied().unwrap_or("some");
        let noun = if count == 1 { "die" } else { "dice" };
        let shown = if self.faces == 6 {
            String::new()
        } else {
            format!(" of 1 to {}", self.faces)
        };
        format!("a roll is {word} {noun}{shown} such as {}", self.example())
    }
}

/// One roll: the dice in the order rolled (the order matters only for the
/// record). A small value, copied freely; reads as a slice of faces.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Roll {
    dice: [u8; MAX_DICE],
    len: u8,
}

impl Roll {
    /// The roll of these faces; `None` for no dice or more than
    /// [`MAX_DICE`].
    pub fn new(dice: &[u8]) -> Option<Roll> {
        if dice.is_empty() || dice.len() > MAX_DICE {
            return None;
        }
        let mut all = [0; MAX_DICE];
        all[..dice.len()].copy_from_slice(dice);
        Some(Roll {
            dice: all,
            len: dice.len() as u8,
        })
    }

    /// The faces, first die first.
    pub fn dice(&self) -> &[u8] {
        &self.dice[..usize::from(self.len)]
    }
}

impl std::str::FromStr for Roll {
    type Err = RulesError;
    /// Reads a stored roll (`3,5`) of any dice; [`Dice::parse`] also checks
    /// it against a game's dice.
    fn from_str(text: &str) -> Result<Roll, RulesError> {
        let bad = || RulesError::Other(format!("{text}: a roll is dice such as 1,3"));
        let dice: Vec<u8> = text
            .split(',')
            .map(|d| d.trim().parse::<u8>().ok())
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        Roll::new(&dice).ok_or_else(bad)
    }
}

impl Deref for Roll {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.dice()
    }
}

impl<const N: usize> From<[u8; N]> for Roll {
    /// A roll written out, as tests and rule scenarios do: `[1, 3].into()`.
    /// Panics for no dice or more than [`MAX_DICE`].
    fn from(dice: [u8; N]) -> Roll {
        Roll::new(&dice).expect("one to MAX_DICE dice")
    }
}

impl<const N: usize> PartialEq<[u8; N]> for Roll {
    fn eq(&self, other: &[u8; N]) -> bool {
        self.dice() == other
    }
}

impl fmt::Display for Roll {
    /// As stored and shown: `1,3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.dice().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Roll({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_D6: Dice = Dice {
        count: 2,
        faces: 6,
        forced_turn: "pass, pass",
    };
    const THREE_D4: Dice = Dice {
        count: 3,
        faces: 4,
        forced_turn: "pass, pass, pass",
    };

    #[test]
    fn rolls_read_and_write_as_comma_lists() {
        assert_eq!(TWO_D6.parse("6, 2"), Ok(Roll::from([6, 2])));
        assert_eq!(Roll::from([1, 3]).to_string(), "1,3");
        assert_eq!(THREE_D4.parse("4,1,2").unwrap().to_string(), "4,1,2");
        assert_eq!(Roll::from([5, 3]), [5, 3]);
        assert_eq!(format!("{:?}", Roll::from([2, 2])), "Roll(2,2)");
    }

    #[test]
    fn a_roll_must_fit_the_dice() {
        for bad in ["7,1", "0,1", "1", "1,2,3", "a,b", ""] {
            assert_eq!(
                TWO_D6.parse(bad),
                Err(RulesError::Other(format!(
                    "{bad}: a roll is two dice such as 1,3"
                ))),
            );
        }
        assert_eq!(
            THREE_D4.parse("5,1,1").unwrap_err().to_string(),
            "5,1,1: a roll is three dice of 1 to 4 such as 1,3,4"
        );
        assert!(!TWO_D6.fits(&Roll::from([1, 2, 3])));
        assert!(THREE_D4.fits(&Roll::from([1, 2, 3])));
        assert_eq!(Roll::new(&[]), None);
        assert_eq!("5, 9,0".parse::<Roll>().unwrap().to_string(), "5,9,0");
        assert!("".parse::<Roll>().is_err());
        assert!("1,,2".parse::<Roll>().is_err());
        assert_eq!(Roll::new(&[1; MAX_DICE + 1]), None);
    }
}
