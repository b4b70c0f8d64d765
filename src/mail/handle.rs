//! `boserv mail`: one received message, start to finish.
//!
//! The message is read ([`inbound`]); a Message-ID seen before is only
//! recorded; a robot's mail is recorded and never answered; otherwise each
//! command runs through the service (one transaction each, with the mail
//! it causes), and what the sender must hear (a list they asked for, or
//! why a command was refused) is queued to them. Last, the message itself
//! is stored in the inbox with what became of it, together with those
//! answers, in one transaction.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, ErrorCode};

use super::inbound::{self, Intake, Letter, Refusal};
use super::inbox::{self, Disposition, Received};
use super::letters::{HelpLetter, ReplyLetter, WelcomeLetter};
use super::outbox::{self, Draft};
use super::refusal;
use super::settings::Settings;
use super::templates::Rendered;
use crate::command::language::{self, Request};
use crate::command::perform::{PerformError, game_of, perform};
use crate::command::{Actor, Command};
use crate::rules::VARIANTS;
use crate::service::Reply;
use crate::service::help::variants;
use crate::store::StoreError;

/// A mail to the sender, and the game whose thread it belongs in (an
/// error about a board goes in that board's thread for its player).
struct Answer {
    mail: Rendered,
    thread: Option<(crate::command::GameId, String)>,
}

impl From<Rendered> for Answer {
    fn from(mail: Rendered) -> Self {
        Answer { mail, thread: None }
    }
}

/// What became of a message (every case is a success for the MTA).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    pub disposition: Disposition,
    /// Commands carried out and refused.
    pub done: usize,
    pub refused: usize,
}

/// The message could not be taken in now; the MTA should try again.
#[derive(Debug, thiserror::Error)]
pub enum HandleError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("mail settings: {0}")]
    Settings(String),
    #[error("template: {0}")]
    Template(String),
}

impl HandleError {
    /// True for a busy database or a full disk (EX_TEMPFAIL, 75).
    pub fn is_temporary(&self) -> bool {
        match self {
            HandleError::Store(StoreError::Busy) => true,
            HandleError::Store(StoreError::Sqlite(e)) => {
                matches!(
                    e.sqlite_error_code(),
                    Some(ErrorCode::DiskFull | ErrorCode::DatabaseBusy)
                )
            }
            _ => false,
        }
    }
}

impl From<rusqlite::Error> for HandleError {
    fn from(e: rusqlite::Error) -> Self {
        HandleError::Store(e.into())
    }
}

impl From<outbox::OutboxError> for HandleError {
    fn from(e: outbox::OutboxError) -> Self {
        match e {
            outbox::OutboxError::Database(e) => e.into(),
            other => HandleError::Store(StoreError::Damaged(other.to_string())),
        }
    }
}

/// Takes in one message received at `now`.
pub fn handle(
    conn: &mut Connection,
    raw: &[u8],
    now: DateTime<Utc>,
) -> Result<Handled, HandleError> {
    let settings = Settings::current().map_err(|e| HandleError::Settings(e.to_string()))?;
    let intake = inbound::read(raw);
    let mut answers: Vec<Answer> = Vec::new();
    let mut handled = Handled {
        disposition: Disposition::Handled,
        done: 0,
        refused: 0,
    };
    let mut reason: Option<String> = None;
    let subject = match &intake {
        Intake::Letter(letter) => Some(letter.subject.clone()),
        _ => None,
    };
    // A letter's commands each commit on their own (with the mail they
    // cause), so the letter is claimed first, in its own transaction: the
    // raw message is stored and its Message-ID taken before anything runs.
    // If the process dies mid-way, the MTA's retry finds the id taken and
    // runs nothing twice; the row stays `received`, with the message whole.
    let mut claimed: Option<i64> = None;
    let duplicate = {
        let tx = crate::store::write(conn)?;
        let seen = match intake.message_id() {
            Some(id) => inbox::seen(&tx, id)?,
            None => false,
        };
        if !seen && let Intake::Letter(_) = &intake {
            claimed = Some(inbox::record(
                &tx,
                &received(
                    &intake,
                    subject.as_deref(),
                    raw,
                    Disposition::Received,
                    None,
                ),
                now,
            )?);
            tx.commit().map_err(StoreError::from)?;
        }
        seen
    };
    if duplicate {
        handled.disposition = Disposition::Duplicate;
    } else {
        match &intake {
            Intake::Robot { robot, .. } => {
                handled.disposition = Disposition::Ignored;
                reason = Some(robot.to_string());
            }
            Intake::Refused {
                reason: why,
                sender,
                ..
            } => {
                handled.disposition = match why {
                    Refusal::Unreadable | Refusal::ReaderFailed => Disposition::Unreadable,
                    _ => Disposition::Refused,
                };
                reason = Some(why.to_string());
                if sender.is_some() {
                    answers.push(error_mail(
                        conn,
                        settings,
                        None,
                        &why.to_string(),
                        raw,
                        None,
                    )?);
                }
            }
            Intake::Letter(letter) => {
                run_letter(conn, settings, letter, raw, now, &mut answers, &mut handled)?;
            }
        }
    }
    let tx = crate::store::write(conn)?;
    let row = match claimed {
        Some(row) => {
            inbox::finish(&tx, row, handled.disposition, reason.as_deref())?;
            row
        }
        None => inbox::record(
            &tx,
            &received(
                &intake,
                subject.as_deref(),
                raw,
                handled.disposition,
                reason.as_deref(),
            ),
            now,
        )?,
    };
    if let Some(sender) = intake.sender() {
        for (n, answer) in answers.into_iter().enumerate() {
            let parent = intake.message_id().map(|id| format!("<{id}>"));
            // In the game's thread: under the game's first mail to the
            // player, answering the player's own message.
            let root = answer
                .thread
                .as_ref()
                .map(|(game, user)| settings.identity.game_root_id(*game, user));
            let references: Vec<String> = root.iter().chain(parent.iter()).cloned().collect();
            let draft = Draft {
                game: answer.thread.as_ref().map(|(game, _)| *game),
                to: vec![sender.to_string()],
                subject: answer.mail.subject,
                body: answer.mail.body,
                message_id: settings.identity.answer_id(row, n),
                in_reply_to: parent.or(root),
                references,
            };
            outbox::queue(&tx, &draft, now)?;
        }
    }
    tx.commit().map_err(StoreError::from)?;
    Ok(handled)
}

/// The inbox row of a message.
fn received<'a>(
    intake: &'a Intake,
    subject: Option<&'a str>,
    raw: &'a [u8],
    disposition: Disposition,
    reason: Option<&'a str>,
) -> Received<'a> {
    Received {
        message_id: intake.message_id(),
        sender: intake.sender(),
        subject,
        raw,
        disposition,
        reason,
    }
}

/// Runs the commands of a letter, collecting the answers for its sender.
fn run_letter(
    conn: &mut Connection,
    settings: &Settings,
    letter: &Letter,
    raw: &[u8],
    now: DateTime<Utc>,
    answers: &mut Vec<Answer>,
    handled: &mut Handled,
) -> Result<(), HandleError> {
    for line in &letter.commands {
        let requests = match language::parse(line) {
            Ok(requests) => requests,
            Err(e) => {
                handled.refused += 1;
                answers.push(error_mail(conn, settings, None, &e.to_string(), raw, None)?);
                continue;
            }
        };
        for mut request in requests {
            if let Command::Signup { emails, .. } = &mut request.command
                && emails.is_empty()
            {
                emails.push(letter.sender.clone());
            }
            if let Command::Challenge { players, .. } = &request.command
                && !sent_by_a_player(conn, players, &letter.sender)?
            {
                handled.refused += 1;
                let why = format!(
                    "a challenge by mail must come from an address of one of the players \
                     ({}); {} is not one",
                    players.join(", "),
                    letter.sender
                );
                answers.push(error_mail(conn, settings, None, &why, raw, None)?);
                continue;
            }
            match perform(conn, &request, letter.comment.as_deref(), now) {
                Ok(reply) => {
                    handled.done += 1;
                    if let Some(answer) = answer(settings, &request, line, &reply)? {
                        answers.push(answer.into());
                    }
                }
                Err(e) if e.is_trouble() => {
                    return Err(match e {
                        PerformError::Service(crate::service::ServiceError::Store(e)) => e.into(),
                        PerformError::Service(crate::service::ServiceError::Setup(why)) => {
                            HandleError::Store(StoreError::Setup(why))
                        }
                        other => HandleError::Store(StoreError::Damaged(other.to_string())),
                    });
                }
                Err(e) => {
                    handled.refused += 1;
                    let game = game_of(&request.command);
                    let game = game.map(|g| (g, claimed_user(&request.actor)));
                    let secret = password_of(&request);
                    answers.push(error_mail(
                        conn,
                        settings,
                        game,
                        &e.to_string(),
                        raw,
                        secret,
                    )?);
                }
            }
        }
    }
    Ok(())
}

/// True when `sender` is an address of one of `players` (so nobody can
/// start games for others by mail). Unknown players are left to the
/// service, which names them.
fn sent_by_a_player(
    conn: &Connection,
    players: &[String],
    sender: &str,
) -> Result<bool, HandleError> {
    let mut known = false;
    for userid in players {
        if let Some(player) = crate::store::players::find(conn, userid)? {
            known = true;
            let emails = crate::store::players::emails(conn, player.id)?;
            if emails.iter().any(|e| e.eq_ignore_ascii_case(sender)) {
                return Ok(true);
            }
        }
    }
    Ok(!known)
}

/// The mail a successful command sends its sender, if any: commands that
/// change a game already mail every player.
fn answer(
    settings: &Settings,
    request: &Request,
    line: &str,
    reply: &Reply,
) -> Result<Option<Rendered>, HandleError> {
    match &request.command {
        Command::Move { .. }
        | Command::Challenge { .. }
        | Command::Resign { .. }
        | Command::Draw { .. } => Ok(None),
        Command::Help { topic } => {
            // Mail users get the mail form of the commands.
            let text = super::help::text(topic.as_deref()).unwrap_or_else(|| reply.text());
            let letter = HelpLetter {
                topic: topic.clone(),
                text,
            };
            render(settings, "help.txt", &letter).map(Some)
        }
        Command::Signup { user, emails, .. } => {
            let letter = WelcomeLetter {
                userid: user.clone(),
                addresses: emails.clone(),
                games: variants(VARIANTS)
                    .text()
                    .lines()
                    .map(str::to_string)
                    .collect(),
            };
            render(settings, "welcome.txt", &letter).map(Some)
        }
        _ => {
            let letter = ReplyLetter {
                request: without_password(line, request),
                text: reply.text(),
            };
            render(settings, "reply.txt", &letter).map(Some)
        }
    }
}

/// The command line with the password (if it holds one) masked.
fn without_password(line: &str, request: &Request) -> String {
    let secret = password_of(request);
    line.split_whitespace()
        .map(|word| if Some(word) == secret { "***" } else { word })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The userid a command speaks for, if it names one.
fn claimed_user(actor: &Actor) -> Option<&str> {
    match actor {
        Actor::Claimed { user, .. } => Some(user.as_str()),
        _ => None,
    }
}

/// The password a request carries, if any.
fn password_of(request: &Request) -> Option<&str> {
    match (&request.actor, &request.command) {
        (Actor::Claimed { password, .. }, _) => Some(password.as_str()),
        (_, Command::Signup { password, .. }) => Some(password.as_str()),
        _ => None,
    }
}

/// An error mail ([`refusal`]), in the game's thread when the command
/// named a board of the player it spoke for.
fn error_mail(
    conn: &Connection,
    settings: &Settings,
    game: Option<(crate::command::GameId, Option<&str>)>,
    reason: &str,
    raw: &[u8],
    secret: Option<&str>,
) -> Result<Answer, HandleError> {
    let letter = refusal::letter(conn, game, reason, raw, secret);
    let thread = match (game, letter.board) {
        (Some((id, Some(user))), Some(_)) => crate::store::games::find(conn, id)?
            .filter(|row| row.players.iter().any(|p| p.eq_ignore_ascii_case(user)))
            .map(|_| (id, user.to_ascii_lowercase())),
        _ => None,
    };
    let mail = render(settings, "error.txt", &letter)?;
    Ok(Answer { mail, thread })
}

fn render(
    settings: &Settings,
    name: &str,
    context: impl serde::Serialize,
) -> Result<Rendered, HandleError> {
    settings
        .templates
        .render(name, context)
        .map_err(|e| HandleError::Template(e.to_string()))
}
