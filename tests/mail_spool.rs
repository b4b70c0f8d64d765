//! The spool (mail/spool.rs): while one `boserv mail` takes mail in, a
//! message without a password is stored durably beside the database and
//! taken in later by that process, in order, as if it had just arrived.
//! Shown by holding the drain lock as a busy process would.

use boserv::mail::spool::{self, DrainLock};

use crate::util::{Env, SERVER};

/// alice and bob (addresses confirmed by the operator), chess games 1
/// and 2 between them.
fn games() -> Env {
    let env = Env::new();
    let out = env.stdin(
        &["run"],
        b"signup alice secret alice@example.test\nsignup bob secret bob@example.test\n\
          chess challenge alice bob\nchess challenge alice bob\n",
    );
    assert!(out.status.success());
    env
}

fn count(env: &Env, sql: &str) -> i64 {
    env.query::<i64>(sql)[0]
}

/// Runs `boserv mail`; returns its exit code and stderr.
fn mail_with(env: &Env, raw: &str, extension: Option<&str>) -> (Option<i32>, String) {
    let mut cmd = env.cmd(None);
    cmd.arg("mail").env("BOSERV_FROM", SERVER);
    match extension {
        Some(extension) => cmd.env("EXTENSION", extension),
        None => cmd.env_remove("EXTENSION"),
    };
    let out = cmd.write_stdin(raw.as_bytes().to_vec()).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `boserv ARGS` as cron would; returns its exit code and stderr.
fn boserv(env: &Env, args: &[&str]) -> (Option<i32>, String) {
    let out = env
        .cmd(None)
        .args(args)
        .env("BOSERV_FROM", SERVER)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `boserv deliver` into `file:DIR`.
fn deliver(env: &Env, dir: &std::path::Path) -> (Option<i32>, String) {
    boserv(
        env,
        &["deliver", "--transport", &format!("file:{}", dir.display())],
    )
}

fn mail(env: &Env, raw: &str) -> (Option<i32>, String) {
    mail_with(env, raw, None)
}

/// The token of a Reply-To address (`bochess+TOKEN@example.net`).
fn token_of(address: &str) -> String {
    let (user, _) = address.split_once('@').unwrap();
    user.split_once('+').unwrap().1.to_string()
}

fn reply(user: &str, to: &str, id: &str, turn: &str) -> String {
    format!(
        "From: {user}@example.test\r\nTo: {to}\r\nMessage-ID: <{id}@example.test>\r\n\
         Subject: Re: Chess Board\r\n\r\n{turn}\r\n\r\n> the board\r\n"
    )
}

/// The Reply-To of the newest board mail of game `game` to `user`.
fn reply_to_of(env: &Env, user: &str, game: i64) -> String {
    env.query::<String>(&format!(
        "SELECT reply_to FROM outbox WHERE recipients LIKE '%\"{user}@%' AND game_id = {game}
         AND reply_to IS NOT NULL ORDER BY id DESC LIMIT 1"
    ))[0]
        .clone()
}

fn spooled(env: &Env) -> i64 {
    let conn = rusqlite::Connection::open(spool::beside(&env.db, ".spool")).unwrap();
    conn.query_row(
        "SELECT count(*) FROM spool WHERE taken_at IS NULL",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn a_reply_spooled_while_another_process_works_is_taken_in_by_the_next_in_order() {
    let env = games();
    let white = env.reply_address("alice");
    let held = DrainLock::try_take(&env.db).unwrap();
    let (code, err) = mail(&env, &reply("alice", &white, "r1", "e2-e4"));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("spooled"), "{err}");
    assert_eq!(count(&env, "SELECT count(*) FROM inbox"), 0, "not yet");
    assert_eq!(spooled(&env), 1);
    // Only the token's digest is kept: the spool names no valid token.
    let spool_bytes = std::fs::read(spool::beside(&env.db, ".spool")).unwrap();
    let wal_bytes = std::fs::read(spool::beside(&env.db, ".spool-wal")).unwrap_or_default();
    let token = token_of(&white);
    for bytes in [&spool_bytes, &wal_bytes] {
        assert!(
            !bytes.windows(token.len()).any(|w| w == token.as_bytes()),
            "the token is in the spool in clear"
        );
    }
    // A second message waits behind it.
    let (code, _) = mail(
        &env,
        "From: bob@example.test\r\nMessage-ID: <h1@example.test>\r\nSubject: help\r\n\r\n",
    );
    assert_eq!(code, Some(0));
    assert_eq!(spooled(&env), 2);
    drop(held);
    // The next process takes both in, oldest first, then its own.
    let black = env.reply_address("bob");
    let (code, err) = mail(&env, &reply("bob", &black, "r2", "e7-e5"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(spooled(&env), 0);
    assert_eq!(
        env.query::<String>("SELECT message_id || ' ' || status FROM inbox ORDER BY id"),
        [
            "r1@example.test handled",
            "h1@example.test handled",
            "r2@example.test handled"
        ]
    );
    assert_eq!(
        env.query::<String>("SELECT text FROM turns ORDER BY seq"),
        ["e2-e4", "e7-e5"]
    );
    // The MTA delivers the spooled message again: a duplicate.
    let (code, _) = mail(&env, &reply("alice", &white, "r1", "e2-e4"));
    assert_eq!(code, Some(0));
    assert_eq!(count(&env, "SELECT count(*) FROM turns"), 2);
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE status = 'duplicate'"
        ),
        1
    );
}

#[test]
fn a_spooled_reply_keeps_its_own_token_not_the_one_of_the_process_that_takes_it_in() {
    // Postfix hands the plus part over as $EXTENSION; the To: header may
    // not carry it. Game 1's reply is spooled; the process that takes it
    // in came for game 2's, with another $EXTENSION.
    let env = games();
    let first = reply_to_of(&env, "alice", 1);
    let second = reply_to_of(&env, "alice", 2);
    let plain = "bochess@example.net";
    let held = DrainLock::try_take(&env.db).unwrap();
    let (code, err) = mail_with(
        &env,
        &reply("alice", plain, "g1", "d2-d4"),
        Some(&token_of(&first)),
    );
    assert_eq!((code, err.contains("spooled")), (Some(0), true), "{err}");
    drop(held);
    let (code, err) = mail_with(
        &env,
        &reply("alice", plain, "g2", "c2-c4"),
        Some(&token_of(&second)),
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        env.query::<String>("SELECT game || ':' || text FROM turns ORDER BY game"),
        ["1:d2-d4", "2:c2-c4"]
    );
}

#[test]
fn a_mail_with_a_password_is_never_spooled() {
    let env = games();
    let _held = DrainLock::try_take(&env.db).unwrap();
    let (code, err) = mail(
        &env,
        "From: alice@example.test\r\nMessage-ID: <p1@example.test>\r\n\
         Subject: chess move 1 alice secret e2-e4\r\n\r\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("spooled"), "{err}");
    assert_eq!(count(&env, "SELECT count(*) FROM turns"), 1);
    assert_eq!(spooled(&env), 0);
    let spool_bytes = std::fs::read(spool::beside(&env.db, ".spool")).unwrap_or_default();
    assert!(!String::from_utf8_lossy(&spool_bytes).contains("secret"));
}

#[test]
fn deliver_takes_in_what_a_drain_left_and_names_what_is_set_aside() {
    let env = games();
    let white = env.reply_address("alice");
    let held = DrainLock::try_take(&env.db).unwrap();
    assert_eq!(
        mail(&env, &reply("alice", &white, "d1", "e2-e4")).0,
        Some(0)
    );
    let (code, _) = mail(
        &env,
        "From: bob@example.test\r\nMessage-ID: <d2@example.test>\r\nSubject: help\r\n\r\n",
    );
    assert_eq!(code, Some(0));
    // The process that held the lock died: nobody came after it.
    drop(held);
    // The second message killed every process that took it in.
    let conn = rusqlite::Connection::open(spool::beside(&env.db, ".spool")).unwrap();
    conn.execute(
        "UPDATE spool SET tries = ?1 WHERE id = (SELECT max(id) FROM spool)",
        [spool::MAX_TRIES],
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = deliver(&env, dir.path());
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("spooled mail 2 (received") && err.contains("set aside"),
        "{err}"
    );
    assert_eq!(
        env.query::<String>("SELECT text FROM turns"),
        ["e2-e4"],
        "the first was taken in"
    );
    // `boserv spool` says what still waits.
    let out = env.cmd(None).arg("spool").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "spool: 1 waiting\n");
    // Let go (README, The spool): the next deliver takes it in.
    conn.execute("UPDATE spool SET tries = 0", []).unwrap();
    let (code, err) = deliver(&env, dir.path());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(spooled(&env), 0);
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE message_id = 'd2@example.test'"
        ),
        1
    );
}

#[test]
fn a_lower_size_limit_reaches_the_spooling_processes_at_once() {
    let env = games();
    // A first mail creates the spool.
    assert_eq!(
        mail(
            &env,
            "From: bob@example.test\r\nMessage-ID: <s0@example.test>\r\nSubject: help\r\n\r\n"
        )
        .0,
        Some(0)
    );
    let out = env
        .cmd(None)
        .args(["config", "set", "max-message-size", "1K"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let held = DrainLock::try_take(&env.db).unwrap();
    let big = format!(
        "From: bob@example.test\r\nMessage-ID: <s1@example.test>\r\nSubject: help\r\n\r\n{}\r\n",
        "x".repeat(5000)
    );
    assert_eq!(mail(&env, &big).0, Some(0));
    let conn = rusqlite::Connection::open(spool::beside(&env.db, ".spool")).unwrap();
    let (kept, truncated): (i64, bool) = conn
        .query_row("SELECT length(kept), truncated FROM spool", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(
        (kept, truncated),
        (1024, true),
        "read no further than the limit"
    );
    drop(held);
    assert_eq!(
        mail(
            &env,
            "From: bob@example.test\r\nMessage-ID: <s2@example.test>\r\nSubject: help\r\n\r\n"
        )
        .0,
        Some(0)
    );
    // Unset, the default limit is noted at once too.
    let out = env
        .cmd(None)
        .args(["config", "unset", "max-message-size"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let noted: i64 = conn
        .query_row("SELECT count(*) FROM settings", [], |r| r.get(0))
        .unwrap();
    assert_eq!(noted, 0, "no limit noted: the default applies");
    let refused = env
        .queued()
        .into_iter()
        .filter(|(to, _, body)| to.contains("bob@") && body.contains("the limit is 1024 bytes"))
        .count();
    assert_eq!(refused, 1);
}

#[test]
fn a_mail_with_a_password_takes_in_what_the_spool_holds_before_its_own() {
    let env = games();
    let white = reply_to_of(&env, "alice", 1);
    let held = DrainLock::try_take(&env.db).unwrap();
    assert_eq!(
        mail(&env, &reply("alice", &white, "w1", "e2-e4#1")).0,
        Some(0)
    );
    // The process that held the lock is gone; nobody looked again.
    drop(held);
    assert_eq!(spooled(&env), 1);
    // bob's answer to that move, with his password: it arrived later, and
    // is taken in after it.
    let (code, err) = mail(
        &env,
        "From: bob@example.test\r\nMessage-ID: <w2@example.test>\r\n\
         Subject: chess move 1 bob secret e7-e5#2\r\n\r\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(spooled(&env), 0);
    assert_eq!(
        env.query::<String>("SELECT text FROM turns WHERE game = 1 ORDER BY seq"),
        ["e2-e4", "e7-e5"]
    );
}

#[test]
fn a_move_waiting_in_the_spool_is_made_before_remind_judges_the_clock() {
    // alice must move within 21 days of the challenge. Her reply arrives
    // on day 20 and is spooled; the process at work dies before taking it
    // in. On day 21 cron runs `remind`: her move is made first, as of day
    // 20, and nobody loses on time.
    let env = games();
    let white = reply_to_of(&env, "alice", 1);
    let day = |d: i64| {
        (chrono::DateTime::parse_from_rfc3339(crate::util::NOW).unwrap()
            + chrono::Duration::days(d)
            + chrono::Duration::hours(1))
        .to_rfc3339()
    };
    let held = DrainLock::try_take(&env.db).unwrap();
    let out = env
        .cmd(None)
        .arg("mail")
        .env("BOSERV_FROM", SERVER)
        .env("BOSERV_NOW", day(20))
        .write_stdin(reply("alice", &white, "late1", "e2-e4").into_bytes())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    drop(held);
    assert_eq!(spooled(&env), 1);
    let (code, err) = boserv(&env, &["--now", &day(21), "remind"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(spooled(&env), 0);
    assert_eq!(
        env.query::<String>("SELECT text FROM turns WHERE game = 1"),
        ["e2-e4"]
    );
    assert_eq!(
        env.query::<String>("SELECT status FROM games WHERE id = 1"),
        ["active"],
        "nobody lost on time"
    );
}

/// The game database and the spool restored from replicas copied at
/// different moments (README, Backups and the replica): the spool let go
/// of a message in a batch the restored game database never committed.
/// `boserv spool` takes it in again; one the database has stays let go of.
#[test]
fn a_game_database_restored_older_than_its_spool_gets_back_what_the_spool_let_go_of() {
    let env = games();
    let white = env.reply_address("alice");
    // Bob's help is spooled and taken in (batch 1).
    let held = DrainLock::try_take(&env.db).unwrap();
    let help = "From: bob@example.test\r\nMessage-ID: <r1@example.test>\r\nSubject: help\r\n\r\n";
    assert_eq!(mail(&env, help).0, Some(0));
    drop(held);
    assert_eq!(boserv(&env, &["spool"]).0, Some(0));
    // The game database's replica is copied now...
    let dir = tempfile::tempdir().unwrap();
    let older = dir.path().join("older.db");
    let out = env
        .cmd(None)
        .args(["backup", older.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // ...the spool's later, after alice's move was spooled and taken in
    // (batch 2).
    let held = DrainLock::try_take(&env.db).unwrap();
    assert_eq!(
        mail(&env, &reply("alice", &white, "r2", "e2-e4")).0,
        Some(0)
    );
    drop(held);
    assert_eq!(boserv(&env, &["spool"]).0, Some(0));
    assert_eq!(spooled(&env), 0);
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);

    // The disk is lost; both are restored.
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(spool::beside(&env.db, suffix));
    }
    std::fs::copy(&older, &env.db).unwrap();
    assert_eq!(env.query::<i64>("SELECT count(*) FROM turns"), [0]);

    let (code, err) = boserv(&env, &["spool"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("spooled mail 2: let go of by a batch the database does not have"),
        "{err}"
    );
    assert!(!err.contains("spooled mail 1:"), "{err}");
    assert_eq!(env.query::<String>("SELECT text FROM turns"), ["e2-e4"]);
    for id in ["r1@example.test", "r2@example.test"] {
        assert_eq!(
            count(
                &env,
                &format!(
                    "SELECT count(*) FROM inbox WHERE message_id = '{id}' AND status <> 'duplicate'"
                )
            ),
            1,
            "{id} once"
        );
    }
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE status = 'duplicate'"
        ),
        0
    );
    // Nothing more to take back.
    let (code, err) = boserv(&env, &["spool"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("taken in again"), "{err}");
    // A mark past the database's count on a message the database has
    // (its batch committed, the database restored to a copy made after
    // it but counting fewer) is only corrected: nothing is taken twice.
    let spool_db = rusqlite::Connection::open(spool::beside(&env.db, ".spool")).unwrap();
    spool_db
        .execute("UPDATE spool SET taken_in = 99 WHERE id = 1", [])
        .unwrap();
    let (code, err) = boserv(&env, &["spool"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("taken in again"), "{err}");
    let marks: Vec<i64> = spool_db
        .prepare("SELECT taken_in FROM spool ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(marks, [2, 2]);
    assert_eq!(
        count(
            &env,
            "SELECT count(*) FROM inbox WHERE status = 'duplicate'"
        ),
        0
    );
}
