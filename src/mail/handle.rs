//! `boserv mail`: one received message, start to finish, exactly once.
//!
//! The message is read ([`inbound`]) and claimed in the [`inbox`] by its
//! key ([`fingerprint`]): a message already finished is only recorded as a
//! duplicate; one left unfinished (the process handling it died, or the
//! database was busy or the disk full) is resumed. A robot's mail is
//! recorded and never answered. Otherwise each command runs through the
//! service in one transaction with the mail it causes, the answer its
//! sender must hear (a list they asked for, or why it was refused) and the
//! record that it is done ([`steps`]), so however often the MTA hands the
//! message over, each command runs once and each answer is queued once.
//! Last, the message is marked with what became of it.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::fingerprint;
use super::inbound::{self, Intake, Letter, Refusal};
use super::inbox::{self, Claim, Disposition, Received};
use super::letters::{HelpLetter, ReplyLetter, WelcomeLetter};
use super::outbox::{self, Draft};
use super::raw::RawMail;
use super::refusal;
use super::settings::Settings;
use super::steps::{self, Outcome};
use super::templates::Rendered;
use crate::command::language::{self, Request};
use crate::command::perform::{PerformError, game_of, perform};
use crate::command::{Actor, Command};
use crate::rules::VARIANTS;
use crate::service::Reply;
use crate::service::help::variants;
use crate::store::{self, StoreError};

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

/// How much of a message over the size limit is stored: its headers and
/// the start of its body, enough to see who sent what.
const TRUNCATED_KEEP: usize = 16 * 1024;

/// What became of a message (every case is a success for the MTA).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handled {
    pub disposition: Disposition,
    /// Commands carried out and refused (earlier, interrupted runs of the
    /// same message included).
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
        matches!(self, HandleError::Store(e) if e.is_temporary())
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

/// Takes in one message held whole in memory, received at `now`.
pub fn handle(
    conn: &mut Connection,
    raw: &[u8],
    now: DateTime<Utc>,
) -> Result<Handled, HandleError> {
    take_in(conn, &RawMail::from_bytes(raw, raw.len()), now)
}

/// Takes in one message received at `now`.
pub fn take_in(
    conn: &mut Connection,
    mail: &RawMail,
    now: DateTime<Utc>,
) -> Result<Handled, HandleError> {
    let settings = Settings::current().map_err(|e| HandleError::Settings(e.to_string()))?;
    let intake = inbound::read_with(&mail.kept, mail.size, settings.storage.max_message_bytes);
    let key = fingerprint::key(mail, intake.message_id());
    let subject = match &intake {
        Intake::Letter(letter) => Some(letter.subject.as_str()),
        _ => None,
    };
    let too_large = matches!(
        intake,
        Intake::Refused {
            reason: Refusal::TooLarge { .. },
            ..
        }
    );
    let stored = if too_large || mail.is_truncated() {
        &mail.kept[..mail.kept.len().min(TRUNCATED_KEEP)]
    } else {
        &mail.kept[..]
    };
    let received = Received {
        key: &key,
        message_id: intake.message_id(),
        sender: intake.sender(),
        subject,
        raw: stored,
        size: mail.size,
    };
    let claim = store::atomically(conn, |conn| -> Result<Claim, HandleError> {
        let claim = inbox::claim(conn, &received, now)?;
        if let Claim::Finished(row) = claim {
            inbox::record_copy(conn, row, &received, now)?;
        }
        Ok(claim)
    })?;
    let row = match claim {
        Claim::Finished(_) => {
            return Ok(Handled {
                disposition: Disposition::Duplicate,
                done: 0,
                refused: 0,
            });
        }
        Claim::Fresh(row) | Claim::Unfinished(row) => row,
    };
    let mut answer_to = Answers {
        settings,
        row,
        sender: intake.sender(),
        parent: intake.message_id().map(|id| format!("<{id}>")),
    };
    let (disposition, reason) = match &intake {
        Intake::Robot { robot, .. } => (Disposition::Ignored, Some(robot.to_string())),
        Intake::Refused { reason: why, .. } => {
            let disposition = match why {
                Refusal::Unreadable | Refusal::ReaderFailed => Disposition::Unreadable,
                _ => Disposition::Refused,
            };
            (disposition, Some(why.to_string()))
        }
        Intake::Letter(letter) => {
            run_letter(conn, &mut answer_to, letter, &mail.kept, now)?;
            (Disposition::Handled, None)
        }
    };
    store::atomically(conn, |conn| -> Result<(), HandleError> {
        if let Intake::Refused { reason: why, .. } = &intake
            && answer_to.sender.is_some()
            && inbox::disposition(conn, row)? == Some(Disposition::Received)
        {
            // A message over the limit is answered short: its headers only.
            let original = if too_large {
                mail.headers()
            } else {
                &mail.kept[..]
            };
            let answer = error_mail(conn, settings, None, &why.to_string(), original, None)?;
            answer_to.queue(conn, 0, Some(answer), now)?;
        }
        inbox::finish(conn, row, disposition, reason.as_deref())?;
        Ok(())
    })?;
    let (done, refused) = steps::tally(conn, row)?;
    Ok(Handled {
        disposition,
        done,
        refused,
    })
}

/// Empties the raw text of finished mail older than the retention setting
/// (a few rows per call, so every `boserv mail` keeps the inbox trimmed).
pub fn prune(conn: &Connection, now: DateTime<Utc>) -> Result<usize, HandleError> {
    let settings = Settings::current().map_err(|e| HandleError::Settings(e.to_string()))?;
    let days = settings.storage.keep_days;
    if days == 0 {
        return Ok(0);
    }
    let before = now - chrono::Duration::days(days.into());
    Ok(inbox::prune(conn, before, now, 100)?)
}

/// Where the answers to one message go, and the ids they get: each is
/// named by the inbox row and the command it answers, so it is queued
/// once however often the message is handled.
struct Answers<'a> {
    settings: &'a Settings,
    row: i64,
    sender: Option<&'a str>,
    parent: Option<String>,
}

impl Answers<'_> {
    /// Queues `answer` as answer number `n` to the message: the answer to
    /// its command `n`, or (n = 0) to a message refused as a whole.
    fn queue(
        &mut self,
        conn: &Connection,
        n: usize,
        answer: Option<Answer>,
        now: DateTime<Utc>,
    ) -> Result<(), HandleError> {
        let (Some(sender), Some(answer)) = (self.sender, answer) else {
            return Ok(());
        };
        let identity = &self.settings.identity;
        // In the game's thread: under the game's first mail to the
        // player, answering the player's own message.
        let root = answer
            .thread
            .as_ref()
            .map(|(game, user)| identity.game_root_id(*game, user));
        let references: Vec<String> = root.iter().chain(self.parent.iter()).cloned().collect();
        let draft = Draft {
            game: answer.thread.as_ref().map(|(game, _)| *game),
            to: vec![sender.to_string()],
            subject: answer.mail.subject,
            body: answer.mail.body,
            message_id: identity.answer_id(self.row, n),
            in_reply_to: self.parent.clone().or(root),
            references,
        };
        outbox::queue(conn, &draft, now)?;
        Ok(())
    }
}

/// Runs the commands of a letter not yet done, each in one transaction
/// with its answer and the record that it is done.
fn run_letter(
    conn: &mut Connection,
    answers: &mut Answers<'_>,
    letter: &Letter,
    raw: &[u8],
    now: DateTime<Utc>,
) -> Result<(), HandleError> {
    let settings = answers.settings;
    let mut step = 0;
    for line in &letter.commands {
        match language::parse(line) {
            Err(e) => {
                once(conn, answers, step, now, |conn| {
                    let answer = error_mail(conn, settings, None, &e.to_string(), raw, None)?;
                    Ok((Outcome::Refused, Some(answer)))
                })?;
                step += 1;
            }
            Ok(requests) => {
                for request in requests {
                    once(conn, answers, step, now, |conn| {
                        run_request(conn, settings, letter, line, request, raw, now)
                    })?;
                    step += 1;
                }
            }
        }
    }
    Ok(())
}

/// Command `step` of the message, unless an earlier run did it: the
/// command, its answer and the record of it commit together.
fn once(
    conn: &mut Connection,
    answers: &mut Answers<'_>,
    step: usize,
    now: DateTime<Utc>,
    command: impl FnOnce(&mut Connection) -> Result<(Outcome, Option<Answer>), HandleError>,
) -> Result<(), HandleError> {
    let row = answers.row;
    store::atomically(conn, |conn| {
        if steps::is_done(conn, row, step)? {
            return Ok(());
        }
        let (outcome, answer) = command(conn)?;
        answers.queue(conn, step, answer, now)?;
        steps::record(conn, row, step, outcome, now)?;
        Ok(())
    })
}

/// Runs one request of a letter; returns what became of it and the
/// answer its sender gets, if any.
fn run_request(
    conn: &mut Connection,
    settings: &Settings,
    letter: &Letter,
    line: &str,
    mut request: Request,
    raw: &[u8],
    now: DateTime<Utc>,
) -> Result<(Outcome, Option<Answer>), HandleError> {
    if let Command::Signup { emails, .. } = &mut request.command
        && emails.is_empty()
    {
        emails.push(letter.sender.clone());
    }
    if let Command::Challenge { players, .. } = &request.command
        && !sent_by_a_player(conn, players, &letter.sender)?
    {
        let why = format!(
            "a challenge by mail must come from an address of one of the players \
             ({}); {} is not one",
            players.join(", "),
            letter.sender
        );
        let answer = error_mail(conn, settings, None, &why, raw, None)?;
        return Ok((Outcome::Refused, Some(answer)));
    }
    match perform(conn, &request, letter.comment.as_deref(), now) {
        Ok(reply) => Ok((
            Outcome::Done,
            answer(settings, &request, line, &reply)?.map(Answer::from),
        )),
        Err(e) if e.is_trouble() => Err(match e {
            PerformError::Service(crate::service::ServiceError::Store(e)) => e.into(),
            PerformError::Service(crate::service::ServiceError::Setup(why)) => {
                HandleError::Store(StoreError::Setup(why))
            }
            other => HandleError::Store(StoreError::Damaged(other.to_string())),
        }),
        Err(e) => {
            let game = game_of(&request.command);
            let game = game.map(|g| (g, claimed_user(&request.actor)));
            let secret = password_of(&request);
            let answer = error_mail(conn, settings, game, &e.to_string(), raw, secret)?;
            Ok((Outcome::Refused, Some(answer)))
        }
    }
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
