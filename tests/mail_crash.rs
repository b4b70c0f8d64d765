//! Crash test: `boserv mail`, shell commands, `spool` and `deliver`
//! killed with SIGKILL at random moments, several at once, every killed
//! mail handed over again as an MTA would (until it exits 0), then the
//! whole database checked: every command applied exactly once, every made
//! move has its mails and no mail exists for an unmade move, every game
//! replays to its cached position, `PRAGMA integrity_check` is ok, no
//! inbox row is left unfinished, nothing is left in the spool, and the
//! `file:` outbox holds each mail once, whole. Replies to board mails
//! carry no password, so those arriving while another `boserv mail` works
//! go through the spool (mail/spool.rs).
//!
//! The suite runs a small round (seconds). `scripts/torture.sh` runs the
//! same harness large, in release mode, through `BOSERV_TORTURE=ROUNDS`
//! (and `BOSERV_TORTURE_DIR` for where the database lives,
//! `BOSERV_TORTURE_BUSY_MS` for a short busy timeout).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use boserv::command::GameId;
use boserv::rules::VARIANTS;
use boserv::service::game::{LoadedGame, rebuild};
use boserv::store::{self, games, turns};

use crate::util::{NOW, SERVER};

/// How hard to shake.
struct Plan {
    rounds: usize,
    /// Games played at once (each round touches up to this many).
    width: usize,
    /// Percent of first runs killed.
    kill_percent: u64,
    seed: u64,
    busy_ms: Option<u64>,
}

/// What a run did and found.
#[derive(Debug, Default)]
struct Figures {
    commands: usize,
    processes: usize,
    killed: usize,
    busy_retries: usize,
    lost: usize,
    doubled: usize,
    unfinished: usize,
    integrity: String,
    games: usize,
    replayed: usize,
    mails: usize,
    deliver_runs: usize,
    deliver_killed: usize,
    files: usize,
    /// Mails that went through the spool.
    spooled: usize,
    problems: Vec<String>,
}

/// A small xorshift: a run is repeated from its seed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn percent(&mut self, p: u64) -> bool {
        self.below(100) < p
    }
}

/// One thing to run: a mail (retried by the "MTA" until it exits 0) or a
/// shell command (run again by its "user" when it did not take effect).
enum Input {
    Mail(String),
    Shell(Vec<String>),
}

struct Action {
    input: Input,
    /// A move this action makes: (game, ply, turn).
    moves: Vec<(u64, u32, String)>,
    /// The Message-ID whose `show` answer must be queued once.
    answered: Option<String>,
    /// A user this action signs up.
    signup: Option<String>,
}

struct Harness {
    dir: PathBuf,
    db: PathBuf,
    bin: PathBuf,
    dice: Dice,
    /// How long an unhurried `boserv mail` takes here.
    typical: Duration,
    figures: Figures,
    next_id: usize,
    /// A short busy timeout makes processes give up on the lock (exit
    /// 75 for mail) as a loaded server's would.
    busy_ms: Option<u64>,
}

impl Harness {
    fn command(&self) -> Command {
        let mut cmd = crate::util::boserv_command(&self.bin);
        match self.busy_ms {
            Some(ms) => cmd.env("BOSERV_BUSY_TIMEOUT_MS", ms.to_string()),
            None => cmd.env_remove("BOSERV_BUSY_TIMEOUT_MS"),
        };
        cmd.env("BOSERV_DB", &self.db)
            .env("BOSERV_CONFIG", "")
            .env("BOSERV_NOW", NOW)
            .env("BOSERV_FROM", SERVER)
            .env_remove("BOSERV_USER")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        cmd
    }

    fn spawn(&mut self, input: &Input) -> Child {
        self.figures.processes += 1;
        match input {
            Input::Mail(raw) => {
                let mut child = self
                    .command()
                    .arg("mail")
                    .stdin(Stdio::piped())
                    .spawn()
                    .unwrap();
                // A process killed before reading leaves the pipe closed.
                let _ = child.stdin.take().unwrap().write_all(raw.as_bytes());
                child
            }
            Input::Shell(args) => self.command().args(args).spawn().unwrap(),
        }
    }

    /// Runs every input at once, killing each with `kill_percent` chance
    /// at a random moment of its life; returns each exit code (`None`:
    /// killed).
    fn run_all(&mut self, inputs: &[&Input], kill_percent: u64) -> Vec<Option<i32>> {
        let started = Instant::now();
        let mut children: Vec<(Child, Option<Duration>)> = inputs
            .iter()
            .map(|input| {
                let child = self.spawn(input);
                let limit = self.typical.as_micros() as u64 * 3 / 2;
                let kill = self
                    .dice
                    .percent(kill_percent)
                    .then(|| Duration::from_micros(self.dice.below(limit)));
                (child, kill)
            })
            .collect();
        let mut codes = vec![None; children.len()];
        let mut waiting: Vec<usize> = (0..children.len()).collect();
        while !waiting.is_empty() {
            waiting.retain(|&i| {
                let (child, kill) = &mut children[i];
                if let Some(status) = child.try_wait().unwrap() {
                    codes[i] = status.code();
                    return false;
                }
                if kill.is_some_and(|at| started.elapsed() >= at) {
                    child.kill().unwrap();
                    child.wait().unwrap();
                    self.figures.killed += 1;
                    return false;
                }
                true
            });
            std::thread::sleep(Duration::from_micros(300));
        }
        codes
    }

    fn open(&self) -> rusqlite::Connection {
        store::open(&self.db, Duration::from_secs(30)).unwrap()
    }

    fn shell(&mut self, args: &[&str]) {
        let status = self.command().args(args).status().unwrap();
        assert!(status.success(), "boserv {args:?}");
    }

    fn message_id(&mut self) -> String {
        self.next_id += 1;
        format!("torture{}@example.test", self.next_id)
    }

    /// The mover of `game` and a random legal turn, with its move number;
    /// `None` when the game is over.
    fn next_move(
        &mut self,
        conn: &rusqlite::Connection,
        game: u64,
    ) -> Option<(String, u32, String)> {
        let loaded = LoadedGame::load(conn, &VARIANTS, GameId(game)).ok()?;
        if loaded.ensure_active().is_err() {
            return None;
        }
        let seat = loaded.position.to_move()?;
        let legal = loaded.position.legal_turns(None);
        if legal.is_empty() {
            return None;
        }
        let turn = legal[self.dice.below(legal.len() as u64) as usize].clone();
        Some((loaded.player_at(seat), loaded.row.ply + 1, turn))
    }

    /// A round: up to `width` games, one action each, run at once.
    fn round(&mut self, plan: &Plan, games: &[u64], round: usize) -> Vec<Action> {
        let conn = self.open();
        let mut actions = Vec::new();
        let start = self.dice.below(games.len() as u64) as usize;
        for k in 0..plan.width.min(games.len()) {
            let game = games[(start + k) % games.len()];
            let Some((mover, ply, turn)) = self.next_move(&conn, game) else {
                continue;
            };
            let id = self.message_id();
            let command = format!("chess move {game} {mover} secret {turn}#{ply}");
            let token: Option<String> = conn
                .query_row(
                    "SELECT reply_to FROM outbox WHERE game_id = ?1 AND recipients LIKE ?2
                     AND reply_to IS NOT NULL ORDER BY id DESC LIMIT 1",
                    rusqlite::params![game as i64, format!("%\"{mover}@%")],
                    |r| r.get(0),
                )
                .ok();
            let action = match (self.dice.below(10), token) {
                // A reply to the board mail: no password, so it may be
                // spooled while another process takes mail in.
                (3..=5, Some(reply_to)) => Action {
                    input: Input::Mail(format!(
                        "From: {mover}@example.test\r\nTo: {reply_to}\r\nMessage-ID: <{id}>\r\n\
                         Subject: Re: Chess Board {game}\r\n\r\n{turn}#{ply}\r\n\r\n> round {round}\r\n"
                    )),
                    moves: vec![(game, ply, turn)],
                    answered: None,
                    signup: None,
                },
                (0..=5, _) => Action {
                    input: Input::Mail(format!(
                        "From: {mover}@example.test\r\nMessage-ID: <{id}>\r\n\
                         Subject: {command}\r\n\r\nround {round}\r\n"
                    )),
                    moves: vec![(game, ply, turn)],
                    answered: None,
                    signup: None,
                },
                (6..=7, _) => Action {
                    input: Input::Mail(format!(
                        "From: {mover}@example.test\r\nMessage-ID: <{id}>\r\n\
                         Subject: multiple\r\n\r\n{command}\r\nchess show {game}\r\n"
                    )),
                    moves: vec![(game, ply, turn)],
                    answered: Some(format!("<{id}>")),
                    signup: None,
                },
                (_, _) => Action {
                    input: Input::Shell(vec![
                        "--as".into(),
                        mover,
                        "move".into(),
                        format!("game{game}"),
                        format!("{turn}#{ply}"),
                    ]),
                    moves: vec![(game, ply, turn)],
                    answered: None,
                    signup: None,
                },
            };
            actions.push(action);
        }
        if self.dice.percent(40) {
            // A signup by mail, without a Message-ID: known by its digest.
            let user = format!("new{}", self.next_id);
            self.next_id += 1;
            actions.push(Action {
                input: Input::Mail(format!(
                    "From: {user}@example.test\r\nDate: {round} March 2026\r\n\
                     Subject: signup {user} secret\r\n\r\n"
                )),
                moves: vec![],
                answered: None,
                signup: Some(user),
            });
        }
        actions
    }

    /// Runs the actions of a round to the end, as MTA and users would.
    fn settle(&mut self, plan: &Plan, actions: &[Action]) {
        let inputs: Vec<&Input> = actions.iter().map(|a| &a.input).collect();
        let mut codes = self.run_all(&inputs, plan.kill_percent);
        self.figures.commands += actions.iter().map(|a| a.moves.len().max(1)).sum::<usize>();
        for attempt in 0.. {
            let conn = self.open();
            let again: Vec<usize> = (0..actions.len())
                .filter(|&i| match &actions[i].input {
                    // The MTA retries until it hears 0.
                    Input::Mail(_) => codes[i] != Some(0),
                    // A user whose command did not take retries it.
                    Input::Shell(_) => actions[i].moves.iter().any(|(game, ply, _)| {
                        games::find(&conn, GameId(*game)).unwrap().unwrap().ply < *ply
                    }),
                })
                .collect();
            drop(conn);
            if again.is_empty() {
                break;
            }
            self.figures.busy_retries += again.iter().filter(|&&i| codes[i] == Some(75)).count();
            assert!(attempt < 200, "a message never got through");
            let inputs: Vec<&Input> = again.iter().map(|&i| &actions[i].input).collect();
            // Retries are killed too, less often.
            let retried = self.run_all(&inputs, plan.kill_percent / 3);
            for (&i, code) in again.iter().zip(retried) {
                codes[i] = code;
            }
        }
        // Now and then the MTA delivers a finished message once more.
        let doubles: Vec<&Input> = actions
            .iter()
            .filter(|a| matches!(a.input, Input::Mail(_)))
            .map(|a| &a.input)
            .filter(|_| self.dice.percent(10))
            .collect();
        for code in self.run_all(&doubles, 0) {
            assert_eq!(code, Some(0), "a second delivery of a finished message");
        }
        // A reply spooled while another process held the drain lock, whose
        // holder was then killed, waits for the next mail or the
        // operator's cron: here `boserv spool`, killed too, until it is
        // done (the next round's moves are worked out from the database).
        let spool = Input::Shell(vec!["spool".into()]);
        for attempt in 0.. {
            assert!(attempt < 200, "the spool never emptied");
            if self.run_all(&[&spool], plan.kill_percent / 3) == [Some(0)] {
                break;
            }
        }
    }

    /// Drains the outbox into `file:` with `deliver` runs, two at once,
    /// killed at random; then once unhurried, after their leases ran out.
    fn deliver(&mut self, out: &Path) {
        let transport = format!("file:{}", out.display());
        let args = vec![
            "deliver".to_string(),
            "--transport".into(),
            transport.clone(),
        ];
        for _ in 0..6 {
            let both = [&Input::Shell(args.clone()), &Input::Shell(args.clone())];
            let before = self.figures.killed;
            self.run_all(&both, 70);
            self.figures.deliver_runs += 2;
            self.figures.deliver_killed += self.figures.killed - before;
        }
        let later = "2026-03-01T13:00:00Z";
        let status = self
            .command()
            .args(["deliver", "--transport", &transport])
            .env("BOSERV_NOW", later)
            .status()
            .unwrap();
        assert!(status.success());
        self.figures.deliver_runs += 1;
    }

    /// Checks the database against what was run.
    fn check(&mut self, actions: &[Action], out: &Path) {
        let conn = self.open();
        let f = &mut self.figures;
        // Every move exactly once, in its place.
        let mut expected: BTreeMap<(u64, u32), String> = BTreeMap::new();
        for action in actions {
            for (game, ply, turn) in &action.moves {
                expected.insert((*game, *ply), turn.clone());
            }
        }
        let mut made: BTreeMap<(u64, u32), Vec<String>> = BTreeMap::new();
        let mut q = conn
            .prepare("SELECT game, ply, text FROM turns WHERE kind = 'turn'")
            .unwrap();
        for row in q
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)? as u64,
                    r.get::<_, u32>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .unwrap()
        {
            let (game, ply, text) = row.unwrap();
            made.entry((game, ply)).or_default().push(text);
        }
        for (key, turn) in &expected {
            match made.get(key).map(Vec::as_slice) {
                Some([one]) if one == turn => {}
                Some([]) | None => {
                    f.lost += 1;
                    f.problems.push(format!("lost: {key:?} {turn}"));
                }
                Some(other) => {
                    f.doubled += 1;
                    f.problems
                        .push(format!("{key:?}: {other:?}, expected {turn}"));
                }
            }
        }
        for (key, turns) in &made {
            if !expected.contains_key(key) {
                f.doubled += turns.len();
                f.problems
                    .push(format!("unexpected turn {key:?} {turns:?}"));
            }
        }
        // Each signup once, its address asked to confirm once (a signup by
        // mail is answered by the confirmation mail alone); each `show`
        // answered once.
        let count =
            |sql: &str, param: &str| -> i64 { conn.query_row(sql, [param], |r| r.get(0)).unwrap() };
        let mut once = |what: String, n: i64| match n {
            1 => {}
            0 => {
                f.lost += 1;
                f.problems.push(format!("{what}: none"));
            }
            _ => {
                f.doubled += 1;
                f.problems.push(format!("{what}: {n}"));
            }
        };
        for action in actions {
            if let Some(user) = &action.signup {
                let asked =
                    "SELECT count(*) FROM outbox WHERE subject LIKE 'confirm ' || ?1 || ' %'";
                once(format!("confirmation of {user}"), count(asked, user));
                let rows = "SELECT count(*) FROM players WHERE userid = ?1";
                once(format!("account {user}"), count(rows, user));
            }
            if let Some(id) = &action.answered {
                let answers = "SELECT count(*) FROM outbox WHERE in_reply_to = ?1";
                once(format!("answer to {id}"), count(answers, id));
            }
        }
        // Every command was valid once: an error mail means one ran twice.
        let errors = scalar(
            &conn,
            "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'",
        );
        if errors > 0 {
            f.doubled += errors as usize;
            f.problems.push(format!("{errors} error mails"));
        }
        // Every made move has its board mails; no mail for an unmade move.
        let mut mailed: BTreeMap<(u64, u32), usize> = BTreeMap::new();
        let mut q = conn
            .prepare("SELECT game_id, message_id FROM outbox WHERE game_id IS NOT NULL")
            .unwrap();
        for row in q
            .query_map([], |r| {
                Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?))
            })
            .unwrap()
        {
            let (game, id) = row.unwrap();
            let ply: u32 = id
                .split('.')
                .find_map(|part| part.strip_prefix("ply"))
                .and_then(|n| n.parse().ok())
                .unwrap_or(u32::MAX);
            *mailed.entry((game, ply)).or_default() += 1;
        }
        for key in made.keys() {
            if mailed.get(key).copied().unwrap_or(0) < 2 {
                f.lost += 1;
                f.problems
                    .push(format!("move {key:?} has no mail for both players"));
            }
        }
        for (game, ply) in mailed.keys() {
            if *ply != 0 && !made.contains_key(&(*game, *ply)) {
                f.doubled += 1;
                f.problems
                    .push(format!("a mail for the unmade move {game}.{ply}"));
            }
        }
        // Nothing left in the spool, and no reply token in it in clear.
        let spool_path = boserv::mail::spool::beside(&self.db, ".spool");
        if spool_path.exists() {
            let spool = rusqlite::Connection::open(&spool_path).unwrap();
            let left = scalar(&spool, "SELECT count(*) FROM spool WHERE taken_at IS NULL");
            if left > 0 {
                f.lost += left as usize;
                f.problems.push(format!("{left} mails left in the spool"));
            }
            f.spooled = scalar(
                &spool,
                "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'spool'",
            ) as usize;
        }
        // Replays, integrity, unfinished mail.
        for row in games::list(&conn, &[], true).unwrap() {
            f.games += 1;
            let game = LoadedGame::load(&conn, &VARIANTS, row.id).unwrap();
            let log = turns::log(&conn, row.id).unwrap();
            match rebuild(game.variant, &row.options, &log) {
                Ok(replayed) if replayed.encode() == row.position => f.replayed += 1,
                _ => f.problems.push(format!("{} does not replay", row.id)),
            }
        }
        f.integrity = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        f.unfinished = scalar(
            &conn,
            "SELECT count(*) FROM inbox WHERE status = 'received'",
        ) as usize;
        // The outbox, delivered: each row one whole file, nothing else.
        let rows: BTreeSet<String> = conn
            .prepare("SELECT message_id FROM outbox")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        f.mails = rows.len();
        let pending = scalar(&conn, "SELECT count(*) FROM outbox WHERE status <> 'sent'");
        if pending > 0 {
            f.problems.push(format!("{pending} mails not sent"));
        }
        let mut in_files = BTreeSet::new();
        for entry in std::fs::read_dir(out).unwrap() {
            let path = entry.unwrap().path();
            f.files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            let id = text
                .lines()
                .find_map(|l| l.strip_prefix("Message-ID: "))
                .map(str::to_string);
            match id {
                Some(id) if text.ends_with('\n') && in_files.insert(id.clone()) => {}
                _ => f
                    .problems
                    .push(format!("{}: partial or second copy", path.display())),
            }
        }
        if in_files != rows {
            f.problems
                .push(format!("{} files for {} mails", in_files.len(), rows.len()));
        }
    }
}

/// The one number a query answers.
fn scalar(conn: &rusqlite::Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// A harness on a database in `dir` with `width` games under way.
fn start(plan: &Plan, dir: &Path) -> (Harness, Vec<u64>) {
    let mut h = Harness {
        dir: dir.to_path_buf(),
        db: dir.join("boserv.db"),
        bin: assert_cmd::cargo::cargo_bin!("boserv").to_path_buf(),
        dice: Dice(plan.seed | 1),
        typical: Duration::from_millis(20),
        figures: Figures::default(),
        next_id: 0,
        busy_ms: plan.busy_ms,
    };
    let players = plan.width * 2;
    for n in 0..players {
        h.shell(&[
            "signup",
            &format!("p{n}"),
            "secret",
            &format!("p{n}@example.test"),
        ]);
    }
    let mut ids = Vec::new();
    for n in 0..plan.width {
        let (white, black) = (format!("p{}", 2 * n), format!("p{}", 2 * n + 1));
        h.shell(&["challenge", "chess", &white, &black]);
        ids.push(n as u64 + 1);
    }
    // How long an unhurried mail takes, so kills land inside its life.
    let started = Instant::now();
    h.shell(&["help"]);
    let probe = Input::Mail("From: p0@example.test\r\nSubject: help\r\n\r\n".into());
    for _ in 0..3 {
        h.run_all(&[&probe], 0);
    }
    h.typical = (started.elapsed() / 4).max(Duration::from_millis(2));
    (h, ids)
}

/// Delivers the outbox and checks everything against `actions`.
fn finish(mut h: Harness, actions: &[Action]) -> Figures {
    let out = h.dir.join("outbox");
    std::fs::create_dir_all(&out).unwrap();
    h.deliver(&out);
    h.check(actions, &out);
    h.figures
}

fn run(plan: Plan, dir: &Path) -> Figures {
    let (mut h, ids) = start(&plan, dir);
    let mut actions = Vec::new();
    for round in 0..plan.rounds {
        let batch = h.round(&plan, &ids, round);
        h.settle(&plan, &batch);
        actions.extend(batch);
    }
    finish(h, &actions)
}

/// Fills the file system holding `dir` to the last byte; returns the
/// filler to remove.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    for chunk in [65536, 4096, 1] {
        let bytes = vec![0u8; chunk];
        while file.write_all(&bytes).is_ok() {}
    }
    let _ = file.sync_all();
    path
}

fn report(figures: &Figures, seed: u64) -> String {
    format!(
        "seed {seed}: {} commands, {} processes, {} killed, {} retried after exit 75; \
         lost {}, doubled {}, unfinished {}, integrity {}, replay {}/{} games; \
         {} mails, {} deliver runs ({} killed), {} files; {} mails spooled",
        figures.commands,
        figures.processes,
        figures.killed,
        figures.busy_retries,
        figures.lost,
        figures.doubled,
        figures.unfinished,
        figures.integrity,
        figures.replayed,
        figures.games,
        figures.mails,
        figures.deliver_runs,
        figures.deliver_killed,
        figures.files,
        figures.spooled,
    )
}

#[test]
fn killed_at_random_and_retried_every_command_runs_exactly_once() {
    let rounds = std::env::var("BOSERV_TORTURE")
        .ok()
        .and_then(|n| n.parse().ok());
    let seed = std::env::var("BOSERV_TORTURE_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    // Printed so that a failure can be replayed: BOSERV_TORTURE_SEED=N.
    println!("mail_crash: seed {seed} (replay with BOSERV_TORTURE_SEED={seed})");
    let plan = Plan {
        rounds: rounds.unwrap_or(6),
        width: if rounds.is_some() { 8 } else { 4 },
        kill_percent: 60,
        seed,
        busy_ms: std::env::var("BOSERV_TORTURE_BUSY_MS")
            .ok()
            .and_then(|n| n.parse().ok()),
    };
    let scratch = tempfile::tempdir().unwrap();
    let dir = std::env::var_os("BOSERV_TORTURE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| scratch.path().to_path_buf());
    std::fs::create_dir_all(&dir).unwrap();
    let figures = run(plan, &dir);
    let line = report(&figures, seed);
    eprintln!("{line}");
    assert!(
        figures.problems.is_empty(),
        "{line}\n{:#?}",
        figures.problems
    );
    assert_eq!(
        (figures.lost, figures.doubled, figures.unfinished),
        (0, 0, 0),
        "{line}"
    );
    assert_eq!(figures.integrity, "ok");
    assert_eq!(figures.replayed, figures.games);
    assert!(figures.killed > 0, "nothing was killed: {line}");
}

/// The full disk: mails and shell commands on a file system with no byte
/// left are refused for now (mail: exit 75; shell: exit 2, "the disk is
/// full"), never a panic; once space is freed, the MTA's retries and the
/// users' reruns go through, each command once. Needs a small file system
/// of its own: `BOSERV_FULL_DISK_DIR` (as `scripts/torture.sh` sets it), or
/// else a 3 MB tmpfs the test mounts itself when it runs as root (as CI
/// does). Only a developer's run without root skips it, and never under CI.
#[test]
fn a_full_disk_loses_nothing_and_everything_resumes_once_space_is_freed() {
    let mounted = match std::env::var_os("BOSERV_FULL_DISK_DIR") {
        Some(dir) => {
            full_disk(PathBuf::from(dir));
            return;
        }
        None => SmallDisk::mount(),
    };
    match mounted {
        Some(disk) => full_disk(disk.dir.clone()),
        None if std::env::var_os("CI").is_some() => {
            panic!("CI runs as root and must run the full-disk test: no tmpfs could be mounted")
        }
        None => eprintln!("skipped: not root, and BOSERV_FULL_DISK_DIR names no small file system"),
    }
}

/// A 3 MB tmpfs mounted for one test, unmounted when dropped.
struct SmallDisk {
    dir: PathBuf,
    _parent: tempfile::TempDir,
}

impl SmallDisk {
    fn mount() -> Option<SmallDisk> {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return None;
        }
        let parent = tempfile::tempdir().ok()?;
        let dir = parent.path().join("small");
        std::fs::create_dir(&dir).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=3m", "tmpfs"])
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(SmallDisk {
            dir,
            _parent: parent,
        })
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.dir).status();
    }
}

/// The full-disk scenario on the small file system `dir`.
fn full_disk(dir: PathBuf) {
    let plan = Plan {
        rounds: 3,
        width: 4,
        kill_percent: 0,
        seed: 7,
        busy_ms: None,
    };
    let (mut h, ids) = start(&plan, &dir);
    let mut actions = Vec::new();
    let (mut refused, mut taken, mut messages) = (0, 0, BTreeSet::new());
    let mut spool_refused = 0;
    for round in 0..plan.rounds {
        let batch = h.round(&plan, &ids, round);
        // Every other round another `boserv mail` seems at work, so that a
        // reply to a board mail is spooled: on a full disk, it cannot be.
        let busy = (round % 2 == 0)
            .then(|| boserv::mail::spool::DrainLock::try_take(&h.db))
            .flatten();
        let filler = fill(&dir);
        for action in &batch {
            let mut cmd = h.command();
            let out = match &action.input {
                Input::Mail(raw) => {
                    let mut child = cmd
                        .arg("mail")
                        .stdin(Stdio::piped())
                        .stderr(Stdio::piped())
                        .spawn()
                        .unwrap();
                    child
                        .stdin
                        .take()
                        .unwrap()
                        .write_all(raw.as_bytes())
                        .unwrap();
                    child.wait_with_output().unwrap()
                }
                Input::Shell(args) => cmd.args(args).stderr(Stdio::piped()).output().unwrap(),
            };
            h.figures.processes += 1;
            let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
            assert!(!stderr.contains("panicked"), "{stderr}");
            match (&action.input, out.status.code()) {
                (_, Some(0)) => taken += 1,
                (Input::Mail(raw), Some(75)) if busy.is_some() && raw.contains("Re: Chess") => {
                    // It would have been spooled.
                    refused += 1;
                    spool_refused += 1;
                    messages.insert(stderr);
                }
                (Input::Mail(_), Some(75)) | (Input::Shell(_), Some(2)) => {
                    refused += 1;
                    messages.insert(stderr);
                }
                (_, code) => panic!("exit {code:?} on a full disk: {stderr}"),
            }
        }
        std::fs::remove_file(filler).unwrap();
        drop(busy);
        h.settle(&plan, &batch);
        actions.extend(batch);
    }
    let figures = finish(h, &actions);
    let line = report(&figures, plan.seed);
    eprintln!(
        "full disk: {refused} refused for now ({spool_refused} of them to be spooled), \
         {taken} taken in; said {messages:?}; {line}"
    );
    assert!(refused > 0, "the disk was never full");
    assert!(
        spool_refused > 0,
        "no reply met the full disk on its way to the spool"
    );
    assert!(
        messages.iter().all(|m| m.contains("the disk is full")),
        "{messages:?}"
    );
    assert!(
        figures.problems.is_empty(),
        "{line}\n{:#?}",
        figures.problems
    );
    assert_eq!(
        (figures.lost, figures.doubled, figures.unfinished),
        (0, 0, 0)
    );
    assert_eq!(figures.integrity, "ok");
}
