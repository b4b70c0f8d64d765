//! A game's time limits: after how many days the player to move is
//! reminded, and after how many they forfeit.
//!
//! They are chosen at challenge as game options (`--opt nag=D --opt
//! forfeit=D` in the shell, pbmserv's `--nagtime=D --forfeittime=D` in
//! mail) and are not part of any variant's rules, so they are taken out of
//! the option list here before the variant sees it.

use chrono::TimeDelta;

use crate::rules::GameOption;

/// Days without a move before the first reminder (pbmserv's default).
pub const DEFAULT_NAG_DAYS: u32 = 7;
/// Days without a move before the player forfeits (pbmserv's default).
pub const DEFAULT_FORFEIT_DAYS: u32 = 21;
/// The longest limit a game may set: a year.
pub const MAX_DAYS: u32 = 365;

/// How long the player to move may wait, in whole days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A reminder after this many days, and again after each further period.
    pub nag_days: u32,
    /// The player to move forfeits after this many days.
    pub forfeit_days: u32,
}

/// A time limit that cannot be used, as the challenger reads it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitsError {
    #[error("{name}: say how many days, as in {name}=7")]
    Missing { name: String },
    #[error("{name}={value}: the {what} is a whole number of days from 1 to {MAX_DAYS}")]
    OutOfRange {
        name: String,
        value: String,
        what: &'static str,
    },
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nag_days: DEFAULT_NAG_DAYS,
            forfeit_days: DEFAULT_FORFEIT_DAYS,
        }
    }
}

/// Which limit an option name sets, if any.
enum Which {
    Nag,
    Forfeit,
    Total,
}

fn which(name: &str) -> Option<Which> {
    match name.to_ascii_lowercase().as_str() {
        "nag" | "nagtime" => Some(Which::Nag),
        "forfeit" | "forfeittime" => Some(Which::Forfeit),
        "total" | "totaltime" => Some(Which::Total),
        _ => None,
    }
}

/// The days an option gives, checked.
fn days_of(option: &GameOption, what: &'static str) -> Result<u32, LimitsError> {
    let value = option
        .value
        .as_deref()
        .ok_or_else(|| LimitsError::Missing {
            name: option.name.clone(),
        })?;
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=MAX_DAYS).contains(d))
        .ok_or_else(|| LimitsError::OutOfRange {
            name: option.name.clone(),
            value: value.to_string(),
            what,
        })
}

/// pbmserv's `totaltime=D` (`total=D`): each player may think D days in
/// all over the game (the sum of the spans while it was their turn,
/// vacations left out). Returns the limit, if given, and the other
/// options in their order.
pub fn thinking_days(
    options: &[GameOption],
) -> Result<(Option<u32>, Vec<GameOption>), LimitsError> {
    let mut days = None;
    let mut rest = Vec::new();
    for option in options {
        match which(&option.name) {
            Some(Which::Total) => days = Some(days_of(option, "thinking time")?),
            _ => rest.push(option.clone()),
        }
    }
    Ok((days, rest))
}

impl Limits {
    /// Reads the time options out of a challenge's options. Returns the
    /// limits (defaults where not given) and the options left for the
    /// variant, in their order.
    pub fn from_options(options: &[GameOption]) -> Result<(Limits, Vec<GameOption>), LimitsError> {
        let mut limits = Limits::default();
        let mut rest = Vec::new();
        for option in options {
            match which(&option.name) {
                Some(Which::Nag) => limits.nag_days = days_of(option, "reminder time")?,
                Some(Which::Forfeit) => limits.forfeit_days = days_of(option, "forfeit time")?,
                // The thinking-time limit is read by `thinking_days`.
                Some(Which::Total) | None => rest.push(option.clone()),
            }
        }
        Ok((limits, rest))
    }

    /// True when a name is one of the time options (`nag`, `forfeittime`...).
    pub fn is_time_option(name: &str) -> bool {
        which(name).is_some()
    }

    /// The reminder period.
    pub fn nag(&self) -> TimeDelta {
        TimeDelta::days(i64::from(self.nag_days))
    }

    /// The waiting time at which the player to move forfeits.
    pub fn forfeit(&self) -> TimeDelta {
        TimeDelta::days(i64::from(self.forfeit_days))
    }

    /// The last reminder before the forfeit: reminders fall at whole
    /// multiples of the nag time strictly before the forfeit time, so with
    /// 7 and 21 there are two (at 7 and 14 days); with a nag time at or
    /// beyond the forfeit time there are none.
    pub fn last_nag_period(&self) -> u32 {
        (self.forfeit_days - 1) / self.nag_days
    }

    /// The limits as `show` prints them.
    pub fn describe(&self) -> String {
        format!(
            "reminder after {} days, forfeit after {} days",
            self.nag_days, self.forfeit_days
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt(name: &str, value: Option<&str>) -> GameOption {
        GameOption {
            name: name.to_string(),
            value: value.map(str::to_string),
        }
    }

    #[test]
    fn defaults_are_pbmservs() {
        let (limits, rest) = Limits::from_options(&[]).unwrap();
        assert_eq!(
            limits,
            Limits {
                nag_days: 7,
                forfeit_days: 21
            }
        );
        assert!(rest.is_empty());
        assert_eq!(limits.last_nag_period(), 2);
    }

    #[test]
    fn time_options_are_taken_out_and_the_rest_kept_in_order() {
        let options = [
            opt("wrap", None),
            opt("nag", Some("3")),
            opt("size", Some("8")),
            opt("forfeit", Some("10")),
        ];
        let (limits, rest) = Limits::from_options(&options).unwrap();
        assert_eq!(
            limits,
            Limits {
                nag_days: 3,
                forfeit_days: 10
            }
        );
        assert_eq!(rest, vec![opt("wrap", None), opt("size", Some("8"))]);
        assert_eq!(limits.last_nag_period(), 3);
    }

    #[test]
    fn pbmserv_spellings_are_accepted() {
        let options = [opt("NagTime", Some("2")), opt("forfeittime", Some("5"))];
        let (limits, _) = Limits::from_options(&options).unwrap();
        assert_eq!(
            limits,
            Limits {
                nag_days: 2,
                forfeit_days: 5
            }
        );
        assert!(Limits::is_time_option("nagtime") && Limits::is_time_option("FORFEIT"));
        assert!(!Limits::is_time_option("wrap"));
    }

    #[test]
    fn bad_values_are_refused_with_the_option_named() {
        for (name, value) in [
            ("nag", "0"),
            ("nag", "x"),
            ("forfeit", "366"),
            ("forfeit", "-1"),
            ("nag", "1.5"),
        ] {
            let err = Limits::from_options(&[opt(name, Some(value))]).unwrap_err();
            let text = err.to_string();
            assert!(text.starts_with(&format!("{name}={value}: the ")), "{text}");
            assert!(text.contains("from 1 to 365"), "{text}");
        }
        let err = Limits::from_options(&[opt("forfeit", None)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "forfeit: say how many days, as in forfeit=7"
        );
    }

    #[test]
    fn nag_at_or_beyond_forfeit_means_no_reminders() {
        assert_eq!(
            Limits {
                nag_days: 21,
                forfeit_days: 21
            }
            .last_nag_period(),
            0
        );
        assert_eq!(
            Limits {
                nag_days: 30,
                forfeit_days: 21
            }
            .last_nag_period(),
            0
        );
        assert_eq!(
            Limits {
                nag_days: 20,
                forfeit_days: 21
            }
            .last_nag_period(),
            1
        );
        assert_eq!(
            Limits {
                nag_days: 1,
                forfeit_days: 1
            }
            .last_nag_period(),
            0
        );
        assert_eq!(
            Limits {
                nag_days: 1,
                forfeit_days: 3
            }
            .last_nag_period(),
            2
        );
    }

    #[test]
    fn the_thinking_time_is_taken_out_too() {
        let options = [opt("totaltime", Some("30")), opt("wrap", None)];
        let (limits, rest) = Limits::from_options(&options).unwrap();
        assert_eq!(limits, Limits::default());
        assert_eq!(rest, options.to_vec());
        assert_eq!(
            thinking_days(&rest).unwrap(),
            (Some(30), vec![opt("wrap", None)])
        );
        assert_eq!(thinking_days(&[]).unwrap(), (None, vec![]));
        let err = thinking_days(&[opt("totaltime", Some("0"))]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "totaltime=0: the thinking time is a whole number of days from 1 to 365"
        );
    }

    #[test]
    fn described_for_show() {
        assert_eq!(
            Limits::default().describe(),
            "reminder after 7 days, forfeit after 21 days"
        );
    }
}
