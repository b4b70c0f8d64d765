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

use super::answers::{self, Answer};
use super::fingerprint;
use super::inbound::{self, Intake, Letter, Refusal};
use super::inbox::{self, Claim, Disposition, Received};
use super::letters::{HelpLetter, ReplyLetter, WelcomeLetter};
use super::limits::{self, MAIL_BUDGET, MAX_QUOTE_BYTES, MAX_REQUESTS};
use super::outbox::{self, Draft};
use super::raw::RawMail;
use super::refusal;
use super::settings::Settings;
use super::steps::{self, Outcome};
use super::templates::Rendered;
use super::{mask, token};
use crate::command::language::{self, Request};
use crate::command::perform::{PerformError, game_of, perform};
use crate::command::{Actor, Command, GameId};
use crate::rules::VARIANTS;
use crate::service::help::variants;
use crate::service::{Reply, accounts};
use crate::store::{self, StoreError};

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
    // No password, code or token is stored or quoted in clear: the
    // Subject, the stored copy and every quote are masked (super::mask).
    let secrets: Vec<String> = match &intake {
        Intake::Letter(letter) => std::iter::once(&letter.subject)
            .chain(&letter.commands)
            .flat_map(|line| mask::secrets(line))
            .collect(),
        _ => mask::subject_secrets(&mail.kept),
    };
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
    let received = Received {
        key: &key,
        message_id: intake.message_id(),
        sender: intake.sender(),
        subject: subject.as_deref(),
        raw: &stored,
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
            let mut run = Run {
                settings,
                row,
                raw: &masked,
                secrets: &secrets,
                now,
            };
            run.letter(conn, letter)?;
            (Disposition::Handled, None)
        }
    };
    store::atomically(conn, |conn| -> Result<(), HandleError> {
        if inbox::disposition(conn, row)? == Some(Disposition::Received) {
            let mut all = steps::answers(conn, row)?;
            if let Intake::Refused { reason: why, .. } = &intake {
                // A message over the limit is answered short: its headers only.
                let original = if too_large {
                    mask::message(mail.headers(), None, &secrets)
                } else {
                    masked.clone()
                };
                all.push(error_mail(
                    conn,
                    settings,
                    None,
                    &why.to_string(),
                    &original,
                )?);
            }
            // One combined answer per message, within the sender's daily
            // budget (super::limits); a single answer keeps its game thread.
            let (done, _) = steps::tally(conn, row)?;
            let thread = match all.as_slice() {
                [one] => one.thread.clone(),
                _ => None,
            };
            if let Some(sender) = intake.sender()
                && let Some(mail) = answers::combine(all.into_iter().map(|a| a.mail).collect())
                && limits::may_answer(conn, sender, done == 0, now)?
            {
                let parent = intake.message_id().map(|id| format!("<{id}>"));
                let answer = Answer { mail, thread };
                queue_answer(conn, settings, row, sender, parent, answer, now)?;
            }
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
    let draft = Draft {
        game: answer.thread.as_ref().map(|(game, _)| *game),
        to: vec![sender.to_string()],
        subject: answer.mail.subject,
        body: answer.mail.body,
        message_id: identity.answer_id(row, 0),
        in_reply_to: parent.or(root),
        references,
        reply_to: None,
    };
    outbox::queue(conn, &draft, now)?;
    Ok(())
}

/// One letter being run: its commands, each once, with its answer kept
/// for the one combined mail.
struct Run<'a> {
    settings: &'a Settings,
    row: i64,
    /// The message as stored (masked), for quotes.
    raw: &'a [u8],
    secrets: &'a [String],
    now: DateTime<Utc>,
}

/// A board and the user it is seen by, for an error mail.
type Board = Option<(GameId, Option<String>)>;

/// One command of a letter, before it runs.
enum Item {
    /// A request, with the line it came from.
    Run(String, Request),
    /// A line refused before it could run, and why.
    Refuse(Board, String),
}

impl Run<'_> {
    /// Runs the commands of a letter not yet done: at most
    /// [`MAX_REQUESTS`], and only while the mails they may cause fit in
    /// [`MAIL_BUDGET`].
    fn letter(&mut self, conn: &mut Connection, letter: &Letter) -> Result<(), HandleError> {
        let comment = letter
            .comment
            .as_deref()
            .map(|c| limits::cut(c, limits::MAX_COMMENT_BYTES));
        let items = match &letter.token {
            Some(token) => reply(conn, letter, token)?,
            None => parse(letter),
        };
        let (mut run, mut mails, mut skipped, mut step) = (0, 0, 0, 0);
        for item in items {
            match item {
                Item::Refuse(board, why) => self.refuse(conn, step, board, &why)?,
                Item::Run(line, request) => {
                    let cost = limits::mail_cost(conn, &request.command);
                    if run >= MAX_REQUESTS || mails + cost > MAIL_BUDGET {
                        skipped += 1;
                        continue;
                    }
                    run += 1;
                    mails += cost;
                    self.request(
                        conn,
                        step,
                        &line,
                        request,
                        comment.as_deref(),
                        &letter.sender,
                    )?;
                }
            }
            step += 1;
        }
        if skipped > 0 {
            let why = format!(
                "{skipped} more command(s) not run: one mail runs at most {MAX_REQUESTS} \
                 commands, and only as many moves, challenges or new addresses as can \
                 cause {MAIL_BUDGET} mails (send the rest in another mail)"
            );
            self.refuse(conn, step, None, &why)?;
        }
        Ok(())
    }

    /// Runs command `step` once. Its password is checked first, outside
    /// the write transaction; the command, its mail, its answer and the
    /// record that it is done then commit together.
    fn request(
        &mut self,
        conn: &mut Connection,
        step: usize,
        line: &str,
        request: Request,
        comment: Option<&str>,
        sender: &str,
    ) -> Result<(), HandleError> {
        if steps::is_done(conn, self.row, step)? {
            return Ok(());
        }
        let board = game_of(&request.command)
            .map(|g| (g, claimed_user(&request.actor).map(str::to_string)));
        let request = match accounts::authenticate(conn, &request.actor) {
            Ok(actor) => Request { actor, ..request },
            Err(e) if e.is_refusal() => return self.refuse(conn, step, board, &e.to_string()),
            Err(e) => return Err(trouble(PerformError::Service(e))),
        };
        let (settings, raw, secrets, now) = (self.settings, self.raw, self.secrets, self.now);
        once(conn, self.row, step, now, |conn| {
            match perform(conn, &request, comment, now, true) {
                Ok(reply) => Ok((
                    Outcome::Done,
                    answer(settings, &request, line, &reply, sender)?.map(Answer::from),
                )),
                Err(e) if e.is_trouble() => Err(trouble(e)),
                Err(e) => {
                    let reason = mask::text(&e.to_string(), secrets);
                    let game = board.as_ref().map(|(g, u)| (*g, u.as_deref()));
                    let answer = error_mail(conn, settings, game, &reason, raw)?;
                    Ok((Outcome::Refused, Some(answer)))
                }
            }
        })
    }

    /// Records step `step` as refused for `reason` (masked), once.
    fn refuse(
        &mut self,
        conn: &mut Connection,
        step: usize,
        board: Board,
        reason: &str,
    ) -> Result<(), HandleError> {
        let (settings, raw, now) = (self.settings, self.raw, self.now);
        let reason = mask::text(reason, self.secrets);
        once(conn, self.row, step, now, |conn| {
            let game = board.as_ref().map(|(g, u)| (*g, u.as_deref()));
            let answer = error_mail(conn, settings, game, &reason, raw)?;
            Ok((Outcome::Refused, Some(answer)))
        })
    }
}

/// Database trouble while running a command: the MTA tries again.
fn trouble(e: PerformError) -> HandleError {
    match e {
        PerformError::Service(crate::service::ServiceError::Store(e)) => e.into(),
        other => HandleError::Store(StoreError::Damaged(other.to_string())),
    }
}

/// The items of a letter's command lines (one more than may run, at
/// most); a line that does not parse is refused.
fn parse(letter: &Letter) -> Vec<Item> {
    let mut items = Vec::new();
    let mut requests = 0;
    for line in &letter.commands {
        if requests > MAX_REQUESTS {
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
                    requests += 1;
                    items.push(Item::Run(line.clone(), request));
                }
            }
            Err(e) => items.push(Item::Refuse(None, e.to_string())),
        }
    }
    items
}

/// A reply to a board mail: its token names the player and the game,
/// and the sender must be one of that player's confirmed addresses.
fn reply(conn: &Connection, letter: &Letter, token: &str) -> Result<Vec<Item>, HandleError> {
    let Some(bearer) = token::redeem(conn, token)? else {
        return Ok(vec![Item::Refuse(
            None,
            "this reply address is not valid (the game is over, or the address was \
             changed): write the full command in the Subject instead (send `help`)"
                .to_string(),
        )]);
    };
    let board = Some((bearer.game, Some(bearer.userid.clone())));
    let emails = crate::store::players::confirmed_emails(conn, bearer.player)?;
    if !emails
        .iter()
        .any(|e| e.eq_ignore_ascii_case(&letter.sender))
    {
        let why = format!(
            "this reply address belongs to a board mail of {user}, and {sender} is not a \
             confirmed address of {user}: reply from the address the board mail came to",
            user = bearer.userid,
            sender = letter.sender,
        );
        return Ok(vec![Item::Refuse(board, why)]);
    }
    let Some(line) = letter.commands.first() else {
        return Ok(vec![Item::Refuse(
            board,
            "no command found: write your move (or resign, draw offer, show) on the \
             first line of your reply"
                .to_string(),
        )]);
    };
    Ok(vec![
        match language::parse_reply(line, bearer.game, &bearer.userid) {
            Ok(command) => Item::Run(
                line.clone(),
                Request {
                    game_word: None,
                    actor: Actor::Trusted(bearer.userid.clone()),
                    command,
                },
            ),
            Err(e) => Item::Refuse(board, e.to_string()),
        },
    ])
}

/// Command `step` of the message, unless an earlier run did it: the
/// command, its answer (kept for the combined mail) and the record of it
/// commit together.
fn once(
    conn: &mut Connection,
    row: i64,
    step: usize,
    now: DateTime<Utc>,
    command: impl FnOnce(&mut Connection) -> Result<(Outcome, Option<Answer>), HandleError>,
) -> Result<(), HandleError> {
    store::atomically(conn, |conn| {
        if steps::is_done(conn, row, step)? {
            return Ok(());
        }
        let (outcome, answer) = command(conn)?;
        steps::record(conn, row, step, outcome, answer.as_ref(), now)?;
        Ok(())
    })
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
        Command::Help { topic, .. } => {
            // The language gave the mail world: mail syntax only.
            let text = reply.text();
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
/// named a board of the player it spoke for. `raw` is the message as
/// stored (masked); at most [`MAX_QUOTE_BYTES`] of it are quoted.
fn error_mail(
    conn: &Connection,
    settings: &Settings,
    game: Option<(GameId, Option<&str>)>,
    reason: &str,
    raw: &[u8],
) -> Result<Answer, HandleError> {
    let raw = &raw[..raw.len().min(MAX_QUOTE_BYTES)];
    let letter = refusal::letter(conn, game, reason, raw, None);
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
