//! Rendering a long run's letters on the other core (`remind`'s batches).
//!
//! A letter's words are drawn from its data alone (the templates, see
//! `crate::letters`): no store, no clock. In a run that mails thousands of
//! letters that drawing is an eighth of the run's CPU, done while the
//! write transaction waits for it. While a [`Batch`] is open on a thread,
//! [`super::post::post`] on that thread hands its letter to a worker
//! thread instead of rendering it, and keeps its place in line;
//! [`Batch::queue`] writes the rendered letters as outbox rows, in the
//! order they were posted, in the caller's transaction, before it commits.
//! Letters go to the worker [`CHUNK`] at a time (one wake-up of each
//! thread per chunk, not per letter: waking a thread costs about what
//! rendering a short letter does). So the mails are still written in the one transaction of the change
//! they report, and in the same order as when rendered in place (the
//! outbox's ids, and which of two rows with one Message-ID is kept). A
//! batch dropped without [`Batch::queue`] (its transaction rolled back)
//! throws its letters away, as the rollback does with rows.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::outbox::{self, Draft};
use super::post::{Envelope, render};
use crate::letters::{Letter, Templates};
use crate::store::StoreError;

/// Letters handed to the worker at a time.
pub const CHUNK: usize = 32;

/// A letter handed to the worker.
struct Job {
    envelope: Envelope,
    letter: Letter,
}

/// A rendered letter: the draft and the data of its HTML part, if any.
type Rendered = Result<(Draft, Option<String>), StoreError>;

/// One posted letter's place in line.
enum Slot {
    /// Rendered by the worker, whose answers come in the order asked.
    Worker(DateTime<Utc>),
    /// Rendered in place (other templates than the worker's).
    Ready(Box<Rendered>, DateTime<Utc>),
}

/// The open batch of this thread.
struct Open {
    templates: &'static Templates,
    jobs: Sender<Vec<Job>>,
    /// Jobs not yet sent, fewer than a chunk.
    unsent: Vec<Job>,
    /// Jobs sent to the worker, whose answers this batch reads.
    sent: usize,
    slots: Vec<Slot>,
}

impl Open {
    fn send(&mut self) {
        if self.unsent.is_empty() {
            return;
        }
        let chunk = std::mem::take(&mut self.unsent);
        let n = chunk.len();
        // A worker gone answers nothing: its slots read an error.
        if self.jobs.send(chunk).is_ok() {
            self.sent += n;
        }
    }
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

/// The worker thread of one run, rendering with `templates`.
pub struct RenderAhead {
    templates: &'static Templates,
    jobs: Option<Sender<Vec<Job>>>,
    done: Receiver<Vec<Rendered>>,
    worker: Option<JoinHandle<()>>,
}

impl RenderAhead {
    /// Starts the worker.
    pub fn start(templates: &'static Templates) -> RenderAhead {
        let (jobs, inbox) = mpsc::channel::<Vec<Job>>();
        let (answer, done) = mpsc::channel();
        let worker = std::thread::spawn(move || {
            for chunk in inbox {
                let rendered = chunk
                    .into_iter()
                    .map(|job| render(templates, job.envelope, job.letter))
                    .collect();
                if answer.send(rendered).is_err() {
                    break;
                }
            }
        });
        RenderAhead {
            templates,
            jobs: Some(jobs),
            done,
            worker: Some(worker),
        }
    }

    /// Opens a batch on this thread: its `post`s go to the worker until the
    /// batch is queued or dropped.
    pub fn open(&mut self) -> Batch<'_> {
        let jobs = self
            .jobs
            .clone()
            .expect("the worker runs while the run lives");
        OPEN.with_borrow_mut(|open| {
            assert!(open.is_none(), "one batch open at a time");
            *open = Some(Open {
                templates: self.templates,
                jobs,
                unsent: Vec::with_capacity(CHUNK),
                sent: 0,
                slots: Vec::new(),
            });
        });
        Batch {
            ahead: self,
            answers: VecDeque::new(),
        }
    }
}

impl Drop for RenderAhead {
    fn drop(&mut self) {
        // Closing the channel ends the worker's loop.
        self.jobs = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// An open batch ([`RenderAhead::open`]).
pub struct Batch<'a> {
    ahead: &'a RenderAhead,
    /// The worker's answers received and not yet read.
    answers: VecDeque<Rendered>,
}

impl Batch<'_> {
    /// Writes the batch's letters into the outbox in `conn`'s transaction,
    /// in the order they were posted, and closes the batch.
    pub fn queue(mut self, conn: &Connection) -> Result<(), StoreError> {
        let Some(mut open) = take() else {
            return Ok(());
        };
        open.send();
        let mut first_error = None;
        let mut read = 0;
        for slot in open.slots {
            let (rendered, now) = match slot {
                Slot::Worker(now) if read < open.sent => {
                    read += 1;
                    (self.answer(), now)
                }
                Slot::Worker(now) => (Err(stopped()), now),
                Slot::Ready(rendered, now) => (*rendered, now),
            };
            // After an error the worker's answers are still read, so that
            // the next batch reads its own.
            if first_error.is_some() {
                continue;
            }
            let queued = rendered.and_then(|(draft, later)| {
                outbox::queue_drawn_later(conn, &draft, later.as_deref(), now)
                    .map(|_| ())
                    .map_err(StoreError::from)
            });
            if let Err(e) = queued {
                first_error = Some(e);
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    fn answer(&mut self) -> Rendered {
        if self.answers.is_empty() {
            match self.ahead.done.recv() {
                Ok(chunk) => self.answers.extend(chunk),
                Err(_) => return Err(stopped()),
            }
        }
        self.answers.pop_front().unwrap_or_else(|| Err(stopped()))
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        // Not queued (rolled back): the worker's answers to what was sent
        // are read and dropped.
        if let Some(open) = take() {
            for _ in 0..open.sent {
                let _ = self.answer();
            }
        }
    }
}

fn stopped() -> StoreError {
    StoreError::Setup("the rendering thread stopped".into())
}

/// The open batch, closed (none when it was closed).
fn take() -> Option<Open> {
    OPEN.with_borrow_mut(Option::take)
}

/// Whether a batch is open on this thread: its letters are rendered on the
/// worker, which can also draw their ASCII boards
/// ([`crate::letters::BoardLetter::diagram_later`]).
pub fn is_open() -> bool {
    OPEN.with_borrow(Option::is_some)
}

/// Hands `letter` to the open batch of this thread, if there is one;
/// gives it back when there is none.
pub(super) fn hand_over(
    templates: &Templates,
    envelope: Envelope,
    letter: Letter,
    now: DateTime<Utc>,
) -> Option<(Envelope, Letter)> {
    OPEN.with_borrow_mut(|open| {
        let Some(open) = open else {
            return Some((envelope, letter));
        };
        if std::ptr::eq(open.templates, templates) {
            open.unsent.push(Job { envelope, letter });
            open.slots.push(Slot::Worker(now));
            if open.unsent.len() >= CHUNK {
                open.send();
            }
        } else {
            let rendered = render(templates, envelope, letter);
            open.slots.push(Slot::Ready(Box::new(rendered), now));
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::ConfirmLetter;
    use crate::mail::post::post;

    fn templates() -> &'static Templates {
        static TEMPLATES: std::sync::OnceLock<Templates> = std::sync::OnceLock::new();
        TEMPLATES.get_or_init(Templates::built_in)
    }

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-06-01T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    /// The `n`th letter; `same` gives two letters one Message-ID.
    fn letter(n: usize, id: usize) -> (Envelope, Letter) {
        let envelope = Envelope {
            game: None,
            to: vec![format!("u{n}@example.org")],
            message_id: format!("<m{id}@example.org>"),
            in_reply_to: None,
            references: Vec::new(),
            reply_to: None,
        };
        let letter = Letter::Confirm(ConfirmLetter {
            userid: format!("u{n}"),
            address: format!("u{n}@example.org"),
            code: format!("code{n}"),
        });
        (envelope, letter)
    }

    /// The outbox's rows: id, recipients, Message-ID, subject, body.
    fn rows(conn: &Connection) -> Vec<(i64, String, String, String, String)> {
        let mut q = conn
            .prepare("SELECT id, recipients, message_id, subject, body FROM outbox ORDER BY id")
            .unwrap();
        q.query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    }

    /// Posts 70 letters (more than two chunks), the 40th with the Message-ID
    /// of the 10th; with `other` every 7th with templates of its own.
    fn post_all(conn: &Connection, other: &Templates) {
        for n in 0..70 {
            let (envelope, letter) = letter(n, if n == 40 { 10 } else { n });
            let templates = if n % 7 == 3 { other } else { templates() };
            post(conn, templates, envelope, letter, now()).unwrap();
        }
    }

    #[test]
    fn a_batch_queues_what_posting_in_place_queues_in_the_same_order() {
        let other = Templates::built_in();
        let inline = crate::store::open_in_memory().unwrap();
        post_all(&inline, &other);
        let expected = rows(&inline);
        assert_eq!(expected.len(), 69, "the repeated Message-ID is queued once");

        let conn = crate::store::open_in_memory().unwrap();
        let mut ahead = RenderAhead::start(templates());
        let batch = ahead.open();
        assert!(is_open());
        post_all(&conn, &other);
        assert!(
            rows(&conn).is_empty(),
            "nothing written before the batch queues"
        );
        batch.queue(&conn).unwrap();
        assert!(!is_open());
        assert_eq!(rows(&conn), expected);
    }

    #[test]
    fn a_batch_dropped_queues_nothing_and_the_next_reads_its_own_letters() {
        let conn = crate::store::open_in_memory().unwrap();
        let mut ahead = RenderAhead::start(templates());
        {
            let _given_up = ahead.open();
            for n in 0..40 {
                let (envelope, letter) = letter(n, n);
                post(&conn, templates(), envelope, letter, now()).unwrap();
            }
        }
        assert!(!is_open());
        assert!(rows(&conn).is_empty());
        let batch = ahead.open();
        let (envelope, letter) = letter(99, 99);
        post(&conn, templates(), envelope, letter, now()).unwrap();
        batch.queue(&conn).unwrap();
        let queued = rows(&conn);
        assert_eq!(queued.len(), 1);
        assert_eq!(queued[0].2, "<m99@example.org>");
        assert!(queued[0].4.contains("code99"), "{}", queued[0].4);
    }
}
