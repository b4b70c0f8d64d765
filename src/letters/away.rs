//! The letter of a vacation (issue 43): a player who goes away or comes
//! back is told of once per other player of their games being played,
//! in one letter that names the games they share, never one mail per
//! game. The service (`service::announce::away`) builds one per reader.

use serde::Serialize;

/// `away.txt`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AwayLetter {
    /// Who went on vacation or came back.
    pub player: String,
    /// True: went away; false: came back.
    pub away: bool,
    /// While away, the day the clocks stand still until (`2026-03-01`);
    /// `None` when this year's allowance is used up (they run).
    pub until: Option<String>,
    /// The reader's games with the player, the first [`MAX_LISTED`].
    pub games: Vec<SharedGame>,
    /// How many more games they share, not listed.
    pub more: usize,
    pub reader: String,
}

/// One game the reader plays with the player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SharedGame {
    /// `Chess`: the game's short title.
    pub title: String,
    /// `chess`: the game's command word.
    pub variant: String,
    pub board: u64,
}

/// The most games one letter lists; the rest are counted.
pub const MAX_LISTED: usize = 30;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::{Letter, Templates};

    fn rendered(away: bool, until: Option<&str>, games: usize) -> (String, String) {
        let listed = games.min(MAX_LISTED);
        let mail = Templates::built_in()
            .letter(&Letter::Away(AwayLetter {
                player: "alice".into(),
                away,
                until: until.map(str::to_string),
                games: (0..listed)
                    .map(|n| SharedGame {
                        title: "Chess".into(),
                        variant: "chess".into(),
                        board: 10 + n as u64,
                    })
                    .collect(),
                more: games - listed,
                reader: "bob".into(),
            }))
            .unwrap();
        (mail.subject, mail.parts.text)
    }

    #[test]
    fn going_away_names_the_day_and_every_shared_game() {
        let (subject, text) = rendered(true, Some("2026-03-20"), 2);
        assert_eq!(subject, "alice is on vacation");
        assert!(text.contains("until 2026-03-20"), "{text}");
        assert!(
            text.contains("Chess board 10") && text.contains("Chess board 11"),
            "{text}"
        );
        assert!(text.contains("chess show 10"), "{text}");
        assert!(!text.contains("more"), "{text}");
    }

    #[test]
    fn coming_back_says_the_clocks_run_and_counts_what_is_not_listed() {
        let (subject, text) = rendered(false, None, MAX_LISTED + 7);
        assert_eq!(subject, "alice is back from vacation");
        assert!(text.contains("run again"), "{text}");
        assert!(text.contains("and 7 more"), "{text}");
        assert_eq!(text.matches("Chess board").count(), MAX_LISTED, "{text}");
    }

    #[test]
    fn an_allowance_used_up_says_the_clocks_keep_running() {
        let (_, text) = rendered(true, None, 1);
        assert!(text.contains("used up"), "{text}");
    }
}
