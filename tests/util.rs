//! Shared test helpers: a scratch database per test and a way to run the
//! `boserv` binary against it with a fixed clock.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::cargo_bin_cmd;
use tempfile::TempDir;

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
            .env_remove("BOSERV_USER");
        cmd.env_remove("BOSERV_BUSY_TIMEOUT_MS");
        // Dice games get their seed from the OS unless a test fixes it.
        cmd.env_remove("BOSERV_DICE_SEED");
        if let Some(user) = user {
            cmd.args(["--as", user]);
        }
        cmd
    }

    /// Runs `boserv ARGS` with `input` on stdin, as the MTA or cron would:
    /// no acting user, and the server's sender address [`SERVER`].
    pub fn stdin(&self, args: &[&str], input: &[u8]) -> Output {
        self.cmd(None)
            .args(args)
            .env("BOSERV_FROM", SERVER)
            .write_stdin(input.to_vec())
            .output()
            .unwrap()
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

    /// The Reply-To (`…+TOKEN@…`) of the newest board mail to `user`.
    pub fn reply_address(&self, user: &str) -> String {
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        conn.query_row(
            "SELECT reply_to FROM outbox WHERE recipients LIKE ?1 AND reply_to IS NOT NULL
             ORDER BY id DESC LIMIT 1",
            [format!("%{user}@%")],
            |r| r.get(0),
        )
        .unwrap_or_else(|_| panic!("no board mail with a Reply-To to {user}"))
    }

    /// `user` replies to their newest board mail (from their address,
    /// Message-ID `<ID@example.test>`) with `body`.
    pub fn reply_to_board_mail(&self, user: &str, id: &str, body: &str) {
        self.mail(&format!(
            "From: {user}@example.test\r\nTo: {}\r\nMessage-ID: <{id}@example.test>\r\n\
             Subject: Re: Chess Board\r\n\r\n{body}\r\n",
            self.reply_address(user)
        ));
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
