//! What each command does: one SQLite transaction per command.
//!
//! Front ends (the shell, `boserv run`, mail) turn their input into a
//! [`Command`] and call [`run`] (or [`execute`] with a comment). A command
//! that changes a game writes the log, the cached position and, through
//! [`play::notify::queue`], the mail it causes, all in one `BEGIN IMMEDIATE`
//! transaction; a refusal ([`ServiceError`]) commits nothing.
//!
//! The clock comes in as a parameter: nothing here reads the system time.

pub mod accounts;
pub mod bot;
pub mod community;
pub mod dice;
pub mod error;
pub mod game;
pub mod login;
pub mod notice;
pub mod pages;
pub mod play;
pub mod rating;
pub mod records;
pub mod remind;
pub mod reply;
pub mod request;
pub mod score;
pub mod time;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

pub use error::ServiceError;
pub use game::Catalog;
pub use notice::Notice;
pub use reply::{GameLine, GameView, Reply};
pub use request::Request;

use crate::command::{Actor, Command};
use crate::rules::VARIANTS;

/// What follows a game's end beyond its own letters and pages: its
/// tournament's round closed, its crosstable mailed, its next games begun.
/// Wired here, at the dispatch, into every [`Request`] (and named by
/// `remind` and the community's own calls), so that `play::notify`, which
/// calls it, names no topic above it.
pub const GAME_ENDED: request::GameEnded = community::tournament::result::game_ended;

impl<'a> Request<'a> {
    /// A request against the server's games, without a comment.
    pub fn new(actor: &'a Actor, command: &'a Command, now: DateTime<Utc>) -> Self {
        Request {
            actor,
            command,
            now,
            comment: None,
            catalog: &VARIANTS,
            by_mail: false,
            game_ended: GAME_ENDED,
        }
    }
}

/// Runs `command` for `actor` at `now`.
pub fn run(
    conn: &mut Connection,
    actor: &Actor,
    command: &Command,
    now: DateTime<Utc>,
) -> Result<Reply, ServiceError> {
    execute(conn, &Request::new(actor, command, now))
}

/// Runs a request: one transaction, committed only on success.
pub fn execute(conn: &mut Connection, req: &Request<'_>) -> Result<Reply, ServiceError> {
    match req.command {
        Command::Signup {
            user,
            password,
            emails,
        } => accounts::signup(conn, req, user, password, emails),
        Command::ChangePassword { new_password } => {
            accounts::change_password(conn, req, new_password)
        }
        Command::ChangeAddress { emails } => accounts::change_address(conn, req, emails),
        Command::Signoff => accounts::signoff::signoff(conn, req),
        Command::Confirm { user, code } => accounts::confirm(conn, req, user, code),
        Command::Vacation { on } => accounts::vacation::vacation(conn, req, *on),
        Command::Digest { hour } => remind::digest::set(conn, req, *hour),
        Command::Board { show } => accounts::board_show::set(conn, req, *show),
        Command::TimeZone { zone } => accounts::time_zone::set(conn, req, zone.as_deref()),
        Command::Help { topic, world } => {
            records::help::help(req.catalog, topic.as_deref(), *world)
        }
        Command::Variants => Ok(records::help::variants(req.catalog)),
        Command::List { games } => records::games_list::list(conn, req, games),
        Command::Challenge {
            variant,
            players,
            options,
        } => community::challenge::challenge(conn, req, variant, players, options),
        Command::Move { game, turn, expect } => play::moves::play(conn, req, *game, turn, *expect),
        Command::Queue { game, turn, expect } => {
            play::queue::queue(conn, req, *game, turn, *expect)
        }
        Command::ClearQueue { game } => play::queue::clear(conn, req, *game),
        Command::Conditional { game, line } => play::conditional::add(conn, req, *game, line),
        Command::ShowQueue { game } => play::conditional::show(conn, req, *game),
        Command::Submit { game, turn, expect } => {
            play::submit::submit(conn, req, *game, turn, *expect)
        }
        Command::ConfirmSubmission { game } => play::submit::confirm(conn, req, *game),
        Command::Roll { game } => dice::roll(conn, req, *game),
        Command::Audit { game } => records::audit::audit(conn, req, *game),
        Command::Show { game, at } => records::show::show(conn, req, *game, *at),
        Command::History { game } => records::history::history(conn, req, *game),
        Command::Analysis { game } => bot::analysis::analysis(conn, req, *game),
        Command::Games {
            users,
            filter,
            variant,
        } => records::games_list::games(conn, req, users, *filter, variant.as_deref()),
        Command::ShowBoards {
            users,
            filter,
            variant,
        } => records::games_list::show_boards(conn, req, users, *filter, variant.as_deref()),
        Command::Resign { game } => play::resign::resign(conn, req, *game),
        Command::Draw { game, action } => play::draw::draw(conn, req, *game, *action),
        Command::Undo { game, action } => play::undo::undo(conn, req, *game, *action),
        Command::Answer { game, accept } => play::undo::answer(conn, req, *game, *accept),
        Command::Preview { game, at, turns } => {
            play::preview::preview(conn, req, *game, *at, turns)
        }
        Command::Export { game } => records::record::export(conn, req, *game),
        Command::Chat { game, text } => community::social::chat::chat(conn, req, *game, text),
        Command::Message { to, text } => community::social::message::message(conn, req, to, text),
        Command::Broadcast { text } => community::social::broadcast::broadcast(conn, req, text),
        Command::Subscribe {
            variant,
            target,
            on,
        } => community::social::watch::subscribe(conn, req, variant, target, *on),
        Command::Notify { variant, games } => {
            community::social::watch::notify(conn, req, variant, games)
        }
        Command::ShowAs { variant, boards } => {
            accounts::showas::showas(conn, req, variant.as_deref(), boards)
        }
        Command::AddAddress { emails } => accounts::add_address(conn, req, emails),
        Command::Standings { variant } => community::ratings::standings(conn, req, variant),
        Command::Ratings { user } => community::ratings::player_ratings(conn, req, user.as_deref()),
        Command::RebuildRatings => community::ratings::rebuild_command(conn, req),
        Command::TypeHistory { variant, page } => {
            community::ratings::history(conn, req, variant, *page)
        }
        Command::Accept { game } => community::consent::accept(conn, req, *game),
        Command::Decline { game, words } => community::consent::decline(conn, req, *game, words),
        Command::Challenges { variant, answer } => {
            community::consent::settings::challenges(conn, req, variant, *answer)
        }
        Command::Limit { variant, limit } => {
            community::consent::settings::limit(conn, req, variant, *limit)
        }
        Command::Seek {
            variant,
            options,
            color,
            rating,
        } => community::seek::seek(conn, req, variant, options, color.as_deref(), *rating),
        Command::Seeks { variant } => community::seek::seeks(conn, req, variant.as_deref()),
        Command::AcceptSeek { seek, variant } => {
            community::seek::accept(conn, req, *seek, variant.as_deref())
        }
        Command::LadderChallenge {
            tournament,
            opponent,
        } => community::tournament::ladder::challenge(conn, req, tournament, opponent),
        Command::Tournament { name, action } => community::tournament::run(conn, req, name, action),
        Command::Tournaments => community::tournament::show::list(conn, req),
    }
}

#[cfg(test)]
pub(crate) mod testing;
