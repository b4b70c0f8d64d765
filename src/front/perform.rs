//! Runs a parsed pbmserv [`Request`] through the service.
//!
//! Both `boserv run` and `boserv mail` read pbmserv's language, where a
//! board command repeats its game's word (`bochess move 42 ...`). A word
//! that does not match the board is refused here, before the service is
//! asked: a move meant for another game must never be played on this one.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::command::language::Request;
use crate::command::{Command, GameId};
use crate::service::{self, Reply, ServiceError, login};
use crate::store::games;

/// Why a request was not carried out.
#[derive(Debug, thiserror::Error)]
pub enum PerformError {
    #[error("{game} is a game of {variant}, not {word}")]
    WrongGame {
        game: GameId,
        variant: String,
        word: String,
    },
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl PerformError {
    /// True when the database, not the request, was at fault (busy, full,
    /// damaged): the request may succeed later.
    pub fn is_trouble(&self) -> bool {
        matches!(self, PerformError::Service(e) if !e.is_refusal())
    }
}

/// The game a command is about, if any.
pub fn game_of(command: &Command) -> Option<GameId> {
    match command {
        Command::Move { game, .. }
        | Command::Roll { game }
        | Command::Show { game, .. }
        | Command::History { game }
        | Command::Analysis { game }
        | Command::Resign { game }
        | Command::Queue { game, .. }
        | Command::ClearQueue { game }
        | Command::Conditional { game, .. }
        | Command::ShowQueue { game }
        | Command::Submit { game, .. }
        | Command::ConfirmSubmission { game }
        | Command::Draw { game, .. }
        | Command::Undo { game, .. }
        | Command::Answer { game, .. }
        | Command::Preview { game, .. }
        | Command::Audit { game }
        | Command::Export { game }
        | Command::Chat { game, .. }
        | Command::Subscribe {
            target: crate::command::Watch::Board(game),
            ..
        } => Some(*game),
        _ => None,
    }
}

/// Runs `request` (with `comment` for the other players) at `now`;
/// `by_mail` when it came by mail (see [`service::Request::by_mail`]).
///
/// A password is checked here, before the command's write transaction
/// begins ([`login::authenticate`]): argon2 runs outside the lock.
pub fn perform(
    conn: &mut Connection,
    request: &Request,
    comment: Option<&str>,
    now: DateTime<Utc>,
    by_mail: bool,
) -> Result<Reply, PerformError> {
    // `all` before a listing verb (`all show 7`) names every game.
    if let (Some(word), Some(game)) = (&request.game_word, game_of(&request.command))
        && !word.eq_ignore_ascii_case("all")
        && let Some(row) = games::find(conn, game).map_err(ServiceError::from)?
        && !row.variant.eq_ignore_ascii_case(word)
    {
        return Err(PerformError::WrongGame {
            game,
            variant: row.variant,
            word: word.clone(),
        });
    }
    let actor = login::authenticate(conn, &request.actor)?;
    let req = service::Request::new(&actor, &request.command, now)
        .with_comment(comment)
        .by_mail(by_mail);
    Ok(service::execute(conn, &req)?)
}
