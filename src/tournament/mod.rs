//! Tournaments as arithmetic: who meets whom and how a table is ordered.
//!
//! A tournament is kept in SQLite by the service, which starts its games
//! and records their results; the questions a director answers with pencil
//! and paper are answered here, on plain values, so they can be checked
//! against the published tables (FIDE's Berger tables, ICCF's tie-break
//! order) without a database: the pairings of a round robin
//! ([`berger`]), the order of a crosstable ([`crosstable`]), the bracket
//! and match results of a knockout ([`knockout`]) and a ladder's ranks
//! ([`ladder`]). Players are numbers here (their place in the entry list);
//! the service maps them to userids.

pub mod berger;
pub mod crosstable;
pub mod knockout;
pub mod ladder;

use std::fmt;
use std::str::FromStr;

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Every pair of players meets once.
    RoundRobin,
    /// Every pair meets twice, colours swapped.
    DoubleRoundRobin,
    /// Matches of two games; the loser of a match is out.
    Knockout,
    /// A standing ranking; players challenge those a few places above.
    Ladder,
}

impl Format {
    /// Every format, as players write them.
    pub const ALL: [Format; 4] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Knockout,
        Format::Ladder,
    ];

    /// The word a player writes for this format.
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Knockout => "knockout",
            Format::Ladder => "ladder",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is none of [`Format::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "\"{0}\" is not a tournament format: write round-robin, double-round-robin, knockout or ladder"
)]
pub struct UnknownFormat(pub String);

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.name() == word)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// One finished game's result from its first player's side, in half
/// points: a win is 2, a draw 1, a loss 0 (whole numbers keep sums exact).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The first player won.
    Win,
    /// Drawn.
    Draw,
    /// The first player lost.
    Loss,
}

impl Outcome {
    /// The first player's half points.
    pub fn halves(self) -> u32 {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// The same result from the other player's side.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// A game between two entrants: `white` moves first; `outcome` is from
/// White's side, `None` while it is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// The entrant who has the first move.
    pub white: usize,
    /// The other entrant.
    pub black: usize,
}

/// A pairing's result once known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Who played whom.
    pub pairing: Pairing,
    /// White's result; `None` while the game runs.
    pub outcome: Option<Outcome>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_as_written_and_refuse_others() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
        }
        assert_eq!("Knockout".parse::<Format>(), Ok(Format::Knockout));
        let refused = "swiss".parse::<Format>().unwrap_err();
        assert_eq!(
            refused.to_string(),
            "\"swiss\" is not a tournament format: write round-robin, double-round-robin, knockout or ladder"
        );
    }

    #[test]
    fn an_outcome_flipped_is_the_other_side() {
        for outcome in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
            assert_eq!(outcome.halves() + outcome.flipped().halves(), 2);
            assert_eq!(outcome.flipped().flipped(), outcome);
        }
    }
}
