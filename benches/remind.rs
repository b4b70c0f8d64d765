//! `boserv remind` over 100,000 active games in one database
//! (`cargo bench --bench remind`, or `scripts/bench-remind.sh`).
//!
//! The database is generated once per bench run with direct SQL in one
//! transaction (see [`generate`]): 2,000 players, 100,000 chess games each
//! two moves in, the last move spread over the last week and an hour, so a
//! run an hour after the previous one finds about 600 reminders due; 500
//! games are past their forfeit time; 20 players are on vacation. Each
//! first-run sample works on a fresh copy of that file.
//!
//! - `first_run`: the run that queues those reminders and forfeits.
//! - `nothing_due`: a rerun of the same moment: reading every clock only.
//! - `whole_process`: the release `boserv remind` binary on a fresh copy,
//!   from exec to exit.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use rusqlite::{Connection, params};

use boserv::rules::VARIANTS;
use boserv::service::remind::remind;
use boserv::store;

const GAMES: usize = 100_000;
const PLAYERS: usize = 2_000;
const OVERDUE: usize = 500;
const AWAY: usize = 20;
const NOW: &str = "2026-06-01T12:00:00Z";

fn main() {
    divan::main();
}

fn now() -> DateTime<Utc> {
    NOW.parse().unwrap()
}

fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// splitmix64: a fixed, dependency-free spread of move times.
fn spread(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Writes the benchmark database at `path` (the real schema, through the
/// store's migrator) with direct SQL in one transaction.
fn generate(path: &Path) {
    let mut conn = store::open(path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    let chess = VARIANTS
        .iter()
        .find(|v| v.name() == "chess")
        .expect("chess is offered");
    let start = chess.start(&[]).unwrap();
    let after_e4 = start.play("e4", None).unwrap();
    let after_e5 = after_e4.position.play("e5", None).unwrap();
    let position = after_e5.position.encode();
    let created = now() - TimeDelta::days(40);
    let tx = conn.transaction().unwrap();
    {
        let mut player = tx
            .prepare(
                "INSERT INTO players (id, userid, password_hash, created) VALUES (?1, ?2, 'x', ?3)",
            )
            .unwrap();
        let mut email = tx
            .prepare("INSERT INTO player_emails (player, email) VALUES (?1, ?2)")
            .unwrap();
        for p in 1..=PLAYERS {
            player
                .execute(params![p as i64, format!("player{p}"), stamp(created)])
                .unwrap();
            email
                .execute(params![p as i64, format!("player{p}@example.test")])
                .unwrap();
        }
        let mut away = tx
            .prepare("INSERT INTO vacations (player, started) VALUES (?1, ?2)")
            .unwrap();
        for p in 0..AWAY {
            away.execute(params![
                (p * (PLAYERS / AWAY) + 1) as i64,
                stamp(now() - TimeDelta::days(3))
            ])
            .unwrap();
        }
        let mut game = tx
            .prepare(
                "INSERT INTO games (id, variant, options, status, position, ply, created, updated) \
                 VALUES (?1, 'chess', '[]', 'active', ?2, 2, ?3, ?4)",
            )
            .unwrap();
        let mut seat = tx
            .prepare("INSERT INTO seats (game, seat, player) VALUES (?1, ?2, ?3)")
            .unwrap();
        let mut turn = tx
            .prepare(
                "INSERT INTO turns (game, seq, ply, kind, seat, player, text, at) \
                 VALUES (?1, ?2, ?2, 'turn', ?3, ?4, ?5, ?6)",
            )
            .unwrap();
        let week_and_hour = (7 * 24 + 1) * 3600;
        for g in 1..=GAMES {
            let r = spread(g as u64);
            let waited = if g <= OVERDUE {
                TimeDelta::days(21) + TimeDelta::seconds((r % (4 * 86_400)) as i64)
            } else {
                TimeDelta::seconds((r % week_and_hour) as i64)
            };
            let last = now() - waited;
            let white = (r >> 20) as usize % PLAYERS + 1;
            let black = (white + 1 + (r >> 40) as usize % (PLAYERS - 1)) % PLAYERS + 1;
            let id = g as i64;
            game.execute(params![id, position, stamp(created), stamp(last)])
                .unwrap();
            seat.execute(params![id, 0, white as i64]).unwrap();
            seat.execute(params![id, 1, black as i64]).unwrap();
            turn.execute(params![id, 1, 0, white as i64, "e2-e4", stamp(created)])
                .unwrap();
            turn.execute(params![id, 2, 1, black as i64, "e7-e5", stamp(last)])
                .unwrap();
        }
    }
    tx.commit().unwrap();
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .unwrap();
}

/// The generated database, made once per bench process.
fn master() -> &'static Path {
    static MASTER: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = MASTER.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("master.db");
        let started = std::time::Instant::now();
        generate(&path);
        eprintln!(
            "generated {GAMES} games in {:.2} s",
            started.elapsed().as_secs_f64()
        );
        (dir, path)
    });
    path
}

/// A fresh copy of the generated database.
fn fresh() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boserv.db");
    std::fs::copy(master(), &path).unwrap();
    (dir, path)
}

fn run(path: &Path) -> boserv::service::remind::Summary {
    let mut conn: Connection = store::open(path, store::DEFAULT_BUSY_TIMEOUT).unwrap();
    remind(&mut conn, VARIANTS, now(), &mut |_, _| {}).unwrap()
}

#[divan::bench(sample_count = 5)]
fn first_run(bencher: divan::Bencher) {
    bencher
        .with_inputs(fresh)
        .bench_local_values(|(dir, path)| {
            let summary = run(&path);
            assert_eq!(summary.games, GAMES);
            assert!(summary.reminders > 0 && summary.forfeits > 0, "{summary}");
            drop(dir);
            summary
        });
}

#[divan::bench(sample_count = 5)]
fn nothing_due(bencher: divan::Bencher) {
    let (_dir, path) = fresh();
    eprintln!("{}", run(&path));
    bencher.bench_local(|| {
        let summary = run(&path);
        assert_eq!((summary.reminders, summary.forfeits), (0, 0), "{summary}");
        summary
    });
}

#[divan::bench(sample_count = 5)]
fn whole_process(bencher: divan::Bencher) {
    bencher
        .with_inputs(fresh)
        .bench_local_values(|(dir, path)| {
            let out = Command::new(env!("CARGO_BIN_EXE_boserv"))
                .args(["--db", path.to_str().unwrap(), "--now", NOW, "remind"])
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            drop(dir);
            out.stdout
        });
}
