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
use super::limits::{self, MAIL_BUDGET, MAX_QUOTE_BYTES, MAX_REQUESTS};
use super::outbox::{self, Draft};
use super::refusal;
use super::settings::Settings;
use super::templates::Rendered;
use super::{answers, mask, token};
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
    // No password, code or token is stored or quoted in clear: the
    // Subject, the stored copy and every quote are masked (super::mask).
    let secrets: Vec<String> = match &intake {
        Intake::Letter(letter) => std::iter::once(&letter.subject)
            .chain(&letter.commands)
            .flat_map(|line| mask::secrets(line))
            .collect(),
        _ => mask::subject_secrets(raw),
    };
    let subject = match &intake {
        Intake::Letter(letter) => Some(mask::text(&letter.subject, &secrets)),
        _ => None,
    };
    let masked = mask::message(raw, subject.as_deref(), &secrets);
    let raw = masked.as_slice();
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
                let mut run = Run {
                    conn,
                    settings,
                    raw,
                    secrets: &secrets,
                    now,
                    answers: &mut answers,
                    handled: &mut handled,
                };
                run.letter(letter)?;
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
    // One combined answer per message, within the sender's daily budget
    // (super::limits); a single answer keeps its game thread.
    let thread = match answers.as_slice() {
        [one] => one.thread.clone(),
        _ => None,
    };
    let combined = answers::combine(answers.into_iter().map(|a| a.mail).collect());
    if let Some(sender) = intake.sender()
        && let Some(mail) = combined
        && limits::may_answer(&tx, sender, handled.done == 0, now)?
    {
        let parent = intake.message_id().map(|id| format!("<{id}>"));
        // In the game's thread: under the game's first mail to the player,
        // answering the player's own message.
        let root = thread
            .as_ref()
            .map(|(game, user)| settings.identity.game_root_id(*game, user));
        let references: Vec<String> = root.iter().chain(parent.iter()).cloned().collect();
        let draft = Draft {
            game: thread.as_ref().map(|(game, _)| *game),
            to: vec![sender.to_string()],
            subject: mail.subject,
            body: mail.body,
            message_id: settings.identity.answer_id(row, 0),
            in_reply_to: parent.or(root),
            references,
            reply_to: None,
        };
        outbox::queue(&tx, &draft, now)?;
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

/// One letter being run: its commands, and the answers for its sender.
struct Run<'a> {
    conn: &'a mut Connection,
    settings: &'a Settings,
    /// The message as stored (masked).
    raw: &'a [u8],
    secrets: &'a [String],
    now: DateTime<Utc>,
    answers: &'a mut Vec<Answer>,
    handled: &'a mut Handled,
}

impl Run<'_> {
    /// Runs the commands of a letter: at most [`MAX_REQUESTS`], and only
    /// while the mails they may cause fit in [`MAIL_BUDGET`].
    fn letter(&mut self, letter: &Letter) -> Result<(), HandleError> {
        let comment = letter
            .comment
            .as_deref()
            .map(|c| limits::cut(c, limits::MAX_COMMENT_BYTES));
        let requests = match &letter.token {
            Some(token) => self.reply(letter, token)?,
            None => self.parse(letter)?,
        };
        let (mut run, mut mails, mut skipped) = (0, 0, 0);
        for (line, request) in requests {
            let cost = limits::mail_cost(&request.command);
            if run >= MAX_REQUESTS || mails + cost > MAIL_BUDGET {
                skipped += 1;
                continue;
            }
            run += 1;
            mails += cost;
            self.request(&line, request, comment.as_deref(), &letter.sender)?;
        }
        if skipped > 0 {
            self.handled.refused += skipped;
            let why = format!(
                "{skipped} more command(s) not run: one mail runs at most {MAX_REQUESTS} \
                 commands, and only as many moves, challenges or new addresses as can \
                 cause {MAIL_BUDGET} mails (send the rest in another mail)"
            );
            self.refuse(None, &why)?;
        }
        Ok(())
    }

    /// The requests of a letter's command lines (one more than may run,
    /// at most); a line that does not parse is refused at once.
    fn parse(&mut self, letter: &Letter) -> Result<Vec<(String, Request)>, HandleError> {
        let mut requests = Vec::new();
        for line in &letter.commands {
            if requests.len() > MAX_REQUESTS {
                break;
            }
            match language::parse(line) {
                Ok(parsed) => {
                    for mut request in parsed {
                        if let Command::Signup { emails, .. } = &mut request.command
                            && emails.is_empty()
                        {
                            emails.push(letter.sender.clone());
                        }
                        requests.push((line.clone(), request));
                    }
                }
                Err(e) => {
                    self.handled.refused += 1;
                    self.refuse(None, &e.to_string())?;
                }
            }
        }
        Ok(requests)
    }

    /// A reply to a board mail: its token names the player and the game,
    /// and the sender must be one of that player's confirmed addresses.
    fn reply(
        &mut self,
        letter: &Letter,
        token: &str,
    ) -> Result<Vec<(String, Request)>, HandleError> {
        let Some(bearer) = token::redeem(self.conn, token)? else {
            self.handled.refused += 1;
            self.refuse(
                None,
                "this reply address is not valid (the game is over, or the address was \
                 changed): write the full command in the Subject instead (send `help`)",
            )?;
            return Ok(Vec::new());
        };
        let game = Some((bearer.game, Some(bearer.userid.as_str())));
        let emails = crate::store::players::confirmed_emails(self.conn, bearer.player)?;
        if !emails
            .iter()
            .any(|e| e.eq_ignore_ascii_case(&letter.sender))
        {
            self.handled.refused += 1;
            let why = format!(
                "this reply address belongs to a board mail of {user}, and {sender} is not a \
                 confirmed address of {user}: reply from the address the board mail came to",
                user = bearer.userid,
                sender = letter.sender,
            );
            self.refuse(game, &why)?;
            return Ok(Vec::new());
        }
        let Some(line) = letter.commands.first() else {
            self.handled.refused += 1;
            self.refuse(
                game,
                "no command found: write your move (or resign, draw offer, show) on the \
                 first line of your reply",
            )?;
            return Ok(Vec::new());
        };
        match language::parse_reply(line, bearer.game) {
            Ok(command) => Ok(vec![(
                line.clone(),
                Request {
                    game_word: None,
                    actor: Actor::Trusted(bearer.userid.clone()),
                    command,
                },
            )]),
            Err(e) => {
                self.handled.refused += 1;
                self.refuse(game, &e.to_string())?;
                Ok(Vec::new())
            }
        }
    }

    /// Runs one request, answering or refusing it.
    fn request(
        &mut self,
        line: &str,
        request: Request,
        comment: Option<&str>,
        sender: &str,
    ) -> Result<(), HandleError> {
        match perform(self.conn, &request, comment, self.now, true) {
            Ok(reply) => {
                self.handled.done += 1;
                if let Some(answer) = answer(self.settings, &request, line, &reply, sender)? {
                    self.answers.push(answer.into());
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
                self.handled.refused += 1;
                let game = game_of(&request.command);
                let game = game.map(|g| (g, claimed_user(&request.actor)));
                self.refuse(game, &e.to_string())?;
            }
        }
        Ok(())
    }

    /// Queues the error answer for a refusal, its reason masked.
    fn refuse(
        &mut self,
        game: Option<(crate::command::GameId, Option<&str>)>,
        reason: &str,
    ) -> Result<(), HandleError> {
        let reason = mask::text(reason, self.secrets);
        let raw = &self.raw[..self.raw.len().min(MAX_QUOTE_BYTES)];
        let mail = error_mail(self.conn, self.settings, game, &reason, raw, None)?;
        self.answers.push(mail);
        Ok(())
    }
}

/// The mail a successful command sends its sender, if any: commands that
/// change a game already mail every player, and a signup the addresses it
/// names (their confirmation).
fn answer(
    settings: &Settings,
    request: &Request,
    line: &str,
    reply: &Reply,
    sender: &str,
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
        // The confirmation mail answers a signup from an address it names:
        // an unconfirmed address gets nothing else.
        Command::Signup { emails, .. } if emails.iter().any(|e| e.eq_ignore_ascii_case(sender)) => {
            Ok(None)
        }
        Command::Signup { user, emails, .. } => welcome(settings, user, emails).map(Some),
        // Confirmed: now the welcome, to the address that confirmed.
        Command::Confirm { user, .. } => welcome(settings, user, &[]).map(Some),
        _ => {
            let letter = ReplyLetter {
                request: mask::command_line(line),
                text: reply.text(),
            };
            render(settings, "reply.txt", &letter).map(Some)
        }
    }
}

/// The welcome of a new player (`addresses`: where their mail goes, if
/// that is news).
fn welcome(settings: &Settings, user: &str, addresses: &[String]) -> Result<Rendered, HandleError> {
    let letter = WelcomeLetter {
        userid: user.to_string(),
        addresses: addresses.to_vec(),
        games: variants(VARIANTS)
            .text()
            .lines()
            .map(str::to_string)
            .collect(),
    };
    render(settings, "welcome.txt", &letter)
}

/// The userid a command speaks for, if it names one.
fn claimed_user(actor: &Actor) -> Option<&str> {
    match actor {
        Actor::Claimed { user, .. } | Actor::Verified { user, .. } | Actor::Trusted(user) => {
            Some(user.as_str())
        }
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
