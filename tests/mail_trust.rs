//! Trust at the mail edge (issue 23, items 1-5): no mail lost to a
//! missing database, no password kept from a malformed command, signups
//! that cannot flood an address, bounded work per mail, and reply tokens
//! that expire.

use crate::util::{Delivered, Env, reply_to};

/// The password of every user in these tests: distinctive, so that any
/// copy of it is found.
const PW: &str = "Zq9secretX";

/// A mail's body with its lines joined (mail is wrapped).
fn flat(body: &str) -> String {
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn count(env: &Env, sql: &str) -> i64 {
    env.query::<i64>(sql)[0]
}

/// alice and bob (password [`PW`], confirmed addresses), game1 of chess.
fn players() -> Env {
    let env = Env::new();
    for user in ["alice", "bob"] {
        env.ok(None, &["signup", user, PW, &format!("{user}@example.test")]);
    }
    env.challenge("chess", "alice", "bob");
    env
}

fn mail_code(env: &Env, raw: &str) -> (Option<i32>, String) {
    let out = env.stdin(&["mail"], raw.as_bytes());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn mail_to_a_missing_database_waits_at_the_mta_and_is_taken_once_it_is_back() {
    let env = Env::new();
    // With a password (taken in alone) and without one (the spool's way).
    let with_password = format!(
        "From: a@example.test\r\nMessage-ID: <m1@example.test>\r\n\
         Subject: signup alice {PW} a@example.test\r\n\r\n"
    );
    let spooled = "From: b@example.test\r\nMessage-ID: <m2@example.test>\r\nSubject: help\r\n\r\n";
    for raw in [with_password.as_str(), spooled] {
        let (code, stderr) = mail_code(&env, raw);
        assert_eq!(code, Some(75), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("no database at"), "{stderr}");
        let left: Vec<_> = std::fs::read_dir(env.dir.path()).unwrap().collect();
        assert!(left.is_empty(), "mail created {left:?}");
    }
    // The database is back: the MTA's retry takes each in, once.
    env.ok(None, &["config", "set", "answers-per-day", "30"]);
    for raw in [
        with_password.as_str(),
        spooled,
        with_password.as_str(),
        spooled,
    ] {
        let (code, stderr) = mail_code(&env, raw);
        assert_eq!(code, Some(0), "{stderr}");
    }
    assert_eq!(
        count(&env, "SELECT count(*) FROM inbox WHERE status = 'handled'"),
        2
    );
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE status = 'duplicate'"
        ),
        2
    );
    assert_eq!(count(&env, "SELECT count(*) FROM players"), 1);
    // A database that cannot be read is waited for too.
    let odd = Env::new();
    std::fs::create_dir(&odd.db).unwrap();
    let (code, stderr) = mail_code(&odd, spooled);
    assert_eq!(code, Some(75), "{stderr}");
    assert!(stderr.contains("cannot read the database"), "{stderr}");
}

/// Every Subject shape of issue 23, item 2, each mailed by alice.
const SHAPES: [&str; 6] = [
    "move 1 alice PW e2-e4",
    "chess show 1 alice PW",
    "chess history 1 alice PW",
    "chess move alice PW e2-e4",
    "chess move 1 PW e2-e4",
    "chess move 1 alice:PW e2-e4",
];

#[test]
fn no_password_is_kept_from_a_malformed_subject_or_multiple_line() {
    let env = players();
    for (n, shape) in SHAPES.iter().enumerate() {
        let subject = shape.replace("PW", PW);
        env.mail(&format!(
            "From: alice@example.test\r\nMessage-ID: <s{n}@example.test>\r\n\
             Subject: {subject}\r\n\r\nthanks\r\n"
        ));
        let dump = env.everything();
        assert!(!dump.contains(PW), "{subject}:\n{dump}");
    }
    // The same lines in a `multiple`: the userid stays, the password goes.
    let body: String = SHAPES
        .iter()
        .map(|shape| format!("{}\r\n", shape.replace("PW", PW)))
        .collect();
    env.mail(&format!(
        "From: alice@example.test\r\nMessage-ID: <mult@example.test>\r\n\
         Subject: multiple\r\n\r\n{body}"
    ));
    let dump = env.everything();
    assert!(!dump.contains(PW), "{dump}");
    let raw: Vec<Vec<u8>> =
        env.query("SELECT raw FROM inbox WHERE message_id = 'mult@example.test'");
    let raw = String::from_utf8_lossy(&raw[0]).into_owned();
    assert!(raw.contains("move 1 alice ***"), "{raw}");
    // The answers were mailed, masked.
    assert!(
        env.queued()
            .iter()
            .any(|(to, _, body)| to.contains("alice@") && body.contains("***"))
    );
}

#[test]
fn a_multiple_past_the_bound_is_refused_whole_in_one_line() {
    let env = players();
    for (n, lines) in [5_000usize, 87_000].into_iter().enumerate() {
        let before = env.queued().len();
        let body = "x\n".repeat(lines);
        let started = std::time::Instant::now();
        env.mail(&format!(
            "From: bob@example.test\r\nMessage-ID: <big{n}@example.test>\r\n\
             Subject: multiple\r\n\r\n{body}"
        ));
        eprintln!("{lines} lines: {:?}", started.elapsed());
        let row: i64 = env.query(&format!(
            "SELECT id FROM inbox WHERE message_id = 'big{n}@example.test'"
        ))[0];
        // One step, one answer, nothing per line.
        assert_eq!(
            count(
                &env,
                &format!("SELECT count(*) FROM inbox_steps WHERE inbox = {row}")
            ),
            1
        );
        let stored = count(
            &env,
            &format!("SELECT sum(length(answer_body)) FROM inbox_steps WHERE inbox = {row}"),
        );
        assert!(stored < 8 * 1024, "{stored} bytes of answer stored");
        let queued = env.queued();
        assert_eq!(queued.len(), before + 1);
        let first = flat(queued.last().unwrap().2.split("\n\n").next().unwrap());
        assert!(
            first.contains(&format!("holds {lines} command lines"))
                && first.contains("at most 20")
                && first.contains("none of them was run"),
            "{first}"
        );
    }
}

#[test]
fn commands_per_mail_is_a_setting() {
    let env = players();
    env.ok(None, &["config", "set", "commands-per-mail", "3"]);
    let shows = |n: usize| "chess show 1\r\n".repeat(n);
    env.mail(&format!(
        "From: bob@example.test\r\nMessage-ID: <c3@example.test>\r\nSubject: multiple\r\n\r\n{}",
        shows(3)
    ));
    assert!(env.queued().last().unwrap().2.contains("3 commands"));
    env.mail(&format!(
        "From: bob@example.test\r\nMessage-ID: <c4@example.test>\r\nSubject: multiple\r\n\r\n{}",
        shows(4)
    ));
    let body = flat(&env.queued().pop().unwrap().2);
    assert!(
        body.contains("holds 4 command lines and one mail may hold at most 3"),
        "{body}"
    );
    let out = env.run(None, &["config", "set", "commands-per-mail", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("commands-per-mail"));
}

#[test]
fn one_sender_creates_at_most_signups_per_day_accounts() {
    let env = Env::new();
    env.ok(None, &["config", "set", "signups-per-day", "2"]);
    for n in 0..5 {
        env.mail(&format!(
            "From: mallory@example.org\r\nMessage-ID: <su{n}@example.org>\r\n\
             Subject: signup m{n} pw1234 v{n}@example.org\r\n\r\n"
        ));
    }
    assert_eq!(count(&env, "SELECT count(*) FROM players"), 2);
    let answer = flat(&env.queued().pop().unwrap().2);
    assert!(answer.contains("signups-per-day"), "{answer}");
    // A `multiple` of signups counts alike.
    let lines: String = (5..10)
        .map(|n| format!("signup m{n} pw1234 v{n}@example.org\r\n"))
        .collect();
    env.mail(&format!(
        "From: mallory@example.org\r\nSubject: multiple\r\n\r\n{lines}"
    ));
    assert_eq!(count(&env, "SELECT count(*) FROM players"), 2);
}

#[test]
fn signups_naming_one_victim_send_it_at_most_the_cap() {
    let env = Env::new();
    env.ok(None, &["config", "set", "answers-per-day", "30"]);
    for n in 0..20 {
        env.mail(&format!(
            "From: sender{n}@example.org\r\nMessage-ID: <v{n}@example.org>\r\n\
             Subject: signup user{n} pw1234 victim@example.org\r\n\r\n"
        ));
    }
    let to_victim = env
        .queued()
        .iter()
        .filter(|(to, _, _)| to.contains("victim@"))
        .count();
    assert_eq!(to_victim, 3, "confirmations-per-day");
    assert_eq!(count(&env, "SELECT count(*) FROM players"), 3);
    // Those were answers to the victim too: with answers-per-day 4, one
    // more mail of any kind reaches it today, then nothing.
    env.ok(None, &["config", "set", "answers-per-day", "4"]);
    for n in 0..3 {
        env.mail(&format!(
            "From: victim@example.org\r\nMessage-ID: <w{n}@example.org>\r\nSubject: help\r\n\r\n"
        ));
    }
    let to_victim = env
        .queued()
        .iter()
        .filter(|(to, _, _)| to.contains("victim@"))
        .count();
    assert_eq!(to_victim, 4);
}

/// A Reply to bob's board mail `mail`, moving `turn`, sent from `from`.
fn reply(env: &Env, from: &str, mail: &Delivered, turn: &str) {
    env.mail(&reply_to(mail, turn).replace("From: bob@example.test", &format!("From: {from}")));
}

fn ply(env: &Env) -> u64 {
    env.json("game1")["ply"].as_u64().unwrap()
}

#[test]
fn a_reply_token_is_good_for_the_latest_two_board_mails_only() {
    let env = players();
    let mv = |user: &str, turn: &str| {
        env.ok(Some(user), &["move", "game1", turn]);
    };
    mv("alice", "e2-e4");
    let first = env.token_mail("bob"); // ply 1
    mv("bob", "e7-e5");
    let second = env.token_mail("bob"); // ply 2
    mv("alice", "g1-f3");
    // ply 3: bob's board mails of plies 3 and 2 speak for him, not 1.
    reply(&env, "bob@example.test", &first, "b8-c6");
    assert_eq!(ply(&env), 3);
    let (to, _, body) = env.queued().pop().unwrap();
    assert!(to.contains("bob@"));
    let body = flat(&body);
    assert!(
        body.contains("older board mail") && body.contains("reply to your latest board mail"),
        "{body}"
    );
    reply(&env, "bob@example.test", &second, "b8-c6");
    assert_eq!(ply(&env), 4, "the previous board mail's token still moves");
    // A setting keeps more.
    let env2 = players();
    env2.ok(None, &["config", "set", "reply-token-mails", "3"]);
    env2.ok(Some("alice"), &["move", "game1", "e2-e4"]);
    let first = env2.token_mail("bob");
    env2.ok(Some("bob"), &["move", "game1", "e7-e5"]);
    env2.ok(Some("alice"), &["move", "game1", "g1-f3"]);
    reply(&env2, "bob@example.test", &first, "b8-c6");
    assert_eq!(ply(&env2), 4);
}

#[test]
fn a_token_reply_from_an_unconfirmed_address_is_not_answered() {
    let env = players();
    env.ok(Some("alice"), &["move", "game1", "e2-e4"]);
    let board = env.token_mail("bob");
    let before = env.queued().len();
    reply(&env, "mallory@example.test", &board, "e7-e5");
    reply(&env, "mallory@example.test", &board, "");
    let token = board.reply_to().unwrap();
    let forged = reply_to(&board, "e7-e5")
        .replace("From: bob@example.test", "From: mallory@example.test")
        .replace(
            &token,
            "bochess+0123456789abcdef0123456789abcdef@example.net",
        );
    env.mail(&forged);
    assert_eq!(ply(&env), 1);
    assert_eq!(env.queued().len(), before, "nothing mailed to mallory");
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE sender = 'mallory@example.test'"
        ),
        3
    );
}
