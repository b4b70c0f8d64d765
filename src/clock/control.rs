//! Correspondence time controls: a bank of days per player.
//!
//! Two kinds, as correspondence chess plays them (ICCF, SchemingMind):
//!
//! - `MOVES/DAYS`: each player starts with DAYS; every MOVES of their
//!   moves add DAYS more; time saved carries over (ICCF's 10/50).
//! - `DAYS+INCREMENT[/CAP]`: Fischer in days: each player starts with
//!   DAYS, each of their moves adds INCREMENT, and the bank never holds
//!   more than CAP after a move.
//!
//! The bank runs while it is the player's turn and stands still during
//! their vacations (the same [`super::Pauses`] as every other limit). A
//! game with a control has no per-move forfeit: the bank is the deadline
//! ([`super::Due`]). This is the one parser of `--clock=`: `challenge`,
//! `seek` and tournaments all read it through [`take_control`].

use chrono::TimeDelta;

use crate::rules::GameOption;

/// The longest bank, increment or cap, in days.
pub const MAX_CONTROL_DAYS: u32 = 365;
/// The most moves of a `MOVES/DAYS` period.
pub const MAX_CONTROL_MOVES: u32 = 200;

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Every `moves` moves add `days`; the first `days` are given at the start.
    Moves { moves: u32, days: u32 },
    /// `days` at the start, `increment` per move, at most `cap` after a move.
    Fischer {
        days: u32,
        increment: u32,
        cap: Option<u32>,
    },
}

/// A `--clock=` value that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    #[error(
        "clock={0}: write MOVES/DAYS (as 10/50) or DAYS+INCREMENT[/CAP] (as 3+1/10), in \
         whole days from 1 to {MAX_CONTROL_DAYS} (the increment may be 0) and at most \
         {MAX_CONTROL_MOVES} moves"
    )]
    Bad(String),
    #[error("clock={0}: the cap is less than the days at the start")]
    CapBelowStart(String),
    #[error("clock: say which, as in clock=10/50")]
    Missing,
}

fn number(text: &str, min: u32, max: u32) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
}

impl Control {
    /// Reads `10/50` or `3+1` or `3+1/10`.
    pub fn parse(text: &str) -> Result<Control, ControlError> {
        let bad = || ControlError::Bad(text.to_string());
        let days = |t: &str| number(t, 1, MAX_CONTROL_DAYS).ok_or_else(bad);
        if let Some((start, rest)) = text.split_once('+') {
            let (increment, cap) = match rest.split_once('/') {
                Some((inc, cap)) => (inc, Some(days(cap)?)),
                None => (rest, None),
            };
            let days = days(start)?;
            let increment = number(increment, 0, MAX_CONTROL_DAYS).ok_or_else(bad)?;
            if cap.is_some_and(|c| c < days) {
                return Err(ControlError::CapBelowStart(text.to_string()));
            }
            return Ok(Control::Fischer {
                days,
                increment,
                cap,
            });
        }
        let (moves, d) = text.split_once('/').ok_or_else(bad)?;
        Ok(Control::Moves {
            moves: number(moves, 1, MAX_CONTROL_MOVES).ok_or_else(bad)?,
            days: days(d)?,
        })
    }

    /// The control as `--clock=` writes it (what the store keeps).
    pub fn spec(&self) -> String {
        match *self {
            Control::Moves { moves, days } => format!("{moves}/{days}"),
            Control::Fischer {
                days,
                increment,
                cap: Some(cap),
            } => format!("{days}+{increment}/{cap}"),
            Control::Fischer {
                days,
                increment,
                cap: None,
            } => format!("{days}+{increment}"),
        }
    }

    /// The control in words, for board mails and `help`.
    pub fn describe(&self) -> String {
        let d = |n: u32| format!("{n} day{}", if n == 1 { "" } else { "s" });
        match *self {
            Control::Moves { moves, days } => format!(
                "{moves} move{} in {}, time saved carries over",
                if moves == 1 { "" } else { "s" },
                d(days)
            ),
            Control::Fischer {
                days,
                increment,
                cap,
            } => {
                let cap = cap
                    .map(|c| format!(", at most {}", d(c)))
                    .unwrap_or_default();
                format!("{} plus {} per move{cap}", d(days), d(increment))
            }
        }
    }

    /// The bank a player has when a turn begins, after their completed
    /// turns took `spans` of running time each, in order. It may be
    /// negative: a turn that overran was judged when it was played.
    pub fn bank_after(&self, spans: &[TimeDelta]) -> TimeDelta {
        let days = |n: u32| TimeDelta::days(i64::from(n));
        match *self {
            Control::Moves { moves, days: d } => {
                let mut bank = days(d);
                for (n, span) in spans.iter().enumerate() {
                    bank -= *span;
                    if (n as u32 + 1).is_multiple_of(moves) {
                        bank += days(d);
                    }
                }
                bank
            }
            Control::Fischer {
                days: d,
                increment,
                cap,
            } => {
                let mut bank = days(d);
                for span in spans {
                    bank = bank - *span + days(increment);
                    if let Some(cap) = cap {
                        bank = bank.min(days(cap));
                    }
                }
                bank
            }
        }
    }
}

/// Takes `clock=...` out of a challenge's (or a seek's, or a tournament's)
/// options: the control, if given, and the other options in their order.
pub fn take_control(
    options: &[GameOption],
) -> Result<(Option<Control>, Vec<GameOption>), ControlError> {
    let mut control = None;
    let mut rest = Vec::new();
    for option in options {
        if option.name.eq_ignore_ascii_case("clock") {
            let value = option.value.as_deref().ok_or(ControlError::Missing)?;
            control = Some(Control::parse(value.trim())?);
        } else {
            rest.push(option.clone());
        }
    }
    Ok((control, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(n: i64) -> TimeDelta {
        TimeDelta::days(n)
    }

    #[test]
    fn both_kinds_read_and_write_back() {
        for (text, control) in [
            (
                "10/50",
                Control::Moves {
                    moves: 10,
                    days: 50,
                },
            ),
            (
                "3+1",
                Control::Fischer {
                    days: 3,
                    increment: 1,
                    cap: None,
                },
            ),
            (
                "3+1/10",
                Control::Fischer {
                    days: 3,
                    increment: 1,
                    cap: Some(10),
                },
            ),
            (
                "5+0",
                Control::Fischer {
                    days: 5,
                    increment: 0,
                    cap: None,
                },
            ),
        ] {
            assert_eq!(Control::parse(text), Ok(control), "{text}");
            assert_eq!(control.spec(), text);
        }
        assert_eq!(
            Control::parse("10/50").unwrap().describe(),
            "10 moves in 50 days, time saved carries over"
        );
        assert_eq!(
            Control::parse("3+1/10").unwrap().describe(),
            "3 days plus 1 day per move, at most 10 days"
        );
    }

    #[test]
    fn bad_controls_are_refused() {
        for text in [
            "", "10", "0/50", "10/0", "10/400", "x+1", "3+", "3+1/", "1/2/3", "-1+2",
        ] {
            assert!(
                matches!(Control::parse(text), Err(ControlError::Bad(_))),
                "{text}"
            );
        }
        assert_eq!(
            Control::parse("5+1/3"),
            Err(ControlError::CapBelowStart("5+1/3".into()))
        );
    }

    #[test]
    fn time_saved_carries_over_and_each_period_adds_its_days() {
        let c = Control::Moves { moves: 2, days: 10 };
        assert_eq!(c.bank_after(&[]), days(10));
        assert_eq!(c.bank_after(&[days(1)]), days(9));
        // Two moves: the period's 10 days come on top of the 7 saved.
        assert_eq!(c.bank_after(&[days(1), days(2)]), days(17));
        assert_eq!(c.bank_after(&[days(1), days(2), days(16)]), days(1));
    }

    #[test]
    fn fischer_adds_the_increment_up_to_the_cap() {
        let c = Control::Fischer {
            days: 3,
            increment: 1,
            cap: Some(4),
        };
        assert_eq!(c.bank_after(&[days(0)]), days(4), "capped");
        assert_eq!(c.bank_after(&[days(0), days(2)]), days(3));
        let open = Control::Fischer {
            days: 3,
            increment: 1,
            cap: None,
        };
        assert_eq!(open.bank_after(&[days(0), days(0)]), days(5));
    }

    #[test]
    fn the_option_is_taken_out() {
        let opt = |n: &str, v: Option<&str>| GameOption {
            name: n.into(),
            value: v.map(str::to_string),
        };
        let (control, rest) =
            take_control(&[opt("wrap", None), opt("clock", Some("10/50"))]).unwrap();
        assert_eq!(
            control,
            Some(Control::Moves {
                moves: 10,
                days: 50
            })
        );
        assert_eq!(rest, vec![opt("wrap", None)]);
        assert_eq!(
            take_control(&[opt("clock", None)]),
            Err(ControlError::Missing)
        );
    }
}
