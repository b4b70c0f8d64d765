//! The computer player's thinking never holds a mail (issue 47): `boserv
//! mail` returns without thinking, the bot's turn waits in its queue, and
//! its worker (`bot-turns`, started detached by `mail`) plays it once,
//! with the player's board in the one mail of the answer.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::bot_play::{BOT, bot_game, movers};
use crate::util::{Env, NOW, SERVER, reply_to};

fn mails_to_alice(env: &Env) -> usize {
    env.queued()
        .iter()
        .filter(|(to, _, _)| to.contains("alice@"))
        .count()
}

/// `boserv mail` as the MTA runs it, without working the queue after.
fn mail_alone(env: &Env, raw: &str, worker: &str) -> Duration {
    let started = Instant::now();
    let out = env
        .cmd(None)
        .arg("mail")
        .env("BOSERV_BOT_AFTER_MAIL", worker)
        .write_stdin(raw.as_bytes().to_vec())
        .output()
        .unwrap();
    let took = started.elapsed();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

#[test]
fn the_mail_returns_at_once_and_the_level_5_answer_follows_from_the_queue() {
    let env = bot_game(5);
    let board = env.token_mail("alice");
    let before = mails_to_alice(&env);
    let mail_took = mail_alone(&env, &reply_to(&board, "e2-e4"), "queue");
    // The mail committed alice's move and thought nothing: no answer yet,
    // and no mail for her move (her board comes with the answer).
    assert_eq!(movers(&env), vec!["alice"]);
    assert_eq!(mails_to_alice(&env), before);
    assert_eq!(env.query::<i64>("SELECT count(*) FROM bot_queue"), vec![1]);
    // The worker thinks (level 5: on the clock, all of its 4.5 s) and
    // plays.
    let started = Instant::now();
    let out = env.cmd(None).arg("bot-turns").output().unwrap();
    let bot_took = started.elapsed();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("bot-turns: 1 played"), "{said}");
    assert_eq!(movers(&env), vec!["alice", BOT]);
    assert!(
        bot_took >= Duration::from_secs(2),
        "level 5 thought {bot_took:?}"
    );
    assert!(
        mail_took * 2 < bot_took,
        "the mail took {mail_took:?}, the bot's turn {bot_took:?}"
    );
    // One mail for the event: alice's board with both moves.
    assert_eq!(mails_to_alice(&env), before + 1);
    let (subject, body) = env.last_mail_to("alice@example.test");
    assert_eq!(subject, "Chess Board 1 alice");
    assert!(body.contains("boserv-bot played"), "{body}");
    assert!(body.contains("level 5"), "the bot's level in: {body}");
    // The queue is worked off: the next worker finds nothing.
    let out = env.cmd(None).arg("bot-turns").output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("bot-turns: 0 played"), "{said}");
    assert_eq!(movers(&env), vec!["alice", BOT]);
}

#[test]
fn the_mail_starts_a_detached_worker_that_answers_and_sends_within_seconds() {
    let env = bot_game(1);
    let board = env.token_mail("alice");
    let sent = env.dir.path().join("sent");
    std::fs::create_dir_all(&sent).unwrap();
    let started = Instant::now();
    let out = env
        .cmd(None)
        .args(["mail", "--deliver", "--transport"])
        .arg(format!("file:{}", sent.display()))
        .env("BOSERV_BOT_AFTER_MAIL", "detach")
        .write_stdin(reply_to(&board, "e2-e4").into_bytes())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The worker outlives the mail: the bot's answer comes, and is sent.
    while movers(&env).len() < 2 || unsent(&env.db) > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no answer from the worker: {:?}",
            movers(&env)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(movers(&env), vec!["alice", BOT]);
    let boards = env.query::<String>(
        "SELECT subject FROM outbox WHERE subject = 'Chess Board 1 alice' AND status = 'sent'",
    );
    assert!(!boards.is_empty(), "the bot's board mail was sent");
}

fn unsent(db: &Path) -> i64 {
    rusqlite::Connection::open(db)
        .unwrap()
        .query_row(
            "SELECT count(*) FROM outbox WHERE status = 'pending'",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// Workers started together (mails arriving at once): one thinks, the
/// others leave the queue to it; nobody thinks the turn a second time.
#[test]
fn workers_started_together_think_the_turn_once() {
    let env = bot_game(3);
    let board = env.token_mail("alice");
    mail_alone(&env, &reply_to(&board, "e2-e4"), "queue");
    let bin = assert_cmd::cargo::cargo_bin!("boserv");
    let workers: Vec<_> = (0..3)
        .map(|_| {
            crate::util::boserv_command(bin)
                .arg("bot-turns")
                .env("BOSERV_DB", &env.db)
                .env("BOSERV_CONFIG", "")
                .env("BOSERV_NOW", NOW)
                .env("BOSERV_FROM", SERVER)
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    let said: Vec<String> = workers
        .into_iter()
        .map(|w| String::from_utf8_lossy(&w.wait_with_output().unwrap().stdout).into_owned())
        .collect();
    let count = |what: &str| {
        said.iter()
            .map(|line| {
                line.split(',')
                    .find(|part| part.contains(what))
                    .and_then(|part| part.split_whitespace().find_map(|w| w.parse::<u32>().ok()))
                    .unwrap_or(0)
            })
            .sum::<u32>()
    };
    assert_eq!(count("played"), 1, "{said:?}");
    assert_eq!(count("found played"), 0, "a turn thought twice: {said:?}");
    assert_eq!(movers(&env), vec!["alice", BOT]);
}

/// The hourly budget: past it, the turn waits (queued, nothing lost) and
/// the worker says so; the next hour plays it.
#[test]
fn past_bot_cpu_per_hour_the_turn_waits_for_the_next_hour() {
    let env = bot_game(1);
    env.ok(None, &["config", "set", "bot-cpu-per-hour", "1"]);
    let refused = env.run(None, &["config", "set", "bot-cpu-per-hour", "0"]);
    assert!(!refused.status.success());
    let hour = &NOW[..13];
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute(
        "INSERT INTO bot_cpu (hour, seconds) VALUES (?1, 1.0)",
        [hour],
    )
    .unwrap();
    let board = env.token_mail("alice");
    mail_alone(&env, &reply_to(&board, "e2-e4"), "queue");
    let out = env.cmd(None).arg("bot-turns").output().unwrap();
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(why.contains("`bot-cpu-per-hour` is spent"), "{why}");
    assert_eq!(movers(&env), vec!["alice"]);
    let next_hour = chrono::DateTime::parse_from_rfc3339(NOW).unwrap() + chrono::Duration::hours(1);
    env.cmd(None)
        .arg("bot-turns")
        .env("BOSERV_NOW", next_hour.to_rfc3339())
        .output()
        .unwrap();
    assert_eq!(movers(&env), vec!["alice", BOT]);
}
