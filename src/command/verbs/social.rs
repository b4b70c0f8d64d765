//! The readers of the social verbs (issue 15): chat, message, broadcast,
//! subscribe/unsubscribe, notify, showas, add. Texts come from the words
//! after the arguments; by mail the body is added by the service (the
//! request's comment).

use super::Parse;
use crate::command::language::LanguageError;
use crate::command::words::{self, board_number, user_name};
use crate::command::{Command, GameId, GamesFilter, ShowAsBoards, Watch};

type Built = Result<Vec<Command>, LanguageError>;

/// `chat [TEXT...]` about the board of the prefix.
pub fn chat(p: &mut Parse<'_>) -> Built {
    Ok(vec![Command::Chat {
        game: p.board(),
        text: p.words.remaining(),
    }])
}

/// `message USERID...[:] [TEXT...]`: the users end at a word ending in
/// `:` (or a lone `:`); commas between them are allowed.
pub fn message(p: &mut Parse<'_>) -> Built {
    let mut to = Vec::new();
    while let Some(word) = p.words.take() {
        let (name, last) = match word.strip_suffix(':') {
            Some(name) => (name, true),
            None => (word, false),
        };
        for name in name.split(',').filter(|n| !n.is_empty()) {
            to.push(user_name(name)?);
        }
        if last {
            break;
        }
    }
    if to.is_empty() {
        return Err(p.words.missing("USERID"));
    }
    Ok(vec![Command::Message {
        to,
        text: p.words.remaining(),
    }])
}

/// `broadcast [TEXT...]`.
pub fn broadcast(p: &mut Parse<'_>) -> Built {
    Ok(vec![Command::Broadcast {
        text: p.words.remaining(),
    }])
}

pub fn subscribe(p: &mut Parse<'_>) -> Built {
    watch(p, true)
}

pub fn unsubscribe(p: &mut Parse<'_>) -> Built {
    watch(p, false)
}

/// `BOARD...` or `all` (every future game of the prefix's type); by mail
/// pbmserv's `GAME subscribe BOARD USERID PASSWORD` too (the board read
/// before the login).
fn watch(p: &mut Parse<'_>, on: bool) -> Built {
    let mut boards: Vec<GameId> = p.board.into_iter().collect();
    let mut every = false;
    while let Some(word) = p.words.take() {
        if word.eq_ignore_ascii_case("all") {
            every = true;
        } else {
            boards.push(board_number(word)?);
        }
    }
    match (every, boards.is_empty()) {
        (true, true) => Ok(vec![Command::Subscribe {
            variant: p.game(),
            target: Watch::Every,
            on,
        }]),
        (false, false) => Ok(boards
            .into_iter()
            .map(|game| Command::Subscribe {
                variant: p.game(),
                target: Watch::Board(game),
                on,
            })
            .collect()),
        (true, false) => Err(LanguageError::TooMany {
            last: "all".into(),
            usage: p.words.usage.to_string(),
        }),
        (false, true) => Err(p.words.missing("BOARD or all")),
    }
}

/// `notify [BOARD...]`.
pub fn notify(p: &mut Parse<'_>) -> Built {
    let mut games: Vec<GameId> = p.board.into_iter().collect();
    while let Some(word) = p.words.take() {
        games.push(board_number(word)?);
    }
    Ok(vec![Command::Notify {
        variant: p.game(),
        games,
    }])
}

/// `showas [BOARD...|all|active|inactive|next]`.
pub fn showas(p: &mut Parse<'_>) -> Built {
    let mut boards: Vec<GameId> = p.board.into_iter().collect();
    let mut chosen = None;
    while let Some(word) = p.words.take() {
        match words::selector(word) {
            Some(filter) if chosen.is_none() && boards.is_empty() => chosen = Some(filter),
            Some(_) => {
                return Err(LanguageError::TooMany {
                    last: words::clean(word),
                    usage: p.words.usage.to_string(),
                });
            }
            None => boards.push(board_number(word)?),
        }
    }
    let boards = match chosen {
        _ if !boards.is_empty() => ShowAsBoards::Boards(boards),
        None | Some(GamesFilter::Active) => ShowAsBoards::Active,
        Some(GamesFilter::All) => ShowAsBoards::All,
        Some(GamesFilter::Inactive) => ShowAsBoards::Inactive,
        Some(GamesFilter::Next) => ShowAsBoards::Next,
    };
    Ok(vec![Command::ShowAs {
        variant: Some(p.game()),
        boards,
    }])
}

/// `add EMAIL...`.
pub fn add(p: &mut Parse<'_>) -> Built {
    let emails = p.words.addresses()?;
    if emails.is_empty() {
        return Err(p.words.missing("EMAIL"));
    }
    Ok(vec![Command::AddAddress { emails }])
}

#[cfg(test)]
mod tests {
    use super::super::{parse_mail, parse_shell, secret_places};
    use crate::command::{Actor, Command, GameId, ShowAsBoards, Watch};

    fn mail(line: &str) -> Vec<Command> {
        parse_mail(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .into_iter()
            .map(|r| r.command)
            .collect()
    }

    #[test]
    fn message_recipients_end_at_a_colon() {
        let shell = parse_shell(
            &["message", "bob,", "carol:", "See", "you"],
            &Actor::Trusted("alice".into()),
        )
        .unwrap();
        assert_eq!(
            shell,
            vec![Command::Message {
                to: vec!["bob".into(), "carol".into()],
                text: "See you".into(),
            }]
        );
        // pbmserv's form: every word a user, the text in the body.
        assert_eq!(
            mail("message alice pw bob carol"),
            vec![Command::Message {
                to: vec!["bob".into(), "carol".into()],
                text: String::new(),
            }]
        );
        assert!(parse_mail("message alice pw").is_err());
    }

    #[test]
    fn subscribe_takes_pbmserv_s_board_first_order_and_masks_its_password() {
        let watch = |game| Command::Subscribe {
            variant: "chess".into(),
            target: Watch::Board(GameId(game)),
            on: true,
        };
        assert_eq!(mail("chess subscribe 42 carol pw"), vec![watch(42)]);
        assert_eq!(
            mail("chess subscribe carol pw 42 43"),
            vec![watch(42), watch(43)]
        );
        assert_eq!(
            mail("chess unsub carol pw all"),
            vec![Command::Subscribe {
                variant: "chess".into(),
                target: Watch::Every,
                on: false,
            }]
        );
        let words: Vec<&str> = "chess subscribe 42 carol pw".split(' ').collect();
        assert_eq!(secret_places(&words), vec![4]);
        let words: Vec<&str> = "chess subscribe carol pw all".split(' ').collect();
        assert_eq!(secret_places(&words), vec![3]);
        assert!(parse_mail("chess subscribe carol pw").is_err());
        assert!(parse_mail("chess subscribe carol pw 42 all").is_err());
    }

    #[test]
    fn showas_reads_boards_or_one_selector() {
        let showas = |boards| Command::ShowAs {
            variant: Some("chess".into()),
            boards,
        };
        assert_eq!(
            mail("chess showas bob pw"),
            vec![showas(ShowAsBoards::Active)]
        );
        assert_eq!(
            mail("chess showas bob pw next"),
            vec![showas(ShowAsBoards::Next)]
        );
        assert_eq!(
            mail("chess showas bob pw 4 5"),
            vec![showas(ShowAsBoards::Boards(vec![GameId(4), GameId(5)]))]
        );
        assert!(parse_mail("chess showas bob pw next all").is_err());
    }
}
