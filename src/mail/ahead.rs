//! Rendering a long run's letters on the other core (`remind`'s batches).
//!
//! A letter's words are drawn from its data alone (the templates, see
//! `crate::letters`): no store, no clock. In a run that mails thousands of
//! letters that drawing, with the ASCII board of a board letter, is a
//! quarter of the instructions, done while the write transaction waits
//! for it. While a [`Batch`] is open on a thread, [`super::post::post`] on
//! that thread hands its letter to a worker thread instead of rendering
//! it, and keeps its place in line; [`Batch::queue`] writes the rendered
//! letters as outbox rows, in the order they were posted, in the caller's
//! transaction, before it commits. So the mails are still written in the
//! one transaction of the change they report, and in the same order as
//! when rendered in place (the outbox's ids, and which of two rows with
//! one Message-ID is kept). A batch dropped without [`Batch::queue`] (its
//! transaction rolled back) throws its letters away, as the rollback does
//! with rows.
//!
//! Letters go to the worker [`CHUNK`] at a time (one wake-up of each
//! thread per chunk, not per letter: waking a thread costs about what
//! rendering a short letter does). On a busy machine the worker may not
//! get a core when the batch ends; [`Batch::queue`] then renders the
//! chunks it has not taken itself, so the batch waits at most for the
//! chunk the worker is rendering, and is never much slower than rendering
//! in place.
//!
//! Memory is freed by the thread that allocated it: the worker hands the
//! letters it has rendered back with their chunk's answers, and the batch
//! drops them; once their rows are written, the batch hands back to the
//! worker what the worker wrote (the rendered words, the HTML part's data)
//! to drop. glibc's malloc gives each thread an arena of its own, and a
//! block freed by another thread takes its arena's lock: the worker
//! dropping the letters the run's thread built (their move lists, their
//! boards' data) fought that thread's every `malloc` for the lock, a tenth
//! of a long run's samples in lock waits and futex calls.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::finish::Finish;
use super::outbox::{self, Draft};
use super::post::{Envelope, render};
use crate::letters::{Letter, Templates};
use crate::store::StoreError;

/// Letters handed to the worker at a time.
pub const CHUNK: usize = 32;

/// Letters handed to the worker together: one posted letter, or a group
/// that `finish` completes there ([`super::post::post_group`]).
struct Job {
    envelopes: Vec<Envelope>,
    letters: Vec<Letter>,
    finish: Option<Box<dyn Finish>>,
}

/// Letters handed over together, numbered in the batch from 0.
struct Chunk {
    number: usize,
    jobs: Vec<Job>,
}

/// A rendered letter: the draft and the data of its HTML part, if any.
type Rendered = Result<(Draft, Option<String>), StoreError>;

/// A chunk's answers, in order, and its letters and their finishers,
/// rendered and to be dropped by the thread that built them.
struct Answers {
    rendered: Vec<Rendered>,
    spent: Vec<Letter>,
    finishes: Vec<Box<dyn Finish>>,
}

/// The jobs waiting for the worker, shared so that the batch can take
/// back those it has not started.
type Inbox = Arc<Mutex<Receiver<Chunk>>>;

fn render_all(templates: &Templates, chunk: Chunk) -> Answers {
    let mut answers = Answers {
        rendered: Vec::with_capacity(CHUNK),
        spent: Vec::with_capacity(CHUNK),
        finishes: Vec::new(),
    };
    for Job {
        envelopes,
        mut letters,
        mut finish,
    } in chunk.jobs
    {
        let finished = match &mut finish {
            Some(finish) => finish.finish(&mut letters),
            None => Ok(()),
        };
        match finished {
            Ok(()) => {
                for (envelope, letter) in envelopes.into_iter().zip(letters.iter_mut()) {
                    answers.rendered.push(render(templates, envelope, letter));
                }
            }
            // Every letter of the group answers the error.
            Err(e) => {
                let text = e.to_string();
                answers.rendered.push(Err(e));
                for _ in 1..envelopes.len() {
                    answers
                        .rendered
                        .push(Err(StoreError::Damaged(text.clone())));
                }
            }
        }
        if let Some(mut finish) = finish {
            finish.unfinish(&mut letters);
            answers.finishes.push(finish);
        }
        answers.spent.extend(letters);
    }
    answers
}

/// One posted letter's place in line.
enum Slot {
    /// Handed over: its answer comes with its chunk, in order.
    Worker(DateTime<Utc>),
    /// Rendered in place (other templates than the worker's).
    Ready(Box<Rendered>, DateTime<Utc>),
}

/// The open batch of this thread.
struct Open {
    templates: &'static Templates,
    jobs: Sender<Chunk>,
    /// Jobs not yet handed over, fewer than a chunk of letters.
    unsent: Vec<Job>,
    unsent_letters: usize,
    /// Chunks handed over.
    chunks: usize,
    slots: Vec<Slot>,
}

impl Open {
    fn send(&mut self) {
        if self.unsent.is_empty() {
            return;
        }
        self.unsent_letters = 0;
        let chunk = Chunk {
            number: self.chunks,
            jobs: std::mem::take(&mut self.unsent),
        };
        // A worker gone answers nothing: its slots read an error.
        if self.jobs.send(chunk).is_ok() {
            self.chunks += 1;
        }
    }
}

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
}

/// The worker thread of one run, rendering with `templates`.
pub struct RenderAhead {
    templates: &'static Templates,
    jobs: Option<Sender<Chunk>>,
    inbox: Inbox,
    done: Receiver<(usize, Answers)>,
    /// What the worker wrote, handed back to be freed there.
    litter: Sender<Vec<String>>,
    worker: Option<JoinHandle<()>>,
}

impl RenderAhead {
    /// Starts the worker.
    pub fn start(templates: &'static Templates) -> RenderAhead {
        let (jobs, inbox) = mpsc::channel::<Chunk>();
        let inbox: Inbox = Arc::new(Mutex::new(inbox));
        let (answer, done) = mpsc::channel();
        let (litter, litter_bin) = mpsc::channel::<Vec<String>>();
        let shared = Arc::clone(&inbox);
        // Whatever is left in `litter_bin` is freed with it, on the worker.
        let worker = std::thread::spawn(move || {
            loop {
                // Waiting holds the lock: the batch finds nothing to take
                // back then anyway.
                let chunk = match shared.lock() {
                    Ok(inbox) => inbox.recv(),
                    Err(_) => break,
                };
                let Ok(chunk) = chunk else { break };
                let number = chunk.number;
                if answer.send((number, render_all(templates, chunk))).is_err() {
                    break;
                }
                while let Ok(litter) = litter_bin.try_recv() {
                    drop(litter);
                }
            }
        });
        RenderAhead {
            templates,
            jobs: Some(jobs),
            inbox,
            done,
            litter,
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
                unsent_letters: 0,
                chunks: 0,
                slots: Vec::new(),
            });
        });
        Batch {
            ahead: self,
            chunks: 0,
            settled: 0,
            early: HashMap::new(),
            current: VecDeque::new(),
            current_by_worker: false,
            next: 0,
        }
    }

    /// A chunk the worker has not taken yet, if any.
    fn take_back(&self) -> Option<Chunk> {
        let inbox = self.inbox.try_lock().ok()?;
        inbox.try_recv().ok()
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
    /// Chunks handed over, and how many of them are answered or taken back.
    chunks: usize,
    settled: usize,
    /// Answers come in before their turn, by chunk number, and whether
    /// the worker rendered them (or the batch took them back).
    early: HashMap<usize, (Vec<Rendered>, bool)>,
    /// The answers of the chunk being read, whether the worker rendered
    /// them, and the next chunk's number.
    current: VecDeque<Rendered>,
    current_by_worker: bool,
    next: usize,
}

impl Batch<'_> {
    /// Writes the batch's letters into the outbox in `conn`'s transaction,
    /// in the order they were posted, and closes the batch.
    pub fn queue(mut self, conn: &Connection) -> Result<(), StoreError> {
        let Some(mut open) = take() else {
            return Ok(());
        };
        open.send();
        self.chunks = open.chunks;
        // What the worker has not started is rendered here.
        while let Some(chunk) = self.ahead.take_back() {
            let number = chunk.number;
            let answers = render_all(self.ahead.templates, chunk);
            self.early.insert(number, (answers.rendered, false));
            self.settled += 1;
        }
        let mut first_error = None;
        // The worker's words, once written.
        let mut litter = Vec::new();
        for slot in open.slots {
            let (rendered, now, by_worker) = match slot {
                Slot::Worker(now) => {
                    let (rendered, by_worker) = self.answer();
                    (rendered, now, by_worker)
                }
                Slot::Ready(rendered, now) => (*rendered, now, false),
            };
            // After an error the worker's answers are still read, so that
            // the next batch reads its own.
            if first_error.is_some() {
                continue;
            }
            let queued = rendered.and_then(|(mut draft, later)| {
                let queued = outbox::queue_drawn_later(conn, &draft, later.as_deref(), now)
                    .map(|_| ())
                    .map_err(StoreError::from);
                if by_worker {
                    litter.push(std::mem::take(&mut draft.subject));
                    litter.push(std::mem::take(&mut draft.body));
                    litter.extend(draft.html.take());
                    litter.extend(later);
                }
                queued
            });
            if let Err(e) = queued {
                first_error = Some(e);
            }
        }
        // A worker gone has left nothing to free.
        let _ = self.ahead.litter.send(litter);
        first_error.map_or(Ok(()), Err)
    }

    /// The next letter's answer, in the order handed over, and whether the
    /// worker rendered it.
    fn answer(&mut self) -> (Rendered, bool) {
        while self.current.is_empty() {
            if self.next >= self.chunks {
                return (Err(stopped()), false);
            }
            let number = self.next;
            while !self.early.contains_key(&number) {
                match self.ahead.done.recv() {
                    Ok((n, answers)) => {
                        self.early.insert(n, (answers.rendered, true));
                        // `answers.spent` and `answers.finishes` are
                        // dropped here, on the thread that built them.
                        self.settled += 1;
                    }
                    Err(_) => return (Err(stopped()), false),
                }
            }
            let (rendered, by_worker) = self.early.remove(&number).unwrap_or_default();
            self.current.extend(rendered);
            self.current_by_worker = by_worker;
            self.next += 1;
        }
        let rendered = self.current.pop_front().unwrap_or_else(|| Err(stopped()));
        (rendered, self.current_by_worker)
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        // Not queued (rolled back): what the worker has not started is
        // dropped, and its answers to the rest are read and dropped.
        if let Some(open) = take() {
            self.chunks = open.chunks;
        }
        while self.ahead.take_back().is_some() {
            self.settled += 1;
        }
        while self.settled < self.chunks {
            // Their letters are dropped here, on the thread that built them.
            if self.ahead.done.recv().is_err() {
                break;
            }
            self.settled += 1;
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
    if !is_open() {
        return Some((envelope, letter));
    }
    hand_over_group(templates, vec![(envelope, letter)], None, now);
    None
}

/// What [`super::post::post_group`] posts, and the `Finish` that
/// completes it.
pub(super) type Group = (Vec<(Envelope, Letter)>, Option<Box<dyn Finish>>);

/// Hands a group of letters and what finishes them to the open batch of
/// this thread, if there is one (each letter keeps its place in line);
/// gives them back when there is none.
pub(super) fn hand_over_group(
    templates: &Templates,
    posted: Vec<(Envelope, Letter)>,
    finish: Option<Box<dyn Finish>>,
    now: DateTime<Utc>,
) -> Option<Group> {
    OPEN.with_borrow_mut(|open| {
        let Some(open) = open else {
            return Some((posted, finish));
        };
        let (envelopes, letters): (Vec<Envelope>, Vec<Letter>) = posted.into_iter().unzip();
        let job = Job {
            envelopes,
            letters,
            finish,
        };
        if std::ptr::eq(open.templates, templates) {
            let n = job.letters.len();
            open.slots.extend((0..n).map(|_| Slot::Worker(now)));
            open.unsent.push(job);
            open.unsent_letters += n;
            if open.unsent_letters >= CHUNK {
                open.send();
            }
        } else {
            let chunk = Chunk {
                number: 0,
                jobs: vec![job],
            };
            for rendered in render_all(templates, chunk).rendered {
                open.slots.push(Slot::Ready(Box::new(rendered), now));
            }
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
