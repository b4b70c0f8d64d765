//! Exactly once, whatever happens: a message whose handling was cut short
//! (here by a trigger that makes one write fail, as a busy database, a
//! full disk or a kill would) is resumed by the MTA's retry, at the first
//! command not yet done; a message without a Message-ID is still run
//! once; copies of one message delivered at once never fail.

use std::io::Write;
use std::process::Stdio;

use crate::util::{Env, NOW, SERVER};

fn setup() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("chess", "alice", "bob");
    env
}

fn sql<T: rusqlite::types::FromSql>(env: &Env, query: &str) -> T {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.query_row(query, [], |r| r.get(0)).unwrap()
}

fn exec(env: &Env, statements: &str) {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute_batch(statements).unwrap();
}

fn mail(env: &Env, raw: &str) -> Option<i32> {
    let out = env.stdin(&["mail"], raw.as_bytes());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    out.status.code()
}

/// Makes every board turn of game `game` fail to be written, as a crash
/// between the claim and the commit would.
fn break_game(env: &Env, game: u32) {
    exec(
        env,
        &format!(
            "CREATE TRIGGER broken BEFORE INSERT ON turns WHEN NEW.game = {game}
             BEGIN SELECT RAISE(ABORT, 'the process died here'); END;"
        ),
    );
}

fn mend(env: &Env) {
    exec(env, "DROP TRIGGER broken");
}

#[test]
fn a_mail_cut_short_after_its_claim_is_applied_on_the_retry() {
    let env = setup();
    let raw = "From: alice@example.test\r\nMessage-ID: <crash1@example.org>\r\n\
               Subject: chess move 1 alice secret e2-e4\r\n\r\n";
    break_game(&env, 1);
    assert_eq!(mail(&env, raw), Some(75), "not handled: the MTA must retry");
    mend(&env);
    assert_eq!(mail(&env, raw), Some(0));
    assert_eq!(
        sql::<i64>(&env, "SELECT count(*) FROM turns"),
        1,
        "the retry made the move"
    );
    assert_eq!(mail(&env, raw), Some(0));
    assert_eq!(
        sql::<i64>(&env, "SELECT count(*) FROM turns"),
        1,
        "and only once"
    );
    assert_eq!(
        sql::<String>(
            &env,
            "SELECT group_concat(status) FROM (SELECT status FROM inbox ORDER BY id)"
        ),
        "handled,duplicate"
    );
    let errors: i64 = sql(
        &env,
        "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'",
    );
    assert_eq!(errors, 0);
}

#[test]
fn a_multiple_letter_cut_short_after_its_second_command_resumes_at_its_third() {
    let env = setup();
    env.challenge("chess", "alice", "bob");
    env.challenge("chess", "alice", "bob");
    let raw = "From: alice@example.test\r\nMessage-ID: <three@example.org>\r\n\
               Subject: multiple\r\n\r\n\
               chess move 1 alice secret e2-e4\r\n\
               chess move 2 alice secret d2-d4\r\n\
               chess move 3 alice secret c2-c4\r\n\
               chess show 1\r\n";
    break_game(&env, 3);
    assert_eq!(mail(&env, raw), Some(75));
    assert_eq!(
        sql::<i64>(&env, "SELECT count(*) FROM turns"),
        2,
        "two commands done"
    );
    mend(&env);
    assert_eq!(mail(&env, raw), Some(0));
    let per_game: String = sql(
        &env,
        "SELECT group_concat(game || ':' || text, ' ') FROM (SELECT game, text FROM turns ORDER BY game)",
    );
    assert_eq!(
        per_game, "1:e2-e4 2:d2-d4 3:c2-c4",
        "each command exactly once"
    );
    let errors: i64 = sql(
        &env,
        "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'",
    );
    assert_eq!(errors, 0, "no command ran twice (a second run is refused)");
    let shows: i64 = sql(
        &env,
        "SELECT count(*) FROM outbox WHERE in_reply_to = '<three@example.org>'",
    );
    assert_eq!(shows, 1, "the answer to `show` is queued once");
    assert_eq!(sql::<i64>(&env, "SELECT count(*) FROM inbox_steps"), 4);
}

#[test]
fn a_message_without_a_message_id_delivered_100_times_is_applied_once() {
    let env = setup();
    let raw = "From: alice@example.test\r\nDate: Sun, 1 Mar 2026 11:59:00 +0000\r\n\
               Subject: chess challenge alice bob --login=alice:secret\r\n\r\nA rematch?\r\n";
    for n in 0..100 {
        assert_eq!(mail(&env, raw), Some(0), "delivery {n}");
    }
    assert_eq!(
        sql::<i64>(&env, "SELECT count(*) FROM games"),
        2,
        "one new game"
    );
    let copies: i64 = sql(
        &env,
        "SELECT count(*) FROM inbox WHERE status = 'duplicate'",
    );
    assert_eq!(copies, 99);
    let stored: i64 = sql(
        &env,
        "SELECT sum(length(raw)) FROM inbox WHERE status = 'duplicate'",
    );
    assert_eq!(stored, 0, "duplicates keep no second copy of the message");
    // A different message (another Date) is another challenge.
    let other = raw.replace("11:59:00", "11:59:30");
    assert_eq!(mail(&env, &other), Some(0));
    assert_eq!(sql::<i64>(&env, "SELECT count(*) FROM games"), 3);
}

#[test]
fn concurrent_copies_of_a_refused_message_never_exit_75() {
    let env = setup();
    // A long letter with no command: refused as a whole, answered with it
    // quoted (which takes a moment: copies overlap).
    let body: String = (1..=300)
        .map(|n| format!("line {n} of a long letter with no command in it\r\n"))
        .collect();
    let bin = assert_cmd::cargo::cargo_bin!("boserv");
    for round in 0..3 {
        let raw = format!(
            "From: alice@example.test\r\nMessage-ID: <refused{round}@example.org>\r\n\
             Subject: Re:\r\n\r\n{body}"
        );
        let children: Vec<_> = (0..32)
            .map(|_| {
                let mut child = crate::util::boserv_command(bin)
                    .arg("mail")
                    .env("BOSERV_DB", &env.db)
                    .env("BOSERV_CONFIG", "")
                    .env("BOSERV_NOW", NOW)
                    .env("BOSERV_FROM", SERVER)
                    .env_remove("BOSERV_BUSY_TIMEOUT_MS")
                    .stdin(Stdio::piped())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap();
                let mut stdin = child.stdin.take().unwrap();
                stdin.write_all(raw.as_bytes()).unwrap();
                drop(stdin);
                child
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let answers: i64 = sql(
        &env,
        "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'",
    );
    assert_eq!(answers, 3, "one answer per message");
    let rows: i64 = sql(&env, "SELECT count(*) FROM inbox WHERE status = 'refused'");
    assert_eq!(rows, 3, "one refused row per message, the rest duplicates");
}

#[test]
fn a_message_over_the_size_limit_is_refused_short_and_stored_truncated() {
    let env = setup();
    let mut raw = "From: alice@example.test\r\nMessage-ID: <big@example.org>\r\n\
                   Subject: chess move 1 alice secret e2-e4\r\n\r\n"
        .to_string();
    raw.push_str(&"a long comment line\r\n".repeat(4000)); // 84 KB
    let out = env
        .cmd(None)
        .arg("mail")
        .env("BOSERV_FROM", SERVER)
        .env("BOSERV_MAX_MESSAGE_SIZE", "64K")
        .write_stdin(raw.clone().into_bytes())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(sql::<i64>(&env, "SELECT count(*) FROM turns"), 0, "not run");
    let (kept, size): (i64, i64) = {
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        conn.query_row("SELECT length(raw), size FROM inbox", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap()
    };
    assert_eq!(size, raw.len() as i64);
    assert!(kept <= 16 * 1024, "stored truncated: {kept} bytes");
    let body: String = sql(&env, "SELECT body FROM outbox WHERE subject LIKE '%Error%'");
    assert!(body.contains("the limit is 65536 bytes"), "{body}");
    assert!(body.len() < 2000, "a short answer: {} bytes", body.len());
    // Delivered again, it is a duplicate: no second answer.
    env.cmd(None)
        .arg("mail")
        .env("BOSERV_FROM", SERVER)
        .env("BOSERV_MAX_MESSAGE_SIZE", "64K")
        .write_stdin(raw.into_bytes())
        .assert()
        .code(0);
    let answers: i64 = sql(
        &env,
        "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'",
    );
    assert_eq!(answers, 1);
}

#[test]
fn a_5000_character_command_line_makes_no_header_line_over_998() {
    let env = setup();
    let dir = tempfile::tempdir().unwrap();
    let long_word = "x".repeat(5000);
    let long_words = "chess show 1 ".repeat(385);
    for (n, subject) in [
        format!("help {long_word}"),
        long_words,
        format!("chess show 1 {long_word}"),
        // A command that succeeds, so its answer repeats the line.
        format!("change address alice secret {long_word}@example.org"),
    ]
    .iter()
    .enumerate()
    {
        let raw = format!(
            "From: alice@example.test\r\nMessage-ID: <long{n}@example.org>\r\nSubject: {subject}\r\n\r\n"
        );
        assert_eq!(mail(&env, &raw), Some(0));
    }
    env.cmd(None)
        .args([
            "deliver",
            "--transport",
            &format!("file:{}", dir.path().display()),
        ])
        .env("BOSERV_FROM", SERVER)
        .assert()
        .success();
    let mut files = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        files += 1;
        for line in text.split("\r\n") {
            assert!(line.len() <= 998, "a line of {} characters", line.len());
        }
    }
    assert!(files >= 4, "{files} mails");
}
