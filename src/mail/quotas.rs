//! What one player may hold at once: operator settings (issue 43).
//!
//! Every resource a player can create by mail costs the server something
//! for as long as it lasts: an open challenge (`seek`) is listed to
//! everyone and may start a game, a tournament organised holds its
//! entrants, a game against the computer player costs a search per turn,
//! an invitation waits on other players. Each has a bound per player, a
//! setting with a default, like the bounds per mail ([`super::bounds`]);
//! a command past one is refused in one line that names the setting.

use super::bounds::{MAX_BOUND, parse};
use super::rates::Rate;
use super::settings::SettingsError;

/// The quotas in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quotas {
    /// `seeks-per-player`: open challenges (`seek`) one player has
    /// standing at once.
    pub seeks: u32,
    /// `tournaments-per-player`: tournaments one player organises that
    /// are open or running.
    pub tournaments: u32,
    /// `bot-games-per-player`: games one player plays against the
    /// computer player at once (a seek it took included).
    pub bot_games: u32,
    /// `invitations-per-player`: challenges one player sent that wait for
    /// an answer.
    pub invitations: u32,
}

impl Default for Quotas {
    fn default() -> Self {
        Quotas {
            seeks: 5,
            tournaments: 3,
            bot_games: 5,
            invitations: 20,
        }
    }
}

/// The quotas, in [`Quotas`]' order.
pub const QUOTAS: [Rate; 4] = [
    Rate {
        name: "seeks-per-player",
        env: "BOSERV_SEEKS_PER_PLAYER",
        min: 0,
    },
    Rate {
        name: "tournaments-per-player",
        env: "BOSERV_TOURNAMENTS_PER_PLAYER",
        min: 0,
    },
    Rate {
        name: "bot-games-per-player",
        env: "BOSERV_BOT_GAMES_PER_PLAYER",
        min: 0,
    },
    Rate {
        name: "invitations-per-player",
        env: "BOSERV_INVITATIONS_PER_PLAYER",
        min: 0,
    },
];

/// A player already holding as many as a quota lets them: the player's
/// one-line refusal, naming the setting.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{user} already has {held} {what} (the most the server's `{setting}` allows is {quota})")]
pub struct QuotaReached {
    pub user: String,
    pub held: u32,
    /// `open challenges (seeks)`, `games against the computer player`...
    pub what: &'static str,
    pub setting: &'static str,
    pub quota: u32,
}

impl Quotas {
    /// The defaults, overridden by the environment.
    pub fn from_env() -> Result<Quotas, SettingsError> {
        let values = QUOTAS.map(|quota| {
            std::env::var(quota.env)
                .ok()
                .filter(|v| !v.trim().is_empty())
        });
        Quotas::from_values(values.each_ref().map(Option::as_deref))
    }

    /// From the settings in force, in [`QUOTAS`]' order; `None` keeps the
    /// default. A bad value is an error naming its setting.
    pub fn from_values(values: [Option<&str>; QUOTAS.len()]) -> Result<Quotas, SettingsError> {
        let d = Quotas::default();
        let mut quotas = [d.seeks, d.tournaments, d.bot_games, d.invitations];
        for ((quota, value), slot) in QUOTAS.iter().zip(values).zip(&mut quotas) {
            if let Some(text) = value {
                *slot =
                    parse(text, quota.min).map_err(|why| SettingsError::Rate(quota.name, why))?;
            }
        }
        let [seeks, tournaments, bot_games, invitations] = quotas;
        Ok(Quotas {
            seeks,
            tournaments,
            bot_games,
            invitations,
        })
    }

    /// Refuses one more when `held` already reaches the quota `n` of
    /// [`QUOTAS`] (`quota`'s value).
    pub fn check(
        user: &str,
        held: u32,
        quota: u32,
        n: usize,
        what: &'static str,
    ) -> Result<(), QuotaReached> {
        if held < quota {
            return Ok(());
        }
        Err(QuotaReached {
            user: user.to_string(),
            held,
            what,
            setting: QUOTAS[n].name,
            quota,
        })
    }
}

/// The largest a quota may be set to.
pub const MAX_QUOTA: u32 = MAX_BOUND;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotas_default_and_bad_values_name_their_setting() {
        assert_eq!(Quotas::from_values([None; 4]), Ok(Quotas::default()));
        let set = Quotas::from_values([Some("0"), Some(" 7 "), None, Some("2")]).unwrap();
        assert_eq!((set.seeks, set.tournaments, set.invitations), (0, 7, 2));
        assert_eq!(
            Quotas::from_values([None, None, Some("many"), None])
                .unwrap_err()
                .to_string(),
            "bot-games-per-player: not a whole number from 0 to 1000: many"
        );
    }

    #[test]
    fn a_refusal_names_its_setting() {
        assert!(Quotas::check("alice", 4, 5, 0, "open challenges (seeks)").is_ok());
        assert_eq!(
            Quotas::check("alice", 5, 5, 0, "open challenges (seeks)")
                .unwrap_err()
                .to_string(),
            "alice already has 5 open challenges (seeks) (the most the server's \
             `seeks-per-player` allows is 5)"
        );
    }
}
