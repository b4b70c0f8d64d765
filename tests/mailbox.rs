//! `boserv fetch` and `serve` without a server: the rounds and the serve
//! loop against a folder held in memory that plays the IMAP server
//! (renumbering itself, failing a flag, going away), with the real
//! intake and a real game database behind them. Each message is taken
//! in once, flagged only after its commit, never skipped; what a real
//! Dovecot adds (TLS, IDLE, a restart) is `scripts/imap-e2e.sh`'s.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use boserv::front::mailbox::folder::{Folder, FolderError, Waited};
use boserv::front::mailbox::round::{self, Round, RoundError};
use boserv::front::mailbox::watch::{self, Pace, Serve};
use boserv::store::mailbox_marks;

use crate::util::Env;

const MAILBOX: &str = "imaps://chess@imap.example.net:993/INBOX";

/// The server's side: the folder's messages by UID, which are `\Seen`,
/// its UIDVALIDITY and the next UID. Shared by every session on it.
#[derive(Default)]
struct Server {
    uidvalidity: u32,
    next_uid: u32,
    messages: BTreeMap<u32, Vec<u8>>,
    seen: Vec<u32>,
    /// Flags that fail before being stored (a connection lost there).
    failing_flags: usize,
    /// Every fetch, by UID (to see a message read twice at this level).
    fetched: Vec<u32>,
}

impl Server {
    fn new() -> Arc<Mutex<Server>> {
        Arc::new(Mutex::new(Server {
            uidvalidity: 1,
            next_uid: 1,
            ..Server::default()
        }))
    }
}

fn deliver(server: &Arc<Mutex<Server>>, raw: &str) -> u32 {
    let mut server = server.lock().unwrap();
    let uid = server.next_uid;
    server.next_uid += 1;
    server.messages.insert(uid, raw.as_bytes().to_vec());
    uid
}

/// The folder rebuilt (a restored server, a migration): new UIDVALIDITY,
/// every message numbered anew from 1.
fn renumber(server: &Arc<Mutex<Server>>) {
    let mut server = server.lock().unwrap();
    let old = std::mem::take(&mut server.messages);
    server.uidvalidity += 1;
    server.seen.clear();
    server.next_uid = 1;
    for (_, raw) in old {
        let uid = server.next_uid;
        server.next_uid += 1;
        server.messages.insert(uid, raw);
    }
}

/// One session on the server.
struct Session {
    server: Arc<Mutex<Server>>,
    /// Waits answered before the session is lost (None: for ever).
    waits_left: Option<usize>,
}

impl Folder for Session {
    fn open(&mut self) -> Result<u32, FolderError> {
        Ok(self.server.lock().unwrap().uidvalidity)
    }

    fn uids_after(&mut self, after: u32) -> Result<Vec<u32>, FolderError> {
        let server = self.server.lock().unwrap();
        Ok(server
            .messages
            .keys()
            .copied()
            .filter(|&u| u > after)
            .collect())
    }

    fn fetch(&mut self, uid: u32) -> Result<Option<Vec<u8>>, FolderError> {
        let mut server = self.server.lock().unwrap();
        server.fetched.push(uid);
        Ok(server.messages.get(&uid).cloned())
    }

    fn mark_taken(&mut self, uid: u32) -> Result<(), FolderError> {
        let mut server = self.server.lock().unwrap();
        if server.failing_flags > 0 {
            server.failing_flags -= 1;
            return Err(FolderError::Protocol("connection lost".into()));
        }
        server.seen.push(uid);
        Ok(())
    }

    fn wait(&mut self, _timeout: Duration) -> Option<Result<Waited, FolderError>> {
        match &mut self.waits_left {
            Some(0) => Some(Err(FolderError::Protocol(
                "BYE server shutting down".into(),
            ))),
            Some(n) => {
                *n -= 1;
                Some(Ok(Waited::TimedOut))
            }
            None => Some(Ok(Waited::TimedOut)),
        }
    }
}

fn session(server: &Arc<Mutex<Server>>) -> Session {
    Session {
        server: Arc::clone(server),
        waits_left: None,
    }
}

/// A player's mail that gets one answer: `help` from `who`.
fn help_mail(who: &str, n: u32) -> String {
    format!(
        "From: {who}@example.test\r\nTo: chess@imap.example.net\r\n\
         Message-ID: <help{n}.{who}@example.test>\r\nSubject: help\r\n\r\nhelp\r\n"
    )
}

fn now() -> DateTime<Utc> {
    "2026-03-01T12:00:00Z".parse().unwrap()
}

fn open(env: &Env) -> Connection {
    boserv::store::open(&env.db, Duration::from_secs(5)).unwrap()
}

fn take(folder: &mut dyn Folder, conn: &mut Connection) -> Result<Round, RoundError> {
    round::take_new(folder, conn, MAILBOX, &now, &mut |_| {})
}

/// Answers queued in the outbox.
fn answers(env: &Env) -> usize {
    env.queued().len()
}

fn mark(conn: &Connection) -> Option<(u32, u32)> {
    mailbox_marks::get(conn, MAILBOX)
        .unwrap()
        .map(|m| (m.uidvalidity, m.last_uid))
}

#[test]
fn a_round_takes_each_new_message_once_and_flags_it() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    for n in 1..=3 {
        deliver(&server, &help_mail("alice", n));
    }
    let mut folder = session(&server);
    let round = take(&mut folder, &mut conn).unwrap();
    assert_eq!((round.taken, round.duplicates), (3, 0));
    assert_eq!(answers(&env), 3, "one answer each");
    assert_eq!(server.lock().unwrap().seen, vec![1, 2, 3]);
    assert_eq!(mark(&conn), Some((1, 3)));

    let again = take(&mut folder, &mut conn).unwrap();
    assert_eq!(again, Round::default(), "nothing new: nothing read");
    assert_eq!(server.lock().unwrap().fetched, vec![1, 2, 3]);

    deliver(&server, &help_mail("bob", 4));
    let round = take(&mut folder, &mut conn).unwrap();
    assert_eq!((round.taken, round.duplicates), (1, 0));
    assert_eq!(answers(&env), 4);
    assert_eq!(mark(&conn), Some((1, 4)));
}

#[test]
fn a_message_read_by_a_person_first_is_still_taken_in() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    deliver(&server, &help_mail("alice", 1));
    // Someone opened the mailbox in a mail program: it is \Seen already.
    server.lock().unwrap().seen.push(1);
    let round = take(&mut session(&server), &mut conn).unwrap();
    assert_eq!(round.taken, 1);
    assert_eq!(answers(&env), 1);
}

#[test]
fn a_flag_lost_after_the_commit_takes_nothing_twice() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    deliver(&server, &help_mail("alice", 1));
    deliver(&server, &help_mail("alice", 2));
    server.lock().unwrap().failing_flags = 1;
    let mut folder = session(&server);
    let error = take(&mut folder, &mut conn).unwrap_err();
    assert!(matches!(error, RoundError::Folder(_)), "{error}");
    // Message 1 was committed (its answer queued), not flagged, and the
    // mark did not move past it; message 2 waits.
    assert_eq!(answers(&env), 1);
    assert_eq!(mark(&conn), None);
    assert!(server.lock().unwrap().seen.is_empty());

    let round = take(&mut folder, &mut conn).unwrap();
    assert_eq!((round.taken, round.duplicates), (1, 1));
    assert_eq!(answers(&env), 2, "message 1 not answered twice");
    assert_eq!(server.lock().unwrap().seen, vec![1, 2]);
    assert_eq!(mark(&conn), Some((1, 2)));
}

#[test]
fn a_kill_before_the_mark_moved_is_a_duplicate_on_the_next_round() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    deliver(&server, &help_mail("alice", 1));
    take(&mut session(&server), &mut conn).unwrap();
    // As if the process died after the commit and the flag, before the
    // mark: the mark is put back.
    conn.execute("DELETE FROM mailbox_marks", []).unwrap();
    let round = take(&mut session(&server), &mut conn).unwrap();
    assert_eq!((round.taken, round.duplicates), (0, 1));
    assert_eq!(answers(&env), 1);
    assert_eq!(mark(&conn), Some((1, 1)));
}

#[test]
fn a_new_uidvalidity_reads_the_folder_again_without_doubling() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    for n in 1..=3 {
        deliver(&server, &help_mail("alice", n));
    }
    take(&mut session(&server), &mut conn).unwrap();
    renumber(&server);
    deliver(&server, &help_mail("bob", 4));
    let round = take(&mut session(&server), &mut conn).unwrap();
    assert!(round.renumbered);
    assert_eq!((round.taken, round.duplicates), (1, 3));
    assert_eq!(answers(&env), 4, "only the new message answered");
    assert_eq!(mark(&conn), Some((2, 4)));
}

#[test]
fn a_message_that_cannot_be_taken_in_stops_the_round_and_nothing_is_skipped() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    for n in 1..=3 {
        deliver(&server, &help_mail("alice", n));
    }
    // The second message's answer cannot be written (as a full disk).
    conn.execute_batch(
        "CREATE TRIGGER full BEFORE INSERT ON outbox WHEN (SELECT count(*) FROM outbox) >= 1
         BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
    )
    .unwrap();
    let error = take(&mut session(&server), &mut conn).unwrap_err();
    assert!(
        matches!(error, RoundError::Intake { uid: 2, .. }),
        "{error}"
    );
    assert_eq!(mark(&conn), Some((1, 1)), "the mark stops before it");
    assert_eq!(server.lock().unwrap().seen, vec![1]);

    conn.execute_batch("DROP TRIGGER full").unwrap();
    let round = take(&mut session(&server), &mut conn).unwrap();
    assert_eq!((round.taken, round.duplicates), (2, 0));
    assert_eq!(answers(&env), 3);
    assert_eq!(server.lock().unwrap().seen, vec![1, 2, 3]);
}

#[test]
fn two_readers_at_once_answer_each_message_once() {
    let env = Env::new();
    open(&env);
    let server = Server::new();
    for n in 1..=12 {
        deliver(
            &server,
            &help_mail(if n % 2 == 0 { "alice" } else { "bob" }, n),
        );
    }
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let server = Arc::clone(&server);
            let db = env.db.clone();
            std::thread::spawn(move || {
                let mut conn = boserv::store::open(&db, Duration::from_secs(10)).unwrap();
                let mut folder = session(&server);
                // A busy database stops a round; the next one goes on.
                for _ in 0..20 {
                    if take(&mut folder, &mut conn).is_ok() {
                        return;
                    }
                }
                panic!("a reader never finished a round");
            })
        })
        .collect();
    for reader in readers {
        reader.join().unwrap();
    }
    assert_eq!(answers(&env), 12, "each message answered once");
    let conn = open(&env);
    assert_eq!(mark(&conn), Some((1, 12)));
}

#[test]
fn serve_reconnects_with_backoff_and_takes_what_came_meanwhile() {
    let env = Env::new();
    let mut conn = open(&env);
    let server = Server::new();
    deliver(&server, &help_mail("alice", 1));
    let connects = Rc::new(RefCell::new(0usize));
    let slept = Rc::new(RefCell::new(Vec::<Duration>::new()));
    let rounds = Rc::new(RefCell::new(0usize));
    let mut connect = {
        let (server, connects) = (Arc::clone(&server), Rc::clone(&connects));
        move || -> Result<Box<dyn Folder>, FolderError> {
            *connects.borrow_mut() += 1;
            match *connects.borrow() {
                // The server is down twice, then up; the session it
                // gives is lost (a restart mid-IDLE) after one wait.
                1 | 2 => Err(FolderError::Connect {
                    server: "imap.example.net:993".into(),
                    reason: "connection refused".into(),
                }),
                3 => {
                    let s = Session {
                        server: Arc::clone(&server),
                        waits_left: Some(1),
                    };
                    Ok(Box::new(s))
                }
                _ => Ok(Box::new(session(&server))),
            }
        }
    };
    let mut after_round = {
        let (server, rounds) = (Arc::clone(&server), Rc::clone(&rounds));
        move |_: &mut Connection, _: &Round| {
            *rounds.borrow_mut() += 1;
            // Mail arrives while the server restarts.
            if *rounds.borrow() == 1 {
                deliver(&server, &help_mail("bob", 2));
            }
        }
    };
    let stop = {
        let rounds = Rc::clone(&rounds);
        move || *rounds.borrow() >= 4
    };
    let sleep = {
        let slept = Rc::clone(&slept);
        move |d: Duration| slept.borrow_mut().push(d)
    };
    let pace = Pace {
        idle_for: Duration::from_secs(480),
        poll_every: Duration::from_secs(60),
        first_retry: Duration::from_secs(1),
        last_retry: Duration::from_secs(4),
    };
    let mut lines = Vec::new();
    watch::serve(
        &mut conn,
        &mut Serve {
            connect: &mut connect,
            mailbox: MAILBOX,
            pace,
            now: &now,
            after_round: &mut after_round,
            report: &mut |line| lines.push(line),
            stop: &stop,
            sleep: &sleep,
        },
    );
    let secs: Vec<u64> = slept.borrow().iter().map(Duration::as_secs).collect();
    // Two refusals (1 s, 2 s), the session lost after a good round
    // (the wait starts again at 1 s).
    assert_eq!(secs, vec![1, 2, 1], "{lines:?}");
    assert_eq!(*connects.borrow(), 4);
    assert_eq!(answers(&env), 2, "{lines:?}");
    assert_eq!(server.lock().unwrap().seen, vec![1, 2]);
    assert!(lines[0].contains("connection refused"), "{lines:?}");
}
