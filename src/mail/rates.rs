//! The daily rates per sender: operator settings, not constants.
//!
//! How many answers one address may get a day, how many of its refused
//! mails are answered before the answers back off, how many users one
//! player's words (`message`, `chat`) may reach a day, how many accounts
//! one address may create by mail and how many confirmation mails one
//! address may get a day are a matter of the
//! server's traffic and its players, which only the operator knows. Each
//! is a setting of [`super::config`] (`config set answers-per-day 50`)
//! with today's value as its default and its own environment variable;
//! the front end reads them once into [`super::settings::Settings`], and
//! [`super::limits`] and `service::social` apply them.

use super::settings::SettingsError;

/// The most a daily rate may be set to (beyond it there is no limit
/// worth the name, and counts stay far from overflowing).
pub const MAX_RATE: u32 = 100_000;

/// The daily rates in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rates {
    /// `answers-per-day`: answers to one address in one UTC day, at most.
    pub answers_per_day: u32,
    /// `free-refusals`: refused mails of one address answered each day
    /// before backing off (then only the 16th, 32nd, 64th, ...).
    pub free_refusals: u32,
    /// `messages-per-day`: users one player's `message` and `chat` may
    /// mail in one UTC day (each user mailed counts one; 0: none).
    pub messages_per_day: u32,
    /// `signups-per-day`: accounts one sender address may create by mail
    /// in one UTC day (0: none by mail).
    pub signups_per_day: u32,
    /// `confirmations-per-day`: confirmation mails one address gets in
    /// one UTC day, at most; each also counts as an answer to it
    /// (`answers-per-day`).
    pub confirmations_per_day: u32,
}

impl Default for Rates {
    fn default() -> Self {
        Rates {
            answers_per_day: 30,
            free_refusals: 10,
            messages_per_day: 30,
            signups_per_day: 3,
            confirmations_per_day: 3,
        }
    }
}

/// One daily rate: its setting, its variable and the least it may be.
pub struct Rate {
    pub name: &'static str,
    pub env: &'static str,
    /// `answers-per-day` must let at least one answer through.
    pub min: u32,
}

/// The rates, in [`Rates`]' order.
pub const RATES: [Rate; 5] = [
    Rate {
        name: "answers-per-day",
        env: "BOSERV_ANSWERS_PER_DAY",
        min: 1,
    },
    Rate {
        name: "free-refusals",
        env: "BOSERV_FREE_REFUSALS",
        min: 0,
    },
    Rate {
        name: "messages-per-day",
        env: "BOSERV_MESSAGES_PER_DAY",
        min: 0,
    },
    Rate {
        name: "signups-per-day",
        env: "BOSERV_SIGNUPS_PER_DAY",
        min: 0,
    },
    Rate {
        name: "confirmations-per-day",
        env: "BOSERV_CONFIRMATIONS_PER_DAY",
        min: 1,
    },
];

/// `text` as a rate of at least `min`, or why not (for `config set`).
pub fn parse(text: &str, min: u32) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=MAX_RATE).contains(n))
        .ok_or_else(|| format!("not a whole number from {min} to {MAX_RATE}: {text}"))
}

impl Rates {
    /// The defaults, overridden by the environment.
    pub fn from_env() -> Result<Rates, SettingsError> {
        let values = RATES.map(|rate| {
            std::env::var(rate.env)
                .ok()
                .filter(|v| !v.trim().is_empty())
        });
        Rates::from_values(values.each_ref().map(Option::as_deref))
    }

    /// From the settings in force, in [`RATES`]' order; `None` keeps the
    /// default. A bad value is an error naming its setting.
    pub fn from_values(values: [Option<&str>; RATES.len()]) -> Result<Rates, SettingsError> {
        let defaults = Rates::default();
        let mut rates = [
            defaults.answers_per_day,
            defaults.free_refusals,
            defaults.messages_per_day,
            defaults.signups_per_day,
            defaults.confirmations_per_day,
        ];
        for ((rate, value), slot) in RATES.iter().zip(values).zip(&mut rates) {
            if let Some(text) = value {
                *slot = parse(text, rate.min).map_err(|why| SettingsError::Rate(rate.name, why))?;
            }
        }
        let [
            answers_per_day,
            free_refusals,
            messages_per_day,
            signups_per_day,
            confirmations_per_day,
        ] = rates;
        Ok(Rates {
            answers_per_day,
            free_refusals,
            messages_per_day,
            signups_per_day,
            confirmations_per_day,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_default_to_the_old_constants_and_bad_values_name_their_setting() {
        assert_eq!(
            Rates::from_values([None, None, None, None, None]),
            Ok(Rates::default())
        );
        let set =
            Rates::from_values([Some("50"), Some(" 0 "), Some("5"), Some("0"), Some("7")]).unwrap();
        assert_eq!(
            (set.answers_per_day, set.free_refusals, set.messages_per_day),
            (50, 0, 5)
        );
        assert_eq!((set.signups_per_day, set.confirmations_per_day), (0, 7));
        assert!(Rates::from_values([None, None, None, None, Some("0")]).is_err());
        assert_eq!(
            Rates::from_values([Some("0"), None, None, None, None])
                .unwrap_err()
                .to_string(),
            "answers-per-day: not a whole number from 1 to 100000: 0"
        );
        assert_eq!(
            Rates::from_values([None, None, Some("lots"), None, None])
                .unwrap_err()
                .to_string(),
            "messages-per-day: not a whole number from 0 to 100000: lots"
        );
        assert!(parse("100001", 0).is_err());
        assert!(parse("-1", 0).is_err());
    }
}
