//! The readers of the rating verbs (issue 26): `standings`, `ratings`,
//! and `history` of a game type (the finished games, paged).

use super::Parse;
use crate::command::Command;
use crate::command::language::LanguageError;
use crate::command::words::{self, user_name};

type Built = Result<Vec<Command>, LanguageError>;

/// `standings VARIANT` (mail: `GAME standings`).
pub fn standings(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    Ok(vec![Command::Standings { variant: p.game() }])
}

/// `ratings [USERID]`, and the operator's `ratings --rebuild`.
pub fn ratings(p: &mut Parse<'_>) -> Built {
    if p.words.peek() == Some("--rebuild") {
        p.words.take();
        p.words.end()?;
        return Ok(vec![Command::RebuildRatings]);
    }
    let user = p.words.take().map(user_name).transpose()?;
    p.words.end()?;
    Ok(vec![Command::Ratings { user }])
}

/// `history VARIANT [page N]` (mail: `GAME history [page N]`).
pub fn history(p: &mut Parse<'_>) -> Built {
    let page = match p.words.take() {
        None => 1,
        Some(word) if word.eq_ignore_ascii_case("page") => {
            let n = p.words.next("N after page")?;
            // Page 0 reads, and is refused with the pages there are.
            n.parse::<u32>().map_err(|_| LanguageError::BadChoice {
                what: "page",
                choices: "a number from 1",
                got: words::clean(n),
            })?
        }
        Some(word) => {
            return Err(LanguageError::BadChoice {
                what: "history",
                choices: "`page N` after the game's name",
                got: words::clean(word),
            });
        }
    };
    p.words.end()?;
    Ok(vec![Command::TypeHistory {
        variant: p.game(),
        page,
    }])
}
