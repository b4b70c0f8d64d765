//! The level of a game against the bot: `--opt level=1..5` on the
//! challenge (default [`crate::bot::DEFAULT_LEVEL`]), a server option like
//! `nag`, taken out before the rest go to the variant, and stored with the
//! game (`games.bot_level`).

use rusqlite::Connection;

use super::BotRefusal;
use crate::bot::{DEFAULT_LEVEL, Level};
use crate::command::GameId;
use crate::rules::GameOption;
use crate::service::ServiceError;
use crate::store::{StoreError, bot_games};

/// Splits `level=N` from a challenge's options.
pub fn split(options: &[GameOption]) -> Result<(Option<Level>, Vec<GameOption>), ServiceError> {
    let mut level = None;
    let mut rest = Vec::new();
    for option in options {
        if option.name.eq_ignore_ascii_case("level") {
            let text = option.value.clone().unwrap_or_default();
            let parsed = text
                .parse::<Level>()
                .map_err(|_| BotRefusal::BadLevel(text.clone()))?;
            level = Some(parsed);
        } else {
            rest.push(option.clone());
        }
    }
    Ok((level, rest))
}

/// Stores the level of a new game the bot plays in.
pub fn store(conn: &Connection, game: GameId, level: Option<Level>) -> Result<(), StoreError> {
    bot_games::set_level(conn, game, level.map_or(DEFAULT_LEVEL, Level::get))
}

/// The level the bot plays `game` at.
pub fn of(conn: &Connection, game: GameId) -> Result<Level, ServiceError> {
    let stored = bot_games::level(conn, game)?.unwrap_or(DEFAULT_LEVEL);
    Level::new(stored).map_err(|_| ServiceError::from(BotRefusal::BadLevel(stored.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt(name: &str, value: Option<&str>) -> GameOption {
        GameOption {
            name: name.into(),
            value: value.map(str::to_string),
        }
    }

    #[test]
    fn the_level_is_taken_out_and_checked() {
        let (level, rest) = split(&[opt("nag", Some("3")), opt("level", Some("5"))]).unwrap();
        assert_eq!(level.map(Level::get), Some(5));
        assert_eq!(rest, vec![opt("nag", Some("3"))]);
        assert_eq!(split(&[]).unwrap(), (None, vec![]));
        for bad in [Some("0"), Some("6"), Some("x"), None] {
            let err = split(&[opt("level", bad)]).unwrap_err();
            assert!(
                err.to_string().starts_with("level: a number from 1 to 5"),
                "{err}"
            );
        }
    }
}
