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
//! message over, each command runs once. A password is checked before
//! that transaction begins (argon2 holds no lock). Last, the message is
//! marked with what became of it, in the transaction that queues the one
//! answer its sender gets for all its commands ([`answers`], within
//! [`limits`]). Passwords, codes and tokens are masked ([`mask`]) before
//! the message is stored or quoted.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::perform::{PerformError, game_of, perform};
use super::refusal;
use crate::command::language::Request;
use crate::command::{Actor, Command, GameId};
use crate::letters::templates::Rendered;
use crate::letters::{HelpLetter, Letter, ReplyLetter, WelcomeLetter};
use crate::mail::answers::{self, Answer};
use crate::mail::fingerprint;
use crate::mail::inbound::{self, Intake, Refusal};
use crate::mail::inbox::{self, Claim, Disposition, Received};
use crate::mail::limits::{self, MAX_QUOTE_BYTES};
use crate::mail::mask::{self, Line, Users};
use crate::mail::outbox::{self, Draft};
use crate::mail::plan::{self, Board, Step};
use crate::mail::raw::RawMail;
use crate::mail::settings::Settings;
use crate::mail::spool::Spooled;
use crate::mail::steps::{self, Outcome};
use crate::mail::token::Recipient;
use crate::rules::VARIANTS;
use crate::service::records::help::variants;
use crate::service::{Reply, login};
use crate::store::{self, StoreError, games, players};

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

/// Takes in one message received at `now`, as the MTA delivered it to
/// this process.
///
/// A message of at most one step ([`plan`]: one command, or none, as a
/// reply to a board mail always is) is taken in with ONE transaction:
/// its claim, its command with the mail it causes, the record of it, the
/// answer and the mark that it is finished commit together, so a kill
/// anywhere leaves either nothing (the MTA's retry runs it) or all of it
/// (the retry is a duplicate). A letter of several steps commits each on
/// its own, so that an interrupted one resumes at its next step.
pub fn take_in(
    conn: &mut Connection,
    mail: &RawMail,
    now: DateTime<Utc>,
) -> Result<Handled, HandleError> {
    take_in_as(conn, mail, &Recipient::from_env(), None, now)
}

/// Takes in a message read back from the [`spool`], as of when it
/// arrived, exactly as [`take_in`] would have then.
pub fn take_in_spooled(conn: &mut Connection, spooled: &Spooled) -> Result<Handled, HandleError> {
    prepare_spooled(conn, spooled)?.take_in(conn)
}

/// Reads and masks a message read back from the [`spool`] (the work
/// that grows with the message), without a lock: [`Prepared::take_in`]
/// then takes it in, in the drain's transaction.
pub fn prepare_spooled(conn: &Connection, spooled: &Spooled) -> Result<Prepared, HandleError> {
    let mail = RawMail::spooled(
        spooled.kept.clone(),
        spooled.size,
        spooled.truncated,
        spooled.body_digest,
    );
    let recipient = Recipient::Known(spooled.token.clone());
    Prepared::new(
        conn,
        &mail,
        &recipient,
        Some(&spooled.key),
        spooled.received,
    )
}

/// The spool's copy of a message delivered to this process, read with
/// the size limit `limit`, when it may wait in the spool: when it holds
/// no password or code (those are checked in the process they came to).
/// Its reply tokens are masked, byte for byte; nothing else changes.
pub fn for_spool(mail: &RawMail, limit: usize, now: DateTime<Utc>) -> Option<Spooled> {
    let recipient = Recipient::from_env();
    let intake = inbound::read_with(&mail.kept, mail.size, limit, &recipient);
    // Without the database every word shaped like a userid may be one:
    // a message with anything that could be a password is not spooled.
    if !secrets(&intake, mail, &Users::Unknown).is_empty() {
        return None;
    }
    let token = match &intake {
        Intake::Letter(letter) => letter.token.clone(),
        _ => None,
    };
    Some(Spooled {
        received: now,
        key: fingerprint::key(mail, intake.message_id()),
        kept: mask::token_bytes(&mail.kept),
        size: mail.size,
        truncated: mail.is_truncated(),
        body_digest: mail.body_digest,
        token,
    })
}

/// The passwords and codes of a message, by their place in its commands
/// (or, for one whose commands were not read, in its Subject), and the
/// words of its lines that do not parse that could be passwords
/// ([`mask::suspects`]).
fn secrets(intake: &Intake, mail: &RawMail, users: &Users<'_>) -> Vec<String> {
    match intake {
        Intake::Letter(letter) => {
            let (subject, line) = match letter.token {
                Some(_) => (Line::ReplySubject, Line::Reply),
                None => (Line::Command, Line::Command),
            };
            let mut found = mask::suspects(&letter.subject, users, subject);
            for command in &letter.commands {
                found.extend(mask::suspects(command, users, line));
            }
            if let Some(comment) = &letter.comment {
                found.extend(mask::comment_secrets(comment));
            }
            found
        }
        _ => mask::subject_secrets(&mail.kept, users),
    }
}

/// Takes in one message whose reply token is found as `recipient` says,
/// known by `key` when that was worked out before (from the message as
/// delivered: a spooled copy is masked).
fn take_in_as(
    conn: &mut Connection,
    mail: &RawMail,
    recipient: &Recipient,
    key: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Handled, HandleError> {
    Prepared::new(conn, mail, recipient, key, now)?.take_in(conn)
}

/// A message read, its secrets found and masked, its copies to store and
/// quote made: all the work that grows with the message's size, done
/// before any lock is taken (issue 48: however long a stranger's mail
/// takes to read, no other mail waits for it).
pub struct Prepared {
    settings: &'static Settings,
    key: String,
    intake: Intake,
    secrets: Vec<String>,
    /// The Subject, masked.
    subject: Option<String>,
    /// The copy stored in the inbox (masked, cut when too large).
    stored: Vec<u8>,
    /// The message masked, for quotes.
    masked: Vec<u8>,
    /// The header section, for the short answer to one over the limit.
    headers: Vec<u8>,
    comment: Option<String>,
    too_large: bool,
    size: u64,
    now: DateTime<Utc>,
}

impl Prepared {
    /// Reads `mail`, its reply token found as `recipient` says, known by
    /// `key` when that was worked out before. Reads the database (its
    /// userids, for masking) but writes nothing.
    fn new(
        conn: &Connection,
        mail: &RawMail,
        recipient: &Recipient,
        key: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Prepared, HandleError> {
        let settings = Settings::current().map_err(|e| HandleError::Settings(e.to_string()))?;
        let limit = settings.storage.max_message_bytes;
        let intake = inbound::read_with(&mail.kept, mail.size, limit, recipient);
        let key = match key {
            Some(key) => key.to_string(),
            None => fingerprint::key(mail, intake.message_id()),
        };
        // No password, code or token is stored or quoted in clear: the
        // Subject, the stored copy and every quote are masked (crate::mail::mask).
        let userids = players::userids(conn)?;
        let secrets = secrets(&intake, mail, &Users::Known(&userids));
        let subject = match &intake {
            Intake::Letter(letter) => Some(mask::text(&letter.subject, &secrets)),
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
        let stored = mask::message(stored, subject.as_deref(), &secrets);
        let masked = mask::message(&mail.kept, subject.as_deref(), &secrets);
        let comment = match &intake {
            Intake::Letter(letter) => letter
                .comment
                .as_deref()
                .map(|c| limits::cut(&mask::text(c, &secrets), limits::MAX_COMMENT_BYTES)),
            _ => None,
        };
        Ok(Prepared {
            settings,
            key,
            intake,
            secrets,
            subject,
            stored,
            masked,
            headers: mail.headers().to_vec(),
            comment,
            too_large,
            size: mail.size,
            now,
        })
    }

    /// Takes the message in: its steps worked out, its passwords checked
    /// (argon2, outside the lock), then claimed, run and finished.
    pub fn take_in(self, conn: &mut Connection) -> Result<Handled, HandleError> {
        let intake = &self.intake;
        let received = Received {
            key: &self.key,
            message_id: intake.message_id(),
            sender: intake.sender(),
            subject: self.subject.as_deref(),
            raw: &self.stored,
            size: self.size,
        };
        let letter = match intake {
            Intake::Letter(letter) => Some(letter),
            _ => None,
        };
        let message = Message {
            settings: self.settings,
            intake,
            received: &received,
            headers: &self.headers,
            raw: &self.masked,
            secrets: &self.secrets,
            comment: self.comment.clone(),
            too_large: self.too_large,
            now: self.now,
        };
        // What the letter asks is worked out before any lock is taken.
        let mut steps = match letter {
            Some(letter) => plan::steps(conn, letter, &self.settings.bounds)?,
            None => Vec::new(),
        };
        if steps.len() > 1 {
            return message.step_by_step(conn, steps);
        }
        let step = steps.pop();
        // A password is checked outside the lock, but not for a copy of a
        // message already handled: that is only recorded.
        if step.as_ref().is_some_and(Step::needs_password) && inbox::is_finished(conn, &self.key)? {
            return message.step_by_step(conn, step.into_iter().collect());
        }
        message.at_once(conn, step)
    }
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

/// Queues the one answer to the message kept as inbox row `row`, to its
/// sender: its id is named by the row, so it is queued once however often
/// the message is handled. In the game's thread when it has one (under
/// the game's first mail to the player), answering the sender's message.
fn queue_answer(
    conn: &Connection,
    settings: &Settings,
    row: i64,
    sender: &str,
    parent: Option<String>,
    answer: Answer,
    now: DateTime<Utc>,
) -> Result<(), HandleError> {
    let identity = &settings.identity;
    let root = answer
        .thread
        .as_ref()
        .map(|(game, user)| identity.game_root_id(*game, user));
    let references: Vec<String> = root.iter().chain(parent.iter()).cloned().collect();
    // An answer in the thread of a game still going on, to one of its
    // player's confirmed addresses, can be replied to as a board mail can
    // (error_mail says so).
    let mut reply_to = None;
    if let Some((game, user)) = &answer.thread
        && let Some(player) = replies_here(conn, *game, user, sender)?
    {
        reply_to = Some(crate::mail::token::issue(
            conn, identity, *game, player, now,
        )?);
    }
    let draft = Draft {
        game: answer.thread.as_ref().map(|(game, _)| *game),
        to: vec![sender.to_string()],
        subject: answer.mail.subject,
        body: answer.mail.parts.text,
        message_id: identity.answer_id(row, 0),
        in_reply_to: parent.or(root),
        references,
        reply_to,
        html: None,
    };
    outbox::queue(conn, &draft, now)?;
    Ok(())
}

/// One message being taken in, with what its steps need.
struct Message<'a> {
    settings: &'a Settings,
    intake: &'a Intake,
    received: &'a Received<'a>,
    /// The message's header section, for the short answer to one over
    /// the size limit.
    headers: &'a [u8],
    /// The message as stored (masked), for quotes.
    raw: &'a [u8],
    secrets: &'a [String],
    /// The letter's comment, cut to size, relayed by its commands.
    comment: Option<String>,
    too_large: bool,
    now: DateTime<Utc>,
}

/// A step ready to commit: its password checked.
enum Ready {
    /// A request whose actor is verified (or needs no password).
    Perform {
        line: String,
        request: Request,
        board: Board,
    },
    /// A step refused, with its (masked) reason.
    Refuse { board: Board, reason: String },
    /// A step refused without an answer.
    Ignore,
}

impl Message<'_> {
    /// Claims the message, runs its one step (if any) and finishes it,
    /// all in one transaction.
    fn at_once(&self, conn: &mut Connection, step: Option<Step>) -> Result<Handled, HandleError> {
        let ready = step.map(|step| self.ready(conn, step)).transpose()?;
        store::atomically(conn, |conn| {
            let row = match inbox::claim(conn, self.received, self.now)? {
                Claim::Finished(row) => {
                    inbox::record_copy(conn, row, self.received, self.now)?;
                    return Ok(duplicate());
                }
                Claim::Fresh(row) | Claim::Unfinished(row) => row,
            };
            if let Some(ready) = ready {
                self.apply(conn, row, 0, ready)?;
            }
            self.finish(conn, row)
        })
    }

    /// Claims the message, then commits each step not yet done on its
    /// own, then finishes the message: a retry resumes where a run
    /// stopped.
    fn step_by_step(
        &self,
        conn: &mut Connection,
        steps: Vec<Step>,
    ) -> Result<Handled, HandleError> {
        let claim = store::atomically(conn, |conn| -> Result<Claim, HandleError> {
            let claim = inbox::claim(conn, self.received, self.now)?;
            if let Claim::Finished(row) = claim {
                inbox::record_copy(conn, row, self.received, self.now)?;
            }
            Ok(claim)
        })?;
        let row = match claim {
            Claim::Finished(_) => return Ok(duplicate()),
            Claim::Fresh(row) | Claim::Unfinished(row) => row,
        };
        for (n, step) in steps.into_iter().enumerate() {
            if steps::is_done(conn, row, n)? {
                continue;
            }
            // The password is checked before the step's transaction.
            let ready = self.ready(conn, step)?;
            store::atomically(conn, |conn| self.apply(conn, row, n, ready))?;
        }
        store::atomically(conn, |conn| self.finish(conn, row))
    }

    /// Checks the step's password (argon2, outside any transaction): a
    /// login refused makes the step a refusal.
    fn ready(&self, conn: &Connection, step: Step) -> Result<Ready, HandleError> {
        let refuse = |board, reason: &str| Ready::Refuse {
            board,
            reason: mask::text(reason, self.secrets),
        };
        match step {
            Step::Refuse(board, why) => Ok(refuse(board, &why)),
            Step::Ignore => Ok(Ready::Ignore),
            Step::Run(line, request) => {
                let board = game_of(&request.command)
                    .map(|g| (g, claimed_user(&request.actor).map(str::to_string)));
                match login::authenticate(conn, &request.actor) {
                    Ok(actor) => Ok(Ready::Perform {
                        line,
                        request: Request { actor, ..request },
                        board,
                    }),
                    Err(e) if e.is_refusal() => Ok(refuse(board, &e.to_string())),
                    Err(e) => Err(trouble(PerformError::Service(e))),
                }
            }
        }
    }

    /// Step `n` of the message in inbox row `row`, unless an earlier run
    /// did it: the command, its mail, its answer (kept for the combined
    /// mail) and the record that it is done, inside the caller's
    /// transaction.
    fn apply(
        &self,
        conn: &mut Connection,
        row: i64,
        n: usize,
        ready: Ready,
    ) -> Result<(), HandleError> {
        if steps::is_done(conn, row, n)? {
            return Ok(());
        }
        let (settings, raw) = (self.settings, self.raw);
        let way = match self.intake {
            Intake::Letter(letter) if letter.token.is_some() => refusal::Way::Reply,
            _ => refusal::Way::Subject,
        };
        let sender = self.received.sender;
        let refused = |conn: &Connection, board: &Board, reason: &str| {
            let game = board.as_ref().map(|(g, u)| (*g, u.as_deref()));
            error_mail(conn, settings, game, reason, raw, way, sender)
                .map(|a| (Outcome::Refused, Some(a)))
        };
        let (outcome, answer) = match ready {
            Ready::Refuse { board, reason } => refused(conn, &board, &reason)?,
            // Recorded, never answered (a token reply from an address
            // that is not its player's: nothing goes to an unconfirmed From).
            Ready::Ignore => (Outcome::Refused, None),
            Ready::Perform {
                line,
                request,
                board,
            } => {
                // Accounts by mail, per sender address and day.
                let signup = matches!(request.command, Command::Signup { .. });
                let bound = match (signup, sender) {
                    (true, Some(sender)) => {
                        limits::may_sign_up(conn, sender, self.now, &settings.rates)?.err()
                    }
                    _ => None,
                };
                if let Some(bound) = bound {
                    refused(conn, &board, &bound.to_string())?
                } else {
                    match perform(conn, &request, self.comment.as_deref(), self.now, true) {
                        Ok(reply) => {
                            if let (true, Some(sender)) = (signup, sender) {
                                limits::count_signup(conn, sender, self.now)?;
                            }
                            let sender = sender.unwrap_or_default();
                            let answer = answer(settings, &request, &line, &reply, sender)?;
                            (Outcome::Done, answer.map(Answer::from))
                        }
                        Err(e) if e.is_trouble() => return Err(trouble(e)),
                        Err(e) => refused(conn, &board, &mask::text(&e.to_string(), self.secrets))?,
                    }
                }
            }
        };
        steps::record(conn, row, n, outcome, answer.as_ref(), self.now)?;
        Ok(())
    }

    /// Marks the message in inbox row `row` with what became of it and
    /// queues the one answer its sender gets for all its commands (within
    /// the sender's daily budget, crate::mail::limits), inside the caller's
    /// transaction; a no-op for a row another copy finished first.
    fn finish(&self, conn: &Connection, row: i64) -> Result<Handled, HandleError> {
        let (settings, intake, now) = (self.settings, self.intake, self.now);
        let (disposition, reason) = match intake {
            Intake::Robot { robot, .. } => (Disposition::Ignored, Some(robot.to_string())),
            Intake::Refused { reason: why, .. } => {
                let disposition = match why {
                    Refusal::Unreadable | Refusal::ReaderFailed => Disposition::Unreadable,
                    _ => Disposition::Refused,
                };
                (disposition, Some(why.to_string()))
            }
            Intake::Letter(_) => (Disposition::Handled, None),
        };
        if inbox::disposition(conn, row)? == Some(Disposition::Received) {
            let mut all = steps::answers(conn, row)?;
            if let Intake::Refused { reason: why, .. } = intake {
                // A message over the limit is answered short: its headers only.
                let original = if self.too_large {
                    mask::message(self.headers, None, self.secrets)
                } else {
                    self.raw.to_vec()
                };
                // A reply to a notice is told where commands go.
                let reason = match why {
                    Refusal::AnswersNotice(notice) => {
                        notice.answer(settings.identity.from.email.as_ref())
                    }
                    _ => why.to_string(),
                };
                all.push(error_mail(
                    conn,
                    settings,
                    None,
                    &reason,
                    &original,
                    refusal::Way::Subject,
                    None,
                )?);
            }
            // One combined answer per message; a single answer keeps its
            // game thread.
            let (done, refused) = steps::tally(conn, row)?;
            let tally = answers::Tally { done, refused };
            let thread = match all.as_slice() {
                [one] if done + refused <= 1 => one.thread.clone(),
                _ => None,
            };
            if let Some(sender) = intake.sender()
                && let Some(mail) =
                    answers::combine(all.into_iter().map(|a| a.mail).collect(), tally)
                && limits::may_answer(conn, sender, done == 0, now, &settings.rates)?
            {
                let parent = intake.message_id().map(|id| format!("<{id}>"));
                let answer = Answer { mail, thread };
                queue_answer(conn, settings, row, sender, parent, answer, now)?;
            }
        }
        inbox::finish(conn, row, disposition, reason.as_deref())?;
        let (done, refused) = steps::tally(conn, row)?;
        Ok(Handled {
            disposition,
            done,
            refused,
        })
    }
}

/// What a copy of a message already handled comes to.
fn duplicate() -> Handled {
    Handled {
        disposition: Disposition::Duplicate,
        done: 0,
        refused: 0,
    }
}

/// Database trouble while running a command: the MTA tries again.
fn trouble(e: PerformError) -> HandleError {
    match e {
        PerformError::Service(crate::service::ServiceError::Store(e)) => e.into(),
        other => HandleError::Store(StoreError::Damaged(other.to_string())),
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
        Command::Move { .. } | Command::ConfirmSubmission { .. } | Command::Draw { .. } => Ok(None),
        // A game that began mails every player; an invitation only those
        // asked, so its challenger is answered (below).
        Command::Challenge { .. } | Command::Accept { .. } | Command::LadderChallenge { .. }
            if matches!(reply, Reply::Challenged { .. }) =>
        {
            Ok(None)
        }
        // Taking a seek always begins its game: the new board is the answer.
        Command::AcceptSeek { .. } => Ok(None),
        // A resignation sent out of turn only waits ([`Reply::Noted`]):
        // nobody else is mailed, so its sender is answered (below).
        Command::Resign { .. } if !matches!(reply, Reply::Noted { .. }) => Ok(None),
        Command::Help { topic, .. } => {
            // The language gave the mail world: mail syntax only.
            let text = reply.text();
            let letter = HelpLetter {
                topic: topic.clone(),
                text,
            };
            render(settings, &Letter::Help(letter)).map(Some)
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
            render(settings, &Letter::Reply(letter)).map(Some)
        }
    }
}

/// The welcome of a new player (`addresses`: where their mail goes, if
/// that is news).
fn welcome(settings: &Settings, user: &str, addresses: &[String]) -> Result<Rendered, HandleError> {
    let letter = WelcomeLetter {
        userid: user.to_string(),
        addresses: addresses.to_vec(),
        games: variants(&VARIANTS)
            .text()
            .lines()
            .map(str::to_string)
            .collect(),
    };
    render(settings, &Letter::Welcome(letter))
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
/// named a board of the player it spoke for, telling them to answer the
/// `way` they sent it. `raw` is the message as stored (masked); at most
/// [`MAX_QUOTE_BYTES`] of it are quoted.
///
/// An error about the board of a game still going on, to one of the
/// confirmed addresses of the player it speaks for, says to reply to it:
/// it goes out with a Reply-To token of its own ([`queue_answer`]).
fn error_mail(
    conn: &Connection,
    settings: &Settings,
    game: Option<(GameId, Option<&str>)>,
    reason: &str,
    raw: &[u8],
    way: refusal::Way,
    sender: Option<&str>,
) -> Result<Answer, HandleError> {
    let raw = &raw[..raw.len().min(MAX_QUOTE_BYTES)];
    let theirs = match game {
        Some((id, Some(user))) => games::find(conn, id)?
            .filter(|row| row.players.iter().any(|p| p.eq_ignore_ascii_case(user)))
            .map(|_| (id, user)),
        _ => None,
    };
    let reply_here = match (theirs, sender) {
        (Some((id, user)), Some(sender)) => replies_here(conn, id, user, sender)?.is_some(),
        _ => false,
    };
    let letter = refusal::letter(conn, game, reason, raw, None, way, reply_here);
    let thread = match (theirs, letter.board) {
        (Some((id, user)), Some(_)) => Some((id, user.to_ascii_lowercase())),
        _ => None,
    };
    let mail = render(settings, &Letter::Error(letter))?;
    Ok(Answer { mail, thread })
}

/// The id of player `user` when an answer about their board in `game`,
/// going to `sender`, may carry a reply token: the game goes on and
/// `sender` is one of their confirmed addresses (the answer reaches them
/// alone). The error mail's words ([`error_mail`]) and its Reply-To
/// ([`queue_answer`]) are decided by this one rule.
fn replies_here(
    conn: &Connection,
    game: GameId,
    user: &str,
    sender: &str,
) -> Result<Option<i64>, HandleError> {
    let active = games::find(conn, game)?.is_some_and(|row| row.status == games::Status::Active);
    let Some(player) = players::find(conn, user)?.filter(|_| active) else {
        return Ok(None);
    };
    Ok(players::is_confirmed(conn, player.id, sender)?.then_some(player.id))
}

fn render(settings: &Settings, letter: &Letter) -> Result<Rendered, HandleError> {
    settings
        .templates
        .letter(letter)
        .map_err(|e| HandleError::Template(e.to_string()))
}
