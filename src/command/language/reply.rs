//! The language of a reply to a board mail: the first line of its body,
//! for the one game and player its reply token stands for. No game word,
//! board, userid or password: `e7-e5`, `e7-e5#2`, `resign`, `draw offer`
//! (or pbmserv's `propose`), `draw accept` / `accept`, `draw decline` /
//! `reject`, `show`.

use super::{LanguageError, split_move_number};
use crate::command::{Command, DrawAction, GameId};

const REPLY: &str = "TURN[#N] | resign | draw offer|accept|decline | show";

/// Reads the command line of a reply about `game`.
pub fn parse_reply(line: &str, game: GameId) -> Result<Command, LanguageError> {
    let words: Vec<String> = line
        .split_whitespace()
        .filter(|w| *w != "**")
        .map(str::to_string)
        .collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    let draw = |action| Ok(Command::Draw { game, action });
    match lower.as_slice() {
        [] => Err(LanguageError::Missing {
            missing: "a command on the first line",
            usage: REPLY,
        }),
        ["resign"] => Ok(Command::Resign { game }),
        ["show"] => Ok(Command::Show { game, at: None }),
        ["propose"] | ["draw"] | ["draw", "offer"] | ["offer", "draw"] => draw(DrawAction::Offer),
        ["accept"] | ["draw", "accept"] => draw(DrawAction::Accept),
        ["reject"] | ["decline"] | ["draw", "reject"] | ["draw", "decline"] => {
            draw(DrawAction::Decline)
        }
        [_] => {
            let (turn, expect) = split_move_number(&words[0])?;
            Ok(Command::Move {
                game,
                turn: turn.to_string(),
                expect,
            })
        }
        [_, second, ..] => Err(LanguageError::TooMany {
            last: super::clean(second),
            usage: REPLY,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_line_is_a_command_for_its_game() {
        let g = GameId(4);
        assert_eq!(
            parse_reply("e7-e5", g),
            Ok(Command::Move {
                game: g,
                turn: "e7-e5".into(),
                expect: None
            })
        );
        assert_eq!(
            parse_reply("Nf6#2", g),
            Ok(Command::Move {
                game: g,
                turn: "Nf6".into(),
                expect: Some(2)
            })
        );
        assert_eq!(parse_reply("Resign", g), Ok(Command::Resign { game: g }));
        assert_eq!(
            parse_reply("draw offer", g),
            Ok(Command::Draw {
                game: g,
                action: DrawAction::Offer
            })
        );
        assert_eq!(
            parse_reply("show", g),
            Ok(Command::Show { game: g, at: None })
        );
        assert!(parse_reply("", g).is_err());
        assert!(parse_reply("e2-e4 thanks for the game", g).is_err());
    }
}
