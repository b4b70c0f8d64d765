//! The readers of the verbs' arguments: the same function reads a verb in
//! the shell, by mail and in a reply, after the world's own prefix.

use super::{Parse, World};
use crate::command::language::{LanguageError, MAX_SHOW_BOARDS};
use crate::command::words::{self, board_at, game_option, login_word, user_name};
use crate::command::{Actor, Command, DrawAction};
use crate::rules::GameOption;

type Built = Result<Vec<Command>, LanguageError>;

fn one(command: Command) -> Built {
    Ok(vec![command])
}

/// `signup USERID PASSWORD [EMAIL...]`.
pub fn signup(p: &mut Parse<'_>) -> Built {
    let user = p.words.user()?;
    let password = p.words.password()?;
    let emails = p.words.addresses()?;
    one(Command::Signup {
        user,
        password,
        emails,
    })
}

/// `change password NEW`.
pub fn change_password(p: &mut Parse<'_>) -> Built {
    let new_password = p.words.next("NEW")?.to_string();
    p.words.end()?;
    one(Command::ChangePassword { new_password })
}

/// `change address EMAIL...`.
pub fn change_address(p: &mut Parse<'_>) -> Built {
    let emails = p.words.addresses()?;
    if emails.is_empty() {
        return Err(p.words.missing("EMAIL"));
    }
    one(Command::ChangeAddress { emails })
}

/// `signoff` (or `delete`): closes the account.
pub fn signoff(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Signoff)
}

/// `confirm USERID CODE`: the code of a confirmation mail.
pub fn confirm(p: &mut Parse<'_>) -> Built {
    let user = p.words.user()?;
    let code = p.words.next("CODE")?.to_string();
    p.words.end()?;
    one(Command::Confirm { user, code })
}

pub fn vacation(p: &mut Parse<'_>) -> Built {
    let on = p.words.switch()?;
    p.words.end()?;
    one(Command::Vacation { on })
}

/// `board list|picture|both`.
pub fn board(p: &mut Parse<'_>) -> Built {
    let word = p.words.next("list, picture or both")?;
    let Some(show) = crate::ids::BoardShow::from_word(word) else {
        return Err(LanguageError::BadChoice {
            what: "board",
            choices: "list, picture or both",
            got: words::clean(word),
        });
    };
    p.words.end()?;
    one(Command::Board { show })
}

/// `digest on [HOUR]` / `digest off`: HOUR is 0-23 (of the player's
/// `timezone`), by default
/// [`DIGEST_HOUR`].
pub fn digest(p: &mut Parse<'_>) -> Built {
    let word = p.words.next("on or off")?;
    let on = match word.to_ascii_lowercase().as_str() {
        "on" => true,
        "off" => false,
        _ => {
            return Err(LanguageError::BadChoice {
                what: "digest",
                choices: "on [HOUR] or off",
                got: words::clean(word),
            });
        }
    };
    let hour = if on {
        match p.words.remaining() {
            hour if hour.is_empty() => Some(DIGEST_HOUR),
            hour => match hour.parse::<u8>() {
                Ok(h) if h < 24 => Some(h),
                _ => {
                    return Err(LanguageError::BadChoice {
                        what: "digest on HOUR",
                        choices: "an hour from 0 to 23 (of your timezone)",
                        got: words::clean(&hour),
                    });
                }
            },
        }
    } else {
        p.words.end()?;
        None
    };
    one(Command::Digest { hour })
}

/// `timezone [ZONE]`: ZONE an IANA name; alone, the zone is shown.
pub fn timezone(p: &mut Parse<'_>) -> Built {
    let word = p.words.remaining();
    if word.is_empty() {
        return one(Command::TimeZone { zone: None });
    }
    let zone = crate::clock::Zone::parse(&word).map_err(|e| LanguageError::BadChoice {
        what: "timezone",
        choices: "an IANA name such as Europe/Berlin, America/New_York or UTC",
        got: words::clean(&e.0),
    })?;
    one(Command::TimeZone {
        zone: Some(zone.name().to_string()),
    })
}

/// The hour (of the player's time zone) of a digest asked for without one.
pub const DIGEST_HOUR: u8 = 7;

/// `help [TOPIC]`; asked in a reply, it is answered by mail, in mail
/// syntax.
pub fn help(p: &mut Parse<'_>) -> Built {
    let topic = p.words.remaining().to_ascii_lowercase();
    one(Command::Help {
        topic: (!topic.is_empty()).then_some(topic),
        world: match p.world {
            World::Reply => World::Mail,
            world => world,
        },
    })
}

/// `GAME help`: the rules of that game.
pub fn game_help(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Help {
        topic: Some(p.game()),
        world: p.world,
    })
}

pub fn variants(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Variants)
}

/// `list [GAME...]`: the games on offer, or who plays the ones named.
pub fn list(p: &mut Parse<'_>) -> Built {
    let mut games = Vec::new();
    while let Some(word) = p.words.take() {
        if !words::is_game_word(word) {
            return Err(LanguageError::BadGame(words::clean(word)));
        }
        games.push(word.to_ascii_lowercase());
    }
    one(Command::List { games })
}

/// `challenge USERID... [-param] [--option=value]`; the shell also takes
/// `--opt NAME[=VALUE]`, mail `--login=USERID:PASSWORD` (the challenger's
/// proof).
pub fn challenge(p: &mut Parse<'_>) -> Built {
    let mut players = Vec::new();
    let mut options = Vec::new();
    while let Some(word) = p.words.take() {
        if let Some((user, password)) = login_word(word) {
            p.actor = Actor::Claimed {
                user: user_name(user)?,
                password: password.to_string(),
            };
        } else if let Some(option) = option_word(p, word)? {
            options.push(option);
        } else {
            players.push(user_name(word)?);
        }
    }
    if players.is_empty() {
        return Err(p.words.missing("USERID"));
    }
    one(Command::Challenge {
        variant: p.game(),
        players,
        options,
    })
}

/// A game option as a challenge or a seek is written: `--opt NAME[=VALUE]`
/// (the shell's), `--opt=NAME[=VALUE]`, `-param` or `--option=VALUE`;
/// `None` for a word that is not an option.
pub fn option_word(p: &mut Parse<'_>, word: &str) -> Result<Option<GameOption>, LanguageError> {
    Ok(Some(if word == "--opt" {
        game_option(p.words.next("NAME[=VALUE] after --opt")?)?
    } else if let Some(option) = word.strip_prefix("--opt=") {
        game_option(option)?
    } else if word.starts_with('-') {
        game_option(word)?
    } else {
        return Ok(None);
    }))
}

/// `move TURN[#N]`; pbmserv's words in place of a turn are those commands:
/// `propose` (a draw), `undo` (a takeback), `accept` and `reject` (a vote
/// on whichever of the two stands), `resign`.
pub fn play(p: &mut Parse<'_>) -> Built {
    let game = p.board();
    let turn = p.words.remaining();
    if turn.is_empty() {
        return Err(p.words.missing("TURN"));
    }
    let (turn, expect) = words::split_move_number(&turn)?;
    let draw = |action| Command::Draw { game, action };
    one(match turn.to_ascii_lowercase().as_str() {
        "propose" => draw(DrawAction::Offer),
        "undo" => Command::Undo {
            game,
            action: DrawAction::Offer,
        },
        "accept" => Command::Answer { game, accept: true },
        "reject" => Command::Answer {
            game,
            accept: false,
        },
        "resign" => Command::Resign { game },
        _ => Command::Move {
            game,
            turn: turn.to_string(),
            expect,
        },
    })
}

/// `queue TURN[#N]` or `queue clear`.
pub fn queue(p: &mut Parse<'_>) -> Built {
    let game = p.board();
    let turn = p.words.remaining();
    if turn.is_empty() {
        return one(Command::ShowQueue { game });
    }
    if turn.eq_ignore_ascii_case("clear") {
        return one(Command::ClearQueue { game });
    }
    if turn
        .split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("if"))
    {
        let line = words::conditional_line(&turn)?;
        return one(Command::Conditional { game, line });
    }
    let (turn, expect) = words::split_move_number(&turn)?;
    one(Command::Queue {
        game,
        turn: turn.to_string(),
        expect,
    })
}

/// `submit TURN[#N]`.
pub fn submit(p: &mut Parse<'_>) -> Built {
    let game = p.board();
    let turn = p.words.remaining();
    if turn.is_empty() {
        return Err(p.words.missing("TURN"));
    }
    let (turn, expect) = words::split_move_number(&turn)?;
    one(Command::Submit {
        game,
        turn: turn.to_string(),
        expect,
    })
}

/// `GAME confirm BOARD USERID PASSWORD`: plays the submitted turn.
pub fn confirm_submission(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::ConfirmSubmission { game: p.board() })
}

/// `draw offer|accept|decline` (pbmserv's `propose` and `reject` too).
pub fn draw(p: &mut Parse<'_>) -> Built {
    let action = vote(p, "draw")?;
    one(Command::Draw {
        game: p.board(),
        action,
    })
}

/// `undo [offer|accept|decline]`: a takeback of the last turn (pbmserv's
/// `propose` and `reject` too).
pub fn undo(p: &mut Parse<'_>) -> Built {
    let action = vote(p, "undo")?;
    one(Command::Undo {
        game: p.board(),
        action,
    })
}

/// The word of a vote on a proposal (`offer` when none), and nothing after.
fn vote(p: &mut Parse<'_>, what: &'static str) -> Result<DrawAction, LanguageError> {
    let word = p.words.take().unwrap_or("offer");
    let action = match word.to_ascii_lowercase().as_str() {
        "offer" | "propose" => DrawAction::Offer,
        "accept" => DrawAction::Accept,
        "decline" | "reject" => DrawAction::Decline,
        _ => {
            return Err(LanguageError::BadChoice {
                what,
                choices: "offer, accept or decline",
                got: words::clean(word),
            });
        }
    };
    p.words.end()?;
    Ok(action)
}

/// `preview BOARD[#N] TURN...` (in a reply, `preview [#N] TURN...` on the
/// reply's own board): the turns are words; a word ending in `,` or `:`
/// runs on into the next (`c3-d4, pass` and `4,5: c3-d4, pass` are one
/// turn each).
pub fn preview(p: &mut Parse<'_>) -> Built {
    let (game, at) = match p.board {
        Some(game) => match p.words.peek().and_then(|w| w.strip_prefix('#')) {
            Some(n) => {
                let at = words::move_number(n)?;
                p.words.take();
                (game, Some(at))
            }
            None => (game, None),
        },
        None => board_at(p.words.next(p.words.board_word)?)?,
    };
    let mut turns: Vec<String> = Vec::new();
    let mut open = false;
    while let Some(word) = p.words.take() {
        match turns.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(word);
            }
            _ => turns.push(word.to_string()),
        }
        open = word.ends_with(',') || word.ends_with(':');
    }
    if turns.is_empty() {
        return Err(p.words.missing("TURN"));
    }
    one(Command::Preview { game, at, turns })
}

pub fn resign(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Resign { game: p.board() })
}

pub fn roll(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Roll { game: p.board() })
}

pub fn history(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::History { game: p.board() })
}

pub fn analysis(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Analysis { game: p.board() })
}

pub fn audit(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Audit { game: p.board() })
}

pub fn export(p: &mut Parse<'_>) -> Built {
    p.words.end()?;
    one(Command::Export { game: p.board() })
}

/// `show BOARD[#N]...` (the word `board` skipped; `--at N` for one
/// board), or `show USERID... [all|active|inactive|next]`: their boards.
/// In a reply, `show [#N]` is the reply's own board.
pub fn show(p: &mut Parse<'_>) -> Built {
    let mut boards = Vec::new();
    let mut at = None;
    let mut rest = Vec::new();
    while let Some(word) = p.words.take() {
        if word.eq_ignore_ascii_case("board") {
            continue;
        }
        if word == "--at" {
            at = Some(words::move_number(p.words.next("N after --at")?)?);
        } else if let Some(n) = word.strip_prefix("--at=") {
            at = Some(words::move_number(n)?);
        } else {
            rest.push(word);
        }
    }
    if let Some(game) = p.board {
        // A reply: its own board, perhaps `#N`.
        let at = match rest.as_slice() {
            [] => at,
            [n] if n.starts_with('#') => Some(words::move_number(&n[1..])?),
            [_, second, ..] | [second] => {
                return Err(LanguageError::TooMany {
                    last: words::clean(second),
                    usage: p.words.usage.to_string(),
                });
            }
        };
        return one(Command::Show { game, at });
    }
    let Some(first) = rest.first() else {
        return Err(p.words.missing(p.words.board_word));
    };
    let is_board = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_digit()) || w.parse::<crate::command::GameId>().is_ok()
    };
    if !is_board(first) {
        let mut users = words::Words::new(&rest, "show", p.words.usage);
        let (users, filter) = users.users_and_selector()?;
        return one(Command::ShowBoards {
            users,
            filter,
            variant: variant_of(p),
        });
    }
    if rest.len() > MAX_SHOW_BOARDS {
        return Err(LanguageError::TooManyBoards {
            named: rest.len(),
            max: MAX_SHOW_BOARDS,
        });
    }
    for word in &rest {
        boards.push(board_at(word)?);
    }
    if at.is_some() && boards.len() > 1 {
        return Err(LanguageError::TooMany {
            last: "--at".into(),
            usage: "show BOARD#N... (one --at for one board)".into(),
        });
    }
    Ok(boards
        .into_iter()
        .map(|(game, n)| Command::Show { game, at: n.or(at) })
        .collect())
}

/// `games [USERID...] [all|active|inactive|next]`.
pub fn games(p: &mut Parse<'_>) -> Built {
    let (users, filter) = p.words.users_and_selector()?;
    one(Command::Games {
        users,
        filter,
        variant: variant_of(p),
    })
}

/// The game word of a listing: a game's name limits it to that game;
/// `all` (or none) is every game.
fn variant_of(p: &Parse<'_>) -> Option<String> {
    match (p.world, p.game.as_deref()) {
        (World::Mail, Some(word)) if word != "all" => Some(word.to_string()),
        _ => None,
    }
}
