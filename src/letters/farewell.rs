//! The letter of a `signoff` (issue 43): a player who closes their
//! account may leave thousands of games at once; each other player of the
//! games that ended or changed then is told once, in one letter naming
//! them (the first [`MAX_LISTED`] of each kind, the rest counted), never
//! one mail per game. The service (`service::announce::farewell`) builds
//! one per reader.

use serde::Serialize;

pub use super::away::{MAX_LISTED, SharedGame};

/// `farewell.txt`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FarewellLetter {
    /// Who signed off.
    pub player: String,
    /// The games it was the player's turn in, now over: the first
    /// [`MAX_LISTED`].
    pub ended: Vec<EndedGame>,
    /// How many more ended, not listed.
    pub more_ended: usize,
    /// Games of three or more that go on without the player (their seat
    /// is passed from now on): the first [`MAX_LISTED`].
    pub going_on: Vec<SharedGame>,
    pub more_going_on: usize,
    /// Challenges not begun, cancelled: the first [`MAX_LISTED`].
    pub cancelled: Vec<SharedGame>,
    pub more_cancelled: usize,
    pub reader: String,
}

/// A game that ended because its player to move signed off.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EndedGame {
    /// `Chess`: the game's short title.
    pub title: String,
    /// `chess`: the game's command word.
    pub variant: String,
    pub board: u64,
    /// `1-0`: the result as the game's record gives it.
    pub result: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::{Letter, Templates};

    fn game(n: usize) -> SharedGame {
        SharedGame {
            title: "Chess".into(),
            variant: "chess".into(),
            board: 10 + n as u64,
        }
    }

    fn rendered(letter: FarewellLetter) -> (String, String) {
        let mail = Templates::built_in()
            .letter(&Letter::Farewell(letter))
            .unwrap();
        (mail.subject, mail.parts.text)
    }

    fn ended(n: usize) -> Vec<EndedGame> {
        (0..n)
            .map(|n| EndedGame {
                title: "Chess".into(),
                variant: "chess".into(),
                board: 10 + n as u64,
                result: "0-1".into(),
            })
            .collect()
    }

    #[test]
    fn the_games_that_ended_are_named_with_their_results() {
        let (subject, text) = rendered(FarewellLetter {
            player: "alice".into(),
            ended: ended(2),
            reader: "bob".into(),
            ..FarewellLetter::default()
        });
        assert_eq!(
            subject,
            "alice signed off: 2 of your games with alice are over"
        );
        assert!(text.contains("Chess board 10: 0-1"), "{text}");
        assert!(text.contains("Chess board 11: 0-1"), "{text}");
        assert!(text.contains("chess show 10"), "{text}");
        assert!(!text.contains("more ("), "{text}");
        assert!(!text.contains("cancelled"), "{text}");
    }

    #[test]
    fn past_the_listed_ones_each_kind_is_counted() {
        let (subject, text) = rendered(FarewellLetter {
            player: "alice".into(),
            ended: ended(MAX_LISTED),
            more_ended: 7,
            going_on: vec![game(1)],
            cancelled: (0..MAX_LISTED).map(game).collect(),
            more_cancelled: 3,
            reader: "bob".into(),
            ..FarewellLetter::default()
        });
        assert_eq!(
            subject,
            format!(
                "alice signed off: {} of your games with alice are over",
                MAX_LISTED + 7
            )
        );
        assert!(text.contains("and 7 more"), "{text}");
        assert!(text.contains("and 3 more"), "{text}");
        assert!(text.contains("go on without alice"), "{text}");
        assert_eq!(text.matches(": 0-1").count(), MAX_LISTED, "{text}");
    }

    #[test]
    fn a_letter_of_cancelled_challenges_alone_says_nothing_ended() {
        let (subject, text) = rendered(FarewellLetter {
            player: "alice".into(),
            cancelled: vec![game(0)],
            reader: "bob".into(),
            ..FarewellLetter::default()
        });
        assert_eq!(subject, "alice signed off");
        assert!(text.contains("cancelled"), "{text}");
        assert!(!text.contains("are over"), "{text}");
        assert!(
            text.contains("plays no more.\n\nThese challenges"),
            "{text}"
        );
    }
}
