//! `boserv remind` over 100,000 active games in one database
//! (`cargo bench --bench remind`; over any number of games, as whole
//! processes: `scripts/bench-remind.sh GAMES`).
//!
//! The database is generated once per bench run ([`remind_db`]): chess
//! games two moves in, about 1 in 170 owed a reminder and 1 in 200 past
//! its forfeit time at [`remind_db::NOW`]. Each first-run sample works on a
//! fresh copy of that file.
//!
//! - `first_run`: the run that queues those reminders and forfeits.
//! - `nothing_due`: a rerun of the same moment: the index finds nothing.
//! - `whole_process`: the release `boserv remind` binary on a fresh copy,
//!   from exec to exit.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use rusqlite::Connection;

use boserv::rules::VARIANTS;
use boserv::service::remind::remind;
use boserv::store;

mod remind_db;
use remind_db::{NOW, now};

const GAMES: usize = 100_000;

fn main() {
    divan::main();
}

/// The generated database, made once per bench process.
fn master() -> &'static Path {
    static MASTER: OnceLock<(tempfile::TempDir, PathBuf)> = OnceLock::new();
    let (_, path) = MASTER.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("master.db");
        let started = std::time::Instant::now();
        remind_db::generate(&path, GAMES);
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
    remind(&mut conn, &VARIANTS, now(), &mut |_, _| {}).unwrap()
}

#[divan::bench(sample_count = 5)]
fn first_run(bencher: divan::Bencher) {
    bencher
        .with_inputs(fresh)
        .bench_local_values(|(dir, path)| {
            let summary = run(&path);
            assert!(summary.games < GAMES / 50, "{summary}");
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
