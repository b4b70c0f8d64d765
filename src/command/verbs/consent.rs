//! The readers of the consent verbs: `accept` and `decline` of an
//! invitation, a player's standing answer to challenges (`challenges`,
//! pbmserv's `GAME accept|reject USERID PASSWORD`, `limit`), and open
//! challenges (`seek`, `seeks`, `accept SEEK`).

use super::build::option_word;
use super::{Parse, World};
use crate::command::language::LanguageError;
use crate::command::words::{self, clean};
use crate::command::{ChallengeAnswer, Command};

type Built = Result<Vec<Command>, LanguageError>;

/// `seek7` (any case) -> 7.
pub fn seek_number(word: &str) -> Option<u64> {
    let digits = word
        .get(..4)?
        .eq_ignore_ascii_case("seek")
        .then(|| &word[4..])?;
    digits.parse::<u64>().ok().filter(|&n| n > 0)
}

/// `accept GAME` (a reply: `accept`).
pub fn accept(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    Ok(vec![Command::Accept { game: p.board() }])
}

/// `decline GAME [WORDS...]`.
pub fn decline(p: &mut Parse<'_>) -> Built {
    let words = p.words.remaining();
    Ok(vec![Command::Decline {
        game: p.board(),
        words,
    }])
}

/// `accept SEEK`, `accept VARIANT [SEEK]`; by mail also pbmserv's `GAME
/// accept USERID PASSWORD [SEEK]`. Without a SEEK it is pbmserv's "accept
/// every challenge of this game type" (`challenges VARIANT accept`).
pub fn accept_open(p: &mut Parse<'_>) -> Built {
    let mut variant = p.game.clone().filter(|g| g != "all");
    let mut word = p.words.take();
    if variant.is_none()
        && let Some(w) = word.filter(|w| seek_number(w).is_none() && words::is_game_word(w))
    {
        variant = Some(w.to_ascii_lowercase());
        word = p.words.take();
    }
    let command = match (word, variant) {
        (None, Some(variant)) => Command::Challenges {
            variant,
            answer: Some(ChallengeAnswer::Accept),
        },
        (None, None) => return Err(p.words.missing("SEEK")),
        (Some(w), variant) => Command::AcceptSeek {
            seek: seek_number(w).ok_or_else(|| LanguageError::BadChoice {
                what: "accept",
                choices: "a seek's name (seek1) or a game's number",
                got: clean(w),
            })?,
            variant,
        },
    };
    p.words.end()?;
    Ok(vec![command])
}

/// pbmserv's `GAME reject USERID PASSWORD`: refuse every challenge of
/// the type (`challenges VARIANT reject`).
pub fn reject_all(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    Ok(vec![Command::Challenges {
        variant: p.game(),
        answer: Some(ChallengeAnswer::Reject),
    }])
}

/// `challenges VARIANT [accept|ask|reject]`.
pub fn challenges(p: &mut Parse<'_>) -> Built {
    let answer = match p.words.take() {
        None => None,
        Some(word) => Some(match word.to_ascii_lowercase().as_str() {
            "accept" => ChallengeAnswer::Accept,
            "ask" => ChallengeAnswer::Ask,
            "reject" => ChallengeAnswer::Reject,
            _ => {
                return Err(LanguageError::BadChoice {
                    what: "challenges",
                    choices: "accept, ask or reject",
                    got: clean(word),
                });
            }
        }),
    };
    p.words.end()?;
    Ok(vec![Command::Challenges {
        variant: p.game(),
        answer,
    }])
}

/// `limit VARIANT [N|none]` (pbmserv's `inf` and `all` for none).
pub fn limit(p: &mut Parse<'_>) -> Built {
    let limit = match p.words.take() {
        None => None,
        Some(word) => Some(match word.to_ascii_lowercase().as_str() {
            "none" | "inf" | "all" | "off" => None,
            n => Some(n.parse::<u32>().map_err(|_| LanguageError::BadChoice {
                what: "limit",
                choices: "a number of games or none",
                got: clean(word),
            })?),
        }),
    };
    p.words.end()?;
    Ok(vec![Command::Limit {
        variant: p.game(),
        limit,
    }])
}

/// `--rating=MIN-MAX`.
fn rating_range(text: &str) -> Result<(u32, u32), LanguageError> {
    let bad = || LanguageError::BadChoice {
        what: "--rating",
        choices: "MIN-MAX, two ratings, the lower first (--rating=1400-1800)",
        got: clean(text),
    };
    let (min, max) = text.split_once('-').ok_or_else(bad)?;
    let min: u32 = min.trim().parse().map_err(|_| bad())?;
    let max: u32 = max.trim().parse().map_err(|_| bad())?;
    if min > max {
        return Err(bad());
    }
    Ok((min, max))
}

/// `seek VARIANT [--color=SEAT|random] [--rating=MIN-MAX] [options]`: the
/// options read as a challenge's.
pub fn seek(p: &mut Parse<'_>) -> Built {
    let mut options = Vec::new();
    let mut color = None;
    let mut rating = None;
    while let Some(word) = p.words.take() {
        if let Some(value) = word
            .strip_prefix("--color=")
            .or_else(|| word.strip_prefix("--colour="))
        {
            color = Some(value.to_ascii_lowercase()).filter(|c| c != "random");
        } else if let Some(range) = word.strip_prefix("--rating=") {
            rating = Some(rating_range(range)?);
        } else if let Some(option) = option_word(p, word)? {
            options.push(option);
        } else {
            return Err(LanguageError::TooMany {
                last: clean(word),
                usage: p.words.usage.to_string(),
            });
        }
    }
    Ok(vec![Command::Seek {
        variant: p.game(),
        options,
        color,
        rating,
    }])
}

/// `seeks [VARIANT]` (by mail the game word: `chess seeks`, `all seeks`).
pub fn seeks(p: &mut Parse<'_>) -> Built {
    let named = match p.words.take() {
        Some(word) if words::is_game_word(word) => Some(word.to_ascii_lowercase()),
        Some(word) => return Err(LanguageError::BadGame(clean(word))),
        None => None,
    };
    p.words.end()?;
    let from_game_word = match (p.world, p.game.as_deref()) {
        (World::Mail, Some(word)) if word != "all" => Some(word.to_string()),
        _ => None,
    };
    Ok(vec![Command::Seeks {
        variant: named.or(from_game_word),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_of_every_accept_form_is_found_for_masking() {
        use crate::command::verbs::{parse_mail, secret_places};
        for (line, place) in [
            ("chess accept bob secret", 3),
            ("chess accept bob secret seek2", 3),
            ("chess accept 4 bob secret", 4),
            ("accept bob secret seek2", 2),
            ("chess decline 4 bob secret not now", 4),
        ] {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(secret_places(&words), vec![place], "{line}");
            assert!(parse_mail(line).is_ok(), "{line}");
        }
    }

    #[test]
    fn seek_names_and_rating_ranges_read() {
        assert_eq!(seek_number("seek12"), Some(12));
        assert_eq!(seek_number("Seek1"), Some(1));
        assert_eq!(seek_number("seek0"), None);
        assert_eq!(seek_number("seek"), None);
        assert_eq!(seek_number("12"), None);
        assert_eq!(rating_range("1400-1800"), Ok((1400, 1800)));
        assert!(rating_range("1800-1400").is_err());
        assert!(rating_range("1400").is_err());
        assert!(rating_range("a-b").is_err());
    }
}
