//! Every refusal by mail is answered with an `… Error` mail to the sender
//! and changes nothing else: the game tables are the same before and after
//! (the inbox keeps the message, the outbox the answer), and a Subject
//! crafted to inject a header never produces one.

use crate::util::Env;

/// Every row of every table but the mail tables (inbox, inbox_steps,
/// outbox, senders, and reply_tokens: an error about a board of the
/// sender's carries a reply token of its own).
fn game_state(env: &Env) -> String {
    env.dump()
        .lines()
        .filter(|l| {
            // inbox and inbox_steps
            !["inbox", "outbox: ", "senders: ", "reply_tokens: "]
                .iter()
                .any(|table| l.starts_with(table))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Subject and body of the newest outbox row.
fn last_answer(env: &Env) -> (String, String, String) {
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.query_row(
        "SELECT recipients, subject, body FROM outbox ORDER BY id DESC LIMIT 1",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .unwrap()
}

/// alice and bob, game1 (chess) with 1. e2-e4 played.
fn game() -> Env {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.challenge("chess", "alice", "bob");
    env.ok(Some("alice"), &["move", "game1", "e2-e4"]);
    env
}

fn refused(env: &Env, n: usize, subject: &str, reason: &str) {
    let before = game_state(env);
    let raw = format!(
        "From: bob@example.test\r\nMessage-ID: <r{n}@example.test>\r\nSubject: {subject}\r\n\r\nhello\r\n"
    );
    env.mail(&raw);
    assert_eq!(game_state(env), before, "`{subject}` changed the games");
    let (to, subj, body) = last_answer(env);
    assert_eq!(to, r#"["bob@example.test"]"#, "`{subject}`");
    assert!(
        subj.ends_with("Error"),
        "`{subject}` answered with `{subj}`"
    );
    assert!(
        body.contains(reason),
        "`{subject}`: no `{reason}` in\n{body}"
    );
    assert!(
        body.contains("> Subject: "),
        "the original is quoted:\n{body}"
    );
}

#[test]
fn refusals_by_mail_change_nothing_and_say_why() {
    let env = game();
    let cases = [
        (
            "chess move 1 bob wrongpw e7-e5",
            "login refused for bob: unknown userid or wrong password",
        ),
        (
            "chess move 1 mallory pw e7-e5",
            "login refused for mallory: unknown userid or wrong password",
        ),
        ("chess move 99 bob secret e7-e5", "no such game: game99"),
        (
            "chess move 1 carol secret e7-e5",
            "carol is not playing game1",
        ),
        ("chess move 1 bob secret e7-e5#3", "#3"),
        ("chess move 1 bob secret e7-e4", "e7-e4"),
        (
            "bochess move 1 bob secret e7-e5",
            "game1 is a game of chess, not bochess",
        ),
    ];
    for (n, (subject, reason)) in cases.iter().enumerate() {
        refused(&env, n, subject, reason);
    }
    // Not your turn: alice tries again.
    let before = game_state(&env);
    env.mail(
        "From: alice@example.test\r\nMessage-ID: <t1@example.test>\r\n\
         Subject: chess move 1 alice secret d2-d4\r\n\r\n",
    );
    assert_eq!(game_state(&env), before);
    assert!(last_answer(&env).2.contains("it is bob's turn"));
}

#[test]
fn a_finished_game_and_a_repeated_message_are_refused() {
    let env = game();
    env.ok(Some("bob"), &["move", "game1", "e7-e5"]);
    env.ok(Some("alice"), &["move", "game1", "d2-d4"]);
    env.ok(Some("bob"), &["resign", "game1"]);
    refused(&env, 1, "chess move 1 bob secret d7-d5", "game1 is over");

    // The same Message-ID twice: the second copy is kept, never run.
    let raw = "From: bob@example.test\r\nMessage-ID: <same@example.test>\r\n\
               Subject: signup bobby secret2 bobby@example.test\r\n\r\n";
    env.mail(raw);
    let before = env
        .dump()
        .lines()
        .filter(|l| !l.starts_with("inbox"))
        .count();
    env.mail(raw);
    let after: Vec<String> = env.dump().lines().map(str::to_string).collect();
    assert_eq!(
        after.iter().filter(|l| !l.starts_with("inbox")).count(),
        before,
        "a duplicate runs nothing and sends nothing"
    );
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    let copies: Vec<String> = conn
        .prepare("SELECT status FROM inbox WHERE message_id = 'same@example.test' ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(copies, ["handled", "duplicate"], "both copies are kept");
}

#[test]
fn a_subject_cannot_inject_a_header() {
    let env = game();
    // "chess show 1\r\nBcc: victim@example.com", RFC 2047-encoded.
    let raw = "From: bob@example.test\r\nMessage-ID: <inj@example.test>\r\n\
               Subject: =?utf-8?b?Y2hlc3Mgc2hvdyAxDQpCY2M6IHZpY3RpbUBleGFtcGxlLmNvbQ==?=\r\n\r\n";
    env.mail(raw);
    let dir = tempfile::tempdir().unwrap();
    let transport = format!("file:{}", dir.path().display());
    let out = env.stdin(&["deliver", "--transport", &transport], b"");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut sent = 0;
    for file in std::fs::read_dir(dir.path()).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let headers = text.split("\r\n\r\n").next().unwrap();
        assert!(
            !headers
                .lines()
                .any(|l| l.to_ascii_lowercase().starts_with("bcc:")),
            "an injected header:\n{headers}"
        );
        assert!(!headers.contains("victim@example.com"), "{headers}");
        sent += 1;
    }
    assert!(sent >= 1, "the sender is still answered");
}

/// Nobody starts games for others by mail: From: proves nothing, so the
/// challenger logs in (`--login=USERID:PASSWORD`) and is one of the players.
#[test]
fn a_challenge_by_mail_comes_from_a_player() {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    let before = game_state(&env);
    env.mail(
        "From: carol@example.test\r\nMessage-ID: <ch1@example.test>\r\n\
         Subject: chess challenge alice bob\r\n\r\n",
    );
    assert_eq!(game_state(&env), before, "no game was started");
    let (to, subject, body) = last_answer(&env);
    assert_eq!(to, r#"["carol@example.test"]"#);
    assert!(subject.ends_with("Error"), "{subject}");
    assert!(
        body.contains("a challenge by mail needs the challenger's login"),
        "{body}"
    );
    env.mail(
        "From: carol@example.test\r\nMessage-ID: <ch2@example.test>\r\n\
         Subject: chess challenge alice bob --login=carol:secret\r\n\r\n",
    );
    assert_eq!(game_state(&env), before, "carol does not play");
    assert!(
        last_answer(&env)
            .2
            .contains("carol must be one of the players")
    );
    env.mail(
        "From: Bob <BOB@example.test>\r\nMessage-ID: <ch3@example.test>\r\n\
         Subject: chess challenge alice bob --login=bob:secret\r\n\r\n",
    );
    assert_eq!(
        env.json("game1")["players"],
        serde_json::json!(["alice", "bob"])
    );
}
