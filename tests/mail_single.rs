//! A message of one command is taken in with ONE transaction (claim,
//! command, its mails, the record of it, the answer, the finish): cut
//! short anywhere, it leaves nothing and the MTA's retry runs it; once
//! committed, a retry is a duplicate. Shown for replies to board mails
//! (the fast path) by failing writes at each point of that transaction,
//! and by SIGKILL at random moments with retries as an MTA makes them.

use std::time::{Duration, Instant};

use crate::util::{Env, SERVER, reply_to, with_id};

fn count(env: &Env, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

fn exec(env: &Env, sql: &str) {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute_batch(sql).unwrap();
}

/// alice and bob (confirmed by the operator), game 1 of chess.
fn game() -> Env {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.test\nsignup bob secret bob@example.test\n\
          chess challenge alice bob\n",
    );
    assert!(out.status.success());
    env
}

/// `user`'s Reply to their newest board mail, Message-ID `<ID@example.test>`.
fn reply(env: &Env, id: &str, user: &str, turn: &str) -> String {
    with_id(&reply_to(&env.token_mail(user), turn), id)
}

fn mail(env: &Env, raw: &str) -> Option<i32> {
    env.stdin(&["mail"], raw.as_bytes()).status.code()
}

/// Everything a reply can write, as (inbox rows, steps, turns, outbox rows).
fn state(env: &Env) -> [i64; 4] {
    ["inbox", "inbox_steps", "turns", "outbox"]
        .map(|t| count(env, &format!("SELECT count(*) FROM {t}")))
}

#[test]
fn a_one_command_reply_cut_short_anywhere_leaves_nothing_and_is_run_by_the_retry() {
    let env = game();
    let raw = reply(&env, "r1", "alice", "e2-e4");
    let before = state(&env);
    assert_eq!(before[..3], [0, 0, 0]);
    // Each point of the one transaction, made to fail as a kill, a busy
    // database or a full disk would: the claim, the move, the board
    // mails, the record of the step, the finish.
    let points = [
        "BEFORE INSERT ON inbox",
        "BEFORE INSERT ON turns",
        "BEFORE INSERT ON outbox",
        "BEFORE INSERT ON inbox_steps",
        "BEFORE UPDATE OF status ON inbox",
    ];
    for point in points {
        exec(
            &env,
            &format!("CREATE TRIGGER cut {point} BEGIN SELECT RAISE(ABORT, 'killed here'); END;"),
        );
        assert_eq!(mail(&env, &raw), Some(75), "{point}: the MTA must retry");
        assert_eq!(state(&env), before, "{point}: nothing stays");
        exec(&env, "DROP TRIGGER cut");
    }
    assert_eq!(mail(&env, &raw), Some(0));
    let after = state(&env);
    assert_eq!(after[..3], [1, 1, 1], "claimed, recorded and moved at once");
    assert!(after[3] > before[3], "with its board mails");
    assert_eq!(
        count(&env, "SELECT count(*) FROM inbox WHERE status = 'handled'"),
        1
    );
    // Delivered again: a duplicate, recorded bare, nothing run.
    assert_eq!(mail(&env, &raw), Some(0));
    let again = state(&env);
    assert_eq!((again[0], &again[1..]), (2, &after[1..]));
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE status = 'duplicate' AND raw = X''"
        ),
        1
    );
}

#[test]
fn one_command_replies_killed_at_random_moments_are_each_applied_exactly_once() {
    let env = game();
    let run = |raw: &str, kill_after: Option<Duration>| env.run_killed(&["mail"], raw, kill_after);
    // How long an unhurried reply takes here, so kills land inside it:
    // the probe's time, then the shortest run that ended on its own (the
    // probe, the first process on a cold cache, can take many times a
    // move's time, and kills drawn from its span would mostly land after
    // the run had ended).
    let started = Instant::now();
    assert_eq!(run(&reply(&env, "probe", "bob", "show"), None), Some(0));
    let mut typical = started.elapsed().as_micros() as u64 + 1;
    let turns = [
        "e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "f8-c5", "c2-c3", "g8-f6", "d2-d3", "d7-d6",
        "b1-d2", "a7-a6",
    ];
    let mut dice: u64 = 0x9e37_79b9_7f4a_7c15;
    let (mut killed, mut interrupted) = (0, 0);
    for (n, turn) in turns.iter().enumerate() {
        let user = if n % 2 == 0 { "alice" } else { "bob" };
        let raw = reply(&env, &format!("m{n}"), user, turn);
        // Killed at a random moment until one run ends on its own, then
        // delivered once more: the MTA does not know the first one ended.
        loop {
            dice = dice
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let at = Duration::from_micros((dice >> 33) % (typical * 3 / 2));
            let started = Instant::now();
            match run(&raw, (!dice.is_multiple_of(4)).then_some(at)) {
                None => killed += 1,
                Some(0) => {
                    typical = typical.min(started.elapsed().as_micros() as u64 + 1);
                    break;
                }
                Some(_) => interrupted += 1,
            }
        }
        assert_eq!(run(&raw, None), Some(0));
        assert_eq!(
            count(&env, "SELECT count(*) FROM turns"),
            n as i64 + 1,
            "turn {turn} applied exactly once"
        );
    }
    assert!(killed > 0, "some runs were killed");
    assert_eq!(
        interrupted, 0,
        "a kill is never reported as anything but a kill"
    );
    let messages = turns.len() as i64 + 1;
    assert_eq!(
        count(&env, "SELECT count(*) FROM inbox WHERE status = 'handled'"),
        messages
    );
    assert_eq!(
        count(&env, "SELECT count(*) FROM inbox WHERE status = 'received'"),
        0,
        "no message left unfinished"
    );
    assert_eq!(count(&env, "SELECT count(*) FROM inbox_steps"), messages);
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM outbox WHERE subject LIKE '%Error%'"
        ),
        0,
        "no turn was run twice (a second run would be refused)"
    );
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
}

#[test]
fn a_sent_confirmation_keeps_no_code_in_the_database() {
    let env = Env::new();
    let out = env.stdin(&["run"], b"signup alice secret alice@example.test\n");
    assert!(out.status.success());
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <addr1@example.test>\r\n\
         Subject: change address alice secret alice2@example.test\r\n\r\n",
    );
    let code_of = |text: &str| -> Option<String> {
        let at = text.find("confirm alice ")? + "confirm alice ".len();
        Some(text[at..].split_whitespace().next()?.to_string())
    };
    let subject: String = {
        let conn = rusqlite::Connection::open(&env.db).unwrap();
        conn.query_row(
            "SELECT subject FROM outbox WHERE recipients LIKE '%alice2@%'",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    let code = code_of(&subject).expect("a confirmation with its code");
    assert!(code.len() >= 8, "{code}");
    assert!(env.everything().contains(&code), "kept until it is sent");
    let dir = env.dir.path().join("sent");
    std::fs::create_dir_all(&dir).unwrap();
    let transport = format!("file:{}", dir.display());
    env.cmd(None)
        .env("BOSERV_FROM", SERVER)
        .args(["deliver", "--transport", &transport])
        .assert()
        .success();
    let sent: String = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .collect();
    assert!(sent.contains(&code), "the mail itself carries the code");
    assert!(
        !env.everything().contains(&code),
        "no copy of it stays behind"
    );
    // The code still confirms the address.
    env.mail(&format!(
        "From: alice2@example.test\r\nMessage-ID: <conf1@example.test>\r\n\
         Subject: confirm alice {code}\r\n\r\n"
    ));
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let confirmed: bool = conn
        .query_row(
            "SELECT confirmed FROM player_emails WHERE email = 'alice2@example.test'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(confirmed);
}
