//! Results of a game: who scored what, and why it ended.

use std::fmt;

/// A seat index in turn order (0 = White, 1 = Black or Red, ...).
pub type Seat = usize;

/// How a game ended. `points` holds each seat's score in half points
/// (2 = win, 1 = draw share, 0 = loss), in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub points: Vec<u8>,
    /// Why: `checkmate`, `stalemate`, `threefold repetition`, `resignation`...
    pub reason: String,
}

impl Outcome {
    /// A win for `winner` among `seats` seats.
    pub fn win(winner: Seat, seats: usize, reason: impl Into<String>) -> Self {
        let mut points = vec![0; seats];
        points[winner] = 2;
        Outcome {
            points,
            reason: reason.into(),
        }
    }

    /// A draw shared by all seats.
    pub fn draw(seats: usize, reason: impl Into<String>) -> Self {
        Outcome {
            points: vec![1; seats],
            reason: reason.into(),
        }
    }

    /// The result as written in records: `1-0`, `0-1`, `1/2-1/2`; with three
    /// seats `[1:0:0]`.
    pub fn result_text(&self) -> String {
        let score = |p: u8| match p {
            2 => "1".to_string(),
            1 => "1/2".to_string(),
            _ => "0".to_string(),
        };
        if self.points.len() == 2 {
            format!("{}-{}", score(self.points[0]), score(self.points[1]))
        } else {
            let parts: Vec<String> = self.points.iter().map(|&p| score(p)).collect();
            format!("[{}]", parts.join(":"))
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_text(), self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_texts() {
        assert_eq!(Outcome::win(0, 2, "checkmate").result_text(), "1-0");
        assert_eq!(Outcome::win(1, 2, "checkmate").result_text(), "0-1");
        assert_eq!(Outcome::draw(2, "stalemate").result_text(), "1/2-1/2");
        assert_eq!(Outcome::win(0, 3, "royals").result_text(), "[1:0:0]");
        assert_eq!(
            Outcome::win(0, 2, "checkmate").to_string(),
            "1-0 (checkmate)"
        );
    }
}
