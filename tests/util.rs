//! Shared test helpers: a scratch database per test and a way to run the
//! `boserv` binary against it with a fixed clock.

use std::path::PathBuf;
use std::process::Output;

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

    /// `boserv` with this database, the fixed clock and no ambient user.
    pub fn cmd(&self, user: Option<&str>) -> assert_cmd::Command {
        let mut cmd = cargo_bin_cmd!("boserv");
        cmd.env("BOSERV_DB", &self.db)
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

    /// Runs `boserv ARGS` as `user`.
    pub fn run(&self, user: Option<&str>, args: &[&str]) -> Output {
        self.cmd(user).args(args).output().unwrap()
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
    pub fn challenge(&self, variant: &str, white: &str, black: &str) -> String {
        let out = self.ok(Some(white), &["challenge", variant, white, black]);
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

    /// `show GAME --format json` as a JSON value.
    pub fn json(&self, game: &str) -> serde_json::Value {
        serde_json::from_str(&self.ok(None, &["show", game, "--format", "json"])).unwrap()
    }

    /// Every row of every table, for before/after comparisons.
    pub fn dump(&self) -> String {
        if !self.db.exists() {
            return String::new();
        }
        let conn = rusqlite::Connection::open(&self.db).unwrap();
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut out = String::new();
        for table in tables {
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

/// One position of a perft table file: name, FEN, (depth, nodes).
pub type PerftCase = (String, String, Vec<(u32, u64)>);

/// Reads a perft table (`id NAME`, `fen FEN`, `perft DEPTH NODES`, `#`
/// comments), as in tests/data/bochess/perft.txt.
pub fn perft_table(text: &str) -> Vec<PerftCase> {
    let mut out: Vec<PerftCase> = Vec::new();
    for line in text.lines().map(str::trim) {
        match line.split_once(' ') {
            Some(("id", name)) => out.push((name.to_string(), String::new(), Vec::new())),
            Some(("fen", text)) => out.last_mut().unwrap().1 = text.to_string(),
            Some(("perft", rest)) => {
                let (d, n) = rest.split_once(' ').unwrap();
                out.last_mut()
                    .unwrap()
                    .2
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => assert!(line.is_empty() || line.starts_with('#'), "bad line {line}"),
        }
    }
    out
}

/// A small seeded generator, so every run plays the same random games.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays `turn`, panicking with the refusal if it is illegal.
pub fn play(p: &dyn boserv::rules::Position, turn: &str) -> Box<dyn boserv::rules::Position> {
    p.play(turn, None)
        .unwrap_or_else(|e| panic!("{turn}: {e}"))
        .position
}

/// Plays several turns, separated by spaces.
pub fn play_all(p: &dyn boserv::rules::Position, list: &str) -> Box<dyn boserv::rules::Position> {
    list.split_whitespace()
        .fold(p.boxed_clone(), |p, t| play(p.as_ref(), t))
}

/// The refusal message for an illegal `turn`.
pub fn refusal(p: &dyn boserv::rules::Position, turn: &str) -> String {
    match p.play(turn, None) {
        Ok(played) => panic!("{turn} was accepted as {}", played.canonical),
        Err(e) => e.to_string(),
    }
}
