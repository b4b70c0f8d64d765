//! Shared test helpers: a scratch database per test and a way to run the
//! `boserv` binary against it with a fixed clock.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin_cmd;
use tempfile::TempDir;

mod reply;
pub use reply::{Client, Delivered, reply_to, reply_with};

/// The server's sender address in mail tests (`BOSERV_FROM`).
pub const SERVER: &str = "Bochess Server <bochess@example.net>";

/// The fixed clock every test runs at.
pub const NOW: &str = "2026-03-01T12:00:00Z";

/// A scratch directory holding one database.
pub struct Env {
    pub dir: TempDir,
    pub db: PathBuf,
}

impl Env {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("boserv.db");
        Env { dir, db }
    }

    /// Creates the (empty) database, as an operator does before the MTA
    /// hands mail over: `boserv mail` never creates it.
    pub fn create_db(&self) {
        boserv::store::open(&self.db, std::time::Duration::from_secs(5)).unwrap();
    }

    /// `boserv` with this database, the fixed clock and no ambient user.
    pub fn cmd(&self, user: Option<&str>) -> assert_cmd::Command {
        let mut cmd = cargo_bin_cmd!("boserv");
        for name in boserv_variables() {
            cmd.env_remove(name);
        }
        // No system configuration file: the machine's /etc/boserv/boserv.conf
        // (an operator's, or the MTA run's) must not change a test.
        cmd.env("BOSERV_DB", &self.db)
            .env("BOSERV_CONFIG", "")
            .env("BOSERV_NOW", NOW)
            .env("BOSERV_FROM", SERVER)
            .env_remove("BOSERV_USER");
        cmd.env_remove("BOSERV_BUSY_TIMEOUT_MS");
        // The computer player's turns after a mail: no detached worker
        // racing the test; `stdin(["mail"])` works the queue itself, as
        // the worker would (tests/bot_queue.rs proves the worker).
        cmd.env("BOSERV_BOT_AFTER_MAIL", "queue");
        // Dice games get their seed from the OS unless a test fixes it.
        cmd.env_remove("BOSERV_DICE_SEED");
        if let Some(user) = user {
            cmd.args(["--as", user]);
        }
        cmd
    }

    /// Runs `boserv ARGS` with `input` on stdin, as the MTA or cron would:
    /// no acting user, and the server's sender address [`SERVER`].
    /// After `mail`, the computer player's turns it queued are played
    /// (`boserv bot-turns`, what the detached worker runs).
    pub fn stdin(&self, args: &[&str], input: &[u8]) -> Output {
        let out = self
            .cmd(None)
            .args(args)
            .env("BOSERV_FROM", SERVER)
            .write_stdin(input.to_vec())
            .output()
            .unwrap();
        if args.first() == Some(&"mail") {
            self.bot_turns();
        }
        out
    }

    /// Runs `boserv bot-turns` when the computer player's queue holds a
    /// game (what `mail`'s detached worker does).
    pub fn bot_turns(&self) {
        // Opened read-only: a test of a missing database must find none.
        let queued = rusqlite::Connection::open_with_flags(
            &self.db,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )
        .and_then(|c| c.query_row("SELECT count(*) FROM bot_queue", [], |r| r.get::<_, i64>(0)))
        .unwrap_or(0);
        if queued > 0 {
            // Its exit code is a test's business (a broken database
            // leaves the turn queued, which the tests look at).
            self.cmd(None).arg("bot-turns").output().unwrap();
        }
    }

    /// Feeds one message to `boserv mail`, which must take it (exit 0).
    pub fn mail(&self, raw: &str) {
        let out = self.stdin(&["mail"], raw.as_bytes());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Feeds one message to `boserv mail` and asserts that what it asks
    /// was done: exit 0, the message handled, every command of it run
    /// (at least one) and none refused, and no error mail queued.
    pub fn mail_done(&self, raw: &str) {
        let before = self.outbox_rows();
        self.mail(raw);
        let (status, done, refused) = self.last_intake();
        let errors: Vec<(String, String)> = self
            .outbox_since(before)
            .into_iter()
            .filter(|(subject, _)| is_error_mail(subject))
            .collect();
        assert!(
            status == "handled" && done >= 1 && refused == 0 && errors.is_empty(),
            "not done ({status}, {done} done, {refused} refused): {errors:?}\n{raw}"
        );
    }

    /// Feeds one message to `boserv mail` and asserts that it was
    /// refused: exit 0, no command run, an error mail queued to its
    /// sender, and nothing but the mail tables changed; returns the error
    /// mail's body.
    pub fn mail_refused(&self, raw: &str) -> String {
        let state = |env: &Env| {
            env.dump()
                .lines()
                .filter(|l| !MAIL_TABLES.iter().any(|t| l.starts_with(&format!("{t}: "))))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let (before, rows) = (state(self), self.outbox_rows());
        self.mail(raw);
        let (_, done, _) = self.last_intake();
        assert_eq!(done, 0, "a command ran:\n{raw}");
        assert_eq!(
            state(self),
            before,
            "refused, yet the state changed:\n{raw}"
        );
        self.outbox_since(rows)
            .into_iter()
            .find(|(subject, _)| is_error_mail(subject))
            .unwrap_or_else(|| panic!("no error mail:\n{raw}"))
            .1
    }

    /// Replies to `mail` with `body` ([`reply_to`]), which must be done
    /// ([`Env::mail_done`]).
    pub fn answer(&self, mail: &Delivered, body: &str) {
        self.mail_done(&reply_to(mail, body));
    }

    /// Delivers every queued mail through the `file:` transport (into
    /// this Env's `sent/`) and returns every mail delivered so far,
    /// oldest first.
    pub fn delivered(&self) -> Vec<Delivered> {
        let dir = self.dir.path().join("sent");
        std::fs::create_dir_all(&dir).unwrap();
        let transport = format!("file:{}", dir.display());
        let out = self.stdin(&["deliver", "--transport", &transport], b"");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut mails: Vec<Delivered> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|entry| {
                let path = entry.unwrap().path();
                let name = path.file_name()?.to_str()?.to_string();
                let row = name.strip_prefix("outbox-")?.strip_suffix(".eml")?;
                Some(Delivered {
                    row: row.parse().ok()?,
                    raw: std::fs::read_to_string(&path).unwrap(),
                })
            })
            .collect();
        mails.sort_by_key(|m| m.row);
        mails
    }

    /// The newest mail delivered to `who` (an address or part of one)
    /// whose Subject contains `subject`.
    pub fn delivered_to(&self, who: &str, subject: &str) -> Delivered {
        self.delivered()
            .into_iter()
            .rev()
            .find(|m| m.to().iter().any(|a| a.contains(who)) && m.subject().contains(subject))
            .unwrap_or_else(|| panic!("no mail to {who} with the Subject {subject:?}"))
    }

    /// The id of the newest outbox row (0 for none).
    fn outbox_rows(&self) -> i64 {
        self.query::<i64>("SELECT coalesce(max(id), 0) FROM outbox")[0]
    }

    /// (subject, body) of the outbox rows after row `after`.
    fn outbox_since(&self, after: i64) -> Vec<(String, String)> {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut q = conn
            .prepare("SELECT subject, body FROM outbox WHERE id > ?1 ORDER BY id")
            .unwrap();
        q.query_map([after], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// The newest inbox row's status and its steps done and refused.
    fn last_intake(&self) -> (String, i64, i64) {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        conn.query_row(
            "SELECT i.status,
                    (SELECT count(*) FROM inbox_steps s WHERE s.inbox = i.id AND outcome = 'done'),
                    (SELECT count(*) FROM inbox_steps s WHERE s.inbox = i.id AND outcome = 'refused')
             FROM inbox i ORDER BY i.id DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap()
    }

    /// Every queued mail as (recipients, subject, body), oldest first.
    pub fn queued(&self) -> Vec<(String, String, String)> {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut q = conn
            .prepare("SELECT recipients, subject, body FROM outbox ORDER BY id")
            .unwrap();
        q.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// The last mail queued to `who`: (subject, body with its lines joined,
    /// as the phone-wrapped text reads).
    pub fn last_mail_to(&self, who: &str) -> (String, String) {
        let (_, subject, body) = self
            .queued()
            .into_iter()
            .rev()
            .find(|(to, _, _)| to.contains(who))
            .unwrap_or_else(|| panic!("no mail to {who}"));
        (
            subject,
            body.split_whitespace().collect::<Vec<_>>().join(" "),
        )
    }

    /// The Reply-To (`…+TOKEN@…`) of the newest mail delivered to `user`
    /// that carries a reply token.
    pub fn reply_address(&self, user: &str) -> String {
        self.token_mail(user).reply_to().expect("a Reply-To")
    }

    /// `user` presses Reply on the newest mail delivered to them that
    /// carries a reply token (a board mail, an invitation, an error mail)
    /// and writes `body` above the quote ([`reply_to`]).
    pub fn reply_to_board_mail(&self, user: &str, body: &str) {
        self.mail(&reply_to(&self.token_mail(user), body));
    }

    /// The newest mail delivered to `user` with a reply token.
    pub fn token_mail(&self, user: &str) -> Delivered {
        let address = format!("{user}@");
        self.delivered()
            .into_iter()
            .rev()
            .find(|m| {
                m.to().iter().any(|a| a.starts_with(&address))
                    && m.reply_to().is_some_and(|r| r.contains('+'))
            })
            .unwrap_or_else(|| panic!("no mail with a reply token to {user}"))
    }

    /// Runs `boserv ARGS` with `input`, killed after `kill_after` if given;
    /// its exit code, or None when killed.
    pub fn run_killed(
        &self,
        args: &[&str],
        input: &str,
        kill_after: Option<Duration>,
    ) -> Option<i32> {
        let mut child = boserv_command(assert_cmd::cargo::cargo_bin!("boserv"))
            .args(args)
            .env("BOSERV_DB", &self.db)
            .env("BOSERV_CONFIG", "")
            .env("BOSERV_NOW", NOW)
            .env("BOSERV_FROM", SERVER)
            .env("BOSERV_BOT_AFTER_MAIL", "queue")
            .env_remove("BOSERV_USER")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let started = Instant::now();
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                return status.code();
            }
            if kill_after.is_some_and(|at| started.elapsed() >= at) {
                child.kill().unwrap();
                child.wait().unwrap();
                return None;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }

    /// Fool's mate (1. f3 e5 2. g4 Qh4#) in a new chess game of alice
    /// (White) and bob, whom it signs up; returns the game.
    pub fn fools_mate(&self) -> String {
        self.signup(&["alice", "bob"]);
        let game = self.challenge("chess", "alice", "bob");
        self.play(
            &game,
            ["alice", "bob"],
            1,
            &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
        );
        game
    }

    /// Runs `boserv ARGS` as `user`.
    pub fn run(&self, user: Option<&str>, args: &[&str]) -> Output {
        self.cmd(user).args(args).output().unwrap()
    }

    /// A folder for the web pages, set as the `web_dir` setting.
    pub fn web_dir(&self) -> PathBuf {
        let dir = self.dir.path().join("www");
        std::fs::create_dir(&dir).unwrap();
        self.ok(None, &["config", "set", "web_dir", dir.to_str().unwrap()]);
        dir
    }

    /// Runs a command that must succeed; returns its stdout.
    pub fn ok(&self, user: Option<&str>, args: &[&str]) -> String {
        let out = self.run(user, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "boserv {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs a command that must be refused (exit 1) without changing the
    /// database; returns the one-line reason.
    pub fn refused(&self, user: Option<&str>, args: &[&str]) -> String {
        let before = self.dump();
        let out = self.run(user, args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "boserv {args:?} was not refused: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "one line expected: {stderr}");
        assert_eq!(self.dump(), before, "boserv {args:?} changed the database");
        stderr
            .trim_end()
            .strip_prefix("boserv: ")
            .unwrap_or_else(|| panic!("every refusal starts `boserv: `: {stderr}"))
            .to_string()
    }

    /// Signs up users with the password `secret`.
    pub fn signup(&self, users: &[&str]) {
        for user in users {
            self.ok(
                None,
                &["signup", user, "secret", &format!("{user}@example.test")],
            );
        }
    }

    /// Starts a game between `white` and `black`; returns its id (`game1`).
    /// The operator's challenge (no `--as`): it begins at once, asking
    /// nobody's consent.
    pub fn challenge(&self, variant: &str, white: &str, black: &str) -> String {
        let out = self.ok(None, &["challenge", variant, white, black]);
        out.lines().last().unwrap().to_string()
    }

    /// Plays `turns` alternately as `players` (White first from move
    /// `first`), each with its `#N` guard; returns the last stdout.
    pub fn play(&self, game: &str, players: [&str; 2], first: u32, turns: &[&str]) -> String {
        let mut last = String::new();
        for (i, turn) in turns.iter().enumerate() {
            let n = first + i as u32;
            let player = players[(n as usize - 1) % 2];
            last = self.ok(Some(player), &["move", game, &format!("{turn}#{n}")]);
        }
        last
    }

    /// The first column of every row `sql` selects from the database.
    pub fn query<T: rusqlite::types::FromSql>(&self, sql: &str) -> Vec<T> {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut q = conn.prepare(sql).unwrap();
        q.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    }

    /// `show GAME --format json` as a JSON value.
    pub fn json(&self, game: &str) -> serde_json::Value {
        serde_json::from_str(&self.ok(None, &["show", game, "--format", "json"])).unwrap()
    }

    /// Every value of every table as text (blobs read as UTF-8), to
    /// search for what must not be kept.
    pub fn everything(&self) -> String {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut out = String::new();
        for table in tables(&conn) {
            let mut q = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
            let n = q.column_count();
            let mut rows = q.query([]).unwrap();
            while let Some(row) = rows.next().unwrap() {
                for i in 0..n {
                    use rusqlite::types::ValueRef;
                    match row.get_ref(i).unwrap() {
                        ValueRef::Text(t) | ValueRef::Blob(t) => {
                            out.push_str(&String::from_utf8_lossy(t));
                        }
                        other => out.push_str(&format!("{other:?}")),
                    }
                    out.push('|');
                }
                out.push('\n');
            }
        }
        out
    }

    /// Every row of every table, for before/after comparisons.
    pub fn dump(&self) -> String {
        if !self.db.exists() {
            return String::new();
        }
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let mut out = String::new();
        for table in tables(&conn) {
            let mut q = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
            let n = q.column_count();
            let mut rows: Vec<String> = q
                .query_map([], |r| {
                    Ok((0..n)
                        .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                        .collect::<Vec<_>>()
                        .join("|"))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            rows.sort();
            for row in rows {
                out.push_str(&format!("{table}: {row}\n"));
            }
        }
        out
    }
}

/// `raw` with the Message-ID `<ID@example.test>`: a test that sends one
/// message twice names it.
pub fn with_id(raw: &str, id: &str) -> String {
    raw.lines()
        .map(|line| match line.starts_with("Message-ID: ") {
            true => format!("Message-ID: <{id}@example.test>\r"),
            false => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The tables a refused mail may change: the mail's own record, its
/// answer, the sender's daily count and the reply token of that answer.
const MAIL_TABLES: &[&str] = &["inbox", "inbox_steps", "outbox", "senders", "reply_tokens"];

/// True for the Subject of an error mail (`error.txt`).
fn is_error_mail(subject: &str) -> bool {
    subject.ends_with(" Error")
}

/// The names of the database's tables, in order.
fn tables(conn: &rusqlite::Connection) -> Vec<String> {
    conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// A web page written under `dir`, or "" when there is none.
pub fn read_page(dir: &Path, page: &str) -> String {
    std::fs::read_to_string(dir.join(page)).unwrap_or_default()
}

/// Every `BOSERV_*` variable of the tests' own environment: a setting
/// exported in the shell that runs `cargo test` (`BOSERV_FROM`,
/// `BOSERV_ANSWERS_PER_DAY`, ...) must not change a test's outcome, so each
/// `boserv` a test starts has them all removed before the test sets its own.
pub fn boserv_variables() -> Vec<std::ffi::OsString> {
    std::env::vars_os()
        .map(|(name, _)| name)
        .filter(|name| name.to_string_lossy().starts_with("BOSERV_"))
        .collect()
}

/// `Command::new(bin)` without any `BOSERV_*` variable of the tests'
/// environment ([`boserv_variables`]).
pub fn boserv_command(bin: impl AsRef<std::ffi::OsStr>) -> std::process::Command {
    let mut cmd = std::process::Command::new(bin);
    for name in boserv_variables() {
        cmd.env_remove(name);
    }
    cmd
}
