//! The ladder's letter (issue 27): a ladder game moved its winner up, so
//! everyone whose place changed learns their new place and the ladder's
//! order. The
//! service (`service::announce::ladder`) builds one per player.

use serde::Serialize;

/// `ladder.txt`: places changed on a ladder after a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LadderLetter {
    /// The ladder's name.
    pub ladder: String,
    /// `Chess`: the game's short title; `name` its full name.
    pub title: String,
    pub name: String,
    pub board: u64,
    /// Who won from below, and the place they take.
    pub winner: String,
    pub place: usize,
    /// Who lost it (now one place lower).
    pub loser: String,
    /// The winner's place before the game.
    pub from: usize,
    /// The reader's place now.
    pub yours: usize,
    /// The ladder now, top first: `1. bob`.
    pub ranks: Vec<String>,
    pub reader: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::{Letter, Templates};

    fn letter(reader: &str) -> String {
        let mail = Templates::built_in()
            .letter(&Letter::Ladder(LadderLetter {
                ladder: "spring".into(),
                title: "Chess".into(),
                name: "Chess".into(),
                board: 7,
                winner: "dee".into(),
                place: 1,
                loser: "ann".into(),
                from: 4,
                yours: match reader {
                    "dee" => 1,
                    "ann" => 2,
                    "bob" => 3,
                    _ => 4,
                },
                ranks: vec![
                    "1. dee".into(),
                    "2. ann".into(),
                    "3. bob".into(),
                    "4. cy".into(),
                ],
                reader: reader.into(),
            }))
            .unwrap();
        format!("Subject: {}\n\n{}", mail.subject, mail.parts.text)
    }

    #[test]
    fn both_players_read_the_new_places_and_the_ladder() {
        let winner = letter("dee");
        assert!(
            winner.starts_with("Subject: Ladder spring: dee takes place 1\n"),
            "{winner}"
        );
        assert!(
            winner.contains("dee beat ann in Chess, board 7, and climbs from"),
            "{winner}"
        );
        assert!(winner.contains("You are now at place 1."), "{winner}");
        assert!(
            winner.contains("  1. dee\n  2. ann\n  3. bob\n  4. cy\n"),
            "{winner}"
        );
        assert!(letter("ann").contains("You are now at place 2."));
        // A player between them, moved down too, reads their own place.
        let between = letter("bob");
        assert!(between.contains("you are now at place 3."), "{between}");
        assert!(between.contains("you move down one"), "{between}");
    }
}
