//! Bounds on what one mail may make the server do: operator settings.
//!
//! A mail is work: each command line costs a parse, a transaction and a
//! stored answer, and a reply token lets whoever holds it move for a
//! player. How many command lines one mail may hold
//! (`commands-per-mail`: past it the whole mail is refused in one line,
//! before any of it runs) and for how many of a player's latest board
//! mails a reply token stays good (`reply-token-mails`) are the
//! operator's to set; both have a default and an environment variable,
//! like the daily rates ([`super::rates`]).

use super::rates::Rate;
use super::settings::SettingsError;

/// The most either bound may be set to.
pub const MAX_BOUND: u32 = 1000;

/// The bounds in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// `commands-per-mail`: command lines (and boards of a `show`) one
    /// mail may hold; a `multiple` with more is refused as a whole.
    pub commands_per_mail: u32,
    /// `reply-token-mails`: a reply token is good for its player's latest
    /// this many board mails of the game (by ply) and while the game goes
    /// on; 2 is the current one and the one before.
    pub reply_token_mails: u32,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            commands_per_mail: 20,
            reply_token_mails: 2,
        }
    }
}

/// The bounds, in [`Bounds`]' order.
pub const BOUNDS: [Rate; 2] = [
    Rate {
        name: "commands-per-mail",
        env: "BOSERV_COMMANDS_PER_MAIL",
        min: 1,
    },
    Rate {
        name: "reply-token-mails",
        env: "BOSERV_REPLY_TOKEN_MAILS",
        min: 1,
    },
];

/// `text` as a bound of at least `min` (for `config set`).
pub fn parse(text: &str, min: u32) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=MAX_BOUND).contains(n))
        .ok_or_else(|| format!("not a whole number from {min} to {MAX_BOUND}: {text}"))
}

impl Bounds {
    /// The defaults, overridden by the environment.
    pub fn from_env() -> Result<Bounds, SettingsError> {
        let values = BOUNDS.map(|bound| {
            std::env::var(bound.env)
                .ok()
                .filter(|v| !v.trim().is_empty())
        });
        Bounds::from_values(values.each_ref().map(Option::as_deref))
    }

    /// From the settings in force, in [`BOUNDS`]' order; `None` keeps the
    /// default. A bad value is an error naming its setting.
    pub fn from_values(values: [Option<&str>; BOUNDS.len()]) -> Result<Bounds, SettingsError> {
        let defaults = Bounds::default();
        let mut bounds = [defaults.commands_per_mail, defaults.reply_token_mails];
        for ((bound, value), slot) in BOUNDS.iter().zip(values).zip(&mut bounds) {
            if let Some(text) = value {
                *slot =
                    parse(text, bound.min).map_err(|why| SettingsError::Rate(bound.name, why))?;
            }
        }
        let [commands_per_mail, reply_token_mails] = bounds;
        Ok(Bounds {
            commands_per_mail,
            reply_token_mails,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_default_and_bad_values_name_their_setting() {
        assert_eq!(Bounds::from_values([None, None]), Ok(Bounds::default()));
        let set = Bounds::from_values([Some("5"), Some(" 3 ")]).unwrap();
        assert_eq!((set.commands_per_mail, set.reply_token_mails), (5, 3));
        assert_eq!(
            Bounds::from_values([Some("0"), None])
                .unwrap_err()
                .to_string(),
            "commands-per-mail: not a whole number from 1 to 1000: 0"
        );
        assert!(Bounds::from_values([None, Some("1001")]).is_err());
    }
}
