//! What each command does: one SQLite transaction per command.
//!
//! Front ends (the shell, `boserv run`, mail) turn their input into a
//! [`Command`] and call [`run`] (or [`execute`] with a comment). A command
//! that changes a game writes the log, the cached position and, through
//! [`notify::queue`], the mail it causes, all in one `BEGIN IMMEDIATE`
//! transaction; a refusal ([`ServiceError`]) commits nothing.
//!
//! The clock comes in as a parameter: nothing here reads the system time.

pub mod accounts;
pub mod analysis;
pub mod announce;
pub mod audit;
pub mod autopass;
pub mod board_show;
pub mod bot;
pub mod challenge;
pub mod conditional;
pub mod consent;
pub mod deadline;
pub mod demo;
pub mod dice;
pub mod digest;
pub mod draw;
pub mod due;
pub mod error;
pub mod game;
pub mod games_list;
pub mod help;
pub mod history;
pub mod moves;
pub mod notice;
pub mod notify;
pub mod preview;
pub mod publish;
pub mod queue;
pub mod ratings;
pub mod record;
pub mod remind;
pub mod reply;
pub mod request;
pub mod resign;
pub mod score;
pub mod seek;
pub mod seek_warning;
pub mod show;
pub mod showas;
pub mod signoff;
pub mod social;
pub mod submit;
pub mod thinking;
pub mod time_zone;
pub mod tournament;
pub mod turn_arrival;
pub mod undo;
pub mod vacation;
pub mod votes;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

pub use error::ServiceError;
pub use request::Request;
pub use game::Catalog;
pub use notice::Notice;
pub use reply::{GameLine, GameView, Reply};

use crate::command::{Actor, Command};

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
        Command::Signoff => signoff::signoff(conn, req),
        Command::Confirm { user, code } => accounts::confirm(conn, req, user, code),
        Command::Vacation { on } => vacation::vacation(conn, req, *on),
        Command::Digest { hour } => digest::set(conn, req, *hour),
        Command::Board { show } => board_show::set(conn, req, *show),
        Command::TimeZone { zone } => time_zone::set(conn, req, zone.as_deref()),
        Command::Help { topic, world } => help::help(req.catalog, topic.as_deref(), *world),
        Command::Variants => Ok(help::variants(req.catalog)),
        Command::List { games } => games_list::list(conn, req, games),
        Command::Challenge {
            variant,
            players,
            options,
        } => challenge::challenge(conn, req, variant, players, options),
        Command::Move { game, turn, expect } => moves::play(conn, req, *game, turn, *expect),
        Command::Queue { game, turn, expect } => queue::queue(conn, req, *game, turn, *expect),
        Command::ClearQueue { game } => queue::clear(conn, req, *game),
        Command::Conditional { game, line } => conditional::add(conn, req, *game, line),
        Command::ShowQueue { game } => conditional::show(conn, req, *game),
        Command::Submit { game, turn, expect } => submit::submit(conn, req, *game, turn, *expect),
        Command::ConfirmSubmission { game } => submit::confirm(conn, req, *game),
        Command::Roll { game } => dice::roll(conn, req, *game),
        Command::Audit { game } => audit::audit(conn, req, *game),
        Command::Show { game, at } => show::show(conn, req, *game, *at),
        Command::History { game } => history::history(conn, req, *game),
        Command::Analysis { game } => bot::analysis::analysis(conn, req, *game),
        Command::Games {
            users,
            filter,
            variant,
        } => games_list::games(conn, req, users, *filter, variant.as_deref()),
        Command::ShowBoards {
            users,
            filter,
            variant,
        } => games_list::show_boards(conn, req, users, *filter, variant.as_deref()),
        Command::Resign { game } => resign::resign(conn, req, *game),
        Command::Draw { game, action } => draw::draw(conn, req, *game, *action),
        Command::Undo { game, action } => undo::undo(conn, req, *game, *action),
        Command::Answer { game, accept } => undo::answer(conn, req, *game, *accept),
        Command::Preview { game, at, turns } => preview::preview(conn, req, *game, *at, turns),
        Command::Export { game } => record::export(conn, req, *game),
        Command::Chat { game, text } => social::chat::chat(conn, req, *game, text),
        Command::Message { to, text } => social::message::message(conn, req, to, text),
        Command::Broadcast { text } => social::broadcast::broadcast(conn, req, text),
        Command::Subscribe {
            variant,
            target,
            on,
        } => social::watch::subscribe(conn, req, variant, target, *on),
        Command::Notify { variant, games } => social::watch::notify(conn, req, variant, games),
        Command::ShowAs { variant, boards } => {
            showas::showas(conn, req, variant.as_deref(), boards)
        }
        Command::AddAddress { emails } => accounts::add_address(conn, req, emails),
        Command::Standings { variant } => ratings::standings(conn, req, variant),
        Command::Ratings { user } => ratings::player_ratings(conn, req, user.as_deref()),
        Command::RebuildRatings => ratings::rebuild_command(conn, req),
        Command::TypeHistory { variant, page } => ratings::history(conn, req, variant, *page),
        Command::Accept { game } => consent::accept(conn, req, *game),
        Command::Decline { game, words } => consent::decline(conn, req, *game, words),
        Command::Challenges { variant, answer } => {
            consent::settings::challenges(conn, req, variant, *answer)
        }
        Command::Limit { variant, limit } => consent::settings::limit(conn, req, variant, *limit),
        Command::Seek {
            variant,
            options,
            color,
            rating,
        } => seek::seek(conn, req, variant, options, color.as_deref(), *rating),
        Command::Seeks { variant } => seek::seeks(conn, req, variant.as_deref()),
        Command::AcceptSeek { seek, variant } => seek::accept(conn, req, *seek, variant.as_deref()),
        Command::LadderChallenge {
            tournament,
            opponent,
        } => tournament::ladder::challenge(conn, req, tournament, opponent),
        Command::Tournament { name, action } => tournament::run(conn, req, name, action),
        Command::Tournaments => tournament::show::list(conn, req),
    }
}

#[cfg(test)]
mod quota_tests;
#[cfg(test)]
pub(crate) mod testing;
