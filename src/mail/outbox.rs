//! The outbox: every mail boserv sends, as a row, until it is sent.
//!
//! A command writes its mails here in its own transaction, so a crash
//! never loses a move's mail nor sends one for a move that did not happen.
//! [`deliver`] drains the due rows through a [`Transport`]; a failed send
//! is retried with exponential backoff and, after [`MAX_ATTEMPTS`], kept
//! as `failed` with its error for the operator to see.

use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::compose;
use super::identity::Identity;
use super::stamp;
use super::transport::Transport;
use crate::command::GameId;
use crate::letters::html::later::Later;
use crate::store::StoreError;
use holder::{Holder, Life};

mod holder;

/// Sends tried before a mail is marked failed.
pub const MAX_ATTEMPTS: u32 = 8;
/// The wait after the first failure; it doubles after each further one.
const FIRST_RETRY: Duration = Duration::minutes(5);
/// How long a row is reserved by the `deliver` sending it, so two runs at
/// once do not both send it, when the run has no [`Holder`] (an in-memory
/// database, a lock directory it may not write) or its holder cannot be
/// tested. A row leased by a holder is taken back as soon as the holder
/// is dead, and never while it lives ([`holder`]).
const LEASE: Duration = Duration::minutes(10);

/// A first recipient that hides the others: a mail whose `to` starts
/// with it goes to every other address as Bcc, with no To header (the
/// spectators' copies, a broadcast: no reader sees another's address).
pub const UNDISCLOSED: &str = "undisclosed-recipients:;";

/// A mail to be queued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub game: Option<GameId>,
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
    /// With angle brackets; see [`Identity::game_mail_id`].
    pub message_id: String,
    pub in_reply_to: Option<String>,
    pub references: Vec<String>,
    /// `Reply-To`: the server's address with a reply token (board mails).
    pub reply_to: Option<String>,
    /// A board mail's HTML part (the same letter with an HTML board);
    /// the mail is multipart/alternative when there is one. Queued by
    /// `mail::post` as the data that draws it ([`queue_drawn_later`]),
    /// drawn when the row is read. Dropped once the mail is sent: the text
    /// is the record.
    pub html: Option<String>,
}

/// Where a queued mail stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Pending,
    Sent,
    Failed,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Sent => "sent",
            Status::Failed => "failed",
        }
    }
}

/// A queued mail as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub draft: Draft,
    pub status: Status,
    pub attempts: u32,
    pub next_attempt_at: DateTime<Utc>,
    pub last_error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// What one `deliver` run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Delivery {
    pub sent: usize,
    /// Failed this time, to be tried again later.
    pub deferred: usize,
    /// Failed for good this time.
    pub failed: usize,
    /// Each mail that was not sent this time, and why.
    pub problems: Vec<Problem>,
}

/// A mail `deliver` could not send this time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub id: i64,
    pub to: Vec<String>,
    pub subject: String,
    pub reason: String,
    /// Failed for good (else deferred, to be tried again).
    pub failed: bool,
    pub next_attempt_at: DateTime<Utc>,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = if self.failed {
            "failed for good".to_string()
        } else {
            format!(
                "deferred to {}",
                self.next_attempt_at.format("%Y-%m-%d %H:%M UTC")
            )
        };
        write!(
            f,
            "mail {} to {} ({}): {what}: {}",
            self.id,
            self.to.join(", "),
            self.subject,
            self.reason
        )
    }
}

/// The outbox could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum OutboxError {
    #[error("outbox: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("outbox row {id}: unreadable {what}")]
    Corrupt { id: i64, what: &'static str },
}

/// Inside a command's transaction an outbox failure is the store's.
impl From<OutboxError> for StoreError {
    fn from(e: OutboxError) -> Self {
        match e {
            OutboxError::Database(e) => StoreError::from(e),
            other => StoreError::Damaged(other.to_string()),
        }
    }
}

/// Queues a mail in the caller's transaction. Returns the new row's id,
/// or `None` when a mail with this Message-ID is already queued (queuing
/// is idempotent).
pub fn queue(
    conn: &Connection,
    draft: &Draft,
    now: DateTime<Utc>,
) -> Result<Option<i64>, OutboxError> {
    queue_drawn_later(conn, draft, None, now)
}

/// [`queue`], with the data that draws the mail's HTML part when it is
/// read back (a [`crate::letters::html::later::Later`] as JSON) in place
/// of `draft.html`: a few hundred bytes where the part is 9 KB.
pub fn queue_drawn_later(
    conn: &Connection,
    draft: &Draft,
    html_board: Option<&str>,
    now: DateTime<Utc>,
) -> Result<Option<i64>, OutboxError> {
    let recipients = serde_json::to_string(&draft.to).expect("a list of strings is JSON");
    let references = (!draft.references.is_empty()).then(|| draft.references.join(" "));
    let inserted = crate::store::exec(
        conn,
        r#"INSERT INTO outbox (created_at, game_id, recipients, subject, body, message_id,
                               in_reply_to, "references", status, attempts, next_attempt_at,
                               reply_to, html, html_board)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', 0, ?1, ?9, ?10, ?11)
           ON CONFLICT (message_id) DO NOTHING"#,
        params![
            stamp(now),
            draft.game.map(|g| g.0 as i64),
            recipients,
            draft.subject,
            draft.body,
            draft.message_id,
            draft.in_reply_to,
            references,
            draft.reply_to,
            draft.html,
            html_board,
        ],
    )?;
    Ok((inserted == 1).then(|| conn.last_insert_rowid()))
}

/// The mails with this status, oldest first.
pub fn list(conn: &Connection, status: Status) -> Result<Vec<Queued>, OutboxError> {
    list_drawn(conn, status, true)
}

/// [`list`] for a listing that shows no HTML part: a part kept as data is
/// not drawn (`draft.html` is `None` for it), which is most of the cost of
/// reading a board mail back.
pub fn listing(conn: &Connection, status: Status) -> Result<Vec<Queued>, OutboxError> {
    list_drawn(conn, status, false)
}

fn list_drawn(conn: &Connection, status: Status, draw: bool) -> Result<Vec<Queued>, OutboxError> {
    let mut statement = conn.prepare(&format!("{SELECT} WHERE status = ?1 ORDER BY id"))?;
    let rows = statement.query_map([status.as_str()], Raw::read)?;
    rows.map(|row| row?.into_queued(draw)).collect()
}

/// Whether some pending mail is due at `now` or leased by a run that may
/// have died (what [`deliver`] would look at).
pub fn any_due(conn: &Connection, now: DateTime<Utc>) -> Result<bool, OutboxError> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM outbox WHERE status = 'pending'
                          AND (next_attempt_at <= ?1 OR leased_by IS NOT NULL))",
        [stamp(now)],
        |row| row.get(0),
    )?)
}

/// One mail by id.
pub fn get(conn: &Connection, id: i64) -> Result<Option<Queued>, OutboxError> {
    let raw = conn
        .query_row(&format!("{SELECT} WHERE id = ?1"), [id], Raw::read)
        .optional()?;
    raw.map(|raw| raw.into_queued(true)).transpose()
}

/// Sends every pending mail that is due at `now`.
pub fn deliver(
    conn: &Connection,
    transport: &Transport,
    identity: &Identity,
    now: DateTime<Utc>,
) -> Result<Delivery, OutboxError> {
    let db = conn
        .path()
        .map(std::path::PathBuf::from)
        .unwrap_or_default();
    // Rows due now, and rows leased by a run that may have died.
    let due: Vec<(i64, Option<String>)> = {
        let mut statement = conn.prepare(
            "SELECT id, leased_by FROM outbox WHERE status = 'pending'
               AND (next_attempt_at <= ?1 OR leased_by IS NOT NULL) ORDER BY id",
        )?;
        statement
            .query_map([stamp(now)], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<_, _>>()?
    };
    let mut delivery = Delivery::default();
    if due.is_empty() {
        return Ok(delivery);
    }
    let me = Holder::take(&db);
    let mut lives: std::collections::HashMap<String, Life> = Default::default();
    for (id, leased_by) in due {
        // A row another run leased: taken only from a dead run.
        let taken_from = match leased_by {
            None => None,
            Some(other) => {
                let life = *lives
                    .entry(other.clone())
                    .or_insert_with(|| holder::life(&db, &other));
                match life {
                    Life::Dead => Some(other),
                    Life::Alive => continue,
                    Life::Unknown => None,
                }
            }
        };
        if !lease(conn, id, now, me.as_ref(), taken_from.as_deref())? {
            continue; // another deliver run took it
        }
        let Some(mail) = get(conn, id)? else { continue };
        let sent = compose::message(&mail, identity)
            .map_err(|e| (e.to_string(), true))
            .and_then(|message| {
                transport
                    .send(id, &message)
                    .map_err(|e| (e.reason, e.permanent))
            });
        match sent {
            Ok(()) => {
                // The reply token, and a confirmation's code (its Subject
                // is the command `confirm USERID CODE`), are kept in clear
                // only until the mail is sent.
                let secrets = super::mask::command_secrets(&mail.draft.subject);
                conn.execute(
                    "UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?2,
                            last_error = NULL, reply_to = ?3, subject = ?4, body = ?5,
                            html = NULL, html_board = NULL, leased_by = NULL
                     WHERE id = ?1",
                    params![
                        id,
                        stamp(now),
                        mail.draft.reply_to.as_deref().map(super::mask::tokens),
                        super::mask::text(&mail.draft.subject, &secrets),
                        super::mask::text(&mail.draft.body, &secrets),
                    ],
                )?;
                delivery.sent += 1;
            }
            Err((error, permanent)) => {
                let attempts = mail.attempts + 1;
                let failed = permanent || attempts >= MAX_ATTEMPTS;
                delivery.problems.push(Problem {
                    id,
                    to: mail.draft.to.clone(),
                    subject: mail.draft.subject.clone(),
                    reason: error.clone(),
                    failed,
                    next_attempt_at: now + retry_delay(attempts),
                });
                conn.execute(
                    "UPDATE outbox SET status = ?2, attempts = ?3, next_attempt_at = ?4,
                            last_error = ?5, leased_by = NULL WHERE id = ?1",
                    params![
                        id,
                        if failed { "failed" } else { "pending" },
                        attempts,
                        stamp(now + retry_delay(attempts)),
                        error,
                    ],
                )?;
                if failed {
                    delivery.failed += 1
                } else {
                    delivery.deferred += 1
                }
            }
        }
    }
    Ok(delivery)
}

/// Puts a failed mail back in the queue, due at `now`.
pub fn retry(conn: &Connection, id: i64, now: DateTime<Utc>) -> Result<bool, OutboxError> {
    let changed = conn.execute(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?2,
                leased_by = NULL
         WHERE id = ?1 AND status = 'failed'",
        params![id, stamp(now)],
    )?;
    Ok(changed == 1)
}

/// The wait after the `attempts`-th failure: 5 min, 10 min, 20 min, ...
pub fn retry_delay(attempts: u32) -> Duration {
    FIRST_RETRY * 2i32.pow(attempts.saturating_sub(1).min(12))
}

/// Reserves a row for this run, in the name of its holder `me` (if it
/// has one): a due row nobody holds, a row whose time lease ran out, or
/// a row held by the dead run `dead`. False when another run took it
/// first.
fn lease(
    conn: &Connection,
    id: i64,
    now: DateTime<Utc>,
    me: Option<&Holder>,
    dead: Option<&str>,
) -> Result<bool, OutboxError> {
    let changed = conn.execute(
        "UPDATE outbox SET next_attempt_at = ?3, leased_by = ?4
         WHERE id = ?1 AND status = 'pending'
           AND (next_attempt_at <= ?2 OR leased_by = ?5)",
        params![
            id,
            stamp(now),
            stamp(now + LEASE),
            me.map(Holder::name),
            dead
        ],
    )?;
    Ok(changed == 1)
}

const SELECT: &str = r#"SELECT id, created_at, game_id, recipients, subject, body, message_id,
    in_reply_to, "references", status, attempts, next_attempt_at, last_error, sent_at,
    reply_to, html, html_board FROM outbox"#;

/// A row as SQLite gives it, before its text fields are checked.
struct Raw {
    id: i64,
    created_at: String,
    game: Option<i64>,
    recipients: String,
    subject: String,
    body: String,
    message_id: String,
    in_reply_to: Option<String>,
    references: Option<String>,
    status: String,
    attempts: u32,
    next_attempt_at: String,
    last_error: Option<String>,
    sent_at: Option<String>,
    reply_to: Option<String>,
    html: Option<String>,
    /// The data that draws the HTML part, when `html` was not kept.
    html_board: Option<String>,
}

impl Raw {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Raw> {
        Ok(Raw {
            id: row.get(0)?,
            created_at: row.get(1)?,
            game: row.get(2)?,
            recipients: row.get(3)?,
            subject: row.get(4)?,
            body: row.get(5)?,
            message_id: row.get(6)?,
            in_reply_to: row.get(7)?,
            references: row.get(8)?,
            status: row.get(9)?,
            attempts: row.get(10)?,
            next_attempt_at: row.get(11)?,
            last_error: row.get(12)?,
            sent_at: row.get(13)?,
            reply_to: row.get(14)?,
            html: row.get(15)?,
            html_board: row.get(16)?,
        })
    }

    /// The row as a mail; `draw`: its HTML part kept as data drawn.
    fn into_queued(self, draw: bool) -> Result<Queued, OutboxError> {
        let id = self.id;
        let time = |text: &str, what| {
            DateTime::parse_from_rfc3339(text)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| OutboxError::Corrupt { id, what })
        };
        let status = match self.status.as_str() {
            "pending" => Status::Pending,
            "sent" => Status::Sent,
            "failed" => Status::Failed,
            _ => return Err(OutboxError::Corrupt { id, what: "status" }),
        };
        let to: Vec<String> =
            serde_json::from_str(&self.recipients).map_err(|_| OutboxError::Corrupt {
                id,
                what: "recipients",
            })?;
        // The HTML part kept as data is drawn here, for the mail as it
        // stands (no part when it cannot be: the text is the mail).
        let html = self.html.or_else(|| {
            if !draw {
                return None;
            }
            self.html_board
                .as_deref()
                .and_then(Later::from_json)
                .and_then(|later| later.draw(&self.subject, &self.body))
        });
        Ok(Queued {
            id,
            created_at: time(&self.created_at, "created_at")?,
            draft: Draft {
                game: self.game.map(|g| GameId(g as u64)),
                to,
                subject: self.subject,
                body: self.body,
                message_id: self.message_id,
                in_reply_to: self.in_reply_to,
                references: self
                    .references
                    .map(|r| r.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                reply_to: self.reply_to,
                html,
            },
            status,
            attempts: self.attempts,
            next_attempt_at: time(&self.next_attempt_at, "next_attempt_at")?,
            last_error: self.last_error,
            sent_at: self
                .sent_at
                .as_deref()
                .map(|t| time(t, "sent_at"))
                .transpose()?,
        })
    }
}

#[cfg(test)]
mod tests;
