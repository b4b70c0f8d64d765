//! The readers of the tournament verbs (issue 27): `tournament create`,
//! `join`, `leave`, `start`, `show`, `cancel`, and `tournaments`.

use super::Parse;
use super::build::option_word;
use crate::command::language::LanguageError;
use crate::command::words::clean;
use crate::command::{Command, TournamentAction};

type Built = Result<Vec<Command>, LanguageError>;

/// A tournament's name: letters, digits, `-`, `_`; 1 to 32 characters,
/// starting with a letter or digit.
pub fn tournament_name(word: &str) -> Result<String, LanguageError> {
    let ok = (1..=32).contains(&word.len())
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b))
        && word.starts_with(|c: char| c.is_ascii_alphanumeric());
    if ok {
        Ok(word.to_string())
    } else {
        Err(LanguageError::BadChoice {
            what: "tournament name",
            choices: "letters, digits, - and _ (at most 32, a letter or digit first)",
            got: clean(word),
        })
    }
}

/// `--NAME=N` for a count, N at least `min`.
fn count(
    word: &str,
    what: &'static str,
    choices: &'static str,
    min: u32,
) -> Result<u32, LanguageError> {
    word.parse::<u32>()
        .ok()
        .filter(|&n| n >= min && n <= 1000)
        .ok_or_else(|| LanguageError::BadChoice {
            what,
            choices,
            got: clean(word),
        })
}

/// `tournament create NAME VARIANT FORMAT [--players=N] [--reach=N]
/// [--max-games=N] [options]`.
pub fn create(p: &mut Parse<'_>) -> Built {
    let name = tournament_name(p.words.next("NAME")?)?;
    let variant = p.words.next("VARIANT")?.to_ascii_lowercase();
    let format = p.words.next("FORMAT")?.to_ascii_lowercase();
    let (mut players, mut reach, mut max_games) = (None, None, None);
    let mut options = Vec::new();
    while let Some(word) = p.words.take() {
        if let Some(n) = word.strip_prefix("--players=") {
            players = Some(count(n, "--players", "a number of players from 2", 2)?);
        } else if let Some(n) = word.strip_prefix("--reach=") {
            reach = Some(count(n, "--reach", "a number of places from 1", 1)?);
        } else if let Some(n) = word.strip_prefix("--max-games=") {
            max_games = Some(count(n, "--max-games", "a number of games from 1", 1)?);
        } else if let Some(option) = option_word(p, word)? {
            options.push(option);
        } else {
            return Err(LanguageError::TooMany {
                last: clean(word),
                usage: p.words.usage.to_string(),
            });
        }
    }
    Ok(vec![Command::Tournament {
        name,
        action: Box::new(TournamentAction::Create {
            variant,
            format,
            players,
            reach,
            max_games,
            options,
        }),
    }])
}

/// `tournament VERB NAME` for the verbs that take the name alone.
fn named(p: &mut Parse<'_>, action: TournamentAction) -> Built {
    let name = tournament_name(p.words.next("NAME")?)?;
    p.words.end()?;
    Ok(vec![Command::Tournament {
        name,
        action: Box::new(action),
    }])
}

/// `tournament join NAME`.
pub fn join(p: &mut Parse<'_>) -> Built {
    named(p, TournamentAction::Join)
}

/// `tournament leave NAME`.
pub fn leave(p: &mut Parse<'_>) -> Built {
    named(p, TournamentAction::Leave)
}

/// `tournament start NAME`.
pub fn start(p: &mut Parse<'_>) -> Built {
    named(p, TournamentAction::Start)
}

/// `tournament show NAME`.
pub fn show(p: &mut Parse<'_>) -> Built {
    named(p, TournamentAction::Show)
}

/// `tournament cancel NAME`.
pub fn cancel(p: &mut Parse<'_>) -> Built {
    named(p, TournamentAction::Cancel)
}

/// `tournaments`.
pub fn list(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    Ok(vec![Command::Tournaments])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tournament_names_are_words() {
        assert_eq!(tournament_name("Spring-2026").unwrap(), "Spring-2026");
        assert!(tournament_name("-x").is_err());
        assert!(tournament_name("a b").is_err());
        assert!(tournament_name(&"a".repeat(33)).is_err());
        assert!(tournament_name("x;y").is_err());
    }
}
